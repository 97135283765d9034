//! The reading from the text is the tree's reading wherever the tree has no
//! error, and its verdict is node's `JSON.parse`'s: on every real file, a
//! megabyte of tile rows, and thousands of keys typed into them.

use super::*;
use crate::formats::test_support::{typed, Lcg};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use tree_sitter::Node;

fn real_files() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/dungeon-mystery");
    let mut texts = Vec::new();
    let mut dirs = vec![dir];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                texts.push(std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    assert!(texts.len() >= 7, "the corpus's dungeon-mystery files");
    texts.sort();
    texts
}

/// The export with `rows` rows of 32 tiles added to its `list_tiles`.
fn with_rows(export: &str, rows: usize) -> String {
    let marker = "\"list_tiles\": [";
    let at = export.find(marker).expect("list_tiles") + marker.len();
    let row = format!(
        "\n      [{}],",
        ["null", "0", "true", "-12"].repeat(8).join(", ")
    );
    format!("{}{}{}", &export[..at], row.repeat(rows), &export[at..])
}

/// Keys typed at random places: JSON's punctuation, quotes, escapes,
/// comments, numbers and their wrong spellings, words, blanks and control
/// characters.
const KEYS: &[&str] = &[
    "\"",
    ".",
    "/",
    "//",
    "/* c */",
    "\\",
    "\\u12",
    "\\x",
    "1",
    "-",
    "01",
    "1e+5",
    "1.",
    "+1",
    ",",
    ":",
    "[",
    "]",
    "{",
    "}",
    "[]",
    "{}",
    " ",
    "\t",
    "\n",
    "\u{1}",
    "n",
    "nul",
    "true",
    "e",
    "x",
    "é",
    "\u{a0}",
    "\"k\": 1,",
    "\"k\"",
    ", \"k\": [1, 2]",
];

/// Every real file, the export with 300 more rows, and each with up to 3 keys
/// typed at random places (`per_file` versions of each).
fn versions(per_file: usize, seed: u64) -> Vec<String> {
    let mut originals = real_files();
    let export = originals
        .iter()
        .find(|t| t.contains("\"list_tiles\": ["))
        .expect("the Dungeoneer export")
        .clone();
    originals.push(with_rows(&export, 300));
    let mut rng = Lcg(seed);
    let mut out = Vec::new();
    for original in &originals {
        out.push(original.clone());
        for i in 0..per_file {
            out.push(typed(original, KEYS, 1 + i % 3, &mut rng));
        }
    }
    out
}

fn tree_of(text: &str) -> tree_sitter::Tree {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_json::LANGUAGE.into())
        .unwrap();
    parser.parse(text, None).unwrap()
}

/// The value of a node of a tree without errors: what [`Reading::of`] is
/// tested against.
fn tree_value(text: &str, node: Node) -> Option<Json> {
    let span = node.byte_range();
    let mut cursor = node.walk();
    let kind = match node.kind() {
        "object" => Kind::Object(
            node.named_children(&mut cursor)
                .filter(|p| p.kind() == "pair")
                .map(|pair| {
                    let key = pair.child_by_field_name("key").unwrap();
                    let value = pair.child_by_field_name("value").unwrap();
                    Member {
                        key: unquote(&text[key.byte_range()]),
                        key_span: key.byte_range(),
                        value: tree_value(text, value).unwrap(),
                        span: pair.byte_range(),
                    }
                })
                .collect(),
        ),
        "array" => Kind::Array(
            node.named_children(&mut cursor)
                .filter(|n| !n.is_extra())
                .filter_map(|n| tree_value(text, n))
                .collect(),
        ),
        "number" => Kind::Number(number(&text[span.clone()])),
        "string" => Kind::String(unquote(&text[span.clone()])),
        "true" => Kind::Bool(true),
        "false" => Kind::Bool(false),
        "null" => Kind::Null,
        _ => return None,
    };
    Some(Json { kind, span })
}

/// Whether node's `JSON.parse` accepts each text (one node for all).
fn json_parse_accepts(texts: &[String]) -> Vec<bool> {
    let script = "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{\
        const out=JSON.parse(s).map(t=>{try{JSON.parse(t);return true}catch(e){return false}});\
        process.stdout.write(JSON.stringify(out))})";
    let mut node = Command::new(std::env::var("LEVLS_NODE").unwrap_or("node".into()))
        .args(["-e", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node, to run JSON.parse (LEVLS_NODE or `node` on the PATH)");
    let input = serde_json::to_string(texts).unwrap();
    let mut stdin = node.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()).unwrap());
    let output = node.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(output.status.success(), "node failed");
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn the_text_reading_is_the_trees_wherever_the_tree_has_no_error() {
    let mut compared = 0;
    for text in versions(100, 11) {
        let tree = tree_of(&text);
        if tree.root_node().has_error() {
            continue;
        }
        let reading = Reading::of(&text);
        let root = tree.root_node();
        let mut cursor = root.walk();
        let first = root
            .named_children(&mut cursor)
            .find(|n| !n.is_extra())
            .and_then(|n| tree_value(&text, n));
        assert_eq!(reading.root.as_deref(), first.as_ref(), "{text}");
        compared += 1;
    }
    assert!(compared > 200, "{compared}");
}

#[test]
fn json_parse_rejects_exactly_the_texts_with_syntax_errors() {
    let texts = versions(200, 5);
    let verdicts = json_parse_accepts(&texts);
    assert_eq!(verdicts.len(), texts.len());
    let (mut accepted, mut rejected) = (0, 0);
    for (text, accepts) in texts.iter().zip(verdicts) {
        let reading = Reading::of(text);
        assert_eq!(
            reading.errors.is_empty(),
            accepts,
            "JSON.parse {} it, levls found {:?}\n{text}",
            if accepts { "accepts" } else { "rejects" },
            reading.errors
        );
        if accepts {
            accepted += 1;
        } else {
            rejected += 1;
        }
    }
    assert!(
        accepted > 300 && rejected > 600,
        "{accepted} accepted, {rejected} rejected"
    );
}

/// A line of a million `[` is skipped past its 500th, with an error, not
/// read into a stack overflow; a million `{"a":` too.
#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    for text in ["[".repeat(1_000_000), "{\"a\":".repeat(200_000)] {
        let reading = Reading::of(&text);
        assert!(
            reading
                .errors
                .iter()
                .any(|e| e.message.contains("nested deeper")),
            "{:?}",
            &reading.errors[..reading.errors.len().min(3)]
        );
    }
}

/// A bracket typed into a list of rows cuts it short or opens one too many:
/// the rows left over are one error, not one per row (a megabyte of rows
/// made 150,000, and a keystroke 50 ms).
#[test]
fn a_bracket_typed_into_rows_is_a_few_errors_not_one_per_row() {
    let files = real_files();
    let export = files
        .iter()
        .find(|t| t.contains("\"list_tiles\": ["))
        .expect("the Dungeoneer export");
    let rows = with_rows(export, 300);
    let middle = rows.find("\"list_tiles\": [").unwrap() + 20 * 150;
    let row_start = rows[middle..].find("[null").unwrap() + middle;
    for key in ["]", "}", "[", "{", "\"", ":", "nul"] {
        for offset in [1, 6, 12] {
            let at = row_start + offset;
            let text = format!("{}{key}{}", &rows[..at], &rows[at..]);
            let reading = Reading::of(&text);
            assert!(
                (1..=8).contains(&reading.errors.len()),
                "{key:?} typed at {at}: {:#?}",
                reading.errors
            );
        }
    }
}
