//! Comments, as each dialect's lexer reads them. lev_comp reads a `#` it
//! does not take as a comment as a stray character: a syntax error.

use super::report::{comment_above, edit, error};
use crate::formats::nethack::syntax::Document;
use crate::formats::Diagnostic;

/// 3.4.3: a comment starts in column 1; a `#` anywhere else is a stray
/// character, and a comment on the last line needs its line break.
pub(super) fn column_one(
    text: &str,
    doc: &Document,
    in_dead: &dyn Fn(usize) -> bool,
    out: &mut Vec<Diagnostic>,
) {
    for span in &doc.stray_comments {
        if in_dead(span.start) {
            continue;
        }
        let body = text
            .get(span.clone())
            .unwrap_or("")
            .trim_end_matches(['\r', '\n']);
        let span = span.start..span.start + body.len();
        let line_start = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
        let before = &text[line_start..span.start];
        let d = error(
            "nethack::stray-comment",
            span.clone(),
            "a comment must start in column 1; lev_comp reads a `#` anywhere else as a stray character (syntax error)",
        );
        // lev_comp's lexer takes a `#` in column 1 as a comment whatever
        // came before; only the parser's recovery from an earlier error made
        // this one stray, and that error is reported where it is.
        if before.is_empty() {
            continue;
        }
        let d = if before.trim().is_empty() {
            d.with_fix(
                "Remove the indentation",
                edit(line_start..span.start, ""),
                true,
            )
        } else {
            let cut = line_start + before.trim_end().len();
            d.with_fix(
                "Move the comment onto its own line above",
                comment_above(line_start, cut..span.end, body),
                true,
            )
        };
        out.push(d);
    }
    if let Some(span) = &doc.unterminated_comment {
        out.push(
            error(
                "nethack::unterminated-comment",
                span.clone(),
                "the last line is a comment without a line break after it; lev_comp needs the line break (syntax error)",
            )
            .with_fix("Add a line break", edit(text.len()..text.len(), "\n"), true),
        );
    }
}

/// 3.6: a comment stands on its own line (blanks before the `#` are fine);
/// a comment on the last line needs its line break.
pub(super) fn own_line(text: &str, doc: &Document, out: &mut Vec<Diagnostic>) {
    for span in &doc.stray_comments {
        let line_start = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
        let before = &text[line_start..span.start];
        // 3.6 allows blanks before a comment.
        if before.trim().is_empty() {
            continue;
        }
        let body = text
            .get(span.clone())
            .unwrap_or("")
            .trim_end_matches(['\r', '\n']);
        let span = span.start..span.start + body.len();
        let cut = line_start + before.trim_end().len();
        out.push(
            error(
                "nethack::stray-comment",
                span.start..span.start + 1,
                "a comment must be on its own line (only blanks before the `#`); lev_comp reads a `#` after something as a stray character (syntax error at \"#\")",
            )
            .with_fix(
                "Move the comment onto its own line above",
                comment_above(line_start, cut..span.end, body),
                true,
            ),
        );
    }
    let last_stray = doc
        .stray_comments
        .last()
        .filter(|s| s.end == text.len() && !text.ends_with('\n'));
    if let Some(span) = doc.unterminated_comment.as_ref().or(last_stray) {
        out.push(
            error(
                "nethack::unterminated-comment",
                span.start..span.start + 1,
                "the last line is a comment without a line break after it; lev_comp 3.6 needs the line break (syntax error at \"#\")",
            )
            .with_fix("Add a line break", edit(text.len()..text.len(), "\n"), true),
        );
    }
}
