//! Inlay hints: the map character and terrain under each explicit point.

use crate::formats::nethack::tests::NETHACK;
use expect_test::expect;

const MAZE: &str = "\
MAZE: \"test\", ' '
GEOMETRY: center, center
MAP
-----
|.+.|
|}L.
-----
ENDMAP
RANDOM_PLACES: (1,1), (4,2)
DOOR: closed, (2,1)
MONSTER: 'd', \"jackal\", (1,2)
OBJECT: '(', \"chest\", place[0]
REGION: (0,0,4,3), lit, \"ordinary\"
TRAP: \"pit\", (5,1)
FOUNTAIN: (-1,0)
MAZEWALK: (2,2) , east
NOMAP
MONSTER: 'd', \"jackal\", (1,1)
";

#[test]
fn each_point_in_a_mapped_part_shows_its_cell() {
    // (4,2) is past the end of its short row: stone, as lev_comp pads it.
    // Regions, out-of-range points and the NOMAP part get nothing.
    NETHACK.check_inlay_hint_list(
        MAZE,
        0..MAZE.len(),
        expect![[r#"
            9:21 '.' room floor — Room floor; dark unless a REGION lights it.
            9:28 ' ' solid rock — Solid rock (stone).
            10:20 '+' door — A doorway; its state comes from a DOOR statement.
            11:30 '}' moat — Part of a moat or other deep water.
            16:16 'L' lava — Molten lava.
        "#]],
    );
}

#[test]
fn only_hints_inside_the_requested_range() {
    let start = MAZE.find("DOOR").unwrap();
    let end = MAZE.find("OBJECT").unwrap();
    NETHACK.check_inlay_hint_list(
        MAZE,
        start..end,
        expect![[r#"
            10:20 '+' door — A doorway; its state comes from a DOOR statement.
            11:30 '}' moat — Part of a moat or other deep water.
        "#]],
    );
    NETHACK.check_inlay_hint_list(MAZE, 0..MAZE.find("RANDOM_PLACES").unwrap(), expect![[""]]);
}

#[test]
fn a_room_level_has_no_map_hints() {
    let text =
        "LEVEL: \"x\"\nROOM: \"ordinary\", lit, (1,1), (center,center), (5,5)\nSTAIR: (1,1), up\n";
    NETHACK.check_inlay_hint_list(text, 0..text.len(), expect![[""]]);
}
