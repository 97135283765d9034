//! NetHack's dungeon description, `dungeon.def`, the input of dgn_comp
//! (`docs/formats/dungeon-def.md`), in the dialects of 3.4.3 and 3.6 (the
//! same compiler; their `makedefs -e` steps differ).
//!
//! parse (tree-sitter for the editors' highlighting; [`makedefs`] and
//! [`scanner`] read the text as the toolchain does) → analyse ([`compiler`]:
//! dgn_comp's grammar and checks) → answer ([`hover`], [`completion`],
//! [`outline`], [`semantic`]); [`model`] is what the file says (its dungeons,
//! their levels and branches).

pub mod across;
mod codes;
pub mod compiler;
mod completion;
mod hover;
pub mod makedefs;
pub mod model;
mod outline;
pub mod scanner;
mod semantic;
pub mod vocabulary;

use super::facts::{Facts, Workspace};
use super::{
    Completion, Diagnostic, Fold, Format, HoverInfo, Location, SemanticKind, SourceFile, Symbol,
};
use std::ops::Range;

pub struct DungeonDef;

/// dgn_comp's reading of a file, once per version.
pub(crate) fn reading<'f>(
    file: &'f SourceFile,
    keep: &'f mut Option<compiler::Reading>,
) -> &'f compiler::Reading {
    file.read_once(keep, || compiler::read(file.text))
}

/// Does the text have a `DUNGEON:` statement (maybe behind a `%` option)?
pub fn looks_like_dungeon_def(text: &str) -> bool {
    text.lines().any(|line| {
        let line = match line.strip_prefix('%') {
            Some(rest) => rest.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '_'),
            None => line,
        };
        line.trim_start()
            .strip_prefix("DUNGEON")
            .is_some_and(|rest| rest.trim_start().starts_with(':'))
    })
}

impl Format for DungeonDef {
    fn name(&self) -> &'static str {
        "dungeon-def"
    }
    fn display_name(&self) -> &'static str {
        "NetHack dungeon description"
    }
    fn language_ids(&self) -> &'static [&'static str] {
        &["nethack-dungeon-def"]
    }
    fn extensions(&self) -> &'static [&'static str] {
        &[]
    }
    fn sniff(&self, text: &str) -> bool {
        looks_like_dungeon_def(text)
    }
    fn content_extensions(&self) -> &'static [&'static str] {
        &["def"]
    }
    fn language(&self) -> tree_sitter::Language {
        tree_sitter_dungeon_def::LANGUAGE.into()
    }
    fn codes(&self) -> &'static [super::codes::Code] {
        codes::CODES
    }
    fn diagnostics(&self, file: &SourceFile) -> Vec<Diagnostic> {
        let mut keep = None;
        reading(file, &mut keep).diagnostics.clone()
    }
    fn hover(&self, file: &SourceFile, offset: usize) -> Option<HoverInfo> {
        let mut keep = None;
        hover::hover(file.text, reading(file, &mut keep), offset)
    }
    fn completions(&self, file: &SourceFile, offset: usize) -> Vec<Completion> {
        completion::completions(file.text, offset)
    }
    fn symbols(&self, file: &SourceFile) -> Vec<Symbol> {
        let mut keep = None;
        outline::symbols(file.text, reading(file, &mut keep))
    }
    fn folds(&self, file: &SourceFile) -> Vec<Fold> {
        let mut keep = None;
        outline::folds(file.text, reading(file, &mut keep))
    }
    fn status(&self, file: &SourceFile) -> Option<String> {
        let mut keep = None;
        let read = reading(file, &mut keep);
        Some(format!(
            "dgn_comp {} ({})",
            read.dialect.label(),
            match read.dialect {
                makedefs::Dialect::V343 if !read.controls.is_empty() => "its `%` control lines",
                makedefs::Dialect::V36 if !read.controls.is_empty() => "its `^` conditional lines",
                _ => "no control lines: both dialects read it alike",
            }
        ))
    }
    fn indexed_extensions(&self) -> &'static [&'static str] {
        &["def"]
    }
    fn facts(&self, file: &SourceFile) -> Option<Facts> {
        let mut keep = None;
        Some(Facts::Dungeons(across::facts(
            file.text,
            reading(file, &mut keep),
        )))
    }
    fn cross_diagnostics(
        &self,
        path: &std::path::Path,
        facts: &Facts,
        workspace: &dyn Workspace,
    ) -> Vec<Diagnostic> {
        match facts {
            Facts::Dungeons(described) => across::checks::description(path, described, workspace),
            _ => Vec::new(),
        }
    }
    fn definition(&self, file: &SourceFile, offset: usize) -> Vec<Location> {
        let (Some(path), Some(workspace)) = (file.path, file.workspace) else {
            return Vec::new();
        };
        let mut keep = None;
        let described = across::facts(file.text, reading(file, &mut keep));
        across::navigation::definitions_from_description(path, &described, offset, workspace)
    }
    fn references(
        &self,
        file: &SourceFile,
        offset: usize,
        include_definitions: bool,
    ) -> Vec<Location> {
        let (Some(path), Some(workspace)) = (file.path, file.workspace) else {
            return Vec::new();
        };
        let mut keep = None;
        let described = across::facts(file.text, reading(file, &mut keep));
        let mut found =
            across::navigation::definitions_from_description(path, &described, offset, workspace);
        if include_definitions {
            found.extend(
                described
                    .dungeons
                    .iter()
                    .flat_map(|d| &d.levels)
                    .filter(|l| l.name_range.start <= offset && offset <= l.name_range.end)
                    .map(|l| Location::here(l.name_range.clone())),
            );
        }
        found
    }
    fn prepare_rename(&self, file: &SourceFile, offset: usize) -> Option<Range<usize>> {
        let mut keep = None;
        let described = across::facts(file.text, reading(file, &mut keep));
        across::navigation::rename_span(
            described
                .dungeons
                .iter()
                .flat_map(|d| &d.levels)
                .map(|l| l.name_range.clone()),
            offset,
        )
    }
    fn rename_across(
        &self,
        file: &SourceFile,
        offset: usize,
        new_name: &str,
    ) -> Result<Vec<(Location, String)>, String> {
        let mut keep = None;
        let described = across::facts(file.text, reading(file, &mut keep));
        let Some(path) = file.path else {
            return Err(
                "a level is renamed across the files of a game: save this file first".into(),
            );
        };
        let workspace = file.workspace.unwrap_or(&super::facts::Alone);
        across::navigation::rename_from_description(path, &described, offset, new_name, workspace)
            .unwrap_or_else(|| {
                Err("nothing to rename here: put the cursor on a level's name".into())
            })
    }
    fn semantic_tokens(&self, file: &SourceFile) -> Vec<(Range<usize>, SemanticKind)> {
        let mut keep = None;
        semantic::tokens(file.text, reading(file, &mut keep))
    }
}

#[cfg(test)]
mod tests;
