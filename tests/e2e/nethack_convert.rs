//! `levls convert --to nethack-5.0` the way users meet it: every level of
//! the shared 3.6 and 3.4.3 corpus and of MiniHack's own levels converted,
//! every script checked clean by `levls check` (the NetHack 5.0 Lua
//! checker), and every script loaded by the real NetHack 5.0.0 (its
//! verdicts recorded in `tests/e2e/oracle/verdicts-converted-nethack-5.0.tsv`:
//! source, script, the script's hash, verdict, message; the judge is not in
//! CI). Re-record after a change of the converter:
//! `LEVLS_ORACLE_RECORD_NH50=/work/oracles/nh50/judge cargo test -p levls --test e2e nethack_convert`.

use crate::oracle::levls::check_all_with;
use crate::oracle::{judge_nh50, scratch, text_hash};
use crate::{repo_root, shared, LEVLS};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const RECORD_WITH: &str = "LEVLS_ORACLE_RECORD_NH50";
const HEADER: &str = "source\tlevel\thash\tverdict\tmessage";

/// Scripts the game loads with an `impossible` only because it loads them
/// on DL1 of the Dungeons of Doom (the judge's context), and why.
const DL1_CONTEXT: &[(&str, &str, &str)] = &[
    (
        "water.lua",
        "Couldn't place lregion type 2!",
        "the Plane of Water's portal has nowhere to lead on DL1 (the shipped water.lua says the same)",
    ),
    (
        "minihack/hidenseek_lava.des",
        "Couldn't place lregion type 3!",
        "a map of lava and trees with no room or corridor square for DL1's up stairs branch",
    ),
];

/// One converted script.
struct Script {
    /// `3.6/Arch.des`, `minihack/chest.des`.
    source: String,
    level: String,
    path: PathBuf,
    hash: String,
}

fn verdicts_path() -> PathBuf {
    repo_root().join("tests/e2e/oracle/verdicts-converted-nethack-5.0.tsv")
}

/// MiniHack's `dat/` folder, when its package is installed.
fn minihack_levels() -> Option<PathBuf> {
    let python = crate::support::python_tools().join("bin/python");
    let out = Command::new(python)
        .args([
            "-c",
            "import minihack, os; print(os.path.dirname(minihack.__file__))",
        ])
        .output()
        .ok()?;
    let dir = String::from_utf8(out.stdout).ok()?;
    out.status
        .success()
        .then(|| PathBuf::from(dir.trim()).join("dat"))
}

fn des_files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "des"))
        .collect();
    out.sort();
    out
}

/// `levls convert` of one file into a folder of its own; its exit code.
pub(crate) fn convert(file: &Path, out: &Path) -> (i32, String) {
    let run = Command::new(LEVLS)
        .args(["convert", "--to", "nethack-5.0"])
        .arg(file)
        .arg("--out-dir")
        .arg(out)
        .output()
        .unwrap();
    (
        run.status.code().unwrap(),
        String::from_utf8_lossy(&run.stderr).into_owned(),
    )
}

#[test]
fn converted_levels_check_clean_and_load_in_the_game() {
    let dir = scratch("nethack-convert");
    let mut sources: Vec<(String, PathBuf)> = Vec::new();
    for dialect in ["3.6", "3.4.3"] {
        for f in des_files(&shared().join("corpus/nethack").join(dialect)) {
            let name = f.file_name().unwrap().to_string_lossy().to_string();
            sources.push((format!("{dialect}/{name}"), f));
        }
    }
    match minihack_levels() {
        Some(dat) => {
            let files = des_files(&dat);
            // Only the levels MiniHack's lev_comp takes (levls agrees, as
            // tests/e2e/minihack.rs checks): its template files are not levels.
            let paths: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
            let checked = check_all_with(&paths, &[], 1);
            for f in &files {
                if checked[f].accepted {
                    let name = f.file_name().unwrap().to_string_lossy().to_string();
                    sources.push((format!("minihack/{name}"), f.clone()));
                } else {
                    eprintln!(
                        "skipped {} (levls check: {})",
                        f.display(),
                        checked[f].first_error
                    );
                }
            }
        }
        None => eprintln!(
            "MiniHack is not installed (scripts/install-python-tools): its levels are skipped"
        ),
    }
    let mut problems = Vec::new();
    let mut scripts = Vec::new();
    for (source, file) in &sources {
        let out = dir.join(source.replace('/', "_"));
        let (code, stderr) = convert(file, &out);
        if code != 0 {
            problems.push(format!("{source}: levls convert exited {code}: {stderr}"));
        }
        let mut written: Vec<PathBuf> = std::fs::read_dir(&out)
            .map(|d| d.map(|e| e.unwrap().path()).collect())
            .unwrap_or_default();
        written.sort();
        for path in written {
            let text = std::fs::read_to_string(&path).unwrap();
            scripts.push(Script {
                source: source.clone(),
                level: path.file_name().unwrap().to_string_lossy().to_string(),
                hash: text_hash(&text),
                path,
            });
        }
    }
    assert!(scripts.len() >= 233, "only {} scripts", scripts.len());

    // levls' own NetHack 5.0 checker: no error in any script.
    let paths: Vec<&Path> = scripts.iter().map(|s| s.path.as_path()).collect();
    let checked = check_all_with(&paths, &["--all"], 2);
    let mut warnings_36 = (0, 0);
    for s in &scripts {
        let verdict = &checked[&s.path];
        if !verdict.accepted {
            problems.push(format!(
                "{} {}: levls check: {}",
                s.source, s.level, verdict.first_error
            ));
        }
        if s.source.starts_with("3.6/") {
            let warned = verdict.flagged.iter().filter(|f| !f.error).count();
            warnings_36.0 += usize::from(warned > 0);
            warnings_36.1 += warned;
        }
    }
    eprintln!(
        "{} scripts; of the 3.6 ones, {} have warnings from levls check ({} warnings)",
        scripts.len(),
        warnings_36.0,
        warnings_36.1
    );

    // The real game's verdicts.
    if let Some(judge) = std::env::var_os(RECORD_WITH) {
        let verdicts = judge_nh50(Path::new(&judge), &paths);
        let mut tsv = format!("{HEADER}\n");
        for (s, (verdict, message)) in scripts.iter().zip(verdicts) {
            tsv.push_str(&format!(
                "{}\t{}\t{}\t{verdict}\t{message}\n",
                s.source, s.level, s.hash
            ));
        }
        std::fs::write(verdicts_path(), tsv).unwrap();
    }
    let recorded = std::fs::read_to_string(verdicts_path()).unwrap_or_default();
    let recorded: HashMap<(&str, &str), Vec<&str>> = recorded
        .lines()
        .skip(1)
        .map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            ((cells[0], cells[1]), cells)
        })
        .collect();
    for s in &scripts {
        let Some(cells) = recorded.get(&(s.source.as_str(), s.level.as_str())) else {
            problems.push(format!(
                "{} {}: no verdict of the game recorded; record: {RECORD_WITH}=/work/oracles/nh50/judge cargo test -p levls --test e2e nethack_convert",
                s.source, s.level
            ));
            continue;
        };
        if cells[2] != s.hash {
            problems.push(format!(
                "{} {}: the script changed since the game's verdict was recorded; re-record: {RECORD_WITH}=/work/oracles/nh50/judge cargo test -p levls --test e2e nethack_convert",
                s.source, s.level
            ));
            continue;
        }
        let excused = DL1_CONTEXT.iter().any(|(what, message, _why)| {
            (*what == s.level || *what == s.source)
                && cells[3] == "impossible"
                && cells[4].starts_with(message)
        });
        if cells[3] != "ok" && !excused {
            problems.push(format!(
                "{} {}: the game says {} ({})",
                s.source, s.level, cells[3], cells[4]
            ));
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
