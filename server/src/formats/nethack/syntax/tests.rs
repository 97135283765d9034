//! Reading the tree: levels, statements, values, maps, comments; deep nesting cut off.

use super::*;
use crate::formats::nethack::tests::NETHACK;

fn doc(text: &str) -> Document {
    NETHACK.open(text, |file| read(file.text, file.tree))
}

#[test]
fn reads_levels_statements_values_and_maps() {
    let text = "# c\nMAZE: \"x\", ' '\nGEOMETRY:center,center\nMAP\n|.1.|\n--\nENDMAP\n\
                MONSTER[50%]: 'd', \"jackal\", place[2], m_feature \"fountain\"\n\
                TELEPORT_REGION: levregion(1,0,79,20), (0,0,3,4), down\n";
    let d = doc(text);
    assert!(d.syntax_errors.is_empty(), "{:?}", d.syntax_errors);
    assert_eq!(d.levels.len(), 1);
    let level = &d.levels[0];
    assert_eq!(level.kind, LevelKind::Maze);
    assert_eq!(level.name().unwrap().0, "x");
    assert_eq!(level.header.args[1].char(), Some(' '));
    let map = level.maps().next().unwrap();
    assert_eq!((map.width(), map.height()), (4, 2));
    assert_eq!(map.cell(text, 2, 0), Some('.'));
    assert_eq!(map.cell(text, 3, 1), Some(' '));
    assert_eq!(&text[map.end.clone().unwrap()], "ENDMAP");
    let monster = level.statements().find(|s| s.keyword == "MONSTER").unwrap();
    assert_eq!(monster.chance.as_ref().unwrap().percent, 50);
    assert!(matches!(
        &monster.args[2].kind,
        ValueKind::Register { name, index: 2, .. } if name == "place"
    ));
    assert!(matches!(&monster.args[3].kind, ValueKind::Tagged { text, .. } if text == "fountain"));
    let tele = level
        .statements()
        .find(|s| s.keyword == "TELEPORT_REGION")
        .unwrap();
    assert_eq!(tele.args[1].rect(), Some([0, 0, 3, 4]));
    assert_eq!(d.comments, vec![0..3]);
}

#[test]
fn pathological_nesting_is_cut_off_not_a_stack_overflow() {
    let depth = 5000;
    let text = format!(
        "MAZE:\"x\",' '\n{}{}\n$x = {}1\n",
        "IF [50%] {\n".repeat(depth),
        "}\n".repeat(depth),
        "1 + ".repeat(depth)
    );
    // A small stack, as a worker thread has: reading must stay within it.
    let doc = std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(move || {
            let d = doc(&text);
            let nested = d.levels[0].items.iter().flat_map(Item::walk).count();
            drop(d);
            nested
        })
        .unwrap()
        .join()
        .unwrap();
    assert!(doc <= MAX_DEPTH + 1, "{doc}");
}

#[test]
fn stray_and_unterminated_comments_and_bad_rows() {
    let text = "MAZE:\"x\",random # no\nGEOMETRY:center,center\nMAP\n|.y|\nENDMAP\n# end";
    let d = doc(text);
    assert_eq!(d.stray_comments.len(), 1);
    assert!(d.unterminated_comment.is_some());
    let map = d.levels[0].maps().next().unwrap();
    assert!(map.rows[0].bad);
    assert_eq!(map.height(), 0);
}

#[test]
fn numbers_are_read_as_lev_comp_reads_them() {
    // What lev_comp 3.6.6 prints back for each (`Coordinates (X,1) out of map
    // range!`, `Unexpected percentile 'X%'`), and what it then accepts.
    for (written, read) in [
        ("7", 7),
        ("-7", -7),
        ("+7", 7),
        ("007", 7),
        (" 50", 50),
        ("2147483647", 2147483647),
        ("2147483648", -2147483648),
        ("4294967296", 0),
        ("4294967297", 1),
        ("-4294967295", 1),
        ("8589934593", 1),
        ("9223372036854775807", -1),
        ("9223372036854775808", -1),
        ("18446744073709551617", -1),
        ("99999999999999999999", -1),
        ("-9223372036854775808", 0),
        ("-99999999999999999999", 0),
        ("", 0),
    ] {
        assert_eq!(atoi(written), read, "{written:?}");
        assert_eq!(parse_integer(written), i64::from(read), "{written:?}");
    }
}

#[test]
fn a_level_hidden_behind_garbage_is_still_read() {
    let level = "MAZE: \"x\", ' '\nFLAGS: premapped\nNOMAP\nOBJECT: \"chest\", (1,1)\n";
    for garbage in [
        "[",
        "\"",
        "((((",
        "MONSTER: (",
        "MONSTER:",
        "OBJECT: '(', \"",
    ] {
        let text = format!("# c\n{garbage}\n{level}LEVEL: \"y\"\n");
        let d = doc(&text);
        let names: Vec<&str> = d
            .levels
            .iter()
            .filter_map(|l| l.name())
            .map(|n| n.0)
            .collect();
        assert_eq!(names, ["x", "y"], "after {garbage:?}");
        assert_eq!(d.levels[0].statements().count(), 3, "after {garbage:?}");
        // The garbage is before the first level, as an error or a statement.
        let garbage_at = 4..4 + garbage.len();
        assert!(
            d.syntax_errors
                .iter()
                .any(|e| e.span.start < garbage_at.end)
                || d.prelude
                    .iter()
                    .any(|i| garbage_at.contains(&i.span().start)),
            "after {garbage:?}: {d:?}"
        );
        assert_eq!(d.comments.first(), Some(&(0..3)), "after {garbage:?}");
    }
    // A file without garbage is read from its one tree.
    let plain = format!("{level}LEVEL: \"y\"\n");
    NETHACK.open(&plain, |file| {
        assert!(hidden_headers(file.text, file.tree).is_empty())
    });
}

/// The hidden headers found with one cursor down from the root are the ones
/// a walk up from each header line's first token finds, on every real file
/// and mutant with keys that hide headers (`"`, `{`, `(`, `[`) typed at
/// random places.
#[test]
fn hidden_headers_are_the_ones_a_walk_up_from_each_header_finds() {
    fn walking_up(text: &str, tree: &tree_sitter::Tree) -> Vec<usize> {
        let root = tree.root_node();
        let mut hidden = Vec::new();
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            let at = offset;
            offset += line.len();
            if at == 0 || !crate::formats::nethack::recognise::is_level_header(line, false) {
                continue;
            }
            let mut node = root.descendant_for_byte_range(at, at + 1);
            let starts_level = std::iter::from_fn(|| {
                let this = node?;
                node = this.parent();
                Some(this)
            })
            .any(|n| n.kind() == "level" && n.start_byte() == at);
            if !starts_level {
                hidden.push(leading_comments_start(text, at));
            }
        }
        hidden.dedup();
        hidden
    }
    let mut files = crate::formats::test_support::corpus_files_below("nethack", "des");
    for dialect in ["nethack-3.4.3", "nethack-3.6"] {
        files.extend(crate::formats::test_support::mutant_files_below(
            dialect, "des",
        ));
    }
    assert!(files.len() > 400, "the corpus and mutants: {}", files.len());
    let keys = ["\"", "{", "(", "[", "MAZE:\"x\"\n", "\n"];
    let mut rng = crate::formats::test_support::Lcg(7);
    let (mut versions, mut with_hidden) = (0, 0);
    for path in files {
        let original = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        for round in 0..4 {
            let mut text = original.clone();
            for _ in 0..round {
                let mut at = rng.next(text.len() + 1);
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                text.insert_str(at, keys[rng.next(keys.len())]);
            }
            NETHACK.open(&text, |file| {
                let found = hidden_headers(file.text, file.tree);
                assert_eq!(
                    found,
                    walking_up(file.text, file.tree),
                    "{} after {round} keys",
                    path.display()
                );
                versions += 1;
                with_hidden += usize::from(!found.is_empty());
            });
        }
    }
    assert!(
        with_hidden > versions / 10,
        "{with_hidden} of {versions} versions hide a header"
    );
}
