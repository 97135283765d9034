//! A dungeon-mystery file read from its text ([`read`]): a typed [`Json`] value with byte
//! spans, and every place the demo's `JSON.parse` rejects (a missing or stray `,` `:` `}`
//! `]` or value, comments, trailing commas, several values, `1.`, escapes JSON does not know,
//! raw control characters in strings), reading on past each.

mod read;

use crate::formats::SourceFile;
use std::ops::Range;
use std::sync::Arc;

pub type Span = Range<usize>;

pub const SYNTAX: &str = "dungeon-mystery::syntax-error";
pub const COMMENT: &str = "dungeon-mystery::comment";
pub const TRAILING_COMMA: &str = "dungeon-mystery::trailing-comma";

#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    Object(Vec<Member>),
    Array(Vec<Json>),
    /// The number as `JSON.parse` reads it.
    Number(f64),
    String(String),
    Bool(bool),
    Null,
    /// A value the text does not have; a syntax error says why.
    Missing,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Json {
    pub kind: Kind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    /// The key without quotes, escapes decoded.
    pub key: String,
    /// The key with its quotes.
    pub key_span: Span,
    pub value: Json,
    /// The whole `"key": value` pair.
    pub span: Span,
}

impl Json {
    pub fn members(&self) -> &[Member] {
        match &self.kind {
            Kind::Object(m) => m,
            _ => &[],
        }
    }

    /// The last member named `key` (`JSON.parse` keeps the last of duplicates).
    pub fn get(&self, key: &str) -> Option<&Json> {
        self.members()
            .iter()
            .rev()
            .find(|m| m.key == key)
            .map(|m| &m.value)
    }

    /// The whole number, if this is one.
    pub fn as_int(&self) -> Option<i64> {
        match self.kind {
            Kind::Number(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => Some(n as i64),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self.kind {
            Kind::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// The JSON type's name, for messages.
    pub fn type_name(&self) -> &'static str {
        match &self.kind {
            Kind::Object(_) => "an object",
            Kind::Array(_) => "an array",
            Kind::Number(n) if n.fract() != 0.0 => "a fractional number",
            Kind::Number(_) => "a number",
            Kind::String(_) => "a string",
            Kind::Bool(_) => "a boolean",
            Kind::Null => "null",
            Kind::Missing => "nothing",
        }
    }
}

/// What [`read`] makes of a file: its first value, and its syntax errors.
#[derive(Debug, PartialEq)]
pub struct Reading {
    /// The document's first value (later ones are syntax errors).
    pub root: Option<Arc<Json>>,
    /// Every place `JSON.parse` would reject, in file order.
    pub errors: Vec<SyntaxError>,
    /// The document holds text that is no part of its first value and no
    /// second value: the shape read is guesswork.
    pub garbled: bool,
    /// The top-level object has an error of its own (between its members, or
    /// it is never closed): a member may be lost in it.
    pub broken_top: bool,
}

impl Reading {
    pub fn of(text: &str) -> Reading {
        read::document(text)
    }
}

/// The [`Reading`] of a file, read once per version when the file has a memo
/// (the analysis, hover, hints and outline of one version share it).
pub fn reading_of(file: &SourceFile) -> Arc<Reading> {
    file.read_shared(Reading::of)
}

/// The first value of a file ([`reading_of`]).
pub fn root_of(file: &SourceFile) -> Option<Arc<Json>> {
    reading_of(file).root.clone()
}

/// A number as `JSON.parse` reads it (`1.` is a syntax error reported separately).
pub(super) fn number(s: &str) -> f64 {
    s.trim_end_matches('.').parse().unwrap_or(f64::NAN)
}

/// A string literal's content, escapes decoded (invalid ones kept as written).
pub fn unquote(s: &str) -> String {
    let inner = s
        .strip_prefix('"')
        .map(|s| s.strip_suffix('"').unwrap_or(s))
        .unwrap_or(s);
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('b') => out.push('\u{8}'),
            Some('f') => out.push('\u{c}'),
            Some('u') => {
                let hex: String = chars.clone().take(4).collect();
                match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    Some(ch) if hex.len() == 4 => {
                        out.push(ch);
                        chars.nth(3);
                    }
                    _ => out.push_str("\\u"),
                }
            }
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

/// One syntax error: where, what, and optionally the edit that removes the offending text.
#[derive(Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub span: Span,
    pub message: String,
    /// A span to delete (a comment, a trailing comma).
    pub remove: Option<Span>,
    /// `dungeon-mystery::syntax-error`, `::comment` or `::trailing-comma`.
    pub code: &'static str,
}

pub(super) fn trailing_comma(comma: usize) -> SyntaxError {
    SyntaxError {
        span: comma..comma + 1,
        message: "a trailing comma: JSON allows none before `}` or `]`, and the demo's `JSON.parse` rejects the file".into(),
        remove: Some(comma..comma + 1),
        code: TRAILING_COMMA,
    }
}

/// The start of unexpected text as shown in a message: its first line, at most 40 characters.
pub(super) fn shown(s: &str) -> String {
    let line = s.lines().next().unwrap_or("").trim_end();
    let mut out: String = line.chars().take(40).collect();
    if out.len() < s.trim_end().len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests;
