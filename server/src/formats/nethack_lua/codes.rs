//! Every diagnostic code of NetHack 5.0 Lua levels, declared once, with the
//! summary `docs/formats/nethack-lua.md` shows (a test below keeps this
//! table, that page and the code literals under `nethack_lua/` in step).

use crate::formats::codes::Code;

pub static CODES: &[Code] = &[
    Code::varies(
        "nethack-lua::coordinate-outside",
        "A literal point outside its map, room or the level: an error for a door, terrain, mazewalk or drawbridge (\"coord not ok\"), else a warning (clamped or random)",
    ),
    Code::warning(
        "nethack-lua::map-char",
        "A map character the game skips, or a digit it strips",
    ),
    Code::warning(
        "nethack-lua::map-ragged",
        "Map rows of different widths: the game shifts every row after a short one",
    ),
    Code::error(
        "nethack-lua::map-too-tall",
        "A map of more than 22 rows (\"Map data error\")",
    ),
    Code::error(
        "nethack-lua::missing-key",
        "A key the function's table must have",
    ),
    Code::error(
        "nethack-lua::portal-without-name",
        "A portal levregion without `name` (the game crashes)",
    ),
    Code::error(
        "nethack-lua::region-inverted",
        "A level region inside out (x2 < x1 or y2 < y1): the game can crash",
    ),
    Code::error("nethack-lua::syntax", "What Lua cannot read"),
    Code::error(
        "nethack-lua::unknown-function",
        "A `des.` function NetHack 5.0 does not have",
    ),
    Code::warning(
        "nethack-lua::unknown-key",
        "A table key the function ignores (the setting is lost)",
    ),
    Code::varies(
        "nethack-lua::unknown-class",
        "A monster or object class symbol the game does not know (a panic), or a class no monster has, or a `class` of more than one character (ignored)",
    ),
    Code::varies(
        "nethack-lua::unknown-name",
        "A monster, object or trap name NetHack 5.0 does not have: an error where the game stops, a warning where it makes a random one",
    ),
    Code::varies(
        "nethack-lua::unknown-value",
        "A word the key does not take: an error for an option, a warning for a room type",
    ),
    Code::varies(
        "nethack-lua::wrong-arguments",
        "Arguments in a shape no form of the function takes: an error, a warning where the game goes on (stairs, ladders, non_diggable)",
    ),
    Code::error(
        "nethack-lua::wrong-type",
        "A key's value of a type the bindings do not read (a table for a string, a word for a number)",
    ),
];

#[cfg(test)]
mod tests {
    use crate::formats::codes::check::{agree, Table};

    #[test]
    fn codes_agree_with_the_docs_and_the_source() {
        agree(&Table::of(&super::super::NetHackLua));
    }
}
