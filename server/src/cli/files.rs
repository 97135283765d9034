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
/// The largest file read whole when its start did not tell.
const WHOLE_SNIFF_BYTES: u64 = 1024 * 1024;

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
    if let Some(d) = formats::detect(Some(path), None, &text) {
        return Ok(Some(Kind::Level(d.format)));
    }
    // A file whose format shows late (a Lua level's first `des.` call after
    // its functions): the whole of it, when it is not large.
    let late = path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        formats::registry()
            .iter()
            .any(|f| f.content_extensions().contains(&e))
    });
    if !late || head.len() < SNIFF_BYTES || std::fs::metadata(path)?.len() > WHOLE_SNIFF_BYTES {
        return Ok(None);
    }
    let whole = std::fs::read(path)?;
    let text = String::from_utf8_lossy(&whole);
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

/// Walks a named directory as the project's own tools would
/// ([`crate::workspace::walk`]).
fn walk(dir: &Path, found: &mut Found) {
    for entry in crate::workspace::walk::walker(dir) {
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
