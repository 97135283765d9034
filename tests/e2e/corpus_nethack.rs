//! NetHack `.des` files checked with `levls check` against the verdicts of the
//! real 3.4.3 `lev_comp`: the real files, the one-behaviour probes, the
//! variants and the one-typo mutants. Each test prints its agreement table
//! (`cargo test -p levls --test e2e nethack_agreement -- --nocapture`).

use crate::shared;
use std::path::{Path, PathBuf};

/// One file with the real compiler's verdict.
struct Case {
    path: PathBuf,
    accepted: bool,
    /// lev_comp's first message, when it printed one.
    message: String,
}

/// levls' verdict on one file: accepted (exit 0), and its first error's 1-based line.
struct Outcome {
    accepted: bool,
    first_error_line: Option<u64>,
}

/// `levls check --nethack-dialect 3.4.3 --format json PATH`: the verdicts are
/// the 3.4.3 compiler's, so the file is checked as 3.4.3 whatever it looks like.
fn run(path: &Path) -> Outcome {
    let out = std::process::Command::new(crate::LEVLS)
        .args(["check", "--nethack-dialect", "3.4.3", "--format", "json"])
        .arg(path)
        .output()
        .unwrap();
    let code = out.status.code().expect("levls exits normally");
    assert!(code == 0 || code == 1, "{}: exit {code}", path.display());
    let diagnostics: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let first_error_line = diagnostics
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"] == "error")
        .filter_map(|d| d["line"].as_u64())
        .min();
    Outcome {
        accepted: code == 0,
        first_error_line,
    }
}

/// lev_comp's line number in `FILE: line N : message`.
fn message_line(message: &str) -> Option<u64> {
    let rest = message.split(": line ").nth(1)?;
    rest.split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// Checks every case, prints the table and returns the disagreements that
/// are not documented decisions, and the documented ones that now agree.
fn agreement(name: &str, cases: &[Case], decisions: &[(&str, &str)]) -> Vec<String> {
    let mut rows = [[0usize; 2]; 2]; // [lev_comp accepted][levls accepted]
    let mut problems = Vec::new();
    let mut earlier = 0;
    let mut same = 0;
    let mut later = 0;
    for case in cases {
        let file = case.path.file_name().unwrap().to_string_lossy().to_string();
        let outcome = run(&case.path);
        rows[case.accepted as usize][outcome.accepted as usize] += 1;
        let decided = decisions.iter().find(|(f, _)| *f == file);
        match (outcome.accepted == case.accepted, decided) {
            (true, None) | (false, Some(_)) => {}
            (false, None) => problems.push(format!(
                "{file}: lev_comp {}, levls {} (first levls error line {:?}) | {}",
                verdict(case.accepted),
                verdict(outcome.accepted),
                outcome.first_error_line,
                case.message
            )),
            (true, Some((_, why))) => problems.push(format!(
                "{file}: agrees now, drop its documented decision ({why})"
            )),
        }
        if let (false, false, Some(theirs), Some(ours)) = (
            case.accepted,
            outcome.accepted,
            message_line(&case.message),
            outcome.first_error_line,
        ) {
            match ours.cmp(&theirs) {
                std::cmp::Ordering::Less => earlier += 1,
                std::cmp::Ordering::Equal => same += 1,
                std::cmp::Ordering::Greater => later += 1,
            }
        }
    }
    let agree = rows[0][0] + rows[1][1];
    eprintln!(
        "{name}: {agree}/{} agree | lev_comp ok: levls ok {}, levls error {} | lev_comp REJ: levls error {}, levls ok {} | documented decisions {} \
         | first error vs lev_comp's line: same {same}, earlier {earlier}, later {later}",
        cases.len(),
        rows[1][1],
        rows[1][0],
        rows[0][0],
        rows[0][1],
        decisions.len(),
    );
    problems
}

fn verdict(accepted: bool) -> &'static str {
    if accepted {
        "ok"
    } else {
        "REJ"
    }
}

/// Rows of a Markdown table in SOURCES.md under the heading that names `dir`:
/// (file, 3.4.3 verdict, the 3.4.3 oracle's first error).
fn sources_table(dir: &str) -> Vec<(String, bool, String)> {
    let sources = std::fs::read_to_string(shared().join("corpus/nethack/SOURCES.md")).unwrap();
    let mut rows = Vec::new();
    let mut inside = false;
    let mut columns: Vec<String> = Vec::new();
    for line in sources.lines() {
        if line.starts_with("### ") {
            inside = line.contains(&format!("`{dir}/`"));
            columns.clear();
            continue;
        }
        if !inside || !line.starts_with('|') || line.starts_with("|---") {
            continue;
        }
        let cells: Vec<String> = line
            .trim_matches('|')
            .split(" | ")
            .map(|c| c.trim().to_string())
            .collect();
        if columns.is_empty() {
            columns = cells;
            continue;
        }
        let column = |name: &str| columns.iter().position(|c| c == name);
        let verdict = &cells[column("3.4.3").unwrap()];
        let message = column("first error (3.4.3 oracle)")
            .and_then(|i| cells.get(i))
            .cloned()
            .unwrap_or_default();
        rows.push((cells[0].clone(), verdict == "ok", message));
    }
    rows
}

#[test]
fn nethack_agreement_real_343_files_get_no_error() {
    let dir = shared().join("corpus/nethack/3.4.3");
    let table = sources_table("3.4.3");
    assert_eq!(table.len(), 24);
    let cases: Vec<Case> = table
        .into_iter()
        .map(|(file, accepted, message)| Case {
            path: dir.join(file),
            accepted,
            message,
        })
        .collect();
    let problems = agreement("3.4.3 corpus", &cases, &[]);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn nethack_agreement_variants() {
    let mut cases = Vec::new();
    for dir in [
        "variants/nethack-3.2.0",
        "variants/nethack-3.2.3",
        "variants/dnethack",
        "variants/unnethack",
        "variants/splicehack",
    ] {
        for (file, accepted, message) in sources_table(dir) {
            cases.push(Case {
                path: shared().join("corpus/nethack").join(dir).join(file),
                accepted,
                message,
            });
        }
    }
    assert_eq!(cases.len(), 44);
    let problems = agreement("variants (3.4.3 verdicts)", &cases, VARIANT_DECISIONS);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Variant files where levls and lev_comp 3.4.3 disagree, each a decision in
/// docs/formats/nethack.md.
const VARIANT_DECISIONS: &[(&str, &str)] = &[];

#[test]
fn nethack_agreement_probes() {
    let dir = shared().join("corpus/nethack/probes");
    let verdicts = std::fs::read_to_string(dir.join("VERDICTS.tsv")).unwrap();
    let cases: Vec<Case> = verdicts
        .lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            Case {
                path: dir.join(fields[0]),
                accepted: fields[2] == "ok",
                message: fields.get(4).unwrap_or(&"").to_string(),
            }
        })
        .collect();
    assert!(cases.len() > 100);
    let problems = agreement("probes (3.4.3 column)", &cases, PROBE_DECISIONS);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Probes where levls and lev_comp 3.4.3 disagree, each a decision in
/// docs/formats/nethack.md.
const PROBE_DECISIONS: &[(&str, &str)] = &[];

#[test]
fn nethack_agreement_mutants() {
    let dir = shared().join("mutants/nethack-3.4.3");
    let verdicts = std::fs::read_to_string(dir.join("VERDICTS.tsv")).unwrap();
    let cases: Vec<Case> = verdicts
        .lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            Case {
                path: dir.join(fields[0]),
                accepted: fields[1] == "ok",
                message: format!(
                    "{} | {}",
                    fields.get(2).unwrap_or(&""),
                    fields.get(3).unwrap_or(&"")
                ),
            }
        })
        .collect();
    assert_eq!(cases.len(), 200);
    let problems = agreement("mutants 3.4.3", &cases, MUTANT_DECISIONS);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Mutants where levls and lev_comp 3.4.3 disagree, each a decision in
/// docs/formats/nethack.md.
const MUTANT_DECISIONS: &[(&str, &str)] = &[];

#[test]
fn crawl_vaults_are_left_alone() {
    let dir = tempdir();
    let vault = dir.join("vaults.des");
    std::fs::write(
        &vault,
        "# A Dungeon Crawl vault: same extension, other language\nNAME:   levls_test\nTAGS:   transparent\nMAP\nx.x\n...\nENDMAP\n",
    )
    .unwrap();
    let nethack = dir.join("mine.des");
    std::fs::write(
        &nethack,
        "MAZE: \"mine\", ' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n",
    )
    .unwrap();
    let out = std::process::Command::new(crate::LEVLS)
        .arg("check")
        .arg(&dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(
        !stdout.contains("vaults.des") && !stderr.contains("vaults.des"),
        "{stdout}{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

fn tempdir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("levls-nethack-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Without any setting, each real file is checked in its own dialect (found
/// from its content) and gets no error: 3.4.3's files as 3.4.3, 3.6's as 3.6.
#[test]
fn real_files_of_both_dialects_are_detected_and_check_clean() {
    for dir in ["corpus/nethack/3.4.3", "corpus/nethack/3.6"] {
        let out = std::process::Command::new(crate::LEVLS)
            .args(["check", "--format", "json"])
            .arg(shared().join(dir))
            .output()
            .unwrap();
        let diagnostics: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let errors: Vec<&serde_json::Value> = diagnostics
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["severity"] == "error")
            .collect();
        assert!(errors.is_empty(), "{dir}: {errors:#?}");
        assert_eq!(out.status.code(), Some(0), "{dir}");
    }
}
