//! The editor and `levls check` agree on a project's `levls.toml`: a real
//! NetHack 3.4.3 file beside a `levls.toml` that says 3.6 gets the same
//! diagnostics over stdio as from `levls check --format json`, and when the
//! `levls.toml` is rewritten on disk (and the editor says so with
//! `didChangeWatchedFiles`) the diagnostics follow, again equal to the CLI's.

use crate::support::client::{file_uri, InitOptions, TestServer};
use crate::{check_json, shared, LEVLS};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// A fresh empty folder under the temporary directory.
fn tempdir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("levls-e2e-settings-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// One diagnostic as `code line:col-line:col message`, 0-based as LSP counts
/// (the file is ASCII, so every encoding agrees).
fn shown(code: &Value, [line, column, end_line, end_column]: [u64; 4], message: &Value) -> String {
    let (code, message) = (code.as_str().unwrap(), message.as_str().unwrap());
    format!("{code} {line}:{column}-{end_line}:{end_column} {message}")
}

/// The diagnostics published over stdio, sorted.
fn from_lsp(published: &Value) -> Vec<String> {
    let mut found: Vec<String> = published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let at = |end: &str, key: &str| d["range"][end][key].as_u64().unwrap();
            let range = [
                at("start", "line"),
                at("start", "character"),
                at("end", "line"),
                at("end", "character"),
            ];
            shown(&d["code"], range, &d["message"])
        })
        .collect();
    found.sort();
    found
}

/// The diagnostics of `levls check --format json` (1-based there), sorted.
fn from_check(file: &Path) -> Vec<String> {
    let (_, diagnostics) = check_json(file);
    let mut found: Vec<String> = diagnostics
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let at = |key: &str| d[key].as_u64().unwrap() - 1;
            let range = [at("line"), at("column"), at("end_line"), at("end_column")];
            shown(&d["code"], range, &d["message"])
        })
        .collect();
    found.sort();
    found
}

fn watched_change(server: &mut TestServer, config: &Path) {
    server.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": [{ "uri": file_uri(config), "type": 2 }] }),
    );
}

#[test]
fn the_editor_follows_the_levls_toml_as_levls_check_does_and_as_it_changes() {
    let dir = tempdir("dialect");
    let file = dir.join("levels/Arch.des");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::copy(shared().join("corpus/nethack/3.4.3/Arch.des"), &file).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    let without_toml = from_check(&file);
    assert_eq!(without_toml, Vec::<String>::new(), "a real 3.4.3 file");
    let config = dir.join("levls.toml");
    std::fs::write(&config, "[nethack]\ndialect = \"3.6\"\n").unwrap();

    // The editor's own setting says 3.4.3; the project's levls.toml wins.
    let mut server = TestServer::start_with(
        LEVLS,
        InitOptions {
            root: Some(dir.clone()),
            initialization_options: Some(json!({ "nethack": { "dialect": "3.4.3" } })),
            watch_files: true,
            ..Default::default()
        },
    );
    let uri = file_uri(&file);
    server.open(&uri, "nethack-des", &text);
    let as_36 = from_lsp(&server.wait_diagnostics_version(&uri, 1));
    assert_eq!(as_36, from_check(&file));
    assert!(as_36.len() > 100, "3.6 rejects the 3.4.3 file: {as_36:#?}");
    assert_ne!(as_36, without_toml);
    // The server asked the editor to watch every levls.toml.
    let registered = server
        .server_requests()
        .iter()
        .find(|r| r["method"] == "client/registerCapability")
        .unwrap_or_else(|| panic!("no registration: {:#?}", server.server_requests()));
    let registration = &registered["params"]["registrations"][0];
    assert_eq!(registration["method"], "workspace/didChangeWatchedFiles");
    assert_eq!(
        registration["registerOptions"]["watchers"][0]["globPattern"],
        "**/levls.toml"
    );

    // The project moves back to 3.4.3: the diagnostics follow the file on disk.
    std::fs::write(&config, "[nethack]\ndialect = \"3.4.3\"\n").unwrap();
    watched_change(&mut server, &config);
    let as_343 = from_lsp(&server.wait_diagnostics(&uri));
    assert_eq!(as_343, from_check(&file));
    assert_eq!(as_343, without_toml);

    // A broken levls.toml: `levls check` refuses it (exit 2); the editor says
    // so, naming the file, and goes on with its own settings.
    std::fs::write(&config, "[nethack]\ndialect = \"3.6\"\noops\n").unwrap();
    let out = std::process::Command::new(LEVLS)
        .arg("check")
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    watched_change(&mut server, &config);
    let shown = server.wait_notification("window/showMessage", |_| true);
    let message = shown["message"].as_str().unwrap();
    assert!(
        message.contains(&config.display().to_string()) && shown["type"] == 1,
        "{shown}"
    );
    // The next analysis (an empty edit) uses the editor's 3.4.3.
    let empty = json!({ "range": { "start": { "line": 0, "character": 0 },
                                   "end": { "line": 0, "character": 0 } }, "text": "" });
    server.change(&uri, 2, vec![empty]);
    let fallback = from_lsp(&server.wait_diagnostics_version(&uri, 2));
    assert_eq!(fallback, without_toml);
    server.shutdown_and_exit();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A client that watches nothing still gets the new `levls.toml` at the
/// next analysis (the server checks the file's modification time and size).
#[test]
fn without_file_watching_the_next_edit_reads_the_new_levls_toml() {
    let dir = tempdir("unwatched");
    let file = dir.join("Arch.des");
    std::fs::copy(shared().join("corpus/nethack/3.4.3/Arch.des"), &file).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    let config = dir.join("levls.toml");
    std::fs::write(&config, "[nethack]\ndialect = \"3.4.3\"\n").unwrap();
    let mut server = TestServer::start(LEVLS);
    let uri = file_uri(&file);
    server.open(&uri, "nethack-des", &text);
    let before = from_lsp(&server.wait_diagnostics_version(&uri, 1));
    assert_eq!(before, from_check(&file));
    assert!(
        !server
            .server_requests()
            .iter()
            .any(|r| r["method"] == "client/registerCapability"),
        "no registration for a client that cannot watch"
    );

    std::fs::write(&config, "[nethack]\ndialect = \"3.6\"\n").unwrap();
    // An edit that changes nothing the checks see: a trailing comment line.
    let end = text.lines().count();
    server.change(
        &uri,
        2,
        vec![json!({ "range": { "start": { "line": end, "character": 0 },
                                "end": { "line": end, "character": 0 } },
                     "text": "# edited\n" })],
    );
    let after = from_lsp(&server.wait_diagnostics_version(&uri, 2));
    assert_eq!(after, from_check(&file));
    assert_ne!(after, before);
    server.shutdown_and_exit();
    std::fs::remove_dir_all(&dir).unwrap();
}
