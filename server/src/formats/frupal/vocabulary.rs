//! What a Frupal map's words mean: the elements, their parameters and
//! ranges, the terrain characters. One table, shared by analysis, hover,
//! completion and inlay hints.

/// The header element: line 1 of every map.
pub const HEADER: &str = "Frupal_Kingdom:";

/// The largest value most numeric parameters may take (spec: 1..9999).
pub const MAX_VALUE: i64 = 9999;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// A column, 0..W-1.
    X,
    /// A row, 0..H-1.
    Y,
    /// A terrain dimension, 2..128.
    Dimension,
    /// A whole number in `min..=max`.
    Number { min: i64, max: i64 },
    /// A single word: an obstacle or tool kind.
    Kind,
    /// The number of targets that follow (tools).
    TargetCount,
}

#[derive(Debug)]
pub struct Param {
    pub name: &'static str,
    pub kind: ParamKind,
    pub doc: &'static str,
}

#[derive(Debug)]
pub struct ElementInfo {
    pub name: &'static str,
    pub params: &'static [Param],
    /// Tools only: the targets and the numbers after them (see [`TOOL_TAIL`]).
    pub has_targets: bool,
    /// Free text after the parameters (required, non-empty).
    pub description: Option<&'static str>,
    /// May appear at most once (the spec; ship and binoculars are warnings, F5).
    pub once: bool,
    pub required: bool,
    /// How the game draws it.
    pub glyph: Option<&'static str>,
    pub doc: &'static str,
    /// What completion inserts after the name (LSP snippet syntax).
    pub snippet: &'static str,
}

const X: Param = Param {
    name: "x",
    kind: ParamKind::X,
    doc: "column, 0 at the west edge, up to the terrain width − 1",
};
const Y: Param = Param {
    name: "y",
    kind: ParamKind::Y,
    doc: "row, 0 at the north edge, up to the terrain height − 1",
};
const fn number(name: &'static str, max: i64, doc: &'static str) -> Param {
    Param {
        name,
        kind: ParamKind::Number { min: 1, max },
        doc,
    }
}

/// The parameters of a tool after its targets.
pub const TOOL_TAIL: &[Param] = &[
    number(
        "divisor",
        MAX_VALUE,
        "the obstacle's energy cost is divided by this, 1..9999",
    ),
    number("cost", MAX_VALUE, "price in whiffles, 1..9999"),
];

pub const ELEMENTS: &[ElementInfo] = &[
    ElementInfo {
        name: HEADER,
        params: &[],
        has_targets: false,
        description: None,
        once: true,
        required: true,
        glyph: None,
        doc: "Declares a Kingdom of Frupal map. It must be the very first line, written exactly \
              `Frupal_Kingdom:`, with nothing after it.",
        snippet: "",
    },
    ElementInfo {
        name: "terrain:",
        params: &[
            Param { name: "width", kind: ParamKind::Dimension, doc: "number of columns, 2..128" },
            Param { name: "height", kind: ParamKind::Dimension, doc: "number of rows, 2..128" },
        ],
        has_targets: false,
        description: None,
        once: true,
        required: true,
        glyph: None,
        doc: "The size of the kingdom and its terrain: exactly *height* rows follow, each of \
              *width* characters from `.` meadow, `=` wall, `\"` swamp, `~` water. Only the header, \
              blank lines and comments may come before it; no blank or comment line inside the grid.",
        snippet: " ${1:20} ${2:10}",
    },
    ElementInfo {
        name: "start:",
        params: &[X, Y],
        has_targets: false,
        description: None,
        once: true,
        required: true,
        glyph: None,
        doc: "Where the hero starts. Not an item: it may share a cell with one.",
        snippet: " ${1:0} ${2:0}",
    },
    ElementInfo {
        name: "diamonds:",
        params: &[X, Y],
        has_targets: false,
        description: None,
        once: true,
        required: true,
        glyph: Some("a white `$` on cyan"),
        doc: "The Royal Diamonds: the hero wins by reaching them.",
        snippet: " ${1:0} ${2:0}",
    },
    ElementInfo {
        name: "treasure:",
        params: &[X, Y, number("value", MAX_VALUE, "whiffles the hero gains, 1..9999")],
        has_targets: false,
        description: Some("what the hero reads on finding it"),
        once: false,
        required: false,
        glyph: Some("a black `$`"),
        doc: "A treasure chest: the hero gains its value in whiffles.",
        snippet: " ${1:0} ${2:0} ${3:100} ${4:A small pile of coins.}",
    },
    ElementInfo {
        name: "food:",
        params: &[
            X,
            Y,
            number("cost", MAX_VALUE, "price in whiffles, 1..9999"),
            number("energy", MAX_VALUE, "energy the hero gains by eating it, 1..9999"),
        ],
        has_targets: false,
        description: Some("what the food is"),
        once: false,
        required: false,
        glyph: Some("a black `F`"),
        doc: "Food the hero may buy and eat for energy.",
        snippet: " ${1:0} ${2:0} ${3:2} ${4:10} ${5:A loaf of bread.}",
    },
    ElementInfo {
        name: "clue:",
        params: &[X, Y],
        has_targets: false,
        description: Some("the clue's text: entirely true or entirely false"),
        once: false,
        required: false,
        glyph: Some("a black `?`"),
        doc: "A clue shown when the hero finds it. Clues are 100% true or 100% false, and \
              usually make several claims so the player can tell which.",
        snippet: " ${1:0} ${2:0} ${3:You are 3 grovniks west of water.}",
    },
    ElementInfo {
        name: "ship:",
        params: &[X, Y, number("cost", MAX_VALUE, "price in whiffles, 1..9999")],
        has_targets: false,
        description: None,
        once: true,
        required: false,
        glyph: Some("a black `S`"),
        doc: "The ship: once bought, the hero can travel on water.",
        snippet: " ${1:0} ${2:0} ${3:100}",
    },
    ElementInfo {
        name: "binoculars:",
        params: &[
            X,
            Y,
            number("cost", MAX_VALUE, "price in whiffles, 1..9999"),
            number("distance", 999, "sight radius in grovniks with the binoculars, 1..999"),
        ],
        has_targets: false,
        description: None,
        once: true,
        required: false,
        glyph: Some("a black `B`"),
        doc: "Binoculars: the hero sees *distance* grovniks around instead of one.",
        snippet: " ${1:0} ${2:0} ${3:50} ${4:2}",
    },
    ElementInfo {
        name: "obstacle:",
        params: &[
            X,
            Y,
            Param { name: "kind", kind: ParamKind::Kind, doc: "one word naming the obstacle's kind; tools name it in their targets (case-sensitive)" },
            number("energy", MAX_VALUE, "energy to remove it without a tool, 1..9999"),
        ],
        has_targets: false,
        description: Some("what the player sees (the kind is hidden from them)"),
        once: false,
        required: false,
        glyph: Some("a black `!`"),
        doc: "An obstacle that costs energy to remove. Tools whose targets name its kind make it cheaper.",
        snippet: " ${1:0} ${2:0} ${3:boulders} ${4:15} ${5:A boulder blocks the path.}",
    },
    ElementInfo {
        name: "tool:",
        params: &[
            X,
            Y,
            Param { name: "kind", kind: ParamKind::Kind, doc: "one word naming the kind of tool" },
            Param { name: "target_count", kind: ParamKind::TargetCount, doc: "how many obstacle kinds follow, at least 1" },
        ],
        has_targets: true,
        description: Some("what the player sees"),
        once: false,
        required: false,
        glyph: Some("a black `T`"),
        doc: "A tool that divides the energy cost of removing the obstacles it targets: \
              `tool: x y kind target_count target… divisor cost description`.",
        snippet: " ${1:0} ${2:0} ${3:hammers} 1 ${4:boulders} ${5:2} ${6:100} ${7:A sturdy hammer.}",
    },
];

pub fn element(name: &str) -> Option<&'static ElementInfo> {
    ELEMENTS.iter().find(|e| e.name == name)
}

/// The four kinds of terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terrain {
    Meadow,
    Wall,
    Swamp,
    Water,
}

impl Terrain {
    pub fn from_char(c: char) -> Option<Terrain> {
        Some(match c {
            '.' => Terrain::Meadow,
            '=' => Terrain::Wall,
            '"' => Terrain::Swamp,
            '~' => Terrain::Water,
            _ => return None,
        })
    }

    pub fn as_char(self) -> char {
        match self {
            Terrain::Meadow => '.',
            Terrain::Wall => '=',
            Terrain::Swamp => '"',
            Terrain::Water => '~',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Terrain::Meadow => "meadow",
            Terrain::Wall => "wall",
            Terrain::Swamp => "swamp",
            Terrain::Water => "water",
        }
    }

    pub fn doc(self) -> &'static str {
        match self {
            Terrain::Meadow => "open ground: the hero walks here for 1 energy",
            Terrain::Wall => "impassable: the hero can never enter, and no item may stand here",
            Terrain::Swamp => "walkable, but costs the hero more energy",
            Terrain::Water => "only passable with the ship",
        }
    }

    pub fn walkable(self, with_ship: bool) -> bool {
        match self {
            Terrain::Meadow | Terrain::Swamp => true,
            Terrain::Water => with_ship,
            Terrain::Wall => false,
        }
    }
}

pub const TERRAINS: [Terrain; 4] = [
    Terrain::Meadow,
    Terrain::Wall,
    Terrain::Swamp,
    Terrain::Water,
];
