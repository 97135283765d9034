//! levls' verdicts: `levls check --format json` over many files at once, the
//! dialect forced (`--nethack-dialect X`), left to detection, or set by a
//! variant (`--variant X`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// levls' "first error" for a file it does not claim: it reports nothing.
pub(crate) const DECLINED: &str = "(declined: not a level file levls knows)";

/// levls' verdict: accepted, and its first error's line and text
/// (`line:col code message`), and every error and warning.
pub(crate) struct Levls {
    pub accepted: bool,
    pub line: Option<u64>,
    pub first_error: String,
    pub flagged: Vec<Flagged>,
}

/// One error or warning levls gave.
pub(crate) struct Flagged {
    pub line: u64,
    pub error: bool,
    pub code: String,
}

impl Levls {
    /// The code of its first error.
    pub fn code(&self) -> &str {
        self.first_error.split(' ').nth(1).unwrap_or("")
    }
}

/// `levls check` over `files` in `batches` processes side by side, with the
/// dialect `forced` or detected (`None`).
pub(crate) fn check_all(
    files: &[&Path],
    forced: Option<&str>,
    batches: usize,
) -> HashMap<PathBuf, Levls> {
    let args = match forced {
        Some(dialect) => vec!["--nethack-dialect", dialect],
        None => Vec::new(),
    };
    check_all_with(files, &args, batches)
}

/// `levls check` with the options `args` over `files` in `batches`
/// processes side by side.
pub(crate) fn check_all_with(
    files: &[&Path],
    args: &[&str],
    batches: usize,
) -> HashMap<PathBuf, Levls> {
    if files.is_empty() {
        return HashMap::new();
    }
    let mut verdicts = HashMap::new();
    std::thread::scope(|s| {
        let running: Vec<_> = files
            .chunks(files.len().div_ceil(batches.max(1)))
            .map(|chunk| s.spawn(move || check(chunk, args)))
            .collect();
        for batch in running {
            verdicts.extend(batch.join().unwrap());
        }
    });
    verdicts
}

/// One `levls check --format json ARGS… FILES…`, split by the
/// diagnostics' `file`.
fn check(files: &[&Path], args: &[&str]) -> HashMap<PathBuf, Levls> {
    let mut command = Command::new(crate::LEVLS);
    command.args(["check", "--format", "json"]).args(args);
    let out = command.args(files).output().unwrap();
    let code = out.status.code();
    // A named file levls does not claim (a `.des` with no level header is a
    // Crawl vault to it) is a usage error, exit 2: record it, fail on the rest.
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut declined = Vec::new();
    for line in stderr.lines().filter(|l| !l.trim().is_empty()) {
        match line
            .strip_prefix("levls: ")
            .and_then(|l| l.strip_suffix(": not a level file levls knows"))
        {
            Some(path) => declined.push(PathBuf::from(path)),
            None => panic!("levls check exited {code:?}: {stderr}"),
        }
    }
    let usage_error = if declined.is_empty() { None } else { Some(2) };
    assert!(
        code == Some(0) || code == Some(1) || code == usage_error,
        "levls check exited {code:?}: {stderr}"
    );
    let diagnostics: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut verdicts: HashMap<PathBuf, Levls> = files
        .iter()
        .map(|f| {
            let first_error = if declined.iter().any(|d| d == f) {
                DECLINED.to_string()
            } else {
                String::new()
            };
            let verdict = Levls {
                accepted: true,
                line: None,
                first_error,
                flagged: Vec::new(),
            };
            (f.to_path_buf(), verdict)
        })
        .collect();
    // Errors come in position order per file; keep the first.
    for d in diagnostics.as_array().unwrap() {
        let error = d["severity"] == "error";
        if !error && d["severity"] != "warning" {
            continue;
        }
        let file = PathBuf::from(d["file"].as_str().unwrap());
        let verdict = verdicts
            .get_mut(&file)
            .unwrap_or_else(|| panic!("levls reported a file it was not given: {file:?}"));
        verdict.flagged.push(Flagged {
            line: d["line"].as_u64().unwrap(),
            error,
            code: d["code"].as_str().unwrap_or("").to_string(),
        });
        if error && verdict.accepted {
            verdict.accepted = false;
            verdict.line = d["line"].as_u64();
            verdict.first_error = format!(
                "{}:{} {} {}",
                d["line"],
                d["column"],
                d["code"].as_str().unwrap_or(""),
                d["message"].as_str().unwrap_or("")
            );
        }
    }
    let rejected = verdicts.values().any(|v| !v.accepted);
    if declined.is_empty() {
        assert_eq!(
            code == Some(1),
            rejected,
            "levls' exit code and its JSON errors disagree"
        );
    }
    verdicts
}
