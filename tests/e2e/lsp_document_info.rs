//! `levls/documentInfo`, the request behind the editors' status item: the
//! format, what detected it and, for NetHack, the dialect and why — which
//! follows the file as it is edited, and stays when the edit leaves no sign.

use crate::support::client::{edit, TestServer};
use crate::LEVLS;
use serde_json::{json, Value};

fn info(server: &mut TestServer, uri: &str) -> Value {
    server.request_ok("levls/documentInfo", json!({"textDocument": {"uri": uri}}))
}

#[test]
fn status_names_the_format_and_the_nethack_dialect_as_it_changes() {
    let mut server = TestServer::start(LEVLS);

    let frupal = "file:///tmp/levls-info/kingdom.fmap";
    server.open(frupal, "plaintext", "Frupal_Kingdom:\n");
    server.wait_diagnostics_version(frupal, 1);
    let answer = info(&mut server, frupal);
    assert_eq!(answer["format"], "frupal", "{answer}");
    assert_eq!(answer["detectedBy"], "extension", "{answer}");
    assert_eq!(answer["status"], Value::Null, "{answer}");

    let des = "file:///tmp/levls-info/tower.des";
    server.open(
        des,
        "nethack-des",
        "MAZE:\"tower\",' '\nGEOMETRY:center,center\n",
    );
    server.wait_diagnostics_version(des, 1);
    let answer = info(&mut server, des);
    assert_eq!(answer["format"], "nethack", "{answer}");
    assert_eq!(answer["detectedBy"], "languageId", "{answer}");
    let status = answer["status"].as_str().unwrap();
    assert!(status.starts_with("dialect 3.4.3"), "{status}");

    // A 3.6 variable makes it a 3.6 file.
    server.change(des, 2, vec![edit(2, 0, 2, 0, "$place = { (1,1) }\n")]);
    server.wait_diagnostics_version(des, 2);
    let answer = info(&mut server, des);
    let status = answer["status"].as_str().unwrap();
    assert!(status.starts_with("dialect 3.6"), "{status}");
    assert_eq!(answer["version"], 2);

    // The variable deleted again: while the file is open it stays 3.6, and
    // the status and the hover on `MAZE` say why.
    server.change(des, 3, vec![edit(2, 0, 3, 0, "")]);
    server.wait_diagnostics_version(des, 3);
    let status = info(&mut server, des)["status"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        status,
        "dialect 3.6 (no sign of either dialect is left; kept while editing: the document was 3.6 before)"
    );
    let hover = server.request_ok(
        "textDocument/hover",
        json!({"textDocument": {"uri": des}, "position": {"line": 0, "character": 2}}),
    );
    let shown = hover["contents"]["value"].as_str().unwrap();
    assert!(
        shown.ends_with("Dialect: **NetHack 3.6**: no sign of either dialect is left. Kept while editing: the document was 3.6 before."),
        "{shown}"
    );

    let unknown = "file:///tmp/levls-info/notes.txt";
    server.open(unknown, "plaintext", "just notes\n");
    let answer = info(&mut server, unknown);
    assert_eq!(answer["format"], Value::Null, "{answer}");

    assert_eq!(
        info(&mut server, "file:///tmp/levls-info/never-opened.des"),
        Value::Null
    );
    assert!(server.shutdown_and_exit().success());
}

/// A settings change reaches every open document before the next request is
/// answered: a request sent right after `didChangeConfiguration` does not
/// wait for the documents before its own to be analysed and published.
#[test]
fn a_settings_change_is_seen_by_the_next_request_on_every_document() {
    let mut server = TestServer::start(LEVLS);
    let level = "MAZE:\"tower\",' '\nGEOMETRY:center,center\nMAP\n---\n|.|\n---\nENDMAP\nMONSTER:'d',\"jackal\",(1,1)\n";
    let uris: Vec<String> = (0..40)
        .map(|i| format!("file:///tmp/levls-info-settings/level{i}.des"))
        .collect();
    for uri in &uris {
        server.open(uri, "nethack-des", &level.repeat(20));
        server.wait_diagnostics_version(uri, 1);
        let status = info(&mut server, uri)["status"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(status.starts_with("dialect 3.4.3"), "{status}");
    }
    server.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "levls": { "nethack": { "dialect": "3.6" } } } }),
    );
    for uri in &uris {
        let status = info(&mut server, uri)["status"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(status.starts_with("dialect 3.6"), "{uri}: {status}");
    }
    assert!(server.shutdown_and_exit().success());
}
