//! DERF, the Dungeon Engine Room File (`docs/formats/derf.md`).
//!
//! read ([`syntax`], from the text) → analyse ([`analysis`], [`effective`]) →
//! answer ([`hover`], [`completion`], [`outline`]).

pub mod analysis;
mod codes;
mod completion;
pub mod effective;
mod hover;
mod outline;
pub mod pool;
pub mod syntax;
pub mod vocabulary;

use super::facts::{Facts, Workspace};
use super::{Completion, Diagnostic, Fold, Format, HoverInfo, SourceFile, Symbol};

pub struct Derf;

impl Format for Derf {
    fn name(&self) -> &'static str {
        "derf"
    }
    fn display_name(&self) -> &'static str {
        "DERF (Dungeon Engine Room File)"
    }
    fn language_ids(&self) -> &'static [&'static str] {
        &["derf"]
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["derf", "der"]
    }
    fn sniff(&self, text: &str) -> bool {
        text.trim_start_matches('\u{feff}').starts_with("DERF:")
    }
    fn language(&self) -> tree_sitter::Language {
        tree_sitter_derf::LANGUAGE.into()
    }
    /// A room is read line by line from its text (`syntax/read.rs`).
    fn reads_tree(&self) -> bool {
        false
    }
    fn codes(&self) -> &'static [super::codes::Code] {
        codes::CODES
    }
    fn diagnostics(&self, file: &SourceFile) -> Vec<Diagnostic> {
        analysis::diagnostics(file)
    }
    fn hover(&self, file: &SourceFile, offset: usize) -> Option<HoverInfo> {
        hover::hover(file, offset)
    }
    fn completions(&self, file: &SourceFile, offset: usize) -> Vec<Completion> {
        completion::completions(file, offset)
    }
    fn symbols(&self, file: &SourceFile) -> Vec<Symbol> {
        outline::symbols(file)
    }
    fn folds(&self, file: &SourceFile) -> Vec<Fold> {
        outline::folds(file)
    }
    fn indexed_extensions(&self) -> &'static [&'static str] {
        self.extensions()
    }
    fn facts(&self, file: &SourceFile) -> Option<Facts> {
        let room = syntax::Room::of(file);
        Some(Facts::Room(pool::room::facts(file.text, &room)))
    }
    fn cross_diagnostics(
        &self,
        path: &std::path::Path,
        facts: &Facts,
        workspace: &dyn Workspace,
    ) -> Vec<Diagnostic> {
        match facts {
            Facts::Room(room) => pool::diagnostics(path, room, workspace),
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests;
