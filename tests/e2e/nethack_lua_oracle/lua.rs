//! Just enough of Lua's lexical structure to find a level script's `des.*`
//! calls, their arguments and table fields, by byte offset: comments and
//! strings (long ones too) are skipped as Lua skips them, so a `des.` in a
//! comment is not a call.

#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Kind {
    Name,
    /// A quoted string, quotes included.
    Str,
    /// A `[[...]]` or `[==[...]==]` string, brackets included.
    LongStr,
    Num,
    Punct,
}

#[derive(Clone, Copy, Debug)]
pub struct Token {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
}

/// Operators of more than one character, longest first.
const OPERATORS: &[&str] = &["...", "..", "==", "~=", "<=", ">=", "::", "//", "<<", ">>"];

/// The tokens of `text`; anything Lua would reject is taken a character at
/// a time (the real scripts load, so this only matters for robustness).
pub fn tokens(text: &str) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        if text[i..].starts_with("--") {
            i = match long_bracket(bytes, i + 2) {
                Some(end) => end,
                None => text[i..].find('\n').map_or(bytes.len(), |n| i + n),
            };
            continue;
        }
        let kind = if let Some(end) = long_bracket(bytes, i) {
            i = end;
            Kind::LongStr
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < bytes.len() && bytes[i] != c && bytes[i] != b'\n' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(bytes.len());
            Kind::Str
        } else if c.is_ascii_digit()
            || (c == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'.') {
                i += 1;
            }
            Kind::Num
        } else if c.is_ascii_alphabetic() || c == b'_' {
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            Kind::Name
        } else {
            let op = OPERATORS.iter().find(|op| text[i..].starts_with(*op));
            i += op.map_or(text[i..].chars().next().unwrap().len_utf8(), |op| op.len());
            Kind::Punct
        };
        out.push(Token {
            kind,
            start,
            end: i,
        });
    }
    out
}

/// The end of a long bracket (`[[`, `[=[`, …) opening at `at`, past its
/// closing bracket (or the end of the text).
fn long_bracket(bytes: &[u8], at: usize) -> Option<usize> {
    if bytes.get(at) != Some(&b'[') {
        return None;
    }
    let level = bytes[at + 1..].iter().take_while(|&&b| b == b'=').count();
    if bytes.get(at + 1 + level) != Some(&b'[') {
        return None;
    }
    let close: Vec<u8> = std::iter::once(b']')
        .chain(std::iter::repeat_n(b'=', level))
        .chain(std::iter::once(b']'))
        .collect();
    let body = at + 2 + level;
    Some(
        bytes[body..]
            .windows(close.len())
            .position(|w| w == close.as_slice())
            .map_or(bytes.len(), |p| body + p + close.len()),
    )
}

/// One call `des.NAME(ARGS)`, by token index.
pub struct Call {
    pub name: usize,
    pub close: usize,
    pub args: Vec<Item>,
}

/// An argument of a call or a field of a table: its tokens `first..=last`,
/// its key (`key = value`), the separator after it, and its fields when it
/// is a table constructor.
pub struct Item {
    pub first: usize,
    pub last: usize,
    pub key: Option<usize>,
    pub separator: Option<usize>,
    pub fields: Option<Vec<Item>>,
}

impl Item {
    /// The first token of the value (after `key =`).
    pub fn value(&self) -> usize {
        if self.key.is_some() {
            self.first + 2
        } else {
            self.first
        }
    }

    /// A value of exactly one token.
    pub fn single_value(&self) -> Option<usize> {
        (self.value() == self.last).then_some(self.last)
    }
}

/// A script's tokens, with its text.
pub struct Script<'a> {
    pub text: &'a str,
    pub tokens: Vec<Token>,
    line_starts: Vec<usize>,
}

impl<'a> Script<'a> {
    pub fn new(text: &'a str) -> Script<'a> {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Script {
            text,
            tokens: tokens(text),
            line_starts,
        }
    }

    pub fn text_of(&self, token: usize) -> &'a str {
        let t = self.tokens[token];
        &self.text[t.start..t.end]
    }

    fn is_punct(&self, token: usize, punct: &str) -> bool {
        self.tokens
            .get(token)
            .is_some_and(|t| t.kind == Kind::Punct && &self.text[t.start..t.end] == punct)
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let line = self.line_starts.partition_point(|&s| s <= offset);
        (line, offset - self.line_starts[line - 1] + 1)
    }

    /// The name of the function a call calls (`monster` for `des.monster`).
    pub fn function(&self, call: &Call) -> &'a str {
        self.text_of(call.name)
    }

    /// Every `des.NAME(...)` call, in text order (calls inside the
    /// `contents` functions of others too).
    pub fn des_calls(&self) -> Vec<Call> {
        let mut out = Vec::new();
        for i in 0..self.tokens.len().saturating_sub(3) {
            let starts_call = self.tokens[i].kind == Kind::Name
                && self.text_of(i) == "des"
                && !(i > 0 && (self.is_punct(i - 1, ".") || self.is_punct(i - 1, ":")))
                && self.is_punct(i + 1, ".")
                && self.tokens[i + 2].kind == Kind::Name
                && self.is_punct(i + 3, "(");
            if !starts_call {
                continue;
            }
            let close = self.matching(i + 3);
            out.push(Call {
                name: i + 2,
                close,
                args: self.items(i + 4, close),
            });
        }
        out
    }

    /// The bracket closing the one at `open` (or the last token).
    fn matching(&self, open: usize) -> usize {
        let mut depth = 0usize;
        for i in open..self.tokens.len() {
            if self.tokens[i].kind != Kind::Punct {
                continue;
            }
            match self.text_of(i) {
                "(" | "{" | "[" => depth += 1,
                ")" | "}" | "]" => {
                    depth -= 1;
                    if depth == 0 {
                        return i;
                    }
                }
                _ => {}
            }
        }
        self.tokens.len() - 1
    }

    /// The comma- or semicolon-separated items of tokens `from..to`.
    fn items(&self, from: usize, to: usize) -> Vec<Item> {
        let mut out = Vec::new();
        let mut first = from;
        let mut depth = 0usize;
        for i in from..=to {
            let at_end = i == to;
            let text = self.text_of(i);
            // A function body's statements (`for i = 1, 9 do`) hold commas too.
            if !at_end && matches!(self.tokens[i].kind, Kind::Punct | Kind::Name) {
                match text {
                    "(" | "{" | "[" | "function" | "do" | "then" | "repeat" => depth += 1,
                    ")" | "}" | "]" | "end" | "until" | "elseif" => depth = depth.saturating_sub(1),
                    _ => {}
                }
            }
            let separator = !at_end && depth == 0 && (text == "," || text == ";");
            if (separator || at_end) && first < i {
                out.push(self.item(first, i - 1, separator.then_some(i)));
            }
            if separator || at_end {
                first = i + 1;
            }
        }
        out
    }

    fn item(&self, first: usize, last: usize, separator: Option<usize>) -> Item {
        let key = (self.tokens[first].kind == Kind::Name && self.is_punct(first + 1, "="))
            .then_some(first);
        let value = if key.is_some() { first + 2 } else { first };
        let fields = (self.is_punct(value, "{") && self.matching(value) == last)
            .then(|| self.items(value + 1, last));
        Item {
            first,
            last,
            key,
            separator,
            fields,
        }
    }
}
