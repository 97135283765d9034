//! What every format's fixture tests share: parse a fixture, find its `$0`
//! cursor, and show diagnostics the way an author reads them.

use super::{Format, Settings, SourceFile};
use crate::text::{Encoding, LineIndex};
use std::ops::Range;
use std::path::Path;

/// Run `f` on `text` parsed as `format`, as if it were the file `path`.
pub fn with_file<T>(
    format: &dyn Format,
    text: &str,
    path: &str,
    f: impl FnOnce(&SourceFile) -> T,
) -> T {
    with_settings(format, text, path, &Settings::NONE, f)
}

/// [`with_file`] with user settings.
pub fn with_settings<T>(
    format: &dyn Format,
    text: &str,
    path: &str,
    settings: &Settings,
    f: impl FnOnce(&SourceFile) -> T,
) -> T {
    let tree = super::parse(format, text);
    f(&SourceFile {
        text,
        tree: &tree,
        path: Some(Path::new(path)),
        settings,
        memo: None,
    })
}

/// The text without its `$0` marker, and the marker's byte offset.
pub fn cursor(fixture: &str) -> (String, usize) {
    let offset = fixture.find("$0").expect("fixture has a $0 cursor");
    (fixture.replacen("$0", "", 1), offset)
}

/// `line:col-line:col` (1-based, characters) of a byte range.
pub fn show_range(text: &str, range: &Range<usize>) -> String {
    let index = LineIndex::new(text);
    let (l1, c1) = index.position(text, range.start, Encoding::Chars);
    let (l2, c2) = index.position(text, range.end, Encoding::Chars);
    format!("{}:{}-{}:{}", l1 + 1, c1 + 1, l2 + 1, c2 + 1)
}

/// Each range as `line:col-line:col` and the text it covers, one per line
/// (definition and references results).
pub fn render_ranges(text: &str, ranges: &[Range<usize>]) -> String {
    ranges
        .iter()
        .map(|r| format!("{} {}\n", show_range(text, r), &text[r.clone()]))
        .collect()
}

/// Diagnostics as `line:col-line:col severity code: message`, each fix with
/// its title and the first line it changes.
pub fn render_diagnostics(format: &dyn Format, text: &str, path: &str) -> String {
    render_diagnostics_with(format, text, path, &Settings::NONE)
}

/// [`render_diagnostics`] with user settings.
pub fn render_diagnostics_with(
    format: &dyn Format,
    text: &str,
    path: &str,
    settings: &Settings,
) -> String {
    with_settings(format, text, path, settings, |file| {
        render_list(text, &format.diagnostics(file))
    })
}

/// Some diagnostics of `text` (one analysis pass, say) as [`render_diagnostics`] shows them.
pub fn render_list(text: &str, diagnostics: &[super::Diagnostic]) -> String {
    diagnostics
        .iter()
        .map(|d| {
            let mut out = format!(
                "{} {} {}: {}\n",
                show_range(text, &d.range),
                d.severity.as_str(),
                d.code,
                d.message
            );
            for fix in &d.fixes {
                let mut fixed = text.to_string();
                let mut edits = fix.edits.clone();
                edits.sort_by_key(|e| std::cmp::Reverse(e.range.start));
                for e in edits {
                    fixed.replace_range(e.range, &e.new_text);
                }
                let changed = fixed
                    .lines()
                    .zip(text.lines().chain(std::iter::repeat("")))
                    .find(|(a, b)| a != b);
                let shown = changed.map_or(" (removes a line)".to_string(), |(a, _)| {
                    format!(" → `{a}`")
                });
                out.push_str(&format!("    fix: {}{shown}\n", fix.title));
            }
            out
        })
        .collect()
}

/// The `.des`, `.fmap`… files of `shared/corpus/<dir>` beside the repository,
/// sorted (a test of the real files fails loudly when they are missing).
pub fn corpus_files(dir: &str, extension: &str) -> Vec<std::path::PathBuf> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/corpus")
        .join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("the corpus at {}: {e}", root.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == extension))
        .collect();
    files.sort();
    files
}
