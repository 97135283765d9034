//! The words of a dungeon description with what they mean: the one table
//! hover and completion read.

use super::scanner::{Descriptor, Keyword, Word};

pub struct KeywordDoc {
    pub name: &'static str,
    pub keyword: Keyword,
    /// The statement's form, as completion inserts it (a snippet).
    pub snippet: &'static str,
    pub syntax: &'static str,
    pub doc: &'static str,
}

pub const KEYWORDS: &[KeywordDoc] = &[
    KeywordDoc {
        name: "DUNGEON",
        keyword: Keyword::Dungeon,
        snippet: "DUNGEON: \"${1:name}\" \"${2:none}\" (${3:1}, ${4:0})",
        syntax: "DUNGEON: \"name\" \"bones\" (base, range) [chance]",
        doc: "Starts a dungeon: the lines after it, up to the next `DUNGEON:`, describe it. \
              It has `base` levels plus up to `range` more at random; `chance` (default 100) is \
              the percentage of games that have it. The first dungeon is the main one.",
    },
    KeywordDoc {
        name: "ENTRY",
        keyword: Keyword::Entry,
        snippet: "ENTRY: ${1:-1}",
        syntax: "ENTRY: level",
        doc: "The level of this dungeon a branch into it arrives on: 1 is the top, -1 the bottom \
              (negative counts from the bottom). Without it, the top.",
    },
    KeywordDoc {
        name: "PROTOFILE",
        keyword: Keyword::Protofile,
        snippet: "PROTOFILE: \"${1:name}\"",
        syntax: "PROTOFILE: \"name\"",
        doc: "The prefix of the level files of this dungeon's ordinary levels: level n loads \
              `name<n>` when that file exists (Vlad's Tower: `tower1`…).",
    },
    KeywordDoc {
        name: "DESCRIPTION",
        keyword: Keyword::Description,
        snippet: "DESCRIPTION: ${1|mazelike,hellish,roguelike|}",
        syntax: "DESCRIPTION: hellish | mazelike | roguelike",
        doc: "A property of the whole dungeon: `mazelike` (its filler levels are mazes), \
              `hellish` (Gehennom's rules), `roguelike`. One per line; lines add up.",
    },
    KeywordDoc {
        name: "ALIGNMENT",
        keyword: Keyword::Alignment,
        snippet: "ALIGNMENT: ${1|lawful,neutral,chaotic,unaligned,noalign|}",
        syntax: "ALIGNMENT: lawful | neutral | chaotic | unaligned | noalign",
        doc: "The alignment of the dungeon's temples and inhabitants.",
    },
    KeywordDoc {
        name: "BRANCH",
        keyword: Keyword::Branch,
        snippet: "BRANCH: \"${1:dungeon}\" @ (${2:1}, ${3:0})",
        syntax:
            "BRANCH: \"dungeon\" @ (base, range) [stair | no_up | no_down | portal] [up | down]",
        doc:
            "A way from this dungeon into another, defined further down, on a level placed like a \
              level (`@ (base, range)`). By stairs unless a type is given; down unless `up`.",
    },
    KeywordDoc {
        name: "CHAINBRANCH",
        keyword: Keyword::ChainBranch,
        snippet: "CHAINBRANCH: \"${1:dungeon}\" \"${2:level}\" + (${3:1}, ${4:0})",
        syntax: "CHAINBRANCH: \"dungeon\" \"level\" + (base, range) [type] [up | down]",
        doc:
            "A branch placed relative to a level of this dungeon defined above: `+ (1, 0)` is the \
              level below it. That level must always exist (chance 100).",
    },
    KeywordDoc {
        name: "LEVEL",
        keyword: Keyword::Level,
        snippet: "LEVEL: \"${1:name}\" \"${2:none}\" @ (${3:1}, ${4:0})",
        syntax: "LEVEL: \"name\" \"bones\" @ (base, range) [chance]",
        doc: "A special level of this dungeon, loaded from the level file `name` (a `.des` \
              `MAZE`/`LEVEL` of that name), placed at `base` plus up to `range` (negative: from \
              the bottom; range -1: anywhere below the base). `chance` (default 100) is the \
              percentage of games that have it.",
    },
    KeywordDoc {
        name: "RNDLEVEL",
        keyword: Keyword::RndLevel,
        snippet: "RNDLEVEL: \"${1:name}\" \"${2:none}\" @ (${3:1}, ${4:0}) ${5:2}",
        syntax: "RNDLEVEL: \"name\" \"bones\" @ (base, range) [chance] variants",
        doc: "A special level drawn from `variants` files: `name-1` … `name-<variants>`. With two \
              numbers, the first is the chance.",
    },
    KeywordDoc {
        name: "CHAINLEVEL",
        keyword: Keyword::ChainLevel,
        snippet: "CHAINLEVEL: \"${1:name}\" \"${2:none}\" \"${3:level}\" + (${4:1}, ${5:0})",
        syntax: "CHAINLEVEL: \"name\" \"bones\" \"level\" + (base, range) [chance]",
        doc:
            "A special level placed relative to a level of this dungeon defined above (which must \
              always exist): `+ (1, 0)` is just below it.",
    },
    KeywordDoc {
        name: "RNDCHLEVEL",
        keyword: Keyword::RndChainLevel,
        snippet: "RNDCHLEVEL: \"${1:name}\" \"${2:none}\" \"${3:level}\" + (${4:1}, ${5:0}) ${6:2}",
        syntax: "RNDCHLEVEL: \"name\" \"bones\" \"level\" + (base, range) [chance] variants",
        doc: "A chained level drawn from `variants` files (`name-1` …).",
    },
    KeywordDoc {
        name: "LEVELDESC",
        keyword: Keyword::LevelDesc,
        snippet: "LEVELDESC: ${1|town,mazelike,hellish,roguelike|}",
        syntax: "LEVELDESC: town | hellish | mazelike | roguelike",
        doc: "A property of the level defined just above: `town` (Minetown's rules), `roguelike` \
              (the Rogue tribute level), …",
    },
    KeywordDoc {
        name: "LEVALIGN",
        keyword: Keyword::LevAlign,
        snippet: "LEVALIGN: ${1|lawful,neutral,chaotic,unaligned,noalign|}",
        syntax: "LEVALIGN: lawful | neutral | chaotic | unaligned | noalign",
        doc: "The alignment of the level defined just above.",
    },
];

/// The keyword a misspelt word is closest to (keywords are upper case:
/// `formats::closest` compares in lower case).
pub fn closest_keyword(word: &str) -> Option<&'static str> {
    let lower: Vec<String> = KEYWORDS
        .iter()
        .map(|k| k.name.to_ascii_lowercase())
        .collect();
    let near = crate::formats::closest(word, lower.iter().map(String::as_str))?;
    KEYWORDS
        .iter()
        .map(|k| k.name)
        .find(|name| name.eq_ignore_ascii_case(near))
}

pub fn keyword(keyword: Keyword) -> &'static KeywordDoc {
    KEYWORDS
        .iter()
        .find(|k| k.keyword == keyword)
        .expect("every keyword has a row")
}

/// What a value word means.
pub fn word_doc(word: Word) -> &'static str {
    match word {
        Word::Up => "The branch goes up: its stairs (or portal) lead to a shallower place.",
        Word::Down => "The branch goes down (the default).",
        Word::Stair => "A two-way staircase (the default).",
        Word::NoUp => "A staircase down only: no way back up from the other dungeon.",
        Word::NoDown => "A staircase up only: no way down into the other dungeon.",
        Word::Portal => "A magic portal instead of stairs.",
        Word::Descriptor(d) => match d {
            Descriptor::Town => "A town: shopkeepers, a temple, the watch (levels only).",
            Descriptor::Hellish => "Gehennom's rules: no prayer in safety, fire and demons.",
            Descriptor::Mazelike => "Its filler levels are mazes.",
            Descriptor::Roguelike => "Drawn and played as a tribute to Rogue.",
            Descriptor::Unaligned | Descriptor::Noalign => "No alignment (random temples).",
            Descriptor::Lawful => "Lawful.",
            Descriptor::Neutral => "Neutral.",
            Descriptor::Chaotic => "Chaotic.",
        },
    }
}
