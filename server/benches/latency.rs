//! Prints the figures behind levls's speed targets (no assertions: targets
//! live here, never in timed tests).
//!
//! 1. `levls check examples/`: wall time of the whole command (median of 20 runs).
//! 2. A 1 MB DERF document: `didChange` → `publishDiagnostics` round trip over
//!    stdio against the release binary, for one-character edits at random
//!    places, p50 / p99 over 300 edits.
//! 3. A 128×128 Frupal map with 2,000 items: the same round trip for edits
//!    that change one terrain cell or one item's value.
//! 4. A WUAS board of 10 floors of 30×30: the same round trip for edits of
//!    one cell's token.
//! 5. A 1 MB NetHack `.des` file of a few hundred MAZE levels: the same round
//!    trip for edits of one map cell or one coordinate digit.
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

/// A 128×128 map: meadow with a few wall and water bands, the start, the
/// diamonds and `items` items on distinct meadow cells.
fn big_map(items: usize) -> String {
    let size = 128;
    let terrain = |x: usize, y: usize| match (x % 17, y % 23) {
        (5, _) if !y.is_multiple_of(5) => '=',
        (_, 11) if !x.is_multiple_of(7) => '~',
        (9, _) => '"',
        _ => '.',
    };
    let mut text = format!("Frupal_Kingdom:\nterrain: {size} {size}\n");
    for y in 0..size {
        text.extend((0..size).map(|x| terrain(x, y)));
        text.push('\n');
    }
    text.push_str("start: 0 0\ndiamonds: 127 127\n");
    let mut placed = 0;
    let mut cell = 1;
    while placed < items {
        let (x, y) = (cell % size, cell / size);
        cell += 7;
        if terrain(x, y) != '.' || (x, y) == (127, 127) {
            continue;
        }
        let line = match placed % 4 {
            0 => format!(
                "treasure: {x} {y} {} A bag of whiffles.\n",
                1 + placed % 900
            ),
            1 => format!("food: {x} {y} 3 {} Bread.\n", 1 + placed % 90),
            2 => format!(
                "obstacle: {x} {y} boulders {} A boulder.\n",
                1 + placed % 50
            ),
            _ => format!(
                "tool: {x} {y} hammers 1 boulders 2 {} A hammer.\n",
                1 + placed % 99
            ),
        };
        text.push_str(&line);
        placed += 1;
    }
    text
}

fn frupal_round_trips() {
    let text = big_map(2000);
    let mut server = TestServer::start(LEVLS);
    let uri = "file:///bench/kingdom.fmap";
    let opened = Instant::now();
    server.open(uri, "frupal", &text);
    let first = server.wait_diagnostics_version(uri, 1);
    println!(
        "open 128×128 Frupal map with 2,000 items ({} bytes) → diagnostics  {}  ({} diagnostics)",
        text.len(),
        ms(opened.elapsed()),
        first["diagnostics"].as_array().unwrap().len()
    );
    let item_lines = text.lines().count() - 2000;
    let mut rng = Lcg(7);
    let mut times = Vec::new();
    for i in 0..300 {
        let version = 2 + i;
        // Alternate: turn one meadow cell to swamp and back (a terrain row), or
        // type one character at the end of an item's description.
        let change = if i % 2 == 0 {
            let row = 2 + rng.next(128) as u32;
            let col = 1 + 17 * rng.next(7) as u32;
            let now = if i % 4 == 0 { "\"" } else { "." };
            edit(row, col, row, col + 1, now)
        } else {
            let line = (item_lines + rng.next(2000)) as u32;
            edit(line, 200, line, 200, "!") // past the end: the server clamps to the line end
        };
        let start = Instant::now();
        server.change(uri, version, vec![change]);
        server.wait_diagnostics_version(uri, version);
        times.push(start.elapsed());
    }
    times.sort();
    println!(
        "Frupal edit → diagnostics           p50 {}  p99 {}  max {}  (300 edits, 128×128, 2,000 items)",
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.99)),
        ms(*times.last().unwrap())
    );
    server.shutdown_and_exit();
}

/// A version-5 board: `floors` floors of `size`×`size` boxes, 10 wide, a few
/// tokens and attributes.
fn big_board(floors: usize, size: usize) -> String {
    let border = format!("+{}\n", "----------+".repeat(size));
    let mut text = String::from("# bench\n\n5\ntitle: bench\n\n");
    for f in 0..floors {
        text.push_str(&format!("floor={f}\n{border}"));
        for y in 0..size {
            let spaces: String = (0..size)
                .map(|x| {
                    if (x + y) % 7 == 0 {
                        "| sky!     "
                    } else {
                        "| sky      "
                    }
                })
                .collect();
            let tokens: String = (0..size)
                .map(|x| {
                    if (x * y) % 11 == 1 {
                        "| ab       "
                    } else {
                        "|          "
                    }
                })
                .collect();
            text.push_str(&format!("{spaces}|\n{tokens}|\n{border}"));
        }
        text.push('\n');
    }
    text.push_str("\na cake nil 10 12\nb coin nil 8 8\nc star nil 4 4\n\n! isfloor\n\n");
    text
}

fn wuas_round_trips() {
    let (floors, size) = (10, 30);
    let text = big_board(floors, size);
    let mut server = TestServer::start(LEVLS);
    let uri = "file:///bench/board.dat";
    let opened = Instant::now();
    server.open(uri, "wuas", &text);
    let first = server.wait_diagnostics_version(uri, 1);
    println!(
        "open WUAS board, {floors} floors of {size}×{size} ({} bytes) → diagnostics  {}  ({} diagnostics)",
        text.len(),
        ms(opened.elapsed()),
        first["diagnostics"].as_array().unwrap().len()
    );
    let mut rng = Lcg(11);
    let mut times = Vec::new();
    for i in 0..300 {
        // Retype the first token character of a random cell: `a`, `b` or `c`.
        let (f, y, x) = (rng.next(floors), rng.next(size), rng.next(size));
        let line = (6 + f * (2 + 3 * size + 1) + 1 + 3 * y + 1) as u32;
        let col = (11 * x + 2) as u32;
        let token = ["a", "b", "c"][i % 3];
        let start = Instant::now();
        server.change(
            uri,
            2 + i as i32,
            vec![edit(line, col, line, col + 1, token)],
        );
        server.wait_diagnostics_version(uri, 2 + i as i32);
        times.push(start.elapsed());
    }
    times.sort();
    println!(
        "WUAS edit → diagnostics             p50 {}  p99 {}  max {}  (300 edits, 10 floors of 30×30)",
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.99)),
        ms(*times.last().unwrap())
    );
    server.shutdown_and_exit();
}

/// One MAZE level of about 2.6 KB: a walled 76×21 map with doors, water
/// and trees, registers and a few dozen details.
fn nethack_level(n: usize) -> String {
    let mut text = format!(
        "# level {n}\nMAZE: \"b{n:04}\", ' '\nFLAGS: noteleport\nGEOMETRY: center, center\nMAP\n"
    );
    for y in 0..21 {
        let row: String = (0..76)
            .map(|x| match (x, y) {
                (0 | 75, _) => '|',
                (_, 0 | 20) => '-',
                (37, 10) => '+',
                _ if (x + y * 3) % 29 == 0 => '}',
                _ if (x * 7 + y) % 31 == 0 => 'T',
                _ => '.',
            })
            .collect();
        text.push_str(&row);
        text.push('\n');
    }
    text.push_str("ENDMAP\nRANDOM_PLACES: (5,5), (10,10), (20,15)\nRANDOM_MONSTERS: 'd', 'o'\n");
    text.push_str("REGION: (0,0,75,20), lit, \"ordinary\"\nDOOR: locked, (37,10)\n");
    for i in 0..24 {
        let (x, y) = (2 + (i * 3 + n) % 70, 2 + (i * 5 + n) % 17);
        text.push_str(&match i % 4 {
            0 => format!("MONSTER: 'd', \"jackal\", ({x},{y}), hostile\n"),
            1 => format!("OBJECT: '(', \"chest\", ({x},{y})\n"),
            2 => format!("TRAP: \"arrow\", ({x},{y})\n"),
            _ => format!("MONSTER: monster[1], random, place[{}]\n", i % 3),
        });
    }
    text
}

fn nethack_round_trips() {
    let mut text = String::new();
    let mut levels = 0;
    while text.len() < 1_000_000 {
        text.push_str(&nethack_level(levels));
        levels += 1;
    }
    let mut server = TestServer::start(LEVLS);
    let uri = "file:///bench/dungeon.des";
    let opened = Instant::now();
    server.open(uri, "nethack-des", &text);
    let first = server.wait_diagnostics_version(uri, 1);
    println!(
        "open NetHack .des, {levels} levels ({} bytes) → diagnostics  {}  ({} diagnostics)",
        text.len(),
        ms(opened.elapsed()),
        first["diagnostics"].as_array().unwrap().len()
    );
    let starts: Vec<u32> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("MAP"))
        .map(|(i, _)| i as u32)
        .collect();
    let mut rng = Lcg(13);
    let mut times = Vec::new();
    for i in 0..300 {
        let version = 2 + i;
        // Alternate: one floor cell to a tree and back, or retype the state
        // of the level's DOOR (`locked` ↔ `closed`).
        let start_line = starts[rng.next(starts.len())];
        let change = if i % 2 == 0 {
            let row = start_line + 2 + rng.next(18) as u32;
            let col = 2 + rng.next(70) as u32;
            let now = if i % 4 == 0 { "T" } else { "." };
            edit(row, col, row, col + 1, now)
        } else {
            let line = start_line + 26;
            let now = if i % 4 == 1 { "closed" } else { "locked" };
            edit(line, 6, line, 12, now)
        };
        let start = Instant::now();
        server.change(uri, version, vec![change]);
        server.wait_diagnostics_version(uri, version);
        times.push(start.elapsed());
    }
    times.sort();
    println!(
        "NetHack edit → diagnostics          p50 {}  p99 {}  max {}  (300 edits, {levels} levels, 1 MB)",
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
    frupal_round_trips();
    wuas_round_trips();
    nethack_round_trips();
}
