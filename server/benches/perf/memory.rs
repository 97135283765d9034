//! Figure 5: the server's memory: resident set (VmRSS, and the peak VmHWM)
//! idle after `initialize`, with one 1 MB document open, and with 100
//! documents of the realistic size open; each read a second after the last
//! analysis, once the server has given back what the analysis freed.

use crate::inputs::{self, Input};
use crate::report::Row;
use crate::support::client::TestServer;
use crate::LEVLS;
use serde_json::json;

/// `VmRSS` and `VmHWM` of a process, in MB.
pub fn rss_mb(pid: u32) -> (f64, f64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// Wait until the server has answered everything sent so far, and has been
/// idle long enough to give back what its analyses freed (500 ms).
fn settle(server: &mut TestServer) {
    server.request_ok("levls/stats", json!({}));
    std::thread::sleep(std::time::Duration::from_millis(1_000));
}

pub fn run(big: &[Input]) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut server = TestServer::start(LEVLS);
    settle(&mut server);
    let (idle, _) = rss_mb(server.pid());
    rows.push(Row::new(5, "memory idle server").under("rss_mb", idle, 20.0));
    server.shutdown_and_exit();

    for input in big {
        let mut server = TestServer::start(LEVLS);
        settle(&mut server);
        let (before, _) = rss_mb(server.pid());
        let uri = format!("file:///bench/{}", input.file_name);
        server.open(&uri, input.language_id, &input.text);
        server.wait_diagnostics_version(&uri, 1);
        settle(&mut server);
        let (rss, peak) = rss_mb(server.pid());
        rows.push(
            Row::new(
                5,
                format!("memory one {} {}", input.format.name(), input.label),
            )
            .value("rss_mb", rss)
            .value("peak_mb", peak)
            .under("added_mb", rss - before, 20.0),
        );
        server.shutdown_and_exit();
    }

    // 100 documents: 20 of each format, at their realistic sizes.
    let mut server = TestServer::start(LEVLS);
    settle(&mut server);
    let mut bytes = 0;
    for (format, _, _) in inputs::FORMATS {
        let input = inputs::realistic(format);
        for i in 0..20 {
            let uri = format!("file:///bench/{i}/{}", input.file_name);
            server.open(&uri, input.language_id, &input.text);
            server.wait_diagnostics_version(&uri, 1);
            bytes += input.text.len();
        }
    }
    settle(&mut server);
    let (rss, peak) = rss_mb(server.pid());
    rows.push(
        Row::new(5, "memory 100 documents (20 per format)")
            .value("text_mb", bytes as f64 / 1e6)
            .value("rss_mb", rss)
            .value("peak_mb", peak),
    );
    server.shutdown_and_exit();
    rows
}
