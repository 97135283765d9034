//! `levls/render`, the request behind the editors' map preview: the
//! pictures of the document as it is now, following its edits.

use crate::support::client::{byte_range, edit, InitOptions, TestServer};
use crate::{dungeon_mystery_package, repo_root, shared, LEVLS};
use serde_json::{json, Value};

fn render(server: &mut TestServer, uri: &str) -> Value {
    server.request_ok("levls/render", json!({"textDocument": {"uri": uri}}))
}

/// How many cells of the first picture show `glyph` on the map (not in the legend).
fn cells_with(answer: &Value, glyph: char) -> usize {
    let svg = answer["pictures"][0]["svg"].as_str().unwrap();
    let all = svg.matches(&format!("\">{glyph}</text>")).count();
    // The legend's glyphs are centred in their box.
    let legend = svg
        .matches(&format!("text-anchor=\"middle\">{glyph}</text>"))
        .count();
    all - legend
}

const ISLAND: &str = "file:///maps/island.fmap";

/// A server with the example island open and analysed: the server, its
/// URI and its text.
fn open_island() -> (TestServer, &'static str, String) {
    let text = std::fs::read_to_string(repo_root().join("examples/frupal/island.fmap")).unwrap();
    let mut server = TestServer::start(LEVLS);
    server.open(ISLAND, "frupal", &text);
    server.wait_diagnostics_version(ISLAND, 1);
    (server, ISLAND, text)
}

#[test]
fn the_preview_follows_the_map_as_it_is_edited() {
    let (mut server, uri, text) = open_island();

    let first = render(&mut server, uri);
    assert_eq!(first["version"], 1);
    let pictures = first["pictures"].as_array().unwrap();
    assert_eq!(pictures.len(), 1);
    assert_eq!(
        (
            pictures[0]["width"].as_u64(),
            pictures[0]["height"].as_u64()
        ),
        (Some(24), Some(12))
    );
    assert!(pictures[0]["svg"].as_str().unwrap().starts_with("<svg"));
    assert!(first["html"].as_str().unwrap().contains("<!DOCTYPE html>"));
    let food = cells_with(&first, 'F');
    assert_eq!(food, 2, "two food items on the island");

    // One more food item, typed at the end of the file.
    let lines = text.lines().count() as u32;
    server.change(
        uri,
        2,
        vec![edit(lines, 0, lines, 0, "food: 10 10 3 10 An apple.\n")],
    );
    server.wait_diagnostics_version(uri, 2);
    let second = render(&mut server, uri);
    assert_eq!(second["version"], 2);
    assert_eq!(cells_with(&second, 'F'), food + 1);

    // A format without pictures, and a document never opened.
    let room = "file:///rooms/hall.derf";
    server.open(room, "derf", "DERF:0.1.0\nHall\nA hall.\nLong.\n");
    server.wait_diagnostics_version(room, 1);
    assert_eq!(render(&mut server, room), Value::Null);
    assert_eq!(render(&mut server, "file:///nowhere.fmap"), Value::Null);
    assert!(server.shutdown_and_exit().success());
}

/// The cell ↔ source map and the text form, in both position encodings: a
/// click on a cell finds its text, the cursor finds its cell.
#[test]
fn cells_link_to_their_source_in_the_negotiated_encoding() {
    let text = "# Café 🐉\nMAZE: \"t\", ' '\nGEOMETRY:center,center\nMAP\n-----\n|.{.|\n-----\nENDMAP\nMONSTER: 'd', \"jackal\", (1,1) # 🐉 here\n";
    for encoding in ["utf-8", "utf-16"] {
        let mut server = TestServer::start_with(
            LEVLS,
            InitOptions {
                position_encodings: vec![encoding.into()],
                ..InitOptions::default()
            },
        );
        assert_eq!(server.position_encoding(), encoding);
        let uri = "file:///levels/t.des";
        server.open(uri, "nethack-des", text);
        server.wait_diagnostics_version(uri, 1);
        let answer = render(&mut server, uri);
        let picture = &answer["pictures"][0];
        assert_eq!(picture["rows"], json!(["-----", "|d{.|", "-----"]));
        let paint = picture["paint"].as_array().unwrap();
        assert_eq!(paint.len(), 15);
        let colours = |x: usize, y: usize| {
            let i = paint[y * 5 + x].as_u64().unwrap() as usize;
            picture["palette"][i].clone()
        };
        assert_eq!(colours(2, 1)["fg"], "#4f6cff", "the fountain is blue");
        assert_eq!(colours(0, 0), colours(4, 2), "walls share a colour");
        let link = |x: u64, y: u64| {
            let l = picture["links"]
                .as_array()
                .unwrap()
                .iter()
                .find(|l| l[0] == x && l[1] == y)
                .unwrap_or_else(|| panic!("no link for ({x},{y})"));
            let range = json!({
                "start": {"line": l[2], "character": l[3]},
                "end": {"line": l[4], "character": l[5]},
            });
            &text[byte_range(text, &range, encoding)]
        };
        assert_eq!(link(2, 1), "{");
        assert_eq!(link(4, 2), "-");
        assert_eq!(link(1, 1), "MONSTER: 'd', \"jackal\", (1,1)");
        assert!(picture["legend"][0]["meaning"].as_str().is_some());
        assert!(picture["marks"].as_array().unwrap().is_empty());
        assert!(server.shutdown_and_exit().success());
    }
}

#[test]
fn a_dungeon_mystery_floor_or_why_there_is_none() {
    let dir = std::env::temp_dir().join(format!("levls-lsp-render-dm-{}", std::process::id()));
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let mut server = TestServer::start_with(
        LEVLS,
        InitOptions {
            initialization_options: Some(
                json!({ "dungeonMystery": { "package": empty.to_str().unwrap() } }),
            ),
            ..Default::default()
        },
    );
    let beach = shared().join("corpus/dungeon-mystery/docs-examples/beach-cave-b1f.json");
    let text = std::fs::read_to_string(beach).unwrap();
    let uri = format!("file://{}/b1f.dm.json", dir.display());
    server.open(&uri, "dungeon-mystery", &text);
    server.wait_diagnostics_version(&uri, 1);

    // No package where the settings say, none beside the file: the reason, as a page too.
    let missing = render(&mut server, &uri);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(missing["version"], 1);
    assert_eq!(missing["pictures"], json!([]));
    let message = missing["message"].as_str().unwrap();
    assert!(
        message.contains("npm install -g dungeon-mystery@1.1.2"),
        "{message}"
    );
    assert!(missing["html"].as_str().unwrap().contains("levls-message"));

    let package = dungeon_mystery_package();
    server.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "levls": { "dungeonMystery": { "package": package.to_str().unwrap() } } } }),
    );
    server.wait_diagnostics(&uri);
    let floor = render(&mut server, &uri);
    assert_eq!(floor.get("message"), None);
    let pictures = floor["pictures"].as_array().unwrap();
    assert_eq!(pictures.len(), 1);
    assert_eq!(
        (
            pictures[0]["width"].as_u64(),
            pictures[0]["height"].as_u64()
        ),
        (Some(56), Some(32))
    );
    assert_eq!(cells_with(&floor, '@'), 1);

    // An error in the file: no floor, and the error named.
    server.change(&uri, 2, vec![edit(2, 14, 2, 15, "\"1\"")]);
    server.wait_diagnostics_version(&uri, 2);
    let broken = render(&mut server, &uri);
    assert_eq!(broken["version"], 2);
    let message = broken["message"].as_str().unwrap();
    assert!(message.contains("dungeon-mystery::wrong-type"), "{message}");
    assert!(server.shutdown_and_exit().success());
}

/// `include` keeps the answer to what the client shows.
#[test]
fn include_asks_for_parts_of_the_answer() {
    let (mut server, uri, _) = open_island();
    let ask = |server: &mut TestServer, include: Value| {
        server.request_ok(
            "levls/render",
            json!({"textDocument": {"uri": uri}, "include": include}),
        )
    };
    let text_only = ask(&mut server, json!(["text", "links"]));
    let picture = &text_only["pictures"][0];
    assert!(text_only.get("html").is_none(), "{text_only}");
    assert!(picture.get("svg").is_none());
    assert_eq!(picture["rows"].as_array().unwrap().len(), 12);
    assert_eq!(picture["links"].as_array().unwrap().len(), 24 * 12);
    assert_eq!(picture["width"], 24);
    let svg_only = ask(&mut server, json!(["svg"]));
    let picture = &svg_only["pictures"][0];
    assert!(picture["svg"].as_str().unwrap().starts_with("<svg"));
    assert!(picture.get("rows").is_none() && picture.get("links").is_none());
    assert!(svg_only.get("html").is_none());
    let everything = render(&mut server, uri);
    assert!(everything["html"].is_string() && everything["pictures"][0]["rows"].is_array());
    assert!(everything.to_string().len() > svg_only.to_string().len() * 2);
    assert!(server.shutdown_and_exit().success());
}

/// A file of many maps: the preview draws the first ones up to its cap and
/// says what it left out, instead of answering hundreds of megabytes.
#[test]
fn a_file_of_many_maps_is_drawn_up_to_the_cap_with_a_note() {
    let row = format!("|{}|\n", ".".repeat(74));
    let wall = format!("{}\n", "-".repeat(76));
    let map = format!("{wall}{}{wall}", row.repeat(19));
    let text: String = (0..70)
        .map(|i| format!("MAZE: \"l{i}\", ' '\nGEOMETRY: center, center\nMAP\n{map}ENDMAP\n"))
        .collect();
    let mut server = TestServer::start(LEVLS);
    let uri = "file:///levels/many.des";
    server.open(uri, "nethack-des", &text);
    server.wait_diagnostics_version(uri, 1);
    let answer = server.request_ok(
        "levls/render",
        json!({"textDocument": {"uri": uri}, "include": ["text"]}),
    );
    let pictures = answer["pictures"].as_array().unwrap();
    // 76×21 = 1,596 cells a map: 62 maps fit in 100,000 cells.
    assert_eq!(pictures.len(), 62);
    assert_eq!(pictures[61]["title"], "MAZE \"l61\"");
    let message = answer["message"].as_str().unwrap();
    assert!(
        message.starts_with("drew the first 62 of 70 maps") && message.contains("--level"),
        "{message}"
    );
    assert!(server.shutdown_and_exit().success());
}

/// `cells`, what VS Code's preview draws: the picture as data with a hash
/// per picture; a picture the client names in `known` comes back as its hash
/// alone, so after an edit to one map only that map is sent. Tooltips and
/// the cell ↔ text links are asked cell by cell, in the negotiated encoding.
#[test]
fn cells_send_each_changed_picture_once_and_cells_are_asked_one_by_one() {
    let level = |name: &str, floor: char| {
        format!("MAZE: \"{name}\", ' '\nGEOMETRY:center,center\nMAP\n-----\n|.{floor}.|\n-----\nENDMAP\n")
    };
    let text = format!(
        "# Café 🐉\n{}MONSTER: 'd', \"jackal\", (1,1) # 🐉 here\n{}",
        level("a", '{'),
        level("b", '.')
    );
    for encoding in ["utf-8", "utf-16"] {
        let mut server = TestServer::start_with(
            LEVLS,
            InitOptions {
                position_encodings: vec![encoding.into()],
                ..InitOptions::default()
            },
        );
        let uri = "file:///levels/two.des";
        server.open(uri, "nethack-des", &text);
        server.wait_diagnostics_version(uri, 1);
        let ask = |server: &mut TestServer, known: Value| {
            server.request_ok(
                "levls/render",
                json!({"textDocument": {"uri": uri}, "include": ["cells"], "known": known}),
            )
        };
        let first = ask(&mut server, json!([]));
        let pictures = first["pictures"].as_array().unwrap().clone();
        assert_eq!(pictures.len(), 2);
        assert!(pictures[0].get("svg").is_none() && pictures[0].get("links").is_none());
        let cells = &pictures[0]["cells"];
        assert_eq!(cells["rows"], json!(["-----", "|d{.|", "-----"]));
        let paint: Vec<u32> = cells["paint"]
            .as_str()
            .unwrap()
            .chars()
            .map(|c| c as u32 - 0x100)
            .collect();
        assert_eq!(paint.len(), 15);
        let fountain = &cells["palette"][paint[5 + 2] as usize];
        assert_eq!(fountain["fg"], "#4f6cff", "the fountain is blue");
        let hashes: Vec<Value> = pictures.iter().map(|p| p["hash"].clone()).collect();
        assert_ne!(hashes[0], hashes[1]);

        // Asked again knowing both: hashes only.
        let again = ask(&mut server, json!(hashes));
        assert!(again["pictures"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p.get("cells").is_none() && p["hash"].is_string()));

        // The second level's floor gets a fountain: its picture alone is sent.
        let line = text.lines().position(|l| l == "|...|").unwrap() as u32;
        server.change(uri, 2, vec![edit(line, 2, line, 3, "{")]);
        server.wait_diagnostics_version(uri, 2);
        let after = ask(&mut server, json!(hashes));
        let after = after["pictures"].as_array().unwrap();
        assert_eq!(after[0]["hash"], hashes[0]);
        assert!(
            after[0].get("cells").is_none(),
            "the first map did not change"
        );
        assert_ne!(after[1]["hash"], hashes[1]);
        assert_eq!(after[1]["cells"]["rows"][1], "|.{.|");

        // The jackal's cell: its tooltip and its statement.
        let details = server.request_ok(
            "levls/renderCell",
            json!({"textDocument": {"uri": uri}, "picture": 0, "x": 1, "y": 1}),
        );
        assert_eq!(details["version"], 2);
        assert!(
            details["tooltip"].as_str().unwrap().contains("jackal"),
            "{details}"
        );
        let now = text.replacen("|...|", "|.{.|", 1);
        let statement = &now[byte_range(&now, &details["range"], encoding)];
        assert_eq!(statement, "MONSTER: 'd', \"jackal\", (1,1)");
        // A cell off the picture, a picture that is not there.
        for (picture, x) in [(0, 5), (2, 0)] {
            let none = server.request_ok(
                "levls/renderCell",
                json!({"textDocument": {"uri": uri}, "picture": picture, "x": x, "y": 0}),
            );
            assert_eq!(none, Value::Null);
        }

        // The cursor on the second map's new fountain lights its cell; after
        // the 🐉 of the comment (where UTF-8 and UTF-16 columns differ),
        // nothing; just after the statement, the jackal's cell.
        let at = |server: &mut TestServer, line: u32, character: u32| {
            server.request_ok(
                "levls/renderCellAt",
                json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
            )
        };
        let lit = at(&mut server, line, 2);
        assert_eq!(
            (&lit["picture"], &lit["x"], &lit["y"]),
            (&json!(1), &json!(2), &json!(1))
        );
        assert_eq!(at(&mut server, 0, 2), Value::Null);
        let monster = now.lines().position(|l| l.starts_with("MONSTER")).unwrap() as u32;
        let end = "MONSTER: 'd', \"jackal\", (1,1)".len() as u32;
        let lit = at(&mut server, monster, end);
        assert_eq!(
            (&lit["picture"], &lit["x"], &lit["y"]),
            (&json!(0), &json!(1), &json!(1))
        );
        // A position past the end of the text: nothing there, no error.
        assert_eq!(at(&mut server, 9_999, 9_999), Value::Null);
        // A closed document: nothing.
        server.close(uri);
        assert_eq!(at(&mut server, 0, 0), Value::Null);
        assert!(server.shutdown_and_exit().success());
    }
}
