//! A file with tens of thousands of problems: the editor gets the 500 most
//! useful and one diagnostic for the rest; `levls check` prints as many in
//! `human` output unless `--all`, JSON stays complete, the exit status is
//! the same either way.

use crate::support::client::TestServer;
use crate::LEVLS;
use std::path::Path;
use std::process::{Command, Output};
use std::time::Instant;

const CAP: usize = 500;
const MORE: &str = "levls::more-diagnostics";
/// Lines before the first bad one.
const HEADER: &str =
    "DERF:0.1.0\nWyrm's Lair\nA hot cave.\nBones.\nFlags: +dungeon_exit\nContainers: chest\n";

/// A DERF room with `bad` container lines naming a container it never
/// declares: one error each, the first on line 7.
fn room(bad: usize) -> String {
    format!("{HEADER}{}", "zzz:weapon\n".repeat(bad))
}

/// The line (1-based) of the `n`th bad line (1-based).
fn line_of_bad(n: usize) -> usize {
    HEADER.lines().count() + n
}

#[test]
fn the_editor_gets_the_cap_and_one_diagnostic_pointing_at_the_first_left_out() {
    let bad = 50_000;
    let mut server = TestServer::start(LEVLS);
    let uri = "file:///rooms/generated.derf";
    let started = Instant::now();
    server.open(uri, "derf", &room(bad));
    let published = server.wait_diagnostics(uri);
    // A figure to compare, not a target.
    eprintln!(
        "published the diagnostics of {bad} bad lines in {:?}",
        started.elapsed()
    );
    let list = published["diagnostics"].as_array().unwrap();
    assert_eq!(list.len(), CAP + 1);
    assert!(list[..CAP]
        .iter()
        .all(|d| d["code"] == "derf::undeclared-container"));
    let more = &list[CAP];
    assert_eq!(more["code"], MORE);
    assert_eq!(more["severity"], 1, "as severe as the worst left out");
    let first_left_out = line_of_bad(CAP + 1);
    assert_eq!(more["range"]["start"]["line"], first_left_out - 1);
    let message = more["message"].as_str().unwrap();
    assert!(
        message.starts_with(&format!(
            "{} more diagnostics not shown ({} error); the first is on line {first_left_out}:",
            bad - CAP,
            bad - CAP
        )),
        "{message}"
    );
    server.shutdown_and_exit();
}

fn tempdir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("levls-e2e-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn check(dir: &Path, args: &[&str]) -> Output {
    Command::new(LEVLS)
        .arg("check")
        .args(args)
        .arg("room.derf")
        .current_dir(dir)
        .output()
        .expect("run levls check")
}

/// The header lines of human output with `code`.
fn printed(out: &Output, code: &str) -> usize {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("room.derf:") && l.contains(&format!("[{code}]")))
        .count()
}

#[test]
fn check_caps_human_output_by_default_and_all_lifts_it() {
    let bad = CAP + 120;
    let dir = tempdir("cap");
    std::fs::write(dir.join("room.derf"), room(bad)).unwrap();

    let capped = check(&dir, &[]);
    assert_eq!(capped.status.code(), Some(1));
    assert_eq!(printed(&capped, "derf::undeclared-container"), CAP);
    assert_eq!(printed(&capped, MORE), 1);
    let stdout = String::from_utf8_lossy(&capped.stdout);
    let first_left_out = line_of_bad(CAP + 1);
    assert!(
        stdout.contains(&format!("room.derf:{first_left_out}:1: error[{MORE}]: 120 more diagnostics not shown (120 error); the first is on line {first_left_out}")),
        "{stdout}"
    );
    // The totals count what was found, not what was printed.
    let totals = String::from_utf8_lossy(&capped.stderr);
    assert!(totals.contains(&format!("{bad} error(s)")), "{totals}");

    let all = check(&dir, &["--all"]);
    assert_eq!(all.status.code(), Some(1));
    assert_eq!(printed(&all, "derf::undeclared-container"), bad);
    assert_eq!(printed(&all, MORE), 0);

    let json = check(&dir, &["--format", "json"]);
    assert_eq!(json.status.code(), Some(1));
    let found: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(
        found.as_array().unwrap().len(),
        bad,
        "JSON is always complete"
    );

    let github = check(&dir, &["--format", "github"]);
    let annotations = String::from_utf8_lossy(&github.stdout).lines().count();
    assert_eq!(annotations, CAP + 1);
    let _ = std::fs::remove_dir_all(&dir);
}
