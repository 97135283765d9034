//! A Frupal map author reads and writes a map over stdio: hover on a position
//! and on the grid, element snippets, tool targets, terrain inlay hints.
//! Every exchange is in UTF-16, with emoji before the positions that matter.

use crate::support::client::{extract_cursor, position_of, InitOptions, TestServer};
use crate::LEVLS;
use serde_json::{json, Value};

const ENCODING: &str = "utf-16";

/// 6×4; the diamonds stand on the meadow at 4,2, the start in the swamp at 2,2.
const MAP: &str = "Frupal_Kingdom:
terrain: 6 4
......
.=..~.
..\"...
......
start: 2 2
diamonds: 4 2
clue: 1 0 Dragons 🐉 ahead.\\nBeware.
obstacle: 3 2 boulders 15 A boulder.
obstacle: 3 3 trees 20 A tree.
ship: 4 1 100
";

fn start() -> TestServer {
    let server = TestServer::start_with(
        LEVLS,
        InitOptions {
            position_encodings: vec![ENCODING.to_string()],
            ..Default::default()
        },
    );
    assert_eq!(server.position_encoding(), ENCODING);
    server
}

fn open(server: &mut TestServer, uri: &str, text: &str) {
    server.open(uri, "frupal", text);
    server.wait_diagnostics_version(uri, 1);
}

/// Opens `fixture` (with `$0`) as `uri` and sends `method` at the cursor.
fn at_cursor(server: &mut TestServer, uri: &str, method: &str, fixture: &str) -> (String, Value) {
    let (text, offset) = extract_cursor(fixture);
    open(server, uri, &text);
    let (line, character) = position_of(&text, offset, ENCODING);
    let result = server.request_ok(
        method,
        json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
    );
    (text, result)
}

fn position(text: &str, offset: usize) -> Value {
    let (line, character) = position_of(text, offset, ENCODING);
    json!({"line": line, "character": character})
}

#[test]
fn hover_on_a_coordinate_and_on_the_grid() {
    let mut server = start();
    let fixture = MAP.replace("diamonds: 4 2", "diamonds: 4 $02");
    let (text, hover) = at_cursor(
        &mut server,
        "file:///maps/a.fmap",
        "textDocument/hover",
        &fixture,
    );
    let markdown = hover["contents"]["value"].as_str().unwrap();
    assert_eq!(hover["contents"]["kind"], "markdown");
    assert!(markdown.contains("**meadow** at 4,2"), "{markdown}");
    // The hover covers the whole pair, from x to y.
    let pair = text.find("4 2").unwrap();
    assert_eq!(hover["range"]["start"], position(&text, pair));
    assert_eq!(hover["range"]["end"], position(&text, pair + 3));

    // The swamp at 2,2 in the grid, where the hero starts.
    let fixture = MAP.replace("..\"...", "..$0\"...");
    let (text, hover) = at_cursor(
        &mut server,
        "file:///maps/b.fmap",
        "textDocument/hover",
        &fixture,
    );
    let markdown = hover["contents"]["value"].as_str().unwrap();
    assert!(markdown.contains("**swamp** (`\"`) at 2,2"), "{markdown}");
    assert!(
        markdown.contains("the hero's start (`start:`, line 7)"),
        "{markdown}"
    );
    let cell = text.find("..\"...").unwrap() + 2;
    assert_eq!(hover["range"]["start"], position(&text, cell));
    assert_eq!(hover["range"]["end"], position(&text, cell + 1));
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

#[test]
fn hover_on_a_description_after_an_emoji() {
    let mut server = start();
    let fixture = MAP.replace("ahead.", "ah$0ead.");
    let (text, hover) = at_cursor(
        &mut server,
        "file:///maps/c.fmap",
        "textDocument/hover",
        &fixture,
    );
    let markdown = hover["contents"]["value"].as_str().unwrap();
    // `\n` becomes a line break (F21).
    assert!(
        markdown.contains("Dragons 🐉 ahead.\nBeware."),
        "{markdown}"
    );
    let start = text.find("Dragons").unwrap();
    let end = text.find("Beware.").unwrap() + "Beware.".len();
    assert_eq!(hover["range"]["start"], position(&text, start));
    // 🐉 is two UTF-16 units: the end lands after it only if counted right.
    assert_eq!(hover["range"]["end"], position(&text, end));
    assert_eq!(hover["range"]["end"]["character"], 36);
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

#[test]
fn completion_of_an_element_keyword_is_a_snippet() {
    let mut server = TestServer::start_with(
        LEVLS,
        InitOptions {
            position_encodings: vec![ENCODING.to_string()],
            snippet_support: true,
            ..Default::default()
        },
    );
    let fixture = format!("{MAP}tre$0\n");
    let (text, result) = at_cursor(
        &mut server,
        "file:///maps/d.fmap",
        "textDocument/completion",
        &fixture,
    );
    let items = result.as_array().unwrap();
    let labels: Vec<&str> = items.iter().map(|i| i["label"].as_str().unwrap()).collect();
    // start, diamonds and terrain are written already.
    assert!(
        !labels.contains(&"start:") && !labels.contains(&"terrain:"),
        "{labels:?}"
    );
    let treasure = items
        .iter()
        .find(|i| i["label"] == "treasure:")
        .expect("treasure: offered");
    assert_eq!(treasure["insertTextFormat"], 2);
    assert_eq!(treasure["kind"], 15, "CompletionItemKind.Snippet");
    assert_eq!(
        treasure["textEdit"]["newText"],
        "treasure: ${1:0} ${2:0} ${3:100} ${4:A small pile of coins.}"
    );
    let word = text.rfind("tre").unwrap();
    assert_eq!(
        treasure["textEdit"]["range"]["start"],
        position(&text, word)
    );
    assert_eq!(
        treasure["textEdit"]["range"]["end"],
        position(&text, word + 3)
    );
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

#[test]
fn clients_without_snippets_get_plain_text() {
    let mut server = start();
    let fixture = format!("{MAP}tre$0\n");
    let (_, result) = at_cursor(
        &mut server,
        "file:///maps/e.fmap",
        "textDocument/completion",
        &fixture,
    );
    let treasure = result
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["label"] == "treasure:")
        .expect("treasure: offered")
        .clone();
    assert!(
        treasure.get("insertTextFormat").is_none_or(|f| f == 1),
        "{treasure}"
    );
    assert_eq!(
        treasure["textEdit"]["newText"],
        "treasure: 0 0 100 A small pile of coins."
    );
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

#[test]
fn completion_of_a_tool_target() {
    let mut server = start();
    let fixture = format!("{MAP}tool: 1 0 🔨🔨 1 bo$0\n");
    let (text, result) = at_cursor(
        &mut server,
        "file:///maps/e.fmap",
        "textDocument/completion",
        &fixture,
    );
    let items = result.as_array().unwrap();
    let labels: Vec<&str> = items.iter().map(|i| i["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["boulders", "trees"]);
    let boulders = &items[0];
    assert_eq!(boulders["detail"], "obstacle kind: 1 obstacle (line 10)");
    // Plain text, not a snippet.
    assert!(boulders.get("insertTextFormat").is_none(), "{boulders}");
    let word = text.rfind("bo").unwrap();
    let range = &boulders["textEdit"]["range"];
    assert_eq!(range["start"], position(&text, word));
    // After two hammers (four UTF-16 units): `tool: 1 0 ` 10 + 4 + ` 1 ` 3.
    assert_eq!(range["start"]["character"], 17);
    assert_eq!(range["end"], position(&text, word + 2));
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

#[test]
fn inlay_hints_name_the_terrain_under_each_position() {
    let mut server = start();
    let uri = "file:///maps/f.fmap";
    let text = MAP.replace("clue: 1 0", "clue: 7 0");
    open(&mut server, uri, &text);
    // Only lines 7–9 (0-based 6–8): start, diamonds, clue.
    let hints = server.request_ok(
        "textDocument/inlayHint",
        json!({
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 6, "character": 0}, "end": {"line": 8, "character": 40}}
        }),
    );
    let hints = hints.as_array().unwrap();
    let shown: Vec<(Value, &str)> = hints
        .iter()
        .map(|h| (h["position"].clone(), h["label"].as_str().unwrap()))
        .collect();
    let after = |s: &str| position(&text, text.find(s).unwrap() + s.len());
    assert_eq!(
        shown,
        [
            (after("start: 2 2"), "swamp"),
            (after("diamonds: 4 2"), "meadow"),
            (after("clue: 7 0"), "outside map"),
        ]
    );
    let tooltip = hints[2]["tooltip"].as_str().unwrap();
    assert_eq!(tooltip, "7,0 is outside the 6×4 map (x 0..5, y 0..3)");
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}
