//! An open Python document, as the server reads it: a [`Format`] whose
//! language is Python and whose every answer comes from the levels inside.
//! It finds them once per version in the document's own tree (which the
//! server keeps and reparses incrementally), asks the level's format on the
//! level's text, and maps offsets both ways through [`Embedded`]. Outside a
//! level it answers nothing, and it gives no answer about the whole
//! document (highlighting, folding, outline, formatting, inlay hints):
//! those belong to Python's own language server.

use super::offsets::Embedded;
use super::{
    edits_to_host, fixes_to_host, level_settings_importing, levels_in, python, to_host, trusted,
    Level, LEVELS_IN_PYTHON, PYTHON_EXTENSIONS,
};
use crate::formats::picture::Picture;
use crate::formats::{
    codes, AnalysisCache, Completion, Diagnostic, Edit, Fix, Format, HoverInfo, Location, Memo,
    Settings, SourceFile,
};
use std::ops::Range;
use std::sync::OnceLock;

/// Python source with levels in its strings (MiniHack's `des_file`s).
pub struct PythonLevels;

/// One level of one version, read once.
struct Read {
    level: Level,
    tree: tree_sitter::Tree,
    /// The level format's own memo, for the queries on this version.
    memo: Memo,
    /// The level format's diagnostics, in the level's offsets.
    diagnostics: OnceLock<Vec<Diagnostic>>,
}

/// The levels of one version, and the settings they are read with.
struct Levels {
    settings: Settings,
    levels: Vec<Read>,
}

impl Levels {
    fn of(file: &SourceFile) -> Levels {
        let levels: Vec<Read> = levels_in(file.text, file.tree)
            .into_iter()
            .map(|level| Read {
                tree: crate::formats::parse(level.format, &level.embedded.text),
                level,
                memo: Memo::default(),
                diagnostics: OnceLock::new(),
            })
            .collect();
        // A notebook cell is its own document: only its own imports count.
        // A file without levels is not walked for them.
        let settings = level_settings_importing(file.settings, || {
            !levels.is_empty() && python::tree_imports_minihack(file.text, file.tree)
        });
        Levels { settings, levels }
    }

    /// The level the host's `offset` is in, and the offset in its text.
    fn at(&self, offset: usize) -> Option<(&Read, usize)> {
        self.levels
            .iter()
            .find_map(|read| Some((read, read.embedded().level_offset(offset)?)))
    }

    /// The level's text as its format reads it.
    fn file<'a>(&'a self, read: &'a Read) -> SourceFile<'a> {
        SourceFile {
            text: &read.level.embedded.text,
            tree: &read.tree,
            path: None,
            settings: &self.settings,
            memo: Some(&read.memo),
            // Levels in Python are read as 3.6 whatever was typed before,
            // as `levls check` reads them.
            history: None,
            workspace: None,
        }
    }

    /// A level's diagnostics, computed by `compute` the first time on this
    /// version.
    fn diagnostics<'a>(
        &'a self,
        read: &'a Read,
        compute: impl FnOnce(&SourceFile) -> Vec<Diagnostic>,
    ) -> &'a [Diagnostic] {
        read.diagnostics.get_or_init(|| compute(&self.file(read)))
    }

    /// Every level's diagnostics about what the host wrote, in its offsets;
    /// `compute` is given each level's number and text.
    fn host_diagnostics(
        &self,
        mut compute: impl FnMut(usize, &SourceFile) -> Vec<Diagnostic>,
    ) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        for (i, read) in self.levels.iter().enumerate() {
            let found = self.diagnostics(read, |file| compute(i, file));
            out.extend(
                found
                    .iter()
                    .filter(|d| trusted(read.embedded(), d))
                    .map(|d| to_host(read.embedded(), d.clone())),
            );
        }
        out
    }
}

impl Read {
    fn embedded(&self) -> &Embedded {
        &self.level.embedded
    }

    fn format(&self) -> &'static dyn Format {
        self.level.format
    }

    /// A location in the level, as a location in the host.
    fn host_location(&self, location: Location) -> Location {
        match location.file {
            None => Location::here(self.embedded().host_range(&location.range)),
            Some(_) => location,
        }
    }
}

/// Answer from the levels read once per version.
fn with_levels<R>(file: &SourceFile, answer: impl FnOnce(&Levels) -> R) -> R {
    let mut keep = None;
    answer(file.read_once(&mut keep, || Levels::of(file)))
}

impl Format for PythonLevels {
    fn name(&self) -> &'static str {
        "python"
    }
    fn display_name(&self) -> &'static str {
        "Python (MiniHack levels)"
    }
    fn language_ids(&self) -> &'static [&'static str] {
        &["python"]
    }
    fn extensions(&self) -> &'static [&'static str] {
        PYTHON_EXTENSIONS
    }
    /// Python is never recognised by content: only a document the editor
    /// calls Python, or a `.py` file.
    fn sniff(&self, _text: &str) -> bool {
        false
    }
    /// A Python file past what levls reads is left to Python's server, not
    /// reported as too large: levls has nothing to say about it.
    fn claims(&self, text: &str) -> bool {
        text.len() <= crate::formats::MAX_FILE_BYTES
    }
    fn language(&self) -> tree_sitter::Language {
        python::language()
    }
    /// None of its own: its levels' codes are their format's.
    fn codes(&self) -> &'static [codes::Code] {
        &[]
    }
    fn diagnostics(&self, file: &SourceFile) -> Vec<Diagnostic> {
        with_levels(file, |levels| {
            levels.host_diagnostics(|i, level| levels.levels[i].format().diagnostics(level))
        })
    }
    /// Each level re-analysed with its own cache, by position in the file:
    /// a level whose text did not change costs its format's cache lookup.
    fn diagnostics_incremental(
        &self,
        file: &SourceFile,
        cache: &mut AnalysisCache,
    ) -> Vec<Diagnostic> {
        with_levels(file, |levels| {
            let caches: &mut Vec<AnalysisCache> = cache.get();
            caches.resize_with(levels.levels.len(), AnalysisCache::default);
            levels.host_diagnostics(|i, level| {
                levels.levels[i]
                    .format()
                    .diagnostics_incremental(level, &mut caches[i])
            })
        })
    }
    /// The level's format judges the fix on the level's text; a fix is
    /// offered only when the host can take it as it is.
    fn helpful_fixes(
        &self,
        file: &SourceFile,
        _all: &[Diagnostic],
        target: &Diagnostic,
    ) -> Vec<Fix> {
        with_levels(file, |levels| {
            for read in &levels.levels {
                let all = levels.diagnostics(read, |level| read.format().diagnostics(level));
                let found = all.iter().find(|d| {
                    trusted(read.embedded(), d) && to_host(read.embedded(), (*d).clone()) == *target
                });
                if let Some(d) = found {
                    let fixes = read.format().helpful_fixes(&levels.file(read), all, d);
                    return fixes_to_host(read.embedded(), &fixes);
                }
            }
            Vec::new()
        })
    }
    /// Each diagnostic's fixes judged as above (the default judges the
    /// whole Python file, which knows nothing of the levels' own judge).
    fn keep_helpful_fixes(&self, file: &SourceFile, diagnostics: &mut [Diagnostic]) {
        let before = diagnostics.to_vec();
        for (d, target) in diagnostics.iter_mut().zip(&before) {
            if !target.fixes.is_empty() {
                d.fixes = self.helpful_fixes(file, &before, target);
            }
        }
    }
    fn hover(&self, file: &SourceFile, offset: usize) -> Option<HoverInfo> {
        with_levels(file, |levels| {
            let (read, offset) = levels.at(offset)?;
            let info = read.format().hover(&levels.file(read), offset)?;
            Some(HoverInfo {
                range: read.embedded().host_range(&info.range),
                markdown: info.markdown,
            })
        })
    }
    /// Only the completions the string can take as they are, judged on the
    /// text inserted (no quote or line break in a one-line string, no brace
    /// in an f-string; a snippet's own `${1:…}` is not inserted); and the
    /// editor's cursor must stay inside what an item replaces: none inside
    /// an escape's spelling (`\n`).
    fn completions(&self, file: &SourceFile, offset: usize) -> Vec<Completion> {
        with_levels(file, |levels| {
            let Some((read, level_offset)) = levels.at(offset) else {
                return Vec::new();
            };
            read.format()
                .completions(&levels.file(read), level_offset)
                .into_iter()
                .filter_map(|c| {
                    let replace = read.embedded().host_edit(&c.replace, &c.inserted_text())?;
                    (replace.start <= offset && offset <= replace.end)
                        .then_some(Completion { replace, ..c })
                })
                .collect()
        })
    }
    fn definition(&self, file: &SourceFile, offset: usize) -> Vec<Location> {
        with_levels(file, |levels| {
            let Some((read, offset)) = levels.at(offset) else {
                return Vec::new();
            };
            let found = read.format().definition(&levels.file(read), offset);
            found.into_iter().map(|l| read.host_location(l)).collect()
        })
    }
    fn references(&self, file: &SourceFile, offset: usize, include: bool) -> Vec<Location> {
        with_levels(file, |levels| {
            let Some((read, offset)) = levels.at(offset) else {
                return Vec::new();
            };
            let found = read
                .format()
                .references(&levels.file(read), offset, include);
            found.into_iter().map(|l| read.host_location(l)).collect()
        })
    }
    fn prepare_rename(&self, file: &SourceFile, offset: usize) -> Option<Range<usize>> {
        with_levels(file, |levels| {
            let (read, offset) = levels.at(offset)?;
            let range = read.format().prepare_rename(&levels.file(read), offset)?;
            read.embedded().verbatim_range(&range)
        })
    }
    fn rename(
        &self,
        file: &SourceFile,
        offset: usize,
        new_name: &str,
    ) -> Result<Vec<Edit>, String> {
        with_levels(file, |levels| {
            let (read, offset) = levels
                .at(offset)
                .ok_or_else(|| "nothing to rename here".to_string())?;
            let edits = read.format().rename(&levels.file(read), offset, new_name)?;
            edits_to_host(read.embedded(), &edits).ok_or_else(|| {
                "the name is written with escapes in the Python string; rename it by hand".into()
            })
        })
    }
    fn status(&self, file: &SourceFile) -> Option<String> {
        let count = with_levels(file, |levels| levels.levels.len());
        Some(format!("{LEVELS_IN_PYTHON}: {count}"))
    }
    /// Each level's maps, every cell's source range in the host's offsets.
    fn pictures(&self, file: &SourceFile, _diagnostics: &[Diagnostic]) -> Vec<Picture> {
        with_levels(file, |levels| {
            levels
                .levels
                .iter()
                .flat_map(|read| {
                    let all = levels.diagnostics(read, |level| read.format().diagnostics(level));
                    let shown: Vec<Diagnostic> = all
                        .iter()
                        .filter(|d| trusted(read.embedded(), d))
                        .cloned()
                        .collect();
                    let mut pictures = read.format().pictures(&levels.file(read), &shown);
                    for cell in pictures.iter_mut().flat_map(|p| &mut p.cells) {
                        cell.source = cell.source.as_ref().map(|r| read.embedded().host_range(r));
                    }
                    pictures
                })
                .collect()
        })
    }
}

#[cfg(test)]
mod tests;
