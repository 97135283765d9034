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

/// Analyse one file's text as `format`.
pub fn check_text(
    path: &Path,
    text: String,
    format: &'static dyn Format,
    settings: &Settings,
) -> Checked {
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

/// Check `paths`. `wuas_definitions` (`--wuas-definitions`) beats any `levls.toml`.
pub fn check(
    paths: &[PathBuf],
    output: OutputFormat,
    wuas_definitions: Option<PathBuf>,
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
        match std::fs::read(&path) {
            Ok(bytes) => {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let settings = match &wuas_definitions {
                    Some(d) => Settings {
                        wuas_definitions: Some(d.clone()),
                    },
                    None => configs.settings_for(&path).unwrap_or_else(|e| {
                        if bad_configs.insert(e.clone()) {
                            eprintln!("levls: {e}");
                        }
                        io_error = true;
                        Settings::default()
                    }),
                };
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
