//! Level texts embedded in another language's files: MiniHack levels written
//! as Python strings, in `.py` files and in notebooks' code cells. A host
//! splits its file into parts (the whole `.py`; a notebook's code cells),
//! finds the level texts in each part with where every byte was written
//! ([`offsets::Embedded`]), and hands each to the format that claims it.
//! `levls check` checks them here and gets diagnostics in the part's own
//! offsets; the mapping is kept apart from the checking so the server can
//! reuse it for open Python documents.

mod document;
pub mod notebook;
pub mod offsets;
pub mod python;

use super::settings::{Settings, Value};
use super::{nethack, Diagnostic, Edit, Fix, Format, SourceFile};
use offsets::{Embedded, Origin};
use std::path::Path;

pub use document::PythonLevels;

/// A kind of file that holds level texts in its own language.
pub struct Host {
    /// Short stable name, shown where a format's name would be.
    pub name: &'static str,
    /// Lower-case extensions, without the dot.
    pub extensions: &'static [&'static str],
    /// The file's parts that hold code.
    sections: fn(&str) -> Vec<Section>,
}

/// A stretch of a host's code: the whole file, or one notebook cell
/// (numbered from 1 among all the notebook's cells).
pub struct Section {
    pub cell: Option<usize>,
    pub text: String,
}

/// One level text found in a part, and the format that reads it.
pub struct Level {
    pub format: &'static dyn Format,
    pub embedded: Embedded,
}

/// A part of a host file, with its levels (offsets into `text`).
pub struct Part {
    pub cell: Option<usize>,
    pub text: String,
    pub levels: Vec<Level>,
}

/// Every host levls knows.
pub fn hosts() -> &'static [Host] {
    static HOSTS: [Host; 2] = [
        Host {
            name: "python",
            extensions: PYTHON_EXTENSIONS,
            sections: |text| {
                vec![Section {
                    cell: None,
                    text: text.to_string(),
                }]
            },
        },
        Host {
            name: "notebook",
            extensions: &["ipynb"],
            sections: notebook::code_cells,
        },
    ];
    &HOSTS
}

/// Python files' extensions.
const PYTHON_EXTENSIONS: &[&str] = &["py", "pyw"];

/// The formats of open documents written in a host's language (a Python
/// file, a notebook's cell): the server detects them as it detects a level
/// format, and each answers only inside its levels. They are not level
/// formats: no codes, settings or editor language of their own.
pub fn document_formats() -> &'static [&'static dyn Format] {
    static FORMATS: [&dyn Format; 1] = [&PythonLevels];
    &FORMATS
}

/// The host of a file, by its extension.
pub fn host_for(path: &Path) -> Option<&'static Host> {
    let extension = path.extension()?.to_str()?.to_ascii_lowercase();
    hosts()
        .iter()
        .find(|h| h.extensions.contains(&extension.as_str()))
}

/// The format of Python's level texts: MiniHack's `des_file`s are NetHack
/// levels, compiled by NetHack 3.6's lev_comp.
fn level_format() -> &'static dyn Format {
    &nethack::NetHack
}

/// What the levels in Python are, for the editor's status line.
const LEVELS_IN_PYTHON: &str = "NetHack 3.6 levels in Python";

/// The settings a level inside a host file (`text`) is checked with: the
/// user's, with NetHack's dialect forced to 3.6 (MiniHack's lev_comp is
/// 3.6's; a level's own `# levls: dialect` comment still wins), and the
/// MiniHack variant when the file imports `minihack` and the variant
/// setting is unset or `auto`.
pub fn level_settings(settings: &Settings, host: &Host, text: &str) -> Settings {
    level_settings_importing(settings, || {
        (host.sections)(text)
            .iter()
            .any(|s| python::imports_minihack(&s.text))
    })
}

/// [`level_settings`], with `imports` saying (only when asked) whether the
/// file imports `minihack`.
fn level_settings_importing(settings: &Settings, imports: impl FnOnce() -> bool) -> Settings {
    let mut settings = settings
        .clone()
        .with(&nethack::settings::HOST_DIALECT, Value::Choice("3.6"));
    if nethack::settings::variant_is_auto(&settings) && imports() {
        settings.set(&nethack::settings::VARIANT, Value::Choice("minihack"));
    }
    settings
}

impl Host {
    /// The parts of `text` and the levels in each.
    pub fn parts(&self, text: &str) -> Vec<Part> {
        (self.sections)(text)
            .into_iter()
            .map(|section| {
                let levels = python::parse(&section.text)
                    .map(|tree| levels_in(&section.text, &tree))
                    .unwrap_or_default();
                Part {
                    cell: section.cell,
                    text: section.text,
                    levels,
                }
            })
            .collect()
    }
}

/// The levels of Python `source` parsed as `tree`, each with the format
/// that claims it.
fn levels_in(source: &str, tree: &tree_sitter::Tree) -> Vec<Level> {
    let format = level_format();
    python::levels_in(source, tree, |t| format.sniff(t))
        .into_iter()
        .filter(|level| format.claims(&level.text))
        .map(|embedded| Level { format, embedded })
        .collect()
}

/// A part's diagnostics from one format, in the part's offsets.
pub struct CheckedPart {
    pub cell: Option<usize>,
    pub text: String,
    pub format: &'static dyn Format,
    pub diagnostics: Vec<Diagnostic>,
}

/// Check every level of a host file: per part with levels, per format, the
/// diagnostics in the part's offsets, in order.
pub fn check(host: &Host, text: &str, settings: &Settings) -> Vec<CheckedPart> {
    let settings = level_settings(settings, host, text);
    let mut checked = Vec::new();
    for part in host.parts(text) {
        let mut by_format: Vec<CheckedPart> = Vec::new();
        for level in &part.levels {
            let diagnostics = check_level(level, &settings);
            match by_format
                .iter_mut()
                .find(|c| c.format.name() == level.format.name())
            {
                Some(c) => c.diagnostics.extend(diagnostics),
                None => by_format.push(CheckedPart {
                    cell: part.cell,
                    text: part.text.clone(),
                    format: level.format,
                    diagnostics,
                }),
            }
        }
        checked.extend(by_format);
    }
    checked
}

/// One level's diagnostics, mapped to the part: those that touch a value
/// known only at run time (an f-string's `{expr}`) are dropped.
pub fn check_level(level: &Level, settings: &Settings) -> Vec<Diagnostic> {
    let text = &level.embedded.text;
    let tree = super::parse(level.format, text);
    let file = SourceFile {
        text,
        tree: &tree,
        path: None,
        settings,
        memo: None,
        history: None,
        workspace: None,
    };
    let mut diagnostics = level.format.diagnostics(&file);
    level.format.keep_helpful_fixes(&file, &mut diagnostics);
    diagnostics
        .into_iter()
        .filter(|d| trusted(&level.embedded, d))
        .map(|d| to_host(&level.embedded, d))
        .collect()
}

/// Is a diagnostic of the level text about what the host wrote, not about
/// an f-string's `{expr}` that only the running program knows?
fn trusted(embedded: &Embedded, d: &Diagnostic) -> bool {
    !embedded.touches(&d.range, Origin::Placeholder)
}

/// A diagnostic of the level text, in the host's offsets; a fix is kept
/// only when each edit is of text written byte for byte and inserts nothing
/// the host's string would read otherwise (its quote, a backslash, an
/// f-string's brace, a line break in a one-line string).
fn to_host(embedded: &Embedded, d: Diagnostic) -> Diagnostic {
    Diagnostic {
        range: embedded.host_range(&d.range),
        fixes: fixes_to_host(embedded, &d.fixes),
        ..d
    }
}

/// The fixes that can be made in the host as they are, in its offsets.
fn fixes_to_host(embedded: &Embedded, fixes: &[Fix]) -> Vec<Fix> {
    fixes
        .iter()
        .filter_map(|fix| {
            Some(Fix {
                title: fix.title.clone(),
                edits: edits_to_host(embedded, &fix.edits)?,
                preferred: fix.preferred,
            })
        })
        .collect()
}

/// Edits of the level text as edits of the host, when every one of them can be.
fn edits_to_host(embedded: &Embedded, edits: &[Edit]) -> Option<Vec<Edit>> {
    edits
        .iter()
        .map(|e| {
            Some(Edit {
                range: embedded.host_edit(&e.range, &e.new_text)?,
                new_text: e.new_text.clone(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests;
