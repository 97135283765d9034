//! The workspace index as the server keeps it ([`crate::workspace`]):
//! filled in the background from the workspace folders (with `$/progress`),
//! updated from each analysed version of an open document and from watched
//! files on disk, and turned into published diagnostics for every file
//! whose cross-file diagnostics a change can alter, open or closed.

use super::documents::Snapshot;
use super::handlers::diagnostics::{compute, to_lsp, to_lsp_in};
use crate::formats::facts::Workspace;
use crate::formats::{self, AnalysisCache};
use crate::text::{Encoding, LineIndex};
use crate::workspace::{scan, Index};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use tower_lsp_server::ls_types::{Diagnostic, Uri};
use tower_lsp_server::Client;

#[derive(Default)]
pub struct Indexer {
    index: Mutex<Index>,
    /// Closed files whose published diagnostics are cross-file ones (so
    /// they are cleared once they have none).
    shown: Mutex<HashSet<PathBuf>>,
    /// The open documents analysed since they were opened, with the
    /// cross-file diagnostics last published for each.
    opened: Mutex<HashMap<PathBuf, Vec<formats::Diagnostic>>>,
}

/// The open documents' latest snapshots by path.
pub type OpenByPath<'a> = &'a (dyn Fn(&Path) -> Option<Arc<Snapshot>> + Sync);

impl Indexer {
    /// Read what other files depend on in `version` of an open document,
    /// check it against the others: its cross-file diagnostics, and the
    /// other files whose own may have changed with it.
    pub fn analysed(&self, snapshot: &Snapshot) -> (Vec<formats::Diagnostic>, Vec<PathBuf>) {
        let Some(path) = snapshot.path.as_deref() else {
            return (Vec::new(), Vec::new());
        };
        let facts = snapshot.source().and_then(|(format, file)| {
            (!format.indexed_extensions().is_empty())
                .then(|| format.facts(&file).map(|facts| (format, facts)))
                .flatten()
        });
        let mut index = self.lock();
        let changed = match facts {
            Some((format, facts)) => index.set(path, format, Some(facts)),
            None => index.remove(path),
        };
        let own = index.recheck(path);
        // A document just opened tells the closed files it concerns.
        let first = self
            .opened
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(path.to_path_buf(), own.clone())
            .is_none();
        let others = if changed || first {
            index
                .affected_by(&[path.to_path_buf()])
                .into_iter()
                .filter(|p| p != path)
                .collect()
        } else {
            Vec::new()
        };
        (own, others)
    }

    /// Files changed on disk (saved, created, deleted, or a document closed
    /// that is now what is on disk): read them again, unless open. The
    /// files whose cross-file diagnostics may have changed.
    pub fn on_disk(&self, paths: &[PathBuf], is_open: &dyn Fn(&Path) -> bool) -> Vec<PathBuf> {
        let read: Vec<(PathBuf, Option<_>)> = paths
            .iter()
            .filter(|p| !is_open(p))
            .map(|p| {
                let facts = (scan::indexed_name(p) && p.is_file())
                    .then(|| scan::facts_of_file(p))
                    .flatten();
                (p.clone(), facts)
            })
            .collect();
        let mut index = self.lock();
        let mut changed = Vec::new();
        for (path, facts) in read {
            let moved = match facts {
                Some((format, facts)) => index.set(&path, format, Some(facts)),
                None => index.remove(&path),
            };
            if moved {
                changed.push(path);
            }
        }
        // A file gone from the index is republished too: what it showed goes.
        let mut affected = index.affected_by(&changed);
        affected.extend(changed.into_iter().filter(|p| !index.contains(p)));
        affected
    }

    /// Index every file of `folders` (files open in the editor keep their
    /// open text's facts), telling `progress` how far it got.
    pub fn scan(&self, folders: &[PathBuf], progress: &(dyn Fn(usize, usize) + Sync)) -> usize {
        let paths = scan::find(folders);
        let total = paths.len();
        let done = std::sync::atomic::AtomicUsize::new(0);
        let read = scan::read_all(&paths, &|| {
            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            progress(n, total);
        });
        let mut index = self.lock();
        for (path, facts) in read {
            // A document opened meanwhile already gave its facts.
            if index.contains(&path) {
                continue;
            }
            if let Some((format, facts)) = facts {
                index.set(&path, format, Some(facts));
            }
        }
        total
    }

    /// Take the files of removed workspace folders out: those files, and
    /// the files left whose cross-file diagnostics may have changed.
    pub fn remove_folders(&self, folders: &[PathBuf]) -> (Vec<PathBuf>, Vec<PathBuf>) {
        let mut index = self.lock();
        let gone: Vec<PathBuf> = folders.iter().flat_map(|f| index.remove_under(f)).collect();
        let affected = index.affected_by(&gone);
        (gone, affected)
    }

    /// A file whose cross-file diagnostics go: whether it showed some.
    pub fn forget_shown(&self, path: &Path) -> bool {
        self.shown
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(path)
    }

    /// Every indexed path.
    pub fn paths(&self) -> Vec<PathBuf> {
        self.lock().paths().map(Path::to_path_buf).collect()
    }

    /// `workspace/symbol`'s names, with their files: those whose name holds
    /// the query's characters in order, ignoring case.
    pub fn symbols(&self, query: &str, limit: usize) -> Vec<(PathBuf, formats::facts::NamedPlace)> {
        let query = query.to_lowercase();
        let matches = |name: &str| {
            let mut name = name.to_lowercase().chars().collect::<Vec<_>>().into_iter();
            query.chars().all(|q| name.any(|c| c == q))
        };
        let index = self.lock();
        index
            .all()
            .flat_map(|n| {
                n.facts
                    .symbols()
                    .into_iter()
                    .map(move |s| (n.path.to_path_buf(), s))
            })
            .filter(|(_, s)| matches(&s.name))
            .take(limit)
            .collect()
    }

    /// Answer from the index as it is now (definition, references, rename).
    pub fn with_workspace<R>(&self, answer: impl FnOnce(&dyn Workspace) -> R) -> R {
        answer(&*self.lock())
    }

    /// Whether a closed file concerns an open document (one's check read a
    /// folder holding the other): only those get their cross-file
    /// diagnostics published, so a workspace of many projects (a
    /// repository's test fixtures) does not flood the editor with files
    /// nobody is looking at.
    fn concerns_an_open_document(&self, path: &Path) -> bool {
        let opened: Vec<PathBuf> = self
            .opened
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .keys()
            .cloned()
            .collect();
        let index = self.lock();
        opened.iter().any(|open| index.related(path, open))
    }

    /// Whether an open document's cross-file diagnostics differ from those
    /// last published with it (noting them): its own are published again
    /// only then.
    fn open_across_changed(&self, path: &Path, across: &[formats::Diagnostic]) -> bool {
        let mut opened = self.opened.lock().unwrap_or_else(|e| e.into_inner());
        match opened.get_mut(path) {
            Some(last) if last.as_slice() == across => false,
            Some(last) => {
                *last = across.to_vec();
                true
            }
            None => true,
        }
    }

    /// A document closed: its cross-file diagnostics, noting whether it has some.
    pub fn closed(&self, path: &Path) -> Vec<formats::Diagnostic> {
        self.opened
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(path);
        let across = self.lock().recheck(path);
        self.note_shown(path, !across.is_empty());
        across
    }

    /// Note whether a closed file has cross-file diagnostics: whether they
    /// are worth publishing (it has some, or had some to clear).
    fn note_shown(&self, path: &Path, any: bool) -> bool {
        let mut shown = self.shown.lock().unwrap_or_else(|e| e.into_inner());
        if any {
            shown.insert(path.to_path_buf());
            true
        } else {
            shown.remove(path)
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Index> {
        self.index.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// What publishing another file's diagnostics needs of the server.
pub struct Publisher<'a> {
    pub client: &'a Client,
    pub indexer: &'a Indexer,
    pub encoding: Encoding,
    pub open: OpenByPath<'a>,
}

impl Publisher<'_> {
    /// Publish again the diagnostics of `paths` after another file changed:
    /// an open document's own (as analysed) with its cross-file ones, a
    /// closed file's cross-file ones alone. An open document not analysed
    /// yet is left to its coming analysis, which includes them.
    pub async fn republish(&self, paths: Vec<PathBuf>) {
        for path in paths {
            let Some(uri) = Uri::from_file_path(&path) else {
                continue;
            };
            let across = self.indexer.lock().recheck(&path);
            if let Some(snapshot) = (self.open)(&path) {
                if snapshot.diagnostics.get().is_none()
                    || !self.indexer.open_across_changed(&path, &across)
                {
                    continue;
                }
                let mut published =
                    compute(&snapshot, self.encoding, &mut AnalysisCache::default());
                published.extend(across.iter().map(|d| to_lsp(&snapshot, d, self.encoding)));
                self.client
                    .publish_diagnostics(uri, published, Some(snapshot.version))
                    .await;
                continue;
            }
            self.closed(&path, uri, &across).await;
        }
    }

    /// A closed file's cross-file diagnostics, in its text on disk, when it
    /// concerns an open document (once it has none, or concerns none, the
    /// empty list once, to clear them).
    async fn closed(&self, path: &Path, uri: Uri, across: &[formats::Diagnostic]) {
        let concerned = !across.is_empty() && self.indexer.concerns_an_open_document(path);
        if self.indexer.note_shown(path, concerned) {
            let shown = if concerned { across } else { &[] };
            self.client
                .publish_diagnostics(uri, in_text_on_disk(path, shown, self.encoding), None)
                .await;
        }
    }
}

/// Diagnostics of a file that is not open, with positions in its text on disk.
pub fn in_text_on_disk(
    path: &Path,
    found: &[formats::Diagnostic],
    encoding: Encoding,
) -> Vec<Diagnostic> {
    if found.is_empty() {
        return Vec::new();
    }
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines = LineIndex::new(&text);
    found
        .iter()
        .map(|d| to_lsp_in(&text, &lines, d, encoding))
        .collect()
}
