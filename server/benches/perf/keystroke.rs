//! Figure 2: keystroke latency. One-character edits at random places of a
//! 1 MB document, from `didChange` to the new `publishDiagnostics`, end to
//! end over stdio against the real binary; against the same edit done as a
//! full reparse + full analysis in process (what incrementality buys).

use crate::inputs::{self, Input};
use crate::report::{median, percentile, Row};
use crate::support::client::{edit, TestServer};
use crate::LEVLS;
use levls::formats::Settings;
use std::path::Path;
use std::time::{Duration, Instant};

/// `targets`: the 1 MB rows carry the targets; a realistic size is shown
/// for what authors feel.
pub fn run(input: &Input, edits: usize, targets: bool) -> Row {
    let keystrokes = inputs::keystrokes(input, edits, 42);
    let mut server = TestServer::start(LEVLS);
    let uri = format!("file:///bench/{}", input.file_name);
    let opened = Instant::now();
    server.open(&uri, input.language_id, &input.text);
    let first = server.wait_diagnostics_version(&uri, 1);
    let open = opened.elapsed();
    let mut times = Vec::with_capacity(edits);
    for (i, k) in keystrokes.iter().enumerate() {
        let version = 2 + i as i32;
        let start = Instant::now();
        server.change(
            &uri,
            version,
            vec![edit(k.line, k.start, k.line, k.end, k.text)],
        );
        server.wait_diagnostics_version(&uri, version);
        times.push(start.elapsed());
    }
    server.shutdown_and_exit();
    times.sort();

    // The same final text, parsed and analysed from scratch.
    let last = inputs::apply(&input.text, &keystrokes);
    let full = median(
        (0..5)
            .map(|_| {
                let text = last.clone();
                let start = Instant::now();
                let checked = levls::cli::check_text(
                    Path::new(input.file_name),
                    text,
                    input.format,
                    &Settings::NONE,
                );
                let elapsed = start.elapsed();
                drop(checked);
                elapsed
            })
            .collect(),
    );
    let p50 = percentile(&times, 0.5);
    let p99 = percentile(&times, 0.99);
    let row = Row::new(
        2,
        format!("keystroke {} {}", input.format.name(), input.label),
    )
    .value("edits", edits as f64)
    .value(
        "diagnostics",
        first["diagnostics"].as_array().map_or(0, Vec::len) as f64,
    )
    .ms("open_ms", open)
    .ms("p50_ms", p50);
    let ratio = full.as_secs_f64() / p50.as_secs_f64();
    let max = *times.last().unwrap_or(&Duration::ZERO);
    if targets {
        let row = row
            .ms_under("p99_ms", p99, 5.0)
            .ms("max_ms", max)
            .ms("full_reparse_analysis_ms", full);
        // A format read from its text has no reparse to save: its full check
        // is the keystroke's work, a few milliseconds a megabyte.
        if input.format.reads_tree() {
            row.at_least("full_over_p50", ratio, 20.0)
        } else {
            row.value("full_over_p50", ratio)
        }
    } else {
        row.ms("p99_ms", p99)
            .ms("max_ms", max)
            .ms("full_reparse_analysis_ms", full)
            .value("full_over_p50", ratio)
    }
}
