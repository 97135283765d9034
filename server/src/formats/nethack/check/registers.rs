//! RANDOM_OBJECTS / RANDOM_MONSTERS / RANDOM_PLACES lists (at most 10
//! entries, one list of a kind per map part or LEVEL) and register indices
//! (`place[i]`, `object[i]`, `monster[i]`: 0..9; `align[i]`: 0..2).

use crate::formats::nethack::check::report::lev_comp;
use crate::formats::nethack::names::vocabulary::{
    MAX_ALIGN_REGISTER_INDEX, MAX_RANDOM_LIST, MAX_REGISTER_INDEX,
};
use crate::formats::nethack::syntax::model;
use crate::formats::nethack::syntax::{Level, LevelKind, Statement, ValueKind};
use crate::formats::{Diagnostic, Severity};

pub(super) fn check(level: &Level, out: &mut Vec<Diagnostic>) {
    match level.kind {
        LevelKind::Maze => {
            for part in model::parts(level) {
                let statements = level.items[part.items.clone()]
                    .iter()
                    .filter_map(|i| i.statement());
                lists(statements, "map part", out);
            }
        }
        LevelKind::Room => lists(level.statements(), "level", out),
    }
    for statement in level.statements() {
        for value in &statement.args {
            if let ValueKind::Register {
                name,
                index,
                index_span,
                ..
            } = &value.kind
            {
                let max = match name.as_str() {
                    "place" | "object" | "monster" => MAX_REGISTER_INDEX,
                    "align" => MAX_ALIGN_REGISTER_INDEX,
                    _ => continue,
                };
                if *index > max as i64 {
                    out.push(lev_comp(
                        Severity::Error,
                        "nethack::register-overflow",
                        index_span.clone(),
                        format!("`{name}[{index}]`: the {name} registers are {name}[0] to {name}[{max}]"),
                        "Register Index overflow!",
                    ));
                }
            }
        }
    }
}

struct Kind {
    keyword: &'static str,
    noun: &'static str,
    too_long: &'static str,
    twice: &'static str,
}

const KINDS: [Kind; 3] = [
    Kind {
        keyword: "RANDOM_OBJECTS",
        noun: "Object",
        too_long: "Object list too long!",
        twice: "Object registers already initialized!",
    },
    Kind {
        keyword: "RANDOM_MONSTERS",
        noun: "Monster",
        too_long: "Monster list too long!",
        twice: "Monster registers already initialized!",
    },
    Kind {
        keyword: "RANDOM_PLACES",
        noun: "Location",
        too_long: "Location list too long!",
        twice: "Location registers already initialized!",
    },
];

/// The lists of one scope (a map part, or a LEVEL). lev_comp counts the
/// entries of every list of a kind in the scope together, and keeps only
/// the first list.
fn lists<'a>(
    statements: impl Iterator<Item = &'a Statement>,
    scope: &str,
    out: &mut Vec<Diagnostic>,
) {
    let mut counts = [0usize; 3];
    for statement in statements {
        let Some(k) = KINDS.iter().position(|k| k.keyword == statement.keyword) else {
            continue;
        };
        let kind = &KINDS[k];
        let before = counts[k];
        let args = &statement.args;
        let room = MAX_RANDOM_LIST.saturating_sub(before);
        if args.len() > room {
            if let (Some(first), Some(last)) = (args.get(room), args.last()) {
                let what = if before == 0 {
                    format!(
                        "this list has {} entries; a {} list holds at most {MAX_RANDOM_LIST}",
                        args.len(),
                        statement.keyword
                    )
                } else {
                    format!(
                        "with the {before} entries of the earlier {} list, this one goes past the {MAX_RANDOM_LIST} entries lev_comp has room for",
                        statement.keyword
                    )
                };
                out.push(lev_comp(
                    Severity::Error,
                    "nethack::random-list-too-long",
                    first.span.start..last.span.end,
                    what,
                    kind.too_long,
                ));
            }
        }
        if before > 0 {
            out.push(lev_comp(
                Severity::Error,
                "nethack::random-list-twice",
                statement.keyword_span.clone(),
                format!(
                    "a second {} list in the same {scope}; write all the {} choices in one list",
                    statement.keyword,
                    kind.noun.to_lowercase()
                ),
                kind.twice,
            ));
        }
        counts[k] = (before + args.len()).min(MAX_RANDOM_LIST);
    }
}
