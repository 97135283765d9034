//! The map read from the text is the map the grammar's tree reads.

use super::{Element, Map, Value};
use crate::formats::test_support::{corpus_files_below, mutant_files_below, typed, Lcg};
use std::path::PathBuf;

fn maps() -> Vec<PathBuf> {
    let mut maps = corpus_files_below("frupal", "fmap");
    maps.extend(mutant_files_below("frupal", "fmap"));
    maps
}

fn tree_of(text: &str) -> tree_sitter::Tree {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_frupal::LANGUAGE.into())
        .unwrap();
    parser.parse(text, None).unwrap()
}

/// The same reading, from the grammar's tree: what [`Map::read`] is
/// tested against.
fn read_tree(text: &str, tree: &tree_sitter::Tree) -> Map {
    let mut elements = Vec::new();
    let mut values = Vec::new();
    let mut syntax_errors = Vec::new();
    let mut row_like_lines = Vec::new();
    let root = tree.root_node();
    let mut cursor = root.walk();
    for node in root.children(&mut cursor) {
        if node.is_error() || node.is_missing() {
            syntax_errors.push(node.byte_range());
            continue;
        }
        if node.kind() == "terrain_row" {
            row_like_lines.push(node.start_position().row);
        }
        if node.kind() != "element" {
            continue;
        }
        let Some(name) = node.child_by_field_name("name") else {
            continue;
        };
        let mut values_cursor = node.walk();
        let first_value = values.len();
        values.extend(
            node.children_by_field_name("value", &mut values_cursor)
                .map(|v| Value {
                    span: v.byte_range(),
                    is_number: v.kind() == "number",
                }),
        );
        elements.push(Element {
            line: node.start_position().row,
            span: node.byte_range(),
            name: name.byte_range(),
            values: first_value..values.len(),
        });
    }
    Map::assemble(
        text,
        crate::text::line_contents(text).collect(),
        elements,
        values,
        row_like_lines,
        syntax_errors,
    )
}

/// The first difference between two readings of `text`, shown briefly.
fn difference(text: &str, a: &Map, b: &Map) -> Option<String> {
    let line = |span: &std::ops::Range<usize>| {
        let start = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
        let end = text[span.start..]
            .find('\n')
            .map_or(text.len(), |i| span.start + i);
        format!("{:?}", &text[start..end])
    };
    let first = |x: &[String], y: &[String]| {
        x.iter()
            .zip(y)
            .position(|(p, q)| p != q)
            .unwrap_or(x.len().min(y.len()))
    };
    let elements = |m: &Map| {
        m.elements
            .iter()
            .map(|e| format!("{} {:?} {:?} {:?}", e.line, e.span, e.name, m.values_of(e)))
            .collect::<Vec<_>>()
    };
    let (ea, eb) = (elements(a), elements(b));
    if ea != eb {
        let i = first(&ea, &eb);
        let at = a
            .elements
            .get(i)
            .or(b.elements.get(i))
            .map(|e| line(&e.span));
        return Some(format!(
            "element {i} on {at:?}: {:?} / {:?}",
            ea.get(i),
            eb.get(i)
        ));
    }
    if a.syntax_errors != b.syntax_errors {
        let lines = |m: &Map| {
            m.syntax_errors
                .iter()
                .map(|e| format!("{e:?} {}", line(e)))
                .collect::<Vec<_>>()
        };
        return Some(format!("errors {:?} / {:?}", lines(a), lines(b)));
    }
    if a.row_like_lines != b.row_like_lines || a.lines != b.lines {
        return Some(format!(
            "rows {:?} / {:?}",
            a.row_like_lines, b.row_like_lines
        ));
    }
    (format!("{:?}", a.terrain) != format!("{:?}", b.terrain))
        .then(|| format!("terrain {:?} / {:?}", a.terrain, b.terrain))
}

/// Every real map and mutant, and each with up to 5 random pieces typed
/// into it, with LF and with CRLF line breaks (blanks, line breaks, each kind of line's first character,
/// signs, digits, element names, non-ASCII blanks the grammar reads as
/// word characters): the same lines, elements, values, grid, rows
/// and errors.
#[test]
fn the_text_reading_is_the_trees_on_every_map_and_edit() {
    let files = maps();
    assert!(files.len() > 150, "the corpus and mutants: {}", files.len());
    let pieces = [
        "a",
        "x:",
        " ",
        "\t",
        "  ",
        "\n",
        "#",
        ".",
        "=",
        "\"",
        "~",
        "+",
        "-",
        "5",
        "07",
        "terrain: 2 2\n",
        "start: 1 1",
        "Frupal_Kingdom: ",
        "é",
        "\u{a0}",
        "\u{3000}",
        "..\n",
    ];
    let mut rng = Lcg(42);
    let mut versions = 0;
    for path in files {
        let original = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        for keys in 0..6 {
            let text = typed(&original, &pieces, keys, &mut rng);
            // And the same with CRLF line breaks.
            let crlf = text.replace("\r\n", "\n").replace('\n', "\r\n");
            for text in [text, crlf] {
                let from_text = Map::read(&text);
                let from_tree = read_tree(&text, &tree_of(&text));
                if let Some(d) = difference(&text, &from_text, &from_tree) {
                    panic!("{} with {keys} keys: {d}", path.display());
                }
                versions += 1;
            }
        }
    }
    assert!(versions > 1800, "{versions}");
}

/// A `\r` inside a line, a vertical tab, a form feed, a NUL: the grammar
/// cannot read past it, and both readings put the error on that line (the tree's
/// recovery draws its bounds differently), and nowhere else.
#[test]
fn a_blank_the_grammar_cannot_read_is_an_error_on_its_line_in_both_readings() {
    let mut rng = Lcg(7);
    let mut with_errors = 0;
    for path in maps() {
        let original = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        let text = typed(
            &original,
            &["\r", "\u{b}", "\u{c}", "a\rb", " \u{c} x", "\0"],
            2,
            &mut rng,
        );
        let lines = |map: &Map| {
            let mut lines: Vec<usize> = map
                .syntax_errors
                .iter()
                .map(|e| map.lines.partition_point(|l| l.end < e.start))
                .collect();
            lines.dedup();
            lines
        };
        let from_text = Map::read(&text);
        let from_tree = read_tree(&text, &tree_of(&text));
        if lines(&from_text) != lines(&from_tree) {
            let show = |m: &Map| {
                m.syntax_errors
                    .iter()
                    .map(|e| {
                        format!(
                            "{e:?} {:?}",
                            &text[e.start.saturating_sub(8)..(e.start + 8).min(text.len())]
                        )
                    })
                    .collect::<Vec<_>>()
            };
            panic!(
                "{}: lines {:?} / {:?}: {:?} / {:?}",
                path.display(),
                lines(&from_text),
                lines(&from_tree),
                show(&from_text),
                show(&from_tree)
            );
        }
        with_errors += usize::from(!from_text.syntax_errors.is_empty());
    }
    assert!(with_errors > 100, "{with_errors}");
}

#[test]
fn an_odd_blank_ends_what_the_line_can_say() {
    let text = "start: 1\r2 3\nship: 1 1\r\r\n# c\u{c}x\n..\u{b}.\n# c\0x\n";
    let map = Map::read(text);
    let elements: Vec<(&str, Vec<&str>)> = map
        .elements
        .iter()
        .map(|e| {
            (
                &text[e.name.clone()],
                map.values_of(e)
                    .iter()
                    .map(|v| &text[v.span.clone()])
                    .collect(),
            )
        })
        .collect();
    assert_eq!(elements, [("start:", vec!["1"]), ("ship:", vec!["1", "1"])]);
    let errors: Vec<&str> = map.syntax_errors.iter().map(|e| &text[e.clone()]).collect();
    // A comment or a row reads a vertical tab or a form feed; not a NUL.
    assert_eq!(errors, ["\r2 3", "\r", "\0x"]);
    assert_eq!(map.row_like_lines, [3]);
}
