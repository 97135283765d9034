//! Fixture tests for where the game places things at run time. Only this
//! pass runs.

use crate::formats::nethack::check::placement;
use crate::formats::nethack::syntax;
use crate::formats::nethack::tests::NETHACK;
use crate::formats::{Diagnostic, SourceFile};
use expect_test::expect;

fn placement_36(file: &SourceFile, out: &mut Vec<Diagnostic>) {
    placement::check_36(file.text, &syntax::read(file.text, file.tree), out);
}

fn placement_343(file: &SourceFile, out: &mut Vec<Diagnostic>) {
    placement::check_343(file.text, &syntax::read(file.text, file.tree), out);
}

/// MiniHack's LevelGenerator's header and a 5 × 4 room, then `details`.
fn minihack(details: &str) -> String {
    format!(
        "MAZE: \"mylevel\", ' '\nFLAGS:hardfloor\nINIT_MAP: solidfill,' '\nGEOMETRY:center,center\n\
         MAP\n-----\n|...|\n|...|\n-----\nENDMAP\nREGION:(0,0,4,3),lit,\"ordinary\"\n{details}"
    )
}

#[test]
fn a_branch_on_a_wall_cannot_be_placed() {
    NETHACK.check_pass(
        &minihack("BRANCH:(0,0,0,0),(1,1,1,1)\n"),
        placement_36,
        expect![[r#"
            12:8-12:17 warning nethack::unplaceable-region: the game cannot place the branch (where the hero starts in MiniHack) here: its only square is horizontal wall, and only floor, air or corridor will do. At run time it says `impossible: Couldn't place lregion type 3!` and the hero starts at a random spot
        "#]],
    );
    // One floor square is enough.
    NETHACK.check_pass(
        &minihack("BRANCH:(0,0,1,1),(0,0,0,0)\nSTAIR:(1,1,3,2),(0,0,0,0),down\n"),
        placement_36,
        expect![[""]],
    );
}

#[test]
fn the_excluded_area_and_furniture_leave_no_square() {
    NETHACK.check_pass(
        &minihack(
            "STAIR:(1,1,3,1),(1,1,2,1),up\nFOUNTAIN:(3,2)\nPORTAL:(3,2,3,2),(0,0,0,0),\"town\"\n\
             TELEPORT_REGION:(1,1,3,2),(1,1,3,2),down\n",
        ),
        placement_36,
        expect![[r#"
            14:8-14:17 warning nethack::unplaceable-region: the game cannot place the portal here: its only square is furniture or stairs, and only floor, air or corridor will do. At run time it says `impossible: Couldn't place lregion type 2!` and the level has none
            15:17-15:26 warning nethack::unplaceable-region: the game cannot place the hero arriving on the level here: every square of it is in its excluded area, and only floor, air or corridor will do. At run time it says `impossible: Couldn't place lregion type 6!` when the hero arrives
        "#]],
    );
}

#[test]
fn a_levregion_outside_the_map_is_solid_rock() {
    // The map is loaded at x 37..41, y 9..12 (centred, odd starts).
    NETHACK.check_pass(
        &minihack("BRANCH:levregion(1,0,10,3),(0,0,0,0)\nBRANCH:levregion(38,10,38,10),(0,0,0,0)\n"),
        placement_36,
        expect![[r#"
            12:8-12:27 warning nethack::unplaceable-region: the game cannot place the branch (where the hero starts in MiniHack) here: each of its 40 squares is solid rock, and only floor, air or corridor will do. At run time it says `impossible: Couldn't place lregion type 3!` and the hero starts at a random spot
        "#]],
    );
}

#[test]
fn uncertain_terrain_says_nothing() {
    for changes in [
        "TERRAIN:(0,0),'.'\n",
        "REPLACE_TERRAIN:(0,0,4,3),'-','.',50%\n",
        "MAZEWALK:(1,1),east\n",
        "IF [50%] {\nMAP\n...\nENDMAP\n}\n",
    ] {
        NETHACK.check_pass(
            &minihack(&format!("{changes}BRANCH:(0,0,0,0),(1,1,1,1)\n")),
            placement_36,
            expect![[""]],
        );
    }
    // Outside the map of a level filled at random, or with `x` squares.
    NETHACK.check_pass(
        "MAZE: \"mylevel\", random\nGEOMETRY:center,center\nMAP\nx-x\n|.|\n---\nENDMAP\n\
         BRANCH:levregion(1,0,10,3),(0,0,0,0)\nBRANCH:(0,0,0,0),(1,1,1,1)\n",
        placement_36,
        expect![[""]],
    );
    // A level lev_comp cannot read as written, and the Plane of Water.
    NETHACK.check_pass(
        "MAZE: \"mylevel\", ' '\nGEOMETRY:center,center\nMAP\n---\nMAZE: \"x\"\n---\nENDMAP\nBRANCH:(0,0,0,0),(1,1,1,1)\n\
         MAZE: \"water\", ' '\nGEOMETRY:center,center\nMAP\nWWW\nWWW\nENDMAP\nPORTAL:(0,0,2,1),(0,0,0,0),\"astral\"\n",
        placement_36,
        expect![[""]],
    );
    // A region past the map is lev_comp's own error.
    NETHACK.check_pass(
        &minihack("BRANCH:(9,9,9,9),(0,0,0,0)\n"),
        placement_36,
        expect![[""]],
    );
}

#[test]
fn corridors_take_regions_only_on_maze_levels() {
    let map = "GEOMETRY:center,center\nMAP\n-#-\n|.|\n---\nENDMAP\nBRANCH:(1,0,1,0),(1,1,1,1)\n";
    NETHACK.check_pass(
        &format!("MAZE:\"mylevel\",' '\n{map}"),
        placement_36,
        expect![[""]],
    );
    NETHACK.check_pass(
        &format!("LEVEL:\"mylevel\"\n{map}"),
        placement_36,
        expect![[r#"
            8:8-8:17 warning nethack::unplaceable-region: the game cannot place the branch (where the hero starts in MiniHack) here: its only square is corridor, and only floor or air will do. At run time it says `impossible: Couldn't place lregion type 3!` and the hero starts at a random spot
        "#]],
    );
}

#[test]
fn stairs_at_a_fixed_square_replace_the_wall_in_3_6() {
    NETHACK.check_pass(
        &minihack("STAIR:(4,2),down\nLADDER:(2,0),up\nSTAIR:(2,2),up\nSTAIR:(0,1),up\n"),
        placement_36,
        expect![[r#"
            12:7-12:12 warning nethack::stair-in-wall: the map has `|` (vertical wall) at (4,2): the game turns that square into stairs anyway (a gap in a wall, or stairs sealed in rock); lev_comp 3.6 does not check
            13:8-13:13 warning nethack::stair-in-wall: the map has `-` (horizontal wall) at (2,0): the game turns that square into a ladder anyway (a gap in a wall, or a ladder sealed in rock); lev_comp 3.6 does not check
        "#]],
    );
}

#[test]
fn in_3_4_3_regions_are_read_the_same_and_stairs_left_to_unchecked() {
    NETHACK.check_pass(
        "MAZE:\"x\",' '\nGEOMETRY:center,center\nMAP\n---\n|.|\n---\nENDMAP\n\
         BRANCH:(0,0,0,0),(0,0,0,0)\nSTAIR:(0,1),up\nBRANCH:levregion(1,0,10,3),(0,0,0,0)\n",
        placement_343,
        expect![[r#"
            8:8-8:17 warning nethack::unplaceable-region: the game cannot place the branch (where the hero starts in MiniHack) here: every square of it is in its excluded area, and only floor, air or corridor will do. At run time it says `impossible: Couldn't place lregion type 3!` and the hero starts at a random spot
        "#]],
    );
}

#[test]
fn a_level_of_solid_rock_has_nowhere_for_the_hero() {
    // A MiniHack user's level: no map, no room.
    NETHACK.check_pass(
        "\n    LEVEL: \"mylevel\"\n    \n    FLAGS: premapped\n    \n",
        placement_36,
        expect![[r#"
            2:12-2:21 warning nethack::unplaceable-region: the hero cannot arrive anywhere on this level: each of its squares is solid rock, and only floor or air will do. At run time the game says `impossible: Couldn't place lregion type 6!` (after `type 3!` on a level with a branch, as MiniHack's is)
        "#]],
    );
    // One floor square, or a branch of its own (checked as a region), will do.
    NETHACK.check_pass(
        "LEVEL: \"mylevel\"\nGEOMETRY:center,center\nMAP\n.\n-\nENDMAP\n",
        placement_36,
        expect![[""]],
    );
    NETHACK.check_pass(
        "LEVEL: \"mylevel\"\nGEOMETRY:center,center\nMAP\n--\n--\nENDMAP\nBRANCH:(0,0,0,0),(1,1,1,1)\n",
        placement_36,
        expect![[r#"
            7:8-7:17 warning nethack::unplaceable-region: the game cannot place the branch (where the hero starts in MiniHack) here: its only square is horizontal wall, and only floor or air will do. At run time it says `impossible: Couldn't place lregion type 3!` and the hero starts at a random spot
        "#]],
    );
}
