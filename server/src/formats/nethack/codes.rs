//! Every diagnostic code NetHack gives, declared once, with the summary and
//! severity its row in the table of codes of `docs/formats/nethack.md` shows.
//! The test below keeps this table, that page and the code literals under
//! `formats/nethack/` equal.

use crate::formats::codes::Code;

pub static CODES: &[Code] = &[
    Code::error(
        "nethack::argument-count",
        "Too few or too many arguments for the statement",
    ),
    Code::error(
        "nethack::argument-kind",
        "An argument of the wrong kind for its slot",
    ),
    Code::warning(
        "nethack::bad-fill-char",
        "The MAZE fill character is not a map character",
    ),
    Code::error(
        "nethack::bad-map-row",
        "A line in a MAP that is not a map row",
    ),
    Code::error(
        "nethack::before-level",
        "Statements before the first `MAZE:`/`LEVEL:`",
    ),
    Code::error(
        "nethack::chance-after-keyword",
        "A chance written after the keyword (`MONSTER[50%]:`)",
    ),
    Code::error(
        "nethack::chance-format",
        "A `[n%]` chance with a sign or a tab inside",
    ),
    Code::error(
        "nethack::chance-not-allowed",
        "A `[n%]` chance on a statement that takes none",
    ),
    Code::error("nethack::chance-range", "A `[n%]` chance outside its range"),
    Code::warning(
        "nethack::contained-without-container",
        "An object `contained` with no CONTAINER before it",
    ),
    Code::error(
        "nethack::coordinate-range",
        "A coordinate outside the level",
    ),
    Code::error(
        "nethack::coordinates-out-of-map",
        "A coordinate outside its map part",
    ),
    Code::error(
        "nethack::corridor-room",
        "A CORRIDOR room number that is not a declared room",
    ),
    Code::error(
        "nethack::door-not-in-map",
        "A map-form DOOR where the map has no door",
    ),
    Code::error(
        "nethack::door-random-wall",
        "A room DOOR with a random wall but a fixed position",
    ),
    Code::error(
        "nethack::drawbridge-no-wall",
        "A DRAWBRIDGE with no wall one step in its direction",
    ),
    Code::error(
        "nethack::drawbridge-state",
        "A DRAWBRIDGE state other than `open` or `closed`",
    ),
    Code::info(
        "nethack::dialect-changed",
        "An open document's dialect changed while it was edited",
    ),
    Code::error(
        "nethack::dropped-in-3.6",
        "A 3.4.3 form that 3.6 no longer accepts",
    ),
    Code::error("nethack::duplicate-default", "A second DEFAULT in a SWITCH"),
    Code::error(
        "nethack::duplicate-statement",
        "A second FLAGS or INIT_MAP in a level",
    ),
    Code::error("nethack::endmap-outside-map", "`ENDMAP` with no open map"),
    Code::error(
        "nethack::for-variable-too-long",
        "A FOR variable name over 250 bytes, which aborts lev_comp 3.6",
    ),
    Code::error(
        "nethack::geometry-without-map",
        "`GEOMETRY:` not followed by a MAP block",
    ),
    Code::error(
        "nethack::index-not-array",
        "`$v[i]` of a variable that is no array",
    ),
    Code::error(
        "nethack::init-map-char",
        "An INIT_MAP character that is not a map character",
    ),
    Code::error(
        "nethack::init-map-joined",
        "A joined INIT_MAP whose foreground is not `.` or `#`",
    ),
    Code::error(
        "nethack::irregular-region-on-rock",
        "An irregular REGION whose first corner is not floor",
    ),
    Code::error("nethack::level-name-dot", "A `.` in a level name"),
    Code::error(
        "nethack::level-name-too-long",
        "A level name longer than lev_comp allows",
    ),
    Code::error(
        "nethack::levregion-out-of-level",
        "A `levregion(…)` outside the level",
    ),
    Code::warning(
        "nethack::map-before-geometry",
        "A GEOMETRY line among a map's rows, which lev_comp reads as the map's",
    ),
    Code::error(
        "nethack::map-buffer-overflow",
        "A MAP block past lev_comp's 4096-byte map buffer",
    ),
    Code::error(
        "nethack::map-not-alone",
        "`MAP` not alone at the start of its line",
    ),
    Code::hint(
        "nethack::map-ragged-rows",
        "Map rows narrower than the widest, padded with solid rock",
    ),
    Code::warning(
        "nethack::map-repeated",
        "A second `MAP` line inside a map, which lev_comp skips",
    ),
    Code::error(
        "nethack::map-too-large",
        "A map wider than 76 or taller than 21",
    ),
    Code::error(
        "nethack::map-without-geometry",
        "A MAP block not directly after `GEOMETRY:`",
    ),
    Code::error("nethack::maze-without-map", "A MAZE level with no map part"),
    Code::error(
        "nethack::message-too-long",
        "A MESSAGE longer than lev_comp allows",
    ),
    Code::warning(
        "nethack::minihack-level-name",
        "MiniHack: a level not named `mylevel`, which MiniHack never plays",
    ),
    Code::error(
        "nethack::misplaced-statement",
        "A FLAGS, ELSE, CASE, DEFAULT or BREAK out of its place",
    ),
    Code::error(
        "nethack::missing-block",
        "A statement that needs a `{ … }` block without one",
    ),
    Code::error("nethack::missing-colon", "A keyword without its `:`"),
    Code::error(
        "nethack::missing-condition",
        "`IF`, `LOOP` or `SWITCH` without its `[…]`",
    ),
    Code::error(
        "nethack::missing-endmap",
        "A MAP block that runs to the end of the file",
    ),
    Code::warning(
        "nethack::monster-class-mismatch",
        "A monster name of another class than the one written",
    ),
    Code::warning(
        "nethack::monster-name-random-class",
        "A monster name with a random or register class",
    ),
    Code::hint("nethack::name-case", "A name found only by ignoring case"),
    Code::error("nethack::nested-switch", "A SWITCH inside a SWITCH"),
    Code::error("nethack::nesting-too-deep", "A 21st nested IF, LOOP or FOR"),
    Code::error(
        "nethack::newer-dialect",
        "A level in the 3.6 language, checked as 3.4.3",
    ),
    Code::error(
        "nethack::nomap-coordinate-crash",
        "A square in a NOMAP part before any MAP, which crashes lev_comp 3.4.3",
    ),
    Code::warning(
        "nethack::number-wraps",
        "A number past 32 bits, which lev_comp reads wrapped",
    ),
    Code::warning(
        "nethack::object-class-mismatch",
        "An object name of another class than the one written",
    ),
    Code::error(
        "nethack::older-syntax",
        "A 3.4.3 form that 3.6 writes differently",
    ),
    Code::error("nethack::percent-range", "A percentage over 100"),
    Code::warning(
        "nethack::placed-in-wall",
        "Something placed in a wall, rock or door",
    ),
    Code::error(
        "nethack::random-list-too-long",
        "More than 10 entries in the RANDOM_* lists of one kind",
    ),
    Code::error(
        "nethack::random-list-twice",
        "A second RANDOM_* list of one kind",
    ),
    Code::warning(
        "nethack::region-corners-swapped",
        "An area whose corners are out of order",
    ),
    Code::error("nethack::region-out-of-map", "A region outside the map"),
    Code::error(
        "nethack::region-reversed",
        "A REGION whose corners are out of order",
    ),
    Code::warning(
        "nethack::register-beyond-list",
        "A register past the end of the RANDOM_* list in force",
    ),
    Code::error(
        "nethack::register-overflow",
        "A register index past its maximum",
    ),
    Code::error(
        "nethack::room-chance",
        "A room CHANCE given twice, on an ordinary room, or outside 1..99",
    ),
    Code::error("nethack::room-name-twice", "A second NAME in one room"),
    Code::error(
        "nethack::room-position",
        "A ROOM position outside (1..5, 1..5)",
    ),
    Code::error(
        "nethack::shuffle-not-array",
        "`SHUFFLE:` of a variable that is no array",
    ),
    Code::error(
        "nethack::signed-number",
        "A signed number where 3.6 takes none",
    ),
    Code::warning(
        "nethack::stair-in-wall",
        "A STAIR or LADDER in a wall or rock",
    ),
    Code::error(
        "nethack::statement-order",
        "A statement out of the grammar's order",
    ),
    Code::error(
        "nethack::stray-comment",
        "A `#` that does not start a comment line",
    ),
    Code::error(
        "nethack::subroom-parent",
        "A SUBROOM parent that no room's NAME has",
    ),
    Code::error("nethack::subroom-position", "A negative SUBROOM position"),
    Code::error("nethack::syntax-error", "Text the grammar cannot read"),
    Code::error(
        "nethack::token-too-long",
        "A token, string, comment or map row of 512 bytes or more, which aborts lev_comp 3.6",
    ),
    Code::error(
        "nethack::too-many",
        "Too many monsters, objects, traps, doors… in one map part or room",
    ),
    Code::error("nethack::too-many-cases", "A 21st CASE in a SWITCH"),
    Code::error(
        "nethack::too-many-map-parts",
        "An 11th MAP or NOMAP in a MAZE level, past lev_comp 3.4.3's table",
    ),
    Code::error(
        "nethack::too-many-rooms",
        "An 81st ROOM or SUBROOM in a LEVEL, past lev_comp 3.4.3's table",
    ),
    Code::error(
        "nethack::too-many-subrooms",
        "The 25th subroom of one parent",
    ),
    Code::error(
        "nethack::undefined-variable",
        "A variable used before any assignment in its level",
    ),
    Code::error(
        "nethack::unexpected-block",
        "A `{ … }` block after a statement that takes none",
    ),
    Code::error(
        "nethack::unexpected-colon",
        "A `:` after a keyword that takes none",
    ),
    Code::error(
        "nethack::unknown-map-char",
        "3.6: a character that is not a map character in TERRAIN, REPLACE_TERRAIN, filter or a terrain variable",
    ),
    Code::error("nethack::unknown-keyword", "Not a keyword of the dialect"),
    Code::error(
        "nethack::unknown-monster-class",
        "A monster class character that is not a class",
    ),
    Code::varies(
        "nethack::unknown-monster-name",
        "A monster name not in the game's table",
    ),
    Code::error(
        "nethack::unknown-object-class",
        "An object class character that is not a class",
    ),
    Code::varies(
        "nethack::unknown-object-name",
        "An object name not in the game's table",
    ),
    Code::warning(
        "nethack::unknown-room-type",
        "A room type not in the list (an ordinary room is made)",
    ),
    Code::error("nethack::unknown-trap", "A trap name not in the list"),
    Code::error("nethack::unknown-value", "A word the slot does not take"),
    Code::warning(
        "nethack::unplaceable-region",
        "A BRANCH, STAIR, PORTAL or TELEPORT_REGION region with no square the game can place on",
    ),
    Code::error(
        "nethack::unterminated-comment",
        "A comment on the last line without a line break",
    ),
    Code::hint(
        "nethack::unused-variable",
        "A variable assigned but never used",
    ),
    Code::error(
        "nethack::variable-name",
        "A variable name with characters other than letters and `_`",
    ),
    Code::error(
        "nethack::undefined-function",
        "A call of a FUNCTION not defined above it",
    ),
    Code::error(
        "nethack::function-redefined",
        "A FUNCTION defined twice",
    ),
    Code::error(
        "nethack::variable-redefined",
        "A variable assigned a value of another type",
    ),
    Code::error(
        "nethack::variable-type",
        "A variable whose type does not fit where it is used",
    ),
    Code::error(
        "nethack::vault-size",
        "A vault REGION that is not exactly 2 × 2",
    ),
    Code::error(
        "nethack::wrong-level-kind",
        "A statement of the other level kind (MAZE or LEVEL)",
    ),
    Code::varies(
        "nethack::level-defined-twice",
        "Across files: a level another file of the game defines too (error), or this file twice (warning)",
    ),
    Code::warning(
        "nethack::level-not-loaded",
        "Across files: a level no dungeon description of the game loads",
    ),
];

#[cfg(test)]
mod tests {
    use crate::formats::codes::check::{agree, Table};

    #[test]
    fn codes_agree_with_the_docs_and_the_source() {
        agree(&Table::of(&super::super::NetHack));
    }
}
