//! levls's performance bench: the figures behind its speed and memory
//! targets, measured side by side in one run (no assertions: targets live
//! here, never in timed tests).
//!
//! Run: `cargo bench -p levls --bench perf` (add `-- --json` for JSON,
//! `-- --quick` for fewer edits and no 10 MB inputs, `-- --only 2,5` for
//! some figures). Figures:
//! 1. cold check throughput per format against raw tree-sitter parsing;
//! 2. keystroke latency over stdio on 1 MB documents, against a full
//!    reparse + analysis of the same text;
//! 3. typing bursts: 50 edits without waiting, analyses run;
//! 4. hover / completion / definition latency on the 1 MB documents;
//! 5. server memory: idle, one 1 MB document, 100 documents;
//! 6. `levls check` against the real `lev_comp` on the NetHack 3.6 corpus;
//! 7. `levls check` over a tree of 10,000 files on one core and on all;
//! 8. the map preview: `levls/render` at realistic sizes, and its answer;
//! 9. `levls check` stays linear on pathological NetHack input;
//! 10. load: 50 real documents of every format open, typing in bursts at
//!     human speed with an editor's requests and cancellations between keys
//!     (p50/p95/p99/max per request kind and for diagnostics), and the final
//!     state against a fresh server's;
//! 11. reading a NetHack variant's names and vocabulary from its source tree
//!     (the five materialised trees, when present);
//! 12. the workspace index over 10,000 real files (time to the end of its
//!     `$/progress`, memory), and a keystroke's update of a closed file;
//! 13. typing anywhere in real files (a character typed at a random place,
//!     then deleted): latency over stdio against tree-sitter's own reparse,
//!     memory after opening and after every edit;
//! 14. the same typing in dungeon-mystery files, levls beside VS Code's own
//!     JSON language server with levls's schema (when it is installed).

mod bursts;
mod cold;
mod inputs;
mod keystroke;
mod lev_comp;
mod linear;
mod load;
mod memory;
mod peers;
mod real;
mod render;
mod report;
mod requests;
mod scale;
mod variant_trees;
mod workspace;
// The e2e tests' client and load test, shared so both drive the server alike.
#[path = "../../../tests/e2e/support/mod.rs"]
mod support;

use report::Row;

pub const LEVLS: &str = env!("CARGO_BIN_EXE_levls");

struct Options {
    json: bool,
    /// `--formats derf,nethack`: only these formats.
    formats: Option<Vec<String>>,
    /// `--write-inputs DIR`: write the generated 1 MB and realistic inputs there (to profile
    /// `levls check` on them) and stop.
    write_inputs: Option<std::path::PathBuf>,
    quick: bool,
    only: Option<Vec<u32>>,
}

fn options() -> Option<Options> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `cargo bench` passes `--bench`; `cargo test --benches` does not: it only
    // checks that the bench starts.
    if !args.iter().any(|a| a == "--bench") {
        return None;
    }
    let only = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1))
        .map(|list| list.split(',').filter_map(|n| n.parse().ok()).collect());
    Some(Options {
        json: args.iter().any(|a| a == "--json"),
        formats: args
            .iter()
            .position(|a| a == "--formats")
            .and_then(|i| args.get(i + 1))
            .map(|list| list.split(',').map(String::from).collect()),
        write_inputs: args
            .iter()
            .position(|a| a == "--write-inputs")
            .and_then(|i| args.get(i + 1))
            .map(Into::into),
        quick: args.iter().any(|a| a == "--quick"),
        only,
    })
}

fn main() {
    let Some(options) = options() else {
        return;
    };
    if let Some(dir) = &options.write_inputs {
        std::fs::create_dir_all(dir).unwrap();
        for (format, _, _) in inputs::FORMATS {
            let input = inputs::sized(format, 1_000_000);
            std::fs::write(dir.join(input.file_name), &input.text).unwrap();
            let input = inputs::realistic(format);
            std::fs::write(
                dir.join(format!("realistic-{}", input.file_name)),
                &input.text,
            )
            .unwrap();
        }
        println!(
            "wrote the 1 MB and the realistic inputs to {}",
            dir.display()
        );
        return;
    }
    let wanted = |figure: u32| options.only.as_ref().is_none_or(|o| o.contains(&figure));
    let mut rows: Vec<Row> = Vec::new();
    let mut emit = |new: Vec<Row>| {
        if !options.json {
            for row in &new {
                row.print();
            }
        }
        rows.extend(new);
    };
    let formats: Vec<&str> = inputs::FORMATS
        .iter()
        .map(|f| f.0)
        .filter(|f| {
            options
                .formats
                .as_ref()
                .is_none_or(|o| o.iter().any(|x| x == f))
        })
        .collect();

    if wanted(1) {
        let mut cold = Vec::new();
        for format in &formats {
            cold.push(inputs::realistic(format));
            cold.push(inputs::sized(format, 1_000_000));
            if !options.quick {
                cold.push(inputs::sized(format, 10_000_000));
            }
        }
        emit(cold::run(&cold));
    }
    let edits = if options.quick { 200 } else { 1_000 };
    if wanted(2) {
        for format in &formats {
            emit(vec![keystroke::run(
                &inputs::sized(format, 1_000_000),
                edits,
                true,
            )]);
        }
        // What authors feel: the same at the size of a real file.
        for format in &formats {
            emit(vec![keystroke::run(
                &inputs::realistic(format),
                edits / 2,
                false,
            )]);
        }
    }
    if wanted(3) {
        for format in &formats {
            emit(vec![bursts::run(&inputs::sized(format, 1_000_000))]);
        }
    }
    if wanted(4) {
        let requests = if options.quick { 100 } else { 500 };
        for format in &formats {
            emit(requests::run(&inputs::sized(format, 1_000_000), requests));
        }
    }
    if wanted(5) {
        let big: Vec<_> = formats
            .iter()
            .map(|f| inputs::sized(f, 1_000_000))
            .collect();
        emit(memory::run(&big));
    }
    if wanted(6) {
        emit(vec![lev_comp::run(if options.quick { 3 } else { 11 })]);
    }
    if wanted(7) {
        emit(scale::run(if options.quick { 2_000 } else { 10_000 }));
    }
    if wanted(8) {
        let requests = if options.quick { 10 } else { 40 };
        for format in &formats {
            emit(render::run(&inputs::realistic(format), requests));
        }
        if formats.contains(&"wuas") {
            emit(render::run_board(&real::corpus(), requests));
        }
    }
    if wanted(9) && formats.contains(&"nethack") {
        emit(linear::run(if options.quick { 1 } else { 3 }));
    }
    if wanted(10) {
        emit(load::run(options.quick));
    }
    if wanted(11) {
        emit(variant_trees::run(if options.quick { 3 } else { 10 }));
    }
    if wanted(12) {
        emit(workspace::run(
            if options.quick { 80 } else { 400 },
            if options.quick { 20 } else { 100 },
        ));
    }
    if wanted(13) {
        emit(real::run(edits, &formats));
    }
    if wanted(14) && formats.contains(&"dungeon-mystery") {
        emit(peers::run(edits));
    }
    if options.json {
        let json: Vec<_> = rows.iter().map(Row::to_json).collect();
        println!("{}", serde_json::to_string_pretty(&json).unwrap());
    }
}
