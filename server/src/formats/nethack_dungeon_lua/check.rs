//! What NetHack 5.0's loader rejects in `dungeon.lua` (it stops as a game
//! starts: every error here is a game that cannot begin) and what it
//! ignores silently (warnings). The facts behind each rule are in
//! `docs/formats/nethack-dungeon-lua.md`.

use super::model::{Dungeons, Level};
use super::syntax::Description;
use super::vocabulary::{Entry, Takes, FLAGS, LOOKED_UP};
use crate::formats::nethack_lua::syntax::{Arg, Table, Value};
use crate::formats::{closest, Diagnostic, Severity};
use std::collections::{HashMap, HashSet};

pub fn diagnostics(text: &str, described: &Description, model: &Dungeons) -> Vec<Diagnostic> {
    let mut found: Vec<Diagnostic> = described
        .syntax_errors
        .iter()
        .map(|(range, missing)| {
            let what = match missing {
                Some(token) => format!("Lua expects `{token}` here"),
                None => format!(
                    "Lua cannot read `{}`",
                    text[range.clone()].lines().next().unwrap_or("").trim()
                ),
            };
            Diagnostic::new(
                Severity::Error,
                "nethack-dungeon-lua::syntax",
                range.clone(),
                format!("{what}: the game cannot read dungeon.lua and stops as it starts"),
            )
        })
        .collect();
    let Some((top, name_range)) = &described.dungeon else {
        return found;
    };
    for arg in &top.positional {
        match &arg.value {
            Value::Table(dungeon) => entry(Entry::Dungeon, dungeon, &mut found),
            Value::Other | Value::Function => {}
            _ => found.push(not_a_table(arg, "a dungeon")),
        }
    }
    names(model, &mut found);
    branches(model, &mut found);
    chains(model, &mut found);
    if !model.dungeons.is_empty() {
        for wanted in LOOKED_UP {
            if !model.dungeons.iter().any(|d| d.name.text == *wanted) {
                found.push(Diagnostic::new(
                    Severity::Error,
                    "nethack-dungeon-lua::missing-dungeon",
                    name_range.clone(),
                    format!("no dungeon is named \"{wanted}\": the game looks it up as it starts and stops (Couldn't resolve dungeon number)"),
                ));
            }
        }
    }
    found.sort_by_key(|d| d.range.start);
    found
}

fn not_a_table(arg: &Arg, what: &str) -> Diagnostic {
    Diagnostic::new(
        Severity::Error,
        "nethack-dungeon-lua::wrong-type",
        arg.range.clone(),
        format!("{what} is a table: the game stops as it starts (it is not a hash)"),
    )
}

/// One entry's keys: known, of the type the loader reads, the required ones there.
fn entry(kind: Entry, table: &Table, found: &mut Vec<Diagnostic>) {
    for field in &table.keyed {
        let Some(key) = kind.key(&field.key) else {
            let names = kind.keys().iter().map(|k| k.name);
            let mut d = Diagnostic::new(
                Severity::Warning,
                "nethack-dungeon-lua::unknown-key",
                field.key_range.clone(),
                format!(
                    "a {} has no key `{}`: the loader never reads it, and the setting is lost",
                    kind.label(),
                    field.key
                ),
            );
            if let Some(near) = closest(&field.key, names) {
                d = d.with_suggestion(&format!("`{near}`"), field.key_range.clone(), near, true);
            }
            found.push(d);
            continue;
        };
        value(kind, key.name, key.takes, &field.value, found);
    }
    for key in kind.keys().iter().filter(|k| k.required) {
        if table.get(key.name).is_none() {
            found.push(Diagnostic::new(
                Severity::Error,
                "nethack-dungeon-lua::missing-key",
                table.range.start..table.range.start + 1,
                format!(
                    "this {} has no `{}`: the game stops as it starts (bad argument: {} expected, got nil)",
                    kind.label(),
                    key.name,
                    if key.takes == Takes::Name { "string" } else { "number" }
                ),
            ));
        }
    }
}

fn value(kind: Entry, key: &str, takes: Takes, arg: &Arg, found: &mut Vec<Diagnostic>) {
    let wrong = |wanted: &str| {
        Diagnostic::new(
            Severity::Error,
            "nethack-dungeon-lua::wrong-type",
            arg.range.clone(),
            format!(
                "`{key}` of a {} takes {wanted}: the game stops as it starts",
                kind.label()
            ),
        )
    };
    match (takes, &arg.value) {
        (_, Value::Other) => {}
        (Takes::Name, Value::String { .. } | Value::Number(_) | Value::Function) => {}
        (Takes::Name, _) => found.push(wrong("a string")),
        (Takes::Text, Value::String { .. } | Value::Nil | Value::Function) => {}
        (Takes::Text, _) => found.push(wrong("a string")),
        (Takes::Integer, Value::Number(n)) if n.fract() == 0.0 => {}
        (Takes::Integer, Value::String { text, .. }) if text.trim().parse::<i64>().is_ok() => {}
        (Takes::Integer, Value::Nil) => {}
        (Takes::Integer, _) => found.push(wrong("a whole number")),
        (Takes::Word(words), _) => word(kind, key, words, arg, found),
        (Takes::Flags, Value::Table(list)) => {
            for flag in &list.positional {
                word(kind, key, FLAGS, flag, found);
            }
        }
        (Takes::Flags, Value::String { .. }) => word(kind, key, FLAGS, arg, found),
        // Neither a string nor a list: the game says so and goes on without flags.
        (Takes::Flags, _) => {}
        (Takes::List(_), Value::Nil) => {}
        (Takes::List(inner), Value::Table(list)) => {
            for item in &list.positional {
                match &item.value {
                    Value::Table(t) => entry(inner, t, found),
                    Value::Other | Value::Function => {}
                    _ => found.push(not_a_table(item, &format!("each of `{key}`"))),
                }
            }
        }
        (Takes::List(_), _) => found.push(wrong("a list of tables")),
    }
}

/// A word of `words` (luaL_checkoption: a number is read as its digits).
fn word(kind: Entry, key: &str, words: &[&str], arg: &Arg, found: &mut Vec<Diagnostic>) {
    let written = match &arg.value {
        Value::String { text, .. } => text.clone(),
        Value::Number(n) => n.to_string(),
        Value::Nil | Value::Other | Value::Function => return,
        _ => {
            found.push(Diagnostic::new(
                Severity::Error,
                "nethack-dungeon-lua::wrong-type",
                arg.range.clone(),
                format!(
                    "`{key}` of a {} takes a word: the game stops as it starts",
                    kind.label()
                ),
            ));
            return;
        }
    };
    if words.contains(&written.as_str()) {
        return;
    }
    let list = words
        .iter()
        .map(|w| format!("\"{w}\""))
        .collect::<Vec<_>>()
        .join(", ");
    let mut d = Diagnostic::new(
        Severity::Error,
        "nethack-dungeon-lua::unknown-value",
        arg.range.clone(),
        format!(
            "`{key}` of a {} is one of {list}, not \"{written}\": the game stops as it starts (invalid option)",
            kind.label()
        ),
    );
    if let Some(near) = closest(&written, words.iter().copied()) {
        if matches!(arg.value, Value::String { .. }) {
            let inside = arg.range.start + 1..arg.range.end - 1;
            d = d.with_suggestion(&format!("\"{near}\""), inside, near, true);
        }
    }
    found.push(d);
}

/// Dungeons and levels named twice: the game finds the first by name
/// (levels without regard to case), so the second is lost to every lookup.
fn names(model: &Dungeons, found: &mut Vec<Diagnostic>) {
    let mut seen: HashSet<&str> = HashSet::new();
    for d in &model.dungeons {
        if !seen.insert(&d.name.text) {
            found.push(Diagnostic::new(
                Severity::Warning,
                "nethack-dungeon-lua::duplicate-name",
                d.name.range.clone(),
                format!("another dungeon above is named \"{}\": branches and the game's lookups find that one only", d.name.text),
            ));
        }
    }
    let mut seen: HashMap<String, &str> = HashMap::new();
    for level in model.dungeons.iter().flat_map(|d| &d.levels) {
        let key = level.name.text.to_ascii_lowercase();
        if let Some(first) = seen.get(&key) {
            found.push(Diagnostic::new(
                Severity::Warning,
                "nethack-dungeon-lua::duplicate-name",
                level.name.range.clone(),
                format!("a level above is named \"{first}\" (the game ignores case): the game's lookups find that one only"),
            ));
        } else {
            seen.insert(key, &level.name.text);
        }
    }
}

/// "Did you mean" among names written with capitals (`closest` lowers
/// only the word it is given).
fn closest_name<'a>(word: &str, names: &[&'a str]) -> Option<&'a str> {
    let lower: Vec<String> = names.iter().map(|n| n.to_ascii_lowercase()).collect();
    let near = closest(word, lower.iter().map(String::as_str))?;
    let at = lower.iter().position(|l| l == near)?;
    Some(names[at])
}

/// A branch leads to the dungeon of its name; each dungeon after the first
/// (but an `unconnected` one) is reached by a branch of an earlier dungeon.
fn branches(model: &Dungeons, found: &mut Vec<Diagnostic>) {
    let names: Vec<&str> = model
        .dungeons
        .iter()
        .map(|d| d.name.text.as_str())
        .collect();
    for b in model.dungeons.iter().flat_map(|d| &d.branches) {
        if names.contains(&b.name.text.as_str()) {
            continue;
        }
        let mut d = Diagnostic::new(
            Severity::Error,
            "nethack-dungeon-lua::unknown-branch",
            b.name.range.clone(),
            format!(
                "no dungeon is named \"{}\": the branch leads nowhere",
                b.name.text
            ),
        );
        if let Some(near) = closest_name(&b.name.text, &names) {
            let inside = b.name.range.start + 1..b.name.range.end - 1;
            d = d.with_suggestion(&format!("\"{near}\""), inside, near, true);
        }
        found.push(d);
    }
    for (i, d) in model.dungeons.iter().enumerate().skip(1) {
        if d.unconnected
            || model.dungeons[..i]
                .iter()
                .flat_map(|e| &e.branches)
                .any(|b| b.name.text == d.name.text)
        {
            continue;
        }
        let later = model.dungeons[i..]
            .iter()
            .flat_map(|e| &e.branches)
            .any(|b| b.name.text == d.name.text);
        found.push(Diagnostic::new(
            Severity::Error,
            "nethack-dungeon-lua::unreached-dungeon",
            d.name.range.clone(),
            format!(
                "no branch of a dungeon above leads to \"{}\"{}: the game stops as it starts (find_branch: can't find it); add a branch, or the flag \"unconnected\"",
                d.name.text,
                if later { " (the loader reads a branch only before the dungeon it leads to)" } else { "" }
            ),
        ));
    }
}

/// A `chainlevel` names a level listed before it (a level's: in its
/// dungeon or an earlier one; a branch's: the levels read so far, which for
/// a dungeon's first branch leave out the last level: the loader's loop
/// stops one short).
fn chains(model: &Dungeons, found: &mut Vec<Diagnostic>) {
    let mut before: Vec<&Level> = Vec::new();
    for d in &model.dungeons {
        for level in &d.levels {
            if let Some(chain) = &level.chain {
                unknown_chain("level", chain, &before, found);
            }
            before.push(level);
        }
        for (i, b) in d.branches.iter().enumerate() {
            if let Some(chain) = &b.chain {
                let seen = if i == 0 {
                    &before[..before.len().saturating_sub(1)]
                } else {
                    &before[..]
                };
                unknown_chain("branch", chain, seen, found);
            }
        }
    }
}

fn unknown_chain(
    what: &str,
    chain: &super::model::Named,
    before: &[&Level],
    found: &mut Vec<Diagnostic>,
) {
    if before.iter().any(|l| l.name.text == chain.text) {
        return;
    }
    let mut d = Diagnostic::new(
        Severity::Error,
        "nethack-dungeon-lua::unknown-chain",
        chain.range.clone(),
        format!(
            "no level listed before this {what} is named \"{}\": the game stops as it starts (Could not chain)",
            chain.text
        ),
    );
    if let Some(near) = closest(&chain.text, before.iter().map(|l| l.name.text.as_str())) {
        let inside = chain.range.start + 1..chain.range.end - 1;
        d = d.with_suggestion(&format!("\"{near}\""), inside, near, true);
    }
    found.push(d);
}

#[cfg(test)]
mod tests;
