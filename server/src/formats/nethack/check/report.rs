//! Ways of saying a problem, shared by every family of rules: an error with
//! its code, lev_comp's own words after ours, a token the parser had to
//! assume, and the edits of the usual fixes.

use crate::formats::nethack::syntax::{Span, Statement};
use crate::formats::{Diagnostic, Severity};
use std::ops::Range;

/// A token the parser had to assume (`missing )`), for both dialects: a value
/// is named in words (`a number`; a missing `word` is `a word` when
/// `says_word`, 3.4.3's wording, else `a value` as for 3.6), punctuation
/// gets a fix that adds it.
pub(in crate::formats::nethack) fn missing_token(
    span: std::ops::Range<usize>,
    token: &str,
    says_word: bool,
) -> Diagnostic {
    let shown = match token {
        "integer" => "a number",
        "string" => "a string",
        "word" if says_word => "a word",
        t if t.chars().any(char::is_alphabetic) => "a value",
        t => t,
    };
    let d = Diagnostic::new(
        crate::formats::Severity::Error,
        "nethack::syntax-error",
        span.clone(),
        format!("missing `{shown}` (lev_comp: syntax error)"),
    );
    if token.len() == 1 && !token.chars().all(char::is_alphanumeric) {
        d.with_fix(
            format!("Add `{token}`"),
            vec![crate::formats::Edit {
                range: span,
                new_text: token.to_string(),
            }],
            false,
        )
    } else {
        d
    }
}

/// An error with its code.
pub fn error(code: &'static str, range: Span, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(crate::formats::Severity::Error, code, range, message)
}

/// A warning with its code.
pub fn warning(code: &'static str, range: Span, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(Severity::Warning, code, range, message)
}

/// One replacement, as a fix's edits.
pub fn edit(range: Span, new_text: impl Into<String>) -> Vec<crate::formats::Edit> {
    vec![crate::formats::Edit {
        range,
        new_text: new_text.into(),
    }]
}

/// 1-based line of a byte offset, for messages that point elsewhere.
pub fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()
        .iter()
        .take(offset.min(text.len()))
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// The fix that moves a comment written after something (`comment`, cut
/// from the line at `cut`) onto its own line above, starting at `line_start`.
pub fn comment_above(line_start: usize, cut: Span, comment: &str) -> Vec<crate::formats::Edit> {
    vec![
        crate::formats::Edit {
            range: line_start..line_start,
            new_text: format!("{comment}\n"),
        },
        crate::formats::Edit {
            range: cut,
            new_text: String::new(),
        },
    ]
}

/// A diagnostic for one of lev_comp's own checks: what is wrong in our
/// words, then lev_comp's message verbatim.
pub fn lev_comp(
    severity: Severity,
    code: &'static str,
    range: Range<usize>,
    what: impl AsRef<str>,
    says: &str,
) -> Diagnostic {
    Diagnostic::new(
        severity,
        code,
        range,
        format!("{} (lev_comp: `{says}`)", what.as_ref()),
    )
}

/// A statement keyword without its `:` (both dialects).
pub fn missing_colon(s: &Statement) -> Diagnostic {
    let at = s.chance.as_ref().map_or(s.keyword_span.end, |c| c.span.end);
    error(
        "nethack::missing-colon",
        s.keyword_span.clone(),
        format!(
            "`{}` needs `:` and its arguments (lev_comp: syntax error)",
            s.keyword
        ),
    )
    .with_fix("Add `:`", edit(at..at, ":"), false)
}
