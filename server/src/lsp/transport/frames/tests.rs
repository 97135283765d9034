use super::{Deframer, Event, MAX_FRAME_BYTES};
use crate::lsp::transport::message::{INVALID_REQUEST, PARSE_ERROR};
use serde_json::json;

const HOVER: &str = r#"{"jsonrpc":"2.0","id":9,"method":"textDocument/hover"}"#;

fn framed(body: &str) -> String {
    format!("Content-Length: {}\r\n\r\n{body}", body.len())
}

/// The events of `stream` fed in pieces of `piece` bytes.
fn events(stream: &[u8], piece: usize) -> Vec<Event> {
    let mut deframer = Deframer::default();
    let mut out = Vec::new();
    for chunk in stream.chunks(piece.max(1)) {
        deframer.feed(chunk);
        while let Some(event) = deframer.next_event() {
            out.push(event);
        }
    }
    out
}

/// The same events however the stream is split.
fn events_any_split(stream: &[u8]) -> Vec<Event> {
    let whole = events(stream, stream.len());
    for piece in [1, 2, 7, 16, 100] {
        assert_eq!(events(stream, piece), whole, "split every {piece} bytes");
    }
    whole
}

fn dropped(event: &Event) -> (i64, bool) {
    match event {
        Event::Dropped(r) => (r.code, r.answer),
        Event::Body(b) => panic!("a body: {}", String::from_utf8_lossy(b)),
    }
}

fn body(event: &Event) -> &str {
    match event {
        Event::Body(b) => std::str::from_utf8(b).unwrap(),
        Event::Dropped(r) => panic!("dropped: {r:?}"),
    }
}

#[test]
fn frames_with_any_headers_and_stray_line_ends() {
    let stream = format!(
        "{}\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: {}\r\n\r\n{HOVER}",
        framed("{}"),
        HOVER.len()
    );
    let events = events_any_split(stream.as_bytes());
    assert_eq!(events.len(), 2);
    assert_eq!(body(&events[0]), "{}");
    assert_eq!(body(&events[1]), HOVER);
}

#[test]
fn garbage_before_a_frame_is_skipped_and_answered_once() {
    let stream = format!(
        "this is not a header\r\nnor {{\"json\": 1}}\r\n{}",
        framed(HOVER)
    );
    let events = events_any_split(stream.as_bytes());
    assert_eq!(dropped(&events[0]), (PARSE_ERROR, true));
    assert_eq!(body(&events[1]), HOVER);
    assert_eq!(events.len(), 2);
}

#[test]
fn header_faults_skip_to_the_next_header() {
    for broken in [
        "Content-Length: twelve\r\n\r\n{\"id\":1}",
        "Content-Length: -3\r\n\r\n",
        "Content-Length: 99999999999999999999999\r\n\r\n",
        "Content-Type: application/json\r\n\r\n{\"id\":1}",
        "Content-Length: 5\r\nnot a header\r\n\r\n{\"id\"",
        // Two lengths: the later is taken, as after a truncated header.
        "Content-Length: 5\r\nContent-Length: 60\r\n\r\n",
        // Truncated headers, then a whole frame.
        "Content-Len",
        "Content-Length: 4",
        "Content-Length: 4\r\n",
    ] {
        let stream = format!("{broken}{}", framed(HOVER));
        let events = events_any_split(stream.as_bytes());
        assert_eq!(dropped(&events[0]), (PARSE_ERROR, true), "{broken:?}");
        let (last, between) = events[1..].split_last().unwrap();
        assert!(
            between.iter().all(|e| matches!(e, Event::Dropped(_))),
            "{broken:?}: {events:?}"
        );
        assert_eq!(body(last), HOVER, "{broken:?}");
    }
}

#[test]
fn a_too_long_content_length_costs_only_its_message() {
    let short = r#"{"jsonrpc":"2.0","id":3,"method":"x"}"#;
    let stream = format!("Content-Length: 500\r\n\r\n{short}\r\n{}", framed(HOVER));
    let events = events_any_split(stream.as_bytes());
    assert_eq!(events.len(), 2, "{events:?}");
    let Event::Dropped(refusal) = &events[0] else {
        panic!()
    };
    assert_eq!(refusal.id, Some(json!(3)));
    assert!(
        refusal.why.contains("declared 500 bytes"),
        "{}",
        refusal.why
    );
    assert_eq!(body(&events[1]), HOVER);
}

#[test]
fn a_too_short_content_length_leaves_garbage_that_is_only_logged() {
    let stream = format!("Content-Length: 10\r\n\r\n{HOVER}{}", framed(HOVER));
    let mut deframer = Deframer::default();
    deframer.feed(stream.as_bytes());
    assert_eq!(
        deframer.next_event(),
        Some(Event::Body(HOVER.as_bytes()[..10].to_vec()))
    );
    // The server found the body is not JSON and answered it.
    deframer.refused_last();
    assert_eq!(
        dropped(&deframer.next_event().unwrap()),
        (PARSE_ERROR, false)
    );
    assert_eq!(body(&deframer.next_event().unwrap()), HOVER);
    assert_eq!(deframer.next_event(), None);
}

#[test]
fn an_oversized_frame_streams_by_unheld() {
    let length = MAX_FRAME_BYTES + 10;
    let mut deframer = Deframer::default();
    deframer.feed(format!("Content-Length: {length}\r\n\r\n{{\"id\":8,\"params\":\"").as_bytes());
    assert_eq!(deframer.next_event(), None);
    let block = vec![b'a'; 1 << 20];
    let mut sent = 18;
    while sent + block.len() <= length {
        deframer.feed(&block);
        assert_eq!(deframer.next_event(), None);
        assert!(deframer.buf.len() < 2 * block.len(), "the body is not held");
        sent += block.len();
    }
    deframer.feed(&vec![b'a'; length - sent]);
    let Some(Event::Dropped(refusal)) = deframer.next_event() else {
        panic!()
    };
    assert_eq!(
        (refusal.code, refusal.id),
        (INVALID_REQUEST, Some(json!(8)))
    );
    deframer.feed(framed(HOVER).as_bytes());
    assert_eq!(body(&deframer.next_event().unwrap()), HOVER);
}

#[test]
fn an_oversized_frame_ends_at_the_next_header() {
    let stream = format!(
        "Content-Length: {}\r\n\r\n{{\"id\":2}}\r\n{}",
        MAX_FRAME_BYTES + 1,
        framed(HOVER)
    );
    let events = events_any_split(stream.as_bytes());
    assert_eq!(events.len(), 2, "{events:?}");
    assert_eq!(dropped(&events[0]), (INVALID_REQUEST, true));
    assert_eq!(body(&events[1]), HOVER);
}

#[test]
fn what_the_input_left_unfinished() {
    let mut deframer = Deframer::default();
    assert_eq!(deframer.unfinished(), None);
    deframer.feed(b"Content-Length: 40\r\n\r\n{\"id\"");
    assert_eq!(deframer.next_event(), None);
    assert_eq!(
        deframer.unfinished().as_deref(),
        Some("the input ended 5 bytes into a 40-byte message")
    );
}

#[test]
fn a_header_glued_to_a_body_cut_too_long_is_found() {
    let short = r#"{"id":3,"method":"x"}"#;
    let stream = format!("Content-Length: 40\r\n\r\n{short}{}", framed(HOVER));
    let events = events_any_split(stream.as_bytes());
    assert_eq!(events.len(), 2, "{events:?}");
    assert_eq!(dropped(&events[0]), (PARSE_ERROR, true));
    assert_eq!(body(&events[1]), HOVER);
    // Inside a JSON string the same words are text, not a header.
    let text = r#"{"id":4,"params":"Content-Length: 12\\r\\n"}"#;
    let events = events_any_split(framed(text).as_bytes());
    assert_eq!(body(&events[0]), text);
}

#[test]
fn our_own_output_has_no_frame_limit() {
    let length = MAX_FRAME_BYTES + 1;
    let mut deframer = Deframer::unlimited();
    deframer.feed(format!("Content-Length: {length}\r\n\r\n").as_bytes());
    deframer.feed(&vec![b' '; length]);
    assert_eq!(
        deframer
            .next_event()
            .map(|e| matches!(e, Event::Body(b) if b.len() == length)),
        Some(true)
    );
}
