//! Names lev_comp looks up: trap names (an unknown one is an error), monster
//! and object class characters (errors), monster and object names (warnings:
//! lev_comp makes a random one) and room types (a warning: an ordinary room).

use super::report::lev_comp;
use crate::formats::closest;
use crate::formats::nethack::dialect::Dialect;
use crate::formats::nethack::names::vocabulary::{self, room_types, traps};
use crate::formats::nethack::names::{self, Found, NameKind};
use crate::formats::nethack::syntax::char_literal;
use crate::formats::nethack::syntax::{Level, Statement, Value, ValueKind};
use crate::formats::{Diagnostic, Edit, Severity};

/// Nesting lev_comp accepts is far shallower; deeper input is not followed.
const MAX_DEPTH: usize = 64;

pub(super) fn check(level: &Level, out: &mut Vec<Diagnostic>) {
    for statement in level.statements() {
        let args = &statement.args;
        match statement.keyword.as_str() {
            "TRAP" => {
                if let Some(name) = args.first() {
                    trap(name, out);
                }
            }
            "MONSTER" => monster(statement, out),
            "OBJECT" | "CONTAINER" => object(statement, out),
            "RANDOM_MONSTERS" => {
                for value in args {
                    if let ValueKind::Char(c) = value.kind {
                        monster_class(value, c, out);
                    }
                }
            }
            "RANDOM_OBJECTS" => {
                for value in args {
                    if let ValueKind::Char(c) = value.kind {
                        object_class(value, c, out);
                    }
                }
            }
            "REGION" => {
                if let Some(rtype) = args.get(2) {
                    room_type(rtype, out);
                }
            }
            "ROOM" | "SUBROOM" => {
                if let Some(rtype) = args.first() {
                    room_type(rtype, out);
                }
            }
            _ => {}
        }
    }
}

/// Replace a whole string token with `"name"`.
fn replace_string(value: &Value, name: &str) -> Edit {
    Edit {
        range: value.span.clone(),
        new_text: format!("\"{name}\""),
    }
}

fn trap(value: &Value, out: &mut Vec<Diagnostic>) {
    let ValueKind::String(name) = &value.kind else {
        return;
    };
    if traps().iter().any(|t| t.name == name) {
        return;
    }
    let suggestion = closest(name, traps().iter().map(|t| t.name));
    let what = match suggestion {
        Some(s) => format!("there is no trap `{name}`; did you mean `{s}`?"),
        None => format!(
            "there is no trap `{name}`; the traps are {}",
            traps()
                .iter()
                .map(|t| format!("`{}`", t.name))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let mut d = lev_comp(
        Severity::Error,
        "nethack::unknown-trap",
        value.span.clone(),
        what,
        "Unknown trap type!",
    );
    if let Some(s) = suggestion {
        d = d.with_fix(
            format!("Write `\"{s}\"`"),
            vec![replace_string(value, s)],
            true,
        );
    }
    out.push(d);
}

fn room_type(value: &Value, out: &mut Vec<Diagnostic>) {
    let ValueKind::String(name) = &value.kind else {
        return;
    };
    if room_types().iter().any(|t| t.name == name) {
        return;
    }
    let suggestion = closest(name, room_types().iter().map(|t| t.name));
    let what = match suggestion {
        Some(s) => format!(
            "there is no room type `{name}`, so lev_comp makes an ordinary room; did you mean `{s}`?"
        ),
        None => format!("there is no room type `{name}`, so lev_comp makes an ordinary room"),
    };
    let mut d = lev_comp(
        Severity::Warning,
        "nethack::unknown-room-type",
        value.span.clone(),
        what,
        "Unknown room type!  Making ordinary room...",
    );
    if let Some(s) = suggestion {
        d = d.with_fix(
            format!("Write `\"{s}\"`"),
            vec![replace_string(value, s)],
            true,
        );
    }
    out.push(d);
}

/// Reports an unknown monster class; `true` when the class is valid.
fn monster_class(value: &Value, c: char, out: &mut Vec<Diagnostic>) -> bool {
    if vocabulary::monster_class(c).is_some() {
        return true;
    }
    let hint = if c == 'I' {
        " (`I` was a class in 3.2; 3.3 removed it)"
    } else {
        ""
    };
    out.push(lev_comp(
        Severity::Error,
        "nethack::unknown-monster-class",
        value.span.clone(),
        format!(
            "{} is not a monster class{hint}; write a monster class letter such as `'d'`, or `random`",
            char_literal(c)
        ),
        "Unknown monster class!",
    ));
    false
}

/// Reports an unknown object class; `true` when the class is valid.
fn object_class(value: &Value, c: char, out: &mut Vec<Diagnostic>) -> bool {
    if vocabulary::object_class(c).is_some() {
        return true;
    }
    out.push(lev_comp(
        Severity::Error,
        "nethack::unknown-object-class",
        value.span.clone(),
        format!(
            "{} is not an object class; write an object class character such as `')'` (weapons), or `random`",
            char_literal(c)
        ),
        "Unknown char class!",
    ));
    false
}

fn class_meaning(kind: NameKind, c: char) -> &'static str {
    match kind {
        NameKind::Monster => vocabulary::monster_class(c).map_or("", |m| m.meaning),
        NameKind::Object => vocabulary::object_class(c).map_or("", |o| o.meaning),
    }
}

fn noun(kind: NameKind) -> &'static str {
    match kind {
        NameKind::Monster => "monster",
        NameKind::Object => "object",
    }
}

/// The class slot of MONSTER/OBJECT: a character, `random` or a register.
enum Class {
    Char(char),
    /// `random` or `monster[i]`/`object[i]`: chosen when the level is made.
    Chosen(&'static str),
}

fn read_class(value: &Value) -> Option<Class> {
    match &value.kind {
        ValueKind::Char(c) => Some(Class::Char(*c)),
        ValueKind::Word(w) if w == "random" => Some(Class::Chosen("`random`")),
        ValueKind::Register { name, .. } if name == "monster" || name == "object" => {
            Some(Class::Chosen("a register"))
        }
        _ => None,
    }
}

fn monster(statement: &Statement, out: &mut Vec<Diagnostic>) {
    let (Some(class_value), Some(name_value)) = (statement.args.first(), statement.args.get(1))
    else {
        return;
    };
    let Some(class) = read_class(class_value) else {
        return;
    };
    if let Class::Char(c) = class {
        if !monster_class(class_value, c, out) {
            return;
        }
    }
    let ValueKind::String(name) = &name_value.kind else {
        return;
    };
    const SAYS: &str = "Invalid monster name!  Making random monster.";
    match class {
        Class::Char(c) => name_in_class(
            NameKind::Monster,
            class_value,
            c,
            name_value,
            name,
            SAYS,
            out,
        ),
        Class::Chosen(how) => {
            // lev_comp looks the name up in "the class" of a random class, which never
            // matches: the name is always lost.
            let classes = names::classes_of(NameKind::Monster, name);
            if let Some(&real) = classes.first() {
                let literal = char_literal(real);
                out.push(
                    lev_comp(
                        Severity::Warning,
                        "nethack::monster-name-random-class",
                        name_value.span.clone(),
                        format!(
                            "lev_comp finds a monster name only together with its class, so with {how} as the class `{name}` is ignored and the monster is random; `{name}` is a {literal} ({})",
                            class_meaning(NameKind::Monster, real)
                        ),
                        SAYS,
                    )
                    .with_fix(
                        format!("Write the class {literal}"),
                        vec![Edit {
                            range: class_value.span.clone(),
                            new_text: literal.clone(),
                        }],
                        true,
                    ),
                );
            } else {
                unknown_name(NameKind::Monster, None, name_value, name, SAYS, out);
            }
        }
    }
}

fn object(statement: &Statement, out: &mut Vec<Diagnostic>) {
    let (Some(class_value), Some(name_value)) = (statement.args.first(), statement.args.get(1))
    else {
        return;
    };
    let Some(class) = read_class(class_value) else {
        return;
    };
    if let Class::Char(c) = class {
        if !object_class(class_value, c, out) || names::lexicon::names_unlooked(c) {
            return;
        }
    }
    let ValueKind::String(name) = &name_value.kind else {
        return;
    };
    const SAYS: &str = "Illegal object name!  Making random object.";
    match class {
        Class::Char(c) => name_in_class(
            NameKind::Object,
            class_value,
            c,
            name_value,
            name,
            SAYS,
            out,
        ),
        // With a random class lev_comp searches every class.
        Class::Chosen(_) => {
            if names::find_object(name, None).is_none() {
                unknown_name(NameKind::Object, None, name_value, name, SAYS, out);
            }
        }
    }
}

fn find(kind: NameKind, name: &str, class: Option<char>) -> bool {
    match kind {
        NameKind::Monster => names::find_monster(name, class).is_some(),
        NameKind::Object => names::find_object(name, class).is_some(),
    }
}

/// A name with an explicit, valid class character.
fn name_in_class(
    kind: NameKind,
    class_value: &Value,
    c: char,
    name_value: &Value,
    name: &str,
    says: &str,
    out: &mut Vec<Diagnostic>,
) {
    if find(kind, name, Some(c)) {
        return;
    }
    let classes = names::classes_of(kind, name);
    if let Some(&real) = classes.first() {
        let literal = char_literal(real);
        out.push(
            lev_comp(
                Severity::Warning,
                match kind {
                    NameKind::Monster => "nethack::monster-class-mismatch",
                    NameKind::Object => "nethack::object-class-mismatch",
                },
                name_value.span.clone(),
                format!(
                    "`{name}` is in class {literal} ({}), not {} ({}), so lev_comp does not find it and makes a random {}",
                    class_meaning(kind, real),
                    char_literal(c),
                    class_meaning(kind, c),
                    noun(kind)
                ),
                says,
            )
            .with_fix(
                format!("Write the class {literal}"),
                vec![Edit {
                    range: class_value.span.clone(),
                    new_text: literal.clone(),
                }],
                true,
            ),
        );
        return;
    }
    unknown_name(kind, Some((class_value, c)), name_value, name, says, out);
}

/// A name that exists in no class: did you mean, in the class first.
fn unknown_name(
    kind: NameKind,
    class: Option<(&Value, char)>,
    name_value: &Value,
    name: &str,
    says: &str,
    out: &mut Vec<Diagnostic>,
) {
    let code = match kind {
        NameKind::Monster => "nethack::unknown-monster-name",
        NameKind::Object => "nethack::unknown-object-name",
    };
    let in_class = class.and_then(|(_, c)| names::suggest(kind, name, Some(c)));
    let anywhere = match in_class {
        Some(_) => None,
        None => names::suggest(kind, name, None),
    };
    let mut what = format!(
        "there is no {} called `{name}`, so lev_comp makes a random one",
        noun(kind)
    );
    if let Some(s) = in_class {
        what.push_str(&format!("; did you mean `{s}`?"));
    } else if let Some(s) = anywhere {
        let real = names::classes_of(kind, s).first().copied();
        match (class, real) {
            (Some((_, c)), Some(r)) if r != c => what.push_str(&format!(
                "; did you mean `{s}` (class {})?",
                char_literal(r)
            )),
            _ => what.push_str(&format!("; did you mean `{s}`?")),
        }
    }
    let mut d = lev_comp(Severity::Warning, code, name_value.span.clone(), what, says);
    if let Some(s) = in_class {
        d = d.with_fix(
            format!("Write `\"{s}\"`"),
            vec![replace_string(name_value, s)],
            true,
        );
    } else if let Some(s) = anywhere {
        let mut edits = vec![replace_string(name_value, s)];
        let real = names::classes_of(kind, s).first().copied();
        let mut title = format!("Write `\"{s}\"`");
        if let (Some((class_value, c)), Some(r)) = (class, real) {
            if r != c {
                edits.push(Edit {
                    range: class_value.span.clone(),
                    new_text: char_literal(r),
                });
                title = format!("Write {} and `\"{s}\"`", char_literal(r));
            }
        }
        d = d.with_fix(title, edits, false);
    }
    out.push(d);
}

// ---- 3.6: names are errors (matched exactly, then ignoring case), trap
// names add `vibrating square`, room types `health food shop` (a warning:
// lev_comp makes an ordinary room). Verified against Debian's lev_comp 3.6.6.

/// 3.6's trap names: 3.4.3's and `vibrating square` (a variant's own list
/// is complete).
fn is_trap_36(name: &str) -> bool {
    trap_names_36().any(|t| t == name)
}

fn trap_names_36() -> impl Iterator<Item = &'static str> {
    names::scripting::traps_36()
        .into_iter()
        .map(|(name, _)| name)
}

/// A room type lev_comp 3.6 knows (else it makes an ordinary room).
pub(super) fn is_room_type_36(name: &str) -> bool {
    room_types_36().any(|r| r == name)
}

fn room_types_36() -> impl Iterator<Item = &'static str> {
    names::scripting::room_types_36()
        .into_iter()
        .map(|(name, _)| name)
}

/// `monster: …` / `object: …` (and their lists) in assignments.
pub(super) fn names_in_value_36(v: &Value, out: &mut Vec<Diagnostic>, depth: usize) {
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
                    name_value_36(kind, item, out);
                }
            }
            _ => name_value_36(kind, value, out),
        }
    }
}

/// A monster or object: `"name"`, `'c'`, `('c', "name")`.
pub(super) fn name_value_36(kind: NameKind, v: &Value, out: &mut Vec<Diagnostic>) {
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
        ValueKind::String(name) => name_check_36(kind, name, None, v, v, out),
        ValueKind::Tuple(parts) => {
            if let [class, name] = parts.as_slice() {
                if let (Some(c), Some(n)) = (class.char(), name.string()) {
                    name_check_36(kind, n, Some(c), name, v, out);
                }
            }
        }
        _ => {}
    }
}

fn name_check_36(
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

/// TRAP: a known 3.6 trap name.
pub(super) fn trap_36(v: &Value, out: &mut Vec<Diagnostic>) {
    if let ValueKind::String(name) = &v.kind {
        if !is_trap_36(name) {
            unknown_word(
                "nethack::unknown-trap",
                Severity::Error,
                v,
                name,
                format!("Unknown trap type '{name}'!"),
                trap_names_36(),
                out,
            );
        }
    }
}

/// REGION, ROOM, SUBROOM: a known 3.6 room type (else an ordinary room).
pub(super) fn room_type_36(v: &Value, out: &mut Vec<Diagnostic>) {
    if let ValueKind::String(name) = &v.kind {
        if !room_types_36().any(|r| r == name) {
            unknown_word(
                "nethack::unknown-room-type",
                Severity::Warning,
                v,
                name,
                format!("Unknown room type \"{name}\"!  Making ordinary room..."),
                room_types_36(),
                out,
            );
        }
    }
}
