//! Fixture tests for what lev_comp does not check. Only this pass runs.

use crate::formats::nethack::check::unchecked;
use crate::formats::nethack::syntax;
use crate::formats::nethack::tests::NETHACK;
use crate::formats::{Diagnostic, SourceFile};
use expect_test::expect;

/// What lev_comp leaves unchecked, as a pass.
fn unchecked(file: &SourceFile, out: &mut Vec<Diagnostic>) {
    let doc = syntax::read(file.text, file.tree);
    unchecked::check(file.text, &doc, out);
}

/// The probes' 7 × 5 map, then `details`.
fn maze(details: &str) -> String {
    format!(
        "MAZE:\"a\",random\nGEOMETRY:center,center\nMAP\n-------\n|.....|\n|.....+\n|.....|\n---S---\nENDMAP\n{details}"
    )
}

#[test]
fn registers_index_the_list_in_force() {
    // monrandname.des: monster[0] with no list (lev_comp accepts it).
    NETHACK.check_pass(
        &maze(
            "RANDOM_PLACES:(1,1),(2,2)\nRANDOM_MONSTERS:'d'\n\
             MONSTER:monster[0],random,place[1]\nMONSTER:monster[1],random,place[2]\n\
             OBJECT:object[0],random,place[-1]\n\
             GEOMETRY:left,top\nMAP\n...\nENDMAP\nMONSTER:random,random,place[0]\n",
        ),
        unchecked,
        expect![[r#"
            13:9-13:19 warning nethack::register-beyond-list: `monster[1]` but this map part's RANDOM_MONSTERS list has 1 entry (monster[0] to monster[0]); lev_comp does not check this, and the game uses whatever an earlier level left in the register
            13:27-13:35 warning nethack::register-beyond-list: `place[2]` but this map part's RANDOM_PLACES list has 2 entries (place[0] to place[1]); lev_comp does not check this, and the game uses whatever an earlier level left in the register
            14:8-14:17 warning nethack::register-beyond-list: `object[0]` but this map part has no RANDOM_OBJECTS list, so the game uses whatever an earlier level left in the register
            14:25-14:34 warning nethack::register-beyond-list: `place[-1]`: a register index cannot be negative
            19:23-19:31 warning nethack::register-beyond-list: `place[0]` but this map part has no RANDOM_PLACES list, so the game uses whatever an earlier level left in the register
        "#]],
    );
    // LEVEL levels: the level's lists, before the rooms.
    NETHACK.check_pass(
        "LEVEL:\"r\"\nRANDOM_MONSTERS:'d','a'\nROOM:\"ordinary\",random,random,random,random\n\
         MONSTER:monster[1],random,random\nOBJECT:object[0],random,random\nRANDOM_CORRIDORS\n",
        unchecked,
        expect![[r#"
            5:8-5:17 warning nethack::register-beyond-list: `object[0]` but this level has no RANDOM_OBJECTS list, so the game uses whatever an earlier level left in the register
        "#]],
    );
}

#[test]
fn contained_objects_need_a_container_before_them() {
    // o6.des (lev_comp accepts it); md8.des has the container first.
    NETHACK.check_pass(
        &maze(
            "OBJECT:'*',random,contained\nCONTAINER:'(',\"large box\",(2,2)\nOBJECT:'*',\"ruby\",contained\n\
             GEOMETRY:left,top\nMAP\n...\nENDMAP\nOBJECT:'*',\"ruby\",contained\n",
        ),
        unchecked,
        expect![[r#"
            10:19-10:28 warning nethack::contained-without-container: `contained` puts this object into the CONTAINER declared before it, but there is none earlier in this map part or room; lev_comp does not check this, the game cannot place the object
            17:19-17:28 warning nethack::contained-without-container: `contained` puts this object into the CONTAINER declared before it, but there is none earlier in this map part or room; lev_comp does not check this, the game cannot place the object
        "#]],
    );
}

#[test]
fn swapped_corners_outside_region() {
    // lev_comp checks x1 ≤ x2, y1 ≤ y2 only for REGION (semantics reports those).
    NETHACK.check_pass(
        &maze(
            "NON_DIGGABLE:(6,0,0,4)\nNON_PASSWALL:(0,4,6,0)\nTELEPORT_REGION:levregion(10,0,5,20),(0,0,0,0)\n\
             BRANCH:(0,0,0,0),(3,3,2,2)\nSTAIR:(1,1,2,2),(0,0,0,0),up\nREGION:(5,3,1,1),lit,\"ordinary\"\n",
        ),
        unchecked,
        expect![[r#"
            10:14-10:23 warning nethack::region-corners-swapped: the area's first corner (6,0) must be above and left of its second (0,4); lev_comp checks this only for REGION, the game ignores or mishandles a reversed NON_DIGGABLE area
            11:14-11:23 warning nethack::region-corners-swapped: the area's first corner (0,4) must be above and left of its second (6,0); lev_comp checks this only for REGION, the game ignores or mishandles a reversed NON_PASSWALL area
            12:17-12:37 warning nethack::region-corners-swapped: the area's first corner (10,0) must be above and left of its second (5,20); lev_comp checks this only for REGION, the game ignores or mishandles a reversed TELEPORT_REGION area
            13:18-13:27 warning nethack::region-corners-swapped: the area's first corner (3,3) must be above and left of its second (2,2); lev_comp checks this only for REGION, the game ignores or mishandles a reversed BRANCH area
        "#]],
    );
}

#[test]
fn stairs_and_ladders_on_solid_squares() {
    NETHACK.check_pass(
        &maze("STAIR:(0,0),up\nLADDER:(3,4),down\nSTAIR:(1,1),down\nLADDER:(6,2),up\n"),
        unchecked,
        expect![[r#"
            10:7-10:12 warning nethack::stair-in-wall: the map has `-` (horizontal wall) at (0,0): stairs there cannot be reached; lev_comp only warns (`Stairway placed in wall at (00,00)?!`)
            11:8-11:13 warning nethack::stair-in-wall: the map has `S` (secret door) at (3,4): a ladder there cannot be reached; lev_comp only warns (`Ladder placed in wall at (03,04)?!`)
        "#]],
    );
}

#[test]
fn explicit_squares_in_a_nomap_part_before_any_map_crash_lev_comp() {
    // nomapfix.des, initmap.des crash; nomapafter.des and nomaprand.des do not.
    NETHACK.check_pass(
        "MAZE:\"a\",' '\nINIT_MAP:'.',' ',true,true,lit,false\nNOMAP\n\
         MONSTER:random,random,(70,19)\nMONSTER:random,random,(170,19)\nMONSTER:random,random,random\n\
         DOOR:open,(100,1)\nMAZEWALK:(1,1),east\nREGION:(1,1,2,2),lit,\"ordinary\",filled,true\n\
         MAZE:\"b\",' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\nNOMAP\nMONSTER:random,random,(1,1)\n",
        unchecked,
        expect![[r#"
            4:23-4:30 error nethack::nomap-coordinate-crash: lev_comp 3.4.3 crashes (segmentation fault) on an explicit square in a NOMAP part when no MAP comes before it in the file: it looks the square up in a map it never read; use `random` or a MAP
            7:11-7:18 error nethack::nomap-coordinate-crash: lev_comp 3.4.3 crashes (segmentation fault) on an explicit square in a NOMAP part when no MAP comes before it in the file: it looks the square up in a map it never read; use `random` or a MAP
            9:8-9:17 error nethack::nomap-coordinate-crash: lev_comp 3.4.3 crashes (segmentation fault) on an explicit square in a NOMAP part when no MAP comes before it in the file: it looks the square up in a map it never read; use `random` or a MAP
        "#]],
    );
}

#[test]
fn ragged_map_rows_are_a_hint() {
    // mapwidth.des: accepted, the short row padded with stone.
    NETHACK.check_pass(
        "MAZE:\"t\",random\nGEOMETRY:center,center\nMAP\n|...|   \n|.|\n|...|\nENDMAP\n\
         GEOMETRY:center,center\nMAP\n---\n|.|\n---\nENDMAP\n",
        unchecked,
        expect![[r#"
            5:1-5:4 hint nethack::map-ragged-rows: 2 of the map's 3 rows are narrower than its widest row (8 columns), this one first (3 columns); lev_comp pads them with solid rock to that width
        "#]],
    );
}

#[test]
fn wrong_shapes_and_half_typed_statements_are_left_alone() {
    NETHACK.check_pass(
        &maze("MONSTER:monster\nOBJECT:'*',random,\nNON_DIGGABLE:(1,2)\nSTAIR:(0,0\nLADDER:\nTELEPORT_REGION:levregion(3,2),(1)\n"),
        unchecked,
        expect![""],
    );
}
