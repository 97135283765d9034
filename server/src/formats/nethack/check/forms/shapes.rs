//! The shapes lev_comp 3.6's grammar gives a value wherever it stands,
//! before any slot is considered: a coordinate or a region holds plain
//! numbers (`(x,y)`, `(x1,y1,x2,y2)`; no `(4)`, no `$x`, no sign), and no
//! tuple of numbers has 3 or 5 of them; a `{ … }` array is only what a
//! `$variable =` takes, never inside another value; `selection:`,
//! `MONSTER:`… type a variable, so in a statement's arguments such a key is
//! the next statement, the one before having lost its end; `align[i]` takes
//! a plain index; a word before a string is `m_feature "…"` and its kin; the
//! selection functions take their own numbers of arguments.

use crate::formats::nethack::check::report::error;
use crate::formats::nethack::names::scripting::DIRECTIONS;
use crate::formats::nethack::names::vocabulary::value_words_3_6;
use crate::formats::nethack::syntax::{Value, ValueKind};
use crate::formats::Diagnostic;

/// Where a value stands.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// `$v = …`: an array or a typed value.
    Assignment,
    /// `$v = monster: …`: an array may follow.
    Typed,
    /// A statement's argument.
    Argument,
    /// Inside another value.
    Inside,
}

/// `key:` words that type a variable (`$s = selection: …`).
const TYPE_KEYS: &[&str] = &[
    "selection",
    "terrain",
    "monster",
    "object",
    "obj",
    "levregion",
    "TERRAIN",
    "MONSTER",
    "OBJECT",
];

/// A word a string may follow without a comma.
const APPEARANCES: &[&str] = &["m_feature", "m_monster", "m_object"];

/// The first problem with `v`'s own shape, if any (not its parts').
pub(super) fn problem(text: &str, v: &Value, place: Place) -> Option<Diagnostic> {
    let written = |v: &Value| -> String {
        let t: String = text
            .get(v.span.clone())
            .unwrap_or("")
            .chars()
            .take(40)
            .collect();
        t.replace('\n', " ")
    };
    match &v.kind {
        ValueKind::Tuple(vals) if numeric(vals) => {
            let n = vals.len();
            if n == 2 || n == 4 {
                let bad = vals.iter().find(|x| !plain_number(text, x))?;
                let what = if n == 2 {
                    "a coordinate `(x,y)`"
                } else {
                    "a region `(x1,y1,x2,y2)`"
                };
                if matches!(bad.kind, ValueKind::Integer(_)) {
                    let signed = written(bad);
                    return Some(error(
                        "nethack::signed-number",
                        bad.span.clone(),
                        format!(
                            "unexpected `{signed}`: inside {what} a number has no sign (lev_comp: syntax error at \"{signed}\")"
                        ),
                    ));
                }
                let why = match &bad.kind {
                    ValueKind::Tuple(_) => "a parenthesised value",
                    ValueKind::List(_) => "an array",
                    ValueKind::Variable { .. } => "a variable",
                    _ => "an expression",
                };
                return Some(error(
                    "nethack::argument-kind",
                    bad.span.clone(),
                    format!(
                        "`{}` inside {what}: lev_comp takes only numbers written out there, not {why} (lev_comp: syntax error at \"{}\")",
                        written(bad),
                        first_char(&written(bad)),
                    ),
                ));
            }
            if n >= 3 {
                return Some(error(
                    "nethack::argument-count",
                    v.span.clone(),
                    format!(
                        "`{}` has {n} numbers: a coordinate has 2, `(x,y)`, and a region 4, `(x1,y1,x2,y2)` (lev_comp: syntax error)",
                        written(v)
                    ),
                ));
            }
            None
        }
        // `({…})`: parentheses hold a number or a selection, not an array.
        // (`((3,3))` is a selection in parentheses, where one is taken.)
        ValueKind::Tuple(vals) if vals.len() == 1 && matches!(vals[0].kind, ValueKind::List(_)) => {
            Some(error(
                "nethack::argument-kind",
                vals[0].span.clone(),
                format!(
                    "`{}` inside parentheses: an array is only what `$variable = {{ … }}` takes (lev_comp: syntax error at \"{{\")",
                    written(&vals[0])
                ),
            ))
        }
        ValueKind::List(vals) if matches!(place, Place::Assignment | Place::Typed) => {
            mixed(vals).map(|odd| {
                error(
                    "nethack::argument-kind",
                    odd.span.clone(),
                    format!(
                        "`{}` in an array of {}: an array holds values of one kind (lev_comp: syntax error)",
                        written(odd),
                        kind_of(&vals[0]).unwrap_or("other values")
                    ),
                )
            })
        }
        // `cursed+0`, `5-3`: lev_comp's lexer reads `+0` and `-3` as signed
        // numbers, which no operator takes.
        ValueKind::Binary {
            operator,
            operator_span,
            right,
            ..
        } if matches!(operator.as_str(), "+" | "-")
            && operator_span.end == right.span.start
            && matches!(right.kind, ValueKind::Integer(_)) =>
        {
            let signed = operator_span.start..right.span.end;
            let t = text.get(signed.clone()).unwrap_or("").to_string();
            Some(error(
                "nethack::signed-number",
                signed,
                format!(
                    "`{t}` is read as one signed number, not `{operator}` and a number: a comma is missing before it, or a space after `{operator}` (lev_comp: syntax error at \"{t}\")"
                ),
            ))
        }
        ValueKind::List(_) => Some(error(
            "nethack::argument-kind",
            v.span.clone(),
            format!(
                "`{}`: a `{{ … }}` array is only what `$variable = {{ … }}` takes, not {} (lev_comp: syntax error at \"{{\")",
                written(v),
                match place {
                    Place::Argument => "a statement's argument",
                    _ => "part of another value",
                }
            ),
        )),
        ValueKind::Keyed { key, key_span, .. }
            if place != Place::Assignment && TYPE_KEYS.contains(&key.as_str()) =>
        {
            let next_statement = key.chars().all(|c| c.is_ascii_uppercase());
            let message = if next_statement && place == Place::Argument {
                format!(
                    "`{key}:` starts the next statement, so the statement before ends without its arguments (lev_comp: syntax error at \"{key}\")"
                )
            } else {
                format!(
                    "`{key}:` types a `$variable = {key}: …`; a value takes no type here (lev_comp: syntax error at \"{key}\")"
                )
            };
            Some(error("nethack::argument-kind", key_span.clone(), message))
        }
        ValueKind::Register {
            name, index_span, ..
        } if name == "align"
            && text
                .get(index_span.clone())
                .is_some_and(|t| t.starts_with(['-', '+'])) =>
        {
            let index = text.get(index_span.clone()).unwrap_or("");
            Some(error(
                "nethack::signed-number",
                index_span.clone(),
                format!(
                    "`align[{index}]`: the index is a number from 0 to 2, without a sign (lev_comp: syntax error at \"{index}\")"
                ),
            ))
        }
        // `fire", …` (the quote right after a word no slot takes) is a
        // string that lost its opening quote: forms.rs says so.
        ValueKind::Tagged {
            name, name_span, ..
        } if !APPEARANCES.contains(&name.as_str())
            && (!text[name_span.end..].starts_with('"')
                || value_words_3_6().contains(&name.as_str())) =>
        {
            Some(error(
            "nethack::argument-kind",
            name_span.clone(),
            format!(
                "`{}`: a comma is missing after `{name}`; only `m_feature`, `m_monster` and `m_object` take a string without one (lev_comp: syntax error)",
                written(v)
            ),
        ))
        }
        ValueKind::Call { name, args, .. } => call(text, v, name, args),
        _ => None,
    }
}

/// A tuple of numbers (and what was meant as numbers), not a `('c', lit)`,
/// a `('c', "name")`, a `(h, v)`, a corridor end or `(line …)`.
fn numeric(vals: &[Value]) -> bool {
    vals.len() >= 2
        && vals.iter().all(|x| {
            matches!(
                x.kind,
                ValueKind::Integer(_)
                    | ValueKind::Tuple(_)
                    | ValueKind::List(_)
                    | ValueKind::Binary { .. }
                    | ValueKind::Dice { .. }
                    | ValueKind::Variable { .. }
                    | ValueKind::Percent(_)
            )
        })
        && vals.iter().any(|x| {
            matches!(
                x.kind,
                ValueKind::Integer(_) | ValueKind::Tuple(_) | ValueKind::List(_)
            )
        })
}

/// The kind of an array's element, for arrays of one kind.
fn kind_of(v: &Value) -> Option<&'static str> {
    Some(match &v.kind {
        ValueKind::Tuple(vals) if vals.len() == 2 && numeric(vals) => "coordinates",
        ValueKind::Tuple(vals) if vals.len() == 4 && numeric(vals) => "regions",
        ValueKind::Integer(_) | ValueKind::Tuple(_) => "numbers",
        _ => return None,
    })
}

/// The first element of another kind than the first, among coordinates,
/// regions and numbers.
fn mixed(vals: &[Value]) -> Option<&Value> {
    let first = kind_of(vals.first()?)?;
    vals.iter().find(|v| kind_of(v).is_some_and(|k| k != first))
}

/// Digits and nothing else: lev_comp's INTEGER token.
fn plain_number(text: &str, v: &Value) -> bool {
    matches!(v.kind, ValueKind::Integer(_))
        && text
            .get(v.span.clone())
            .is_some_and(|t| t.bytes().all(|b| b.is_ascii_digit()))
}

fn first_char(s: &str) -> String {
    s.chars().take(1).collect()
}

/// The selection functions and `levregion`, by how many arguments they take
/// and of what kind.
fn call(text: &str, v: &Value, name: &str, all: &[Value]) -> Option<Diagnostic> {
    // `line c, c` and `randline c, c, n` arrive as a call and the values
    // after it: one argument.
    let mut args: Vec<&Value> = Vec::new();
    let mut skip = 0;
    for a in all {
        if skip > 0 {
            skip -= 1;
            continue;
        }
        skip = match &a.kind {
            ValueKind::Call { name, .. } if name == "line" => 1,
            ValueKind::Call { name, .. } if name == "randline" => 2,
            _ => 0,
        };
        args.push(a);
    }
    let count = |what: &str| {
        Some(error(
            "nethack::argument-count",
            v.span.clone(),
            format!(
                "`{name}` takes {what}; found {} argument{} (lev_comp: syntax error)",
                args.len(),
                if args.len() == 1 { "" } else { "s" }
            ),
        ))
    };
    let numbers = |n: usize| all.len() == n && all.iter().all(|a| plain_number(text, a));
    // `fillrect $r`, `floodfill $c`, `line $c, …`: lev_comp reads a bare
    // variable in place of the parentheses; variables.rs judges its type.
    let bare_variable = matches!(all, [a] if a.span.end == v.span.end
        && (matches!(&a.kind, ValueKind::Variable { index: None, .. })
            // `randline rndcoord($a), …`: a coordinate drawn from a selection.
            || matches!(&a.kind, ValueKind::Call { name: f, .. } if f == "rndcoord"
                && matches!(name, "line" | "randline" | "floodfill"))));
    if bare_variable
        && matches!(
            name,
            "rect" | "fillrect" | "floodfill" | "line" | "randline"
        )
    {
        return None;
    }
    match name {
        "floodfill" | "line" | "randline" if !numbers(2) => {
            count("a coordinate in its parentheses, `(x,y)`, with the numbers written out")
        }
        "rect" | "fillrect" | "levregion" if !numbers(4) => count(
            "a region in its parentheses, `(x1,y1,x2,y2)`, with the numbers written out",
        ),
        "grow" if args.len() == 2 && !directions(args[0]) => Some(error(
            "nethack::argument-kind",
            args[0].span.clone(),
            format!(
                "`grow(directions, selection)`: the first of two arguments is a direction (north, south, east, west, `north|west`…), not `{}` (lev_comp: syntax error)",
                text.get(args[0].span.clone()).unwrap_or("")
            ),
        )),
        "grow" if args.is_empty() || args.len() > 2 => {
            count("a selection, or directions and a selection")
        }
        "filter" if args.len() != 2 => {
            count("two arguments: a chance, a map character or a selection, then a selection")
        }
        "rndcoord" if args.len() != 1 => count("one selection"),
        "circle" if !(2..=3).contains(&args.len()) => {
            count("a coordinate, a radius and optionally filled/unfilled")
        }
        "ellipse" if !(3..=4).contains(&args.len()) => {
            count("a coordinate, two radii and optionally filled/unfilled")
        }
        _ => None,
    }
}

/// `north`, or `north|west`.
fn directions(v: &Value) -> bool {
    match &v.kind {
        ValueKind::Word(w) => DIRECTIONS.contains(&w.as_str()),
        ValueKind::Binary {
            operator,
            left,
            right,
            ..
        } => operator == "|" && directions(left) && directions(right),
        _ => false,
    }
}
