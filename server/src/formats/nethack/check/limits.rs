//! lev_comp's own limits: the fixed buffers and tables it fills without
//! looking (so it dies with `*** buffer overflow detected ***`, crashes, or
//! writes a broken level or none), and its 32-bit numbers. Each threshold
//! was found with the real compilers (Debian's 3.6.6, built with
//! `_FORTIFY_SOURCE`; 3.4.3 built from source) and is pinned by the e2e test
//! `nethack_limits`.
//!
//! - 3.6 copies every token into a 512-byte buffer (`curr_token`): a token,
//!   string, comment or map row of 512 bytes or more aborts it;
//! - 3.6 names a FOR loop's hidden variables `<name> end` and `<name> step`
//!   in 256-byte buffers: a loop variable over 250 bytes aborts it;
//! - both gather a MAP block's rows in a 4096-byte buffer: past it, the map
//!   comes out garbled or lev_comp crashes;
//! - 3.4.3 keeps a MAZE level's map parts in a table of 10 and a LEVEL's
//!   rooms in a table of 80, and writes past both;
//! - both read numbers with C's `atoi`: 32 bits, so `4294967297` is 1. The
//!   value is read so everywhere ([`crate::formats::nethack::syntax::atoi`])
//!   and every range check judges it; here, a warning says so.
//!
//! The text is scanned as lev_comp's scanner reads it ([`scanner`]), each
//! level on its own from its header (as the incremental analysis cuts it).

mod scanner;

use super::report::error;
use crate::formats::nethack::syntax::{atoi, model, Document, Item, Level, LevelKind, Span};
use crate::formats::nethack::Dialect;
use crate::formats::{Diagnostic, Severity};
use scanner::{Kind, Scanner, Token};

/// 3.6's `curr_token`: a token of this many bytes or more overflows it.
const TOKEN_BUFFER: usize = 512;
/// The static map buffer of both lexers; a block may fill it exactly.
const MAP_BUFFER: usize = 4096;
/// 3.6's FOR buffers hold `<name> step` and its NUL in 256 bytes.
const FOR_VARIABLE_MAX: usize = 256 - " step".len() - 1;
/// 3.4.3's `tmppart[10]` and `tmproom[MAXNROFROOMS*2]`.
const MAP_PARTS_MAX: usize = 10;
const ROOMS_MAX: usize = 80;

const ABORTS: &str = "it aborts (`*** buffer overflow detected ***`) and builds no level";

pub(super) fn check_343(text: &str, doc: &Document, out: &mut Vec<Diagnostic>) {
    scan(text, doc, Dialect::V343, out);
    for level in &doc.levels {
        match level.kind {
            LevelKind::Maze => map_parts(level, out),
            LevelKind::Room => rooms(level, out),
        }
    }
}

pub(super) fn check_36(text: &str, doc: &Document, out: &mut Vec<Diagnostic>) {
    scan(text, doc, Dialect::V36, out);
    let items = doc
        .prelude
        .iter()
        .chain(doc.levels.iter().flat_map(|l| &l.items));
    for item in items.flat_map(Item::walk) {
        if let Item::For(f) = item {
            for_variable(&f.variable.span, out);
        }
    }
}

/// Where the scanner starts again: at each level's header, and at the start
/// of the text when something stands before the first level. A level read
/// on its own (the incremental analysis) is scanned as in the whole file.
fn segments(text: &str, doc: &Document) -> Vec<Span> {
    let starts: Vec<usize> = doc.levels.iter().map(|l| l.span.start).collect();
    let first = starts.first().copied().unwrap_or(text.len());
    let before_first = !doc.prelude.is_empty()
        || doc.comments.iter().any(|s| s.start < first)
        || doc.stray_comments.iter().any(|s| s.start < first)
        || doc.syntax_errors.iter().any(|e| e.span.start < first)
        || doc
            .unterminated_comment
            .as_ref()
            .is_some_and(|s| s.start < first);
    let mut segments = Vec::with_capacity(starts.len() + 1);
    if before_first {
        segments.push(0..first);
    }
    for (i, &start) in starts.iter().enumerate() {
        segments.push(start..starts.get(i + 1).copied().unwrap_or(text.len()));
    }
    segments
}

fn scan(text: &str, doc: &Document, dialect: Dialect, out: &mut Vec<Diagnostic>) {
    for segment in segments(text, doc) {
        let mut map_bytes = 0;
        for token in Scanner::new(text, segment, dialect) {
            if dialect == Dialect::V36 && token.span.len() >= TOKEN_BUFFER {
                out.push(token_too_long(text, &token));
                continue;
            }
            match &token.kind {
                Kind::MapRow => {
                    let before = map_bytes;
                    let row = &text[token.span.clone()];
                    map_bytes += row.len() - usize::from(row.ends_with("\r\n"));
                    if before <= MAP_BUFFER && map_bytes > MAP_BUFFER {
                        out.push(map_overflow(text, &token, map_bytes, dialect));
                    }
                }
                Kind::MapEnd => map_bytes = 0,
                Kind::Number(first, second) => {
                    for number in std::iter::once(first).chain(second) {
                        wrapped(text, number, out);
                    }
                }
                _ => {}
            }
        }
    }
}

/// The span of a token without its newline, for the squiggle.
fn shown(text: &str, span: &Span) -> Span {
    let t = &text[span.clone()];
    let trimmed = t.strip_suffix('\n').unwrap_or(t);
    let trimmed = trimmed.strip_suffix('\r').unwrap_or(trimmed);
    span.start..span.start + trimmed.len()
}

fn token_too_long(text: &str, token: &Token) -> Diagnostic {
    let n = token.span.len();
    let what = match token.kind {
        Kind::Comment => format!("this comment is {n} bytes long with its newline"),
        Kind::MapRow => format!("this map row is {n} bytes long with its newline"),
        Kind::String => format!("this string is {n} bytes long with its quotes"),
        _ => format!("this token is {n} bytes long"),
    };
    error(
        "nethack::token-too-long",
        shown(text, &token.span),
        format!(
            "{what}; lev_comp 3.6 copies each token into a buffer of {TOKEN_BUFFER} bytes, so at {TOKEN_BUFFER} or more {ABORTS}"
        ),
    )
}

fn map_overflow(text: &str, token: &Token, total: usize, dialect: Dialect) -> Diagnostic {
    let outcome = match dialect {
        Dialect::V343 => "the map comes out garbled or lev_comp crashes",
        Dialect::V36 => {
            "the map comes out garbled (characters from elsewhere in memory) or lev_comp crashes"
        }
    };
    error(
        "nethack::map-buffer-overflow",
        shown(text, &token.span),
        format!(
            "this MAP block reaches {total} bytes with this row (each row counts its digits and its newline); lev_comp gathers a block in a buffer of {MAP_BUFFER} bytes and writes on past its end: {outcome}, so no sound level is built"
        ),
    )
}

fn wrapped(text: &str, number: &Span, out: &mut Vec<Diagnostic>) {
    let written = text[number.clone()].trim_start_matches(' ');
    let digits = written.trim_start_matches(['+', '-']);
    // Any number of 20 digits or more is past 2^64, so it wraps.
    let exact = if digits.trim_start_matches('0').len() < 20 {
        digits
            .parse::<i128>()
            .ok()
            .map(|n| if written.starts_with('-') { -n } else { n })
    } else {
        None
    };
    let read = atoi(written);
    if exact == Some(i128::from(read)) {
        return;
    }
    let start = number.end - written.len();
    out.push(Diagnostic::new(
        Severity::Warning,
        "nethack::number-wraps",
        start..number.end,
        format!(
            "lev_comp reads `{written}` as {read}: it keeps numbers in 32 bits (C's `atoi`), and its checks and the level see {read}"
        ),
    ));
}

fn for_variable(span: &Span, out: &mut Vec<Diagnostic>) {
    let n = span.len();
    // Longer still, the token buffer overflows first (`token-too-long`).
    if n > FOR_VARIABLE_MAX && n < TOKEN_BUFFER {
        out.push(error(
            "nethack::for-variable-too-long",
            span.clone(),
            format!(
                "this FOR variable is {n} bytes long; lev_comp 3.6 names the loop's hidden variables `<name> end` and `<name> step` in buffers of 256 bytes, so past {FOR_VARIABLE_MAX} bytes {ABORTS}"
            ),
        ));
    }
}

/// 3.4.3: the 11th MAP or NOMAP of a MAZE level.
fn map_parts(level: &Level, out: &mut Vec<Diagnostic>) {
    let parts = model::parts(level);
    let Some(part) = parts.get(MAP_PARTS_MAX) else {
        return;
    };
    let span = match &level.items[part.items.start] {
        Item::Statement(s) => s.keyword_span.clone(),
        Item::Map(m) => m.start.clone(),
        other => other.span(),
    };
    out.push(error(
        "nethack::too-many-map-parts",
        span,
        format!(
            "this is map part {} of this MAZE level; lev_comp 3.4.3 keeps a level's parts (MAP or NOMAP) in a table of {MAP_PARTS_MAX} and writes the next ones past its end: it crashes or writes a broken level",
            MAP_PARTS_MAX + 1
        ),
    ));
}

/// 3.4.3: the 81st ROOM or SUBROOM of a LEVEL.
fn rooms(level: &Level, out: &mut Vec<Diagnostic>) {
    let mut rooms = level
        .statements()
        .filter(|s| s.keyword == "ROOM" || s.keyword == "SUBROOM");
    if let Some(room) = rooms.nth(ROOMS_MAX) {
        out.push(error(
            "nethack::too-many-rooms",
            room.keyword_span.clone(),
            format!(
                "this is room {} of this LEVEL (ROOM and SUBROOM count alike); lev_comp 3.4.3 keeps a level's rooms in a table of {ROOMS_MAX} and writes the next ones past its end: it writes no level or crashes",
                ROOMS_MAX + 1
            ),
        ));
    }
}

#[cfg(test)]
mod tests;
