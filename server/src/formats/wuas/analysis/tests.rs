//! Diagnostics of the loader and the analysis: header, metadata, floors, grids, layout, tables.

use crate::formats::wuas::tests::{V1, V5, WUAS};
use expect_test::expect;

#[test]
fn valid_boards_are_clean() {
    WUAS.check_diagnostics(V5, expect![""]);
    WUAS.check_diagnostics(V1, expect![[""]]);
    WUAS.check_diagnostics(&V5.replace('\n', "\r\n"), expect![""]);
}

#[test]
fn header_separator_version_and_bom() {
    WUAS.check_diagnostics(
        &V1.replace("# old\n\n1\n", "1\n"),
        expect![[r#"
            1:1-1:2 error wuas::separator-line: the tool skips this line unread (it expects a blank line after the comments), so this version number is lost and the next line is read as the version
                fix: Insert the blank line before it → ``
        "#]],
    );
    WUAS.check_diagnostics(
        &V1.replace("# old\n\n1\n", "# old\n1\n"),
        expect![[r#"
            2:1-2:2 error wuas::separator-line: the tool skips this line unread (it expects a blank line after the comments), so this version number is lost and the next line is read as the version
                fix: Insert the blank line before it → ``
        "#]],
    );
    WUAS.check_diagnostics(
        &V1.replace("# old\n\n1\n", "# old\nhello\n1\n"),
        expect![[r#"
        2:1-2:6 warning wuas::separator-line: the tool skips this line unread: after the comments the spec wants a blank line here
    "#]],
    );
    WUAS.check_diagnostics(
        &V1.replace("\n1\n", "\n6\n"),
        expect![[r#"
            3:1-3:2 error wuas::bad-version: Invalid version number 6: versions 1 to 5 exist; the tool stops here, levls reads the file as version 1, the latest version whose layout fits
                fix: Change to 1 → `1`
        "#]],
    );
    WUAS.check_diagnostics(
        &V1.replace("\n1\n", "\nv1\n"),
        expect![[r#"
            3:1-3:3 error wuas::bad-version: the tool expects the version number (1 to 5) here, not `v1`: invalid literal for int(); the tool stops here, levls reads the file as version 1, the latest version whose layout fits
                fix: Change to 1 → `1`
        "#]],
    );
    WUAS.check_diagnostics(
        &format!("\u{feff}{V1}"),
        expect![[r#"
            1:1-1:2 error wuas::byte-order-mark: the file starts with a byte-order mark: the tool reads it as part of line 1, so this comment stops being one and the header is read out of step
            1:1-1:7 warning wuas::separator-line: the tool skips this line unread: after the comments the spec wants a blank line here
            2:1-2:1 error wuas::bad-version: the tool reads this empty line as the version and fails (invalid literal for int()); levls reads the file as version 1, from the next line
                fix: Remove the empty line → `1`
        "#]],
    );
    WUAS.check_diagnostics(
        &V1.replace("1\n+---", "1\n\n+---"),
        expect![[r#"
        4:1-4:1 error wuas::version-1-blank-line: in version 1 the board starts on the line right after the version: the tool reads this blank line as the first border and the whole board one line out of step
    "#]],
    );
}

#[test]
fn a_damaged_or_missing_version_line_is_read_as_the_latest_version_that_fits() {
    WUAS.check_diagnostics(
        &V5.replace("\n5\n", "\nv5\n"),
        expect![[r#"
            3:1-3:3 error wuas::bad-version: the tool expects the version number (1 to 5) here, not `v5`: invalid literal for int(); the tool stops here, levls reads the file as version 5, the latest version whose layout fits
                fix: Change to 5 → `5`
        "#]],
    );
    WUAS.check_diagnostics(&V5.replace("\n5\n", "\n"), expect![[r#"
        3:1-3:14 error wuas::no-version-line: the version line is missing: the tool reads this line as the version and fails (invalid literal for int()); levls reads the file as version 5, the latest version whose layout fits
            fix: Insert the version line `5` → `5`
    "#]]);
    WUAS.check_diagnostics(
        &V5.replace("\n5\ntitle: A test\n", "\n"),
        expect![[r#"
            3:1-3:1 error wuas::no-version-line: the version line is missing: the tool reads this line as the version and fails (invalid literal for int()); levls reads the file as version 5, the latest version whose layout fits
                fix: Insert the version line `5` → `5`
        "#]],
    );
    WUAS.check_diagnostics(&V1.replace("\n1\n", "\n5.0\n"), expect![[r#"
        3:1-3:4 error wuas::bad-version: the tool expects the version number (1 to 5) here, not `5.0`: invalid literal for int(); the tool stops here, levls reads the file as version 1, the latest version whose layout fits
            fix: Change to 1 → `1`
    "#]]);
}

#[test]
fn metadata() {
    WUAS.check_diagnostics(
        &V5.replace("title: A test", "title:A test\nurl: http://x\nnot metadata"),
        expect![[r#"
        5:10-5:11 error wuas::metadata: a metadata key or value may not contain a colon: the tool splits at every `:` and fails
        6:1-6:13 error wuas::metadata: `not metadata` is not `key: value` metadata, and the metadata must end with an empty line before the board
    "#]],
    );
    WUAS.check_diagnostics(
        "# x\n\n5\ntitle: x",
        expect![[r#"
        4:9-4:9 error wuas::metadata: the file ends inside the metadata: the blank line that ends it is missing (the tool fails here)
    "#]],
    );
}

#[test]
fn floors() {
    WUAS.check_diagnostics(
        &V5.replace("floor=inf", "floor=0"),
        expect![[r#"
        15:1-15:8 error wuas::duplicate-floor: Duplicate floor 0: floor 0 is already on line 6
    "#]],
    );
    WUAS.check_diagnostics(
        &V5.replace("floor=inf", "floor=up"),
        expect![[r#"
        15:7-15:9 error wuas::floor-id: Invalid floor number 'up', expected an integer or 'inf'
    "#]],
    );
    WUAS.check_diagnostics(
        &V5.replace("+------+------+\n\nfloor=inf", "+------+------+\nfloor=inf"),
        expect![[r#"
        14:1-14:10 error wuas::missing-blank-line: the tool reads this line where the next row's space line should be; with no `|` in it, the board ends here and the line is skipped unread (a blank line is missing after the board, or a board line is missing or doubled above)
        15:1-15:16 error wuas::floor-line: the tool expects `floor=N` or the blank line that ends the floors here (a floor's board must end with a blank line): Expecting floor number
    "#]],
    );
}

#[test]
fn grid_structure() {
    // A token line with one cell too few; a ragged row; a floor of another size.
    WUAS.check_diagnostics(
        &V5.replace("| ab   | &A   |", "| ab   |"),
        expect![[r#"
        9:1-9:9 error wuas::cell-count: the token line has 1 cell(s) but its space line has 2: the tool fails (AssertionError)
        31:1-31:2 error wuas::unknown-label: No such space label A: no cell has the label `&A`
    "#]],
    );
    WUAS.check_diagnostics(
        &V5.replace(
            "|      | sky  |\n|      | &B   |",
            "|      | sky  | sky |\n|      | &B   |     |",
        ),
        expect![[r#"
        10:1-10:16 warning wuas::border: this border does not match the boxes of its row (`+` above every `|`, `-` between): the tool never reads borders, but people do
        11:1-11:22 error wuas::ragged-row: this row has 3 cells but the floor's first row has 2: the tool takes the width from the first row, so it ignores extra cells and crashes (IndexError) on missing ones
        11:16-11:21 warning wuas::box-width: this box is 5 characters wide, the others 6: the spec wants one width in the whole file (the tool does not mind); format the document to align them
        12:16-12:21 warning wuas::box-width: this box is 5 characters wide, the others 6: the spec wants one width in the whole file (the tool does not mind); format the document to align them
        13:1-13:16 warning wuas::border: this border does not match the boxes of its row (`+` above every `|`, `-` between): the tool never reads borders, but people do
    "#]],
    );
    WUAS.check_diagnostics(
        &V5.replace("| sky  | sky  |\n| X    |      |\n+------+------+\n", ""),
        expect![[r#"
        15:1-15:10 error wuas::floor-size: Floor inf has inconsistent width/height: 2×1, but floor 0 is 2×2; every floor has the size of the first
        24:1-24:2 hint wuas::unused-definition: token `X` is defined but not used on the board
    "#]],
    );
}

#[test]
fn layout_warnings() {
    WUAS.check_diagnostics(
        &V5.replace("| sky! | gap  |", "| sky! | gap |"),
        expect![[r#"
        7:1-7:16 warning wuas::border: this border does not match the boxes of its row (`+` above every `|`, `-` between): the tool never reads borders, but people do
            fix: Format the document → `+----------+----------+`
        8:9-8:14 warning wuas::box-width: this box is 5 characters wide, the others 6: the spec wants one width in the whole file (the tool does not mind); format the document to align them
            fix: Format the document → `+----------+----------+`
    "#]],
    );
    WUAS.check_diagnostics(
        &V5.replace("floor=0\n+------+------+", "floor=0\n+------+---+--+"),
        expect![[r#"
        7:1-7:16 warning wuas::border: this border does not match the boxes of its row (`+` above every `|`, `-` between): the tool never reads borders, but people do
            fix: Format the document → `+----------+----------+`
    "#]],
    );
}

/// More odd boxes than are listed: the first twenty, the last saying how
/// many more there are.
#[test]
fn odd_boxes_past_twenty_are_counted_not_listed() {
    let cells = 30;
    let border = format!("+{}\n", "------+".repeat(cells));
    let spaces = format!("|{}\n", " sky  |".repeat(cells));
    let tokens = format!("|{}\n", "   |".repeat(cells));
    let text = format!("# wide\n\n5\n\nfloor=0\n{border}{spaces}{tokens}{border}\n\n");
    let widths: Vec<String> = WUAS
        .open(&text, super::diagnostics)
        .into_iter()
        .filter(|d| d.code == "wuas::box-width")
        .map(|d| d.message)
        .collect();
    assert_eq!(widths.len(), 20, "{widths:#?}");
    assert!(widths
        .iter()
        .all(|m| m.starts_with("this box is 3 characters wide, the others 6")));
    assert!(
        widths[19].ends_with("(10 more boxes like this are not listed)"),
        "{}",
        widths[19]
    );
    assert!(!widths[18].contains("more boxes"));
}

#[test]
fn space_names_from_version_3() {
    WUAS.check_diagnostics(
        &V5.replace(
            "| sky  | sky  |\n|      |      |",
            "| 2sky | sky2 |\n|      |      |",
        ),
        expect![[r#"
        17:3-17:7 error wuas::space-name: from version 3 a space name is ASCII letters and must come first: the tool fails on `2sky` (AssertionError)
        17:13-17:14 error wuas::undefined-attribute: from version 3 a space name is letters only, so `2` after it is read as an attribute id, and no attribute line defines it
    "#]],
    );
}

#[test]
fn labels_and_graph_edges() {
    WUAS.check_diagnostics(
        &V5.replace(
            "| sky  | sky  |\n|      |      |",
            "| sky  | sky  |\n| &A   | &C   |",
        ),
        expect![[r#"
        18:3-18:5 error wuas::duplicate-label: Duplicate space label A: labels are unique in the whole file (the other one is on floor 0)
    "#]],
    );
    WUAS.check_diagnostics(
        &V5.replace("A--B", "A--Z\nA -- B\nA-B"),
        expect![[r#"
        31:4-31:5 error wuas::unknown-label: No such space label Z: no cell has the label `&Z`
        32:1-32:7 error wuas::graph-spaces: the tool does not trim the ends of an edge: it reads the labels `A ` and ` B`, spaces included, and finds no such labels
        33:1-33:4 error wuas::graph-line: a graph edge is two labels joined by `--`, like `A--B`; the tool splits this line at `--` into one piece and fails
    "#]],
    );
    WUAS.check_diagnostics(
        &V5.replace("| ab   | &A   |", "| ab   | &    |"),
        expect![[r#"
        9:10-9:11 error wuas::trailing-ampersand: `&` must be followed by the label's character: the tool crashes here (IndexError)
        31:1-31:2 error wuas::unknown-label: No such space label A: no cell has the label `&A`
    "#]],
    );
    WUAS.check_diagnostics(
        &V1.replace("| a        |", "| a&B      |"),
        expect![[r#"
        6:4-6:5 error wuas::undefined-token: `&` is an ordinary token id before version 4 (labels came in version 4; this file is version 1), and no token line defines it
        6:5-6:6 error wuas::undefined-token: token `B` is not defined in the token table (the validator reports: No such token 'B' in references table)
    "#]],
    );
}

/// Found by fuzzing (check_wuas): fields parted by an em space (three bytes,
/// whitespace to Python's `split()` as to levls) were placed a byte per
/// separator, so the later ones began inside a character and reading them
/// panicked.
#[test]
fn token_fields_parted_by_wide_whitespace_are_read_where_they_are() {
    WUAS.check_diagnostics(
        &V5.replace("a cake nil 10 12", "a\u{2003}cake nil\u{2003}x 12"),
        expect![[r#"
            25:12-25:13 error wuas::token-number: x and y are whole numbers (pixel offsets in the space), not `x`
        "#]],
    );
}

#[test]
fn token_and_attribute_tables() {
    WUAS.check_diagnostics(
        &V5.replace(
            "a cake nil 10 12",
            "a cake nil 10\nc pie nil x 1\nd unused nil 0 0\na cake nil 1 1",
        ),
        expect![[r#"
        25:1-25:14 error wuas::token-line: a token line has five fields: id, name, item (or `nil`), x and y; this one has 4
        26:1-26:2 hint wuas::unused-definition: token `c` is defined but not used on the board
        26:11-26:12 error wuas::token-number: x and y are whole numbers (pixel offsets in the space), not `x`
        27:1-27:2 hint wuas::unused-definition: token `d` is defined but not used on the board
    "#]],
    );
    WUAS.check_diagnostics(
        &V5.replace("X ghost_HIDDEN nil 0 0", "X ghost_HIDDEN nil 00 0"),
        expect![[r#"
        27:16-27:24 error wuas::hidden-token: Invalid hidden token: nil 00 0: a hidden token's item is `nil` and its position exactly `0 0`
    "#]],
    );
    WUAS.check_diagnostics(
        &V5.replace("! isfloor", "! is floor\n? unused"),
        expect![[r#"
        8:6-8:7 error wuas::undefined-attribute: attribute `!` is not defined in the attribute table (the validator reports: No such attribute '!' in references table)
        29:1-29:11 error wuas::attribute-line: an attribute line has two fields, the id and the name; this one has 3
        30:1-30:2 hint wuas::unused-definition: attribute `?` is defined but not used on the board
    "#]],
    );
    WUAS.check_diagnostics(
        &V5.replace("| ab   |", "| a z  |"),
        expect![[r#"
        9:4-9:5 error wuas::undefined-token: a space inside a token cell is read as a token id ` `, which no token line defines (the validator reports an integrity error)
        9:5-9:6 error wuas::undefined-token: token `z` is not defined in the token table (the validator reports: No such token 'z' in references table)
        26:1-26:2 hint wuas::unused-definition: token `b` is defined but not used on the board
    "#]],
    );
}

#[test]
fn text_after_the_last_section_is_ignored() {
    WUAS.check_diagnostics(
        &format!("{V1}\nHIGHLIGHT ROW 3\n"),
        expect![[r#"
        11:1-11:16 warning wuas::ignored-text: the tool ignores everything after the token table and the blank line that ends it
    "#]],
    );
}

#[test]
fn codes_of_their_own() {
    // An edge between labels of two floors.
    WUAS.check_diagnostics(
        &V5.replace(
            "| sky  | sky  |\n|      |      |",
            "| sky  | sky  |\n| &C   |      |",
        )
        .replace("A--B", "A--C"),
        expect![[r#"
        31:1-31:5 error wuas::edge-across-floors: a graph edge must join spaces on the same floor: `A` is on floor 0, `C` on floor inf
    "#]],
    );
    // `&` as a token id from version 4; a token id of two characters.
    WUAS.check_diagnostics(
        &V5.replace(
            "a cake nil 10 12",
            "a cake nil 10 12\n& amp nil 0 0\nzz long nil 0 0",
        ),
        expect![[r#"
            26:1-26:2 error wuas::ampersand-token: '&' is an invalid token abbreviation from version 4: it starts a label
            27:1-27:3 warning wuas::long-id: a token id is one character; `zz` can never appear in a cell
        "#]],
    );
    // A defined attribute id that is alphanumeric (the spec forbids it).
    WUAS.check_diagnostics(
        &V5.replace(
            "| sky  | sky  |\n| X    |      |",
            "| sky2 | sky  |\n| X    |      |",
        )
        .replace("! isfloor", "! isfloor\n2 second"),
        expect![[r#"
        20:6-20:7 warning wuas::alphanumeric-attribute: the spec says attribute ids are not alphanumeric; the tool reads `2` as an attribute of the space before it
    "#]],
    );
}
