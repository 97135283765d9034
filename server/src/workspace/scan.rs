//! Finding and reading the files the index holds: under the workspace's
//! folders, the files with an extension some format indexes
//! ([`Format::indexed_extensions`]), each read, parsed and reduced to its
//! facts in parallel.

use super::walk;
use crate::formats::facts::Facts;
use crate::formats::{self, Format, Settings, SourceFile};
use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// Does a file with this name hold facts some format indexes?
pub fn indexed_name(path: &Path) -> bool {
    let Some(ext) = path.extension().and_then(|e| e.to_str()) else {
        return false;
    };
    let ext = ext.to_ascii_lowercase();
    formats::registry()
        .iter()
        .any(|f| f.indexed_extensions().contains(&ext.as_str()))
}

/// The glob patterns of every indexed file, for the editor to watch.
pub fn watched_globs() -> Vec<String> {
    let mut globs: Vec<String> = formats::registry()
        .iter()
        .flat_map(|f| f.indexed_extensions())
        .map(|ext| format!("**/*.{ext}"))
        .collect();
    globs.sort();
    globs.dedup();
    globs
}

/// The indexed files under `folders`, walked as `levls check` walks.
pub fn find(folders: &[PathBuf]) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = folders
        .iter()
        .flat_map(|folder| walk::walker(folder))
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_some_and(|t| t.is_file()))
        .map(|e| e.into_path())
        .filter(|p| indexed_name(p))
        .collect();
    found.sort();
    found.dedup();
    found
}

/// A file's format and its facts.
pub type Read = (&'static dyn Format, Facts);

/// A text's format and facts, when it is in a format that has some.
pub fn facts_of_text(path: &Path, text: &str) -> Option<Read> {
    let format = formats::detect(Some(path), None, text)?.format;
    facts_as(format, path, text).map(|facts| (format, facts))
}

/// A text's facts as `format` reads them.
pub fn facts_as(format: &'static dyn Format, path: &Path, text: &str) -> Option<Facts> {
    if format.indexed_extensions().is_empty() || text.len() > formats::MAX_FILE_BYTES {
        return None;
    }
    if let Some(facts) = format.facts_of_text(text) {
        return Some(facts);
    }
    let tree = formats::parse(format, text);
    let settings = Settings::default();
    format.facts(&SourceFile {
        text,
        tree: &tree,
        path: Some(path),
        settings: &settings,
        memo: None,
        history: None,
        workspace: None,
    })
}

/// A file on disk's format and facts (None: unreadable, or no facts).
pub fn facts_of_file(path: &Path) -> Option<Read> {
    let len = std::fs::metadata(path).ok()?.len() as usize;
    if len > formats::MAX_FILE_BYTES {
        return None;
    }
    let bytes = std::fs::read(path).ok()?;
    facts_of_text(path, &String::from_utf8_lossy(&bytes))
}

/// Read every file's facts, in parallel; `done` is told after each file.
pub fn read_all(paths: &[PathBuf], done: &(dyn Fn() + Sync)) -> Vec<(PathBuf, Option<Read>)> {
    paths
        .par_iter()
        .map(|path| {
            let read = facts_of_file(path);
            done();
            (path.clone(), read)
        })
        .collect()
}
