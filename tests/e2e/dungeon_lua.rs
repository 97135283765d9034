//! NetHack 5.0's `dungeon.lua` with the level scripts beside it: the real
//! `dat/` folder checks clean of dungeon.lua's codes, and each planted fault
//! (a level renamed, a script deleted, a key misspelt, a branch to nowhere)
//! is reported on the line to fix, by `levls check DIR` and in the editor.

use crate::support::client::{file_uri, position_of, InitOptions, TestServer};
use crate::LEVLS;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// A copy of the real 5.0 `dat/` folder in a temporary folder.
fn game(name: &str) -> PathBuf {
    let source = crate::shared().join("corpus/nethack/5.0/dat");
    let dir = std::env::temp_dir().join(format!("levls-e2e-dlua-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(&source).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
    }
    dir
}

fn edit_dungeon(dir: &Path, from: &str, to: &str) {
    let path = dir.join("dungeon.lua");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{from}");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
}

/// (file, line, severity, code) of every diagnostic of `levls check DIR`.
fn check(dir: &Path) -> Vec<(String, u64, String, String)> {
    let (_, list) = crate::check_json(dir);
    list.as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let file = d["file"].as_str().unwrap().rsplit('/').next().unwrap();
            (
                file.to_string(),
                d["line"].as_u64().unwrap(),
                d["severity"].as_str().unwrap().to_string(),
                d["code"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn line_of(dir: &Path, needle: &str) -> u64 {
    let text = std::fs::read_to_string(dir.join("dungeon.lua")).unwrap();
    text[..text.find(needle).unwrap()].matches('\n').count() as u64 + 1
}

#[test]
fn the_real_game_has_no_error_and_no_dungeon_lua_warning() {
    let dir = game("clean");
    let found = check(&dir);
    assert!(!found.iter().any(|f| f.2 == "error"), "{found:?}");
    // The one warning of the shipped files is Wiz-goal.lua's `aligned=` key
    // (nethack-lua's, docs/formats/nethack-lua.md); none is dungeon.lua's.
    assert!(
        !found
            .iter()
            .any(|f| f.3.starts_with("nethack-dungeon-lua::")),
        "{found:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn planted_faults_are_reported_on_the_line_to_fix() {
    let dir = game("faults");
    edit_dungeon(&dir, "name = \"oracle\",", "name = \"oracel\",");
    edit_dungeon(&dir, "lvlfill = \"hellfill\"", "lvfill = \"hellfill\"");
    edit_dungeon(
        &dir,
        "name = \"Fort Ludios\",\n            base = 18",
        "name = \"Fort Ludio\",\n            base = 18",
    );
    std::fs::remove_file(dir.join("medusa-3.lua")).unwrap();
    let found = check(&dir);
    let has = |file: &str, line: u64, code: &str| {
        found
            .iter()
            .any(|f| f.0 == file && f.1 == line && f.3 == code)
    };
    let oracle = line_of(&dir, "\"oracel\"");
    assert!(
        has("dungeon.lua", oracle, "nethack-dungeon-lua::script-missing"),
        "{found:?}"
    );
    assert!(
        has("oracle.lua", 1, "nethack-dungeon-lua::level-not-loaded"),
        "{found:?}"
    );
    // Its branches chained to "oracle" lose it too.
    assert!(
        has(
            "dungeon.lua",
            line_of(&dir, "chainlevel = \"oracle\""),
            "nethack-dungeon-lua::unknown-chain"
        ),
        "{found:?}"
    );
    assert!(
        has(
            "dungeon.lua",
            line_of(&dir, "lvfill"),
            "nethack-dungeon-lua::unknown-key"
        ),
        "{found:?}"
    );
    assert!(
        has("hellfill.lua", 1, "nethack-dungeon-lua::level-not-loaded"),
        "{found:?}"
    );
    assert!(
        has(
            "dungeon.lua",
            line_of(&dir, "\"Fort Ludio\""),
            "nethack-dungeon-lua::unknown-branch"
        ),
        "{found:?}"
    );
    assert!(
        has(
            "dungeon.lua",
            line_of(&dir, "name = \"Fort Ludios\""),
            "nethack-dungeon-lua::unreached-dungeon"
        ),
        "{found:?}"
    );
    assert!(
        has(
            "dungeon.lua",
            line_of(&dir, "name = \"medusa\""),
            "nethack-dungeon-lua::script-missing"
        ),
        "{found:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_editor_reports_a_missing_script_until_it_is_created_and_goes_to_scripts() {
    let dir = game("lsp");
    std::fs::remove_file(dir.join("knox.lua")).unwrap();
    let dungeon = dir.join("dungeon.lua");
    let text = std::fs::read_to_string(&dungeon).unwrap();
    let mut server = TestServer::start_with(
        LEVLS,
        InitOptions {
            root: Some(dir.clone()),
            watch_files: true,
            ..Default::default()
        },
    );
    let uri = file_uri(&dungeon);
    server.open(&uri, "lua", &text);
    let missing = |p: &Value| {
        p["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == "nethack-dungeon-lua::script-missing")
    };
    let published = server.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == uri.as_str() && missing(p)
    });
    let d = published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "nethack-dungeon-lua::script-missing")
        .unwrap()
        .clone();
    let knox_line = text[..text.find("name = \"knox\"").unwrap()]
        .matches('\n')
        .count();
    assert_eq!(d["range"]["start"]["line"], knox_line as u64, "{d}");
    assert!(d["message"].as_str().unwrap().contains("knox.lua"), "{d}");

    // The script is written: the error goes.
    std::fs::copy(
        crate::shared().join("corpus/nethack/5.0/dat/knox.lua"),
        dir.join("knox.lua"),
    )
    .unwrap();
    server.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": [{ "uri": file_uri(&dir.join("knox.lua")), "type": 1 }] }),
    );
    server.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == uri.as_str() && !missing(p)
    });

    // From a level's name to its scripts: every variant of "medusa".
    let at = text.find("\"medusa\"").unwrap() + 2;
    let (line, character) = position_of(&text, at, &server.position_encoding());
    let found = server.request_ok(
        "textDocument/definition",
        json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } }),
    );
    let targets: Vec<String> = found
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            l["uri"]
                .as_str()
                .unwrap()
                .rsplit('/')
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(
        targets,
        [
            "medusa-1.lua",
            "medusa-2.lua",
            "medusa-3.lua",
            "medusa-4.lua"
        ]
    );
    server.shutdown_and_exit();
    std::fs::remove_dir_all(&dir).ok();
}
