//! Cutting the client's byte stream into frames (`Content-Length` headers,
//! then that many bytes), and getting back in step after any fault.
//!
//! Getting back in step: after a fault, skip to the next `Content-Length:`
//! (what every client writes, in that case). A body never legitimately
//! contains a `Content-Length:` header line, so a body that does is cut
//! there (see [`header_inside`]): a `Content-Length` larger than what was
//! sent costs only that message, not the ones after it, and never waits for
//! bytes that will not come.

use super::id_scan;
use super::message::{Refusal, INVALID_REQUEST, PARSE_ERROR};
use memchr::memmem;

/// The largest frame read: twice the 32 MB document cap, because escaping
/// can double a text in JSON (quotes, backslashes, newlines), so any document
/// up to the cap arrives and is then refused with its own diagnostic; a
/// larger frame is skipped as it streams by, never held.
pub const MAX_FRAME_BYTES: usize = 64 * 1024 * 1024;
/// The most a header block may take: real ones are under 100 bytes.
pub const MAX_HEADER_BYTES: usize = 8 * 1024;
/// How much of a skipped frame is kept to recover its id from.
const ID_SCAN_BYTES: usize = 64 * 1024;

const HEADER: &[u8] = b"Content-Length:";

/// What the stream yields, in order.
#[derive(Debug, PartialEq)]
pub enum Event {
    /// A whole frame's body, not checked yet.
    Body(Vec<u8>),
    /// Bytes dropped, and what to answer (or only log).
    Dropped(Refusal),
}

enum State {
    /// Reading a header block.
    Header,
    /// Collecting a body of `length` bytes.
    Body { length: usize },
    /// Passing over an oversized body: `left` bytes to go.
    Skip {
        length: usize,
        left: usize,
        start: Vec<u8>,
    },
}

pub struct Deframer {
    /// Bytes received and not yet consumed, from `at`.
    buf: Vec<u8>,
    at: usize,
    state: State,
    /// How far into the pending body the search for a header has gone.
    searched: usize,
    /// Bytes skipped while looking for a header, not reported yet.
    garbage: usize,
    /// Why the first of the skipped bytes were skipped.
    why: Option<String>,
    /// The garbage follows a fault already answered: only log it.
    explained: bool,
    /// Frames longer than this are skipped.
    max_frame: usize,
}

impl Default for Deframer {
    fn default() -> Self {
        Deframer {
            buf: Vec::new(),
            at: 0,
            state: State::Header,
            searched: 0,
            garbage: 0,
            why: None,
            explained: false,
            max_frame: MAX_FRAME_BYTES,
        }
    }
}

impl Deframer {
    /// For frames we trust to be whole and want whatever their size (our
    /// own server's answers: semantic tokens of a 30 MB document run past 64 MiB).
    pub fn unlimited() -> Self {
        Deframer {
            max_frame: usize::MAX,
            ..Deframer::default()
        }
    }

    /// The last body was refused (too short a `Content-Length` leaves the
    /// rest of it before the next header): the bytes up to that header are
    /// part of the same fault, logged but not answered again.
    pub fn refused_last(&mut self) {
        self.explained = true;
    }

    pub fn feed(&mut self, bytes: &[u8]) {
        if self.at > 0 {
            self.buf.drain(..self.at);
            self.at = 0;
        }
        self.buf.extend_from_slice(bytes);
    }

    /// The next event the bytes fed so far make whole.
    pub fn next_event(&mut self) -> Option<Event> {
        loop {
            let step = match &mut self.state {
                State::Header => self.header(),
                State::Body { length } => {
                    let length = *length;
                    self.body(length)
                }
                State::Skip { .. } => self.skip(),
            };
            match step {
                Step::Event(event) => return Some(event),
                Step::Again => continue,
                Step::More => return None,
            }
        }
    }

    /// What the input left unfinished when it ended (for the log).
    pub fn unfinished(&self) -> Option<String> {
        let pending = self.buf.len() - self.at;
        match &self.state {
            State::Header if self.garbage + pending > 0 => Some(format!(
                "the input ended inside a message header ({} bytes)",
                self.garbage + pending
            )),
            State::Header => None,
            State::Body { length } => Some(format!(
                "the input ended {pending} bytes into a {length}-byte message"
            )),
            State::Skip { length, left, .. } => Some(format!(
                "the input ended {} bytes into a {length}-byte message",
                length - left
            )),
        }
    }

    fn pending(&self) -> &[u8] {
        &self.buf[self.at..]
    }

    fn header(&mut self) -> Step {
        let pending = self.pending();
        // Stray line ends between frames are harmless.
        let blank = pending
            .iter()
            .take_while(|b| matches!(b, b'\r' | b'\n'))
            .count();
        self.at += blank;
        if self.garbage > 0 {
            self.garbage += blank;
        }
        let pending = self.pending();
        if pending.is_empty() {
            return Step::More;
        }
        if !could_start_header(pending) {
            return self.resync("bytes that are not a message header");
        }
        let mut length = None;
        let mut fault = None;
        let mut line_start = 0;
        let end = loop {
            let Some(newline) = memchr::memchr(b'\n', &pending[line_start..]) else {
                if pending.len() > MAX_HEADER_BYTES {
                    return self.resync("a message header longer than 8 KiB");
                }
                return Step::More;
            };
            let line_end = line_start + newline;
            let line = pending[line_start..line_end]
                .strip_suffix(b"\r")
                .unwrap_or(&pending[line_start..line_end]);
            line_start = line_end + 1;
            if line.is_empty() {
                break line_start;
            }
            if line_start > MAX_HEADER_BYTES {
                return self.resync("a message header longer than 8 KiB");
            }
            match header_field(line) {
                Some((name, value)) if name.eq_ignore_ascii_case("content-length") => {
                    match parse_length(value) {
                        Some(n) if length.is_none_or(|l| l == n) => length = Some(n),
                        Some(_) => fault = Some("two different Content-Length headers".to_string()),
                        None => {
                            fault = Some(format!(
                                "a Content-Length that is not a length: {:?}",
                                String::from_utf8_lossy(value)
                            ))
                        }
                    }
                }
                // Content-Type may say anything: the body must be UTF-8 JSON regardless.
                Some(_) => {}
                None => {
                    fault = Some(format!(
                        "a header line that is not `Name: value`: {:?}",
                        String::from_utf8_lossy(&line[..line.len().min(80)])
                    ))
                }
            }
        };
        if let Some(fault) = fault {
            return self.resync(&fault);
        }
        let Some(length) = length else {
            return self.resync("a message header without Content-Length");
        };
        self.at += end;
        let skipped = self.report_garbage();
        self.explained = false;
        self.searched = 0;
        self.state = if length > self.max_frame {
            State::Skip {
                length,
                left: length,
                start: Vec::new(),
            }
        } else {
            State::Body { length }
        };
        match skipped {
            Some(event) => Step::Event(event),
            None => Step::Again,
        }
    }

    /// Skip to the next `Content-Length:` after the current byte, counting
    /// what is skipped; a fault is answered once (see [`Self::report_garbage`]).
    fn resync(&mut self, why: &str) -> Step {
        if self.why.is_none() {
            self.why = Some(why.to_string());
        }
        let pending = self.pending();
        let skip = match memmem::find(&pending[1..], HEADER) {
            Some(found) => found + 1,
            // Keep a tail that may be the start of a header still arriving.
            None => pending.len().saturating_sub(HEADER.len() - 1).max(1),
        };
        self.at += skip;
        self.garbage += skip;
        Step::Again
    }

    fn report_garbage(&mut self) -> Option<Event> {
        if self.garbage == 0 {
            return None;
        }
        let why = format!(
            "{}; skipped {} bytes to the next Content-Length",
            self.why
                .take()
                .unwrap_or_else(|| "bytes between messages".into()),
            self.garbage
        );
        let answer = !self.explained;
        self.garbage = 0;
        Some(Event::Dropped(Refusal {
            code: PARSE_ERROR,
            why,
            id: None,
            answer,
        }))
    }

    fn body(&mut self, length: usize) -> Step {
        let pending = self.pending();
        let available = pending.len().min(length);
        let complete = pending.len() >= length;
        let cut = match header_inside(pending, self.searched, available) {
            Found::At(cut) => Some(cut),
            Found::None => None,
            // Only bytes past the body's end could decide: the body is what it is.
            Found::Undecided(_) if complete => None,
            Found::Undecided(at) => {
                self.searched = at;
                return Step::More;
            }
        };
        if let Some(cut) = cut {
            let body = pending[..cut].to_vec();
            self.at += cut;
            self.state = State::Header;
            return Step::Event(Event::Dropped(Refusal::undecodable(
                PARSE_ERROR,
                format!("a message declared {length} bytes but the next header came after {cut}"),
                &body,
            )));
        }
        if !complete {
            self.searched = available.saturating_sub(HEADER.len() - 1);
            return Step::More;
        }
        let body = pending[..length].to_vec();
        self.at += length;
        self.state = State::Header;
        Step::Event(Event::Body(body))
    }

    fn skip(&mut self) -> Step {
        let State::Skip {
            length,
            left,
            start,
        } = &mut self.state
        else {
            unreachable!("called in the Skip state")
        };
        let pending = &self.buf[self.at..];
        let available = pending.len().min(*left);
        let last = available == *left;
        let (take, cut) = match header_inside(pending, 0, available) {
            Found::At(cut) => (cut, true),
            _ if last => (available, false),
            Found::Undecided(at) => (at, false),
            // Keep what may be the start of a header split across reads.
            Found::None => (available.saturating_sub(HEADER.len() - 1), false),
        };
        if start.len() < ID_SCAN_BYTES {
            let keep = take.min(ID_SCAN_BYTES - start.len());
            start.extend_from_slice(&pending[..keep]);
        }
        *left -= take;
        self.at += take;
        if !cut && *left > 0 {
            return Step::More;
        }
        let (length, read) = (*length, *length - *left);
        let id = id_scan::scan(start).reply_id();
        self.state = State::Header;
        let limit = MAX_FRAME_BYTES >> 20;
        let why = if cut {
            format!(
                "a message declared {length} bytes, over the {limit} MiB limit, and the next header came after {read}; skipped"
            )
        } else {
            format!("a message of {length} bytes is over the {limit} MiB limit; skipped unread")
        };
        Step::Event(Event::Dropped(Refusal {
            code: INVALID_REQUEST,
            why,
            id,
            answer: true,
        }))
    }
}

enum Step {
    Event(Event),
    Again,
    More,
}

/// Where a header line begins inside a body.
enum Found {
    At(usize),
    None,
    /// A candidate at this offset whose line has not all arrived.
    Undecided(usize),
}

/// Where, among the first `limit` bytes of `bytes` and from `from` on, a
/// header line begins: `Content-Length:`, a number and a raw line end. No
/// JSON message holds one (a JSON string cannot hold a raw line end, and
/// outside strings it is not JSON), so it is where the body was cut short.
fn header_inside(bytes: &[u8], from: usize, limit: usize) -> Found {
    for at in memmem::find_iter(&bytes[from.min(limit)..limit], HEADER) {
        let at = from + at;
        let rest = &bytes[at + HEADER.len()..];
        match rest
            .iter()
            .find(|b| !matches!(b, b' ' | b'\t' | b'0'..=b'9'))
        {
            Some(b'\r' | b'\n') => return Found::At(at),
            Some(_) => continue,
            None => return Found::Undecided(at),
        }
    }
    Found::None
}

/// Whether the bytes may begin a header block: a `Name:` so far, or a name still arriving.
fn could_start_header(pending: &[u8]) -> bool {
    let line_end = memchr::memchr(b'\n', pending);
    let line = &pending[..line_end.unwrap_or(pending.len())];
    let is_token = |b: &u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_');
    match memchr::memchr(b':', line) {
        Some(colon) => colon > 0 && line[..colon].iter().all(is_token),
        None => line_end.is_none() && line.iter().all(is_token),
    }
}

/// `Name: value` with a token for a name.
fn header_field(line: &[u8]) -> Option<(&str, &[u8])> {
    let colon = memchr::memchr(b':', line)?;
    let name = std::str::from_utf8(&line[..colon]).ok()?;
    let token = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    token.then(|| (name, line[colon + 1..].trim_ascii()))
}

fn parse_length(value: &[u8]) -> Option<usize> {
    if value.is_empty() || !value.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(value).ok()?.parse().ok()
}

#[cfg(test)]
mod tests;
