//! JSON read from its text, the way `JSON.parse` reads it, but on past every
//! error so that the rest of the file is still checked: a stray token is
//! reported and skipped, a missing `,` `:` or value is reported where it
//! belongs, a bracket of the other kind closes the container it was typed
//! for (on the line of its last item) or an outer one of its kind (later).
//!
//! Without tree-sitter: a megabyte of tile rows was 160,000 nodes, most of
//! the file's memory (61 MB a megabyte), and a key's reparse and walk of them
//! most of its time. A test holds this reading equal to the tree's wherever
//! the tree has no error, and its verdict equal to node's `JSON.parse` on
//! every real file and thousands of edits.

use super::{number, shown, trailing_comma, Json, Kind, Member, Reading, Span, SyntaxError};
use super::{COMMENT, SYNTAX};
use std::sync::Arc;

/// Deeper than this, containers are skipped, not read (a reading that
/// recursed into a line of a million `[` would overflow the stack).
const DEEPEST: usize = 500;

pub(super) fn document(text: &str) -> Reading {
    let mut reader = Reader {
        text,
        bytes: text.as_bytes(),
        at: if text.starts_with('\u{feff}') { 3 } else { 0 },
        errors: Vec::new(),
        open: Vec::new(),
        ended_early: false,
        unclosed_string: None,
        width_hint: 0,
        broken_top: false,
    };
    let mut root = None;
    let mut values = 0;
    let mut garbled = false;
    loop {
        reader.skip_trivia();
        if reader.at >= reader.bytes.len() {
            break;
        }
        let start = reader.at;
        match reader.value() {
            Read::Value(value) => {
                values += 1;
                if values == 1 {
                    root = Some(Arc::new(value));
                } else if values == 2 {
                    reader.error(
                        value.span,
                        "a second value after the first: a JSON file holds exactly one value, and `JSON.parse` rejects the rest",
                    );
                }
            }
            Read::Skipped => garbled = true,
            Read::Nothing => {
                reader.unexpected(start);
                garbled = true;
            }
        }
    }
    if values == 0 && !garbled {
        let end = text.len();
        reader.error(
            end..end,
            "an empty file: `JSON.parse` needs one value (here, an object with `floor_props` and `dungeon_data`)",
        );
    }
    let mut errors = reader.errors;
    errors.sort_by_key(|e| (e.span.start, e.span.end));
    Reading {
        root,
        errors,
        garbled,
        broken_top: reader.broken_top,
    }
}

/// What was found where a value may start.
enum Read {
    Value(Json),
    /// Text that is no value, reported and read past.
    Skipped,
    /// A `}` `]` `,` `:` or the end: nothing was read.
    Nothing,
}

struct Reader<'t> {
    text: &'t str,
    bytes: &'t [u8],
    at: usize,
    errors: Vec<SyntaxError>,
    /// The containers open around `at`: their bracket and where they start.
    open: Vec<(u8, usize)>,
    /// The file ended inside a container (reported once, for the outermost).
    ended_early: bool,
    /// How long the array about to be read is likely to be: the length of
    /// the array before it in the same list (a map's rows have one width).
    width_hint: usize,
    /// Where the last string not closed on its line ends (its error says a
    /// `"` is missing; a missing `,` there is not said again).
    unclosed_string: Option<usize>,
    /// [`Reading::broken_top`].
    broken_top: bool,
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// Where a word (a literal, a number, or stray text) ends.
fn ends_word(b: u8) -> bool {
    is_blank(b) || matches!(b, b'{' | b'}' | b'[' | b']' | b',' | b':' | b'"' | b'/')
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.push(SyntaxError {
            span,
            message: message.into(),
            remove: None,
            code: SYNTAX,
        });
    }

    fn push(&mut self, error: SyntaxError) {
        // An error between the top-level object's own members may hide one.
        if self.open.len() == 1 && self.open[0].0 == b'{' {
            self.broken_top = true;
        }
        self.errors.push(error);
    }

    /// `what` (a token, in backquotes, or "a value") is missing at `at`.
    fn expected(&mut self, what: &str, at: usize) {
        let message = if at >= self.text.trim_end().len() {
            format!("the file ends early: {what} expected")
        } else {
            format!("{what} expected here")
        };
        self.error(at..at, message);
    }

    /// Blanks and comments (each an error: JSON has none).
    fn skip_trivia(&mut self) {
        loop {
            while self.peek().is_some_and(is_blank) {
                self.at += 1;
            }
            let rest = &self.bytes[self.at..];
            let end = if rest.starts_with(b"//") {
                memchr::memchr(b'\n', rest).map_or(self.bytes.len(), |i| self.at + i)
            } else if rest.starts_with(b"/*") {
                memchr::memmem::find(&rest[2..], b"*/")
                    .map_or(self.bytes.len(), |i| self.at + i + 4)
            } else {
                return;
            };
            let comment = self.at..self.at + self.text[self.at..end].trim_end().len();
            self.errors.push(SyntaxError {
                span: comment.clone(),
                message:
                    "a comment: JSON has no comments, and the demo's `JSON.parse` rejects the file"
                        .into(),
                remove: Some(comment),
                code: COMMENT,
            });
            self.at = end;
        }
    }

    /// The stray text at `start` reported and read past: one character if it
    /// is punctuation, else the word.
    fn unexpected(&mut self, start: usize) {
        let end = match self.bytes[start] {
            b'{' | b'}' | b'[' | b']' | b',' | b':' | b'/' => start + 1,
            _ => self.word_end(start),
        };
        let end = end.max(start + 1);
        let end = (end..=self.bytes.len())
            .find(|&e| self.text.is_char_boundary(e))
            .unwrap_or(self.bytes.len());
        self.at = end;
        let message = format!(
            "unexpected `{}`: not valid JSON here (a missing `,` or `:`, or a stray character?)",
            shown(&self.text[start..end])
        );
        self.error(start..end, message);
    }

    fn word_end(&self, from: usize) -> usize {
        let mut end = from;
        while end < self.bytes.len() && !ends_word(self.bytes[end]) {
            end += 1;
        }
        end
    }

    /// The file ended inside the containers open now.
    fn ended(&mut self) {
        if !self.ended_early {
            self.ended_early = true;
            let start = self.open.first().map_or(self.at, |o| o.1);
            let end = self.text.trim_end().len().max(start);
            self.error(
                start..end,
                "the file ends inside a value: a `}`, `]` or `\"` is missing",
            );
        }
        self.broken_top = true;
    }

    fn value(&mut self) -> Read {
        let start = self.at;
        let Some(b) = self.peek() else {
            return Read::Nothing;
        };
        let kind = match b {
            b'{' | b'[' if self.open.len() >= DEEPEST => {
                self.skip_nested();
                self.error(
                    start..self.at,
                    format!("nested deeper than levls reads ({DEEPEST} levels)"),
                );
                return Read::Skipped;
            }
            b'{' => Kind::Object(self.object()),
            b'[' => Kind::Array(self.array()),
            b'"' => Kind::String(self.string()),
            b'}' | b']' | b',' | b':' => return Read::Nothing,
            _ => {
                let text = self.text;
                let end = self.word_end(start);
                let kind = match &text[start..end] {
                    "null" => Kind::Null,
                    "true" => Kind::Bool(true),
                    "false" => Kind::Bool(false),
                    word if word.starts_with(|c: char| c == '-' || c.is_ascii_digit()) => {
                        self.number(start..end);
                        Kind::Number(number(word))
                    }
                    _ => {
                        self.unexpected(start);
                        return Read::Skipped;
                    }
                };
                self.at = end;
                kind
            }
        };
        Read::Value(Json {
            kind,
            span: start..self.at,
        })
    }

    /// A number's spelling checked against JSON's: `-`, digits without a
    /// leading zero, an optional fraction and exponent.
    fn number(&mut self, span: Span) {
        let text = self.text;
        let s = &text[span.clone()];
        let b = s.as_bytes();
        let mut i = usize::from(b.first() == Some(&b'-'));
        let digits = |i: &mut usize| {
            let from = *i;
            while b.get(*i).is_some_and(u8::is_ascii_digit) {
                *i += 1;
            }
            *i - from
        };
        let whole = digits(&mut i);
        let mut valid = whole == 1 || (whole > 1 && b[i - whole] != b'0');
        let mut bare_point = false;
        if valid && b.get(i) == Some(&b'.') {
            i += 1;
            bare_point = digits(&mut i) == 0;
            valid = !bare_point;
        }
        if valid && matches!(b.get(i), Some(b'e' | b'E')) {
            i += 1;
            if matches!(b.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            valid = digits(&mut i) > 0;
        }
        if valid && i == b.len() {
            return;
        }
        let message = if bare_point {
            format!("`{s}`: JSON needs a digit after the decimal point (or was a `,` meant?)")
        } else {
            format!("`{s}` is not a JSON number (digits, without a leading zero or `+`, an optional fraction and exponent)")
        };
        self.error(span, message);
    }

    /// A string from its `"`, escapes and control characters checked; one
    /// not closed on its line ends there.
    fn string(&mut self) -> String {
        let start = self.at;
        self.at += 1;
        loop {
            let rest = &self.bytes[self.at..];
            let Some(i) = rest
                .iter()
                .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
            else {
                self.at = self.bytes.len();
                self.expected("`\"`", self.at);
                break;
            };
            self.at += i;
            match self.bytes[self.at] {
                b'"' => {
                    self.at += 1;
                    break;
                }
                b'\\' => self.escape(),
                b'\n' | b'\r' => {
                    self.expected("`\"`", self.at);
                    self.unclosed_string = Some(self.at);
                    break;
                }
                control => {
                    let message = format!(
                        "a raw control character (U+{:04X}) in a string: JSON needs it escaped (`\\t`, `\\u00XX`)",
                        control
                    );
                    self.error(self.at..self.at + 1, message);
                    self.at += 1;
                }
            }
        }
        super::unquote(&self.text[start..self.at])
    }

    /// The escape at `at` (a backslash) checked and read past.
    fn escape(&mut self) {
        let start = self.at;
        match self.bytes.get(start + 1) {
            Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => self.at += 2,
            Some(b'u') => {
                let hex = &self.bytes[start + 2..self.bytes.len().min(start + 6)];
                if hex.len() == 4 && hex.iter().all(u8::is_ascii_hexdigit) {
                    self.at += 6;
                } else {
                    self.error(
                        start..start + 2,
                        "`\\u` must be followed by 4 hexadecimal digits",
                    );
                    self.at += 2;
                }
            }
            // A line break or the end: the string is not closed (said by the caller).
            None | Some(b'\n' | b'\r') => self.at += 1,
            Some(_) => {
                let end = (start + 2..=self.bytes.len())
                    .find(|&e| self.text.is_char_boundary(e))
                    .unwrap_or(self.bytes.len());
                let text = self.text;
                let escape = &text[start..end];
                self.error(
                    start..end,
                    format!("`{escape}` is no JSON escape: JSON knows `\\\"` `\\\\` `\\/` `\\b` `\\f` `\\n` `\\r` `\\t` and `\\uXXXX`"),
                );
                self.at = end;
            }
        }
    }

    /// A container of the other kind closes here (`close`), and an outer one
    /// of that kind is open: this one ends unclosed, the outer one takes it.
    fn closed_by_outer(&self, close: u8) -> bool {
        let opener = if close == b'}' { b'{' } else { b'[' };
        self.open[..self.open.len() - 1]
            .iter()
            .any(|&(o, _)| o == opener)
    }

    /// After a container's item: `,` (and a trailing one before `close`),
    /// `close`, or what is missing. Whether the container goes on.
    fn after_item(&mut self, close: u8, item_end: usize) -> bool {
        loop {
            self.skip_trivia();
            match self.peek() {
                Some(b',') => {
                    let comma = self.at;
                    self.at += 1;
                    self.skip_trivia();
                    if self.peek() == Some(close) {
                        self.push(trailing_comma(comma));
                    }
                    return true;
                }
                Some(b) if b == close => {
                    self.at += 1;
                    return false;
                }
                None => {
                    self.ended();
                    return false;
                }
                // `[1, 2}` on one line: a bracket of the other kind typed.
                Some(b @ (b'}' | b']')) if !self.text[item_end..self.at].contains('\n') => {
                    let message = format!("`{}` expected here, not `{}`", close as char, b as char);
                    self.error(self.at..self.at + 1, message);
                    self.at += 1;
                    return false;
                }
                Some(b @ (b'}' | b']')) => {
                    if self.closed_by_outer(b) {
                        self.expected(&format!("`{}`", close as char), item_end);
                        return false;
                    }
                    self.unexpected(self.at);
                }
                Some(_) => {
                    // `1.` then the next item: the number's error says it (a
                    // `,` typed as a `.`), a second one would not help; nor
                    // before stray text, which is said to be stray.
                    if self.bytes[item_end - 1] != b'.'
                        && self.unclosed_string != Some(item_end)
                        && self.item_starts(close)
                    {
                        self.expected("`,`", item_end);
                    }
                    return true;
                }
            }
        }
    }

    /// Whether an item of the container `close` ends starts at `at`: in an
    /// array a value, in an object a key (a string, or a word before a `:`).
    fn item_starts(&self, close: u8) -> bool {
        let end = self.word_end(self.at);
        match self.bytes[self.at] {
            b'"' => true,
            _ if close == b'}' => self.colon_after(end),
            b'{' | b'[' => true,
            _ => {
                let word = &self.text[self.at..end];
                matches!(word, "null" | "true" | "false")
                    || word.starts_with(|c: char| c == '-' || c.is_ascii_digit())
            }
        }
    }

    /// A container's start, when what is there cannot start an item: whether
    /// the container goes on (the stray text skipped) or ends.
    fn no_item(&mut self, close: u8) -> bool {
        match self.peek() {
            None => {
                self.ended();
                false
            }
            Some(b) if b == close => {
                self.at += 1;
                false
            }
            Some(b @ (b'}' | b']')) if self.closed_by_outer(b) => {
                self.expected(&format!("`{}`", close as char), self.at);
                false
            }
            Some(_) if close == b'}' => {
                self.skip_stray_members();
                true
            }
            Some(_) => {
                self.unexpected(self.at);
                true
            }
        }
    }

    fn array(&mut self) -> Vec<Json> {
        self.open.push((b'[', self.at));
        self.at += 1;
        let mut items: Vec<Json> = Vec::with_capacity(std::mem::take(&mut self.width_hint));
        let mut width = 0;
        loop {
            self.skip_trivia();
            let start = self.at;
            self.width_hint = width;
            match self.value() {
                Read::Value(value) => {
                    let end = value.span.end;
                    if let Kind::Array(inner) = &value.kind {
                        width = inner.len();
                    }
                    items.push(value);
                    if !self.after_item(b']', end) {
                        break;
                    }
                }
                // Stray text where an item belongs: the separator after it
                // is still one (`[1, nulal, 3]` is one error).
                Read::Skipped => {
                    if !self.after_item(b']', self.at) {
                        break;
                    }
                }
                Read::Nothing => {
                    debug_assert_eq!(start, self.at);
                    if !self.no_item(b']') {
                        break;
                    }
                }
            }
        }
        self.open.pop();
        self.width_hint = 0;
        items
    }

    fn object(&mut self) -> Vec<Member> {
        self.open.push((b'{', self.at));
        self.at += 1;
        self.width_hint = 0;
        let mut members = Vec::new();
        loop {
            self.skip_trivia();
            let key_start = self.at;
            let key = match self.peek() {
                Some(b'"') => self.string(),
                // `{layout: 1}`: a word before a `:` is read as the key it means.
                Some(b) if !ends_word(b) && self.colon_after(self.word_end(key_start)) => {
                    let text = self.text;
                    self.at = self.word_end(key_start);
                    let word = &text[key_start..self.at];
                    self.error(
                        key_start..self.at,
                        format!("a key must be a string in double quotes: `\"{word}\"`"),
                    );
                    word.to_string()
                }
                _ => {
                    if self.no_item(b'}') {
                        continue;
                    }
                    break;
                }
            };
            let key_span = key_start..self.at;
            self.skip_trivia();
            let mut end = key_span.end;
            if self.peek() == Some(b':') {
                self.at += 1;
                end = self.at;
            } else {
                self.expected("`:`", key_span.end);
            }
            self.skip_trivia();
            let (value, next_key) = self.member_value(end);
            let span = key_span.start..value.span.end.max(end);
            let value_end = span.end;
            members.push(Member {
                key,
                key_span,
                value,
                span,
            });
            if !next_key && !self.after_item(b'}', value_end) {
                break;
            }
        }
        self.open.pop();
        members
    }

    /// Stray text where an object's member belongs (`{ [1, 2], "a": 1 }`, or
    /// the rows after a `]` typed into a list of rows): one error for all of
    /// it, up to the next key, the object's `}`, or a `]` an outer array
    /// takes; brackets inside it are matched.
    fn skip_stray_members(&mut self) {
        let start = self.at;
        let mut end = start;
        let mut depth = 0usize;
        while let Some(b) = self.peek() {
            match b {
                b'"' => {
                    let string_end = self.string_end(self.at);
                    if depth == 0 && self.colon_after(string_end) {
                        break;
                    }
                    self.at = string_end.max(self.at + 1);
                }
                b'{' | b'[' => {
                    depth += 1;
                    self.at += 1;
                }
                b'}' | b']' if depth > 0 => {
                    depth -= 1;
                    self.at += 1;
                }
                b'}' => break,
                b']' if self.closed_by_outer(b']') => break,
                _ if is_blank(b) => {
                    self.at += 1;
                    continue;
                }
                _ => self.at += 1,
            }
            end = self.at;
        }
        let message = format!(
            "unexpected `{}`: not valid JSON here (a missing `,` or `:`, or a stray character?)",
            shown(&self.text[start..end])
        );
        self.error(start..end, message);
    }

    /// Whether a `:` follows `at` (after blanks).
    fn colon_after(&self, at: usize) -> bool {
        self.bytes[at..]
            .iter()
            .find(|&&b| !is_blank(b))
            .is_some_and(|&b| b == b':')
    }

    /// A member's value; Missing (and said) when there is none, or when what
    /// follows is the next member's key (`"a": "b": 1` reads `"b"` as a key:
    /// then true, and no `,` is looked for).
    fn member_value(&mut self, colon_end: usize) -> (Json, bool) {
        let missing = Json {
            kind: Kind::Missing,
            span: colon_end..colon_end,
        };
        if self.peek() == Some(b'"') && self.colon_after(self.string_end(self.at)) {
            self.expected("a value", colon_end);
            return (missing, true);
        }
        match self.value() {
            Read::Value(value) => (value, false),
            Read::Skipped => (missing, false),
            Read::Nothing => {
                self.expected("a value", colon_end);
                (missing, false)
            }
        }
    }

    /// Where the string starting at `at` ends (past its `"`, or at the end of
    /// its line), without a word about it.
    fn string_end(&self, at: usize) -> usize {
        let mut i = at + 1;
        while let Some(&b) = self.bytes.get(i) {
            match b {
                b'"' => return i + 1,
                b'\\' => i += 2,
                b'\n' | b'\r' => return i,
                _ => i += 1,
            }
        }
        self.bytes.len()
    }

    /// Past a container too deep to read: to its closing bracket, or the end.
    fn skip_nested(&mut self) {
        let mut depth = 0usize;
        while let Some(b) = self.peek() {
            self.at += 1;
            match b {
                b'{' | b'[' => depth += 1,
                b'}' | b']' => {
                    depth -= 1;
                    if depth == 0 {
                        return;
                    }
                }
                b'"' => self.at = self.string_end(self.at - 1),
                _ => {}
            }
        }
    }
}
