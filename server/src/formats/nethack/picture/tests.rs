//! The maps drawn: things at their points, diagnostics and 3.6 candidates as markers.

use crate::formats::nethack::tests::NETHACK;
use expect_test::expect;

#[test]
fn maze_map_with_things_at_points() {
    NETHACK.check_picture_sketches(
        "MAZE: \"test\", ' '\nGEOMETRY: center, center\nMAP\n-----\n|.+.|\n|}L.|\n-----\nENDMAP\nRANDOM_PLACES: (1,1), (3,2)\nDOOR: closed, (2,1)\nMONSTER: 'd', \"jackal\", (1,2)\nOBJECT: '(', \"chest\", place[0]\nTRAP: \"pit\", (3,1)\nSTAIR: (3,2), up\nFOUNTAIN: (9,9)\n",
        expect![[r#"
            MAZE "test" 5x4
            -----
            |.+^|
            |dL<|
            -----
            candidate (1,1): place[0]: OBJECT: '(', "chest", place[0]
            candidate (3,2): place[1]
        "#]],
    );
}

#[test]
fn diagnostics_on_a_statement_with_a_point_become_markers() {
    NETHACK.check_picture_sketches(
        "MAZE: \"test\", ' '\nMAP\n---\n|.|\n---\nENDMAP\nMONSTER: 'd', \"jackall\", (1,1)\nDOOR: locked, (0,1)\n",
        expect![[r#"
            MAZE "test" 3x3
            ---
            |d|
            ---
            warning (1,1): nethack::unknown-monster-name: there is no monster called `jackall`, so lev_comp makes a random one; did you mean `jackal`? (lev_comp: `Invalid monster name!  Making random monster.`)
            error (0,1): nethack::door-not-in-map: the map has `|` (vertical wall) at (0,1); a DOOR's square must be `+` (door) or `S` (secret door) (lev_comp: `Door decl doesn't match the map`)
        "#]],
    );
}

#[test]
fn two_maps_in_a_36_level() {
    NETHACK.check_picture_sketches(
        "LEVEL: \"two\"\nMAP\n...\n.T.\nENDMAP\nMONSTER: ('@', \"student\"), (1,0)\nMAP\nII\nII\nENDMAP\nOBJECT: ('%', \"apple\"), (0,1)\n",
        expect![[r#"
            LEVEL "two", map 1 3x2
            .@.
            .T.

            LEVEL "two", map 2 2x2
            II
            %I
        "#]],
    );
}

#[test]
fn room_levels_without_maps_have_no_picture() {
    NETHACK.check_picture_sketches(
        "LEVEL: \"r\"\nROOM: \"ordinary\", lit, (1,1), (center,center), (3,3)\nRANDOM_CORRIDORS\n",
        expect![[r#""#]],
    );
}

#[test]
fn point_variables_of_36_place_statements() {
    // $stairs is one point; $box a list used by index (no SHUFFLE): both
    // are sure. $place is shuffled: each of its points is a candidate,
    // as is each of $streets (rndcoord).
    NETHACK.check_picture_sketches(
        "# levls: dialect 3.6\nMAZE: \"v\", ' '\nGEOMETRY: center, center\nMAP\n-------\n|.....|\n|.....|\n-------\nENDMAP\n$stairs = (1,1)\n$box = { (2,1), (3,1) }\n$place = { (4,1), (5,2) }\nSHUFFLE: $place\n$streets = { (1,2), (2,2) }\nSTAIR: $stairs, up\nOBJECT: ('(', \"chest\"), $box[1]\nMONSTER: ('@', \"priest\"), $place[0]\nMONSTER: ('n', \"water nymph\"), rndcoord($streets)\n",
        expect![[r#"
            MAZE "v" 7x4
            -------
            |<.(..|
            |.....|
            -------
            candidate (4,1): $place[0]
            $place[0] after SHUFFLE: MONSTER: ('@', "priest"), $place[0]
            candidate (5,2): $place[1]
            $place[0] after SHUFFLE: MONSTER: ('@', "priest"), $place[0]
            candidate (1,2): $streets[0]
            any of $streets: MONSTER: ('n', "water nymph"), rndcoord($streets)
            candidate (2,2): $streets[1]
            any of $streets: MONSTER: ('n', "water nymph"), rndcoord($streets)
        "#]],
    );
}
