//! Kingdom of Frupal map files (`docs/formats/frupal.md`).
//!
//! parse (tree-sitter, [`syntax`]) → model ([`elements`], [`model`]: values
//! read against their parameters, the grid, reachability) → analyse
//! ([`analysis`]) → answer ([`hover`], [`completion`], [`inlay`],
//! [`navigation`], [`outline`]).

pub mod analysis;
mod codes;
mod completion;
pub mod elements;
mod hover;
mod inlay;
pub mod model;
mod navigation;
mod outline;
mod picture;
pub mod syntax;
pub mod vocabulary;

use super::{Completion, Diagnostic, Edit, Fold, Format, HoverInfo, InlayHint, SourceFile, Symbol};
use std::ops::Range;

pub struct Frupal;

impl Format for Frupal {
    fn name(&self) -> &'static str {
        "frupal"
    }
    fn display_name(&self) -> &'static str {
        "Kingdom of Frupal map"
    }
    fn language_ids(&self) -> &'static [&'static str] {
        &["frupal"]
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["fmap"]
    }
    fn sniff(&self, text: &str) -> bool {
        text.lines()
            .next()
            .is_some_and(|l| l.trim_end() == vocabulary::HEADER)
    }
    fn language(&self) -> tree_sitter::Language {
        tree_sitter_frupal::LANGUAGE.into()
    }
    /// A map is read line by line from its text (`syntax.rs`).
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
    fn definition(&self, file: &SourceFile, offset: usize) -> Vec<super::Location> {
        super::Location::all_here(navigation::definition(file, offset))
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
    fn inlay_hints(&self, file: &SourceFile, range: Range<usize>) -> Vec<InlayHint> {
        inlay::inlay_hints(file, range)
    }
    fn pictures(
        &self,
        file: &SourceFile,
        diagnostics: &[Diagnostic],
    ) -> Vec<crate::formats::picture::Picture> {
        picture::pictures(file, diagnostics)
    }
}

#[cfg(test)]
mod tests;
