//! A NetHack level designer's session over stdio, on real 3.4.3 quest files:
//! the outline and folds of a five-level file, the map coloured by terrain,
//! the terrain under each coordinate, from a coordinate to its map cell and
//! back, from `place[0]` to its RANDOM_PLACES entry and back.

use crate::support::client::{
    byte_range, file_uri, offset_of, position_of, InitOptions, TestServer,
};
use crate::{shared, LEVLS};
use serde_json::{json, Value};

fn start(encoding: &str) -> TestServer {
    let server = TestServer::start_with(
        LEVLS,
        InitOptions {
            position_encodings: vec![encoding.to_string()],
            ..Default::default()
        },
    );
    assert_eq!(server.position_encoding(), encoding);
    server
}

/// Opens a corpus file; its URI and text.
fn open_corpus(server: &mut TestServer, name: &str) -> (String, String) {
    let path = shared().join("corpus/nethack/3.4.3").join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let uri = file_uri(&path);
    server.open(&uri, "nethack-des", &text);
    server.wait_diagnostics_version(&uri, 1);
    (uri, text)
}

fn at(uri: &str, text: &str, offset: usize, encoding: &str) -> Value {
    let (line, character) = position_of(text, offset, encoding);
    json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
}

fn range(text: &str, span: std::ops::Range<usize>, encoding: &str) -> Value {
    let (l1, c1) = position_of(text, span.start, encoding);
    let (l2, c2) = position_of(text, span.end, encoding);
    json!({"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}})
}

/// The byte span of `needle` in `text`, after the first `after`.
fn find(text: &str, after: &str, needle: &str) -> std::ops::Range<usize> {
    let from = text.find(after).unwrap_or_else(|| panic!("no {after:?}"));
    let start = from
        + text[from..]
            .find(needle)
            .unwrap_or_else(|| panic!("no {needle:?}"));
    start..start + needle.len()
}

/// The text each location covers.
fn covered(text: &str, locations: &Value, encoding: &str) -> Vec<String> {
    locations
        .as_array()
        .unwrap_or_else(|| panic!("expected locations, got {locations}"))
        .iter()
        .map(|l| text[byte_range(text, &l["range"], encoding)].to_string())
        .collect()
}

fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap_or_else(|| panic!("expected symbols, got {list}"))
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn outline_and_folds_of_a_quest_file() {
    let mut server = start("utf-16");
    let (uri, _) = open_corpus(&mut server, "Arch.des");
    let symbols = server.request_ok(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(
        names(&symbols),
        ["Arc-strt", "Arc-loca", "Arc-goal", "Arc-fila", "Arc-filb"]
    );
    assert_eq!(symbols[0]["detail"], "maze");
    assert_eq!(symbols[3]["detail"], "room-and-corridor level");
    let map = &symbols[0]["children"][0];
    assert_eq!(map["name"], "MAP");
    assert_eq!(map["detail"], "76×20 center,center");
    assert_eq!(names(&map["children"]), ["STAIR down", "BRANCH"]);
    // The MAP part runs from GEOMETRY (line 13) to its last detail.
    assert_eq!(map["range"]["start"], json!({"line": 12, "character": 0}));
    assert_eq!(names(&symbols[3]["children"]).len(), 6);
    assert_eq!(names(&symbols[3]["children"][0]["children"]), ["STAIR up"]);

    let folds = server.request_ok(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": uri}}),
    );
    let folds: Vec<(u64, u64, &str)> = folds
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["startLine"].as_u64().unwrap(),
                f["endLine"].as_u64().unwrap(),
                f["kind"].as_str().unwrap(),
            )
        })
        .collect();
    // The header comment, the first level, its map; a lone comment does not fold.
    assert_eq!(
        folds[..3],
        [(0, 9, "comment"), (10, 110, "region"), (13, 34, "region")]
    );
    assert!(!folds.iter().any(|f| f.0 == 35), "{folds:?}");
    // Five levels, three maps.
    assert_eq!(
        folds.iter().filter(|f| f.2 == "region").count(),
        8,
        "{folds:?}"
    );
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

/// Semantic tokens decoded to (line, text, token type), in the order sent.
fn decoded_tokens(
    server: &mut TestServer,
    uri: &str,
    text: &str,
    encoding: &str,
) -> Vec<(u64, String, String)> {
    let legend: Vec<String> = server.initialize_result["capabilities"]["semanticTokensProvider"]
        ["legend"]["tokenTypes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect();
    let result = server.request_ok(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": uri}}),
    );
    let data: Vec<u64> = result["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    let (mut line, mut column) = (0, 0);
    let mut out = Vec::new();
    for chunk in data.chunks(5) {
        if chunk[0] > 0 {
            column = 0;
        }
        line += chunk[0];
        column += chunk[1];
        let start = offset_of(text, line as usize, column as usize, encoding);
        let end = offset_of(text, line as usize, (column + chunk[2]) as usize, encoding);
        out.push((
            line,
            text[start..end].to_string(),
            legend[chunk[3] as usize].clone(),
        ));
    }
    out
}

#[test]
fn semantic_tokens_colour_the_map_by_terrain() {
    let encoding = "utf-16";
    let mut server = start(encoding);
    let (uri, text) = open_corpus(&mut server, "Arch.des");
    let tokens = decoded_tokens(&mut server, &uri, &text, encoding);
    // Map row 6 of the first level: moat, wall, floor, secret door, door.
    let row: Vec<(&str, &str)> = tokens
        .iter()
        .filter(|t| t.0 == 20)
        .map(|t| (t.1.as_str(), t.2.as_str()))
        .collect();
    assert_eq!(
        row,
        [
            ("....................", "operator"),
            ("}", "type"),
            ("|", "keyword"),
            ("..", "operator"),
            ("S", "function"),
            ("......", "operator"),
            ("+", "function"),
            (".................", "operator"),
            ("+", "function"),
            (".......", "operator"),
            ("|", "keyword"),
            ("}", "type"),
            (".................", "operator"),
        ]
    );
    // Only map rows get tokens: every token's line lies between a MAP and its ENDMAP.
    let lines: Vec<&str> = text.lines().collect();
    for (line, word, _) in &tokens {
        let before = &lines[..*line as usize];
        let open = before.iter().rposition(|l| *l == "MAP");
        let close = before.iter().rposition(|l| l.trim() == "ENDMAP");
        assert!(open > close, "{word:?} on line {line} is outside a map");
    }
    // The goal level's map starts with a row of stone (no token), then a wall.
    assert!(!tokens.iter().any(|t| t.0 == 270), "{tokens:?}");
    let wall: Vec<_> = tokens.iter().filter(|t| t.0 == 271).collect();
    assert_eq!(
        wall,
        [&(271, "---------".to_string(), "keyword".to_string())]
    );
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

#[test]
fn inlay_hints_show_the_terrain_under_each_point() {
    let encoding = "utf-16";
    let mut server = start(encoding);
    let (uri, text) = open_corpus(&mut server, "Arch.des");
    // Lines 54–59 (0-based 53–58): STAIR, BRANCH's region (no hint), two DOORs.
    let hints = server.request_ok(
        "textDocument/inlayHint",
        json!({
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 53, "character": 0}, "end": {"line": 58, "character": 30}}
        }),
    );
    let shown: Vec<(Value, &str)> = hints
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["position"].clone(), h["label"].as_str().unwrap()))
        .collect();
    let after = |s: &str| {
        let (line, character) = position_of(&text, text.find(s).unwrap() + s.len(), encoding);
        json!({"line": line, "character": character})
    };
    assert_eq!(
        shown,
        [
            (after("STAIR:(55,07)"), "'.' room floor"),
            (after("DOOR:closed,(22,07)"), "'S' secret door"),
            (after("DOOR:closed,(38,07)"), "'+' door"),
        ]
    );
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

#[test]
fn a_coordinate_and_its_map_cell() {
    let encoding = "utf-16";
    let mut server = start(encoding);
    let (uri, text) = open_corpus(&mut server, "Arch.des");
    let door = find(&text, "DOOR:closed,(22,07)", "(22,07)");
    let found = server.request_ok(
        "textDocument/definition",
        at(&uri, &text, door.start + 2, encoding),
    );
    // Map row 7 is line 22 (0-based 21); x 22 is its 23rd character.
    assert_eq!(
        found[0]["range"],
        json!({"start": {"line": 21, "character": 22}, "end": {"line": 21, "character": 23}}),
        "{found}"
    );
    assert_eq!(covered(&text, &found, encoding), ["S"]);
    // Back from the cell: the DOOR is the only coordinate on it.
    let cell = offset_of(&text, 21, 22, encoding);
    let mut params = at(&uri, &text, cell, encoding);
    params["context"] = json!({"includeDeclaration": true});
    let found = server.request_ok("textDocument/references", params);
    assert_eq!(covered(&text, &found, encoding), ["S", "(22,07)"]);
    assert_eq!(found[1]["range"], range(&text, door, encoding));
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

#[test]
fn a_place_register_and_its_random_places_entry() {
    for encoding in ["utf-8", "utf-16"] {
        let mut server = start(encoding);
        let (uri, text) = open_corpus(&mut server, "Priest.des");
        let register = find(&text, "MONSTER:'&',\"Nalzok\"", "place[0]");
        let found = server.request_ok(
            "textDocument/definition",
            at(&uri, &text, register.start + 1, encoding),
        );
        let entry = find(&text, "RANDOM_PLACES:(14,04)", "(14,04)");
        assert_eq!(
            found[0]["range"],
            range(&text, entry.clone(), encoding),
            "{found}"
        );
        let mut params = at(&uri, &text, entry.start + 1, encoding);
        params["context"] = json!({"includeDeclaration": false});
        let found = server.request_ok("textDocument/references", params);
        let uses = [
            find(&text, "\"helm of brilliance\"", "place[0]"),
            register.clone(),
        ];
        let expected: Vec<Value> = uses
            .iter()
            .map(|u| range(&text, u.clone(), encoding))
            .collect();
        let got: Vec<Value> = found
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["range"].clone())
            .collect();
        assert_eq!(got, expected, "{encoding}");
        assert_eq!(server.shutdown_and_exit().code(), Some(0));
    }
}

/// Non-ASCII text before a coordinate on its line: one UTF-16 unit, two bytes.
#[test]
fn positions_after_non_ascii_text_in_both_encodings() {
    let text = "\
MAZE: \"Ärger\", ' '
GEOMETRY: center, center
MAP
|..|
|.+|
ENDMAP
MONSTER: 'd', \"Ärger\", (2,1)
";
    for encoding in ["utf-8", "utf-16"] {
        let mut server = start(encoding);
        let uri = "file:///levels/small.des";
        server.open(uri, "nethack-des", text);
        server.wait_diagnostics_version(uri, 1);
        let hints = server.request_ok(
            "textDocument/inlayHint",
            json!({
                "textDocument": {"uri": uri},
                "range": {"start": {"line": 0, "character": 0}, "end": {"line": 7, "character": 0}}
            }),
        );
        let end = text.find("(2,1)").unwrap() + 5;
        let (line, character) = position_of(text, end, encoding);
        assert_eq!(
            hints[0]["position"],
            json!({"line": line, "character": character}),
            "{encoding}: {hints}"
        );
        assert_eq!(hints[0]["label"], "'+' door");
        let found = server.request_ok(
            "textDocument/definition",
            at(uri, text, text.find("(2,1)").unwrap() + 1, encoding),
        );
        assert_eq!(covered(text, &found, encoding), ["+"], "{encoding}");
        assert_eq!(server.shutdown_and_exit().code(), Some(0));
    }
}
