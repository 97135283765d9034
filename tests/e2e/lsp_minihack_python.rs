//! MiniHack levels inside Python, in the editor: the real `levls` over
//! stdio with `.py` documents and a notebook cell. The levels' problems are
//! published at their Python positions and follow typing; hover, completion,
//! quick fixes and the map preview work inside the level strings; outside
//! them, and on the Python code, levls says nothing, so Python's own
//! language server is never contradicted.

use crate::support::client::{apply_edits, byte_range, edit, position_of, TestServer};
use crate::LEVLS;
use serde_json::{json, Value};

/// MiniHack's own way of writing a level, with a misspelt monster.
const ENV: &str = r#"import gymnasium as gym
import minihack

env = gym.make(
    "MiniHack-Navigation-Custom-v0",
    des_file="""
MAZE: "mylevel", ' '
GEOMETRY:center,center
MAP
-----
|...|
-----
ENDMAP
MONSTER: ('D', "red dragn"), (2,1)
""",
)
"#;

const URI: &str = "file:///tmp/levls-minihack-lsp/env.py";

fn at(uri: &str, text: &str, offset: usize) -> Value {
    let (line, character) = position_of(text, offset, "utf-16");
    json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
}

fn document(uri: &str) -> Value {
    json!({"textDocument": {"uri": uri}})
}

/// The published diagnostics as (code, the Python text each covers).
fn covered(text: &str, published: &Value) -> Vec<(String, String)> {
    published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let code = d["code"].as_str().unwrap().to_string();
            (
                code,
                text[byte_range(text, &d["range"], "utf-16")].to_string(),
            )
        })
        .collect()
}

fn open(server: &mut TestServer, uri: &str, text: &str) -> Value {
    server.open(uri, "python", text);
    server.wait_diagnostics_version(uri, 1)
}

#[test]
fn a_misspelt_monster_is_reported_in_the_python_file_and_goes_once_typed_right() {
    let mut server = TestServer::start(LEVLS);
    let published = open(&mut server, URI, ENV);
    assert_eq!(
        covered(ENV, &published),
        [(
            "nethack::unknown-monster-name".to_string(),
            "('D', \"red dragn\")".to_string()
        )],
        "{published}"
    );
    let range = &published["diagnostics"][0]["range"];
    assert_eq!(
        (&range["start"]["line"], &range["start"]["character"]),
        (&json!(13), &json!(9))
    );

    // Typing the missing `o` inside the string.
    let (line, character) = position_of(ENV, ENV.find("dragn").unwrap() + 4, "utf-16");
    server.change(URI, 2, vec![edit(line, character, line, character, "o")]);
    let published = server.wait_diagnostics_version(URI, 2);
    assert_eq!(published["diagnostics"], json!([]), "{published}");

    // And broken again.
    server.change(URI, 3, vec![edit(line, character, line, character + 1, "")]);
    let published = server.wait_diagnostics_version(URI, 3);
    assert_eq!(covered(ENV, &published).len(), 1, "{published}");

    let info = server.request_ok("levls/documentInfo", document(URI));
    assert_eq!(info["format"], "python", "{info}");
    assert_eq!(info["status"], "NetHack 3.6 levels in Python: 1", "{info}");
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn hover_and_completion_answer_inside_the_level_string_only() {
    let mut server = TestServer::start(LEVLS);
    open(&mut server, URI, ENV);

    let keyword = ENV.find("MONSTER:").unwrap() + 2;
    let hover = server.request_ok("textDocument/hover", at(URI, ENV, keyword));
    let markdown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(markdown.contains("Places a monster"), "{hover}");
    let r = byte_range(ENV, &hover["range"], "utf-16");
    assert_eq!(&ENV[r], "MONSTER");
    let python = ENV.find("gym.make").unwrap() + 5;
    assert_eq!(
        server.request_ok("textDocument/hover", at(URI, ENV, python)),
        Value::Null
    );

    // A new statement typed at the start of the level's last line.
    let line_start = ENV.find("MONSTER:").unwrap();
    let (line, _) = position_of(ENV, line_start, "utf-16");
    server.change(URI, 2, vec![edit(line, 0, line, 0, "TRA\n")]);
    server.wait_diagnostics_version(URI, 2);
    let typed = format!("{}TRA\n{}", &ENV[..line_start], &ENV[line_start..]);
    let items = server.request_ok(
        "textDocument/completion",
        at(URI, &typed, line_start + "TRA".len()),
    );
    let trap = items
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["label"] == "TRAP")
        .unwrap_or_else(|| panic!("no TRAP in {items}"));
    let replaced = byte_range(&typed, &trap["textEdit"]["range"], "utf-16");
    assert_eq!(&typed[replaced], "TRA");
    for outside in [typed.find("gym.make").unwrap() + 4, 0] {
        assert_eq!(
            server.request_ok("textDocument/completion", at(URI, &typed, outside)),
            Value::Null
        );
    }
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn a_quick_fix_applies_inside_the_string_and_its_diagnostic_goes() {
    let text = "LEVEL = '''\nMAZE: \"mylevel\", ' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\nOBJECT: ('%', \"aple\"), random\n'''\n";
    let mut server = TestServer::start(LEVLS);
    let published = open(&mut server, URI, text);
    let diagnostic = &published["diagnostics"][0];
    let actions = server.request_ok(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": URI},
            "range": diagnostic["range"],
            "context": {"diagnostics": [diagnostic]}
        }),
    );
    let fix = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"].as_str().unwrap_or_default().contains("apple"))
        .unwrap_or_else(|| panic!("no fix in {actions}"));
    let edits = fix["edit"]["changes"][URI].as_array().unwrap();
    let fixed = apply_edits(text, edits, "utf-16");
    assert!(fixed.contains("('%', \"apple\")"), "{fixed}");
    server.change(URI, 2, vec![json!({"text": fixed})]);
    let published = server.wait_diagnostics_version(URI, 2);
    assert_eq!(published["diagnostics"], json!([]), "{published}");
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn the_map_preview_draws_the_level_with_python_ranges() {
    let mut server = TestServer::start(LEVLS);
    open(&mut server, URI, ENV);
    let answer = server.request_ok(
        "levls/render",
        json!({"textDocument": {"uri": URI}, "include": ["text", "links"]}),
    );
    let picture = &answer["pictures"][0];
    assert_eq!(
        picture["rows"],
        json!(["-----", "|.D.|", "-----"]),
        "{answer}"
    );
    // Each cell's link is where the Python file wrote it.
    let links = picture["links"].as_array().unwrap();
    let source_of = |x: u64, y: u64| {
        let link = links
            .iter()
            .find(|l| l[0] == x && l[1] == y)
            .unwrap_or_else(|| panic!("no link for ({x},{y})"));
        let range = json!({
            "start": {"line": link[2], "character": link[3]},
            "end": {"line": link[4], "character": link[5]}
        });
        ENV[byte_range(ENV, &range, "utf-16")].to_string()
    };
    assert_eq!(source_of(0, 1), "|");
    assert_eq!(source_of(2, 1), "MONSTER: ('D', \"red dragn\"), (2,1)");
    let wall = ENV.find("|...|").unwrap();
    let (line, character) = position_of(ENV, wall, "utf-16");
    let first = links.iter().find(|l| l[0] == 0 && l[1] == 1).unwrap();
    assert_eq!(
        (first[2].as_u64(), first[3].as_u64()),
        (Some(line.into()), Some(character.into()))
    );
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn a_notebook_cell_is_read_like_a_python_file() {
    let cell = "vscode-notebook-cell:/tmp/levls-minihack-lsp/levels.ipynb#W1sZmlsZQ%3D%3D";
    let mut server = TestServer::start(LEVLS);
    let published = open(&mut server, cell, ENV);
    assert_eq!(covered(ENV, &published).len(), 1, "{published}");
    let info = server.request_ok("levls/documentInfo", document(cell));
    assert_eq!(info["detectedBy"], "languageId", "{info}");
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn python_code_gets_nothing_from_levls() {
    let plain =
        "import os\n\n\ndef main():\n    print(\"hello\")\n    return {\n        'a': 1,\n    }\n";
    let mut server = TestServer::start(LEVLS);
    for (uri, text) in [
        ("file:///tmp/levls-minihack-lsp/plain.py", plain),
        (URI, ENV),
    ] {
        let published = open(&mut server, uri, text);
        if text == plain {
            assert_eq!(published["diagnostics"], json!([]), "{published}");
        }
        for method in [
            "textDocument/semanticTokens/full",
            "textDocument/formatting",
            "textDocument/foldingRange",
            "textDocument/documentSymbol",
        ] {
            let mut params = document(uri);
            if method == "textDocument/formatting" {
                params["options"] = json!({"tabSize": 4, "insertSpaces": true});
            }
            assert_eq!(
                server.request_ok(method, params),
                Value::Null,
                "{method} on {uri}"
            );
        }
        let hints = server.request_ok(
            "textDocument/inlayHint",
            json!({
                "textDocument": {"uri": uri},
                "range": {"start": {"line": 0, "character": 0}, "end": {"line": 30, "character": 0}}
            }),
        );
        assert_eq!(hints, Value::Null, "{uri}");
    }
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn a_level_variable_is_followed_and_renamed_inside_the_string() {
    let text = "LEVEL = '''\nMAZE: \"mylevel\", ' '\n$place = (1,1)\nOBJECT: '%', $place\n'''\n";
    let mut server = TestServer::start(LEVLS);
    open(&mut server, URI, text);
    let used = text.rfind("$place").unwrap() + 2;
    let found = server.request_ok("textDocument/definition", at(URI, text, used));
    let range = byte_range(text, &found[0]["range"], "utf-16");
    assert_eq!(
        (range.start, &text[range.clone()]),
        (text.find("$place").unwrap(), "$place")
    );
    let mut params = at(URI, text, used);
    params["newName"] = json!("$spot");
    let renamed = server.request_ok("textDocument/rename", params);
    let edits = renamed["changes"][URI].as_array().unwrap();
    assert_eq!(
        apply_edits(text, edits, "utf-16"),
        text.replace("$place", "$spot")
    );
    assert!(server.shutdown_and_exit().success());
}
