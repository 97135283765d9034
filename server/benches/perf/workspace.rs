//! Figure 12: the workspace index, measured from an outside client over
//! stdio on real files. Two workspaces of 10,000 files: the real NetHack
//! 3.6 `.des` files loose in 416 folders (no project), and the real 3.6
//! `dat/`, its 24 `.des` files and `dungeon.def`, copied into 400 games.
//! For each, the time from `initialized` to the end of the server's
//! indexing `$/progress` (read, and every file checked against the
//! others), and its memory once idle; then a keystroke in one game's
//! `dungeon.def` that changes what it loads, timed until the closed
//! `.des` file it concerns has its diagnostic published (and, typed back,
//! cleared).

use crate::memory::rss_mb;
use crate::report::{median, percentile, Row};
use crate::support::client::{edit, file_uri, InitOptions, TestServer};
use crate::LEVLS;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/nethack")
}

/// `games` copies of the real 3.6 `dat/` under `dir` (without its
/// `dungeon.def` when not `whole`: loose levels, as a MiniHack user has
/// them): their file count.
fn make_workspace(dir: &Path, games: usize, whole: bool) -> usize {
    let mut real: Vec<(String, String)> = std::fs::read_dir(corpus().join("3.6"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "des"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    let def = corpus().join("dungeon-def/nethack-3.6.6-dungeon.def");
    if whole {
        real.push(("dungeon.def".into(), std::fs::read_to_string(def).unwrap()));
    }
    for game in 0..games {
        let dat = dir.join(format!("game{game:03}/dat"));
        std::fs::create_dir_all(&dat).unwrap();
        for (name, text) in &real {
            std::fs::write(dat.join(name), text).unwrap();
        }
    }
    games * real.len()
}

fn is_progress_end(p: &Value) -> bool {
    p["token"] == "levls/index" && p["value"]["kind"] == "end"
}

/// Start a server on `dir` and time its indexing to the end of its
/// `$/progress` (the files read and every file checked against the
/// others): the server, that time, and its own count of the reading.
fn indexed(dir: &Path) -> (TestServer, Duration, f64) {
    let started = Instant::now();
    let mut server = TestServer::start_with(
        LEVLS,
        InitOptions {
            root: Some(dir.to_path_buf()),
            work_done_progress: true,
            ..Default::default()
        },
    );
    server.wait_notification("$/progress", is_progress_end);
    let took = started.elapsed();
    server.request_ok("levls/stats", serde_json::json!({}));
    std::thread::sleep(Duration::from_millis(1_000));
    let read_ms = server
        .stderr()
        .lines()
        .find_map(|l| {
            l.split_once(" files in ")
                .and_then(|(_, ms)| ms.strip_suffix(" ms")?.parse::<f64>().ok())
        })
        .unwrap_or(f64::NAN);
    (server, took, read_ms)
}

fn index_row(name: String, server: &TestServer, took: Duration, read_ms: f64) -> Row {
    let (rss, peak) = rss_mb(server.pid());
    Row::new(12, name)
        .ms_under("index_ms", took, 2_000.0)
        .value("read_ms", read_ms)
        .under("rss_mb", rss, 200.0)
        .value("peak_mb", peak)
}

pub fn run(games: usize, keystrokes: usize) -> Vec<Row> {
    let base = std::env::temp_dir().join(format!("levls-bench-workspace-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    // Loose levels (no project): every file's check walks up its folders.
    let dir = base.join("loose");
    std::fs::create_dir_all(&dir).unwrap();
    let files = make_workspace(&dir, games + games / 24, false);
    let (server, took, read_ms) = indexed(&dir);
    let mut rows = vec![index_row(
        format!("workspace index: {files} real .des files, no dungeon.def"),
        &server,
        took,
        read_ms,
    )];
    server.shutdown_and_exit();

    let dir = base.join("games");
    std::fs::create_dir_all(&dir).unwrap();
    let files = make_workspace(&dir, games, true);
    let (mut server, took, read_ms) = indexed(&dir);
    rows.push(index_row(
        format!("workspace index: {files} real files in {games} dat/ folders"),
        &server,
        took,
        read_ms,
    ));

    // One game's dungeon.def, open; its oracle.des stays closed.
    let def = dir.join("game000/dat/dungeon.def");
    let oracle = file_uri(&dir.join("game000/dat/oracle.des"));
    let text = std::fs::read_to_string(&def).unwrap();
    let line = text
        .lines()
        .position(|l| l.contains("\"oracle\" \"O\""))
        .unwrap() as u32;
    let column = text
        .lines()
        .nth(line as usize)
        .unwrap()
        .find("oracle")
        .unwrap() as u32;
    server.open(&file_uri(&def), "nethack-dungeon-def", &text);
    server.wait_diagnostics(&file_uri(&def));
    let mut times = Vec::new();
    for i in 0..keystrokes {
        // Alternately away from the name and back: the closed file's
        // warning appears, then goes.
        let (name, shown) = if i % 2 == 0 {
            ("oracel", true)
        } else {
            ("oracle", false)
        };
        let start = Instant::now();
        server.change(
            &file_uri(&def),
            i as i32 + 2,
            vec![edit(line, column, line, column + 6, name)],
        );
        server.wait_notification("textDocument/publishDiagnostics", |p| {
            p["uri"] == oracle
                && p["diagnostics"]
                    .as_array()
                    .is_some_and(|d| d.is_empty() != shown)
        });
        times.push(start.elapsed());
    }
    times.sort();
    rows.push(
        Row::new(
            12,
            "workspace keystroke: a closed file's diagnostic follows",
        )
        .ms_under("median_ms", median(times.clone()), 50.0)
        .ms("p95_ms", percentile(&times, 0.95))
        .value("keystrokes", keystrokes as f64),
    );
    server.shutdown_and_exit();
    let _ = std::fs::remove_dir_all(&base);
    rows
}
