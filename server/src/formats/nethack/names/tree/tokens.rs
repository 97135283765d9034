//! C source as tokens, lexed by tree-sitter-c: the reader expands macros and
//! walks tables over these rather than over raw text, so comments, string
//! contents and character literals are never mistaken for code.

use std::cell::RefCell;

use tree_sitter::{Parser, Tree};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TokenKind {
    Ident,
    Number,
    Str,
    Char,
    Punct,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Token {
    pub text: String,
    pub kind: TokenKind,
    /// Byte offset in the text it was lexed from (macro expansions keep the
    /// offset of the invocation).
    pub offset: usize,
}

impl Token {
    pub fn is(&self, text: &str) -> bool {
        self.text == text
    }
}

thread_local! {
    static PARSER: RefCell<Parser> = RefCell::new({
        let mut parser = Parser::new();
        parser
            .set_language(&tree_sitter_c::LANGUAGE.into())
            .expect("tree-sitter-c is compiled in");
        parser
    });
}

/// `text` parsed by tree-sitter-c.
pub(super) fn parse(text: &str) -> Tree {
    PARSER.with(|parser| {
        parser
            .borrow_mut()
            .parse(text, None)
            .expect("no timeout or cancellation is set")
    })
}

/// The tokens of `text` in order, comments left out. A string or character
/// literal is one token; anything tree-sitter-c skipped while recovering from
/// an error is kept as punctuation, so no byte of code is lost.
///
/// A large table (dNetHack's `monst.c`, half a megabyte, is most of a
/// tree's text) is lexed in pieces in parallel, cut between two of its
/// entries ([`cuts`]): a piece is read with the same tokens as the whole.
pub(super) fn tokens(text: &str) -> Vec<Token> {
    use rayon::prelude::*;
    let cuts = cuts(text);
    if cuts.len() <= 2 {
        return tokens_of(text);
    }
    let pieces: Vec<Vec<Token>> = cuts
        .par_windows(2)
        .map(|w| {
            let (from, to) = (w[0], w[1]);
            if from == 0 {
                return tokens_of(&text[..to]);
            }
            // A piece after the first starts amid the table's entries: read
            // inside an initializer, as they stand, and without what wraps it.
            let wrapped = format!("{OPEN}{}{CLOSE}", &text[from..to]);
            let end = OPEN.len() + (to - from);
            tokens_of(&wrapped)
                .into_iter()
                .filter(|t| t.offset >= OPEN.len() && t.offset < end)
                .map(|mut t| {
                    t.offset = t.offset - OPEN.len() + from;
                    t
                })
                .collect()
        })
        .collect();
    pieces.concat()
}

/// What a piece amid a table is read inside.
const OPEN: &str = "int levls_piece[] = {\n";
const CLOSE: &str = "\n};\n";

/// How long a piece of a large text is, about.
const PIECE: usize = 64 * 1024;

/// Where to cut `text`: its start, the starts of lines that begin a table
/// entry (`MON(…`, after a line ending with `,`, outside any comment) about
/// every [`PIECE`] bytes, its end.
fn cuts(text: &str) -> Vec<usize> {
    let mut cuts = vec![0];
    let mut from = PIECE;
    while from + PIECE / 2 < text.len() {
        let Some(at) = entry_start_after(text, from) else {
            break;
        };
        if text.len() - at < PIECE / 2 {
            break;
        }
        cuts.push(at);
        from = at + PIECE;
    }
    cuts.push(text.len());
    cuts
}

/// The start of the first line at or after `from` that begins an entry: an
/// upper-case macro call, after a line ending with `,`, and not inside a
/// comment.
fn entry_start_after(text: &str, from: usize) -> Option<usize> {
    let mut at = from;
    while let Some(newline) = text.get(at..)?.find('\n') {
        let line_start = at + newline + 1;
        at = line_start;
        let line = text[line_start..].lines().next().unwrap_or("");
        let word: String = line
            .trim_start()
            .chars()
            .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '_')
            .collect();
        let call = !word.is_empty() && line.trim_start()[word.len()..].starts_with('(');
        let after_entry = text[..line_start].trim_end().ends_with(',');
        let in_comment = text[..line_start]
            .rfind("/*")
            .is_some_and(|open| !text[open..line_start].contains("*/"));
        if call && after_entry && !in_comment {
            return Some(line_start);
        }
    }
    None
}

fn tokens_of(text: &str) -> Vec<Token> {
    let tree = parse(text);
    let mut out = Vec::with_capacity(text.len() / 4);
    let mut end = 0;
    // A depth-first walk with one cursor: the files are large (dNetHack's
    // monst.c is half a megabyte) and this runs on each of them.
    let mut cursor = tree.walk();
    'walk: loop {
        let node = cursor.node();
        let kind = node.kind();
        let atomic = matches!(
            kind,
            "string_literal" | "char_literal" | "system_lib_string" | "number_literal"
        );
        let leaf = atomic || kind == "comment" || node.child_count() == 0;
        if leaf {
            let (start, stop) = (node.start_byte(), node.end_byte());
            if stop > start {
                push_gap(text, end, start, &mut out);
                if kind == "comment" {
                    // Left out.
                } else if atomic || !text[start..stop].contains(char::is_whitespace) {
                    push(text, start, stop, &mut out);
                } else {
                    // Error recovery can make one leaf of several words (`## x`).
                    push_gap(text, start, stop, &mut out);
                }
                end = stop;
            }
        } else if cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    push_gap(text, end, text.len(), &mut out);
    operators_of_macro_bodies(out)
}

/// Outside a directive tree-sitter-c has no `#` or `##` operators: it lexes
/// `#name` as one (unknown directive) token and `##` as two `#`. A macro
/// body needs them as the preprocessor sees them.
fn operators_of_macro_bodies(tokens: Vec<Token>) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::with_capacity(tokens.len());
    for token in tokens {
        if token.text.len() > 1 && token.text.starts_with('#') && !token.text.starts_with("##") {
            let rest = token.text[1..].trim_start();
            out.push(Token {
                text: "#".into(),
                kind: TokenKind::Punct,
                offset: token.offset,
            });
            let offset = token.offset + token.text.len() - rest.len();
            let mut kind = TokenKind::Punct;
            if rest.starts_with(|c: char| c.is_alphabetic() || c == '_') {
                kind = TokenKind::Ident;
            }
            out.push(Token {
                text: rest.into(),
                kind,
                offset,
            });
            continue;
        }
        if let Some(last) = out.last_mut() {
            if last.text == "#" && token.text == "#" && last.offset + 1 == token.offset {
                last.text.push('#');
                continue;
            }
        }
        out.push(token);
    }
    out
}

fn push_gap(text: &str, from: usize, to: usize, out: &mut Vec<Token>) {
    if from >= to {
        return;
    }
    let gap = &text[from..to];
    let mut start = None;
    for (i, c) in gap.char_indices() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                push(text, from + s, from + i, out);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        push(text, from + s, to, out);
    }
}

fn push(text: &str, from: usize, to: usize, out: &mut Vec<Token>) {
    let t = &text[from..to];
    let first = t.chars().next().unwrap_or(' ');
    let kind =
        if t.starts_with('"') || (t.len() > 1 && (t.starts_with("L\"") || t.starts_with("u8\""))) {
            TokenKind::Str
        } else if t.starts_with('\'') {
            TokenKind::Char
        } else if first.is_ascii_digit() {
            TokenKind::Number
        } else if first.is_alphabetic() || first == '_' {
            TokenKind::Ident
        } else {
            TokenKind::Punct
        };
    out.push(Token {
        text: t.to_string(),
        kind,
        offset: from,
    });
}

/// The value of a string or character literal token, escapes decoded.
pub(super) fn literal_value(token: &str) -> String {
    let quote = if token.ends_with('\'') { '\'' } else { '"' };
    let inner = token
        .find(quote)
        .map(|start| &token[start + 1..token.len().saturating_sub(1).max(start + 1)])
        .unwrap_or("");
    let mut out = String::new();
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some(d @ '0'..='7') => {
                // An octal escape: up to three digits.
                let mut value = d.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match chars.peek().and_then(|c| c.to_digit(8)) {
                        Some(next) => {
                            value = value * 8 + next;
                            chars.next();
                        }
                        None => break,
                    }
                }
                out.push(char::from_u32(value).unwrap_or('\0'));
            }
            Some('x') => {
                let mut value = 0u32;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(16)) {
                    value = value * 16 + d;
                    chars.next();
                }
                out.push(char::from_u32(value).unwrap_or('\0'));
            }
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

#[cfg(test)]
mod tests;
