//! The formatter: one box width, aligned tables, nothing else changed; the whole corpus formatted.

use crate::formats::test_support::{
    apply_edits, corpus_dir, corpus_files_below, render_diagnostics,
};
use crate::formats::wuas::reader::Reader;
use crate::formats::wuas::tests::{codes, FORMATTED, WUAS};
use crate::formats::wuas::Wuas;
use crate::formats::Format;
use expect_test::expect;
use std::ops::Range;

/// FORMATTED as a careless author wrote it: boxes of every width, a ragged border,
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
                    let chars = |marks: &[crate::formats::wuas::model::Mark]| {
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

const LAYOUT: [&str; 2] = ["wuas::box-width", "wuas::border"];

#[test]
fn the_formatted_board_is_left_as_it_is() {
    assert_eq!(
        WUAS.open(FORMATTED, |file| Wuas.format(file)),
        Some(Vec::new())
    );
    assert!(codes(FORMATTED).is_empty(), "{:?}", codes(FORMATTED));
}

#[test]
fn format_aligns_every_box_border_and_table() {
    WUAS.check_format(
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
    assert_eq!(WUAS.formatted(MESSY).unwrap(), FORMATTED);
    assert_eq!(board(MESSY), board(FORMATTED));
}

#[test]
fn the_widest_content_widens_every_box_of_every_floor() {
    // 14 characters + a space on each side: every box is 16 wide, on both floors.
    let text = FORMATTED.replace(
        "| sky      | sky      |\n|          |          |",
        "| sky      | warshipneutral |\n|          |          |",
    );
    WUAS.check_format(
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
    let nine = WUAS
        .formatted(&FORMATTED.replace(
            "| sky      | sky      |\n|          |          |",
            "| skyskysky | sky |\n| | |",
        ))
        .unwrap();
    assert!(
        nine.contains("\n| skyskysky| sky      |\n|          |          |\n"),
        "{nine}"
    );
    let ten = WUAS
        .formatted(&FORMATTED.replace(
            "| sky      | sky      |\n|          |          |",
            "| skyskyskyy | sky |\n| | |",
        ))
        .unwrap();
    assert!(
        ten.contains("\n| skyskyskyy| sky       |\n|           |           |\n"),
        "{ten}"
    );
    // Narrow content never goes below the writer's width.
    let narrow = WUAS.formatted("# x\n\n1\n+-+\n|a|\n| |\n+-+\n").unwrap();
    assert_eq!(
        narrow,
        "# x\n\n1\n+----------+\n| a        |\n|          |\n+----------+\n"
    );
}

#[test]
fn format_gives_one_edit_per_changed_line_and_keeps_the_rest_byte_identical() {
    let edits = WUAS.open(MESSY, |file| Wuas.format(file)).unwrap();
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
    let out = apply_edits(MESSY, &edits);
    for (i, (before, after)) in MESSY.lines().zip(out.lines()).enumerate() {
        if !changed.contains(&(i + 1)) {
            assert_eq!(before, after, "line {}", i + 1);
        }
    }
}

#[test]
fn format_keeps_crlf_line_breaks() {
    let crlf = MESSY.replace('\n', "\r\n");
    assert_eq!(
        WUAS.formatted(&crlf).unwrap(),
        FORMATTED.replace('\n', "\r\n")
    );
    // A lone CR stays a lone CR too.
    let cr = MESSY.replace('\n', "\r");
    assert_eq!(WUAS.formatted(&cr).unwrap(), FORMATTED.replace('\n', "\r"));
}

#[test]
fn format_keeps_comments_metadata_graph_and_ignored_text() {
    let text = format!(
        "{}\n#after the graph\nHIGHLIGHT ROW 3\n",
        MESSY.replace("title: A test", "title:  A  test\nurl:x")
    );
    let out = WUAS.formatted(&text).unwrap();
    assert!(
        out.contains("\n5\ntitle:  A  test\nurl:x\n\nfloor=0\n"),
        "{out}"
    );
    assert!(
        out.ends_with("\nA--B\nB--A\n\n#after the graph\nHIGHLIGHT ROW 3\n"),
        "{out}"
    );
    assert_eq!(WUAS.formatted(&out).unwrap(), out);
}

#[test]
fn format_keeps_what_version_1_reads_in_a_cell() {
    // `*`/`?` stay where they are (v1 strips them), inner blanks stay, the ends are trimmed.
    WUAS.check_format(
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
    let text = FORMATTED
        .replace(
            "| sky      | sky      |\n|          |          |",
            "|2sky|sky|\n|q| |",
        )
        .replace(
            "b item         toast  8  8",
            "b item toast x 8\nc pie nil 4",
        );
    WUAS.check_format(
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
    WUAS.check_format(
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
        ("a bad version", FORMATTED.replace("\n5\n", "\nfive\n")),
        // A token line with a cell too few, a ragged row: which box is which is unclear.
        (
            "a missing token cell",
            FORMATTED.replace("| ab       | &A       |", "| ab       |"),
        ),
        (
            "a ragged row",
            FORMATTED.replace(
                "|          | sky      |\n|          | &B       |",
                "|          | sky      | sky |\n|          | &B       |     |",
            ),
        ),
        // A missing border: the tool reads a row as the border.
        (
            "a missing border",
            FORMATTED.replace(
                "| sky!     | gap      |\n| ab       | &A       |\n+----------+----------+\n",
                "| sky!     | gap      |\n| ab       | &A       |\n",
            ),
        ),
        // Text outside the bars would be lost.
        (
            "a note after the last bar",
            FORMATTED.replace("| sky!     | gap      |", "| sky!     | gap      | the top"),
        ),
        (
            "a note before the first bar",
            FORMATTED.replace("| ab       | &A       |", "x| ab       | &A       |"),
        ),
        // A border that is not a border to the eye.
        (
            "words in a border",
            FORMATTED.replace("floor=0\n+----------+----------+", "floor=0\n+--- top ---+"),
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
                WUAS.formatted(text)
                    .map_or_else(|e| e, |_| "formatted".into())
            )
        })
        .collect();
    expect![[r#"
        a bad version: formatted
        a missing token cell: refused
        a ragged row: refused
        a missing border: refused
        a note after the last bar: refused
        a note before the first bar: refused
        words in a border: refused
        a blank line read as a border: refused"#]]
    .assert_eq(&shown.join("\n"));
    // Blanks outside the bars are layout, not content; other border characters are borders.
    assert!(WUAS
        .formatted(&FORMATTED.replace("| ab       | &A       |", "\t| ab | &A |  "))
        .is_ok());
    assert_eq!(
        WUAS.formatted(
            &FORMATTED.replace("floor=0\n+----------+----------+", "floor=0\n+==========+")
        ),
        Ok(FORMATTED.to_string())
    );
}

#[test]
fn the_layout_warnings_offer_the_formatter_as_a_fix() {
    let diagnostics = WUAS.open(MESSY, |file| Wuas.diagnostics(file));
    let layout: Vec<_> = diagnostics
        .iter()
        .filter(|d| LAYOUT.contains(&d.code))
        .collect();
    assert!(layout.len() >= 5, "{layout:?}");
    let expected = WUAS.open(MESSY, |file| Wuas.format(file)).unwrap();
    for d in &layout {
        assert_eq!(d.fixes.len(), 1, "{d:?}");
        assert_eq!(d.fixes[0].title, "Format the document");
        assert_eq!(d.fixes[0].edits, expected);
        assert!(
            !d.fixes[0].preferred,
            "one fix for many warnings: not for fix-all"
        );
    }
    let fixed = apply_edits(MESSY, &layout[0].fixes[0].edits);
    assert!(codes(&fixed).is_empty(), "{:?}", codes(&fixed));
    // When the formatter refuses, the warnings come without a fix.
    let ragged = FORMATTED.replace(
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

/// The server's analysis at each key names the formatting fix without laying
/// the board out; asked for a quick fix, it offers the same edits as
/// `levls check`, judged helpful; when the formatter refuses, none.
#[test]
fn the_server_lays_the_formatting_fix_out_when_it_is_asked_for() {
    let mut cache = crate::formats::AnalysisCache::default();
    let (deferred, offered, now) = WUAS.open(MESSY, |file| {
        let deferred = Wuas.diagnostics_incremental(file, &mut cache);
        let target = deferred
            .iter()
            .find(|d| LAYOUT.contains(&d.code))
            .expect("a layout warning")
            .clone();
        let offered = Wuas.helpful_fixes(file, &deferred, &target);
        (deferred, offered, Wuas.diagnostics(file))
    });
    let layout: Vec<_> = deferred
        .iter()
        .filter(|d| LAYOUT.contains(&d.code))
        .collect();
    assert!(layout.len() >= 5, "{layout:?}");
    for d in &layout {
        assert_eq!(d.fixes.len(), 1, "{d:?}");
        assert_eq!(d.fixes[0].title, "Format the document");
        assert!(d.fixes[0].edits.is_empty(), "laid out at each key: {d:?}");
    }
    let expected = WUAS.open(MESSY, |file| Wuas.format(file)).unwrap();
    assert_eq!(offered.len(), 1, "{offered:?}");
    assert_eq!(offered[0].edits, expected);
    // The same diagnostics as `levls check` otherwise.
    let strip = |ds: &[crate::formats::Diagnostic]| {
        ds.iter()
            .map(|d| (d.range.clone(), d.code, d.message.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&deferred), strip(&now));
    // Refused: a ragged row (see above) leaves the layout warnings no fix.
    let ragged = FORMATTED.replace(
        "|          | sky      |\n|          | &B       |",
        "|          | sky      | sky |\n|          | &B       |     |",
    );
    let offered = WUAS.open(&ragged, |file| {
        let deferred = Wuas.diagnostics_incremental(file, &mut cache);
        deferred
            .iter()
            .filter(|d| LAYOUT.contains(&d.code))
            .flat_map(|d| Wuas.helpful_fixes(file, &deferred, d))
            .collect::<Vec<_>>()
    });
    assert!(offered.is_empty(), "{offered:?}");
}

/// Every corpus board formatted: the same board and no new diagnostics,
/// no layout warnings left, and formatting again changes nothing.
#[test]
fn the_whole_corpus_formats_to_the_same_board() {
    let root = corpus_dir("wuas");
    let files = corpus_files_below("wuas", "dat");
    assert!(files.len() >= 104, "{} files", files.len());
    let mut changed = Vec::new();
    for path in &files {
        let name = path.display();
        let text = std::fs::read_to_string(path).unwrap();
        let edits = WUAS
            .open(&text, |file| Wuas.format(file))
            .unwrap_or_else(|| panic!("{name}: refused"));
        if !edits.is_empty() {
            let relative = path.strip_prefix(&root).unwrap().display();
            changed.push(format!("{relative}: {} lines", edits.len()));
        }
        let out = apply_edits(&text, &edits);
        assert_eq!(board(&out), board(&text), "{name}");
        let before = codes(&text);
        let after = codes(&out);
        for d in &after {
            assert!(!LAYOUT.iter().any(|c| d.starts_with(c)), "{name}: {d}");
            assert!(before.contains(d), "{name}: new {d}");
        }
        assert_eq!(
            WUAS.open(&out, |file| Wuas.format(file)),
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

/// A board large enough that judging each layout warning's fix on its own
/// would pass the judge's budget: "Format the document" is the same edits for
/// every warning, so it is checked once and every warning keeps it (in
/// `levls check` only the first dozen once did).
#[test]
fn every_layout_warning_of_a_large_board_keeps_the_formatter_fix() {
    let mut text =
        String::from("# big board\n\n5\ntitle: big\n\nfloor=0\n+----------+----------+\n");
    for i in 0..400 {
        if i % 20 == 0 {
            text.push_str("| sky  | sky      |\n|      |          |\n+----------+----------+\n");
        } else {
            text.push_str(
                "| sky      | sky      |\n|          |          |\n+----------+----------+\n",
            );
        }
    }
    // The floor list ends with a blank line; no tokens follow.
    text.push_str("\n\n");
    assert!(text.len() > 20_000, "{}", text.len());
    let judged = WUAS.open(&text, |file| {
        let mut diagnostics = Wuas.diagnostics(file);
        Wuas.keep_helpful_fixes(file, &mut diagnostics);
        diagnostics
    });
    let layout: Vec<_> = judged.iter().filter(|d| LAYOUT.contains(&d.code)).collect();
    assert!(layout.len() >= 20, "{}", layout.len());
    let without: Vec<_> = layout.iter().filter(|d| d.fixes.is_empty()).collect();
    assert!(
        without.is_empty(),
        "{} of {} without the fix",
        without.len(),
        layout.len()
    );
}
