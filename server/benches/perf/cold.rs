//! Figure 1: cold check throughput. `levls check`'s whole work on one file
//! (parse, analyse, line index) in process, against raw tree-sitter parsing
//! of the same bytes with the same grammar: the limit of this design.

use crate::inputs::Input;
use crate::report::{median, Row};
use levls::formats::Settings;
use std::path::Path;
use std::time::{Duration, Instant};

/// Runs per measurement: more for small inputs, so each figure takes ~1 s.
fn runs(bytes: usize) -> usize {
    (20_000_000 / bytes.max(1)).clamp(3, 200)
}

/// Parsing alone, and freeing the tree (which `levls check` does too).
fn raw_parse(input: &Input) -> Duration {
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(&input.format.language()).unwrap();
    let start = Instant::now();
    let tree = parser.parse(&input.text, None).unwrap();
    drop(tree);
    start.elapsed()
}

/// `levls check`'s whole work on one input, timed.
pub fn full_check(input: &Input) -> Duration {
    let text = input.text.clone();
    let path = Path::new(input.file_name);
    let start = Instant::now();
    let checked = levls::cli::check_text(path, text, input.format, &Settings::NONE);
    let elapsed = start.elapsed();
    drop(checked);
    elapsed
}

pub fn run(inputs: &[Input]) -> Vec<Row> {
    inputs
        .iter()
        .map(|input| {
            // Alternated, so both see the same machine.
            let (parses, checks): (Vec<_>, Vec<_>) = (0..runs(input.text.len()))
                .map(|_| (raw_parse(input), full_check(input)))
                .unzip();
            let (parse, check) = (median(parses), median(checks));
            let mb = input.text.len() as f64 / 1e6;
            Row::new(
                1,
                format!("cold check {} {}", input.format.name(), input.label),
            )
            .value("bytes", input.text.len() as f64)
            .ms("raw_parse_ms", parse)
            .ms("check_ms", check)
            .value("check_mb_per_s", mb / check.as_secs_f64())
            .value("parse_mb_per_s", mb / parse.as_secs_f64())
            .ratio(
                "check_over_parse",
                check.as_secs_f64() / parse.as_secs_f64(),
                1.5,
            )
        })
        .collect()
}
