//! The shortcuts of the syntax reading give what the full walks give: on
//! every real file, a megabyte of tile rows, and hundreds of keys typed into
//! them (quotes, dots, slashes, digits, brackets, control characters).

use super::{elements, errors_skipping, scalars, Marks};
use crate::formats::dungeon_mystery::DungeonMystery;
use crate::formats::test_support::Lcg;
use std::path::Path;

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

/// Every array read by its text equals the array read node by node, and the
/// pruned walk finds the syntax errors the full walk finds.
/// Returns how many arrays were read by their text, and how many of those
/// were lists of arrays.
fn same_as_full_walks(text: &str, what: &str) -> (usize, usize) {
    let tree = crate::formats::parse(&DungeonMystery, text);
    let (mut by_text, mut lists_by_text) = (0, 0);
    let mut cursor = tree.root_node().walk();
    let mut stack = vec![tree.root_node()];
    while let Some(node) = stack.pop() {
        if node.kind() == "array" {
            if let Some(fast) = scalars(text, node) {
                assert_eq!(
                    fast,
                    elements(text, node, false),
                    "{what}: the array at {:?}",
                    node.byte_range()
                );
                by_text += 1;
                if fast.iter().any(|v| matches!(v.kind, super::Kind::Array(_))) {
                    lists_by_text += 1;
                }
            }
        }
        stack.extend(node.children(&mut cursor));
    }
    let marks = Marks::of(text);
    let every_marked_byte: Vec<usize> = text
        .bytes()
        .enumerate()
        .filter(|&(_, b)| {
            matches!(b, b'"' | b'.' | b'\\' | b'/')
                || (b < 0x20 && !matches!(b, b'\n' | b'\r' | b'\t'))
        })
        .map(|(i, _)| i)
        .collect();
    assert_eq!(marks.0, every_marked_byte, "{what}: the marks");
    let pruned = errors_skipping(text, &tree, Some(&marks));
    let full = errors_skipping(text, &tree, None);
    assert_eq!(format!("{pruned:?}"), format!("{full:?}"), "{what}");
    (by_text, lists_by_text)
}

#[test]
fn rows_read_by_text_and_the_pruned_walk_equal_the_full_walks() {
    let files = real_files();
    let export = files
        .iter()
        .find(|t| t.contains("\"list_tiles\": ["))
        .expect("the Dungeoneer export")
        .clone();
    let (mut read_by_text, mut lists) = (0, 0);
    let mut count = |(arrays, of_arrays): (usize, usize)| {
        read_by_text += arrays;
        lists += of_arrays;
    };
    for text in &files {
        count(same_as_full_walks(text, "a real file"));
    }
    let big = with_rows(&export, 400);
    count(same_as_full_walks(&big, "the export with rows"));
    const KEYS: [&str; 16] = [
        "\"", ".", "/", "//", "\\", "1", "-", ",", "[", "]", " ", "\t", "\u{1}", "n", "1.", "e",
    ];
    let mut rng = Lcg(25);
    for i in 0..400 {
        let base = if i % 2 == 0 { &export } else { &big };
        let mut at = rng.next(base.len() + 1);
        while !base.is_char_boundary(at) {
            at -= 1;
        }
        let key = KEYS[rng.next(KEYS.len())];
        let typed = format!("{}{key}{}", &base[..at], &base[at..]);
        count(same_as_full_walks(
            &typed,
            &format!("{key:?} typed at {at}"),
        ));
    }
    assert!(
        read_by_text > 400,
        "{read_by_text} arrays read by their text"
    );
    assert!(lists > 100, "{lists} lists of rows read by their text");
}
