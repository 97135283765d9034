//! Every diagnostic code of `dungeon.def`, declared once, with the summary
//! and severity its row in `docs/formats/dungeon-def.md` shows. The test
//! below keeps this table, that page and the code literals under
//! `formats/dungeon_def/` equal.

use crate::formats::codes::Code;

pub static CODES: &[Code] = &[
    Code::error(
        "dungeon-def::base-out-of-range",
        "A base outside -32..32 (dgn_comp: Abs/Rel base out of dlevel range)",
    ),
    Code::error(
        "dungeon-def::bones-letter",
        "A bones tag that is not one character or \"none\"",
    ),
    Code::error(
        "dungeon-def::chain-from-probabilistic",
        "Chained from a level whose chance is not 100",
    ),
    Code::error(
        "dungeon-def::chain-to-itself",
        "A level chained from itself",
    ),
    Code::error(
        "dungeon-def::conditional",
        "3.6: a `^` conditional line makedefs refuses",
    ),
    Code::error(
        "dungeon-def::duplicate-level",
        "A chained level whose name a level above has",
    ),
    Code::error(
        "dungeon-def::illegal-alignment",
        "ALIGNMENT or LEVALIGN with a word that is no alignment",
    ),
    Code::error(
        "dungeon-def::illegal-description",
        "DESCRIPTION or LEVELDESC with a word it does not take",
    ),
    Code::error(
        "dungeon-def::no-dungeon",
        "Statements but no `DUNGEON:` line",
    ),
    Code::error(
        "dungeon-def::outside-dungeon",
        "A chained level or a branch before the first `DUNGEON:`",
    ),
    Code::error(
        "dungeon-def::range-out-of-range",
        "An `@` placement whose range is below -1 or reaches past level 32",
    ),
    Code::error(
        "dungeon-def::reverse-branch",
        "A branch to a dungeon defined above",
    ),
    Code::error(
        "dungeon-def::syntax",
        "A token dgn_comp's grammar does not take there",
    ),
    Code::error("dungeon-def::too-many-branches", "More than 33 branches"),
    Code::error("dungeon-def::too-many-dungeons", "More than 17 dungeons"),
    Code::error(
        "dungeon-def::too-many-levels",
        "More than 51 special levels",
    ),
    Code::error(
        "dungeon-def::unknown-chain-level",
        "Chained from a name no level of this dungeon above has",
    ),
    Code::error(
        "dungeon-def::unknown-control",
        "3.4.3: a `%` option makedefs does not know",
    ),
    Code::error(
        "dungeon-def::unknown-keyword",
        "A word where a keyword must start a statement",
    ),
    Code::error(
        "dungeon-def::level-not-defined",
        "Across files: a level the game loads that no `.des` file beside it defines",
    ),
    Code::error(
        "dungeon-def::quest-level-missing",
        "Across files: a quest level or filler missing for a role that has others",
    ),
    Code::error(
        "dungeon-def::unknown-branch",
        "A branch to a dungeon no `DUNGEON:` names (the game stops as it starts)",
    ),
    Code::error(
        "dungeon-def::variant-not-defined",
        "Across files: an RNDLEVEL variant no `.des` file beside it defines",
    ),
];

#[cfg(test)]
mod tests {
    use crate::formats::codes::check::{agree, Table};

    #[test]
    fn codes_agree_with_the_docs_and_the_source() {
        agree(&Table::of(&super::super::DungeonDef));
    }
}
