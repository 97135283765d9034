//! 3.6 editor features: hover, completion, navigation, outline, folding.

use super::NetHack;
use crate::formats::test_support::{cursor, render_ranges, show_range, with_file, with_settings};
use crate::formats::{Format, Settings, Symbol};
use crate::settings::Value;
use expect_test::{expect, Expect};

const LEVEL: &str = "\
# A 3.6 level
MAZE: \"test\", ' '
FLAGS: noteleport
GEOMETRY: center, center
MAP
-----
|..x|
|.}.|
-----
ENDMAP
$place = { (1,1), (3,1), (2,2) }
SHUFFLE: $place
$mon = monster: { 'd', 'o' }
$pt = (1,1)
$sel = selection: floodfill(1,1) & rect (0,0,4,3)
IF [50%] {
  MONSTER: $mon[0], $place[0]
} ELSE {
  OBJECT: ('(', \"chest\"), $place[1] {
    OBJECT: '!'
  }
}
LOOP [2] {
  TERRAIN: line (1,1), (3,1), 'L'
}
TERRAIN: filter(50%, $sel), '.'
[25%]: SWITCH [3] {
  CASE 0:
    TRAP: \"pit\", $pt
    BREAK
  DEFAULT:
    STAIR: (1,2), down
}
FOR $i = 1 TO 3 {
  GOLD: $i, random
}
";

fn hover_at(fixture: &str) -> String {
    let (text, offset) = cursor(fixture);
    with_file(&NetHack, &text, "t.des", |f| {
        NetHack.hover(f, offset).map_or("(none)".to_string(), |h| {
            format!(
                "{} {}\n{}",
                show_range(&text, &h.range),
                &text[h.range.clone()],
                h.markdown
            )
        })
    })
}

fn check_hover(fixture: &str, expect: Expect) {
    expect.assert_eq(&hover_at(fixture));
}

/// `LEVEL` with the cursor before the first `needle` after `after`.
fn at(after: &str, needle: &str) -> String {
    let from = LEVEL.find(after).expect("after");
    let i = from + LEVEL[from..].find(needle).expect("needle");
    format!("{}$0{}", &LEVEL[..i], &LEVEL[i..])
}

#[test]
fn the_level_header_says_the_dialect_and_why() {
    check_hover(
        &at("MAZE", "MAZE"),
        expect![[r#"
            2:1-2:5 MAZE
            ```text
            MAZE: "name", 'c' | random
            ```

            Starts a maze-style level. The fill is `random` (a maze grid) or a map character (solid fill with it).

            This level "test": 1 map(s), 0 room(s), 5 variable(s).

            Dialect: **NetHack 3.6**, detected on line 11: `$place`: variables are NetHack 3.6."#]],
    );
    // 3.4.3 files get the line too, and a setting is named as the reason.
    check_hover(
        "MA$0ZE: \"x\", ' '\nGEOMETRY:center,center\nMAP\n.\nENDMAP\nRANDOM_PLACES: (0,0)\n",
        expect![[r#"
            1:1-1:5 MAZE
            ```text
            MAZE: "name", fill_char | random
            ```

            Starts a maze-style level built from map parts. The name (at most 8 characters, no dot) becomes the output file name; the fill is the map character for unmapped squares, or `random` for a generated maze.

            Starts a level. Since 3.2.0.

            This level "x": a maze-style level with 1 map part (1 MAP, 0 NOMAP).

            Dialect: **NetHack 3.4.3**, detected on line 6: `RANDOM_PLACES` is NetHack 3.4.3's."#]],
    );
    let settings = Settings::NONE.with(&super::settings::DIALECT, Value::Choice("3.6"));
    let text = "MAZE: \"x\", ' '\nNOMAP\n";
    let md = with_settings(&NetHack, text, "t.des", &settings, |f| {
        NetHack.hover(f, 1).unwrap().markdown
    });
    assert!(
        md.contains("**NetHack 3.6**, set by the `nethack.dialect` setting."),
        "{md}"
    );
}

#[test]
fn hover_on_a_variable_shows_its_type_value_and_uses() {
    check_hover(
        &at("MONSTER", "$place"),
        expect![[r#"
        17:21-17:27 $place
        ```text
        $place: array of coordinates
        ```

        First value: `{ (1,1), (3,1), (2,2) }`

        1 assignment, 3 uses."#]],
    );
    check_hover(
        &at("$sel =", "$sel"),
        expect![[r#"
        15:1-15:5 $sel
        ```text
        $sel: selection
        ```

        First value: `selection: floodfill(1,1) & rect (0,0,4,3)`

        1 assignment, 1 use."#]],
    );
}

#[test]
fn hover_explains_selections() {
    check_hover(
        &at("$sel", "floodfill"),
        expect![[r#"
        15:19-15:33 floodfill(1,1)
        ```text
        floodfill (x,y)
        ```

        Selects the point and every cell connected to it with the same terrain. Here: from (1, 1)."#]],
    );
    check_hover(
        &at("$sel", "rect"),
        expect![[r#"
        15:36-15:50 rect (0,0,4,3)
        ```text
        rect (x1,y1,x2,y2)
        ```

        Selects the outline of the rectangle (its border cells). Here: from (0, 0) to (4, 3)."#]],
    );
    check_hover(
        &at("$sel", "& rect"),
        expect![[r#"
        15:19-15:50 floodfill(1,1) & rect (0,0,4,3)
        **`floodfill(1,1) & rect (0,0,4,3)`** — a selection: the union of both sides (every cell of either)."#]],
    );
    check_hover(
        &at("LOOP", "line"),
        expect![[r#"
        24:12-24:29 line (1,1), (3,1)
        ```text
        line (x1,y1), (x2,y2)
        ```

        Selects the cells of the straight line between the two points. `TERRAIN` changes the terrain of these cells."#]],
    );
    check_hover(
        &at("TERRAIN: filter", "filter"),
        expect![[r#"
        26:10-26:27 filter(50%, $sel)
        ```text
        filter(N%, sel) · filter(sel, sel) · filter(mapchar, sel)
        ```

        Selects the cells of the selection that pass the filter. Here: each cell kept with a 50% chance. `TERRAIN` changes the terrain of these cells."#]],
    );
}

#[test]
fn hover_on_3_6_keywords_words_and_conditions() {
    check_hover(
        &at("SHUFFLE", "SHUFFLE"),
        expect![[r#"
        12:1-12:8 SHUFFLE
        ```text
        SHUFFLE: $array
        ```

        Shuffles an array variable in place (3.4.3's RANDOM_* lists)."#]],
    );
    check_hover(
        &at("LOOP", "LOOP"),
        expect![[r#"
        23:1-23:5 LOOP
        ```text
        LOOP [int] { … }
        ```

        Runs its block the given number of times."#]],
    );
    check_hover(
        &at("LOOP", "2]"),
        expect![[r#"
            23:7-23:8 2
            **[2]** — the block runs this many times."#]],
    );
    check_hover(
        &at("IF", "50%"),
        expect![[r#"
        16:4-16:9 [50%]
        **50%** chance of running the block each time the level is made."#]],
    );
    check_hover(
        &at("[25%]", "25%"),
        expect![[r#"
        27:1-27:6 [25%]
        **25%** chance of running the statement after it each time the level is made."#]],
    );
    check_hover(
        &at("CASE", "CASE"),
        expect![[r#"
        28:3-28:7 CASE
        ```text
        CASE n:
        ```

        The statements run when the SWITCH's number is `n`, up to BREAK."#]],
    );
    check_hover(
        &at("$mon =", "monster:"),
        expect![[r#"
        13:8-13:15 monster
        **monster:** — `monster: m` — a monster value for a variable."#]],
    );
    check_hover(
        &at("STAIR", "(1,2)"),
        expect![[r#"
        32:12-32:17 (1,2)
        **(1, 2)** — a coordinate.

        On the map: `.` — room floor."#]],
    );
    check_hover(
        &at("\"chest\"", "\"chest\""),
        expect![[r#"
        19:17-19:24 "chest"
        **"chest"** — a string (5 bytes)."#]],
    );
}

#[test]
fn map_cells_are_hovered_as_in_3_4_3_and_x_is_known() {
    check_hover(
        &at("|..x", "}"),
        expect![[r#"
        8:3-8:4 }
        **`}`** — moat

        Part of a moat or other deep water.

        Cell (2, 2) of this 5 × 4 map."#]],
    );
    check_hover(
        &at("|..x", "x"),
        expect![[r#"
        7:4-7:5 x
        **`x`** — leave the terrain under the map unchanged (NetHack 3.6)."#]],
    );
}

fn check_completion(fixture: &str, expect: Expect) {
    let (text, offset) = cursor(fixture);
    let items = with_file(&NetHack, &text, "t.des", |f| NetHack.completions(f, offset));
    let shown: Vec<String> = items
        .iter()
        .take(12)
        .map(|c| format!("{} ({})", c.label, c.detail.as_deref().unwrap_or("")))
        .collect();
    expect.assert_eq(&format!("{} items\n{}\n", items.len(), shown.join("\n")));
}

#[test]
fn completion_offers_variables_ranked_by_the_slot_type() {
    // The coordinate slot of MONSTER: `$pt` and `$place` (an array of
    // coordinates) fit first.
    check_completion(
        &LEVEL.replacen("$place[0]\n", "$$0\n", 1),
        expect![[r#"
        5 items
        $place (array of coordinates — fits the coordinate slot)
        $pt (coordinate — fits the coordinate slot)
        $mon (array of monsters)
        $sel (selection)
        $i (integer)
    "#]],
    );
    // A new statement: keywords valid in 3.6 only.
    check_completion(
        &LEVEL.replacen("SHUFFLE: $place", "SH$0", 1),
        expect![[r#"
        52 items
        ALTAR (ALTAR: coord, alignment | align[i] | random, altar | shrine | sanctum | random)
        BRANCH (BRANCH: region, region)
        BREAK (BREAK)
        CASE (CASE n:)
        CONTAINER (CONTAINER: object {, info} { contents })
        CORRIDOR (CORRIDOR: (room, wall, door_pos), (room, wall, door_pos))
        DEFAULT (DEFAULT:)
        DOOR (DOOR: state, selection)
        DRAWBRIDGE (DRAWBRIDGE: coord, direction, open | closed)
        ELSE (ELSE { … })
        ENDMAP (ENDMAP)
        ENGRAVING (ENGRAVING: coord, type, str)
    "#]],
    );
}

#[test]
fn names_complete_inside_3_6_strings() {
    // `('d', "ja`: every 3.6 dog (the editor filters by what is typed).
    check_completion(
        &LEVEL.replacen("MONSTER: $mon[0], $place[0]", "MONSTER: ('d', \"ja$0", 1),
        expect![[r#"
            15 items
            jackal ('d' dogs and other canines)
            fox ('d' dogs and other canines)
            coyote ('d' dogs and other canines)
            werejackal ('d' dogs and other canines)
            little dog ('d' dogs and other canines)
            dingo ('d' dogs and other canines)
            dog ('d' dogs and other canines)
            large dog ('d' dogs and other canines)
            wolf ('d' dogs and other canines)
            werewolf ('d' dogs and other canines)
            winter wolf cub ('d' dogs and other canines)
            warg ('d' dogs and other canines)
        "#]],
    );
    // An object's name in a CONTAINER, any class when none is written.
    let (text, offset) =
        cursor(&LEVEL.replacen("MONSTER: $mon[0], $place[0]", "CONTAINER: \"large b$0", 1));
    let items = with_file(&NetHack, &text, "t.des", |f| NetHack.completions(f, offset));
    let found = items
        .iter()
        .find(|c| c.label == "large box")
        .expect("large box");
    assert_eq!(&text[found.replace.clone()], "large b");
    // Not in a MESSAGE.
    check_completion(
        &LEVEL.replacen("MONSTER: $mon[0], $place[0]", "MESSAGE: \"ja$0", 1),
        expect![[r#"
        0 items

    "#]],
    );
}

#[test]
fn keyword_completion_is_3_6s() {
    let (text, offset) = cursor(&LEVEL.replacen("SHUFFLE: $place", "$0", 1));
    let labels: Vec<String> =
        with_file(&NetHack, &text, "t.des", |f| NetHack.completions(f, offset))
            .into_iter()
            .map(|c| c.label)
            .collect();
    for k in ["ROOMDOOR", "TERRAIN", "IF", "SWITCH", "MONSTER", "MAP"] {
        assert!(labels.iter().any(|l| l == k), "{k} missing: {labels:?}");
    }
    for k in ["RANDOM_PLACES", "RANDOM_MONSTERS", "CHANCE"] {
        assert!(!labels.iter().any(|l| l == k), "{k} offered");
    }
    // Arguments get selection words.
    let (text, offset) = cursor(&LEVEL.replacen("filter(50%, $sel)", "flo$0", 1));
    let labels: Vec<String> =
        with_file(&NetHack, &text, "t.des", |f| NetHack.completions(f, offset))
            .into_iter()
            .map(|c| c.label)
            .collect();
    assert!(labels.iter().any(|l| l == "floodfill"), "{labels:?}");
}

fn check_definition(fixture: &str, expect: Expect) {
    let (text, offset) = cursor(fixture);
    let found = with_file(&NetHack, &text, "t.des", |f| NetHack.definition(f, offset));
    expect.assert_eq(&render_ranges(&text, &found));
}

fn check_references(fixture: &str, expect: Expect) {
    let (text, offset) = cursor(fixture);
    let found = with_file(&NetHack, &text, "t.des", |f| {
        NetHack.references(f, offset, true)
    });
    expect.assert_eq(&render_ranges(&text, &found));
}

#[test]
fn variables_go_to_their_first_assignment_and_find_their_uses() {
    check_definition(
        &at("OBJECT", "$place"),
        expect![[r#"
        11:1-11:7 $place
    "#]],
    );
    check_references(
        &at("OBJECT", "$place"),
        expect![[r#"
        11:1-11:7 $place
        12:10-12:16 $place
        17:21-17:27 $place
        19:27-19:33 $place
    "#]],
    );
    check_definition(
        &at("GOLD", "$i"),
        expect![[r#"
        34:5-34:7 $i
    "#]],
    );
    // Not a variable: nothing.
    check_definition(&at("GOLD", "GOLD"), expect![[r#""#]]);
}

#[test]
fn coordinates_go_to_their_map_cell_as_in_3_4_3() {
    let fixture = "MAZE:\"x\",' '\nGEOMETRY:center,center\nMAP\n---\n|.|\n---\nENDMAP\n\
                   $p = (1,1)\nTERRAIN:(1,$01), 'T'\nFOUNTAIN:(1,1)\nIF [50%] { SINK:(1,1) }\n";
    check_definition(
        fixture,
        expect![[r#"
        5:2-5:3 .
    "#]],
    );
    check_references(
        fixture,
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
    let (text, offset) = cursor(&at("SHUFFLE", "$place"));
    with_file(&NetHack, &text, "t.des", |f| {
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

fn render_symbols(symbols: &[Symbol], depth: usize, out: &mut String) {
    for s in symbols {
        out.push_str(&format!(
            "{}{} [{}]\n",
            "  ".repeat(depth),
            s.name,
            s.detail.as_deref().unwrap_or("")
        ));
        render_symbols(&s.children, depth + 1, out);
    }
}

#[test]
fn outline_has_blocks_rooms_and_variables() {
    let mut out = String::new();
    with_file(&NetHack, LEVEL, "t.des", |f| {
        render_symbols(&NetHack.symbols(f), 0, &mut out)
    });
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
    "#]]
    .assert_eq(&out);
    let rooms = "LEVEL: \"r\"\nROOM: \"ordinary\", lit, (3,3), (center,center), (11,9) {\n  \
                 SUBROOM: \"shop\", lit, (2,2), (3,3) {\n    MONSTER: 'd', random\n  }\n  \
                 STAIR: random, up\n}\nROOM: \"zoo\"[40%], random, random, random, random {\n}\n\
                 RANDOM_CORRIDORS\n";
    let mut out = String::new();
    with_file(&NetHack, rooms, "t.des", |f| {
        render_symbols(&NetHack.symbols(f), 0, &mut out)
    });
    expect![[r#"
        r [room-and-corridor level]
          ordinary [room]
            shop [subroom]
              MONSTER ['d']
            STAIR up [random]
          zoo 40% [room]
    "#]]
    .assert_eq(&out);
}

#[test]
fn every_block_folds() {
    let folds = with_file(&NetHack, LEVEL, "t.des", |f| NetHack.folds(f));
    let shown: String = folds
        .iter()
        .map(|f| format!("{} {:?}\n", show_range(LEVEL, &f.range), f.kind))
        .collect();
    expect![[r#"
        2:1-36:2 Region
        5:1-10:7 Region
        16:10-18:2 Region
        18:8-22:2 Region
        19:37-21:4 Region
        23:10-25:2 Region
        27:19-33:2 Region
        34:17-36:2 Region
    "#]]
    .assert_eq(&shown);
}

/// Hover, completion and definition at every offset of every 3.6 corpus
/// file never panic (a sample of offsets in the larger files).
#[test]
fn never_panics_on_the_3_6_corpus() {
    let mut files = 0;
    for path in crate::formats::test_support::corpus_files("nethack/3.6", "des") {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        files += 1;
        with_file(&NetHack, &text, "t.des", |f| {
            let step = (text.len() / 60).max(1);
            for offset in (0..=text.len()).step_by(step) {
                let _ = NetHack.hover(f, offset);
                let _ = NetHack.completions(f, offset);
                let _ = NetHack.definition(f, offset);
                let _ = NetHack.references(f, offset, true);
                let _ = NetHack.prepare_rename(f, offset);
            }
            assert!(!NetHack.symbols(f).is_empty(), "{:?}", path);
            let _ = NetHack.folds(f);
        });
    }
    assert_eq!(files, 24);
}
