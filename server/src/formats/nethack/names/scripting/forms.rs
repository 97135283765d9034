//! Each 3.6 statement slot by slot, as lev_comp 3.6's grammar reads it
//! (spec B3): what every argument, tuple element, selection function
//! argument and MONSTER/OBJECT info takes, and what it is called. The reader
//! that walks a statement's tokens against these forms is `ide/slots.rs`;
//! completion offers what a slot takes, hover says which slot a value fills.

use super::{
    ALIGNMENTS, ALTAR_TYPES, BOOLEAN, DIRECTIONS, DOOR_STATES, ENGRAVING_TYPES, FILL_STYLES,
    H_ALIGN, LIGHT, ROOM_FLAGS, UP_DOWN, V_ALIGN,
};
use std::sync::OnceLock;

use crate::formats::nethack::names::profiles::PROFILES;
use crate::formats::nethack::names::vocabulary::FLAGS_3_6;
use crate::formats::nethack::names::{lexicon, profile_in_force};

/// One kind of thing a slot takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Takes {
    /// One of these words.
    Words(&'static [&'static str]),
    /// A direction, or several joined by `|` (`north|west`).
    Directions,
    /// `(x,y)`, `random`, `random[dry]`, `rndcoord(sel)` or a `$coordinate`.
    Coord,
    /// `(x1,y1,x2,y2)` or a `$region`.
    Region,
    /// A region, or `levregion(x1,y1,x2,y2)` in whole-level coordinates.
    LevRegion,
    /// Selection functions, coordinates and `$selections`, joined by `&`.
    Selection,
    /// `'c'`, `('c', lit)` or a `$mapchar`.
    MapChar,
    /// A map character as written, `'c'`.
    Char,
    /// `"name"`, `'c'`, `('c', "name")`, `random` or a `$monster`.
    Monster,
    /// The same for objects.
    Object,
    /// The class letter of `('c', "name")`.
    MonsterClass,
    ObjectClass,
    /// The name of `('c', "name")` (of that class), of `m_monster "name"`.
    MonsterName,
    ObjectName,
    /// A trap name or `random`.
    Trap,
    /// Trap names joined by `|`, or `all`.
    TrapMask,
    /// A room type or `random`, with an optional `[N%]`.
    RoomType,
    /// A dungeon feature's name (what a mimic looks like).
    Feature,
    /// A string expression: strings, `$strings`, joined by `.`.
    Text,
    /// A string as written.
    Str,
    /// An integer expression: numbers, dice, `$integers`, `+ - * / %`.
    Integer,
    /// A number as written.
    Int,
    /// `N%`.
    Percent,
    /// `( … )` with one slot per element.
    Tuple(&'static [ScriptSlot]),
    /// One of a MONSTER's infos ([`MONSTER_INFOS`]).
    MonsterInfo,
    /// One of an OBJECT's infos ([`OBJECT_INFOS`]).
    ObjectInfo,
    /// The kinds of random spot of `random[…]`.
    Humidity,
    /// An array variable.
    Array,
    /// `align[i]`: one of the level's three shuffled alignments.
    AlignRegister,
    /// The value of a `$variable = …`: `selection: …`, `terrain: …`,
    /// `monster: …`, `object: …`, a number, a string, a coordinate, a
    /// region or a `{ list }`.
    Value,
}

/// An argument slot: what it is called and what it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScriptSlot {
    pub name: &'static str,
    pub takes: &'static [Takes],
}

impl ScriptSlot {
    pub fn takes(&self, t: Takes) -> bool {
        self.takes.contains(&t)
    }
    /// The words of its word lists.
    pub fn words(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.takes.iter().flat_map(|t| match t {
            Takes::Words(list) => list.iter().copied(),
            _ => [].iter().copied(),
        })
    }
    /// Does the slot take this word as written (a word of its lists, or
    /// `random` where a coordinate, monster, trap… may be random)?
    pub fn takes_word(&self, w: &str) -> bool {
        self.words().any(|x| x == w)
            || self.takes.iter().any(|t| match t {
                Takes::Directions => DIRECTIONS.contains(&w),
                Takes::Humidity => HUMIDITY.iter().any(|(h, _)| *h == w),
                Takes::TrapMask => w == "all",
                Takes::AlignRegister => w == "align",
                Takes::Coord
                | Takes::Selection
                | Takes::Monster
                | Takes::Object
                | Takes::Trap
                | Takes::RoomType => w == "random",
                _ => false,
            })
    }
}

/// What FLAGS takes: the level flags in force (a variant's own, with its
/// profile).
fn level_flags() -> &'static [Takes] {
    static VANILLA: [Takes; 1] = [Takes::Words(FLAGS_3_6)];
    static PROFILED: OnceLock<Vec<[Takes; 1]>> = OnceLock::new();
    let Some(profile) = profile_in_force() else {
        return &VANILLA;
    };
    let all = PROFILED.get_or_init(|| {
        PROFILES
            .iter()
            .map(|p| [Takes::Words(lexicon::of_profile(p).flags())])
            .collect()
    });
    PROFILES
        .iter()
        .position(|p| p.name == profile.name)
        .map_or(&VANILLA, |i| &all[i])
}

const fn slot(name: &'static str, takes: &'static [Takes]) -> ScriptSlot {
    ScriptSlot { name, takes }
}

use Takes as T;

/// `(x,y)`.
pub const XY: &[ScriptSlot] = &[slot("x (column)", &[T::Int]), slot("y (row)", &[T::Int])];
/// `(x1,y1,x2,y2)`.
pub const RECT: &[ScriptSlot] = &[
    slot("left x", &[T::Int]),
    slot("top y", &[T::Int]),
    slot("right x", &[T::Int]),
    slot("bottom y", &[T::Int]),
];
/// `('c', lit)`.
pub const MAPCHAR_LIGHT: &[ScriptSlot] = &[
    slot("map character", &[T::Char]),
    slot("lighting", &[T::Words(LIGHT)]),
];
/// `('c', "name")` of a monster.
pub const MONSTER_PAIR: &[ScriptSlot] = &[
    slot("monster class", &[T::MonsterClass]),
    slot("monster species", &[T::MonsterName]),
];
/// `('c', "name")` of an object.
pub const OBJECT_PAIR: &[ScriptSlot] = &[
    slot("object class", &[T::ObjectClass]),
    slot("object kind", &[T::ObjectName]),
];
const ROOM_CELL: &[ScriptSlot] = &[
    slot("grid column (1–5)", &[T::Int]),
    slot("grid row (1–5)", &[T::Int]),
];
const SUBROOM_POS: &[ScriptSlot] = &[
    slot("x in the parent room", &[T::Int]),
    slot("y in the parent room", &[T::Int]),
];
const ROOM_ALIGN: &[ScriptSlot] = &[
    slot("horizontal alignment", &[T::Words(H_ALIGN)]),
    slot("vertical alignment", &[T::Words(V_ALIGN)]),
];
const SIZE: &[ScriptSlot] = &[slot("width", &[T::Int]), slot("height", &[T::Int])];
const CORRIDOR_END: &[ScriptSlot] = &[
    slot("room number", &[T::Int]),
    slot("wall", &[T::Words(DIRECTIONS)]),
    slot("door position", &[T::Int, T::Words(RANDOM)]),
];

const RANDOM: &[&str] = &["random"];
const BOOL_OR_RANDOM: &[&str] = &["true", "false", "random"];
const DRAWBRIDGE_STATES: &[&str] = &["open", "closed", "random"];
const FILLING: &[&str] = &["filled", "unfilled"];
const GRADIENT_TYPES: &[&str] = &["radial", "square"];
const LIMITED: &[&str] = &["limited", "unlimited"];

/// The kinds of random spot of `random[…]` (spec B1).
pub const HUMIDITY: &[(&str, &str)] = &[
    ("dry", "a dry spot (floor, corridor, ice…)"),
    ("wet", "a spot of water (pool or moat)"),
    ("hot", "a spot of lava"),
    ("solid", "a spot of rock or wall"),
    ("any", "any spot"),
];

const POSITION: ScriptSlot = slot("position", &[T::Coord]);
const LIGHTING: ScriptSlot = slot("lighting", &[T::Words(LIGHT)]);
const ROOM_TYPE: ScriptSlot = slot("room type", &[T::RoomType]);
const LEV_REGION: ScriptSlot = slot("region", &[T::LevRegion]);
const EXCLUDED: ScriptSlot = slot("excluded region", &[T::LevRegion]);
const WHERE: ScriptSlot = slot("where", &[T::Selection]);
const KEEP_FRAME: ScriptSlot = slot("keep the map's frame", &[T::Words(BOOLEAN)]);

/// A statement's slots in order; `rest` repeats after them (FLAGS, infos).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    pub slots: Vec<ScriptSlot>,
    pub rest: Option<ScriptSlot>,
}

impl Form {
    /// The slot of argument `index`.
    pub fn slot(&self, index: usize) -> Option<ScriptSlot> {
        self.slots.get(index).copied().or(self.rest)
    }
}

/// What the first argument turned out to be: some statements have one form
/// per kind of first argument (INIT_MAP's fill style, GEOMETRY, STAIR).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum First<'a> {
    /// Not read yet (the cursor is in it).
    Unread,
    Word(&'a str),
    /// A tuple of this many elements.
    Tuple(usize),
    /// `name(…)`.
    Call(&'a str),
    Other,
}

/// The form of a 3.6 `keyword`, given its first argument.
pub fn form(keyword: &str, first: First) -> Option<Form> {
    let fixed = |slots: &[ScriptSlot]| Form {
        slots: slots.to_vec(),
        rest: None,
    };
    let repeated = |slots: &[ScriptSlot], rest: ScriptSlot| Form {
        slots: slots.to_vec(),
        rest: Some(rest),
    };
    let room_flags = slot("room flags", &[T::Words(ROOM_FLAGS)]);
    Some(match keyword {
        "MAZE" => fixed(&[
            slot("level name", &[T::Str]),
            slot("fill character", &[T::Char, T::Words(RANDOM)]),
        ]),
        "LEVEL" => fixed(&[slot("level name", &[T::Str])]),
        "FLAGS" => repeated(&[], slot("level flag", level_flags())),
        "MESSAGE" => fixed(&[slot("message text", &[T::Text])]),
        "INIT_MAP" => {
            let style = slot("fill style", &[T::Words(FILL_STYLES)]);
            match first {
                First::Word("solidfill") => fixed(&[
                    style,
                    slot("fill character", &[T::Char, T::Tuple(MAPCHAR_LIGHT)]),
                ]),
                First::Word("mazegrid") => fixed(&[style, slot("wall character", &[T::Char])]),
                First::Word("mines") => fixed(&[
                    style,
                    slot("foreground terrain", &[T::Char]),
                    slot("background terrain", &[T::Char]),
                    slot("smoothed", &[T::Words(BOOLEAN)]),
                    slot("joined", &[T::Words(BOOLEAN)]),
                    LIGHTING,
                    slot("walled", &[T::Words(BOOL_OR_RANDOM)]),
                    slot("filling", &[T::Char]),
                ]),
                _ => fixed(&[style]),
            }
        }
        "GEOMETRY" => match first {
            First::Word(_) => fixed(&[
                slot("horizontal placement", &[T::Words(H_ALIGN)]),
                slot("vertical placement", &[T::Words(V_ALIGN)]),
                KEEP_FRAME,
            ]),
            First::Unread => fixed(&[slot("horizontal placement", &[T::Words(H_ALIGN), T::Coord])]),
            _ => fixed(&[slot("placement", &[T::Coord]), KEEP_FRAME]),
        },
        "MONSTER" => repeated(
            &[slot("monster", &[T::Monster]), POSITION],
            slot("monster info", &[T::MonsterInfo]),
        ),
        "OBJECT" | "CONTAINER" => repeated(
            &[slot("object", &[T::Object])],
            slot("object info", &[T::ObjectInfo]),
        ),
        "TRAP" => fixed(&[slot("trap type", &[T::Trap]), POSITION]),
        "DOOR" => fixed(&[slot("door state", &[T::Words(DOOR_STATES)]), WHERE]),
        "ROOMDOOR" => fixed(&[
            slot("secret", &[T::Words(BOOL_OR_RANDOM)]),
            slot("door state", &[T::Words(DOOR_STATES)]),
            slot("wall", &[T::Directions, T::Words(RANDOM)]),
            slot("position along the wall", &[T::Int, T::Words(RANDOM)]),
        ]),
        "ROOM" => repeated(
            &[
                ROOM_TYPE,
                LIGHTING,
                slot(
                    "cell of the 5 × 5 level grid",
                    &[T::Tuple(ROOM_CELL), T::Words(RANDOM)],
                ),
                slot(
                    "alignment in its cell",
                    &[T::Tuple(ROOM_ALIGN), T::Words(RANDOM)],
                ),
                slot("size", &[T::Tuple(SIZE), T::Words(RANDOM)]),
            ],
            room_flags,
        ),
        "SUBROOM" => repeated(
            &[
                ROOM_TYPE,
                LIGHTING,
                slot(
                    "position in the parent room",
                    &[T::Tuple(SUBROOM_POS), T::Words(RANDOM)],
                ),
                slot("size", &[T::Tuple(SIZE), T::Words(RANDOM)]),
            ],
            room_flags,
        ),
        "REGION" => repeated(
            &[slot("area", &[T::Region]), LIGHTING, ROOM_TYPE],
            slot("region flags", &[T::Words(ROOM_FLAGS)]),
        ),
        "TERRAIN" => fixed(&[WHERE, slot("terrain", &[T::MapChar])]),
        "REPLACE_TERRAIN" => fixed(&[
            slot("area", &[T::Region]),
            slot("terrain to replace", &[T::MapChar]),
            slot("terrain to put", &[T::MapChar]),
            slot("chance for each cell", &[T::Percent]),
        ]),
        "FOUNTAIN" | "SINK" | "POOL" | "WALLIFY" => fixed(&[WHERE]),
        "MAZEWALK" => fixed(&[
            POSITION,
            slot("first direction", &[T::Words(DIRECTIONS)]),
            slot("stocked", &[T::Words(BOOLEAN)]),
            slot("fill character", &[T::Char]),
        ]),
        "GRAVE" => fixed(&[POSITION, slot("epitaph", &[T::Text, T::Words(RANDOM)])]),
        "GOLD" => fixed(&[slot("amount", &[T::Integer]), POSITION]),
        "ENGRAVING" => fixed(&[
            POSITION,
            slot("engraving type", &[T::Words(ENGRAVING_TYPES)]),
            slot("engraved text", &[T::Text]),
        ]),
        "DRAWBRIDGE" => fixed(&[
            POSITION,
            slot("direction of the wall", &[T::Words(DIRECTIONS)]),
            slot("drawbridge state", &[T::Words(DRAWBRIDGE_STATES)]),
        ]),
        "STAIR" => match first {
            First::Tuple(4) | First::Call("levregion") => fixed(&[
                LEV_REGION,
                EXCLUDED,
                slot("direction of travel", &[T::Words(UP_DOWN)]),
            ]),
            First::Unread => fixed(&[slot("position", &[T::Coord, T::LevRegion])]),
            _ => fixed(&[POSITION, slot("direction of travel", &[T::Words(UP_DOWN)])]),
        },
        "LADDER" => fixed(&[POSITION, slot("direction of travel", &[T::Words(UP_DOWN)])]),
        "ALTAR" => fixed(&[
            POSITION,
            slot("alignment", &[T::Words(ALIGNMENTS), T::AlignRegister]),
            slot("altar type", &[T::Words(ALTAR_TYPES)]),
        ]),
        "NON_DIGGABLE" | "NON_PASSWALL" => fixed(&[slot("area", &[T::Region])]),
        "TELEPORT_REGION" => fixed(&[
            LEV_REGION,
            EXCLUDED,
            slot("direction of travel", &[T::Words(UP_DOWN)]),
        ]),
        "PORTAL" => fixed(&[LEV_REGION, EXCLUDED, slot("destination level", &[T::Str])]),
        "BRANCH" => fixed(&[LEV_REGION, EXCLUDED]),
        "MINERALIZE" => fixed(&[
            slot("kelp in pools (chance)", &[T::Integer]),
            slot("kelp in moats (chance)", &[T::Integer]),
            slot("gold in rock (chance)", &[T::Integer]),
            slot("gems in rock (chance)", &[T::Integer]),
        ]),
        "RANDOM_CORRIDORS" => fixed(&[slot("corridors (ignored)", &[T::Int, T::Words(RANDOM)])]),
        "CORRIDOR" => fixed(&[
            slot("start door", &[T::Tuple(CORRIDOR_END)]),
            slot("end door or room number", &[T::Tuple(CORRIDOR_END), T::Int]),
        ]),
        "SHUFFLE" => fixed(&[slot("array to shuffle", &[T::Array])]),
        _ => return None,
    })
}

/// A selection function (spec B3).
pub struct SelectionFn {
    pub name: &'static str,
    pub form: &'static str,
    /// What it selects.
    pub what: &'static str,
    /// Its arguments go in parentheses (`grow(…)`), not after it (`rect …`).
    pub parens: bool,
    pub args: &'static [ScriptSlot],
    /// What completion inserts: the call with a value in each required slot.
    pub snippet: &'static str,
}

const fn sel(
    name: &'static str,
    form: &'static str,
    what: &'static str,
    parens: bool,
    args: &'static [ScriptSlot],
    snippet: &'static str,
) -> SelectionFn {
    SelectionFn {
        name,
        form,
        what,
        parens,
        args,
        snippet,
    }
}

/// The selection functions; `rndcoord` makes a coordinate of a selection.
pub const SELECTION_FNS: &[SelectionFn] = &[
    sel("rect", "rect (x1,y1,x2,y2)", "the outline of the rectangle (its border cells)", false,
        &[slot("rectangle", &[T::Region])], "rect (${1:0},${2:0},${3:4},${4:4})"),
    sel("fillrect", "fillrect (x1,y1,x2,y2)", "every cell of the rectangle", false,
        &[slot("rectangle", &[T::Region])], "fillrect (${1:0},${2:0},${3:4},${4:4})"),
    sel("line", "line (x1,y1), (x2,y2)", "the cells of the straight line between the two points", false,
        &[slot("start of the line", &[T::Coord]), slot("end of the line", &[T::Coord])],
        "line (${1:0},${2:0}), (${3:4},${4:4})"),
    sel("randline", "randline (x1,y1), (x2,y2), roughness", "a wandering line between the two points; the larger the roughness, the more it strays", false,
        &[slot("start of the line", &[T::Coord]), slot("end of the line", &[T::Coord]), slot("roughness", &[T::Integer])],
        "randline (${1:0},${2:0}), (${3:4},${4:4}), ${5:10}"),
    sel("grow", "grow([dir|…,] sel)", "the selection and its neighbours (in the given directions, else all eight)", true,
        &[slot("directions to grow in", &[T::Directions, T::Selection]), slot("selection to grow", &[T::Selection])],
        "grow(${1:(0,0)})"),
    sel("floodfill", "floodfill (x,y)", "the point and every cell connected to it with the same terrain", false,
        &[slot("starting point", &[T::Coord])], "floodfill (${1:0},${2:0})"),
    sel("rndcoord", "rndcoord(sel)", "one random coordinate of the selection", true,
        &[slot("selection to pick from", &[T::Selection])], "rndcoord(${1:(0,0)})"),
    sel("circle", "circle((x,y), r [, filled|unfilled])", "the cells within radius r of the point (only its rim when unfilled)", true,
        &[slot("centre", &[T::Coord]), slot("radius", &[T::Integer]), slot("filled or only the rim", &[T::Words(FILLING)])],
        "circle((${1:0},${2:0}), ${3:3})"),
    sel("ellipse", "ellipse((x,y), rx, ry [, filled|unfilled])", "the cells of the ellipse around the point", true,
        &[slot("centre", &[T::Coord]), slot("horizontal radius", &[T::Integer]), slot("vertical radius", &[T::Integer]), slot("filled or only the rim", &[T::Words(FILLING)])],
        "ellipse((${1:0},${2:0}), ${3:4}, ${4:2})"),
    sel("filter", "filter(N%, sel) · filter(sel, sel) · filter(mapchar, sel)", "the cells of the selection that pass the filter", true,
        &[slot("filter", &[T::Percent, T::Selection, T::MapChar]), slot("selection to filter", &[T::Selection])],
        "filter(${1:50%}, ${2:(0,0)})"),
    sel("gradient", "gradient(…)", "cells chosen with a chance that falls off with distance (unusable in 3.6: its `-` is lexed as a word)", true,
        &[slot("gradient type", &[T::Words(GRADIENT_TYPES)]), slot("distances", &[T::Tuple(&[slot("nearest distance", &[T::Integer]), slot("limited", &[T::Words(LIMITED)])])]), slot("centre", &[T::Coord]), slot("second centre", &[T::Coord])],
        "gradient(${1:radial}, (${2:0} - ${3:5}), (${4:0},${5:0}))"),
    sel("complement", "complement sel", "every cell of the map not in the selection", false,
        &[slot("selection to invert", &[T::Selection])], "complement ${1:(0,0)}"),
];

/// The selection function of this name.
pub fn selection_fn(name: &str) -> Option<&'static SelectionFn> {
    SELECTION_FNS.iter().find(|f| f.name == name)
}

/// One of a MONSTER's or OBJECT's infos.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Info {
    pub word: &'static str,
    /// Infos of a group are given once (lev_comp: "extra info defined twice").
    pub group: u16,
    /// The value after `word:` (or after the word, for `m_feature "…"`).
    pub value: Option<ScriptSlot>,
    /// The value follows a `:`.
    pub colon: bool,
    /// What completion inserts, when more than the word.
    pub snippet: Option<&'static str>,
    pub meaning: &'static str,
}

const fn info(word: &'static str, group: u16, meaning: &'static str) -> Info {
    Info {
        word,
        group,
        value: None,
        colon: false,
        snippet: None,
        meaning,
    }
}

const fn keyed(
    word: &'static str,
    group: u16,
    value: ScriptSlot,
    snippet: &'static str,
    meaning: &'static str,
) -> Info {
    Info {
        word,
        group,
        value: Some(value),
        colon: true,
        snippet: Some(snippet),
        meaning,
    }
}

const fn tagged(
    word: &'static str,
    value: ScriptSlot,
    snippet: &'static str,
    meaning: &'static str,
) -> Info {
    Info {
        word,
        group: 0x10,
        value: Some(value),
        colon: false,
        snippet: Some(snippet),
        meaning,
    }
}

/// The group of a MONSTER's name string (`"Fido"`).
pub const MONSTER_NAME_GROUP: u16 = 0x1;
/// The group of an OBJECT's enchantment (a number or dice).
pub const OBJECT_SPE_GROUP: u16 = 0x4;
/// The group of an OBJECT's coordinate.
pub const OBJECT_COORD_GROUP: u16 = 0x4000;

/// A MONSTER's infos after its coordinate (lev_comp 3.6's `monster_info`);
/// a string alone is its name.
pub const MONSTER_INFOS: &[Info] = &[
    info("peaceful", 0x2, "The monster is peaceful."),
    info("hostile", 0x2, "The monster is hostile."),
    info("asleep", 0x4, "The monster is asleep."),
    info("awake", 0x4, "The monster is awake."),
    info("law", 0x8, "The monster is lawful."),
    info("neutral", 0x8, "The monster is neutral."),
    info("chaos", 0x8, "The monster is chaotic."),
    info("noalign", 0x8, "The monster is unaligned."),
    info("coaligned", 0x8, "The monster shares the hero's alignment."),
    info("noncoaligned", 0x8, "The monster's alignment differs from the hero's."),
    Info {
        word: "align",
        group: 0x8,
        value: None,
        colon: false,
        snippet: Some("align[${1:0}]"),
        meaning: "`align[i]`: one of the level's three shuffled alignments (0–2); `align: random` a random one.",
    },
    tagged("m_feature", slot("dungeon feature it looks like", &[T::Feature, T::Text]), "m_feature \"${1:fountain}\"",
        "The monster (a mimic) looks like a dungeon feature."),
    tagged("m_monster", slot("monster it looks like", &[T::MonsterName, T::Text]), "m_monster \"${1:jackal}\"",
        "The monster looks like another monster."),
    tagged("m_object", slot("object it looks like", &[T::ObjectName, T::Text]), "m_object \"${1:boulder}\"",
        "The monster (a mimic) looks like an object."),
    info("female", 0x20, "The monster is female."),
    info("invisible", 0x40, "The monster is invisible."),
    info("cancelled", 0x80, "The monster is cancelled."),
    info("revived", 0x100, "The monster was revived (a corpse raised)."),
    info("avenge", 0x200, "Killing the monster angers your god (as the quest leader)."),
    keyed("fleeing", 0x400, slot("turns of fleeing", &[T::Integer]), "fleeing: ${1:10}",
        "The monster flees for this many turns."),
    keyed("blinded", 0x800, slot("turns of blindness", &[T::Integer]), "blinded: ${1:10}",
        "The monster is blind for this many turns."),
    keyed("paralyzed", 0x1000, slot("turns of paralysis", &[T::Integer]), "paralyzed: ${1:10}",
        "The monster cannot move for this many turns."),
    info("stunned", 0x2000, "The monster is stunned."),
    info("confused", 0x4000, "The monster is confused."),
    keyed("seen_traps", 0x8000, slot("traps it knows of", &[T::TrapMask]), "seen_traps: ${1:all}",
        "The traps the monster knows of: trap names joined by `|`, or `all`."),
];

/// An OBJECT's or CONTAINER's infos, in any order, each group once
/// (lev_comp 3.6's `object_info`); a coordinate or a number is one too.
pub const OBJECT_INFOS: &[Info] = &[
    info("blessed", 0x1, "The object is blessed."),
    info("uncursed", 0x1, "The object is uncursed."),
    info("cursed", 0x1, "The object is cursed."),
    keyed(
        "montype",
        0x2,
        slot("monster type", &[T::Monster]),
        "montype: ${1:random}",
        "The monster of a corpse, statue, figurine or egg.",
    ),
    keyed(
        "name",
        0x8,
        slot("given name", &[T::Text]),
        "name: \"${1:name}\"",
        "The object's name.",
    ),
    keyed(
        "quantity",
        0x10,
        slot("quantity", &[T::Integer]),
        "quantity: ${1:2}",
        "How many objects in the stack.",
    ),
    info("buried", 0x20, "The object is buried under the spot."),
    info("lit", 0x40, "The object (a lamp or candle) is lit."),
    info("unlit", 0x40, "The object (a lamp or candle) is not lit."),
    keyed(
        "eroded",
        0x80,
        slot("erosion", &[T::Integer]),
        "eroded: ${1:1}",
        "How rusty, burnt or rotted the object is (1–3).",
    ),
    info("erodeproof", 0x80, "The object cannot erode."),
    info("locked", 0x100, "The container is locked."),
    info("broken", 0x200, "The container's lock is broken."),
    info("trapped", 0x400, "The container is trapped."),
    info("not_trapped", 0x400, "The container is not trapped."),
    keyed(
        "recharged",
        0x800,
        slot("times recharged", &[T::Integer]),
        "recharged: ${1:1}",
        "How many times the wand or tool was recharged.",
    ),
    info("invisible", 0x1000, "The object is invisible."),
    info("greased", 0x2000, "The object is greased."),
];

/// The info of this word in a MONSTER (`monster`) or an OBJECT.
pub fn info_of(monster: bool, word: &str) -> Option<&'static Info> {
    let list = if monster { MONSTER_INFOS } else { OBJECT_INFOS };
    list.iter().find(|i| i.word == word)
}

/// The names of dungeon features a mimic may look like (`m_feature "…"`):
/// the game's own map symbols' descriptions, which the game looks the
/// string up in (drawing.c's `defsyms`).
pub const FEATURES: &[&str] = &[
    "dark part of a room",
    "wall",
    "doorway",
    "open door",
    "closed door",
    "iron bars",
    "tree",
    "floor of a room",
    "corridor",
    "lit corridor",
    "staircase up",
    "staircase down",
    "ladder up",
    "ladder down",
    "altar",
    "grave",
    "opulent throne",
    "sink",
    "fountain",
    "water",
    "ice",
    "molten lava",
    "lowered drawbridge",
    "raised drawbridge",
    "air",
    "cloud",
    "arrow trap",
    "dart trap",
    "falling rock trap",
    "squeaky board",
    "bear trap",
    "land mine",
    "rolling boulder trap",
    "sleeping gas trap",
    "rust trap",
    "fire trap",
    "pit",
    "spiked pit",
    "hole",
    "trap door",
    "teleportation trap",
    "level teleporter",
    "magic portal",
    "web",
    "statue trap",
    "magic trap",
    "anti-magic field",
    "polymorph trap",
    "vibrating square",
    "poison cloud",
    "valid position",
];

/// What a word means in one slot, where the slot gives it a sense of its
/// own (a circle's `filled`, GEOMETRY's `false`): slot, word, meaning.
pub const SLOT_SENSES: &[(&str, &str, &str)] = &[
    (
        "filled or only the rim",
        "filled",
        "every cell of the shape",
    ),
    (
        "filled or only the rim",
        "unfilled",
        "only the cells of its rim",
    ),
    (
        "keep the map's frame",
        "true",
        "coordinates after the map stay relative to it (as without the argument)",
    ),
    (
        "keep the map's frame",
        "false",
        "after the map, coordinates go back to the frame they had before it",
    ),
    ("secret", "true", "the door is a secret door"),
    ("secret", "false", "an ordinary door"),
    (
        "stocked",
        "true",
        "the maze gets its usual random objects and monsters",
    ),
    ("stocked", "false", "the maze is left empty"),
    ("smoothed", "true", "the cave's walls are smoothed"),
    ("smoothed", "false", "the cave's walls are left rough"),
    (
        "joined",
        "true",
        "every part of the cave is joined to the others",
    ),
    ("joined", "false", "parts of the cave may stay cut off"),
    (
        "walled",
        "true",
        "walls are put between the cave's floor and rock",
    ),
    ("walled", "false", "no walls: floor meets rock"),
];

/// What the value of a variable assignment may start with (`$v = selection: …`).
/// The key, what the value is, what it takes.
pub const VALUE_KEYS: &[(&str, &str, Takes)] = &[
    ("selection", "selection", T::Selection),
    ("terrain", "map character", T::MapChar),
    ("monster", "monster", T::Monster),
    ("object", "object", T::Object),
];

#[cfg(test)]
mod tests;
