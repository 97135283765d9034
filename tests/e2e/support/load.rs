//! A load test over stdio, shared by the e2e test (`lsp_load.rs`: short, it
//! asserts only correctness) and the bench (figure 10, `load.rs`: the
//! timings). Real files of every format are open at once; an author types in
//! bursts at human speed, single characters typed and deleted anywhere
//! (names, map rows, numbers, Python around the levels), while the client
//! sends what an editor sends between keys and cancels what went stale. At the
//! end every document's state is compared with what a fresh server makes of
//! the same final text. Everything but the timings follows from the seed.

// The e2e test reads the verdicts, the bench the timings.
#![allow(dead_code)]

use super::client::{position_of, InitOptions, TestServer};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Where the real files come from.
pub struct Sources {
    /// `../shared`: the corpora.
    pub shared: PathBuf,
    /// The repository: `examples/`, `tests/fixtures/`.
    pub repo: PathBuf,
    /// The Python venv whose MiniHack package holds levels in `.py` files.
    pub python: PathBuf,
}

/// How fast the author types.
#[derive(Clone, Copy)]
pub struct Pace {
    /// Between two keys of a burst, in milliseconds (least, most).
    pub key_gap_ms: (u64, u64),
    /// Between two bursts.
    pub pause_ms: (u64, u64),
}

/// A person typing in bursts.
pub const HUMAN: Pace = Pace {
    key_gap_ms: (30, 120),
    pause_ms: (300, 1_500),
};

/// No waiting at all: every key and request as fast as the pipe takes them.
pub const FLAT_OUT: Pace = Pace {
    key_gap_ms: (0, 0),
    pause_ms: (0, 0),
};

pub struct Plan {
    pub documents: usize,
    pub bursts: usize,
    pub seed: u64,
    pub pace: Pace,
}

/// One open document: where it is, what it is, and the client's copy of it.
pub struct Document {
    pub kind: &'static str,
    pub uri: String,
    pub language_id: &'static str,
    pub text: String,
    version: i32,
}

/// What a run measured and found.
#[derive(Default)]
pub struct Outcome {
    /// Documents open, by kind.
    pub kinds: BTreeMap<&'static str, usize>,
    pub keys: usize,
    pub bursts: usize,
    /// Send → answer of every answered request, by method.
    pub latencies: BTreeMap<&'static str, Vec<Duration>>,
    /// Requests sent, by method.
    pub sent: BTreeMap<&'static str, usize>,
    /// `$/cancelRequest` sent, by method.
    pub cancels_sent: BTreeMap<&'static str, usize>,
    /// Requests answered with RequestCancelled (-32800), by method.
    pub cancelled: BTreeMap<&'static str, usize>,
    /// `didChange` → the `publishDiagnostics` of that version (versions an
    /// analysis skipped, coalesced into a later one, have none).
    pub diagnostics: Vec<Duration>,
    /// A burst's last key → diagnostics of that version or a later one.
    pub after_burst: Vec<Duration>,
    /// Any answer that was neither a result nor a cancellation.
    pub errors: Vec<String>,
    /// Requests never answered (within a minute of the last key).
    pub unanswered: Vec<String>,
    /// Documents whose final state differs from a fresh server's, and how.
    pub mismatches: Vec<String>,
    /// Documents whose final state differs from their state when opened.
    pub changed: usize,
    /// The whole replay, first key to the last answer.
    pub elapsed: Duration,
}

/// The kinds of document and where their real files are: (kind, languageId, files).
fn catalogue(
    sources: &Sources,
    workspace: &Path,
) -> Vec<(&'static str, &'static str, Vec<PathBuf>)> {
    let corpus = sources.shared.join("corpus");
    let nethack = |dialect: &str| files_in(&corpus.join("nethack").join(dialect), &["des"]);
    let minihack: Vec<PathBuf> = site_packages(&sources.python)
        .map(|site| {
            let package = site.join("minihack");
            let mut files = files_in(&package, &["py"]);
            files.extend(files_in(&package.join("envs"), &["py"]));
            // Only the files with levels in their strings.
            files.retain(|f| std::fs::read_to_string(f).is_ok_and(|t| t.contains("ENDMAP")));
            files
        })
        .unwrap_or_default();
    let mut derf = files_in(&sources.repo.join("examples/derf"), &["derf", "der"]);
    derf.extend(files_in(
        &sources.repo.join("tests/fixtures/derf/bad"),
        &["derf"],
    ));
    let mut frupal = files_in(&corpus.join("frupal/jnichols-pdx-frupal/maps"), &["fmap"]);
    frupal.extend(files_in(&sources.repo.join("examples/frupal"), &["fmap"]));
    let mut wuas = Vec::new();
    // Each game's boards with the game's own definitions, named by a
    // levls.toml beside them, as an author's project would.
    for (game, definitions) in [
        ("2018-new", "wuas_new.json"),
        ("2020-diabolical", "wuas_diabolical.json"),
        ("2023-uncle", "wuas_uncle.json"),
        ("2024-rocket", "wuas_rocket.json"),
    ] {
        let folder = workspace.join("wuas").join(game);
        std::fs::create_dir_all(&folder).unwrap();
        let definitions = corpus.join("wuas/definitions").join(definitions);
        let toml = format!(
            "[wuas]\ndefinitions = {:?}\n",
            definitions.display().to_string()
        );
        std::fs::write(folder.join("levls.toml"), toml).unwrap();
        wuas.extend(files_in(
            &corpus.join("wuas/reconstructed").join(game),
            &["dat"],
        ));
    }
    let mut dungeon_mystery = Vec::new();
    for folder in ["docs-examples", "dungeoneer", "ports"] {
        dungeon_mystery.extend(files_in(
            &corpus.join("dungeon-mystery").join(folder),
            &["json"],
        ));
    }
    vec![
        ("nethack-3.4.3", "nethack-des", nethack("3.4.3")),
        ("nethack-3.6", "nethack-des", nethack("3.6")),
        ("minihack-python", "python", minihack),
        ("derf", "derf", derf),
        ("frupal", "frupal", frupal),
        ("wuas", "wuas", wuas),
        ("dungeon-mystery", "dungeon-mystery", dungeon_mystery),
    ]
}

fn site_packages(venv: &Path) -> Option<PathBuf> {
    std::fs::read_dir(venv.join("lib"))
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path().join("site-packages"))
        .find(|p| p.is_dir())
}

/// The files of `dir` with one of `extensions`, sorted.
fn files_in(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.extension()
                .is_some_and(|x| extensions.iter().any(|e| x == *e))
        })
        .collect();
    files.sort();
    files
}

/// `count` real documents, the kinds taken in turn, each kind's files in an
/// order drawn from the seed; copied into `workspace` (a WUAS board beside
/// its game's levls.toml) and named by their path there.
pub fn documents(
    sources: &Sources,
    workspace: &Path,
    count: usize,
    rng: &mut Rng,
) -> Vec<Document> {
    let mut kinds = catalogue(sources, workspace);
    for (_, _, files) in &mut kinds {
        rng.shuffle(files);
    }
    let mut documents = Vec::new();
    while documents.len() < count && kinds.iter().any(|k| !k.2.is_empty()) {
        for (kind, language_id, files) in &mut kinds {
            let (kind, language_id) = (*kind, *language_id);
            let Some(file) = files.pop() else { continue };
            if documents.len() == count {
                break;
            }
            let text = std::fs::read_to_string(&file).unwrap();
            let folder = match kind {
                "wuas" => workspace
                    .join("wuas")
                    .join(file.parent().unwrap().file_name().unwrap()),
                _ => workspace.join(kind),
            };
            std::fs::create_dir_all(&folder).unwrap();
            let path = folder.join(file.file_name().unwrap());
            std::fs::write(&path, &text).unwrap();
            documents.push(Document {
                kind,
                uri: super::client::file_uri(&path),
                language_id,
                text,
                version: 1,
            });
        }
    }
    documents
}

/// A small deterministic generator (SplitMix64), so a seed replays the same typing.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// In `0..bound` (0 when `bound` is 0).
    pub fn below(&mut self, bound: usize) -> usize {
        if bound == 0 {
            0
        } else {
            (self.next_u64() % bound as u64) as usize
        }
    }

    /// In `least..=most`.
    pub fn between(&mut self, (least, most): (u64, u64)) -> u64 {
        least + self.below((most - least + 1) as usize) as u64
    }

    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// One key: a character typed at the cursor, or the one before it deleted.
#[derive(Clone, Copy)]
enum Key {
    Type(char),
    Backspace,
}

/// A burst: where the cursor goes (a byte offset) and the keys typed there.
/// Drawn from the document's own text: a word retyped, a few characters
/// replaced by others of the file, a piece of another line typed in, or a new
/// line begun like another one.
fn burst(text: &str, rng: &mut Rng) -> (usize, Vec<Key>) {
    let lines: Vec<(usize, &str)> = lines_of(text)
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    if lines.is_empty() {
        let piece = "x";
        return (0, piece.chars().map(Key::Type).collect());
    }
    let (start, line) = lines[rng.below(lines.len())];
    let boundaries: Vec<usize> = line
        .char_indices()
        .map(|(i, _)| i)
        .chain([line.len()])
        .collect();
    let column = boundaries[rng.below(boundaries.len())];
    let before: Vec<char> = line[..column].chars().collect();
    // A piece of another line of the file, up to `most` characters.
    let piece = |rng: &mut Rng, most: usize, from_start: bool| -> Vec<char> {
        let (_, other) = lines[rng.below(lines.len())];
        let chars: Vec<char> = other.chars().collect();
        let from = if from_start {
            0
        } else {
            rng.below(chars.len())
        };
        let len = 1 + rng.below(most);
        chars[from..chars.len().min(from + len)].to_vec()
    };
    let backspaces = |n: usize| vec![Key::Backspace; n];
    let typed = |chars: &[char]| chars.iter().map(|&c| Key::Type(c)).collect::<Vec<_>>();
    let mode = rng.below(100);
    if mode < 35 && !before.is_empty() {
        // A typo noticed: the last few characters deleted and typed again.
        let n = (1 + rng.below(4)).min(before.len());
        let mut keys = backspaces(n);
        keys.extend(typed(&before[before.len() - n..]));
        (start + column, keys)
    } else if mode < 65 && !before.is_empty() {
        let n = (1 + rng.below(3)).min(before.len());
        let mut keys = backspaces(n);
        keys.extend(typed(&piece(rng, 3, false)));
        (start + column, keys)
    } else if mode < 85 {
        (start + column, typed(&piece(rng, 10, false)))
    } else {
        let mut keys = vec![Key::Type('\n')];
        keys.extend(typed(&piece(rng, 20, true)));
        (start + line.len(), keys)
    }
}

/// Each line's byte offset and text, without its line break.
fn lines_of(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_inclusive('\n').scan(0, |at, line| {
        let start = *at;
        *at += line.len();
        Some((start, line.trim_end_matches(['\n', '\r'])))
    })
}

/// What an editor cancels when the document changes under a request.
const STALE_AFTER_AN_EDIT: [&str; 5] = [
    "textDocument/semanticTokens/full",
    "textDocument/codeAction",
    "textDocument/inlayHint",
    "textDocument/documentSymbol",
    "textDocument/foldingRange",
];

struct Pending {
    method: &'static str,
    document: usize,
    sent: Instant,
    cancelled: bool,
}

/// The client's side of a run: the server, the documents, what is in flight.
struct Replay<'a> {
    server: &'a mut TestServer,
    documents: Vec<Document>,
    encoding: String,
    pending: HashMap<i64, Pending>,
    /// When each (document, version) was sent.
    changed_at: HashMap<(usize, i64), Instant>,
    /// The diagnostics last published for each document, and their version.
    published: Vec<(i64, Value)>,
    /// Bursts whose diagnostics have not come: (version, last key).
    awaiting: HashMap<usize, (i64, Instant)>,
    outcome: Outcome,
}

impl Replay<'_> {
    fn document_index(&self, uri: &Value) -> Option<usize> {
        self.documents.iter().position(|d| d.uri == *uri)
    }

    /// Reads what the server says until `until` (at least what already came).
    fn pump_until(&mut self, until: Instant) {
        while let Some(msg) = self.server.next_message(until) {
            self.take(msg, Instant::now());
        }
    }

    fn take(&mut self, msg: Value, at: Instant) {
        if msg["method"] == "textDocument/publishDiagnostics" {
            let params = &msg["params"];
            let (Some(d), Some(version)) = (
                self.document_index(&params["uri"]),
                params["version"].as_i64(),
            ) else {
                return;
            };
            if let Some(sent) = self.changed_at.remove(&(d, version)) {
                self.outcome.diagnostics.push(at - sent);
            }
            if let Some(&(burst_version, last_key)) = self.awaiting.get(&d) {
                if version >= burst_version {
                    self.outcome.after_burst.push(at - last_key);
                    self.awaiting.remove(&d);
                }
            }
            if version >= self.published[d].0 {
                self.published[d] = (version, params["diagnostics"].clone());
            }
            return;
        }
        let Some(id) = msg["id"].as_i64() else {
            return; // Other notifications (log messages) say nothing about load.
        };
        let Some(pending) = self.pending.remove(&id) else {
            self.outcome
                .errors
                .push(format!("an answer to no request: {msg}"));
            return;
        };
        match msg.get("error") {
            None => self
                .outcome
                .latencies
                .entry(pending.method)
                .or_default()
                .push(at - pending.sent),
            Some(e) if e["code"] == -32800 => {
                *self.outcome.cancelled.entry(pending.method).or_default() += 1
            }
            Some(e) => self.outcome.errors.push(format!(
                "{} on {}: {e}",
                pending.method, self.documents[pending.document].uri
            )),
        }
    }

    fn request(&mut self, method: &'static str, document: usize, params: Value) {
        let id = self.server.send_request(method, params);
        *self.outcome.sent.entry(method).or_default() += 1;
        let sent = Instant::now();
        let pending = Pending {
            method,
            document,
            sent,
            cancelled: false,
        };
        self.pending.insert(id, pending);
    }

    /// `$/cancelRequest` for what is still in flight among `methods` on `document`.
    fn cancel(&mut self, document: usize, methods: &[&str]) {
        let mut stale: Vec<i64> = self
            .pending
            .iter()
            .filter(|(_, p)| !p.cancelled && p.document == document && methods.contains(&p.method))
            .map(|(&id, _)| id)
            .collect();
        stale.sort();
        for id in stale {
            self.server.notify("$/cancelRequest", json!({ "id": id }));
            // Its answer (a result or -32800) is still awaited.
            let pending = self.pending.get_mut(&id).unwrap();
            pending.cancelled = true;
            *self.outcome.cancels_sent.entry(pending.method).or_default() += 1;
        }
    }

    fn position(&self, document: usize, offset: usize) -> Value {
        let (line, character) = position_of(&self.documents[document].text, offset, &self.encoding);
        json!({ "line": line, "character": character })
    }

    fn text_document(&self, document: usize) -> Value {
        json!({ "uri": self.documents[document].uri })
    }

    /// The lines an editor shows around `offset`.
    fn visible(&self, document: usize, offset: usize) -> Value {
        let (line, _) = position_of(&self.documents[document].text, offset, &self.encoding);
        json!({
            "start": { "line": line.saturating_sub(30), "character": 0 },
            "end": { "line": line + 30, "character": 0 },
        })
    }

    /// What an editor asks when a document comes into view or typing stops.
    fn look(&mut self, d: usize, cursor: usize) {
        let doc = self.text_document(d);
        self.cancel(d, &STALE_AFTER_AN_EDIT);
        self.request(
            "textDocument/semanticTokens/full",
            d,
            json!({ "textDocument": doc }),
        );
        self.request(
            "textDocument/documentSymbol",
            d,
            json!({ "textDocument": doc }),
        );
        self.request(
            "textDocument/foldingRange",
            d,
            json!({ "textDocument": doc }),
        );
        let range = self.visible(d, cursor);
        self.request(
            "textDocument/inlayHint",
            d,
            json!({ "textDocument": doc, "range": range }),
        );
        self.code_action(d, cursor);
    }

    fn code_action(&mut self, d: usize, cursor: usize) {
        let at = self.position(d, cursor);
        let params = json!({
            "textDocument": self.text_document(d),
            "range": { "start": at, "end": at },
            "context": { "diagnostics": [], "triggerKind": 2 },
        });
        self.request("textDocument/codeAction", d, params);
    }

    /// The mouse rests on a character near the cursor.
    fn hover(&mut self, d: usize, cursor: usize, rng: &mut Rng) {
        let text = &self.documents[d].text;
        let mut at = (cursor + rng.below(200))
            .saturating_sub(100)
            .min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let params =
            json!({ "textDocument": self.text_document(d), "position": self.position(d, at) });
        self.cancel(d, &["textDocument/hover"]);
        self.request("textDocument/hover", d, params);
    }

    /// One key at `cursor` of document `d`; the new cursor.
    fn key(&mut self, d: usize, cursor: usize, key: Key) -> usize {
        let text = &self.documents[d].text;
        let (start, end, typed) = match key {
            Key::Type(c) => (cursor, cursor, c.to_string()),
            Key::Backspace => {
                let before = text[..cursor].chars().next_back().map_or(0, char::len_utf8);
                (cursor - before, cursor, String::new())
            }
        };
        let change = json!({
            "range": { "start": self.position(d, start), "end": self.position(d, end) },
            "text": typed,
        });
        let document = &mut self.documents[d];
        document.text.replace_range(start..end, &typed);
        document.version += 1;
        let version = document.version;
        self.server
            .change(&document.uri.clone(), version, vec![change]);
        self.changed_at
            .insert((d, i64::from(version)), Instant::now());
        self.outcome.keys += 1;
        let cursor = start + typed.len();
        // Each edit makes the open requests on this document stale.
        self.cancel(d, &STALE_AFTER_AN_EDIT);
        self.request(
            "textDocument/semanticTokens/full",
            d,
            json!({ "textDocument": self.text_document(d) }),
        );
        self.code_action(d, cursor);
        // Completion opens at a word's first letter or a trigger character;
        // while the word goes on the editor filters what it has.
        if let Key::Type(c) = key {
            let text = &self.documents[d].text;
            let previous = text[..start].chars().next_back();
            let starts_word = c.is_alphanumeric() && !previous.is_some_and(char::is_alphanumeric);
            let trigger = "+-: '\"$([,".contains(c);
            if starts_word || trigger {
                let context = if trigger {
                    json!({ "triggerKind": 2, "triggerCharacter": c.to_string() })
                } else {
                    json!({ "triggerKind": 1 })
                };
                let params = json!({
                    "textDocument": self.text_document(d),
                    "position": self.position(d, cursor),
                    "context": context,
                });
                self.cancel(d, &["textDocument/completion"]);
                self.request("textDocument/completion", d, params);
            }
        }
        cursor
    }

    /// Waits (a minute at most) for every answer and every document's
    /// diagnostics at its last version.
    fn settle(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(60);
        let done = |r: &Self| {
            r.pending.is_empty()
                && r.documents
                    .iter()
                    .zip(&r.published)
                    .all(|(d, (v, _))| i64::from(d.version) == *v)
        };
        while !done(self) {
            match self.server.next_message(deadline) {
                Some(msg) => self.take(msg, Instant::now()),
                None => break,
            }
        }
        let mut unanswered: Vec<String> = self
            .pending
            .values()
            .map(|p| format!("{} on {}", p.method, self.documents[p.document].uri))
            .collect();
        for (d, (v, _)) in self.documents.iter().zip(&self.published) {
            if i64::from(d.version) != *v {
                unanswered.push(format!("diagnostics of {} at version {}", d.uri, d.version));
            }
        }
        unanswered.sort();
        self.outcome.unanswered = unanswered;
    }
}

/// What a server shows of one document: its diagnostics and the answers
/// that cover the whole text. Equal views of equal texts are the test of
/// the final state (the server has no request that returns the text itself).
fn view(
    server: &mut TestServer,
    document: &Document,
    diagnostics: &Value,
    encoding: &str,
) -> Value {
    let doc = json!({ "uri": document.uri });
    let (line, character) = position_of(&document.text, document.text.len(), encoding);
    let whole = json!({ "start": { "line": 0, "character": 0 }, "end": { "line": line, "character": character } });
    let mut ask = |method: &str, params: Value| server.request_ok(method, params);
    let info = ask("levls/documentInfo", json!({ "textDocument": doc }));
    json!({
        "format": info["format"],
        "status": info["status"],
        "diagnostics": diagnostics,
        "documentSymbol": ask("textDocument/documentSymbol", json!({ "textDocument": doc })),
        "foldingRange": ask("textDocument/foldingRange", json!({ "textDocument": doc })),
        "semanticTokens": ask("textDocument/semanticTokens/full", json!({ "textDocument": doc }))["data"],
        "inlayHint": ask("textDocument/inlayHint", json!({ "textDocument": doc, "range": whole })),
        "formatting": ask("textDocument/formatting", json!({ "textDocument": doc, "options": { "tabSize": 4, "insertSpaces": true } })),
    })
}

/// The parts of two views that differ.
fn differences(got: &Value, fresh: &Value) -> Vec<String> {
    let (Some(got), Some(fresh)) = (got.as_object(), fresh.as_object()) else {
        return vec!["the whole view".into()];
    };
    got.iter()
        .filter(|(k, v)| fresh.get(*k) != Some(v))
        .map(|(k, v)| format!("{k}: {v} ≠ fresh {}", fresh.get(k).unwrap_or(&Value::Null)))
        .collect()
}

/// Every document's view in a fresh server that opens the final texts.
fn fresh_views(bin: &str, options: InitOptions, documents: &[Document]) -> Vec<Value> {
    let mut fresh = TestServer::start_with(bin, options);
    let encoding = fresh.position_encoding();
    let mut views = Vec::new();
    for document in documents {
        fresh.open(&document.uri, document.language_id, &document.text);
        let diagnostics = fresh.wait_diagnostics_version(&document.uri, 1)["diagnostics"].take();
        views.push(view(&mut fresh, document, &diagnostics, &encoding));
    }
    fresh.shutdown_and_exit();
    views
}

/// Opens the documents of `plan` in `bin --stdio`, types in them and asks as
/// an editor does, then compares each document's final state with a fresh
/// server's.
pub fn run(bin: &str, sources: &Sources, plan: &Plan) -> Outcome {
    let workspace =
        std::env::temp_dir().join(format!("levls-load-{}-{}", plan.seed, std::process::id()));
    let _ = std::fs::remove_dir_all(&workspace);
    let mut rng = Rng(plan.seed);
    let documents = documents(sources, &workspace, plan.documents, &mut rng);
    // As VS Code: UTF-16 positions, the workspace folder as root.
    let options = || InitOptions {
        position_encodings: vec!["utf-16".into()],
        root: Some(workspace.clone()),
        ..Default::default()
    };
    let mut server = TestServer::start_with(bin, options());
    let encoding = server.position_encoding();
    let mut opened = Vec::new();
    for document in &documents {
        server.open(&document.uri, document.language_id, &document.text);
        let diagnostics = server.wait_diagnostics_version(&document.uri, 1)["diagnostics"].take();
        opened.push(diagnostics);
    }
    let opening_views: Vec<Value> = documents
        .iter()
        .zip(&opened)
        .map(|(d, diagnostics)| view(&mut server, d, diagnostics, &encoding))
        .collect();
    let mut replay = Replay {
        published: opened.into_iter().map(|d| (1, d)).collect(),
        server: &mut server,
        documents,
        encoding: encoding.clone(),
        pending: HashMap::new(),
        changed_at: HashMap::new(),
        awaiting: HashMap::new(),
        outcome: Outcome::default(),
    };
    for document in &replay.documents {
        *replay.outcome.kinds.entry(document.kind).or_default() += 1;
    }
    let started = Instant::now();
    let mut next = started;
    let mut active = rng.below(replay.documents.len());
    for b in 0..plan.bursts {
        let switched = b == 0 || rng.chance(25);
        if switched {
            active = rng.below(replay.documents.len());
        }
        let (mut cursor, keys) = burst(&replay.documents[active].text, &mut rng);
        if switched {
            replay.pump_until(next);
            replay.look(active, cursor);
        }
        for key in keys {
            next += Duration::from_millis(rng.between(plan.pace.key_gap_ms));
            replay.pump_until(next);
            cursor = replay.key(active, cursor, key);
            if rng.chance(10) {
                replay.hover(active, cursor, &mut rng);
            }
        }
        let version = i64::from(replay.documents[active].version);
        replay.awaiting.insert(active, (version, Instant::now()));
        replay.outcome.bursts += 1;
        // Typing stopped: the editor catches up on what it shows.
        next += Duration::from_millis(rng.between(plan.pace.key_gap_ms) * 3);
        replay.pump_until(next);
        replay.look(active, cursor);
        if rng.chance(50) {
            replay.hover(active, cursor, &mut rng);
        }
        next += Duration::from_millis(rng.between(plan.pace.pause_ms));
    }
    replay.pump_until(next);
    replay.settle();
    replay.outcome.elapsed = started.elapsed();
    let Replay {
        documents,
        published,
        mut outcome,
        ..
    } = replay;
    if outcome.unanswered.is_empty() {
        let final_views: Vec<Value> = documents
            .iter()
            .zip(&published)
            .map(|(d, (_, diagnostics))| view(&mut server, d, diagnostics, &encoding))
            .collect();
        let fresh = fresh_views(bin, options(), &documents);
        for ((document, got), fresh) in documents.iter().zip(&final_views).zip(&fresh) {
            let differ = differences(got, fresh);
            if !differ.is_empty() {
                outcome.mismatches.push(format!(
                    "{} ({}): {}",
                    document.uri,
                    document.kind,
                    differ.join("; ")
                ));
            }
        }
        outcome.changed = final_views
            .iter()
            .zip(&opening_views)
            .filter(|(end, start)| end != start)
            .count();
    }
    server.shutdown_and_exit();
    let _ = std::fs::remove_dir_all(&workspace);
    outcome
}
