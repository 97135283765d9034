//! Line 1: the `DERF:` declaration and the format version (spec §2, §9; D1–D6), and the BOM.

use super::{edit, line_end, IGNORED};
use crate::formats::derf::syntax::*;
use crate::formats::derf::vocabulary::*;
use crate::formats::{Diagnostic, Severity};
use Severity::{Error, Hint, Warning};

pub(super) fn check_bom(text: &str, out: &mut Vec<Diagnostic>) {
    if text.starts_with('\u{feff}') {
        out.push(
            Diagnostic::new(
                Warning,
                "derf::byte-order-mark",
                0..3,
                "the file starts with a UTF-8 byte-order mark; the header should be the very first thing",
            )
            .with_fix("Remove the byte-order mark", edit(0..3, ""), true),
        );
    }
}

fn looks_like_version(s: &str) -> bool {
    let s = s.strip_prefix(['v', 'V']).unwrap_or(s);
    s.starts_with(|c: char| c.is_ascii_digit())
}

/// `major.minor.patch`, three non-negative integers (D6).
fn parse_version(s: &str) -> Option<(u64, u64, u64)> {
    let mut parts = s.split('.');
    let mut next = || {
        parts
            .next()
            .filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|p| p.parse::<u64>().ok())
    };
    let v = (next()?, next()?, next()?);
    parts.next().is_none().then_some(v)
}

#[derive(PartialEq, Eq)]
pub(super) enum HeaderState {
    Present,
    /// Line 1 is not a header at all (D3): the author forgot it.
    Missing,
}

pub(super) fn check_header(
    text: &str,
    room: &Room,
    derf_extension: bool,
    out: &mut Vec<Diagnostic>,
) -> HeaderState {
    let body_start = usize::from(text.starts_with('\u{feff}')) * 3;
    let insert_header = |d: Diagnostic| {
        d.with_fix(
            "Insert the `DERF:0.1.0` header line",
            edit(body_start..body_start, format!("DERF:{CURRENT_VERSION}\n")),
            true,
        )
    };
    // A blank line 1 (spaces at most): the header is missing but the other lines are in place.
    let Some(header) = room
        .header
        .as_ref()
        .filter(|h| h.declaration.is_some() || h.version.is_some())
    else {
        let end = line_end(text, body_start);
        let d = Diagnostic::new(
            Error,
            "derf::missing-version",
            body_start..end,
            format!("line 1 must be the header `DERF:{CURRENT_VERSION}`; without a format version {IGNORED}"),
        );
        let fix = format!("DERF:{CURRENT_VERSION}");
        out.push(d.with_fix(
            "Write the `DERF:0.1.0` header",
            edit(body_start..end, fix),
            true,
        ));
        return HeaderState::Present;
    };
    let version_text = header.version.clone().map(|v| (&text[v.clone()], v));
    match &header.declaration {
        None => {
            // No `word:` on line 1: a bare version (D1) or a forgotten header (D3).
            let (v, span) = version_text.expect("a header has a declaration or a version");
            let derf_then_no_letter = v.get(..4).is_some_and(|w| w.eq_ignore_ascii_case("derf"))
                && !v[4..].starts_with(|c: char| c.is_alphabetic() || c == '_');
            if derf_then_no_letter {
                // `DERF 0.1.0`, `DERF;0.1.0`, `DERF`: a header with a broken declaration.
                let rest = v[4..].trim_start_matches([' ', '\t', ';', ',', '.', '-', '=']);
                let mut d = Diagnostic::new(
                    Error,
                    "derf::bad-declaration",
                    span.clone(),
                    format!("the header must start with `DERF:` (with a colon) followed by the version; {IGNORED}"),
                );
                if parse_version(rest).is_some() {
                    d = d.with_fix(
                        format!("Write `DERF:{rest}`"),
                        edit(span, format!("DERF:{rest}")),
                        true,
                    );
                } else if rest.is_empty() {
                    d = d.with_fix(
                        format!("Write `DERF:{CURRENT_VERSION}`"),
                        edit(span, format!("DERF:{CURRENT_VERSION}")),
                        true,
                    );
                }
                out.push(d);
                return HeaderState::Present;
            }
            if !looks_like_version(v) {
                out.push(insert_header(Diagnostic::new(
                    Error,
                    "derf::missing-version",
                    span,
                    format!("line 1 must be the header `DERF:{CURRENT_VERSION}`, not the room name; without a format version {IGNORED}. Did you forget the header line?"),
                )));
                return HeaderState::Missing;
            }
            if derf_extension {
                out.push(missing_declaration(span.clone(), span.start..span.start));
            }
            check_version(v, span, out);
        }
        Some(decl) => {
            let word = &text[decl.start..decl.end - 1];
            if word.is_empty() {
                // `:0.1.0` (D1).
                if derf_extension {
                    out.push(missing_declaration(decl.clone(), decl.clone()));
                }
            } else if word != "DERF" {
                let version_ok = version_text
                    .as_ref()
                    .is_some_and(|(v, _)| looks_like_version(v));
                if !version_ok && !word.eq_ignore_ascii_case("derf") {
                    // `Note: the hall…` — the header line is missing altogether (D3).
                    out.push(insert_header(Diagnostic::new(
                        Error,
                        "derf::missing-version",
                        header.line.clone(),
                        format!("line 1 must be the header `DERF:{CURRENT_VERSION}`; without a format version {IGNORED}. Did you forget the header line?"),
                    )));
                    return HeaderState::Missing;
                }
                let message = if word.eq_ignore_ascii_case("derf") {
                    format!(
                        "the declaration is case-sensitive: `{word}:` is not `DERF:`, so {IGNORED}"
                    )
                } else {
                    format!("`{word}:` is not the DERF declaration; {IGNORED}")
                };
                out.push(
                    Diagnostic::new(Error, "derf::bad-declaration", decl.clone(), message)
                        .with_fix("Write `DERF:`", edit(decl.clone(), "DERF:"), true),
                );
            }
            let Some((v, span)) = version_text else {
                out.push(
                    Diagnostic::new(
                        Error,
                        "derf::missing-version",
                        decl.clone(),
                        format!("the format version is missing after `DERF:`; {IGNORED}"),
                    )
                    .with_fix(
                        format!("Add version {CURRENT_VERSION}"),
                        edit(decl.end..line_end(text, decl.end), CURRENT_VERSION),
                        true,
                    ),
                );
                return HeaderState::Present;
            };
            if span.start > decl.end {
                out.push(
                    Diagnostic::new(
                        Warning,
                        "derf::space-after-declaration",
                        decl.end..span.start,
                        "no space belongs between `DERF:` and the version",
                    )
                    .with_fix(
                        "Remove the space",
                        edit(decl.end..span.start, ""),
                        true,
                    ),
                );
            }
            check_version(v, span, out);
        }
    }
    HeaderState::Present
}

/// D1: `0.1.0` or `:0.1.0` in a .derf/.der file, reported `at`; `written` is replaced by `DERF:`.
fn missing_declaration(at: Span, written: Span) -> Diagnostic {
    Diagnostic::new(
        Hint,
        "derf::missing-declaration",
        at,
        "the `DERF:` declaration may be left out only in .derf/.der files; writing it keeps the room valid under any name",
    )
    .with_fix("Write the `DERF:` declaration", edit(written, "DERF:"), true)
}

fn check_version(v: &str, span: Span, out: &mut Vec<Diagnostic>) {
    let Some((major, minor, patch)) = parse_version(v) else {
        out.push(Diagnostic::new(
            Error,
            "derf::malformed-version",
            span,
            format!("`{v}` is not a format version: write three numbers `major.minor.patch`, such as `{CURRENT_VERSION}`; {IGNORED}"),
        ));
        return;
    };
    if major != 0 {
        out.push(Diagnostic::new(
            Error,
            "derf::unsupported-major-version",
            span,
            format!("DERF major version {major} is unknown (only 0.1.0 exists); {IGNORED} (unless built with DE_ATTEMPT_BAD_MAJOR_LOAD, which still loads it without any guarantee)"),
        ));
    } else if minor != 1 {
        out.push(Diagnostic::new(
            Warning,
            "derf::unknown-minor-version",
            span,
            format!("DERF version {v} is unknown: Dungeon Engine reads it as {CURRENT_VERSION} and warns; the room may not load correctly"),
        ));
    } else if patch != 0 {
        out.push(Diagnostic::new(
            Warning,
            "derf::unknown-patch-version",
            span,
            format!("DERF version {v} is unknown: Dungeon Engine reads it as {CURRENT_VERSION} and warns"),
        ));
    }
}
