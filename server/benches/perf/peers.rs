//! Figure 14: levls beside VS Code's own JSON language server on the same
//! dungeon-mystery files, with the same edits: a key typed at a random place
//! and deleted at the next edit (figure 13's typing), timed from the
//! `didChange` to the diagnostics of that version. The JSON server checks the
//! file against levls's generated schema (`docs/formats/dungeon-mystery.schema.json`),
//! and is asked for its diagnostics as VS Code asks it (a pull request after
//! each change; pushed, they wait out a 500 ms debounce). levls pushes its own.
//! Memory: each server's resident set after opening the file.
//!
//! The peer is `vscode-json-language-server` (npm `vscode-langservers-extracted`)
//! on the PATH, or `LEVLS_JSON_SERVER`; without it the figure says so and is
//! skipped.

use crate::inputs;
use crate::memory::rss_mb;
use crate::real::{settled_rss, time_edits, typing};
use crate::report::{percentile, Row};
use crate::support::client::{file_uri, InitOptions, TestServer};
use crate::LEVLS;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The peer's command: `LEVLS_JSON_SERVER`, else the npm package's on the PATH.
fn json_server() -> Option<PathBuf> {
    if let Some(given) = std::env::var_os("LEVLS_JSON_SERVER") {
        return Some(PathBuf::from(given));
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join("vscode-json-language-server"))
        .find(|p| p.is_file())
}

pub fn run(edits: usize) -> Vec<Row> {
    let Some(peer) = json_server() else {
        eprintln!(
            "figure 14: no vscode-json-language-server (npm i -g vscode-langservers-extracted, or set LEVLS_JSON_SERVER)"
        );
        return Vec::new();
    };
    let peer = peer.to_string_lossy().into_owned();
    let schema = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../docs/formats/dungeon-mystery.schema.json")
        .canonicalize()
        .expect("the committed schema");
    let dir = std::env::temp_dir().join(format!("levls-peers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let documents = [
        inputs::realistic("dungeon-mystery"),
        inputs::sized("dungeon-mystery", 1_000_000),
    ];
    let mut rows = Vec::new();
    for (i, doc) in documents.iter().enumerate() {
        let path = dir.join(format!("floor{i}.dungeoneer.json"));
        std::fs::write(&path, &doc.text).unwrap();
        let uri = file_uri(&path);
        let typed = typing(&doc.text, edits, 14 + i as u64);

        let mut levls = TestServer::start(LEVLS);
        levls.open(&uri, doc.language_id, &doc.text);
        levls.wait_diagnostics_version(&uri, 1);
        let levls_mb = settled_rss(&mut levls);
        let mut levls_times = time_edits(
            &mut levls,
            &uri,
            &mut doc.text.clone(),
            &typed,
            2,
            |server, uri, version| {
                server.wait_diagnostics_version(uri, version);
            },
        );
        levls.shutdown_and_exit();

        let mut json = TestServer::start_with(
            &peer,
            InitOptions {
                pull_diagnostics: true,
                initialization_options: Some(json!({
                    "handledSchemaProtocols": ["file"],
                    "provideFormatter": false,
                })),
                ..InitOptions::default()
            },
        );
        json.notify(
            "workspace/didChangeConfiguration",
            json!({ "settings": { "json": {
                "validate": { "enable": true },
                "schemas": [{ "fileMatch": ["**/*.dungeoneer.json"], "url": file_uri(&schema) }],
            } } }),
        );
        let schema_applied = schema_applies(&mut json, &dir);
        json.open(&uri, "json", &doc.text);
        pull(&mut json, &uri);
        std::thread::sleep(Duration::from_millis(500));
        let json_mb = rss_mb(json.pid()).0;
        let mut json_times = time_edits(
            &mut json,
            &uri,
            &mut doc.text.clone(),
            &typed,
            2,
            |server, uri, _| {
                pull(server, uri);
            },
        );
        levls_times.sort();
        json_times.sort();
        json.shutdown_and_exit();

        let (p50, p99) = (
            percentile(&levls_times, 0.5),
            percentile(&levls_times, 0.99),
        );
        let (j50, j99) = (percentile(&json_times, 0.5), percentile(&json_times, 0.99));
        rows.push(
            Row::new(
                14,
                format!(
                    "levls beside VS Code's JSON server, dungeon-mystery {}",
                    doc.label
                ),
            )
            .value("edits", typed.len() as f64)
            .ms("levls_p50_ms", p50)
            .ms("levls_p99_ms", p99)
            .ms("json_server_p50_ms", j50)
            .ms("json_server_p99_ms", j99)
            .ratio(
                "levls_over_json_server_p50",
                p50.as_secs_f64() / j50.as_secs_f64(),
                1.0,
            )
            .value("levls_rss_mb", levls_mb)
            .value("json_server_rss_mb", json_mb)
            .note("schema_applied", if schema_applied { "yes" } else { "NO" }),
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    rows
}

/// The JSON server's diagnostics of `uri` now (a `textDocument/diagnostic` pull).
fn pull(server: &mut TestServer, uri: &str) -> usize {
    let report = server.request_ok(
        "textDocument/diagnostic",
        json!({ "textDocument": { "uri": uri } }),
    );
    report["items"].as_array().map_or(0, Vec::len)
}

/// Whether the JSON server reads the schema: a layout that is a string gets
/// a diagnostic more than the same file with a number there.
fn schema_applies(server: &mut TestServer, dir: &Path) -> bool {
    let uri = file_uri(&dir.join("check.dungeoneer.json"));
    server.open(&uri, "json", "{\"floor_props\": {\"layout\": \"oops\"}}\n");
    let broken = pull(server, &uri);
    server.change(
        &uri,
        2,
        vec![json!({ "text": "{\"floor_props\": {\"layout\": 1}}\n" })],
    );
    let fine = pull(server, &uri);
    server.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": uri } }),
    );
    broken > fine
}
