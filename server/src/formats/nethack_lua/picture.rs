//! Each `des.map` of a script, as the game draws it: the map text in tty
//! colours (NetHack's own, `nethack::picture`), and what the calls that
//! belong to it place at a literal point: those in its `contents`
//! function, and the top-level calls after it up to the next map, whose
//! coordinates are relative to it.

use super::check::map_rows;
use super::syntax::{Arg, Call, Level, Value};
use crate::formats::nethack::picture::{style, terrain_style};
use crate::formats::picture::{MarkerKind, Picture, Style};
use crate::formats::{Diagnostic, Severity};

pub fn pictures(level: &Level, diagnostics: &[Diagnostic]) -> Vec<Picture> {
    let maps: Vec<(usize, &Call, &str, usize)> = level
        .calls
        .iter()
        .enumerate()
        .filter(|(_, c)| c.function == "map")
        .filter_map(|(i, c)| map_text(c).map(|(text, start)| (i, c, text, start)))
        .collect();
    let mut out = Vec::new();
    for (n, (index, call, text, start)) in maps.iter().enumerate() {
        let rows = map_rows(text, *start);
        let width = rows
            .iter()
            .map(|(_, r)| r.chars().count())
            .max()
            .unwrap_or(0);
        let title = if maps.len() > 1 {
            format!("des.map {}", n + 1)
        } else {
            "des.map".to_string()
        };
        let mut picture = Picture::new(title, width, rows.len(), terrain_style(' '));
        for (y, (offset, row)) in rows.iter().enumerate() {
            for (x, (i, c)) in row.char_indices().enumerate() {
                let style = terrain_style(c);
                let tooltip = format!("({x},{y}) '{c}' {}", style.meaning);
                picture.draw(
                    x as i64,
                    y as i64,
                    style,
                    Some(tooltip),
                    Some(offset + i..offset + i + c.len_utf8()),
                );
            }
        }
        // Its calls: inside its contents, or at the top level before the next map.
        let next = maps.get(n + 1).map_or(usize::MAX, |m| m.1.range.start);
        let top_level = |c: &Call| {
            !level.calls.iter().any(|o| {
                o.range != c.range && o.range.start <= c.range.start && c.range.end <= o.range.end
            })
        };
        for c in level.calls[index + 1..].iter().filter(|c| {
            (call.range.start < c.range.start && c.range.end <= call.range.end)
                || (c.range.start >= call.range.end && c.range.start < next && top_level(c))
        }) {
            let (Some(style), Some((x, y))) = (placed_style(c), point(c)) else {
                continue;
            };
            let tooltip = format!("({x},{y}) des.{}", c.function);
            picture.draw(x, y, style, Some(tooltip), Some(c.range.clone()));
        }
        for d in diagnostics
            .iter()
            .filter(|d| d.range.start >= *start && d.range.end <= start + text.len())
        {
            if let Some((y, (offset, row))) = rows
                .iter()
                .enumerate()
                .find(|(_, (o, r))| *o <= d.range.start && d.range.start <= o + r.len())
            {
                let x = row[..d.range.start - offset].chars().count();
                let kind = match d.severity {
                    Severity::Error => MarkerKind::Error,
                    _ => MarkerKind::Warning,
                };
                picture.mark(x as i64, y as i64, kind, d.message.clone());
            }
        }
        out.push(picture);
    }
    out
}

/// The map text of a `des.map` call and where it starts.
pub fn map_text(call: &Call) -> Option<(&str, usize)> {
    let arg = match &call.args[..] {
        [arg @ Arg {
            value: Value::String { .. },
            ..
        }] => arg,
        _ => call.table()?.get("map")?,
    };
    match &arg.value {
        Value::String { text, inner } => Some((text.as_str(), inner.start)),
        _ => None,
    }
}

pub fn number(arg: Option<&Arg>) -> Option<i64> {
    match arg?.value {
        Value::Number(n) if n.fract() == 0.0 => Some(n as i64),
        _ => None,
    }
}

/// `{x, y}` or `{x = …, y = …}`.
fn coord(arg: Option<&Arg>) -> Option<(i64, i64)> {
    let Value::Table(table) = &arg?.value else {
        return None;
    };
    match (number(table.get("x")), number(table.get("y"))) {
        (Some(x), Some(y)) => Some((x, y)),
        _ => Some((
            number(table.positional.first())?,
            number(table.positional.get(1))?,
        )),
    }
}

/// Where a call surely puts its thing: `(…, x, y)`, `(…, {x, y})`, or its
/// table's `x`/`y` or `coord`.
pub fn point(call: &Call) -> Option<(i64, i64)> {
    if let Some(table) = call.table() {
        return match (number(table.get("x")), number(table.get("y"))) {
            (Some(x), Some(y)) => Some((x, y)),
            _ => coord(table.get("coord")),
        };
    }
    let args = &call.args;
    let first_number = args
        .iter()
        .position(|a| matches!(a.value, Value::Number(_)));
    match first_number {
        Some(i) => Some((number(args.get(i))?, number(args.get(i + 1))?)),
        None => args.iter().find_map(|a| coord(Some(a))),
    }
}

/// The name or class a call gives (`"lich"`, `"L"`), positional or `id`/`class`.
fn named(call: &Call) -> Option<&str> {
    fn string(a: &Arg) -> Option<&str> {
        match &a.value {
            Value::String { text, .. } => Some(text.as_str()),
            _ => None,
        }
    }
    match call.table() {
        Some(table) => table.get("class").or(table.get("id")).and_then(string),
        None => call.args.first().and_then(string),
    }
}

fn placed_style(call: &Call) -> Option<Style> {
    let class = || {
        named(call)
            .filter(|n| n.chars().count() == 1)
            .and_then(|n| n.chars().next())
    };
    Some(match call.function.as_str() {
        "monster" => style(class().unwrap_or('M'), "#ff5252", "monster"),
        "object" => style(class().unwrap_or('*'), "#80deea", "object"),
        "trap" => style('^', "#e040fb", "trap"),
        "stair" | "ladder" => {
            let up = call
                .args
                .iter()
                .any(|a| matches!(&a.value, Value::String { text, .. } if text == "up"))
                || call.table().and_then(|t| t.get("dir")).is_some_and(
                    |a| matches!(&a.value, Value::String { text, .. } if text == "up"),
                );
            match (call.function.as_str(), up) {
                ("stair", true) => style('<', "#ffffff", "stairs up"),
                ("stair", false) => style('>', "#ffffff", "stairs down"),
                (_, true) => style('<', "#ffd54f", "ladder up"),
                _ => style('>', "#ffd54f", "ladder down"),
            }
        }
        "altar" => style('_', "#bdbdbd", "altar"),
        "gold" => style('$', "#ffd54f", "gold"),
        "engraving" => style('~', "#ffee58", "engraving"),
        "grave" => style('|', "#ffffff", "grave"),
        "feature" => style('{', "#4f6cff", "feature"),
        _ => return None,
    })
}
