//! Fixture tests for lev_comp's own checks, one test per check (3.4.3 first,
//! then 3.6 in [`lev_comp_3_6`]), each with
//! the probe behaviour it pins (`../shared/corpus/nethack/probes`). Only this
//! pass runs, so the snapshots show its diagnostics and nothing else.

use crate::formats::nethack::check::{semantics, unchecked};
use crate::formats::nethack::syntax;
use crate::formats::nethack::tests::NETHACK;
use crate::formats::test_support::corpus_files;
use crate::formats::{Diagnostic, Severity, SourceFile};
use expect_test::expect;

/// lev_comp 3.4.3's own checks, as a pass.
fn semantics_343(file: &SourceFile, out: &mut Vec<Diagnostic>) {
    let doc = syntax::read(file.text, file.tree);
    semantics::check_343(file.text, &doc, out);
}

/// The probes' 7 × 5 map, then `details`.
fn maze(details: &str) -> String {
    format!(
        "MAZE:\"a\",random\nGEOMETRY:center,center\nMAP\n-------\n|.....|\n|.....+\n|.....|\n---S---\nENDMAP\n{details}"
    )
}

/// A LEVEL with `body` after its header.
fn level(body: &str) -> String {
    format!("LEVEL:\"r\"\n{body}")
}

#[test]
fn a_correct_level_is_clean() {
    NETHACK.check_pass(
        &maze(
            "RANDOM_PLACES:(1,1),(2,2)\nRANDOM_MONSTERS:'d','a'\nMONSTER:'d',\"jackal\",place[1],hostile\n\
             MONSTER:monster[1],random,(2,1)\nOBJECT:')',\"long sword\",(1,1),blessed,3\n\
             OBJECT:random,\"ruby\",random\nTRAP:\"trap door\",(3,3)\nDOOR:locked,(6,2)\n\
             DRAWBRIDGE:(3,1),north,open\nREGION:(1,1,2,2),lit,\"vault\"\n\
             REGION:(1,1,5,3),unlit,\"zoo\",filled,true\nALTAR:(2,2),align[2],shrine\n\
             STAIR:levregion(1,0,79,20),(0,0,6,4),down\n",
        ),
        semantics_343,
        expect![""],
    );
}

#[test]
fn level_names_are_8_bytes_without_a_dot() {
    // dotname.des, longname.des
    NETHACK.check_pass(
        "MAZE:\"te.st\",random\nNOMAP\nLEVEL:\"abcdefghi\"\nROOM:\"ordinary\",random,random,random,random\nRANDOM_CORRIDORS\n",
        semantics_343,
        expect![[r#"
            1:6-1:13 error nethack::level-name-dot: the level name `te.st` contains a `.`; the compiled file is `<name>.lev`, so the name may not have one (lev_comp: `Invalid dot ('.') in level name.`)
            3:7-3:18 error nethack::level-name-too-long: the level name `abcdefghi` is 9 bytes long; at most 8 are allowed (lev_comp: `Level names limited to 8 characters.`)
        "#]],
    );
}

#[test]
fn the_maze_fill_is_a_map_character() {
    // fill.des warns, fill2.des does not.
    NETHACK.check_pass(
        "MAZE:\"a\",'x'\nNOMAP\nMAZE:\"b\",'-'\nNOMAP\n",
        semantics_343,
        expect![[r#"
            1:10-1:13 warning nethack::bad-fill-char: 'x' is not a map character, so the level is filled at random; write a map character such as `' '` (solid rock) or `random` (lev_comp: `Invalid fill character in MAZE declaration`)
        "#]],
    );
}

#[test]
fn init_map_characters_and_the_joined_rule() {
    // initmapbad.des: 'T' is a map character but not a joined foreground.
    NETHACK.check_pass(
        "MAZE:\"a\",' '\nINIT_MAP:'T','x',true,true,random,random\nNOMAP\n\
         MAZE:\"b\",' '\nINIT_MAP:'Q','.',true,false,lit,false\nNOMAP\n\
         MAZE:\"c\",' '\nINIT_MAP:'#',' ',true,true,lit,false\nNOMAP\n",
        semantics_343,
        expect![[r#"
            2:10-2:13 error nethack::init-map-joined: a joined INIT_MAP (4th value `true`) connects its foreground areas with floor, so the foreground must be `'.'` or `'#'`, not 'T' (lev_comp: `Invalid foreground type for joined map.`)
            2:14-2:17 error nethack::init-map-char: the INIT_MAP background 'x' is not a map character (lev_comp: `Invalid background type.`)
            5:10-5:13 error nethack::init-map-char: the INIT_MAP foreground 'Q' is not a map character (lev_comp: `Invalid foreground type.`)
        "#]],
    );
}

#[test]
fn messages_fit_in_255_bytes_joined() {
    let long = "x".repeat(255);
    let half = "y".repeat(200);
    NETHACK.check_pass(
        &format!(
            "MAZE:\"a\",' '\nMESSAGE:\"{long}\"\nMESSAGE:\"{half}\"\nMESSAGE:\"{half}\"\nNOMAP\n"
        ),
        semantics_343,
        expect![[r#"
            2:9-2:266 error nethack::message-too-long: this message is 255 bytes long; at most 254 are allowed (lev_comp: `Message string too long (>256 characters)`)
            4:9-4:211 error nethack::message-too-long: this message (200 bytes) does not fit: the level's messages joined with line breaks may hold at most 255 bytes, and 200 are already used (lev_comp: `Message string too long (>256 characters)`)
        "#]],
    );
}

#[test]
fn unknown_traps_are_errors_with_did_you_mean() {
    NETHACK.check_pass(
        &maze("TRAP:\"trapdoor\",random\nTRAP:\"xyzzy plugh\",random\nTRAP:random,random\n"),
        semantics_343,
        expect![[r#"
            10:6-10:16 error nethack::unknown-trap: there is no trap `trapdoor`; did you mean `trap door`? (lev_comp: `Unknown trap type!`)
                fix: Write `"trap door"` → `TRAP:"trap door",random`
            11:6-11:19 error nethack::unknown-trap: there is no trap `xyzzy plugh`; the traps are `arrow`, `dart`, `falling rock`, `board`, `bear`, `land mine`, `rolling boulder`, `sleep gas`, `rust`, `fire`, `pit`, `spiked pit`, `hole`, `trap door`, `teleport`, `level teleport`, `magic portal`, `web`, `statue`, `magic`, `anti magic`, `polymorph` (lev_comp: `Unknown trap type!`)
        "#]],
    );
}

#[test]
fn class_characters_are_errors() {
    // monbadclass.des; 'I' was a 3.2 class.
    NETHACK.check_pass(
        &maze("MONSTER:'9',random,random\nMONSTER:'I',\"jackal\",random\nOBJECT:'x',random,random\nRANDOM_MONSTERS:'d','@','|'\nRANDOM_OBJECTS:'!','k'\n"),
        semantics_343,
        expect![[r#"
            10:9-10:12 error nethack::unknown-monster-class: '9' is not a monster class; write a monster class letter such as `'d'`, or `random` (lev_comp: `Unknown monster class!`)
            11:9-11:12 error nethack::unknown-monster-class: 'I' is not a monster class (`I` was a class in 3.2; 3.3 removed it); write a monster class letter such as `'d'`, or `random` (lev_comp: `Unknown monster class!`)
            12:8-12:11 error nethack::unknown-object-class: 'x' is not an object class; write an object class character such as `')'` (weapons), or `random` (lev_comp: `Unknown char class!`)
            13:25-13:28 error nethack::unknown-monster-class: '|' is not a monster class; write a monster class letter such as `'d'`, or `random` (lev_comp: `Unknown monster class!`)
            14:20-14:23 error nethack::unknown-object-class: 'k' is not an object class; write an object class character such as `')'` (weapons), or `random` (lev_comp: `Unknown char class!`)
        "#]],
    );
}

#[test]
fn monster_names_are_warnings_with_did_you_mean_and_class_fixes() {
    // monbadname.des, l4.des, monrandname.des
    NETHACK.check_pass(
        &maze("MONSTER:'d',\"Jackal\",random\nMONSTER:'d',\"jakcal\",random\nMONSTER:'a',\"jackal\",random\nMONSTER:random,\"jackal\",random\nMONSTER:'a',\"jackl\",random\nMONSTER:'d',\"zzzzzzzz\",random\n"),
        semantics_343,
        expect![[r#"
            10:13-10:21 warning nethack::unknown-monster-name: there is no monster called `Jackal`, so lev_comp makes a random one; did you mean `jackal`? (lev_comp: `Invalid monster name!  Making random monster.`)
                fix: Write `"jackal"` → `MONSTER:'d',"jackal",random`
            11:13-11:21 warning nethack::unknown-monster-name: there is no monster called `jakcal`, so lev_comp makes a random one; did you mean `jackal`? (lev_comp: `Invalid monster name!  Making random monster.`)
                fix: Write `"jackal"` → `MONSTER:'d',"jackal",random`
            12:13-12:21 warning nethack::monster-class-mismatch: `jackal` is in class 'd' (dogs and other canines), not 'a' (ants and other insects), so lev_comp does not find it and makes a random monster (lev_comp: `Invalid monster name!  Making random monster.`)
                fix: Write the class 'd' → `MONSTER:'d',"jackal",random`
            13:16-13:24 warning nethack::monster-name-random-class: lev_comp finds a monster name only together with its class, so with `random` as the class `jackal` is ignored and the monster is random; `jackal` is a 'd' (dogs and other canines) (lev_comp: `Invalid monster name!  Making random monster.`)
                fix: Write the class 'd' → `MONSTER:'d',"jackal",random`
            14:13-14:20 warning nethack::unknown-monster-name: there is no monster called `jackl`, so lev_comp makes a random one; did you mean `jackal` (class 'd')? (lev_comp: `Invalid monster name!  Making random monster.`)
                fix: Write 'd' and `"jackal"` → `MONSTER:'d',"jackal",random`
            15:13-15:23 warning nethack::unknown-monster-name: there is no monster called `zzzzzzzz`, so lev_comp makes a random one (lev_comp: `Invalid monster name!  Making random monster.`)
        "#]],
    );
}

#[test]
fn object_names_are_warnings_and_a_random_class_searches_all() {
    NETHACK.check_pass(
        &maze("OBJECT:'[',\"long sword\",random\nOBJECT:random,\"long sword\",random\nOBJECT:')',\"long swrod\",random\nOBJECT:object[0],\"Excalibur2\",random\n"),
        semantics_343,
        expect![[r#"
            10:12-10:24 warning nethack::object-class-mismatch: `long sword` is in class ')' (weapons), not '[' (armor), so lev_comp does not find it and makes a random object (lev_comp: `Illegal object name!  Making random object.`)
                fix: Write the class ')' → `OBJECT:')',"long sword",random`
            12:12-12:24 warning nethack::unknown-object-name: there is no object called `long swrod`, so lev_comp makes a random one; did you mean `long sword`? (lev_comp: `Illegal object name!  Making random object.`)
                fix: Write `"long sword"` → `OBJECT:')',"long sword",random`
            13:18-13:30 warning nethack::unknown-object-name: there is no object called `Excalibur2`, so lev_comp makes a random one (lev_comp: `Illegal object name!  Making random object.`)
        "#]],
    );
}

#[test]
fn unknown_room_types_are_warnings() {
    // room2.des
    NETHACK.check_pass(
        &(level("ROOM:\"fooshop\",lit,(1,1),(left,top),(5,5)\nSUBROOM:\"temple\",lit,(1,1),(2,2),\"x\"\nRANDOM_CORRIDORS\n")
            + &maze("REGION:(1,1,5,3),lit,\"ordnary\"\n").replace("MAZE:\"a\"", "MAZE:\"b\"")),
        semantics_343,
        expect![[r#"
            2:6-2:15 warning nethack::unknown-room-type: there is no room type `fooshop`, so lev_comp makes an ordinary room; did you mean `food shop`? (lev_comp: `Unknown room type!  Making ordinary room...`)
                fix: Write `"food shop"` → `ROOM:"food shop",lit,(1,1),(left,top),(5,5)`
            3:34-3:37 error nethack::subroom-parent: no room of this level has `NAME: "x"`; a SUBROOM names its parent room (lev_comp: `Subroom error : parent room 'x' not found!`)
            14:22-14:31 warning nethack::unknown-room-type: there is no room type `ordnary`, so lev_comp makes an ordinary room; did you mean `ordinary`? (lev_comp: `Unknown room type!  Making ordinary room...`)
                fix: Write `"ordinary"` → `REGION:(1,1,5,3),lit,"ordinary"`
        "#]],
    );
}

#[test]
fn maps_are_at_most_76_by_21_after_removing_digits() {
    // bigmap.des; mapdigits.des: digits do not count.
    let wide = format!(
        "MAZE:\"a\",' '\nGEOMETRY:center,center\nMAP\n{}\n{}\nENDMAP\n",
        ".".repeat(77),
        "1".repeat(10) + &".".repeat(76)
    );
    NETHACK.check_pass(
        &wide,
        semantics_343,
        expect![[r#"
            4:77-4:78 error nethack::map-too-large: this row is 77 columns wide (digits do not count); a map is at most 76 wide (lev_comp: `Map too large! (max 76 x 21)`)
        "#]],
    );
    let tall = format!(
        "MAZE:\"a\",' '\nGEOMETRY:center,center\nMAP\n{}ENDMAP\n",
        "...\n".repeat(23)
    );
    NETHACK.check_pass(
        &tall,
        semantics_343,
        expect![[r#"
            25:1-26:4 error nethack::map-too-large: the map has 23 rows; a map is at most 21 tall (lev_comp: `Map too large! (max 76 x 21)`)
        "#]],
    );
}

#[test]
fn coordinates_and_regions_are_inside_the_part() {
    // multi.des, md2.des, md5.des, mapc_norow.des
    NETHACK.check_pass(
        &maze("MONSTER:random,random,(9,9)\nMONSTER:random,random,(7,1)\nOBJECT:random,random,(1,-1)\nRANDOM_PLACES:(1,1),(6,5)\nNON_DIGGABLE:(0,0,60,4)\nREGION:(0,0,6,-1),lit,\"ordinary\"\nTELEPORT_REGION:(0,0,6,4),(0,0,0,0)\n"),
        semantics_343,
        expect![[r#"
            10:23-10:28 error nethack::coordinates-out-of-map: (9,9) is outside the map: x goes from 0 to 6 and y from 0 to 4 (lev_comp: `Coordinates out of map range!`)
            11:24-11:25 error nethack::coordinates-out-of-map: (7,1) is outside the map: x goes from 0 to 6 and y from 0 to 4 (lev_comp: `Coordinates out of map range!`)
            12:25-12:27 error nethack::coordinates-out-of-map: (1,-1) is outside the map: x goes from 0 to 6 and y from 0 to 4 (lev_comp: `Coordinates out of map range!`)
            13:24-13:25 error nethack::coordinates-out-of-map: (6,5) is outside the map: x goes from 0 to 6 and y from 0 to 4 (lev_comp: `Coordinates out of map range!`)
            14:19-14:21 error nethack::region-out-of-map: x = 60 is outside the map: x goes from 0 to 6 and y from 0 to 4 (lev_comp: `Region out of map range!`)
            15:8-15:18 error nethack::region-reversed: the region's first corner (0,0) must be above and left of its second (6,-1) (lev_comp: `Region start > end!`)
            15:15-15:17 error nethack::region-out-of-map: y = -1 is outside the map: x goes from 0 to 6 and y from 0 to 4 (lev_comp: `Region out of map range!`)
        "#]],
    );
}

#[test]
fn nomap_frames_the_level_and_init_map_turns_coordinate_checks_off() {
    // nomapafter.des is accepted; initmap.des checks no coordinate (it crashes instead).
    NETHACK.check_pass(
        "MAZE:\"a\",' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\nNOMAP\nMONSTER:random,random,(79,21)\nMONSTER:random,random,(80,21)\n\
         MAZE:\"b\",' '\nINIT_MAP:'.',' ',true,true,lit,false\nGEOMETRY:center,center\nMAP\n...\nENDMAP\nMONSTER:random,random,(170,19)\nNON_DIGGABLE:(0,0,3,0)\n",
        semantics_343,
        expect![[r#"
            8:24-8:26 error nethack::coordinates-out-of-map: (80,21) is outside the level (NOMAP): x goes from 0 to 79 and y from 0 to 21 (lev_comp: `Coordinates out of map range!`)
            16:19-16:20 error nethack::region-out-of-map: x = 3 is outside the map: x goes from 0 to 2 and y from 0 to 0 (lev_comp: `Region out of map range!`)
        "#]],
    );
}

#[test]
fn level_regions_are_x_1_to_79_and_y_0_to_20() {
    // md4.des, manex3.des
    NETHACK.check_pass(
        &maze("PORTAL:levregion(0,0,79,20),(0,0,6,4),\"fire\"\nTELEPORT_REGION:levregion(1,0,80,21),(0,0,0,0)\nBRANCH:levregion(1,0,79,21),(0,0,0,0)\nSTAIR:levregion(1,0,79,20),(0,0,6,4),down\n"),
        semantics_343,
        expect![[r#"
            10:18-10:19 error nethack::levregion-out-of-level: x = 0 is outside the level: in levregion(…) x goes from 1 to 79 and y from 0 to 20 (lev_comp: `Region out of level range!`)
            11:31-11:33 error nethack::levregion-out-of-level: x = 80 is outside the level: in levregion(…) x goes from 1 to 79 and y from 0 to 20 (lev_comp: `Region out of level range!`)
            12:25-12:27 error nethack::levregion-out-of-level: y = 21 is outside the level: in levregion(…) x goes from 1 to 79 and y from 0 to 20 (lev_comp: `Region out of level range!`)
        "#]],
    );
}

#[test]
fn a_door_must_be_on_a_door_in_the_map() {
    // md1.des; the room form of DOOR has no square.
    NETHACK.check_pass(
        &maze("DOOR:locked,(6,2)\nDOOR:open,(3,4)\nDOOR:closed,(2,2)\nDOOR:random,random\nDOOR:open,place[0]\n"),
        semantics_343,
        expect![[r#"
            12:13-12:18 error nethack::door-not-in-map: the map has `.` (room floor) at (2,2); a DOOR's square must be `+` (door) or `S` (secret door) (lev_comp: `Door decl doesn't match the map`)
        "#]],
    );
}

#[test]
fn drawbridges_face_a_wall_and_are_open_or_closed() {
    // md2.des; WALLIFY turns stone next to floor into wall first.
    let text = "MAZE:\"a\",' '\nGEOMETRY:center,center\nMAP\n  \n}.\nENDMAP\n\
                DRAWBRIDGE:(0,1),north,closed\nWALLIFY\nDRAWBRIDGE:(0,1),north,random\nDRAWBRIDGE:(0,1),west,open\n";
    NETHACK.check_pass(
        text,
        semantics_343,
        expect![[r#"
            7:12-7:17 error nethack::drawbridge-no-wall: a drawbridge at (0,1) facing north needs a wall at (0,0); the map has a blank (solid rock) there (lev_comp: `Wall needed for drawbridge (00, 01)`)
            9:24-9:30 error nethack::drawbridge-state: a drawbridge is `open` or `closed`, not `random` (lev_comp: `A drawbridge can only be open or closed!`)
            10:12-10:17 error nethack::drawbridge-no-wall: a drawbridge at (0,1) facing west needs a wall at (-1,1); that is outside the map (lev_comp: `Wall needed for drawbridge (00, 01)`)
        "#]],
    );
}

#[test]
fn regions_vaults_and_irregular_rooms() {
    // md3.des; an `unfilled` vault escapes the size check (lev_comp compares another type).
    NETHACK.check_pass(
        &maze("REGION:(1,1,1,1),lit,\"vault\"\nREGION:(5,3,1,1),unlit,\"zoo\",filled,true\nREGION:(0,0,0,0),unlit,\"ordinary\",unfilled,true\nREGION:(1,1,2,2),lit,\"vault\",filled,true\nREGION:(1,1,4,4),lit,\"vault\",unfilled\n"),
        semantics_343,
        expect![[r#"
            10:8-10:17 error nethack::vault-size: a vault is exactly 2 × 2, like (x,y,x+1,y+1); this region is 1 × 1 (lev_comp: `Vaults must be exactly 2x2!`)
            11:8-11:17 error nethack::region-reversed: the region's first corner (5,3) must be above and left of its second (1,1) (lev_comp: `Region start > end!`)
            12:8-12:17 error nethack::irregular-region-on-rock: an irregular region is flood-filled from its first corner (0,0), which must be floor; the map has `-` (horizontal wall) there (lev_comp: `Rock in irregular room (00,00)?!`)
            13:8-13:17 error nethack::vault-size: a vault cannot be irregular (lev_comp: `Vaults must be exactly 2x2!`)
        "#]],
    );
}

#[test]
fn things_placed_in_walls_are_warnings() {
    // mapdigits.des, mapwidth.des: digits removed, short rows padded with stone.
    NETHACK.check_pass(
        "MAZE:\"test\",random\nGEOMETRY:center,center\nMAP\n0123456\n1|...|  \n2|.+|\nENDMAP\n\
         MONSTER:random,random,(4,2)\nTRAP:random,(0,1)\nOBJECT:random,random,(3,1)\nGOLD:10,(2,1)\nALTAR:(6,1),law,altar\nSTAIR:(2,2),up\nMONSTER:random,random,place[0]\n",
        semantics_343,
        expect![[r#"
            8:23-8:28 warning nethack::placed-in-wall: the map has a blank (solid rock) at (4,2), not a square to stand on (lev_comp: `Monster placed in wall at (04,02)?!`)
            9:13-9:18 warning nethack::placed-in-wall: the map has `|` (vertical wall) at (0,1), not a square to stand on (lev_comp: `Trap placed in wall at (00,01)?!`)
            12:7-12:12 warning nethack::placed-in-wall: the map has a blank (solid rock) at (6,1), not a square to stand on (lev_comp: `Altar placed in wall at (06,01)?!`)
            13:7-13:12 warning nethack::placed-in-wall: the map has `+` (door) at (2,2), not a square to stand on (lev_comp: `Stairway placed in wall at (02,02)?!`)
        "#]],
    );
}

#[test]
fn random_lists_hold_10_entries_once_per_part() {
    // reglong.des, regtwice.des; the second list counts on top of the first.
    NETHACK.check_pass(
        &maze("RANDOM_MONSTERS:'a','b','c','d','e','f','g','h','i','j','k','l'\nRANDOM_OBJECTS:'!'\nRANDOM_OBJECTS:'?','?','?','?','?','?','?','?','?','?'\n"),
        semantics_343,
        expect![[r#"
            10:57-10:64 error nethack::random-list-too-long: this list has 12 entries; a RANDOM_MONSTERS list holds at most 10 (lev_comp: `Monster list too long!`)
            12:1-12:15 error nethack::random-list-twice: a second RANDOM_OBJECTS list in the same map part; write all the object choices in one list (lev_comp: `Object registers already initialized!`)
            12:52-12:55 error nethack::random-list-too-long: with the 1 entries of the earlier RANDOM_OBJECTS list, this one goes past the 10 entries lev_comp has room for (lev_comp: `Object list too long!`)
        "#]],
    );
}

#[test]
fn register_indices_are_0_to_9_and_align_0_to_2() {
    // regs.des
    NETHACK.check_pass(
        &maze("RANDOM_PLACES:(1,1)\nMONSTER:monster[10],random,place[10]\nALTAR:place[0],align[3],altar\nALTAR:place[0],align[2],shrine\n"),
        semantics_343,
        expect![[r#"
            11:17-11:19 error nethack::register-overflow: `monster[10]`: the monster registers are monster[0] to monster[9] (lev_comp: `Register Index overflow!`)
            11:34-11:36 error nethack::register-overflow: `place[10]`: the place registers are place[0] to place[9] (lev_comp: `Register Index overflow!`)
            12:22-12:23 error nethack::register-overflow: `align[3]`: the align registers are align[0] to align[2] (lev_comp: `Register Index overflow!`)
        "#]],
    );
}

#[test]
fn rooms_name_chance_position_and_doors() {
    // room1.des, room4.des
    NETHACK.check_pass(
        &level(
            "ROOM:\"ordinary\",lit,(1,1),(left,top),(5,5)\nNAME:\"main\"\nNAME:\"again\"\nCHANCE:50\nDOOR:false,closed,north,random\nDOOR:random,random,random,2\n\
             ROOM:\"zoo\",unlit,(6,1),random,random,true\nCHANCE:0\nCHANCE:50\nCHANCE:60\n\
             ROOM:random,unlit,random,random,random\nCHANCE:10\n\
             SUBROOM:\"shop\",lit,(-1,1),(2,2),\"main\"\nRANDOM_CORRIDORS\n",
        ),
        semantics_343,
        expect![[r#"
            4:1-4:5 error nethack::room-name-twice: this room already has a NAME; a room has one name (lev_comp: `This room already has a name!`)
            5:1-5:7 error nethack::room-chance: CHANCE is the chance that a typed room gets its type; an ordinary room has no type to lose (lev_comp: `Only typed rooms can have a chance!`)
            7:27-7:28 error nethack::door-random-wall: the door's wall is random, so its position along the wall cannot be fixed; write `random` here or name the wall (lev_comp: `If the door wall is random, so must be its pos!`)
            8:18-8:23 error nethack::room-position: a ROOM's position is a cell of a 5 × 5 grid, (1,1) to (5,5), not (6,1) (lev_comp: `Room position should be between 1 & 5!`)
            9:8-9:9 error nethack::room-chance: a room's CHANCE is a percentage from 1 to 99, not 0 (lev_comp: `The chance is supposed to be precentile.`)
            11:1-11:7 error nethack::room-chance: this room already has a CHANCE; a room has one (lev_comp: `This room already assigned a chance!`)
            14:20-14:26 error nethack::subroom-position: a SUBROOM's position is relative to its parent and cannot be negative: (-1,1) (lev_comp: `Invalid subroom position !`)
        "#]],
    );
}

#[test]
fn subrooms_name_a_parent_and_at_most_24_each() {
    let mut body = String::from("ROOM:\"ordinary\",lit,(1,1),(left,top),(5,5)\nNAME:\"town\"\n");
    for _ in 0..25 {
        body.push_str("SUBROOM:\"shop\",lit,(1,1),(1,1),\"town\"\n");
    }
    body.push_str("SUBROOM:\"temple\",lit,(1,1),(1,1),\"towhn\"\nRANDOM_CORRIDORS\n");
    NETHACK.check_pass(
        &level(&body),
        semantics_343,
        expect![[r#"
            28:32-28:38 error nethack::too-many-subrooms: room `town` has more than 24 subrooms (lev_comp: `Subroom error: too many subrooms attached to parent room 'town'!`)
            29:34-29:41 error nethack::subroom-parent: no room of this level has `NAME: "towhn"`; a SUBROOM names its parent room (lev_comp: `Subroom error : parent room 'towhn' not found!`)
        "#]],
    );
}

#[test]
fn corridors_name_declared_rooms() {
    NETHACK.check_pass(
        &(level("ROOM:\"ordinary\",random,random,random,random\nROOM:\"ordinary\",random,random,random,random\nCORRIDOR:(0,north,1),(1,south,0)\nCORRIDOR:(2,east,random),3\nCORRIDOR:(0,east,random),(-1,west,random)\n")
            + "LEVEL:\"s\"\nINIT_MAP:'.',' ',true,true,lit,false\nCORRIDOR:(0,north,1),5\n"),
        semantics_343,
        expect![[r#"
            5:11-5:12 error nethack::corridor-room: room 2 does not exist: rooms are numbered from 0 to 1 in the order ROOM and SUBROOM declare them (lev_comp: `Wrong room number!`)
            6:27-6:29 error nethack::corridor-room: room -1 does not exist: rooms are numbered from 0 to 1 in the order ROOM and SUBROOM declare them (lev_comp: `Wrong room number!`)
            9:11-9:12 error nethack::corridor-room: this level declares no room, so no room number is valid (lev_comp: `Wrong room number!`)
        "#]],
    );
}

#[test]
fn at_most_127_of_a_kind_per_part_and_31_passwalls() {
    let mut details = "MONSTER:random,random,random\n".repeat(128);
    details.push_str(&"NON_PASSWALL:(0,0,1,1)\n".repeat(32));
    NETHACK.check_pass(
        &maze(&details),
        semantics_343,
        expect![[r#"
            137:1-137:8 error nethack::too-many: one map part may hold at most 127 monsters; this is number 128 (lev_comp: `Too many monsters in room or mazepart!`)
            169:1-169:13 error nethack::too-many: one map part may hold at most 31 NON_PASSWALL regions; this is number 32 (lev_comp: `Too many passwalls in mazepart!`)
        "#]],
    );
    // A new part starts counting again; corridors count per level.
    let mut two = maze(&"TRAP:random,random\n".repeat(100));
    two.push_str("GEOMETRY:center,center\nMAP\n.\nENDMAP\n");
    two.push_str(&"TRAP:random,random\n".repeat(100));
    NETHACK.check_pass(&two, semantics_343, expect![""]);
    let corridors = level(&format!(
        "ROOM:\"ordinary\",random,random,random,random\n{}",
        "CORRIDOR:(0,north,1),3\n".repeat(128)
    ));
    NETHACK.check_pass(
        &corridors,
        semantics_343,
        expect![[r#"
            130:1-130:9 error nethack::too-many: a level may hold at most 127 corridors; this is number 128 (lev_comp: `Too many corridors in level!`)
        "#]],
    );
}

#[test]
fn wrong_shapes_are_left_to_the_argument_checks() {
    // Half-typed and misshapen statements: nothing here, no panic.
    NETHACK.check_pass(
        &maze("MONSTER:\"d\",'x'\nTRAP:'x',(1,1)\nDOOR:(1,1),locked\nREGION:(1,1),lit\nDRAWBRIDGE:(9999999999999999999,1),north,open\nOBJECT\nMONSTER:\nRANDOM_PLACES:(1)\nSTAIR:levregion(1,2),(0,0,0,0),up\nCORRIDOR:(x),3\n"),
        semantics_343,
        expect![[r#"
            14:13-14:32 error nethack::coordinates-out-of-map: (9999999999999999999,1) is outside the map: x goes from 0 to 6 and y from 0 to 4 (lev_comp: `Coordinates out of map range!`)
        "#]],
    );
}

/// Every real 3.4.3 file is accepted by lev_comp: no error from this pass.
#[test]
fn the_corpus_gets_no_error() {
    let mut files = 0;
    for path in corpus_files("nethack/3.4.3", "des") {
        let text = std::fs::read_to_string(&path).expect("corpus file is UTF-8");
        let out = NETHACK.pass(&text, |file, out| {
            let doc = syntax::read(file.text, file.tree);
            semantics::check_343(file.text, &doc, out);
            unchecked::check(file.text, &doc, out);
        });
        let errors: Vec<_> = out
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{}: {errors:#?}", path.display());
        files += 1;
    }
    assert_eq!(files, 24);
}

/// Fixture tests for the 3.6 names, value sets and limits; each case was
/// run through lev_comp 3.6.6 (its message is in the test's comment).
#[test]
fn a_geometry_line_in_the_map_leaves_an_empty_row() {
    // lev_comp 3.4.3 builds the first level with the door at (1,1) — the
    // GEOMETRY line is an empty first row — and rejects the second's door at
    // (1,0): `Door decl doesn't match the map` (mutant Samurai.m021.des).
    NETHACK.check_pass(
        "MAZE:\"a\",' '\nMAP\nGEOMETRY:center,center\n|+|\nENDMAP\nDOOR:closed,(1,1)\n\
         MAZE:\"b\",' '\nMAP\nGEOMETRY:center,center\n|+|\nENDMAP\nDOOR:closed,(1,0)\n",
        semantics_343,
        expect![[r#"
            12:13-12:18 error nethack::door-not-in-map: the map has a blank (solid rock) at (1,0); a DOOR's square must be `+` (door) or `S` (secret door) (lev_comp: `Door decl doesn't match the map`)
        "#]],
    );
}

#[test]
fn with_init_map_a_door_past_the_map_is_read_past_it() {
    // lev_comp 3.4.3 checks no coordinate after INIT_MAP, but looks the DOOR
    // square up in its map: (26,25) crashes it (generated Knight.g015), a
    // drawbridge at x 2147483647 gets `Wall needed for drawbridge`.
    NETHACK.check_pass(
        "MAZE:\"a\",' '\nINIT_MAP:'.',' ',true,true,lit,false\nGEOMETRY:center,center\nMAP\n|+|\nENDMAP\n\
         DOOR:closed,(26,25)\nDRAWBRIDGE:(2147483647,0),north,open\nDOOR:closed,(1,0)\n",
        semantics_343,
        expect![[r#"
            7:13-7:20 error nethack::coordinates-out-of-map: (26,25) is outside the map: with INIT_MAP lev_comp checks no coordinate, but it looks the door up in its map and reads past it (an error, or a crash) (lev_comp: `Door decl doesn't match the map`)
            8:12-8:26 error nethack::coordinates-out-of-map: (2147483647,0) is outside the map: with INIT_MAP lev_comp checks no coordinate, but it looks the drawbridge's wall up in its map and reads past it (an error, or a crash) (lev_comp: `Wall needed for drawbridge (2147483647, 00)`)
        "#]],
    );
}

mod lev_comp_3_6 {
    use crate::formats::nethack::check::{semantics, variables};
    use crate::formats::nethack::syntax;
    use crate::formats::nethack::tests::NETHACK;
    use crate::formats::test_support::corpus_files;
    use crate::formats::{Diagnostic, Severity, SourceFile};
    use expect_test::expect;

    /// lev_comp 3.6's own checks, as a pass.
    fn semantics_36(file: &SourceFile, out: &mut Vec<Diagnostic>) {
        let doc = syntax::read(file.text, file.tree);
        semantics::check_36(file.text, &doc, out);
    }

    /// A MAZE level with `body` after its header.
    fn maze(body: &str) -> String {
        format!("MAZE:\"t\",' '\n{body}")
    }

    #[test]
    fn valid_36_values_are_clean() {
        NETHACK.check_pass(&maze("MONSTER: ('d', \"jackal\"), (79,20)\nOBJECT: \"novel\", (0,0)\nOBJECT: ('%', \"glob of gray ooze\"), (1,1)\n\
             TRAP: \"vibrating square\", (1,1)\nREGION: (1,1,200,300), lit, \"health food shop\"\n\
             [100%]: GOLD: 5, (1,1)\nTELEPORT_REGION: levregion(1,0,79,20), (0,0,79,21)\n\
             INIT_MAP: mines, '.', ' ', true, true, lit, true\n$m = monster: { 'd', \"jackal\" }\n\
             OBJECT: ('(', \"chest\"), (1,1), montype: \"jackal\"\n"),
            semantics_36,
            expect![[r#""#]],
        );
    }

    #[test]
    fn unknown_monsters_and_objects_are_errors() {
        // lev_comp: Unknown monster ('D', "draken")!  Unknown monster "jackl"!
        // Unknown monster class '7'!  Unknown object "glob of grey ooze"!
        // Unknown object class '7'!  Unknown object ('(', "foo")!
        NETHACK.check_pass(&maze("MONSTER: ('D', \"draken\"), (1,1)\nMONSTER: \"jackl\", (1,1)\nMONSTER: '7', (1,1)\n\
             OBJECT: \"glob of grey ooze\", (1,1)\nOBJECT: '7', (1,1)\nOBJECT: ('(', \"foo\"), (1,1)\n\
             MONSTER: ('D', \"jackal\"), (1,1)\n$m = monster: { \"jakal\" }\n"),
            semantics_36,
            expect![[r#"
                2:10-2:25 error nethack::unknown-monster-name: Unknown monster ('D', "draken")!
                3:10-3:17 error nethack::unknown-monster-name: Unknown monster "jackl"! Did you mean "jackal"?
                    fix: Change to "jackal" → `MONSTER: "jackal", (1,1)`
                4:10-4:13 error nethack::unknown-monster-class: Unknown monster class '7'!
                5:9-5:28 error nethack::unknown-object-name: Unknown object "glob of grey ooze"! Did you mean "glob of gray ooze"?
                    fix: Change to "glob of gray ooze" → `OBJECT: "glob of gray ooze", (1,1)`
                6:9-6:12 error nethack::unknown-object-class: Unknown object class '7'!
                7:9-7:21 error nethack::unknown-object-name: Unknown object ('(', "foo")!
                8:10-8:25 error nethack::unknown-monster-name: Unknown monster ('D', "jackal")! "jackal" is in class 'd', not this one.
                9:17-9:24 error nethack::unknown-monster-name: Unknown monster "jakal"! Did you mean "jackal"?
                    fix: Change to "jackal" → `$m = monster: { "jackal" }`
            "#]],
        );
    }

    #[test]
    fn other_capitals_are_accepted_with_a_hint() {
        // lev_comp -v: WARNING : Monster type "Jackal" matches "jackal".
        NETHACK.check_pass(&maze("MONSTER: \"Jackal\", (1,1)\nOBJECT: \"Novel\", (1,1)\n"),
            semantics_36,
            expect![[r#"
                2:10-2:18 hint nethack::name-case: Monster type "Jackal" matches "jackal" (lev_comp 3.6 accepts other capitals; -v warns).
                    fix: Write "jackal" → `MONSTER: "jackal", (1,1)`
                3:9-3:16 hint nethack::name-case: Object type "Novel" matches "novel" (lev_comp 3.6 accepts other capitals; -v warns).
                    fix: Write "novel" → `OBJECT: "novel", (1,1)`
            "#]],
        );
    }

    #[test]
    fn traps_and_room_types() {
        // lev_comp: Unknown trap type 'vibrating sqare'!
        // lev_comp: WARNING : Unknown room type "helth food shop"!  Making ordinary room...
        NETHACK.check_pass(&maze("TRAP: \"vibrating sqare\", (1,1)\nREGION: (1,1,2,2), lit, \"helth food shop\"\n"),
            semantics_36,
            expect![[r#"
                2:7-2:24 error nethack::unknown-trap: Unknown trap type 'vibrating sqare'! Did you mean "vibrating square"?
                    fix: Change to "vibrating square" → `TRAP: "vibrating square", (1,1)`
                3:25-3:42 warning nethack::unknown-room-type: Unknown room type "helth food shop"!  Making ordinary room... Did you mean "health food shop"?
                    fix: Change to "health food shop" → `REGION: (1,1,2,2), lit, "health food shop"`
            "#]],
        );
    }

    #[test]
    fn level_names() {
        // lev_comp: Level names limited to 14 characters ('abcdefghijklmno').
        // lev_comp: Invalid dot ('.') in level name 'ab.c'.
        NETHACK.check_pass(
            "MAZE:\"abcdefghijklmno\",' '\nMAZE:\"ab.c\",' '\nMAZE:\"abcdefghijklmn\",' '\n",
            semantics_36,
            expect![[r#"
                1:6-1:23 error nethack::level-name-too-long: Level names limited to 14 characters ('abcdefghijklmno').
                2:6-2:12 error nethack::level-name-dot: Invalid dot ('.') in level name 'ab.c'.
            "#]],
        );
    }

    #[test]
    fn map_too_large() {
        // lev_comp: Map too large at (77 x 3), max is (76 x 21) at "ENDMAP"
        let rows = format!("{}\n", ".".repeat(77)).repeat(3);
        NETHACK.check_pass(
            &maze(&format!("GEOMETRY:center,center\nMAP\n{rows}ENDMAP\n")),
            semantics_36,
            expect![[r#"
                7:1-7:7 error nethack::map-too-large: Map too large at (77 x 3), max is (76 x 21). (The map starts at line 3.)
            "#]],
        );
    }

    #[test]
    fn coordinates_are_checked_against_the_level_not_the_map() {
        // lev_comp: Coordinates (80,5) out of map range!  (5,21) too; (10,10) beside a 3x1 map is fine.
        NETHACK.check_pass(&maze("GEOMETRY:center,center\nMAP\n...\nENDMAP\nGOLD: 5, (10,10)\nGOLD: 5, (80,5)\nMONSTER: 'd', (5,21)\n"),
            semantics_36,
            expect![[r#"
                7:10-7:16 error nethack::coordinate-range: Coordinates (80,5) out of map range! x is 0 to 79 and y 0 to 20.
                8:15-8:21 error nethack::coordinate-range: Coordinates (5,21) out of map range! x is 0 to 79 and y 0 to 20.
            "#]],
        );
    }

    #[test]
    fn regions_and_level_regions() {
        // lev_comp: Region start > end: (5,1,2,5)!
        // Region (1,1,100,5) out of map range (x2)!  Region (0,0,0,0) out of level range (x1)!
        NETHACK.check_pass(&maze("REGION: (5,1,2,5), lit, \"ordinary\"\nNON_DIGGABLE: (0,0,80,21)\n\
             TELEPORT_REGION: (1,1,100,5), (0,0,0,0)\nTELEPORT_REGION: levregion(1,0,79,20), levregion(0,0,0,0)\n\
             TELEPORT_REGION: (5,0,3,20), (0,0,0,0)\nGEOMETRY:center,center\nMAP\n...\n...\nENDMAP\n\
             TELEPORT_REGION: (0,0,2,1), (0,0,0,0)\nTELEPORT_REGION: (0,0,2,2), (0,0,0,0)\n"),
            semantics_36,
            expect![[r#"
                2:9-2:18 error nethack::region-reversed: Region start > end: (5,1,2,5)! Write the top-left corner first.
                    fix: Swap the corners → `REGION: (2,1,5,5), lit, "ordinary"`
                4:18-4:29 error nethack::region-out-of-map: Region (1,1,100,5) out of map range (x2)!
                5:40-5:58 error nethack::levregion-out-of-level: Region (0,0,0,0) out of level range (x1)!
                13:18-13:27 error nethack::region-out-of-map: Region (0,0,2,2) out of map range (y2)!
            "#]],
        );
    }

    #[test]
    fn percentages() {
        // lev_comp: Unexpected percentile '101%' at "[101%]" / at "101%"
        NETHACK.check_pass(&maze("[101%]: GOLD: 5, (1,1)\nREPLACE_TERRAIN: (1,1,5,5), '.', 'L', 101%\n"),
            semantics_36,
            expect![[r#"
                2:1-2:7 error nethack::percent-range: Unexpected percentile '101%' at "[101%]": a percentage is 0 to 100.
                3:39-3:43 error nethack::percent-range: Unexpected percentile '101%' at "101%": a percentage is 0 to 100.
            "#]],
        );
    }

    #[test]
    fn init_map_chars() {
        // lev_comp: INIT_MAP: Invalid fill char type. / Invalid background type.
        NETHACK.check_pass(&maze("INIT_MAP: solidfill, 'Q'\nINIT_MAP: mines, '.', 'Q', true, true, lit, true\n"),
            semantics_36,
            expect![[r#"
                2:22-2:25 error nethack::init-map-char: INIT_MAP: Invalid fill char type. 'Q' is not a map character.
                3:23-3:26 error nethack::init-map-char: INIT_MAP: Invalid background type. 'Q' is not a map character.
            "#]],
        );
    }

    #[test]
    fn every_36_corpus_file_is_clean() {
        let mut n = 0;
        for path in corpus_files("nethack/3.6", "des") {
            let text = std::fs::read_to_string(&path).unwrap();
            let out = NETHACK.pass(&text, |file, out| {
                let doc = syntax::read(file.text, file.tree);
                semantics::check_36(file.text, &doc, out);
                variables::check(file.text, &doc, out);
            });
            let errors: Vec<_> = out
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .collect();
            assert!(errors.is_empty(), "{}: {:?}", path.display(), errors);
            n += 1;
        }
        assert_eq!(n, 24);
    }

    #[test]
    fn coordinates_and_regions_are_checked_wherever_they_stand() {
        // The differential test's misses, each lev_comp 3.6.6's error: a
        // coordinate in an array, in `line`, in `floodfill`, in `grow(…)`, in
        // a TERRAIN selection; a region in REPLACE_TERRAIN and `rect`.
        NETHACK.check_pass(
            &maze(
                "$place = { (14,04),(255,07) }\nTERRAIN: line (37,3),(37,99), '.'\n\
                 $s = selection: floodfill(81,4)\n$g = selection: grow(north, (1,21))\n\
                 REPLACE_TERRAIN: (1,255,7,2), 'P', '.', 10%\nTERRAIN: rect (5,5,1,1), '.'\n\
                 MONSTER: random, rndcoord($place)\n",
            ),
            semantics_36,
            expect![[r#"
                2:20-2:28 error nethack::coordinate-range: Coordinates (255,7) out of map range! x is 0 to 79 and y 0 to 20.
                3:22-3:29 error nethack::coordinate-range: Coordinates (37,99) out of map range! x is 0 to 79 and y 0 to 20.
                4:27-4:31 error nethack::coordinate-range: Coordinates (81,4) out of map range! x is 0 to 79 and y 0 to 20.
                5:29-5:35 error nethack::coordinate-range: Coordinates (1,21) out of map range! x is 0 to 79 and y 0 to 20.
                6:18-6:29 error nethack::region-reversed: Region start > end: (1,255,7,2)! Write the top-left corner first.
                    fix: Swap the corners → `REPLACE_TERRAIN: (1,2,7,255), 'P', '.', 10%`
                7:16-7:23 error nethack::region-reversed: Region start > end: (5,5,1,1)! Write the top-left corner first.
                    fix: Swap the corners → `TERRAIN: rect (1,1,5,5), '.'`
            "#]],
        );
    }

    #[test]
    fn terrain_takes_map_characters() {
        // lev_comp 3.6.6: Unknown map char type '@'! (TERRAIN with a line
        // selection, REPLACE_TERRAIN, filter, a terrain array); `x` is one.
        NETHACK.check_pass(
            &maze(
                "TERRAIN: line (16,10),(16,11), '@'\nREPLACE_TERRAIN: (0,0,5,5), 'Q', ('9', lit), 50%\n\
                 TERRAIN: filter('@', rect (0,0,5,5)), '.'\n$t = TERRAIN: { 'L', '@' }\nTERRAIN: (1,1), 'x'\n",
            ),
            semantics_36,
            expect![[r#"
                2:32-2:35 error nethack::unknown-map-char: Unknown map char type '@'! A map character is one of ` ` `#` `.` `-` `|` `+` `S` `H` `A` `C` `B` `{` `\` `K` `}` `P` `L` `W` `I` `T` `F` `x`
                3:29-3:32 error nethack::unknown-map-char: Unknown map char type 'Q'! A map character is one of ` ` `#` `.` `-` `|` `+` `S` `H` `A` `C` `B` `{` `\` `K` `}` `P` `L` `W` `I` `T` `F` `x`
                3:35-3:38 error nethack::unknown-map-char: Unknown map char type '9'! A map character is one of ` ` `#` `.` `-` `|` `+` `S` `H` `A` `C` `B` `{` `\` `K` `}` `P` `L` `W` `I` `T` `F` `x`
                4:17-4:20 error nethack::unknown-map-char: Unknown map char type '@'! A map character is one of ` ` `#` `.` `-` `|` `+` `S` `H` `A` `C` `B` `{` `\` `K` `}` `P` `L` `W` `I` `T` `F` `x`
                5:22-5:25 error nethack::unknown-map-char: Unknown map char type '@'! A map character is one of ` ` `#` `.` `-` `|` `+` `S` `H` `A` `C` `B` `{` `\` `K` `}` `P` `L` `W` `I` `T` `F` `x`
            "#]],
        );
    }

    #[test]
    fn room_positions_and_a_joined_init_map() {
        // lev_comp 3.6.6: Room positions should be between 1-5: (0,1)!
        // Invalid subroom position (-1,2)! (4294967295 is -1 in 32 bits)
        // INIT_MAP: Invalid foreground type for joined map.
        NETHACK.check_pass(
            "LEVEL:\"r\"\nROOM: \"ordinary\", random, (0,1), random, random {\n  SUBROOM: \"ordinary\", lit, (4294967295,2), (2,2) { }\n}\n\
             ROOM: \"ordinary\", random, (5,5), random, random { }\n\
             MAZE:\"m\",' '\nINIT_MAP: mines, 'S', ' ', true, true, random, true\nINIT_MAP: mines, '#', ' ', true, true, random, true\n",
            semantics_36,
            expect![[r#"
                2:27-2:32 error nethack::room-position: Room positions should be between 1-5: (0,1)! A ROOM's position is a cell of a 5 × 5 grid, (1,1) to (5,5).
                3:29-3:43 error nethack::subroom-position: Invalid subroom position (-1,2)! A SUBROOM's position is relative to its parent and cannot be negative.
                7:18-7:21 error nethack::init-map-joined: INIT_MAP: Invalid foreground type for joined map. A joined map (5th value `true`) connects its foreground areas with floor, so the foreground is '.' or '#', not 'S'.
            "#]],
        );
    }
}
