//! The tree-sitter JSON tree → a typed [`Json`] value with byte spans, and the syntax errors
//! that the demo's `JSON.parse` rejects (ERROR and MISSING nodes, comments, and what the
//! tree-sitter grammar accepts but JSON does not: several values, `1.`, `\u` without 4 hex
//! digits, raw control characters in strings).

use std::ops::Range;
use tree_sitter::Node;

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
    /// A value the tree does not have (a MISSING node); a syntax error says why.
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

/// [`root`] of a file, read once per version when the file has a memo (the
/// analysis, hover, hints and outline of one version share it).
pub fn root_of(file: &crate::formats::SourceFile) -> Option<std::sync::Arc<Json>> {
    let read = || root(file.text, file.tree).map(std::sync::Arc::new);
    match file.memo.and_then(|m| m.get_or_init(read)) {
        Some(kept) => kept.clone(),
        None => read(),
    }
}

/// The document's first value (later ones are syntax errors).
pub fn root(text: &str, tree: &tree_sitter::Tree) -> Option<Json> {
    let root = tree.root_node();
    let mut cursor = root.walk();
    let first = root
        .named_children(&mut cursor)
        .find(|n| !n.is_extra() && n.kind() != "ERROR");
    first.and_then(|n| value(text, n))
}

fn value(text: &str, node: Node) -> Option<Json> {
    value_read(text, node, true)
}

/// A value from its node; `by_text`: arrays of scalars and of such arrays
/// (a map's rows) from their text ([`scalars`]), the rest node by node.
fn value_read(text: &str, node: Node, by_text: bool) -> Option<Json> {
    let span = node.byte_range();
    if node.is_missing() {
        return Some(Json {
            kind: Kind::Missing,
            span: span.start..span.start,
        });
    }
    let kind = match node.kind() {
        "object" => Kind::Object(members(text, node)),
        "array" => Kind::Array(
            by_text
                .then(|| scalars(text, node))
                .flatten()
                .unwrap_or_else(|| elements(text, node, by_text)),
        ),
        "number" => Kind::Number(number(&text[span.clone()])),
        "string" => Kind::String(unquote(&text[span.clone()])),
        "true" => Kind::Bool(true),
        "false" => Kind::Bool(false),
        "null" => Kind::Null,
        _ => return None,
    };
    Some(Json { kind, span })
}

/// The values of an array, read from the tree.
fn elements(text: &str, array: Node, by_text: bool) -> Vec<Json> {
    let mut cursor = array.walk();
    array
        .named_children(&mut cursor)
        .filter(|n| !n.is_extra())
        .filter_map(|n| value_read(text, n, by_text))
        .collect()
}

/// How deep [`scalars`] follows arrays in arrays before leaving them to the tree.
const NESTING_READ_BY_TEXT: usize = 16;

/// The values of an array of only `null`, `true`, `false`, integers and
/// arrays of the same (a map's rows of tiles, and the list of them), read
/// from its text: the same values and spans as [`elements`] (a test holds
/// them equal), without visiting a node per value, which on a megabyte of
/// rows was most of the analysis of each keystroke. None for any other
/// array, or one with a syntax error.
fn scalars(text: &str, array: Node) -> Option<Vec<Json>> {
    if array.has_error() {
        return None;
    }
    let span = array.byte_range();
    let mut at = span.start + 1;
    let items = items_by_text(text, &mut at, 0, 0)?;
    (at + 1 == span.end).then_some(items)
}

/// The values from `at` to the `]` that closes their array, where `at` is
/// left; None where the text holds something else (a string, an object, a
/// fraction: every token must be `null`, `true`, `false` or digits). A list
/// of rows holds rows of one width: each is made as long as the one before.
fn items_by_text(text: &str, at: &mut usize, depth: usize, expected: usize) -> Option<Vec<Json>> {
    let bytes = text.as_bytes();
    let separates = |b: u8| matches!(b, b',' | b' ' | b'\n' | b'\r' | b'\t');
    let mut out = Vec::with_capacity(expected);
    let mut row_width = 0;
    loop {
        while separates(*bytes.get(*at)?) {
            *at += 1;
        }
        let start = *at;
        let kind = match bytes[start] {
            b']' => return Some(out),
            b'[' if depth < NESTING_READ_BY_TEXT => {
                *at += 1;
                let inner = items_by_text(text, at, depth + 1, row_width)?;
                *at += 1; // past its `]`
                row_width = inner.len();
                Kind::Array(inner)
            }
            b'[' => return None,
            _ => {
                while !matches!(bytes.get(*at)?, b'[' | b']') && !separates(bytes[*at]) {
                    *at += 1;
                }
                match &text[start..*at] {
                    "null" => Kind::Null,
                    "true" => Kind::Bool(true),
                    "false" => Kind::Bool(false),
                    token => {
                        let digits = token.strip_prefix('-').unwrap_or(token);
                        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                            return None;
                        }
                        Kind::Number(number(token))
                    }
                }
            }
        };
        out.push(Json {
            kind,
            span: start..*at,
        });
    }
}

/// The pairs of an object, also those tree-sitter wrapped in an ERROR while recovering.
fn members(text: &str, object: Node) -> Vec<Member> {
    let mut out = Vec::new();
    let mut cursor = object.walk();
    for child in object.named_children(&mut cursor) {
        match child.kind() {
            "pair" => out.extend(member(text, child)),
            "ERROR" => {
                let mut inner = child.walk();
                for pair in child.named_children(&mut inner) {
                    if pair.kind() == "pair" {
                        out.extend(member(text, pair));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

fn member(text: &str, pair: Node) -> Option<Member> {
    let key = pair.child_by_field_name("key")?;
    let value = pair
        .child_by_field_name("value")
        .and_then(|v| value(text, v));
    let value = value.unwrap_or(Json {
        kind: Kind::Missing,
        span: pair.end_byte()..pair.end_byte(),
    });
    Some(Member {
        key: unquote(&text[key.byte_range()]),
        key_span: key.byte_range(),
        value,
        span: pair.byte_range(),
    })
}

/// A number as `JSON.parse` reads it (`1.` is a syntax error reported separately).
fn number(s: &str) -> f64 {
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

/// Every place `JSON.parse` would reject, in file order.
pub fn errors(text: &str, tree: &tree_sitter::Tree) -> Vec<SyntaxError> {
    errors_skipping(text, tree, Some(&Marks::of(text)))
}

/// [`errors`], walking into every node, or only into those `marks` says may
/// hold a finding.
fn errors_skipping(
    text: &str,
    tree: &tree_sitter::Tree,
    marks: Option<&Marks>,
) -> Vec<SyntaxError> {
    let mut out = Vec::new();
    let root = tree.root_node();
    let mut values = 0;
    let mut cursor = root.walk();
    for child in root.named_children(&mut cursor) {
        if !child.is_extra() && child.kind() != "ERROR" {
            values += 1;
            if values == 2 {
                out.push(SyntaxError {
                    span: child.byte_range(),
                    message: "a second value after the first: a JSON file holds exactly one value, and `JSON.parse` rejects the rest".into(),
                    remove: None,
                    code: SYNTAX,
                });
            }
        }
    }
    if values == 0 && !root.has_error() {
        let end = text.len();
        out.push(SyntaxError {
            span: end..end,
            message: "an empty file: `JSON.parse` needs one value (here, an object with `floor_props` and `dungeon_data`)".into(),
            remove: None,
            code: SYNTAX,
        });
    }
    walk(text, root, marks, &mut out);
    out.sort_by_key(|e| (e.span.start, e.span.end));
    out
}

/// Where the text has a byte some finding of [`visit`] needs: a quote (every
/// string), `.` (a number like `1.`), `\\` (an escape), `/` (a comment), a
/// control character other than a line break or tab (a tab is only wrong in a
/// string, which has quotes). A node without syntax errors and without any of
/// them has nothing to report below it.
struct Marks(Vec<usize>);

impl Marks {
    fn of(text: &str) -> Marks {
        let bytes = text.as_bytes();
        let mut marks: Vec<usize> = memchr::memchr3_iter(b'"', b'.', b'\\', bytes)
            .chain(memchr::memchr_iter(b'/', bytes))
            .collect();
        // Control characters are rare: a chunk is looked into only when it
        // has one (the test over a whole chunk is vectorised).
        let control = |b: u8| b < 0x20 && !matches!(b, b'\n' | b'\r' | b'\t');
        for (c, chunk) in bytes.chunks(64).enumerate() {
            if chunk.iter().fold(false, |any, &b| any | control(b)) {
                let found = chunk.iter().enumerate().filter(|&(_, &b)| control(b));
                marks.extend(found.map(|(i, _)| c * 64 + i));
            }
        }
        marks.sort_unstable();
        Marks(marks)
    }

    /// Whether nothing below `node` can be a finding.
    fn quiet(&self, node: Node) -> bool {
        let range = node.byte_range();
        let next = self.0.partition_point(|&m| m < range.start);
        !node.has_error() && self.0.get(next).is_none_or(|&m| m >= range.end)
    }
}

/// Every node once, with one cursor (a cursor per node costs more than the
/// checks on a large file), but not below a node `marks` finds quiet (the
/// rows of a megabyte of tiles).
fn walk(text: &str, root: Node, marks: Option<&Marks>, out: &mut Vec<SyntaxError>) {
    let mut cursor = root.walk();
    loop {
        let node = cursor.node();
        let descend = visit(text, node, out) && !marks.is_some_and(|m| m.quiet(node));
        if descend && cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return;
            }
        }
    }
}

/// The syntax errors at `node` itself; whether its children need a look.
fn visit(text: &str, node: Node, out: &mut Vec<SyntaxError>) -> bool {
    if node.is_missing() {
        out.push(missing(text, node));
        return false;
    }
    match node.kind() {
        "ERROR" => {
            out.push(error(text, node));
            return false;
        }
        "comment" => {
            out.push(SyntaxError {
                span: node.byte_range(),
                message:
                    "a comment: JSON has no comments, and the demo's `JSON.parse` rejects the file"
                        .into(),
                remove: Some(node.byte_range()),
                code: COMMENT,
            });
            return false;
        }
        "number" => {
            let s = &text[node.byte_range()];
            if s.ends_with('.') || s.contains(".e") || s.contains(".E") {
                out.push(SyntaxError {
                    span: node.byte_range(),
                    message: format!("`{s}`: JSON needs a digit after the decimal point"),
                    remove: None,
                    code: SYNTAX,
                });
            }
        }
        "escape_sequence" => {
            let s = &text[node.byte_range()];
            let rest = &text[node.end_byte()..];
            if s == "\\u"
                && !(rest.len() >= 4 && rest.as_bytes()[..4].iter().all(u8::is_ascii_hexdigit))
            {
                out.push(SyntaxError {
                    span: node.byte_range(),
                    message: "`\\u` must be followed by 4 hexadecimal digits".into(),
                    remove: None,
                    code: SYNTAX,
                });
            }
        }
        "string_content" => {
            let start = node.start_byte();
            for (i, c) in text[node.byte_range()].char_indices() {
                if (c as u32) < 0x20 {
                    out.push(SyntaxError {
                        span: start + i..start + i + c.len_utf8(),
                        message: format!(
                            "a raw control character (U+{:04X}) in a string: JSON needs it escaped (`\\t`, `\\u00XX`)",
                            c as u32
                        ),
                        remove: None,
                        code: SYNTAX,
                    });
                }
            }
        }
        _ => {}
    }
    true
}

/// The next non-blank character at or after `from`.
fn next_char(text: &str, from: usize) -> Option<char> {
    text[from..].chars().find(|c| !c.is_whitespace())
}

/// The last non-blank character before `before`, and where it is.
fn prev_char(text: &str, before: usize) -> Option<(usize, char)> {
    text[..before]
        .char_indices()
        .rev()
        .find(|(_, c)| !c.is_whitespace())
}

fn missing(text: &str, node: Node) -> SyntaxError {
    let at = node.start_byte();
    // `[1, 2, ]`: tree-sitter invents a value after the comma.
    if let Some((comma, ',')) = prev_char(text, at) {
        if matches!(next_char(text, at), Some(']' | '}')) {
            return trailing_comma(comma);
        }
    }
    let what = match node.kind() {
        "}" | "]" | ":" | "," | "\"" => format!("`{}`", node.kind()),
        "number" | "string" | "null" | "true" | "false" | "object" | "array" => "a value".into(),
        k => format!("`{k}`"),
    };
    let at_end = at >= text.trim_end().len();
    SyntaxError {
        span: at..at,
        message: if at_end {
            format!("the file ends early: {what} expected")
        } else {
            format!("{what} expected here")
        },
        remove: None,
        code: SYNTAX,
    }
}

fn trailing_comma(comma: usize) -> SyntaxError {
    SyntaxError {
        span: comma..comma + 1,
        message: "a trailing comma: JSON allows none before `}` or `]`, and the demo's `JSON.parse` rejects the file".into(),
        remove: Some(comma..comma + 1),
        code: TRAILING_COMMA,
    }
}

/// The start of unexpected text as shown in a message: its first line, at most 40 characters.
fn shown(s: &str) -> String {
    let line = s.lines().next().unwrap_or("").trim_end();
    let mut out: String = line.chars().take(40).collect();
    if out.len() < s.trim_end().len() {
        out.push('…');
    }
    out
}

fn error(text: &str, node: Node) -> SyntaxError {
    let span = node.byte_range();
    let s = &text[span.clone()];
    let trimmed = s.trim();
    if trimmed == "," && matches!(next_char(text, span.end), Some('}' | ']')) {
        let comma = span.start + s.find(',').unwrap_or(0);
        return trailing_comma(comma);
    }
    // An unterminated file: the object is never closed.
    let message = if span.end >= text.trim_end().len() && !trimmed.ends_with(['}', ']']) {
        "the file ends inside a value: a `}`, `]` or `\"` is missing".to_string()
    } else if s.starts_with('"') && next_char(text, span.end).is_some_and(|c| c != ':') {
        let first = shown(trimmed);
        format!("unexpected `{first}`: a `:` after the key or a `,` between members is missing")
    } else {
        let first = shown(trimmed);
        format!("unexpected `{first}`: not valid JSON here (a missing `,` or `:`, or a stray character?)")
    };
    SyntaxError {
        span,
        message,
        remove: None,
        code: SYNTAX,
    }
}

#[cfg(test)]
mod tests;
