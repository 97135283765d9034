use super::{scan, Found};
use serde_json::json;

#[test]
fn the_id_of_a_request_broken_after_it() {
    let found = scan(
        b"{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"textDocument/hover\",\"params\":{\"x\":\xff",
    );
    assert_eq!(found.id, Some(json!(7)));
    assert!(found.method);
    assert_eq!(found.reply_id(), Some(json!(7)));
}

#[test]
fn string_ids_are_decoded() {
    let found = scan(br#"{ "id" : "a\"b", "method": "x", "params": [1, {"id": 9}"#);
    assert_eq!(found.id, Some(json!("a\"b")));
}

#[test]
fn an_id_inside_params_is_not_the_message_id() {
    let found = scan(br#"{"jsonrpc":"2.0","method":"x","params":{"id":3,"y":[{"id":4}]},"#);
    assert_eq!(
        found,
        Found {
            id: None,
            method: true,
            response: false
        }
    );
}

#[test]
fn ids_that_cannot_be_answered_are_not_recovered() {
    for body in [
        &br#"{"id":1.5,"method":"x""#[..],
        br#"{"id":null,"method":"x""#,
        br#"{"id":[1],"method":"x""#,
        br#"{"id":99999999999999999999,"#,
    ] {
        assert_eq!(scan(body).id, None, "{}", String::from_utf8_lossy(body));
    }
}

#[test]
fn the_scan_stops_at_the_first_fault() {
    // The id comes after bytes that are not JSON: not trusted.
    assert_eq!(scan(br#"{"a" "id": 3}"#).id, None);
    assert_eq!(scan(b"not json \"id\": 3").id, None);
    assert_eq!(scan(b"").id, None);
    // A raw newline inside a string is not JSON.
    assert_eq!(scan(b"{\"a\":\"x\ny\",\"id\":3}").id, None);
}

#[test]
fn a_broken_response_is_answered_without_its_id() {
    let found = scan(br#"{"jsonrpc":"2.0","id":4,"result":{"x":"#);
    assert!(found.response);
    assert_eq!(found.id, Some(json!(4)));
    assert_eq!(found.reply_id(), None);
}

#[test]
fn deep_nesting_is_walked_without_recursion() {
    let mut body = br#"{"id":5,"params":"#.to_vec();
    body.extend(std::iter::repeat_n(b'[', 1_000_000));
    let found = scan(&body);
    assert_eq!(found.id, Some(json!(5)));
}
