//! The workspace index: the files of the editor's workspace folders (or of
//! the paths `levls check` is given) that other files depend on, each with
//! its facts ([`crate::formats::facts`]), recomputed when that file changes.
//! Knows files on disk and open documents' texts, no LSP.
//!
//! Cross-file checks read facts through the index, which notes the folders
//! each file's check asked about: a change then re-checks only the files
//! whose answers it can change ([`Index::affected_by`]), and a change that
//! leaves a file's facts as they were re-checks nothing.

pub mod scan;
pub mod walk;

use crate::formats::facts::{Facts, Neighbour, Workspace};
use crate::formats::{Diagnostic, Format};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

struct Indexed {
    format: &'static dyn Format,
    facts: Facts,
}

/// A folder a file's check asked about.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Read {
    folder: PathBuf,
    deep: bool,
}

impl Read {
    fn covers(&self, path: &Path) -> bool {
        if self.deep {
            path.starts_with(&self.folder)
        } else {
            path.parent() == Some(self.folder.as_path())
        }
    }
}

#[derive(Default)]
pub struct Index {
    /// Sorted by path, so a folder's files and all below it are one range.
    files: BTreeMap<PathBuf, Indexed>,
    /// Each folder's own files: asking about a folder is then as cheap as
    /// it holds files, however many lie below it.
    folders: HashMap<PathBuf, BTreeSet<PathBuf>>,
    /// What each file's last cross-file check read.
    reads: HashMap<PathBuf, Vec<Read>>,
}

impl Workspace for Index {
    fn files(&self, folder: &Path, deep: bool) -> Vec<Neighbour<'_>> {
        if !deep {
            return self
                .folders
                .get(folder)
                .into_iter()
                .flatten()
                .filter_map(|path| self.files.get_key_value(path))
                .map(|(path, indexed)| Neighbour {
                    path,
                    facts: &indexed.facts,
                })
                .collect();
        }
        self.files
            .range(folder.to_path_buf()..)
            .take_while(|(path, _)| path.starts_with(folder))
            .map(|(path, indexed)| Neighbour {
                path,
                facts: &indexed.facts,
            })
            .collect()
    }
}

/// The index as one file's check sees it, noting what it asks.
struct Recording<'i> {
    index: &'i Index,
    reads: Mutex<Vec<Read>>,
}

impl Workspace for Recording<'_> {
    fn files(&self, folder: &Path, deep: bool) -> Vec<Neighbour<'_>> {
        let read = Read {
            folder: folder.to_path_buf(),
            deep,
        };
        let mut reads = self.reads.lock().unwrap_or_else(|e| e.into_inner());
        if !reads.contains(&read) {
            reads.push(read);
        }
        self.index.files(folder, deep)
    }
}

impl Index {
    pub fn contains(&self, path: &Path) -> bool {
        self.files.contains_key(path)
    }

    /// Every indexed path, in order.
    pub fn paths(&self) -> impl Iterator<Item = &Path> {
        self.files.keys().map(PathBuf::as_path)
    }

    /// An index of the files at `paths` read from disk (`levls check`).
    pub fn of_files(paths: &[PathBuf]) -> Index {
        let mut index = Index::default();
        for (path, read) in scan::read_all(paths, &|| {}) {
            if let Some((format, facts)) = read {
                index.set(&path, format, Some(facts));
            }
        }
        index
    }

    /// Every indexed file with its facts, in path order.
    pub fn all(&self) -> impl Iterator<Item = Neighbour<'_>> {
        self.files.iter().map(|(path, indexed)| Neighbour {
            path,
            facts: &indexed.facts,
        })
    }

    /// Put a file's facts in the index (None: it has none, and leaves it).
    /// Whether anything another file reads changed.
    pub fn set(&mut self, path: &Path, format: &'static dyn Format, facts: Option<Facts>) -> bool {
        let Some(facts) = facts else {
            return self.remove(path);
        };
        match self.files.get_mut(path) {
            Some(old) if old.facts == facts => false,
            Some(old) => {
                old.facts = facts;
                old.format = format;
                true
            }
            None => {
                self.files
                    .insert(path.to_path_buf(), Indexed { format, facts });
                if let Some(folder) = path.parent() {
                    self.folders
                        .entry(folder.to_path_buf())
                        .or_default()
                        .insert(path.to_path_buf());
                }
                true
            }
        }
    }

    /// Take a file out (deleted, or no longer in a format with facts).
    /// Whether it was in.
    pub fn remove(&mut self, path: &Path) -> bool {
        self.reads.remove(path);
        if let Some(folder) = path.parent() {
            if let Some(files) = self.folders.get_mut(folder) {
                files.remove(path);
                if files.is_empty() {
                    self.folders.remove(folder);
                }
            }
        }
        self.files.remove(path).is_some()
    }

    /// Take out every file under `folder` (a workspace folder removed).
    pub fn remove_under(&mut self, folder: &Path) -> Vec<PathBuf> {
        let gone: Vec<PathBuf> = self
            .files
            .range(folder.to_path_buf()..)
            .take_while(|(path, _)| path.starts_with(folder))
            .map(|(path, _)| path.clone())
            .collect();
        for path in &gone {
            self.remove(path);
        }
        gone
    }

    /// The diagnostics `path` gets from other files (none for a file the
    /// index does not hold).
    pub fn cross_diagnostics(&self, path: &Path) -> Vec<Diagnostic> {
        self.files.get(path).map_or_else(Vec::new, |indexed| {
            indexed.format.cross_diagnostics(path, &indexed.facts, self)
        })
    }

    /// [`Index::cross_diagnostics`], noting what the check read, for
    /// [`Index::affected_by`].
    pub fn recheck(&mut self, path: &Path) -> Vec<Diagnostic> {
        let Some(indexed) = self.files.get(path) else {
            return Vec::new();
        };
        let recording = Recording {
            index: self,
            reads: Mutex::default(),
        };
        let found = indexed
            .format
            .cross_diagnostics(path, &indexed.facts, &recording);
        let reads = recording
            .reads
            .into_inner()
            .unwrap_or_else(|e| e.into_inner());
        self.reads.insert(path.to_path_buf(), reads);
        found
    }

    /// Whether the last check of one of `a` and `b` read a folder holding
    /// the other: what one says can change what the other gets.
    pub fn related(&self, a: &Path, b: &Path) -> bool {
        let reads_of = |x: &Path, y: &Path| {
            self.reads
                .get(x)
                .is_some_and(|reads| reads.iter().any(|r| r.covers(y)))
        };
        reads_of(a, b) || reads_of(b, a)
    }

    /// The indexed files whose cross-file diagnostics a change of `changed`
    /// can change: those whose last check read a folder holding one of
    /// them, and the changed files themselves.
    pub fn affected_by(&self, changed: &[PathBuf]) -> Vec<PathBuf> {
        let mut affected: Vec<PathBuf> = self
            .reads
            .iter()
            .filter(|(_, reads)| {
                reads
                    .iter()
                    .any(|read| changed.iter().any(|c| read.covers(c)))
            })
            .map(|(path, _)| path.clone())
            .chain(changed.iter().filter(|c| self.contains(c)).cloned())
            .collect();
        affected.sort();
        affected.dedup();
        affected
    }
}

#[cfg(test)]
mod tests;
