//! NetHack 5.0 special levels: Lua scripts calling `des.*`
//! (`docs/formats/nethack-lua.md`; the API in `specs/nethack-5.0-des-api.tsv`,
//! what the game checks and accepts silently in `specs/nethack-5.0-lua.md`).
//!
//! parse (tree-sitter-lua; [`syntax`] reads the `des.*` calls) → analyse
//! ([`check`]) → answer ([`hover`], [`completion`], [`outline`], [`picture`]). A Lua file
//! is taken for a level when a line starts with `des.` (a statement of the
//! script itself, not of a function it defines): `dungeon.lua`, `nhlib.lua`
//! and other Lua files stay untouched.

pub mod api;
mod check;
mod codes;
mod completion;
mod hover;
mod inlay;
mod outline;
mod picture;
pub mod syntax;

use super::facts::{Facts, Workspace};
use super::picture::Picture;
use super::{Completion, Diagnostic, Fold, Format, HoverInfo, InlayHint, SourceFile, Symbol};

pub struct NetHackLua;

/// Does the text hold a `des.` call at the start of a line?
pub fn looks_like_level(text: &str) -> bool {
    text.lines().any(|line| line.starts_with("des."))
}

/// The script's calls, once per version.
fn read<'f>(file: &'f SourceFile, keep: &'f mut Option<syntax::Level>) -> &'f syntax::Level {
    file.read_once(keep, || syntax::read(file.text, file.tree))
}

impl Format for NetHackLua {
    fn name(&self) -> &'static str {
        "nethack-lua"
    }
    fn display_name(&self) -> &'static str {
        "NetHack 5.0 Lua level"
    }
    fn language_ids(&self) -> &'static [&'static str] {
        &["nethack-lua"]
    }
    fn extensions(&self) -> &'static [&'static str] {
        &[]
    }
    fn sniff(&self, text: &str) -> bool {
        looks_like_level(text)
    }
    fn content_extensions(&self) -> &'static [&'static str] {
        &["lua"]
    }
    fn claims(&self, text: &str) -> bool {
        looks_like_level(text)
    }
    fn language(&self) -> tree_sitter::Language {
        tree_sitter_lua::LANGUAGE.into()
    }
    fn codes(&self) -> &'static [super::codes::Code] {
        codes::CODES
    }
    fn diagnostics(&self, file: &SourceFile) -> Vec<Diagnostic> {
        let mut keep = None;
        check::diagnostics(file.text, read(file, &mut keep))
    }
    fn hover(&self, file: &SourceFile, offset: usize) -> Option<HoverInfo> {
        let mut keep = None;
        hover::hover(read(file, &mut keep), offset)
    }
    fn completions(&self, file: &SourceFile, offset: usize) -> Vec<Completion> {
        let mut keep = None;
        completion::completions(file.text, read(file, &mut keep), offset)
    }
    fn symbols(&self, file: &SourceFile) -> Vec<Symbol> {
        let mut keep = None;
        outline::symbols(file.text, read(file, &mut keep))
    }
    fn folds(&self, file: &SourceFile) -> Vec<Fold> {
        let mut keep = None;
        outline::folds(file.text, read(file, &mut keep))
    }
    fn inlay_hints(&self, file: &SourceFile, range: std::ops::Range<usize>) -> Vec<InlayHint> {
        let mut keep = None;
        inlay::inlay_hints(read(file, &mut keep), range)
    }
    fn pictures(&self, file: &SourceFile, diagnostics: &[Diagnostic]) -> Vec<Picture> {
        let mut keep = None;
        picture::pictures(read(file, &mut keep), diagnostics)
    }
    fn indexed_extensions(&self) -> &'static [&'static str] {
        &["lua"]
    }
    /// The game knows a level by its file name: the facts are only that it
    /// is a level, and its first line for a check across files to point at.
    fn facts_of_text(&self, text: &str) -> Option<Facts> {
        let first = text.find('\n').unwrap_or(text.len());
        Some(Facts::LuaLevel {
            first_line: 0..text[..first].trim_end_matches('\r').len(),
        })
    }
    /// Loaded by no `dungeon.lua` beside it (`nethack_dungeon_lua::across`).
    fn cross_diagnostics(
        &self,
        path: &std::path::Path,
        facts: &Facts,
        workspace: &dyn Workspace,
    ) -> Vec<Diagnostic> {
        match facts {
            Facts::LuaLevel { first_line } => {
                super::nethack_dungeon_lua::across::script(path, first_line, workspace)
            }
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests;
