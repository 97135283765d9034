//! `levls render`: the real binary drawing Frupal maps, NetHack MAP blocks and
//! dungeon-mystery floors as SVG and HTML.

use crate::{dungeon_mystery_package, repo_root, shared, LEVLS};
use std::path::Path;
use std::process::Command;

/// `levls render ARGS…`: exit code, stdout, stderr.
fn render(args: &[&str]) -> (i32, String, String) {
    render_with(&[], args)
}

/// [`render`] with environment variables.
fn render_with(env: &[(&str, &Path)], args: &[&str]) -> (i32, String, String) {
    let out = Command::new(LEVLS)
        .envs(env.iter().copied())
        .arg("render")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().expect("levls exits normally"),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Every tag closes in order (`<x/>`, comments, `<!DOCTYPE>` and HTML's `<meta>` aside).
fn assert_balanced(markup: &str) {
    let mut stack: Vec<&str> = Vec::new();
    let mut rest = markup;
    while let Some(open) = rest.find('<') {
        let close = rest[open..].find('>').expect("a tag ends") + open;
        let tag = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if tag.starts_with('!') || tag.ends_with('/') {
            continue;
        }
        let name = tag
            .trim_start_matches('/')
            .split(|c: char| c.is_whitespace())
            .next()
            .unwrap();
        if name == "meta" {
            continue;
        }
        if tag.starts_with('/') {
            assert_eq!(stack.pop(), Some(name), "unbalanced </{name}>");
        } else {
            stack.push(name);
        }
    }
    assert!(stack.is_empty(), "unclosed: {stack:?}");
}

/// The `<g class="cell" …>…</g>` elements of an SVG.
fn cells(svg: &str) -> Vec<&str> {
    svg.split(r#"<g class="cell" "#)
        .skip(1)
        .map(|c| &c[..c.find("</g>").unwrap()])
        .collect()
}

fn cell_at(svg: &str, x: usize, y: usize) -> &str {
    let key = format!(r#"data-x="{x}" data-y="{y}""#);
    cells(svg)
        .into_iter()
        .find(|c| c.starts_with(&key))
        .unwrap_or_else(|| panic!("no cell ({x},{y})"))
}

#[test]
fn frupal_island_as_svg_has_every_cell_and_the_diamonds_white_on_cyan() {
    let island = repo_root().join("examples/frupal/island.fmap");
    let (code, svg, stderr) = render(&["--as", "svg", path(&island)]);
    assert_eq!(code, 0, "{stderr}");
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_balanced(&svg);
    assert_eq!(cells(&svg).len(), 24 * 12);
    let diamonds = cell_at(&svg, 16, 5);
    assert!(diamonds.contains(r##"fill="#00bcd4""##), "{diamonds}");
    assert!(
        diamonds.contains(r##"<text x="198" y="103" fill="#ffffff">$</text>"##),
        "{diamonds}"
    );
    assert!(cell_at(&svg, 1, 1).contains(">@</text>"));
    assert!(cell_at(&svg, 7, 3).contains(">S</text>"));
    assert!(svg.contains("the royal diamonds"), "the legend");
    assert!(
        !svg.contains("class=\"marker "),
        "island.fmap has no problem"
    );
}

#[test]
fn frupal_diagnostics_with_a_position_become_markers() {
    let broken = shared().join("corpus/frupal/jnichols-pdx-frupal/maps/broken.fmap");
    let (code, svg, stderr) = render(&["--as", "svg", path(&broken)]);
    assert_eq!(code, 0, "{stderr}");
    assert_balanced(&svg);
    // treasure at 7 1 stands on a wall: its cell is outlined in red.
    assert!(
        svg.contains(
            r##"<rect class="marker error" x="85" y="19" width="10" height="16" stroke="#ff1744""##
        ),
        "{svg}"
    );
    assert!(svg.contains("frupal::item-on-wall"));
}

#[test]
fn nethack_watchtower_as_html_places_monsters_and_candidates_on_the_map() {
    let watchtower = repo_root().join("examples/nethack/watchtower.des");
    let (code, html, stderr) = render(&[path(&watchtower)]);
    assert_eq!(code, 0, "{stderr}");
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert_balanced(&html);
    // Level 1 has a MAP; level 2 is rooms and corridors, with no map to draw.
    assert_eq!(html.matches("<svg ").count(), 1);
    assert!(html.contains("<h2>MAZE &quot;wtower1&quot;</h2>"));
    let svg = &html[html.find("<svg ").unwrap()..html.find("</svg>").unwrap() + 6];
    assert_eq!(cells(svg).len(), 27 * 11);
    // MONSTER: ';', "giant eel", (0,5): relative to the map.
    let eel = cell_at(svg, 0, 5);
    assert!(
        eel.contains(">;</text>") && eel.contains("giant eel"),
        "{eel}"
    );
    assert!(cell_at(svg, 11, 8).contains(">)</text>"), "the long sword");
    assert!(cell_at(svg, 2, 7).contains(">&lt;</text>"), "stairs up");
    assert!(cell_at(svg, 24, 2).contains(">&gt;</text>"), "stairs down");
    // RANDOM_PLACES: (3,2), (12,2), (20,3), used by place[0..2].
    assert_eq!(svg.matches("class=\"marker candidate\"").count(), 3);
    assert!(svg.contains("place[1]: MONSTER[40%]: &#39;d&#39;, &quot;jackal&quot;, place[1]"));
}

#[test]
fn nethack_corpus_file_gets_one_picture_per_map() {
    let castle = shared().join("corpus/nethack/3.4.3/castle.des");
    let out = std::env::temp_dir().join(format!("levls-render-{}.html", std::process::id()));
    let (code, stdout, stderr) = render(&[path(&castle), "-o", path(&out)]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.is_empty());
    let html = std::fs::read_to_string(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    assert_balanced(&html);
    assert!(html.matches("<svg ").count() >= 1);
    assert!(html.contains("class=\"cell\""));
}

#[test]
fn nethack_36_maps_draw_monsters_over_objects() {
    let arch = shared().join("corpus/nethack/3.6/Arch.des");
    let (code, html, stderr) = render(&[path(&arch)]);
    assert_eq!(code, 0, "{stderr}");
    assert_balanced(&html);
    // Three MAZE levels with a MAP each; the two filler LEVELs are rooms.
    assert_eq!(html.matches("<svg ").count(), 3, "{html}");
    let first = &html[html.find("<svg ").unwrap()..html.find("</svg>").unwrap()];
    // MONSTER:('@',"Lord Carnarvon"),(25,10) stands on a chest.
    let lord = cell_at(first, 25, 10);
    assert!(
        lord.contains(">@</text>") && lord.contains("Lord Carnarvon"),
        "{lord}"
    );
}

#[test]
fn formats_without_pictures_and_missing_files_exit_2() {
    let dir = std::env::temp_dir().join(format!("levls-render-derf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let room = dir.join("room.derf");
    std::fs::write(&room, "ROOM 1 A small room\n").unwrap();
    let (code, stdout, stderr) = render(&[path(&room)]);
    let rooms = dir.join("rooms.des");
    std::fs::write(
        &rooms,
        "LEVEL: \"r\"\nROOM: \"ordinary\", lit, (1,1), (center,center), (3,3)\nRANDOM_CORRIDORS\n",
    )
    .unwrap();
    let (rooms_code, _, rooms_stderr) = render(&["--as", "svg", path(&rooms)]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(rooms_code, 2);
    assert!(
        rooms_stderr.contains("no MAP block to draw"),
        "{rooms_stderr}"
    );
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(stderr.contains("no map picture yet"), "{stderr}");
    let (code, _, stderr) = render(&["/nonexistent/levls/map.fmap"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("map.fmap"), "{stderr}");
    let (code, _, _) = render(&["--as", "png", "x.fmap"]);
    assert_eq!(code, 2);
}

#[test]
fn dungeon_mystery_floor_is_generated_by_the_real_package() {
    let package = dungeon_mystery_package();
    let beach = shared().join("corpus/dungeon-mystery/docs-examples/beach-cave-b1f.json");
    let env = [("LEVLS_DUNGEON_MYSTERY", package.as_path())];
    let (code, svg, stderr) = render_with(&env, &["--as", "svg", path(&beach)]);
    assert_eq!(code, 0, "{stderr}");
    assert_balanced(&svg);
    assert_eq!(cells(&svg).len(), 56 * 32);
    assert!(svg.contains("<title>floor (seed 0: the file has no &quot;seed&quot;)</title>"));
    let glyph = |g: &str| {
        cells(&svg)
            .iter()
            .filter(|c| c.contains(&format!(">{g}</text>")))
            .count()
    };
    assert_eq!(glyph("@"), 1, "one player spawn");
    assert!(glyph("&gt;") >= 1, "the stairs");
    assert!(cell_at(&svg, 0, 0).contains("impassable wall"));
    // The same file draws the same bytes (another process: no cache).
    let (_, again, _) = render_with(&env, &["--as", "svg", path(&beach)]);
    assert_eq!(svg, again);
}

#[test]
fn dungeon_mystery_without_the_package_says_how_to_install_it() {
    let dir = std::env::temp_dir().join(format!("levls-render-dm-{}", std::process::id()));
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let file = dir.join("b1f.dm.json");
    std::fs::write(&file, "{\"floor_props\": {}, \"dungeon_data\": {}}\n").unwrap();
    let (code, stdout, stderr) = render_with(
        &[("LEVLS_DUNGEON_MYSTERY", empty.as_path())],
        &[path(&file)],
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(
        stderr.contains("b1f.dm.json: the dungeon-mystery package"),
        "{stderr}"
    );
    assert!(
        stderr.contains("npm install -g dungeon-mystery@1.1.2"),
        "{stderr}"
    );
}
