//! NetHack special-level files for `lev_comp` (`.des`), 3.4.3 dialect
//! (`docs/formats/nethack.md`).
//!
//! parse (tree-sitter, [`syntax`]) → group ([`model`]: map parts, rooms,
//! register lists) → analyse ([`analysis`]) → answer ([`hover`],
//! [`completion`], [`outline`], [`navigation`], [`inlay`], [`semantic`]).
//! Value sets and names come from [`vocabulary`] and [`names`].

pub mod analysis;
pub mod analysis36;
mod codes;
mod completion;
mod completion36;
pub mod dialect;
mod hover;
mod hover36;
mod incremental;
mod inlay;
pub mod model;
pub mod names;
mod navigation;
mod navigation36;
mod outline;
mod outline36;
mod picture;
mod point_variables;
pub mod scope;
mod semantic;
pub mod syntax;
pub mod vocabulary;

use super::{
    AnalysisCache, Completion, Diagnostic, Fold, Format, HoverInfo, InlayHint, SemanticKind,
    SourceFile, Symbol,
};
use std::ops::Range;

pub use dialect::Dialect;

pub struct NetHack;

/// The first line that is neither blank nor a comment.
fn first_statement_line(text: &str) -> Option<&str> {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
}

/// Statement keys of Dungeon Crawl's vault language that lev_comp does not have.
const CRAWL_KEYS: &[&str] = &[
    "TAGS",
    "DEPTH",
    "ORIENT",
    "PLACE",
    "WEIGHT",
    "MONS",
    "ITEM",
    "SUBST",
    "NSUBST",
    "KFEAT",
    "KMONS",
    "KITEM",
    "KMASK",
    "KPROP",
    "COLOUR",
    "MARKER",
    "LFLAGS",
    "BFLAGS",
    "FTILE",
    "RTILE",
    "TILE",
    "LROCKCOL",
    "LFLOORCOL",
    "CLEAR",
    "default-depth",
];

fn is_crawl_line(line: &str) -> bool {
    let line = line.trim_start();
    line.starts_with("{{")
        || line.starts_with("lua {")
        || CRAWL_KEYS.iter().any(|k| {
            line.strip_prefix(k)
                .is_some_and(|rest| rest.trim_start().starts_with(':'))
        })
}

/// `MAZE:` or `LEVEL:` (any case, blanks before the colon): a level header.
fn is_level_header(line: &str, any_case: bool) -> bool {
    ["MAZE", "LEVEL"].iter().any(|kw| {
        line.get(..kw.len()).is_some_and(|head| {
            if any_case {
                head.eq_ignore_ascii_case(kw)
            } else {
                head == *kw
            }
        }) && line[kw.len()..].trim_start().starts_with(':')
    })
}

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
        first_statement_line(text).is_some_and(|l| is_level_header(l, false))
    }
    /// `.des` is also Dungeon Crawl Stone Soup's vault language: a `.des` file
    /// with a NetHack level header is NetHack's; one without is left alone
    /// only when it has a line that only Crawl writes (`TAGS:`, `MONS:`,
    /// `SUBST:`, `default-depth:`, a `{{` Lua block…), so a NetHack level
    /// whose header was deleted still gets its diagnostics.
    fn claims(&self, text: &str) -> bool {
        if first_statement_line(text).is_some_and(|first| is_level_header(first, true))
            || text.lines().any(|l| is_level_header(l.trim_start(), false))
        {
            return true;
        }
        !text.lines().any(is_crawl_line)
    }
    fn language(&self) -> tree_sitter::Language {
        tree_sitter_nethack::LANGUAGE.into()
    }
    fn codes(&self) -> &'static [super::codes::Code] {
        codes::CODES
    }
    fn status(&self, file: &SourceFile) -> Option<String> {
        let choice = with_read(file, |_, choice| choice.clone());
        Some(format!(
            "dialect {} ({})",
            choice.dialect.label(),
            choice.reason
        ))
    }
    fn diagnostics(&self, file: &SourceFile) -> Vec<Diagnostic> {
        let doc = syntax::read(file.text, file.tree);
        let choice = dialect::choose(file.text, &doc, file.settings.nethack_dialect);
        match choice.dialect {
            Dialect::V343 => analysis::diagnostics(file.text, &doc),
            Dialect::V36 => analysis36::diagnostics(file.text, &doc),
        }
    }
    fn diagnostics_incremental(
        &self,
        file: &SourceFile,
        cache: &mut AnalysisCache,
    ) -> Vec<Diagnostic> {
        incremental::diagnostics(file, cache.get()).0
    }
    fn hover(&self, file: &SourceFile, offset: usize) -> Option<HoverInfo> {
        with_read(file, |doc, choice| match choice.dialect {
            Dialect::V36 => hover36::hover(file.text, doc, choice, offset),
            // 3.4.3's hover, with the dialect in force on the level header.
            Dialect::V343 => {
                let base = hover::hover_in(file.text, doc, offset);
                hover36::with_dialect(file.text, doc, choice, offset, base)
            }
        })
    }
    fn completions(&self, file: &SourceFile, offset: usize) -> Vec<Completion> {
        with_read(file, |doc, c| match c.dialect {
            Dialect::V36 => completion36::completions(file.text, doc, offset),
            Dialect::V343 => completion::completions_in(file.text, doc, offset),
        })
    }
    fn symbols(&self, file: &SourceFile) -> Vec<Symbol> {
        with_read(file, |doc, c| match c.dialect {
            Dialect::V36 => outline36::symbols(file.text, doc),
            Dialect::V343 => outline::symbols(file.text, doc),
        })
    }
    fn folds(&self, file: &SourceFile) -> Vec<Fold> {
        with_read(file, |doc, c| match c.dialect {
            Dialect::V36 => outline36::folds(file.text, doc),
            Dialect::V343 => outline::folds_in(file.text, doc),
        })
    }
    fn definition(&self, file: &SourceFile, offset: usize) -> Vec<Range<usize>> {
        with_read(file, |doc, c| match c.dialect {
            // Variables are 3.6's; coordinates and map cells work as in 3.4.3.
            Dialect::V36 => {
                let found = navigation36::definition(file.text, doc, offset);
                if found.is_empty() {
                    navigation::definition(file.text, doc, offset)
                } else {
                    found
                }
            }
            Dialect::V343 => navigation::definition(file.text, doc, offset),
        })
    }
    fn references(
        &self,
        file: &SourceFile,
        offset: usize,
        include_definitions: bool,
    ) -> Vec<Range<usize>> {
        with_read(file, |doc, c| match c.dialect {
            Dialect::V36 => {
                let found = navigation36::references(file.text, doc, offset, include_definitions);
                if found.is_empty() {
                    navigation::references(file.text, doc, offset, include_definitions)
                } else {
                    found
                }
            }
            Dialect::V343 => navigation::references(file.text, doc, offset, include_definitions),
        })
    }
    fn prepare_rename(&self, file: &SourceFile, offset: usize) -> Option<Range<usize>> {
        with_read(file, |doc, c| {
            (c.dialect == Dialect::V36)
                .then(|| navigation36::prepare_rename(file.text, doc, offset))
                .flatten()
        })
    }
    fn rename(
        &self,
        file: &SourceFile,
        offset: usize,
        new_name: &str,
    ) -> Result<Vec<super::Edit>, String> {
        with_read(file, |doc, c| match c.dialect {
            Dialect::V36 => navigation36::rename(file.text, doc, offset, new_name),
            Dialect::V343 => Err("only NetHack 3.6 variables can be renamed".into()),
        })
    }
    fn inlay_hints(&self, file: &SourceFile, range: Range<usize>) -> Vec<InlayHint> {
        inlay::inlay_hints(file, range)
    }
    fn semantic_tokens(&self, file: &SourceFile) -> Vec<(Range<usize>, SemanticKind)> {
        semantic::semantic_tokens(file)
    }
    fn pictures(
        &self,
        file: &SourceFile,
        diagnostics: &[Diagnostic],
    ) -> Vec<crate::formats::picture::Picture> {
        picture::pictures(file, diagnostics)
    }
}

/// The document and the dialect it is read in, for the editor features.
fn read(file: &SourceFile) -> (syntax::Document, dialect::Choice) {
    let doc = syntax::read(file.text, file.tree);
    let choice = dialect::choose(file.text, &doc, file.settings.nethack_dialect);
    (doc, choice)
}

/// Answer from the document read once per version: the editor asks hover,
/// inlay hints, folds and symbols of the same version in a row, and reading a
/// large file is most of each answer.
fn with_read<R>(
    file: &SourceFile,
    answer: impl FnOnce(&syntax::Document, &dialect::Choice) -> R,
) -> R {
    if let Some((doc, choice)) = file.memo.and_then(|m| m.get_or_init(|| read(file))) {
        return answer(doc, choice);
    }
    let (doc, choice) = read(file);
    answer(&doc, &choice)
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_36;
