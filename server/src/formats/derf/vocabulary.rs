//! What DERF words mean: flags, containers, item types, and the text shown
//! for them on hover and in completion. One table per kind of word, so that
//! analysis, hover and completion never disagree.

/// The flag groups of spec §6.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagGroup {
    Dungeon,
    Mob,
    Exit,
    Special,
}

impl FlagGroup {
    pub fn label(self) -> &'static str {
        match self {
            FlagGroup::Dungeon => "dungeon flag",
            FlagGroup::Mob => "mob flag",
            FlagGroup::Exit => "exit flag",
            FlagGroup::Special => "special flag",
        }
    }
}

pub struct FlagInfo {
    pub name: &'static str,
    pub group: FlagGroup,
    pub summary: &'static str,
    pub doc: &'static str,
    /// Flags this one turns on, unless the author wrote them (spec §6, D13, D18).
    pub sets: &'static [&'static str],
    /// Flags this one turns off, unless the author wrote them (spec §6, D14).
    pub unsets: &'static [&'static str],
}

pub const EXITS: &[&str] = &["north_exit", "south_exit", "east_exit", "west_exit"];

pub const FLAGS: &[FlagInfo] = &[
    FlagInfo {
        name: "dungeon_entrance",
        group: FlagGroup::Dungeon,
        summary: "the dungeon's entrance: players spawn here and may abandon the dungeon",
        doc: "Marks the room where all players spawn and where they may abandon the dungeon. \
              Only one entrance room is placed in a dungeon, however many rooms carry the flag.",
        sets: &[
            "safe_room",
            "north_exit",
            "south_exit",
            "east_exit",
            "west_exit",
        ],
        unsets: &["boss", "monster_spawn", "dungeon_exit", "trap"],
    },
    FlagInfo {
        name: "dungeon_exit",
        group: FlagGroup::Dungeon,
        summary: "the dungeon's exit: players complete the dungeon here",
        doc: "Marks the room where players complete the dungeon. Every dungeon gets exactly one \
              exit room. A room that is both entrance and exit makes players defeat every boss \
              and come back here to finish.",
        sets: &[
            "boss",
            "north_exit",
            "south_exit",
            "east_exit",
            "west_exit",
            "monster_spawn",
            "magic",
        ],
        unsets: &["safe_room", "dungeon_entrance"],
    },
    FlagInfo {
        name: "boss",
        group: FlagGroup::Mob,
        summary: "a boss can (and usually will) spawn here",
        doc: "A boss — a buffed, harder monster — can spawn in this room. Narrow which ones with \
              sub-flags `+<type>_boss` / `+<name>_boss`; exclude with `-<type>_boss`. When `boss` \
              is unset no boss spawns and its sub-flags are ignored.",
        sets: &["trap", "magic"],
        unsets: &["dungeon_entrance", "safe_room"],
    },
    FlagInfo {
        name: "monster_spawn",
        group: FlagGroup::Mob,
        summary: "monsters can (and usually will) spawn here",
        doc: "Monsters can spawn in this room. Narrow which ones with sub-flags \
              `+<type>_monster` / `+<name>_monster`; exclude with `-<type>_monster`. When \
              `monster_spawn` is unset no monster spawns and its sub-flags are ignored.",
        sets: &["magic"],
        unsets: &["dungeon_entrance", "safe_room"],
    },
    FlagInfo {
        name: "safe_room",
        group: FlagGroup::Mob,
        summary: "monsters cannot spawn or enter; players rest here",
        doc: "Monsters can neither spawn in nor generally enter this room, so players can rest. \
              `magic` here is limited to harmless effects. Writing `+safe_room` together with \
              `+boss` or `+monster_spawn` makes Dungeon Engine ignore the room (unless built \
              with `DE_LOAD_CONFLICTING_FLAGS`, where `safe_room` wins).",
        sets: &[],
        unsets: &["monster_spawn", "trap", "boss"],
    },
    FlagInfo {
        name: "north_exit",
        group: FlagGroup::Exit,
        summary: "an exit in the north, usually leading to the next room's south exit",
        doc: "An exit on the north side. It usually joins the next room's `south_exit`; the room \
              can always be entered from the north unless it is `non_euclidian`.",
        sets: &[],
        unsets: &[],
    },
    FlagInfo {
        name: "south_exit",
        group: FlagGroup::Exit,
        summary: "an exit in the south, usually leading to the next room's north exit",
        doc: "An exit on the south side. It usually joins the next room's `north_exit`; the room \
              can always be entered from the south unless it is `non_euclidian`.",
        sets: &[],
        unsets: &[],
    },
    FlagInfo {
        name: "east_exit",
        group: FlagGroup::Exit,
        summary: "an exit in the east, usually leading to the next room's west exit",
        doc: "An exit on the east side. It usually joins the next room's `west_exit`; the room \
              can always be entered from the east unless it is `non_euclidian`.",
        sets: &[],
        unsets: &[],
    },
    FlagInfo {
        name: "west_exit",
        group: FlagGroup::Exit,
        summary: "an exit in the west, usually leading to the next room's east exit",
        doc: "An exit on the west side. It usually joins the next room's `east_exit`; the room \
              can always be entered from the west unless it is `non_euclidian`.",
        sets: &[],
        unsets: &[],
    },
    FlagInfo {
        name: "non_euclidian",
        group: FlagGroup::Special,
        summary: "exits may be one-way or lead to unexpected sides",
        doc: "Changes how rooms link: exits of other rooms may lead here through any side, and \
              this room's exits may be one-way or lead anywhere. Ignored in builds with \
              `DE_EUCLIDIAN_ONLY`.",
        sets: &[],
        unsets: &[],
    },
    FlagInfo {
        name: "trap",
        group: FlagGroup::Special,
        summary: "traps may be placed here (magical ones if `magic` is set)",
        doc: "Traps may be placed in this room, set off by players or monsters. With `magic` \
              set they may be magical. A trap room may still end up with no trap.",
        sets: &[],
        unsets: &[],
    },
    FlagInfo {
        name: "magic",
        group: FlagGroup::Special,
        summary: "the room and its items may be magical",
        doc: "The room may get magical properties or effects, and items in it may be enchanted: \
              helpful, harmful or nothing at all. In a `safe_room` only harmless effects occur. \
              (Not to be confused with the item type `magic` on container lines.)",
        sets: &[],
        unsets: &[],
    },
];

/// Spellings that the spec itself uses for a flag, accepted with a warning (D12, D14).
pub const FLAG_ALIASES: &[(&str, &str, &str)] = &[
    ("non-euclidian", "non_euclidian", "the spec's §6.4 spelling"),
    (
        "boss_spawn",
        "boss",
        "the spec's name in `safe_room`'s unset list",
    ),
];

pub fn flag(name: &str) -> Option<&'static FlagInfo> {
    FLAGS.iter().find(|f| f.name == name)
}

/// Sub-flag families: `<ident>_boss` under `boss`, `<ident>_monster` under `monster_spawn` (D21).
pub const SUBFLAG_FAMILIES: &[(&str, &str)] = &[("_boss", "boss"), ("_monster", "monster_spawn")];

/// If `name` is a sub-flag, its parent flag.
pub fn subflag_parent(name: &str) -> Option<&'static str> {
    SUBFLAG_FAMILIES.iter().find_map(|&(suffix, parent)| {
        let prefix = name.strip_suffix(suffix)?;
        let valid = !prefix.is_empty()
            && prefix
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        valid.then_some(parent)
    })
}

pub struct ContainerInfo {
    pub name: &'static str,
    pub doc: &'static str,
    pub concealed: &'static str,
}

pub const CONTAINERS: &[ContainerInfo] = &[
    ContainerInfo {
        name: "room",
        doc: "The item lies in the room itself — on the floor, on a table — in no other container.",
        concealed: "the item itself is hidden, perhaps under an object",
    },
    ContainerInfo {
        name: "chest",
        doc: "The item is in an unlocked chest.",
        concealed: "either the item or the chest itself is hidden",
    },
    ContainerInfo {
        name: "locked_chest",
        doc: "The item is in a locked chest. Its key is generated and placed somewhere in the dungeon.",
        concealed: "the chest itself is hidden",
    },
    ContainerInfo {
        name: "bag",
        doc: "The item is in a bag of some sort: backpack, rucksack, plain bag…",
        concealed: "the bag is hidden",
    },
    ContainerInfo {
        name: "pots",
        doc: "The item is in a pot (vase, clay pot…); it may be open, or have to be smashed.",
        concealed: "the pot is hidden",
    },
];

pub const CONCEALED_PREFIX: &str = "concealed_";

pub fn container(name: &str) -> Option<&'static ContainerInfo> {
    CONTAINERS.iter().find(|c| c.name == name)
}

/// A container's name as a container line starts with it: `bag`, `concealed_chest2`.
pub fn is_container_name(name: &str) -> bool {
    let base = name.strip_prefix(CONCEALED_PREFIX).unwrap_or(name);
    container(base.trim_end_matches(|c: char| c.is_ascii_digit())).is_some()
}

pub struct ItemTypeInfo {
    pub name: &'static str,
    pub doc: &'static str,
}

pub const ITEM_TYPES: &[ItemTypeInfo] = &[
    ItemTypeInfo {
        name: "weapon",
        doc: "Any standard weapon.",
    },
    ItemTypeInfo {
        name: "defense",
        doc: "A defensive item: a shield, or something else entirely.",
    },
    ItemTypeInfo {
        name: "magic",
        doc: "A magical item: a magical weapon or defensive item, a scroll, a wand… \
              (This item type is unrelated to the room flag `magic`.)",
    },
];

pub fn item_type(name: &str) -> Option<&'static ItemTypeInfo> {
    ITEM_TYPES.iter().find(|t| t.name == name)
}

pub const ITEM_TYPES_NOTE: &str = "An item type limits the random item to that type; several \
    types on one container may give one item with all of them. Any other text names a specific \
    item that your Dungeon Engine build provides.";

/// The only DERF version this spec defines (§9.2).
pub const CURRENT_VERSION: &str = "0.1.0";

pub const HEADER_DOC: &str = "**File declaration** `DERF:` followed by the **format version** \
    `major.minor.patch`. Dungeon Engine uses it to pick a parser: a missing version or an \
    unknown major version makes it ignore the room; an unknown minor or patch version loads \
    with a warning. The only version defined is `0.1.0`.";
pub const NAME_DOC: &str = "**Room name** (line 2): what the room is called. It may be blank: \
    the room is then auto-named `Room N`, numbered from 1 across such rooms.";
pub const SHORT_DOC: &str = "**Short description** (line 3): shown when players look into this \
    room from a neighbouring one while choosing where to go, and perhaps on entering.";
pub const LONG_DOC: &str = "**Long description** (line 4 up to `Flags:` / `Containers:`): shown \
    when players enter the room or ask for more detail. It may span many lines. A line that \
    starts with `Flags:` or `Containers:` ends it.";
pub const FLAGS_LINE_DOC: &str = "**Flags line**: `+flag` sets a flag, `-flag` unsets it, \
    separated by spaces, all on this one line. Some flags set or unset others; a flag you \
    write yourself always wins over an implied one.";
pub const CONTAINERS_LINE_DOC: &str = "**Containers line**: the containers in this room, at \
    least one, separated by spaces. Repeat a name for several (`bag bag`), then refer to them \
    as `bag1`, `bag2` on container lines. Prefix `concealed_` to hide one. Items can only be \
    placed in listed containers; a listed container with no line gets a random item.";
pub const CONTAINER_LINE_DOC: &str = "**Container line** `container:item`: puts an item (or an \
    item type: `weapon`, `defense`, `magic`) in a container listed on the `Containers:` line. \
    Several lines for one container add up.";
