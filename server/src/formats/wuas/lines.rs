//! The datafile as the reference tool reads it: line by line, with
//! universal newlines (`\n`, `\r\n` and a lone `\r` all end a line).

use std::ops::Range;

pub type Span = Range<usize>;

#[derive(Clone, Debug)]
pub struct Line {
    /// The line's text, without its line break.
    pub span: Span,
    /// Whether a line break ends it (the last line may have none).
    pub terminated: bool,
}

pub fn split(text: &str) -> Vec<Line> {
    let bytes = text.as_bytes();
    let mut lines = Vec::new();
    let mut start = 0;
    let mut breaks = memchr::memchr2_iter(b'\n', b'\r', bytes);
    while let Some(i) = breaks.next() {
        lines.push(Line {
            span: start..i,
            terminated: true,
        });
        start = i + 1;
        if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
            breaks.next(); // the `\n` of this `\r\n`
            start = i + 2;
        }
    }
    if start < bytes.len() {
        lines.push(Line {
            span: start..bytes.len(),
            terminated: false,
        });
    }
    lines
}

/// Python's `int()` on a string: surrounding whitespace, an optional sign,
/// digits with single underscores between them (`+5`, `005`, `0_5`).
pub fn python_int(text: &str) -> Option<i64> {
    let s = text.trim();
    let (negative, digits) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty()
        || digits.starts_with('_')
        || digits.ends_with('_')
        || digits.contains("__")
    {
        return None;
    }
    if !digits.bytes().all(|b| b.is_ascii_digit() || b == b'_') {
        return None;
    }
    let value: i64 = digits.replace('_', "").parse().unwrap_or(i64::MAX);
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests;
