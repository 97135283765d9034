//! The real compilers: running a `lev_comp` (3.6.6 live in the test; a 3.4.3
//! one or a variant's only when recording), reading its messages, and the
//! recorded verdicts (`verdicts-3.4.3.tsv`, `verdicts-<variant>.tsv`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Debian's NetHack 3.6.6 lev_comp, installed by `scripts/install-tools`.
pub(crate) const LEV_COMP: &str = "/usr/lib/games/nethack/lev_comp";
/// lev_comp takes milliseconds; a run this long is a hang.
const TIMEOUT: Duration = Duration::from_secs(10);
/// Recorded messages are cut here: the first error is one line.
const MESSAGE_CHARS: usize = 200;

pub(crate) enum Oracle {
    Accepted,
    /// With lev_comp's first message.
    Rejected(String),
    /// Killed by a signal: no level built. With the signal and the first
    /// message printed before, if any.
    Crashed(i32, String),
    TimedOut,
}

/// Runs lev_comp 3.6.6 on `file` in the fresh directory `dir`.
pub(crate) fn lev_comp(file: &Path, dir: &Path) -> Oracle {
    run(Path::new(LEV_COMP), file, dir)
}

/// Runs `binary` on `file` in the fresh directory `dir`: lev_comp writes
/// `<levelname>.lev` into the current directory, and names collide across
/// files.
pub(crate) fn run(binary: &Path, file: &Path, dir: &Path) -> Oracle {
    run_with_warnings(binary, file, dir).0
}

/// [`run`], with the warnings lev_comp printed (`FILE: line N : WARNING :
/// …`), in its order: a lev_comp that only warns still builds the level.
pub(crate) fn run_with_warnings(binary: &Path, file: &Path, dir: &Path) -> Run {
    std::fs::create_dir_all(dir).unwrap();
    let name = file.file_name().unwrap();
    std::fs::copy(file, dir.join(name)).unwrap();
    // Output goes to a file: a pipe nobody reads could fill up and block it.
    let out = std::fs::File::create(dir.join("oracle.out")).unwrap();
    let mut child = Command::new(binary)
        .arg(name)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(out.try_clone().unwrap())
        .stderr(out)
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e}", binary.display()));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if started.elapsed() > TIMEOUT {
            child.kill().ok();
            child.wait().ok();
            break None;
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    let text = std::fs::read_to_string(dir.join("oracle.out")).unwrap_or_default();
    std::fs::remove_dir_all(dir).ok();
    // Its first error: warnings (`Unknown room type`, which it then fixes up)
    // come first but do not reject.
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let first = lines
        .iter()
        .find(|l| l.contains(": line ") && !l.contains("WARNING"))
        .or(lines.first())
        .unwrap_or(&"")
        .to_string();
    let warnings = lines
        .iter()
        .filter(|l| l.contains(": line ") && l.contains("WARNING"))
        .map(|l| l.to_string())
        .collect();
    let Some(status) = status else {
        return (Oracle::TimedOut, warnings);
    };
    let oracle = match status.code() {
        Some(0) => Oracle::Accepted,
        Some(_) => Oracle::Rejected(first),
        None => {
            use std::os::unix::process::ExitStatusExt;
            Oracle::Crashed(status.signal().unwrap_or(0), first)
        }
    };
    (oracle, warnings)
}

/// The line lev_comp names, in both dialects' forms: `FILE: line N : message`
/// (3.4.3) and `FILE: line N, pos M: message` (3.6).
pub(crate) fn message_line(message: &str) -> Option<u64> {
    let rest = message.split(": line ").nth(1)?;
    rest.split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// The message without its file, line and position.
pub(crate) fn message_text(message: &str) -> &str {
    let Some((_, rest)) = message.split_once(": line ") else {
        return message;
    };
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    let rest = match rest.strip_prefix(", pos ") {
        Some(r) => r.trim_start_matches(|c: char| c.is_ascii_digit()),
        None => rest,
    };
    rest.trim_start_matches([' ', ':']).trim()
}

/// What the oracle said about one file: accepted, or rejected at a line (none
/// when it crashed before naming one) with its first message (without file
/// and position). An accepted file with a `warning` has that warning's line
/// and message (only the variants' verdicts record warnings).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Verdict {
    pub accepted: bool,
    pub warning: bool,
    pub line: Option<u64>,
    pub message: String,
}

impl Verdict {
    /// `None` for a timeout: no verdict.
    pub fn of(oracle: &Oracle) -> Option<Verdict> {
        match oracle {
            Oracle::Accepted => Some(Verdict {
                accepted: true,
                warning: false,
                line: None,
                message: String::new(),
            }),
            Oracle::Rejected(m) => Some(Verdict {
                accepted: false,
                warning: false,
                line: message_line(m),
                message: message_text(m).to_string(),
            }),
            Oracle::Crashed(signal, first) => Some(Verdict {
                accepted: false,
                warning: false,
                line: message_line(first),
                message: match message_text(first) {
                    "" => format!("crashed (signal {signal}), no level built"),
                    m => format!("crashed (signal {signal}), no level built; first: {m}"),
                },
            }),
            Oracle::TimedOut => None,
        }
    }

    /// An accepted file's verdict with lev_comp's `warning` line.
    pub fn warned(warning: &str) -> Verdict {
        Verdict {
            accepted: true,
            warning: true,
            line: message_line(warning),
            message: message_text(warning).to_string(),
        }
    }
}

/// FNV-1a of a generated file, so a recorded verdict is only used for the
/// text it was recorded on.
pub(crate) fn text_hash(text: &str) -> String {
    let h = text.bytes().fold(0xcbf29ce484222325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100000001b3)
    });
    format!("{h:016x}")
}

/// One row of the recorded verdicts.
pub(crate) struct Recorded {
    pub hash: String,
    pub verdict: Verdict,
}

/// Where the verdicts of one compiler (`3.4.3`, or a variant's name) are kept.
pub(crate) fn recorded_path(compiler: &str) -> PathBuf {
    crate::repo_root().join(format!("tests/e2e/oracle/verdicts-{compiler}.tsv"))
}

const HEADER: &str = "source\tmutation\thash\tverdict\tline\tmessage";

/// `(source file, mutation) → verdict` from the TSV.
pub(crate) fn read_recorded(path: &Path) -> HashMap<(String, String), Recorded> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}; re-record it", path.display()));
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(HEADER), "{}", path.display());
    lines
        .map(|l| {
            let cells: Vec<&str> = l.split('\t').collect();
            assert_eq!(cells.len(), 6, "{}: {l}", path.display());
            assert!(
                ["ok", "warning", "REJ"].contains(&cells[3]),
                "{}: {l}",
                path.display()
            );
            let verdict = Verdict {
                accepted: cells[3] != "REJ",
                warning: cells[3] == "warning",
                line: cells[4].parse().ok(),
                message: cells[5].to_string(),
            };
            (
                (cells[0].to_string(), cells[1].to_string()),
                Recorded {
                    hash: cells[2].to_string(),
                    verdict,
                },
            )
        })
        .collect()
}

/// A message as a recorded TSV keeps it: on one line, cut to its first
/// `MESSAGE_CHARS` characters.
pub(crate) fn one_line(message: &str) -> String {
    message
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(MESSAGE_CHARS)
        .collect()
}

/// Rows of `(source file, mutation, hash, verdict)` as the TSV, messages on
/// one line.
pub(crate) fn write_recorded(path: &Path, rows: &[(String, String, String, Verdict)]) {
    let mut out = String::from(HEADER);
    out.push('\n');
    for (source, mutation, hash, v) in rows {
        let message = one_line(&v.message);
        out.push_str(&format!(
            "{source}\t{mutation}\t{hash}\t{}\t{}\t{message}\n",
            match (v.accepted, v.warning) {
                (false, _) => "REJ",
                (true, true) => "warning",
                (true, false) => "ok",
            },
            v.line.map_or(String::new(), |l| l.to_string()),
        ));
    }
    std::fs::write(path, out).unwrap();
}

pub(crate) fn des_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "des"))
        .collect();
    files.sort();
    files
}

/// lev_comp's verdict on one file and the warnings it printed.
pub(crate) type Run = (Oracle, Vec<String>);

/// `binary` on every file, on a few worker threads, each run in its own
/// directory under `scratch`, with its warnings ([`run_with_warnings`]).
pub(crate) fn run_all(binary: &Path, files: &[&Path], scratch: &Path) -> Vec<Run> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let results: Vec<Mutex<Option<Run>>> = files.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(file) = files.get(i) else { break };
                let dir = scratch.join(format!("run{i}"));
                *results[i].lock().unwrap() = Some(run_with_warnings(binary, file, &dir));
            });
        }
    });
    results
        .into_iter()
        .map(|r| r.into_inner().unwrap().unwrap())
        .collect()
}
