//! Every key of a dungeon-mystery parameter file (the Pokémon Dungeoneer settings JSON): its
//! JSON type, range, defaults, enum codes and what it does. ONE table, the single source of
//! truth for diagnostics, hover, completion, inlay hints and the JSON Schema ([`super::schema`]).
//!
//! Source: `dungeon-mystery-inputs.md` sections 2–7 and 10–11, and the library's docs.

/// A JSON value a field may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    /// A whole JSON number (`1.0` and `1e2` are whole too: `JSON.parse` gives the same number).
    Integer,
    Boolean,
    String,
    /// An object with its own keys.
    Object(&'static [Field]),
    /// An output of the generator that the demo's export writes; accepted as any JSON.
    Output,
}

impl Ty {
    /// The name used in messages and hovers.
    pub fn name(self) -> &'static str {
        match self {
            Ty::Integer => "integer",
            Ty::Boolean => "boolean",
            Ty::String => "string",
            Ty::Object(_) => "object",
            Ty::Output => "any (output)",
        }
    }
}

/// A default value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Int(i64),
    Bool(bool),
    /// An object whose defaults are those of its fields.
    Object,
    /// No default (outputs, levls-only extras).
    None,
}

impl Value {
    /// As JSON text (objects as `{}`).
    pub fn json(self) -> String {
        match self {
            Value::Int(i) => i.to_string(),
            Value::Bool(b) => b.to_string(),
            Value::Object => "{}".into(),
            Value::None => "null".into(),
        }
    }
}

/// What the generator does with a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Read by the generator.
    Input,
    /// Present in the library's class but never read by the algorithm.
    Unused,
    /// Written by the generator; the demo's export includes it; ignored on input.
    Output,
    /// levls-only, ignored by the demo and the library (`$schema`, `seed`).
    Extra,
}

/// One numeric code of an enumeration.
#[derive(Debug, PartialEq, Eq)]
pub struct Code {
    pub code: i64,
    pub name: &'static str,
    pub meaning: &'static str,
}

#[derive(Debug, PartialEq, Eq)]
pub struct Field {
    pub key: &'static str,
    pub ty: Ty,
    /// The valid range (the game's byte range where the field is a byte of the floor record);
    /// outside it is an error.
    pub range: Option<(i64, i64)>,
    /// Where the range comes from, for messages and hovers.
    pub range_why: &'static str,
    /// A percentage: the library draws `RandInt(100)`, so values outside 0..100 saturate.
    pub chance: bool,
    /// The enumeration the code must belong to (empty: not an enumeration).
    pub codes: &'static [Code],
    /// `new X()`'s value in the library.
    pub default: Value,
    /// The Pokémon Dungeoneer demo's starting value.
    pub demo: Value,
    pub role: Role,
    /// Must be present (only the two groups the library requires).
    pub required: bool,
    pub doc: &'static str,
}

const SIGNED_BYTE: (i64, i64) = (-128, 127);
const BYTE: (i64, i64) = (0, 255);
const IN_RECORD: &str = "a signed byte of the game's floor record";
const IN_RECORD_U: &str = "an unsigned byte of the game's floor record";

const INT: Field = Field {
    key: "",
    ty: Ty::Integer,
    range: None,
    range_why: "",
    chance: false,
    codes: &[],
    default: Value::Int(0),
    demo: Value::Int(0),
    role: Role::Input,
    required: false,
    doc: "",
};
const BYTE_INT: Field = Field {
    range: Some(BYTE),
    range_why: IN_RECORD_U,
    ..INT
};
const CHANCE: Field = Field {
    range: Some(BYTE),
    range_why: IN_RECORD_U,
    chance: true,
    ..INT
};
const BOOL: Field = Field {
    ty: Ty::Boolean,
    default: Value::Bool(false),
    demo: Value::Bool(false),
    ..INT
};
const OUTPUT: Field = Field {
    ty: Ty::Output,
    default: Value::None,
    demo: Value::None,
    role: Role::Output,
    doc: "Output of the generator, ignored on input and overwritten. The demo's export writes it; an editor file may omit it.",
    ..INT
};

macro_rules! code {
    ($code:expr, $name:expr, $meaning:expr) => {
        Code {
            code: $code,
            name: $name,
            meaning: $meaning,
        }
    };
}

pub static LAYOUTS: [Code; 16] = [
    code!(
        0,
        "LARGE",
        "the standard layout on the full-size (6×4 cell) grid"
    ),
    code!(
        1,
        "SMALL",
        "the standard layout on a small grid (half the width)"
    ),
    code!(
        2,
        "ONE_ROOM_MONSTER_HOUSE",
        "one big room that is a monster house"
    ),
    code!(
        3,
        "OUTER_RING",
        "a ring of hallways around a block of rooms"
    ),
    code!(
        4,
        "CROSSROADS",
        "rooms on the edges joined by hallways through the middle"
    ),
    code!(
        5,
        "TWO_ROOMS_WITH_MONSTER_HOUSE",
        "two rooms, one of them a monster house"
    ),
    code!(6, "LINE", "one row of rooms"),
    code!(7, "CROSS", "five rooms in a cross"),
    code!(8, "LARGE_0x8", "like LARGE, with a different grid"),
    code!(9, "BEETLE", "a big central room with rooms on both sides"),
    code!(10, "OUTER_ROOMS", "rooms around the edge only"),
    code!(11, "MEDIUM", "the standard layout on a medium grid"),
    code!(12, "UNUSED_0xC", "unused in the game: generates LARGE"),
    code!(13, "UNUSED_0xD", "unused in the game: generates LARGE"),
    code!(14, "UNUSED_0xE", "unused in the game: generates LARGE"),
    code!(15, "UNUSED_0xF", "unused in the game: generates LARGE"),
];

pub static HIDDEN_STAIRS: [Code; 4] = [
    code!(0, "NONE", "no hidden stairs"),
    code!(1, "SECRET_BAZAAR", "hidden stairs to a Secret Bazaar"),
    code!(2, "SECRET_ROOM", "hidden stairs to a Secret Room"),
    code!(
        255,
        "RANDOM_SECRET_BAZAAR_OR_SECRET_ROOM",
        "random in the game; the library does not resolve it and stores 255 as is"
    ),
];

pub static OBJECTIVES: [Code; 4] = [
    code!(0, "STORY", "story mode"),
    code!(1, "NORMAL", "a normal visit"),
    code!(
        2,
        "RESCUE",
        "a rescue: enables the rescue-floor rule (`rescue_floor`)"
    ),
    code!(3, "UNK_GAMEMODE_5", "an unknown game mode"),
];

pub static MISSION_TYPES: [Code; 13] = [
    code!(0, "RESCUE_CLIENT", "rescue the client (has a target: blocks monster houses)"),
    code!(1, "RESCUE_TARGET", "rescue a target (has a target: blocks monster houses)"),
    code!(2, "ESCORT_TO_TARGET", "escort the client to a target (has a target: blocks monster houses)"),
    code!(3, "EXPLORE_WITH_CLIENT", "explore with the client (subtypes: chambers, new dungeon)"),
    code!(4, "PROSPECT_WITH_CLIENT", "prospect with the client"),
    code!(5, "GUIDE_CLIENT", "guide the client"),
    code!(6, "FIND_ITEM", "find an item"),
    code!(7, "DELIVER_ITEM", "deliver an item (has a target: blocks monster houses)"),
    code!(8, "SEARCH_FOR_TARGET", "search for a target (has a target: blocks monster houses)"),
    code!(9, "TAKE_ITEM_FROM_OUTLAW", "take an item from an outlaw (has a target: blocks monster houses; subtypes)"),
    code!(10, "ARREST_OUTLAW", "arrest an outlaw (has a target: blocks monster houses, except subtype 7 MONSTER_HOUSE; subtypes)"),
    code!(11, "CHALLENGE_REQUEST", "a challenge letter (subtypes: legendary Pokémon)"),
    code!(12, "TREASURE_MEMO", "a treasure memo"),
];

pub static EXPLORE_SUBTYPES: [Code; 4] = [
    code!(0, "NORMAL", "a normal exploration"),
    code!(1, "SEALED_CHAMBER", "a sealed chamber"),
    code!(2, "GOLDEN_CHAMBER", "the golden chamber"),
    code!(3, "NEW_DUNGEON", "a new dungeon"),
];
pub static TAKE_ITEM_SUBTYPES: [Code; 3] = [
    code!(0, "NORMAL_OUTLAW", "a normal outlaw"),
    code!(1, "HIDDEN_OUTLAW", "a hidden outlaw"),
    code!(2, "FLEEING_OUTLAW", "a fleeing outlaw"),
];
pub static ARREST_SUBTYPES: [Code; 8] = [
    code!(0, "NORMAL_0", "a normal outlaw"),
    code!(1, "NORMAL_1", "a normal outlaw"),
    code!(2, "NORMAL_2", "a normal outlaw"),
    code!(3, "NORMAL_3", "a normal outlaw"),
    code!(4, "ESCORT", "an outlaw with an escort"),
    code!(5, "FLEEING", "a fleeing outlaw"),
    code!(6, "HIDEOUT", "an outlaw hideout"),
    code!(
        7,
        "MONSTER_HOUSE",
        "an outlaw monster house (does not block monster houses)"
    ),
];
pub static CHALLENGE_SUBTYPES: [Code; 6] = [
    code!(0, "NORMAL", "a normal challenge"),
    code!(1, "MEWTWO", "Mewtwo's challenge"),
    code!(2, "ENTEI", "Entei's challenge"),
    code!(3, "RAIKOU", "Raikou's challenge"),
    code!(4, "SUICUNE", "Suicune's challenge"),
    code!(5, "JIRACHI", "Jirachi's challenge"),
];

/// The subtypes of a mission type, for the types that have them.
pub fn mission_subtypes(mission_type: i64) -> Option<&'static [Code]> {
    match mission_type {
        3 => Some(&EXPLORE_SUBTYPES),
        9 => Some(&TAKE_ITEM_SUBTYPES),
        10 => Some(&ARREST_SUBTYPES),
        11 => Some(&CHALLENGE_SUBTYPES),
        _ => None,
    }
}

/// The layouts where `floor_connectivity <= 0` makes every attempt fail (inputs spec §2);
/// 12–15 and unknown codes generate LARGE, so they are in the list too.
pub fn connectivity_needed(layout: i64) -> bool {
    !matches!(layout, 2..=5 | 7 | 9 | 10)
}

/// The layouts that generate secondary terrain when the flag is on (inputs spec §2).
pub fn has_secondary_terrain(layout: i64) -> bool {
    !matches!(layout, 2 | 5 | 7 | 9)
}

pub static ROOM_FLAGS: [Field; 2] = [
    Field {
        key: "f_secondary_terrain_generation",
        demo: Value::Bool(true),
        doc: "Enables rivers and lakes (1–3 river+lake formations plus `secondary_terrain_density` standalone lakes) and secondary structures. Only on the standard layouts, OUTER_RING, CROSSROADS, LINE and OUTER_ROOMS (not CROSS, BEETLE or the monster-house layouts). Bit 0 of the game's room flags (pmdsky-debug: `f_secondary_structures`).",
        ..BOOL
    },
    Field {
        key: "f_room_imperfections",
        doc: "Rooms may lose corner tiles (see `no_imperfections_chance`). Bit 2 of the game's room flags.",
        ..BOOL
    },
];

pub static FLOOR_PROPS: [Field; 20] = [
    Field {
        key: "layout",
        codes: &LAYOUTS,
        default: Value::Int(1),
        demo: Value::Int(0),
        doc: "The generator to use (FloorLayout). Anything the library does not handle (12–15, negative numbers, a string such as `\"3\"`, `null`) silently generates LARGE.",
        ..INT
    },
    Field {
        key: "room_density",
        range: Some(SIGNED_BYTE),
        range_why: IN_RECORD,
        default: Value::Int(4),
        demo: Value::Int(6),
        doc: "How many grid cells become rooms. Positive: `room_density + RandInt(3)`; negative: exactly `-room_density`; 0 is allowed. Fewer than 2 rooms forces one more. The grid has at most 6×4 = 24 cells, so larger values just fill it. Sensible: about 2–10.",
        ..INT
    },
    Field {
        key: "floor_connectivity",
        default: Value::Int(15),
        demo: Value::Int(15),
        doc: "Steps of the random walk that joins grid cells with hallways. `<= 0` makes every attempt on LARGE, SMALL, MEDIUM, LARGE_0x8 and LINE fail: after 10 attempts the floor becomes a One-Room Monster House. Sensible: 1–30.",
        ..BYTE_INT
    },
    Field {
        key: "enemy_density",
        range: Some(SIGNED_BYTE),
        range_why: "a byte of the game's floor record that the code reads as signed",
        demo: Value::Int(10),
        doc: "How many enemies. Positive: `RandRange(floor(d/2), d)`, at least 1; `<= 0`: exactly `abs(d)`. The spawner then places that number plus one.",
        ..INT
    },
    Field {
        key: "kecleon_shop_chance",
        demo: Value::Int(20),
        doc: "Percentage chance of a Kecleon Shop: only if there is no monster house yet and it is not a rescue floor; needs a connected plain room at least 5×4.",
        ..CHANCE
    },
    Field {
        key: "monster_house_chance",
        demo: Value::Int(20),
        doc: "Percentage chance of a Monster House: only on a normal floor type (not fixed, not rescue), with no shop, and not on a mission destination with a target (except the outlaw-monster-house mission).",
        ..CHANCE
    },
    Field {
        key: "maze_room_chance",
        doc: "Percentage chance of a Wall Maze Room. Has no effect unless `advanced_generation_settings.allow_wall_maze_room_generation` is true (a bug of the game, kept). Needs a room with odd width and height.",
        ..CHANCE
    },
    Field {
        key: "allow_dead_ends",
        doc: "`true`: hallways may end in dead ends. `false`: dead ends are extended to fix them.",
        ..BOOL
    },
    Field {
        key: "secondary_structures_budget",
        doc: "The most secondary-structure rooms (water maze, checkerboard, pool, island, divider) on standard layouts; set to 0 after the first failed attempt. Does not depend on `room_flags.f_secondary_terrain_generation`.",
        ..BYTE_INT
    },
    Field {
        key: "room_flags",
        ty: Ty::Object(&ROOM_FLAGS),
        default: Value::Object,
        demo: Value::Object,
        doc: "Room properties (a bit field in the game).",
        ..INT
    },
    Field {
        key: "item_density",
        demo: Value::Int(5),
        doc: "How many items. If non-zero: `max(RandRange(d-2, d+2), 1)`, +1 if `guaranteed_item_id` is not 0; the spawner places that plus one (so 0 still gives 1 item).",
        ..BYTE_INT
    },
    Field {
        key: "trap_density",
        demo: Value::Int(5),
        doc: "How many traps: `RandRange(floor(d/2), d)`, at most 56; `<= 0` gives none.",
        ..BYTE_INT
    },
    Field {
        key: "floor_number",
        role: Role::Unused,
        doc: "Not used by the generator (the demo hides it).",
        ..BYTE_INT
    },
    Field {
        key: "fixed_room_id",
        doc: "Fixed rooms are not implemented in dungeon-mystery; only a side effect remains: 1–110 (0x01–0x6E) makes the floor type FIXED (no monster house, and stairs reachability is not validated).",
        ..BYTE_INT
    },
    Field {
        key: "num_extra_hallways",
        demo: Value::Int(10),
        doc: "Extra random hallways (momentum walks from a random room); `<= 0` gives none.",
        ..BYTE_INT
    },
    Field {
        key: "buried_item_density",
        demo: Value::Int(10),
        doc: "Items buried in walls: if non-zero, `RandRange(d-2, d+2)`; a result `<= 0` gives none.",
        ..BYTE_INT
    },
    Field {
        key: "secondary_terrain_density",
        default: Value::Int(10),
        demo: Value::Int(5),
        doc: "How many standalone lakes of secondary terrain, only when `room_flags.f_secondary_terrain_generation` is true. The cost grows linearly.",
        ..BYTE_INT
    },
    Field {
        key: "itemless_monster_house_chance",
        doc: "Percentage chance that a monster house has no items or traps; a forced itemless house (layouts 2 and 5, or the fallback) gets at most 4 extra enemies instead of 45.",
        ..CHANCE
    },
    Field {
        key: "hidden_stairs_type",
        codes: &HIDDEN_STAIRS,
        doc: "The hidden stairs on this floor (HiddenStairsType). Placed only if `dungeon_data.floor + 1 < n_floors_plus_one` (not on the last floor). The library's codes differ from the ROM record's (there 0 is the Secret Bazaar).",
        ..INT
    },
    Field {
        key: "hidden_stairs_spawn_chance",
        role: Role::Unused,
        doc: "Not used by the generator.",
        ..BYTE_INT
    },
];

pub static MISSION_DESTINATION: [Field; 3] = [
    Field {
        key: "is_destination_floor",
        doc: "Is this floor a mission's destination? The other two fields are ignored when false.",
        ..BOOL
    },
    Field {
        key: "mission_type",
        codes: &MISSION_TYPES,
        doc: "The mission (MissionType). Types 0, 1, 2, 7, 8, 9 and 10 have a target and block monster houses, except type 10 with subtype 7.",
        ..INT
    },
    Field {
        key: "mission_subtype",
        doc: "Meaning depends on `mission_type`: EXPLORE_WITH_CLIENT (3), TAKE_ITEM_FROM_OUTLAW (9), ARREST_OUTLAW (10) and CHALLENGE_REQUEST (11) have subtypes; the other types have none.",
        ..INT
    },
];

pub static DUNGEON_DATA: [Field; 16] = [
    Field {
        key: "id",
        default: Value::Int(1),
        doc: "The dungeon's id. Only used for: story-mode monster houses get traps when `id >= first_dungeon_id_allow_monster_house_traps` (28, Dark Hill).",
        ..INT
    },
    Field {
        key: "floor",
        default: Value::Int(1),
        doc: "The current floor; compared with `rescue_floor` and `n_floors_plus_one`.",
        ..INT
    },
    Field {
        key: "rescue_floor",
        default: Value::Int(1),
        doc: "With `dungeon_objective` RESCUE (2) and `floor == rescue_floor`: a rescue floor (no shop, no normal monster house, the stairs room becomes a monster house).",
        ..INT
    },
    Field {
        key: "nonstory_flag",
        default: Value::Bool(true),
        demo: Value::Bool(true),
        doc: "`true`: monster houses may always contain traps; `false`: only from dungeon `first_dungeon_id_allow_monster_house_traps` on.",
        ..BOOL
    },
    Field {
        key: "mission_destination",
        ty: Ty::Object(&MISSION_DESTINATION),
        default: Value::Object,
        demo: Value::Object,
        doc: "The mission whose destination this floor is (MissionDestinationInfo).",
        ..INT
    },
    Field {
        key: "dungeon_objective",
        codes: &OBJECTIVES,
        default: Value::Int(1),
        demo: Value::Int(1),
        doc: "Why the player is in the dungeon (DungeonObjectiveType). RESCUE (2) enables the rescue-floor rule.",
        ..INT
    },
    Field {
        key: "guaranteed_item_id",
        doc: "An item guaranteed on the floor; non-zero adds one item.",
        ..INT
    },
    Field {
        key: "n_floors_plus_one",
        default: Value::Int(4),
        demo: Value::Int(5),
        doc: "The dungeon's number of floors plus one (hidden stairs are not placed on the last floor).",
        ..INT
    },
    Field {
        key: "kecleon_shop_min_x",
        ..OUTPUT
    },
    Field {
        key: "kecleon_shop_min_y",
        ..OUTPUT
    },
    Field {
        key: "kecleon_shop_max_x",
        ..OUTPUT
    },
    Field {
        key: "kecleon_shop_max_y",
        ..OUTPUT
    },
    Field {
        key: "num_items",
        ..OUTPUT
    },
    Field {
        key: "list_tiles",
        doc: "Output: the generated 56×32 map, overwritten. The demo's export writes it as arrays of `null`; an editor file may omit it.",
        ..OUTPUT
    },
    Field {
        key: "fixed_room_tiles",
        ..OUTPUT
    },
    Field {
        key: "active_traps",
        ..OUTPUT
    },
];

const CONSTANT_CHANCE: Field = Field {
    chance: true,
    ..INT
};

pub static GENERATION_CONSTANTS: [Field; 6] = [
    Field {
        key: "merge_rooms_chance",
        default: Value::Int(5),
        demo: Value::Int(5),
        doc: "Percentage chance that two eligible rooms merge.",
        ..CONSTANT_CHANCE
    },
    Field {
        key: "no_imperfections_chance",
        default: Value::Int(60),
        demo: Value::Int(60),
        doc: "Percentage chance that a room flagged for imperfections keeps its shape.",
        ..CONSTANT_CHANCE
    },
    Field {
        key: "secondary_structure_flag_chance",
        default: Value::Int(80),
        demo: Value::Int(80),
        doc: "Percentage chance that a room is flagged as a secondary-structure candidate.",
        ..CONSTANT_CHANCE
    },
    Field {
        key: "max_number_monster_house_item_spawns",
        default: Value::Int(7),
        demo: Value::Int(7),
        doc: "The most items and traps in a monster house.",
        ..INT
    },
    Field {
        key: "max_number_monster_house_enemy_spawns",
        default: Value::Int(30),
        demo: Value::Int(30),
        doc: "The most extra enemies in a monster house (times 3/2 when the house is forced).",
        ..INT
    },
    Field {
        key: "first_dungeon_id_allow_monster_house_traps",
        default: Value::Int(28),
        demo: Value::Int(28),
        doc: "From this dungeon `id` on (28, Dark Hill), story-mode monster houses get traps.",
        ..INT
    },
];

pub static ADVANCED_SETTINGS: [Field; 3] = [
    Field {
        key: "allow_wall_maze_room_generation",
        doc: "Lets `maze_room_chance` work (in the game it never does).",
        ..BOOL
    },
    Field {
        key: "fix_dead_end_validation_error",
        doc: "The dead-end repair checks the right neighbour cell (the game checks the wrong one).",
        ..BOOL
    },
    Field {
        key: "fix_generate_outer_rooms_floor_error",
        doc: "OUTER_ROOMS connects properly when the grid is 2 or fewer cells wide.",
        ..BOOL
    },
];

/// The file's top-level keys.
pub static TOP: [Field; 6] = [
    Field {
        key: "floor_props",
        ty: Ty::Object(&FLOOR_PROPS),
        default: Value::Object,
        demo: Value::Object,
        required: true,
        doc: "The floor's own parameters (FloorProperties): layout, rooms, connectivity, densities, chances. Required by the library and by the demo's import.",
        ..INT
    },
    Field {
        key: "dungeon_data",
        ty: Ty::Object(&DUNGEON_DATA),
        default: Value::Object,
        demo: Value::Object,
        required: true,
        doc: "The dungeon around the floor (Dungeon): id, floor number, objective, mission. Required by the library and by the demo's import.",
        ..INT
    },
    Field {
        key: "generation_constants",
        ty: Ty::Object(&GENERATION_CONSTANTS),
        default: Value::Object,
        demo: Value::Object,
        doc: "Constants of the algorithm (GenerationConstants). Optional for the library (class defaults), but the demo's import needs it present.",
        ..INT
    },
    Field {
        key: "advanced_generation_settings",
        ty: Ty::Object(&ADVANCED_SETTINGS),
        default: Value::Object,
        demo: Value::Object,
        doc: "Fixes for bugs of the game (AdvancedGenerationSettings), all off by default. Optional for the library, but the demo's import needs it present.",
        ..INT
    },
    Field {
        key: "$schema",
        ty: Ty::String,
        default: Value::None,
        demo: Value::None,
        role: Role::Extra,
        doc: "levls-only: the JSON Schema of this file, for other JSON tools. Ignored by the demo.",
        ..INT
    },
    Field {
        key: "seed",
        range: Some((0, 4_294_967_295)),
        range_why: "a 32-bit seed of the game's random number generator",
        default: Value::None,
        demo: Value::None,
        role: Role::Extra,
        doc: "levls-only: a seed for a reproducible map preview with the game's generator. dungeon-mystery itself is not seedable; the demo ignores it.",
        ..INT
    },
];

/// The fields of the object at `path` (keys from the top), if it is a known object.
pub fn fields_at(path: &[&str]) -> Option<&'static [Field]> {
    let mut fields: &'static [Field] = &TOP;
    for key in path {
        match fields.iter().find(|f| f.key == *key)?.ty {
            Ty::Object(inner) => fields = inner,
            _ => return None,
        }
    }
    Some(fields)
}

/// The field at `path`, if known.
pub fn field_at(path: &[&str]) -> Option<&'static Field> {
    let (last, parent) = path.split_last()?;
    fields_at(parent)?.iter().find(|f| f.key == *last)
}

impl Field {
    /// The enumeration's entry for `code`.
    pub fn code(&self, code: i64) -> Option<&'static Code> {
        self.codes.iter().find(|c| c.code == code)
    }

    /// Is `value` one of the field's defaults (library or demo)? Such a value is "not set".
    pub fn is_default(&self, value: Value) -> bool {
        value == self.default || value == self.demo
    }

    /// The object with every default, as pretty JSON indented by `indent` levels of two spaces
    /// (the demo's export style). Outputs and extras are left out.
    pub fn default_object(fields: &[Field], indent: usize) -> String {
        let pad = "  ".repeat(indent + 1);
        let lines: Vec<String> = fields
            .iter()
            .filter(|f| matches!(f.role, Role::Input | Role::Unused))
            .map(|f| {
                let value = match f.ty {
                    Ty::Object(inner) => Field::default_object(inner, indent + 1),
                    _ => f.default.json(),
                };
                format!("{pad}\"{}\": {value}", f.key)
            })
            .collect();
        if lines.is_empty() {
            return "{}".into();
        }
        format!("{{\n{}\n{}}}", lines.join(",\n"), "  ".repeat(indent))
    }
}
