//! Fixture tests for the structure and arguments checks: each fixture is a
//! small `.des` text, rendered as the diagnostics these two checks give
//! (position, severity, code, message, and each fix with the line it produces).

use crate::formats::nethack::check::{arguments, order};
use crate::formats::nethack::syntax;
use crate::formats::nethack::tests::NETHACK;
use crate::formats::test_support::{corpus_files, render_list};
use crate::formats::{Diagnostic, SourceFile};
use expect_test::expect;

/// The structure and arguments checks, as one pass.
fn order_and_arguments(file: &SourceFile, out: &mut Vec<Diagnostic>) {
    let doc = syntax::read(file.text, file.tree);
    order::check(file.text, &doc, out);
    arguments::check(file.text, &doc, out);
}

/// A MAZE level with one map part, for details to follow.
const MAZE: &str = "MAZE:\"a\",random\nGEOMETRY:center,center\nMAP\n-----\n|...|\n-----\nENDMAP\n";

fn maze(details: &str) -> String {
    format!("{MAZE}{details}")
}

#[test]
fn clean_levels_give_nothing() {
    NETHACK.check_pass(
        &maze(
            "MONSTER[50%]:'d',\"jackal\",(1,1),peaceful,asleep,\"Fido\",m_object \"boulder\",law,random,align[0]\n\
             OBJECT:')',\"long sword\",(1,1),blessed,3,\"Sting\"\n\
             OBJECT:'%',\"corpse\",place[0],\"jackal\",random,none\n\
             OBJECT:'%',\"corpse\",(1,1),cursed,\"jackal\",0\n\
             CONTAINER:'(',\"chest\",(1,1)\nOBJECT:random,random,contained\n\
             TRAP:\"fire\",random\nDOOR:locked,(2,1)\nDRAWBRIDGE:(1,1),east,closed\n\
             STAIR:levregion(1,0,79,20),(0,0,4,2),up\nSTAIR:(1,1),down\nLADDER:(1,1),up\n\
             PORTAL:(0,0,1,1),levregion(1,1,2,2),\"fire\"\nTELEPORT_REGION:(0,0,1,1),(0,0,0,0),down\n\
             BRANCH:(0,0,1,1),(0,0,0,0)\nALTAR:(1,1),align[1],shrine\nFOUNTAIN:(1,1)\n\
             GOLD:random,(1,1)\nENGRAVING:(1,1),burn,\"x\"\nNON_DIGGABLE:(0,0,4,2)\n\
             NON_PASSWALL:(0,0,4,2)\nREGION:(1,1,3,1),lit,\"temple\",filled,true\n\
             MAZEWALK:(1,1),west\nWALLIFY\nNOMAP\nRANDOM_PLACES:(1,1),(2,2)\nMONSTER:monster[0],random,place[1]\n",
        ),
        order_and_arguments,
        expect![[""]],
    );
    NETHACK.check_pass(
        "LEVEL:\"r\"\nFLAGS:noteleport,hardfloor\nINIT_MAP:'.',' ',true,true,random,false\nMESSAGE:\"hi\"\n\
         RANDOM_OBJECTS:'[',')'\nRANDOM_MONSTERS:'a'\n\
         ROOM:\"ordinary\",lit,(1,1),(left,top),(5,5),true\nNAME:\"main\"\nDOOR:false,closed,north,random\n\
         SINK:(1,1)\nPOOL:(2,2)\nSTAIR:random,up\nOBJECT:object[0],random,random\n\
         SUBROOM:\"shop\",lit,(1,1),(2,2),\"main\"\nCHANCE:50\n\
         CORRIDOR:(0,north,1),(1,south,random)\nCORRIDOR:(0,east,random),3\n",
        order_and_arguments,
        expect![""],
    );
}

#[test]
fn every_real_3_4_3_file_is_clean() {
    let mut checked = 0;
    for path in corpus_files("nethack/3.4.3", "des") {
        let text = std::fs::read_to_string(&path).unwrap();
        let found = render_list(&text, &NETHACK.pass(&text, order_and_arguments));
        assert!(found.is_empty(), "{}:\n{found}", path.display());
        checked += 1;
    }
    assert_eq!(checked, 24);
}

#[test]
fn syntax_errors_one_per_statement() {
    NETHACK.check_pass(
        &maze("MONSTER:'d',\"jackal\",(1,1))\nOBJECT:random,random,random\n"),
        order_and_arguments,
        expect![[r#"
            8:27-8:28 error nethack::syntax-error: unexpected `)`; check the parentheses: `(x,y)` or `(x1,y1,x2,y2)` (lev_comp: syntax error)
        "#]],
    );
    NETHACK.check_pass(
        &maze("TRAP:\"fire\",(1,1) ; OBJECT:random,random,random\nMONSTER:random,random,random\n"),
        order_and_arguments,
        expect![[r#"
            8:19-8:20 error nethack::syntax-error: unexpected `;` (lev_comp: syntax error)
        "#]],
    );
    NETHACK.check_pass(
        "MAZE:\"test\",random\nNOMAP\nMONSTER[50 %]:random,random,(1,1)\n",
        order_and_arguments,
        expect![[r#"
            3:8-3:9 error nethack::chance-format: a chance is `[n%]` with the `%` right after the number (lev_comp: syntax error)
        "#]],
    );
}

#[test]
fn a_comment_in_column_1_is_never_stray() {
    // A map row that slipped below ENDMAP (two lines swapped): lev_comp says
    // "syntax error" on the row only, and reads the `#` line after it as the
    // comment it is. levls once called that comment stray and offered to
    // "Remove the indentation" of a `#` already in column 1.
    NETHACK.check_pass(
        "MAZE:\"x\",' '\nGEOMETRY:center,center\nMAP\n|..|\nENDMAP\nIIII..II\n# Non diggable walls\nNON_DIGGABLE:(0,0,3,0)\n",
        order_and_arguments,
        expect![[r#"
            6:1-6:5 error nethack::unknown-keyword: unknown keyword `IIII` (lev_comp: syntax error)
        "#]],
    );
}

#[test]
fn comments() {
    NETHACK.check_pass(
        &maze("MONSTER:'d',\"jackal\",(1,1)   # trailing\n  # indented\n# last"),
        order_and_arguments,
        expect![[r#"
            8:30-8:40 error nethack::stray-comment: a comment must start in column 1; lev_comp reads a `#` anywhere else as a stray character (syntax error)
                fix: Move the comment onto its own line above → `# trailing`
            9:3-9:13 error nethack::stray-comment: a comment must start in column 1; lev_comp reads a `#` anywhere else as a stray character (syntax error)
                fix: Remove the indentation → `# indented`
            10:1-10:7 error nethack::unterminated-comment: the last line is a comment without a line break after it; lev_comp needs the line break (syntax error)
                fix: Add a line break (removes a line)
        "#]],
    );
}

#[test]
fn before_first_level_and_unknown_keywords() {
    // lev_comp: `line 1, pos 0: syntax error at "!"`.
    NETHACK.check_pass(
        "!MAZE:\"a\",random\nNOMAP\n",
        order_and_arguments,
        expect![[r#"
            1:1-1:2 error nethack::syntax-error: unexpected `!` (lev_comp: syntax error)
        "#]],
    );
    NETHACK.check_pass(
        "GEOMETRY:center,center\nMAZE:\"a\",random\nNOMAP\n",
        order_and_arguments,
        expect![[r#"
            1:1-1:9 error nethack::before-level: `GEOMETRY` before the first level: a file must start with `MAZE:` or `LEVEL:` (lev_comp: syntax error)
        "#]],
    );
    NETHACK.check_pass(
        "maze:\"a\",random\nNOMAP\n",
        order_and_arguments,
        expect![[r#"
            1:1-1:5 error nethack::unknown-keyword: unknown keyword `maze`: keywords are case-sensitive; a level starts with `MAZE`
                fix: Change to `MAZE` → `MAZE:"a",random`
        "#]],
    );
    NETHACK.check_pass(
        &maze(
            "Monster:'d',\"jackal\",(1,1)\nMONSTERS:'d',\"jackal\",(1,1)\nFONTAIN:(1,1)\nFOO:1\n",
        ),
        order_and_arguments,
        expect![[r#"
            8:1-8:8 error nethack::unknown-keyword: unknown keyword `Monster`: keywords are upper case, `MONSTER` (lev_comp: syntax error)
                fix: Change to `MONSTER` → `MONSTER:'d',"jackal",(1,1)`
            9:1-9:9 error nethack::unknown-keyword: unknown keyword `MONSTERS`; did you mean `MONSTER`? (lev_comp: syntax error)
                fix: Change to `MONSTER` → `MONSTER:'d',"jackal",(1,1)`
            10:1-10:8 error nethack::unknown-keyword: unknown keyword `FONTAIN`; did you mean `FOUNTAIN`? (lev_comp: syntax error)
                fix: Change to `FOUNTAIN` → `FOUNTAIN:(1,1)`
            11:1-11:4 error nethack::unknown-keyword: unknown keyword `FOO` (lev_comp: syntax error)
        "#]],
    );
    NETHACK.check_pass(
        &maze("OBJECT:'(',\"chest\" random\nTERRAIN:(1,1),'L'\n"),
        order_and_arguments,
        expect![[r#"
            9:1-9:8 error nethack::newer-dialect: `TERRAIN` is a NetHack 3.6 statement; lev_comp 3.4.3 does not read the 3.6 language (syntax error)
        "#]],
    );
}

#[test]
fn map_blocks() {
    NETHACK.check_pass(
        "MAZE:\"a\",random\nGEOMETRY:center,center MAP\n...\nENDMAP\nMONSTER:random,random,random\n",
        order_and_arguments,
        expect![[r#"
            2:24-2:27 error nethack::map-not-alone: `MAP` must be alone on its own line, in column 1 (lev_comp: syntax error)
                fix: Start a new line before `MAP` → `GEOMETRY:center,center`
        "#]],
    );
    NETHACK.check_pass(
        "MAZE:\"a\",random\nGEOMETRY:center,center\nMAP \n|.|\nENDMAP\n",
        order_and_arguments,
        expect![[r#"
            3:1-3:4 error nethack::map-not-alone: `MAP` must be followed directly by the line break; remove the blanks after it (lev_comp: syntax error)
                fix: Remove the trailing blanks → `MAP`
        "#]],
    );
    NETHACK.check_pass(
        "MAZE:\"a\",random\nGEOMETRY:center,center\n  MAP\n|.|\nENDMAP\n",
        order_and_arguments,
        expect![[r#"
            3:3-3:6 error nethack::map-not-alone: `MAP` must start in column 1 (lev_comp: syntax error)
                fix: Remove the indentation → `MAP`
        "#]],
    );
    NETHACK.check_pass(
        "MAZE:\"a\",random\nGEOMETRY:center,center\nMAP\n|.x|\n|.\t|\n   \nMAP\n|..|\nENDMAP\nENDMAP\n",
        order_and_arguments,
        expect![[r#"
            4:3-4:4 error nethack::bad-map-row: `x` (keep the terrain under the map) is a map character of the 3.6 dialect only; lev_comp 3.4.3 does not read this line as a map row (syntax error)
            5:3-5:4 error nethack::bad-map-row: a tab in a map row: map rows are made of map characters and spaces only (lev_comp: syntax error)
                fix: Replace the tab by a space → `|. |`
            7:1-7:4 warning nethack::map-repeated: `MAP` again inside the map: lev_comp skips the line
                fix: Remove the line → `|..|`
            10:1-10:7 error nethack::endmap-outside-map: `ENDMAP` outside a MAP block: a map starts with `MAP` alone on its line in column 1 (lev_comp: syntax error)
        "#]],
    );
    NETHACK.check_pass(
        "MAZE:\"a\",random\nGEOMETRY:center,center\nMAP\n|..|\nMONSTER:random,random,random\nOBJECT:random,random,random\n",
        order_and_arguments,
        expect![[r#"
            7:1-7:1 error nethack::missing-endmap: `ENDMAP` missing: the `MAP` at line 3 reads every line to the end of the file as a map row (lev_comp: syntax error)
        "#]],
    );
}

#[test]
fn colons_and_chances() {
    NETHACK.check_pass(
        &maze("WALLIFY:\nFOUNTAIN (1,1)\nDOOR[50%]:open,(1,1)\nTRAP[0%]:random,random\nTRAP[101%]:random,random\nTRAP[\t5%]:random,random\n"),
        order_and_arguments,
        expect![[r#"
            8:8-8:9 error nethack::unexpected-colon: `WALLIFY` takes no `:` and no arguments (lev_comp: syntax error)
                fix: Write `WALLIFY` alone → `WALLIFY`
            10:5-10:10 error nethack::chance-not-allowed: `DOOR` takes no `[n%]` chance; only MONSTER, OBJECT, CONTAINER and TRAP do (lev_comp: syntax error)
                fix: Remove the chance → `DOOR:open,(1,1)`
            11:5-11:9 error nethack::chance-range: chance 0% is not between 1 and 100 (lev_comp: Expected percentile chance.)
            12:5-12:11 error nethack::chance-range: chance 101% is not between 1 and 100 (lev_comp: Expected percentile chance.)
            13:5-13:10 error nethack::chance-format: `[	5%]`: a chance is `[n%]` with only spaces around the number, no sign and no tab (lev_comp: syntax error)
                fix: Write `[5%]` → `TRAP[5%]:random,random`
        "#]],
    );
    NETHACK.check_pass(
        "MAZE[50%]:\"a\",random\nNOMAP\n",
        order_and_arguments,
        expect![[r#"
            1:5-1:10 error nethack::chance-not-allowed: `MAZE` takes no `[n%]` chance; only MONSTER, OBJECT, CONTAINER and TRAP do (lev_comp: syntax error)
                fix: Remove the chance → `MAZE:"a",random`
        "#]],
    );
}

#[test]
fn maze_order() {
    NETHACK.check_pass(
        "MAZE:\"a\",' '\nFLAGS:noteleport\nFLAGS:hardfloor\nMESSAGE:\"x\"\nINIT_MAP:'.',' ',true,true,lit,false\nNOMAP\n",
        order_and_arguments,
        expect![[r#"
            3:1-3:6 error nethack::duplicate-statement: a second `FLAGS:` in this level (the first is on line 2); write all of it in one statement (lev_comp: syntax error)
            5:1-5:9 error nethack::statement-order: `INIT_MAP:` must come before MESSAGE (lev_comp: syntax error)
        "#]],
    );
    NETHACK.check_pass(
        &maze("MONSTER:random,random,random\nRANDOM_PLACES:(1,1)\nMESSAGE:\"late\"\nSINK:(1,1)\nROOM:random,random,random,random,random\n"),
        order_and_arguments,
        expect![[r#"
            9:1-9:14 error nethack::statement-order: `RANDOM_PLACES:` must come right after its MAP or NOMAP, before the part's other statements (`MONSTER` on line 8) (lev_comp: syntax error)
            10:1-10:8 error nethack::statement-order: `MESSAGE:` must come before the first map part, right after the level header (lev_comp: syntax error)
            11:1-11:5 error nethack::wrong-level-kind: `SINK` is not allowed in a MAZE level; it belongs to LEVEL (room-and-corridor) levels (lev_comp: syntax error)
            12:1-12:5 error nethack::wrong-level-kind: `ROOM` is not allowed in a MAZE level; it belongs to LEVEL (room-and-corridor) levels (lev_comp: syntax error)
        "#]],
    );
    NETHACK.check_pass(
        "MAZE:\"a\",random\nMONSTER:random,random,random\nOBJECT:random,random,random\n",
        order_and_arguments,
        expect![[r#"
            2:1-2:8 error nethack::statement-order: `MONSTER` comes before the first map part; a MAZE level places things after `GEOMETRY:` + MAP…ENDMAP or `NOMAP` (lev_comp: syntax error)
        "#]],
    );
    NETHACK.check_pass(
        "MAZE:\"a\",random\n",
        order_and_arguments,
        expect![[r#"
            1:1-1:5 error nethack::maze-without-map: a MAZE level needs at least one map part: `GEOMETRY:` followed by MAP…ENDMAP, or `NOMAP` (lev_comp: syntax error)
        "#]],
    );
    NETHACK.check_pass(
        "MAZE:\"a\",random\nMAP\n.\nENDMAP\nGEOMETRY:left,top\nNOMAP\n",
        order_and_arguments,
        expect![[r#"
            2:1-2:4 error nethack::map-without-geometry: a MAP block needs a `GEOMETRY:` statement right before it (lev_comp: syntax error)
                fix: Add `GEOMETRY:center,center` → `GEOMETRY:center,center`
            6:1-6:6 error nethack::geometry-without-map: the `GEOMETRY:` at line 5 has no map: `NOMAP` comes first. `GEOMETRY:` must be followed by a MAP block (`MAP` alone on the next line) (lev_comp: syntax error)
        "#]],
    );
}

#[test]
fn room_level_order() {
    NETHACK.check_pass(
        "LEVEL:\"r\"\nINIT_MAP:'.',' ',true,true,lit,false\nMONSTER:random,random,(5,5)\n",
        order_and_arguments,
        expect![[r#"
            3:1-3:8 error nethack::statement-order: `MONSTER` must belong to a room: put it after a `ROOM:` or `SUBROOM:` (lev_comp: syntax error)
        "#]],
    );
    NETHACK.check_pass(
        "LEVEL:\"r\"\nROOM:\"ordinary\",random,random,random,random\nRANDOM_MONSTERS:'a'\n\
         LADDER:(1,1),up\nRANDOM_CORRIDORS\nCORRIDOR:(0,north,1),(1,south,0)\nFOUNTAIN:(1,1)\n",
        order_and_arguments,
        expect![[r#"
            3:1-3:16 error nethack::statement-order: `RANDOM_MONSTERS:` must come before the first ROOM in a LEVEL level (lev_comp: syntax error)
            4:1-4:7 error nethack::wrong-level-kind: `LADDER` is not allowed in a LEVEL level; it belongs to MAZE levels (lev_comp: syntax error)
            6:1-6:9 error nethack::statement-order: `CORRIDOR:` cannot be mixed with `RANDOM_CORRIDORS` (line 5) (lev_comp: syntax error)
            7:1-7:9 error nethack::statement-order: `FOUNTAIN` comes after the corridors (line 5); corridors end a LEVEL level (lev_comp: syntax error)
        "#]],
    );
    NETHACK.check_pass(
        "LEVEL:\"r\"\nROOM:\"ordinary\",random,random,random,random\nMAP\n.\nENDMAP\n",
        order_and_arguments,
        expect![[r#"
            3:1-3:4 error nethack::wrong-level-kind: MAP blocks are not allowed in a LEVEL level; they belong to MAZE levels (lev_comp: syntax error)
        "#]],
    );
}

#[test]
fn newer_dialect_is_one_error() {
    NETHACK.check_pass(
        "MAZE:\"a\",random\n$x = 5\nIF [$x > 3] {\n  MONSTER:random,random\n}\n",
        order_and_arguments,
        expect![[r#"
            2:1-2:3 error nethack::newer-dialect: `$x`: variables are NetHack 3.6; lev_comp 3.4.3 does not read the 3.6 language (syntax error)
        "#]],
    );
}

#[test]
fn argument_counts() {
    NETHACK.check_pass(
        &maze("MONSTER:'d',\"jackal\"\nMONSTER:random,(1,1)\nFOUNTAIN:(1,1),(2,2)\nTRAP:\"fire\",(1,1),CHANCE:5\n"),
        order_and_arguments,
        expect![[r#"
            8:13-8:21 error nethack::argument-count: `MONSTER` needs 3 arguments (monster class, monster name, coordinate); missing: coordinate (lev_comp: syntax error)
            9:16-9:21 error nethack::argument-count: missing the monster name before `(1,1)`: `MONSTER` takes monster class, monster name, coordinate (lev_comp: syntax error)
            10:16-10:21 error nethack::argument-count: unexpected `(2,2)`: `FOUNTAIN` takes at most 1 argument (coordinate) (lev_comp: syntax error)
                fix: Remove the extra arguments → `FOUNTAIN:(1,1)`
            11:19-11:27 error nethack::argument-kind: `, CHANCE: n` after a TRAP is NetHack 3.2.0; 3.4.3 writes the chance as a prefix, `TRAP[n%]:` (lev_comp: syntax error)
        "#]],
    );
    NETHACK.check_pass(
        &maze("OBJECT:')',\"long sword\",(1,1),random\nOBJECT:')',\"long sword\",(1,1),3\nOBJECT:')',\"x\",(1,1),blessed,1,\"a\",\"b\"\n"),
        order_and_arguments,
        expect![[r#"
            8:31-8:37 error nethack::argument-count: after a curse state `OBJECT` needs an enchantment (a number or `random`): `…, random, spe` (lev_comp: syntax error)
            9:31-9:32 error nethack::argument-kind: found a number; `OBJECT`'s curse state or monster type is a curse state (blessed, uncursed, cursed), `random` or a string (lev_comp: syntax error)
            10:36-10:39 error nethack::argument-count: unexpected `"b"`: the name is the last argument of `OBJECT` (lev_comp: syntax error)
        "#]],
    );
}

#[test]
fn value_words() {
    NETHACK.check_pass(
        &maze("DOOR:opne,(1,1)\nREGION:(1,1,2,2),open,\"ordinary\"\nDOOR:Random,(1,1)\nTRAP:fire,(1,1)\nALTAR:(1,1),lawful,altar\n"),
        order_and_arguments,
        expect![[r#"
            8:6-8:10 error nethack::unknown-value: unknown word `opne`; did you mean `open`? `DOOR`'s door state is a door state (open, closed, locked, nodoor, broken) or `random` (lev_comp: syntax error)
                fix: Change to `open` → `DOOR:open,(1,1)`
            9:18-9:22 error nethack::unknown-value: `open` is a door state; `REGION`'s light state is a light state (lit, unlit) or `random` (lev_comp: syntax error)
            10:6-10:12 error nethack::unknown-value: `Random`: value words are lower case, `random` (lev_comp: syntax error)
                fix: Change to `random` → `DOOR:random,(1,1)`
            11:6-11:10 error nethack::unknown-value: unknown word `fire`; `TRAP`'s trap name is a string or `random` (lev_comp: syntax error)
                fix: Write `"fire"` → `TRAP:"fire",(1,1)`
            12:13-12:19 error nethack::unknown-value: unknown word `lawful`; `ALTAR`'s alignment is an alignment (noalign, law, neutral, chaos, coaligned, noncoaligned), `align[i]` or `random` (lev_comp: syntax error)
        "#]],
    );
    NETHACK.check_pass(
        "MAZE:\"a\",random\nGEOMETRY:top,left\nMAP\n.\nENDMAP\n",
        order_and_arguments,
        expect![[r#"
            2:10-2:13 error nethack::unknown-value: `top` is a vertical alignment; `GEOMETRY`'s horizontal placement is a horizontal alignment (left, half-left, center, half-right, right) (lev_comp: syntax error)
        "#]],
    );
}

#[test]
fn kinds_and_registers() {
    NETHACK.check_pass(
        &maze("MONSTER:object[0],random,random\nOBJECT:random,random,monster[1]\nALTAR:place[0],place[1],altar\n\
               MONSTER:random,random,plce[0]\nRANDOM_MONSTERS:\"a\"\nMONSTER:random,\"x\",random,none\n\
               FOUNTAIN:(1,1,2)\nNON_DIGGABLE:levregion(1,1,2,2)\nMONSTER:random,random,random,m_featre \"x\"\n\
               MONSTER:random random,random\n"),
        order_and_arguments,
        expect![[r#"
            8:9-8:18 error nethack::argument-kind: `object[0]` is an object class register; `MONSTER`'s monster class is a character `'c'`, `random` or `monster[i]` (lev_comp: syntax error)
            9:22-9:32 error nethack::argument-kind: `monster[1]` is a monster class register; `OBJECT`'s coordinate is `(x,y)`, `place[i]`, `random` or a container contents (contained) (lev_comp: syntax error)
            10:16-10:24 error nethack::argument-kind: `place[1]` is a coordinate register; `ALTAR`'s alignment is an alignment (noalign, law, neutral, chaos, coaligned, noncoaligned), `align[i]` or `random` (lev_comp: syntax error)
            11:23-11:27 error nethack::argument-kind: unknown register `plce`; `MONSTER`'s coordinate is `(x,y)`, `place[i]` or `random` (lev_comp: syntax error)
                fix: Change to `place` → `MONSTER:random,random,place[0]`
            12:1-12:16 error nethack::statement-order: `RANDOM_MONSTERS:` must come right after its MAP or NOMAP, before the part's other statements (`MONSTER` on line 8) (lev_comp: syntax error)
            12:17-12:20 error nethack::argument-kind: found a string; `RANDOM_MONSTERS`'s monster class is a character `'c'` (lev_comp: syntax error)
                fix: Write `'a'` → `RANDOM_MONSTERS:'a'`
            13:27-13:31 error nethack::unknown-value: `none` is the no-name word, which only fits an OBJECT's name; `MONSTER`'s extra monster information is a string, a monster attitude (peaceful, hostile), a monster alertness (asleep, awake), an alignment (noalign, law, neutral, chaos, coaligned, noncoaligned), `align[i]`, `random` or `m_feature "…"`, `m_monster "…"` or `m_object "…"` (lev_comp: syntax error)
            14:10-14:17 error nethack::argument-kind: `(x,y)` takes two numbers; found 3 values (lev_comp: syntax error)
            15:14-15:32 error nethack::argument-kind: `levregion(…)` is only for the regions of STAIR, PORTAL, TELEPORT_REGION and BRANCH; `NON_DIGGABLE`'s region is `(x1,y1,x2,y2)` (lev_comp: syntax error)
            16:30-16:38 error nethack::argument-kind: unknown word `m_featre`; did you mean `m_feature`? (lev_comp: syntax error)
                fix: Change to `m_feature` → `MONSTER:random,random,random,m_feature "x"`
            17:16-17:22 error nethack::unknown-keyword: unexpected `random`: a value, not a statement keyword; is a `,` missing before it? (lev_comp: syntax error)
                fix: Add `,` → `MONSTER:random, random,random`
        "#]],
    );
}

#[test]
fn door_and_stair_forms_follow_the_level_kind() {
    NETHACK.check_pass(
        &maze("DOOR:false,closed,north,random\n"),
        order_and_arguments,
        expect![[r#"
            8:1-8:5 error nethack::argument-kind: this is the room form of `DOOR` (secret, state, wall, pos); in a MAZE level a door is `DOOR: state, coordinate` (lev_comp: syntax error)
        "#]],
    );
    NETHACK.check_pass(
        "LEVEL:\"r\"\nROOM:\"ordinary\",random,random,random,random\nDOOR:open,(1,1)\n\
         STAIR:(0,0,1,1),(0,0,0,0),up\nCORRIDOR:(0,up,1),(1,south,0)\nROOM:\"ordinary\",random,random,(top,left),random\n",
        order_and_arguments,
        expect![[r#"
            3:1-3:5 error nethack::argument-kind: this is the map form of `DOOR` (state, coordinate); in a LEVEL level a door is `DOOR: secret, state, wall, pos` on the current room (lev_comp: syntax error)
            4:1-4:6 error nethack::argument-kind: the region form of `STAIR` is only for MAZE levels; in a room write `STAIR: coordinate, up|down` (lev_comp: syntax error)
            5:13-5:15 error nethack::unknown-value: `up` is up or down; `CORRIDOR`'s wall is a direction (north, east, south, west) (lev_comp: syntax error)
            6:1-6:5 error nethack::statement-order: `ROOM` comes after the corridors (line 5); corridors end a LEVEL level (lev_comp: syntax error)
            6:32-6:35 error nethack::unknown-value: `top` is a vertical alignment; `ROOM`'s horizontal alignment is a horizontal alignment (left, half-left, center, half-right, right) (lev_comp: syntax error)
        "#]],
    );
}

#[test]
fn never_panics_on_fragments() {
    let text = maze(
        "MONSTER:'d',\"jackal\",(1,1),peaceful\nOBJECT:')',\"long sword\",(1,1),blessed,3,\"Sting\"\n\
         STAIR:levregion(1,0,79,20),(0,0,4,2),up\nREGION:(1,1,3,1),lit,\"temple\",filled,true\n",
    );
    for end in 0..=text.len() {
        if text.is_char_boundary(end) {
            let _ = NETHACK.pass(&text[..end], order_and_arguments);
        }
    }
    for junk in [
        "é\"",
        "MAP\r",
        "'",
        "(",
        "[",
        "MONSTER[",
        "#é",
        "\t\u{0}",
        "MAP\n\té",
    ] {
        let _ = NETHACK.pass(&format!("{MAZE}{junk}"), order_and_arguments);
        let _ = NETHACK.pass(junk, order_and_arguments);
    }
}

/// Garbage right after the level header (a stray `[`, `"`, a line of `(`)
/// is a syntax error on its own line, as lev_comp says: never nothing, never
/// only a level-wide error on the header. Each case with and without a map
/// part after it, and after a header and a statement.
#[test]
fn garbage_near_the_top_is_a_syntax_error_on_its_line() {
    let map = "GEOMETRY:center,center\nMAP\n---\n|.|\n---\nENDMAP\n";
    let mut shown = String::new();
    for garbage in [
        "((((((((((((((((",
        "(((((",
        "[",
        "\"",
        "]",
        "))))))))))))))))",
    ] {
        for tail in ["", map] {
            let text = format!("MAZE:\"x\",' '\n{garbage}\n{tail}");
            let with_map = if tail.is_empty() { "" } else { " + map" };
            shown.push_str(&format!(
                "== {garbage}{with_map}\n{}",
                NETHACK.diagnostics(&text)
            ));
        }
        let text = format!("LEVEL:\"x\"\nFLAGS:noteleport\n{garbage}\nROOM:\"ordinary\",random,random,random,random\n");
        shown.push_str(&format!(
            "== LEVEL, FLAGS, {garbage}\n{}",
            NETHACK.diagnostics(&text)
        ));
    }
    expect![[r#"
        == ((((((((((((((((
        2:1-2:2 error nethack::syntax-error: unexpected `(`; check the parentheses: `(x,y)` or `(x1,y1,x2,y2)` (lev_comp: syntax error)
        == (((((((((((((((( + map
        2:1-2:2 error nethack::syntax-error: unexpected `(`; check the parentheses: `(x,y)` or `(x1,y1,x2,y2)` (lev_comp: syntax error)
        == LEVEL, FLAGS, ((((((((((((((((
        3:1-3:2 error nethack::syntax-error: unexpected `(`; check the parentheses: `(x,y)` or `(x1,y1,x2,y2)` (lev_comp: syntax error)
        == (((((
        2:1-2:2 error nethack::syntax-error: unexpected `(`; check the parentheses: `(x,y)` or `(x1,y1,x2,y2)` (lev_comp: syntax error)
        == ((((( + map
        2:1-2:2 error nethack::syntax-error: unexpected `(`; check the parentheses: `(x,y)` or `(x1,y1,x2,y2)` (lev_comp: syntax error)
        == LEVEL, FLAGS, (((((
        3:1-3:2 error nethack::syntax-error: unexpected `(`; check the parentheses: `(x,y)` or `(x1,y1,x2,y2)` (lev_comp: syntax error)
        == [
        2:1-2:2 error nethack::syntax-error: unexpected `[`; a chance is written `[n%]` right after the keyword, a register `place[0]` (lev_comp: syntax error)
        == [ + map
        2:1-2:2 error nethack::syntax-error: unexpected `[`; a chance is written `[n%]` right after the keyword, a register `place[0]` (lev_comp: syntax error)
        == LEVEL, FLAGS, [
        3:1-3:2 error nethack::syntax-error: unexpected `[`; a chance is written `[n%]` right after the keyword, a register `place[0]` (lev_comp: syntax error)
        == "
        2:1-2:2 error nethack::syntax-error: unexpected `"`; a string is not closed (lev_comp: syntax error)
        == " + map
        2:1-2:2 error nethack::syntax-error: unexpected `"`; a string is not closed (lev_comp: syntax error)
        == LEVEL, FLAGS, "
        4:7-4:15 error nethack::unknown-keyword: unknown keyword `ordinary` (lev_comp: syntax error)
        == ]
        2:1-2:2 error nethack::syntax-error: unexpected `]`; a chance is written `[n%]` right after the keyword, a register `place[0]` (lev_comp: syntax error)
        == ] + map
        2:1-2:2 error nethack::syntax-error: unexpected `]`; a chance is written `[n%]` right after the keyword, a register `place[0]` (lev_comp: syntax error)
        4:1-4:4 error nethack::map-without-geometry: a MAP block needs a `GEOMETRY:` statement right before it (lev_comp: syntax error)
            fix: Add `GEOMETRY:center,center` → `GEOMETRY:center,center`
        == LEVEL, FLAGS, ]
        3:1-3:2 error nethack::syntax-error: unexpected `]` (lev_comp: syntax error at "]")
        == ))))))))))))))))
        2:1-2:2 error nethack::syntax-error: unexpected `)`; check the parentheses: `(x,y)` or `(x1,y1,x2,y2)` (lev_comp: syntax error)
        == )))))))))))))))) + map
        2:1-2:2 error nethack::syntax-error: unexpected `)`; check the parentheses: `(x,y)` or `(x1,y1,x2,y2)` (lev_comp: syntax error)
        4:1-4:4 error nethack::map-without-geometry: a MAP block needs a `GEOMETRY:` statement right before it (lev_comp: syntax error)
            fix: Add `GEOMETRY:center,center` → `GEOMETRY:center,center`
        == LEVEL, FLAGS, ))))))))))))))))
        3:1-3:2 error nethack::syntax-error: unexpected `)`; check the parentheses: `(x,y)` or `(x1,y1,x2,y2)` (lev_comp: syntax error at ")")
    "#]].assert_eq(&shown);
}

#[test]
fn map_lines_lev_comp_skips_or_reads_as_geometry() {
    // lev_comp 3.4.3 accepts both: it skips the second `MAP`, and reads the
    // GEOMETRY among the rows as the map's (leaving an empty row).
    NETHACK.check_pass(
        "MAZE:\"a\",' '\nGEOMETRY:center,center\nMAP\nMAP\n...\nENDMAP\nMAP\nGEOMETRY:center,center\n...\nENDMAP\n",
        order_and_arguments,
        expect![[r#"
            4:1-4:4 warning nethack::map-repeated: `MAP` again inside the map: lev_comp skips the line
                fix: Remove the line → `...`
            8:1-8:23 warning nethack::map-before-geometry: `GEOMETRY:center,center` stands inside the map: lev_comp reads it as the map's GEOMETRY, as if it came before `MAP`, and leaves an empty row in its place (the rows below move down one); write it before `MAP`
                fix: Move it before `MAP`, leaving its empty row → `GEOMETRY:center,center`
        "#]],
    );
}
