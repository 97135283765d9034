//! The words of NetHack's `lev_comp` 3.4.3 dialect and what they mean: statement keywords,
//! lowercase value words, trap and room types, map characters, monster and object class
//! characters, and the compiler's limits. Plain data, one table per kind of word, so that
//! analysis, hover and completion never disagree. Versions in `since` name the first
//! `lev_comp` that accepts the spelling; the oldest dialect we know is 3.2.0.

use super::lexicon;

mod in_force;

/// Which level kinds accept a statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    /// `MAZE` and `LEVEL` themselves: they start a level.
    Header,
    /// Only in `MAZE` levels (map parts).
    Maze,
    /// Only in `LEVEL` (room-and-corridor) levels.
    Room,
    /// In both kinds of level.
    Both,
}

impl Where {
    /// Whether a statement with this placement may appear in a MAZE level body.
    pub fn in_maze(self) -> bool {
        matches!(self, Where::Maze | Where::Both)
    }

    /// Whether a statement with this placement may appear in a LEVEL (room) level body.
    pub fn in_room_level(self) -> bool {
        matches!(self, Where::Room | Where::Both)
    }
}

/// One statement keyword (spec A1.1, A3).
pub struct KeywordInfo {
    /// The keyword exactly as written, e.g. `"MONSTER"`.
    pub name: &'static str,
    /// Syntax lines; several when the statement has several forms (`DOOR`, `STAIR`, `CORRIDOR`).
    pub forms: &'static [&'static str],
    /// What the statement does, for hover.
    pub meaning: &'static str,
    pub allowed: Where,
    /// The first version that accepts this spelling.
    pub since: &'static str,
    /// Written with `:` and arguments (false for `WALLIFY`, `NOMAP`, `RANDOM_CORRIDORS`,
    /// `MAP`, `ENDMAP`).
    pub colon: bool,
    /// Accepts the `[n%]` chance prefix right after the keyword (3.2.1+).
    pub chance: bool,
}

pub const KEYWORDS: &[KeywordInfo] = &[
    // Level headers.
    KeywordInfo {
        name: "MAZE",
        forms: &["MAZE: \"name\", fill_char | random"],
        meaning: "Starts a maze-style level built from map parts. The name (at most 8 \
                  characters, no dot) becomes the output file name; the fill is the map \
                  character for unmapped squares, or `random` for a generated maze.",
        allowed: Where::Header,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "LEVEL",
        forms: &["LEVEL: \"name\""],
        meaning: "Starts a room-and-corridor level made of ROOM and SUBROOM statements. The \
                  name (at most 8 characters, no dot) becomes the output file name.",
        allowed: Where::Header,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    // Level preamble, both kinds.
    KeywordInfo {
        name: "FLAGS",
        forms: &["FLAGS: flag {, flag}"],
        meaning: "Sets level-wide flags such as `noteleport` or `hardfloor`. At most once, \
                  right after the level header.",
        allowed: Where::Both,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "INIT_MAP",
        forms: &["INIT_MAP: 'fg', 'bg', smoothed, joined, lit | unlit | random, walled | random"],
        meaning: "Fills the whole level with a random cave-like map of foreground and \
                  background terrain before anything else is placed. Its presence turns off \
                  coordinate range checks for the level; in 3.4 a joined map needs `.` or `#` \
                  as foreground.",
        allowed: Where::Both,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "MESSAGE",
        forms: &["MESSAGE: \"text\""],
        meaning: "A message shown when the player first arrives on the level. May be repeated; \
                  each is at most 254 bytes and all of a level's messages joined at most 255.",
        allowed: Where::Both,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    // Map parts (MAZE only).
    KeywordInfo {
        name: "GEOMETRY",
        forms: &["GEOMETRY: left | half-left | center | half-right | right, top | center | bottom"],
        meaning: "Where the following MAP block is placed on the level, horizontally and \
                  vertically. Must be followed by `MAP` on the next line.",
        allowed: Where::Maze,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "MAP",
        forms: &["MAP"],
        meaning: "Begins a block of map rows, one character per square, ended by `ENDMAP`. \
                  Must stand alone at the start of its line; the map may be at most 76 × 21.",
        allowed: Where::Maze,
        since: "3.2.0",
        colon: false,
        chance: false,
    },
    KeywordInfo {
        name: "ENDMAP",
        forms: &["ENDMAP"],
        meaning: "Ends a MAP block. Coordinates in the statements that follow are relative \
                  to this map's top-left corner.",
        allowed: Where::Maze,
        since: "3.2.0",
        colon: false,
        chance: false,
    },
    KeywordInfo {
        name: "NOMAP",
        forms: &["NOMAP"],
        meaning: "Starts a map part without a map: the statements that follow use the whole \
                  level as their frame.",
        allowed: Where::Maze,
        since: "3.2.0",
        colon: false,
        chance: false,
    },
    // Registers.
    KeywordInfo {
        name: "RANDOM_OBJECTS",
        forms: &["RANDOM_OBJECTS: 'c' {, 'c'}"],
        meaning: "Lists up to 10 object class characters, shuffled per game and read back as \
                  `object[0]`, `object[1]`, …. Once per map part or level.",
        allowed: Where::Both,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "RANDOM_MONSTERS",
        forms: &["RANDOM_MONSTERS: 'c' {, 'c'}"],
        meaning: "Lists up to 10 monster class characters, shuffled per game and read back as \
                  `monster[0]`, `monster[1]`, …. Once per map part or level.",
        allowed: Where::Both,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "RANDOM_PLACES",
        forms: &["RANDOM_PLACES: (x,y) {, (x,y)}"],
        meaning: "Lists up to 10 map coordinates, shuffled per game and read back as \
                  `place[0]`, `place[1]`, …. Must directly follow its MAP or NOMAP; once per \
                  part.",
        allowed: Where::Maze,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    // Rooms (LEVEL only).
    KeywordInfo {
        name: "ROOM",
        forms: &["ROOM: \"type\" | random, light, (x,y) | random, (h,v) | random, (w,h) | random [, filled]"],
        meaning: "Declares a room: its type, lighting, cell in a 5 × 5 grid of the level, \
                  alignment within that cell and size. The statements after it, up to the next \
                  room, furnish it.",
        allowed: Where::Room,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "SUBROOM",
        forms: &["SUBROOM: \"type\" | random, light, (x,y) | random, (w,h) | random, \"parent\" [, filled]"],
        meaning: "Declares a room inside another room, named by the parent's NAME. Its \
                  position is relative to the parent; at most 24 subrooms per parent.",
        allowed: Where::Room,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "NAME",
        forms: &["NAME: \"name\""],
        meaning: "Names the current room so that SUBROOMs can refer to it as their parent. \
                  Once per room.",
        allowed: Where::Room,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "CHANCE",
        forms: &["CHANCE: n"],
        meaning: "Percent chance (1–99) that the current room gets its special type; \
                  otherwise it is ordinary. Once per room, not on ordinary rooms. (In 3.2.0 it \
                  also ended a TRAP statement.)",
        allowed: Where::Room,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "RANDOM_CORRIDORS",
        forms: &["RANDOM_CORRIDORS"],
        meaning: "Joins all rooms with randomly dug corridors. Cannot be mixed with CORRIDOR \
                  statements.",
        allowed: Where::Room,
        since: "3.2.0",
        colon: false,
        chance: false,
    },
    KeywordInfo {
        name: "CORRIDOR",
        forms: &[
            "CORRIDOR: (room, wall, door_pos), (room, wall, door_pos)",
            "CORRIDOR: (room, wall, door_pos), n",
        ],
        meaning: "Digs a corridor from a door of one room to a door of another. Rooms are \
                  numbered from 0 in declaration order; the second form gives a number in place \
                  of the destination door.",
        allowed: Where::Room,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    // Details in both kinds of level.
    KeywordInfo {
        name: "MONSTER",
        forms: &["MONSTER[n%]: 'c' | random | monster[i], \"name\" | random, coord {, info}"],
        meaning: "Places a monster of a class, optionally a named species; extra info gives \
                  it a name, attitude, alertness, alignment or a disguise. The `[n%]` chance \
                  prefix is accepted since 3.2.1.",
        allowed: Where::Both,
        since: "3.2.0",
        colon: true,
        chance: true,
    },
    KeywordInfo {
        name: "OBJECT",
        forms: &[
            "OBJECT[n%]: 'c' | random | object[i], \"name\" | random, coord | contained",
            "OBJECT[n%]: …, curse, \"monster\", spe | random [, \"name\" | none]",
            "OBJECT[n%]: …, curse, spe | random [, \"name\" | none]",
            "OBJECT[n%]: …, \"monster\", spe | random [, \"name\" | none]",
        ],
        meaning: "Places an object of a class, optionally a named kind, on a square or (with \
                  `contained`) inside the last CONTAINER. The optional tail sets curse state, \
                  the monster type of a corpse or statue, enchantment and a given name. The \
                  `[n%]` prefix is accepted since 3.2.1.",
        allowed: Where::Both,
        since: "3.2.0",
        colon: true,
        chance: true,
    },
    KeywordInfo {
        name: "CONTAINER",
        forms: &["CONTAINER[n%]: 'c' | random | object[i], \"name\" | random, coord | contained [, …]"],
        meaning: "Places an object like OBJECT does; the `OBJECT: …, contained` statements \
                  that follow are put inside it. The `[n%]` prefix is accepted since 3.2.1.",
        allowed: Where::Both,
        since: "3.2.0",
        colon: true,
        chance: true,
    },
    KeywordInfo {
        name: "TRAP",
        forms: &["TRAP[n%]: \"trap\" | random, coord"],
        meaning: "Places a trap of a named type, or a random one. The `[n%]` prefix is \
                  accepted since 3.2.1; 3.2.0 instead allowed a trailing `, CHANCE: n`.",
        allowed: Where::Both,
        since: "3.2.0",
        colon: true,
        chance: true,
    },
    KeywordInfo {
        name: "DOOR",
        forms: &[
            "DOOR: state | random, coord",
            "DOOR: secret | random, state | random, wall | random, pos | random",
        ],
        meaning: "In a MAZE, sets the state of a door square (`+` or `S`) of the map. In a \
                  room, adds a door on one of the room's walls at a position along it; a random \
                  wall needs a random position.",
        allowed: Where::Both,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "STAIR",
        forms: &[
            "STAIR: coord, up | down",
            "STAIR: region, region, up | down",
        ],
        meaning: "Places the up or down staircase on a square. The region form (MAZE only) \
                  picks a square in the first region outside the second one.",
        allowed: Where::Both,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "ALTAR",
        forms: &["ALTAR: coord, alignment | align[i] | random, altar | shrine | sanctum | random"],
        meaning: "Places an altar of an alignment; a shrine is attended by a priest and a \
                  sanctum is a high altar.",
        allowed: Where::Both,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "FOUNTAIN",
        forms: &["FOUNTAIN: coord"],
        meaning: "Places a fountain.",
        allowed: Where::Both,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "GOLD",
        forms: &["GOLD: amount | random, coord"],
        meaning: "Places a pile of gold pieces of the given amount.",
        allowed: Where::Both,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "ENGRAVING",
        forms: &["ENGRAVING: coord, dust | engrave | burn | mark | random, \"text\""],
        meaning: "Writes text on the floor, in the dust or more permanently.",
        allowed: Where::Both,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    // Room-level only details.
    KeywordInfo {
        name: "SINK",
        forms: &["SINK: coord"],
        meaning: "Places a kitchen sink in the current room. Room levels only.",
        allowed: Where::Room,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "POOL",
        forms: &["POOL: coord"],
        meaning: "Places a pool of water in the current room. Room levels only.",
        allowed: Where::Room,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    // Maze-level only details.
    KeywordInfo {
        name: "DRAWBRIDGE",
        forms: &["DRAWBRIDGE: coord, direction, open | closed"],
        meaning: "Places a drawbridge at coord; the square one step in the direction must be a \
                  wall. Its state must be `open` or `closed`, not `random`.",
        allowed: Where::Maze,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "MAZEWALK",
        forms: &["MAZEWALK: coord, direction"],
        meaning: "Carves a random maze through the level's unused rock, starting at coord and \
                  heading first in the direction.",
        allowed: Where::Maze,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "WALLIFY",
        forms: &["WALLIFY"],
        meaning: "Turns the solid rock next to open squares into proper walls. Written \
                  without a colon.",
        allowed: Where::Maze,
        since: "3.2.0",
        colon: false,
        chance: false,
    },
    KeywordInfo {
        name: "LADDER",
        forms: &["LADDER: coord, up | down"],
        meaning: "Places a ladder leading up or down.",
        allowed: Where::Maze,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "PORTAL",
        forms: &["PORTAL: region, region, \"level\""],
        meaning: "Places a magic portal to the named level somewhere in the first region \
                  outside the second one.",
        allowed: Where::Maze,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "TELEPORT_REGION",
        forms: &["TELEPORT_REGION: region, region [, up | down]"],
        meaning: "Restricts where arrivals by teleport or falling land: inside the first \
                  region but not the second. With `up` or `down` it applies only to arrivals \
                  travelling in that direction.",
        allowed: Where::Maze,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "BRANCH",
        forms: &["BRANCH: region, region"],
        meaning: "Where the staircase or portal of a dungeon branch is placed: inside the \
                  first region but not the second.",
        allowed: Where::Maze,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "REGION",
        forms: &["REGION: (x1,y1,x2,y2), light, \"type\" | random [, filled | unfilled [, irregular]]"],
        meaning: "Marks a rectangle of the map as lit or unlit and, with a room type, turns \
                  it into a special room. An irregular region follows the floor from its \
                  top-left square; a vault must be exactly 2 × 2.",
        allowed: Where::Maze,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "NON_DIGGABLE",
        forms: &["NON_DIGGABLE: (x1,y1,x2,y2)"],
        meaning: "Makes the walls in the rectangle impossible to dig through.",
        allowed: Where::Maze,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
    KeywordInfo {
        name: "NON_PASSWALL",
        forms: &["NON_PASSWALL: (x1,y1,x2,y2)"],
        meaning: "Stops monsters that walk through walls from doing so in the rectangle. At \
                  most 31 per map part.",
        allowed: Where::Maze,
        since: "3.2.0",
        colon: true,
        chance: false,
    },
];

/// The keyword spelt exactly `name` (keywords are case-sensitive).
pub fn keyword(name: &str) -> Option<&'static KeywordInfo> {
    KEYWORDS.iter().find(|k| k.name == name)
}

/// The kinds of lowercase value word (spec A1.2; the man page's token names in brackets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueClass {
    /// RANDOM_TYPE
    Random,
    /// NONE
    None,
    /// BOOLEAN
    Boolean,
    /// DOOR_STATE
    DoorState,
    /// DIRECTION
    Direction,
    /// LIGHT_STATE
    LightState,
    /// LEFT_OR_RIGHT / CENTER
    HAlign,
    /// TOP_OR_BOT / CENTER
    VAlign,
    /// ALIGNMENT
    Alignment,
    /// ALTAR_TYPE
    AltarType,
    /// UP_OR_DOWN
    UpDown,
    /// ENGRAVING_TYPE
    EngravingType,
    /// CURSE_TYPE
    CurseType,
    /// MON_ATTITUDE
    Attitude,
    /// MON_ALERTNESS
    Alertness,
    /// MON_APPEARANCE
    Appearance,
    /// FILLING
    Filling,
    /// FLAG_TYPE
    Flag,
    /// CONTAINED
    Contained,
    /// The register words before `[i]`.
    Register,
    /// LEV
    LevRegion,
}

impl ValueClass {
    pub const ALL: &'static [ValueClass] = &[
        ValueClass::Random,
        ValueClass::None,
        ValueClass::Boolean,
        ValueClass::DoorState,
        ValueClass::Direction,
        ValueClass::LightState,
        ValueClass::HAlign,
        ValueClass::VAlign,
        ValueClass::Alignment,
        ValueClass::AltarType,
        ValueClass::UpDown,
        ValueClass::EngravingType,
        ValueClass::CurseType,
        ValueClass::Attitude,
        ValueClass::Alertness,
        ValueClass::Appearance,
        ValueClass::Filling,
        ValueClass::Flag,
        ValueClass::Contained,
        ValueClass::Register,
        ValueClass::LevRegion,
    ];

    /// A short label for messages and hover, e.g. "door state".
    pub fn describe(self) -> &'static str {
        match self {
            ValueClass::Random => "random choice",
            ValueClass::None => "no name",
            ValueClass::Boolean => "boolean",
            ValueClass::DoorState => "door state",
            ValueClass::Direction => "direction",
            ValueClass::LightState => "light state",
            ValueClass::HAlign => "horizontal alignment",
            ValueClass::VAlign => "vertical alignment",
            ValueClass::Alignment => "alignment",
            ValueClass::AltarType => "altar type",
            ValueClass::UpDown => "up or down",
            ValueClass::EngravingType => "engraving type",
            ValueClass::CurseType => "curse state",
            ValueClass::Attitude => "monster attitude",
            ValueClass::Alertness => "monster alertness",
            ValueClass::Appearance => "monster disguise",
            ValueClass::Filling => "room filling",
            ValueClass::Flag => "level flag",
            ValueClass::Contained => "container contents",
            ValueClass::Register => "register",
            ValueClass::LevRegion => "level region",
        }
    }
}

/// One lowercase value word in one of its classes.
pub struct ValueWord {
    pub word: &'static str,
    pub class: ValueClass,
    pub meaning: &'static str,
    pub since: &'static str,
}

const fn vw(
    word: &'static str,
    class: ValueClass,
    meaning: &'static str,
    since: &'static str,
) -> ValueWord {
    ValueWord {
        word,
        class,
        meaning,
        since,
    }
}

use ValueClass as V;

/// Every lowercase value word of spec A1.2, once per class it belongs to.
pub const VALUE_WORDS: &[ValueWord] = &[
    vw(
        "random",
        V::Random,
        "Let the game choose a value each time the level is created.",
        "3.2.0",
    ),
    vw(
        "none",
        V::None,
        "Explicitly no given name, in the last slot of an OBJECT statement.",
        "3.2.0",
    ),
    vw("true", V::Boolean, "Yes.", "3.2.0"),
    vw("false", V::Boolean, "No.", "3.2.0"),
    vw("open", V::DoorState, "An open door.", "3.2.0"),
    vw("closed", V::DoorState, "A closed, unlocked door.", "3.2.0"),
    vw("locked", V::DoorState, "A closed and locked door.", "3.2.0"),
    vw(
        "nodoor",
        V::DoorState,
        "An empty doorway with no door in it.",
        "3.2.0",
    ),
    vw(
        "broken",
        V::DoorState,
        "A doorway whose door has been broken.",
        "3.2.0",
    ),
    vw(
        "north",
        V::Direction,
        "Up on the map (the top wall).",
        "3.2.0",
    ),
    vw(
        "east",
        V::Direction,
        "Right on the map (the right wall).",
        "3.2.0",
    ),
    vw(
        "south",
        V::Direction,
        "Down on the map (the bottom wall).",
        "3.2.0",
    ),
    vw(
        "west",
        V::Direction,
        "Left on the map (the left wall).",
        "3.2.0",
    ),
    vw(
        "lit",
        V::LightState,
        "Lit: the area is visible on entry.",
        "3.2.0",
    ),
    vw("unlit", V::LightState, "Dark.", "3.2.0"),
    vw("left", V::HAlign, "Against the left edge.", "3.2.0"),
    vw(
        "half-left",
        V::HAlign,
        "Halfway between the left edge and the centre.",
        "3.2.0",
    ),
    vw("center", V::HAlign, "Centred horizontally.", "3.2.0"),
    vw(
        "half-right",
        V::HAlign,
        "Halfway between the centre and the right edge.",
        "3.2.0",
    ),
    vw("right", V::HAlign, "Against the right edge.", "3.2.0"),
    vw("top", V::VAlign, "Against the top edge.", "3.2.0"),
    vw("center", V::VAlign, "Centred vertically.", "3.2.0"),
    vw("bottom", V::VAlign, "Against the bottom edge.", "3.2.0"),
    vw(
        "noalign",
        V::Alignment,
        "Unaligned (the alignment of Moloch's altars).",
        "3.2.0",
    ),
    vw("law", V::Alignment, "Lawful.", "3.2.0"),
    vw("neutral", V::Alignment, "Neutral.", "3.2.0"),
    vw("chaos", V::Alignment, "Chaotic.", "3.2.0"),
    vw(
        "coaligned",
        V::Alignment,
        "The same alignment as the player's.",
        "3.3.1",
    ),
    vw(
        "noncoaligned",
        V::Alignment,
        "An alignment different from the player's.",
        "3.3.1",
    ),
    vw("altar", V::AltarType, "An ordinary altar.", "3.2.0"),
    vw(
        "shrine",
        V::AltarType,
        "An altar in a temple, attended by a priest.",
        "3.2.0",
    ),
    vw(
        "sanctum",
        V::AltarType,
        "A high altar, as in the Sanctum or on the Astral Plane.",
        "3.2.0",
    ),
    vw("up", V::UpDown, "Leading up.", "3.2.0"),
    vw("down", V::UpDown, "Leading down.", "3.2.0"),
    vw(
        "dust",
        V::EngravingType,
        "Written in the dust; smudges easily.",
        "3.2.0",
    ),
    vw(
        "engrave",
        V::EngravingType,
        "Carved into the floor; lasts a long time.",
        "3.2.0",
    ),
    vw(
        "burn",
        V::EngravingType,
        "Burned into the floor; permanent.",
        "3.2.0",
    ),
    vw(
        "mark",
        V::EngravingType,
        "Drawn as graffiti, as with a magic marker.",
        "3.2.0",
    ),
    vw("blessed", V::CurseType, "Blessed.", "3.2.0"),
    vw(
        "uncursed",
        V::CurseType,
        "Neither blessed nor cursed.",
        "3.2.0",
    ),
    vw("cursed", V::CurseType, "Cursed.", "3.2.0"),
    vw(
        "peaceful",
        V::Attitude,
        "Peaceful towards the player.",
        "3.2.0",
    ),
    vw(
        "hostile",
        V::Attitude,
        "Hostile towards the player.",
        "3.2.0",
    ),
    vw("asleep", V::Alertness, "Asleep until disturbed.", "3.2.0"),
    vw("awake", V::Alertness, "Awake.", "3.2.0"),
    vw(
        "m_feature",
        V::Appearance,
        "The monster looks like the dungeon feature named by the following string.",
        "3.2.0",
    ),
    vw(
        "m_monster",
        V::Appearance,
        "The monster looks like the monster named by the following string.",
        "3.2.0",
    ),
    vw(
        "m_object",
        V::Appearance,
        "The monster looks like the object named by the following string.",
        "3.2.0",
    ),
    vw(
        "filled",
        V::Filling,
        "The special room is stocked with its usual contents.",
        "3.2.0",
    ),
    vw(
        "unfilled",
        V::Filling,
        "The special room is left empty of its usual contents.",
        "3.2.0",
    ),
    vw(
        "noteleport",
        V::Flag,
        "Teleporting within the level is impossible.",
        "3.2.0",
    ),
    vw(
        "hardfloor",
        V::Flag,
        "The floor cannot be dug through.",
        "3.2.0",
    ),
    vw(
        "nommap",
        V::Flag,
        "The level cannot be magic-mapped.",
        "3.2.0",
    ),
    vw(
        "shortsighted",
        V::Flag,
        "Monsters on the level do not notice the player from afar.",
        "3.2.0",
    ),
    vw(
        "arboreal",
        V::Flag,
        "An outdoor level: solid rock is shown as trees.",
        "3.3.0",
    ),
    vw(
        "contained",
        V::Contained,
        "Put the object inside the most recent CONTAINER instead of on the floor.",
        "3.2.0",
    ),
    vw(
        "object",
        V::Register,
        "`object[i]`: the i-th class of this part's shuffled RANDOM_OBJECTS list (i = 0..9).",
        "3.2.0",
    ),
    vw(
        "monster",
        V::Register,
        "`monster[i]`: the i-th class of the shuffled RANDOM_MONSTERS list (i = 0..9).",
        "3.2.0",
    ),
    vw(
        "place",
        V::Register,
        "`place[i]`: the i-th coordinate of this part's shuffled RANDOM_PLACES list (i = 0..9).",
        "3.2.0",
    ),
    vw(
        "align",
        V::Register,
        "`align[i]`: one of the three alignments, shuffled per game (i = 0..2).",
        "3.2.0",
    ),
    vw(
        "levregion",
        V::LevRegion,
        "`levregion(x1,y1,x2,y2)`: a rectangle in level coordinates (x 1..79, y 0..20) \
         instead of relative to the current map.",
        "3.2.0",
    ),
];

/// The value words in force: vanilla's, or the variant's ([`lexicon`]).
fn value_word_table() -> &'static [ValueWord] {
    in_force::tables().map_or(VALUE_WORDS, |t| &t.value_words)
}

/// The words of one class, in table order.
pub fn value_words(class: ValueClass) -> impl Iterator<Item = &'static ValueWord> {
    value_word_table().iter().filter(move |w| w.class == class)
}

/// Every class `word` belongs to (empty if it is not a value word).
pub fn value_classes_of(word: &str) -> Vec<&'static ValueWord> {
    value_word_table()
        .iter()
        .filter(|w| w.word == word)
        .collect()
}

/// A name with its meaning.
pub struct Described {
    pub name: &'static str,
    pub meaning: &'static str,
}

const fn d(name: &'static str, meaning: &'static str) -> Described {
    Described { name, meaning }
}

/// The trap names of 3.4.3, exactly as written in `TRAP` (spec A4).
pub const TRAPS: &[Described] = &[
    d("arrow", "Shoots an arrow at whoever steps on it."),
    d("dart", "Shoots a dart, sometimes poisoned."),
    d("falling rock", "Drops a rock from the ceiling."),
    d("board", "A squeaky board that wakes nearby monsters."),
    d("bear", "A bear trap that holds its victim in place."),
    d("land mine", "Explodes when stepped on, leaving a pit."),
    d("rolling boulder", "Sets a boulder rolling across the square."),
    d("sleep gas", "Releases gas that puts the victim to sleep."),
    d("rust", "Squirts water that rusts iron gear."),
    d("fire", "Bursts into flames."),
    d("pit", "A pit to fall into."),
    d("spiked pit", "A pit lined with spikes."),
    d("hole", "A hole in the floor leading to the level below."),
    d(
        "trap door",
        "A hidden door in the floor that drops the victim to a lower level. Spelt `trapdoor` before 3.3.1.",
    ),
    d("teleport", "Teleports the victim elsewhere on the level."),
    d("level teleport", "Sends the victim to another level."),
    d("magic portal", "A portal to another place in the dungeon."),
    d("web", "A spider web that entangles."),
    d("statue", "A statue that comes to life when approached."),
    d("magic", "Has one of several random magical effects."),
    d("anti magic", "Drains magical energy."),
    d("polymorph", "Changes the victim into another creature."),
];

/// The trap names in force: 3.4.3's, or the variant's ([`lexicon`]; 3.6
/// adds its own to 3.4.3's where no variant is in force).
pub fn traps() -> &'static [Described] {
    in_force::tables().map_or(TRAPS, |t| &t.traps)
}

/// The room types in force: 3.4.3's, or the variant's ([`lexicon`]).
pub fn room_types() -> &'static [Described] {
    in_force::tables().map_or(ROOM_TYPES, |t| &t.room_types)
}

/// The room types of 3.4.3 for ROOM, SUBROOM and REGION (spec A4).
pub const ROOM_TYPES: &[Described] = &[
    d("ordinary", "A plain room with random contents."),
    d(
        "throne",
        "A throne room with a throne and a court of monsters.",
    ),
    d("swamp", "A swamp of pools with eels and fungi."),
    d("vault", "A closed 2 × 2 vault full of gold."),
    d("beehive", "Killer bees, a queen bee and royal jelly."),
    d("morgue", "Undead and corpses."),
    d("barracks", "A troop of soldiers."),
    d("zoo", "Sleeping monsters, each on a pile of gold."),
    d(
        "delphi",
        "The Oracle's centre, with centaurs and fountains.",
    ),
    d("temple", "An altar tended by a priest."),
    d("anthole", "A nest of ants with food."),
    d("cocknest", "Cockatrices among statues."),
    d("leprehall", "A hall of leprechauns."),
    d("shop", "A general store."),
    d("armor shop", "A shop selling armor."),
    d("scroll shop", "A shop selling scrolls."),
    d("potion shop", "A shop selling potions."),
    d("weapon shop", "A shop selling weapons."),
    d("food shop", "A shop selling food."),
    d("ring shop", "A shop selling rings."),
    d("wand shop", "A shop selling wands."),
    d("tool shop", "A shop selling tools."),
    d("book shop", "A shop selling spellbooks."),
    d("candle shop", "A shop selling candles and lamps."),
];

/// One map character (spec A5).
pub struct MapChar {
    pub ch: char,
    pub terrain: &'static str,
    pub meaning: &'static str,
    pub since: &'static str,
}

const fn mc(
    ch: char,
    terrain: &'static str,
    meaning: &'static str,
    since: &'static str,
) -> MapChar {
    MapChar {
        ch,
        terrain,
        meaning,
        since,
    }
}

/// The map characters of 3.4.3, without the digits that 3.4 ignores in rows.
pub const MAP_CHARS: &[MapChar] = &[
    mc(' ', "solid rock", "Solid rock (stone).", "3.2.0"),
    mc('#', "corridor", "A corridor square.", "3.2.0"),
    mc(
        '.',
        "room floor",
        "Room floor; dark unless a REGION lights it.",
        "3.2.0",
    ),
    mc('-', "horizontal wall", "A horizontal wall.", "3.2.0"),
    mc('|', "vertical wall", "A vertical wall.", "3.2.0"),
    mc(
        '+',
        "door",
        "A doorway; its state comes from a DOOR statement.",
        "3.2.0",
    ),
    mc(
        'S',
        "secret door",
        "A door that looks like wall until found.",
        "3.2.0",
    ),
    mc(
        'H',
        "secret corridor",
        "A corridor square hidden until found.",
        "3.2.0",
    ),
    mc('A', "air", "Open air, as on the Plane of Air.", "3.2.0"),
    mc('C', "cloud", "Cloudy air.", "3.2.0"),
    mc(
        'B',
        "boundary",
        "A boundary square that bounds irregular unwalled regions.",
        "3.2.0",
    ),
    mc('{', "fountain", "A fountain.", "3.2.0"),
    mc('\\', "throne", "A throne.", "3.2.0"),
    mc('K', "sink", "A kitchen sink.", "3.2.0"),
    mc('}', "moat", "Part of a moat or other deep water.", "3.2.0"),
    mc('P', "pool", "A pool of water.", "3.2.0"),
    mc('L', "lava", "Molten lava.", "3.2.0"),
    mc(
        'W',
        "water",
        "Water of the Plane of Water kind (not a pool).",
        "3.2.0",
    ),
    mc('I', "ice", "A frozen surface.", "3.2.0"),
    mc('T', "tree", "A tree.", "3.3.0"),
    mc('F', "iron bars", "Iron bars.", "3.3.0"),
];

/// The map characters in force: vanilla's, or the variant's ([`lexicon`]).
pub fn map_chars() -> &'static [MapChar] {
    in_force::tables().map_or(MAP_CHARS, |t| &t.map_chars)
}

/// The map character `c`, not counting digits.
pub fn map_char(c: char) -> Option<&'static MapChar> {
    map_chars().iter().find(|m| m.ch == c)
}

/// Whether `c` may appear in a 3.4 map row: the map characters plus the digits, which 3.4
/// deletes from rows before measuring them.
pub fn is_map_char(c: char) -> bool {
    c.is_ascii_digit() || map_char(c).is_some()
}

/// A monster or object class character.
pub struct ClassChar {
    pub ch: char,
    pub meaning: &'static str,
}

const fn cc(ch: char, meaning: &'static str) -> ClassChar {
    ClassChar { ch, meaning }
}

/// The 59 monster class characters of 3.4.3 (no `I`, which 3.2 still had).
pub const MONSTER_CLASSES: &[ClassChar] = &[
    cc('a', "ants and other insects"),
    cc('b', "blobs"),
    cc('c', "cockatrices"),
    cc('d', "dogs and other canines"),
    cc('e', "floating eyes and spheres"),
    cc('f', "cats and other felines"),
    cc('g', "gremlins and gargoyles"),
    cc('h', "dwarves, hobbits, mind flayers and other humanoids"),
    cc('i', "imps and minor demons"),
    cc('j', "jellies"),
    cc('k', "kobolds"),
    cc('l', "leprechauns"),
    cc('m', "mimics"),
    cc('n', "nymphs"),
    cc('o', "orcs"),
    cc('p', "piercers"),
    cc('q', "quadrupeds such as rothes and mastodons"),
    cc('r', "rats and other rodents"),
    cc('s', "spiders, centipedes and scorpions"),
    cc('t', "trappers and lurkers above"),
    cc('u', "unicorns and horses"),
    cc('v', "vortices"),
    cc('w', "worms"),
    cc('x', "grid bugs and xans"),
    cc('y', "yellow and black lights"),
    cc('z', "zruties"),
    cc('A', "angelic beings"),
    cc('B', "bats and birds"),
    cc('C', "centaurs"),
    cc('D', "dragons"),
    cc('E', "elementals and stalkers"),
    cc('F', "fungi and molds"),
    cc('G', "gnomes"),
    cc('H', "giants, ettins, titans and minotaurs"),
    cc('J', "jabberwocks"),
    cc('K', "Keystone Kops"),
    cc('L', "liches"),
    cc('M', "mummies"),
    cc('N', "nagas"),
    cc('O', "ogres"),
    cc('P', "puddings and oozes"),
    cc('Q', "quantum mechanics"),
    cc('R', "rust monsters and disenchanters"),
    cc('S', "snakes"),
    cc('T', "trolls"),
    cc('U', "umber hulks"),
    cc('V', "vampires"),
    cc('W', "wraiths, barrow wights and Nazgul"),
    cc('X', "xorns"),
    cc('Y', "apes and other apelike creatures"),
    cc('Z', "zombies, ghouls and skeletons"),
    cc('@', "humans and elves"),
    cc(' ', "ghosts and shades"),
    cc('\'', "golems"),
    cc('&', "demons, devils and other major powers"),
    cc(';', "sea monsters"),
    cc(':', "lizards, newts and crocodiles"),
    cc('~', "the tail of a long worm"),
    cc(']', "mimics (shown as strange objects)"),
];

/// The 17 object class characters of 3.4.3.
pub const OBJECT_CLASSES: &[ClassChar] = &[
    cc(']', "strange objects"),
    cc(')', "weapons"),
    cc('[', "armor"),
    cc('=', "rings"),
    cc('"', "amulets"),
    cc('(', "tools and containers"),
    cc('%', "food and corpses"),
    cc('!', "potions"),
    cc('?', "scrolls"),
    cc('+', "spellbooks"),
    cc('/', "wands"),
    cc('$', "gold coins"),
    cc('*', "gems and rocks"),
    cc('`', "boulders and statues"),
    cc('0', "iron balls"),
    cc('_', "iron chains"),
    cc('.', "venom"),
];

/// The monster classes in force: vanilla's, or the variant's ([`lexicon`]).
pub fn monster_classes() -> &'static [ClassChar] {
    in_force::tables().map_or(MONSTER_CLASSES, |t| &t.monster_classes)
}

/// The object classes in force: vanilla's, or the variant's ([`lexicon`]).
pub fn object_classes() -> &'static [ClassChar] {
    in_force::tables().map_or(OBJECT_CLASSES, |t| &t.object_classes)
}

pub fn monster_class(c: char) -> Option<&'static ClassChar> {
    monster_classes().iter().find(|m| m.ch == c)
}

pub fn object_class(c: char) -> Option<&'static ClassChar> {
    object_classes().iter().find(|o| o.ch == c)
}

// Limits of 3.4.3 (spec A7).

/// Widest map, in columns, after digits are removed.
pub const MAX_MAP_WIDTH: usize = 76;
/// Tallest map, in rows.
pub const MAX_MAP_HEIGHT: usize = 21;
/// Longest level name, in characters.
pub const MAX_LEVEL_NAME: usize = 8;
/// Entries in one RANDOM_OBJECTS / RANDOM_MONSTERS / RANDOM_PLACES list.
pub const MAX_RANDOM_LIST: usize = 10;
/// Monsters, objects, traps, doors, … each, per room or map part.
pub const MAX_PER_PART: usize = 127;
/// NON_PASSWALL statements per map part.
pub const MAX_PASSWALLS: usize = 31;
/// CORRIDOR statements per level.
pub const MAX_CORRIDORS: usize = 127;
/// SUBROOMs attached to one parent room.
pub const MAX_SUBROOMS: usize = 24;
/// Bytes in one MESSAGE.
pub const MAX_MESSAGE: usize = 254;
/// Bytes in all of a level's messages joined with newlines.
pub const MAX_MESSAGES_JOINED: usize = 255;
/// Highest index of `object[i]`, `monster[i]` and `place[i]`.
pub const MAX_REGISTER_INDEX: usize = 9;
/// Highest index of `align[i]`.
pub const MAX_ALIGN_REGISTER_INDEX: usize = 2;
/// Semantic errors per file before the compiler gives up.
pub const MAX_ERRORS: usize = 25;

/// Level flags of 3.6 (spec A4, B4).
pub const FLAGS_3_6: &[&str] = &[
    "noteleport",
    "hardfloor",
    "nommap",
    "shortsighted",
    "arboreal",
    "mazelevel",
    "premapped",
    "shroud",
    "graveyard",
    "icedpools",
    "solidify",
    "corrmaze",
    "inaccessibles",
];

/// The 3.6 level flags in force: vanilla's, or the variant's ([`lexicon`]).
pub fn flags_3_6() -> &'static [&'static str] {
    lexicon::in_force().map_or(FLAGS_3_6, |l| l.flags())
}

/// The 3.6 value words in force: vanilla's, or every word of the variant
/// in force that is not a statement keyword ([`lexicon`]).
pub fn value_words_3_6() -> &'static [&'static str] {
    lexicon::in_force().map_or(VALUE_WORDS_3_6, |l| l.lower_words())
}

/// Every lowercase value word of lev_comp 3.6 (spec B1, A1.2), as a value
/// (the blocks check also uses it: one where a statement should start is
/// usually a lost comma).
pub const VALUE_WORDS_3_6: &[&str] = &[
    "random",
    "lit",
    "unlit",
    "true",
    "false",
    "north",
    "south",
    "east",
    "west",
    "left",
    "right",
    "top",
    "bottom",
    "center",
    "half-left",
    "half-right",
    "up",
    "down",
    "open",
    "closed",
    "locked",
    "nodoor",
    "broken",
    "secret",
    "law",
    "neutral",
    "chaos",
    "noalign",
    "coaligned",
    "noncoaligned",
    "peaceful",
    "hostile",
    "asleep",
    "awake",
    "blessed",
    "uncursed",
    "cursed",
    "filled",
    "unfilled",
    "irregular",
    "regular",
    "joined",
    "unjoined",
    "female",
    "invisible",
    "cancelled",
    "revived",
    "avenge",
    "fleeing",
    "blinded",
    "paralyzed",
    "stunned",
    "confused",
    "seen_traps",
    "all",
    "buried",
    "eroded",
    "erodeproof",
    "trapped",
    "not_trapped",
    "recharged",
    "greased",
    "quantity",
    "montype",
    "name",
    "rect",
    "fillrect",
    "line",
    "randline",
    "grow",
    "floodfill",
    "rndcoord",
    "circle",
    "ellipse",
    "filter",
    "gradient",
    "radial",
    "square",
    "complement",
    "altar",
    "shrine",
    "sanctum",
    "dust",
    "engrave",
    "burn",
    "mark",
    "blood",
    "solidfill",
    "mazegrid",
    "mines",
    "rogue",
    "levregion",
    "align",
    "none",
    "m_feature",
    "m_monster",
    "m_object",
    "selection",
    "terrain",
    "monster",
    "object",
    "obj",
    "limited",
    "unlimited",
    "horizontal",
    "vertical",
    "dry",
    "wet",
    "hot",
    "solid",
    "any",
    "contained",
];

#[cfg(test)]
mod tests;
