//! Every NetHack quick fix, applied and judged: for the bad files the suite has
//! (the NetHack mutants of `../shared/mutants`, the generated one-edit
//! variations of the 3.6 corpus, the probes), `levls check --format json`
//! lists each diagnostic's fixes with their byte edits; each fix is applied on
//! its own and the fixed file is checked again. A fix passes when
//!
//! - the diagnostic it was offered for is gone (no diagnostic of that code on
//!   its line, lines counted as they were before the fix),
//! - levls reports no new error (for every code, no more errors than before,
//!   and one fewer of the fixed code when it was an error), except on the
//!   fixed line when lev_comp confirms the line has another problem (below),
//!   and
//! - for the files checked as 3.6, the real lev_comp 3.6.6's verdict is not
//!   worse: an accepted file stays accepted; a rejected one is accepted, or its
//!   first error did not move up, and when it was on the fixed line it moved
//!   past that line or further along it (the line's next problem).
//!
//! levls itself offers only the fixes its own re-check judges helpful
//! (`server/src/formats/fix_judge.rs`); this test is the outside judge.
//!
//! `cargo test -p levls --test e2e nethack_fixes -- --nocapture` prints the
//! counts by code; `LEVLS_FIXES_ALL=1` takes every generated variation (the
//! default run takes a few hundred fixes); `LEVLS_FIXES_REPORT_ONLY=1` prints
//! without asserting; `LEVLS_FIXES_KEEP=1` keeps the files it wrote.

use crate::oracle::{des_files, lev_comp, mutate, Oracle, LEV_COMP};
use crate::shared;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Generated variations per 3.6 corpus file in the default run, and with
/// `LEVLS_FIXES_ALL=1`.
const GENERATED_PER_FILE: usize = 20;
const GENERATED_PER_FILE_ALL: usize = 200;
const SEED: u64 = 2020;

/// Fixes that do not pass, each with why: (the start of its failure line, why).
/// All are probes written in 3.4.3 syntax and checked as 3.6, with several
/// problems in one statement. A listed fix that passes again, or is no longer
/// offered, fails the test.
const KNOWN: &[(&str, &str)] = &[
    ("probes/md8.des line 11 nethack::missing-block", "3.4.3 CONTAINER checked as 3.6: the `{ }` is right, and the `'c', \"name\"` form of the line above shows"),
    ("probes/o5.des line 10 nethack::missing-block", "3.4.3 CONTAINER checked as 3.6: levls faults the missing block before the `'c', \"name\"` form lev_comp stops at first"),
    ("probes/percent.des line 9 nethack::chance-after-keyword", "the 3.4.3 argument order of the same OBJECT shows (two coordinates)"),
    ("probes/room1.des line 9 nethack::missing-block", "3.4.3 SUBROOM checked as 3.6: the `{ }` is right, and the ROOM/SUBROOM form then reads the 3.4.3 parent name"),
    ("probes/room2.des line 2 nethack::missing-block", "ROOM position (0,9) outside 1–5, which levls misses (an agreement gap, issue 20 item 4)"),
];

/// The start of every written case: a 3.6 level with a map.
const HEAD: &str = "MAZE:\"fixes\",' '\nFLAGS:noteleport\nGEOMETRY:center,center\nMAP\n.....\n.{.}.\n.....\nENDMAP\n";

/// Bad files written for the fixes the other inputs seldom reach: a block
/// without its `}` (before an ELSE, a CASE, a statement back at the opening
/// line's indentation, the end of the level; a map with `{` and `}` inside),
/// a condition without brackets.
const WRITTEN: &[(&str, &str)] = &[
    (
        "close-before-else",
        "IF [50%] {\n  MONSTER: ('d', \"jackal\"), (1,1)\n  OBJECT: ('(', \"chest\"), (2,2)\nELSE {\n  MONSTER: ('d', \"coyote\"), (1,1)\n}\nTRAP: \"hole\", (3,1)\n",
    ),
    (
        "close-before-dedent",
        "IF [50%] {\n  MONSTER: ('d', \"jackal\"), (1,1)\n# the trap\nTRAP: \"hole\", (3,1)\nOBJECT: ('(', \"chest\"), (2,2)\n",
    ),
    (
        "close-at-level-end",
        "LOOP [2] {\n  MONSTER: ('d', \"jackal\"), random\n  IF [50%] {\n    TRAP: \"hole\", random\n  }\n",
    ),
    (
        "close-at-level-end-no-newline",
        "IF [50%] {\n  MONSTER: ('d', \"jackal\"), (1,1)",
    ),
    (
        "close-before-next-level",
        "IF [50%] {\n  MONSTER: ('d', \"jackal\"), (1,1)\n\nMAZE:\"other\",' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n",
    ),
    (
        "close-inner-before-case",
        "SWITCH [2] {\n  CASE 1:\n    IF [50%] {\n      TRAP: \"hole\", (1,1)\n  CASE 2:\n    TRAP: \"pit\", (2,1)\n}\n",
    ),
    (
        "close-with-map-inside",
        "IF [50%] {\n  GEOMETRY:center,center\nMAP\n.{}\nENDMAP\n  TRAP: \"pit\", (1,0)\nTRAP: \"hole\", (3,1)\n",
    ),
    (
        "close-flat",
        "IF [50%] {\nMONSTER: ('d', \"jackal\"), (1,1)\nTRAP: \"hole\", (3,1)\n",
    ),
    (
        "if-percent",
        "IF 50% {\n  MONSTER: ('d', \"jackal\"), (1,1)\n}\n",
    ),
    ("if-bare", "IF {\n  MONSTER: ('d', \"jackal\"), (1,1)\n}\n"),
    ("loop-count", "LOOP 3 {\n  TRAP: \"hole\", random\n}\n"),
    ("loop-bare", "LOOP {\n  TRAP: \"hole\", random\n}\n"),
    (
        "switch-count",
        "SWITCH 2 {\n  CASE 1:\n    TRAP: \"hole\", random\n}\n",
    ),
];

/// Where the `}` of each written `close-*` case must go: the line before it
/// (trimmed), or None for no fix. The other checks cannot see a `}` put too
/// late (the statements it moves into the block are still valid there).
const CLOSES_AFTER: &[(&str, Option<&str>)] = &[
    ("close-before-else", Some("OBJECT: ('(', \"chest\"), (2,2)")),
    (
        "close-before-dedent",
        Some("MONSTER: ('d', \"jackal\"), (1,1)"),
    ),
    ("close-at-level-end", Some("}")),
    (
        "close-at-level-end-no-newline",
        Some("MONSTER: ('d', \"jackal\"), (1,1)"),
    ),
    (
        "close-before-next-level",
        Some("MONSTER: ('d', \"jackal\"), (1,1)"),
    ),
    ("close-inner-before-case", Some("TRAP: \"hole\", (1,1)")),
    ("close-with-map-inside", Some("TRAP: \"pit\", (1,0)")),
    ("close-flat", None),
];

/// The `}` fix of a written case: the trimmed line before the `}` it adds.
fn closes_after(path: &Path, diagnostics: &[Diag]) -> Option<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let fix = diagnostics
        .iter()
        .flat_map(|d| &d.fixes)
        .find(|f| f.edits.iter().any(|e| e.2.trim() == "}"))?;
    let fixed = apply(&text, fix);
    let at = fix.edits[0].0 + fix.edits[0].2.find('}').unwrap();
    let before = &fixed[..at];
    let before = before.trim_end_matches([' ', '\t']).trim_end_matches('\n');
    Some(before.lines().last().unwrap_or("").trim().to_string())
}

/// One bad file and the dialect it is checked in.
struct Bad {
    set: &'static str,
    path: PathBuf,
    dialect: &'static str,
}

/// One diagnostic as `levls check --format json` gives it.
#[derive(Clone)]
struct Diag {
    code: String,
    severity: String,
    line: usize,
    start: usize,
    message: String,
    fixes: Vec<Fix>,
}

#[derive(Clone)]
struct Fix {
    title: String,
    edits: Vec<(usize, usize, String)>,
}

impl Fix {
    /// Bytes the fix adds (negative: removes), to compare columns of a line
    /// before and after it.
    /// The columns (bytes from their line's start) where the edited text
    /// starts and ends.
    fn columns(&self, text: &str) -> (usize, usize) {
        let column = |at: usize| {
            let at = at.min(text.len());
            at - text[..at].rfind('\n').map_or(0, |i| i + 1)
        };
        let start = self.edits.iter().map(|e| e.0).min().unwrap_or(0);
        let end = self.edits.iter().map(|e| e.1).max().unwrap_or(0);
        (column(start), column(end))
    }
    fn growth(&self) -> isize {
        self.edits
            .iter()
            .map(|(start, end, new)| new.len() as isize - (end - start) as isize)
            .sum()
    }
}

/// `levls check --nethack-dialect D --format json` over `files`: each file's
/// diagnostics, in order.
fn check(files: &[PathBuf], dialect: &str) -> HashMap<PathBuf, Vec<Diag>> {
    let mut all: HashMap<PathBuf, Vec<Diag>> =
        files.iter().map(|f| (f.clone(), Vec::new())).collect();
    for chunk in files.chunks(200) {
        let out = Command::new(crate::LEVLS)
            .args(["check", "--nethack-dialect", dialect, "--format", "json"])
            .args(chunk)
            .output()
            .unwrap();
        let code = out.status.code();
        // A file with no level header left is not claimed (exit 2, named on
        // stderr): it has no diagnostics and so no fixes.
        assert!(
            matches!(code, Some(0..=2)),
            "levls check exited {code:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let json: Value = serde_json::from_slice(&out.stdout).unwrap();
        for d in json.as_array().unwrap() {
            let file = PathBuf::from(d["file"].as_str().unwrap());
            let diag = Diag {
                code: d["code"].as_str().unwrap_or("").to_string(),
                severity: d["severity"].as_str().unwrap().to_string(),
                line: d["line"].as_u64().unwrap() as usize,
                start: 0,
                message: d["message"].as_str().unwrap_or("").to_string(),
                fixes: d["fixes"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|f| Fix {
                        title: f["title"].as_str().unwrap().to_string(),
                        edits: f["byte_edits"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|e| {
                                (
                                    e["start"].as_u64().unwrap() as usize,
                                    e["end"].as_u64().unwrap() as usize,
                                    e["new_text"].as_str().unwrap().to_string(),
                                )
                            })
                            .collect(),
                    })
                    .collect(),
            };
            all.get_mut(&file)
                .unwrap_or_else(|| panic!("levls reported a file it was not given: {file:?}"))
                .push(diag);
        }
    }
    all
}

/// The text with the fix's edits applied (they do not overlap).
fn apply(text: &str, fix: &Fix) -> String {
    let mut edits = fix.edits.clone();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = text.to_string();
    for (start, end, new) in edits {
        out.replace_range(start..end, &new);
    }
    out
}

/// Line (1-based) of the fixed file → line of the original: lines after the
/// first edit move by the number of line breaks the fix added.
fn line_before(text: &str, fix: &Fix, line: usize) -> usize {
    let first = fix.edits.iter().map(|e| e.0).min().unwrap_or(0);
    let first_line = text[..first.min(text.len())].matches('\n').count() + 1;
    let added: isize = fix
        .edits
        .iter()
        .map(|(s, e, new)| {
            new.matches('\n').count() as isize - text[*s..*e].matches('\n').count() as isize
        })
        .sum();
    if line > first_line {
        (line as isize - added).max(first_line as isize) as usize
    } else {
        line
    }
}

/// lev_comp's first error line, or None if it accepts.
/// Where lev_comp 3.6 stopped: `(line, pos)` of `FILE: line N, pos M: …`.
fn oracle_line(oracle: &Oracle) -> Result<Option<(usize, usize)>, String> {
    let number = |after: &str, text: &str| -> usize {
        text.split(after)
            .nth(1)
            .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    match oracle {
        Oracle::Accepted => Ok(None),
        Oracle::Rejected(first) => Ok(Some((number("line ", first), number(", pos ", first)))),
        Oracle::Crashed(signal, _) => Err(format!("killed by signal {signal}")),
        Oracle::TimedOut => Err("timed out".to_string()),
    }
}

fn bad_files(scratch: &Path) -> Vec<Bad> {
    let all = std::env::var("LEVLS_FIXES_ALL").is_ok_and(|v| v == "1");
    let mut bad = Vec::new();
    let mutants = shared().join("mutants");
    for (set, dir, dialect) in [
        ("mutants-3.6", "nethack-3.6", "3.6"),
        ("mutants-3.4.3", "nethack-3.4.3", "3.4.3"),
    ] {
        for path in des_files(&mutants.join(dir)) {
            bad.push(Bad { set, path, dialect });
        }
    }
    let nethack = shared().join("corpus/nethack");
    for path in des_files(&nethack.join("probes")) {
        bad.push(Bad {
            set: "probes",
            path,
            dialect: "3.6",
        });
    }
    let written = scratch.join("written");
    std::fs::create_dir_all(&written).unwrap();
    for (name, text) in WRITTEN {
        let path = written.join(format!("{name}.des"));
        std::fs::write(&path, format!("{HEAD}{text}")).unwrap();
        bad.push(Bad {
            set: "written",
            path,
            dialect: "3.6",
        });
    }
    let out = scratch.join("generated");
    std::fs::create_dir_all(&out).unwrap();
    let per_file = if all {
        GENERATED_PER_FILE_ALL
    } else {
        GENERATED_PER_FILE
    };
    for source in des_files(&nethack.join("3.6")) {
        let text = std::fs::read_to_string(&source).unwrap();
        let stem = source.file_stem().unwrap().to_string_lossy().to_string();
        let mut rng = mutate::Lcg::new(mutate::seed_for(&stem, SEED));
        for (i, (_, new)) in mutate::variations(&text, per_file, &mut rng, mutate::CLASSIC)
            .into_iter()
            .enumerate()
        {
            let path = out.join(format!("{stem}.f{i:03}.des"));
            std::fs::write(&path, new).unwrap();
            bad.push(Bad {
                set: "generated",
                path,
                dialect: "3.6",
            });
        }
    }
    bad
}

/// Errors per code.
fn count(ds: &[Diag]) -> BTreeMap<&str, isize> {
    let mut m: BTreeMap<&str, isize> = BTreeMap::new();
    for d in ds.iter().filter(|d| d.severity == "error") {
        *m.entry(d.code.as_str()).or_default() += 1;
    }
    m
}

/// One fix to judge.
struct Case {
    id: String,
    dialect: &'static str,
    original: PathBuf,
    fixed: PathBuf,
    diag: Diag,
    fix: Fix,
}

#[test]
fn nethack_fixes_keep_the_meaning() {
    assert!(
        Path::new(LEV_COMP).is_file(),
        "{LEV_COMP} is missing: run scripts/install-tools"
    );
    let report_only = std::env::var("LEVLS_FIXES_REPORT_ONLY").is_ok_and(|v| v == "1");
    let scratch = std::env::temp_dir().join(format!("levls-fixes-{}", std::process::id()));
    std::fs::remove_dir_all(&scratch).ok();
    let bad = bad_files(&scratch);

    // Before: every file's diagnostics, per dialect.
    let mut before: HashMap<PathBuf, Vec<Diag>> = HashMap::new();
    for dialect in ["3.6", "3.4.3"] {
        let files: Vec<PathBuf> = bad
            .iter()
            .filter(|b| b.dialect == dialect)
            .map(|b| b.path.clone())
            .collect();
        before.extend(check(&files, dialect));
    }

    // The `}` of each written case where the block ends.
    let mut misplaced = Vec::new();
    for (name, want) in CLOSES_AFTER {
        let path = scratch.join("written").join(format!("{name}.des"));
        let got = closes_after(&path, &before[&path]);
        if got.as_deref() != *want {
            misplaced.push(format!("{name}: `}}` after {got:?}, wanted after {want:?}"));
        }
    }
    for m in &misplaced {
        println!("MISPLACED {m}");
    }

    // Each fix applied on its own, into a file of its own.
    let fixed_dir = scratch.join("fixed");
    std::fs::create_dir_all(&fixed_dir).unwrap();
    let mut cases = Vec::new();
    for b in &bad {
        let text = std::fs::read_to_string(&b.path).unwrap();
        let stem = b.path.file_stem().unwrap().to_string_lossy().to_string();
        for (d, diag) in before[&b.path].iter().enumerate() {
            for (f, fix) in diag.fixes.iter().enumerate() {
                let fixed = fixed_dir.join(format!("{}.{stem}.d{d}f{f}.des", b.set));
                std::fs::write(&fixed, apply(&text, fix)).unwrap();
                let mut diag = diag.clone();
                diag.start = fix.edits.iter().map(|e| e.0).min().unwrap_or(0);
                cases.push(Case {
                    id: format!(
                        "{}/{} line {} {} “{}”",
                        b.set,
                        b.path.file_name().unwrap().to_string_lossy(),
                        diag.line,
                        diag.code,
                        fix.title
                    ),
                    dialect: b.dialect,
                    original: b.path.clone(),
                    fixed,
                    diag,
                    fix: fix.clone(),
                });
            }
        }
    }

    // After: levls on every fixed file.
    let mut after: HashMap<PathBuf, Vec<Diag>> = HashMap::new();
    for dialect in ["3.6", "3.4.3"] {
        let files: Vec<PathBuf> = cases
            .iter()
            .filter(|c| c.dialect == dialect)
            .map(|c| c.fixed.clone())
            .collect();
        after.extend(check(&files, dialect));
    }

    // lev_comp on the 3.6 originals and fixed files, on worker threads.
    let mut judged: Vec<PathBuf> = Vec::new();
    for c in cases.iter().filter(|c| c.dialect == "3.6") {
        if !judged.contains(&c.original) {
            judged.push(c.original.clone());
        }
        judged.push(c.fixed.clone());
    }
    let verdicts: Vec<Mutex<Option<Oracle>>> = judged.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(file) = judged.get(i) else { break };
                let dir = scratch.join(format!("lev_comp{i}"));
                *verdicts[i].lock().unwrap() = Some(lev_comp(file, &dir));
            });
        }
    });
    let oracle: HashMap<&PathBuf, Oracle> = judged
        .iter()
        .zip(verdicts)
        .map(|(f, v)| (f, v.into_inner().unwrap().unwrap()))
        .collect();

    // code → [offered, pass]
    let mut table: BTreeMap<String, [usize; 2]> = BTreeMap::new();
    let mut failures = Vec::new();
    for c in &cases {
        let row = table.entry(c.diag.code.clone()).or_default();
        row[0] += 1;
        let text = std::fs::read_to_string(&c.original).unwrap();
        let old = &before[&c.original];
        let new = &after[&c.fixed];
        let mut why = Vec::new();
        // The diagnostic is gone.
        if new
            .iter()
            .any(|d| d.code == c.diag.code && line_before(&text, &c.fix, d.line) == c.diag.line)
        {
            why.push(format!("{} is still on its line", c.diag.code));
        }
        // lev_comp's verdict is not worse; `revealed`: lev_comp still stops
        // on the fixed line, further along it (the fix was right and the line
        // has another problem, which levls may now report too).
        let mut revealed = false;
        if c.dialect == "3.6" {
            match (
                oracle_line(&oracle[&c.original]),
                oracle_line(&oracle[&c.fixed]),
            ) {
                (Err(e), _) | (_, Err(e)) => why.push(format!("lev_comp crashed: {e}")),
                (Ok(_), Ok(None)) => {}
                (Ok(None), Ok(Some((a, _)))) => why.push(format!(
                    "lev_comp accepted it, rejects the fixed file at line {a}"
                )),
                (Ok(Some((b, b_pos))), Ok(Some((a, a_pos)))) => {
                    let a = line_before(&text, &c.fix, a);
                    let further = a_pos as isize - c.fix.growth() > b_pos as isize;
                    revealed = a == b && b == c.diag.line && further;
                    // lev_comp stopped past the edited text: at another
                    // problem of the line, which this fix was not about.
                    let (start, end) = c.fix.columns(&text);
                    let unrelated = b_pos >= end && b_pos > start;
                    if a < b || (a == b && b == c.diag.line && !further && !unrelated) {
                        why.push(format!(
                            "lev_comp's first error was on line {b}, is on line {a} (of the original) after the fix: {}",
                            match &oracle[&c.fixed] {
                                Oracle::Rejected(m) => m.as_str(),
                                _ => "",
                            }
                        ));
                    }
                }
            }
        }
        // No new error, but on the fixed line one lev_comp confirms.
        let (was, is) = (count(old), count(new));
        for (code, n) in &is {
            let mut allowed = was.get(code).copied().unwrap_or(0);
            if *code == c.diag.code && c.diag.severity == "error" {
                allowed -= 1;
            }
            let on_fixed_line = new
                .iter()
                .filter(|d| d.code == *code && d.severity == "error")
                .filter(|d| line_before(&text, &c.fix, d.line) == c.diag.line)
                .count() as isize;
            if revealed {
                allowed += on_fixed_line;
            }
            if *n > allowed {
                let first = new.iter().find(|d| d.code == *code).unwrap();
                why.push(format!(
                    "new error {code} (line {}: {})",
                    first.line, first.message
                ));
            }
        }
        if why.is_empty() {
            row[1] += 1;
        } else {
            failures.push(format!("{}: {}", c.id, why.join("; ")));
        }
    }
    if std::env::var("LEVLS_FIXES_KEEP").is_ok_and(|v| v == "1") {
        println!("files kept in {}", scratch.display());
    } else {
        std::fs::remove_dir_all(&scratch).ok();
    }

    println!(
        "NetHack quick fixes, applied and re-checked ({} bad files):",
        bad.len()
    );
    println!("| code | fixes offered | pass |");
    println!("|---|---|---|");
    let (mut offered, mut pass) = (0, 0);
    for (code, [o, p]) in &table {
        println!("| `{code}` | {o} | {p} |");
        offered += o;
        pass += p;
    }
    println!("| **total** | **{offered}** | **{pass}** |");
    for f in &failures {
        println!("FAIL {f}");
    }
    assert!(
        offered >= 100,
        "only {offered} fixes offered: the inputs went missing"
    );
    let known = |f: &str| KNOWN.iter().any(|(k, _)| f.starts_with(k));
    let unexpected: Vec<&String> = failures.iter().filter(|f| !known(f)).collect();
    let passing: Vec<&str> = KNOWN
        .iter()
        .map(|(k, _)| *k)
        .filter(|k| !failures.iter().any(|f| f.starts_with(k)))
        .collect();
    println!(
        "{} fail, {} of them listed in KNOWN",
        failures.len(),
        failures.len() - unexpected.len()
    );
    if !report_only {
        assert!(misplaced.is_empty(), "misplaced `}}`: {misplaced:?}");
        assert!(
            unexpected.is_empty(),
            "{} of {offered} fixes leave the file no better:\n{}",
            unexpected.len(),
            unexpected
                .iter()
                .map(|f| f.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
        assert!(
            passing.is_empty(),
            "listed in KNOWN but passing or no longer offered: {passing:?}"
        );
    }
}
