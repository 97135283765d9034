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

/// The scan looks only where `MAZE` or `LEVEL` occurs; it finds what a look
/// at every line finds, on every real file and mutant and after random keys
/// (blanks, colons, quotes, line breaks, the keywords themselves) typed into
/// them.
#[test]
fn the_keyword_search_finds_what_a_look_at_every_line_finds() {
    fn every_line(text: &str) -> Vec<(String, std::ops::Range<usize>)> {
        let mut found = Vec::new();
        let mut line_start = 0;
        for line in text.split_inclusive('\n') {
            let start = line_start;
            line_start += line.len();
            let body = line.trim_start();
            let Some(rest) = body
                .strip_prefix("MAZE")
                .or_else(|| body.strip_prefix("LEVEL"))
            else {
                continue;
            };
            let Some(rest) = rest.trim_start().strip_prefix(':') else {
                continue;
            };
            let spaces = rest.len() - rest.trim_start().len();
            let Some(name) = rest.trim_start().strip_prefix('"') else {
                continue;
            };
            let Some(end) = name
                .find(['"', '\n'])
                .filter(|&e| name[e..].starts_with('"'))
            else {
                continue;
            };
            let quote = start + line.len() - rest.len() + spaces;
            found.push((name[..end].to_string(), quote..quote + end + 2));
        }
        found
    }
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared");
    let mut files = Vec::new();
    des_files(&shared.join("corpus/nethack"), &mut files);
    des_files(&shared.join("mutants"), &mut files);
    assert!(files.len() > 400, "the corpus and mutants: {}", files.len());
    let keys = [
        "MAZE", "LEVEL", ":", "\"", " ", "\t", "\n", "\u{a0}", "M", "x",
    ];
    let mut rng = crate::formats::test_support::Lcg(25);
    let mut found = 0;
    for path in files {
        let mut text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        for round in 0..6 {
            let scanned: Vec<(String, std::ops::Range<usize>)> = defined_levels(&text)
                .into_iter()
                .map(|l| (l.name, l.name_range))
                .collect();
            assert_eq!(
                scanned,
                every_line(&text),
                "{} after {round} keys",
                path.display()
            );
            found += scanned.len();
            let mut at = rng.next(text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            text.insert_str(at, keys[rng.next(keys.len())]);
        }
    }
    assert!(found > 2000, "levels found: {found}");
}
