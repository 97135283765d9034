//! One-edit mutants of a real NetHack 5.0 level script, of the slips a level
//! author makes (the classes of `../shared/specs/nethack-5.0-lua.md`). Every
//! possible edit of each class is listed, then a few are drawn with an LCG
//! seeded by the file's name, so the same mutants come out on every run.
//! A mutant's description (class, line:column of the edit, what changed)
//! names it among its script's mutants.

use super::lua::{Call, Item, Kind, Script};
use crate::oracle::mutate::{seed_for, Lcg};
use std::collections::HashSet;

/// The classes of edits, each a slip the spec note says the game rejects or
/// silently accepts.
pub const CLASSES: &[&str] = &[
    "fn-typo",
    "key-typo",
    "name-typo-table",
    "name-typo-positional",
    "required-key-missing",
    "wrong-type",
    "syntax",
    "out-of-range",
    "map-ragged",
    "map-char",
    "map-rows",
    "room-type-typo",
    "portal-no-name",
];

/// Mutants drawn per script (fewer when it offers fewer edits).
const PER_SCRIPT: usize = 6;
const SEED: u64 = 50;

/// Where a thing is named by a string: the functions and the key of their
/// table form.
const NAMED_THINGS: &[(&str, &str)] = &[("monster", "id"), ("object", "id"), ("trap", "type")];
/// Functions whose positional numbers are coordinates.
const PLACED: &[&str] = &[
    "monster",
    "object",
    "trap",
    "feature",
    "door",
    "stair",
    "ladder",
    "altar",
    "gold",
    "terrain",
    "mazewalk",
    "grave",
    "engraving",
];
const COORDINATE_KEYS: &[&str] = &["x", "y", "x1", "y1", "x2", "y2"];
const COORDINATE_TABLES: &[&str] = &["coord", "region", "exclude"];
/// None of these is a map character (`check_mapchr`).
const NOT_MAP_CHARS: &[char] = &['Q', '?', '%', '!'];
/// The game's limit is 21 rows, and it takes 22 (its check is off by one).
const TOO_MANY_ROWS: usize = 23;

pub struct Mutant {
    pub class: &'static str,
    /// `class line:col what changed`.
    pub edit: String,
    pub text: String,
}

/// One possible edit: replace `start..end` by `new`.
struct Candidate {
    class: &'static str,
    /// A finer kind within the class, drawn evenly (a lost `end` is as
    /// likely as a lost comma, though commas are many more).
    kind: &'static str,
    start: usize,
    end: usize,
    new: String,
    detail: String,
}

/// The mutants of the script `name` whose text is `text`; `required` lists
/// (function, key) of the keys the game requires in a table form.
pub fn mutants(name: &str, text: &str, required: &[(String, String)]) -> Vec<Mutant> {
    let script = Script::new(text);
    let calls = script.des_calls();
    let mut rng = Lcg::new(seed_for(name, SEED));
    let mut pool = candidates(&script, &calls, required, &mut rng);
    let mut classes: Vec<&'static str> = CLASSES
        .iter()
        .copied()
        .filter(|c| pool.iter().any(|p| p.class == *c))
        .collect();
    for i in (1..classes.len()).rev() {
        classes.swap(i, rng.below(i + 1));
    }
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    while out.len() < PER_SCRIPT && !pool.is_empty() {
        for &class in &classes {
            if out.len() == PER_SCRIPT {
                break;
            }
            let mut kinds: Vec<&str> = pool
                .iter()
                .filter(|p| p.class == class)
                .map(|p| p.kind)
                .collect();
            kinds.sort_unstable();
            kinds.dedup();
            if kinds.is_empty() {
                continue;
            }
            let kind = rng.pick(&kinds);
            let of_kind: Vec<usize> = (0..pool.len())
                .filter(|&i| pool[i].class == class && pool[i].kind == kind)
                .collect();
            let c = pool.remove(rng.pick(&of_kind));
            let new_text = format!("{}{}{}", &text[..c.start], c.new, &text[c.end..]);
            if new_text != text && seen.insert(new_text.clone()) {
                let (line, col) = script.line_col(c.start);
                out.push(Mutant {
                    class: c.class,
                    edit: format!("{} {line}:{col} {}", c.class, c.detail),
                    text: new_text,
                });
            }
        }
    }
    out
}

/// A typo of `word`: two neighbours swapped, a character dropped or one
/// doubled; never `word` itself.
fn typo(word: &str, rng: &mut Lcg) -> String {
    let chars: Vec<char> = word.chars().collect();
    let swaps: Vec<usize> = (0..chars.len().saturating_sub(1))
        .filter(|&i| chars[i] != chars[i + 1] && chars[i] != ' ' && chars[i + 1] != ' ')
        .collect();
    let mut out = chars.clone();
    match rng.below(3) {
        0 if !swaps.is_empty() => {
            let i = rng.pick(&swaps);
            out.swap(i, i + 1);
        }
        1 if chars.len() >= 3 => {
            out.remove(rng.below(chars.len()));
        }
        _ => {
            let i = rng.below(chars.len());
            out.insert(i, chars[i]);
        }
    }
    out.into_iter().collect()
}

/// Every edit of every class the script offers.
fn candidates(
    script: &Script,
    calls: &[Call],
    required: &[(String, String)],
    rng: &mut Lcg,
) -> Vec<Candidate> {
    let mut out = Vec::new();
    for call in calls {
        let function = script.function(call);
        let table = call.args.first().and_then(|a| a.fields.as_deref());
        fn_typo(script, call, rng, &mut out);
        if let Some(fields) = table {
            table_edits(script, function, fields, required, rng, &mut out);
        }
        name_typo_positional(script, function, call, rng, &mut out);
        syntax(script, call, &mut out);
        out_of_range(script, function, call, &mut out);
        if function == "map" {
            let map = match table {
                Some(fields) => field(script, fields, "map").and_then(Item::single_value),
                None => call.args.first().and_then(Item::single_value),
            };
            if let Some(map) = map.filter(|&t| script.tokens[t].kind == Kind::LongStr) {
                map_edits(script, map, rng, &mut out);
            }
        }
    }
    for (i, token) in script.tokens.iter().enumerate() {
        if token.kind == Kind::Name && script.text_of(i) == "end" {
            out.push(deletion(script, "syntax", "lost 'end'", i));
        }
    }
    out
}

fn field<'f>(script: &Script, fields: &'f [Item], key: &str) -> Option<&'f Item> {
    fields
        .iter()
        .find(|f| f.key.is_some_and(|k| script.text_of(k) == key))
}

/// A quoted string's contents (without the quotes) and where they are.
fn string_at(script: &Script, token: usize) -> Option<(usize, usize, String)> {
    let t = script.tokens[token];
    (t.kind == Kind::Str && t.end - t.start >= 2).then(|| {
        (
            t.start + 1,
            t.end - 1,
            script.text[t.start + 1..t.end - 1].to_string(),
        )
    })
}

/// A typo inside the quoted string `token` (names of two characters or more:
/// a single one is a class).
fn string_typo(
    script: &Script,
    token: usize,
    class: &'static str,
    kind: &'static str,
    rng: &mut Lcg,
) -> Option<Candidate> {
    let (start, end, old) = string_at(script, token).filter(|(_, _, s)| s.chars().count() >= 2)?;
    let new = typo(&old, rng);
    Some(Candidate {
        class,
        kind,
        start,
        end,
        detail: format!("\"{old}\" → \"{new}\""),
        new,
    })
}

fn fn_typo(script: &Script, call: &Call, rng: &mut Lcg, out: &mut Vec<Candidate>) {
    let t = script.tokens[call.name];
    let old = script.text_of(call.name);
    let new = typo(old, rng);
    out.push(Candidate {
        class: "fn-typo",
        kind: "name",
        start: t.start,
        end: t.end,
        detail: format!("des.{old} → des.{new}"),
        new,
    });
}

/// The edits of a call's table form: keys, names, required keys, value
/// types, room types and portals.
fn table_edits(
    script: &Script,
    function: &str,
    fields: &[Item],
    required: &[(String, String)],
    rng: &mut Lcg,
    out: &mut Vec<Candidate>,
) {
    for (k, f) in fields.iter().enumerate() {
        let Some(key_token) = f.key else { continue };
        let key = script.text_of(key_token);
        let t = script.tokens[key_token];
        let new = typo(key, rng);
        out.push(Candidate {
            class: "key-typo",
            kind: "key",
            start: t.start,
            end: t.end,
            detail: format!("{key}= → {new}="),
            new,
        });
        if required.iter().any(|(fun, k)| fun == function && k == key) {
            out.push(removal(
                script,
                fields,
                k,
                "required-key-missing",
                format!("des.{function} without {key}="),
            ));
        }
        let Some(value) = f.single_value() else {
            continue;
        };
        if NAMED_THINGS.contains(&(function, key)) {
            out.extend(string_typo(script, value, "name-typo-table", "name", rng));
        }
        if (function == "room" || function == "region") && key == "type" {
            out.extend(string_typo(script, value, "room-type-typo", "type", rng));
        }
        out.extend(wrong_type(script, key, value));
    }
    if function == "levregion" {
        portal_without_name(script, fields, out);
    }
}

/// A value of another type than the game reads: `lit=true` for `lit=1`, a
/// word for a number, a table for a string.
fn wrong_type(script: &Script, key: &str, value: usize) -> Option<Candidate> {
    let t = script.tokens[value];
    let old = script.text_of(value);
    let (kind, new) = match t.kind {
        Kind::Num if key == "lit" => ("bool for int", "true".to_string()),
        // Not "random", which some integer keys take.
        Kind::Num => ("string for int", "\"five\"".to_string()),
        Kind::Str => ("table for string", format!("{{ {old} }}")),
        _ => return None,
    };
    Some(Candidate {
        class: "wrong-type",
        kind,
        start: t.start,
        end: t.end,
        detail: format!("{key}={old} → {key}={new}"),
        new,
    })
}

/// A portal levregion without `name`: the name removed, or a nameless
/// levregion's type made `portal`.
fn portal_without_name(script: &Script, fields: &[Item], out: &mut Vec<Candidate>) {
    let Some(type_token) = field(script, fields, "type").and_then(Item::single_value) else {
        return;
    };
    let Some((start, end, old)) = string_at(script, type_token) else {
        return;
    };
    let name = fields
        .iter()
        .position(|f| f.key.is_some_and(|k| script.text_of(k) == "name"));
    match name {
        Some(k) if old == "portal" => out.push(removal(
            script,
            fields,
            k,
            "portal-no-name",
            "type=\"portal\" without name=".to_string(),
        )),
        None if old != "portal" => out.push(Candidate {
            class: "portal-no-name",
            kind: "type",
            start,
            end,
            new: "portal".to_string(),
            detail: format!("type=\"{old}\" → \"portal\", no name="),
        }),
        _ => {}
    }
}

/// The field `k` of `fields` taken out with its separator.
fn removal(
    script: &Script,
    fields: &[Item],
    k: usize,
    class: &'static str,
    detail: String,
) -> Candidate {
    let f = &fields[k];
    let tokens = &script.tokens;
    let (start, end) = match (
        f.separator,
        k.checked_sub(1).and_then(|p| fields[p].separator),
    ) {
        (Some(sep), _) => (tokens[f.first].start, tokens[sep + 1].start),
        (None, Some(before)) => (tokens[before].start, tokens[f.last].end),
        (None, None) => (tokens[f.first].start, tokens[f.last].end),
    };
    Candidate {
        class,
        kind: "removed",
        start,
        end,
        new: String::new(),
        detail,
    }
}

fn name_typo_positional(
    script: &Script,
    function: &str,
    call: &Call,
    rng: &mut Lcg,
    out: &mut Vec<Candidate>,
) {
    if !NAMED_THINGS.iter().any(|(f, _)| *f == function) {
        return;
    }
    if let Some(first) = call.args.first().and_then(Item::single_value) {
        out.extend(string_typo(
            script,
            first,
            "name-typo-positional",
            "name",
            rng,
        ));
    }
}

/// A token taken out.
fn deletion(script: &Script, class: &'static str, kind: &'static str, token: usize) -> Candidate {
    let t = script.tokens[token];
    Candidate {
        class,
        kind,
        start: t.start,
        end: t.end,
        new: String::new(),
        detail: kind.to_string(),
    }
}

/// A lost comma between arguments or fields, a lost `)` of the call, a lost
/// `}` of its table.
fn syntax(script: &Script, call: &Call, out: &mut Vec<Candidate>) {
    let separators = |items: &[Item]| -> Vec<usize> {
        let n = items.len();
        items[..n.saturating_sub(1)]
            .iter()
            .filter_map(|i| i.separator)
            .collect()
    };
    for comma in separators(&call.args) {
        out.push(deletion(script, "syntax", "lost ','", comma));
    }
    for arg in &call.args {
        if let Some(fields) = &arg.fields {
            for comma in separators(fields) {
                out.push(deletion(script, "syntax", "lost ','", comma));
            }
            out.push(deletion(script, "syntax", "lost '}'", arg.last));
        }
    }
    out.push(deletion(script, "syntax", "lost ')'", call.close));
}

/// Coordinates made 99 or -5: `x=`/`y=` (and the corners of a wallify),
/// the numbers of a `coord`/`region`/`exclude` table, and the positional
/// numbers of the placing functions.
fn out_of_range(script: &Script, function: &str, call: &Call, out: &mut Vec<Candidate>) {
    let mut numbers = Vec::new();
    let elements = |items: &[Item], numbers: &mut Vec<usize>| {
        numbers.extend(
            items
                .iter()
                .filter(|i| i.key.is_none())
                .filter_map(Item::single_value),
        );
    };
    if let Some(fields) = call.args.first().and_then(|a| a.fields.as_deref()) {
        for f in fields {
            let key = f.key.map(|k| script.text_of(k)).unwrap_or("");
            if COORDINATE_KEYS.contains(&key) {
                numbers.extend(f.single_value());
            } else if COORDINATE_TABLES.contains(&key) {
                if let Some(items) = &f.fields {
                    elements(items, &mut numbers);
                }
            }
        }
    }
    if PLACED.contains(&function) {
        elements(&call.args, &mut numbers);
        for arg in &call.args {
            if let Some(items) = &arg.fields {
                if items.iter().all(|i| i.key.is_none()) {
                    elements(items, &mut numbers);
                }
            }
        }
    }
    for n in numbers {
        if script.tokens[n].kind != Kind::Num {
            continue;
        }
        for (kind, new) in [("99", "99"), ("-5", "-5")] {
            let t = script.tokens[n];
            out.push(Candidate {
                class: "out-of-range",
                kind,
                start: t.start,
                end: t.end,
                new: new.to_string(),
                detail: format!("{} → {new}", script.text_of(n)),
            });
        }
    }
}

/// The rows of a map string (byte ranges), Lua's first newline skipped.
fn map_rows(script: &Script, token: usize) -> Vec<(usize, usize)> {
    let t = script.tokens[token];
    let text = &script.text[t.start..t.end];
    let level = text[1..].bytes().take_while(|&b| b == b'=').count();
    let mut start = t.start + level + 2;
    let end = t.end - level - 2;
    if script.text[start..].starts_with('\n') {
        start += 1;
    }
    let mut rows = Vec::new();
    let mut at = start;
    for row in script.text[start..end].split('\n') {
        rows.push((at, at + row.len()));
        at += row.len() + 1;
    }
    // The line holding the closing brackets is not a row.
    if rows.last().is_some_and(|(s, e)| s == e) {
        rows.pop();
    }
    rows
}

/// A row one character short or long, a character that is not a map
/// character, rows added until the map is too tall.
fn map_edits(script: &Script, map: usize, rng: &mut Lcg, out: &mut Vec<Candidate>) {
    let rows = map_rows(script, map);
    let filled: Vec<usize> = (0..rows.len()).filter(|&r| rows[r].1 > rows[r].0).collect();
    if filled.is_empty() {
        return;
    }
    let r = rng.pick(&filled);
    let (_, end) = rows[r];
    let last = &script.text[end - 1..end];
    out.push(Candidate {
        class: "map-ragged",
        kind: "shorter",
        start: end - 1,
        end,
        new: String::new(),
        detail: format!("row {} one char shorter", r + 1),
    });
    out.push(Candidate {
        class: "map-ragged",
        kind: "longer",
        start: end,
        end,
        new: last.to_string(),
        detail: format!("row {} one char longer", r + 1),
    });
    let r = rng.pick(&filled);
    let (start_c, end_c) = rows[r];
    let at = start_c + rng.below(end_c - start_c);
    let old = &script.text[at..at + 1];
    let new = rng.pick(NOT_MAP_CHARS);
    out.push(Candidate {
        class: "map-char",
        kind: "char",
        start: at,
        end: at + 1,
        new: new.to_string(),
        detail: format!("'{old}' → '{new}'"),
    });
    if (TOO_MANY_ROWS - 3..TOO_MANY_ROWS).contains(&rows.len()) {
        let (last_start, last_end) = rows[rows.len() - 1];
        let row = &script.text[last_start..last_end];
        out.push(Candidate {
            class: "map-rows",
            kind: "rows",
            start: last_end,
            end: last_end,
            new: format!("\n{row}").repeat(TOO_MANY_ROWS - rows.len()),
            detail: format!("{} → {TOO_MANY_ROWS} rows", rows.len()),
        });
    }
}
