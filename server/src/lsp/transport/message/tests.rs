use super::{check, INVALID_REQUEST, MAX_DEPTH, PARSE_ERROR};
use serde_json::{json, Value};

fn refused(body: &[u8]) -> super::Refusal {
    check(body).expect_err("refused")
}

#[test]
fn requests_notifications_and_responses_pass_as_written_anew() {
    let passed =
        check(br#"{"jsonrpc":"2.0","id":1,"method":"m","method":"hover","params":{"a":[1,2]}}"#)
            .expect("a request");
    let passed: Value = serde_json::from_slice(&passed).unwrap();
    // The duplicate key tower-lsp-server would refuse is resolved.
    assert_eq!(
        passed,
        json!({"jsonrpc":"2.0","id":1,"method":"hover","params":{"a":[1,2]}})
    );
    check(br#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#).expect("a notification");
    check(br#"{"jsonrpc":"2.0","id":"s","result":null}"#).expect("a response");
    check(br#"{"jsonrpc":"2.0","id":2,"error":{"code":-1,"message":"no"}}"#)
        .expect("an error response");
}

#[test]
fn what_is_not_json_is_a_parse_error() {
    for body in [
        &b"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":"[..],
        b"hello",
        b"",
        b"{\"id\":3,\"method\":\"x\",\"params\":\"\xff\"}",
    ] {
        let refusal = refused(body);
        assert_eq!(refusal.code, PARSE_ERROR, "{refusal:?}");
        assert!(refusal.answer);
    }
    // The id before the fault is recovered.
    assert_eq!(
        refused(b"{\"id\":3,\"method\":\"x\",\"params\":\"\xff\"}").id,
        Some(json!(3))
    );
}

#[test]
fn nesting_past_the_limit_is_a_parse_error_that_says_so() {
    let deep = |n: usize| {
        format!(
            r#"{{"jsonrpc":"2.0","id":4,"method":"x","params":{}{}}}"#,
            "[".repeat(n),
            "]".repeat(n)
        )
    };
    check(deep(MAX_DEPTH - 2).as_bytes()).expect("within the limit");
    let refusal = refused(deep(100_000).as_bytes());
    assert_eq!(refusal.code, PARSE_ERROR);
    assert!(refusal.why.contains("deeper than 128"), "{}", refusal.why);
    assert_eq!(refusal.id, Some(json!(4)));
}

#[test]
fn json_that_is_no_message_is_an_invalid_request() {
    for (body, id) in [
        (&b"[]"[..], None),
        (b"42", None),
        (b"{}", None),
        (br#"{"jsonrpc":"2.0","id":5}"#, Some(json!(5))),
        (br#"{"id":6,"method":"hover"}"#, Some(json!(6))),
        (
            br#"{"jsonrpc":"1.0","id":"x","method":"hover"}"#,
            Some(json!("x")),
        ),
        (br#"{"jsonrpc":"2.0","id":7,"method":3}"#, Some(json!(7))),
        (br#"{"jsonrpc":"2.0","id":1.5,"method":"hover"}"#, None),
    ] {
        let refusal = refused(body);
        assert_eq!(
            (refusal.code, &refusal.id),
            (INVALID_REQUEST, &id),
            "{refusal:?}"
        );
        assert!(refusal.answer, "{refusal:?}");
    }
}

#[test]
fn broken_notifications_and_responses_are_not_answered() {
    let notification = refused(br#"{"method":"initialized"}"#);
    assert_eq!(notification.code, INVALID_REQUEST);
    assert!(!notification.answer);
    let response = refused(br#"{"jsonrpc":"2.0","id":3,"error":"no"}"#);
    assert!(!response.answer);
}

#[test]
fn the_reply_is_a_framed_json_rpc_error() {
    let reply = refused(br#"{"id":6,"method":"hover"}"#).reply();
    let text = String::from_utf8(reply).unwrap();
    let (header, body) = text.split_once("\r\n\r\n").unwrap();
    assert_eq!(header, format!("Content-Length: {}", body.len()));
    let body: Value = serde_json::from_str(body).unwrap();
    assert_eq!(body["id"], 6);
    assert_eq!(body["error"]["code"], INVALID_REQUEST);
    assert!(body["error"]["message"]
        .as_str()
        .unwrap()
        .starts_with("levls: "));
}
