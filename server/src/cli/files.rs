//! Which files `levls check` looks at: named files in any known format (the
//! others are errors, or skipped with `--ignore-unknown`), and inside
//! directories the files whose extension or content is a known format; and
//! files of a language that holds levels (by extension), whether or not
//! they hold one. A directory is walked as the project's own tools would:
//! hidden, ignored and installed files are left out.

use super::Kind;
use crate::formats::{self, embedded};
use std::path::{Path, PathBuf};

pub struct Found {
    pub files: Vec<(PathBuf, Kind)>,
    pub errors: Vec<String>,
}

/// How much of a file's start content sniffing reads.
const SNIFF_BYTES: usize = 4096;

fn sniff(path: &Path) -> std::io::Result<Option<Kind>> {
    use std::io::Read;
    if let Some(host) = embedded::host_for(path) {
        return Ok(Some(Kind::Host(host)));
    }
    let mut head = Vec::with_capacity(SNIFF_BYTES);
    std::fs::File::open(path)?
        .take(SNIFF_BYTES as u64)
        .read_to_end(&mut head)?;
    let text = String::from_utf8_lossy(&head);
    Ok(formats::detect(Some(path), None, &text).map(|d| Kind::Level(d.format)))
}

pub fn collect(paths: &[PathBuf], ignore_unknown: bool) -> Found {
    let mut found = Found {
        files: Vec::new(),
        errors: Vec::new(),
    };
    for path in paths {
        match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => walk(path, &mut found),
            // A FIFO or a device would block the read, or never end.
            Ok(m) if !m.is_file() => found
                .errors
                .push(format!("{}: not a regular file; skipped", path.display())),
            Ok(_) => match sniff(path) {
                Ok(Some(kind)) => found.files.push((path.clone(), kind)),
                Ok(None) if ignore_unknown => {}
                Ok(None) => found
                    .errors
                    .push(format!("{}: not a level file levls knows", path.display())),
                Err(e) => found.errors.push(format!("{}: {e}", path.display())),
            },
            Err(e) => found.errors.push(format!("{}: {e}", path.display())),
        }
    }
    found
}

/// Walks a named directory the way a project's own tools do (the `ignore`
/// crate, ripgrep's walker, rather than a hand-written one): hidden files and
/// folders, what `.gitignore`/`.ignore` files exclude (in a Git checkout or
/// not) and Python environments are skipped, so `levls check .` in a MiniHack
/// project reads the project's files, not the thousands of `.py` files of its
/// `.venv`. Symlinks are not followed: no loops.
fn walk(dir: &Path, found: &mut Found) {
    let walker = ignore::WalkBuilder::new(dir)
        .require_git(false)
        .follow_links(false)
        .sort_by_file_name(|a, b| a.cmp(b))
        .filter_entry(|entry| {
            !(entry.file_type().is_some_and(|t| t.is_dir()) && is_environment(entry.path()))
        })
        .build();
    for entry in walker {
        match entry {
            Ok(entry) if entry.file_type().is_some_and(|t| t.is_file()) => {
                if let Ok(Some(kind)) = sniff(entry.path()) {
                    found.files.push((entry.into_path(), kind));
                }
            }
            Ok(_) => {}
            Err(e) => found.errors.push(e.to_string()),
        }
    }
}

/// A folder of installed packages, not of the project: a Python virtual
/// environment (it has `pyvenv.cfg`, whatever its name), `site-packages`,
/// `node_modules`, `__pycache__` (a folder's entry only).
fn is_environment(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    matches!(name, "site-packages" | "node_modules" | "__pycache__")
        || path.join("pyvenv.cfg").is_file()
}
