//! Figure 7: `levls check` over a tree of 10,000 files (the real corpora of
//! every format, copied over and over into 100 folders, as a variant's whole
//! `dat/` or a mod collection would be): files per second on one core and on
//! all, peak memory, and whether both print the same, in the same order.

use crate::memory::rss_mb;
use crate::report::Row;
use crate::LEVLS;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn real_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
    let mut found = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| {
                ["des", "fmap", "dat", "derf", "json"]
                    .iter()
                    .any(|x| e == *x)
            }) && !path.ends_with("SOURCES.md")
            {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// `n` files in 100 folders under `dir`, cycling through the real files.
fn make_tree(dir: &Path, n: usize) -> usize {
    let real = real_files();
    let mut bytes = 0;
    for i in 0..n {
        let source = &real[i % real.len()];
        let folder = dir.join(format!("mod{:03}", i % 100));
        std::fs::create_dir_all(&folder).unwrap();
        let name = format!("{i:05}-{}", source.file_name().unwrap().to_string_lossy());
        bytes += std::fs::copy(source, folder.join(name)).unwrap() as usize;
    }
    bytes
}

/// Run `levls check` with `jobs` threads: wall time, peak RSS (MB) of the
/// process, and what it printed (kept in a file: no memory of ours).
fn check(dir: &Path, jobs: usize, out: &Path) -> (Duration, f64) {
    let start = Instant::now();
    let mut child = Command::new(LEVLS)
        .args(["check", "--jobs", &jobs.to_string()])
        .arg(dir)
        .stdout(std::fs::File::create(out).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .expect("run levls check");
    // The peak (VmHWM) read until it exits. Not getrusage: a child started
    // by fork or vfork counts this big bench process's memory as its own.
    let mut peak = 0.0f64;
    loop {
        peak = peak.max(rss_mb(child.id()).1);
        if child.try_wait().expect("wait for levls check").is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    (start.elapsed(), peak)
}

pub fn run(files: usize) -> Vec<Row> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let root = std::env::temp_dir().join(format!("levls-bench-scale-{}", std::process::id()));
    let mut rows = Vec::new();
    for n in [files / 10, files] {
        let dir = root.join(format!("tree{n}"));
        let bytes = make_tree(&dir, n);
        let (one, one_rss) = check(&dir, 1, &root.join("one.txt"));
        let (all, all_rss) = check(&dir, cores, &root.join("all.txt"));
        let same = std::fs::read(root.join("one.txt")).unwrap()
            == std::fs::read(root.join("all.txt")).unwrap();
        let per_second = |d: Duration| n as f64 / d.as_secs_f64();
        rows.push(
            Row::new(7, format!("levls check, a tree of {n} files"))
                .value("mb", bytes as f64 / 1e6)
                .value("files_per_s_1_core", per_second(one))
                .value(&format!("files_per_s_{cores}_cores"), per_second(all))
                .value("speedup", one.as_secs_f64() / all.as_secs_f64())
                .value("peak_rss_mb_1_core", one_rss)
                .value(&format!("peak_rss_mb_{cores}_cores"), all_rss)
                .note("same_output_in_same_order", if same { "yes" } else { "NO" }),
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
    let _ = std::fs::remove_dir_all(&root);
    rows
}
