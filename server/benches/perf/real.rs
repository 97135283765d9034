//! Figure 13: typing anywhere in real files. Each document is a real file of
//! the shared corpus (`../shared/corpus`, or `LEVLS_SHARED`), at its own size,
//! and a megabyte of real content: for NetHack the 3.4.3 corpus,
//! concatenated until it is one; for WUAS the floors of a real board again
//! and again. At a random place a character is typed, and deleted at
//! the next edit, so every other version is the real file again: what an
//! author does, wherever the cursor is, not only in comments or map rows.
//!
//! Per document: `didChange` → `publishDiagnostics` of that version over
//! stdio, p50/p99/max; the server's resident memory settled after opening,
//! halfway and after every edit (flat means nothing is kept from version to
//! version: the second half of the edits adds nothing); and
//! tree-sitter's own incremental reparse of the same edits in process, the
//! floor, with levls's p50 and p99 over it.

use crate::report::{percentile, Row};
use crate::support::client::{edit, TestServer};
use crate::LEVLS;
use levls::formats::{self, Format};
use levls::text::{Encoding, LineIndex};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tree_sitter::{InputEdit, Point};

/// One real document.
struct Real {
    label: String,
    format: &'static dyn Format,
    language_id: &'static str,
    /// Its own path when it is one file (so what lies beside it counts, as
    /// WUAS definitions do); a made-up one for the concatenation.
    path: PathBuf,
    text: String,
}

/// The shared corpus: `LEVLS_SHARED`, else `../shared` beside the repository.
pub fn corpus() -> PathBuf {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    std::env::var_os("LEVLS_SHARED")
        .map_or_else(|| repo.join("../shared"), PathBuf::from)
        .join("corpus")
}

fn real(
    corpus: &Path,
    file: &str,
    format: &str,
    language_id: &'static str,
    label: &str,
) -> Option<Real> {
    let path = corpus.join(file);
    let text = std::fs::read_to_string(&path).ok()?;
    Some(Real {
        label: format!("{label} ({} KB)", text.len() / 1000),
        format: formats::by_name(format)?,
        language_id,
        path,
        text,
    })
}

/// The real files measured; those missing from this machine are skipped.
fn documents(corpus: &Path) -> Vec<Real> {
    let mut out: Vec<Real> = [
        (
            "nethack/3.6/mines.des",
            "nethack",
            "nethack-des",
            "mines.des",
        ),
        (
            "nethack/3.6/endgame.des",
            "nethack",
            "nethack-des",
            "endgame.des",
        ),
        (
            "frupal/jnichols-pdx-frupal/maps/castle.fmap",
            "frupal",
            "frupal",
            "castle.fmap",
        ),
        (
            "frupal/jnichols-pdx-frupal/maps/bigmap_1.fmap",
            "frupal",
            "frupal",
            "bigmap_1.fmap",
        ),
        (
            "wuas/reconstructed/2023-uncle/uncle-turn12.dat",
            "wuas",
            "wuas",
            "uncle-turn12.dat",
        ),
        (
            "dungeon-mystery/dungeoneer/dungeoneer-settings.default-export.json",
            "dungeon-mystery",
            "dungeon-mystery",
            "the Dungeoneer export",
        ),
    ]
    .iter()
    .filter_map(|(file, format, id, label)| real(corpus, file, format, id, label))
    .collect();
    // A megabyte of real levels: every 3.4.3 file, again and again.
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus.join("nethack/3.4.3"))
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "des"))
        .collect();
    files.sort();
    let texts: Vec<String> = files
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    if !texts.is_empty() {
        let mut text = String::new();
        while text.len() < 1_000_000 {
            for t in &texts {
                text.push_str(t);
                if !text.ends_with('\n') {
                    text.push('\n');
                }
            }
        }
        out.push(made(
            "the 3.4.3 corpus concatenated",
            "nethack",
            "nethack-des",
            "nethack-343-concatenated.des",
            text,
        ));
    }
    // A megabyte of real WUAS floors (figure 8's board, smaller).
    if let Some(text) = crate::render::real_board(corpus, 1_000_000) {
        out.push(made(
            "a board of uncle-turn12's floors again and again",
            "wuas",
            "wuas",
            "wuas-floors.dat",
            text,
        ));
    }
    out
}

/// A document made of real content, with its size in its label and a
/// made-up path named `file`.
fn made(what: &str, format: &str, language_id: &'static str, file: &str, text: String) -> Real {
    Real {
        label: format!("{what} ({:.2} MB)", text.len() as f64 / 1e6),
        format: formats::by_name(format).unwrap(),
        language_id,
        path: Path::new("/bench/real").join(file),
        text,
    }
}

/// One edit: bytes `start..end` become `text`.
pub struct Typed {
    pub start: usize,
    pub end: usize,
    pub text: &'static str,
}

/// What an author types: letters mostly, some digits, blanks and the
/// punctuation of every format.
const KEYS: [&str; 16] = [
    "e", "a", "x", "M", "o", "1", "7", " ", ",", ":", "(", "\"", ".", "#", "-", "{",
];

/// `n` edits: a key typed at a random place, then deleted, and so on.
pub fn typing(text: &str, n: usize, seed: u64) -> Vec<Typed> {
    let mut rng = crate::inputs::Lcg(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut at = rng.next(text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        // Not between the CR and the LF of a line break.
        if text[..at].ends_with('\r') {
            continue;
        }
        let key = KEYS[rng.next(KEYS.len())];
        out.push(Typed {
            start: at,
            end: at,
            text: key,
        });
        out.push(Typed {
            start: at,
            end: at + key.len(),
            text: "",
        });
    }
    out.truncate(n);
    out
}

/// Each of `typed` sent as a `didChange` of `text` (kept up to date), the
/// first as version `first_version`, timed until `wait` returns.
pub fn time_edits(
    server: &mut TestServer,
    uri: &str,
    text: &mut String,
    typed: &[Typed],
    first_version: i32,
    wait: impl Fn(&mut TestServer, &str, i32),
) -> Vec<Duration> {
    let mut times = Vec::with_capacity(typed.len());
    for (n, t) in typed.iter().enumerate() {
        let lines = LineIndex::new(text);
        let at = |offset| {
            let (line, column) = lines.position(text, offset, Encoding::Utf16);
            (line as u32, column as u32)
        };
        let ((l1, c1), (l2, c2)) = (at(t.start), at(t.end));
        let version = first_version + n as i32;
        let start = Instant::now();
        server.change(uri, version, vec![edit(l1, c1, l2, c2, t.text)]);
        wait(server, uri, version);
        times.push(start.elapsed());
        text.replace_range(t.start..t.end, t.text);
    }
    times
}

/// Tree-sitter alone: the same edits, each an `edit` of the old tree and an
/// incremental parse, timed.
fn raw_reparse(format: &dyn Format, original: &str, typed: &[Typed]) -> Vec<Duration> {
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(&format.language()).unwrap();
    let mut text = original.to_string();
    let mut tree = parser.parse(&text, None).unwrap();
    let mut times = Vec::with_capacity(typed.len());
    for t in typed {
        let lines = LineIndex::new(&text);
        let point = |offset| {
            let (row, column) = lines.position(&text, offset, Encoding::Utf8);
            Point { row, column }
        };
        let (start_position, old_end_position) = (point(t.start), point(t.end));
        let start = Instant::now();
        text.replace_range(t.start..t.end, t.text);
        let new_end = t.start + t.text.len();
        tree.edit(&InputEdit {
            start_byte: t.start,
            old_end_byte: t.end,
            new_end_byte: new_end,
            start_position,
            old_end_position,
            new_end_position: Point {
                row: start_position.row,
                column: start_position.column + t.text.len(),
            },
        });
        tree = parser.parse(&text, Some(&tree)).unwrap();
        times.push(start.elapsed());
    }
    times
}

/// The server's resident memory once it has answered everything and been
/// idle long enough to give back what it freed.
pub fn settled_rss(server: &mut TestServer) -> f64 {
    server.request_ok("levls/stats", json!({}));
    std::thread::sleep(Duration::from_millis(1_000));
    crate::memory::rss_mb(server.pid()).0
}

/// Figure 13 for the documents of `formats` (names as `--formats` takes them).
pub fn run(edits: usize, formats: &[&str]) -> Vec<Row> {
    let corpus = corpus();
    let mut documents = documents(&corpus);
    documents.retain(|d| formats.contains(&d.format.name()));
    if documents.is_empty() {
        eprintln!(
            "figure 13: no real files in {} (set LEVLS_SHARED)",
            corpus.display()
        );
    }
    let mut rows = Vec::new();
    for (i, doc) in documents.iter().enumerate() {
        let typed = typing(&doc.text, edits, 13 + i as u64);
        let mut server = TestServer::start(LEVLS);
        let before = settled_rss(&mut server);
        let uri = crate::support::client::file_uri(&doc.path);
        server.open(&uri, doc.language_id, &doc.text);
        server.wait_diagnostics_version(&uri, 1);
        let opened = settled_rss(&mut server);
        // Memory halfway too: growth in the second half is what the edits
        // keep; the first half also fills the allocator's arenas.
        let mut text = doc.text.clone();
        let (first, second) = typed.split_at(typed.len() / 2);
        let wait = |server: &mut TestServer, uri: &str, version: i32| {
            server.wait_diagnostics_version(uri, version);
        };
        let mut times = time_edits(&mut server, &uri, &mut text, first, 2, wait);
        let halfway = settled_rss(&mut server);
        let next = 2 + first.len() as i32;
        times.extend(time_edits(&mut server, &uri, &mut text, second, next, wait));
        let edited = settled_rss(&mut server);
        server.shutdown_and_exit();
        let mut raw = raw_reparse(doc.format, &doc.text, &typed);
        times.sort();
        raw.sort();
        let (p50, p99) = (percentile(&times, 0.5), percentile(&times, 0.99));
        let (raw50, raw99) = (percentile(&raw, 0.5), percentile(&raw, 0.99));
        let megabyte = doc.text.len() >= 1_000_000;
        let row = Row::new(
            13,
            format!("typing anywhere {} {}", doc.format.name(), doc.label),
        )
        .value("edits", typed.len() as f64)
        .ms("p50_ms", p50);
        // Per megabyte only where there is one: a small file's few MB are
        // the server's, not the document's.
        let added = opened - before;
        let row = if megabyte {
            row.ms_under("p99_ms", p99, 5.0).under(
                "added_mb_per_mb",
                added / (doc.text.len() as f64 / 1e6),
                20.0,
            )
        } else {
            row.ms_under("p99_ms", p99, 2.0).value("added_mb", added)
        };
        rows.push(
            row.ms("max_ms", *times.last().unwrap_or(&Duration::ZERO))
                .ms("reparse_p50_ms", raw50)
                .ms("reparse_p99_ms", raw99)
                .value("p50_over_reparse", p50.as_secs_f64() / raw50.as_secs_f64())
                .value("p99_over_reparse", p99.as_secs_f64() / raw99.as_secs_f64())
                .value("rss_open_mb", opened)
                .value("rss_growth_over_edits_mb", edited - opened)
                .under("rss_growth_second_half_mb", edited - halfway, 1.0),
        );
    }
    rows
}
