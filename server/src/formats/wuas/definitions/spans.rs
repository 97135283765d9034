//! Where each name is written in a definitions file's JSON text, for go to
//! definition.
//!
//! serde_json gives values without positions, so the keys are found by a
//! small scan of the text: the top-level object's sections, and in each
//! section object the keys of its members. The scan honours nesting and
//! string escapes (a key is compared decoded: `"Neutral\u0020Space"` is
//! `Neutral Space`). A key written twice keeps its last place, as serde_json
//! keeps the last value, and a section written twice is the last one. It
//! reads text serde_json has accepted, so it validates nothing: on text it
//! cannot follow it keeps what it found so far.

use std::collections::BTreeMap;
use std::ops::Range;

pub type Span = Range<usize>;

/// `section → name → span`, where the span is the key's text between its
/// quotes, as written (escapes undecoded).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeySpans(BTreeMap<String, BTreeMap<String, Span>>);

impl KeySpans {
    /// The member keys of the top-level `sections` of `json` whose value is an object.
    pub fn scan(json: &str, sections: &[&str]) -> KeySpans {
        let mut found = BTreeMap::new();
        let mut scanner = Scanner { text: json, pos: 0 };
        scanner.skip_blanks();
        // What was found before text it cannot follow is still right.
        let _ = scanner.members(|s, section, _| {
            if !sections.contains(&section.as_str()) || s.peek() != Some(b'{') {
                found.remove(&section);
                return s.skip_value();
            }
            let mut names = BTreeMap::new();
            let read = s.members(|s, name, span| {
                names.insert(name, span);
                s.skip_value()
            });
            found.insert(section, names);
            read
        });
        KeySpans(found)
    }

    /// The span of `name`'s key in `section`, if the text has one.
    pub fn get(&self, section: &str, name: &str) -> Option<Span> {
        self.0.get(section)?.get(name).cloned()
    }
}

struct Scanner<'t> {
    text: &'t str,
    pos: usize,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn skip_blanks(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    /// Consume `byte` (after blanks), or fail.
    fn expect(&mut self, byte: u8) -> Option<()> {
        self.skip_blanks();
        (self.peek()? == byte).then(|| self.pos += 1)
    }

    /// At `{`: each member's decoded key and key span, handed to `each`, which
    /// must consume the member's value; then past the closing `}`.
    fn members(
        &mut self,
        mut each: impl FnMut(&mut Self, String, Span) -> Option<()>,
    ) -> Option<()> {
        self.expect(b'{')?;
        self.skip_blanks();
        if self.peek()? == b'}' {
            self.pos += 1;
            return Some(());
        }
        loop {
            self.skip_blanks();
            let span = self.string()?;
            let key = unescape(&self.text[span.clone()]);
            self.expect(b':')?;
            self.skip_blanks();
            each(self, key, span)?;
            self.skip_blanks();
            match self.peek()? {
                b',' => self.pos += 1,
                b'}' => {
                    self.pos += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    /// At `"`: past the string; the span of its text between the quotes.
    fn string(&mut self) -> Option<Span> {
        if self.peek()? != b'"' {
            return None;
        }
        self.pos += 1;
        let start = self.pos;
        loop {
            match self.peek()? {
                b'"' => {
                    self.pos += 1;
                    return Some(start..self.pos - 1);
                }
                // The escaped byte is never the closing quote.
                b'\\' => self.pos += 2,
                _ => self.pos += 1,
            }
        }
    }

    /// Past one value of any kind, nested objects and arrays included.
    fn skip_value(&mut self) -> Option<()> {
        let mut depth = 0usize;
        loop {
            self.skip_blanks();
            match self.peek()? {
                b'"' => {
                    self.string()?;
                }
                b'{' | b'[' => {
                    depth += 1;
                    self.pos += 1;
                }
                b'}' | b']' => {
                    depth = depth.checked_sub(1)?;
                    self.pos += 1;
                }
                b',' | b':' if depth > 0 => self.pos += 1,
                b',' | b':' => return None,
                // A number, `true`, `false` or `null`.
                _ => {
                    let rest = &self.text.as_bytes()[self.pos..];
                    let len = rest
                        .iter()
                        .position(|b| b",:{}[]\" \t\r\n".contains(b))
                        .unwrap_or(rest.len());
                    self.pos += len.max(1);
                }
            }
            if depth == 0 {
                return Some(());
            }
        }
    }
}

/// A JSON string's text between its quotes, its escapes decoded (a lone
/// surrogate, which serde_json refuses anyway, becomes U+FFFD).
fn unescape(raw: &str) -> String {
    if !raw.contains('\\') {
        return raw.to_string();
    }
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        rest = &rest[i + 1..];
        let Some(escaped) = rest.chars().next() else {
            break;
        };
        rest = &rest[escaped.len_utf8()..];
        match escaped {
            'b' => out.push('\u{8}'),
            'f' => out.push('\u{c}'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'u' => {
                // A run of `\uXXXX`: a surrogate pair is two of them.
                let mut units = Vec::new();
                while let Some(unit) = rest.get(..4).and_then(|h| u16::from_str_radix(h, 16).ok()) {
                    units.push(unit);
                    rest = &rest[4..];
                    match rest.strip_prefix("\\u") {
                        Some(next) => rest = next,
                        None => break,
                    }
                }
                out.extend(
                    char::decode_utf16(units).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)),
                );
            }
            // `\"`, `\\`, `\/`.
            other => out.push(other),
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests;
