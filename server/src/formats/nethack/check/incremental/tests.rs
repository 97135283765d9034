//! The parts add up to the whole: on every real file and mutant, and after
//! thousands of edits of them (typing, deleting, line breaks, a new level),
//! the incremental diagnostics equal the whole-file analysis.

use super::{diagnostics, Cache};
use crate::formats::nethack::tests::NETHACK;
use crate::formats::nethack::NetHack;
use crate::formats::test_support::Lcg;
use crate::formats::{Diagnostic, Format};
use std::path::{Path, PathBuf};

fn files() -> Vec<PathBuf> {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared");
    let mut found = Vec::new();
    let mut dirs = vec![shared.join("corpus/nethack"), shared.join("mutants")];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "des") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Sorted by everything, so the two lists compare whatever their order of
/// diagnostics on the same span.
fn canonical(mut list: Vec<Diagnostic>) -> Vec<String> {
    list.sort_by(|a, b| {
        (a.range.start, a.range.end, a.code, &a.message).cmp(&(
            b.range.start,
            b.range.end,
            b.code,
            &b.message,
        ))
    });
    list.iter().map(|d| format!("{d:?}")).collect()
}

/// The incremental diagnostics of `text`, given the cache the previous version left, equal
/// the whole file's; how many levels were analysed again.
fn same_as_whole(text: &str, cache: &mut Cache, what: &str) -> usize {
    NETHACK.open(text, |file| {
        let (incremental, analysed) = diagnostics(file, cache);
        let whole = NetHack.diagnostics(file);
        assert_eq!(canonical(incremental), canonical(whole), "{what}");
        analysed
    })
}

/// One edit a user might make at `at`: type, delete, break a line, join two,
/// or paste a new level.
fn edit(text: &str, rng: &mut Lcg) -> String {
    let mut at = rng.next(text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let mut end = (at + 1 + rng.next(3)).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let (range, insert) = match rng.next(8) {
        0 => (at..at, "x"),
        1 => (at..at, "\n"),
        2 => (at..end, ""),
        3 => (at..at, "("),
        4 => (at..at, "\nMAZE:\"new\",' '\nGEOMETRY:center,center\n"),
        // Garbage that hides the level headers below it.
        5 => (at..at, "\""),
        6 => (at..at, "{"),
        _ => (at..at, "1"),
    };
    format!("{}{insert}{}", &text[..range.start], &text[range.end..])
}

#[test]
fn parts_add_up_to_the_whole_file_through_edits() {
    let files = files();
    assert!(files.len() > 400, "the corpus and mutants: {}", files.len());
    let mut rng = Lcg(2026);
    let mut reused = 0;
    for (i, path) in files.iter().enumerate() {
        let original = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        let mut cache = Cache::default();
        let what = path.display().to_string();
        same_as_whole(&original, &mut cache, &what);
        // Every 10th file goes through a run of edits.
        if i % 10 != 0 {
            continue;
        }
        let mut text = original;
        for step in 0..12 {
            text = edit(&text, &mut rng);
            let analysed = same_as_whole(&text, &mut cache, &format!("{what} edit {step}"));
            if analysed < 2 {
                reused += 1;
            }
        }
    }
    // Most single edits re-analyse at most one level (and the prelude).
    assert!(reused > 100, "edits that reused the other levels: {reused}");
}

#[test]
fn an_edit_re_analyses_only_its_level_and_a_dialect_change_all() {
    let level = |n: usize| {
        format!("MAZE:\"l{n}\",' '\nGEOMETRY:center,center\nMAP\n---\n|.|\n---\nENDMAP\nDOOR:locked,(1,1)\n")
    };
    let text: String = (0..5).map(level).collect();
    let mut cache = Cache::default();
    assert_eq!(same_as_whole(&text, &mut cache, "open"), 5);
    let typed = text.replacen("DOOR:locked", "DOOR:lockedx", 1);
    assert_eq!(same_as_whole(&typed, &mut cache, "one level"), 1);
    // A line break before every level moves them all; their messages name no
    // line, so they stay valid.
    let moved = format!("\n{typed}");
    assert_eq!(same_as_whole(&moved, &mut cache, "moved"), 0);
    // A 3.6 variable at the top makes it a 3.6 file: everything again.
    let newer = moved.replacen(
        "GEOMETRY:center,center\n",
        "GEOMETRY:center,center\n$x = 1\n",
        1,
    );
    assert_eq!(same_as_whole(&newer, &mut cache, "3.6"), 5);
}

/// Found by fuzzing (check_nethack): a stray character before the first
/// level was its own error in the parts (what precedes the level is
/// analysed apart) but, in the whole file, hidden in the header's zone and
/// taken as the level's own error (its placement went unjudged).
#[test]
fn a_stray_character_before_the_first_level_is_the_same_error_in_parts() {
    for text in [
        "\u{fffd}MAZE",
        "!MAZE",
        "!MAZE:\"a\",' '\nNOMAP\n",
        "!\nMAZE:\"a\",' '\nNOMAP\n",
        // Its level's placement is judged (the error is not the level's).
        "\u{fffd}MAZE:\"\",' '",
        "# levls: dialect 3.6\n!MAZE:\"\",' '",
    ] {
        same_as_whole(text, &mut Cache::default(), text);
    }
}

/// Found by fuzzing (check_nethack): 3.4.3's lev_comp crashes on a NOMAP
/// square only when no MAP came before it anywhere in the file, so a level
/// read alone must know whether an earlier level has a map — and be read
/// again when that changes.
#[test]
fn a_map_in_an_earlier_level_counts_for_the_nomap_crash() {
    let with_map = "MAZE:\"a\",' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n\
                    MAZE:\"b\",' '\nNOMAP\nOBJECT:'`',\"boulder\",(2,2)\n";
    let mut cache = Cache::default();
    same_as_whole(with_map, &mut cache, "a map in the first level");
    // The first level loses its map, then gets it back: the second level's
    // text never changes, its diagnostics do.
    let without_map = with_map.replace("MAP\n...\nENDMAP\n", "NOMAP\n");
    same_as_whole(&without_map, &mut cache, "no map before the second level");
    same_as_whole(with_map, &mut cache, "the map is back");
}

/// Found by fuzzing (check_nethack): a level header in the middle of a line
/// (after junk) made a part whose stray comment's fix edits the line before
/// the part; reused after an edit above it, that edit landed elsewhere.
/// Such a file is analysed whole.
#[test]
fn a_level_that_starts_mid_line_is_analysed_with_its_line() {
    let text = "MAZE:#a\",random\n$a = x st!MAZE:#a\",random\n$a = y\n";
    let mut cache = Cache::default();
    same_as_whole(text, &mut cache, "first");
    let edited = text.replacen("$a = x", "$a = xyz", 1);
    same_as_whole(
        &edited,
        &mut cache,
        "after an edit before the mid-line level",
    );
}

/// Found by fuzzing (check_nethack): a GEOMETRY left without its map before
/// a level header that lacks its colon. The parser starts the next level at
/// `MAZE` all the same, so its part ends there; the whole file pointed at
/// that `MAZE` (the next token), the part at the GEOMETRY (its level's end).
/// Both now say the level ends first.
#[test]
fn a_geometry_without_map_before_a_header_without_colon_is_the_same_error_in_parts() {
    let text = "MAZE:\"a\",' '\nGEOMETRY:center,center\n# no map\n\nMAZE\u{fffd}\"b\",' '\nNOMAP\n";
    let mut cache = Cache::default();
    same_as_whole(text, &mut cache, "whole");
    let whole = NETHACK.open(text, |file| NetHack.diagnostics(file));
    let geometry = text.find("GEOMETRY").unwrap();
    assert!(
        whole
            .iter()
            .any(|d| d.code == "nethack::geometry-without-map" && d.range.start == geometry),
        "{whole:#?}"
    );
    same_as_whole(
        &text.replace("# no map\n", ""),
        &mut cache,
        "a line deleted",
    );
}

/// A stray `"` typed and deleted again: the string hides the header of the
/// next level; that version is cut at the hidden header (each piece read
/// on its own, as the whole file's reading does) and re-analyses only the
/// level the quote is in; the next is the file as it was and re-analyses
/// that level again.
#[test]
fn a_stray_quote_that_hides_a_header_re_analyses_only_its_level() {
    let level = |n: usize| format!("# level {n}\nMAZE:\"l{n}\",' '\nNOMAP\nFOUNTAIN:(5,{n})\n");
    let text: String = (1..=4).map(level).collect();
    let mut cache = Cache::default();
    // The first comment, then the four levels.
    assert_eq!(same_as_whole(&text, &mut cache, "open"), 5);
    let stray = text.replacen("FOUNTAIN:", "FOUNTAIN\":", 1);
    NETHACK.open(&stray, |file| {
        assert!(!crate::formats::nethack::syntax::hidden_headers(file.text, file.tree).is_empty());
    });
    assert_eq!(same_as_whole(&stray, &mut cache, "a stray quote"), 1);
    assert_eq!(same_as_whole(&text, &mut cache, "deleted again"), 1);
}

/// A `{` or `(` typed in a level and left open is closed by the parser at
/// the next level's header, or at the end of the piece cut at a header it
/// hides; lev_comp's message for it reads what follows, so the level is
/// analysed with the next one, and the rest is reused.
#[test]
fn an_open_brace_or_parenthesis_re_analyses_its_level_with_the_next() {
    let rooms = |n: usize| {
        format!("MAZE:\"l{n}\",' '\nNOMAP\nROOM: \"ordinary\", random, random, random, random {{\n  FOUNTAIN:(5,{n})\n}}\n")
    };
    let monsters = |n: usize| {
        format!("MAZE:\"l{n}\",' '\nNOMAP\nMONSTER: 'G', \"gnome\", random\nOBJECT: random, random, random\n")
    };
    let rooms: String = (1..=5).map(rooms).collect();
    let monsters: String = (1..=5).map(monsters).collect();
    let second_brace = rooms.match_indices("}\n").nth(1).unwrap().0;
    // The braces hide the headers below them (the text is cut into pieces
    // there, each parsed on its own); the parenthesis does not.
    for (what, text, edited, hides) in [
        (
            "a stray brace",
            &rooms,
            rooms.replacen("FOUNTAIN:(5,2)", "FOUNTAIN:{(5,2)", 1),
            true,
        ),
        (
            "a closing brace deleted",
            &rooms,
            format!("{}{}", &rooms[..second_brace], &rooms[second_brace + 1..]),
            true,
        ),
        (
            "a stray parenthesis",
            &monsters,
            monsters.replacen("\"gnome\", random\nOBJECT", "\"gnome\", r(andom\nOBJECT", 1),
            false,
        ),
    ] {
        let mut cache = Cache::default();
        assert_eq!(same_as_whole(text, &mut cache, "open"), 5);
        NETHACK.open(&edited, |file| {
            let hidden = crate::formats::nethack::syntax::hidden_headers(file.text, file.tree);
            assert_eq!(!hidden.is_empty(), hides, "{what}");
        });
        assert_eq!(same_as_whole(&edited, &mut cache, what), 1, "{what}");
        // As it was: the two levels are parts of their own again.
        assert_eq!(same_as_whole(text, &mut cache, "as it was"), 2, "{what}");
    }
}

/// A MAP without its `ENDMAP` swallows the rest of the file (lev_comp reads
/// it all as rows and reports nothing after it): its level is analysed with
/// every level after it, and the levels before it are reused.
#[test]
fn an_open_map_takes_the_rest_of_the_file_into_its_part() {
    let level = |n: usize| {
        format!("MAZE:\"l{n}\",' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\nFOUNTAIN:(1,1)\n")
    };
    let text: String = (1..=5).map(level).collect();
    let mut cache = Cache::default();
    assert_eq!(same_as_whole(&text, &mut cache, "open"), 5);
    let second = text.match_indices("ENDMAP\n").nth(1).unwrap().0;
    let open = format!("{}{}", &text[..second], &text[second + "ENDMAP\n".len()..]);
    assert_eq!(same_as_whole(&open, &mut cache, "an ENDMAP deleted"), 1);
    same_as_whole(&text, &mut cache, "as it was");
}

/// Punctuation typed at a random place of each real file and mutant, then
/// deleted: the parts add up to the whole, and the whole file is read again
/// only where its levels cannot be told apart (a level that starts mid-line,
/// statements between levels). An open `{` or `(` joins its level to the next.
#[test]
fn punctuation_typed_anywhere_and_deleted_adds_up_and_keeps_the_parts() {
    const KEYS: [&str; 6] = ["(", "{", "\"", "[", ")", "}"];
    let mut rng = Lcg(7);
    let (mut typed, mut whole_file) = (0, 0);
    for path in files() {
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        let what = path.display().to_string();
        let mut cache = Cache::default();
        same_as_whole(&text, &mut cache, &what);
        let mut at = rng.next(text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let key = KEYS[rng.next(KEYS.len())];
        let edited = format!("{}{key}{}", &text[..at], &text[at..]);
        typed += 1;
        if same_as_whole(&edited, &mut cache, &format!("{what}: {key} at {at}")) == usize::MAX {
            whole_file += 1;
        }
        same_as_whole(&text, &mut cache, &format!("{what}: {key} at {at} deleted"));
    }
    // Was 9 % before open parts were joined to the next.
    assert!(
        whole_file * 100 < typed,
        "{whole_file} of {typed} keys read the whole file"
    );
}

/// A version cut at hidden headers parses its pieces from the last tree
/// without errors: each piece's tree equals the piece parsed afresh, on
/// every real file and mutant with a stray `"`, `{`, `(` or `[` typed at
/// random places.
#[test]
fn pieces_parsed_from_the_clean_tree_equal_fresh_pieces() {
    use crate::formats::nethack::syntax;
    const KEYS: [&str; 4] = ["\"", "{", "(", "["];
    let mut rng = Lcg(11);
    let mut compared = 0;
    for path in files() {
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        let clean = crate::formats::parse(&NetHack, &text);
        if clean.root_node().has_error() {
            continue;
        }
        for _ in 0..4 {
            let mut at = rng.next(text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let key = KEYS[rng.next(KEYS.len())];
            let typed = format!("{}{key}{}", &text[..at], &text[at..]);
            let tree = crate::formats::parse(&NetHack, &typed);
            let hidden = syntax::hidden_headers(&typed, &tree);
            if hidden.is_empty() {
                continue;
            }
            let old = super::edited(&text, &clean, &typed);
            let reused = syntax::parse_pieces(&typed, &hidden, Some(&old));
            let fresh = syntax::parse_pieces(&typed, &hidden, None);
            for ((range, a), (_, b)) in reused.iter().zip(&fresh) {
                assert_eq!(
                    shape(a.root_node()),
                    shape(b.root_node()),
                    "{}: {key} at {at}, the piece {range:?}",
                    path.display()
                );
            }
            compared += 1;
        }
    }
    assert!(compared > 300, "{compared} versions with hidden headers");
}

/// Every node's kind and span, and which are missing, as one string.
fn shape(node: tree_sitter::Node) -> String {
    let mut out = format!(
        "({}{} {:?}",
        node.kind(),
        if node.is_missing() { "!" } else { "" },
        node.byte_range()
    );
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        out.push_str(&shape(child));
    }
    out.push(')');
    out
}
