//! What the code checks read: the tables of a Markdown page, and the code
//! literals of the Rust files under a folder, as text.

use std::path::{Path, PathBuf};

/// A Markdown table: its header cells (lower case) and its rows with their
/// 1-based line numbers.
pub struct MdTable {
    pub header: Vec<String>,
    pub rows: Vec<(usize, Vec<String>)>,
}

impl MdTable {
    pub fn column(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| h == name)
    }
}

/// Every table of a Markdown page (a header line, a `|---|` line, rows).
pub fn tables(markdown: &str) -> Vec<MdTable> {
    let lines: Vec<&str> = markdown.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i + 1 < lines.len() {
        let is_rule =
            |l: &str| l.starts_with('|') && l.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '));
        if !(lines[i].starts_with('|') && is_rule(lines[i + 1])) {
            i += 1;
            continue;
        }
        let header = cells(lines[i]).iter().map(|c| c.to_lowercase()).collect();
        let mut rows = Vec::new();
        let mut j = i + 2;
        while j < lines.len() && lines[j].starts_with('|') {
            rows.push((j + 1, cells(lines[j])));
            j += 1;
        }
        out.push(MdTable { header, rows });
        i = j;
    }
    out
}

/// The cells of a table line, trimmed, with `\|` read as `|`.
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().strip_prefix('|').unwrap_or(line);
    let inner = match inner.strip_suffix('|') {
        Some(s) if !s.ends_with('\\') => s,
        _ => inner,
    };
    let mut out = Vec::new();
    let mut cell = String::new();
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.next_if_eq(&'|').is_some() => cell.push('|'),
            '|' => out.push(std::mem::take(&mut cell)),
            c => cell.push(c),
        }
    }
    out.push(cell);
    out.iter().map(|c| c.trim().to_string()).collect()
}

/// The codes written in backquotes in `text` (`` `derf::unknown-flag` ``)
/// under one of `prefixes`.
pub fn quoted_codes<'t>(text: &'t str, prefixes: &[&str]) -> Vec<&'t str> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| is_code(s, prefixes))
        .collect()
}

/// Is `s` a whole code: a known prefix, `::`, then lower-case words joined
/// by `-` (and `.` in a version: `nethack::dropped-in-3.6`)?
pub fn is_code(s: &str, prefixes: &[&str]) -> bool {
    s.split_once("::").is_some_and(|(prefix, name)| {
        prefixes.contains(&prefix)
            && name.starts_with(|c: char| c.is_ascii_lowercase())
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.')
    })
}

/// A string literal of Rust source that starts like a code (`"derf::…"`).
pub struct Literal {
    pub file: PathBuf,
    pub line: usize,
    /// The literal's content, without quotes.
    pub text: String,
    /// In test code (a tests file or folder, or an inline `#[cfg(test)] mod`).
    pub in_test: bool,
}

/// Every literal under `dir` that starts with a known prefix and `::`, in
/// file order, leaving out the files and folders `skip`.
pub fn literals(dir: &Path, skip: &[PathBuf], prefixes: &[&str]) -> Vec<Literal> {
    let mut out = Vec::new();
    for file in rust_files(dir) {
        if skip.iter().any(|s| file.starts_with(s)) {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("read a source file");
        let mut in_test = is_test_file(file.strip_prefix(dir).unwrap_or(&file));
        let mut after_cfg_test = false;
        for (n, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            in_test |= after_cfg_test && trimmed.starts_with("mod ") && trimmed.ends_with('{');
            after_cfg_test = trimmed == "#[cfg(test)]";
            for prefix in prefixes {
                for (at, _) in line.match_indices(&format!("\"{prefix}::")) {
                    let rest = &line[at + 1..];
                    out.push(Literal {
                        file: file.clone(),
                        line: n + 1,
                        text: rest[..rest.find('"').unwrap_or(rest.len())].to_string(),
                        in_test,
                    });
                }
            }
        }
    }
    out
}

/// Files and folders of tests by the house names (`path` below the scanned
/// folder): `tests.rs`, `tests_*.rs`, `*_tests.rs`, `test_support.rs`,
/// anything under `tests/`.
fn is_test_file(path: &Path) -> bool {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    stem.starts_with("tests")
        || stem.ends_with("_tests")
        || stem == "test_support"
        || path.components().any(|c| c.as_os_str() == "tests")
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("read a source folder")
        .map(|e| e.expect("a folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}
