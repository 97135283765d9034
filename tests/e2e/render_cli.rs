//! `levls render`: the real binary drawing Frupal maps, NetHack MAP blocks
//! (in `.des` files and in Python strings), WUAS floors and dungeon-mystery
//! floors as SVG, PNG and HTML.

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
            r##"<rect class="marker error" data-x="7" data-y="1" x="85" y="19" width="10" height="16" stroke="#ff1744""##
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
fn wuas_corpus_board_gets_one_picture_per_floor() {
    let board = shared().join("corpus/wuas/reconstructed/2023-uncle/uncle-turn05.dat");
    let (code, html, stderr) = render(&[path(&board)]);
    assert_eq!(code, 0, "{stderr}");
    assert_balanced(&html);
    assert_eq!(html.matches("<svg ").count(), 4);
    for floor in ["-102", "-101", "-100", "0"] {
        assert!(html.contains(&format!("<h2>floor {floor}</h2>")), "{floor}");
    }
    let first = &html[html.find("<svg ").unwrap()..html.find("</svg>").unwrap()];
    // 18×19 spaces, each a block of 4×2 cells.
    assert_eq!(cells(first).len(), 18 * 4 * 19 * 2);
    // Row 6, column 8 (counted from 1) of floor -102: neutral, with the silver coin `l`.
    let coin = cell_at(first, 7 * 4, 5 * 2 + 1);
    assert!(
        coin.contains(">l</text>") && coin.contains("token l: silvercoin"),
        "{coin}"
    );
    let source = coin.split(r#"data-source=""#).nth(1).unwrap();
    let (start, end) = source[..source.find('"').unwrap()].split_once('-').unwrap();
    let text = std::fs::read_to_string(&board).unwrap();
    assert_eq!(&text[start.parse().unwrap()..end.parse().unwrap()], "l");
    assert!(
        !html.contains("class=\"edge\""),
        "the corpus has no graph edges"
    );
    assert!(!html.contains("class=\"marker "), "the board is valid");
}

#[test]
fn wuas_graph_edges_are_lines_between_labels_of_one_floor() {
    let dir = std::env::temp_dir().join(format!("levls-render-wuas-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = dir.join("board.dat");
    std::fs::write(
        &board,
        "# two floors\n\n5\n\nfloor=0\n+-----+-----+\n| sky | sky |\n| &A  | &B  |\n+-----+-----+\n\nfloor=1\n+-----+-----+\n| sky | sky |\n| &C  |     |\n+-----+-----+\n\n\n\n\nA--B\nB--C\n",
    )
    .unwrap();
    let (code, svg, stderr) = render(&["--as", "svg", path(&board)]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 0, "{stderr}");
    assert_balanced(&svg);
    assert_eq!(cells(&svg).len(), 2 * 4 * 2);
    // A--B joins the label badges, bottom right of each block; B--C goes to
    // floor 1, so it is no line but a marker (the validator rejects it).
    assert_eq!(svg.matches("class=\"edge\"").count(), 1, "{svg}");
    assert!(
        svg.contains(r#"<line class="edge" x1="42" y1="27" x2="90" y2="27""#),
        "{svg}"
    );
    assert!(svg.contains("wuas::edge-across-floors"));
    assert!(cell_at(&svg, 7, 1).contains("edge B--C: to floor 1, row 1, column 1, another floor"));
}

#[test]
fn a_wuas_file_whose_reading_stops_before_its_board_exits_2() {
    let dir = std::env::temp_dir().join(format!("levls-render-wuas-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = dir.join("board.dat");
    // A blank line after version 1: the tool reads the board out of step and
    // stops there, before the floors.
    std::fs::write(&board, "# x\n\n1\n\n+-----+\n| sky |\n|     |\n+-----+\n").unwrap();
    let (code, stdout, stderr) = render(&[path(&board)]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(stderr.contains("no board row to draw"), "{stderr}");
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
    assert!(stderr.contains("no map picture (levls draws"), "{stderr}");
    let (code, _, stderr) = render(&["/nonexistent/levls/map.fmap"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("map.fmap"), "{stderr}");
    let (code, _, _) = render(&["--as", "png", "x.fmap"]);
    assert_eq!(code, 2);
}

#[test]
fn the_output_name_chooses_png_and_the_cells_have_their_colours() {
    let island = repo_root().join("examples/frupal/island.fmap");
    let dir = std::env::temp_dir().join(format!("levls-render-png-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("island.png");
    let (code, stdout, stderr) = render(&[path(&island), "-o", path(&out)]);
    let bytes = std::fs::read(&out).unwrap();
    let (_, svg, _) = render(&["--as", "svg", path(&island)]);
    let (bad_code, _, bad_stderr) = render(&[path(&island), "-o", path(&dir.join("island.gif"))]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.is_empty());
    let image = resvg::tiny_skia::Pixmap::decode_png(&bytes).expect("a PNG");
    assert!(svg.contains(&format!(
        r#"width="{}" height="{}""#,
        image.width(),
        image.height()
    )));
    let rgb = |cx: u32, cy: u32| {
        // The top-left corner of a 12×18 cell is its background.
        let p = image.pixel(cx * 12 + 1, cy * 18 + 1).unwrap();
        (p.red(), p.green(), p.blue())
    };
    assert_eq!(rgb(16, 5), (0x00, 0xbc, 0xd4), "the diamonds' cyan");
    assert_eq!(rgb(0, 0), (0xe0, 0xe0, 0xe0), "the wall's grey");
    assert_eq!(bad_code, 2);
    assert!(bad_stderr.contains("--as html|svg|png"), "{bad_stderr}");
}

#[test]
fn level_chooses_one_nethack_level_and_names_the_others_when_it_matches_none() {
    let arch = shared().join("corpus/nethack/3.6/Arch.des");
    let (code, all, stderr) = render(&["--as", "svg", path(&arch)]);
    assert_eq!(code, 0);
    assert!(
        stderr.contains("3 maps; drew the first") && stderr.contains("--level"),
        "{stderr}"
    );
    let (code, html, stderr) = render(&["--level", "Arc-loca", path(&arch)]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(html.matches("<svg ").count(), 1);
    assert!(
        html.contains("<h2>MAZE &quot;Arc-loca&quot;</h2>"),
        "{html}"
    );
    let (code, one, stderr) = render(&["--as", "svg", "--level", "Arc-loca", path(&arch)]);
    assert_eq!(code, 0);
    assert!(stderr.is_empty(), "{stderr}");
    assert_ne!(one, all);
    let (code, _, stderr) = render(&["--level", "Arc-nope", path(&arch)]);
    assert_eq!(code, 2);
    assert!(
        stderr
            .contains("no level named \"Arc-nope\" (its levels are Arc-strt, Arc-loca, Arc-goal)"),
        "{stderr}"
    );
    let (code, _, stderr) = render(&["--floor", "2", path(&arch)]);
    assert_eq!(code, 2);
    assert!(stderr.contains("this file has no floors"), "{stderr}");
}

#[test]
fn floor_chooses_one_wuas_floor_and_names_the_others_when_it_matches_none() {
    let board = shared().join("corpus/wuas/reconstructed/2023-uncle/uncle-turn05.dat");
    let (code, html, stderr) = render(&["--floor", "-101", path(&board)]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(html.matches("<svg ").count(), 1);
    assert!(html.contains("<h2>floor -101</h2>"), "{html}");
    let (code, _, stderr) = render(&["--floor", "7", path(&board)]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("no floor 7 (its floors are -102, -101, -100, 0)"),
        "{stderr}"
    );
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

/// A real 128×128 kingdom: every terrain cell in its terrain's colour (the
/// diamonds' cell aside), and items at their coordinates in their glyphs.
#[test]
fn frupal_corpus_castle_cells_have_their_terrain_colour_and_items_their_place() {
    let castle = shared().join("corpus/frupal/jnichols-pdx-frupal/maps/castle.fmap");
    let text = std::fs::read_to_string(&castle).unwrap();
    let (code, svg, stderr) = render(&["--as", "svg", path(&castle)]);
    assert_eq!(code, 0, "{stderr}");
    let cells = cells(&svg);
    assert_eq!(cells.len(), 128 * 128);
    let rows: Vec<&str> = text.lines().skip(2).take(128).collect();
    let mut checked = 0;
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            if (x, y) == (18, 5) {
                continue;
            }
            let bg = match c {
                '.' => "#4caf50",
                '=' => "#e0e0e0",
                '"' => "#9c27b0",
                '~' => "#2196f3",
                other => panic!("terrain {other:?} at ({x},{y})"),
            };
            let cell = cells[y * 128 + x];
            assert!(
                cell.contains(&format!(r#"fill="{bg}"/>"#)),
                "({x},{y}) '{c}': {cell}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 128 * 128 - 1);
    let diamonds = cell_at(&svg, 18, 5);
    assert!(
        diamonds.contains(r##"fill="#00bcd4"/>"##)
            && diamonds.contains(r##"fill="#ffffff">$</text>"##),
        "{diamonds}"
    );
    assert!(cell_at(&svg, 119, 4).contains(">S</text>"), "ship: 119 4");
    assert!(cell_at(&svg, 114, 5).contains(">?</text>"), "clue: 114 5");
    assert!(
        cell_at(&svg, 62, 11).contains(">!</text>"),
        "obstacle: 62 11"
    );
}

#[test]
fn a_python_file_s_levels_are_drawn_and_one_without_any_says_so() {
    let dir = std::env::temp_dir().join(format!("levls-render-python-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let env = dir.join("env.py");
    std::fs::write(
        &env,
        "import minihack\nDES = '''\nMAZE: \"mylevel\", ' '\nMAP\n---\n|.|\n---\nENDMAP\nMONSTER: ('D', \"red dragon\"), (1,1)\n'''\n",
    )
    .unwrap();
    let plain = dir.join("plain.py");
    std::fs::write(&plain, "print('no level here')\n").unwrap();
    let (code, svg, stderr) = render(&["--as", "svg", path(&env)]);
    let (plain_code, _, plain_stderr) = render(&["--as", "svg", path(&plain)]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 0, "{stderr}");
    assert!(cell_at(&svg, 1, 1).contains(">D</text>"), "{svg}");
    assert!(cell_at(&svg, 0, 1).contains(">|</text>"), "{svg}");
    assert_eq!(plain_code, 2);
    assert!(
        plain_stderr.contains("no level written in this file"),
        "{plain_stderr}"
    );
}
