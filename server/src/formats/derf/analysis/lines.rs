//! The positional lines (name, short and long description; D8–D11), section keywords, the
//! order of the body lines (D20, D27, D31) and lines the grammar could not read.

use super::{edit, line_end, IGNORED};
use crate::formats::derf::syntax::*;
use crate::formats::derf::vocabulary::is_container_name;
use crate::formats::{Diagnostic, Severity};
use Severity::{Error, Hint, Warning};

fn starts_with_section(s: &str) -> Option<&'static str> {
    ["Flags:", "Containers:"]
        .into_iter()
        .find(|k| s.starts_with(k))
}

pub(super) fn check_descriptions(text: &str, room: &Room, out: &mut Vec<Diagnostic>) {
    for (what, span) in [
        ("room name (line 2)", &room.name),
        ("short description (line 3)", &room.short),
    ] {
        if let Some(span) = span {
            if let Some(keyword) = starts_with_section(&text[span.clone()]) {
                out.push(Diagnostic::new(
                    Warning,
                    "derf::section-too-early",
                    span.clone(),
                    format!("this line is read as the {what}, not as a `{keyword}` line: the room name or short description is probably missing"),
                ));
            }
        }
    }
    let header_end = room.header.as_ref().map_or(0, |h| h.line.end);
    if room.short.is_none() {
        // Point at line 3 if it exists, else at the end of the file.
        let at = nth_line_start(text, 2).unwrap_or(text.len());
        let at = at.max(header_end);
        out.push(Diagnostic::new(
            Hint,
            "derf::empty-short-description",
            at..line_end(text, at),
            "the short description (line 3) is empty: players looking into this room from next door see nothing",
        ));
    } else if room.description_lines.is_empty() {
        let short = room.short.clone().unwrap();
        out.push(Diagnostic::new(
            Hint,
            "derf::missing-long-description",
            short,
            "the room has no long description (lines after the short description, before `Flags:`)",
        ));
    }
    for line in &room.description_lines {
        if let Some(keyword) = miscased_keyword(&text[line.clone()]) {
            out.push(keyword_case(
                line.start,
                keyword,
                "part of the long description",
            ));
        }
    }
    if room.containers_line().is_none() {
        for line in &room.description_lines {
            let s = &text[line.clone()];
            if let Some((name, _)) = s.split_once(':') {
                if is_container_name(name) && !s[name.len() + 1..].starts_with(' ') {
                    out.push(Diagnostic::new(
                        Error,
                        "derf::container-line-without-containers",
                        line.clone(),
                        format!("`{s}` looks like a container line, but without a `Containers:` line it is read as description text; a room with items but no containers is ignored"),
                    ));
                }
            }
        }
    }
}

fn keyword_case(line_start: usize, keyword: &str, read_as: &str) -> Diagnostic {
    let span = line_start..line_start + keyword.len();
    Diagnostic::new(
        Error,
        "derf::keyword-case",
        span.clone(),
        format!(
            "`{keyword}:` is case-sensitive, so this line is read as {read_as}; write `{keyword}:`"
        ),
    )
    .with_fix(format!("Write `{keyword}:`"), edit(span, keyword), true)
}

fn nth_line_start(text: &str, n: usize) -> Option<usize> {
    let mut start = 0;
    for _ in 0..n {
        start += text[start..].find('\n')? + 1;
    }
    Some(start)
}

pub(super) fn check_syntax(text: &str, room: &Room, out: &mut Vec<Diagnostic>) {
    for error in &room.syntax_errors {
        let span = error.span.clone();
        let message = match error.kind {
            ErrorKind::Character => match text.as_bytes()[span.start] {
                b'\r' => "a carriage return without a line feed does not end a line, and the rest of this line cannot be read: end lines with `\\n` or `\\r\\n`".to_string(),
                b => {
                    let name = if b == 0x0b { "vertical tab" } else { "form feed" };
                    format!("a {name} cannot start a word: only spaces and tabs may separate the parts of a line")
                }
            },
            ErrorKind::Line => {
                let s = &text[span.clone()];
                if s.contains(':') {
                    format!("`{s}` cannot be read: after the flags and containers, every line must be `container:item`")
                } else {
                    format!("`{s}` cannot be read: after `Flags:` / `Containers:`, every line must be a container line `container:item` (did you forget the colon?)")
                }
            }
        };
        out.push(Diagnostic::new(Error, "derf::syntax", span, message));
    }
}

pub(super) fn check_body_order(text: &str, room: &Room, out: &mut Vec<Diagnostic>) {
    let mut seen_flags = false;
    let mut seen_containers = false;
    let mut previous: Option<&BodyLine> = None;
    for line in &room.body {
        match line {
            BodyLine::Flags(f) => {
                let keyword = f.keyword.clone().unwrap_or(f.line.clone());
                if seen_containers {
                    out.push(Diagnostic::new(
                        Error,
                        "derf::flags-after-containers",
                        keyword,
                        "the `Flags:` line must come before the `Containers:` line",
                    ));
                } else if seen_flags {
                    out.push(Diagnostic::new(
                        Error,
                        "derf::duplicate-flags-line",
                        keyword,
                        "a second `Flags:` line: all flags belong on one line",
                    ));
                }
                seen_flags = true;
            }
            BodyLine::FlagsContinuation(f) => {
                let mut d = Diagnostic::new(
                    Error,
                    "derf::flags-continuation",
                    f.line.clone(),
                    "flags may not be broken across lines: this line is not part of the `Flags:` line",
                );
                // Join with the flags line right above: the line break (and any blank) becomes a space.
                if let Some(BodyLine::Flags(above) | BodyLine::FlagsContinuation(above)) = previous
                {
                    d = d.with_fix(
                        "Join with the Flags line",
                        edit(above.line.end..f.line.start, " "),
                        true,
                    );
                }
                out.push(d);
            }
            BodyLine::Containers(c) => {
                if seen_containers {
                    out.push(Diagnostic::new(
                        Error,
                        "derf::duplicate-containers-line",
                        c.keyword.clone(),
                        "a second `Containers:` line: list every container on the first one",
                    ));
                }
                seen_containers = true;
            }
            BodyLine::Container(c) if miscased_keyword(&text[c.line.clone()]).is_some() => {
                let keyword = miscased_keyword(&text[c.line.clone()]).unwrap();
                out.push(keyword_case(c.line.start, keyword, "a container line"));
            }
            BodyLine::Container(c) if !seen_containers => {
                let name = &text[c.container.clone()];
                out.push(Diagnostic::new(
                    Error,
                    "derf::container-line-without-containers",
                    c.container.clone(),
                    format!("container line for `{name}` before any `Containers:` line; {IGNORED}"),
                ));
            }
            BodyLine::Container(_) => {}
        }
        previous = Some(line);
    }
}
