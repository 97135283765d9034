//! A Frupal map author's session over stdio: go to an obstacle kind, find
//! the tools that target it, rename it, read the outline and fold the grid.

use crate::support::client::{
    apply_edits, edit, extract_cursor, position_of, InitOptions, TestServer,
};
use crate::LEVLS;
use serde_json::{json, Value};

const URI: &str = "file:///maps/castle.fmap";

/// Lines 9–14 are the elements under test; `Äxte` and `Bäume` put non-ASCII text
/// before the targets on their lines, so a miscounted column lands elsewhere.
const MAP: &str = "\
Frupal_Kingdom:
# A small castle
# with a garden
terrain: 6 4
......
.=..~.
..\"...
......
obstacle: 0 0 Bäume 20 Hohe Bäume
obstacle: 2 0 Door 10 Worn door
tool: 3 0 Äxte 2 Bäume Door 2 25 Eine Axt
obstacle: 0 3 Bäume 20 Noch mehr Bäume
tool: 5 3 Explosive 1 Door 1000 200 Dynamite
start: 1 1
diamonds: 4 2
";

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

fn open(server: &mut TestServer, text: &str) {
    server.open(URI, "frupal", text);
    server.wait_diagnostics_version(URI, 1);
}

/// `{textDocument, position}` for the `$0` in `fixture`, which must equal MAP without it.
fn at(fixture: &str, encoding: &str) -> Value {
    let (text, offset) = extract_cursor(fixture);
    assert_eq!(text, MAP, "the fixture only adds a cursor");
    let (line, character) = position_of(&text, offset, encoding);
    json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}})
}

/// The range of the `nth` (0-based) occurrence of `word` in `text`, as LSP JSON.
fn range_of(text: &str, word: &str, nth: usize, encoding: &str) -> Value {
    let start = text
        .match_indices(word)
        .nth(nth)
        .unwrap_or_else(|| panic!("no {word} #{nth}"))
        .0;
    let (l1, c1) = position_of(text, start, encoding);
    let (l2, c2) = position_of(text, start + word.len(), encoding);
    json!({"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}})
}

fn ranges(locations: &Value) -> Vec<Value> {
    locations
        .as_array()
        .unwrap_or_else(|| panic!("expected locations, got {locations}"))
        .iter()
        .map(|l| {
            assert_eq!(l["uri"], URI);
            l["range"].clone()
        })
        .collect()
}

#[test]
fn definition_from_a_tool_target_after_non_ascii_text() {
    for encoding in ["utf-8", "utf-16"] {
        let mut server = start(encoding);
        open(&mut server, MAP);
        // `Bäume` in `tool: 3 0 Äxte 2 Bäume`: the obstacles on lines 9 and 12 define it.
        let found = server.request_ok(
            "textDocument/definition",
            at(&MAP.replacen("2 Bäume", "2 Bä$0ume", 1), encoding),
        );
        assert_eq!(
            ranges(&found),
            [
                range_of(MAP, "Bäume", 0, encoding),
                range_of(MAP, "Bäume", 3, encoding)
            ],
            "{encoding}: {found}"
        );
        // `Door` after `Bäume` on the same line: one obstacle.
        let found = server.request_ok(
            "textDocument/definition",
            at(&MAP.replacen("Bäume Door", "Bäume D$0oor", 1), encoding),
        );
        assert_eq!(
            ranges(&found),
            [range_of(MAP, "Door", 0, encoding)],
            "{encoding}: {found}"
        );
        // A tool's own kind names nothing.
        let found = server.request_ok(
            "textDocument/definition",
            at(&MAP.replacen("Äxte", "Äx$0te", 1), encoding),
        );
        assert_eq!(found, Value::Null);
        assert_eq!(server.shutdown_and_exit().code(), Some(0));
    }
}

#[test]
fn references_with_and_without_declarations() {
    let encoding = "utf-16";
    let mut server = start(encoding);
    open(&mut server, MAP);
    let mut params = at(&MAP.replacen("0 Door", "0 Do$0or", 1), encoding);
    params["context"] = json!({"includeDeclaration": false});
    let found = server.request_ok("textDocument/references", params.clone());
    // `Door` is written three times: the obstacle's kind, then a target of each tool
    // (the description says `door`, lower case).
    let targets = [
        range_of(MAP, "Door", 1, encoding),
        range_of(MAP, "Door", 2, encoding),
    ];
    assert_eq!(ranges(&found), targets, "{found}");
    params["context"] = json!({"includeDeclaration": true});
    let found = server.request_ok("textDocument/references", params);
    let mut all = vec![range_of(MAP, "Door", 0, encoding)];
    all.extend(targets);
    assert_eq!(ranges(&found), all, "{found}");
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

#[test]
fn prepare_rename_then_rename_applied_to_the_text() {
    for encoding in ["utf-8", "utf-16"] {
        let mut server = start(encoding);
        open(&mut server, MAP);
        let params = at(&MAP.replacen("0 3 Bäume", "0 3 Bäu$0me", 1), encoding);
        let prepared = server.request_ok("textDocument/prepareRename", params.clone());
        assert_eq!(prepared, range_of(MAP, "Bäume", 3, encoding), "{encoding}");
        let mut rename = params.clone();
        rename["newName"] = json!("Bäumchen");
        let edit = server.request_ok("textDocument/rename", rename);
        let edits = edit["changes"][URI]
            .as_array()
            .unwrap_or_else(|| panic!("{edit}"));
        let renamed = apply_edits(MAP, edits, encoding);
        // Kinds and targets change; descriptions that happen to say `Bäume` do not.
        let expected = MAP
            .replace("0 0 Bäume 20", "0 0 Bäumchen 20")
            .replace("2 Bäume Door", "2 Bäumchen Door")
            .replace("0 3 Bäume 20", "0 3 Bäumchen 20");
        assert_eq!(renamed, expected, "{encoding}");
        // The renamed map is what the server now answers from.
        server.change(URI, 2, vec![json!({"text": renamed})]);
        server.wait_diagnostics_version(URI, 2);
        let (line, character) =
            position_of(&renamed, renamed.find("2 Bäumchen").unwrap() + 3, encoding);
        let found = server.request_ok(
            "textDocument/definition",
            json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}}),
        );
        assert_eq!(ranges(&found).len(), 2, "{found}");
        assert_eq!(server.shutdown_and_exit().code(), Some(0));
    }
}

#[test]
fn refused_rename_is_a_json_rpc_error_and_no_kind_is_no_rename() {
    let encoding = "utf-16";
    let mut server = start(encoding);
    open(&mut server, MAP);
    let mut params = at(&MAP.replacen("1 Door", "1 $0Door", 1), encoding);
    params["newName"] = json!("front door");
    let response = server.request("textDocument/rename", params.clone());
    assert_eq!(response["error"]["code"], -32602, "{response}");
    let message = response["error"]["message"].as_str().unwrap();
    assert!(message.contains("whitespace"), "{message}");
    params["newName"] = json!("42");
    let response = server.request("textDocument/rename", params);
    assert!(
        response["error"]["message"]
            .as_str()
            .unwrap()
            .contains("number"),
        "{response}"
    );
    // On a number, prepareRename says there is nothing to rename.
    let prepared = server.request_ok(
        "textDocument/prepareRename",
        at(&MAP.replacen("1000 200", "10$000 200", 1), encoding),
    );
    assert_eq!(prepared, Value::Null);
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

#[test]
fn outline_and_folding() {
    let encoding = "utf-16";
    let mut server = start(encoding);
    open(&mut server, MAP);
    let symbols = server.request_ok(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    let map = &symbols[0];
    assert_eq!(map["name"], "Frupal_Kingdom:");
    assert_eq!(map["detail"], "6×4");
    let names: Vec<&str> = map["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "terrain 6×4",
            "start 1 1",
            "diamonds 4 2",
            "obstacle",
            "tool"
        ]
    );
    // The terrain symbol spans the `terrain:` line through its last row.
    assert_eq!(
        map["children"][0]["range"],
        json!({"start": {"line": 3, "character": 0}, "end": {"line": 7, "character": 6}})
    );
    let tools: Vec<&str> = map["children"][4]["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(tools, ["Äxte → Bäume, Door", "Explosive → Door"]);
    // The first obstacle's line ends after two `ä`: 33 UTF-16 units, not 35 bytes.
    assert_eq!(
        map["children"][3]["children"][0]["range"]["end"],
        json!({"line": 8, "character": 33})
    );

    let folds = server.request_ok(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": URI}}),
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
    assert_eq!(folds, [(1, 2, "comment"), (3, 7, "region")]);
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

/// Type a terrain character that breaks a row, see the error, take the quick fix.
#[test]
fn diagnostics_follow_edits_and_quick_fixes_apply() {
    let mut server = start("utf-16");
    let uri = "file:///maps/edit.fmap";
    let text = "Frupal_Kingdom:\n# Ünïcödé 🐉\nterrain: 4 2\n....\n.~~.\nstart: 0 0\ndiamonds: 3 1\nship: 0 1 99999\n";
    server.open(uri, "frupal", text);
    let first = server.wait_diagnostics_version(uri, 1);
    let codes: Vec<&str> = first["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["frupal::out-of-range"], "{first}");
    // Delete the first character of row 1: ".~~." becomes "~~.", one short.
    server.change(uri, 2, vec![edit(4, 0, 4, 1, "")]);
    let second = server.wait_diagnostics_version(uri, 2);
    let row = second["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "frupal::row-length")
        .unwrap_or_else(|| panic!("{second}"))
        .clone();
    assert_eq!(row["range"]["start"], json!({"line": 4, "character": 0}));
    // Clamp the ship's cost with the quick fix offered on it.
    let cost = second["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "frupal::out-of-range")
        .unwrap()
        .clone();
    let actions = server.request_ok(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": cost["range"], "context": {"diagnostics": [cost]}}),
    );
    let action = &actions[0];
    assert_eq!(action["title"], "Change to 9999");
    let edit_range = &action["edit"]["changes"][uri][0]["range"];
    assert_eq!(
        edit_range,
        &json!({"start": {"line": 7, "character": 10}, "end": {"line": 7, "character": 15}})
    );
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

/// Typing the last row of a grid: completion offers terrain letters only, and accepting
/// one writes it into the row.
#[test]
fn completion_inside_an_unfinished_grid_offers_terrain_only() {
    let encoding = "utf-16";
    let mut server = start(encoding);
    let (text, offset) = extract_cursor("Frupal_Kingdom:\nterrain: 2 2\n..\n$0");
    server.open(URI, "frupal", &text);
    server.wait_diagnostics_version(URI, 1);
    let (line, character) = position_of(&text, offset, encoding);
    let items = server.request_ok(
        "textDocument/completion",
        json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}}),
    );
    let items = items.as_array().unwrap();
    let labels: Vec<&str> = items.iter().map(|i| i["label"].as_str().unwrap()).collect();
    assert_eq!(labels, [".", "=", "\"", "~"]);
    let wall = &items[1];
    let accepted = apply_edits(&text, &[wall["textEdit"].clone()], encoding);
    assert_eq!(accepted, "Frupal_Kingdom:\nterrain: 2 2\n..\n=");
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

/// Renaming a kind onto another kind would merge them: refused, saying why.
#[test]
fn rename_onto_another_kind_is_refused() {
    let encoding = "utf-16";
    let mut server = start(encoding);
    open(&mut server, MAP);
    let mut params = at(&MAP.replacen("1 Door", "1 $0Door", 1), encoding);
    params["newName"] = json!("Bäume");
    let response = server.request("textDocument/rename", params);
    assert_eq!(response["error"]["code"], -32602, "{response}");
    let message = response["error"]["message"].as_str().unwrap();
    assert!(message.contains("merge"), "{message}");
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

/// A grid wider than the game reads: "Change to 128" would cut the grid's
/// width under its rows and put `start:` and `diamonds:` outside the map, so
/// the editor does not offer it; what it offers, applied, leaves no new error.
#[test]
fn no_quick_fix_that_loses_the_start_and_the_diamonds() {
    let mut server = start("utf-16");
    let uri = "file:///maps/wide.fmap";
    let row = ".".repeat(130);
    let text =
        format!("Frupal_Kingdom:\nterrain: 130 2\n{row}\n{row}\nstart: 129 0\ndiamonds: 129 1\n");
    server.open(uri, "frupal", &text);
    let published = server.wait_diagnostics_version(uri, 1);
    let diagnostics = published["diagnostics"].as_array().unwrap().clone();
    let errors = |ds: &[Value]| ds.iter().filter(|d| d["severity"] == 1).count();
    let width = diagnostics
        .iter()
        .find(|d| d["range"]["start"]["line"] == 1 && d["severity"] == 1)
        .unwrap_or_else(|| panic!("the width is faulted: {published}"))
        .clone();
    let actions = server.request_ok(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": width["range"], "context": {"diagnostics": [width]}}),
    );
    let mut version = 1;
    for action in actions.as_array().unwrap() {
        assert_ne!(action["title"], "Change to 128", "{actions}");
        let Some(edits) = action["edit"]["changes"][uri].as_array() else {
            continue;
        };
        version += 1;
        server.change(
            uri,
            version,
            vec![json!({"text": apply_edits(&text, edits, "utf-16")})],
        );
        let after = server.wait_diagnostics_version(uri, version);
        let after = after["diagnostics"].as_array().unwrap();
        assert!(
            errors(after) < errors(&diagnostics),
            "{}: {after:?}",
            action["title"]
        );
    }
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}
