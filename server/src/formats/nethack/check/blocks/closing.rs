//! Where a missing `}` goes, read from the text: the parser assumes it where
//! it gives up (often the end of the file), which would move the following
//! statements, or an ELSE, into the block. The lines of the level are read
//! with their braces (MAP rows, strings and comments left out), keeping the
//! blocks open: a block's `}` is missing before the first line that cannot be
//! inside it (an ELSE not right after an IF's `}`; CASE/DEFAULT in a block
//! that is not a SWITCH's), or that comes back to its opening line's
//! indentation when its first line is indented; a block still open at the
//! end of the level, with an indented body, ends after its last line. One
//! such place, else (two, a body not indented, a stray `}`) no fix.

use crate::formats::nethack::syntax::{Document, Span};
use crate::formats::Edit;

/// A line of the level with its braces, strings, comments and map rows left out.
struct Line<'a> {
    start: usize,
    /// Offset after its line break (or the end of the text).
    next: usize,
    indent: usize,
    /// The code of the line, trimmed; empty for blank, comment and map lines.
    code: &'a str,
    /// `{` (+1) and `}` (−1) outside strings and comments, in order.
    braces: Vec<i32>,
    /// A line of a MAP block (MAP, its rows, ENDMAP), wherever it starts.
    map: bool,
}

/// A `{` still open while the lines are read.
struct Open {
    /// Its line's start and indentation.
    start: usize,
    indent: usize,
    /// Opened by a SWITCH (CASE/DEFAULT may stand directly inside).
    switch: bool,
    /// Opened by an IF (an ELSE may follow its `}`).
    is_if: bool,
    /// Whether its first line is indented more than its opening line.
    indented: Option<bool>,
}

/// The edit that adds the `}` the parser reports missing at `at`, or None
/// when the place is not sure.
pub(super) fn close_brace(text: &str, doc: &Document, at: usize) -> Option<Vec<Edit>> {
    let level = doc
        .levels
        .iter()
        .rposition(|l| l.span.start <= at)
        .map(|i| &doc.levels[i])?;
    let end = doc
        .levels
        .iter()
        .find(|l| l.span.start > level.span.start)
        .map_or(text.len(), |l| l.span.start);
    let lines = lines(text, level.span.start, end);
    let mut stack: Vec<Open> = Vec::new();
    // The one place a `}` is missing: after this line, indented as the
    // opening line (its start, its indentation).
    let mut missing: Option<(usize, usize, usize)> = None;
    let mut last = 0;
    let mut after_if = false;
    for (i, l) in lines.iter().enumerate() {
        if l.map {
            last = i;
            continue;
        }
        if l.code.is_empty() {
            continue;
        }
        let word = l
            .code
            .split(|c: char| !c.is_ascii_alphabetic())
            .next()
            .unwrap_or("");
        if let Some(top) = stack.last_mut() {
            let indented = *top.indented.get_or_insert(l.indent > top.indent);
            let cannot = (word == "ELSE" && !after_if)
                || (!top.switch && matches!(word, "CASE" | "DEFAULT"));
            let dedent = indented && l.indent <= top.indent;
            if !l.code.starts_with('}') && (cannot || dedent) {
                if missing.is_some() {
                    return None;
                }
                missing = Some((last, top.start, top.indent));
                stack.pop();
            }
        }
        after_if = false;
        for b in &l.braces {
            if *b > 0 {
                stack.push(Open {
                    start: l.start,
                    indent: l.indent,
                    switch: word == "SWITCH",
                    is_if: word == "IF" || word == "ELSE",
                    indented: None,
                });
            } else {
                after_if = stack.pop()?.is_if;
            }
        }
        last = i;
    }
    let (after, start, indent) = match (stack.as_slice(), missing) {
        ([], Some(place)) => place,
        ([open], None) if open.indented == Some(true) => (last, open.start, open.indent),
        _ => return None,
    };
    let line = &lines[after];
    let indent = &text[start..start + indent];
    let edit = if text[..line.next].ends_with('\n') {
        Edit {
            range: line.next..line.next,
            new_text: format!("{indent}}}\n"),
        }
    } else {
        Edit {
            range: line.next..line.next,
            new_text: format!("\n{indent}}}"),
        }
    };
    Some(vec![edit])
}

/// The lines of `start..end`, MAP rows, strings and comments left out.
fn lines(text: &str, start: usize, end: usize) -> Vec<Line<'_>> {
    let mut out = Vec::new();
    let mut in_map = false;
    let mut at = start;
    while at < end {
        let next = text[at..end].find('\n').map_or(end, |n| at + n + 1);
        let raw = text[at..next].trim_end_matches(['\n', '\r']);
        let trimmed = raw.trim();
        let indent = raw.len() - raw.trim_start().len();
        let mut line = Line {
            start: at,
            next,
            indent,
            code: "",
            braces: Vec::new(),
            map: in_map || trimmed == "MAP",
        };
        if in_map {
            in_map = trimmed != "ENDMAP";
        } else if trimmed == "MAP" {
            in_map = true;
        } else {
            let code = code_of(raw);
            line.braces = braces(code);
            line.code = code.trim();
        }
        out.push(line);
        at = next;
    }
    out
}

/// The line before its comment.
fn code_of(raw: &str) -> &str {
    let mut quote = None;
    for (i, c) in raw.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '#') => return &raw[..i],
            _ => {}
        }
    }
    raw
}

fn braces(code: &str) -> Vec<i32> {
    let mut quote = None;
    let mut out = Vec::new();
    for c in code.chars() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '{') => out.push(1),
            (None, '}') => out.push(-1),
            _ => {}
        }
    }
    out
}

/// The `[…]` a condition written without brackets becomes (`IF 50% {` →
/// `[50%]`, `LOOP 3 {` → `[3]`), with the span it replaces; None when there
/// is nothing between the keyword and the `{` (IF then takes `[50%]`, added
/// by the caller) or it is not a plain percentage (IF) or count (LOOP,
/// SWITCH).
pub(super) fn bracketed_condition(
    text: &str,
    keyword: &str,
    after: usize,
) -> Option<(Span, String)> {
    let rest = &text[after..];
    let line = &rest[..rest.find(['\n', '{', '#']).unwrap_or(rest.len())];
    let written = line.trim();
    if written.is_empty() {
        return None;
    }
    let start = after + (line.len() - line.trim_start().len());
    let span = start..start + written.len();
    let ok = match keyword {
        "IF" => written
            .strip_suffix('%')
            .and_then(|n| n.parse::<u32>().ok())
            .is_some_and(|n| n <= 100),
        _ => written.parse::<u32>().is_ok(),
    };
    ok.then(|| (span, format!("[{written}]")))
}
