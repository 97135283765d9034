//! The room read from the text is the room the grammar's tree reads.

use super::*;
use crate::formats::test_support::{typed, Lcg};
use std::path::{Path, PathBuf};
use tree_sitter::Node;

/// Every DERF file of the repository: the examples, the fuzz seeds and the
/// end-to-end tests' broken rooms (there are no public DERF files).
fn rooms() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in [
        "examples/derf",
        "fuzz/corpus/derf",
        "tests/fixtures/derf/bad",
    ] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "derf") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Rooms written here for the shapes the files above do not have.
const SHAPES: &[&str] = &[
    "",
    "\n\n\n",
    "DERF:0.1.0",
    "DERF:",
    ":0.1.0\nName",
    "The Great Hall\nA hall.\nShort.\nLong.\n",
    "  DERF: 0.1.0  \n  Name  \n\tShort\t\n  long  \n\n  \n",
    "DERF:0.1.0\nFlags: +a\nContainers: chest\nFlags: +b\n",
    "DERF:0.1.0\nN\nS\nFlags: +boss,+trap -magic,,x + a ++b - +\n+c -d\n",
    "DERF:0.1.0\nN\nS\nL\nContainers:chest  bag\tbox2\nchest : gold coins \nbag:\nbox2:Flags: x\n",
    "DERF:0.1.0\nN\nS\nL\nFlags:x:y a+b\nflags: +a\nContainersx: a\nchest:a:b\n",
    "DERF:0.1.0\r\nN\r\nS\r\nL\r\n\r\nFlags: +a\r\nContainers: c\r\nc:i\r\n",
    "\u{feff}DERF:0.1.0\nN\nS\nL\nFlags: +a b\n",
    "DERF:0.1.0\nN\nS\nFlags:\nContainers:\n",
    "DERF 0.1.0\nN\u{a0}\n\u{a0}S\n\u{3000}L\nFlags: +a\u{a0}b\n\u{a0}x:y\n",
];

/// Pieces typed at random places: blanks, line breaks, signs, colons, commas,
/// the keywords, words, non-ASCII. No BOM past the file's first character:
/// the text reads one as a word character, where tree-sitter's lexer sometimes
/// skips it and sometimes reads it into the next token (a sign, a keyword).
const PIECES: &[&str] = &[
    "a",
    "x:",
    ":",
    " ",
    "\t",
    "\n",
    "+",
    "-",
    ",",
    "Flags:",
    "Containers:",
    "chest",
    "chest:gold\n",
    "+boss",
    "\nFlags: +a\n",
    "é",
    "\u{a0}",
    "DERF:",
];

fn tree_of(text: &str) -> tree_sitter::Tree {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_derf::LANGUAGE.into())
        .unwrap();
    parser.parse(text, None).unwrap()
}

fn span(node: Node) -> Span {
    node.byte_range()
}

/// The same reading, from the grammar's tree: what [`Room::read`] is tested against.
fn read_tree(text: &str, tree: &tree_sitter::Tree) -> Room {
    let mut room = Room::default();
    let root = tree.root_node();
    let mut cursor = root.walk();
    for child in root.children(&mut cursor) {
        match child.kind() {
            "header" => {
                room.header = Some(Header {
                    line: trimmed(text, span(child)),
                    declaration: child.child_by_field_name("declaration").map(span),
                    version: child
                        .child_by_field_name("version")
                        .map(|v| trimmed(text, span(v)))
                        .filter(|v| !v.is_empty()),
                })
            }
            "room_name" => room.name = Some(trimmed(text, span(child))),
            "short_description" => room.short = Some(trimmed(text, span(child))),
            "long_description" => {
                let mut c = child.walk();
                for line in child.named_children(&mut c) {
                    if line.kind() == "description_line" {
                        room.description_lines.push(trimmed(text, span(line)));
                    }
                }
            }
            "flags_line" => room
                .body
                .push(BodyLine::Flags(read_tree_flags(text, child))),
            "flag_continuation" => room
                .body
                .push(BodyLine::FlagsContinuation(read_tree_flags(text, child))),
            "containers_line" => {
                let mut c = child.walk();
                let names = child
                    .named_children(&mut c)
                    .filter(|n| n.kind() == "container_name")
                    .map(span)
                    .collect();
                room.body.push(BodyLine::Containers(ContainersLine {
                    line: trimmed(text, span(child)),
                    keyword: child
                        .child_by_field_name("keyword")
                        .map_or(span(child), span),
                    names,
                }));
            }
            "container_line" => {
                let container = child.child_by_field_name("container").map(span);
                let colon = child
                    .children(&mut child.walk())
                    .find(|n| n.kind() == ":")
                    .map(span);
                if let (Some(container), Some(colon)) = (container, colon) {
                    room.body.push(BodyLine::Container(ContainerLine {
                        line: trimmed(text, span(child)),
                        container,
                        colon,
                        item: child
                            .child_by_field_name("item")
                            .map(|i| trimmed(text, span(i)))
                            .filter(|i| !i.is_empty()),
                    }));
                }
            }
            _ => {}
        }
        collect_errors(child, &mut room.syntax_errors);
    }
    room
}

fn read_tree_flags(text: &str, line: Node) -> FlagsLine {
    let mut flags = Vec::new();
    let mut commas = Vec::new();
    let mut cursor = line.walk();
    for flag in line
        .named_children(&mut cursor)
        .filter(|n| n.kind() == "flag")
    {
        let sign = flag.child_by_field_name("sign").map(|s| {
            let sign = if &text[span(s)] == "-" {
                Sign::Minus
            } else {
                Sign::Plus
            };
            (sign, span(s))
        });
        let name = flag.child_by_field_name("name").map(span);
        read::split_at_commas(text, span(flag), sign, name, &mut flags, &mut commas);
    }
    FlagsLine {
        line: trimmed(text, span(line)),
        keyword: line.child_by_field_name("keyword").map(span),
        flags,
        commas,
    }
}

fn collect_errors(node: Node, out: &mut Vec<SyntaxError>) {
    if !node.has_error() && !node.is_error() && !node.is_missing() {
        return;
    }
    if node.is_error() || node.is_missing() {
        out.push(SyntaxError {
            span: span(node),
            kind: ErrorKind::Line,
        });
        return;
    }
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        collect_errors(child, out);
    }
}

/// The lines each error covers (without the blanks it ends with), counting
/// only the lines that are not blank.
fn error_lines(text: &str, room: &Room) -> Vec<std::ops::RangeInclusive<usize>> {
    let bytes = text.as_bytes();
    let line_of = |at: usize| {
        let start = bytes[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        bytes[..start]
            .split(|&b| b == b'\n')
            .filter(|l| !l.iter().all(u8::is_ascii_whitespace))
            .count()
    };
    room.syntax_errors
        .iter()
        .map(|e| {
            let end = e.span.start + text[e.span.clone()].trim_end().len();
            line_of(e.span.start)..=line_of(end.max(e.span.start + 1) - 1)
        })
        .collect()
}

/// Both readings find errors in the same places: each of the tree's errors
/// holds a line the text reads in error, and each such line is in one of the
/// tree's errors or on the next line that is not blank (the tree's recovery reads across line breaks:
/// `bag3` then `:key` on the next line is one container line with an error
/// between, where the text reads two broken lines).
fn same_error_places(text: &str, from_text: &Room, from_tree: &Room) -> bool {
    let (text_errors, tree_errors) = (error_lines(text, from_text), error_lines(text, from_tree));
    let text_lines: Vec<usize> = text_errors.into_iter().flatten().collect();
    let near = |e: &std::ops::RangeInclusive<usize>, l: usize| {
        e.start().saturating_sub(1) <= l && l <= e.end() + 1
    };
    text_lines
        .iter()
        .all(|&l| tree_errors.iter().any(|e| near(e, l)))
        && tree_errors
            .iter()
            .all(|e| text_lines.iter().any(|l| e.contains(l)))
}

/// The texts to read: every file and shape, each with up to 7 random pieces
/// typed into it (the pieces drawn from `seed`), with LF and with CRLF line breaks.
fn versions(pieces: &[&str], seed: u64) -> Vec<(String, String)> {
    let mut originals: Vec<(String, String)> = rooms()
        .into_iter()
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    assert!(originals.len() >= 30, "{}", originals.len());
    originals.extend(SHAPES.iter().map(|s| (format!("{s:?}"), s.to_string())));
    let mut rng = Lcg(seed);
    let mut out = Vec::new();
    for (name, original) in originals {
        for keys in 0..8 {
            let text = typed(&original, pieces, keys, &mut rng);
            let crlf = text.replace("\r\n", "\n").replace('\n', "\r\n");
            out.push((format!("{name} with {keys} keys"), text));
            out.push((format!("{name} with {keys} keys, CRLF"), crlf));
        }
    }
    out
}

/// Wherever the tree reads a room without an error, the text reads the same
/// room; where it finds errors, the text finds them on the same lines (the
/// tree's recovery draws their bounds, and reads the lines around them, its
/// own way).
#[test]
fn the_text_reading_is_the_trees_on_every_room_and_edit() {
    let mut clean = 0;
    let mut broken = 0;
    for seed in 0..10 {
        for (name, text) in versions(PIECES, seed) {
            let from_text = Room::read(&text);
            let from_tree = read_tree(&text, &tree_of(&text));
            if from_tree.syntax_errors.is_empty() {
                assert_eq!(from_text, from_tree, "{name}: {text:?}");
                clean += 1;
            } else {
                assert!(
                    same_error_places(&text, &from_text, &from_tree),
                    "{name}: {text:?}\ntext: {:?}\ntree: {:?}",
                    from_text.syntax_errors,
                    from_tree.syntax_errors
                );
                broken += 1;
            }
        }
    }
    assert!(
        clean > 4000 && broken > 1000,
        "{clean} clean, {broken} broken"
    );
}

/// A vertical tab, a form feed, a carriage return that ends no line: the
/// grammar cannot read them where a word starts, and both readings find the
/// first error on the same line (after it, the tree's recovery may read the
/// rest of the room its own way: past a lone carriage return it reads on
/// where the text reads no more of that line).
#[test]
fn an_ascii_blank_no_word_starts_with_is_an_error_on_its_line_in_both_readings() {
    let first_error =
        |text: &str, room: &Room| error_lines(text, room).iter().map(|l| *l.start()).min();
    let mut broken = 0;
    let pieces = [
        "\u{b}", "\u{c}", "\r", "a\rb", " \u{c} x", "+", ":", "\n", "x",
    ];
    for seed in 0..10 {
        for (name, text) in versions(&pieces, seed) {
            let from_text = Room::read(&text);
            let from_tree = read_tree(&text, &tree_of(&text));
            assert_eq!(
                first_error(&text, &from_text),
                first_error(&text, &from_tree),
                "{name}: {text:?}\ntext: {:?}\ntree: {:?}",
                from_text.syntax_errors,
                from_tree.syntax_errors
            );
            broken += usize::from(!from_tree.syntax_errors.is_empty());
        }
    }
    assert!(broken > 2000, "{broken}");
}
