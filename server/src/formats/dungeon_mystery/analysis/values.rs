//! Every key and value against the vocabulary table: unknown and duplicate keys, missing
//! groups, JSON types, whole numbers, enum codes, ranges, chances, unused fields.

use super::edit;
use crate::formats::dungeon_mystery::syntax::{Json, Kind, Member};
use crate::formats::dungeon_mystery::vocabulary::{self as v, Field, Role, Ty};
use crate::formats::{closest, Diagnostic, Severity};

pub fn check(text: &str, root: &Json, whole: bool, out: &mut Vec<Diagnostic>) {
    object(text, root, &v::TOP, &[], out);
    if whole {
        missing_groups(root, out);
    }
}

fn object(
    text: &str,
    obj: &Json,
    fields: &'static [Field],
    path: &[&str],
    out: &mut Vec<Diagnostic>,
) {
    let members = obj.members();
    for (i, m) in members.iter().enumerate() {
        if let Some(later) = members[i + 1..].iter().find(|n| n.key == m.key) {
            out.push(Diagnostic::new(
                Severity::Warning,
                "dungeon-mystery::duplicate-key",
                m.key_span.clone(),
                format!(
                    "`{}` is given again on line {}; `JSON.parse` keeps only the last, so this one is ignored",
                    m.key,
                    text[..later.key_span.start].matches('\n').count() + 1
                ),
            ));
        }
        match fields.iter().find(|f| f.key == m.key) {
            Some(field) => {
                let mut inner: Vec<&str> = path.to_vec();
                inner.push(field.key);
                value(text, m, field, &inner, out);
            }
            None => out.push(unknown_key(m, fields, path)),
        }
    }
}

fn where_(path: &[&str]) -> String {
    if path.is_empty() {
        "at the top level".into()
    } else {
        format!("in `{}`", path.join("."))
    }
}

fn unknown_key(m: &Member, fields: &'static [Field], path: &[&str]) -> Diagnostic {
    // A key of another group, put in the wrong place, is a clearer message than a typo.
    let elsewhere = [
        &v::TOP[..],
        &v::FLOOR_PROPS,
        &v::DUNGEON_DATA,
        &v::ROOM_FLAGS,
    ]
    .into_iter()
    .chain([
        &v::MISSION_DESTINATION[..],
        &v::GENERATION_CONSTANTS,
        &v::ADVANCED_SETTINGS,
    ])
    .flat_map(|g| g.iter())
    .any(|f| f.key == m.key);
    let suggestion = closest(&m.key, fields.iter().map(|f| f.key)).filter(|s| *s != m.key);
    let mut message = format!(
        "unknown key `{}` {}: the library ignores it",
        m.key,
        where_(path)
    );
    if elsewhere {
        message.push_str(" (that key belongs to another group)");
    }
    if let Some(s) = suggestion {
        message.push_str(&format!("; did you mean `{s}`?"));
    }
    let d = Diagnostic::new(
        Severity::Warning,
        "dungeon-mystery::unknown-key",
        m.key_span.clone(),
        message,
    );
    match suggestion {
        Some(s) => d.with_fix(
            format!("Change to `{s}`"),
            edit(m.key_span.clone(), format!("\"{s}\"")),
            true,
        ),
        None => d,
    }
}

/// What the library does with a value of the wrong JSON type.
fn wrong_type_effect(field: &Field, value: &Json) -> &'static str {
    match (field.ty, &value.kind) {
        _ if field.key == "layout" => "the library silently generates LARGE",
        (Ty::Boolean, Kind::Number(_)) => {
            "0 and 1 happen to work in JavaScript, but the documented type is a boolean"
        }
        (Ty::Boolean, _) => "JavaScript reads any non-empty string or object as true",
        (Ty::Integer, Kind::String(_)) => {
            "the library does not convert it: in JavaScript `\"5\" + 1` is `\"51\"`, so the floor is unpredictable"
        }
        (Ty::Object(_), _) => "the library reads its fields as missing or garbage",
        _ => "the library does not check types, so the floor is unpredictable",
    }
}

fn value(text: &str, m: &Member, field: &'static Field, path: &[&str], out: &mut Vec<Diagnostic>) {
    let value = &m.value;
    let span = value.span.clone();
    let name = path.join(".");
    let type_ok = match (field.ty, &value.kind) {
        (_, Kind::Missing) | (Ty::Output, _) => return,
        (Ty::Integer, Kind::Number(_)) => true,
        (Ty::Boolean, Kind::Bool(_)) => true,
        (Ty::String, Kind::String(_)) => true,
        (Ty::Object(inner), Kind::Object(_)) => {
            object(text, value, inner, path, out);
            return;
        }
        _ => false,
    };
    if !type_ok {
        let want = match field.ty {
            Ty::Integer if !field.codes.is_empty() => "an integer code",
            Ty::Integer => "an integer",
            Ty::Boolean => "`true` or `false`",
            Ty::String => "a string",
            _ => "an object",
        };
        let mut d = Diagnostic::new(
            Severity::Error,
            "dungeon-mystery::wrong-type",
            span.clone(),
            format!(
                "`{name}` must be {want}, not {}: {}",
                value.type_name(),
                wrong_type_effect(field, value)
            ),
        );
        // `"3"` → 3, `1` → true: the fix is certain only when the text says what was meant.
        let fix = match (&field.ty, &value.kind) {
            (Ty::Integer, Kind::String(s)) => s.trim().parse::<i64>().ok().map(|n| n.to_string()),
            (Ty::Boolean, Kind::Number(n)) if *n == 0.0 || *n == 1.0 => {
                Some((*n == 1.0).to_string())
            }
            (Ty::Boolean, Kind::String(s)) if s == "true" || s == "false" => Some(s.clone()),
            _ => None,
        };
        if let Some(fix) = fix {
            d = d.with_fix(format!("Write `{fix}`"), edit(span, fix), true);
        }
        out.push(d);
        return;
    }
    let Kind::Number(n) = value.kind else {
        return;
    };
    let Some(int) = value.as_int() else {
        out.push(Diagnostic::new(
            Severity::Error,
            "dungeon-mystery::not-an-integer",
            span,
            format!(
                "`{name}` must be a whole number, not {n}: the library compares and adds it as is, so the floor is unpredictable"
            ),
        ));
        return;
    };
    if !field.codes.is_empty() {
        match field.code(int) {
            None => {
                let codes: Vec<String> = field.codes.iter().map(|c| c.code.to_string()).collect();
                let effect = if field.key == "layout" {
                    "; the library silently generates LARGE"
                } else {
                    ""
                };
                out.push(Diagnostic::new(
                    Severity::Error,
                    "dungeon-mystery::unknown-code",
                    span,
                    format!(
                        "{int} is not a code of `{name}` (valid: {}){effect}",
                        codes_text(&codes)
                    ),
                ));
                return;
            }
            Some(code) if field.key == "layout" && int >= 12 => {
                out.push(
                    Diagnostic::new(
                        Severity::Warning,
                        "dungeon-mystery::unused-layout",
                        span.clone(),
                        format!(
                            "layout {int} ({}) is unused in the game and generates LARGE",
                            code.name
                        ),
                    )
                    .with_fix("Change to 0 (LARGE)", edit(span, "0"), true),
                );
                return;
            }
            Some(_) => {}
        }
    }
    if let Some((lo, hi)) = field.range {
        if int < lo || int > hi {
            let clamped = int.clamp(lo, hi);
            out.push(
                Diagnostic::new(
                    Severity::Error,
                    "dungeon-mystery::out-of-range",
                    span.clone(),
                    format!(
                        "`{name}` must be between {lo} and {hi} ({}), not {int}",
                        field.range_why
                    ),
                )
                .with_fix(
                    format!("Change to {clamped}"),
                    edit(span, clamped.to_string()),
                    false,
                ),
            );
            return;
        }
    }
    if field.chance && !(0..=100).contains(&int) {
        let (clamped, effect) = if int > 100 {
            (100, "it always happens, as with 100")
        } else {
            (0, "it never happens, as with 0")
        };
        out.push(
            Diagnostic::new(
                Severity::Warning,
                "dungeon-mystery::chance-saturates",
                span.clone(),
                format!("`{name}` is a percentage (0–100); {int} saturates: {effect}"),
            )
            .with_fix(
                format!("Change to {clamped}"),
                edit(span.clone(), clamped.to_string()),
                true,
            ),
        );
    }
    if field.role == Role::Unused && !field.is_default(v::Value::Int(int)) {
        out.push(Diagnostic::new(
            Severity::Warning,
            "dungeon-mystery::unused-field",
            span,
            format!("`{name}` is not used by the generator: {int} has no effect on the floor"),
        ));
    }
}

pub(super) fn codes_text(codes: &[String]) -> String {
    // Runs of consecutive codes read as `0–15`.
    let nums: Vec<i64> = codes.iter().filter_map(|c| c.parse().ok()).collect();
    let mut parts = Vec::new();
    let mut i = 0;
    while i < nums.len() {
        let mut j = i;
        while j + 1 < nums.len() && nums[j + 1] == nums[j] + 1 {
            j += 1;
        }
        parts.push(if j > i + 1 {
            format!("{}–{}", nums[i], nums[j])
        } else if j == i + 1 {
            format!("{}, {}", nums[i], nums[j])
        } else {
            nums[i].to_string()
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// The four groups: the two required ones are errors, the two the library defaults are a hint
/// (the demo's import needs all four). The fix inserts the group with the library defaults.
fn missing_groups(root: &Json, out: &mut Vec<Diagnostic>) {
    let members = root.members();
    let open = root.span.start..root.span.start + 1;
    for group in v::TOP.iter().filter(|f| matches!(f.ty, Ty::Object(_))) {
        if members.iter().any(|m| m.key == group.key) {
            continue;
        }
        let Ty::Object(fields) = group.ty else {
            continue;
        };
        let body = Field::default_object(fields, 1);
        let (at, insert) = match members.last() {
            Some(last) => (last.span.end, format!(",\n  \"{}\": {body}", group.key)),
            None => (
                root.span.start + 1,
                format!("\n  \"{}\": {body}\n", group.key),
            ),
        };
        let (severity, code, message) = if group.required {
            (
                Severity::Error,
                "dungeon-mystery::missing-group",
                format!(
                    "`{}` is missing: the library needs it, and the demo's import rejects the file (\"failed to be matched as a dungeoneer settings file\")",
                    group.key
                ),
            )
        } else {
            (
                Severity::Hint,
                "dungeon-mystery::missing-optional-group",
                format!(
                    "`{}` is missing: the library uses its defaults, but the demo's import needs all four groups",
                    group.key
                ),
            )
        };
        out.push(
            Diagnostic::new(severity, code, open.clone(), message).with_fix(
                format!("Insert `{}` with the library defaults", group.key),
                edit(at..at, insert),
                group.required,
            ),
        );
    }
}
