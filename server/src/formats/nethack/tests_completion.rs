//! Completion fixtures: the file with `$0` where the cursor is, and the
//! items as `label (replaced text) ⇒ insert [snippet] — detail`.

use super::super::NetHack;
use crate::formats::test_support::{cursor, with_file};
use crate::formats::Format;
use expect_test::{expect, Expect};

fn items(fixture: &str) -> (String, Vec<crate::formats::Completion>) {
    let (text, offset) = cursor(fixture);
    let items = with_file(&NetHack, &text, "test.des", |file| {
        NetHack.completions(file, offset)
    });
    (text, items)
}

fn render(text: &str, items: &[crate::formats::Completion]) -> String {
    items
        .iter()
        .map(|c| {
            let mut line = format!("{} ({})", c.label, &text[c.replace.clone()]);
            if let Some(insert) = &c.insert_text {
                line.push_str(&format!(" ⇒ {insert}"));
            }
            if c.snippet {
                line.push_str(" [snippet]");
            }
            if let Some(detail) = &c.detail {
                line.push_str(&format!(" — {detail}"));
            }
            line
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn check(fixture: &str, expect: Expect) {
    let (text, items) = items(fixture);
    expect.assert_eq(&render(&text, &items));
}

/// Only the labels, on one line.
fn check_labels(fixture: &str, expect: Expect) {
    let (_, items) = items(fixture);
    let labels: Vec<&str> = items.iter().map(|c| c.label.as_str()).collect();
    expect.assert_eq(&labels.join(" "));
}

const MAZE: &str = "MAZE: \"test\", ' '
GEOMETRY:center,center
MAP
|....}
|.K+..
ENDMAP
RANDOM_PLACES: (1,0), (4,1)
RANDOM_MONSTERS: 'd', 'D'
";

fn maze(rest: &str) -> String {
    format!("{MAZE}{rest}")
}

#[test]
fn before_the_first_level_only_level_headers() {
    check(
        "# a comment\n$0",
        expect![[r#"
            MAZE () ⇒ MAZE: "${1:name}", ${2:' '} [snippet] — MAZE: "name", fill_char | random
            LEVEL () ⇒ LEVEL: "${1:name}" [snippet] — LEVEL: "name""#]],
    );
}

#[test]
fn keywords_in_a_maze_level_exclude_room_only_ones() {
    check_labels(
        &maze("$0"),
        expect!["MAZE LEVEL FLAGS INIT_MAP MESSAGE GEOMETRY MAP NOMAP RANDOM_OBJECTS RANDOM_MONSTERS RANDOM_PLACES MONSTER OBJECT CONTAINER TRAP DOOR STAIR ALTAR FOUNTAIN GOLD ENGRAVING DRAWBRIDGE MAZEWALK WALLIFY LADDER PORTAL TELEPORT_REGION BRANCH REGION NON_DIGGABLE NON_PASSWALL"],
    );
}

#[test]
fn keywords_in_a_room_level_exclude_maze_only_ones() {
    check_labels(
        "LEVEL: \"x\"\nROOM: \"ordinary\", random, random, random, random\nSI$0",
        expect!["MAZE LEVEL FLAGS INIT_MAP MESSAGE RANDOM_OBJECTS RANDOM_MONSTERS ROOM SUBROOM NAME CHANCE RANDOM_CORRIDORS CORRIDOR MONSTER OBJECT CONTAINER TRAP DOOR STAIR ALTAR FOUNTAIN GOLD ENGRAVING SINK POOL"],
    );
}

#[test]
fn door_states_after_door_colon_in_a_maze() {
    check(
        &maze("DOOR: $0"),
        expect![[r#"
            open () — door state
            closed () — door state
            locked () — door state
            nodoor () — door state
            broken () — door state
            random () — random choice — door state"#]],
    );
}
