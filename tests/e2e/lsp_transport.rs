//! Whatever bytes a client sends, the server answers per JSON-RPC (or drops
//! and logs) and goes on serving: tower-lsp-server alone ended the session
//! at the first message it could not decode.

use crate::support::client::TestServer;
use crate::LEVLS;
use serde_json::{json, Value};

const PARSE_ERROR: i64 = -32700;
const INVALID_REQUEST: i64 = -32600;
/// LSP's RequestFailed: the answer the request deadline gives.
const REQUEST_FAILED: i64 = -32803;

fn framed(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

/// A `levls/stats` request with `id`, as a body.
fn stats(id: i64) -> String {
    format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"levls/stats","params":{{}}}}"#)
}

/// The (code, id) of each error answered.
type Answered = Vec<(i64, Value)>;

/// Send `bytes`, then a request: the errors answered before it, and proof that it was served.
fn errors_then_served(server: &mut TestServer, bytes: &[u8]) -> Vec<Value> {
    server.send_raw(bytes);
    let id = server.send_request("levls/stats", json!({}));
    let mut errors = Vec::new();
    loop {
        let response = server.next_response();
        if response["id"] == id {
            assert!(response["result"]["documents"].is_number(), "{response}");
            return errors;
        }
        assert!(response["error"].is_object(), "{response}");
        errors.push(response);
    }
}

#[test]
fn every_malformed_message_is_answered_and_the_next_request_served() {
    let deep = format!(
        r#"{{"jsonrpc":"2.0","id":1003,"method":"levls/stats","params":{}}}"#,
        "[".repeat(100_000)
    );
    let mut bad_utf8 =
        br#"{"jsonrpc":"2.0","id":1002,"method":"textDocument/hover","params":{"x":""#.to_vec();
    bad_utf8.extend_from_slice(b"\xff\xfe\"}}");
    let too_short = stats(1006);
    let too_long = stats(1007);
    let cases: Vec<(&str, Vec<u8>, Answered)> = vec![
        (
            "malformed JSON body",
            framed(br#"{"jsonrpc":"2.0","id":1001,"method":"levls/stats","params":{"#),
            vec![(PARSE_ERROR, json!(1001))],
        ),
        (
            "invalid UTF-8 inside a JSON string",
            framed(&bad_utf8),
            vec![(PARSE_ERROR, json!(1002))],
        ),
        (
            "deeply nested params",
            framed(deep.as_bytes()),
            vec![(PARSE_ERROR, json!(1003))],
        ),
        (
            "not JSON",
            framed(b"hello, server"),
            vec![(PARSE_ERROR, Value::Null)],
        ),
        (
            "bytes with no header",
            b"this is not a frame\r\n".to_vec(),
            vec![(PARSE_ERROR, Value::Null)],
        ),
        (
            "a truncated header",
            b"Content-Len".to_vec(),
            vec![(PARSE_ERROR, Value::Null)],
        ),
        (
            "a header cut before its blank line",
            b"Content-Length: 12\r\n".to_vec(),
            vec![(PARSE_ERROR, Value::Null)],
        ),
        (
            "a header without Content-Length",
            b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}".to_vec(),
            vec![(PARSE_ERROR, Value::Null)],
        ),
        (
            "a Content-Length too short",
            [format!("Content-Length: 30\r\n\r\n{too_short}").as_bytes()].concat(),
            vec![(PARSE_ERROR, json!(1006))],
        ),
        (
            "a Content-Length too long",
            format!("Content-Length: {}\r\n\r\n{too_long}", too_long.len() + 500).into_bytes(),
            vec![(PARSE_ERROR, json!(1007))],
        ),
        (
            "an array",
            framed(b"[]"),
            vec![(INVALID_REQUEST, Value::Null)],
        ),
        (
            "a number",
            framed(b"42"),
            vec![(INVALID_REQUEST, Value::Null)],
        ),
        (
            "an empty object",
            framed(b"{}"),
            vec![(INVALID_REQUEST, Value::Null)],
        ),
        (
            "a request without jsonrpc",
            framed(br#"{"id":1008,"method":"levls/stats"}"#),
            vec![(INVALID_REQUEST, json!(1008))],
        ),
        // JSON-RPC answers no notification, even a broken one.
        (
            "a broken notification",
            framed(br#"{"method":"initialized"}"#),
            vec![],
        ),
    ];
    let mut server = TestServer::start(LEVLS);
    for (kind, bytes, expected) in &cases {
        let errors = errors_then_served(&mut server, bytes);
        let got: Answered = errors
            .iter()
            .map(|e| (e["error"]["code"].as_i64().unwrap(), e["id"].clone()))
            .collect();
        assert_eq!(&got, expected, "{kind}: {errors:?}");
        for error in &errors {
            let message = error["error"]["message"].as_str().unwrap();
            assert!(
                message.starts_with("levls: message dropped: "),
                "{kind}: {message}"
            );
        }
    }
    let logged = server
        .drain_notifications()
        .into_iter()
        .filter(|n| n["method"] == "window/logMessage")
        .filter(|n| {
            n["params"]["message"]
                .as_str()
                .unwrap_or("")
                .contains("dropped a message")
        })
        .count();
    assert!(
        logged >= cases.len(),
        "each drop is logged to the editor: {logged}"
    );
    assert!(
        server.stderr().contains("nests deeper than 128 levels"),
        "{}",
        server.stderr()
    );
    // After all that, the session ends as the protocol says.
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

#[test]
fn a_100_mb_frame_is_refused_without_being_held_and_the_session_goes_on() {
    let mut server = TestServer::start(LEVLS);
    let length = 100 * 1024 * 1024;
    let start = br#"{"jsonrpc":"2.0","id":1009,"method":"textDocument/didOpen","params":{"text":""#;
    server.send_raw(format!("Content-Length: {length}\r\n\r\n").as_bytes());
    server.send_raw(start);
    let block = vec![b'a'; 1024 * 1024];
    let mut sent = start.len();
    while sent < length {
        let n = block.len().min(length - sent);
        server.send_raw(&block[..n]);
        sent += n;
    }
    let errors = errors_then_served(&mut server, b"");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0]["error"]["code"], INVALID_REQUEST, "{errors:?}");
    assert_eq!(errors[0]["id"], 1009);
    let message = errors[0]["error"]["message"].as_str().unwrap();
    assert!(message.contains("over the 64 MiB limit"), "{message}");
    assert_eq!(server.exit().code(), Some(1));
}

/// A NetHack level file of about `bytes` bytes, from the real corpus.
fn big_level_file(bytes: usize) -> String {
    let dir = crate::shared().join("corpus/nethack/3.6");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "des"))
        .collect();
    files.sort();
    let corpus: String = files
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    corpus.repeat(bytes / corpus.len() + 1)
}

#[test]
fn a_slow_request_neither_stalls_the_others_nor_goes_unanswered() {
    let mut server = TestServer::start(LEVLS);
    let big = "file:///levels/big.des";
    server.open(big, "nethack", &big_level_file(5_000_000));
    let small = "file:///levels/small.des";
    server.open(
        small,
        "nethack",
        "MAZE:\"small\",' '\nGEOMETRY:center,center\n",
    );
    let position = json!({"line": 1, "character": 3});
    let slow = server.send_request(
        "textDocument/hover",
        json!({"textDocument": {"uri": big}, "position": position}),
    );
    let cheap = server.send_request(
        "textDocument/hover",
        json!({"textDocument": {"uri": small}, "position": position}),
    );
    let first = server.next_response();
    assert_eq!(
        first["id"], cheap,
        "the cheap request waited for the slow one: {first}"
    );
    assert!(first.get("result").is_some(), "{first}");
    let second = server.next_response();
    assert_eq!(second["id"], slow, "{second}");
    match second.get("error") {
        None => assert!(second.get("result").is_some(), "{second}"),
        Some(error) => {
            assert_eq!(error["code"], REQUEST_FAILED, "{second}");
            let message = error["message"].as_str().unwrap();
            assert!(
                message.contains(big) && message.contains("ask again"),
                "{message}"
            );
        }
    }
    // The analysis went on: diagnostics for the big document still come.
    server.wait_diagnostics_version(big, 1);
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}
