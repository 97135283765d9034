//! Each element's values: how many (F13, F15), whole numbers (F14), ranges
//! (F6, F22), coordinates inside the map, and the free-text description.

use super::{edit, REFUSED};
use crate::formats::frupal::elements::{Arg, Parsed};
use crate::formats::frupal::model::Model;
use crate::formats::frupal::syntax::{number_value, Element};
use crate::formats::frupal::vocabulary::{ParamKind, HEADER};
use crate::formats::{Diagnostic, Severity};
use Severity::{Error, Hint};

pub fn check(model: &Model, out: &mut Vec<Diagnostic>) {
    for (i, parsed) in model.parsed.iter().enumerate() {
        let Some(parsed) = parsed else { continue };
        if parsed.info.name == HEADER {
            continue; // its extra text is `frupal::text-after-header`
        }
        check_element(model, &model.map.elements[i], parsed, out);
    }
}

fn check_element(model: &Model, e: &Element, parsed: &Parsed, out: &mut Vec<Diagnostic>) {
    let text = model.text;
    let name = parsed.info.name;
    let skip_tail = check_target_count(text, parsed, out);
    let mut missing: Vec<&str> = Vec::new();
    for arg in &parsed.args {
        if skip_tail && matches!(arg.param.name, "divisor" | "cost") && name == "tool:" {
            continue;
        }
        match &arg.value {
            None => missing.push(arg.param.name),
            Some(_) => check_value(model, name, arg, out),
        }
    }
    // With a wrong target_count the description was read as numbers: say only that.
    if parsed.info.description.is_some() && parsed.description.is_none() && !skip_tail {
        missing.push("description");
    }
    if !missing.is_empty() {
        let list = missing
            .iter()
            .map(|m| format!("<{m}>"))
            .collect::<Vec<_>>()
            .join(" ");
        let end = e.span.end;
        out.push(Diagnostic::new(
            Error,
            "frupal::missing-value",
            e.name.start..end,
            format!("`{name}` is missing {list}; {REFUSED}"),
        ));
    }
    if let (Some(first), Some(last)) = (parsed.extra.first(), parsed.extra.last()) {
        // F13: nothing may follow the last value of a fixed-arity element.
        let span = first.span.clone().start..last.span.end;
        let count = parsed.args.len();
        out.push(
            Diagnostic::new(
                Error,
                "frupal::unexpected-text",
                span.clone(),
                format!("`{name}` takes {count} values; nothing may follow them (there are no inline comments)"),
            )
            .with_fix("Remove the extra text", edit(parsed.args.last().and_then(|a| a.value.as_ref()).map_or(span.start, |v| v.span.end)..span.end, ""), true),
        );
    }
}

fn check_value(model: &Model, element: &str, arg: &Arg, out: &mut Vec<Diagnostic>) {
    let text = model.text;
    let value = arg.value.as_ref().expect("checked by the caller");
    let written = &text[value.span.clone()];
    let param = arg.param;
    let (min, max) = match param.kind {
        ParamKind::Kind => return,
        ParamKind::X => (
            0,
            model.grid.as_ref().map_or(i64::MAX, |g| g.width as i64 - 1),
        ),
        ParamKind::Y => (
            0,
            model
                .grid
                .as_ref()
                .map_or(i64::MAX, |g| g.height as i64 - 1),
        ),
        ParamKind::Dimension => (2, 128),
        ParamKind::Number { min, max } => (min, max),
        ParamKind::TargetCount => (1, i64::MAX),
    };
    let Some(n) = value.is_number.then(|| number_value(written)).flatten() else {
        // F14: `100gold` — the game would read 100 and take the rest as text.
        out.push(Diagnostic::new(
            Error,
            "frupal::not-a-number",
            value.span.clone(),
            format!(
                "<{}> of `{element}` must be a whole number, not `{written}`",
                param.name
            ),
        ));
        return;
    };
    if (min..=max).contains(&n) {
        return;
    }
    let clamped = n.clamp(min, max);
    let (code, message) = match param.kind {
        ParamKind::X | ParamKind::Y => {
            let (axis, size) = if param.kind == ParamKind::X {
                ("x", "width")
            } else {
                ("y", "height")
            };
            // With no terrain grid read, only a negative coordinate is known to be out.
            let message = if max == i64::MAX {
                format!("{axis} = {n} is outside the map: {axis} starts at 0; {REFUSED}")
            } else {
                format!("{axis} = {n} is outside the map: the {size} is {}, so {axis} goes from 0 to {max}; {REFUSED}", max + 1)
            };
            ("frupal::outside-map", message)
        }
        _ if max == i64::MAX => (
            "frupal::out-of-range",
            format!("<{}> must be at least {min}; {REFUSED}", param.name),
        ),
        // F6: the game does not enforce the treasure maximum; every other limit it does.
        _ if element == "treasure:" && n > max => (
            "frupal::out-of-range",
            format!(
                "<{}> must be between {min} and {max}, not {n} (the spec's limit; the game accepts it)",
                param.name
            ),
        ),
        _ => (
            "frupal::out-of-range",
            format!("<{}> must be between {min} and {max}, not {n}; {REFUSED}", param.name),
        ),
    };
    out.push(
        Diagnostic::new(Error, code, value.span.clone(), message).with_fix(
            format!("Change to {clamped}"),
            edit(value.span.clone(), clamped.to_string()),
            false,
        ),
    );
}

/// F15: take `target_count` words as targets, then divisor and cost must be
/// numbers. When they are not, count the words really given and say so.
/// Returns true when the divisor/cost checks would only repeat this error.
fn check_target_count(text: &str, parsed: &Parsed, out: &mut Vec<Diagnostic>) -> bool {
    if parsed.info.name != "tool:" {
        return false;
    }
    let Some(count_arg) = parsed.arg("target_count") else {
        return false;
    };
    let Some(count) = count_arg.number(text) else {
        return false;
    };
    let count_span = count_arg.value.as_ref().unwrap().span.clone();
    let tail_ok = ["divisor", "cost"]
        .iter()
        .all(|n| parsed.arg(n).is_some_and(|a| a.number(text).is_some()));
    if tail_ok || count < 1 {
        numeric_targets(text, parsed, count, out);
        return false;
    }
    // The words between target_count and the first number are the real targets.
    let after_count: Vec<&str> = text[count_span.end..]
        .lines()
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let given = after_count
        .iter()
        .take_while(|w| number_value(w).is_none())
        .count();
    let numbers_follow = after_count
        .get(given..given + 2)
        .is_some_and(|ws| ws.iter().all(|w| number_value(w).is_some()));
    if given as i64 == count || given == 0 || !numbers_follow {
        numeric_targets(text, parsed, count, out);
        return false;
    }
    out.push(
        Diagnostic::new(
            Error,
            "frupal::target-count",
            count_span.clone(),
            format!(
                "target_count says {count} but {given} {} the divisor and cost; {REFUSED}",
                if given == 1 {
                    "target precedes"
                } else {
                    "targets precede"
                }
            ),
        )
        .with_fix(
            format!("Change target_count to {given}"),
            edit(count_span, given.to_string()),
            true,
        ),
    );
    true
}

/// A number taken as a target usually means target_count is too big.
fn numeric_targets(text: &str, parsed: &Parsed, count: i64, out: &mut Vec<Diagnostic>) {
    for target in &parsed.targets {
        let word = &text[target.clone()];
        if number_value(word).is_some() {
            out.push(Diagnostic::new(
                Hint,
                "frupal::numeric-target",
                target.clone(),
                format!("`{word}` is taken as an obstacle kind because target_count is {count}: is target_count too big?"),
            ));
        }
    }
}
