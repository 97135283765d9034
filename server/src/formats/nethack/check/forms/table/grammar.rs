//! A variant's statement that levls has no form of its own for, read as its
//! grammar's rules give it (`names/tree/grammar_forms.rs`: UnNetHack's
//! `SPILL: coord_or_var, mapchar_or_var, DIRECTION, math_expr_var`,
//! xNetHack's `TREE: ter_selection`). Each symbol levls knows the kind of is
//! checked; at the first one it does not know (a list of the variant's own,
//! `mon_gen_list`) the rest of the statement is left alone. The statement
//! fits when one alternative fits.

use super::{
    coord, directions, int, mapchar, region, selection, string, word_in, Fit, Reader, Res, Stop,
};
use crate::formats::nethack::names::scripting::LIGHT;
use crate::formats::nethack::syntax::{Value, ValueKind};
use crate::formats::{Diagnostic, Severity};

/// How one alternative reads the arguments.
enum Reading {
    Fits,
    /// A symbol levls cannot judge was reached.
    Unsure,
    /// Argument `at` (or, past the last, a missing one) is not `what`.
    Wrong {
        at: usize,
        what: &'static str,
    },
    /// Arguments from `at` are more than the form takes.
    Extra {
        at: usize,
    },
}

pub(super) fn check(r: &mut Reader, forms: &str) -> Res {
    let alternatives: Vec<Vec<&str>> = forms
        .split(" | ")
        .map(|f| f.split_whitespace().collect())
        .collect();
    let args = r.args();
    let mut worst: Option<Reading> = None;
    for symbols in &alternatives {
        match read(args, symbols) {
            Reading::Fits | Reading::Unsure => return Ok(()),
            failed => {
                // The alternative that read furthest says what is wrong.
                let reach = |x: &Reading| match x {
                    Reading::Wrong { at, .. } | Reading::Extra { at } => *at,
                    _ => 0,
                };
                if worst.as_ref().is_none_or(|w| reach(&failed) > reach(w)) {
                    worst = Some(failed);
                }
            }
        }
    }
    let shown = alternatives
        .iter()
        .map(|symbols| written(&r.s.keyword, symbols))
        .collect::<Vec<_>>()
        .join("` or `");
    let grammar = format!("its grammar: `{shown}`");
    let keyword = &r.s.keyword;
    let (span, message) = match worst {
        Some(Reading::Wrong { at, what }) => match args.get(at) {
            Some(v) => (
                v.span.clone(),
                format!("`{}` does not fit here: `{keyword}` takes {what} here ({grammar}) (lev_comp: syntax error)", r.written(v)),
            ),
            None => (
                args.last().map_or(r.s.keyword_span.clone(), |v| v.span.clone()),
                format!("`{keyword}` is missing an argument: it needs {what} here ({grammar}) (lev_comp: syntax error)"),
            ),
        },
        Some(Reading::Extra { at }) => {
            let v = &args[at];
            (
                v.span.clone(),
                format!("unexpected `{}`: `{keyword}` takes no more arguments ({grammar}) (lev_comp: syntax error)", r.written(v)),
            )
        }
        _ => return Ok(()),
    };
    let code = match message.starts_with('`') && message.contains("does not fit") {
        true => "nethack::argument-kind",
        false => "nethack::argument-count",
    };
    Err(Stop::Bad(Diagnostic::new(
        Severity::Error,
        code,
        span,
        message,
    )))
}

/// `SPILL: coord_or_var, mapchar_or_var, …` from the symbols after the token.
fn written(keyword: &str, symbols: &[&str]) -> String {
    let mut out = keyword.to_string();
    for s in symbols {
        match *s {
            "':'" => out.push(':'),
            "','" => out.push(','),
            "%empty" => {}
            s => {
                out.push(' ');
                out.push_str(s.trim_matches('\''));
            }
        }
    }
    out
}

fn read(args: &[Value], symbols: &[&str]) -> Reading {
    let mut at = 0;
    for symbol in symbols {
        match *symbol {
            "':'" | "','" | "%empty" => {}
            // `opt_spercent`: nothing, or `, n%` at the end.
            "opt_spercent" => {
                if let Some(v) = args.get(at) {
                    if percent(v) == Fit::No {
                        return Reading::Wrong {
                            at,
                            what: "a chance `n%`",
                        };
                    }
                    at += 1;
                }
            }
            symbol => {
                let Some((fits, what)) = kind_of(symbol) else {
                    return Reading::Unsure;
                };
                let Some(v) = args.get(at) else {
                    return Reading::Wrong { at, what };
                };
                if fits(v) == Fit::No {
                    return Reading::Wrong { at, what };
                }
                at += 1;
            }
        }
    }
    if at < args.len() {
        Reading::Extra { at }
    } else {
        Reading::Fits
    }
}

/// Whether a value is of a kind.
type Judge = fn(&Value) -> Fit;

/// What a grammar symbol takes, for the symbols that stand for one value
/// whose kind levls can judge.
fn kind_of(symbol: &str) -> Option<(Judge, &'static str)> {
    Some(match symbol {
        "coord_or_var" | "coord" => (coord, "a coordinate"),
        "mapchar_or_var" | "mapchar" => (mapchar, "a map character"),
        "DIRECTION" => (directions, "a direction (north, south, east, west)"),
        "INTEGER" | "integer_or_var" | "math_expr_var" => (int, "an integer"),
        "STRING" | "string_or_var" | "string_expr" => (string, "a string"),
        "SPERCENT" => (percent, "a chance `n%`"),
        "ter_selection" => (selection, "a selection"),
        "region_or_var" => (region, "a region `(x1,y1,x2,y2)`"),
        "light_state" => (light, "lit, unlit or random"),
        _ => return None,
    })
}

fn percent(v: &Value) -> Fit {
    match v.kind {
        ValueKind::Percent(_) => Fit::Yes,
        ValueKind::Variable { .. } => Fit::Unsure,
        _ => Fit::No,
    }
}

fn light(v: &Value) -> Fit {
    word_in(v, LIGHT)
}

#[cfg(test)]
mod tests;
