//! Fixture tests for the 3.6 argument forms (forms.rs): each fixture is a
//! small `.des` text rendered as every 3.6 diagnostic it gets, so a
//! statement another check faults is seen not to be faulted twice. The
//! probe (shared/corpus/nethack/probes) or lev_comp run each pins is named.

use crate::formats::nethack::tests::NETHACK;
use crate::formats::nethack::{check, syntax, Dialect};
use crate::formats::{Diagnostic, SourceFile};
use expect_test::expect;

/// Every 3.6 check, as one pass.
fn every_3_6_check(file: &SourceFile, out: &mut Vec<Diagnostic>) {
    let doc = syntax::read(file.text, file.tree);
    out.extend(check::diagnostics(file.text, &doc, Dialect::V36));
}

fn maze(body: &str) -> String {
    format!("MAZE:\"x\",random\n{body}")
}

#[test]
fn every_form_accepted_by_lev_comp_is_clean() {
    // Each line compiles with lev_comp 3.6.6 (probes w3, w9, md5 minus their
    // faults; door_sel, m_rand, o_rand, m_name, trap, o_class, gold_rand,
    // m_alignreg, geo1, trap_rand_coord, wall).
    NETHACK.check_pass_messages(
        &maze(
            "GEOMETRY:half-left,center\nMAP\n.\nENDMAP\n\
             MONSTER:random,(1,1)\nMONSTER:'d',(1,1),\"Fido\",peaceful,asleep,female,fleeing:3,seen_traps:\"fire\"|\"pit\"\n\
             MONSTER:random,(1,1),align[0]\nOBJECT:random,(1,1)\nOBJECT:'(',(1,1)\n\
             OBJECT:('(',\"chest\"),(2,2),locked,trapped,montype:'d',-1,name:\"x\"\n\
             CONTAINER:('(',\"large box\"),(3,3) { OBJECT:\"ruby\" OBJECT:('*',\"diamond\"),quantity:2 }\n\
             MONSTER:'d',(1,1) { OBJECT:\"dagger\" }\n\
             TRAP:\"pit\",random\nDOOR:random,(1,1)\nDOOR:closed,line (1,1),(5,5)\n\
             GOLD:(1),random\nWALLIFY:(1,1)\nDRAWBRIDGE:(1,1),east,closed\n\
             TERRAIN:(randline (1,1),(5,5),7),'.'\nTERRAIN:rect (1,1,2,2) & grow(north|west, (1,1)),('.',lit)\n\
             REPLACE_TERRAIN:(1,1,2,2),'.',' ',50%\nENGRAVING:(1,1),engrave,\"x\" . \"y\"\n\
             REGION:(1,1,2,2),lit,\"ordinary\"\nNON_DIGGABLE:(0,0,6,4)\nLADDER:(1,1),down\n\
             ALTAR:(2,2),noncoaligned,sanctum\nGRAVE:(1,1),random\nMAZEWALK:(1,1),east\n",
        ),
        every_3_6_check,
        expect![[""]],
    );
}

#[test]
fn monster_after_the_coordinate_takes_only_infos() {
    // Probes blankrow, mapc_row, nomapfix… (`MONSTER:random,random,(x,y)`),
    // nomaprand and twostmt (`…,random`): lev_comp: syntax error at "(".
    NETHACK.check_pass_messages(
        &maze("MONSTER:random,random,(70,19)\nMONSTER:random,random,random\n"),
        every_3_6_check,
        expect![[r#"
            2:23-2:30 nethack::argument-kind: `(70,19)` does not fit here: after the coordinate `MONSTER` takes a monster info (a name string, peaceful/hostile, asleep/awake, an alignment, female, invisible, cancelled, revived, avenge, stunned, confused, `fleeing: n`, `blinded: n`, `paralyzed: n`, `seen_traps: …`, `m_feature "…"`…); the 3.4.3 form `MONSTER: class, name, coord` is `MONSTER: ('c', "name"), coord` in 3.6 (lev_comp: syntax error)
            3:23-3:29 nethack::argument-kind: `random` does not fit here: after the coordinate `MONSTER` takes a monster info (a name string, peaceful/hostile, asleep/awake, an alignment, female, invisible, cancelled, revived, avenge, stunned, confused, `fleeing: n`, `blinded: n`, `paralyzed: n`, `seen_traps: …`, `m_feature "…"`…); the 3.4.3 form `MONSTER: class, name, coord` is `MONSTER: ('c', "name"), coord` in 3.6 (lev_comp: syntax error)
        "#]],
    );
}

#[test]
fn infos_are_given_once() {
    // lev_comp: MONSTER extra info defined twice. / OBJECT extra info 'cursed' defined twice.
    NETHACK.check_pass_messages(
        &maze(
            "MONSTER:'d',(1,1),peaceful,hostile\nMONSTER:'d',(1,1),fleeing:1,fleeing:2\n\
             OBJECT:\"dagger\",(1,1),blessed,cursed\nOBJECT:\"dagger\",(1,1),(2,2)\nOBJECT:\"dagger\",(1,1),1,2\n",
        ),
        every_3_6_check,
        expect![[r#"
            2:28-2:35 nethack::argument-kind: `hostile`: `MONSTER` already has its attitude; each info may be given once (lev_comp: MONSTER extra info defined twice)
            3:29-3:38 nethack::argument-kind: `fleeing:2`: `MONSTER` already has its fleeing; each info may be given once (lev_comp: MONSTER extra info defined twice)
            4:31-4:37 nethack::argument-kind: `cursed`: `OBJECT` already has its curse state; each info may be given once (lev_comp: OBJECT extra info defined twice)
            5:23-5:28 nethack::argument-kind: `(2,2)`: `OBJECT` already has its coordinate; each info may be given once (lev_comp: OBJECT extra info defined twice)
            6:25-6:26 nethack::argument-kind: `2`: `OBJECT` already has its enchantment; each info may be given once (lev_comp: OBJECT extra info defined twice)
        "#]],
    );
}

#[test]
fn a_comma_missing_in_a_coordinate() {
    // Generated Barb.g12 `(41 09)`, Monk.g09 `DOOR:closed(46,14)`, castle.g07
    // `DOOR:locked,(46 05)`, Tourist.g12 `REGION:(07,17 09,18)`.
    NETHACK.check_pass_messages(
        &maze(
            "MONSTER:('O',\"ogre\"),(41 09),hostile\nDOOR:closed(46,14)\nDOOR:locked,(46 05)\n\
             REGION:(07,17 09,18),unlit,\"ordinary\"\n",
        ),
        every_3_6_check,
        expect![[r#"
            2:26-2:28 nethack::syntax-error: unexpected `09` (lev_comp: syntax error at "09")
            3:6-3:19 nethack::argument-kind: `closed(46,14)` does not fit here: `DOOR` takes a door state (open, closed, locked, nodoor, broken, secret or random) (lev_comp: syntax error)
            4:17-4:19 nethack::syntax-error: unexpected `05` (lev_comp: syntax error at "05")
            5:15-5:17 nethack::syntax-error: unexpected `09` (lev_comp: syntax error at "09")
        "#]],
    );
}

#[test]
fn fixed_slots_take_their_words() {
    // Probes l8 (`GEOMETRY: top,left`), md5 (`GOLD: random,(1,1)`), geo3,
    // initmap / room5 (3.4.3 INIT_MAP), md2 (drawbridge `locked`).
    NETHACK.check_pass_messages(
        &maze(
            "GEOMETRY: top,left\nMAP\n.\nENDMAP\nGOLD:random,(1,1)\nINIT_MAP:'.',' ',true,true,lit,false\n\
             DRAWBRIDGE:(1,1),east,locked\nOBJECT:\"dagger\",(1,1),open\n",
        ),
        every_3_6_check,
        expect![[r#"
            2:11-2:14 nethack::argument-kind: `top` does not fit here: `GEOMETRY` takes a horizontal alignment (left, half-left, center, half-right, right) (lev_comp: syntax error)
            6:6-6:12 nethack::argument-kind: `random` does not fit here: `GOLD` takes an amount of gold (an integer expression) (lev_comp: syntax error)
            7:10-7:13 nethack::argument-kind: `'.'` does not fit here: `INIT_MAP` takes the fill style: `solidfill, 'c'`, `mazegrid, 'c'`, `rogue` or `mines, 'fg', 'bg', …` (3.4.3's `INIT_MAP: 'c', 'c', …` is `INIT_MAP: mines, 'c', 'c', …` in 3.6) (lev_comp: syntax error)
            8:23-8:29 nethack::argument-kind: `locked`: a drawbridge can only be open, closed or random (lev_comp: A drawbridge can only be open, closed or random!)
            9:23-9:27 nethack::argument-kind: `open`: an object's door state can only be locked or broken (lev_comp: DOOR state can only be locked or broken.)
        "#]],
    );
}

#[test]
fn objects_need_a_coordinate_outside_a_container() {
    // Probe w3: lev_comp: Object needs a coord when not contained.
    NETHACK.check_pass_messages(
        &maze("OBJECT:\"long sword\"\n"),
        every_3_6_check,
        expect![[r#"
        2:8-2:20 nethack::argument-count: this object has no coordinate: outside a container an `OBJECT` needs one, `OBJECT: …, (x,y)` or `random` (lev_comp: Object needs a coord when not contained.)
    "#]],
    );
}

#[test]
fn objects_inside_a_container_or_an_inventory_have_no_coordinate() {
    // lev_comp 3.6.6: "Object cannot have a coord when contained." for both;
    // `random` is a coordinate there too, a curse state is not.
    NETHACK.check_pass_messages(
        &maze(
            "NOMAP\nCONTAINER:('(',\"chest\"),(1,1) {\n  OBJECT:\"dagger\",(2,2)\n  OBJECT:\"dagger\",cursed\n}\n\
             MONSTER:('d',\"jackal\"),(1,1) {\n  OBJECT:\"dagger\",random\n}\n",
        ),
        every_3_6_check,
        expect![[r#"
            4:19-4:24 nethack::argument-kind: an object inside a CONTAINER or a MONSTER's inventory has no place of its own: remove the coordinate (lev_comp: Object cannot have a coord when contained.)
            8:19-8:25 nethack::argument-kind: an object inside a CONTAINER or a MONSTER's inventory has no place of its own: remove the coordinate (lev_comp: Object cannot have a coord when contained.)
        "#]],
    );
}

#[test]
fn only_typed_rooms_have_a_chance() {
    // Probe w9: lev_comp: Only typed rooms can have a chance.
    NETHACK.check_pass_messages(
        "LEVEL:\"a\"\nROOM:\"ordinary\"[50%],lit,(1,1),(left,top),(5,5) { }\n\
         ROOM:\"zoo\"[50%],lit,(1,1),(left,top),(5,5) { }\n",
        every_3_6_check,
        expect![[r#"
            2:6-2:21 nethack::argument-kind: only typed rooms can have a chance: an ordinary or random room (or one of an unknown type, made ordinary) is always made; drop the `[n%]` or give a room type (lev_comp: Only typed rooms can have a chance.)
        "#]],
    );
}

#[test]
fn never_crashes_on_odd_arguments() {
    for body in [
        "MONSTER:\n",
        "OBJECT:\n",
        "DOOR:\n",
        "GEOMETRY:\n",
        "TERRAIN:line\n",
        "TERRAIN:randline (1,1)\n",
        "MONSTER:(((((\n",
        "ROOMDOOR:true,open,north|,1\n",
    ] {
        let _ = NETHACK.pass(&maze(body), every_3_6_check);
    }
}

/// `(-1)` is an expression: a whole argument may be one (`GOLD: (-5), …`,
/// lev_comp 3.6.6 accepts it), a coordinate or region part may not
/// (`TRAP: "hole", (1,(-1))` is `syntax error at "("`): the fix only for the first.
#[test]
fn a_signed_number_is_parenthesised_only_as_an_argument() {
    NETHACK.check_pass(
        &maze("GOLD: -5, (1,1)\nREGION:(35,5,-1,6),lit,\"ordinary\"\n"),
        every_3_6_check,
        expect![[r#"
            2:7-2:9 error nethack::signed-number: unexpected `-5`: lev_comp 3.6 reads a signed number only as an object's enchantment; elsewhere write it in parentheses, `(-5)` (lev_comp: syntax error at "-5")
                fix: Write `(-5)` → `GOLD: (-5), (1,1)`
            3:14-3:16 error nethack::signed-number: unexpected `-1`: inside a region `(x1,y1,x2,y2)` a number has no sign (lev_comp: syntax error at "-1")
        "#]],
    );
}

#[test]
fn values_have_the_shapes_lev_comps_grammar_reads() {
    // Each line alone is a syntax error of lev_comp 3.6.6, where the comment
    // at its end says: the differential test's tuple arity, nesting, arrays,
    // signed index, lost commas, selection functions' arguments.
    NETHACK.check_pass_messages(
        &maze(
            "BRANCH:(1,1,1),(0,0,0,0)\nTRAP:\"hole\",((4),4)\nDOOR:closed,{(3,3)}\n\
             $a = { (1,1), {(2,2)} }\n$b = { (3,1), (11) }\nALTAR:(2,1),align[-1],altar\n\
             REGION:(1,1,2,2),unlit\"ordinary\"\nOBJECT:('[',\"shield of reflection\"),(1,1),cursed+0\n\
             $s = selection: floodfill(012)\n$g = selection: grow(random & random,random & random)\n",
        ),
        every_3_6_check,
        expect![[r#"
            2:8-2:15 nethack::argument-count: `(1,1,1)` has 3 numbers: a coordinate has 2, `(x,y)`, and a region 4, `(x1,y1,x2,y2)` (lev_comp: syntax error)
            3:14-3:17 nethack::argument-kind: `(4)` inside a coordinate `(x,y)`: lev_comp takes only numbers written out there, not a parenthesised value (lev_comp: syntax error at "(")
            4:13-4:20 nethack::argument-kind: `{(3,3)}`: a `{ … }` array is only what `$variable = { … }` takes, not a statement's argument (lev_comp: syntax error at "{")
            5:1-5:3 nethack::unused-variable: Unused variable '$a' (lev_comp -v warns about it).
            5:15-5:22 nethack::argument-kind: `{(2,2)}`: a `{ … }` array is only what `$variable = { … }` takes, not part of another value (lev_comp: syntax error at "{")
            6:1-6:3 nethack::unused-variable: Unused variable '$b' (lev_comp -v warns about it).
            6:15-6:19 nethack::argument-kind: `(11)` in an array of coordinates: an array holds values of one kind (lev_comp: syntax error)
            7:19-7:21 nethack::signed-number: `align[-1]`: the index is a number from 0 to 2, without a sign (lev_comp: syntax error at "-1")
            8:18-8:23 nethack::argument-kind: `unlit"ordinary"`: a comma is missing after `unlit`; only `m_feature`, `m_monster` and `m_object` take a string without one (lev_comp: syntax error)
            9:49-9:51 nethack::signed-number: `+0` is read as one signed number, not `+` and a number: a comma is missing before it, or a space after `+` (lev_comp: syntax error at "+0")
            10:1-10:3 nethack::unused-variable: Unused variable '$s' (lev_comp -v warns about it).
            10:17-10:31 nethack::argument-count: `floodfill` takes a coordinate in its parentheses, `(x,y)`, with the numbers written out; found 1 argument (lev_comp: syntax error)
            11:1-11:3 nethack::unused-variable: Unused variable '$g' (lev_comp -v warns about it).
            11:22-11:37 nethack::argument-kind: `grow(directions, selection)`: the first of two arguments is a direction (north, south, east, west, `north|west`…), not `random & random` (lev_comp: syntax error)
        "#]],
    );
}

#[test]
fn a_bare_variable_stands_for_the_parentheses() {
    // lev_comp 3.6.6 accepts each line (a MiniHack user's notebook writes
    // `TERRAIN: fillrect $bottom_region, 'L'`); the variable's type is
    // variables.rs's to judge.
    NETHACK.check_pass_messages(
        &maze(
            "$r = (0,8,14,14)\n$c = (3,3)\n$d = (5,5)\nTERRAIN: fillrect $r, 'L'\n\
             TERRAIN: rect $r, 'L'\nTERRAIN: line $c, $d, 'L'\nTERRAIN: randline $c, $d, 3, 'L'\n\
             TERRAIN: floodfill $c, 'L'\nTERRAIN: line $c, (4,4), 'L'\n",
        ),
        every_3_6_check,
        expect![""],
    );
}

#[test]
fn selections_in_parentheses_and_lines_in_rndcoord_are_fine() {
    // lev_comp 3.6.6 accepts both (MiniHack's exploremaze levels use the second).
    NETHACK.check_pass_messages(
        &maze("DOOR:closed,((2,2))\n$r = rndcoord(line (2,1),(2,8))\nMONSTER:random,$r\nTERRAIN:(randline (1,1),(5,5),7),'.'\n"),
        every_3_6_check,
        expect![""],
    );
}

#[test]
fn stairs_rooms_regions_and_flags_have_their_forms() {
    // lev_comp 3.6.6: syntax error at ")" (a 1-value coordinate, a 1-value
    // size), at "true" (3.4.3's REGION flag), at "MESSAGE" (FLAGS that
    // swallowed the next line), and `Only typed rooms can have a chance.`
    // for an unknown type, which lev_comp makes ordinary.
    NETHACK.check_pass_messages(
        "MAZE:\"x\",random\nFLAGS: noteleport,\nMESSAGE:\"x\"\nSTAIR:(4),up\n\
         ROOM:\"ordinary\",lit,(1,1),(center,center),(33) { }\nREGION:(1,1,2,2),lit,\"ordinary\",true\n\
         ROOM:\"food sho\"[90%],lit,(1,1),(center,center),(3,3) { }\nROOM:\"ordinary\"[100%],lit,random,random,random { }\n",
        every_3_6_check,
        expect![[r#"
            3:1-3:8 nethack::syntax-error: `MESSAGE` starts a statement, but the one before is not finished: it ends with a `,`, or an argument or a `)` is missing (lev_comp: syntax error at "MESSAGE", or at that `,`)
            4:7-4:10 nethack::argument-kind: `(4)` does not fit here: `STAIR` takes a coordinate (`(x,y)`, `random`, `rndcoord(…)` or `$c`) (lev_comp: syntax error)
            5:43-5:47 nethack::argument-kind: `(33)` does not fit here: `ROOM` takes a size `(w,h)` or `random` (lev_comp: syntax error)
            6:33-6:37 nethack::argument-kind: `true` does not fit here: `REGION` takes a room flag (filled, unfilled, regular, irregular, joined, unjoined) (lev_comp: syntax error)
            7:6-7:16 nethack::unknown-room-type: Unknown room type "food sho"!  Making ordinary room... Did you mean "food shop"?
            7:6-7:21 nethack::argument-kind: only typed rooms can have a chance: an ordinary or random room (or one of an unknown type, made ordinary) is always made; drop the `[n%]` or give a room type (lev_comp: Only typed rooms can have a chance.)
        "#]],
    );
}

#[test]
fn a_word_before_a_lone_quote_is_a_string_that_lost_its_opening_quote() {
    // lev_comp 3.6.6 on generated gehennom/sokoban variations: syntax error at
    // "fire". Writing the quote back, not a near word (`line`), is the fix.
    NETHACK.check_diagnostics(
        &format!("# levls: dialect 3.6\n{}", maze("NOMAP\nTRAP:fire\", random\nTRAP:\"pit\",random\n")),
        expect![[r#"
            4:6-4:10 error nethack::unknown-value: `fire"` is a string without its opening `"` (lev_comp: syntax error at "fire")
                fix: Write `"fire"` → `TRAP:"fire", random`
            5:7-5:10 error nethack::unknown-keyword: unknown keyword `pit` (lev_comp: syntax error at "pit")
        "#]],
    );
}

#[test]
fn a_selections_line_goes_on_after_a_comma_in_an_assignment() {
    // lev_comp 3.6.6 compiles the first four lines; it stops at `$e = 1, 2`
    // with a syntax error at the comma.
    NETHACK.check_pass_messages(
        &maze(
            "GEOMETRY:center,center\nMAP\n......\n......\nENDMAP\n\
             $a = selection: line (0,0),(5,0)\n$b = selection: randline (0,1),(5,1),3\n\
             $c = selection: randline rndcoord($a), rndcoord($b), 8\n\
             TERRAIN: $c, '.'\nTERRAIN: $a & $b, '.'\n\
             $e = 1, 2\n$f = selection: line (0,0),(1,1),(2,2)\n",
        ),
        every_3_6_check,
        expect![[r#"
            12:1-12:3 nethack::unused-variable: Unused variable '$e' (lev_comp -v warns about it).
            12:9-12:10 nethack::syntax-error: a variable takes one value; this one comes after a `,` (lev_comp: syntax error)
            13:1-13:3 nethack::unused-variable: Unused variable '$f' (lev_comp -v warns about it).
            13:34-13:39 nethack::syntax-error: `line` takes one coordinate after its first coordinate (lev_comp: syntax error)
        "#]],
    );
}

/// The quiet zones' binary searches answer as a pass over every zone did.
#[test]
fn zones_touch_as_a_pass_over_them_says() {
    let zones = vec![30..40, 0..5, 10..50, 60..60, 70..80];
    let quick = super::Zones::new(zones.clone());
    for start in 0..90 {
        for end in start..start + 12 {
            let s = start..end;
            let naive = zones
                .iter()
                .any(|z| z.contains(&s.start) || (s.start <= z.start && z.start < s.end));
            assert_eq!(quick.touches(&s), naive, "{s:?}");
        }
    }
}
