//! Fixture tests for editing WUAS datafiles: formatting, go to definition,
//! references, rename, the outline and folding (`UPDATE_EXPECT=1 cargo test`
//! rewrites the snapshots). Ends with the whole corpus formatted.

use super::reader::Reader;
use super::Wuas;
use crate::formats::test_support::render_ranges;
use crate::formats::test_support::{cursor, render_diagnostics, show_range, with_file};
use crate::formats::{Edit, Fold, Format, Symbol};
use expect_test::{expect, Expect};
use std::ops::Range;

/// A valid version-5 board, laid out the way the formatter lays it out.
const V5: &str = "# test board

5
title: A test

floor=0
+----------+----------+
| sky!     | gap      |
| ab       | &A       |
+----------+----------+
|          | sky      |
|          | &B       |
+----------+----------+

floor=inf
+----------+----------+
| sky      | sky      |
|          |          |
+----------+----------+
| sky%     | sky      |
| X        | &C       |
+----------+----------+


a cake         nil   10 12
b item         toast  8  8
X ghost_HIDDEN nil    0  0

! isfloor
% isroof

A--B
B--A
";

/// V5 as a careless author wrote it: boxes of every width, a ragged border,
/// indentation and trailing blanks, a token table in no columns.
const MESSY: &str = "# test board

5
title: A test

floor=0
+---+---+
| sky! | gap |
|ab|&A|
+--+--+
   |          |      sky    |   
| | &B |
+-

floor=inf
+------+------+
| sky  | sky  |
|      |      |
+------+------+
| sky% | sky  |
| X    | &C   |
+------+------+


a  cake nil 10 12
  b\titem toast 8 8
X ghost_HIDDEN nil 0 0

!   isfloor
%\tisroof

A--B
B--A
";

fn with<T>(text: &str, f: impl FnOnce(&crate::formats::SourceFile) -> T) -> T {
    with_file(&Wuas, text, "board.dat", f)
}

/// `text` with `edits` applied (they must not overlap).
fn apply(text: &str, edits: &[Edit]) -> String {
    let mut sorted = edits.to_vec();
    sorted.sort_by_key(|e| e.range.start);
    for pair in sorted.windows(2) {
        assert!(
            pair[0].range.end <= pair[1].range.start,
            "overlapping edits: {pair:?}"
        );
    }
    let mut out = text.to_string();
    for e in sorted.iter().rev() {
        out.replace_range(e.range.clone(), &e.new_text);
    }
    out
}

/// The text the formatter makes of `text` (through the `Format` trait), or
/// why it refused.
fn formatted(text: &str) -> Result<String, String> {
    match with(text, |file| Wuas.format(file)) {
        Some(edits) => Ok(apply(text, &edits)),
        None => Err("refused".into()),
    }
}

fn check_format(text: &str, expect: Expect) {
    let shown = formatted(text).unwrap_or_else(|e| e);
    expect.assert_eq(&shown);
}

/// What the tool reads, as text: version, metadata, each floor's cells
/// (name, attributes, tokens, label), the footer's definitions.
fn board(text: &str) -> String {
    let reader = Reader::read(text);
    let data = &reader.file;
    let t = |s: &Range<usize>| &text[s.clone()];
    let mut out = format!("complete {} version {:?}\n", reader.complete, data.version);
    for m in &data.metadata {
        out.push_str(&format!("meta {:?}: {:?}\n", t(&m.key), t(&m.value)));
    }
    for floor in &data.floors {
        out.push_str(&format!("floor {}\n", floor.id));
        for row in &floor.rows {
            let cells: Vec<String> = row
                .cells
                .iter()
                .map(|c| {
                    let chars = |marks: &[super::model::Mark]| {
                        marks.iter().map(|m| m.ch).collect::<String>()
                    };
                    let label = c.label.as_ref().map(|l| l.ch);
                    format!(
                        "{:?}/{:?}/{:?}/{label:?}",
                        t(&c.name),
                        chars(&c.attributes),
                        chars(&c.tokens)
                    )
                })
                .collect();
            out.push_str(&format!("  {}\n", cells.join(" ")));
        }
    }
    for d in &data.tokens {
        out.push_str(&format!(
            "token {} {} {} {} {}\n",
            t(&d.id),
            t(&d.name),
            t(&d.item),
            t(&d.x),
            t(&d.y)
        ));
    }
    for a in &data.attributes {
        out.push_str(&format!("attribute {} {}\n", t(&a.id), t(&a.name)));
    }
    for e in &data.edges {
        out.push_str(&format!("edge {:?}--{:?}\n", t(&e.from), t(&e.to)));
    }
    out
}

fn codes(text: &str) -> Vec<String> {
    with(text, |file| Wuas.diagnostics(file))
        .iter()
        .map(|d| format!("{} {}", d.code, d.message))
        .collect()
}

const LAYOUT: [&str; 2] = ["wuas::box-width", "wuas::border"];

// ---- Formatting ----

#[test]
fn the_formatted_board_is_left_as_it_is() {
    assert_eq!(with(V5, |file| Wuas.format(file)), Some(Vec::new()));
    assert!(codes(V5).is_empty(), "{:?}", codes(V5));
}

#[test]
fn format_aligns_every_box_border_and_table() {
    check_format(
        MESSY,
        expect![[r#"
            # test board

            5
            title: A test

            floor=0
            +----------+----------+
            | sky!     | gap      |
            | ab       | &A       |
            +----------+----------+
            |          | sky      |
            |          | &B       |
            +----------+----------+

            floor=inf
            +----------+----------+
            | sky      | sky      |
            |          |          |
            +----------+----------+
            | sky%     | sky      |
            | X        | &C       |
            +----------+----------+


            a cake         nil   10 12
            b item         toast  8  8
            X ghost_HIDDEN nil    0  0

            ! isfloor
            % isroof

            A--B
            B--A
        "#]],
    );
    assert_eq!(formatted(MESSY).unwrap(), V5);
    assert_eq!(board(MESSY), board(V5));
}

#[test]
fn the_widest_content_widens_every_box_of_every_floor() {
    // 14 characters + a space on each side: every box is 16 wide, on both floors.
    let text = V5.replace(
        "| sky      | sky      |\n|          |          |",
        "| sky      | warshipneutral |\n|          |          |",
    );
    check_format(
        &text,
        expect![[r#"
            # test board

            5
            title: A test

            floor=0
            +---------------+---------------+
            | sky!          | gap           |
            | ab            | &A            |
            +---------------+---------------+
            |               | sky           |
            |               | &B            |
            +---------------+---------------+

            floor=inf
            +---------------+---------------+
            | sky           | warshipneutral|
            |               |               |
            +---------------+---------------+
            | sky%          | sky           |
            | X             | &C            |
            +---------------+---------------+


            a cake         nil   10 12
            b item         toast  8  8
            X ghost_HIDDEN nil    0  0

            ! isfloor
            % isroof

            A--B
            B--A
        "#]],
    );
    // Nine characters fill the writer's ten exactly, as the writer writes them;
    // ten widen every box to eleven.
    let nine = formatted(&V5.replace(
        "| sky      | sky      |\n|          |          |",
        "| skyskysky | sky |\n| | |",
    ))
    .unwrap();
    assert!(
        nine.contains("\n| skyskysky| sky      |\n|          |          |\n"),
        "{nine}"
    );
    let ten = formatted(&V5.replace(
        "| sky      | sky      |\n|          |          |",
        "| skyskyskyy | sky |\n| | |",
    ))
    .unwrap();
    assert!(
        ten.contains("\n| skyskyskyy| sky       |\n|           |           |\n"),
        "{ten}"
    );
    // Narrow content never goes below the writer's width.
    let narrow = formatted("# x\n\n1\n+-+\n|a|\n| |\n+-+\n").unwrap();
    assert_eq!(
        narrow,
        "# x\n\n1\n+----------+\n| a        |\n|          |\n+----------+\n"
    );
}

#[test]
fn format_gives_one_edit_per_changed_line_and_keeps_the_rest_byte_identical() {
    let edits = with(MESSY, |file| Wuas.format(file)).unwrap();
    let lines: Vec<&str> = MESSY.lines().collect();
    let changed: Vec<usize> = edits
        .iter()
        .map(|e| {
            let line = MESSY[..e.range.start].matches('\n').count();
            // Each edit is exactly one line, without its line break.
            assert_eq!(&MESSY[e.range.clone()], lines[line], "{e:?}");
            line + 1
        })
        .collect();
    expect![[r#"[7, 8, 9, 10, 11, 12, 13, 16, 17, 18, 19, 20, 21, 22, 25, 26, 27, 29, 30]"#]]
        .assert_eq(&format!("{changed:?}"));
    let out = apply(MESSY, &edits);
    for (i, (before, after)) in MESSY.lines().zip(out.lines()).enumerate() {
        if !changed.contains(&(i + 1)) {
            assert_eq!(before, after, "line {}", i + 1);
        }
    }
}

#[test]
fn format_keeps_crlf_line_breaks() {
    let crlf = MESSY.replace('\n', "\r\n");
    assert_eq!(formatted(&crlf).unwrap(), V5.replace('\n', "\r\n"));
    // A lone CR stays a lone CR too.
    let cr = MESSY.replace('\n', "\r");
    assert_eq!(formatted(&cr).unwrap(), V5.replace('\n', "\r"));
}

#[test]
fn format_keeps_comments_metadata_graph_and_ignored_text() {
    let text = format!(
        "{}\n#after the graph\nHIGHLIGHT ROW 3\n",
        MESSY.replace("title: A test", "title:  A  test\nurl:x")
    );
    let out = formatted(&text).unwrap();
    assert!(
        out.contains("\n5\ntitle:  A  test\nurl:x\n\nfloor=0\n"),
        "{out}"
    );
    assert!(
        out.ends_with("\nA--B\nB--A\n\n#after the graph\nHIGHLIGHT ROW 3\n"),
        "{out}"
    );
    assert_eq!(formatted(&out).unwrap(), out);
}

#[test]
fn format_keeps_what_version_1_reads_in_a_cell() {
    // `*`/`?` stay where they are (v1 strips them), inner blanks stay, the ends are trimmed.
    check_format(
        "# old\n\n1\n+----+----+\n|  neutral*| a b?  |\n| 1  |x y|\n+----+----+\n\n1 item toast 8 8\nx cake nil 10 12\ny pie nil 2 2\n",
        expect![[r#"
            # old

            1
            +----------+----------+
            | neutral* | a b?     |
            | 1        | x y      |
            +----------+----------+

            1 item toast  8  8
            x cake nil   10 12
            y pie  nil    2  2
        "#]],
    );
}

#[test]
fn format_keeps_cells_and_footer_lines_the_reader_calls_wrong() {
    // `2sky` is not a v3+ space name, `q` no defined token, `x` no number, a 4-field
    // token line is no token: the formatter moves none of them, and aligns the rest.
    let text = V5
        .replace(
            "| sky      | sky      |\n|          |          |",
            "|2sky|sky|\n|q| |",
        )
        .replace(
            "b item         toast  8  8",
            "b item toast x 8\nc pie nil 4",
        );
    check_format(
        &text,
        expect![[r#"
            # test board

            5
            title: A test

            floor=0
            +----------+----------+
            | sky!     | gap      |
            | ab       | &A       |
            +----------+----------+
            |          | sky      |
            |          | &B       |
            +----------+----------+

            floor=inf
            +----------+----------+
            | 2sky     | sky      |
            | q        |          |
            +----------+----------+
            | sky%     | sky      |
            | X        | &C       |
            +----------+----------+


            a cake         nil   10 12
            b item         toast  x  8
            c pie nil 4
            X ghost_HIDDEN nil    0  0

            ! isfloor
            % isroof

            A--B
            B--A
        "#]],
    );
}

#[test]
fn format_right_aligns_long_numbers_and_pads_long_ids() {
    check_format(
        "# x\n\n1\n+-+\n|a|\n|a|\n+-+\n\na cake nil 100 -5\nlong toast nil 8 8\n",
        expect![[r#"
            # x

            1
            +----------+
            | a        |
            | a        |
            +----------+

            a    cake  nil 100 -5
            long toast nil   8  8
        "#]],
    );
}

#[test]
fn format_refuses_what_it_cannot_lay_out_without_losing_something() {
    let cases = [
        // The reading stops at the version: nothing after it is known.
        ("a bad version", V5.replace("\n5\n", "\nfive\n")),
        // A token line with a cell too few, a ragged row: which box is which is unclear.
        (
            "a missing token cell",
            V5.replace("| ab       | &A       |", "| ab       |"),
        ),
        (
            "a ragged row",
            V5.replace(
                "|          | sky      |\n|          | &B       |",
                "|          | sky      | sky |\n|          | &B       |     |",
            ),
        ),
        // A missing border: the tool reads a row as the border.
        (
            "a missing border",
            V5.replace(
                "| sky!     | gap      |\n| ab       | &A       |\n+----------+----------+\n",
                "| sky!     | gap      |\n| ab       | &A       |\n",
            ),
        ),
        // Text outside the bars would be lost.
        (
            "a note after the last bar",
            V5.replace("| sky!     | gap      |", "| sky!     | gap      | the top"),
        ),
        (
            "a note before the first bar",
            V5.replace("| ab       | &A       |", "x| ab       | &A       |"),
        ),
        // A border that is not a border to the eye.
        (
            "words in a border",
            V5.replace("floor=0\n+----------+----------+", "floor=0\n+--- top ---+"),
        ),
        (
            "a blank line read as a border",
            "# x\n\n1\n+-+\n|a|\n| |\n\na cake nil 1 1\n".to_string(),
        ),
    ];
    let shown: Vec<String> = cases
        .iter()
        .map(|(what, text)| {
            format!(
                "{what}: {}",
                formatted(text).map_or_else(|e| e, |_| "formatted".into())
            )
        })
        .collect();
    expect![[r#"
        a bad version: refused
        a missing token cell: refused
        a ragged row: refused
        a missing border: refused
        a note after the last bar: refused
        a note before the first bar: refused
        words in a border: refused
        a blank line read as a border: refused"#]]
    .assert_eq(&shown.join("\n"));
    // Blanks outside the bars are layout, not content; other border characters are borders.
    assert!(formatted(&V5.replace("| ab       | &A       |", "\t| ab | &A |  ")).is_ok());
    assert_eq!(
        formatted(&V5.replace("floor=0\n+----------+----------+", "floor=0\n+==========+")),
        Ok(V5.to_string())
    );
}

#[test]
fn the_layout_warnings_offer_the_formatter_as_a_fix() {
    let diagnostics = with(MESSY, |file| Wuas.diagnostics(file));
    let layout: Vec<_> = diagnostics
        .iter()
        .filter(|d| LAYOUT.contains(&d.code))
        .collect();
    assert!(layout.len() >= 5, "{layout:?}");
    let expected = with(MESSY, |file| Wuas.format(file)).unwrap();
    for d in &layout {
        assert_eq!(d.fixes.len(), 1, "{d:?}");
        assert_eq!(d.fixes[0].title, "Format the document");
        assert_eq!(d.fixes[0].edits, expected);
        assert!(
            !d.fixes[0].preferred,
            "one fix for many warnings: not for fix-all"
        );
    }
    let fixed = apply(MESSY, &layout[0].fixes[0].edits);
    assert!(codes(&fixed).is_empty(), "{:?}", codes(&fixed));
    // When the formatter refuses, the warnings come without a fix.
    let ragged = V5.replace(
        "|          | sky      |\n|          | &B       |",
        "|          | sky      | sky |\n|          | &B       |     |",
    );
    expect![[r#"
        10:1-10:24 warning wuas::border: this border does not match the boxes of its row (`+` above every `|`, `-` between): the tool never reads borders, but people do
        11:1-11:30 error wuas::ragged-row: this row has 3 cells but the floor's first row has 2: the tool takes the width from the first row, so it ignores extra cells and crashes (IndexError) on missing ones
        11:24-11:29 warning wuas::box-width: this box is 5 characters wide, the others 10: the spec wants one width in the whole file (the tool does not mind); format the document to align them
        12:24-12:29 warning wuas::box-width: this box is 5 characters wide, the others 10: the spec wants one width in the whole file (the tool does not mind); format the document to align them
        13:1-13:24 warning wuas::border: this border does not match the boxes of its row (`+` above every `|`, `-` between): the tool never reads borders, but people do
    "#]]
    .assert_eq(&render_diagnostics(&Wuas, &ragged, "board.dat"));
}

// ---- Definition, references, rename ----

fn check_definition(fixture: &str, expect: Expect) {
    let (text, offset) = cursor(fixture);
    let found = with(&text, |file| Wuas.definition(file, offset));
    expect.assert_eq(&render_ranges(&text, &found));
}

fn check_references(fixture: &str, include_definitions: bool, expect: Expect) {
    let (text, offset) = cursor(fixture);
    let found = with(&text, |file| {
        Wuas.references(file, offset, include_definitions)
    });
    expect.assert_eq(&render_ranges(&text, &found));
}

/// The lines a rename changed (`line: text`), or why it was refused.
fn check_rename(fixture: &str, new_name: &str, expect: Expect) {
    let (text, offset) = cursor(fixture);
    let shown = match with(&text, |file| Wuas.rename(file, offset, new_name)) {
        Err(reason) => format!("refused: {reason}"),
        Ok(edits) => {
            let renamed = apply(&text, &edits);
            text.lines()
                .zip(renamed.lines())
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .map(|(i, (_, b))| format!("{}: {b}\n", i + 1))
                .collect()
        }
    };
    expect.assert_eq(&shown);
}

#[test]
fn definition_from_a_graph_edge_is_the_labelled_cell() {
    check_definition(
        &V5.replacen("A--B", "A--$0B", 1),
        expect![[r#"
            12:14-12:16 &B
        "#]],
    );
    // The cursor right after the label still means it.
    check_definition(
        &V5.replacen("B--A\n", "B--A$0\n", 1),
        expect![[r#"
            9:14-9:16 &A
        "#]],
    );
    check_definition(&V5.replacen("A--B", "A-$0-B", 1), expect![[""]]);
}

#[test]
fn definition_from_a_token_in_a_cell_is_its_token_line() {
    check_definition(
        &V5.replacen("| ab ", "| a$0b ", 1),
        expect![[r#"
            26:1-26:2 b
        "#]],
    );
    // Between two tokens, the cursor means the one it is on.
    check_definition(
        &V5.replacen("| ab ", "| $0ab ", 1),
        expect![[r#"
            25:1-25:2 a
        "#]],
    );
    check_definition(
        &V5.replacen("| X  ", "| $0X  ", 1),
        expect![[r#"
            27:1-27:2 X
        "#]],
    );
}

#[test]
fn definition_from_an_attribute_is_its_attribute_line() {
    check_definition(
        &V5.replacen("sky%", "sky$0%", 1),
        expect![[r#"
            30:1-30:2 %
        "#]],
    );
    // The space name is no attribute, and nothing on its own.
    check_definition(&V5.replacen("sky%", "s$0ky%", 1), expect![[""]]);
}

#[test]
fn in_version_1_stars_are_not_attributes_and_ampersands_are_tokens() {
    let v1 = "# old\n\n1\n+----------+\n| neutral* |\n| &a       |\n+----------+\n\n& and nil 1 1\na cake nil 2 2\n";
    check_definition(&v1.replacen("neutral*", "neutral$0*", 1), expect![[""]]);
    check_definition(
        &v1.replacen("| &a", "| $0&a", 1),
        expect![[r#"
            9:1-9:2 &
        "#]],
    );
    check_rename(
        &v1.replacen("| &a", "| &$0a", 1),
        "&",
        expect![[
            r#"refused: `&` is already a token id in this file (line 6): renaming onto it would merge the two"#
        ]],
    );
    // Before version 4 `&` is an ordinary token id: renaming to it is allowed.
    check_rename(
        &v1.replace("& and", "% and").replace("| &a", "| $0%a"),
        "&",
        expect![[r#"
            6: | &a       |
            9: & and nil 1 1
        "#]],
    );
}

#[test]
fn references_of_a_label_token_and_attribute() {
    check_references(
        &V5.replacen("| &A ", "| &$0A ", 1),
        true,
        expect![[r#"
            9:14-9:16 &A
            32:1-32:2 A
            33:4-33:5 A
        "#]],
    );
    check_references(
        &V5.replacen("| &A ", "| $0&A ", 1),
        false,
        expect![[r#"
            32:1-32:2 A
            33:4-33:5 A
        "#]],
    );
    check_references(
        &V5.replacen("a cake", "$0a cake", 1),
        false,
        expect![[r#"
            9:3-9:4 a
        "#]],
    );
    check_references(
        &V5.replacen("! isfloor", "!$0 isfloor", 1),
        true,
        expect![[r#"
            8:6-8:7 !
            29:1-29:2 !
        "#]],
    );
}

#[test]
fn prepare_rename_is_the_character_itself() {
    let (text, offset) = cursor(&V5.replacen("| &A ", "| $0&A ", 1));
    let range = with(&text, |file| Wuas.prepare_rename(file, offset)).unwrap();
    assert_eq!(&text[range], "A");
    for fixture in [
        V5.replacen("title", "ti$0tle", 1),
        V5.replacen("gap", "g$0ap", 1),
        V5.replacen("a cake", "a ca$0ke", 1),
    ] {
        let (text, offset) = cursor(&fixture);
        assert_eq!(
            with(&text, |file| Wuas.prepare_rename(file, offset)),
            None,
            "{fixture}"
        );
    }
}

#[test]
fn rename_a_token_id_in_the_cells_and_the_table() {
    check_rename(
        &V5.replacen("| ab ", "| a$0b ", 1),
        "t",
        expect![[r#"
            9: | at       | &A       |
            26: t item         toast  8  8
        "#]],
    );
}

#[test]
fn rename_a_label_in_the_cell_and_the_edges() {
    check_rename(
        &V5.replacen("A--B", "$0A--B", 1),
        "Z",
        expect![[r#"
            9: | ab       | &Z       |
            32: Z--B
            33: B--Z
        "#]],
    );
    // A label may be any character, `&` included (`&&`).
    check_rename(
        &V5.replacen("A--B", "$0A--B", 1),
        "&",
        expect![[r#"
            9: | ab       | &&       |
            32: &--B
            33: B--&
        "#]],
    );
}

#[test]
fn rename_an_attribute_id_in_the_cells_and_the_table() {
    check_rename(
        &V5.replacen("sky!", "sky!$0", 1),
        "@",
        expect![[r#"
            8: | sky@     | gap      |
            29: @ isfloor
        "#]],
    );
}

#[test]
fn rename_to_a_non_ascii_character_keeps_the_boxes_aligned() {
    let (text, offset) = cursor(&V5.replacen("| ab ", "| a$0b ", 1));
    let edits = with(&text, |file| Wuas.rename(file, offset, "ß")).unwrap();
    let renamed = apply(&text, &edits);
    assert!(renamed.contains("| aß       |"), "{renamed}");
    assert!(
        renamed.contains("\nß item         toast  8  8\n"),
        "{renamed}"
    );
    assert_eq!(with(&renamed, |file| Wuas.format(file)), Some(Vec::new()));
}

#[test]
fn rename_keeps_the_formatted_layout() {
    for (fixture, new_name) in [
        (V5.replacen("| ab ", "| a$0b ", 1), "t"),
        (V5.replacen("A--B", "$0A--B", 1), "Z"),
        (V5.replacen("sky%", "sky%$0", 1), "~"),
    ] {
        let (text, offset) = cursor(&fixture);
        assert_eq!(with(&text, |file| Wuas.format(file)), Some(Vec::new()));
        let edits = with(&text, |file| Wuas.rename(file, offset, new_name)).unwrap();
        assert!(!edits.is_empty());
        let renamed = apply(&text, &edits);
        assert_eq!(
            with(&renamed, |file| Wuas.format(file)),
            Some(Vec::new()),
            "{new_name}: {renamed}"
        );
        assert!(codes(&renamed).is_empty(), "{:?}", codes(&renamed));
    }
}

#[test]
fn rename_refuses_what_the_tool_would_misread() {
    let refusals = |fixture: &str, names: &[&str]| {
        let (text, offset) = cursor(fixture);
        names
            .iter()
            .map(
                |name| match with(&text, |file| Wuas.rename(file, offset, name)) {
                    Err(reason) => format!("{name:?}: {reason}"),
                    Ok(edits) => format!("{name:?}: accepted with {} edits", edits.len()),
                },
            )
            .collect::<Vec<_>>()
            .join("\n")
    };
    let token = V5.replacen("| ab ", "| a$0b ", 1);
    expect![[r#"
        "": a token id is exactly one character, not ``
        "tt": a token id is exactly one character, not `tt`
        " ": a token id cannot be a blank: the tool trims the cells and splits the footer lines at blanks
        "|": `|` separates the cells of a row: it cannot be a token id
        "&": '&' is an invalid token abbreviation from version 4: `&` starts a label
        "a": `a` is already a token id in this file (line 9): renaming onto it would merge the two
        "X": `X` is already a token id in this file (line 21): renaming onto it would merge the two
        "b": accepted with 0 edits
        "7": accepted with 2 edits"#]]
    .assert_eq(&refusals(&token, &["", "tt", " ", "|", "&", "a", "X", "b", "7"]));
    let attribute = V5.replacen("sky!", "sky!$0", 1);
    expect![[r#"
        "a": from version 3 the space name is every ASCII letter at the start of the cell, so the tool would read `a` right after a name as part of the name (`skya`), not as an attribute
        "2": attribute ids are not alphanumeric (the spec): `2` would be flagged on every space that has it
        "é": attribute ids are not alphanumeric (the spec): `é` would be flagged on every space that has it
        "%": `%` is already an attribute id in this file (line 20): renaming onto it would merge the two
        "\t": an attribute id cannot be a blank: the tool trims the cells and splits the footer lines at blanks
        "*": accepted with 2 edits"#]]
    .assert_eq(&refusals(&attribute, &["a", "2", "é", "%", "\t", "*"]));
    let label = V5.replacen("A--B", "$0A--B", 1);
    expect![[r#"
        "-": a graph edge is two labels joined by `--`: the tool would split an edge with a `-` label in the wrong place
        "B": `B` is already a space label in this file (line 12): renaming onto it would merge the two
        "AB": a space label is exactly one character, not `AB`
        "a": accepted with 3 edits"#]]
    .assert_eq(&refusals(&label, &["-", "B", "AB", "a"]));
    // A name only used (never defined) is taken too.
    let undefined = V5.replacen("| ab ", "| abq", 1);
    expect![[r#"
        "q": `q` is already a token id in this file (line 9): renaming onto it would merge the two"#]]
    .assert_eq(&refusals(&undefined.replacen("| abq", "| $0abq", 1), &["q"]));
}

#[test]
fn rename_elsewhere_or_in_a_file_read_only_in_part() {
    check_rename(
        &V5.replacen("gap", "g$0ap", 1),
        "x",
        expect![[
            r#"refused: nothing to rename here: only space labels, token ids and attribute ids can be renamed"#
        ]],
    );
    // The floor list never ends: the tool stops there, the footer is never read.
    check_rename(
        &V5.replacen(
            "+----------+----------+\n\n\na cake",
            "+----------+----------+\n\nfloor=x\na cake",
            1,
        )
        .replacen("| ab ", "| a$0b ", 1),
        "t",
        expect![[
            r#"refused: the tool stops reading this file at an error (see the diagnostics), so not every use of the name can be found: fix that first"#
        ]],
    );
}

// ---- Outline and folding ----

/// One symbol a line, indented by depth: `name [detail] Kind range (selection text)`.
fn render_symbols(text: &str, symbols: &[Symbol], depth: usize, out: &mut String) {
    for s in symbols {
        let detail = s
            .detail
            .as_ref()
            .map_or(String::new(), |d| format!(" [{d}]"));
        assert!(
            s.range.start <= s.selection.start && s.selection.end <= s.range.end,
            "{s:?}"
        );
        out.push_str(&format!(
            "{}{}{detail} {:?} {} ({})\n",
            "  ".repeat(depth),
            s.name,
            s.kind,
            show_range(text, &s.range),
            &text[s.selection.clone()]
        ));
        render_symbols(text, &s.children, depth + 1, out);
    }
}

fn check_symbols(text: &str, expect: Expect) {
    let symbols = with(text, |file| Wuas.symbols(file));
    let mut out = String::new();
    render_symbols(text, &symbols, 0, &mut out);
    expect.assert_eq(&out);
}

fn check_folds(text: &str, expect: Expect) {
    let folds: Vec<Fold> = with(text, |file| Wuas.folds(file));
    expect.assert_eq(
        &folds
            .iter()
            .map(|f| format!("{} {:?}\n", show_range(text, &f.range), f.kind))
            .collect::<String>(),
    );
}

#[test]
fn outline_of_a_version_5_board() {
    check_symbols(
        V5,
        expect![[r#"
            floor 0 [2×2] Struct 6:1-13:24 (floor=0)
              row 1 Field 7:1-9:24 (| sky!     | gap      |)
              row 2 Field 10:1-12:24 (|          | sky      |)
              &A [gap at row 1, column 2] Constant 9:14-9:16 (&A)
              &B [sky at row 2, column 2] Constant 12:14-12:16 (&B)
            floor inf [2×2] Struct 15:1-22:24 (floor=inf)
              row 1 Field 16:1-18:24 (| sky      | sky      |)
              row 2 Field 19:1-21:24 (| sky%     | sky      |)
              &C [sky at row 2, column 2] Constant 21:14-21:16 (&C)
            tokens [3] Namespace 25:1-27:27 (a)
              a cake [at 10 12] Object 25:1-25:27 (a)
              b item [toast at 8 8] Object 26:1-26:27 (b)
              X ghost_HIDDEN [at 0 0] Object 27:1-27:27 (X)
            attributes [2] Namespace 29:1-30:9 (!)
              ! isfloor Property 29:1-29:10 (!)
              % isroof Property 30:1-30:9 (%)
            graph [2] Namespace 32:1-33:5 (A--B)
              A--B Field 32:1-32:5 (A--B)
              B--A Field 33:1-33:5 (B--A)
        "#]],
    );
}

#[test]
fn outline_of_a_version_1_board_and_of_a_board_cut_short() {
    check_symbols(
        "# old\n\n1\n+----------+\n| neutral* |\n| a        |\n+----------+\n\na cake nil 10 12\n",
        expect![[r#"
            floor 0 [1×1] Struct 4:1-7:13 (+----------+)
              row 1 Field 4:1-6:13 (| neutral* |)
            tokens [1] Namespace 9:1-9:17 (a)
              a cake [at 10 12] Object 9:1-9:17 (a)
        "#]],
    );
    // The file ends inside the floor list: the floors read so far, no footer.
    check_symbols(
        "# x\n\n5\n\nfloor=0\n+---+\n| a |\n|   |\n",
        expect![[r#"
            floor 0 [1×1] Struct 5:1-8:6 (floor=0)
              row 1 Field 6:1-8:6 (| a |)
        "#]],
    );
}

#[test]
fn folds_each_floor_and_footer_section() {
    check_folds(
        V5,
        expect![[r#"
            6:1-13:24 Region
            15:1-22:24 Region
            25:1-27:27 Region
            29:1-30:9 Region
            32:1-33:5 Region
        "#]],
    );
    // One-line sections do not fold; CRLF is one line break.
    check_folds(
        &V5.replace("% isroof\n", "")
            .replace("B--A\n", "")
            .replace('\n', "\r\n"),
        expect![[r#"
            6:1-13:24 Region
            15:1-22:24 Region
            25:1-27:27 Region
        "#]],
    );
}

// ---- The corpus ----

fn corpus_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            corpus_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "dat") {
            out.push(path);
        }
    }
}

/// Every corpus board formatted: the same board and no new diagnostics,
/// no layout warnings left, and formatting again changes nothing.
#[test]
fn the_whole_corpus_formats_to_the_same_board() {
    let root = std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/corpus/wuas"
    ));
    let mut files = Vec::new();
    corpus_files(root, &mut files);
    files.sort();
    assert!(files.len() >= 104, "{} files", files.len());
    let mut changed = Vec::new();
    for path in &files {
        let name = path.display();
        let text = std::fs::read_to_string(path).unwrap();
        let edits =
            with(&text, |file| Wuas.format(file)).unwrap_or_else(|| panic!("{name}: refused"));
        if !edits.is_empty() {
            let relative = path.strip_prefix(root).unwrap().display();
            changed.push(format!("{relative}: {} lines", edits.len()));
        }
        let out = apply(&text, &edits);
        assert_eq!(board(&out), board(&text), "{name}");
        let before = codes(&text);
        let after = codes(&out);
        for d in &after {
            assert!(!LAYOUT.iter().any(|c| d.starts_with(c)), "{name}: {d}");
            assert!(before.contains(d), "{name}: new {d}");
        }
        assert_eq!(
            with(&out, |file| Wuas.format(file)),
            Some(Vec::new()),
            "{name}: not idempotent"
        );
    }
    // turn8.dat has its own token columns; the others hold a cell longer than the
    // writer's 9 characters (`clockspace`), which widened only its own box.
    expect![[r#"
        reconstructed/2016-old/old-turn12.dat: 58 lines
        reconstructed/2023-uncle/uncle-turn11.dat: 304 lines
        wuas-render/turn8.dat: 15 lines"#]]
    .assert_eq(&changed.join("\n"));
}
