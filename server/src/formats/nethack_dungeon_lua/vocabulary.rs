//! What NetHack 5.0's loader (`dungeon.c`, `init_dungeons` and the
//! functions it calls) reads of each entry of `dungeon.lua`: its keys, what
//! each takes, and the words it knows. A key not listed is never read.

/// The three kinds of entry: a dungeon, a level of a dungeon's `levels`,
/// a branch of its `branches`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    Dungeon,
    Level,
    Branch,
}

impl Entry {
    pub fn label(self) -> &'static str {
        match self {
            Entry::Dungeon => "dungeon",
            Entry::Level => "level",
            Entry::Branch => "branch",
        }
    }

    pub fn keys(self) -> &'static [Key] {
        match self {
            Entry::Dungeon => DUNGEON_KEYS,
            Entry::Level => LEVEL_KEYS,
            Entry::Branch => BRANCH_KEYS,
        }
    }

    pub fn key(self, name: &str) -> Option<&'static Key> {
        self.keys().iter().find(|k| k.name == name)
    }
}

/// What a key's value must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Takes {
    /// A string (a number is turned into one).
    Name,
    /// A string or nothing (a function is called for one).
    Text,
    /// A whole number (a string of digits is read as one).
    Integer,
    /// One of these words, or nothing (the first is the default).
    Word(&'static [&'static str]),
    /// One flag word, or a list of them.
    Flags,
    /// A list of entries.
    List(Entry),
}

pub struct Key {
    pub name: &'static str,
    pub required: bool,
    pub takes: Takes,
    /// What the game does with it.
    pub doc: &'static str,
}

const fn key(name: &'static str, takes: Takes, doc: &'static str) -> Key {
    Key {
        name,
        required: false,
        takes,
        doc,
    }
}

const fn required(name: &'static str, takes: Takes, doc: &'static str) -> Key {
    Key {
        name,
        required: true,
        takes,
        doc,
    }
}

pub const ALIGNMENTS: &[&str] = &["unaligned", "noalign", "lawful", "neutral", "chaotic"];
pub const FLAGS: &[&str] = &["town", "hellish", "mazelike", "roguelike", "unconnected"];
pub const BRANCH_TYPES: &[&str] = &["stair", "portal", "no_down", "no_up"];
/// `direction`'s default is "down", the second word.
pub const DIRECTIONS: &[&str] = &["up", "down"];

const ALIGNMENT_DOC: &str = "the alignment of its temples and altars: `unaligned` (the default) or `noalign` for none, `lawful`, `neutral`, `chaotic`";
const FLAGS_DOC: &str = "one word or a list of them: `town`, `hellish`, `mazelike`, `roguelike`, `unconnected` (a dungeon no branch leads to, whose depth starts at 1)";
const BASE_DOC: &str = "where it goes: a level number from the top (`1`), or from the bottom when negative (`-1` is the last)";
const RANGE_DOC: &str = "how many places from `base` it may go to (0, the default: exactly `base`)";
const CHANCE_DOC: &str =
    "the percentage of games that have it (default 100; wizard mode always does)";
const BONETAG_DOC: &str =
    "the letter of its bones files (its first character); none: no bones are left there";

pub static DUNGEON_KEYS: &[Key] = &[
    required("name", Takes::Name, "the dungeon's name: branches name it, and the game finds \"The Quest\", \"Sokoban\", \"The Gnomish Mines\", \"Vlad's Tower\" and \"The Tutorial\" by theirs"),
    key("bonetag", Takes::Text, BONETAG_DOC),
    required("base", Takes::Integer, "how many levels it has (at least)"),
    key("range", Takes::Integer, "how many more levels it may have: the game picks from `base` to `base + range - 1`"),
    key("alignment", Takes::Word(ALIGNMENTS), ALIGNMENT_DOC),
    key("entry", Takes::Integer, "the level a branch arrives on: from the top when positive, from the bottom when negative (`-1` is the last), the top level when 0 (the default)"),
    key("chance", Takes::Integer, CHANCE_DOC),
    key("flags", Takes::Flags, FLAGS_DOC),
    key("protofile", Takes::Text, "the stem of the scripts of its levels that no special level takes: `<protofile><n>.lua` for level n (`<protofile>.lua` for a dungeon of one level)"),
    key("lvlfill", Takes::Text, "the script (`<lvlfill>.lua`) that makes its levels that no special level takes"),
    key("themerooms", Takes::Text, "the Lua file (with its extension) of the themed rooms of its ordinary levels"),
    key("levels", Takes::List(Entry::Level), "its special levels, each a table"),
    key("branches", Takes::List(Entry::Branch), "its branches to other dungeons, each a table"),
];

pub static LEVEL_KEYS: &[Key] = &[
    required("name", Takes::Name, "the level's name: the game loads `<name>.lua` for it (`<name>-<n>.lua` with `nlevels`; a name starting `x-` is a quest level, loaded as `<Role>-…`)"),
    key("bonetag", Takes::Text, BONETAG_DOC),
    key("chainlevel", Takes::Text, "a level listed before this one: `base` then counts from it"),
    required("base", Takes::Integer, BASE_DOC),
    key("range", Takes::Integer, RANGE_DOC),
    key("nlevels", Takes::Integer, "how many variants it has: the game loads one of `<name>-1.lua` … `<name>-<nlevels>.lua`"),
    key("chance", Takes::Integer, CHANCE_DOC),
    key("alignment", Takes::Word(ALIGNMENTS), ALIGNMENT_DOC),
    key("flags", Takes::Flags, FLAGS_DOC),
];

pub static BRANCH_KEYS: &[Key] = &[
    required("name", Takes::Name, "the dungeon it leads to"),
    key("chainlevel", Takes::Text, "a level listed before it: `base` then counts from it"),
    required("base", Takes::Integer, BASE_DOC),
    key("range", Takes::Integer, RANGE_DOC),
    key("branchtype", Takes::Word(BRANCH_TYPES), "`stair` (the default), `portal`, `no_down` (a one-way stair up: the way down is missing), `no_up`"),
    key("direction", Takes::Word(DIRECTIONS), "whether its stair goes `up` or `down` (the default)"),
];

/// The dungeons the game looks up by name as it starts (`fixup_level_locations`):
/// without one it stops ("Couldn't resolve dungeon number").
pub const LOOKED_UP: &[&str] = &[
    "The Quest",
    "Sokoban",
    "The Gnomish Mines",
    "Vlad's Tower",
    "The Tutorial",
];

/// The file codes of NetHack 5.0's roles (`role.c`): a quest level `x-strt`
/// is loaded as `Arc-strt.lua` for an Archeologist, and so on.
pub const ROLES: &[&str] = &[
    "Arc", "Bar", "Cav", "Hea", "Kni", "Mon", "Pri", "Rog", "Ran", "Sam", "Tou", "Val", "Wiz",
];
