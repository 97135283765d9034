//! Go to definition and references: registers ↔ RANDOM_* entries,
//! coordinates ↔ MAP cells, SUBROOM parents, PORTAL destinations.

use crate::formats::nethack::tests::NETHACK;
use crate::formats::nethack::NetHack;
use crate::formats::test_support::corpus_dir;
use crate::formats::Format;
use expect_test::expect;

/// A 5×4 map with a door at (2,1), water at (1,2) and lava at (2,2), then a
/// NOMAP part with a list of its own.
const MAZE: &str = "\
MAZE: \"test\", ' '
GEOMETRY: center, center
MAP
-----
|.+.|
|}L.|
-----
ENDMAP
RANDOM_PLACES: (1,1), (3,1), (3,2)
RANDOM_MONSTERS: 'd', 'o'
DOOR: closed, (2,1)
MONSTER: monster[1], random, place[0]
MONSTER: 'd', \"jackal\", place[0]
OBJECT: '(', \"chest\", place[2]
TRAP: \"pit\", (3,2)
REGION: (0,0,2,1), lit, \"ordinary\"
FOUNTAIN: (9,9)
ENGRAVING: (-1,2), burn, \"x\"
NOMAP
RANDOM_PLACES: (10,10), (20,5)
MONSTER: 'd', random, place[0]
TELEPORT_REGION: levregion(1,0,79,20), (0,0,0,0)
";

#[test]
fn a_place_register_goes_to_its_entry_in_the_list_of_its_part() {
    NETHACK.check_definition(
        &MAZE.replacen("\"chest\", place[2]", "\"chest\", pla$0ce[2]", 1),
        expect![[r#"
            9:30-9:35 (3,2)
        "#]],
    );
    // The NOMAP part has a list of its own.
    NETHACK.check_definition(
        &MAZE.replacen("random, place[0]\nTELE", "random, place[0]$0\nTELE", 1),
        expect![[r#"
            20:16-20:23 (10,10)
        "#]],
    );
}

#[test]
fn a_monster_register_goes_to_its_class() {
    NETHACK.check_definition(
        &MAZE.replacen("monster[1]", "monster[$01]", 1),
        expect![[r#"
            10:23-10:26 'o'
        "#]],
    );
}

#[test]
fn a_register_past_the_end_of_its_list_or_without_a_list_goes_nowhere() {
    NETHACK.check_definition(
        &MAZE.replacen("\"chest\", place[2]", "\"chest\", place[$07]", 1),
        expect![[""]],
    );
    NETHACK.check_definition(
        &MAZE.replacen(
            "OBJECT: '(', \"chest\", place[2]",
            "OBJECT: object[$00], \"chest\", place[2]",
            1,
        ),
        expect![[""]],
    );
    NETHACK.check_definition(
        &MAZE.replacen("\"chest\", place[2]", "\"chest\", place[$0-1]", 1),
        expect![[""]],
    );
}

#[test]
fn a_coordinate_goes_to_its_map_cell() {
    NETHACK.check_definition(
        &MAZE.replacen("closed, (2,1)", "closed, ($02,1)", 1),
        expect![[r#"
            5:3-5:4 +
        "#]],
    );
    // A RANDOM_PLACES entry is a coordinate too.
    NETHACK.check_definition(
        &MAZE.replacen("(1,1), (3,1)", "(1,1), (3,1)$0", 1),
        expect![[r#"
            5:4-5:5 .
        "#]],
    );
}

#[test]
fn each_corner_of_a_region_goes_to_its_own_cell() {
    NETHACK.check_definition(
        &MAZE.replacen("REGION: (0,0,2,1)", "REGION: (0$0,0,2,1)", 1),
        expect![[r#"
            4:1-4:2 -
        "#]],
    );
    NETHACK.check_definition(
        &MAZE.replacen("REGION: (0,0,2,1)", "REGION: (0,0,2,1$0)", 1),
        expect![[r#"
            5:3-5:4 +
        "#]],
    );
}

#[test]
fn coordinates_outside_the_map_and_level_regions_go_nowhere() {
    for (from, to) in [
        ("(9,9)", "(9,$09)"),
        ("(-1,2)", "(-$01,2)"),
        ("levregion(1,0,79,20)", "levregion(1,0,$079,20)"),
        ("(10,10)", "($010,10)"),
    ] {
        NETHACK.check_definition(&MAZE.replacen(from, to, 1), expect![[""]]);
    }
}

#[test]
fn references_of_a_list_entry_are_the_registers_using_it() {
    let fixture = MAZE.replacen("RANDOM_PLACES: (1,1)", "RANDOM_PLACES: ($01,1)", 1);
    NETHACK.check_references(
        &fixture,
        true,
        expect![[r#"
            9:16-9:21 (1,1)
            12:30-12:38 place[0]
            13:25-13:33 place[0]
        "#]],
    );
    NETHACK.check_references(
        &fixture,
        false,
        expect![[r#"
            12:30-12:38 place[0]
            13:25-13:33 place[0]
        "#]],
    );
    // From a register: the same, and not the NOMAP part's `place[0]`.
    NETHACK.check_references(
        &MAZE.replacen("\"jackal\", place[0]", "\"jackal\", place[0$0]", 1),
        false,
        expect![[r#"
            12:30-12:38 place[0]
            13:25-13:33 place[0]
        "#]],
    );
}

#[test]
fn references_of_a_map_cell_are_the_coordinates_on_it() {
    // The door at (2,1): DOOR's point and the REGION's second corner.
    NETHACK.check_references(
        &MAZE.replacen("|.+.|", "|.$0+.|", 1),
        true,
        expect![[r#"
            5:3-5:4 +
            11:15-11:20 (2,1)
            16:14-16:17 2,1
        "#]],
    );
    // From a coordinate, without the cell; (3,2) is a RANDOM_PLACES entry and a TRAP.
    NETHACK.check_references(
        &MAZE.replacen("TRAP: \"pit\", (3,2)", "TRAP: \"pit\", (3,$02)", 1),
        false,
        expect![[r#"
            9:30-9:35 (3,2)
            15:14-15:19 (3,2)
        "#]],
    );
    // At the end of a row: its last cell.
    NETHACK.check_references(
        &MAZE.replacen("|}L.|", "|}L.|$0", 1),
        true,
        expect![[r#"
            6:5-6:6 |
        "#]],
    );
}

const ROOMS: &str = "\
LEVEL: \"town\"
ROOM: \"ordinary\", lit, (3,3), (center,center), (20,10)
NAME: \"town\"
STAIR: (1,1), up
SUBROOM: \"shop\", lit, (2,2), (3,4), \"town\"
SUBROOM: \"temple\", lit, (8,2), (3,4), \"nowhere\"
ROOM: \"ordinary\", random, random, random, random
RANDOM_CORRIDORS
";

#[test]
fn a_subroom_parent_goes_to_the_room_of_that_name() {
    NETHACK.check_definition(
        &ROOMS.replacen("(3,4), \"town\"", "(3,4), \"to$0wn\"", 1),
        expect![[r#"
            3:7-3:13 "town"
        "#]],
    );
    NETHACK.check_definition(
        &ROOMS.replacen("\"nowhere\"", "\"now$0here\"", 1),
        expect![[""]],
    );
    // The room type is no parent.
    NETHACK.check_definition(&ROOMS.replacen("\"shop\"", "\"sh$0op\"", 1), expect![[""]]);
}

const ENDGAME: &str = "\
MAZE: \"earth\", ' '
GEOMETRY: center, center
MAP
...
ENDMAP
PORTAL: (0,0,2,0), (0,0,0,0), \"air\"
PORTAL: levregion(1,0,79,20), (0,0,0,0), \"astral\"
MAZE: \"air\", ' '
GEOMETRY: center, center
MAP
...
ENDMAP
";

#[test]
fn a_portal_goes_to_its_destination_level_in_the_same_file() {
    NETHACK.check_definition(
        &ENDGAME.replacen("\"air\"\n", "\"a$0ir\"\n", 1),
        expect![[r#"
            8:1-8:17 MAZE: "air", ' '
        "#]],
    );
    NETHACK.check_definition(
        &ENDGAME.replacen("\"astral\"", "\"astral$0\"", 1),
        expect![[""]],
    );
}

#[test]
fn half_typed_and_out_of_range_input_never_panics() {
    let texts = [
        "MAZE: \"x\", ' '\nMAP\n.é.\n",
        "MAZE: \"x\", ' '\nGEOMETRY: center, center\nMAP\n.é.\nENDMAP\nDOOR: closed, (99999999999999999999,-5)\nMONSTER: 'd', \"x\", place[",
        "LEVEL: \"x\"\nSUBROOM: \"shop\", lit, (2,2), (3,4), \"x\"\nNAME: \"x\"\nPORTAL: (",
        "MAP\n..\nENDMAP\nDOOR: closed, (1,0)\n",
    ];
    for text in texts {
        for offset in 0..=text.len() {
            NETHACK.open(text, |f| {
                NetHack.definition(f, offset);
                NetHack.references(f, offset, true);
                NetHack.inlay_hints(f, 0..offset);
            });
        }
        NETHACK.open(text, |f| {
            NetHack.symbols(f);
            NetHack.folds(f);
            NetHack.semantic_tokens(f);
        });
    }
}

/// Every real 3.4.3 file and probe, whole and cut at every 150th line (reading a
/// file is what costs, so the offsets are spread thin on the big files):
/// every editor feature answers without panicking, and each definition or
/// reference lies inside the text.
#[test]
fn no_panic_on_real_and_cut_files() {
    let root = corpus_dir("nethack");
    let exercise = |path: &std::path::Path, text: &str, offsets: &[usize]| {
        NETHACK.open(text, |f| {
            NetHack.symbols(f);
            NetHack.folds(f);
            NetHack.semantic_tokens(f);
            NetHack.inlay_hints(f, 0..text.len());
            for &offset in offsets {
                let found = NetHack.definition(f, offset);
                for l in found.into_iter().chain(NetHack.references(f, offset, true)) {
                    assert!(l.file.is_none(), "{}", path.display());
                    assert!(text.get(l.range.clone()).is_some(), "{}", path.display());
                }
            }
        })
    };
    let mut files = 0;
    for dir in ["3.4.3", "probes"] {
        let entries = std::fs::read_dir(root.join(dir))
            .unwrap_or_else(|e| panic!("{}: {e}", root.join(dir).display()));
        for entry in entries {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "des") {
                continue;
            }
            files += 1;
            let text = std::fs::read_to_string(&path).unwrap();
            let step = if dir == "probes" { 7 } else { 613 };
            let all: Vec<usize> = (0..=text.len()).step_by(step).collect();
            exercise(&path, &text, &all);
            for (cut, _) in text.match_indices('\n').step_by(150) {
                let part = &text[..cut];
                exercise(&path, part, &[cut / 2, cut]);
            }
        }
    }
    assert!(files > 100, "{files} files");
}

/// 3.6 levels: variables (definition, references, rename) and places.
mod scripted {
    use crate::formats::nethack::tests::{at, NETHACK};
    use crate::formats::nethack::NetHack;
    use crate::formats::Format;
    use expect_test::expect;

    #[test]
    fn variables_go_to_their_first_assignment_and_find_their_uses() {
        NETHACK.check_definition(
            &at("OBJECT", "$place"),
            expect![[r#"
            11:1-11:7 $place
        "#]],
        );
        NETHACK.check_references(
            &at("OBJECT", "$place"),
            true,
            expect![[r#"
            11:1-11:7 $place
            12:10-12:16 $place
            17:21-17:27 $place
            19:27-19:33 $place
        "#]],
        );
        NETHACK.check_definition(
            &at("GOLD", "$i"),
            expect![[r#"
            34:5-34:7 $i
        "#]],
        );
        // Not a variable: nothing.
        NETHACK.check_definition(&at("GOLD", "GOLD"), expect![[r#""#]]);
    }

    #[test]
    fn coordinates_go_to_their_map_cell_as_in_3_4_3() {
        let fixture = "MAZE:\"x\",' '\nGEOMETRY:center,center\nMAP\n---\n|.|\n---\nENDMAP\n\
                       $p = (1,1)\nTERRAIN:(1,$01), 'T'\nFOUNTAIN:(1,1)\nIF [50%] { SINK:(1,1) }\n";
        NETHACK.check_definition(
            fixture,
            expect![[r#"
            5:2-5:3 .
        "#]],
        );
        NETHACK.check_references(
            fixture,
            true,
            expect![[r#"
                5:2-5:3 .
                9:9-9:14 (1,1)
                10:10-10:15 (1,1)
                11:17-11:22 (1,1)
            "#]],
        );
    }

    #[test]
    fn rename_changes_every_occurrence_and_refuses_bad_names() {
        NETHACK.open_at(&at("SHUFFLE", "$place"), |f, offset| {
            let text = f.text;
            let range = NetHack.prepare_rename(f, offset).unwrap();
            assert_eq!(&text[range], "$place");
            let edits = NetHack.rename(f, offset, "spot").unwrap();
            assert_eq!(edits.len(), 4);
            assert!(edits
                .iter()
                .all(|e| e.new_text == "$spot" && &text[e.range.clone()] == "$place"));
            assert!(NetHack
                .rename(f, offset, "$x1")
                .unwrap_err()
                .contains("not a variable name"));
            assert!(NetHack
                .rename(f, offset, "$mon")
                .unwrap_err()
                .contains("already"));
            assert!(NetHack.prepare_rename(f, 1).is_none());
        });
    }
}
