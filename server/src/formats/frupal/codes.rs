//! Every diagnostic code Frupal gives, declared once, with the summary and
//! severity its row in the table of codes of `docs/formats/frupal.md` shows.
//! The test below keeps this table, that page and the code literals under
//! `formats/frupal/` equal.

use crate::formats::codes::Code;

pub static CODES: &[Code] = &[
    Code::error(
        "frupal::bad-terrain-char",
        "Not `. = \" ~` (space and TAB included) in the first W columns of a row",
    ),
    Code::error(
        "frupal::before-terrain",
        "An element other than the header before `terrain:`",
    ),
    Code::error(
        "frupal::byte-order-mark",
        "The file starts with a UTF-8 BOM",
    ),
    Code::error("frupal::cell-taken", "A second item on one cell"),
    Code::error(
        "frupal::duplicate-element",
        "A second `terrain:`, `start:` or `diamonds:`",
    ),
    Code::error("frupal::duplicate-header", "A second `Frupal_Kingdom:`"),
    Code::error(
        "frupal::gap-in-terrain",
        "A blank or comment line inside the grid",
    ),
    Code::error(
        "frupal::header-spelling",
        "The first non-blank line is a near miss of `Frupal_Kingdom:`",
    ),
    Code::error("frupal::indented-comment", "`#` not in column 0"),
    Code::warning("frupal::indented-element", "An element with leading blanks"),
    Code::error("frupal::item-on-wall", "An item on a `=` cell"),
    Code::error(
        "frupal::missing-element",
        "No `terrain:`, `start:` or `diamonds:`",
    ),
    Code::error(
        "frupal::missing-header",
        "No header first: other text, a comment before it, or an empty file",
    ),
    Code::error(
        "frupal::missing-rows",
        "Fewer terrain rows than `terrain:` says",
    ),
    Code::error(
        "frupal::missing-value",
        "A parameter or the description is missing",
    ),
    Code::error(
        "frupal::not-a-number",
        "A numeric value that is not a whole number",
    ),
    Code::hint(
        "frupal::numeric-target",
        "A number taken as a tool target: target_count may be too big",
    ),
    Code::error("frupal::out-of-range", "A number outside its range"),
    Code::error(
        "frupal::outside-map",
        "A coordinate outside 0..W−1 / 0..H−1",
    ),
    Code::warning(
        "frupal::repeated-element",
        "A second `ship:` or `binoculars:`",
    ),
    Code::error(
        "frupal::row-length",
        "A terrain row shorter or longer than W",
    ),
    Code::hint(
        "frupal::start-on-diamonds",
        "The start is the diamonds' cell",
    ),
    Code::warning("frupal::start-on-wall", "The start is on a wall"),
    Code::error(
        "frupal::stray-row",
        "A terrain-looking line outside the grid",
    ),
    Code::error("frupal::syntax", "A line the grammar cannot read"),
    Code::error(
        "frupal::target-count",
        "target_count disagrees with the targets written",
    ),
    Code::error("frupal::text-after-header", "Text after `Frupal_Kingdom:`"),
    Code::warning(
        "frupal::text-before-header",
        "Blank lines or blanks before the header",
    ),
    Code::error(
        "frupal::unexpected-text",
        "Text after the last value of a fixed-arity element",
    ),
    Code::error(
        "frupal::unknown-element",
        "Not an element name: case, missing colon or space, typo",
    ),
    Code::warning(
        "frupal::unknown-target",
        "A tool target no obstacle kind matches",
    ),
    Code::warning(
        "frupal::unreachable-diamonds",
        "No path from the start to the diamonds",
    ),
    Code::hint(
        "frupal::unreachable-item",
        "No path from the start to an item",
    ),
    Code::hint(
        "frupal::unremovable-obstacle",
        "An obstacle kind no tool targets",
    ),
    Code::error("frupal::whitespace-line", "A line of only spaces or tabs"),
];

#[cfg(test)]
mod tests {
    use crate::formats::codes::check::{agree, Table};

    #[test]
    fn codes_agree_with_the_docs_and_the_source() {
        agree(&Table::of(&super::super::Frupal));
    }
}
