//! Does a converted level build what its `.des` describes? For every MAZE
//! level with one MAP of the shared 3.6 and 3.4.3 corpus, `levls convert`
//! writes its NetHack 5.0 Lua; the real NetHack 5.0.0 loads it with a
//! dumper appended (`tests/e2e/oracle/dump-level.lua`: the map's terrain,
//! doors by state, stairs, traps and objects, map-relative, as the game
//! holds them once the script has run; fixed seed), and the test compares
//! that with what the `.des` fixes ([`described`]): every map cell, every
//! door, down stair, fountain, altar, trap and object at a literal point
//! (what is left to chance, and why up stairs and monsters are not compared:
//! `docs/formats/nethack-convert.md`).
//!
//! The game is built outside the repository and is not in CI, so its dumps
//! are recorded in `tests/e2e/oracle/dumps-converted-nethack-5.0.tsv`
//! (source, level, the converted text's hash, one dump line), rewritten
//! with `LEVLS_ORACLE_RECORD_NH50=/path/to/judge`. A level whose converted
//! text is not the one recorded (the converter changed) fails: re-record.
//!
//! `cargo test -p levls --test e2e nethack_convert_dump -- --nocapture`

mod described;
mod dumped;

use crate::oracle::{scratch, text_hash};
use crate::{repo_root, shared, LEVLS};
use described::Described;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const RECORD_WITH: &str = "LEVLS_ORACLE_RECORD_NH50";
const HEADER: &str = "source\tlevel\thash\tline";
const DIALECTS: &[&str] = &["3.6", "3.4.3"];

fn dumps_path() -> PathBuf {
    repo_root().join("tests/e2e/oracle/dumps-converted-nethack-5.0.tsv")
}

/// One level to compare: where it comes from, what it fixes, its Lua.
struct Case {
    /// `3.6/castle.des`.
    source: String,
    described: Described,
    lua: String,
}

impl Case {
    fn hash(&self) -> String {
        text_hash(&self.lua)
    }
}

/// Every comparable level of both dialects, converted by `levls convert`.
fn cases(dir: &Path) -> Vec<Case> {
    let mut out = Vec::new();
    for dialect in DIALECTS {
        let corpus = shared().join("corpus/nethack").join(dialect);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&corpus)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "des"))
            .collect();
        files.sort();
        let out_dir = dir.join(dialect);
        let run = Command::new(LEVLS)
            .args(["convert", "--to", "nethack-5.0"])
            .args(&files)
            .arg("--out-dir")
            .arg(&out_dir)
            .output()
            .unwrap();
        assert!(
            matches!(run.status.code(), Some(0 | 1)),
            "levls convert: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        for file in &files {
            let text = std::fs::read_to_string(file).unwrap();
            let name = file.file_name().unwrap().to_string_lossy();
            for described in described::levels(&text) {
                let path = out_dir.join(format!("{}.lua", described.name));
                let lua = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("{dialect}/{name}: {}: {e}", path.display()));
                out.push(Case {
                    source: format!("{dialect}/{name}"),
                    described,
                    lua,
                });
            }
        }
    }
    out
}

/// The script the game loads: the converted level, then the dumper.
fn with_dumper(case: &Case) -> String {
    let dumper = std::fs::read_to_string(repo_root().join("tests/e2e/oracle/dump-level.lua"))
        .unwrap()
        .replace("@W@", &case.described.map[0].len().to_string())
        .replace("@H@", &case.described.map.len().to_string());
    format!("{}\n{dumper}", case.lua)
}

/// The script's file name for the judge: unique across both dialects.
fn script_name(case: &Case) -> String {
    let dialect = case.source.split('/').next().unwrap().replace('.', "");
    format!("{}-{dialect}.lua", case.described.name)
}

/// Runs the judge (`-v`: the whole paniclog of each file on stderr) on
/// every case and rewrites the recorded dumps. One file at a time: two
/// judges in parallel may interleave their paniclogs on stderr.
fn record(judge: &Path, cases: &[Case], dir: &Path) {
    let scripts: Vec<PathBuf> = cases
        .iter()
        .map(|case| {
            let path = dir.join(script_name(case));
            std::fs::write(&path, with_dumper(case)).unwrap();
            path
        })
        .collect();
    let run = Command::new(judge)
        .arg("-v")
        .args(&scripts)
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", judge.display()));
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let blocks = paniclogs(&String::from_utf8_lossy(&run.stderr));
    let mut tsv = format!("{HEADER}\n");
    for case in cases {
        let lines = blocks
            .get(&script_name(case))
            .unwrap_or_else(|| panic!("no paniclog for {}", script_name(case)));
        for line in lines {
            let level = &case.described.name;
            tsv.push_str(&format!(
                "{}\t{level}\t{}\t{line}\n",
                case.source,
                case.hash()
            ));
        }
    }
    std::fs::write(dumps_path(), tsv).unwrap();
}

/// The judge's `-v` output: `--- PATH: verdict …` then that file's paniclog;
/// each file's `levls-…` lines (what the dumper wrote with `nh.impossible`).
fn paniclogs(stderr: &str) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut current = None;
    for line in stderr.lines() {
        if let Some(rest) = line.strip_prefix("--- ") {
            let path = Path::new(rest.split(": ").next().unwrap());
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            out.entry(name.clone()).or_default();
            current = Some(name);
        } else if let (Some(name), Some(at)) = (&current, line.find(" impossible levls-")) {
            let dumped = &line[at + " impossible ".len()..];
            out.get_mut(name).unwrap().push(dumped.to_string());
        }
    }
    out
}

/// `(source, level) → (hash, dump lines)`.
fn read_recorded() -> BTreeMap<(String, String), (String, Vec<String>)> {
    let path = dumps_path();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; record it: {RECORD_WITH}=/path/to/judge cargo test -p levls --test e2e nethack_convert_dump",
            path.display()
        )
    });
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(HEADER), "{}", path.display());
    let mut out: BTreeMap<(String, String), (String, Vec<String>)> = BTreeMap::new();
    for line in lines {
        let cells: Vec<&str> = line.splitn(4, '\t').collect();
        assert_eq!(cells.len(), 4, "{}: {line}", path.display());
        let entry = out
            .entry((cells[0].to_string(), cells[1].to_string()))
            .or_insert_with(|| (cells[2].to_string(), Vec::new()));
        entry.1.push(cells[3].to_string());
    }
    out
}

#[test]
fn converted_levels_build_in_the_game_what_the_des_describes() {
    let dir = scratch("nh50-convert-dump");
    let cases = cases(&dir);
    assert!(
        cases.len() >= 60,
        "only {} comparable levels: the corpus reader lost some",
        cases.len()
    );
    if let Some(judge) = std::env::var_os(RECORD_WITH) {
        record(Path::new(&judge), &cases, &dir);
    }
    let recorded = read_recorded();
    let (mut cells, mut things, mut stale) = (0, 0, Vec::new());
    // Per level: how many differences, and the first few.
    let mut failed: Vec<(String, Vec<String>)> = Vec::new();
    for case in &cases {
        let key = (case.source.clone(), case.described.name.clone());
        let Some((hash, lines)) = recorded.get(&key) else {
            stale.push(format!("{} {}: not recorded", case.source, key.1));
            continue;
        };
        if *hash != case.hash() {
            stale.push(format!("{} {}: converted differently", case.source, key.1));
            continue;
        }
        let comparison = dumped::compare(&case.described, &dumped::read(lines));
        cells += comparison.cells;
        things += comparison.things;
        if !comparison.differences.is_empty() {
            failed.push((format!("{} {}", case.source, key.1), comparison.differences));
        }
    }
    eprintln!(
        "{} levels: {cells} map cells and {things} doors, stairs, traps and objects compared with what the game built; {} differences",
        cases.len(),
        failed.iter().map(|(_, d)| d.len()).sum::<usize>()
    );
    assert!(
        stale.is_empty(),
        "the recorded dumps are not of these conversions; re-record with {RECORD_WITH}=/path/to/judge:\n{}",
        stale.join("\n")
    );
    let report: Vec<String> = failed
        .iter()
        .map(|(level, differences)| {
            let first: Vec<&str> = differences.iter().take(4).map(String::as_str).collect();
            format!(
                "{level}: {} differences: {}",
                differences.len(),
                first.join("; ")
            )
        })
        .collect();
    assert!(
        failed.is_empty(),
        "the game built something else than the .des describes:\n{}",
        report.join("\n")
    );
}

/// The comparison itself can fail: a door moved, a trap and an object
/// missing in a dump are differences.
#[test]
fn the_comparison_sees_a_moved_door_a_lost_trap_and_a_lost_object() {
    let des = "MAZE:\"t\",' '\nMAP\n|...|\n|...|\nENDMAP\nDOOR:locked,(1,0)\nTRAP:\"hole\",(2,1)\nOBJECT:('(',\"chest\"),(3,1)\n";
    let levels = described::levels(des);
    assert_eq!(levels.len(), 1);
    let line = |s: &str| s.to_string();
    let faithful = dumped::read(&[
        line("levls-row 0 |l..|"),
        line("levls-trap 2 1 hole"),
        line("levls-object 3 1 chest"),
        line("levls-row 1 |...|"),
    ]);
    assert!(dumped::compare(&levels[0], &faithful)
        .differences
        .is_empty());
    let unfaithful = dumped::read(&[line("levls-row 0 |.l.|"), line("levls-row 1 |...|")]);
    let differences = dumped::compare(&levels[0], &unfaithful).differences;
    assert_eq!(differences.len(), 4, "{differences:#?}");
}
