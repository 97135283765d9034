//! Figure 8: the map preview: `levls/render` on a document of realistic
//! size, p50 / p99 one request at a time (each draws the pictures anew, as
//! after an edit), and the size of the answer an editor receives: with
//! every part, with the SVG and links VS Code's preview used to ask for, and
//! with the `cells` it asks for now. Then a large real board ([`run_board`]):
//! the first picture and each update after an edit, as the preview asks.

use crate::inputs::Input;
use crate::report::{percentile, Row};
use crate::support::client::{edit, InitOptions, TestServer};
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
        ("cells", Some(json!(["cells"]))),
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

/// A WUAS board of about 5 MB made of real floors: every floor of the
/// corpus's `uncle-turn12.dat` again and again (each under a floor number of
/// its own), with that file's header and tables. None without the corpus.
pub fn real_board(corpus: &std::path::Path, bytes: usize) -> Option<String> {
    let text =
        std::fs::read_to_string(corpus.join("wuas/reconstructed/2023-uncle/uncle-turn12.dat"))
            .ok()?;
    let first = text.find("\nfloor=")? + 1;
    // The floors end where the token table begins: the first line that is
    // not a board row, a floor header or blank, after the floors.
    let lines: Vec<&str> = text[first..].split_inclusive('\n').collect();
    let body_end = lines
        .iter()
        .position(|l| {
            let t = l.trim_end();
            !(t.is_empty() || t.starts_with('|') || t.starts_with('+') || t.starts_with("floor="))
        })
        .unwrap_or(lines.len());
    // Each floor without the blank lines after it: one separates floors,
    // two end the board.
    let floors: Vec<Vec<&str>> = lines[..body_end]
        .split(|l| l.starts_with("floor="))
        .filter(|f| !f.is_empty())
        .map(|f| {
            let end = f
                .iter()
                .rposition(|l| !l.trim().is_empty())
                .map_or(0, |i| i + 1);
            f[..end].to_vec()
        })
        .collect();
    let mut out = text[..first].to_string();
    let mut n = 0;
    while out.len() < bytes {
        for floor in &floors {
            out.push_str(&format!("floor={}\n", 1000 + n));
            n += 1;
            for line in floor {
                out.push_str(line);
            }
            out.push('\n');
        }
    }
    out.push('\n');
    out.push_str(&lines[body_end..].concat());
    Some(out)
}

/// The large board: the first `cells` answer (size, time), the same board
/// with VS Code's former parts (SVG and links, cut at the cap), then
/// `updates` edits each followed by the request the preview makes after it
/// (`cells` with the hashes it holds): time and size, p50 / p99. Each edit
/// types a token (`a`) into an empty token slot of a random space, or
/// takes the last one away: one floor changes.
pub fn run_board(corpus: &std::path::Path, updates: usize) -> Vec<Row> {
    let Some(text) = real_board(corpus, 5_000_000) else {
        eprintln!("figure 8: no shared corpus (LEVLS_SHARED): the large board is skipped");
        return Vec::new();
    };
    let label = format!(
        "WUAS board of real floors ({:.1} MB)",
        text.len() as f64 / 1e6
    );
    let mut server = TestServer::start(LEVLS);
    let uri = "file:///bench/board.dat";
    server.open(uri, "wuas", &text);
    server.wait_diagnostics_version(uri, 1);
    let opened = crate::real::settled_rss(&mut server);
    let mut rows = Vec::new();
    let cells = json!({"textDocument": {"uri": uri}, "include": ["cells"]});
    let start = Instant::now();
    let first = server.request_ok("levls/render", cells.clone());
    let took = start.elapsed();
    let pictures = first["pictures"].as_array().cloned().unwrap_or_default();
    let drawn: u64 = pictures
        .iter()
        .map(|p| p["width"].as_u64().unwrap_or(0) * p["height"].as_u64().unwrap_or(0))
        .sum();
    rows.push(
        Row::new(8, format!("render {label}: first picture (cells)"))
            .value("pictures", pictures.len() as f64)
            .value("cells", drawn as f64)
            .value("answer_kb", (first.to_string().len() / 1024) as f64)
            .ms("ms", took)
            .value("rss_opened_mb", opened.round())
            .value(
                "rss_drawn_mb",
                crate::real::settled_rss(&mut server).round(),
            ),
    );
    let start = Instant::now();
    let old = server.request_ok(
        "levls/render",
        json!({"textDocument": {"uri": uri}, "include": ["svg", "links"]}),
    );
    rows.push(
        Row::new(8, format!("render {label}: svg+links (cut at the cap)"))
            .value(
                "pictures",
                old["pictures"].as_array().map_or(0, Vec::len) as f64,
            )
            .value("answer_kb", (old.to_string().len() / 1024) as f64)
            .ms("ms", start.elapsed()),
    );
    let mut known: Vec<String> = pictures
        .iter()
        .filter_map(|p| p["hash"].as_str().map(String::from))
        .collect();
    // Token slots: the third character of a box on a token line (a board
    // line followed by a border), where the box's token cell is empty.
    let lines: Vec<&str> = text.split('\n').collect();
    let mut slots = Vec::new();
    for (n, pair) in lines.windows(2).enumerate() {
        if pair[0].starts_with('|') && pair[1].starts_with('+') {
            for (c, _) in pair[0].match_indices("|          ") {
                slots.push((n as u32, c as u32 + 2));
            }
        }
    }
    let mut rng = crate::inputs::Lcg(8);
    let mut version = 1;
    let mut times = Vec::with_capacity(updates);
    let mut sizes = Vec::with_capacity(updates);
    let mut sent = Vec::with_capacity(updates);
    let mut typed: Option<(u32, u32)> = None;
    for _ in 0..updates {
        version += 1;
        let change = match typed.take() {
            Some((line, c)) => edit(line, c, line, c + 1, " "),
            None => {
                let (line, c) = slots[rng.next(slots.len())];
                typed = Some((line, c));
                edit(line, c, line, c + 1, "a")
            }
        };
        server.change(uri, version, vec![change]);
        // The preview asks 150 ms after typing stops: the diagnostics are there.
        server.wait_diagnostics_version(uri, version);
        let mut params = cells.clone();
        params["known"] = json!(known);
        let start = Instant::now();
        let answer = server.request_ok("levls/render", params);
        times.push(start.elapsed());
        sizes.push(answer.to_string().len());
        let pictures = answer["pictures"].as_array().cloned().unwrap_or_default();
        sent.push(pictures.iter().filter(|p| p.get("cells").is_some()).count());
        known = pictures
            .iter()
            .filter_map(|p| p["hash"].as_str().map(String::from))
            .collect();
    }
    times.sort();
    sizes.sort();
    let p = |v: &[usize], q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    let mut sent_sorted = sent.clone();
    sent_sorted.sort();
    rows.push(
        Row::new(
            8,
            format!("render {label}: update after an edit (cells, known)"),
        )
        .value("updates", updates as f64)
        .value("pictures_sent_p50", p(&sent_sorted, 0.5) as f64)
        .value("answer_kb_p50", (p(&sizes, 0.5) / 1024) as f64)
        .value("answer_kb_max", (p(&sizes, 1.0) / 1024) as f64)
        .ms("p50_ms", percentile(&times, 0.5))
        .ms("p99_ms", percentile(&times, 0.99))
        .value(
            "rss_after_mb",
            crate::real::settled_rss(&mut server).round(),
        ),
    );
    server.shutdown_and_exit();
    rows
}
