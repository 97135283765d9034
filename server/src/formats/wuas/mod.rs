//! WUAS (Wish Upon A Star) datafiles (`docs/formats/wuas.md`).
//!
//! read ([`reader`]: the reference loader's line state machine → [`model`])
//! → analyse ([`analysis`]) → answer queries.

pub mod analysis;
mod codes;
mod completion;
pub mod definitions;
pub mod format;
mod hover;
pub mod lines;
pub mod model;
mod names;
mod navigation;
mod outline;
pub mod picture;
pub mod reader;
mod semantic;
pub mod settings;

use super::{
    Completion, Diagnostic, Edit, Fold, Format, HoverInfo, SemanticKind, SourceFile, Symbol,
};
use lines::split;
use std::ops::Range;

pub struct Wuas;

/// Does `text` start like a WUAS datafile: comments, the separator line, a
/// version 1–5, then a board border or (v2+) metadata / `floor=` lines?
pub fn looks_like_wuas(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines = split(text);
    let line = |i: usize| lines.get(i).map(|l| &text[l.span.clone()]);
    let mut i = 0;
    while line(i).is_some_and(|l| l.starts_with('#')) {
        i += 1;
    }
    // A number-like version line (even a wrong one: the analysis says what is
    // wrong with it), after the blank separator line or, a common mistake the
    // analysis reports, without it.
    let numeric = |l: &str| {
        let l = l.trim().trim_start_matches(['+', '-']);
        l.starts_with(|c: char| c.is_ascii_digit())
            && l.chars()
                .all(|c| c.is_ascii_digit() || c == '_' || c == '.')
    };
    let version = if line(i).is_some_and(|l| l.trim().is_empty()) {
        i + 1
    } else {
        i
    };
    if !line(version).is_some_and(numeric) {
        // A damaged or missing version line: recognised by a board, so that
        // the analysis can say what the tool does with it.
        return (i..i + 200).any(|row| starts_a_board(&line, row));
    }
    // Then a board border, or (v2+) `floor=` after the metadata.
    (version + 1..version + 200).filter_map(line).any(|l| {
        let l = l.trim_start();
        (l.starts_with("+-") && l.trim_end().ends_with('+')) || l.starts_with("floor=")
    })
}

/// Is line `row` a box border (`+---+---+`) followed by a space line, a token
/// line with as many `|` and another border: a board no other format writes?
fn starts_a_board<'t>(line: &impl Fn(usize) -> Option<&'t str>, row: usize) -> bool {
    let border = |i: usize| {
        line(i).is_some_and(|l| {
            let l = l.trim();
            l.len() >= 3
                && l.starts_with("+-")
                && l.ends_with('+')
                && l.chars().all(|c| c == '+' || c == '-')
        })
    };
    let bars = |i: usize| {
        line(i)
            .map(str::trim)
            .filter(|l| l.len() >= 2 && l.starts_with('|') && l.ends_with('|'))
            .map(|l| l.matches('|').count())
    };
    border(row) && bars(row + 1).is_some() && bars(row + 1) == bars(row + 2) && border(row + 3)
}

impl Format for Wuas {
    fn name(&self) -> &'static str {
        "wuas"
    }
    fn display_name(&self) -> &'static str {
        "WUAS datafile"
    }
    fn language_ids(&self) -> &'static [&'static str] {
        &["wuas"]
    }
    /// None: `.dat` is only a convention, and other games use it too.
    fn extensions(&self) -> &'static [&'static str] {
        &[]
    }
    fn sniff(&self, text: &str) -> bool {
        looks_like_wuas(text)
    }
    fn content_extensions(&self) -> &'static [&'static str] {
        &["dat"]
    }
    fn language(&self) -> tree_sitter::Language {
        tree_sitter_wuas::LANGUAGE.into()
    }
    /// The reader follows the reference loader line by line (`reader.rs`);
    /// no answer reads the tree.
    fn reads_tree(&self) -> bool {
        false
    }
    fn settings(&self) -> &'static [crate::formats::settings::Setting] {
        settings::ALL
    }
    fn codes(&self) -> &'static [super::codes::Code] {
        codes::CODES
    }
    fn semantic_tokens(&self, file: &SourceFile) -> Vec<(Range<usize>, SemanticKind)> {
        semantic::semantic_tokens(file)
    }
    fn diagnostics(&self, file: &SourceFile) -> Vec<Diagnostic> {
        analysis::diagnostics(file)
    }
    /// The server's analysis at each key: the formatting fix is laid out
    /// only when a quick fix is asked for ([`Format::helpful_fixes`]).
    fn diagnostics_incremental(
        &self,
        file: &SourceFile,
        _cache: &mut super::AnalysisCache,
    ) -> Vec<Diagnostic> {
        analysis::diagnostics_with(file, analysis::Formatting::WhenAsked)
    }
    fn helpful_fixes(
        &self,
        file: &SourceFile,
        all: &[Diagnostic],
        target: &Diagnostic,
    ) -> Vec<super::Fix> {
        super::judge_fixes(self, file, all, &analysis::with_formatting(file, target))
    }
    fn hover(&self, file: &SourceFile, offset: usize) -> Option<HoverInfo> {
        hover::hover(file, offset)
    }
    fn completions(&self, file: &SourceFile, offset: usize) -> Vec<Completion> {
        completion::completions(file, offset)
    }
    fn format(&self, file: &SourceFile) -> Option<Vec<Edit>> {
        format::format(file.text)
    }
    /// The file's own one-character names first; else a game name, in the definitions file.
    fn definition(&self, file: &SourceFile, offset: usize) -> Vec<super::Location> {
        let here = navigation::definition(file, offset);
        if here.is_empty() {
            navigation::into_definitions(file, offset)
        } else {
            super::Location::all_here(here)
        }
    }
    fn references(
        &self,
        file: &SourceFile,
        offset: usize,
        include_definitions: bool,
    ) -> Vec<super::Location> {
        super::Location::all_here(navigation::references(file, offset, include_definitions))
    }
    fn prepare_rename(&self, file: &SourceFile, offset: usize) -> Option<Range<usize>> {
        navigation::prepare_rename(file, offset)
    }
    fn rename(
        &self,
        file: &SourceFile,
        offset: usize,
        new_name: &str,
    ) -> Result<Vec<Edit>, String> {
        navigation::rename(file, offset, new_name)
    }
    fn symbols(&self, file: &SourceFile) -> Vec<Symbol> {
        outline::symbols(file)
    }
    fn folds(&self, file: &SourceFile) -> Vec<Fold> {
        outline::folds(file)
    }
    fn watched_files(&self) -> &'static [&'static str] {
        definitions::WATCHED
    }
    fn file_changed(&self, path: &std::path::Path) -> bool {
        definitions::forget(path)
    }
    fn pictures(
        &self,
        file: &SourceFile,
        diagnostics: &[Diagnostic],
    ) -> Vec<crate::formats::picture::Picture> {
        picture::pictures(file, diagnostics)
    }
    fn each_picture(
        &self,
        file: &SourceFile,
        diagnostics: &[Diagnostic],
        each: &mut dyn FnMut(crate::formats::picture::Picture) -> bool,
    ) -> Result<(), String> {
        picture::each_picture(file, diagnostics, each);
        Ok(())
    }
}

#[cfg(test)]
mod tests;
