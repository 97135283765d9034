//! Prints the figures behind levls's speed targets (no assertions: targets
//! live here, never in timed tests).
//!
//! 1. `levls check examples/`: wall time of the whole command (median of 20 runs).
//! 2. A 1 MB DERF document: `didChange` → `publishDiagnostics` round trip over
//!    stdio against the release binary, for one-character edits at random
//!    places, p50 / p99 over 300 edits.
//!
//! Run: `cargo bench -p levls --bench latency`

#[path = "../../tests/e2e/support/client.rs"]
mod client;

use client::{edit, TestServer};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const LEVLS: &str = env!("CARGO_BIN_EXE_levls");

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// A room of about `bytes` bytes: a long description, flags, many containers.
fn big_room(bytes: usize) -> String {
    let mut text = String::from("DERF:0.1.0\nThe Endless Library\nShelves beyond counting.\n");
    let mut i = 0;
    while text.len() < bytes / 2 {
        text.push_str(&format!(
            "Shelf {i}: dusty tomes about dragons, é-accented margins and 🐉 doodles.\n"
        ));
        i += 1;
    }
    text.push_str("Flags: +north_exit +south_exit +monster_spawn +goblin_monster\nContainers:");
    let mut lines = String::new();
    let mut n = 0;
    while text.len() + lines.len() < bytes {
        text.push_str(" chest");
        n += 1;
        lines.push_str(&format!("chest{n}:ancient scroll number {n}\n"));
    }
    text.push('\n');
    text + &lines
}

/// A simple deterministic generator, so every run edits the same places.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, bound: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % bound
    }
}

fn check_examples() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut times: Vec<Duration> = (0..20)
        .map(|_| {
            let start = Instant::now();
            let out = Command::new(LEVLS)
                .args(["check", "examples/"])
                .current_dir(root)
                .output()
                .unwrap();
            assert!(out.status.success());
            start.elapsed()
        })
        .collect();
    times.sort();
    println!(
        "levls check examples/            median {}  (min {})",
        ms(percentile(&times, 0.5)),
        ms(times[0])
    );
}

fn edit_round_trips() {
    let text = big_room(1 << 20);
    let lines: Vec<&str> = text.lines().collect();
    let mut server = TestServer::start(LEVLS);
    let uri = "file:///bench/library.derf";
    let opened = Instant::now();
    server.open(uri, "derf", &text);
    let first = server.wait_diagnostics_version(uri, 1);
    println!(
        "open 1 MB DERF ({} bytes, {} lines) → diagnostics  {}  ({} diagnostics)",
        text.len(),
        lines.len(),
        ms(opened.elapsed()),
        first["diagnostics"].as_array().unwrap().len()
    );
    let mut rng = Lcg(42);
    let mut times = Vec::new();
    for i in 0..300 {
        // Insert one ASCII letter at the start of a random description or container line
        // (past line 3 so the header, name and short description stay as they are).
        let line = 3 + rng.next(lines.len() - 4);
        let version = 2 + i;
        let start = Instant::now();
        server.change(
            uri,
            version,
            vec![edit(line as u32, 0, line as u32, 0, "x")],
        );
        server.wait_diagnostics_version(uri, version);
        times.push(start.elapsed());
    }
    times.sort();
    println!(
        "one-character edit → diagnostics   p50 {}  p99 {}  max {}  (300 edits, 1 MB)",
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.99)),
        ms(*times.last().unwrap())
    );
    server.shutdown_and_exit();
}

fn main() {
    // `cargo test --benches` passes --bench too; any filter argument skips the run.
    if std::env::args().skip(1).any(|a| !a.starts_with("--")) {
        return;
    }
    check_examples();
    edit_round_trips();
}
