//! Figure 9: `levls check` stays linear on pathological NetHack input (issue
//! 20, item 6): each shape checked at 250 KB and at 1 MB, in process, as
//! `levls check` does. Four times the bytes must cost about four times the
//! time; a quadratic path shows as 16.

use crate::cold::full_check;
use crate::inputs::{nethack_shape, Input, NETHACK_SHAPES};
use crate::report::{median, Row};
use std::time::Duration;

fn timed(input: &Input, runs: usize) -> Duration {
    median((0..runs).map(|_| full_check(input)).collect())
}

pub fn run(runs: usize) -> Vec<Row> {
    NETHACK_SHAPES
        .iter()
        .map(|shape| {
            let small = nethack_shape(shape, 250_000);
            let large = nethack_shape(shape, 1_000_000);
            let (t_small, t_large) = (timed(&small, runs), timed(&large, runs));
            Row::new(9, format!("linear check nethack, {shape}"))
                .value("bytes", large.text.len() as f64)
                .ms("check_250k_ms", t_small)
                .ms_under("check_1mb_ms", t_large, 2_000.0)
                .ratio(
                    "growth_x4",
                    t_large.as_secs_f64() / t_small.as_secs_f64().max(1e-6),
                    6.0,
                )
        })
        .collect()
}
