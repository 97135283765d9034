//! The floor picture: a fixed floor drawn with the legend, and real floors from the
//! dungeon-mystery package run by node (`scripts/install-dungeon-mystery` installs it where
//! these tests look).

use crate::formats::dungeon_mystery::generator::Floor;
use crate::formats::dungeon_mystery::picture;
use crate::formats::dungeon_mystery::settings::{NODE, PACKAGE};
use crate::formats::dungeon_mystery::tests::{draw, empty_dir, with_package, SMALL};
use crate::formats::settings::Value;
use crate::formats::Settings;
use expect_test::expect;
use std::path::{Path, PathBuf};

/// An 8×6 floor the way `generate.cjs` answers: every kind of tile once.
const FLOOR: &str = r#"{
  "width": 8, "height": 6,
  "rows": [
    [{"terrain":"wall","room":255,"impassable":true},{"terrain":"wall","room":255,"impassable":true},{"terrain":"wall","room":255,"impassable":true},{"terrain":"wall","room":255,"impassable":true},{"terrain":"wall","room":255,"impassable":true},{"terrain":"wall","room":255,"impassable":true},{"terrain":"wall","room":255,"impassable":true},{"terrain":"wall","room":255,"impassable":true}],
    [{"terrain":"wall","room":255,"impassable":true},{"terrain":"open","room":0},{"terrain":"open","room":0,"item":true},{"terrain":"open","room":0,"stairs":true},{"terrain":"open","room":255},{"terrain":"open","room":1,"house":true,"monster":true},{"terrain":"open","room":1,"house":true,"trap":true},{"terrain":"wall","room":255,"impassable":true}],
    [{"terrain":"wall","room":255,"impassable":true},{"terrain":"open","room":0},{"terrain":"open","room":0,"monster":true},{"terrain":"open","room":0},{"terrain":"open","room":254},{"terrain":"open","room":1,"house":true},{"terrain":"open","room":1,"house":true,"item":true},{"terrain":"wall","room":255,"impassable":true}],
    [{"terrain":"wall","room":255,"impassable":true},{"terrain":"wall","room":255},{"terrain":"wall","room":255,"item":true},{"terrain":"secondary","room":255},{"terrain":"secondary","room":255},{"terrain":"wall","room":255},{"terrain":"chasm","room":255},{"terrain":"wall","room":255,"impassable":true}],
    [{"terrain":"wall","room":255,"impassable":true},{"terrain":"open","room":2,"shop":true},{"terrain":"open","room":2,"shop":true,"item":true},{"terrain":"open","room":2,"shop":true},{"terrain":"open","room":3},{"terrain":"open","room":3,"stairs":true},{"terrain":"open","room":3,"trap":true},{"terrain":"wall","room":255,"impassable":true}],
    [{"terrain":"wall","room":255,"impassable":true},{"terrain":"wall","room":255,"impassable":true},{"terrain":"wall","room":255,"impassable":true},{"terrain":"wall","room":255,"impassable":true},{"terrain":"wall","room":255,"impassable":true},{"terrain":"wall","room":255,"impassable":true},{"terrain":"wall","room":255,"impassable":true},{"terrain":"wall","room":255,"impassable":true}]
  ],
  "player": [1, 1], "stairs": [3, 1], "hidden_stairs": [5, 4], "hidden_stairs_type": 1,
  "fallback": false, "package": "/somewhere/dungeon-mystery"
}"#;

#[test]
fn a_floor_is_drawn_with_its_legend() {
    let floor: Floor = serde_json::from_str(FLOOR).unwrap();
    let p = picture::draw(&floor, Some(7));
    expect![[r#"
        floor (seed 7) 8x6
        ########
        #@*>,m^#
        #.m.,.*#
        ##*~~# #
        #.*..>^#
        ########
        # #424242 on #212121: impassable wall (the map's border)
        @ #000000 on #efebe9: player spawn
        * #e65100 on #efebe9: item
        > #ffffff on #6a1b9a: stairs
        , #8d6e63 on #bcaaa4: hallway
        m #b71c1c on #ef9a9a: monster spawn
        ^ #6a1b9a on #ef9a9a: trap
        . #8d6e63 on #efebe9: room floor
        . #8d6e63 on #ef9a9a: monster house floor
        # #795548 on #4e342e: wall
        * #ffb74d on #4e342e: buried item (in a wall)
        ~ #0d47a1 on #64b5f6: secondary terrain (water or lava, by the dungeon's tileset)
          #ffffff on #000000: chasm
        . #8d6e63 on #fff59d: Kecleon shop floor
        > #ffd600 on #6a1b9a: hidden stairs (Secret Bazaar)
    "#]]
    .assert_eq(&p.snapshot());
    let tooltip = |x: usize, y: usize| {
        p.cell(x, y)
            .unwrap()
            .tooltip
            .as_deref()
            .unwrap()
            .to_string()
    };
    assert_eq!(tooltip(5, 1), "(5,1) room 1, in a monster house, monster");
    assert_eq!(tooltip(5, 4), "(5,4) room 3, hidden stairs");
    assert_eq!(tooltip(2, 3), "(2,3) wall, item");
    let unseeded = picture::draw(&floor, None);
    assert_eq!(unseeded.title, "floor (seed 0: the file has no \"seed\")");
}

#[test]
fn a_corpus_file_generates_a_walled_floor_with_one_player_and_stairs() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/corpus/dungeon-mystery/docs-examples/beach-cave-b1f.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let p = draw(&text, &path, &with_package()).unwrap();
    assert_eq!((p.width, p.height, p.cells.len()), (56, 32, 56 * 32));
    assert_eq!(p.title, "floor (seed 0: the file has no \"seed\")");
    for c in &p.cells {
        if c.x == 0 || c.y == 0 || c.x == 55 || c.y == 31 {
            assert!(matches!(c.glyph, '#' | '*'), "border ({},{})", c.x, c.y);
        }
    }
    let count = |glyph| p.cells.iter().filter(|c| c.glyph == glyph).count();
    assert_eq!(count('@'), 1, "{}", p.sketch());
    assert!(count('>') >= 1, "{}", p.sketch());
    assert!(count('.') > 20, "{}", p.sketch());
}

#[test]
fn a_floor_where_every_attempt_fails_says_so_in_its_title() {
    // No connectivity on SMALL: every attempt fails (dungeon-mystery::connectivity-fallback).
    let text = SMALL.replace("\"floor_connectivity\": 15", "\"floor_connectivity\": 0");
    let p = draw(&text, Path::new("b1f.dungeoneer.json"), &with_package()).unwrap();
    assert!(
        p.title.ends_with("made a one-room monster house"),
        "{}",
        p.title
    );
    let p = draw(SMALL, Path::new("b1f.dungeoneer.json"), &with_package()).unwrap();
    assert!(!p.title.contains("monster house"), "{}", p.title);
}

#[test]
fn a_missing_package_says_how_to_install_it() {
    let dir = empty_dir("no-package");
    let settings = Settings::NONE.with(&PACKAGE, Value::Path(dir.clone()));
    let why = draw(SMALL, &dir.join("b1f.dungeoneer.json"), &settings).unwrap_err();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(why.contains("dungeon-mystery package"), "{why}");
    assert!(why.contains("was not found"), "{why}");
    assert!(
        why.contains("npm install -g dungeon-mystery@1.1.2"),
        "{why}"
    );
    assert!(
        why.contains(&format!(
            "(cd '{}' && npm install dungeon-mystery@1.1.2)",
            dir.display()
        )),
        "{why}"
    );
}

#[test]
fn a_missing_node_and_errors_in_the_file_say_why_there_is_no_floor() {
    let node = Value::Path(PathBuf::from("/nonexistent/levls/node"));
    let settings = with_package().with(&NODE, node);
    let why = draw(SMALL, Path::new("b1f.dungeoneer.json"), &settings).unwrap_err();
    assert!(
        why.contains("`/nonexistent/levls/node` was not found"),
        "{why}"
    );
    assert!(why.contains("LEVLS_NODE"), "{why}");
    let broken = SMALL.replace("\"layout\": 1", "\"layout\": \"1\"");
    let why = draw(&broken, Path::new("b1f.dungeoneer.json"), &with_package()).unwrap_err();
    assert!(why.contains("dungeon-mystery::wrong-type"), "{why}");
    assert!(why.contains("levls check"), "{why}");
}
