//! Every diagnostic code WUAS gives, declared once, with the summary and
//! severity its row in the table of codes of `docs/formats/wuas.md` shows.
//! The test below keeps this table, that page and the code literals under
//! `formats/wuas/` equal.

use crate::formats::codes::Code;

pub static CODES: &[Code] = &[
    Code::warning(
        "wuas::alphanumeric-attribute",
        "A defined attribute id that is a letter or digit",
    ),
    Code::error("wuas::ampersand-token", "The token id `&` from v4"),
    Code::error(
        "wuas::attribute-line",
        "An attribute line without two fields",
    ),
    Code::error(
        "wuas::bad-version",
        "The version line is not an integer, or not 1..5",
    ),
    Code::warning("wuas::border", "A border that does not match its row"),
    Code::warning("wuas::box-width", "A box of another width than the others"),
    Code::varies("wuas::byte-order-mark", "The file starts with a UTF-8 BOM"),
    Code::error(
        "wuas::cell-count",
        "Space and token line of a row have different cell counts, or the token line is missing",
    ),
    Code::warning(
        "wuas::definitions-file",
        "The definitions file cannot be read; names are not checked",
    ),
    Code::error("wuas::duplicate-floor", "A floor id used twice"),
    Code::warning(
        "wuas::duplicate-id",
        "A token or attribute id defined again (the last line wins)",
    ),
    Code::error("wuas::duplicate-label", "A label used twice"),
    Code::error(
        "wuas::edge-across-floors",
        "A graph edge between two floors",
    ),
    Code::error(
        "wuas::floor-id",
        "A floor id that is neither an integer nor `inf`",
    ),
    Code::error(
        "wuas::floor-line",
        "v3+: neither `floor=` nor the empty line, or the end of the file, in the floor list",
    ),
    Code::error(
        "wuas::floor-size",
        "A floor of another width or height than the first",
    ),
    Code::error(
        "wuas::graph-line",
        "A graph line that does not split into two at `--`",
    ),
    Code::error("wuas::graph-spaces", "Blanks around an edge's end"),
    Code::error(
        "wuas::hidden-token",
        "v5 hidden token with an item, or a position other than `0 0`",
    ),
    Code::warning(
        "wuas::ignored-text",
        "Text after the last section the version reads",
    ),
    Code::warning("wuas::long-id", "A token id longer than one character"),
    Code::error(
        "wuas::metadata",
        "A metadata line that is not `key: value` with one colon, or no empty line to end it",
    ),
    Code::varies(
        "wuas::missing-blank-line",
        "A non-blank line without `|` where a space line belongs: the board ends early",
    ),
    Code::warning("wuas::missing-border", "A row read as a border line"),
    Code::error("wuas::missing-version", "The file ends before the version"),
    Code::error(
        "wuas::no-version-line",
        "No version line: metadata, `floor=` or the board comes first",
    ),
    Code::error(
        "wuas::ragged-row",
        "A row with another cell count than the floor's first row",
    ),
    Code::varies(
        "wuas::separator-line",
        "The swallowed line after the comments holds a number (lost version) / text",
    ),
    Code::error(
        "wuas::space-name",
        "v3+: a space cell that does not start with an ASCII letter",
    ),
    Code::error("wuas::token-line", "A token line without five fields"),
    Code::error("wuas::token-number", "A token's x or y is not an integer"),
    Code::error(
        "wuas::trailing-ampersand",
        "A `&` at the end of a v4+ token cell",
    ),
    Code::error(
        "wuas::undefined-attribute",
        "An attribute id the attribute table does not define",
    ),
    Code::error(
        "wuas::undefined-token",
        "A token id the token table does not define",
    ),
    Code::varies(
        "wuas::unknown-attribute-name",
        "An attribute name the definitions lack (warning if never looked up)",
    ),
    Code::varies("wuas::unknown-item", "An item the definitions lack"),
    Code::error("wuas::unknown-label", "A graph edge end that is no label"),
    Code::error(
        "wuas::unknown-space",
        "A space (empty cell: `gap`) the definitions lack",
    ),
    Code::varies(
        "wuas::unknown-token-name",
        "A token name the definitions lack (v5 hidden tokens exempt)",
    ),
    Code::hint(
        "wuas::unused-definition",
        "A token or attribute id no cell uses",
    ),
    Code::error(
        "wuas::version-1-blank-line",
        "A blank line after version `1`",
    ),
];

#[cfg(test)]
mod tests {
    use crate::formats::codes::check::{agree, Table};

    #[test]
    fn codes_agree_with_the_docs_and_the_source() {
        agree(&Table::of(&super::super::Wuas));
    }
}
