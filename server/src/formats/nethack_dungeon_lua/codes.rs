//! Every diagnostic code of NetHack 5.0's `dungeon.lua`, declared once,
//! with the summary `docs/formats/nethack-dungeon-lua.md` shows (a test
//! below keeps this table, that page and the code literals under
//! `nethack_dungeon_lua/` in step).

use crate::formats::codes::Code;

pub static CODES: &[Code] = &[
    Code::warning(
        "nethack-dungeon-lua::duplicate-name",
        "A dungeon or level named twice: the game finds the first one only",
    ),
    Code::warning(
        "nethack-dungeon-lua::level-not-loaded",
        "A level script (in a level script) that no entry of the dungeon.lua beside it loads",
    ),
    Code::error(
        "nethack-dungeon-lua::missing-dungeon",
        "A dungeon the game looks up by name is not described",
    ),
    Code::error(
        "nethack-dungeon-lua::missing-key",
        "A key the entry must have (`name`, `base`)",
    ),
    Code::error(
        "nethack-dungeon-lua::script-missing",
        "A level whose script is not beside the dungeon.lua",
    ),
    Code::error("nethack-dungeon-lua::syntax", "What Lua cannot read"),
    Code::error(
        "nethack-dungeon-lua::unknown-branch",
        "A branch to a dungeon the description does not have",
    ),
    Code::error(
        "nethack-dungeon-lua::unknown-chain",
        "A `chainlevel` that names no level listed before it",
    ),
    Code::warning(
        "nethack-dungeon-lua::unknown-key",
        "A key the loader never reads (the setting is lost)",
    ),
    Code::error(
        "nethack-dungeon-lua::unknown-value",
        "A word the key does not take (`alignment`, `branchtype`, `direction`, `flags`)",
    ),
    Code::error(
        "nethack-dungeon-lua::unreached-dungeon",
        "A dungeon (not the first, not `unconnected`) that no branch of an earlier dungeon leads to",
    ),
    Code::error(
        "nethack-dungeon-lua::wrong-type",
        "A value of a type the loader does not read there",
    ),
];

#[cfg(test)]
mod tests {
    use crate::formats::codes::check::{agree, Table};

    #[test]
    fn codes_agree_with_the_docs_and_the_source() {
        agree(&Table::of(&super::super::NetHackDungeonLua));
    }
}
