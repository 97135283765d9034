//! Fixture tests for the 3.6 names, value sets and limits; each case was
//! run through lev_comp 3.6.6 (its message is in the test's comment).

use crate::formats::nethack::{syntax, NetHack};
use crate::formats::test_support::{render_list, with_file};
use expect_test::{expect, Expect};

fn check_text(text: &str, expect: Expect) {
    let mut out = Vec::new();
    with_file(&NetHack, text, "t.des", |file| {
        let doc = syntax::read(file.text, file.tree);
        crate::formats::nethack::check::values::check(file.text, &doc, &mut out);
    });
    out.sort_by_key(|d| (d.range.start, d.range.end));
    expect.assert_eq(&render_list(text, &out));
}

fn check(body: &str, expect: Expect) {
    check_text(&format!("MAZE:\"t\",' '\n{body}"), expect);
}

#[test]
fn valid_36_values_are_clean() {
    check(
        "MONSTER: ('d', \"jackal\"), (79,20)\nOBJECT: \"novel\", (0,0)\nOBJECT: ('%', \"glob of gray ooze\"), (1,1)\n\
         TRAP: \"vibrating square\", (1,1)\nREGION: (1,1,200,300), lit, \"health food shop\"\n\
         [100%]: GOLD: 5, (1,1)\nTELEPORT_REGION: levregion(1,0,79,20), (0,0,79,21)\n\
         INIT_MAP: mines, '.', ' ', true, true, lit, true\n$m = monster: { 'd', \"jackal\" }\n\
         OBJECT: ('(', \"chest\"), (1,1), montype: \"jackal\"\n",
        expect![[r#""#]],
    );
}

#[test]
fn unknown_monsters_and_objects_are_errors() {
    // lev_comp: Unknown monster ('D', "draken")!  Unknown monster "jackl"!
    // Unknown monster class '7'!  Unknown object "glob of grey ooze"!
    // Unknown object class '7'!  Unknown object ('(', "foo")!
    check(
        "MONSTER: ('D', \"draken\"), (1,1)\nMONSTER: \"jackl\", (1,1)\nMONSTER: '7', (1,1)\n\
         OBJECT: \"glob of grey ooze\", (1,1)\nOBJECT: '7', (1,1)\nOBJECT: ('(', \"foo\"), (1,1)\n\
         MONSTER: ('D', \"jackal\"), (1,1)\n$m = monster: { \"jakal\" }\n",
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
    check(
        "MONSTER: \"Jackal\", (1,1)\nOBJECT: \"Novel\", (1,1)\n",
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
    check(
        "TRAP: \"vibrating sqare\", (1,1)\nREGION: (1,1,2,2), lit, \"helth food shop\"\n",
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
    check_text(
        "MAZE:\"abcdefghijklmno\",' '\nMAZE:\"ab.c\",' '\nMAZE:\"abcdefghijklmn\",' '\n",
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
    check(
        &format!("GEOMETRY:center,center\nMAP\n{rows}ENDMAP\n"),
        expect![[r#"
            3:1-3:4 error nethack::map-too-large: Map too large at (77 x 3), max is (76 x 21).
        "#]],
    );
}

#[test]
fn coordinates_are_checked_against_the_level_not_the_map() {
    // lev_comp: Coordinates (80,5) out of map range!  (5,21) too; (10,10) beside a 3x1 map is fine.
    check(
        "GEOMETRY:center,center\nMAP\n...\nENDMAP\nGOLD: 5, (10,10)\nGOLD: 5, (80,5)\nMONSTER: 'd', (5,21)\n",
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
    check(
        "REGION: (5,1,2,5), lit, \"ordinary\"\nNON_DIGGABLE: (0,0,80,21)\n\
         TELEPORT_REGION: (1,1,100,5), (0,0,0,0)\nTELEPORT_REGION: levregion(1,0,79,20), levregion(0,0,0,0)\n\
         TELEPORT_REGION: (5,0,3,20), (0,0,0,0)\nGEOMETRY:center,center\nMAP\n...\n...\nENDMAP\n\
         TELEPORT_REGION: (0,0,2,1), (0,0,0,0)\nTELEPORT_REGION: (0,0,2,2), (0,0,0,0)\n",
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
    check(
        "[101%]: GOLD: 5, (1,1)\nREPLACE_TERRAIN: (1,1,5,5), '.', 'L', 101%\n",
        expect![[r#"
            2:1-2:7 error nethack::percent-range: Unexpected percentile '101%' at "[101%]": a percentage is 0 to 100.
            3:39-3:43 error nethack::percent-range: Unexpected percentile '101%' at "101%": a percentage is 0 to 100.
        "#]],
    );
}

#[test]
fn init_map_chars() {
    // lev_comp: INIT_MAP: Invalid fill char type. / Invalid background type.
    check(
        "INIT_MAP: solidfill, 'Q'\nINIT_MAP: mines, '.', 'Q', true, true, lit, true\n",
        expect![[r#"
            2:22-2:25 error nethack::init-map-char: INIT_MAP: Invalid fill char type. 'Q' is not a map character.
            3:23-3:26 error nethack::init-map-char: INIT_MAP: Invalid background type. 'Q' is not a map character.
        "#]],
    );
}

#[test]
fn every_36_corpus_file_is_clean() {
    let mut n = 0;
    for path in crate::formats::test_support::corpus_files("nethack/3.6", "des") {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut out = Vec::new();
        with_file(&NetHack, &text, "t.des", |file| {
            let doc = syntax::read(file.text, file.tree);
            crate::formats::nethack::check::values::check(file.text, &doc, &mut out);
            crate::formats::nethack::check::variables::check(file.text, &doc, &mut out);
        });
        let errors: Vec<_> = out
            .iter()
            .filter(|d| d.severity == crate::formats::Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{}: {:?}", path.display(), errors);
        n += 1;
    }
    assert_eq!(n, 24);
}
