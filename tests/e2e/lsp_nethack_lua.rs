//! NetHack 5.0 Lua levels: the 126 shipped scripts check with no error from
//! `levls check`, and over stdio a script gets its diagnostics, hover and
//! completion of keys and of the game's names, quick fixes and inlay hints,
//! while other Lua files are left alone.

use crate::support::client::{apply_edits, file_uri, position_of, TestServer};
use crate::{shared, LEVLS};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::Command;

fn dat() -> PathBuf {
    shared().join("corpus/nethack/5.0/dat")
}

/// A scratch script `name` opened over stdio, with its first diagnostics.
fn open_scratch(name: &str, text: &str) -> (TestServer, PathBuf, String, Value) {
    let path = std::env::temp_dir().join(format!("levls-e2e-lua-{}/{name}", std::process::id()));
    let uri = file_uri(&path);
    let mut server = TestServer::start(LEVLS);
    server.open(&uri, "lua", text);
    let published = server.wait_diagnostics(&uri);
    (server, path, uri, published)
}

/// `method` (hover, completion…) at byte `offset` of the open `text`.
fn request_at(
    server: &mut TestServer,
    method: &str,
    uri: &str,
    text: &str,
    offset: usize,
) -> Value {
    let (line, character) = position_of(text, offset, &server.position_encoding());
    server.request_ok(
        method,
        json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } }),
    )
}

/// The hover's text at byte `offset` ("" for none).
fn hover_at(server: &mut TestServer, uri: &str, text: &str, offset: usize) -> String {
    let hover = request_at(server, "textDocument/hover", uri, text, offset);
    hover["contents"]["value"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// The completion labels at byte `offset`.
fn completion_at(server: &mut TestServer, uri: &str, text: &str, offset: usize) -> Vec<String> {
    let completion = request_at(server, "textDocument/completion", uri, text, offset);
    completion["items"]
        .as_array()
        .or(completion.as_array())
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn every_shipped_level_script_checks_without_error_and_support_scripts_are_not_levels() {
    let out = Command::new(LEVLS)
        .args(["check", "--format", "json", "--all"])
        .arg(dat())
        .output()
        .unwrap();
    let list: Value = serde_json::from_slice(&out.stdout).unwrap();
    let list = list.as_array().unwrap();
    let errors: Vec<&Value> = list.iter().filter(|d| d["severity"] == "error").collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let human = Command::new(LEVLS)
        .arg("check")
        .arg(dat())
        .output()
        .unwrap();
    let summary = String::from_utf8_lossy(&human.stderr);
    // The 126 level scripts and dungeon.lua (docs/formats/nethack-dungeon-lua.md).
    assert!(summary.contains("checked 127 files"), "{summary}");
    // The one thing the game silently drops in a shipped script.
    assert!(list.iter().any(|d| d["code"] == "nethack-lua::unknown-key"
        && d["file"].as_str().unwrap().ends_with("Wiz-goal.lua")));
    for support in ["nhlib.lua", "themerms.lua"] {
        let out = Command::new(LEVLS)
            .arg("check")
            .arg(dat().join(support))
            .output()
            .unwrap();
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("not a level file"),
            "{support} is no level"
        );
    }
}

#[test]
fn a_lua_level_over_stdio_diagnostics_hover_and_completion_of_keys() {
    let text = "des.level_init({ style = \"solidfill\", fg = \" \" })\ndes.monster({ id = \"Oracle\", paeceful = 1, x = 3, y = 3 })\ndes.levregion({ region = {1,1,2,2}, type = \"portal\" })\n";
    let (mut server, path, uri, published) = open_scratch("oracle.lua", text);
    let codes: Vec<&str> = published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        [
            "nethack-lua::unknown-key",
            "nethack-lua::portal-without-name"
        ]
    );
    let shown = hover_at(&mut server, &uri, text, text.find("paeceful").unwrap() + 2);
    assert_eq!(shown, "", "no such key: nothing to say but the warning");
    let shown = hover_at(&mut server, &uri, text, text.find("levregion").unwrap() + 2);
    assert!(
        shown.contains("`name`") && shown.contains("(required)"),
        "{shown}"
    );
    let labels = completion_at(
        &mut server,
        &uri,
        text,
        text.find("type = \"portal\"").unwrap(),
    );
    assert!(
        labels.iter().any(|l| l == "name") && !labels.iter().any(|l| l == "region"),
        "{labels:?}"
    );
    // A Lua file that is no level: no diagnostics, no answers.
    let other = file_uri(&path.with_file_name("nhlib.lua"));
    server.open(
        &other,
        "lua",
        "function shuffle(list)\n  return list\nend\n",
    );
    let published = server.wait_diagnostics(&other);
    assert_eq!(published["diagnostics"], json!([]));
    server.shutdown_and_exit();
}

#[test]
fn the_map_preview_of_a_lua_level_draws_its_des_map() {
    let path = shared().join("corpus/nethack/5.0/dat/castle.lua");
    let text = std::fs::read_to_string(&path).unwrap();
    let uri = file_uri(&path);
    let mut server = TestServer::start(LEVLS);
    server.open(&uri, "lua", &text);
    server.wait_diagnostics(&uri);
    let answer = server.request_ok("levls/render", json!({ "textDocument": { "uri": uri } }));
    let pictures = answer["pictures"].as_array().expect("pictures");
    assert_eq!(pictures.len(), 1, "castle.lua has one des.map");
    let svg = pictures[0]["svg"].as_str().unwrap();
    // The moat and the drawbridge's wall, as the game colours them.
    assert!(
        svg.contains("moat") && svg.contains("<title>des.map</title>"),
        "{}",
        &svg[..300]
    );
    server.shutdown_and_exit();
}

#[test]
fn the_game_s_names_over_stdio_an_unknown_id_its_fix_hover_and_completion() {
    let text = "des.level_init({ style = \"solidfill\", fg = \" \" })\ndes.monster({ id = \"lihc\", x = 3, y = 3 })\ndes.monster(\"Elvenking\", 4, 4)\ndes.monster(\"li\")\n";
    let (mut server, _, uri, published) = open_scratch("names.lua", text);
    let unknown: Vec<&Value> = published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "nethack-lua::unknown-name")
        .collect();
    // "li" is a positional name too: a warning (a random monster), "lihc" in the table an error.
    let severities: Vec<&Value> = unknown.iter().map(|d| &d["severity"]).collect();
    assert_eq!(severities, [&json!(1), &json!(2)], "{published}");
    let actions = server.request_ok(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": unknown[0]["range"], "context": {"diagnostics": [unknown[0]]}}),
    );
    let action = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"] == "Change to \"lich\"")
        .unwrap_or_else(|| panic!("{actions}"));
    let encoding = server.position_encoding();
    let fixed = apply_edits(
        text,
        action["edit"]["changes"][&uri].as_array().unwrap(),
        &encoding,
    );
    assert!(fixed.contains("id = \"lich\""), "{fixed}");
    let shown = hover_at(&mut server, &uri, text, text.find("Elvenking").unwrap() + 3);
    assert!(
        shown.contains("elven monarch") && shown.contains("`@`"),
        "{shown}"
    );
    let labels = completion_at(&mut server, &uri, text, text.find("\"li\"").unwrap() + 3);
    assert!(
        labels.iter().any(|l| l == "lich") && labels.iter().any(|l| l == "lichen"),
        "{labels:?}"
    );
    server.shutdown_and_exit();
}

#[test]
fn inlay_hints_show_the_map_square_under_each_point_of_a_shipped_script() {
    let path = dat().join("medusa-1.lua");
    let text = std::fs::read_to_string(&path).unwrap();
    let uri = file_uri(&path);
    let mut server = TestServer::start(LEVLS);
    server.open(&uri, "lua", &text);
    server.wait_diagnostics(&uri);
    let encoding = server.position_encoding();
    let line_of = |s: &str| position_of(&text, text.find(s).unwrap(), &encoding).0;
    // The stairs and doors placed after its des.map, at the top level.
    let hints = server.request_ok(
        "textDocument/inlayHint",
        json!({
            "textDocument": {"uri": uri},
            "range": {"start": {"line": line_of("des.stair(\"up\""), "character": 0},
                      "end": {"line": line_of("des.door(\"closed\",30,12)") + 1, "character": 0}}
        }),
    );
    let shown: Vec<(Value, &str)> = hints
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["position"].clone(), h["label"].as_str().unwrap()))
        .collect();
    let after = |s: &str| {
        let (line, character) = position_of(&text, text.find(s).unwrap() + s.len() - 1, &encoding);
        json!({"line": line, "character": character})
    };
    assert_eq!(
        shown,
        [
            (after("des.stair(\"up\", 05,14)"), "'.' room floor"),
            (after("des.stair(\"down\", 36,10)"), "'.' room floor"),
            (after("des.door(\"closed\",46,07)"), "'S' secret door"),
            (after("des.door(\"locked\",38,08)"), "'+' door"),
            (after("des.door(\"locked\",38,11)"), "'+' door"),
            (after("des.door(\"closed\",30,12)"), "'S' secret door"),
        ]
    );
    server.shutdown_and_exit();
}
