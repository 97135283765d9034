//! A dungeon-mystery parameter file over stdio: opened as `languageId` `json` (what editors
//! send for `*.dungeoneer.json`), so detection goes by the double suffix. Diagnostics, hover,
//! completion, inlay hints, document symbols and the did-you-mean quick fix.

use crate::support::client::{apply_edits, extract_cursor, position_of, InitOptions, TestServer};
use crate::LEVLS;
use serde_json::{json, Value};

const ENCODING: &str = "utf-16";
const URI: &str = "file:///floors/b1f.dungeoneer.json";

/// The cursor goes before the `1` of the layout; the typo is on line 4 (0-based 3).
const FILE: &str = r#"{
  "floor_props": {
    "layout": $01,
    "room_denisty": 5,
    "floor_connectivity": 15
  },
  "dungeon_data": {"floor": 1},
  "generation_constants": {},
  "advanced_generation_settings": {}
}
"#;

fn start() -> (TestServer, String, usize) {
    let mut server = TestServer::start_with(
        LEVLS,
        InitOptions {
            position_encodings: vec![ENCODING.to_string()],
            ..Default::default()
        },
    );
    let (text, offset) = extract_cursor(FILE);
    server.open(URI, "json", &text);
    (server, text, offset)
}

fn at(text: &str, offset: usize) -> Value {
    let (line, character) = position_of(text, offset, ENCODING);
    json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}})
}

#[test]
fn diagnostics_and_the_did_you_mean_fix() {
    let (mut server, text, _) = start();
    let published = server.wait_diagnostics_version(URI, 1);
    let diagnostics = published["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{published:#}");
    let typo = &diagnostics[0];
    assert_eq!(typo["code"], "dungeon-mystery::unknown-key");
    assert_eq!(typo["severity"], 2);
    assert_eq!(
        typo["range"],
        json!({"start": {"line": 3, "character": 4}, "end": {"line": 3, "character": 18}})
    );
    let actions = server.request_ok(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI}, "range": typo["range"], "context": {"diagnostics": [typo]}}),
    );
    let action = &actions[0];
    assert_eq!(action["title"], "Change to `room_density`");
    let edits = action["edit"]["changes"][URI].as_array().unwrap();
    let fixed = apply_edits(&text, edits, ENCODING);
    assert!(fixed.contains("\"room_density\": 5"), "{fixed}");
    // The fixed text checks clean.
    server.change(URI, 2, vec![json!({"text": fixed})]);
    let published = server.wait_diagnostics_version(URI, 2);
    assert_eq!(published["diagnostics"], json!([]), "{published:#}");
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

#[test]
fn hover_completion_inlay_hints_and_symbols() {
    let (mut server, text, offset) = start();
    server.wait_diagnostics_version(URI, 1);

    let hover = server.request_ok("textDocument/hover", at(&text, offset));
    let markdown = hover["contents"]["value"].as_str().unwrap();
    assert!(markdown.contains("**1** = `SMALL`"), "{markdown}");

    let key = text.find("\"floor_connectivity\"").unwrap() + 3;
    let hover = server.request_ok("textDocument/hover", at(&text, key));
    let markdown = hover["contents"]["value"].as_str().unwrap();
    assert!(markdown.contains("Default: `15` (library)"), "{markdown}");

    // Values of the layout: the 16 codes, with their names.
    let completions = server.request_ok("textDocument/completion", at(&text, offset));
    let items = completions
        .as_array()
        .or_else(|| completions["items"].as_array())
        .unwrap();
    assert_eq!(items.len(), 16, "{completions:#}");
    assert_eq!(items[9]["label"], "9");
    assert_eq!(items[9]["detail"], "BEETLE");

    let hints = server.request_ok(
        "textDocument/inlayHint",
        json!({
            "textDocument": {"uri": URI},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 9, "character": 0}}
        }),
    );
    let hints = hints.as_array().unwrap();
    assert_eq!(hints.len(), 1, "{hints:?}");
    assert_eq!(hints[0]["label"], "SMALL");
    assert_eq!(hints[0]["position"], json!({"line": 2, "character": 15}));

    let symbols = server.request_ok(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    let names: Vec<&str> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "floor_props",
            "dungeon_data",
            "generation_constants",
            "advanced_generation_settings"
        ]
    );
    let keys: Vec<&str> = symbols[0]["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(keys, ["layout", "room_denisty", "floor_connectivity"]);
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}
