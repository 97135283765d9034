//! What every format's fixture tests share: open a fixture as a file of one format, find its
//! `$0` cursor, and show each answer in one textual form, the same for every format.
//!
//! The convention (rust-analyzer's): the tests of module `foo.rs` live in `foo/tests.rs`,
//! declared `#[cfg(test)] mod tests;` at the bottom of `foo.rs`; the tests of a `mod.rs` live in
//! `tests.rs` beside it. Diagnostics tests go beside the analysis, hover tests beside `hover.rs`…;
//! a format's own `tests.rs` (beside its `mod.rs`) holds its [`Fixtures`] and the shared maps.
//! Each test is a fixture and an `expect![[…]]` snapshot; `UPDATE_EXPECT=1 cargo test` rewrites them.

mod completion;
mod diagnostics;
mod hover;
mod navigation;
mod outline;
mod picture;
mod text_answers;

pub use diagnostics::{render_diagnostics, render_diagnostics_with, render_list};

use super::{Edit, Format, Settings, SourceFile};
use crate::text::{Encoding, LineIndex};
use expect_test::Expect;
use std::borrow::Cow;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The settings of a fixture that names none (a `static`, so [`Fixtures::new`] can be `const`).
static NO_SETTINGS: Settings = Settings::NONE;

/// How a format's fixtures are opened: as which format, at which path, with which settings.
/// Its `check_*` methods (one per kind of answer, in the files of this folder) take a fixture
/// and an `expect![[…]]` snapshot of the answer.
#[derive(Clone)]
pub struct Fixtures<'a> {
    pub format: &'a dyn Format,
    pub path: Cow<'a, str>,
    pub settings: &'a Settings,
    /// A temporary folder the snapshots write as `$DIR`, so they do not depend on where it is.
    pub dir: Option<&'a Path>,
}

impl<'a> Fixtures<'a> {
    pub const fn new(format: &'a dyn Format, path: &'a str) -> Self {
        Fixtures {
            format,
            path: Cow::Borrowed(path),
            settings: &NO_SETTINGS,
            dir: None,
        }
    }

    /// The same fixtures saved at another path (another extension, another folder).
    pub fn at<'b>(self, path: impl Into<Cow<'b, str>>) -> Fixtures<'b>
    where
        'a: 'b,
    {
        Fixtures {
            path: path.into(),
            ..self
        }
    }

    /// The same fixtures opened with user settings.
    pub fn with<'b>(self, settings: &'b Settings) -> Fixtures<'b>
    where
        'a: 'b,
    {
        Fixtures { settings, ..self }
    }

    /// The same fixtures with `dir` written as `$DIR` in every snapshot.
    pub fn in_dir<'b>(self, dir: &'b Path) -> Fixtures<'b>
    where
        'a: 'b,
    {
        Fixtures {
            dir: Some(dir),
            ..self
        }
    }

    /// Run `f` on `text` opened as one of these fixtures.
    pub fn open<T>(&self, text: &str, f: impl FnOnce(&SourceFile) -> T) -> T {
        with_settings(self.format, text, &self.path, self.settings, f)
    }

    /// Run `f` on `fixture` without its `$0` cursor, at the cursor's offset; the text too.
    pub fn open_at<T>(
        &self,
        fixture: &str,
        f: impl FnOnce(&SourceFile, usize) -> T,
    ) -> (String, T) {
        let (text, offset) = cursor(fixture);
        let answer = self.open(&text, |file| f(file, offset));
        (text, answer)
    }

    /// Compare a shown answer with its snapshot.
    pub fn assert(&self, shown: &str, expect: Expect) {
        expect.assert_eq(&self.shown(shown));
    }

    /// A shown answer with the temporary folder written as `$DIR`.
    pub fn shown(&self, answer: &str) -> String {
        match self.dir {
            Some(dir) => answer.replace(&dir.display().to_string(), "$DIR"),
            None => answer.to_string(),
        }
    }
}

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
        history: None,
        workspace: None,
    })
}

/// The text without its `$0` marker, and the marker's byte offset.
pub fn cursor(fixture: &str) -> (String, usize) {
    let offset = fixture.find("$0").expect("fixture has a $0 cursor");
    (fixture.replacen("$0", "", 1), offset)
}

/// `text` with `$0` put before the first occurrence of `at` (which must be there).
pub fn cursor_before(text: &str, at: &str) -> String {
    let i = text
        .find(at)
        .unwrap_or_else(|| panic!("{at:?} is in the fixture"));
    format!("{}$0{}", &text[..i], &text[i..])
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

/// Each location as [`render_ranges`] shows it; one in another file is shown
/// in that file's text (read from disk), after its path.
pub fn render_locations(text: &str, locations: &[super::Location]) -> String {
    locations
        .iter()
        .map(|l| match &l.file {
            None => render_ranges(text, std::slice::from_ref(&l.range)),
            Some(path) => {
                let other = std::fs::read_to_string(path).unwrap_or_default();
                let shown = render_ranges(&other, std::slice::from_ref(&l.range));
                format!("{} {shown}", path.display())
            }
        })
        .collect()
}

/// `text` with `edits` applied (a rename, a formatting); they must not overlap.
pub fn apply_edits(text: &str, edits: &[Edit]) -> String {
    let mut sorted = edits.to_vec();
    sorted.sort_by_key(|e| e.range.start);
    for pair in sorted.windows(2) {
        assert!(
            pair[0].range.end <= pair[1].range.start,
            "overlapping edits: {pair:?}"
        );
    }
    let mut out = text.to_string();
    for e in sorted.iter().rev() {
        out.replace_range(e.range.clone(), &e.new_text);
    }
    out
}

/// `shared/corpus/<dir>` beside the repository.
pub fn corpus_dir(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/corpus")
        .join(dir)
}

/// The `.des`, `.fmap`… files of `shared/corpus/<dir>` beside the repository,
/// sorted (a test of the real files fails loudly when they are missing).
pub fn corpus_files(dir: &str, extension: &str) -> Vec<PathBuf> {
    let root = corpus_dir(dir);
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("the corpus at {}: {e}", root.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == extension))
        .collect();
    files.sort();
    files
}

/// [`corpus_files`] in `shared/corpus/<dir>` and every folder below it, sorted.
pub fn corpus_files_below(dir: &str, extension: &str) -> Vec<PathBuf> {
    files_below(&corpus_dir(dir), extension)
}

/// The mutants of `shared/mutants/<dir>` and every folder below it, sorted.
pub fn mutant_files_below(dir: &str, extension: &str) -> Vec<PathBuf> {
    files_below(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../shared/mutants")
            .join(dir),
        extension,
    )
}

fn files_below(root: &Path, extension: &str) -> Vec<PathBuf> {
    fn walk(dir: &Path, extension: &str, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, extension, out);
            } else if path.extension().is_some_and(|e| e == extension) {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(root, extension, &mut files);
    files.sort();
    files
}

/// A small deterministic generator for the random edits of tests (the same
/// edits on every run and machine).
pub struct Lcg(pub u64);

impl Lcg {
    /// A number below `bound` (0 when `bound` is 0).
    pub fn next(&mut self, bound: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % bound.max(1)
    }
}

/// `text` with `pieces` typed at random places (never between the `\r` and
/// the `\n` of a line break).
pub fn typed(text: &str, pieces: &[&str], keys: usize, rng: &mut Lcg) -> String {
    let mut text = text.to_string();
    for _ in 0..keys {
        let mut at = rng.next(text.len() + 1);
        while !text.is_char_boundary(at)
            || (text[..at].ends_with('\r') && text[at..].starts_with('\n'))
        {
            at -= 1;
        }
        text.insert_str(at, pieces[rng.next(pieces.len())]);
    }
    text
}
