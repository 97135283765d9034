//! dungeon-mystery floor parameters: the Pokémon Dungeoneer demo's settings JSON
//! (`docs/formats/dungeon-mystery.md`).
//!
//! read ([`syntax`]: text → typed JSON value and what `JSON.parse` rejects) →
//! analyse ([`analysis`], against the one table of [`vocabulary`]) → answer.
//! [`schema`] turns the same table into a JSON Schema. [`picture`] draws the floor that the
//! real generator ([`generator`], run by node) makes of the parameters.

pub mod analysis;
mod codes;
mod completion;
mod format;
pub mod generator;
mod hover;
mod inlay;
pub mod model;
mod outline;
pub mod picture;
pub mod schema;
pub mod settings;
pub mod syntax;
#[doc(hidden)]
pub mod test_install;
pub mod vocabulary;

use super::picture::Picture;
use super::{Completion, Diagnostic, Edit, Fold, Format, HoverInfo, InlayHint, SourceFile, Symbol};
use std::ops::Range;

pub struct DungeonMystery;

/// The file-name suffixes that select the format (a plain `.json` needs the content).
pub const SUFFIXES: [&str; 2] = ["dungeoneer.json", "dm.json"];

impl Format for DungeonMystery {
    fn name(&self) -> &'static str {
        "dungeon-mystery"
    }
    fn display_name(&self) -> &'static str {
        "dungeon-mystery floor parameters (Pokémon Dungeoneer settings)"
    }
    fn language_ids(&self) -> &'static [&'static str] {
        &["dungeon-mystery"]
    }
    /// Double suffixes only: other JSON files are not claimed (detection matches file names
    /// that end with `.<suffix>`).
    fn extensions(&self) -> &'static [&'static str] {
        &SUFFIXES
    }
    fn sniff(&self, text: &str) -> bool {
        let keys = top_level_keys(text);
        keys.iter().any(|k| k == "floor_props") && keys.iter().any(|k| k == "dungeon_data")
    }
    fn language(&self) -> tree_sitter::Language {
        tree_sitter_json::LANGUAGE.into()
    }
    /// A file is read from its text (`syntax/read.rs`); the crates.io
    /// `tree-sitter-json` grammar stays the format's language for editors.
    fn reads_tree(&self) -> bool {
        false
    }
    fn settings(&self) -> &'static [crate::formats::settings::Setting] {
        settings::ALL
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
    fn format(&self, file: &SourceFile) -> Option<Vec<Edit>> {
        format::format(file)
    }
    fn symbols(&self, file: &SourceFile) -> Vec<Symbol> {
        outline::symbols(file)
    }
    fn folds(&self, file: &SourceFile) -> Vec<Fold> {
        outline::folds(file)
    }
    fn inlay_hints(&self, file: &SourceFile, range: Range<usize>) -> Vec<InlayHint> {
        inlay::inlay_hints(file, range)
    }
    fn pictures(&self, file: &SourceFile, diagnostics: &[Diagnostic]) -> Vec<Picture> {
        picture::pictures(file, diagnostics).unwrap_or_default()
    }
    fn pictures_or_reason(
        &self,
        file: &SourceFile,
        diagnostics: &[Diagnostic],
    ) -> Result<Vec<Picture>, String> {
        picture::pictures(file, diagnostics)
    }
}

/// The keys of the top-level object, read by a forgiving scan of the (possibly truncated:
/// `levls check` sniffs the first 4 KiB) text: strings at depth 1 followed by `:`.
/// Empty when the text does not start with `{` (after blanks and comments).
pub fn top_level_keys(text: &str) -> Vec<String> {
    let bytes = text.trim_start_matches('\u{feff}').as_bytes();
    let mut keys = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    let mut seen_open = false;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                let end = i.min(bytes.len());
                if depth == 1 {
                    let rest = &bytes[(end + 1).min(bytes.len())..];
                    if rest.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b':') {
                        keys.push(String::from_utf8_lossy(&bytes[start..end]).into_owned());
                    }
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'{' | b'[' => {
                if !seen_open && bytes[i] == b'[' {
                    return Vec::new();
                }
                seen_open = true;
                depth += 1;
            }
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    break;
                }
            }
            c if !seen_open && !c.is_ascii_whitespace() => return Vec::new(),
            _ => {}
        }
        i += 1;
    }
    keys
}

#[cfg(test)]
mod tests;
