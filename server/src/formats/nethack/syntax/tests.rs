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
