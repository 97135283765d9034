//! The vocabulary 3.6 added for scripting levels, with what each word means
//! (hover and completion read it): the statements whose syntax 3.6 changed
//! or added, its new lowercase words and the word sets of its slots;
//! [`forms`] reads each statement slot by slot (its selection functions and
//! MONSTER/OBJECT infos too).

pub mod forms;

/// A 3.6 statement: its forms (spec B3) and what it does.
pub struct Keyword36 {
    pub name: &'static str,
    pub forms: &'static [&'static str],
    pub meaning: &'static str,
}

const fn kw(
    name: &'static str,
    forms: &'static [&'static str],
    meaning: &'static str,
) -> Keyword36 {
    Keyword36 {
        name,
        forms,
        meaning,
    }
}

/// The statements whose syntax 3.6 changed or added. The others keep their
/// 3.4.3 form and meaning ([`vocab::keyword`]).
pub const KEYWORDS_36: &[Keyword36] = &[
    kw("MAZE", &["MAZE: \"name\", 'c' | random"], "Starts a maze-style level. The fill is `random` (a maze grid) or a map character (solid fill with it)."),
    kw("LEVEL", &["LEVEL: \"name\""], "Starts a level; in 3.6 rooms, maps and corridors may be mixed in any order."),
    kw("INIT_MAP", &["INIT_MAP: solidfill, mapchar", "INIT_MAP: mazegrid, 'c'", "INIT_MAP: rogue", "INIT_MAP: mines, 'fg', 'bg', smoothed, joined, light, walled [, 'fill']"], "Fills the whole level before anything else is placed."),
    kw("GEOMETRY", &["GEOMETRY: h, v [, bool]", "GEOMETRY: coord [, bool]"], "Where the next MAP goes on the level."),
    kw("MONSTER", &["MONSTER: monster, coord {, info} [{ inventory }]"], "Places a monster. `monster` is `\"name\"`, `'c'`, `('c', \"name\")`, `random` or a `$monster` variable; info: `female` `invisible` `cancelled` `revived` `avenge` `stunned` `confused` `fleeing: n` `blinded: n` `paralyzed: n` `seen_traps: …` `align[i]`. A block gives its inventory."),
    kw("OBJECT", &["OBJECT: object {, info}"], "Places an object. Info in any order, each at most once: coord, curse, `montype: monster`, spe, `name: str`, `quantity: n`, `buried`, lit/unlit, `eroded: n`, `erodeproof`, locked/broken, trapped/not_trapped, `recharged: n`, `invisible`, `greased`. A coordinate is required outside a container and forbidden inside one."),
    kw("CONTAINER", &["CONTAINER: object {, info} { contents }"], "Places a container; the OBJECTs of its block go inside it."),
    kw("TRAP", &["TRAP: name | random, coord"], "Places a trap."),
    kw("DOOR", &["DOOR: state, selection"], "Sets doors on every cell of the selection (state adds `secret`)."),
    kw("ROOMDOOR", &["ROOMDOOR: bool | random, state, dir{|dir} | random, n | random"], "A door in the wall of the enclosing room (3.4.3's room DOOR)."),
    kw("ROOM", &["ROOM: rtype [[N%]], light, pos, align, size [, flags] { … }"], "A room of a room-and-corridor level; its block holds its contents and SUBROOMs."),
    kw("SUBROOM", &["SUBROOM: rtype [[N%]], light, pos, size [, flags] { … }"], "A room inside the enclosing ROOM (nesting replaces 3.4.3's parent name)."),
    kw("REGION", &["REGION: region, light, rtype [, flags] [{ … }]"], "Lights a region or makes it a special room; a permanent region's block holds its contents."),
    kw("TERRAIN", &["TERRAIN: selection, mapchar"], "Sets the terrain of every cell of the selection."),
    kw("REPLACE_TERRAIN", &["REPLACE_TERRAIN: region, mapchar_from, mapchar_to, N%"], "Turns each `from` cell of the region into `to`, each with the given chance."),
    kw("FOUNTAIN", &["FOUNTAIN: selection"], "Fountains on every cell of the selection (any level type)."),
    kw("SINK", &["SINK: selection"], "Sinks on every cell of the selection (any level type)."),
    kw("POOL", &["POOL: selection"], "Pools on every cell of the selection (any level type)."),
    kw("MAZEWALK", &["MAZEWALK: coord, dir [, bool [, 'fill']]"], "Carves a maze from the coordinate."),
    kw("WALLIFY", &["WALLIFY", "WALLIFY: selection"], "Turns stone next to floor into walls (everywhere, or in the selection)."),
    kw("GRAVE", &["GRAVE: coord [, str | random]"], "A grave, with an epitaph."),
    kw("GOLD", &["GOLD: int, coord"], "A pile of gold."),
    kw("ENGRAVING", &["ENGRAVING: coord, type, str"], "An engraving (type adds `blood`)."),
    kw("MINERALIZE", &["MINERALIZE", "MINERALIZE: int, int, int, int"], "Scatters gold and gems in the rock (kelp, gold, gems, chance)."),
    kw("RANDOM_CORRIDORS", &["RANDOM_CORRIDORS [: n | random]"], "Joins the rooms with random corridors."),
    kw("NON_DIGGABLE", &["NON_DIGGABLE: region"], "Walls in the region cannot be dug."),
    kw("NON_PASSWALL", &["NON_PASSWALL: region"], "Walls in the region cannot be phased through."),
    kw("IF", &["IF [cond] { … } [ELSE { … }]"], "Runs its block when the condition holds: `N%` (a chance), `int OP int` or `int` (non-zero)."),
    kw("ELSE", &["ELSE { … }"], "Runs its block when the IF before it did not."),
    kw("LOOP", &["LOOP [int] { … }"], "Runs its block the given number of times."),
    kw("FOR", &["FOR $i = int TO int { … }"], "Runs its block once for each value from the first to the second, in `$i`."),
    kw("SWITCH", &["SWITCH [int] { CASE n: … DEFAULT: … }"], "Picks a random number below the bound and runs the CASE with that number (or DEFAULT)."),
    kw("CASE", &["CASE n:"], "The statements run when the SWITCH's number is `n`, up to BREAK."),
    kw("DEFAULT", &["DEFAULT:"], "The statements run when no CASE matched."),
    kw("BREAK", &["BREAK"], "Leaves the SWITCH (without it the next CASE runs too)."),
    kw("EXIT", &["EXIT"], "Stops building the level here."),
    kw("SHUFFLE", &["SHUFFLE: $array"], "Shuffles an array variable in place (3.4.3's RANDOM_* lists)."),
    kw("FUNCTION", &["FUNCTION name(…) { … }"], "In the grammar but unusable: lev_comp's lexer never produces a function name."),
    kw("MESSAGE", &["MESSAGE: str"], "A message shown on arrival; any string expression (`\"a\" . $s`)."),
];

/// Lowercase words new in 3.6, with their meaning.
pub const WORDS_36: &[(&str, &str)] = &[
    ("mazegrid", "INIT_MAP fill: a grid of walls for a maze."),
    (
        "solidfill",
        "INIT_MAP fill: the whole level of one map character.",
    ),
    (
        "mines",
        "INIT_MAP fill: a cave made by cellular automaton (as the Gnomish Mines).",
    ),
    (
        "rogue",
        "INIT_MAP fill: the Rogue level's 3×3 grid of rooms.",
    ),
    (
        "montype",
        "`montype: monster` — the monster of a corpse, statue, figurine or egg.",
    ),
    ("buried", "The object is buried under the spot."),
    (
        "eroded",
        "`eroded: n` — how rusty, burnt or rotted the object is.",
    ),
    ("erodeproof", "The object cannot erode."),
    ("trapped", "The container is trapped."),
    ("not_trapped", "The container is not trapped."),
    (
        "recharged",
        "`recharged: n` — times the wand or tool was recharged.",
    ),
    ("invisible", "Invisible."),
    ("greased", "The object is greased."),
    ("female", "The monster is female."),
    ("cancelled", "The monster is cancelled."),
    ("revived", "The monster was revived (a corpse raised)."),
    (
        "avenge",
        "Killing the monster angers your god (as the quest leader).",
    ),
    ("fleeing", "`fleeing: n` — the monster flees for n turns."),
    (
        "blinded",
        "`blinded: n` — the monster is blind for n turns.",
    ),
    (
        "paralyzed",
        "`paralyzed: n` — the monster cannot move for n turns.",
    ),
    ("stunned", "The monster is stunned."),
    ("confused", "The monster is confused."),
    (
        "seen_traps",
        "`seen_traps: \"trap\"|…|all` — traps the monster knows of.",
    ),
    ("all", "Every one (seen_traps)."),
    ("quantity", "`quantity: n` — how many objects in the stack."),
    ("name", "`name: \"str\"` — the object's name."),
    ("dry", "`random[dry]`: a random dry spot."),
    ("wet", "`random[wet]`: a random spot of water."),
    ("hot", "`random[hot]`: a random spot of lava."),
    ("solid", "`random[solid]`: a random spot of rock or wall."),
    ("any", "`random[any]`: any random spot."),
    ("horizontal", "A horizontal direction."),
    ("vertical", "A vertical direction."),
    ("secret", "A secret door."),
    ("regular", "The room is rectangular."),
    (
        "irregular",
        "The room's shape is the lit area of the map (irregular room).",
    ),
    ("joined", "The room is joined to others by corridors."),
    ("unjoined", "The room is not joined to others."),
    ("limited", "The fill stays inside the selection."),
    ("unlimited", "The fill may go past the selection."),
    ("blood", "An engraving written in blood."),
    (
        "filled",
        "The room is filled with its monsters and objects (or a filled circle).",
    ),
    (
        "unfilled",
        "The room is left empty (or only a circle's outline).",
    ),
    ("radial", "Gradient type: by distance from a point."),
    ("square", "Gradient type: by square distance."),
    (
        "selection",
        "`selection: sel` — a selection value for a variable.",
    ),
    (
        "terrain",
        "`terrain: mapchar` — a map character value for a variable.",
    ),
    ("monster", "`monster: m` — a monster value for a variable."),
    ("obj", "`obj: o` — an object value for a variable."),
    ("object", "`object: o` — an object value for a variable."),
];

/// The level flags 3.6 added, with their meaning (3.4.3's keep theirs in
/// [`super::vocabulary::VALUE_WORDS`]).
pub const FLAGS_ADDED: &[(&str, &str)] = &[
    (
        "premapped",
        "The whole level is mapped on arrival, traps and boulders included.",
    ),
    (
        "shroud",
        "Nothing seen on the level is remembered once out of sight.",
    ),
    (
        "graveyard",
        "The level is a graveyard: more undead, and corpses may rise.",
    ),
    (
        "icedpools",
        "Ice on the level melts back into pools, not moat.",
    ),
    (
        "solidify",
        "Walls and stone of the level cannot be dug or phased through.",
    ),
    (
        "corrmaze",
        "The maze of the level is carved with corridors, not room floor.",
    ),
    (
        "inaccessibles",
        "Closed-off areas of the level are joined to the rest (or given a way out).",
    ),
];

/// The trap names of 3.6: 3.4.3's ([`super::vocabulary::TRAPS`]) and this one.
pub const TRAPS_ADDED: &[(&str, &str)] = &[(
    "vibrating square",
    "The spot in Gehennom's bottom level where the Invocation is performed.",
)];

/// The room types 3.6 added to 3.4.3's ([`super::vocabulary::ROOM_TYPES`]).
pub const ROOM_TYPES_ADDED: &[(&str, &str)] = &[(
    "health food shop",
    "A vegetarian food shop (lev_comp 3.6 knows the name but makes an ordinary room).",
)];

/// The trap names lev_comp 3.6 takes, with their meanings: the variant's
/// in force, else 3.4.3's and [`TRAPS_ADDED`].
pub fn traps_36() -> Vec<(&'static str, &'static str)> {
    with_vanilla_additions(super::vocabulary::traps(), TRAPS_ADDED)
}

/// The room types lev_comp 3.6 takes: the variant's in force, else 3.4.3's
/// and [`ROOM_TYPES_ADDED`].
pub fn room_types_36() -> Vec<(&'static str, &'static str)> {
    with_vanilla_additions(super::vocabulary::room_types(), ROOM_TYPES_ADDED)
}

/// A variant's list is complete; vanilla 3.6's is 3.4.3's and its additions.
fn with_vanilla_additions(
    in_force: &'static [super::vocabulary::Described],
    added: &'static [(&'static str, &'static str)],
) -> Vec<(&'static str, &'static str)> {
    let listed = in_force.iter().map(|d| (d.name, d.meaning));
    if super::lexicon::in_force().is_some() {
        listed.collect()
    } else {
        listed.chain(added.iter().copied()).collect()
    }
}

pub const LIGHT: &[&str] = &["lit", "unlit", "random"];
pub const BOOLEAN: &[&str] = &["true", "false"];
pub const DIRECTIONS: &[&str] = &["north", "south", "east", "west"];
pub const DOOR_STATES: &[&str] = &[
    "open", "closed", "locked", "nodoor", "broken", "secret", "random",
];
pub const ALIGNMENTS: &[&str] = &[
    "law",
    "neutral",
    "chaos",
    "noalign",
    "coaligned",
    "noncoaligned",
    "random",
];
pub const ALTAR_TYPES: &[&str] = &["altar", "shrine", "sanctum", "random"];
pub const ENGRAVING_TYPES: &[&str] = &["dust", "engrave", "burn", "mark", "blood", "random"];
pub const UP_DOWN: &[&str] = &["up", "down"];
pub const H_ALIGN: &[&str] = &["left", "half-left", "center", "half-right", "right"];
pub const V_ALIGN: &[&str] = &["top", "center", "bottom"];
/// INIT_MAP's fill styles.
pub const FILL_STYLES: &[&str] = &["solidfill", "mazegrid", "mines", "rogue"];
/// The flags of a ROOM, SUBROOM or REGION.
pub const ROOM_FLAGS: &[&str] = &[
    "filled",
    "unfilled",
    "regular",
    "irregular",
    "joined",
    "unjoined",
];
