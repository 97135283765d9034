//! The differential test: levls against the real `lev_comp` of each dialect,
//! on the real files and on one-edit mutants of them, checked with the
//! dialect forced (`--nethack-dialect X`) and detected (no flag).
//!
//! - 3.6: the corpus, the SpliceHack files, the probes, the shared 3.6
//!   mutants and generated mutants of the 3.6 corpus, all judged live by
//!   Debian's NetHack 3.6.6 lev_comp (`scripts/install-tools`).
//! - 3.4.3: the corpus, the shared 3.4.3 mutants and generated mutants of the
//!   3.4.3 corpus, judged by the verdicts of a lev_comp 3.4.3 recorded in
//!   `verdicts-3.4.3.tsv` (by source file and mutation, with the mutant's
//!   hash). `LEVLS_ORACLE_RECORD_343=/path/to/lev_comp` runs that binary on
//!   the long mode's whole set and rewrites the file.
//! - The five variants with a built-in profile: their shipped levels and
//!   one-name typos of them, judged by each variant's own lev_comp, recorded
//!   in `verdicts-<variant>.tsv` ([`variants`]).
//!
//! Each run prints a table per set, the verdict agreement and the same-line
//! agreement (of the mutants both reject, levls' first error on lev_comp's
//! line) over the mutants, the disagreements by category with examples. It
//! fails when a real file gets an error, when a shared file disagrees without
//! a decision in `DECISIONS` (the shared mutants in both ways, the probes and
//! SpliceHack files with the dialect forced), or when a figure of the
//! generated mutants is below 99.5 % (verdicts) or 95 % (lines). docs/formats/nethack.md, *The
//! differential test*.
//!
//! `cargo test -p levls --test e2e oracle -- --nocapture` (a few hundred
//! generated mutants per dialect); `LEVLS_ORACLE_LONG=1` (thousands);
//! `LEVLS_ORACLE_REPORT_ONLY=1` prints without asserting the figures.

mod grammar_edits;
mod lev_comp;
pub(crate) mod levls;
pub(crate) mod mutate;
mod report;
mod trees;
mod typos;
mod variants;

pub(crate) use lev_comp::{des_files, lev_comp, one_line, text_hash, Oracle, LEV_COMP};

use crate::shared;
use lev_comp::{Recorded, Verdict};
use report::{Case, Figures, Rules};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Generated mutants per corpus file, in the default run and the long one.
const PER_FILE: usize = 15;
const PER_FILE_LONG: usize = 130;
const SEED: u64 = 36;

/// Documented disagreements on the shared files checked as 3.6: (set/file,
/// why), each a decision in docs/formats/nethack.md.
const DECISIONS: &[(&str, &str)] = &[];

fn long_mode() -> bool {
    std::env::var("LEVLS_ORACLE_LONG").is_ok_and(|v| v == "1")
}

fn report_only() -> bool {
    std::env::var("LEVLS_ORACLE_REPORT_ONLY").is_ok_and(|v| v == "1")
}

pub(crate) fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("levls-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// One generated mutant.
struct Generated {
    source: String,
    what: String,
    path: PathBuf,
    hash: String,
}

/// `per_file` mutants of each corpus file, written under `out`, by all kinds.
fn generate(corpus: &[PathBuf], per_file: usize, out: &Path) -> Vec<Generated> {
    std::fs::create_dir_all(out).unwrap();
    let mut all = Vec::new();
    for source in corpus {
        let text = std::fs::read_to_string(source).unwrap();
        let stem = source.file_stem().unwrap().to_string_lossy().to_string();
        let mut rng = mutate::Lcg::new(mutate::seed_for(&stem, SEED));
        for (i, (what, new)) in mutate::variations(&text, per_file, &mut rng, mutate::ALL)
            .into_iter()
            .enumerate()
        {
            let path = out.join(format!("{stem}.g{i:03}.des"));
            std::fs::write(&path, &new).unwrap();
            all.push(Generated {
                source: source.file_name().unwrap().to_string_lossy().to_string(),
                what,
                path,
                hash: lev_comp::text_hash(&new),
            });
        }
    }
    all
}

/// `file → (verdict is ok, the row)` from a VERDICTS.tsv whose verdict is in
/// `column`.
fn recorded_tsv(tsv: &Path, column: &str) -> HashMap<String, (bool, Vec<String>)> {
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

/// The shared mutants of `dir` with their recorded verdicts (`verdict`,
/// `mutation`, and the first message, which names lev_comp's line).
fn shared_mutants(dir: &Path) -> Vec<Case> {
    let recorded = recorded_tsv(&dir.join("VERDICTS.tsv"), "verdict");
    let files = des_files(dir);
    assert_eq!(files.len(), 200, "200 mutants in {}", dir.display());
    files
        .into_iter()
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let (ok, cells) = &recorded[&name];
            let message = cells.get(3).cloned().unwrap_or_default();
            Case {
                set: "mutants",
                path,
                note: cells.get(2).cloned().unwrap_or_default(),
                oracle: Verdict {
                    accepted: *ok,
                    warning: false,
                    line: if *ok {
                        None
                    } else {
                        lev_comp::message_line(&message)
                    },
                    message: if *ok {
                        String::new()
                    } else {
                        lev_comp::message_text(&message).to_string()
                    },
                },
            }
        })
        .collect()
}

/// levls on every case, forced to `dialect` and detected, each judged.
fn compare(
    dialect: &str,
    oracle: &str,
    cases: &[Case],
    strict: &[&str],
    detected_sets: &[&str],
) -> Vec<(String, Figures, Vec<String>)> {
    let paths: Vec<&Path> = cases.iter().map(|c| c.path.as_path()).collect();
    let batches = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    let forced = levls::check_all(&paths, Some(dialect), batches);
    let detected_cases: Vec<Case> = cases
        .iter()
        .filter(|c| detected_sets.contains(&c.set))
        .map(|c| Case {
            set: c.set,
            path: c.path.clone(),
            note: c.note.clone(),
            oracle: c.oracle.clone(),
        })
        .collect();
    let detected_paths: Vec<&Path> = detected_cases.iter().map(|c| c.path.as_path()).collect();
    let detected = levls::check_all(&detected_paths, None, batches);
    // The figures are the generated mutants'; the shared ones must agree.
    let measured = &["generated"];
    let forced_rules = Rules {
        title: format!("{dialect}, forced (--nethack-dialect {dialect}) vs {oracle}"),
        measured,
        strict,
        decisions: if dialect == "3.6" { DECISIONS } else { &[] },
    };
    let detected_rules = Rules {
        title: format!("{dialect} files, dialect detected (no flag) vs {oracle}"),
        measured,
        strict: &["mutants"],
        decisions: &[],
    };
    let (f1, p1) = report::judge(&forced_rules, cases, &forced);
    let (f2, p2) = report::judge(&detected_rules, &detected_cases, &detected);
    vec![
        (format!("{dialect} forced"), f1, p1),
        (format!("{dialect} detected"), f2, p2),
    ]
}

/// Prints the figures and fails on the problems (unless report-only).
fn conclude(
    runs: Vec<(String, Figures, Vec<String>)>,
    started: Instant,
    mut problems: Vec<String>,
) {
    eprintln!();
    for (name, figures, _) in &runs {
        eprintln!("{name}: {}", figures.line());
    }
    problems.extend(runs.into_iter().flat_map(|(_, _, p)| p));
    finish(started, problems);
}

/// Prints the time and the problems, and fails on them (unless report-only).
fn finish(started: Instant, problems: Vec<String>) {
    eprintln!(
        "{:.1} s; {} problems{}",
        started.elapsed().as_secs_f64(),
        problems.len(),
        if report_only() {
            " (LEVLS_ORACLE_REPORT_ONLY=1: not asserted)"
        } else {
            ""
        }
    );
    if !report_only() {
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
}

fn per_file() -> usize {
    if long_mode() {
        PER_FILE_LONG
    } else {
        PER_FILE
    }
}

#[test]
fn oracle_nethack_36() {
    assert!(
        Path::new(LEV_COMP).is_file(),
        "{LEV_COMP} is missing: the 3.6 differential test needs NetHack 3.6's real lev_comp; \
         run scripts/install-tools (scripts/test runs it first)"
    );
    let started = Instant::now();
    let scratch = scratch("oracle36");
    let nethack = shared().join("corpus/nethack");
    let plain = |set, path| (set, path, String::new());
    let mut inputs: Vec<(&str, PathBuf, String)> = Vec::new();
    let corpus = des_files(&nethack.join("3.6"));
    assert_eq!(corpus.len(), 24, "the 3.6 corpus has 24 files");
    inputs.extend(corpus.iter().cloned().map(|p| plain("corpus", p)));
    let splice = des_files(&nethack.join("variants/splicehack"));
    inputs.extend(splice.into_iter().map(|p| plain("splicehack", p)));
    let probes = recorded_tsv(&nethack.join("probes/VERDICTS.tsv"), "3.6");
    let probe_files = des_files(&nethack.join("probes"));
    inputs.extend(probe_files.into_iter().map(|p| plain("probes", p)));
    let mutants = shared_mutants(&shared().join("mutants/nethack-3.6"));
    inputs.extend(
        mutants
            .iter()
            .map(|c| ("mutants", c.path.clone(), c.note.clone())),
    );
    let generated = generate(&corpus, per_file(), &scratch.join("generated"));
    inputs.extend(
        generated
            .iter()
            .map(|g| ("generated", g.path.clone(), g.what.clone())),
    );

    let paths: Vec<&Path> = inputs.iter().map(|(_, p, _)| p.as_path()).collect();
    let oracles = lev_comp::run_all(Path::new(LEV_COMP), &paths, &scratch.join("runs"));
    let mut problems = Vec::new();
    let mut changed = Vec::new();
    let mut cases = Vec::new();
    for ((set, path, note), (oracle, _)) in inputs.into_iter().zip(&oracles) {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let Some(verdict) = Verdict::of(oracle) else {
            problems.push(format!("{set}/{name}: lev_comp timed out; no verdict"));
            continue;
        };
        // The recorded verdicts (mutants: 3.6.7, probes: 3.6) are printed
        // when 3.6.6 says otherwise.
        let recorded = match set {
            "probes" => probes.get(&name).map(|(ok, _)| *ok),
            "mutants" => mutants
                .iter()
                .find(|c| c.path == path)
                .map(|c| c.oracle.accepted),
            _ => None,
        };
        if recorded.is_some_and(|r| r != verdict.accepted) {
            changed.push(format!("{set}/{name}"));
        }
        cases.push(Case {
            set,
            path,
            note,
            oracle: verdict,
        });
    }
    let runs = compare(
        "3.6",
        "lev_comp 3.6.6 (live)",
        &cases,
        &["splicehack", "probes", "mutants"],
        &["corpus", "mutants", "generated"],
    );
    eprintln!(
        "recorded verdicts (mutants: 3.6.7, probes: VERDICTS.tsv 3.6) that lev_comp 3.6.6 gives differently: {} {changed:?}",
        changed.len()
    );
    std::fs::remove_dir_all(&scratch).ok();
    conclude(runs, started, problems);
}

#[test]
fn oracle_nethack_343() {
    let started = Instant::now();
    let scratch = scratch("oracle343");
    let corpus = des_files(&shared().join("corpus/nethack/3.4.3"));
    assert_eq!(corpus.len(), 24, "the 3.4.3 corpus has 24 files");
    let record = std::env::var_os("LEVLS_ORACLE_RECORD_343").map(PathBuf::from);
    // Recording takes the long mode's whole set; the default run a prefix
    // of each file's list.
    let per_file = if record.is_some() {
        PER_FILE_LONG
    } else {
        per_file()
    };
    let generated = generate(&corpus, per_file, &scratch.join("generated"));
    if let Some(binary) = &record {
        record_343(binary, &corpus, &generated, &scratch);
    }
    let recorded = lev_comp::read_recorded(&lev_comp::recorded_path("3.4.3"));
    let mut problems = Vec::new();
    let mut cases = Vec::new();
    let mut lookup = |source: &str, what: &str, hash: &str| -> Option<Verdict> {
        match recorded.get(&(source.to_string(), what.to_string())) {
            Some(Recorded { hash: h, verdict }) if h == hash => Some(verdict.clone()),
            _ => {
                problems.push(format!(
                    "{source} [{what}]: no lev_comp 3.4.3 verdict recorded for this mutant; \
                     re-record: LEVLS_ORACLE_RECORD_343=/path/to/3.4.3/lev_comp \
                     cargo test -p levls --test e2e oracle_nethack_343"
                ));
                None
            }
        }
    };
    for path in &corpus {
        let text = std::fs::read_to_string(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if let Some(oracle) = lookup(&name, UNCHANGED, &lev_comp::text_hash(&text)) {
            cases.push(Case {
                set: "corpus",
                path: path.clone(),
                note: String::new(),
                oracle,
            });
        }
    }
    cases.extend(shared_mutants(&shared().join("mutants/nethack-3.4.3")));
    for g in &generated {
        if let Some(oracle) = lookup(&g.source, &g.what, &g.hash) {
            cases.push(Case {
                set: "generated",
                path: g.path.clone(),
                note: g.what.clone(),
                oracle,
            });
        }
    }
    let runs = compare(
        "3.4.3",
        "lev_comp 3.4.3 (recorded)",
        &cases,
        &["mutants"],
        &["corpus", "mutants", "generated"],
    );
    std::fs::remove_dir_all(&scratch).ok();
    conclude(runs, started, problems);
}

/// The mutation column of a corpus file's own row.
const UNCHANGED: &str = "(unchanged)";

/// Runs the given lev_comp 3.4.3 on the corpus and every generated mutant and
/// rewrites `verdicts-3.4.3.tsv`.
fn record_343(binary: &Path, corpus: &[PathBuf], generated: &[Generated], scratch: &Path) {
    let mut rows: Vec<(String, String, String, PathBuf)> = corpus
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).unwrap();
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            (
                name,
                UNCHANGED.to_string(),
                lev_comp::text_hash(&text),
                p.clone(),
            )
        })
        .collect();
    rows.extend(generated.iter().map(|g| {
        (
            g.source.clone(),
            g.what.clone(),
            g.hash.clone(),
            g.path.clone(),
        )
    }));
    let mut keys = std::collections::HashSet::new();
    for (source, what, ..) in &rows {
        assert!(
            keys.insert((source, what)),
            "two mutants of {source} are [{what}]"
        );
    }
    let paths: Vec<&Path> = rows.iter().map(|r| r.3.as_path()).collect();
    let oracles = lev_comp::run_all(binary, &paths, &scratch.join("record"));
    let mut out = Vec::new();
    for ((source, what, hash, _), (oracle, _)) in rows.into_iter().zip(&oracles) {
        let verdict = Verdict::of(oracle)
            .unwrap_or_else(|| panic!("{source} [{what}]: {} timed out", binary.display()));
        out.push((source, what, hash, verdict));
    }
    lev_comp::write_recorded(&lev_comp::recorded_path("3.4.3"), &out);
    eprintln!(
        "recorded {} verdicts of {} into {}",
        out.len(),
        binary.display(),
        lev_comp::recorded_path("3.4.3").display()
    );
}

/// The NetHack 5.0.0 judge (`LEVLS_ORACLE_RECORD_NH50`: not in CI) on
/// `paths`, two at a time: each file's verdict and first message, in order.
/// A script's random branches (`math.random`, `percent`) may hide a fault
/// from one seed: `LEVLS_ORACLE_NH50_SEEDS=K` loads each file with K seeds
/// and keeps the most severe verdict (the message ends with the tally).
pub(crate) fn judge_nh50(judge: &Path, paths: &[&Path]) -> Vec<(String, String)> {
    const VERDICTS: &[&str] = &["ok", "impossible", "error", "crash", "timeout"];
    let seeds = std::env::var("LEVLS_ORACLE_NH50_SEEDS").unwrap_or_else(|_| "1".into());
    let out = std::process::Command::new(judge)
        .arg("-j2")
        .args(["--seeds", &seeds])
        .args(paths)
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", judge.display()));
    assert!(
        out.status.success(),
        "{} exited {:?}: {}",
        judge.display(),
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), paths.len(), "one line per file: {stdout}");
    paths
        .iter()
        .zip(lines)
        .map(|(path, line)| {
            let cells: Vec<&str> = line.splitn(3, '\t').collect();
            assert_eq!(cells[0], path.to_string_lossy(), "{line}");
            assert!(VERDICTS.contains(&cells[1]), "{line}");
            (cells[1].to_string(), one_line(cells.get(2).unwrap_or(&"")))
        })
        .collect()
}
