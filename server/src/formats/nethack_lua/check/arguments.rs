//! A call's arguments against the forms its bindings take (the API table's
//! positional rows: `(string dir, int, int) / (coord) / …`). Probed in the
//! real 5.0.0: a shape no form takes stops the game ("bad argument …",
//! "Wrong parameters") for every function but a few that read what they can
//! and go on silently: `des.stair`/`des.ladder` (`des.stair("up", 1506)`, a
//! lost comma, makes a random stair; words where numbers go make 0,0),
//! `des.non_diggable`/`des.non_passwall` (two or more arguments: nothing
//! happens) and `des.random_corridors` (arguments ignored).

use super::super::api::Function;
use super::super::syntax::{Arg, Call, Value};
use crate::formats::{Diagnostic, Severity};

/// What one position of a form takes.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Slot {
    Text,
    Number,
    /// A table: `{x,y}`, a region, the keyed table.
    Table,
    /// A selection (userdata, which a script makes by a call).
    Selection,
}

/// One form: its slots, and whether more arguments may follow (`...`).
#[derive(Debug, PartialEq)]
struct Form {
    slots: Vec<Slot>,
    rest: bool,
}

/// The forms a function's positional rows spell, e.g. `() / (string dir) /
/// (string dir, int, int)` or `(table) or ()`.
fn forms(function: &Function) -> Vec<Form> {
    let mut out = Vec::new();
    for (spelled, _) in &function.forms {
        for form in spelled.split(" / ").flat_map(|f| f.split(" or ")) {
            let Some(inner) = form
                .trim()
                .strip_prefix('(')
                .and_then(|f| f.strip_suffix(')'))
            else {
                continue;
            };
            let mut parsed = Form {
                slots: Vec::new(),
                rest: false,
            };
            for slot in inner.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                match slot.split(' ').next().unwrap_or("") {
                    "..." => parsed.rest = true,
                    "string" | "mapchar" => parsed.slots.push(Slot::Text),
                    "int" => parsed.slots.push(Slot::Number),
                    "selection" => parsed.slots.push(Slot::Selection),
                    _ => parsed.slots.push(Slot::Table),
                }
            }
            if !out.contains(&parsed) {
                out.push(parsed);
            }
        }
    }
    out
}

/// Could this argument fill the slot? A value the script computes
/// (a variable, a call) could be anything; Lua turns numbers into text and
/// numeric text into numbers where the bindings ask for them.
fn fits(slot: Slot, arg: &Arg) -> bool {
    match (&arg.value, slot) {
        (Value::Other | Value::Nil, _) => true,
        (Value::String { .. } | Value::Number(_), Slot::Text) => true,
        (Value::Number(_), Slot::Number) => true,
        (Value::String { text, .. }, Slot::Number) => text.trim().parse::<f64>().is_ok(),
        (Value::Table(_), Slot::Table | Slot::Selection) => true,
        _ => false,
    }
}

fn takes(form: &Form, args: &[Arg]) -> bool {
    let count_fits = if form.rest {
        args.len() >= form.slots.len()
    } else {
        args.len() == form.slots.len()
    };
    count_fits
        && form
            .slots
            .iter()
            .zip(args)
            .all(|(slot, arg)| fits(*slot, arg))
}

/// What the game does with a shape none of the function's forms takes.
fn what_the_game_does(function: &str) -> (Severity, &'static str) {
    match function {
        "stair" | "ladder" => (
            Severity::Warning,
            "the game reads no place from them and goes on: a number alone makes it random, words where numbers go make 0,0",
        ),
        "non_diggable" | "non_passwall" => (
            Severity::Warning,
            "with more than one argument the game does nothing at all",
        ),
        "random_corridors" => (Severity::Warning, "the game ignores them"),
        _ => (
            Severity::Error,
            "the game stops with an error (bad argument, or \"Wrong parameters\")",
        ),
    }
}

pub fn check(call: &Call, function: &Function, found: &mut Vec<Diagnostic>) {
    let forms = forms(function);
    if forms.is_empty() || forms.iter().any(|form| takes(form, &call.args)) {
        return;
    }
    let (severity, consequence) = what_the_game_does(function.name);
    let written: Vec<&str> = call.args.iter().map(|a| describe(&a.value)).collect();
    let taken: Vec<String> = forms.iter().map(spell).collect();
    found.push(Diagnostic::new(
        severity,
        "nethack-lua::wrong-arguments",
        call.args_range.clone(),
        format!(
            "`des.{}` takes {}, not ({}): {consequence}",
            function.name,
            taken.join(", "),
            written.join(", ")
        ),
    ));
}

fn describe(value: &Value) -> &'static str {
    match value {
        Value::String { .. } => "text",
        Value::Number(_) => "number",
        Value::Bool(_) => "boolean",
        Value::Nil => "nil",
        Value::Table(_) => "table",
        Value::Function => "function",
        Value::Other => "value",
    }
}

fn spell(form: &Form) -> String {
    let mut slots: Vec<&str> = form
        .slots
        .iter()
        .map(|slot| match slot {
            Slot::Text => "text",
            Slot::Number => "number",
            Slot::Table => "table",
            Slot::Selection => "selection",
        })
        .collect();
    if form.rest {
        slots.push("…");
    }
    format!("({})", slots.join(", "))
}

#[cfg(test)]
mod tests {
    use super::super::super::api;

    #[test]
    fn every_function_has_a_form_and_the_stair_s_are_read_from_the_table() {
        for function in api::FUNCTIONS.iter() {
            assert!(!super::forms(function).is_empty(), "des.{}", function.name);
        }
        let stair = api::function("stair").unwrap();
        let spelled: Vec<String> = super::forms(stair).iter().map(super::spell).collect();
        assert_eq!(
            spelled,
            [
                "()",
                "(text)",
                "(text, number, number)",
                "(text, table)",
                "(number, number)",
                "(table)"
            ]
        );
    }
}
