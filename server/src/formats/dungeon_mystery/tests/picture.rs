//! The floor picture: a fixed floor drawn with the legend, and real floors
//! from the dungeon-mystery package run by node (`scripts/install-dungeon-mystery`
//! installs it where these tests look).

use super::super::generator::{self, Floor, Request};
use super::super::picture;
use super::super::settings::{NODE, PACKAGE};
use super::SMALL;
use crate::formats::test_support::with_settings;
use crate::formats::Settings;
use crate::settings::Value;
use expect_test::expect;
use std::path::{Path, PathBuf};

fn with_package() -> Settings {
    Settings::NONE.with(
        &PACKAGE,
        Value::Path(super::tools::dungeon_mystery_package()),
    )
}

/// A fresh empty folder under the temporary directory.
fn empty_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("levls-dm-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The sketch of the file's picture, or the reason there is none.
fn draw(
    text: &str,
    path: &Path,
    settings: &Settings,
) -> Result<crate::formats::picture::Picture, String> {
    with_settings(
        &super::DungeonMystery,
        text,
        path.to_str().unwrap(),
        settings,
        |file| picture::pictures(file, &super::super::analysis::diagnostics(file)),
    )
    .map(|mut p| {
        assert_eq!(p.len(), 1);
        p.remove(0)
    })
}

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
    let tooltip = |x: usize, y: usize| p.cell(x, y).unwrap().tooltip.clone().unwrap();
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
fn the_same_seed_gives_the_same_floor_and_another_seed_another() {
    let settings = with_package();
    let request = |seed| Request::new(SMALL.to_string(), seed, &settings, None);
    let first = generator::generate_uncached(&request(42)).unwrap();
    let again = generator::generate_uncached(&request(42)).unwrap();
    assert_eq!(first, again);
    let svg = |floor: &Floor| crate::render::svg::svg(&picture::draw(floor, Some(42)));
    assert_eq!(svg(&first), svg(&again));
    let other = generator::generate_uncached(&request(4242)).unwrap();
    assert_ne!(first.rows, other.rows);
    // The file's "seed" is the one used.
    let seeded = SMALL.replacen('{', "{\n  \"seed\": 42,", 1);
    let p = draw(&seeded, Path::new("b1f.dungeoneer.json"), &settings).unwrap();
    assert_eq!(p.title, "floor (seed 42)");
    assert_eq!(p, picture::draw(&first, Some(42)));
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
fn a_floor_is_generated_once_per_request() {
    let settings = with_package();
    let request = Request::new(
        SMALL.replace("\"layout\": 1", "\"layout\": 11"),
        9,
        &settings,
        None,
    );
    let first = generator::generate(&request).unwrap();
    let second = generator::generate(&request).unwrap();
    assert!(std::sync::Arc::ptr_eq(&first, &second));
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

#[cfg(unix)]
#[test]
fn a_generator_that_hangs_is_stopped_at_the_timeout() {
    use std::os::unix::fs::PermissionsExt;
    let dir = empty_dir("hang");
    // A "node" that never answers.
    let node = dir.join("node");
    std::fs::write(&node, "#!/bin/sh\nexec sleep 30\n").unwrap();
    std::fs::set_permissions(&node, std::fs::Permissions::from_mode(0o755)).unwrap();
    let settings = Settings::NONE.with(&NODE, Value::Path(node));
    let mut request = Request::new(SMALL.to_string(), 1, &settings, None);
    request.timeout = std::time::Duration::from_millis(300);
    let started = std::time::Instant::now();
    let why = generator::generate(&request).unwrap_err();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    assert!(why.contains("took more than 300ms"), "{why}");
    assert!(why.contains("was stopped"), "{why}");
}

#[cfg(unix)]
#[test]
fn a_generator_that_lingers_after_its_answer_is_stopped_too() {
    use std::os::unix::fs::PermissionsExt;
    let dir = empty_dir("linger");
    // A "node" that closes its output at once, with no floor, but stays.
    let node = dir.join("node");
    std::fs::write(&node, "#!/bin/sh\nexec >&- 2>&-\nexec sleep 30\n").unwrap();
    std::fs::set_permissions(&node, std::fs::Permissions::from_mode(0o755)).unwrap();
    let settings = Settings::NONE.with(&NODE, Value::Path(node));
    let mut request = Request::new(SMALL.to_string(), 2, &settings, None);
    request.timeout = std::time::Duration::from_millis(300);
    let started = std::time::Instant::now();
    let why = generator::generate(&request).unwrap_err();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    assert!(why.contains("did not run the generator"), "{why}");
}
