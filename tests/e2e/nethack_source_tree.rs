//! A level inside a variant's source tree gets that tree's names, read from
//! its C sources (`names/tree/`): the editor completes and hovers a monster
//! only the tree defines, says in the status which tree is in force, and
//! `levls check` accepts the name inside the tree and reports it outside;
//! a monster's hover and completion show its level and attacks as the
//! tree's `src/monst.c` defines them.
//! The tree is the reader's own C fixture (`classic`: a 3.4.3-style
//! variant), copied to a temporary folder.

use crate::support::client::{file_uri, InitOptions, TestServer};
use crate::LEVLS;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

/// `wallaby` is a `z` only the fixture tree defines; the last line is
/// where completion is asked, inside the empty name.
const LEVEL: &str = "MAZE:\"test\",' '\nGEOMETRY:center,center\nMAP\n...\n...\nENDMAP\nMONSTER:'z',\"wallaby\",(1,1)\nMONSTER:'z',\"\",(0,0)\n";

fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// The fixture tree in a folder of its own, with `level` as `dat/zoo.des`,
/// and the same level in a folder beside it, outside any tree.
fn tree_and_stray(name: &str, level: &str) -> (PathBuf, PathBuf) {
    let base = std::env::temp_dir().join(format!("levls-e2e-tree-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let tree = base.join("classichack");
    copy(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../server/src/formats/nethack/names/tree/tests/fixtures/classic"),
        &tree,
    );
    let inside = tree.join("dat/zoo.des");
    std::fs::write(&inside, level).unwrap();
    let outside = base.join("elsewhere/zoo.des");
    std::fs::create_dir_all(outside.parent().unwrap()).unwrap();
    std::fs::write(&outside, level).unwrap();
    (inside, outside)
}

fn wallaby_diagnostics(file: &Path) -> Vec<Value> {
    let out = Command::new(LEVLS)
        .args(["check", "--format", "json"])
        .arg(file)
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    report
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["message"].as_str().is_some_and(|m| m.contains("wallaby")))
        .cloned()
        .collect()
}

#[test]
fn levls_check_reads_the_names_of_the_tree_a_level_lives_in() {
    let (inside, outside) = tree_and_stray("check", LEVEL);
    assert_eq!(wallaby_diagnostics(&inside), Vec::<Value>::new());
    let stray = wallaby_diagnostics(&outside);
    assert_eq!(stray.len(), 1, "{stray:#?}");
    assert_eq!(
        stray[0]["code"], "nethack::unknown-monster-name",
        "{stray:#?}"
    );
}

#[test]
fn in_its_tree_a_variants_monster_completes_hovers_and_the_status_names_the_tree() {
    let (inside, _) = tree_and_stray("editor", LEVEL);
    let tree = inside.parent().unwrap().parent().unwrap().to_path_buf();
    let mut server = TestServer::start_with(
        LEVLS,
        InitOptions {
            root: Some(tree.clone()),
            ..Default::default()
        },
    );
    let uri = file_uri(&inside);
    server.open(&uri, "nethack-des", LEVEL);
    let published = server.wait_diagnostics_version(&uri, 1);
    let unknown: Vec<&Value> = published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "nethack::unknown-monster-name")
        .collect();
    // Only the empty name of the last line is unknown.
    assert!(
        unknown.iter().all(|d| d["range"]["start"]["line"] == 7),
        "{unknown:#?}"
    );

    let completion = server.request_ok(
        "textDocument/completion",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 7, "character": 13 } }),
    );
    let items = match completion {
        Value::Array(items) => items,
        other => other["items"].as_array().cloned().unwrap_or_default(),
    };
    let labels: Vec<&str> = items.iter().filter_map(|i| i["label"].as_str()).collect();
    assert!(labels.iter().any(|l| l.contains("wallaby")), "{labels:?}");
    assert!(
        !labels.iter().any(|l| l.contains("jackal")),
        "only `z`s: {labels:?}"
    );

    let hover = server.request_ok(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 6, "character": 16 } }),
    );
    let text = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(text.contains("wallaby"), "{hover}");

    let info = server.request_ok("levls/documentInfo", json!({"textDocument": {"uri": uri}}));
    let status = info["status"].as_str().unwrap();
    assert!(
        status.contains(&format!("names: the source tree at {}", tree.display())),
        "{status}"
    );
    server.shutdown_and_exit();
}

/// The server asks the editor to watch the sources a tree's names come
/// from; when the tree's `src/monst.c` is saved, the open level is checked
/// again against the names it now defines.
#[test]
fn a_saved_change_of_the_trees_sources_rechecks_the_open_level() {
    let (inside, _) = tree_and_stray("watch", LEVEL);
    let tree = inside.parent().unwrap().parent().unwrap().to_path_buf();
    let mut server = TestServer::start_with(
        LEVLS,
        InitOptions {
            root: Some(tree.clone()),
            watch_files: true,
            ..Default::default()
        },
    );
    let uri = file_uri(&inside);
    server.open(&uri, "nethack-des", LEVEL);
    let wallaby_errors = |published: &Value| -> usize {
        published["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["message"].as_str().is_some_and(|m| m.contains("wallaby")))
            .count()
    };
    assert_eq!(wallaby_errors(&server.wait_diagnostics_version(&uri, 1)), 0);
    let registered = server
        .server_requests()
        .iter()
        .find(|r| r["method"] == "client/registerCapability")
        .cloned()
        .unwrap_or_else(|| panic!("no registration: {:#?}", server.server_requests()));
    let globs: Vec<&str> = registered["params"]["registrations"][0]["registerOptions"]["watchers"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|w| w["globPattern"].as_str())
        .collect();
    assert!(globs.contains(&"**/src/monst.c"), "{globs:?}");

    // The tree renames its wallaby; the editor reports the save.
    let monst = tree.join("src/monst.c");
    let source = std::fs::read_to_string(&monst).unwrap();
    assert!(source.contains("\"wallaby\""));
    std::fs::write(&monst, source.replace("\"wallaby\"", "\"kangaroo\"")).unwrap();
    server.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": [{ "uri": file_uri(&monst), "type": 2 }] }),
    );
    assert_eq!(wallaby_errors(&server.wait_diagnostics(&uri)), 1);
    server.shutdown_and_exit();
}

/// The hover of the monster name on line 6 and the completion items of the
/// empty name on line 7 of `level`, opened at `file`.
fn monster_hover_and_items(file: &Path, level: &str) -> (String, Vec<Value>) {
    let mut server = TestServer::start_with(
        LEVLS,
        InitOptions {
            root: Some(file.parent().unwrap().to_path_buf()),
            ..Default::default()
        },
    );
    let uri = file_uri(file);
    server.open(&uri, "nethack-des", level);
    server.wait_diagnostics_version(&uri, 1);
    let hover = server.request_ok(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 6, "character": 16 } }),
    );
    let completion = server.request_ok(
        "textDocument/completion",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 7, "character": 13 } }),
    );
    server.shutdown_and_exit();
    let items = match completion {
        Value::Array(items) => items,
        other => other["items"].as_array().cloned().unwrap_or_default(),
    };
    let text = hover["contents"]["value"].as_str().unwrap_or_default();
    (text.to_string(), items)
}

#[test]
fn in_its_tree_a_monsters_hover_and_completion_show_its_level_and_attacks_as_the_tree_defines_them()
{
    // `jackal` is a vanilla name too: outside the tree it is vanilla's,
    // with no tree's details.
    let level = LEVEL.replace("'z',\"wallaby\"", "'d',\"jackal\"");
    let (inside, outside) = tree_and_stray("details", &level);

    let (hover, items) = monster_hover_and_items(&inside, &level);
    assert!(
        hover.contains("As ClassicHack defines it in `src/monst.c`:"),
        "{hover}"
    );
    assert!(
        hover.contains("level 0, speed 12, AC 7, MR 0, alignment -7"),
        "{hover}"
    );
    assert!(hover.contains("attacks: bite 1d2"), "{hover}");
    let wallaby = items
        .iter()
        .find(|i| i["label"].as_str().is_some_and(|l| l.contains("wallaby")))
        .unwrap_or_else(|| panic!("{items:#?}"));
    let detail = wallaby["detail"].as_str().unwrap_or_default();
    assert!(
        detail.contains(
            "level 2, speed 15, AC -1, MR 0, alignment 0; attacks: kick 1d3, bite fire 2d4"
        ),
        "{detail}"
    );

    let (hover, items) = monster_hover_and_items(&outside, &level);
    assert!(hover.contains("jackal"), "{hover}");
    for tree_only in ["ClassicHack", "level ", "attacks:"] {
        assert!(!hover.contains(tree_only), "{hover}");
    }
    assert!(
        !items.is_empty()
            && items
                .iter()
                .filter_map(|i| i["detail"].as_str())
                .all(|d| !d.contains("attacks:")),
        "{items:#?}"
    );
}
