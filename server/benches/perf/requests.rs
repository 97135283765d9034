//! Figure 4: request latency on a 1 MB document: hover, completion and
//! definition at random places, p50 / p99, one request at a time.

use crate::inputs::{Input, Lcg};
use crate::report::{percentile, Row};
use crate::support::client::TestServer;
use crate::LEVLS;
use serde_json::json;
use std::time::{Duration, Instant};

pub fn run(input: &Input, requests: usize) -> Vec<Row> {
    let mut server = TestServer::start(LEVLS);
    let uri = format!("file:///bench/{}", input.file_name);
    server.open(&uri, input.language_id, &input.text);
    server.wait_diagnostics_version(&uri, 1);
    // Positions on words: the first column of a random non-empty line, and
    // a few characters in (all ASCII at the start of these lines).
    let lines: Vec<&str> = input.text.lines().collect();
    let mut rng = Lcg(99);
    let mut rows = Vec::new();
    for method in [
        "textDocument/hover",
        "textDocument/completion",
        "textDocument/definition",
    ] {
        let mut times: Vec<Duration> = Vec::with_capacity(requests);
        let mut answered = 0;
        for _ in 0..requests {
            let line = rng.next(lines.len());
            let column = rng.next(lines[line].len().clamp(1, 12));
            let params = json!({
                "textDocument": {"uri": uri},
                "position": {"line": line, "character": column},
            });
            let start = Instant::now();
            let answer = server.request_ok(method, params);
            times.push(start.elapsed());
            let empty = answer.is_null() || answer.as_array().is_some_and(Vec::is_empty);
            answered += usize::from(!empty);
        }
        times.sort();
        let short = method.trim_start_matches("textDocument/");
        rows.push(
            Row::new(
                4,
                format!("{short} {} {}", input.format.name(), input.label),
            )
            .value("requests", requests as f64)
            .value("answered", answered as f64)
            .ms("p50_ms", percentile(&times, 0.5))
            .ms("p99_ms", percentile(&times, 0.99)),
        );
    }
    server.shutdown_and_exit();
    rows
}
