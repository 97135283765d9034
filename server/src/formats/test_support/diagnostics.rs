//! Diagnostics as `line:col-line:col severity code: message`, each fix with its title and the
//! first line it changes.

use super::{show_range, with_settings, Fixtures};
use crate::formats::{Diagnostic, Format, Settings, SourceFile};
use expect_test::Expect;

impl Fixtures<'_> {
    /// The diagnostics of `text`.
    pub fn check_diagnostics(&self, text: &str, expect: Expect) {
        self.assert(&self.diagnostics(text), expect);
    }

    /// The diagnostics one analysis `pass` adds for `text`, by position: a pass tested alone.
    pub fn check_pass(
        &self,
        text: &str,
        pass: impl FnOnce(&SourceFile, &mut Vec<Diagnostic>),
        expect: Expect,
    ) {
        let found = self.pass(text, pass);
        self.assert(&render_list(text, &found), expect);
    }

    /// [`Fixtures::check_pass`] as `line:col-line:col code: message` only, one a line.
    pub fn check_pass_messages(
        &self,
        text: &str,
        pass: impl FnOnce(&SourceFile, &mut Vec<Diagnostic>),
        expect: Expect,
    ) {
        let shown: String = self
            .pass(text, pass)
            .iter()
            .map(|d| format!("{} {}: {}\n", show_range(text, &d.range), d.code, d.message))
            .collect();
        self.assert(&shown, expect);
    }

    /// The diagnostics one analysis `pass` adds for `text`, by position.
    pub fn pass(
        &self,
        text: &str,
        pass: impl FnOnce(&SourceFile, &mut Vec<Diagnostic>),
    ) -> Vec<Diagnostic> {
        let mut found = Vec::new();
        self.open(text, |file| pass(file, &mut found));
        found.sort_by_key(|d| (d.range.start, d.range.end));
        found
    }

    /// The diagnostics of `text` as [`render_list`] shows them (the folder as `$DIR`).
    pub fn diagnostics(&self, text: &str) -> String {
        let shown = self.open(text, |file| {
            render_list(text, &self.format.diagnostics(file))
        });
        self.shown(&shown)
    }
}

/// The diagnostics of `text` as [`render_list`] shows them.
pub fn render_diagnostics(format: &dyn Format, text: &str, path: &str) -> String {
    render_diagnostics_with(format, text, path, &Settings::NONE)
}

/// [`render_diagnostics`] with user settings.
pub fn render_diagnostics_with(
    format: &dyn Format,
    text: &str,
    path: &str,
    settings: &Settings,
) -> String {
    with_settings(format, text, path, settings, |file| {
        // The fixes a user is offered: those the format judges helpful.
        let mut diagnostics = format.diagnostics(file);
        format.keep_helpful_fixes(file, &mut diagnostics);
        render_list(text, &diagnostics)
    })
}

/// Some diagnostics of `text` (one analysis pass, say), one a line, each fix below its diagnostic.
pub fn render_list(text: &str, diagnostics: &[Diagnostic]) -> String {
    diagnostics
        .iter()
        .map(|d| {
            let mut out = format!(
                "{} {} {}: {}\n",
                show_range(text, &d.range),
                d.severity.as_str(),
                d.code,
                d.message
            );
            for fix in &d.fixes {
                let mut fixed = text.to_string();
                let mut edits = fix.edits.clone();
                edits.sort_by_key(|e| std::cmp::Reverse(e.range.start));
                for e in edits {
                    fixed.replace_range(e.range, &e.new_text);
                }
                let changed = fixed
                    .lines()
                    .zip(text.lines().chain(std::iter::repeat("")))
                    .find(|(a, b)| a != b);
                let shown = changed.map_or(" (removes a line)".to_string(), |(a, _)| {
                    format!(" → `{a}`")
                });
                out.push_str(&format!("    fix: {}{shown}\n", fix.title));
            }
            out
        })
        .collect()
}
