//! Figure 8: the map preview: `levls/render` on a document of realistic
//! size, p50 / p99 one request at a time (each draws the pictures anew, as
//! after an edit), and the size of the answer an editor receives: with
//! every part, and with the parts VS Code's preview asks for.

use crate::inputs::Input;
use crate::report::{percentile, Row};
use crate::support::client::{InitOptions, TestServer};
use crate::LEVLS;
use serde_json::json;
use std::time::{Duration, Instant};

pub fn run(input: &Input, requests: usize) -> Vec<Row> {
    // dungeon-mystery floors need the package: where scripts/install-tools
    // puts it, unless LEVLS_DUNGEON_MYSTERY says otherwise.
    let package = levls::formats::dungeon_mystery::test_install::dungeon_mystery_dir();
    let env = vec![(
        "LEVLS_DUNGEON_MYSTERY".to_string(),
        package.display().to_string(),
    )];
    let mut server = TestServer::start_with(
        LEVLS,
        InitOptions {
            env,
            ..InitOptions::default()
        },
    );
    let uri = format!("file:///bench/{}", input.file_name);
    server.open(&uri, input.language_id, &input.text);
    server.wait_diagnostics_version(&uri, 1);
    let mut rows = Vec::new();
    for (parts, include) in [
        ("all parts", None),
        ("svg+links", Some(json!(["svg", "links"]))),
    ] {
        let mut params = json!({"textDocument": {"uri": uri}});
        if let Some(include) = include {
            params["include"] = include;
        }
        let mut times: Vec<Duration> = Vec::with_capacity(requests);
        let mut answer_bytes = 0;
        let mut pictures = 0;
        for _ in 0..requests {
            let start = Instant::now();
            let answer = server.request_ok("levls/render", params.clone());
            times.push(start.elapsed());
            answer_bytes = answer.to_string().len();
            pictures = answer["pictures"].as_array().map_or(0, Vec::len);
        }
        times.sort();
        rows.push(
            Row::new(
                8,
                format!("render {} {} ({parts})", input.format.name(), input.label),
            )
            .value("pictures", pictures as f64)
            .value("answer_kb", (answer_bytes / 1024) as f64)
            .ms("p50_ms", percentile(&times, 0.5))
            .ms("p99_ms", percentile(&times, 0.99)),
        );
    }
    server.shutdown_and_exit();
    rows
}
