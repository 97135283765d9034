//! The arguments of each 3.6 statement as lev_comp 3.6's lexer and grammar
//! read them: value words (3.6 has an "unknown word" token, so a misspelt
//! `randhom` is a syntax error), signed numbers (`-1` is a signed literal
//! the grammar takes only as an object's enchantment; elsewhere `(-1)`), and
//! `key:` words; the shapes of values wherever they stand ([`shapes`]); each
//! statement's slots ([`table`]). Statements the blocks check (`blocks.rs`)
//! already faulted are left alone ([`blocks::quiet_zones`]): one error per
//! problem.

use crate::formats::nethack::check::blocks;
use crate::formats::nethack::check::report::error;
use crate::formats::nethack::names::lexicon::{self, CoreFunction};
use crate::formats::nethack::names::profiles::forms_in_force;
use crate::formats::nethack::names::vocabulary::{flags_3_6, value_words_3_6};

mod shapes;
mod table;
use crate::formats::nethack::syntax::{
    Assignment, Document, Item, Span, Statement, Value, ValueKind,
};
use crate::formats::{closest, Diagnostic, Edit, Severity};
use shapes::Place;

/// Deeper values than this are not walked (pathological nesting).
const CAP: usize = 100;

/// `key: value` keys of 3.6 (variables' types and the MONSTER/OBJECT infos).
const KEYS: &[&str] = &[
    "montype",
    "name",
    "quantity",
    "eroded",
    "recharged",
    "fleeing",
    "blinded",
    "paralyzed",
    "seen_traps",
    "align",
    "selection",
    "terrain",
    "monster",
    "object",
    "obj",
    "levregion",
    // The type keywords also read in upper case: `$t = TERRAIN: { … }`.
    "TERRAIN",
    "MONSTER",
    "OBJECT",
];

pub fn check(text: &str, doc: &Document, out: &mut Vec<Diagnostic>) {
    let quiet = Zones::new(blocks::quiet_zones(text, doc));
    let quiet_at = |s: &Span| quiet.touches(s);
    let items = doc
        .prelude
        .iter()
        .chain(doc.levels.iter().flat_map(|l| l.items.iter()));
    let mut all: Vec<(&Item, bool)> = Vec::new();
    for item in items {
        walk(item, 0, false, &mut all);
    }
    // What the name, variable and value checks find: a statement they fault
    // is not faulted again for its form.
    let mut others = Vec::new();
    crate::formats::nethack::check::semantics::check_36(text, doc, &mut others);
    crate::formats::nethack::check::variables::check(text, doc, &mut others);
    // Their warnings do not count: lev_comp goes on after a warning.
    let mut others: Vec<usize> = others
        .into_iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.range.start)
        .collect();
    others.sort_unstable();
    for level in &doc.levels {
        if !quiet_at(&level.header.span) {
            statement(text, &level.header, out);
        }
    }
    for (item, contained) in all {
        // Only the item's own text: a block's contents are items of their own.
        let own = own_span(item);
        if quiet_at(&own) {
            continue;
        }
        match item {
            Item::Statement(s) => {
                let before = out.len();
                statement(text, s, out);
                // An error of theirs that starts within the statement (by binary
                // search: a file of thousands of errors and statements).
                let first = others.partition_point(|&start| start < own.start);
                let faulted = out.len() > before
                    || others
                        .get(first)
                        .is_some_and(|&start| start < own.end.max(own.start + 1));
                if !faulted {
                    out.extend(table::check(text, s, contained));
                }
            }
            Item::Assignment(a) => {
                let mut found = Vec::new();
                if let Some(v) = &a.value {
                    value(text, v, false, Place::Assignment, 0, &mut found);
                }
                assignment_rest(a, &mut found);
                for v in &a.rest {
                    value(text, v, false, Place::Argument, 0, &mut found);
                }
                out.extend(found.into_iter().take(1));
            }
            Item::For(f) => {
                let mut found = Vec::new();
                for v in f.from.iter().chain(f.to.iter()) {
                    value(text, v, false, Place::Argument, 0, &mut found);
                }
                out.extend(found.into_iter().take(1));
            }
            _ => {}
        }
    }
}

/// Every item with whether it stands in a CONTAINER's or MONSTER's block
/// (where an object takes no coordinate).
fn walk<'a>(item: &'a Item, depth: usize, contained: bool, out: &mut Vec<(&'a Item, bool)>) {
    out.push((item, contained));
    let inner = match item {
        Item::Statement(s) => match s.keyword.as_str() {
            "CONTAINER" | "MONSTER" => true,
            "ROOM" | "SUBROOM" | "REGION" => false,
            _ => contained,
        },
        _ => contained,
    };
    if depth < CAP {
        for child in item.children() {
            walk(child, depth + 1, inner, out);
        }
    }
}

/// An item without its block.
fn own_span(item: &Item) -> Span {
    match item {
        Item::Statement(s) => {
            let end = s
                .body
                .as_ref()
                .map_or(s.span.end, |b| b.span.start)
                .max(s.keyword_span.end);
            s.span.start..end
        }
        Item::For(f) => f.span.start..f.body.span.start.max(f.keyword_span.end),
        Item::Chance(c) => c.span.start..c.item.span().start.max(c.span.start),
        other => other.span(),
    }
}

/// `$s = selection: line (1,1),(5,5)`: a line takes one more coordinate
/// after a comma, a randline a coordinate and its roughness; any other
/// value after a comma is a syntax error of lev_comp.
fn assignment_rest(a: &Assignment, out: &mut Vec<Diagnostic>) {
    let Some(first) = a.rest.first() else {
        return;
    };
    let line = match a.value.as_ref().map(|v| &v.kind) {
        Some(ValueKind::Keyed { key, value, .. }) if key == "selection" => match &value.kind {
            ValueKind::Call { name, .. } => name.as_str(),
            _ => "",
        },
        _ => "",
    };
    let takes = match line {
        "line" => 1,
        "randline" => 2,
        _ => 0,
    };
    if a.rest.len() != takes {
        let extra = a.rest.get(takes).unwrap_or(first);
        out.push(error(
            "nethack::syntax-error",
            extra.span.clone(),
            match takes {
                0 => "a variable takes one value; this one comes after a `,` (lev_comp: syntax error)".to_string(),
                _ => format!("`{line}` takes {} after its first coordinate (lev_comp: syntax error)", if takes == 1 { "one coordinate" } else { "a coordinate and a roughness" }),
            },
        ));
    }
}

fn statement(text: &str, s: &Statement, out: &mut Vec<Diagnostic>) {
    // Its name and parameters are functions.rs's.
    if s.keyword == "FUNCTION" {
        return;
    }
    // An unknown word is a syntax error of the lexer, flags included.
    if s.keyword == "FLAGS" {
        for a in &s.args {
            match a.word() {
                Some(w) if !flags_3_6().contains(&w) => {
                    unknown(w, &a.span, flags_3_6(), "level flag", out);
                    return;
                }
                Some(_) => {}
                None => {
                    out.push(error(
                        "nethack::argument-kind",
                        a.span.clone(),
                        format!(
                            "`{}` is not a level flag: FLAGS takes words such as `noteleport`, `hardfloor` (lev_comp: syntax error)",
                            text.get(a.span.clone()).unwrap_or("").lines().next().unwrap_or("")
                        ),
                    ));
                    return;
                }
            }
        }
        return;
    }
    // An object's enchantment may be written `-1` or `+2`.
    let spe_ok = matches!(s.keyword.as_str(), "OBJECT" | "CONTAINER");
    let mut found = Vec::new();
    if let Some(c) = &s.condition {
        value(text, c, false, Place::Argument, 0, &mut found);
    }
    for a in &s.args {
        value(text, a, spe_ok, Place::Argument, 0, &mut found);
    }
    // One problem per statement.
    out.extend(found.into_iter().take(1));
}

fn value(
    text: &str,
    v: &Value,
    signed_ok: bool,
    place: Place,
    depth: usize,
    out: &mut Vec<Diagnostic>,
) {
    if depth > CAP {
        return;
    }
    if let Some(d) = shapes::problem(text, v, place) {
        out.push(d);
        return;
    }
    let inside = Place::Inside;
    match &v.kind {
        ValueKind::Integer(_) => {
            let written = text.get(v.span.clone()).unwrap_or("");
            if !signed_ok && written.starts_with(['-', '+']) {
                let tidy = written.trim_start_matches('+');
                let d = |how: &str| {
                    error(
                        "nethack::signed-number",
                        v.span.clone(),
                        format!("unexpected `{written}`: lev_comp 3.6 reads a signed number only as an object's enchantment; {how} (lev_comp: syntax error at \"{written}\")"),
                    )
                };
                // `(-1)` is an expression, which an argument may be; inside
                // a coordinate, a region or a list it is a syntax error too.
                out.push(if depth == 0 {
                    d(&format!("elsewhere write it in parentheses, `({tidy})`")).with_fix(
                        format!("Write `({tidy})`"),
                        vec![Edit {
                            range: v.span.clone(),
                            new_text: format!("({tidy})"),
                        }],
                        false,
                    )
                } else {
                    d("inside `( … )` or `{ … }` a number has no sign")
                });
            }
        }
        ValueKind::Word(w) => match lexicon::core_function(w) {
            Some(f) => core_arguments(&f, v, 0, out),
            None => word(w, &v.span, out),
        },
        ValueKind::Tuple(vals) => {
            // `(-5)` is the way to write a negative number.
            let one = vals.len() == 1;
            for x in vals {
                value(text, x, one, inside, depth + 1, out);
            }
        }
        ValueKind::List(vals) => {
            for x in vals {
                value(text, x, false, inside, depth + 1, out);
            }
        }
        ValueKind::Call {
            name,
            name_span,
            args,
            dash,
        } => {
            if let Some(f) = lexicon::core_function(name) {
                core_arguments(&f, v, args.len(), out);
            } else {
                word(name, name_span, out);
            }
            line_joint(text, v, name, dash.as_ref(), out);
            for x in args {
                value(text, x, false, inside, depth + 1, out);
            }
        }
        ValueKind::Keyed {
            key,
            key_span,
            value: inner,
        } => {
            if !KEYS.contains(&key.as_str()) {
                unknown(key, key_span, KEYS, "key", out);
            }
            let typed = if place == Place::Assignment {
                Place::Typed
            } else {
                inside
            };
            value(text, inner, false, typed, depth + 1, out);
        }
        ValueKind::Binary {
            operator,
            operator_span,
            left,
            right,
        } => {
            if operator == "-" && !forms_in_force().subtraction {
                out.push(error(
                    "nethack::syntax-error",
                    operator_span.clone(),
                    "unexpected `-`; 3.6 cannot subtract: a negative number is written `(-3)` (lev_comp: syntax error at \"-\")",
                ));
                return;
            }
            value(text, left, false, inside, depth + 1, out);
            value(text, right, false, inside, depth + 1, out);
        }
        ValueKind::Variable { index: Some(i), .. } => value(text, i, false, inside, depth + 1, out),
        ValueKind::Register {
            name, name_span, ..
        } if name != "align" => word(name, name_span, out),
        // `fire", random`: the quote right after the word closed a string
        // that lost its opening quote; the rest of the line became a string.
        ValueKind::Tagged {
            name, name_span, ..
        } if text[name_span.end..].starts_with('"')
            && !value_words_3_6().contains(&name.as_str()) =>
        {
            unopened_string(name, name_span, out)
        }
        ValueKind::Tagged {
            name, name_span, ..
        } => word(name, name_span, out),
        _ => {}
    }
}

/// A core value or function (UnNetHack's `level.depth`, `coord(x, y)`)
/// given as many arguments as its `core_vars[]` row says.
fn core_arguments(f: &CoreFunction, v: &Value, given: usize, out: &mut Vec<Diagnostic>) {
    let wanted = f.params.len();
    if given == wanted {
        return;
    }
    let lev_comp = if wanted == 0 {
        format!("Core function '{}' takes no parameters.", f.name)
    } else {
        format!(
            "Core function '{}' requires '{}' parameter{}",
            f.name,
            f.params,
            if wanted > 1 { "s" } else { "" }
        )
    };
    let takes = match wanted {
        0 => "no arguments: write it bare".to_string(),
        1 => "1 argument".to_string(),
        n => format!("{n} arguments"),
    };
    out.push(error(
        "nethack::argument-count",
        v.span.clone(),
        format!(
            "`{}` takes {takes}, and gives {}; found {given} (lev_comp: {lev_comp})",
            f.name,
            f.returns_what()
        ),
    ));
}

/// A selection's line as the grammar in force joins its two coordinates:
/// UnNetHack's `line (1,1)-(5,5)`, vanilla's `line (1,1),(5,5)`.
fn line_joint(text: &str, v: &Value, name: &str, dash: Option<&Span>, out: &mut Vec<Diagnostic>) {
    let dashed = forms_in_force().dash_lines;
    match dash {
        Some(at) if !dashed => out.push(error(
            "nethack::syntax-error",
            at.clone(),
            format!("unexpected `-`: a `{name}`'s two coordinates are joined by a comma, `{name} (x1,y1),(x2,y2)` (lev_comp: syntax error at \"-\")"),
        )),
        None if dashed && matches!(name, "line" | "randline") => out.push(error(
            "nethack::syntax-error",
            v.span.clone(),
            format!("this grammar joins a `{name}`'s two coordinates with `-`: `{name} (x1,y1)-(x2,y2)` (lev_comp: syntax error after `{}`)", text.get(v.span.clone()).unwrap_or(name)),
        )),
        _ => {}
    }
}

/// `TRAP:fire", …`: the word is a string that lost its opening quote; the
/// closing one now opens a string that runs to the next quote in the file.
fn unopened_string(w: &str, span: &Span, out: &mut Vec<Diagnostic>) {
    out.push(
        error(
            "nethack::unknown-value",
            span.clone(),
            format!(
                "`{w}\"` is a string without its opening `\"` (lev_comp: syntax error at \"{w}\")"
            ),
        )
        .with_fix(
            format!("Write `\"{w}\"`"),
            vec![Edit {
                range: span.start..span.start,
                new_text: "\"".to_string(),
            }],
            true,
        ),
    );
}

fn word(w: &str, span: &Span, out: &mut Vec<Diagnostic>) {
    if !value_words_3_6().contains(&w) {
        unknown(w, span, value_words_3_6(), "value word", out);
    }
}

fn unknown(w: &str, span: &Span, set: &[&'static str], what: &str, out: &mut Vec<Diagnostic>) {
    let exact_case = set.iter().find(|c| c.eq_ignore_ascii_case(w));
    let suggestion = exact_case
        .copied()
        .or_else(|| closest(w, set.iter().copied()));
    let message = match (suggestion, exact_case) {
        (Some(right), Some(_)) => format!(
            "unknown {what} `{w}`: value words are lower case, `{right}` (lev_comp: syntax error at \"{w}\")"
        ),
        (Some(right), None) => format!(
            "unknown {what} `{w}`; did you mean `{right}`? (lev_comp: syntax error at \"{w}\")"
        ),
        (None, _) => format!("unknown {what} `{w}` (lev_comp: syntax error at \"{w}\")"),
    };
    let d = error("nethack::unknown-value", span.clone(), message);
    out.push(match suggestion {
        Some(right) => d.with_fix(
            format!("Change to `{right}`"),
            vec![Edit {
                range: span.clone(),
                new_text: right.to_string(),
            }],
            true,
        ),
        None => d,
    });
}

/// Spans where statements are not judged for their form, asked about once
/// per statement: sorted by start, with the furthest end so far, so each
/// question is two binary searches instead of a pass over every zone.
struct Zones {
    zones: Vec<Span>,
    furthest_end: Vec<usize>,
}

impl Zones {
    fn new(mut zones: Vec<Span>) -> Zones {
        zones.sort_by_key(|z| z.start);
        let furthest_end = zones
            .iter()
            .scan(0, |end, z| {
                *end = z.end.max(*end);
                Some(*end)
            })
            .collect();
        Zones {
            zones,
            furthest_end,
        }
    }

    /// Does a zone hold `s`'s start, or start within `s`?
    fn touches(&self, s: &Span) -> bool {
        let up_to_start = self.zones.partition_point(|z| z.start <= s.start);
        let holds_start = up_to_start > 0 && self.furthest_end[up_to_start - 1] > s.start;
        let first_at_or_after = self.zones.partition_point(|z| z.start < s.start);
        let starts_within = self
            .zones
            .get(first_at_or_after)
            .is_some_and(|z| z.start < s.end);
        holds_start || starts_within
    }
}

#[cfg(test)]
mod tests;
