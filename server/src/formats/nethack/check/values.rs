//! 3.6 names, value sets and limits (spec B2–B5), each as the 3.6 lev_comp
//! checks it (verified with probe files against Debian's lev_comp 3.6.6):
//! monster and object names are errors now, matched exactly then ignoring
//! case; trap names; room types (a warning: lev_comp makes an ordinary
//! room); level names; map size; coordinates against the whole level
//! (80 × 21, never against the map); regions; percentages; INIT_MAP chars.

use crate::formats::nethack::dialect::Dialect;
use crate::formats::nethack::names::vocabulary;
use crate::formats::nethack::names::{self, Found, NameKind};
use crate::formats::nethack::syntax::{Chance, Document, Item, Level, Statement, Value, ValueKind};
use crate::formats::{closest, Diagnostic, Edit, Severity};

const COLNO: i64 = 80;
const ROWNO: i64 = 21;
const MAX_DEPTH: usize = 64;

/// 3.6's trap names: 3.4.3's and `vibrating square`.
fn is_trap(name: &str) -> bool {
    name == "vibrating square" || vocabulary::TRAPS.iter().any(|t| t.name == name)
}

fn trap_names() -> impl Iterator<Item = &'static str> {
    vocabulary::TRAPS
        .iter()
        .map(|t| t.name)
        .chain(std::iter::once("vibrating square"))
}

fn room_types() -> impl Iterator<Item = &'static str> {
    vocabulary::ROOM_TYPES
        .iter()
        .map(|t| t.name)
        .chain(std::iter::once("health food shop"))
}

pub fn check(text: &str, doc: &Document, out: &mut Vec<Diagnostic>) {
    for level in &doc.levels {
        level_name(level, out);
        let mut seen_map: Option<(i64, i64)> = None;
        for item in &level.items {
            walk(text, item, &mut seen_map, out, 0);
        }
    }
}

fn level_name(level: &Level, out: &mut Vec<Diagnostic>) {
    let Some((name, span)) = level.name() else {
        return;
    };
    if name.chars().count() > 14 {
        out.push(Diagnostic::new(
            Severity::Error,
            "nethack::level-name-too-long",
            span.clone(),
            format!("Level names limited to 14 characters ('{name}')."),
        ));
    }
    if name.contains('.') {
        out.push(Diagnostic::new(
            Severity::Error,
            "nethack::level-name-dot",
            span,
            format!("Invalid dot ('.') in level name '{name}'."),
        ));
    }
}

fn walk(
    text: &str,
    item: &Item,
    seen_map: &mut Option<(i64, i64)>,
    out: &mut Vec<Diagnostic>,
    depth: usize,
) {
    if depth > MAX_DEPTH {
        return;
    }
    match item {
        Item::Statement(s) => {
            if let Some(c) = &s.chance {
                percent(c.percent, c.span.clone(), &format!("[{}%]", c.percent), out);
            }
            statement(s, *seen_map, out);
            for arg in &s.args {
                values(arg, out, 0);
            }
        }
        Item::Map(m) => {
            let (w, h) = (m.width(), m.height());
            *seen_map = Some((w as i64, h as i64));
            if w > vocabulary::MAX_MAP_WIDTH || h > vocabulary::MAX_MAP_HEIGHT {
                out.push(Diagnostic::new(
                    Severity::Error,
                    "nethack::map-too-large",
                    m.start.clone(),
                    format!("Map too large at ({w} x {h}), max is (76 x 21)."),
                ));
            }
        }
        Item::Chance(c) => {
            if let Some(ch) = &c.chance {
                percent_chance(ch, out);
            }
        }
        Item::Assignment(a) => {
            if let Some(v) = &a.value {
                names_in_value(v, out, 0);
                values(v, out, 0);
            }
        }
        _ => {}
    }
    let _ = text;
    for child in item.children() {
        walk(text, child, seen_map, out, depth + 1);
    }
}

fn percent_chance(c: &Chance, out: &mut Vec<Diagnostic>) {
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
fn values(value: &Value, out: &mut Vec<Diagnostic>, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    let d = depth + 1;
    match &value.kind {
        ValueKind::Percent(n) => percent(*n, value.span.clone(), &format!("{n}%"), out),
        ValueKind::Weighted { value, chance } => {
            percent_chance(chance, out);
            values(value, out, d);
        }
        ValueKind::Tuple(vs) | ValueKind::List(vs) | ValueKind::Call { args: vs, .. } => {
            for v in vs {
                values(v, out, d);
            }
        }
        ValueKind::Keyed { value, .. } => values(value, out, d),
        ValueKind::Binary { left, right, .. } => {
            values(left, out, d);
            values(right, out, d);
        }
        _ => {}
    }
}

fn statement(s: &Statement, seen_map: Option<(i64, i64)>, out: &mut Vec<Diagnostic>) {
    let args = &s.args;
    let arg = |i: usize| args.get(i);
    match s.keyword.as_str() {
        "MONSTER" => {
            if let Some(v) = arg(0) {
                name_value(NameKind::Monster, v, out);
            }
            coord(arg(1), out);
        }
        "OBJECT" | "CONTAINER" => {
            if let Some(v) = arg(0) {
                name_value(NameKind::Object, v, out);
            }
            for v in args.iter().skip(1) {
                match &v.kind {
                    ValueKind::Tuple(t) if t.len() == 2 => coord(Some(v), out),
                    ValueKind::Keyed { key, value, .. } if key == "montype" => {
                        name_value(NameKind::Monster, value, out)
                    }
                    _ => {}
                }
            }
        }
        "GOLD" | "TRAP" | "DOOR" => coord(arg(1), out),
        "ENGRAVING" | "ALTAR" | "LADDER" | "FOUNTAIN" | "SINK" | "POOL" | "MAZEWALK" | "GRAVE"
        | "DRAWBRIDGE" | "TERRAIN" => coord(arg(0), out),
        _ => {}
    }
    match s.keyword.as_str() {
        "TRAP" => {
            if let Some(v) = arg(0) {
                if let ValueKind::String(name) = &v.kind {
                    if !is_trap(name) {
                        unknown_word(
                            "nethack::unknown-trap",
                            Severity::Error,
                            v,
                            name,
                            format!("Unknown trap type '{name}'!"),
                            trap_names(),
                            out,
                        );
                    }
                }
            }
        }
        "REGION" | "ROOM" | "SUBROOM" => {
            let i = if s.keyword == "REGION" { 2 } else { 0 };
            let v = arg(i).map(|v| match &v.kind {
                ValueKind::Weighted { value, .. } => &**value,
                _ => v,
            });
            if let Some(v) = v {
                if let ValueKind::String(name) = &v.kind {
                    if !room_types().any(|r| r == name) {
                        unknown_word(
                            "nethack::unknown-room-type",
                            Severity::Warning,
                            v,
                            name,
                            format!("Unknown room type \"{name}\"!  Making ordinary room..."),
                            room_types(),
                            out,
                        );
                    }
                }
            }
            if s.keyword == "REGION" {
                region_order(arg(0), out);
            }
        }
        "NON_DIGGABLE" | "NON_PASSWALL" => region_order(arg(0), out),
        "TELEPORT_REGION" | "BRANCH" | "PORTAL" => {
            levregion(arg(0), seen_map, out);
            levregion(arg(1), seen_map, out);
        }
        "STAIR" if args.len() >= 3 => {
            levregion(arg(0), seen_map, out);
            levregion(arg(1), seen_map, out);
        }
        "STAIR" => coord(arg(0), out),
        "INIT_MAP" => init_map(args, out),
        _ => {}
    }
}

fn unknown_word(
    code: &'static str,
    severity: Severity,
    v: &Value,
    name: &str,
    message: String,
    candidates: impl Iterator<Item = &'static str>,
    out: &mut Vec<Diagnostic>,
) {
    let mut d = Diagnostic::new(severity, code, v.span.clone(), message);
    if let Some(s) = closest(name, candidates) {
        d.message.push_str(&format!(" Did you mean \"{s}\"?"));
        d = d.with_fix(
            format!("Change to \"{s}\""),
            vec![Edit {
                range: v.span.clone(),
                new_text: format!("\"{s}\""),
            }],
            true,
        );
    }
    out.push(d);
}

/// `(x, y)`: lev_comp 3.6 checks it against the level, not the map.
fn coord(v: Option<&Value>, out: &mut Vec<Diagnostic>) {
    let Some(v) = v else { return };
    let Some((x, y)) = v.point() else { return };
    if !(0..COLNO).contains(&x) || !(0..ROWNO).contains(&y) {
        out.push(Diagnostic::new(
            Severity::Error,
            "nethack::coordinate-range",
            v.span.clone(),
            format!(
                "Coordinates ({x},{y}) out of map range! x is 0 to {} and y 0 to {}.",
                COLNO - 1,
                ROWNO - 1
            ),
        ));
    }
}

/// REGION and NON_DIGGABLE/NON_PASSWALL: the corners in order.
fn region_order(v: Option<&Value>, out: &mut Vec<Diagnostic>) {
    let Some(v) = v else { return };
    let Some([x1, y1, x2, y2]) = v.rect() else {
        return;
    };
    if x1 > x2 || y1 > y2 {
        out.push(
            Diagnostic::new(
                Severity::Error,
                "nethack::region-reversed",
                v.span.clone(),
                format!(
                    "Region start > end: ({x1},{y1},{x2},{y2})! Write the top-left corner first."
                ),
            )
            .with_fix(
                "Swap the corners",
                vec![Edit {
                    range: v.span.clone(),
                    new_text: format!(
                        "({},{},{},{})",
                        x1.min(x2),
                        y1.min(y2),
                        x1.max(x2),
                        y1.max(y2)
                    ),
                }],
                true,
            ),
        );
    }
}

/// A level region: `levregion(…)` against the level (x 1..79, y 0..20), a
/// plain `(…)` against the "map range" (x 0..79, y 0..21 while no MAP was
/// read, then the last map's size).
fn levregion(v: Option<&Value>, seen_map: Option<(i64, i64)>, out: &mut Vec<Diagnostic>) {
    let Some(v) = v else { return };
    let (rect, span, level) = match &v.kind {
        ValueKind::Call { name, args, .. } if name == "levregion" => {
            let ints: Option<Vec<i64>> = args.iter().map(Value::integer).collect();
            match ints.as_deref() {
                Some(&[a, b, c, d]) => ([a, b, c, d], v.span.clone(), true),
                _ => return,
            }
        }
        _ => match v.rect() {
            Some(r) => (r, v.span.clone(), false),
            _ => return,
        },
    };
    let [x1, y1, x2, y2] = rect;
    // lev_comp's max_x_map/max_y_map: 79 and 21 until a MAP, then the
    // last map's width - 1 and height - 1.
    let (max_x, max_y) = seen_map.map_or((COLNO - 1, ROWNO), |(w, h)| (w - 1, h - 1));
    let bad = if level {
        if x1 <= 0 || x1 >= COLNO {
            Some("x1")
        } else if !(0..ROWNO).contains(&y1) {
            Some("y1")
        } else if x2 <= 0 || x2 >= COLNO {
            Some("x2")
        } else if !(0..ROWNO).contains(&y2) {
            Some("y2")
        } else {
            None
        }
    } else if !(0..=max_x).contains(&x1) {
        Some("x1")
    } else if !(0..=max_y).contains(&y1) {
        Some("y1")
    } else if !(0..=max_x).contains(&x2) {
        Some("x2")
    } else if !(0..=max_y).contains(&y2) {
        Some("y2")
    } else {
        None
    };
    if let Some(which) = bad {
        let (code, range) = if level {
            ("nethack::levregion-out-of-level", "level range")
        } else {
            ("nethack::region-out-of-map", "map range")
        };
        out.push(Diagnostic::new(
            Severity::Error,
            code,
            span,
            format!("Region ({x1},{y1},{x2},{y2}) out of {range} ({which})!"),
        ));
    }
}

/// INIT_MAP's terrain characters must be map characters.
fn init_map(args: &[Value], out: &mut Vec<Diagnostic>) {
    let Some(style) = args.first().and_then(Value::word) else {
        return;
    };
    let checks: &[(usize, &str)] = match style {
        "solidfill" | "mazegrid" => &[(1, "fill char")],
        "mines" => &[(1, "foreground"), (2, "background")],
        _ => return,
    };
    for &(i, what) in checks {
        let Some(v) = args.get(i) else { continue };
        let Some(c) = v.char() else { continue };
        if c == 'x' || vocabulary::map_char(c).is_none() {
            let message = if what == "fill char" {
                "INIT_MAP: Invalid fill char type.".to_string()
            } else {
                format!("INIT_MAP: Invalid {what} type.")
            };
            out.push(Diagnostic::new(
                Severity::Error,
                "nethack::init-map-char",
                v.span.clone(),
                format!("{message} '{c}' is not a map character."),
            ));
        }
    }
}

/// `monster: …` / `object: …` (and their lists) in assignments.
fn names_in_value(v: &Value, out: &mut Vec<Diagnostic>, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    if let ValueKind::Keyed { key, value, .. } = &v.kind {
        let kind = match key.as_str() {
            "monster" => NameKind::Monster,
            "object" | "obj" => NameKind::Object,
            _ => return,
        };
        match &value.kind {
            ValueKind::List(items) => {
                for item in items {
                    name_value(kind, item, out);
                }
            }
            _ => name_value(kind, value, out),
        }
    }
}

/// A monster or object: `"name"`, `'c'`, `('c', "name")`.
fn name_value(kind: NameKind, v: &Value, out: &mut Vec<Diagnostic>) {
    let what = match kind {
        NameKind::Monster => "monster",
        NameKind::Object => "object",
    };
    let valid_class = |c: char| match kind {
        NameKind::Monster => vocabulary::monster_class(c).is_some(),
        NameKind::Object => vocabulary::object_class(c).is_some(),
    };
    match &v.kind {
        ValueKind::Char(c) if !valid_class(*c) => {
            out.push(Diagnostic::new(
                Severity::Error,
                match kind {
                    NameKind::Monster => "nethack::unknown-monster-class",
                    NameKind::Object => "nethack::unknown-object-class",
                },
                v.span.clone(),
                format!("Unknown {what} class '{c}'!"),
            ));
        }
        ValueKind::String(name) => name_check(kind, name, None, v, v, out),
        ValueKind::Tuple(parts) => {
            if let [class, name] = parts.as_slice() {
                if let (Some(c), Some(n)) = (class.char(), name.string()) {
                    name_check(kind, n, Some(c), name, v, out);
                }
            }
        }
        _ => {}
    }
}

fn name_check(
    kind: NameKind,
    name: &str,
    class: Option<char>,
    name_value: &Value,
    whole: &Value,
    out: &mut Vec<Diagnostic>,
) {
    let (what, code) = match kind {
        NameKind::Monster => ("Monster", "nethack::unknown-monster-name"),
        NameKind::Object => ("Object", "nethack::unknown-object-name"),
    };
    match names::lookup_in(Dialect::V36, kind, name, class) {
        Some(Found::Exact(_)) => {}
        Some(Found::OtherCase(found)) => {
            out.push(
                Diagnostic::new(
                    Severity::Hint,
                    "nethack::name-case",
                    name_value.span.clone(),
                    format!(
                        "{what} type \"{name}\" matches \"{}\" (lev_comp 3.6 accepts other capitals; -v warns).",
                        found.name
                    ),
                )
                .with_fix(
                    format!("Write \"{}\"", found.name),
                    vec![Edit {
                        range: name_value.span.clone(),
                        new_text: format!("\"{}\"", found.name),
                    }],
                    true,
                ),
            );
        }
        None => {
            let lower = what.to_ascii_lowercase();
            let written = match class {
                Some(c) => format!("Unknown {lower} ('{c}', \"{name}\")!"),
                None => format!("Unknown {lower} \"{name}\"!"),
            };
            let mut d = Diagnostic::new(Severity::Error, code, whole.span.clone(), written);
            if let Some(s) = names::suggest_in(Dialect::V36, kind, name, class) {
                d.message.push_str(&format!(" Did you mean \"{s}\"?"));
                d = d.with_fix(
                    format!("Change to \"{s}\""),
                    vec![Edit {
                        range: name_value.span.clone(),
                        new_text: format!("\"{s}\""),
                    }],
                    true,
                );
            } else if class.is_some() {
                let elsewhere = names::classes_of_in(Dialect::V36, kind, name);
                if let Some(c) = elsewhere.first() {
                    d.message
                        .push_str(&format!(" \"{name}\" is in class '{c}', not this one."));
                }
            }
            out.push(d);
        }
    }
}

#[cfg(test)]
mod tests;
