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

fn server() -> TestServer {
    TestServer::start_with(
        LEVLS,
        InitOptions {
            position_encodings: vec![ENCODING.to_string()],
            ..Default::default()
        },
    )
}

fn start() -> (TestServer, String, usize) {
    let mut server = server();
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

/// The errors (severity 1) of the diagnostics published for `version`.
fn errors_at(server: &mut TestServer, version: i32) -> Vec<Value> {
    let published = server.wait_diagnostics_version(URI, version);
    let diagnostics = published["diagnostics"].as_array().unwrap();
    diagnostics
        .iter()
        .filter(|d| d["severity"] == 1)
        .cloned()
        .collect()
}

/// `text` after accepting the completion item `label` offered at `offset`.
fn accept(server: &mut TestServer, text: &str, offset: usize, label: &str) -> String {
    let completions = server.request_ok("textDocument/completion", at(text, offset));
    let items = completions
        .as_array()
        .or_else(|| completions["items"].as_array())
        .unwrap();
    let item = items
        .iter()
        .find(|i| i["label"] == label)
        .unwrap_or_else(|| panic!("{label} is not offered"));
    apply_edits(text, &[item["textEdit"].clone()], ENCODING)
}

/// A key typed without quotes after a member whose comma is missing: accepting the
/// completion writes the quotes and the comma, and the file checks without errors.
#[test]
fn accepting_a_key_completion_keeps_the_json_valid() {
    let mut server = server();
    let fixture = FILE
        .replace("$01", "1")
        .replace("room_denisty", "room_density")
        .replace(
            "\"floor_connectivity\": 15",
            "\"floor_connectivity\": 15\n    secondary_t$0",
        );
    let (text, offset) = extract_cursor(&fixture);
    server.open(URI, "json", &text);
    assert_eq!(
        errors_at(&mut server, 1).len(),
        1,
        "the key is not JSON yet"
    );
    let accepted = accept(&mut server, &text, offset, "secondary_terrain_density");
    serde_json::from_str::<Value>(&accepted).expect("valid JSON after accepting");
    server.change(URI, 2, vec![json!({"text": accepted})]);
    assert_eq!(errors_at(&mut server, 2), Vec::<Value>::new(), "{accepted}");
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

/// A `//` comment on the line before the cursor (itself an error: JSON has none) says
/// nothing of commas: accepting a key writes no `, ` before it, so once the comment is
/// gone the file is valid JSON.
#[test]
fn a_comment_before_the_cursor_adds_no_comma() {
    let mut server = server();
    let fixture = FILE
        .replace("$01", "1")
        .replace("room_denisty", "room_density")
        .replace(
            "\"floor_connectivity\": 15\n",
            "\"floor_connectivity\": 15,\n    // tuned by hand: 7\n    secondary_t$0\n",
        );
    let (text, offset) = extract_cursor(&fixture);
    server.open(URI, "json", &text);
    server.wait_diagnostics_version(URI, 1);
    let accepted = accept(&mut server, &text, offset, "secondary_terrain_density");
    let without_comment = accepted.replace("    // tuned by hand: 7\n", "");
    serde_json::from_str::<Value>(&without_comment)
        .unwrap_or_else(|e| panic!("{e}: {without_comment}"));
    server.change(URI, 2, vec![json!({"text": accepted})]);
    let codes: Vec<Value> = errors_at(&mut server, 2)
        .iter()
        .map(|d| d["code"].clone())
        .collect();
    assert_eq!(codes, [json!("dungeon-mystery::comment")], "{accepted}");
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

/// Formatting lays the file out in its own key order and it still checks the same;
/// a file that is not JSON is left alone.
#[test]
fn formatting_keeps_key_order_and_refuses_broken_json() {
    let mut server = server();
    let minified = r#"{"floor_props":{"room_density":5,"layout":1},"dungeon_data":{"floor":1},"generation_constants":{},"advanced_generation_settings":{}}"#;
    server.open(URI, "json", minified);
    assert_eq!(errors_at(&mut server, 1), Vec::<Value>::new());
    let formatting =
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": true}});
    let edits = server.request_ok("textDocument/formatting", formatting.clone());
    let formatted = apply_edits(minified, edits.as_array().unwrap(), ENCODING);
    assert!(
        formatted.starts_with(
            "{\n  \"floor_props\": {\n    \"room_density\": 5,\n    \"layout\": 1\n  },\n"
        ),
        "{formatted}"
    );
    server.change(URI, 2, vec![json!({"text": formatted})]);
    assert_eq!(
        errors_at(&mut server, 2),
        Vec::<Value>::new(),
        "{formatted}"
    );
    // Formatting again changes nothing.
    let again = server.request_ok("textDocument/formatting", formatting.clone());
    assert!(again.as_array().is_none_or(|e| e.is_empty()), "{again}");

    let broken = formatted.replacen("\"layout\": 1", "\"layout\": 1,", 1);
    server.change(URI, 3, vec![json!({"text": broken})]);
    server.wait_diagnostics_version(URI, 3);
    let refused = server.request_ok("textDocument/formatting", formatting);
    assert!(refused.as_array().is_none_or(|e| e.is_empty()), "{refused}");
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}
