//! `levls check`: the same analysis as the server, printed for people
//! (rustc-style carets) or for tools (JSON, GitHub workflow commands, SARIF);
//! and the CLI's own documents: shell completions and man pages.

pub mod convert;
pub mod documents;
mod files;
mod flags;
mod github;
mod human;
mod json;
mod paths;
pub mod render;
mod sarif;

use crate::formats::embedded::{self, Host};
use crate::formats::settings::project;
use crate::formats::{self, Diagnostic, Format, Settings, Severity, SourceFile};
use crate::text::LineIndex;
use crate::workspace::Index;
pub use flags::{ListingFlags, SettingFlags};
use rayon::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum OutputFormat {
    /// `file:line:col: severity[code]: message`, the line and a caret span.
    Human,
    /// A JSON array, one object per diagnostic.
    Json,
    /// GitHub Actions workflow commands: annotations on the pull request.
    Github,
    /// SARIF 2.1.0, for code scanning (`upload-sarif`).
    Sarif,
}

/// One checked file and what was found in it; for a file whose levels are
/// embedded in another language, one part of it (the whole file, or a
/// notebook's cell), with positions in that part's text.
pub struct Checked {
    pub path: PathBuf,
    pub text: String,
    pub lines: LineIndex,
    /// The name of the format the diagnostics come from (or of the host
    /// file, when it holds no level).
    pub format: &'static str,
    /// The notebook cell `text` is, numbered from 1.
    pub cell: Option<usize>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Checked {
    /// The message, saying which notebook cell its line counts in, for the
    /// outputs that have no place for a cell (GitHub, SARIF).
    pub fn message(&self, d: &Diagnostic) -> String {
        match self.cell {
            Some(n) => format!("cell {n}: {}", d.message),
            None => d.message.clone(),
        }
    }
}

/// What a file found for checking is: a level file, or a file of another
/// language with level texts inside (Python, a notebook).
#[derive(Clone, Copy)]
pub enum Kind {
    Level(&'static dyn Format),
    Host(&'static Host),
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Level(format) => format.name(),
            Kind::Host(host) => host.name,
        }
    }
}

/// A file over [`formats::MAX_FILE_BYTES`]: one diagnostic, nothing read or parsed.
fn refused(path: &Path, kind: Kind, len: usize) -> Checked {
    let diagnostics = vec![formats::too_large(len)];
    Checked {
        path: path.to_path_buf(),
        lines: LineIndex::new(""),
        text: String::new(),
        format: kind.name(),
        cell: None,
        diagnostics,
    }
}

/// Analyse one file's text as `format`.
pub fn check_text(
    path: &Path,
    text: String,
    format: &'static dyn Format,
    settings: &Settings,
) -> Checked {
    if text.len() > formats::MAX_FILE_BYTES {
        return refused(path, Kind::Level(format), text.len());
    }
    let tree = formats::parse(format, &text);
    // What the format reads of the text, kept between the analysis and the
    // judging of its fixes, as the server keeps it per version (NetHack read
    // the file twice: half of `levls check` on a megabyte of levels).
    let memo = formats::Memo::default();
    let file = SourceFile {
        text: &text,
        tree: &tree,
        path: Some(path),
        settings,
        memo: Some(&memo),
        history: None,
        workspace: None,
    };
    let mut diagnostics = format.diagnostics(&file);
    format.keep_helpful_fixes(&file, &mut diagnostics);
    Checked {
        path: path.to_path_buf(),
        lines: LineIndex::new(&text),
        text,
        format: format.name(),
        cell: None,
        diagnostics,
    }
}

/// Check the levels inside a host file: one [`Checked`] per part and format
/// with levels, in order; one without diagnostics when the file has none.
pub fn check_host(
    path: &Path,
    text: String,
    host: &'static Host,
    settings: &Settings,
) -> Vec<Checked> {
    if text.len() > formats::MAX_FILE_BYTES {
        return vec![refused(path, Kind::Host(host), text.len())];
    }
    let parts: Vec<Checked> = embedded::check(host, &text, settings)
        .into_iter()
        .map(|part| Checked {
            path: path.to_path_buf(),
            lines: LineIndex::new(&part.text),
            text: part.text,
            format: part.format.name(),
            cell: part.cell,
            diagnostics: part.diagnostics,
        })
        .collect();
    if parts.is_empty() {
        return vec![Checked {
            path: path.to_path_buf(),
            lines: LineIndex::new(""),
            text: String::new(),
            format: host.name,
            cell: None,
            diagnostics: Vec::new(),
        }];
    }
    parts
}

/// How `levls check` runs: its options besides the paths.
pub struct CheckOptions {
    pub output: OutputFormat,
    /// The setting flags (`--nethack-dialect`): they beat what a `levls.toml` says.
    pub flags: Settings,
    /// `--jobs`: threads checking files (default: one per core).
    pub jobs: Option<usize>,
    /// `--ignore-unknown`: a named file in no format levls knows is skipped,
    /// as inside directories, instead of an error (pre-commit hands every file).
    pub ignore_unknown: bool,
    /// `--all`: print every diagnostic of a file in `human` and `github`
    /// output too, not only the first [`formats::cap::LIMIT`].
    pub all: bool,
}

/// How many diagnostics per file an output prints. People read `human` and
/// GitHub's annotations, so they get the editor's cap unless `--all`; tools
/// read JSON and SARIF, which count and filter, so those are always complete.
fn limit(output: OutputFormat, all: bool) -> Option<usize> {
    match output {
        OutputFormat::Human | OutputFormat::Github if !all => Some(formats::cap::LIMIT),
        _ => None,
    }
}

/// The diagnostics of `r` that an output with `limit` prints, the one for
/// the rest last.
fn printed(r: &Checked, limit: Option<usize>) -> Vec<std::borrow::Cow<'_, Diagnostic>> {
    use std::borrow::Cow;
    let capped = formats::cap::cap(&r.text, &r.diagnostics, limit.unwrap_or(usize::MAX));
    let more = capped.more.map(Cow::Owned);
    capped
        .shown
        .into_iter()
        .map(Cow::Borrowed)
        .chain(more)
        .collect()
}

/// Files checked at once: each batch is checked in parallel and printed in
/// order before the next is read, so output streams in a stable order and
/// memory stays flat however many files there are.
const BATCH_PER_THREAD: usize = 16;

/// Prints each file's results as they come, in the chosen output format.
enum Printer {
    Human(human::Printer),
    Json(json::Printer),
    Github(github::Printer),
    Sarif(sarif::Printer),
}

/// One file to check, with the settings that apply to it.
struct Job {
    path: PathBuf,
    kind: Kind,
    settings: Settings,
}

/// Check `paths`, printing as files are checked.
pub fn check(paths: &[PathBuf], options: CheckOptions) -> ExitCode {
    let found = files::collect(paths, options.ignore_unknown);
    let mut configs = project::Finder::default();
    let mut bad_configs = std::collections::BTreeSet::new();
    let mut io_error = !found.errors.is_empty();
    for e in &found.errors {
        eprintln!("levls: {e}");
    }
    let threads = options
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("start the checking threads");
    let mut jobs = Vec::with_capacity(found.files.len());
    for (path, kind) in found.files {
        let project = configs.settings_for(&path).unwrap_or_else(|e| {
            if bad_configs.insert(e.clone()) {
                eprintln!("levls: {e}");
            }
            io_error = true;
            Settings::default()
        });
        let settings = options.flags.clone().or(&project);
        jobs.push(Job {
            path,
            kind,
            settings,
        });
    }
    // The facts of the files others depend on, read first: a `.des` file's
    // diagnostics may come from the `dungeon.def` beside it.
    let indexed: Vec<PathBuf> = jobs
        .iter()
        .filter(|job| matches!(job.kind, Kind::Level(f) if !f.indexed_extensions().is_empty()))
        .filter_map(|job| std::path::absolute(&job.path).ok())
        .collect();
    let index = pool.install(|| Index::of_files(&indexed));
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut printer = match options.output {
        OutputFormat::Human => {
            Printer::Human(human::Printer::new(limit(options.output, options.all)))
        }
        OutputFormat::Json => Printer::Json(json::Printer::default()),
        OutputFormat::Github => {
            Printer::Github(github::Printer::new(limit(options.output, options.all)))
        }
        OutputFormat::Sarif => Printer::Sarif(sarif::Printer::default()),
    };
    let mut errors = false;
    for batch in jobs.chunks(BATCH_PER_THREAD * threads) {
        let results: Vec<Result<Vec<Checked>, String>> = pool.install(|| {
            batch
                .par_iter()
                .map(|job| check_file(job, &index))
                .collect()
        });
        for result in results {
            let parts = match result {
                Ok(parts) => parts,
                Err(e) => {
                    eprintln!("levls: {e}");
                    io_error = true;
                    continue;
                }
            };
            for checked in parts {
                errors |= checked
                    .diagnostics
                    .iter()
                    .any(|d| d.severity == Severity::Error);
                let printed = match &mut printer {
                    Printer::Human(p) => p.print(&mut out, &checked),
                    Printer::Json(p) => p.print(&mut out, &checked),
                    Printer::Github(p) => p.print(&mut out, &checked),
                    Printer::Sarif(p) => p.print(&mut out, &checked),
                };
                if printed.is_err() {
                    // The reader went away (`levls check … | head`): stop quietly.
                    return ExitCode::from(2);
                }
            }
        }
        let _ = out.flush();
    }
    let _ = match printer {
        Printer::Human(p) => p.finish(&mut out),
        Printer::Json(p) => p.finish(&mut out),
        Printer::Github(p) => p.finish(&mut out),
        Printer::Sarif(p) => p.finish(&mut out),
    };
    let _ = out.flush();
    if io_error {
        ExitCode::from(2)
    } else if errors {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Read and check one file (not even read when too large to check), with
/// what the other files of `index` say of it.
fn check_file(job: &Job, index: &Index) -> Result<Vec<Checked>, String> {
    let len = std::fs::metadata(&job.path).map_or(0, |m| m.len() as usize);
    if len > formats::MAX_FILE_BYTES {
        return Ok(vec![refused(&job.path, job.kind, len)]);
    }
    let bytes = std::fs::read(&job.path).map_err(|e| format!("{}: {e}", job.path.display()))?;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    Ok(match job.kind {
        Kind::Level(format) => {
            let mut checked = check_text(&job.path, text, format, &job.settings);
            let across = std::path::absolute(&job.path)
                .map_or_else(|_| Vec::new(), |path| index.cross_diagnostics(&path));
            if !across.is_empty() {
                checked.diagnostics.extend(across);
                checked
                    .diagnostics
                    .sort_by_key(|d| (d.range.start, d.range.end));
            }
            vec![checked]
        }
        Kind::Host(host) => check_host(&job.path, text, host, &job.settings),
    })
}
