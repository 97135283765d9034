//! Figure 6: `levls check` against the real `lev_comp` (NetHack 3.6.6, from
//! Debian's nethack-common) on the same files: the NetHack 3.6 corpus, each
//! compiled or checked in one run of each tool.

use crate::report::{median, Row};
use crate::LEVLS;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const LEV_COMP: &str = "/usr/lib/games/nethack/lev_comp";

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/nethack/3.6");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "des"));
    files.sort();
    files
}

fn time(mut command: Command) -> Duration {
    let start = Instant::now();
    let status = command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("run the command");
    let elapsed = start.elapsed();
    assert!(status.code().is_some(), "{command:?} was killed");
    elapsed
}

pub fn run(runs: usize) -> Row {
    let files = corpus();
    let bytes: u64 = files
        .iter()
        .map(|f| std::fs::metadata(f).map_or(0, |m| m.len()))
        .sum();
    let row = Row::new(6, "levls check vs lev_comp, NetHack 3.6 corpus")
        .value("files", files.len() as f64)
        .value("bytes", bytes as f64);
    if !Path::new(LEV_COMP).exists() {
        return row.note(
            "lev_comp",
            "not installed (scripts/install-tools installs it)",
        );
    }
    // lev_comp writes its .lev files into the working directory.
    let work = std::env::temp_dir().join(format!("levls-bench-lev_comp-{}", std::process::id()));
    std::fs::create_dir_all(&work).unwrap();
    let lev_comp = median(
        (0..runs)
            .map(|_| {
                let mut c = Command::new(LEV_COMP);
                c.args(&files).current_dir(&work);
                time(c)
            })
            .collect(),
    );
    let levls = |jobs: &str| {
        median(
            (0..runs)
                .map(|_| {
                    let mut c = Command::new(LEVLS);
                    c.args(["check", "--nethack-dialect", "3.6", "--jobs", jobs])
                        .args(&files);
                    time(c)
                })
                .collect(),
        )
    };
    let one = levls("1");
    let all = levls(
        &std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .to_string(),
    );
    let _ = std::fs::remove_dir_all(&work);
    // `levls check` as users run it (every core) against lev_comp, which has one.
    row.ms("lev_comp_ms", lev_comp)
        .ms("levls_ms", all)
        .ms("levls_1_core_ms", one)
        .under(
            "levls_over_lev_comp",
            all.as_secs_f64() / lev_comp.as_secs_f64(),
            1.0,
        )
        .value(
            "levls_1_core_over_lev_comp",
            one.as_secs_f64() / lev_comp.as_secs_f64(),
        )
}
