//! Every diagnostic code DERF gives, declared once, with the summary and
//! severity its row in the table of codes of `docs/formats/derf.md` shows.
//! The test below keeps this table, that page and the code literals under
//! `formats/derf/` equal.

use crate::formats::codes::Code;

pub static CODES: &[Code] = &[
    Code::warning(
        "derf::ambiguous-container",
        "Bare `bag` with several bags; read as `bag1`",
    ),
    Code::error(
        "derf::bad-declaration",
        "Line 1 declaration is not exactly `DERF:`, including `DERF` without a colon",
    ),
    Code::warning("derf::byte-order-mark", "File starts with a UTF-8 BOM"),
    Code::warning(
        "derf::cancelling-flags",
        "Two explicitly set flags that each unset the other",
    ),
    Code::error(
        "derf::conflicting-flags",
        "Explicit `+safe_room` with explicit `+boss`/`+monster_spawn`",
    ),
    Code::error(
        "derf::container-line-without-containers",
        "`container:item` with no `Containers:` line before it",
    ),
    Code::error(
        "derf::container-number-out-of-range",
        "`bagN` beyond the number of bags, or `bag0`",
    ),
    Code::warning(
        "derf::container-numbering",
        "Number on the `Containers:` line is not the name's position among its kind",
    ),
    Code::warning(
        "derf::contradictory-flag",
        "Same flag set and unset; last one wins",
    ),
    Code::error(
        "derf::description-read-as-containers",
        "Description prose starting with `Containers:` read as the containers line",
    ),
    Code::error(
        "derf::description-read-as-flags",
        "Description prose starting with `Flags:` read as the flags line",
    ),
    Code::error("derf::double-concealed", "`concealed_concealed_…`"),
    Code::error(
        "derf::duplicate-containers-line",
        "A second `Containers:` line",
    ),
    Code::hint(
        "derf::duplicate-flag",
        "Same flag repeated with the same sign",
    ),
    Code::error("derf::duplicate-flags-line", "A second `Flags:` line"),
    Code::error("derf::empty-containers", "`Containers:` with no name"),
    Code::hint("derf::empty-short-description", "Line 3 is blank"),
    Code::warning(
        "derf::entrance-exit-room",
        "`+dungeon_entrance +dungeon_exit` without saying safe or boss room",
    ),
    Code::warning(
        "derf::flag-alias",
        "`non-euclidian` / `boss_spawn` read as `non_euclidian` / `boss`",
    ),
    Code::error("derf::flag-case", "Flag not in lower case"),
    Code::error("derf::flag-separator", "Comma between flags"),
    Code::error(
        "derf::flags-after-containers",
        "`Flags:` after `Containers:`",
    ),
    Code::error(
        "derf::flags-continuation",
        "Flags continued on another line",
    ),
    Code::warning(
        "derf::ignored-subflag",
        "Sub-flag whose parent is not on in this room",
    ),
    Code::hint(
        "derf::item-type-typo",
        "Item looks like a misspelt item type",
    ),
    Code::error(
        "derf::keyword-case",
        "`Flags:`/`Containers:` written in another case",
    ),
    Code::error(
        "derf::malformed-version",
        "Version is not `major.minor.patch` integers",
    ),
    Code::hint(
        "derf::missing-declaration",
        "`.derf`/`.der` header without `DERF`",
    ),
    Code::error("derf::missing-flag-name", "`+` or `-` with no flag name"),
    Code::error(
        "derf::missing-item",
        "Container line with nothing after `:`",
    ),
    Code::hint("derf::missing-long-description", "No long description"),
    Code::error(
        "derf::missing-version",
        "No version after `DERF:`, line 1 blank, or line 1 is not a header",
    ),
    Code::warning(
        "derf::no-exits",
        "No effective exit and not `non_euclidian`",
    ),
    Code::warning(
        "derf::section-too-early",
        "Line 2 or 3 starts with `Flags:`/`Containers:`",
    ),
    Code::warning(
        "derf::space-after-declaration",
        "Space between `DERF:` and the version",
    ),
    Code::error(
        "derf::space-after-sign",
        "Space between `+`/`-` and the flag name",
    ),
    Code::error(
        "derf::space-before-colon",
        "Space between container and `:`",
    ),
    Code::error("derf::syntax", "A line the grammar cannot read"),
    Code::error(
        "derf::undeclared-container",
        "Container line for a container not on `Containers:`",
    ),
    Code::varies(
        "derf::unknown-container",
        "Not a generic container; valid only if the build provides it",
    ),
    Code::error("derf::unknown-flag", "Not a known flag, alias or sub-flag"),
    Code::warning("derf::unknown-minor-version", "`0.y.z` with y ≠ 1"),
    Code::warning("derf::unknown-patch-version", "`0.1.z` with z ≠ 0"),
    Code::error("derf::unsigned-flag", "Flag without `+`/`-`"),
    Code::error("derf::unsupported-major-version", "Major version ≠ 0"),
    Code::warning(
        "derf::exit-leads-nowhere",
        "Across the folder: an exit no other room can be entered through",
    ),
    Code::error(
        "derf::pool-without-entrance",
        "Across the folder: no room can be the dungeon's entrance",
    ),
    Code::error(
        "derf::pool-without-exit",
        "Across the folder: no room can be the dungeon's exit",
    ),
];

#[cfg(test)]
mod tests {
    use crate::formats::codes::check::{agree, Table};

    #[test]
    fn codes_agree_with_the_docs_and_the_source() {
        agree(&Table::of(&super::super::Derf));
    }
}
