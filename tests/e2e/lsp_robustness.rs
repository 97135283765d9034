//! The server stays up and answers per the protocol when the client does odd things.

use crate::support::client::{edit, InitOptions, TestServer};
use crate::LEVLS;
use serde_json::json;

#[test]
fn requests_for_unknown_documents_and_positions_past_the_end() {
    let mut server = TestServer::start(LEVLS);
    let hover = server.request_ok(
        "textDocument/hover",
        json!({"textDocument": {"uri": "file:///nowhere.derf"}, "position": {"line": 0, "character": 0}}),
    );
    assert!(hover.is_null());
    // didChange for a document that was never opened: ignored, no crash.
    server.change("file:///nowhere.derf", 2, vec![edit(0, 0, 0, 0, "x")]);
    let uri = "file:///rooms/a.derf";
    server.open(uri, "derf", "DERF:0.1.0\nHall\n");
    server.wait_diagnostics_version(uri, 1);
    let hover = server.request_ok(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 99, "character": 99}}),
    );
    assert!(hover.is_null() || hover["contents"].is_object());
    // An edit whose range lies past the end is clamped, not a crash.
    server.change(
        uri,
        2,
        vec![edit(40, 3, 50, 0, "Short.\nLong.\nFlags: +north_exit\n")],
    );
    let diagnostics = server.wait_diagnostics_version(uri, 2);
    assert_eq!(diagnostics["diagnostics"], json!([]), "{diagnostics}");
    let unknown = server.request("levls/noSuchMethod", json!({}));
    assert_eq!(unknown["error"]["code"], -32601);
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

#[test]
fn a_burst_of_edits_ends_in_the_latest_state() {
    let mut server = TestServer::start(LEVLS);
    let uri = "file:///rooms/burst.derf";
    let mut replica = String::from("DERF:0.1.0\nHall\nShort.\nLong.\nFlags: +north_exit \n");
    server.open(uri, "derf", &replica);
    server.wait_diagnostics_version(uri, 1);
    // Type "+monstr_spawn" one key at a time without waiting.
    let typed = "+monstr_spawn";
    let typing_at = replica.find("exit \n").unwrap() + 5;
    for (i, c) in typed.chars().enumerate() {
        let col = 19 + i as u32;
        server.change(
            uri,
            2 + i as i32,
            vec![edit(4, col, 4, col, &c.to_string())],
        );
        replica.insert(typing_at + i, c);
    }
    let last = 1 + typed.len() as i32;
    let diagnostics = server.wait_diagnostics_version(uri, last);
    let d = &diagnostics["diagnostics"][0];
    assert_eq!(d["code"], "derf::unknown-flag", "{diagnostics}");
    assert_eq!(
        d["range"],
        json!({"start": {"line": 4, "character": 20}, "end": {"line": 4, "character": 32}})
    );
    assert!(replica.contains("+north_exit +monstr_spawn\n"));
}

/// The LSP spec: `exit` after `shutdown` ends with code 0, without it with 1.
#[test]
fn exit_without_shutdown_is_exit_code_1() {
    let server = TestServer::start(LEVLS);
    assert_eq!(server.exit().code(), Some(1));
    let server = TestServer::start(LEVLS);
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

/// When the editor's process dies, the server does not linger.
#[test]
fn the_server_exits_when_the_client_process_is_gone() {
    let mut editor = std::process::Command::new("sleep")
        .arg("30")
        .spawn()
        .expect("spawn a stand-in editor");
    let mut server = TestServer::start_with(
        LEVLS,
        InitOptions {
            process_id: Some(editor.id()),
            ..Default::default()
        },
    );
    editor.kill().unwrap();
    editor.wait().unwrap();
    let status = server.wait_for_exit();
    assert_eq!(status.code(), Some(1));
}

/// A panic inside one request is answered as an internal error, logged to the
/// client, and the server goes on serving.
#[test]
fn a_panicking_request_leaves_the_server_up() {
    let opts = InitOptions {
        env: vec![("LEVLS_TEST_HOOKS".into(), "1".into())],
        ..Default::default()
    };
    let mut server = TestServer::start_with(LEVLS, opts);
    let answer = server.request("levls/test/panic", json!(null));
    assert_eq!(answer["error"]["code"], -32603, "{answer}");
    let log = server.wait_notification("window/logMessage", |p| p["type"] == 1);
    assert!(
        log["message"].as_str().unwrap().contains("internal error"),
        "{log}"
    );
    let uri = "file:///rooms/after.derf";
    server.open(
        uri,
        "derf",
        "DERF:0.1.0\nHall\nShort.\nLong.\nFlags: +north_exit\n",
    );
    let hover = server.request_ok(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 4, "character": 10}}),
    );
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("north_exit"));
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

/// Without the environment variable the test hook does not exist.
#[test]
fn the_test_hook_is_off_by_default() {
    let mut server = TestServer::start(LEVLS);
    let answer = server.request("levls/test/panic", json!(null));
    assert_eq!(answer["error"]["code"], -32601, "{answer}");
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

/// Versions going backwards, a second `initialize`, requests after `shutdown`.
#[test]
fn odd_but_harmless_client_behaviour() {
    let mut server = TestServer::start(LEVLS);
    let uri = "file:///rooms/v.derf";
    server.open(
        uri,
        "derf",
        "DERF:0.1.0\nHall\nShort.\nLong.\nFlags: +north_exit\n",
    );
    server.wait_diagnostics_version(uri, 1);
    // An older version number after version 1: the edit is applied all the same.
    server.change(uri, 0, vec![edit(4, 18, 4, 18, " +bos")]);
    let diagnostics = server.wait_diagnostics_version(uri, 0);
    assert_eq!(diagnostics["diagnostics"][0]["code"], "derf::unknown-flag");
    let again = server.request("initialize", json!({"capabilities": {}}));
    assert!(
        again["error"].is_object(),
        "a second initialize is an error: {again}"
    );
    server.request_ok("shutdown", json!(null));
    let after = server.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}),
    );
    assert_eq!(
        after["error"]["code"], -32600,
        "requests after shutdown are invalid: {after}"
    );
    assert_eq!(server.exit().code(), Some(0));
}

/// `$/cancelRequest` for a request that is done or unknown is ignored; a
/// change whose range is reversed is applied as if it were in order.
#[test]
fn cancel_requests_and_reversed_ranges() {
    let mut server = TestServer::start(LEVLS);
    server.notify("$/cancelRequest", json!({"id": 12345}));
    let uri = "file:///rooms/r.derf";
    server.open(
        uri,
        "derf",
        "DERF:0.1.0\nHall\nShort.\nLong.\nFlags: +north_exit +boss\n",
    );
    server.wait_diagnostics_version(uri, 1);
    // Delete " +boss" with the range written end first.
    server.change(uri, 2, vec![edit(4, 24, 4, 18, "")]);
    let diagnostics = server.wait_diagnostics_version(uri, 2);
    assert_eq!(diagnostics["diagnostics"], json!([]), "{diagnostics}");
    let symbols = server.request_ok(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(symbols[0]["children"][1]["detail"], "+north_exit");
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

/// Typing faster than a large file is analysed: the edits are all applied,
/// in order, but analysed together (`levls/stats` counts the runs), and the
/// last diagnostics are those of the last text, level by level.
#[test]
fn a_burst_on_a_large_file_is_analysed_once_for_the_latest_text() {
    let level = |n: usize| {
        format!(
            "MAZE:\"l{n}\",' '\nGEOMETRY:center,center\nMAP\n-----\n|.+.|\n-----\nENDMAP\nDOOR:locked,(2,1)\n"
        )
    };
    let text: String = (0..3000).map(level).collect();
    let mut server = TestServer::start(LEVLS);
    let uri = "file:///levels/burst.des";
    server.open(uri, "nethack-des", &text);
    server.wait_diagnostics_version(uri, 1);
    let before = server.request_ok("levls/stats", json!({}));
    // In 50 levels spread over the file, `locked` becomes `lockedx`: an
    // unknown door state each.
    for i in 0..50u32 {
        let line = 8 * (i * 59) + 7;
        server.change(uri, 2 + i as i32, vec![edit(line, 11, line, 11, "x")]);
    }
    let last = server.wait_diagnostics_version(uri, 51);
    let after = server.request_ok("levls/stats", json!({}));
    let errors: Vec<u64> = last["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "nethack::unknown-value")
        .map(|d| d["range"]["start"]["line"].as_u64().unwrap())
        .collect();
    let expected: Vec<u64> = (0..50u64).map(|i| 8 * (i * 59) + 7).collect();
    assert_eq!(errors, expected);
    let runs = after["analyses"].as_u64().unwrap() - before["analyses"].as_u64().unwrap();
    assert!(runs < 50, "{runs} analyses for 50 edits: {after}");
    assert!(after["coalesced"].as_u64().unwrap() > 0, "{after}");
    assert!(server.shutdown_and_exit().success());
}
