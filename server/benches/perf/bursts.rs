//! Figure 3: typing bursts. 50 edits sent without waiting, as fast typing
//! does; the server analyses the latest version and drops stale work: how
//! many analyses ran (`levls/stats`) and how long after the last edit its
//! diagnostics came.

use crate::inputs::{self, Input};
use crate::report::Row;
use crate::support::client::{edit, TestServer};
use crate::LEVLS;
use serde_json::json;
use std::time::Instant;

const BURST: usize = 50;

pub fn run(input: &Input) -> Row {
    let mut server = TestServer::start(LEVLS);
    let uri = format!("file:///bench/{}", input.file_name);
    server.open(&uri, input.language_id, &input.text);
    server.wait_diagnostics_version(&uri, 1);
    let before = server.request_ok("levls/stats", json!({}));
    let keystrokes = inputs::keystrokes(input, BURST, 7);
    let started = Instant::now();
    let mut last_sent = started;
    for (i, k) in keystrokes.iter().enumerate() {
        let change = edit(k.line, k.start, k.line, k.end, k.text);
        server.change(&uri, 2 + i as i32, vec![change]);
        last_sent = Instant::now();
    }
    let last_version = 1 + BURST as i32;
    server.wait_diagnostics_version(&uri, last_version);
    let final_latency = last_sent.elapsed();
    let total = started.elapsed();
    let after = server.request_ok("levls/stats", json!({}));
    server.shutdown_and_exit();
    let count = |key: &str| after[key].as_u64().unwrap_or(0) - before[key].as_u64().unwrap_or(0);
    Row::new(3, format!("burst {} {}", input.format.name(), input.label))
        .value("edits", BURST as f64)
        .under("analyses_run", count("analyses") as f64, BURST as f64 / 2.0)
        .value("coalesced", count("coalesced") as f64)
        .ms("last_edit_to_diagnostics_ms", final_latency)
        .ms("whole_burst_ms", total)
}
