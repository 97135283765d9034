//! NetHack special-level files for `lev_comp` (`.des`), in the 3.4.3 and 3.6
//! dialects (`docs/formats/nethack.md`). The house is laid out by feature; a
//! dialect is data and small matches inside each feature:
//!
//! - [`recognise`]: whose `.des` file this is (NetHack's or Dungeon Crawl's);
//! - [`dialect`]: which dialect a file is read in, and why;
//! - [`syntax`]: tree-sitter tree → typed document (levels, statements, maps,
//!   blocks, variables), both dialects;
//! - [`names`]: the vocabulary as data (keywords, value words, monster and
//!   object tables of each dialect, argument slots);
//! - [`check`]: the rules → diagnostics, one file per family of rules, each
//!   family stating the dialects it applies to;
//! - [`ide`]: hover, completion, navigation, outline, inlay hints, semantic
//!   tokens: one folder or file per answer;
//! - [`picture`]: the maps drawn; [`samples`]: levels generated from the
//!   text by the user's MiniHack.
//!
//! This file is the [`Format`] impl only: parse → analyse → answer.

mod across;
pub mod check;
mod codes;
pub mod convert;
pub mod dialect;
mod fixes;
mod ide;
pub mod names;
pub(crate) mod picture;
mod recognise;
pub mod samples;
pub mod settings;
pub mod syntax;

use super::dungeon_def::across as description;
use super::facts::{DefinedLevel, Facts, Workspace};
use super::{
    AnalysisCache, Completion, Diagnostic, Fix, Fold, Format, HoverInfo, InlayHint, SemanticKind,
    SourceFile, Symbol,
};
use std::ops::Range;

pub use dialect::Dialect;

pub struct NetHack;

impl Format for NetHack {
    fn name(&self) -> &'static str {
        "nethack"
    }
    fn display_name(&self) -> &'static str {
        "NetHack special level (lev_comp)"
    }
    fn language_ids(&self) -> &'static [&'static str] {
        &["nethack-des", "nethack"]
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["des"]
    }
    fn sniff(&self, text: &str) -> bool {
        recognise::first_statement_line(text).is_some_and(|l| recognise::is_level_header(l, false))
    }
    /// `.des` is also Dungeon Crawl Stone Soup's vault language: a `.des` file
    /// with a NetHack level header is NetHack's; one without is left alone
    /// only when it has a line that only Crawl writes (`TAGS:`, `MONS:`,
    /// `SUBST:`, `default-depth:`, a `{{` Lua block…), so a NetHack level
    /// whose header was deleted still gets its diagnostics.
    fn claims(&self, text: &str) -> bool {
        recognise::claims(text)
    }
    fn language(&self) -> tree_sitter::Language {
        tree_sitter_nethack::LANGUAGE.into()
    }
    fn settings(&self) -> &'static [crate::formats::settings::Setting] {
        settings::ALL
    }
    fn codes(&self) -> &'static [super::codes::Code] {
        codes::CODES
    }
    fn watched_files(&self) -> &'static [&'static str] {
        names::tree_profiles::WATCHED
    }
    fn file_changed(&self, path: &std::path::Path) -> bool {
        names::tree_profiles::forget(path)
    }
    fn status(&self, file: &SourceFile) -> Option<String> {
        // Decided once per version of an open document: when the diagnostics
        // run has decided it, nothing is read again.
        let choice = dialect::choose_open(
            file.text,
            settings::forced_dialect(file.text, file.path, file.settings),
            file.history,
            || dialect::Evidence::of(file.text, &syntax::read(file.text, file.tree)),
        );
        let note = choice
            .editing_note()
            .map_or(String::new(), |note| format!("; {note}"));
        let names = match settings::variant_of(file.text, file.path, file.settings).profile {
            Some(p) => format!("; {} names: {}", p.title, p.origin.describe(true)),
            None => names::tree_profiles::problem_of_tree(file.path).map_or(
                String::new(),
                |(root, error)| {
                    format!(
                        "; the source tree at {} could not be read ({error}): vanilla names",
                        root.display()
                    )
                },
            ),
        };
        Some(format!(
            "dialect {} ({}{note}){names}",
            choice.dialect.label(),
            choice.reason
        ))
    }
    fn diagnostics(&self, file: &SourceFile) -> Vec<Diagnostic> {
        let (doc, choice) = read(file);
        let mut out = settings::with_names_of(file.text, file.path, file.settings, || {
            check::diagnostics(file.text, &doc, choice.dialect)
        });
        let headers: Vec<_> = doc.levels.iter().map(|l| l.header.clone()).collect();
        let variant = settings::variant_of(file.text, file.path, file.settings);
        check::variant::check(&headers, variant, &mut out);
        out.extend(dialect::change_notice(&choice));
        out.sort_by_key(|d| (d.range.start, d.range.end));
        out
    }
    fn diagnostics_incremental(
        &self,
        file: &SourceFile,
        cache: &mut AnalysisCache,
    ) -> Vec<Diagnostic> {
        settings::with_names_of(file.text, file.path, file.settings, || {
            check::incremental::diagnostics(file, cache.get()).0
        })
    }
    fn helpful_fixes(
        &self,
        file: &SourceFile,
        all: &[Diagnostic],
        target: &Diagnostic,
    ) -> Vec<Fix> {
        let dialect = with_read(file, |_, choice| choice.dialect);
        // The target among `all`, so it is judged with its level's.
        let mut with_target = all.to_vec();
        let at = with_target
            .iter()
            .position(|d| d == target)
            .unwrap_or_else(|| {
                with_target.push(target.clone());
                with_target.len() - 1
            });
        settings::with_names_of(file.text, file.path, file.settings, || {
            fixes::judge(self, file, dialect, &with_target, &[at]).remove(0)
        })
    }
    fn keep_helpful_fixes(&self, file: &SourceFile, diagnostics: &mut [Diagnostic]) {
        let targets: Vec<usize> = (0..diagnostics.len())
            .filter(|&i| !diagnostics[i].fixes.is_empty())
            .collect();
        if targets.is_empty() {
            return;
        }
        let dialect = with_read(file, |_, choice| choice.dialect);
        let judged = settings::with_names_of(file.text, file.path, file.settings, || {
            fixes::judge(self, file, dialect, diagnostics, &targets)
        });
        for (i, kept) in targets.into_iter().zip(judged) {
            diagnostics[i].fixes = kept;
        }
    }
    fn hover(&self, file: &SourceFile, offset: usize) -> Option<HoverInfo> {
        with_read(file, |doc, choice| {
            settings::with_names_of(file.text, file.path, file.settings, || {
                ide::hover::hover(file.text, doc, choice, offset)
            })
        })
    }
    fn completions(&self, file: &SourceFile, offset: usize) -> Vec<Completion> {
        with_read(file, |doc, choice| {
            settings::with_names_of(file.text, file.path, file.settings, || {
                ide::completion::completions(file.text, doc, choice.dialect, offset)
            })
        })
    }
    fn symbols(&self, file: &SourceFile) -> Vec<Symbol> {
        with_read(file, |doc, choice| {
            ide::outline::symbols(file.text, doc, choice.dialect)
        })
    }
    fn folds(&self, file: &SourceFile) -> Vec<Fold> {
        with_read(file, |doc, choice| {
            ide::outline::folds(file.text, doc, choice.dialect)
        })
    }
    fn definition(&self, file: &SourceFile, offset: usize) -> Vec<super::Location> {
        let here = super::Location::all_here(with_read(file, |doc, choice| {
            ide::navigation::definition(file.text, doc, choice.dialect, offset)
        }));
        if !here.is_empty() {
            return here;
        }
        across_files(file, |path, levels, workspace| {
            description::navigation::definitions_from_levels(path, levels, offset, workspace)
        })
        .unwrap_or_default()
    }
    fn references(
        &self,
        file: &SourceFile,
        offset: usize,
        include_definitions: bool,
    ) -> Vec<super::Location> {
        let mut found = super::Location::all_here(with_read(file, |doc, choice| {
            ide::navigation::references(file.text, doc, choice.dialect, offset, include_definitions)
        }));
        found.extend(
            across_files(file, |path, levels, workspace| {
                description::navigation::references_from_levels(
                    path,
                    levels,
                    offset,
                    workspace,
                    include_definitions,
                )
            })
            .unwrap_or_default(),
        );
        found
    }
    fn prepare_rename(&self, file: &SourceFile, offset: usize) -> Option<Range<usize>> {
        with_read(file, |doc, choice| {
            ide::navigation::prepare_rename(file.text, doc, choice.dialect, offset).or_else(|| {
                description::navigation::rename_span(
                    across::defined_levels(file.text)
                        .into_iter()
                        .map(|l| l.name_range),
                    offset,
                )
            })
        })
    }
    fn rename(
        &self,
        file: &SourceFile,
        offset: usize,
        new_name: &str,
    ) -> Result<Vec<super::Edit>, String> {
        with_read(file, |doc, choice| {
            ide::navigation::rename(file.text, doc, choice.dialect, offset, new_name)
        })
    }
    /// A level's name is renamed in the game's dungeon description and in
    /// every `.des` file of it; other names in this file only.
    fn rename_across(
        &self,
        file: &SourceFile,
        offset: usize,
        new_name: &str,
    ) -> Result<Vec<(super::Location, String)>, String> {
        let in_file = with_read(file, |doc, choice| {
            ide::navigation::prepare_rename(file.text, doc, choice.dialect, offset).is_some()
        });
        let across = (!in_file)
            .then(|| {
                across_files(file, |path, levels, workspace| {
                    description::navigation::rename_from_levels(
                        path, levels, offset, new_name, workspace,
                    )
                })
                .flatten()
            })
            .flatten();
        match across {
            Some(edits) => edits,
            None => Ok(self
                .rename(file, offset, new_name)?
                .into_iter()
                .map(|e| (super::Location::here(e.range), e.new_text))
                .collect()),
        }
    }
    fn indexed_extensions(&self) -> &'static [&'static str] {
        self.extensions()
    }
    fn facts(&self, file: &SourceFile) -> Option<Facts> {
        self.facts_of_text(file.text)
    }
    fn facts_of_text(&self, text: &str) -> Option<Facts> {
        Some(Facts::Levels(across::defined_levels(text)))
    }
    fn cross_diagnostics(
        &self,
        path: &std::path::Path,
        facts: &Facts,
        workspace: &dyn Workspace,
    ) -> Vec<Diagnostic> {
        match facts {
            Facts::Levels(levels) => across::diagnostics(path, levels, workspace),
            _ => Vec::new(),
        }
    }
    fn inlay_hints(&self, file: &SourceFile, range: Range<usize>) -> Vec<InlayHint> {
        ide::inlay::inlay_hints(file, range)
    }
    fn semantic_tokens(&self, file: &SourceFile) -> Vec<(Range<usize>, SemanticKind)> {
        ide::semantic::semantic_tokens(file)
    }
    fn pictures(
        &self,
        file: &SourceFile,
        diagnostics: &[Diagnostic],
    ) -> Vec<crate::formats::picture::Picture> {
        picture::pictures(file, diagnostics)
    }
    /// Each level as a NetHack 5.0 Lua script ([`convert`]).
    fn conversions(&self, file: &SourceFile, at: Option<usize>) -> Vec<super::Conversion> {
        let converted = with_read(file, |doc, choice| {
            convert::convert_document(file.text, doc, choice.dialect, at)
        });
        converted
            .into_iter()
            .map(|c| super::Conversion {
                target: convert::TARGET,
                title: format!(
                    "Convert level \"{}\" to NetHack 5.0 Lua ({})",
                    c.level_name, c.file_name
                ),
                file_name: c.file_name,
                text: c.text,
                unconverted: c.unconverted,
                range: c.span,
            })
            .collect()
    }
    /// Levels made from the text by the real NetHack in the user's MiniHack.
    fn samples(
        &self,
        file: &SourceFile,
        count: usize,
    ) -> Result<Vec<crate::formats::picture::Picture>, String> {
        let request = samples::Request::new(file.text, count, file.settings);
        samples::generate(&request).map(|screens| samples::pictures(&screens))
    }
}

/// An answer that needs the file's levels and the workspace (None when the
/// file has no path or is seen alone).
fn across_files<R>(
    file: &SourceFile,
    answer: impl FnOnce(&std::path::Path, &[DefinedLevel], &dyn Workspace) -> R,
) -> Option<R> {
    let (path, workspace) = (file.path?, file.workspace?);
    Some(answer(path, &across::defined_levels(file.text), workspace))
}

/// The document and the dialect it is read in, for the editor features.
fn read(file: &SourceFile) -> (syntax::Document, dialect::Choice) {
    // A variant's own map characters make a map row.
    let doc = settings::with_names_of(file.text, file.path, file.settings, || {
        syntax::read(file.text, file.tree)
    });
    let choice = dialect::choose_open(
        file.text,
        settings::forced_dialect(file.text, file.path, file.settings),
        file.history,
        || dialect::Evidence::of(file.text, &doc),
    );
    (doc, choice)
}

/// Answer from the document read once per version: the editor asks hover,
/// inlay hints, folds and symbols of the same version in a row, and reading a
/// large file is most of each answer.
fn with_read<R>(
    file: &SourceFile,
    answer: impl FnOnce(&syntax::Document, &dialect::Choice) -> R,
) -> R {
    let mut keep = None;
    let (doc, choice) = file.read_once(&mut keep, || read(file));
    answer(doc, choice)
}

#[cfg(test)]
mod tests;
