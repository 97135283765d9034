//! The server stays up and answers per the protocol when the client does odd things.

use crate::support::client::{edit, TestServer};
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
