//! `levls check`: the same analysis as the server, printed for people
//! (rustc-style carets) or for tools (JSON).

mod config;
mod files;
mod human;
mod json;

use crate::formats::{self, Diagnostic, Format, Settings, Severity, SourceFile};
use crate::text::LineIndex;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum OutputFormat {
    Human,
    Json,
}

/// One checked file and what was found in it.
pub struct Checked {
    pub path: PathBuf,
    pub text: String,
    pub lines: LineIndex,
    pub format: &'static dyn Format,
    pub diagnostics: Vec<Diagnostic>,
}

/// A file over [`formats::MAX_FILE_BYTES`]: one diagnostic, nothing read or parsed.
fn refused(path: &Path, format: &'static dyn Format, len: usize) -> Checked {
    let diagnostics = vec![formats::too_large(len)];
    Checked {
        path: path.to_path_buf(),
        lines: LineIndex::new(""),
        text: String::new(),
        format,
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
        return refused(path, format, text.len());
    }
    let tree = formats::parse(format, &text);
    let diagnostics = format.diagnostics(&SourceFile {
        text: &text,
        tree: &tree,
        path: Some(path),
        settings,
    });
    Checked {
        path: path.to_path_buf(),
        lines: LineIndex::new(&text),
        text,
        format,
        diagnostics,
    }
}

/// Check `paths`. `wuas_definitions` (`--wuas-definitions`) and `nethack_dialect`
/// (`--nethack-dialect`) beat what a `levls.toml` says.
pub fn check(
    paths: &[PathBuf],
    output: OutputFormat,
    wuas_definitions: Option<PathBuf>,
    nethack_dialect: Option<formats::nethack::Dialect>,
) -> ExitCode {
    let found = files::collect(paths);
    let mut configs = config::Finder::default();
    let mut bad_configs = std::collections::BTreeSet::new();
    let mut io_error = !found.errors.is_empty();
    for e in &found.errors {
        eprintln!("levls: {e}");
    }
    let mut results = Vec::new();
    for (path, format) in found.files {
        // Do not even read a file that is too large to check.
        let len = std::fs::metadata(&path).map_or(0, |m| m.len() as usize);
        if len > formats::MAX_FILE_BYTES {
            results.push(refused(&path, format, len));
            continue;
        }
        match std::fs::read(&path) {
            Ok(bytes) => {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let mut settings = configs.settings_for(&path).unwrap_or_else(|e| {
                    if bad_configs.insert(e.clone()) {
                        eprintln!("levls: {e}");
                    }
                    io_error = true;
                    Settings::default()
                });
                if let Some(d) = &wuas_definitions {
                    settings.wuas_definitions = Some(d.clone());
                }
                if nethack_dialect.is_some() {
                    settings.nethack_dialect = nethack_dialect;
                }
                results.push(check_text(&path, text, format, &settings));
            }
            Err(e) => {
                eprintln!("levls: {}: {e}", path.display());
                io_error = true;
            }
        }
    }
    match output {
        OutputFormat::Human => human::print(&results),
        OutputFormat::Json => json::print(&results),
    }
    let errors = results
        .iter()
        .flat_map(|r| &r.diagnostics)
        .any(|d| d.severity == Severity::Error);
    if io_error {
        ExitCode::from(2)
    } else if errors {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
