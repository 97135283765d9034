//! The 3.6 agreement test: for every 3.6-dialect corpus and probe file, the
//! 3.6 mutants and generated one-edit variations of the corpus, `levls check
//! --nethack-dialect 3.6` and the real NetHack 3.6.6 `lev_comp` (Debian's,
//! installed by `scripts/install-tools`) agree on accept/reject; every
//! disagreement is a bug or a decision listed in `DECISIONS`
//! (docs/formats/nethack-parts/oracle36.md).
//!
//! `cargo test -p levls --test e2e oracle -- --nocapture` prints the table and
//! the first disagreements; `LEVLS_ORACLE_REPORT_ONLY=1` prints without
//! asserting agreement (levls and lev_comp still have to run properly).

#[path = "oracle36/mutate.rs"]
pub(crate) mod mutate;

use crate::shared;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub(crate) const LEV_COMP: &str = "/usr/lib/games/nethack/lev_comp";
/// lev_comp takes milliseconds; a run this long is a hang.
const LEV_COMP_TIMEOUT: Duration = Duration::from_secs(10);
/// Variations generated per corpus file, and the seed they come from.
const GENERATED_PER_FILE: usize = 20;
const SEED: u64 = 36;
/// How many disagreements of each set the report prints in full.
const SHOWN_PER_SET: usize = 15;

/// Documented disagreements: (set/file, why), e.g. ("generated/Arch.g07.des",
/// "…"). Each is a decision in docs/formats/nethack-parts/oracle36.md.
const DECISIONS: &[(&str, &str)] = &[];

/// levls' "first error" for a file it does not claim: it reports nothing.
const DECLINED: &str = "(declined: not a level file levls knows)";

/// One input file.
struct Input {
    /// `corpus`, `splicehack`, `probes`, `mutants` or `generated`.
    set: &'static str,
    path: PathBuf,
    /// What was changed, for mutants and generated files.
    note: String,
    /// The verdict recorded for it (the mutants' 3.6.7, the probes' 3.6).
    recorded: Option<bool>,
}

impl Input {
    fn id(&self) -> String {
        format!(
            "{}/{}",
            self.set,
            self.path.file_name().unwrap().to_string_lossy()
        )
    }
}

pub(crate) enum Oracle {
    Accepted,
    /// With lev_comp's first message.
    Rejected(String),
    /// Killed by a signal or timed out: no verdict.
    Crashed(String),
}

/// levls' verdict: accepted, and its first error as `line:col code message`.
struct Levls {
    accepted: bool,
    first_error: String,
}

/// Runs lev_comp on `file` in the fresh directory `dir`: it writes
/// `<levelname>.lev` into the current directory, and names collide across files.
pub(crate) fn lev_comp(file: &Path, dir: &Path) -> Oracle {
    std::fs::create_dir_all(dir).unwrap();
    let name = file.file_name().unwrap();
    std::fs::copy(file, dir.join(name)).unwrap();
    // Output goes to files: a pipe nobody reads could fill up and block it.
    let out = std::fs::File::create(dir.join("oracle.out")).unwrap();
    let mut child = Command::new(LEV_COMP)
        .arg(name)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(out.try_clone().unwrap())
        .stderr(out)
        .spawn()
        .unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if started.elapsed() > LEV_COMP_TIMEOUT {
            child.kill().ok();
            child.wait().ok();
            break None;
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    let text = std::fs::read_to_string(dir.join("oracle.out")).unwrap_or_default();
    // Its first error: warnings (`Unknown room type`, which it then fixes up)
    // come first but do not reject.
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let first = lines
        .iter()
        .find(|l| l.contains(": line ") && !l.contains("WARNING"))
        .or(lines.first())
        .unwrap_or(&"")
        .to_string();
    std::fs::remove_dir_all(dir).ok();
    match status.map(|s| s.code()) {
        None => Oracle::Crashed(format!("timed out after {LEV_COMP_TIMEOUT:?}")),
        Some(None) => Oracle::Crashed(format!("killed by a signal; {first}")),
        Some(Some(0)) => Oracle::Accepted,
        Some(Some(_)) => Oracle::Rejected(first),
    }
}

/// One `levls check --nethack-dialect 3.6 --format json` over many files,
/// split by the diagnostics' `file`.
fn levls(files: &[&Path]) -> HashMap<PathBuf, Levls> {
    if files.is_empty() {
        return HashMap::new();
    }
    let out = Command::new(crate::LEVLS)
        .args(["check", "--nethack-dialect", "3.6", "--format", "json"])
        .args(files)
        .output()
        .unwrap();
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
            (
                f.to_path_buf(),
                Levls {
                    accepted: true,
                    first_error: if declined.iter().any(|d| d == f) {
                        DECLINED.to_string()
                    } else {
                        String::new()
                    },
                },
            )
        })
        .collect();
    // Errors come in position order per file; keep the first.
    for d in diagnostics.as_array().unwrap() {
        if d["severity"] != "error" {
            continue;
        }
        let file = PathBuf::from(d["file"].as_str().unwrap());
        let verdict = verdicts
            .get_mut(&file)
            .unwrap_or_else(|| panic!("levls reported a file it was not given: {file:?}"));
        if verdict.accepted {
            verdict.accepted = false;
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

pub(crate) fn des_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "des"))
        .collect();
    files.sort();
    files
}

/// `file → (verdict is ok, the rest of the row)` from a VERDICTS.tsv whose
/// verdict is in `column`.
fn recorded(tsv: &Path, column: &str) -> HashMap<String, (bool, Vec<String>)> {
    let text = std::fs::read_to_string(tsv).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let at = header.iter().position(|c| *c == column).unwrap();
    lines
        .map(|l| {
            let cells: Vec<String> = l.split('\t').map(str::to_string).collect();
            (cells[0].clone(), (cells[at] == "ok", cells))
        })
        .collect()
}

fn inputs(scratch: &Path) -> Vec<Input> {
    let nethack = shared().join("corpus/nethack");
    let mut inputs = Vec::new();
    let plain = |set, path| Input {
        set,
        path,
        note: String::new(),
        recorded: None,
    };
    let corpus = des_files(&nethack.join("3.6"));
    assert_eq!(corpus.len(), 24, "the 3.6 corpus has 24 files");
    inputs.extend(corpus.iter().cloned().map(|p| plain("corpus", p)));
    let splice = des_files(&nethack.join("variants/splicehack"));
    inputs.extend(splice.into_iter().map(|p| plain("splicehack", p)));

    let probes = recorded(&nethack.join("probes/VERDICTS.tsv"), "3.6");
    for path in des_files(&nethack.join("probes")) {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let mut input = plain("probes", path);
        input.recorded = probes.get(&name).map(|(ok, _)| *ok);
        inputs.push(input);
    }

    let dir = shared().join("mutants/nethack-3.6");
    let mutants = recorded(&dir.join("VERDICTS.tsv"), "verdict");
    let mutant_files = des_files(&dir);
    assert_eq!(mutant_files.len(), 200, "200 mutants in {}", dir.display());
    for path in mutant_files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let (ok, cells) = &mutants[&name];
        inputs.push(Input {
            set: "mutants",
            path,
            note: cells.get(2).cloned().unwrap_or_default(),
            recorded: Some(*ok),
        });
    }

    let out = scratch.join("generated");
    std::fs::create_dir_all(&out).unwrap();
    for source in &corpus {
        let text = std::fs::read_to_string(source).unwrap();
        let stem = source.file_stem().unwrap().to_string_lossy().to_string();
        let mut rng = mutate::Lcg::new(mutate::seed_for(&stem, SEED));
        for (i, (what, new)) in mutate::variations(&text, GENERATED_PER_FILE, &mut rng)
            .into_iter()
            .enumerate()
        {
            let path = out.join(format!("{stem}.g{i:02}.des"));
            std::fs::write(&path, new).unwrap();
            inputs.push(Input {
                set: "generated",
                path,
                note: what,
                recorded: None,
            });
        }
    }
    inputs
}

/// What a disagreement is about, for counting: lev_comp's message without its
/// file, position and quoted names; levls' code.
fn category(oracle: &Oracle, levls: &Levls) -> String {
    if levls.first_error == DECLINED {
        return format!("levls misses: {DECLINED}");
    }
    match oracle {
        Oracle::Rejected(message) if levls.accepted => {
            // `FILE: line N, pos M: message`: keep the message.
            let rest = message
                .split_once(": line ")
                .and_then(|(_, r)| r.split_once(": "))
                .map_or(message.as_str(), |(_, m)| m);
            // A syntax error is grouped by the kind of token it stopped at.
            if let Some(token) = rest.strip_prefix("syntax error at ") {
                let token = token.strip_prefix('"').unwrap_or(token);
                let token = token.strip_suffix('"').unwrap_or(token);
                let kind = match token.chars().next() {
                    None => "\"\" (end of line or file)",
                    Some('"') => "a \"string\"",
                    Some('\'') => "a 'c' character",
                    Some('$') => "a $variable",
                    Some('[') => "[",
                    Some(c) if c.is_ascii_digit() || c == '-' => "a number",
                    Some(c) if c.is_ascii_alphabetic() => {
                        if token.chars().all(|c| c.is_ascii_uppercase() || c == '_') {
                            "an UPPERCASE word"
                        } else {
                            "a word not all uppercase"
                        }
                    }
                    _ => token,
                };
                return format!("levls misses: syntax error at {kind}");
            }
            // Other messages: without the names they quote.
            let mut out = String::new();
            let mut quoted = None;
            for c in rest.chars() {
                match quoted {
                    Some(q) if c == q => {
                        out.push('…');
                        out.push(c);
                        quoted = None;
                    }
                    Some(_) => {}
                    None if c == '"' || c == '\'' => {
                        out.push(c);
                        quoted = Some(c);
                    }
                    // Numbers too: `Coordinates (N,N) out of map range!`.
                    None if c.is_ascii_digit() || c == '-' => {
                        if !out.ends_with('N') {
                            out.push('N');
                        }
                    }
                    None => out.push(c),
                }
            }
            format!("levls misses: {out}")
        }
        _ => {
            let code = levls.first_error.split(' ').nth(1).unwrap_or("");
            format!("levls-only error: {code}")
        }
    }
}

#[test]
fn nethack36_oracle_agreement() {
    assert!(
        Path::new(LEV_COMP).is_file(),
        "{LEV_COMP} is missing: the 3.6 agreement test needs NetHack 3.6's real lev_comp; \
         run scripts/install-tools (scripts/test runs it first)"
    );
    let report_only = std::env::var("LEVLS_ORACLE_REPORT_ONLY").is_ok_and(|v| v == "1");
    let started = Instant::now();
    let scratch = std::env::temp_dir().join(format!("levls-oracle36-{}", std::process::id()));
    std::fs::remove_dir_all(&scratch).ok();
    let inputs = inputs(&scratch);

    // lev_comp on worker threads, levls in a few batches beside them.
    let oracles: Vec<Mutex<Option<Oracle>>> = inputs.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    let mut verdicts = HashMap::new();
    let paths: Vec<&Path> = inputs.iter().map(|i| i.path.as_path()).collect();
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(input) = inputs.get(i) else { break };
                let dir = scratch.join(format!("run{i}"));
                *oracles[i].lock().unwrap() = Some(lev_comp(&input.path, &dir));
            });
        }
        let batches: Vec<_> = paths
            .chunks(paths.len().div_ceil(workers))
            .map(|chunk| s.spawn(move || levls(chunk)))
            .collect();
        for batch in batches {
            verdicts.extend(batch.join().unwrap());
        }
    });
    std::fs::remove_dir_all(&scratch).ok();
    let oracles: Vec<Oracle> = oracles
        .into_iter()
        .map(|o| o.into_inner().unwrap().unwrap())
        .collect();

    // set → [files, agree, levls-only errors, levls misses, oracle crashes]
    let mut table: BTreeMap<&str, [usize; 5]> = BTreeMap::new();
    let mut shown = Vec::new();
    let mut categories: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut problems = Vec::new();
    let mut changed_verdicts = Vec::new();
    for (input, oracle) in inputs.iter().zip(&oracles) {
        let id = input.id();
        let levls = &verdicts[&input.path];
        let row = table.entry(input.set).or_default();
        row[0] += 1;
        let decided = DECISIONS.iter().find(|(f, _)| *f == id);
        let oracle_ok = match oracle {
            Oracle::Crashed(why) => {
                row[4] += 1;
                problems.push(format!("{id}: lev_comp crashed ({why}); no verdict"));
                continue;
            }
            Oracle::Accepted => true,
            Oracle::Rejected(_) => false,
        };
        if let Some(recorded) = input.recorded {
            if recorded != oracle_ok {
                changed_verdicts.push(format!(
                    "{id}: recorded {}, lev_comp 3.6.6 {}",
                    verdict(recorded),
                    verdict(oracle_ok)
                ));
            }
        }
        if input.set == "corpus" && !(oracle_ok && levls.accepted) {
            problems.push(format!(
                "{id}: a real file must get no error: lev_comp {}, levls {} {}",
                verdict(oracle_ok),
                verdict(levls.accepted),
                levls.first_error
            ));
        }
        if oracle_ok == levls.accepted {
            row[1] += 1;
            if let Some((_, why)) = decided {
                problems.push(format!("{id}: agrees now; drop its decision ({why})"));
            }
            continue;
        }
        row[if levls.accepted { 3 } else { 2 }] += 1;
        categories
            .entry(category(oracle, levls))
            .or_default()
            .push(id.clone());
        let message = match oracle {
            Oracle::Rejected(m) => m.as_str(),
            _ => "",
        };
        let line = format!(
            "{id} [{}]: lev_comp {} | levls {} {}{}",
            input.note,
            verdict(oracle_ok),
            verdict(levls.accepted),
            levls.first_error,
            if message.is_empty() {
                String::new()
            } else {
                format!(" | lev_comp: {message}")
            },
        );
        if shown.iter().filter(|(set, _)| *set == input.set).count() < SHOWN_PER_SET {
            shown.push((input.set, line.clone()));
        }
        if decided.is_none() && input.set != "corpus" {
            problems.push(line);
        }
    }
    for (id, _) in DECISIONS {
        if !inputs.iter().any(|i| i.id() == *id) {
            problems.push(format!("{id}: a decision for a file that is not an input"));
        }
    }

    eprintln!("\nlevls --nethack-dialect 3.6 vs lev_comp 3.6.6 ({LEV_COMP})");
    eprintln!(
        "{:<11} {:>5} {:>6} {:>17} {:>12} {:>15}",
        "set", "files", "agree", "levls-only errors", "levls misses", "oracle crashes"
    );
    let mut total = [0usize; 5];
    for set in ["corpus", "splicehack", "probes", "mutants", "generated"] {
        let row = table.get(set).copied().unwrap_or_default();
        for (t, r) in total.iter_mut().zip(row) {
            *t += r;
        }
        print_row(set, row);
    }
    print_row("total", total);
    eprintln!(
        "(levls-only error: levls rejects, lev_comp accepts; levls miss: lev_comp rejects, levls accepts)"
    );
    eprintln!(
        "recorded verdicts (mutants: 3.6.7, probes: VERDICTS.tsv 3.6) that lev_comp 3.6.6 gives differently: {}",
        changed_verdicts.len()
    );
    for c in &changed_verdicts {
        eprintln!("  {c}");
    }
    eprintln!("\ndisagreements by category:");
    let mut by_count: Vec<_> = categories.iter().collect();
    by_count.sort_by_key(|(c, ids)| (std::cmp::Reverse(ids.len()), c.to_string()));
    const CATEGORIES: usize = 30;
    if by_count.len() > CATEGORIES {
        eprintln!("  (the {CATEGORIES} largest of {})", by_count.len());
    }
    for (category, ids) in by_count.into_iter().take(CATEGORIES) {
        let sample: Vec<&str> = ids.iter().take(4).map(String::as_str).collect();
        eprintln!(
            "  {:>4}  {category}  (e.g. {})",
            ids.len(),
            sample.join(", ")
        );
    }
    eprintln!("\nthe first {SHOWN_PER_SET} disagreements of each set:");
    for (_, line) in &shown {
        eprintln!("  {line}");
    }
    eprintln!(
        "\n{} inputs in {:.1} s; {} problems{}",
        inputs.len(),
        started.elapsed().as_secs_f64(),
        problems.len(),
        if report_only {
            " (LEVLS_ORACLE_REPORT_ONLY=1: not asserted)"
        } else {
            ""
        }
    );
    if !report_only {
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
}

fn print_row(set: &str, row: [usize; 5]) {
    eprintln!(
        "{set:<11} {:>5} {:>6} {:>17} {:>12} {:>15}",
        row[0], row[1], row[2], row[3], row[4]
    );
}

fn verdict(accepted: bool) -> &'static str {
    if accepted {
        "ok"
    } else {
        "REJ"
    }
}
