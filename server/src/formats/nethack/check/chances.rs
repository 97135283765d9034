//! Chances and percentages (3.6): a `[N%]` prefix, `"zoo"[N%]` and `N%`
//! anywhere in a value must be 0 to 100 (lev_comp 3.6 says "Unexpected
//! percentile"). 3.4.3's chances are its grammar's (`order`).

use crate::formats::nethack::syntax::{Chance, Value, ValueKind};
use crate::formats::{Diagnostic, Severity};

/// Nesting lev_comp accepts is far shallower; deeper input is not followed.
const MAX_DEPTH: usize = 64;

pub(super) fn in_chance(c: &Chance, out: &mut Vec<Diagnostic>) {
    percent(c.percent, c.span.clone(), &format!("[{}%]", c.percent), out);
}

fn percent(n: i64, span: std::ops::Range<usize>, at: &str, out: &mut Vec<Diagnostic>) {
    if !(0..=100).contains(&n) {
        out.push(Diagnostic::new(
            Severity::Error,
            "nethack::percent-range",
            span,
            format!("Unexpected percentile '{n}%' at \"{at}\": a percentage is 0 to 100."),
        ));
    }
}

/// `N%`, `"zoo"[N%]` and coordinates inside any value.
pub(super) fn in_value(value: &Value, out: &mut Vec<Diagnostic>, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    let d = depth + 1;
    match &value.kind {
        ValueKind::Percent(n) => percent(*n, value.span.clone(), &format!("{n}%"), out),
        ValueKind::Weighted { value, chance } => {
            in_chance(chance, out);
            in_value(value, out, d);
        }
        ValueKind::Tuple(vs) | ValueKind::List(vs) | ValueKind::Call { args: vs, .. } => {
            for v in vs {
                in_value(v, out, d);
            }
        }
        ValueKind::Keyed { value, .. } => in_value(value, out, d),
        ValueKind::Binary { left, right, .. } => {
            in_value(left, out, d);
            in_value(right, out, d);
        }
        _ => {}
    }
}
