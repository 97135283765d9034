//! NetHack 5.0's dungeon layout, `dat/dungeon.lua`: a Lua table of
//! dungeons, their special levels and their branches, read by `dungeon.c`
//! as a game starts (`docs/formats/nethack-dungeon-lua.md`).
//!
//! parse (tree-sitter-lua; [`syntax`] finds the `dungeon = {…}` table with
//! the level scripts' reader) → analyse ([`check`]: what the loader
//! rejects or ignores; [`across`]: the level scripts beside it, by the
//! names [`loads`] derives) → answer ([`hover`], [`completion`],
//! [`outline`], definition). A Lua file is taken for a dungeon description
//! when a line starts with `dungeon = {`; a level script has `des.` lines
//! instead, so the two never compete.

pub mod across;
mod check;
mod codes;
mod completion;
mod hover;
pub mod loads;
pub mod model;
mod outline;
pub mod syntax;
pub mod vocabulary;

use super::facts::{Facts, Workspace};
use super::{Completion, Diagnostic, Fold, Format, HoverInfo, Location, SourceFile, Symbol};

pub struct NetHackDungeonLua;

/// What one version says: the `dungeon` table as written, and its facts.
pub struct Read {
    pub described: syntax::Description,
    pub model: model::Dungeons,
}

fn read_text(file: &SourceFile) -> Read {
    let described = syntax::read(file.text, file.tree);
    let model = model::dungeons(&described);
    Read { described, model }
}

/// The file's reading, once per version.
fn read<'f>(file: &'f SourceFile, keep: &'f mut Option<Read>) -> &'f Read {
    file.read_once(keep, || read_text(file))
}

impl Format for NetHackDungeonLua {
    fn name(&self) -> &'static str {
        "nethack-dungeon-lua"
    }
    fn display_name(&self) -> &'static str {
        "NetHack 5.0 dungeon.lua"
    }
    fn language_ids(&self) -> &'static [&'static str] {
        &["nethack-dungeon-lua"]
    }
    fn extensions(&self) -> &'static [&'static str] {
        &[]
    }
    fn sniff(&self, text: &str) -> bool {
        syntax::looks_like_dungeon(text)
    }
    fn content_extensions(&self) -> &'static [&'static str] {
        &["lua"]
    }
    fn claims(&self, text: &str) -> bool {
        syntax::looks_like_dungeon(text)
    }
    fn language(&self) -> tree_sitter::Language {
        tree_sitter_lua::LANGUAGE.into()
    }
    fn codes(&self) -> &'static [super::codes::Code] {
        codes::CODES
    }
    fn diagnostics(&self, file: &SourceFile) -> Vec<Diagnostic> {
        let mut keep = None;
        let read = read(file, &mut keep);
        check::diagnostics(file.text, &read.described, &read.model)
    }
    fn hover(&self, file: &SourceFile, offset: usize) -> Option<HoverInfo> {
        let mut keep = None;
        let read = read(file, &mut keep);
        hover::hover(&read.described, &read.model, offset)
    }
    fn completions(&self, file: &SourceFile, offset: usize) -> Vec<Completion> {
        let mut keep = None;
        completion::completions(file.text, &read(file, &mut keep).described, offset)
    }
    fn symbols(&self, file: &SourceFile) -> Vec<Symbol> {
        let mut keep = None;
        outline::symbols(&read(file, &mut keep).model)
    }
    fn folds(&self, file: &SourceFile) -> Vec<Fold> {
        let mut keep = None;
        outline::folds(file.text, &read(file, &mut keep).model)
    }
    fn definition(&self, file: &SourceFile, offset: usize) -> Vec<Location> {
        let Some(path) = file.path else {
            return Vec::new();
        };
        let mut keep = None;
        across::definitions(path, &read(file, &mut keep).model, offset, file.workspace)
    }
    fn indexed_extensions(&self) -> &'static [&'static str] {
        &["lua"]
    }
    fn facts(&self, file: &SourceFile) -> Option<Facts> {
        let mut keep = None;
        Some(Facts::LuaDungeons(read(file, &mut keep).model.clone()))
    }
    fn cross_diagnostics(
        &self,
        path: &std::path::Path,
        facts: &Facts,
        workspace: &dyn Workspace,
    ) -> Vec<Diagnostic> {
        match facts {
            Facts::LuaDungeons(described) => across::description(path, described, workspace),
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests;
