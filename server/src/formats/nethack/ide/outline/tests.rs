//! The outline (levels, map parts, rooms, notable statements) and folds.

use crate::formats::nethack::tests::NETHACK;
use expect_test::expect;

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
    NETHACK.check_symbol_ranges(
        FILE,
        expect![[r#"
            earth [maze] Module 3:1-16:53 sel 3:7-3:14
              MAP [4×3 center,center] Struct 5:1-13:36 sel 6:1-6:4
                STAIR down [(1,1)] Field 12:1-12:19 sel 12:1-12:6
                PORTAL → air [(1,1,2,1)] Field 13:1-13:36 sel 13:1-13:7
              NOMAP [-] Struct 14:1-16:53 sel 14:1-14:6
                BRANCH [levregion(1,0,79,20)] Field 15:1-15:40 sel 15:1-15:7
                TELEPORT_REGION up [levregion(1,0,79,20)] Field 16:1-16:53 sel 16:1-16:16
            air [maze] Module 17:1-20:7 sel 17:7-17:12
              MAP [1×1] Struct 18:1-20:7 sel 18:1-18:4
            town [room-and-corridor level] Module 21:1-29:17 sel 21:8-21:14
              ordinary "town" [room 0] Struct 22:1-27:50 sel 22:1-22:5
                shop [subroom 1] Struct 24:1-25:17 sel 24:1-24:8
                  STAIR up [(1,1)] Field 25:1-25:17 sel 25:1-25:6
                candle shop [subroom 3] Struct 27:1-27:50 sel 27:1-27:8
              temple [room 2] Struct 26:1-26:44 sel 26:1-26:5
              ordinary [subroom 4] Struct 28:1-28:50 sel 28:1-28:8
        "#]],
    );
}

#[test]
fn a_half_typed_level_still_has_a_symbol() {
    NETHACK.check_symbol_ranges(
        "MAZE:\nGEOMETRY: center\nMAP\n..\n",
        expect![[r#"
            MAZE [maze] Module 1:1-4:3 sel 1:1-1:5
              MAP [2×1] Struct 3:1-4:3 sel 3:1-3:4
        "#]],
    );
}

#[test]
fn folds_levels_maps_and_comment_runs() {
    NETHACK.check_folds(
        FILE,
        expect![[r#"
            1:1-2:20 Comment
            3:1-16:53 Region
            6:1-10:7 Region
            17:1-20:7 Region
            18:1-20:7 Region
            21:1-29:17 Region
        "#]],
    );
}

#[test]
fn comment_runs_with_crlf_and_a_blank_line_between() {
    NETHACK.check_folds(
        "# a\r\n# b\r\n\r\n# c\r\nMAZE: \"x\", ' '\r\n# d\r\n",
        expect![[r#"
            1:1-2:4 Comment
        "#]],
    );
}

/// 3.6 levels: blocks, rooms and variables in the outline; every block folds.
mod scripted {
    use crate::formats::nethack::tests::{LEVEL, NETHACK};
    use expect_test::expect;

    #[test]
    fn outline_has_blocks_rooms_and_variables() {
        NETHACK.check_symbol_names(
            LEVEL,
            expect![[r#"
            test [maze]
              MAP [5×4]
              $place [array of coordinates]
              $mon [array of monsters]
              $pt [coordinate]
              $sel [selection]
              IF [50%] []
                MONSTER [$mon[0]]
              ELSE []
                OBJECT [('(', "chest")]
                  OBJECT ['!']
              LOOP [2] []
                TERRAIN [line (1,1)]
              [25%] SWITCH [3] []
                CASE 0 []
                  TRAP ["pit"]
                  BREAK []
                DEFAULT []
                  STAIR down [(1,2)]
              FOR $i = 1 TO 3 []
                GOLD [$i]
        "#]],
        );
        let rooms = "LEVEL: \"r\"\nROOM: \"ordinary\", lit, (3,3), (center,center), (11,9) {\n  \
                     SUBROOM: \"shop\", lit, (2,2), (3,3) {\n    MONSTER: 'd', random\n  }\n  \
                     STAIR: random, up\n}\nROOM: \"zoo\"[40%], random, random, random, random {\n}\n\
                     RANDOM_CORRIDORS\n";
        NETHACK.check_symbol_names(
            rooms,
            expect![[r#"
            r [room-and-corridor level]
              ordinary [room]
                shop [subroom]
                  MONSTER ['d']
                STAIR up [random]
              zoo 40% [room]
        "#]],
        );
    }

    #[test]
    fn every_block_folds() {
        NETHACK.check_folds(
            LEVEL,
            expect![[r#"
            2:1-36:2 Region
            5:1-10:7 Region
            16:10-18:2 Region
            18:8-22:2 Region
            19:37-21:4 Region
            23:10-25:2 Region
            27:19-33:2 Region
            34:17-36:2 Region
        "#]],
        );
    }
}
