//! Figure 10: a load test over stdio. 50 real documents of every format
//! open at once (NetHack 3.4.3 and 3.6, MiniHack's Python, DERF, Frupal,
//! WUAS with its game's definitions, dungeon-mystery), an author typing in
//! bursts (30–120 ms between keys, pauses between bursts) with the requests an
//! editor sends between keys and its cancellations of stale ones
//! (`tests/e2e/support/load.rs`). Per request kind and for diagnostics:
//! p50 / p95 / p99 / max; then whether every document ends as a fresh server
//! sees its final text.

use crate::report::{percentile, Row};
use crate::support::load::{self, Outcome, Plan, Sources, HUMAN};
use crate::LEVLS;
use std::path::Path;
use std::time::Duration;

pub fn run(quick: bool) -> Vec<Row> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let sources = Sources {
        shared: repo.join("../shared"),
        repo: repo.to_path_buf(),
        python: crate::support::python_tools(),
    };
    let plan = Plan {
        documents: 50,
        bursts: if quick { 30 } else { 150 },
        seed: 26,
        pace: HUMAN,
    };
    let outcome = load::run(LEVLS, &sources, &plan);
    let mut rows = Vec::new();
    for (method, sent) in &outcome.sent {
        let short = method.trim_start_matches("textDocument/");
        let times = outcome.latencies.get(method).cloned().unwrap_or_default();
        let row = Row::new(10, format!("load {short}"))
            .value("requests", *sent as f64)
            .value("answered", times.len() as f64)
            .value("cancels_sent", count(&outcome.cancels_sent, method))
            .value("cancelled", count(&outcome.cancelled, method));
        rows.push(spread(row, times));
    }
    let published = Row::new(10, "load diagnostics of each version")
        .value("versions", outcome.keys as f64)
        .value("published", outcome.diagnostics.len() as f64);
    rows.push(spread(published, outcome.diagnostics.clone()));
    let after = Row::new(10, "load diagnostics after a burst's last key")
        .value("bursts", outcome.bursts as f64);
    rows.push(spread(after, outcome.after_burst.clone()));
    rows.push(summary(&outcome));
    rows
}

fn count(counts: &std::collections::BTreeMap<&str, usize>, method: &str) -> f64 {
    counts.get(method).copied().unwrap_or(0) as f64
}

/// p50 / p95 / p99 / max of `times`.
fn spread(row: Row, mut times: Vec<Duration>) -> Row {
    if times.is_empty() {
        return row.note("times", "none");
    }
    times.sort();
    row.ms("p50_ms", percentile(&times, 0.5))
        .ms("p95_ms", percentile(&times, 0.95))
        .ms("p99_ms", percentile(&times, 0.99))
        .ms("max_ms", *times.last().unwrap())
}

fn summary(outcome: &Outcome) -> Row {
    let kinds: Vec<String> = outcome
        .kinds
        .iter()
        .map(|(kind, n)| format!("{n} {kind}"))
        .collect();
    let documents: usize = outcome.kinds.values().sum();
    for problem in outcome
        .errors
        .iter()
        .chain(&outcome.unanswered)
        .chain(&outcome.mismatches)
    {
        eprintln!("load: {problem}");
    }
    Row::new(10, format!("load {documents} documents, final state"))
        .value("keys", outcome.keys as f64)
        .value("seconds", outcome.elapsed.as_secs_f64())
        .value("changed_documents", outcome.changed as f64)
        .under("errors", outcome.errors.len() as f64, 1.0)
        .under("unanswered", outcome.unanswered.len() as f64, 1.0)
        .under("unlike_fresh_server", outcome.mismatches.len() as f64, 1.0)
        .note("documents", kinds.join(", "))
}
