//! A room read from its text, line by line, as the grammar reads it
//! (`grammars/tree-sitter-derf`): the header, the name, the short
//! description, description lines up to the first `Flags:` / `Containers:`
//! line, then body lines each read on its own.
//!
//! Without tree-sitter: the grammar's long description is one flat list of
//! lines, whose reparse re-walks every line after an edit (19 ms a key in a
//! megabyte of description). A test holds this reading equal to the tree's on
//! every file the tree reads without an error, and the lines in error equal on
//! the others.

use super::{
    trimmed, BodyLine, ContainerLine, ContainersLine, ErrorKind, FlagToken, FlagsLine, Header,
    Room, Sign, Span, SyntaxError,
};

const FLAGS: &str = "Flags:";
const CONTAINERS: &str = "Containers:";
const BOM: &str = "\u{feff}";

/// The grammar's `\s`: ASCII whitespace. No token starts with one, and only
/// spaces and tabs (and a BOM: [`Line::skip_extras`]) may separate tokens.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// One line's content, and where its reading may stop.
struct Line<'t> {
    text: &'t str,
    start: usize,
    /// Before its line break, or before a carriage return that ends no line.
    end: usize,
}

impl Line<'_> {
    fn bytes(&self) -> &[u8] {
        self.text.as_bytes()
    }

    /// The first position at or after `at` that is no space or tab.
    fn skip_blanks(&self, mut at: usize) -> usize {
        while at < self.end && matches!(self.bytes()[at], b' ' | b'\t') {
            at += 1;
        }
        at
    }

    /// The same, past BOMs too: the grammar's third extra is skipped only
    /// where no word may start (a word may start with it, and then does),
    /// which is only before a container line's colon.
    fn skip_extras(&self, mut at: usize) -> usize {
        loop {
            at = self.skip_blanks(at);
            if !self.text[at..self.end].starts_with(BOM) {
                return at;
            }
            at += BOM.len();
        }
    }

    /// The end of a word that stops at a space or at one of `stops`.
    fn word_end(&self, mut at: usize, stops: &[u8]) -> usize {
        while at < self.end && !is_space(self.bytes()[at]) && !stops.contains(&self.bytes()[at]) {
            at += 1;
        }
        at
    }

    /// The rest of the line from `at` (the grammar's `TEXT`), or an error when
    /// it starts with a character no text may start with.
    fn text_from(&self, at: usize, errors: &mut Vec<SyntaxError>) -> Option<Span> {
        let at = self.skip_blanks(at);
        if at == self.end {
            return None;
        }
        if is_space(self.bytes()[at]) {
            errors.push(character_error(at));
            return self.text_from(at + 1, errors);
        }
        Some(at..self.end)
    }
}

fn character_error(at: usize) -> SyntaxError {
    SyntaxError {
        span: at..at + 1,
        kind: ErrorKind::Character,
    }
}

pub(super) fn room(text: &str) -> Room {
    let mut room = Room::default();
    let mut in_body = false;
    for (number, span) in crate::text::line_contents(text).enumerate() {
        // A carriage return that ends no line ends what the grammar reads of it.
        let end = memchr::memchr(b'\r', &text.as_bytes()[span.clone()]).map_or(span.end, |i| {
            room.syntax_errors.push(SyntaxError {
                span: span.start + i..span.end,
                kind: ErrorKind::Character,
            });
            span.start + i
        });
        // Like tree-sitter, a BOM that starts the file is no part of it.
        let start = if span.start == 0 && text.starts_with(BOM) {
            BOM.len().min(end)
        } else {
            span.start
        };
        let line = Line { text, start, end };
        let errors = &mut room.syntax_errors;
        match number {
            0 => room.header = read_header(&line, errors),
            1 => room.name = line.text_from(line.start, errors).map(|s| trimmed(text, s)),
            2 => room.short = line.text_from(line.start, errors).map(|s| trimmed(text, s)),
            _ => {
                let at = line.skip_blanks(line.start);
                let rest = &text[at..line.end];
                if !in_body && !rest.starts_with(FLAGS) && !rest.starts_with(CONTAINERS) {
                    if let Some(s) = line.text_from(at, errors) {
                        room.description_lines.push(trimmed(text, s));
                    }
                    continue;
                }
                in_body = true;
                if let Some(body_line) = read_body_line(&line, at, errors) {
                    room.body.push(body_line);
                }
            }
        }
    }
    room
}

/// Line 1: `DERF:0.1.0`; a first word ending in a colon is the declaration,
/// the rest the version; without one the whole line is the version.
fn read_header(line: &Line, errors: &mut Vec<SyntaxError>) -> Option<Header> {
    let at = line.skip_blanks(line.start);
    if at == line.end {
        return None;
    }
    let word_end = line.word_end(at, b":");
    let declaration = (line.bytes().get(word_end) == Some(&b':') && word_end < line.end)
        .then(|| at..word_end + 1);
    let version = match &declaration {
        Some(d) => line.text_from(d.end, errors),
        None => line.text_from(at, errors),
    };
    let start = declaration.as_ref().or(version.as_ref())?.start;
    let end = version.as_ref().or(declaration.as_ref())?.end;
    Some(Header {
        line: trimmed(line.text, start..end),
        declaration,
        version: version
            .map(|v| trimmed(line.text, v))
            .filter(|v| !v.is_empty()),
    })
}

fn read_body_line(line: &Line, at: usize, errors: &mut Vec<SyntaxError>) -> Option<BodyLine> {
    let rest = &line.text[at..line.end];
    if at == line.end {
        return None;
    }
    if rest.starts_with(FLAGS) {
        let keyword = at..at + FLAGS.len();
        return Some(BodyLine::Flags(read_flags(line, at, Some(keyword), errors)));
    }
    if rest.starts_with(CONTAINERS) {
        let keyword = at..at + CONTAINERS.len();
        let mut names = Vec::new();
        let mut i = keyword.end;
        let mut last = keyword.end;
        loop {
            i = line.skip_blanks(i);
            if i == line.end {
                break;
            }
            if is_space(line.bytes()[i]) {
                errors.push(character_error(i));
                i += 1;
                continue;
            }
            let end = line.word_end(i, b"");
            names.push(i..end);
            last = end;
            i = end;
        }
        return Some(BodyLine::Containers(ContainersLine {
            line: trimmed(line.text, at..last),
            keyword,
            names,
        }));
    }
    if matches!(line.bytes()[at], b'+' | b'-') {
        return Some(BodyLine::FlagsContinuation(read_flags(
            line, at, None, errors,
        )));
    }
    read_container_line(line, at, errors)
}

/// `container:item`: a name, a colon, an optional item; a line of any other
/// shape is an error of its own (the rest of the body reads on).
fn read_container_line(line: &Line, at: usize, errors: &mut Vec<SyntaxError>) -> Option<BodyLine> {
    let name_end = line.word_end(at, b":");
    let colon = line.skip_extras(name_end);
    if name_end == at || line.bytes().get(colon) != Some(&b':') || colon >= line.end {
        if is_space(line.bytes()[at]) {
            errors.push(character_error(at));
            let next = line.skip_blanks(at + 1);
            return (next < line.end)
                .then(|| read_body_line(line, next, errors))
                .flatten();
        }
        errors.push(SyntaxError {
            span: trimmed(line.text, at..line.end),
            kind: ErrorKind::Line,
        });
        return None;
    }
    let item = line.text_from(colon + 1, errors);
    let end = item.as_ref().map_or(colon + 1, |i| i.end);
    Some(BodyLine::Container(ContainerLine {
        line: trimmed(line.text, at..end),
        container: at..name_end,
        colon: colon..colon + 1,
        item: item
            .map(|i| trimmed(line.text, i))
            .filter(|i| !i.is_empty()),
    }))
}

/// A flags line's flags (after `Flags:`, or from the first sign of a line
/// that continues the flags), split at commas so `+boss,+trap` reads as two.
fn read_flags(
    line: &Line,
    at: usize,
    keyword: Option<Span>,
    errors: &mut Vec<SyntaxError>,
) -> FlagsLine {
    let mut flags = Vec::new();
    let mut commas = Vec::new();
    let mut i = keyword.as_ref().map_or(at, |k| k.end);
    let mut last = i;
    loop {
        i = line.skip_blanks(i);
        if i == line.end {
            break;
        }
        let b = line.bytes()[i];
        if is_space(b) {
            errors.push(character_error(i));
            i += 1;
            continue;
        }
        let (sign, name_at) = match b {
            b'+' | b'-' => {
                let sign = if b == b'-' { Sign::Minus } else { Sign::Plus };
                (Some((sign, i..i + 1)), line.skip_blanks(i + 1))
            }
            _ => (None, i),
        };
        let name = (name_at < line.end && !is_space(line.bytes()[name_at]))
            .then(|| line.bytes()[name_at])
            .filter(|b| !matches!(b, b'+' | b'-'))
            .map(|_| name_at..line.word_end(name_at, b""));
        let end = name.as_ref().map_or(i + 1, |n| n.end);
        split_at_commas(line.text, i..end, sign, name, &mut flags, &mut commas);
        last = end;
        i = end;
    }
    FlagsLine {
        line: trimmed(line.text, at..last),
        keyword,
        flags,
        commas,
    }
}

/// One written flag, split at the commas of its name; each piece after a
/// comma may carry its own sign.
pub(super) fn split_at_commas(
    text: &str,
    token: Span,
    sign: Option<(Sign, Span)>,
    name: Option<Span>,
    flags: &mut Vec<FlagToken>,
    commas: &mut Vec<Span>,
) {
    let Some(name) = name else {
        flags.push(FlagToken {
            span: token,
            sign,
            name: None,
        });
        return;
    };
    let mut piece_sign = sign;
    let mut token_start = token.start;
    let mut start = name.start;
    for (i, c) in text[name.clone()].char_indices().chain([(name.len(), ',')]) {
        if c != ',' {
            continue;
        }
        let end = name.start + i;
        if start < end || piece_sign.is_some() {
            flags.push(FlagToken {
                span: token_start..end,
                sign: piece_sign.take(),
                name: (start < end).then_some(start..end),
            });
        }
        if i == name.len() {
            break;
        }
        commas.push(end..end + 1);
        start = end + 1;
        token_start = start;
        piece_sign = match text.as_bytes().get(start) {
            Some(b'+') => Some((Sign::Plus, start..start + 1)),
            Some(b'-') => Some((Sign::Minus, start..start + 1)),
            _ => None,
        };
        if piece_sign.is_some() && start < name.end {
            start += 1;
        }
    }
}
