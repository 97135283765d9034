//! Rows of figures, printed as a table for people or as JSON (`--json`).
//! A row may carry a target; the table says whether this run met it.

use serde_json::{json, Map, Value};
use std::time::Duration;

pub struct Row {
    pub figure: u32,
    pub name: String,
    values: Vec<(String, Value, String)>,
    targets: Vec<Target>,
}

struct Target {
    what: String,
    value: f64,
    limit: f64,
    /// The value must be below the limit (else: at least the limit).
    below: bool,
}

impl Row {
    pub fn new(figure: u32, name: impl Into<String>) -> Row {
        Row {
            figure,
            name: name.into(),
            values: Vec::new(),
            targets: Vec::new(),
        }
    }

    /// A plain number.
    pub fn value(mut self, key: &str, value: f64) -> Row {
        let shown = if value.fract() == 0.0 || value.abs() >= 100.0 {
            format!("{value:.0}")
        } else {
            format!("{value:.2}")
        };
        self.values.push((key.into(), json!(round(value)), shown));
        self
    }

    /// A duration, shown and stored in milliseconds.
    pub fn ms(mut self, key: &str, d: Duration) -> Row {
        let ms = d.as_secs_f64() * 1000.0;
        self.values
            .push((key.into(), json!(round(ms)), format!("{ms:.2}")));
        self
    }

    /// A duration with a target: it must stay under `limit_ms`.
    pub fn ms_under(self, key: &str, d: Duration, limit_ms: f64) -> Row {
        self.ms(key, d)
            .target(key, d.as_secs_f64() * 1000.0, limit_ms, true)
    }

    /// A ratio with a target: it must stay under `limit`.
    pub fn ratio(self, key: &str, value: f64, limit: f64) -> Row {
        self.under(key, value, limit)
    }

    /// A number with a target: it must reach at least `limit`.
    pub fn at_least(self, key: &str, value: f64, limit: f64) -> Row {
        self.value(key, value).target(key, value, limit, false)
    }

    /// A number with a target: it must stay under `limit`.
    pub fn under(self, key: &str, value: f64, limit: f64) -> Row {
        self.value(key, value).target(key, value, limit, true)
    }

    fn target(mut self, what: &str, value: f64, limit: f64, below: bool) -> Row {
        self.targets.push(Target {
            what: what.into(),
            value,
            limit,
            below,
        });
        self
    }

    /// A note in words.
    pub fn note(mut self, key: &str, text: impl Into<String>) -> Row {
        let text = text.into();
        self.values.push((key.into(), json!(text), text));
        self
    }

    fn verdicts(&self) -> Vec<String> {
        self.targets
            .iter()
            .map(|t| {
                let met = if t.below {
                    t.value < t.limit
                } else {
                    t.value >= t.limit
                };
                let sign = if t.below { "<" } else { "≥" };
                let verdict = if met { "met" } else { "MISSED" };
                format!("{} {sign} {}: {verdict}", t.what, t.limit)
            })
            .collect()
    }

    pub fn print(&self) {
        let values: Vec<String> = self
            .values
            .iter()
            .map(|(k, _, shown)| format!("{k}={shown}"))
            .collect();
        let verdicts = self.verdicts();
        let targets = if verdicts.is_empty() {
            String::new()
        } else {
            format!("   [{}]", verdicts.join("; "))
        };
        println!(
            "{:>2}  {:<44} {}{targets}",
            self.figure,
            self.name,
            values.join("  ")
        );
    }

    pub fn to_json(&self) -> Value {
        let mut values = Map::new();
        for (k, v, _) in &self.values {
            values.insert(k.clone(), v.clone());
        }
        json!({
            "figure": self.figure,
            "name": self.name,
            "values": values,
            "targets": self.verdicts(),
        })
    }
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

pub fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}
