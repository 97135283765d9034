//! NetHack 5.0's Lua level scripts: one-edit mutants of the 126 real ones
//! ([`mutants`]), judged by the real game, against `levls check`.
//!
//! The judge is NetHack 5.0.0 itself loading each script in wizard mode; it
//! is not available in CI, so its verdicts are recorded in
//! `tests/e2e/oracle/verdicts-nethack-5.0.tsv` (file, edit, the mutant's
//! hash, verdict, first message cut to 200 characters), the unchanged
//! scripts too (edit `-`).
//! `LEVLS_ORACLE_RECORD_NH50=/path/to/judge LEVLS_ORACLE_NH50_SEEDS=4`
//! runs it on every mutant with four seeds (a fault in a random branch
//! shows when any seed takes it) and rewrites the file; otherwise a mutant whose recorded hash is not its own
//! (the generator changed) fails the test: re-record.
//!
//! The game rejects a script when loading it stops with an error, a crash
//! or a timeout (an `impossible()` is a complaint it goes on after); levls
//! rejects it when it gives an error. The test prints the agreement by class
//! of edit and every disagreement, and fails below [`AGREEMENT_AT_LEAST`].
//!
//! `cargo test -p levls --test e2e nethack_lua_oracle -- --nocapture`

mod lua;
mod mutants;

use crate::oracle::levls::{check_all_with, Levls, DECLINED};
use crate::oracle::{judge_nh50, scratch, text_hash};
use crate::{repo_root, shared};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The lowest share (%) of mutants on which levls and the game agree
/// (measured 98.5 %, verdicts recorded with four seeds). What is left:
/// faults in a branch none of the game's seeds took, which levls sees and
/// the recorded runs did not; key typos that lose a value the bindings need
/// (`des.region`'s `region`); room coordinates the game's wall clean-up
/// panics on; a lost comma that makes a call of a selection.
const AGREEMENT_AT_LEAST: f64 = 98.0;

const RECORD_WITH: &str = "LEVLS_ORACLE_RECORD_NH50";
/// The edit of an unchanged script's row.
const UNCHANGED: &str = "-";
const HEADER: &str = "file\tedit\thash\tverdict\tmessage";
const VERDICTS: &[&str] = &["ok", "impossible", "error", "crash", "timeout"];
/// The scripts `dat/` holds that are not levels.
const SUPPORT_SCRIPTS: &[&str] = &[
    "dungeon.lua",
    "nhlib.lua",
    "nhcore.lua",
    "quest.lua",
    "themerms.lua",
];
/// The one real script the game does not load cleanly on level 1: its
/// portal has nowhere to go there.
const NEEDS_ITS_OWN_LEVEL: (&str, &str) = ("water.lua", "impossible");
const MIN_PER_SCRIPT: usize = 4;

fn verdicts_path() -> PathBuf {
    repo_root().join("tests/e2e/oracle/verdicts-nethack-5.0.tsv")
}

/// The real level scripts, by name.
fn level_scripts() -> Vec<PathBuf> {
    let dir = shared().join("corpus/nethack/5.0/dat");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "lua"))
        .filter(|p| !SUPPORT_SCRIPTS.contains(&file_name(p).as_str()))
        .collect();
    out.sort();
    out
}

fn file_name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().to_string()
}

/// (function, key) of the keys the game requires in a table form, from the
/// API table of the spec (`des.map` → `map`).
fn required_keys() -> Vec<(String, String)> {
    let path = shared().join("specs/nethack-5.0-des-api.tsv");
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            let function = cells.first()?.strip_prefix("des.")?;
            let key = *cells.get(1)?;
            (cells.get(3) == Some(&"yes") && !key.starts_with('('))
                .then(|| (function.to_string(), key.to_string()))
        })
        .collect()
}

/// A script or one of its mutants, on disk.
struct Case {
    file: String,
    edit: String,
    class: &'static str,
    hash: String,
    path: PathBuf,
}

/// What the game said of one case.
struct Recorded {
    hash: String,
    verdict: String,
    message: String,
}

impl Recorded {
    fn rejects(&self) -> bool {
        ["error", "crash", "timeout"].contains(&self.verdict.as_str())
    }

    /// The script line the game's message names: `[string "x.lua"]:12:` or
    /// `(line 12 [string "x.lua"])`.
    fn line(&self) -> Option<u64> {
        let m = &self.message;
        let after = m
            .find("\"]:")
            .map(|i| &m[i + 3..])
            .or_else(|| m.find("(line ").map(|i| &m[i + 6..]))?;
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    }
}

/// The scripts and their mutants, written under `dir` (each mutant in a
/// folder of its own under its script's name, so the game's messages name
/// the script).
fn cases(dir: &Path) -> Vec<Case> {
    let required = required_keys();
    assert!(
        required.iter().any(|(f, k)| f == "map" && k == "map"),
        "the API table requires des.map's map="
    );
    let mut out = Vec::new();
    for script in level_scripts() {
        let text = std::fs::read_to_string(&script).unwrap();
        let file = file_name(&script);
        out.push(Case {
            file: file.clone(),
            edit: UNCHANGED.to_string(),
            class: UNCHANGED,
            hash: text_hash(&text),
            path: script.clone(),
        });
        for (i, mutant) in mutants::mutants(&file, &text, &required)
            .into_iter()
            .enumerate()
        {
            let folder = dir.join(format!("{}.{i}", file.trim_end_matches(".lua")));
            std::fs::create_dir_all(&folder).unwrap();
            let path = folder.join(&file);
            std::fs::write(&path, &mutant.text).unwrap();
            out.push(Case {
                file: file.clone(),
                edit: mutant.edit,
                class: mutant.class,
                hash: text_hash(&mutant.text),
                path,
            });
        }
    }
    out
}

/// Runs the judge on every case (two at a time) and rewrites the verdicts.
fn record(judge: &Path, cases: &[Case]) {
    let started = Instant::now();
    let paths: Vec<&Path> = cases.iter().map(|c| c.path.as_path()).collect();
    let mut tsv = format!("{HEADER}\n");
    for (case, (verdict, message)) in cases.iter().zip(judge_nh50(judge, &paths)) {
        tsv.push_str(&format!(
            "{}\t{}\t{}\t{verdict}\t{message}\n",
            case.file, case.edit, case.hash
        ));
    }
    std::fs::write(verdicts_path(), tsv).unwrap();
    eprintln!(
        "recorded {} verdicts of {} in {:.1} s",
        cases.len(),
        judge.display(),
        started.elapsed().as_secs_f64()
    );
}

/// `(file, edit) → what the game said`.
fn read_recorded() -> HashMap<(String, String), Recorded> {
    let path = verdicts_path();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; record it: {RECORD_WITH}=/path/to/judge cargo test -p levls --test e2e nethack_lua_oracle",
            path.display()
        )
    });
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(HEADER), "{}", path.display());
    lines
        .map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            assert_eq!(cells.len(), 5, "{}: {line}", path.display());
            assert!(VERDICTS.contains(&cells[3]), "{}: {line}", path.display());
            let recorded = Recorded {
                hash: cells[2].to_string(),
                verdict: cells[3].to_string(),
                message: cells[4].to_string(),
            };
            ((cells[0].to_string(), cells[1].to_string()), recorded)
        })
        .collect()
}

#[test]
fn mutants_of_the_real_scripts_against_the_game() {
    let started = Instant::now();
    let dir = scratch("nh50-lua-mutants");
    let cases = cases(&dir);
    let scripts = cases.iter().filter(|c| c.edit == UNCHANGED).count();
    assert_eq!(scripts, 126, "the NetHack 5.0 corpus has 126 level scripts");
    let mut keys = HashSet::new();
    for c in &cases {
        assert!(
            keys.insert((&c.file, &c.edit)),
            "two mutants of {} are [{}]",
            c.file,
            c.edit
        );
    }
    if let Some(judge) = std::env::var_os(RECORD_WITH) {
        record(Path::new(&judge), &cases);
    }
    let recorded = read_recorded();
    let mut problems = Vec::new();
    problems.extend(generator_problems(&cases));
    let mut judged = Vec::new();
    for c in &cases {
        match recorded.get(&(c.file.clone(), c.edit.clone())) {
            Some(r) if r.hash == c.hash => judged.push((c, r)),
            _ => problems.push(format!(
                "{} [{}]: no verdict recorded for this text; re-record: \
                 {RECORD_WITH}=/work/oracles/nh50/judge cargo test -p levls --test e2e nethack_lua_oracle",
                c.file, c.edit
            )),
        }
    }
    if recorded.len() != cases.len() {
        problems.push(format!(
            "{} recorded verdicts for {} scripts and mutants: re-record",
            recorded.len(),
            cases.len()
        ));
    }
    for (c, r) in judged.iter().filter(|(c, _)| c.edit == UNCHANGED) {
        let expected = if c.file == NEEDS_ITS_OWN_LEVEL.0 {
            NEEDS_ITS_OWN_LEVEL.1
        } else {
            "ok"
        };
        if r.verdict != expected {
            problems.push(format!(
                "{}: the game says {} ({}), not {expected}",
                c.file, r.verdict, r.message
            ));
        }
    }

    let paths: Vec<&Path> = judged.iter().map(|(c, _)| c.path.as_path()).collect();
    let levls = check_all_with(&paths, &["--all"], 1);
    let agreement = report(&judged, &levls);
    if agreement < AGREEMENT_AT_LEAST {
        problems.push(format!(
            "levls agrees with the game on {agreement:.1} % of the mutants, below {AGREEMENT_AT_LEAST} %"
        ));
    }
    std::fs::remove_dir_all(&dir).ok();
    eprintln!(
        "{:.1} s; {} problems",
        started.elapsed().as_secs_f64(),
        problems.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every script gets its few mutants, and every class of edit occurs.
fn generator_problems(cases: &[Case]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut per_script: BTreeMap<&str, usize> = BTreeMap::new();
    for c in cases {
        *per_script.entry(&c.file).or_default() += usize::from(c.edit != UNCHANGED);
    }
    for (file, n) in per_script {
        if n < MIN_PER_SCRIPT {
            problems.push(format!("{file}: only {n} mutants"));
        }
    }
    for class in mutants::CLASSES {
        if !cases.iter().any(|c| c.class == *class) {
            problems.push(format!("no mutant of the class {class}"));
        }
    }
    problems
}

fn percent(n: usize, of: usize) -> f64 {
    if of == 0 {
        100.0
    } else {
        100.0 * n as f64 / of as f64
    }
}

/// Prints the verdicts by class, the agreement and the disagreements, and
/// returns the agreement (%) over the mutants.
fn report(judged: &[(&Case, &Recorded)], levls: &HashMap<PathBuf, Levls>) -> f64 {
    let mutants: Vec<&(&Case, &Recorded)> =
        judged.iter().filter(|(c, _)| c.edit != UNCHANGED).collect();
    let real_rejected = judged
        .iter()
        .filter(|(c, _)| c.edit == UNCHANGED && !levls[&c.path].accepted)
        .count();
    eprintln!(
        "\nNetHack 5.0 Lua: {} mutants of {} real scripts, verdicts of the game (recorded) vs levls check",
        mutants.len(),
        judged.len() - mutants.len()
    );
    eprintln!(
        "{:<22}{:>5}{:>6}{:>6}{:>6}{:>6}{:>6} | {:>9}{:>7}{:>7}",
        "class", "n", "ok", "imp", "error", "crash", "tmo", "game rej", "levls", "agree"
    );
    let mut disagreements = Vec::new();
    let (mut agree, mut on_rejected, mut rejected, mut on_line, mut named_line) = (0, 0, 0, 0, 0);
    for class in mutants::CLASSES.iter().copied().chain(["all"]) {
        let of_class: Vec<_> = mutants
            .iter()
            .filter(|(c, _)| class == "all" || c.class == class)
            .collect();
        let count = |v: &str| of_class.iter().filter(|(_, r)| r.verdict == v).count();
        let game = of_class.iter().filter(|(_, r)| r.rejects()).count();
        let by_levls = of_class
            .iter()
            .filter(|(c, _)| !levls[&c.path].accepted)
            .count();
        let agreeing = of_class
            .iter()
            .filter(|(c, r)| r.rejects() != levls[&c.path].accepted)
            .count();
        eprintln!(
            "{class:<22}{:>5}{:>6}{:>6}{:>6}{:>6}{:>6} | {game:>9}{by_levls:>7}{:>6.1}%",
            of_class.len(),
            count("ok"),
            count("impossible"),
            count("error"),
            count("crash"),
            count("timeout"),
            percent(agreeing, of_class.len()),
        );
    }
    for (c, r) in &mutants {
        let l = &levls[&c.path];
        if r.rejects() != l.accepted {
            agree += 1;
        } else {
            disagreements.push(format!(
                "  {} [{}]: game {}{} / levls: {}",
                c.file,
                c.edit,
                r.verdict,
                if r.message.is_empty() {
                    String::new()
                } else {
                    format!(" \"{}\"", r.message)
                },
                if l.accepted && l.first_error.is_empty() {
                    "no error".to_string()
                } else {
                    l.first_error.clone()
                }
            ));
        }
        if r.rejects() {
            rejected += 1;
            on_rejected += usize::from(!l.accepted);
            if let Some(line) = r.line() {
                named_line += 1;
                on_line += usize::from(l.flagged.iter().any(|f| f.error && f.line == line));
            }
        }
    }
    let declined = mutants
        .iter()
        .filter(|(c, _)| levls[&c.path].first_error == DECLINED)
        .count();
    let agreement = percent(agree, mutants.len());
    eprintln!(
        "agreement: {agree}/{} ({agreement:.1} %); the game rejects {rejected}: levls has an error on {on_rejected} ({:.1} %), on the line the game names {on_line}/{named_line} ({:.1} %)",
        mutants.len(),
        percent(on_rejected, rejected),
        percent(on_line, named_line),
    );
    eprintln!(
        "levls declines {declined} of the mutants as not a level file it knows; it rejects {real_rejected} real scripts"
    );
    eprintln!("disagreements ({}):", disagreements.len());
    for d in &disagreements {
        eprintln!("{d}");
    }
    agreement
}
