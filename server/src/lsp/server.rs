//! initialize, capabilities, document notifications, and dispatch of each
//! request to its handler under `catch_unwind`.

use super::documents::{Document, Snapshot};
use super::handlers;
use super::index::{self, Indexer, Publisher};
use super::position;
use super::settings;
use crate::formats::settings::project;
use crate::text::Encoding;
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use tower_lsp_server::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

pub struct Backend {
    client: Client,
    /// Set by `shutdown`: `exit` without it ends with exit code 1.
    shut_down: Arc<AtomicBool>,
    encoding: OnceLock<Encoding>,
    /// Whether the client expands `${1:…}` placeholders in completions.
    snippet_support: OnceLock<bool>,
    /// Whether the client applies `documentChanges` with a `CreateFile`
    /// (`handlers::code_action::can_create_files`): the conversions write new files.
    create_files: OnceLock<bool>,
    /// One lock per document, so work on one never waits for another.
    documents: Documents,
    /// Where each document's settings come from (`settings.rs`): the
    /// editor's (relative paths resolved against `root`) and `levls.toml`s.
    settings: Arc<settings::Sources>,
    root: OnceLock<Option<PathBuf>>,
    /// Whether the client answers `workspace/configuration`.
    pull_configuration: OnceLock<bool>,
    /// Whether the client watches files for us if asked (dynamic registration).
    watch_files: OnceLock<bool>,
    /// The workspace's folders as `initialize` gave them, and whether the
    /// client shows `$/progress`.
    folders: OnceLock<Vec<PathBuf>>,
    work_done_progress: OnceLock<bool>,
    /// The workspace index: what other files depend on in each file.
    indexer: Arc<Indexer>,
    stats: Stats,
    /// The tooltips and sources of the last pictures sent as `cells`, for
    /// the cell requests that follow (one document: the one previewed).
    cell_index: Arc<handlers::render::details::KeptIndex>,
}

/// The open documents (shared with requests' work off the async workers).
type Documents = Arc<Mutex<HashMap<Uri, Arc<Mutex<Document>>>>>;

/// The current version of an open document, parsed.
fn snapshot_in(documents: &Documents, uri: &Uri) -> Option<Arc<Snapshot>> {
    let document = documents.lock().unwrap().get(uri).cloned()?;
    let snapshot = document
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .snapshot();
    Some(snapshot)
}

/// The latest snapshot of the open document at `path`, if one is open.
fn open_at(documents: &Documents, path: &std::path::Path) -> Option<Arc<Snapshot>> {
    let document = documents
        .lock()
        .unwrap()
        .values()
        .find(|d| d.lock().unwrap_or_else(|e| e.into_inner()).path() == Some(path))
        .cloned()?;
    let snapshot = document
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .snapshot();
    Some(snapshot)
}

/// How long a request waits for its analysis before it is answered with an
/// error: long enough for any level file of ordinary size (milliseconds),
/// short enough that an editor never looks frozen. The analysis goes on off
/// the async workers, and what it computes is kept for the same version, so
/// asking again once it is done is quick.
pub const REQUEST_DEADLINE: std::time::Duration = std::time::Duration::from_secs(2);

/// LSP's RequestFailed: the request was valid but could not be answered.
const REQUEST_FAILED: i64 = -32803;

/// How long without an analysis before freed memory is given back.
const IDLE_BEFORE_TRIM: std::time::Duration = std::time::Duration::from_millis(500);

/// Counters behind `levls/stats`.
#[derive(Default)]
struct Stats {
    /// Diagnostics runs started (shared with the idle-trim timer).
    analyses: Arc<AtomicU64>,
    /// Requests for a run folded into a running one (an edit during analysis).
    coalesced: AtomicU64,
}

/// Run a request's analysis; a panic becomes an error answer for this request only.
fn guarded<T>(what: &str, f: impl FnOnce() -> T) -> Result<T> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|panic| {
        let detail = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        eprintln!("levls: internal error in {what}: {detail}");
        Error {
            code: ErrorCode::InternalError,
            message: format!("levls: internal error in {what}").into(),
            data: None,
        }
    })
}

impl Backend {
    pub fn new(client: Client, shut_down: Arc<AtomicBool>) -> Self {
        Backend {
            client,
            shut_down,
            encoding: OnceLock::new(),
            snippet_support: OnceLock::new(),
            create_files: OnceLock::new(),
            documents: Arc::default(),
            settings: Arc::default(),
            root: OnceLock::new(),
            pull_configuration: OnceLock::new(),
            watch_files: OnceLock::new(),
            folders: OnceLock::new(),
            work_done_progress: OnceLock::new(),
            indexer: Arc::default(),
            stats: Stats::default(),
            cell_index: Arc::default(),
        }
    }

    /// Apply a `levls` configuration object; on a change, every open
    /// document whose settings it changes is analysed again.
    async fn configure(&self, value: &serde_json::Value) {
        let root = self.root.get().cloned().flatten();
        if self.settings.configure(value, root.as_deref()) {
            self.refresh_all().await;
        }
    }

    /// The open documents, taken out of the lock so that each can be
    /// analysed and published in turn.
    fn open_documents(&self) -> Vec<(Uri, Arc<Mutex<Document>>)> {
        self.documents
            .lock()
            .unwrap()
            .iter()
            .map(|(uri, d)| (uri.clone(), d.clone()))
            .collect()
    }

    /// Bring every open document's settings up to date (the editor's
    /// changed, or a `levls.toml`) and analyse again those that changed.
    async fn refresh_all(&self) {
        // Every document's settings first, before the first await: handlers
        // run concurrently, and a request sent right after the change (a
        // preview asking MiniHack for samples with `nethack.python`) must see
        // them, not wait for the documents before its own to be published.
        let mut changed = Vec::new();
        for (uri, document) in self.open_documents() {
            let (settings_changed, broken) = {
                let mut document = document.lock().unwrap_or_else(|e| e.into_inner());
                refresh_settings(&self.settings, &mut document)
            };
            self.report_broken(broken);
            if settings_changed {
                changed.push(uri);
            }
        }
        for uri in changed {
            self.publish(&uri).await;
        }
    }

    /// Analyse every open document afresh and publish (a file they may
    /// depend on changed on disk).
    async fn reanalyse_all(&self) {
        for (uri, document) in self.open_documents() {
            document
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .forget_analysis();
            self.publish(&uri).await;
        }
    }

    /// Say that a `levls.toml` is broken and left out (`window/showMessage`),
    /// without waiting.
    fn report_broken(&self, broken: Option<String>) {
        let Some(why) = broken else { return };
        let message = format!(
            "levls: {why}. This {} is ignored until it is fixed; the editor's settings apply.",
            project::FILE_NAME
        );
        eprintln!("{message}");
        let client = self.client.clone();
        tokio::spawn(async move { client.show_message(MessageType::ERROR, message).await });
    }

    /// Ask the client to tell us when a `levls.toml` changes, when it can.
    async fn watch_project_files(&self) {
        if !*self.watch_files.get().unwrap_or(&false) {
            return;
        }
        // Every levls.toml, and the files the formats read beside a document.
        let project = format!("**/{}", project::FILE_NAME);
        let sources = crate::formats::registry()
            .iter()
            .flat_map(|f| f.watched_files().iter().map(|g| g.to_string()))
            .chain(crate::workspace::scan::watched_globs());
        let options = DidChangeWatchedFilesRegistrationOptions {
            watchers: std::iter::once(project)
                .chain(sources)
                .map(|glob| FileSystemWatcher {
                    glob_pattern: GlobPattern::String(glob),
                    kind: None,
                })
                .collect(),
        };
        let registration = Registration {
            id: "levls-toml".into(),
            method: "workspace/didChangeWatchedFiles".into(),
            register_options: serde_json::to_value(options).ok(),
        };
        let asked = tokio::time::timeout(
            CONFIGURATION_TIMEOUT,
            self.client.register_capability(vec![registration]),
        )
        .await;
        if !matches!(asked, Ok(Ok(()))) {
            eprintln!(
                "levls: could not register a watcher for {}",
                project::FILE_NAME
            );
        }
    }

    /// Ask the client for the `levls` section, when it can answer.
    async fn pull_configuration(&self) {
        if !*self.pull_configuration.get().unwrap_or(&false) {
            return;
        }
        let item = ConfigurationItem {
            scope_uri: None,
            section: Some("levls".into()),
        };
        // Bounded: a client that never answers must not hold this handler (and
        // with it `exit`) forever.
        let asked =
            tokio::time::timeout(CONFIGURATION_TIMEOUT, self.client.configuration(vec![item]))
                .await;
        match asked {
            Ok(Ok(values)) => {
                if let Some(value) = values.first() {
                    self.configure(value).await;
                }
            }
            Ok(Err(e)) => eprintln!("levls: workspace/configuration failed: {e}"),
            Err(_) => eprintln!(
                "levls: no answer to workspace/configuration within {CONFIGURATION_TIMEOUT:?}"
            ),
        }
    }

    fn encoding(&self) -> Encoding {
        *self.encoding.get().unwrap_or(&Encoding::Utf16)
    }

    /// Publish again the diagnostics of files another file's change may
    /// have changed (open or closed).
    async fn republish(&self, paths: Vec<PathBuf>) {
        if paths.is_empty() {
            return;
        }
        let documents = self.documents.clone();
        let open = move |path: &std::path::Path| open_at(&documents, path);
        Publisher {
            client: &self.client,
            indexer: &self.indexer,
            encoding: self.encoding(),
            open: &open,
        }
        .republish(paths)
        .await;
    }

    /// Index `folders` in the background, with `$/progress` when the client
    /// shows it, then publish what the files say of each other.
    fn index_folders(&self, folders: Vec<PathBuf>) {
        if folders.is_empty() {
            return;
        }
        let client = self.client.clone();
        let indexer = self.indexer.clone();
        let documents = self.documents.clone();
        let encoding = self.encoding();
        let progress = *self.work_done_progress.get().unwrap_or(&false);
        tokio::spawn(async move {
            let token = ProgressToken::String("levls/index".into());
            let created = progress
                && client
                    .create_work_done_progress(token.clone())
                    .await
                    .is_ok();
            let ongoing = if created {
                Some(
                    client
                        .progress(token, "levls: indexing")
                        .with_percentage(0)
                        .begin()
                        .await,
                )
            } else {
                None
            };
            // Files read, reported from the reading threads by the task below.
            let (sender, mut receiver) = tokio::sync::watch::channel((0usize, 0usize));
            let reading = indexer.clone();
            let scan = tokio::task::spawn_blocking(move || {
                let started = std::time::Instant::now();
                let total = reading.scan(&folders, &|done, total| {
                    let _ = sender.send((done, total));
                });
                (total, started.elapsed())
            });
            if let Some(ongoing) = &ongoing {
                while receiver.changed().await.is_ok() {
                    let (done, total) = *receiver.borrow_and_update();
                    ongoing
                        .report_with_message(
                            format!("{done}/{total} files"),
                            (done * 100 / total.max(1)) as u32,
                        )
                        .await;
                }
            }
            let Ok((total, took)) = scan.await else {
                return;
            };
            eprintln!("levls: indexed {total} files in {} ms", took.as_millis());
            // The first checks across files are part of indexing: the
            // progress ends once every file has what the others say of it.
            let open = move |path: &std::path::Path| open_at(&documents, path);
            let paths = indexer.paths();
            Publisher {
                client: &client,
                indexer: &indexer,
                encoding,
                open: &open,
            }
            .republish(paths)
            .await;
            if let Some(ongoing) = ongoing {
                ongoing.finish_with_message(format!("{total} files")).await;
            }
        });
    }

    fn document(&self, uri: &Uri) -> Option<Arc<Mutex<Document>>> {
        self.documents.lock().unwrap().get(uri).cloned()
    }

    fn snapshot(&self, uri: &Uri) -> Option<Arc<Snapshot>> {
        snapshot_in(&self.documents, uri)
    }

    fn current_version(&self, uri: &Uri) -> Option<i32> {
        Some(
            self.document(uri)?
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .version(),
        )
    }

    /// Analyse the document off the async workers and publish, one run at a
    /// time per document: edits that arrive during a run are not analysed one
    /// by one; one more run takes the latest version (typing bursts coalesce).
    async fn publish(&self, uri: &Uri) {
        let Some(document) = self.document(uri) else {
            return;
        };
        let (flight, cache) = {
            let d = document.lock().unwrap_or_else(|e| e.into_inner());
            (d.flight.clone(), d.analysis.clone())
        };
        {
            let mut flight = flight.lock().unwrap();
            if flight.running {
                flight.again = true;
                self.stats.coalesced.fetch_add(1, Ordering::Relaxed);
                return;
            }
            flight.running = true;
        }
        loop {
            self.analyse_and_publish(document.clone(), cache.clone())
                .await;
            let done = {
                let mut flight = flight.lock().unwrap();
                let again = std::mem::take(&mut flight.again);
                flight.running = again;
                !again
            };
            if done {
                self.release_memory_when_idle();
                return;
            }
        }
    }

    /// Parse the document's latest version and analyse it, off the async
    /// workers; publish unless a newer version arrived meanwhile.
    async fn analyse_and_publish(
        &self,
        document: Arc<Mutex<Document>>,
        cache: Arc<Mutex<crate::formats::AnalysisCache>>,
    ) {
        let encoding = self.encoding();
        self.stats.analyses.fetch_add(1, Ordering::Relaxed);
        let reading = document.clone();
        let sources = self.settings.clone();
        let indexer = self.indexer.clone();
        let computed = tokio::task::spawn_blocking(move || {
            let (snapshot, broken) = guarded("parsing", || {
                let mut document = reading.lock().unwrap_or_else(|e| e.into_inner());
                // Never a stale `levls.toml`, whether or not the client watches it.
                let (_, broken) = refresh_settings(&sources, &mut document);
                (document.snapshot(), broken)
            })?;
            let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
            let computed = guarded("diagnostics", || {
                let mut own = handlers::diagnostics::compute(&snapshot, encoding, &mut cache);
                // What the other files say of this one, and which of them
                // this version changes.
                let (across, others) = indexer.analysed(&snapshot);
                own.extend(
                    across
                        .iter()
                        .map(|d| handlers::diagnostics::to_lsp(&snapshot, d, encoding)),
                );
                (own, others)
            });
            if computed.is_err() {
                // A panic may have left it half-updated.
                *cache = Default::default();
            }
            Ok::<_, Error>((snapshot, broken, computed))
        })
        .await;
        let mut others = Vec::new();
        let (uri, version, diagnostics) = match computed {
            Ok(Ok((snapshot, broken, computed))) => {
                self.report_broken(broken);
                let diagnostics = match computed {
                    Ok((diagnostics, changed)) => {
                        others = changed;
                        diagnostics
                    }
                    Err(_) => vec![handlers::diagnostics::internal_error()],
                };
                (snapshot.uri.clone(), snapshot.version, diagnostics)
            }
            // The document could not even be read: say so at its latest version.
            _ => {
                let document = document.lock().unwrap_or_else(|e| e.into_inner());
                (
                    document.uri().clone(),
                    document.version(),
                    vec![handlers::diagnostics::internal_error()],
                )
            }
        };
        if self.current_version(&uri) == Some(version) {
            self.client
                .publish_diagnostics(uri, diagnostics, Some(version))
                .await;
        }
        self.republish(others).await;
    }

    /// Once no analysis has run for a moment, give freed memory back to the
    /// system (not after every keystroke: trimming walks the heap under
    /// malloc's lock, which the next analysis would wait for).
    fn release_memory_when_idle(&self) {
        let runs = self.stats.analyses.load(Ordering::Relaxed);
        let analyses = self.stats.analyses.clone();
        tokio::spawn(async move {
            tokio::time::sleep(IDLE_BEFORE_TRIM).await;
            if analyses.load(Ordering::Relaxed) == runs {
                let _ = tokio::task::spawn_blocking(super::memory::release_free_memory).await;
            }
        });
    }

    /// `levls/stats`: how much analysis the server has done (for the bench
    /// and for people who wonder what a burst of typing costs).
    pub async fn stats(&self, _params: serde_json::Value) -> Result<serde_json::Value> {
        Ok(serde_json::json!({
            "analyses": self.stats.analyses.load(Ordering::Relaxed),
            "coalesced": self.stats.coalesced.load(Ordering::Relaxed),
            "documents": self.documents.lock().unwrap().len(),
        }))
    }

    /// Answer a request from the document's current version (taken now, so
    /// later edits do not change what it answers about), analysed off the
    /// async workers, so a slow one never holds up the others; past
    /// [`REQUEST_DEADLINE`] the answer is a RequestFailed error.
    async fn with_snapshot<T: Default + Send + 'static>(
        &self,
        uri: &Uri,
        what: &'static str,
        f: impl FnOnce(&Snapshot, Encoding) -> T + Send + 'static,
    ) -> Result<T> {
        let Some(snapshot) = self.snapshot(uri) else {
            return Ok(T::default());
        };
        let encoding = self.encoding();
        let work = tokio::task::spawn_blocking(move || guarded(what, || f(&snapshot, encoding)));
        let answer = match tokio::time::timeout(REQUEST_DEADLINE, work).await {
            Ok(done) => done.unwrap_or_else(|_| Err(Error::internal_error())),
            Err(_) => {
                let message = format!(
                    "levls: {what} on {} took longer than {} s; the analysis goes on: ask again once the document settles",
                    uri.as_str(),
                    REQUEST_DEADLINE.as_secs()
                );
                eprintln!("{message}");
                return Err(Error {
                    code: ErrorCode::ServerError(REQUEST_FAILED),
                    message: message.into(),
                    data: None,
                });
            }
        };
        if let Err(error) = &answer {
            self.log_error(error.message.to_string());
        }
        answer
    }

    /// Tell the client about an internal error (`window/logMessage`), without waiting.
    fn log_error(&self, message: String) {
        let client = self.client.clone();
        tokio::spawn(async move { client.log_message(MessageType::ERROR, message).await });
    }

    /// `levls/documentInfo`: the format, how it was detected and the format's
    /// note (the NetHack dialect), for an editor's status item.
    pub async fn document_info(
        &self,
        params: handlers::document_info::DocumentInfoParams,
    ) -> Result<Option<handlers::document_info::DocumentInfo>> {
        let uri = params.text_document.uri;
        if self.document(&uri).is_none() {
            return Ok(None);
        }
        self.with_snapshot(&uri, "levls/documentInfo", |s, _| {
            Some(handlers::document_info::document_info(s))
        })
        .await
    }

    /// `levls/render`: pictures of the document's maps (SVG each, and one
    /// HTML page), for an editor's preview; null when it has none.
    pub async fn render(
        &self,
        params: handlers::render::RenderParams,
    ) -> Result<Option<handlers::render::Rendered>> {
        let Some(snapshot) = self.snapshot(&params.text_document.uri) else {
            return Ok(None);
        };
        let encoding = self.encoding();
        let parts = handlers::render::Parts::of(params.include.as_deref());
        let samples = params.samples.unwrap_or(0);
        let known = params.known.unwrap_or_default();
        let cache = self.cell_index.clone();
        let uri = params.text_document.uri;
        // Off the async workers: a dungeon-mystery floor waits for node, a
        // sample for Python (each up to its timeout).
        let answer = tokio::task::spawn_blocking(move || {
            guarded("levls/render", || {
                let (rendered, index) =
                    handlers::render::render(&snapshot, encoding, parts, samples, &known)?;
                if let Some(index) = index {
                    cache.keep(uri, index);
                }
                Some(rendered)
            })
        })
        .await
        .unwrap_or_else(|_| Err(Error::internal_error()));
        if let Err(error) = &answer {
            self.log_error(error.message.to_string());
        }
        answer
    }

    /// `levls/renderCell`: the tooltip and source range of one cell of the
    /// pictures (`levls/render`'s `cells`), for the pointer or a click.
    pub async fn render_cell(
        &self,
        params: handlers::render::details::CellParams,
    ) -> Result<Option<handlers::render::details::CellDetails>> {
        let uri = params.text_document.uri.clone();
        self.with_cell_index(uri, "levls/renderCell", move |index, snapshot, encoding| {
            index.details(snapshot, encoding, params.picture, params.x, params.y)
        })
        .await
    }

    /// `levls/renderCellAt`: the picture cell a text position lights (the
    /// cursor's), if any.
    pub async fn render_cell_at(
        &self,
        params: handlers::render::details::CellAtParams,
    ) -> Result<Option<handlers::render::details::CellAt>> {
        let uri = params.text_document.uri.clone();
        self.with_cell_index(
            uri,
            "levls/renderCellAt",
            move |index, snapshot, encoding| {
                handlers::render::details::cell_at(index, snapshot, params.position, encoding)
            },
        )
        .await
    }

    /// `answer` from the cell index of the document's current version: the
    /// one kept from the last render when it is that version's, else made
    /// now (off the async workers) and kept.
    async fn with_cell_index<T: Send + 'static>(
        &self,
        uri: Uri,
        method: &'static str,
        answer: impl FnOnce(&handlers::render::details::CellIndex, &Snapshot, Encoding) -> Option<T>
            + Send
            + 'static,
    ) -> Result<Option<T>> {
        let Some(snapshot) = self.snapshot(&uri) else {
            return Ok(None);
        };
        let encoding = self.encoding();
        let cache = self.cell_index.clone();
        let result = tokio::task::spawn_blocking(move || {
            guarded(method, || {
                let index =
                    cache.get_or_make(&snapshot, || handlers::render::cell_index(&snapshot))?;
                answer(&index, &snapshot, encoding)
            })
        })
        .await
        .unwrap_or_else(|_| Err(Error::internal_error()));
        if let Err(error) = &result {
            self.log_error(error.message.to_string());
        }
        result
    }

    /// `levls/test/panic` (only with `LEVLS_TEST_HOOKS` set): a request whose
    /// analysis panics, to prove that one failing request leaves the server up.
    pub async fn test_panic(&self) -> Result<()> {
        let answer = guarded("levls/test/panic", || -> () {
            panic!("test-only panic hook")
        });
        if let Err(error) = &answer {
            self.log_error(error.message.to_string());
        }
        answer
    }
}

/// Give `document` the settings its sources give now (its `levls.toml` may
/// have changed on disk): whether they changed, and a broken `levls.toml`
/// not reported yet.
fn refresh_settings(
    sources: &settings::Sources,
    document: &mut Document,
) -> (bool, Option<String>) {
    let fresh = sources.for_document(document.path());
    let changed = fresh.settings != *document.settings();
    if changed {
        document.set_settings(Arc::new(fresh.settings));
    }
    (changed, fresh.broken)
}

/// How long to wait for the client's answer to `workspace/configuration` (or
/// to a registration).
const CONFIGURATION_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

/// Exit when the editor's process is gone (the `processId` of `initialize`),
/// so a crashed editor leaves no server behind. Linux: `/proc/<pid>`.
fn watch_client_process(pid: u32) {
    if !cfg!(target_os = "linux") {
        return;
    }
    tokio::spawn(async move {
        let proc_dir = std::path::PathBuf::from(format!("/proc/{pid}"));
        loop {
            tokio::time::sleep(std::time::Duration::from_secs(2)).await;
            if !proc_dir.exists() {
                eprintln!("levls: the client process {pid} is gone; exiting");
                std::process::exit(1);
            }
        }
    });
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let offered = params
            .capabilities
            .general
            .as_ref()
            .and_then(|g| g.position_encodings.as_deref());
        if let Some(pid) = params.process_id {
            watch_client_process(pid);
        }
        let encoding = position::negotiate(offered);
        let _ = self.encoding.set(encoding);
        let snippets = params
            .capabilities
            .text_document
            .as_ref()
            .and_then(|t| t.completion.as_ref())
            .and_then(|c| c.completion_item.as_ref())
            .and_then(|i| i.snippet_support)
            .unwrap_or(false);
        let _ = self.snippet_support.set(snippets);
        let create_files = handlers::code_action::can_create_files(&params.capabilities);
        let _ = self.create_files.set(create_files);
        #[allow(deprecated)] // rootUri: still what many clients send
        let root = params
            .workspace_folders
            .as_ref()
            .and_then(|f| f.first())
            .map(|f| &f.uri)
            .or(params.root_uri.as_ref())
            .and_then(|uri| uri.to_file_path())
            .map(|p| p.into_owned());
        let _ = self.root.set(root.clone());
        #[allow(deprecated)] // rootUri: still what many clients send
        let folders: Vec<PathBuf> = match &params.workspace_folders {
            Some(folders) => folders
                .iter()
                .filter_map(|f| f.uri.to_file_path().map(|p| p.into_owned()))
                .collect(),
            None => root.iter().cloned().collect(),
        };
        let _ = self.folders.set(folders);
        let progress = params
            .capabilities
            .window
            .as_ref()
            .and_then(|w| w.work_done_progress)
            .unwrap_or(false);
        let _ = self.work_done_progress.set(progress);
        let pull = params
            .capabilities
            .workspace
            .as_ref()
            .and_then(|w| w.configuration)
            .unwrap_or(false);
        let _ = self.pull_configuration.set(pull);
        let watch = params
            .capabilities
            .workspace
            .as_ref()
            .and_then(|w| w.did_change_watched_files.as_ref())
            .and_then(|w| w.dynamic_registration)
            .unwrap_or(false);
        let _ = self.watch_files.set(watch);
        if let Some(options) = &params.initialization_options {
            self.settings.configure(options, root.as_deref());
        }
        Ok(InitializeResult {
            capabilities: ServerCapabilities {
                position_encoding: Some(position::kind(encoding)),
                text_document_sync: Some(TextDocumentSyncCapability::Options(
                    TextDocumentSyncOptions {
                        open_close: Some(true),
                        change: Some(TextDocumentSyncKind::INCREMENTAL),
                        ..Default::default()
                    },
                )),
                hover_provider: Some(HoverProviderCapability::Simple(true)),
                completion_provider: Some(CompletionOptions {
                    trigger_characters: Some(
                        ["+", "-", ":", " ", "'", "\"", "$", "(", "[", ","]
                            .map(String::from)
                            .to_vec(),
                    ),
                    ..Default::default()
                }),
                document_symbol_provider: Some(OneOf::Left(true)),
                folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
                document_formatting_provider: Some(OneOf::Left(true)),
                definition_provider: Some(OneOf::Left(true)),
                references_provider: Some(OneOf::Left(true)),
                workspace_symbol_provider: Some(OneOf::Left(true)),
                workspace: Some(WorkspaceServerCapabilities {
                    workspace_folders: Some(WorkspaceFoldersServerCapabilities {
                        supported: Some(true),
                        change_notifications: Some(OneOf::Left(true)),
                    }),
                    file_operations: None,
                }),
                rename_provider: Some(OneOf::Right(RenameOptions {
                    prepare_provider: Some(true),
                    work_done_progress_options: Default::default(),
                })),
                inlay_hint_provider: Some(OneOf::Left(true)),
                semantic_tokens_provider: Some(
                    SemanticTokensServerCapabilities::SemanticTokensOptions(
                        SemanticTokensOptions {
                            legend: handlers::semantic_tokens::legend(),
                            full: Some(SemanticTokensFullOptions::Bool(true)),
                            ..Default::default()
                        },
                    ),
                ),
                code_action_provider: Some(CodeActionProviderCapability::Options(
                    CodeActionOptions {
                        code_action_kinds: Some(vec![
                            CodeActionKind::QUICKFIX,
                            CodeActionKind::REFACTOR_REWRITE,
                        ]),
                        ..Default::default()
                    },
                )),
                ..Default::default()
            },
            server_info: Some(ServerInfo {
                name: "levls".into(),
                version: Some(env!("CARGO_PKG_VERSION").into()),
            }),
            offset_encoding: None,
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        self.watch_project_files().await;
        self.pull_configuration().await;
        self.index_folders(self.folders.get().cloned().unwrap_or_default());
    }

    /// Folders added to the workspace are indexed; a removed folder's files
    /// leave the index, and the closed ones lose what it said of them.
    async fn did_change_workspace_folders(&self, params: DidChangeWorkspaceFoldersParams) {
        let path = |f: &WorkspaceFolder| f.uri.to_file_path().map(|p| p.into_owned());
        let removed: Vec<PathBuf> = params.event.removed.iter().filter_map(path).collect();
        let documents = self.documents.clone();
        let (gone, affected) = self.indexer.remove_folders(&removed);
        for file in gone {
            if open_at(&documents, &file).is_none() && self.indexer.forget_shown(&file) {
                if let Some(uri) = Uri::from_file_path(&file) {
                    self.client.publish_diagnostics(uri, Vec::new(), None).await;
                }
            }
        }
        self.republish(affected).await;
        self.index_folders(params.event.added.iter().filter_map(path).collect());
    }

    /// A watched `levls.toml` changed: read it again, and analyse again the
    /// documents it governs. (Without watching, the next analysis of each
    /// document still sees the change.)
    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        let mut any = false;
        let mut sources = false;
        let mut indexed = Vec::new();
        for change in &params.changes {
            let Some(path) = change.uri.to_file_path() else {
                continue;
            };
            if crate::workspace::scan::indexed_name(&path) {
                indexed.push(path.to_path_buf());
            }
            if path.file_name() == Some(project::FILE_NAME.as_ref()) {
                self.settings.forget(&path);
                any = true;
            } else {
                for format in crate::formats::registry() {
                    sources |= format.file_changed(&path);
                }
            }
        }
        if any {
            self.refresh_all().await;
        }
        if sources {
            self.reanalyse_all().await;
        }
        if !indexed.is_empty() {
            let documents = self.documents.clone();
            let affected = self
                .indexer
                .on_disk(&indexed, &|path| open_at(&documents, path).is_some());
            self.republish(affected).await;
        }
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        match settings::levls_section(&params.settings) {
            Some(section) => self.configure(section).await,
            None => self.pull_configuration().await,
        }
    }

    async fn shutdown(&self) -> Result<()> {
        self.shut_down.store(true, Ordering::SeqCst);
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let doc = params.text_document;
        let path = doc.uri.to_file_path();
        let fresh = self.settings.for_document(path.as_deref());
        self.report_broken(fresh.broken);
        let mut document = Document::open(
            doc.uri.clone(),
            &doc.language_id,
            doc.version,
            doc.text,
            Arc::new(fresh.settings),
        );
        match document.snapshot().format {
            Some(d) => eprintln!(
                "levls: {} is {} (by {})",
                doc.uri.as_str(),
                d.format.name(),
                d.by
            ),
            None => eprintln!(
                "levls: {} is in no format levls knows; no diagnostics",
                doc.uri.as_str()
            ),
        }
        self.documents
            .lock()
            .unwrap()
            .insert(doc.uri.clone(), Arc::new(Mutex::new(document)));
        self.publish(&doc.uri).await;
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        // Applied synchronously, before the first `.await`: handlers run
        // concurrently and edits must not be reordered.
        let Some(document) = self.document(&params.text_document.uri) else {
            eprintln!(
                "levls: didChange for a document that is not open: {}",
                params.text_document.uri.as_str()
            );
            return;
        };
        let encoding = self.encoding();
        {
            let mut document = document.lock().unwrap_or_else(|e| e.into_inner());
            let applied = catch_unwind(AssertUnwindSafe(|| {
                document.apply_changes(
                    params.text_document.version,
                    params.content_changes,
                    encoding,
                )
            }));
            if applied.is_err() {
                eprintln!(
                    "levls: internal error applying an edit to {}",
                    params.text_document.uri.as_str()
                );
            }
        }
        self.publish(&params.text_document.uri).await;
    }

    /// A closed document is what is on disk again: its own diagnostics go,
    /// what other files say of it stays.
    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        self.documents.lock().unwrap().remove(&uri);
        self.cell_index.forget(&uri);
        let Some(path) = uri.to_file_path().map(|p| p.into_owned()) else {
            self.client.publish_diagnostics(uri, Vec::new(), None).await;
            return;
        };
        let documents = self.documents.clone();
        let affected = self.indexer.on_disk(std::slice::from_ref(&path), &|p| {
            open_at(&documents, p).is_some()
        });
        let across = self.indexer.closed(&path);
        let published = index::in_text_on_disk(&path, &across, self.encoding());
        self.client.publish_diagnostics(uri, published, None).await;
        self.republish(affected.into_iter().filter(|p| *p != path).collect())
            .await;
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let p = params.text_document_position_params;
        self.with_snapshot(&p.text_document.uri, "hover", move |s, e| {
            handlers::hover::hover(s, e, p.position)
        })
        .await
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let p = params.text_document_position;
        let snippets = *self.snippet_support.get().unwrap_or(&false);
        self.with_snapshot(&p.text_document.uri, "completion", move |s, e| {
            handlers::completion::completion(s, e, p.position, snippets)
        })
        .await
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        self.with_snapshot(
            &params.text_document.uri,
            "documentSymbol",
            handlers::symbols::document_symbols,
        )
        .await
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        self.with_snapshot(
            &params.text_document.uri,
            "foldingRange",
            handlers::folding::folding_ranges,
        )
        .await
    }

    async fn goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        let p = params.text_document_position_params;
        let documents = self.documents.clone();
        let indexer = self.indexer.clone();
        self.with_snapshot(&p.text_document.uri, "definition", move |s, e| {
            indexer.with_workspace(|workspace| {
                handlers::navigation::definition(
                    s,
                    e,
                    p.position,
                    &|uri| snapshot_in(&documents, uri),
                    workspace,
                )
            })
        })
        .await
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        let p = params.text_document_position;
        let include = params.context.include_declaration;
        let documents = self.documents.clone();
        let indexer = self.indexer.clone();
        self.with_snapshot(&p.text_document.uri, "references", move |s, e| {
            indexer.with_workspace(|workspace| {
                handlers::navigation::references(
                    s,
                    e,
                    p.position,
                    include,
                    &|uri| snapshot_in(&documents, uri),
                    workspace,
                )
            })
        })
        .await
    }

    async fn prepare_rename(
        &self,
        params: TextDocumentPositionParams,
    ) -> Result<Option<PrepareRenameResponse>> {
        self.with_snapshot(&params.text_document.uri, "prepareRename", move |s, e| {
            handlers::navigation::prepare_rename(s, e, params.position)
        })
        .await
    }

    async fn rename(&self, params: RenameParams) -> Result<Option<WorkspaceEdit>> {
        let p = params.text_document_position;
        let documents = self.documents.clone();
        let indexer = self.indexer.clone();
        let answer = self
            .with_snapshot(&p.text_document.uri, "rename", move |s, e| {
                indexer.with_workspace(|workspace| {
                    Some(handlers::navigation::rename(
                        s,
                        e,
                        p.position,
                        &params.new_name,
                        &|uri| snapshot_in(&documents, uri),
                        workspace,
                    ))
                })
            })
            .await?;
        match answer {
            None => Ok(None),
            Some(Ok(edit)) => Ok(edit),
            Some(Err(reason)) => Err(Error::invalid_params(reason)),
        }
    }

    async fn symbol(
        &self,
        params: WorkspaceSymbolParams,
    ) -> Result<Option<WorkspaceSymbolResponse>> {
        let indexer = self.indexer.clone();
        let documents = self.documents.clone();
        let encoding = self.encoding();
        let work = tokio::task::spawn_blocking(move || {
            guarded("workspace/symbol", || {
                handlers::workspace_symbols::symbols(&indexer, &params.query, encoding, &|path| {
                    open_at(&documents, path)
                })
            })
        });
        work.await.unwrap_or_else(|_| Err(Error::internal_error()))
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        self.with_snapshot(
            &params.text_document.uri,
            "semanticTokens",
            handlers::semantic_tokens::semantic_tokens,
        )
        .await
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        self.with_snapshot(&params.text_document.uri, "inlayHint", move |s, e| {
            handlers::inlay_hints::inlay_hints(s, e, params.range)
        })
        .await
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let uri = params.text_document.uri.clone();
        let create_files = *self.create_files.get().unwrap_or(&false);
        self.with_snapshot(&uri, "codeAction", move |s, e| {
            handlers::code_action::code_actions(s, e, &params, create_files)
        })
        .await
    }

    async fn formatting(&self, params: DocumentFormattingParams) -> Result<Option<Vec<TextEdit>>> {
        self.with_snapshot(
            &params.text_document.uri,
            "formatting",
            handlers::formatting::formatting,
        )
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::guarded;

    #[test]
    fn a_panicking_request_becomes_an_internal_error() {
        let answer = guarded("hover", || -> u32 { panic!("boom") });
        let error = answer.expect_err("the panic is caught");
        assert_eq!(
            error.code,
            tower_lsp_server::jsonrpc::ErrorCode::InternalError
        );
        assert_eq!(guarded("hover", || 7).unwrap(), 7);
    }
}
