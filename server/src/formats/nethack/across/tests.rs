use super::defined_levels;
use crate::formats::nethack::syntax;
use std::path::{Path, PathBuf};

fn des_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            des_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "des") {
            found.push(path);
        }
    }
}

/// The line scan the index uses finds the levels the parser finds, with
/// the same names and places, in every real `.des` file of the corpus.
#[test]
fn the_header_scan_agrees_with_the_parser_on_every_real_file() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/nethack");
    let mut files = Vec::new();
    des_files(&corpus, &mut files);
    assert!(files.len() > 200, "the corpus: {}", files.len());
    let mut compared = 0;
    for path in files {
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        let tree = crate::formats::parse(&crate::formats::nethack::NetHack, &text);
        let parsed: Vec<(String, std::ops::Range<usize>)> = syntax::read(&text, &tree)
            .levels
            .iter()
            .filter_map(|l| l.name().map(|(n, r)| (n.to_string(), r)))
            .collect();
        let scanned: Vec<(String, std::ops::Range<usize>)> = defined_levels(&text)
            .into_iter()
            .map(|l| (l.name, l.name_range))
            .collect();
        assert_eq!(scanned, parsed, "{}", path.display());
        compared += parsed.len();
    }
    assert!(compared > 500, "levels compared: {compared}");
}

#[test]
fn headers_and_the_words_that_start_like_them() {
    let text = "# MAZE: \"comment\"\nMAZE:\"a\",' '\n  LEVEL : \"b\"\nMAZEWALK:(1,1),east\nLEVEL_FLAGS: noteleport\nMAZE: \"unterminated\n";
    let names: Vec<String> = defined_levels(text).into_iter().map(|l| l.name).collect();
    assert_eq!(names, ["a", "b"]);
}
