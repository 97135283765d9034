//! What NetHack 5.0.0 rejects in a level script, and what it accepts
//! without a word (`specs/nethack-5.0-lua.md`): an error where the game
//! fails or crashes, a warning where it silently does something else.

mod arguments;
pub mod coordinates;
pub mod names;

use super::api::{self, Function, MAP_CHARS, MAP_ROWS};
use super::syntax::{Arg, Call, Level, Table, Value};
use crate::formats::{closest, Diagnostic, Severity};
use std::ops::Range;

pub fn diagnostics(text: &str, level: &Level) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    // One error per place: Lua stops at the first token it cannot take.
    let mut last = None;
    for (range, missing) in &level.syntax_errors {
        if last == Some(range.start) {
            continue;
        }
        last = Some(range.start);
        found.push(syntax_error(text, range.clone(), missing.as_deref()));
    }
    for call in &level.calls {
        check_call(call, &mut found);
    }
    coordinates::check(level, &mut found);
    found.sort_by_key(|d| (d.range.start, d.range.end));
    found
}

fn syntax_error(text: &str, range: Range<usize>, missing: Option<&str>) -> Diagnostic {
    let message = match missing {
        Some(token) => {
            format!("Lua expects `{token}` here: the game refuses the script (luaL_loadbuffer)")
        }
        None => {
            let written: String = text[range.clone()].chars().take(30).collect();
            format!(
                "Lua cannot read `{}` here: the game refuses the script (luaL_loadbuffer)",
                written.trim()
            )
        }
    };
    Diagnostic::new(Severity::Error, "nethack-lua::syntax", range, message)
}

fn check_call(call: &Call, found: &mut Vec<Diagnostic>) {
    let Some(function) = api::function(&call.function) else {
        let names = api::FUNCTIONS.iter().map(|f| f.name);
        let mut d = Diagnostic::new(
            Severity::Error,
            "nethack-lua::unknown-function",
            call.function_range.clone(),
            format!(
                "`des.{}` is no function of NetHack 5.0: the game stops with \"attempt to call a nil value (field '{}')\"",
                call.function, call.function
            ),
        );
        if let Some(near) = closest(&call.function, names) {
            let shown = format!("`des.{near}`");
            d = d.with_suggestion(&shown, call.function_range.clone(), near, true);
        }
        found.push(d);
        return;
    };
    arguments::check(call, function, found);
    if let Some(table) = call.table() {
        check_table(call, function, table, found);
    }
    names::check(call, found);
    if call.function == "map" {
        let map = match &call.args[..] {
            [Arg {
                value: Value::String { text, inner },
                ..
            }] => Some((text.as_str(), inner.clone())),
            _ => call.table().and_then(|t| match t.get("map") {
                Some(Arg {
                    value: Value::String { text, inner },
                    ..
                }) => Some((text.as_str(), inner.clone())),
                _ => None,
            }),
        };
        if let Some((map, inner)) = map {
            check_map(map, inner.start, found);
        }
    }
}

fn check_table(call: &Call, function: &Function, table: &Table, found: &mut Vec<Diagnostic>) {
    for field in &table.keyed {
        let Some(key) = function.key(&field.key) else {
            let mut d = Diagnostic::new(
                Severity::Warning,
                "nethack-lua::unknown-key",
                field.key_range.clone(),
                format!(
                    "`des.{}` has no key `{}`: the game ignores it, and the setting is lost",
                    function.name, field.key
                ),
            );
            if let Some(near) = closest(&field.key, function.keys.iter().map(|k| k.name)) {
                d = d.with_suggestion(&format!("`{near}`"), field.key_range.clone(), near, true);
            }
            found.push(d);
            continue;
        };
        check_value(function, key, &field.value, found);
    }
    let missing: Vec<String> = function
        .keys
        .iter()
        .filter(|k| table.get(k.name).is_none())
        .filter_map(|k| match k.required_unless() {
            Some((other, named)) => table
                .get(other)
                .is_none()
                .then(|| format!("`{named}` or `{}`", k.name)),
            None => k.required.then(|| format!("`{}`", k.name)),
        })
        .collect();
    if !missing.is_empty() {
        let list = missing;
        found.push(Diagnostic::new(
            Severity::Error,
            "nethack-lua::missing-key",
            call.function_range.clone(),
            format!(
                "`des.{}` needs {} in its table: without, the game stops with an error",
                function.name,
                list.join(", ")
            ),
        ));
    }
    // A room's place and size go in pairs: one without the other panics
    // ("Room must have both x and y").
    if function.name == "room" {
        for (a, b) in [("x", "y"), ("w", "h")] {
            let (has_a, has_b) = (table.get(a).is_some(), table.get(b).is_some());
            // `coord = {x, y}` gives both.
            if has_a != has_b && !(a == "x" && table.get("coord").is_some()) {
                let (given, lacking) = if has_a { (a, b) } else { (b, a) };
                found.push(Diagnostic::new(
                    Severity::Error,
                    "nethack-lua::missing-key",
                    call.function_range.clone(),
                    format!("`des.room` has `{given}` without `{lacking}`: the game panics (\"Room must have both {a} and {b}\")"),
                ));
            }
        }
    }
    // A portal to nowhere: the game crashes placing it (fixup_special).
    if function.name == "levregion"
        && matches!(table.get("type"), Some(Arg { value: Value::String { text, .. }, .. }) if text == "portal")
        && table.get("name").is_none()
    {
        found.push(Diagnostic::new(
            Severity::Error,
            "nethack-lua::portal-without-name",
            call.function_range.clone(),
            "a portal `des.levregion` needs `name`, the level it leads to: without it the game crashes (fixup_special)",
        ));
    }
}

/// What the bindings take for a key's type: the Lua value's kind, or why not.
fn type_fault(kind: &str, value: &Value) -> Option<&'static str> {
    let taken = match kind {
        // `lua_tostring`: a number reads as a string too.
        "string" | "option" | "mapchar" | "type" => {
            matches!(value, Value::String { .. } | Value::Number(_))
        }
        // `luaL_checkinteger`: a numeric string is coerced.
        "int" => match value {
            Value::Number(_) => true,
            Value::String { text, .. } => text.trim().parse::<f64>().is_ok(),
            _ => false,
        },
        "int|\"random\"" => match value {
            Value::Number(_) => true,
            Value::String { text, .. } => text == "random" || text.trim().parse::<f64>().is_ok(),
            _ => false,
        },
        // `get_table_boolean`: true/false, "true"/"false"/"yes"/"no", 0/1.
        "bool" => match value {
            Value::Bool(_) => true,
            Value::Number(n) => *n == 0.0 || *n == 1.0,
            Value::String { text, .. } => matches!(text.as_str(), "true" | "false" | "yes" | "no"),
            _ => false,
        },
        "coord" | "region" | "selection" => matches!(value, Value::Table(_)),
        // A statue's `contents = 0` empties it: a function is not the only form.
        _ => true,
    };
    if taken || matches!(value, Value::Other | Value::Nil) {
        return None;
    }
    Some(match kind {
        "int" | "int|\"random\"" => "a number",
        "bool" => "true or false",
        "coord" => "a coordinate table such as {x,y}",
        "region" => "a region table {x1,y1,x2,y2}",
        "selection" => "a selection",
        _ => "a string",
    })
}

/// A key's value: of the type the bindings read, and, where the table
/// lists the words it takes, one of them.
fn check_value(function: &Function, key: &api::Key, value: &Arg, found: &mut Vec<Diagnostic>) {
    if let Some(wanted) = type_fault(key.kind, &value.value) {
        found.push(Diagnostic::new(
            Severity::Error,
            "nethack-lua::wrong-type",
            value.range.clone(),
            format!(
                "`{}` of `des.{}` takes {wanted}: the game stops with an error (bad argument)",
                key.name, function.name
            ),
        ));
        return;
    }
    let Value::String { text, inner } = &value.value else {
        return;
    };
    let words = key.words();
    if words.is_empty() || words.contains(&text.as_str()) {
        return;
    }
    // An option the bindings check is an error; a room type the game does
    // not know is only an impossible(), and loading goes on.
    let (severity, what) = if key.kind == "option" {
        (Severity::Error, "the game stops with an error")
    } else {
        (Severity::Warning, "the game says so and goes on without it")
    };
    let mut d = Diagnostic::new(
        severity,
        "nethack-lua::unknown-value",
        value.range.clone(),
        format!(
            "`{}` of `des.{}` is one of {}, not \"{text}\": {what}",
            key.name,
            function.name,
            words
                .iter()
                .map(|w| format!("\"{w}\""))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    );
    if let Some(near) = closest(text, words.iter().copied()) {
        d = d.with_suggestion(&format!("\"{near}\""), inner.clone(), near, true);
    }
    found.push(d);
}

/// The rows of a map text that starts at byte `start` of the file, each
/// with where it starts.
pub fn map_rows(map: &str, start: usize) -> Vec<(usize, &str)> {
    let mut rows: Vec<(usize, &str)> = Vec::new();
    let mut at = start;
    for line in map.split_inclusive('\n') {
        let row = line.trim_end_matches(['\n', '\r']);
        rows.push((at, row));
        at += line.len();
    }
    // The line break before the closing bracket ends the last row.
    if rows.last().is_some_and(|(_, r)| r.is_empty()) {
        rows.pop();
    }
    rows
}

/// The map text of `des.map`, starting at byte `start` of the file.
fn check_map(map: &str, start: usize, found: &mut Vec<Diagnostic>) {
    let rows = map_rows(map, start);
    if rows.len() > MAP_ROWS {
        let (offset, row) = rows[MAP_ROWS];
        found.push(Diagnostic::new(
            Severity::Error,
            "nethack-lua::map-too-tall",
            offset..offset + row.len(),
            format!(
                "a map has at most {MAP_ROWS} rows; this is row {}: the game stops with \"Map data error\"",
                MAP_ROWS + 1
            ),
        ));
    }
    let widest = rows
        .iter()
        .map(|(_, r)| r.chars().count())
        .max()
        .unwrap_or(0);
    let ragged: Vec<&(usize, &str)> = rows
        .iter()
        .filter(|(_, r)| r.chars().count() != widest)
        .collect();
    if let Some((offset, row)) = ragged.first() {
        found.push(Diagnostic::new(
            Severity::Warning,
            "nethack-lua::map-ragged",
            *offset..*offset + row.len(),
            format!(
                "{} of the map's {} rows are narrower than its widest ({widest} columns), this one first ({} columns): the game reads every row {} columns apart, so each row after it is shifted",
                ragged.len(),
                rows.len(),
                row.chars().count(),
                widest + 1
            ),
        ));
    }
    for (offset, row) in &rows {
        for (i, c) in row.char_indices() {
            let what = if c.is_ascii_digit() {
                "the game strips digits from a map, and the rest of the row moves left"
            } else if MAP_CHARS.contains(c) {
                continue;
            } else {
                "the game skips it, and the square keeps what was there"
            };
            found.push(Diagnostic::new(
                Severity::Warning,
                "nethack-lua::map-char",
                offset + i..offset + i + c.len_utf8(),
                format!("`{c}` is no map character: {what}"),
            ));
        }
    }
}
