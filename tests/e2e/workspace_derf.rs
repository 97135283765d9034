//! A folder of DERF rooms is one dungeon's pool: without a room that can
//! be its exit (or entrance) every room of it says so, in `levls check DIR`
//! and in the editor, closed rooms included, until a room that can is added.

use crate::support::client::{file_uri, InitOptions, TestServer};
use crate::LEVLS;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

fn folder(name: &str, rooms: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("levls-e2e-derf-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (file, flags) in rooms {
        write_room(&dir, file, flags);
    }
    dir
}

fn write_room(dir: &Path, file: &str, flags: &str) {
    let text = format!("DERF:0.1.0\n{file}\nA room.\nStone walls.\nFlags: {flags}\n");
    std::fs::write(dir.join(file), text).unwrap();
}

const GATE: (&str, &str) = ("gate.derf", "+dungeon_entrance");
const HALL: (&str, &str) = ("hall.derf", "+north_exit +south_exit");

fn check(dir: &Path) -> Vec<(String, u64, String)> {
    let out = Command::new(LEVLS)
        .args(["check", "--format", "json"])
        .arg(dir)
        .output()
        .unwrap();
    let list: Value = serde_json::from_slice(&out.stdout).unwrap();
    list.as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let file = d["file"]
                .as_str()
                .unwrap()
                .rsplit('/')
                .next()
                .unwrap()
                .to_string();
            (
                file,
                d["line"].as_u64().unwrap(),
                d["code"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn levls_check_says_a_folder_of_rooms_has_no_exit_in_every_room() {
    let dir = folder("cli", &[GATE, HALL]);
    let found = check(&dir);
    for room in ["gate.derf", "hall.derf"] {
        assert!(
            found.contains(&(room.into(), 1, "derf::pool-without-exit".into())),
            "{room}: {found:?}"
        );
    }
    assert!(
        !found.iter().any(|f| f.2 == "derf::pool-without-entrance"),
        "{found:?}"
    );
    // A room that can be the exit: the dungeon is whole.
    write_room(&dir, "throne.derf", "+dungeon_exit");
    let found = check(&dir);
    assert!(
        !found.iter().any(|f| f.2.starts_with("derf::pool-")),
        "{found:?}"
    );
    // An exit no other room can be entered through: a warning on its flag.
    write_room(&dir, "ledge.derf", "+east_exit");
    let found = check(&dir);
    let gate_and_throne_have_west = found.iter().all(|f| f.2 != "derf::exit-leads-nowhere");
    assert!(
        gate_and_throne_have_west,
        "entrance and exit rooms open all four ways: {found:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
    let dir = folder(
        "nowhere",
        &[
            ("a.derf", "+dungeon_entrance -west_exit -east_exit"),
            ("b.derf", "+dungeon_exit -west_exit -east_exit"),
            ("c.derf", "+east_exit"),
        ],
    );
    let found = check(&dir);
    assert!(
        found.contains(&("c.derf".into(), 5, "derf::exit-leads-nowhere".into())),
        "{found:?}"
    );
    // A lone room is no dungeon yet: nothing to say about the pool.
    let lone = folder("lone", &[HALL]);
    assert!(!check(&lone).iter().any(|f| f.2.starts_with("derf::pool-")));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_dir_all(&lone).ok();
}

fn codes(params: &Value) -> Vec<String> {
    params["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_editor_shows_a_folder_without_an_exit_in_open_and_closed_rooms_until_one_is_added() {
    let dir = folder("lsp", &[GATE, HALL]);
    let hall = dir.join("hall.derf");
    let gate = dir.join("gate.derf");
    let mut server = TestServer::start_with(
        LEVLS,
        InitOptions {
            root: Some(dir.clone()),
            watch_files: true,
            ..Default::default()
        },
    );
    server.open(
        &file_uri(&hall),
        "derf",
        &std::fs::read_to_string(&hall).unwrap(),
    );
    // The closed gate.derf hears it from the index's first pass.
    let closed = server.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == file_uri(&gate) && !p["diagnostics"].as_array().unwrap().is_empty()
    });
    assert_eq!(codes(&closed), ["derf::pool-without-exit"]);
    let open = server.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == file_uri(&hall) && codes(p).contains(&"derf::pool-without-exit".to_string())
    });
    assert_eq!(open["diagnostics"][0]["range"]["start"]["line"], 0);
    // A room that can be the exit is saved: both rooms are told.
    write_room(&dir, "throne.derf", "+dungeon_exit");
    server.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": [{ "uri": file_uri(&dir.join("throne.derf")), "type": 1 }] }),
    );
    server.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == file_uri(&gate) && p["diagnostics"].as_array().unwrap().is_empty()
    });
    server.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == file_uri(&hall) && !codes(p).contains(&"derf::pool-without-exit".to_string())
    });
    server.shutdown_and_exit();
    std::fs::remove_dir_all(&dir).ok();
}
