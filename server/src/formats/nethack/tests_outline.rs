//! The outline (levels, map parts, rooms, notable statements) and folds.

use super::super::NetHack;
use crate::formats::test_support::{show_range, with_file};
use crate::formats::{Format, Symbol};
use expect_test::{expect, Expect};

fn render(text: &str, symbols: &[Symbol], depth: usize, out: &mut String) {
    for s in symbols {
        out.push_str(&format!(
            "{}{} [{}] {:?} {} sel {}\n",
            "  ".repeat(depth),
            s.name,
            s.detail.as_deref().unwrap_or("-"),
            s.kind,
            show_range(text, &s.range),
            show_range(text, &s.selection),
        ));
        assert!(s.range.start <= s.selection.start && s.selection.end <= s.range.end);
        render(text, &s.children, depth + 1, out);
    }
}

fn check_symbols(text: &str, expect: Expect) {
    let symbols = with_file(&NetHack, text, "t.des", |f| NetHack.symbols(f));
    let mut out = String::new();
    render(text, &symbols, 0, &mut out);
    expect.assert_eq(&out);
}

fn check_folds(text: &str, expect: Expect) {
    let folds = with_file(&NetHack, text, "t.des", |f| NetHack.folds(f));
    let shown: String = folds
        .iter()
        .map(|f| format!("{} {:?}\n", show_range(text, &f.range), f.kind))
        .collect();
    expect.assert_eq(&shown);
}

const FILE: &str = "\
# The earth level
# and the air level
MAZE: \"earth\", ' '
FLAGS: noteleport
GEOMETRY: center, center
MAP
----
|..|
----
ENDMAP
# stairs
STAIR: (1,1), down
PORTAL: (1,1,2,1), (0,0,0,0), \"air\"
NOMAP
BRANCH: levregion(1,0,79,20), (0,0,0,0)
TELEPORT_REGION: levregion(1,0,79,20), (0,0,0,0), up
MAZE: \"air\", ' '
MAP
.
ENDMAP
LEVEL: \"town\"
ROOM: \"ordinary\", lit, (3,3), (center,center), (20,10)
NAME: \"town\"
SUBROOM: \"shop\", lit, (2,2), (3,4), \"town\"
STAIR: (1,1), up
ROOM: \"temple\", lit, random, random, random
SUBROOM: \"candle shop\", lit, (8,2), (3,4), \"town\"
SUBROOM: \"ordinary\", lit, (8,2), (3,4), \"nowhere\"
RANDOM_CORRIDORS
";

#[test]
fn levels_with_their_map_parts_rooms_and_stairs() {
    check_symbols(
        FILE,
        expect![[r#"
        "#]],
    );
}

#[test]
fn a_half_typed_level_still_has_a_symbol() {
    check_symbols(
        "MAZE:\nGEOMETRY: center\nMAP\n..\n",
        expect![[r#"
        "#]],
    );
}

#[test]
fn folds_levels_maps_and_comment_runs() {
    check_folds(
        FILE,
        expect![[r#"
        "#]],
    );
}

#[test]
fn comment_runs_with_crlf_and_a_blank_line_between() {
    check_folds(
        "# a\r\n# b\r\n\r\n# c\r\nMAZE: \"x\", ' '\r\n# d\r\n",
        expect![[r#"
        "#]],
    );
}
