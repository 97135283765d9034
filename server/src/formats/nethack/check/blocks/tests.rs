//! Fixture tests for the 3.6 grammar checks (blocks, forms): each fixture
//! is a small `.des` text, rendered as the diagnostics these two checks give
//! (position, severity, code, message, and each fix with the line it produces).

use crate::formats::nethack::check::{blocks, forms};
use crate::formats::nethack::syntax;
use crate::formats::nethack::tests::NETHACK;
use crate::formats::test_support::{apply_edits, corpus_files, render_list};
use crate::formats::{Diagnostic, SourceFile};
use expect_test::expect;

/// The 3.6 structure and statements checks, as one pass.
fn blocks_and_forms(file: &SourceFile, out: &mut Vec<Diagnostic>) {
    let doc = syntax::read(file.text, file.tree);
    blocks::check(file.text, &doc, out);
    forms::check(file.text, &doc, out);
}

fn maze(body: &str) -> String {
    format!("MAZE:\"x\",random\n{body}")
}

#[test]
fn clean_3_6_gives_nothing() {
    NETHACK.check_pass(
        &maze(
            "FLAGS:noteleport,hardfloor\n  # indented comment\n\
             GEOMETRY:center,center\nMAP\n.x.\nENDMAP\n\
             [50%]: GEOMETRY:(1,1),true\nMAP\n..\nENDMAP\n\
             $place = { (1,1), (2,2) }\nSHUFFLE: $place\n\
             MONSTER: ('d', \"jackal\"), $place[0], hostile { OBJECT: \"dagger\" }\n\
             OBJECT: \"dagger\", (1,1), -1\nGOLD: (-5), (1,1)\n\
             CONTAINER: ('(', \"chest\"), (1,1) { OBJECT: \"dagger\" }\n\
             IF [50%] { EXIT } ELSE { LOOP [2] { BREAK } }\n\
             SWITCH [2] { CASE 1: IF [50%] { BREAK } DEFAULT: EXIT }\n\
             FOR $i = 1 TO 3 { TERRAIN: line (1,1),(5,5), '.' }\n\
             ROOM:\"zoo\"[40%],lit,(1,1),(left,top),(5,5) { SUBROOM:\"ordinary\",lit,(1,1),(2,2) { } }\n\
             REGION:(1,1,2,2),lit,\"ordinary\" { }\nWALLIFY\nMINERALIZE\nRANDOM_CORRIDORS\nNOMAP\n\
             $t = TERRAIN: { '-', 'F' }\n[0%]: EXIT\nOBJECT: random, random[dry,wet]\n",
        ),
        blocks_and_forms,
        expect![[""]],
    );
}

#[test]
fn every_real_3_6_file_is_clean() {
    let mut checked = 0;
    for path in corpus_files("nethack/3.6", "des") {
        let text = std::fs::read_to_string(&path).unwrap();
        let found = render_list(&text, &NETHACK.pass(&text, blocks_and_forms));
        assert!(found.is_empty(), "{}:\n{found}", path.display());
        checked += 1;
    }
    assert_eq!(checked, 24);
}

#[test]
fn keywords() {
    NETHACK.check_pass(
        &maze("MONSTERS: \"jackal\", (1,1)\nmessage: \"hi\"\nFOO: 1\nMESSAGE: \"a\" random\n"),
        blocks_and_forms,
        expect![[r#"
            2:1-2:9 error nethack::unknown-keyword: unknown keyword `MONSTERS`; did you mean `MONSTER`? (lev_comp: syntax error at "MONSTERS")
                fix: Change to `MONSTER` → `MONSTER: "jackal", (1,1)`
            3:1-3:8 error nethack::unknown-keyword: unknown keyword `message`: keywords are upper case, `MESSAGE` (lev_comp: syntax error at "message")
                fix: Change to `MESSAGE` → `MESSAGE: "hi"`
            4:1-4:4 error nethack::unknown-keyword: unknown keyword `FOO` (lev_comp: syntax error at "FOO")
            5:14-5:20 error nethack::unknown-keyword: unexpected `random`: a value, not a statement keyword; is a `,` missing before it? (lev_comp: syntax error at "random")
                fix: Add `,` → `MESSAGE: "a", random`
        "#]],
    );
}

#[test]
fn dropped_3_4_3_constructs() {
    NETHACK.check_pass(
        &maze(
            "RANDOM_PLACES: (1,1), (2,2)\nMONSTER: 'd', \"jackal\", (1,1)\n\
             MONSTER[50%]: \"jackal\", (1,1)\nOBJECT: \"dagger\", place[0]\n\
             OBJECT: \"dagger\", contained\nROOM:\"ordinary\",lit,(1,1),(left,top),(5,5) {\n\
             DOOR: false, closed, north, random\nCHANCE: 50\n}\n",
        ),
        blocks_and_forms,
        expect![[r#"
            2:1-2:14 error nethack::dropped-in-3.6: `RANDOM_PLACES` is 3.4.3 syntax; 3.6 writes `$place = { (x,y), … }` and `SHUFFLE: $place`, then `$place[i]` (lev_comp 3.6: syntax error)
            3:10-3:23 error nethack::older-syntax: `MONSTER: 'c', "name", …` is 3.4.3 syntax; 3.6 writes the class and name as one value: `MONSTER: ('d', "jackal"), …` (lev_comp 3.6: syntax error)
                fix: Write `('d', "jackal")` → `MONSTER: ('d', "jackal"), (1,1)`
            4:8-4:13 error nethack::chance-after-keyword: `MONSTER[50%]:` is 3.4.3 syntax; 3.6 writes the chance before the statement: `[50%]: MONSTER: …` (lev_comp 3.6: syntax error)
                fix: Write `[50%]: MONSTER:` → `[50%]: MONSTER: "jackal", (1,1)`
            5:19-5:27 error nethack::dropped-in-3.6: `place[0]` is 3.4.3 syntax (RANDOM_* registers); 3.6 writes a shuffled array variable, `$place[i]` (lev_comp 3.6: syntax error)
            6:19-6:28 error nethack::dropped-in-3.6: `contained` is 3.4.3 syntax; 3.6 puts the objects in the container's block: `CONTAINER: … { OBJECT: … }` (lev_comp 3.6: syntax error)
            8:1-8:5 error nethack::older-syntax: a room door `DOOR: wall?, state, wall, pos` is 3.4.3 syntax; 3.6 writes `ROOMDOOR: …` (lev_comp 3.6: syntax error)
                fix: Change to `ROOMDOOR` → `ROOMDOOR: false, closed, north, random`
            9:1-9:7 error nethack::dropped-in-3.6: `CHANCE` is 3.4.3 syntax; 3.6 gives a room's chance after its type: `ROOM: "ordinary"[40%], …` (lev_comp 3.6: syntax error)
        "#]],
    );
}

#[test]
fn blocks_and_control_flow() {
    NETHACK.check_pass(
        &maze(
            "ROOM:\"ordinary\",lit,(1,1),(left,top),(5,5)\nCONTAINER: \"chest\", (1,1)\n\
             OBJECT: \"dagger\", (1,1) { }\nIF MESSAGE: \"x\"\nIF [50%]: { EXIT }\n\
             ELSE { EXIT }\nCASE 1: EXIT\nBREAK\nEXIT: 1\n\
             SWITCH [2] { EXIT CASE 1: EXIT }\nSWITCH [2] { DEFAULT: EXIT DEFAULT: EXIT }\n\
             SWITCH [2] { CASE 1: SWITCH [3] { CASE 1: EXIT } }\nMONSTER [$x]: \"jackal\", (1,1)\n",
        ),
        blocks_and_forms,
        expect![[r#"
            2:1-2:5 error nethack::missing-block: `ROOM` needs a `{ … }` block after it, even an empty one (lev_comp: syntax error)
                fix: Add `{ }` → `ROOM:"ordinary",lit,(1,1),(left,top),(5,5) { }`
            3:1-3:10 error nethack::missing-block: `CONTAINER` needs a `{ … }` block after it: its contents (lev_comp: syntax error)
                fix: Add `{ }` → `CONTAINER: "chest", (1,1) { }`
            4:25-4:26 error nethack::unexpected-block: unexpected `{`: `OBJECT` takes no block; only ROOM, SUBROOM, CONTAINER, MONSTER, REGION and the control statements do (lev_comp: syntax error)
            5:1-5:3 error nethack::missing-condition: `IF` needs `[…]` after it: `IF [50%] { … }` or `IF [$x > 1] { … }` (lev_comp: syntax error)
            6:9-6:10 error nethack::unexpected-colon: unexpected `:`: `IF` takes no `:` (lev_comp: syntax error)
            7:1-7:5 error nethack::misplaced-statement: `ELSE` stands only right after an `IF [cond] { … }` block, once (lev_comp: syntax error)
            8:1-8:5 error nethack::misplaced-statement: `CASE:` stands only directly inside a `SWITCH [n] { … }` block (lev_comp: syntax error)
            9:1-9:6 error nethack::misplaced-statement: `BREAK` stands only inside a block: LOOP, FOR, SWITCH, ROOM, SUBROOM, MONSTER, OBJECT, CONTAINER or REGION (lev_comp: Cannot use BREAK outside a statement block.)
            10:5-10:6 error nethack::unexpected-colon: unexpected `:`: `EXIT` takes no `:` (lev_comp: syntax error)
            11:14-11:18 error nethack::misplaced-statement: a SWITCH block starts with `CASE n:` or `DEFAULT:`; statements go after a label (lev_comp: syntax error)
            12:28-12:35 error nethack::duplicate-default: a second `DEFAULT:` in this SWITCH (the first is at line 12) (lev_comp: Switch default case already used.)
            13:22-13:28 error nethack::nested-switch: a SWITCH inside another SWITCH (lev_comp: Cannot nest switch-statements.)
            14:9-14:10 error nethack::syntax-error: unexpected `[`: `MONSTER` takes no `[…]`; a chance goes before the statement, `[50%]: MONSTER: …` (lev_comp: syntax error)
        "#]],
    );
}

#[test]
fn nesting_and_case_limits() {
    let open: String = (0..21).map(|_| "IF [50%] { ").collect();
    let close: String = (0..21).map(|_| "} ").collect();
    let cases: String = (1..=21).map(|i| format!("CASE {i}: EXIT ")).collect();
    NETHACK.check_pass(
        &maze(&format!("{open}EXIT {close}\nSWITCH [2] {{ {cases}}}\n")),
        blocks_and_forms,
        expect![[r#"
            2:221-2:223 error nethack::nesting-too-deep: more than 20 IF/LOOP/FOR levels nested (lev_comp: IF: Too deeply nested conditionals.)
            3:285-3:289 error nethack::too-many-cases: more than 20 CASEs in one SWITCH (lev_comp: Too many cases in a switch.)
        "#]],
    );
    // Nesting beyond the walk caps is not walked (syntax.rs itself overflows near 1000 levels).
    // (in a thread with room for syntax.rs' own recursion).
    let deep = format!("{}{}", "LOOP [1] { ".repeat(300), "} ".repeat(300));
    let found = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            let text = maze(&deep);
            render_list(&text, &NETHACK.pass(&text, blocks_and_forms))
        })
        .unwrap()
        .join()
        .unwrap();
    assert!(found.contains("nethack::nesting-too-deep"), "{found}");
}

#[test]
fn flags_maps_header_and_chances() {
    NETHACK.check_pass(
        &maze(
            "MESSAGE: \"x\"\nFLAGS: noteleport\nMAP\n..\nENDMAP\nGEOMETRY:center,center\nMESSAGE:\"x\"\n\
             GEOMETRY:center,center\nMAP\n.y.\nENDMAP\nENDMAP\n[101%]: EXIT\nROOM:\"ordinary\"[200%],lit,(1,1),(left,top),(5,5) { }\n",
        ),
        blocks_and_forms,
        expect![[r#"
            3:1-3:6 error nethack::misplaced-statement: `FLAGS:` must directly follow the level header (`MAZE:`/`LEVEL:`), once (lev_comp: syntax error)
            4:1-4:4 error nethack::map-without-geometry: `MAP` must come right after `GEOMETRY: h, v` or `GEOMETRY: (x,y)` (lev_comp: syntax error)
            8:1-8:8 error nethack::geometry-without-map: the `GEOMETRY:` at line 7 has no map: `MESSAGE` comes first. `GEOMETRY:` must be followed directly by `MAP` … `ENDMAP` (lev_comp: syntax error)
            11:2-11:3 error nethack::bad-map-row: unexpected `y` in a map row: rows hold only map characters (`- | . # { } P L W T F I C A B S H x` …) and end with `ENDMAP` (lev_comp: syntax error)
            13:1-13:7 error nethack::endmap-outside-map: `ENDMAP` outside a MAP block: a map is `GEOMETRY: …`, then `MAP` alone on its line, rows, `ENDMAP` (lev_comp: syntax error)
            14:1-14:7 error nethack::chance-range: chance 101% is not between 0 and 100 (lev_comp: Unexpected percentile '101%')
            15:16-15:22 error nethack::chance-range: chance 200% is not between 0 and 100 (lev_comp: Unexpected percentile '200%')
        "#]],
    );
    NETHACK.check_pass(
        "MESSAGE: \"x\"\nMAZE\n",
        blocks_and_forms,
        expect![[r#"
            1:1-1:8 error nethack::before-level: this comes before the first level: a file starts with `MAZE: "name", fill` or `LEVEL: "name"` (lev_comp: syntax error)
            2:1-2:5 error nethack::missing-colon: `MAZE` needs `:` and its arguments (lev_comp: syntax error)
                fix: Add `:` → `MAZE:`
        "#]],
    );
    NETHACK.check_pass(
        "LEVEL[50%]: \"x\"\n",
        blocks_and_forms,
        expect![[r#"
            1:6-1:11 error nethack::chance-not-allowed: `LEVEL` takes no `[n%]` (lev_comp: syntax error)
                fix: Remove the chance → `LEVEL: "x"`
        "#]],
    );
}

#[test]
fn comments() {
    NETHACK.check_pass(
        &maze("MESSAGE: \"x\" # trailing\n   # fine\n# last"),
        blocks_and_forms,
        expect![[r##"
            2:14-2:15 error nethack::stray-comment: a comment must be on its own line (only blanks before the `#`); lev_comp reads a `#` after something as a stray character (syntax error at "#")
                fix: Move the comment onto its own line above → `# trailing`
            4:1-4:2 error nethack::unterminated-comment: the last line is a comment without a line break after it; lev_comp 3.6 needs the line break (syntax error at "#")
                fix: Add a line break (removes a line)
        "##]],
    );
}

#[test]
fn values_and_parser_errors() {
    NETHACK.check_pass(
        &maze(
            "MONSTER: \"jackal\", randhom\nDOOR: Closed, (1,1)\nGOLD: -5, (1,1)\n[-1%]: EXIT\n\
             FLAGS2: x\nMONSTER: \"jackal\", (1,1), colour: 3\nTERRAIN: (1,1), '.', \n\
             OBJECT: \"dagger\", (1,1))\nMESSAGE: \"after\"\n",
        ),
        blocks_and_forms,
        expect![[r#"
            2:20-2:27 error nethack::unknown-value: unknown value word `randhom`; did you mean `random`? (lev_comp: syntax error at "randhom")
                fix: Change to `random` → `MONSTER: "jackal", random`
            3:7-3:13 error nethack::unknown-value: unknown value word `Closed`: value words are lower case, `closed` (lev_comp: syntax error at "Closed")
                fix: Change to `closed` → `DOOR: closed, (1,1)`
            4:7-4:9 error nethack::signed-number: unexpected `-5`: lev_comp 3.6 reads a signed number only as an object's enchantment; elsewhere write it in parentheses, `(-5)` (lev_comp: syntax error at "-5")
                fix: Write `(-5)` → `GOLD: (-5), (1,1)`
            5:2-5:4 error nethack::signed-number: unexpected `-1`: a chance is `[n%]` with n from 0 to 100, no sign (lev_comp: syntax error at "-1")
            6:1-6:7 error nethack::unknown-keyword: unknown keyword `FLAGS2`; did you mean `FLAGS`? (lev_comp: syntax error at "FLAGS2")
                fix: Change to `FLAGS` → `FLAGS: x`
            7:27-7:33 error nethack::unknown-value: unknown key `colour` (lev_comp: syntax error at "colour")
            9:1-9:7 error nethack::syntax-error: `OBJECT` starts a statement, but the one before is not finished: it ends with a `,`, or an argument or a `)` is missing (lev_comp: syntax error at "OBJECT", or at that `,`)
        "#]],
    );
    NETHACK.check_pass(
        &maze("FLAGS: noteeport\n"),
        blocks_and_forms,
        expect![[r#"
            2:8-2:17 error nethack::unknown-value: unknown level flag `noteeport`; did you mean `noteleport`? (lev_comp: syntax error at "noteeport")
                fix: Change to `noteleport` → `FLAGS: noteleport`
        "#]],
    );
}

/// A missing `}` goes where the block ends: before an ELSE, before the first
/// statement back at the opening line's indentation, at the end of the level
/// (MAP rows with `{` and `}` inside are not braces); a body not indented
/// says nothing: no fix. Shown: the level after the fix.
#[test]
fn missing_brace_goes_where_the_block_ends() {
    let fixed = |body: &str| {
        let text = maze(body);
        NETHACK.open(&text, |file| {
            let mut out = Vec::new();
            blocks_and_forms(file, &mut out);
            let d = out
                .iter()
                .find(|d| d.message.starts_with("missing `}`"))
                .expect("a missing `}`");
            match d.fixes.first() {
                Some(fix) => apply_edits(&text, &fix.edits),
                None => "no fix".to_string(),
            }
        })
    };
    expect![[r#"
        MAZE:"x",random
        IF [50%] {
          EXIT
          MESSAGE: "a"
        }
        ELSE {
          EXIT
        }
        MESSAGE: "b"
    "#]]
    .assert_eq(&fixed(
        "IF [50%] {\n  EXIT\n  MESSAGE: \"a\"\nELSE {\n  EXIT\n}\nMESSAGE: \"b\"\n",
    ));
    expect![[r#"
        MAZE:"x",random
        IF [50%] {
          MESSAGE: "a"
        }
        # after
        MESSAGE: "b"
    "#]]
    .assert_eq(&fixed(
        "IF [50%] {\n  MESSAGE: \"a\"\n# after\nMESSAGE: \"b\"\n",
    ));
    expect![[r#"
        MAZE:"x",random
        LOOP [2] {
          IF [50%] {
        GEOMETRY:center,center
        MAP
        {}.
        ENDMAP
          }
          EXIT
        }"#]]
    .assert_eq(&fixed(
        "LOOP [2] {\n  IF [50%] {\nGEOMETRY:center,center\nMAP\n{}.\nENDMAP\n  }\n  EXIT",
    ));
    expect![[r#"
        MAZE:"x",random
        SWITCH [2] {
          CASE 1:
            IF [50%] {
              EXIT
            }
          CASE 2:
            EXIT
        }
    "#]]
    .assert_eq(&fixed(
        "SWITCH [2] {\n  CASE 1:\n    IF [50%] {\n      EXIT\n  CASE 2:\n    EXIT\n}\n",
    ));
    expect!["no fix"].assert_eq(&fixed("IF [50%] {\nMESSAGE: \"a\"\nMESSAGE: \"b\"\n"));
}

/// A condition without brackets is bracketed (`IF 50% {` → `IF [50%] {`,
/// `LOOP 3 {` → `LOOP [3] {`); a bare `IF {` takes `[50%]`; a bare LOOP
/// gets no fix (its count is the author's).
#[test]
fn condition_without_brackets() {
    NETHACK.check_pass(
        &maze("IF 50% { EXIT }\nLOOP 3 { EXIT }\nSWITCH 2 { CASE 1: EXIT }\nIF { EXIT }\nLOOP { EXIT }\nIF 1d4 { EXIT }\n"),
        blocks_and_forms,
        expect![[r#"
            2:1-2:3 error nethack::missing-condition: `IF` needs `[…]` after it: `IF [50%] { … }` or `IF [$x > 1] { … }` (lev_comp: syntax error)
                fix: Write `[50%]` → `IF [50%] { EXIT }`
            3:1-3:5 error nethack::missing-condition: `LOOP` needs `[…]` after it: `LOOP [3] { … }` (lev_comp: syntax error)
                fix: Write `[3]` → `LOOP [3] { EXIT }`
            4:1-4:7 error nethack::missing-condition: `SWITCH` needs `[…]` after it: `SWITCH [1d4] { CASE 1: … }` (lev_comp: syntax error)
                fix: Write `[2]` → `SWITCH [2] { CASE 1: EXIT }`
            5:1-5:3 error nethack::missing-condition: `IF` needs `[…]` after it: `IF [50%] { … }` or `IF [$x > 1] { … }` (lev_comp: syntax error)
                fix: Add `[50%]` → `IF [50%] { EXIT }`
            6:1-6:5 error nethack::missing-condition: `LOOP` needs `[…]` after it: `LOOP [3] { … }` (lev_comp: syntax error)
            7:1-7:3 error nethack::missing-condition: `IF` needs `[…]` after it: `IF [50%] { … }` or `IF [$x > 1] { … }` (lev_comp: syntax error)
        "#]],
    );
}

/// Fixes offered only where sure: no `{ }` for a ROOM whose contents are
/// indented under it (they would be left outside), no `,` after a keyword
/// (`OBJECT random` gets its `:` instead), a `,` after a value; `ROOMDOOR`
/// for a 3.4.3 room door, not for a DOOR that lost its `(`.
#[test]
fn fixes_only_where_sure() {
    NETHACK.check_pass(
        &maze(
            "ROOM:\"ordinary\",lit,(1,1),(left,top),(5,5)\n  OBJECT: '(', random\n\
             MONSTER: 'd', (1,1)\nOBJECT random, random\nMONSTER: 'd', (1,1) random\n\
             ROOM:\"ordinary\",lit,(1,1),(left,top),(5,5) {\nDOOR:false,closed,north,random\n\
             DOOR:closed,43,07)\n}\n",
        ),
        blocks_and_forms,
        expect![[r#"
            2:1-2:5 error nethack::missing-block: `ROOM` needs a `{ … }` block after it, even an empty one (lev_comp: syntax error)
            5:1-5:7 error nethack::missing-colon: `OBJECT` needs `:` and its arguments (lev_comp: syntax error)
                fix: Add `:` → `OBJECT: random, random`
            5:8-5:14 error nethack::unknown-keyword: unexpected `random`: a value, not a statement keyword; is a `,` missing before it? (lev_comp: syntax error at "random")
            6:21-6:27 error nethack::unknown-keyword: unexpected `random`: a value, not a statement keyword; is a `,` missing before it? (lev_comp: syntax error at "random")
                fix: Add `,` → `MONSTER: 'd', (1,1), random`
            8:1-8:5 error nethack::older-syntax: a room door `DOOR: wall?, state, wall, pos` is 3.4.3 syntax; 3.6 writes `ROOMDOOR: …` (lev_comp 3.6: syntax error)
                fix: Change to `ROOMDOOR` → `ROOMDOOR:false,closed,north,random`
            9:18-9:19 error nethack::syntax-error: unexpected `)`; check the parentheses: `(x,y)` or `(x1,y1,x2,y2)` (lev_comp: syntax error at ")")
        "#]],
    );
}

#[test]
fn a_statement_that_swallowed_the_next_one() {
    // lev_comp 3.6.6: syntax error at "MONSTER" (line 3: `MONSTER:` lost its
    // arguments), at "REGION" (line 3: the `(` of line 2 is not closed), at
    // "," (line 2: the name's `)` is missing).
    NETHACK.check_pass(
        &maze("MONSTER:\nMONSTER:('H',\"hill giant\"),random,hostile\n"),
        blocks_and_forms,
        expect![[r#"
            3:1-3:8 error nethack::syntax-error: `MONSTER` starts a statement, but the one before is not finished: it ends with a `,`, or an argument or a `)` is missing (lev_comp: syntax error at "MONSTER", or at that `,`)
        "#]],
    );
    NETHACK.check_pass(
        &maze("REGION:(0,0,\nREGION:(0,0,1,1),lit,\"ordinary\"\nMESSAGE:\"x\"\n"),
        blocks_and_forms,
        expect![[r#"
            3:1-3:7 error nethack::syntax-error: `REGION` starts a statement, but the one before is not finished: it ends with a `,`, or an argument or a `)` is missing (lev_comp: syntax error at "REGION", or at that `,`)
        "#]],
    );
    NETHACK.check_pass(
        &maze("MONSTER:('o',\"hill orc\",(1,1),hostile\n"),
        blocks_and_forms,
        expect![[r#"
            2:24-2:25 error nethack::syntax-error: `('c', "name")` is not closed: a `)` is missing after the name (lev_comp: syntax error at ",")
        "#]],
    );
}

#[test]
fn map_lines_lev_comp_skips_or_reads_as_geometry() {
    // lev_comp 3.6.6 accepts both maps: it skips the second `MAP`, and reads
    // the GEOMETRY among the rows as the map's (leaving an empty row).
    NETHACK.check_pass(
        &maze(
            "GEOMETRY:center,center\nMAP\nMAP\n...\nENDMAP\nMAP\nGEOMETRY:center,center\n...\nENDMAP\n",
        ),
        blocks_and_forms,
        expect![[r#"
            4:1-4:4 warning nethack::map-repeated: `MAP` again inside the map: lev_comp skips the line
                fix: Remove the line → `...`
            8:1-8:23 warning nethack::map-before-geometry: `GEOMETRY:center,center` stands inside the map: lev_comp reads it as the map's GEOMETRY, as if it came before `MAP`, and leaves an empty row in its place (the rows below move down one); write it before `MAP`
                fix: Move it before `MAP`, leaving its empty row → `GEOMETRY:center,center`
        "#]],
    );
}

#[test]
fn what_runs_to_the_end_of_the_file_is_missed_there() {
    // lev_comp 3.6.6 reports a missing ENDMAP and a missing `}` at the end of
    // the file (line 6 and line 4 here), a GEOMETRY without its map at the
    // next token (line 3).
    NETHACK.check_pass(
        &maze("GEOMETRY:center,center\nMAP\n...\n...\n"),
        blocks_and_forms,
        expect![[r#"
            6:1-6:1 error nethack::missing-endmap: `ENDMAP` missing: the `MAP` at line 3 reads every line to the end of the file as a map row (lev_comp: syntax error)
                fix: Add `ENDMAP` after the last row → `ENDMAP`
        "#]],
    );
    NETHACK.check_pass(
        &maze("IF [50%] {\n  MESSAGE: \"x\"\n# the end\n"),
        blocks_and_forms,
        expect![[r#"
            5:1-5:1 error nethack::syntax-error: missing `}` (lev_comp: syntax error)
                fix: Add `}` → `}`
        "#]],
    );
    NETHACK.check_pass(
        &maze("GEOMETRY:center,center\nMESSAGE: \"x\"\n"),
        blocks_and_forms,
        expect![[r#"
            3:1-3:8 error nethack::geometry-without-map: the `GEOMETRY:` at line 2 has no map: `MESSAGE` comes first. `GEOMETRY:` must be followed directly by `MAP` … `ENDMAP` (lev_comp: syntax error)
        "#]],
    );
}

#[test]
fn add_braces_only_where_an_empty_block_is_what_was_meant() {
    // Each of these once got "Add `{ }`", which adds a syntax error (a
    // second `{`, a block in the middle of the statement) or leaves the
    // contents written under the statement outside it.
    NETHACK.check_pass(
        &maze(
            "ROOM:\"ordinary\",lit,(1,1),(left,top),(5,5)\n  OBJECT: \"dagger\", (1,1)\n  MONSTER: 'd', (2,2)\n\
             CONTAINER: \"chest\", (1,1) OBJECT: \"dagger\"\n\
             SUBROOM:\"ordinary\",lit,(1,1),(2,2) {\n",
        ),
        blocks_and_forms,
        expect![[r#"
            2:1-2:5 error nethack::missing-block: `ROOM` needs a `{ … }` block after it, even an empty one (lev_comp: syntax error)
            5:1-5:10 error nethack::missing-block: `CONTAINER` needs a `{ … }` block after it: its contents (lev_comp: syntax error)
            5:35-5:43 error nethack::argument-count: this object has no coordinate: outside a container an `OBJECT` needs one, `OBJECT: …, (x,y)` or `random` (lev_comp: Object needs a coord when not contained.)
            6:1-6:8 error nethack::missing-block: `SUBROOM` needs a `{ … }` block after it, even an empty one (lev_comp: syntax error)
        "#]],
    );
}
