//! Monster, object and trap names, and class symbols, as the game looks
//! them up (`names`): whether an unknown one is an error or a warning
//! depends on the call's form, as it does in the game.

use super::super::api::names::{self, Name};
use super::super::syntax::{Arg, Call, Value};
use crate::formats::{Diagnostic, Severity};
use std::ops::Range;

/// A string argument: its text as Lua reads it, and the range of the
/// written text; None for an escape other than `\"`, `\'`, `\\`.
fn string(arg: Option<&Arg>) -> Option<(String, Range<usize>)> {
    let Value::String { text, inner } = &arg?.value else {
        return None;
    };
    let mut read = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        read.push(match c {
            '\\' => chars.next().filter(|e| matches!(e, '"' | '\'' | '\\'))?,
            c => c,
        });
    }
    Some((read, inner.clone()))
}

/// The name a call gives and whether it is its table's (`id=`, `type=`)
/// rather than its first argument.
pub fn named(call: &Call) -> Option<(String, Range<usize>, bool)> {
    let key = match call.function.as_str() {
        "monster" | "object" => "id",
        "trap" => "type",
        _ => return None,
    };
    match call.table() {
        Some(table) => string(table.get(key)).map(|(t, r)| (t, r, true)),
        None => string(call.args.first()).map(|(t, r)| (t, r, false)),
    }
}

pub fn check(call: &Call, found: &mut Vec<Diagnostic>) {
    let function = call.function.as_str();
    let table = call.table();
    let class = table.and_then(|t| string(t.get("class")));
    if let Some((symbol, range)) = &class {
        if symbol.chars().count() == 1 {
            check_class(function, symbol, range.clone(), found);
        } else if matches!(function, "monster" | "object") {
            // `class = "scroll"`: the bindings read one character or nothing.
            found.push(Diagnostic::new(
                Severity::Warning,
                "nethack-lua::unknown-class",
                range.clone(),
                format!("`class` is one character (a class symbol such as \"?\"): the game ignores \"{symbol}\", and the {function} is of any class"),
            ));
        }
    }
    let Some((name, range, in_table)) = named(call) else {
        return;
    };
    let name = name.as_str();
    if function == "object" {
        if let Some((montype, at)) = table.and_then(|t| string(t.get("montype"))) {
            check_montype(name, &montype, at, found);
        }
    }
    // One character is a class, in the positional form.
    if !in_table && name.chars().count() == 1 && function != "trap" {
        check_class(function, name, range, found);
        return;
    }
    if name.is_empty() {
        return;
    }
    let mut wanted_class = class
        .as_ref()
        .filter(|(c, _)| c.chars().count() == 1)
        .and_then(|(c, _)| c.chars().next());
    // "wand of strikng": the suggestion is for the name after the prefix.
    let (mut name, mut range) = (name, range);
    if function == "object" {
        if let (Some((length, class)), rest) = names::split_prefix(name) {
            wanted_class = Some(class);
            if range.len() == name.len() {
                range.start += length;
                name = rest;
            }
        }
    }
    let (known, severity, what, candidates): (bool, Severity, &str, Vec<&'static Name>) =
        match (function, in_table) {
            ("monster", true) => (
                names::monster(name).is_some(),
                Severity::Error,
                "the game stops with \"Unknown monster id\"",
                monsters(),
            ),
            ("monster", false) => (
                names::monster(name).is_some(),
                Severity::Warning,
                "the game makes a random monster instead",
                monsters(),
            ),
            ("object", _) => (
                names::object(name, wanted_class).is_some(),
                Severity::Error,
                "the game stops with \"Unknown object id\"",
                names::of_kind("object")
                    .filter(|n| wanted_class.is_none_or(|c| c == n.class))
                    .collect(),
            ),
            ("trap", false) => (
                names::trap(name).is_some(),
                Severity::Error,
                "the game stops with \"Unknown trap type\"",
                names::of_kind("trap").collect(),
            ),
            _ => (
                names::trap(name).is_some(),
                Severity::Warning,
                "the game makes a random trap instead",
                names::of_kind("trap").collect(),
            ),
        };
    if known {
        return;
    }
    let thing = match function {
        "monster" => "monster",
        "object" => "object",
        _ => "trap",
    };
    let mut d = Diagnostic::new(
        severity,
        "nethack-lua::unknown-name",
        range.clone(),
        format!("NetHack 5.0 has no {thing} \"{name}\": {what}"),
    );
    if let Some(near) = names::closest(name, candidates.into_iter()) {
        d = d.with_suggestion(&format!("\"{near}\""), range, near, true);
    }
    found.push(d);
}

fn monsters() -> Vec<&'static Name> {
    names::of_kind("monster").collect()
}

/// A class symbol (`des.monster("D")`, `class = "D"`): one the game does
/// not know panics; a monster class no monster has makes none.
fn check_class(function: &str, symbol: &str, range: Range<usize>, found: &mut Vec<Diagnostic>) {
    let Some(c) = symbol.chars().next() else {
        return;
    };
    let (known, thing, panic) = match function {
        "monster" => (
            names::monster_class(c),
            "monster",
            "\"create_monster: unknown monster class\"",
        ),
        "object" => (
            names::object_class(c),
            "object",
            "\"create_object: unexpected object class\"",
        ),
        _ => return,
    };
    match known {
        Some(class) if class.names == "empty" => found.push(Diagnostic::new(
            Severity::Warning,
            "nethack-lua::unknown-class",
            range,
            format!("no {thing} has the class '{c}': the game says so (impossible) and makes none"),
        )),
        Some(_) => {}
        None => found.push(Diagnostic::new(
            Severity::Error,
            "nethack-lua::unknown-class",
            range,
            format!("'{c}' is no {thing} class of NetHack 5.0: the game panics with {panic}"),
        )),
    }
}

/// `montype=` of a statue, egg, corpse, tin or figurine: a monster's name
/// (exactly, in any case), a class symbol, or "spinach"/"empty" for a tin
/// and "empty" for an egg; other objects ignore it, and the setting is lost.
fn check_montype(object: &str, montype: &str, range: Range<usize>, found: &mut Vec<Diagnostic>) {
    let object = object.to_ascii_lowercase();
    if !["statue", "egg", "corpse", "tin", "figurine"].contains(&object.as_str()) {
        let is_object = object.chars().count() > 1
            && names::NAMES
                .iter()
                .any(|n| n.kind == "object" && n.name.eq_ignore_ascii_case(&object));
        if is_object {
            found.push(Diagnostic::new(
                Severity::Warning,
                "nethack-lua::unknown-key",
                range,
                format!("a {object} has no monster type: the game ignores `montype` (only a statue, egg, corpse, tin or figurine takes one), and the setting is lost"),
            ));
        }
        return;
    }
    let lower = montype.to_ascii_lowercase();
    let known = (object == "tin" && lower == "spinach")
        || (matches!(object.as_str(), "tin" | "egg") && lower == "empty")
        || (montype.chars().count() == 1
            && montype
                .chars()
                .next()
                .and_then(names::monster_class)
                .is_some())
        || names::NAMES.iter().any(|n| {
            matches!(n.kind, "monster" | "monster-alias") && n.name.eq_ignore_ascii_case(montype)
        });
    if known {
        return;
    }
    let mut d = Diagnostic::new(
        Severity::Error,
        "nethack-lua::unknown-name",
        range.clone(),
        format!("NetHack 5.0 has no monster \"{montype}\" for the {object}: the game stops with \"Unknown montype\""),
    );
    if let Some(near) = names::closest(montype, monsters().into_iter()) {
        d = d.with_suggestion(&format!("\"{near}\""), range, near, true);
    }
    found.push(d);
}
