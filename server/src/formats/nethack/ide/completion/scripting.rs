//! 3.6 completion: statement keywords valid in 3.6 at the start of a
//! statement; `$variables` of the level (those whose type fits the slot
//! first); value and selection words in arguments.

use crate::formats::nethack::dialect::Dialect;
use crate::formats::nethack::names::scripting::{KEYWORDS_36, SELECTIONS, WORDS_36};
use crate::formats::nethack::names::vocabulary as vocab;
use crate::formats::nethack::names::{self, NameKind};
use crate::formats::nethack::syntax::scope::{self, VarType};
use crate::formats::nethack::syntax::Document;
use crate::formats::{Completion, CompletionKind};
use std::ops::Range;

/// 3.4.3 keywords 3.6 removed.
const REMOVED: [&str; 4] = [
    "RANDOM_PLACES",
    "RANDOM_MONSTERS",
    "RANDOM_OBJECTS",
    "CHANCE",
];

pub fn completions(text: &str, doc: &Document, offset: usize) -> Vec<Completion> {
    if offset > text.len() || !text.is_char_boundary(offset) {
        return Vec::new();
    }
    let before = &text[..offset];
    let start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_alphanumeric() || *c == '_' || *c == '$')
        .last()
        .map_or(offset, |(i, _)| i);
    let word = &text[start..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = &text[line_start..start];
    if line.trim_start().starts_with('#') {
        return Vec::new();
    }
    if in_string(line) {
        return names_in_string(line, line_start, offset);
    }
    let replace = start..offset;
    let slot = slot_of(line);
    if word.starts_with('$') {
        return variables(text, doc, offset, slot.as_ref(), replace);
    }
    if statement_start(line) {
        return keywords(replace);
    }
    let mut out = variables(text, doc, offset, slot.as_ref(), replace.clone())
        .into_iter()
        .filter(|c| c.detail.as_deref().is_some_and(|d| d.contains("fits")))
        .collect::<Vec<_>>();
    out.extend(values(replace));
    out
}

/// Inside the name string of a MONSTER, OBJECT or CONTAINER (`('d', "ja`,
/// `'d', "ja` or `"ja`): the 3.6 names, of the class written before the
/// string when there is one.
fn names_in_string(line: &str, line_start: usize, offset: usize) -> Vec<Completion> {
    let statement = line
        .trim_start()
        .trim_start_matches(['{', '}'])
        .trim_start();
    let statement = match statement.strip_prefix('[') {
        Some(rest) => rest.split_once(':').map_or(rest, |(_, s)| s).trim_start(),
        None => statement,
    };
    let keyword: String = statement
        .chars()
        .take_while(|c| c.is_ascii_alphabetic() || *c == '_')
        .collect();
    let kind = match keyword.as_str() {
        "MONSTER" => NameKind::Monster,
        "OBJECT" | "CONTAINER" => NameKind::Object,
        _ => return Vec::new(),
    };
    // The string is the statement's name string only when it is the first one.
    let opened = line.rfind('"').unwrap_or(0);
    if line[..opened].contains('"') {
        return Vec::new();
    }
    // The whole name typed so far, spaces included (`giant e`).
    let replace = line_start + opened + 1..offset;
    let class = line[..opened]
        .rfind('\'')
        .and_then(|close| line[..close].rfind('\'').map(|open| &line[open + 1..close]))
        .and_then(|c| {
            let mut chars = c.chars();
            let first = chars.next()?;
            match (first, chars.next()) {
                ('\\', Some(escaped)) => Some(escaped),
                (c, None) => Some(c),
                _ => None,
            }
        });
    let mut seen = std::collections::HashSet::new();
    names::names_in(Dialect::V36, kind)
        .iter()
        .filter(|n| class.is_none_or(|c| n.class == c))
        .filter(|n| seen.insert(n.name))
        .map(|n| {
            let meaning = match kind {
                NameKind::Monster => vocab::monster_class(n.class).map(|c| c.meaning),
                NameKind::Object => vocab::object_class(n.class).map(|c| c.meaning),
            };
            Completion {
                label: n.name.to_string(),
                kind: CompletionKind::Value,
                detail: Some(format!("'{}' {}", n.class, meaning.unwrap_or(""))),
                documentation: None,
                insert_text: None,
                replace: replace.clone(),
                snippet: false,
            }
        })
        .collect()
}

/// An odd number of `"` before the cursor on its line.
fn in_string(line: &str) -> bool {
    line.matches('"').count() % 2 == 1
}

/// Nothing but blanks, `{`, `}` or a `[n%]:` prefix before the word.
fn statement_start(line: &str) -> bool {
    let rest = line.trim();
    let rest = rest.trim_start_matches(['{', '}']).trim();
    if rest.is_empty() {
        return true;
    }
    rest.starts_with('[') && rest.ends_with(':') && !rest.contains(' ') || rest.ends_with("]:")
}

fn keywords(replace: Range<usize>) -> Vec<Completion> {
    let mut out: Vec<Completion> = KEYWORDS_36
        .iter()
        .map(|k| keyword_item(k.name, k.forms.first().copied(), k.meaning, &replace))
        .collect();
    for k in vocab::KEYWORDS {
        if REMOVED.contains(&k.name) || out.iter().any(|c| c.label == k.name) {
            continue;
        }
        out.push(keyword_item(
            k.name,
            k.forms.first().copied(),
            k.meaning,
            &replace,
        ));
    }
    out.sort_by(|a, b| a.label.cmp(&b.label));
    out
}

fn keyword_item(
    name: &str,
    form: Option<&str>,
    meaning: &str,
    replace: &Range<usize>,
) -> Completion {
    Completion {
        label: name.to_string(),
        kind: CompletionKind::Keyword,
        detail: form.map(str::to_string),
        documentation: Some(meaning.to_string()),
        insert_text: None,
        replace: replace.clone(),
        snippet: false,
    }
}

fn values(replace: Range<usize>) -> Vec<Completion> {
    let mut out: Vec<Completion> = SELECTIONS
        .iter()
        .map(|(w, form, what)| Completion {
            label: w.to_string(),
            kind: CompletionKind::Value,
            detail: Some(format!("selection: {form}")),
            documentation: Some(format!("Selects {what}.")),
            insert_text: None,
            replace: replace.clone(),
            snippet: false,
        })
        .collect();
    let words = WORDS_36.iter().map(|(w, m)| (*w, *m)).chain(
        vocab::VALUE_WORDS
            .iter()
            .filter(|v| v.word != "contained")
            .map(|v| (v.word, v.meaning)),
    );
    for (w, meaning) in words {
        if out.iter().any(|c| c.label == w) {
            continue;
        }
        out.push(Completion {
            label: w.to_string(),
            kind: CompletionKind::Constant,
            detail: None,
            documentation: Some(meaning.to_string()),
            insert_text: None,
            replace: replace.clone(),
            snippet: false,
        });
    }
    out
}

/// The statement keyword and the argument index of the cursor's slot,
/// read from the line before the word (`MONSTER: 'd', ` → MONSTER, 1).
fn slot_of(line: &str) -> Option<(String, usize)> {
    let mut rest = line.trim_start();
    // `[50%]: MONSTER: …`
    if rest.starts_with('[') {
        rest = rest.split_once("]:").map_or(rest, |(_, r)| r).trim_start();
    }
    let keyword: String = rest
        .chars()
        .take_while(|c| c.is_ascii_uppercase() || *c == '_')
        .collect();
    if keyword.is_empty() {
        return None;
    }
    let after = &rest[keyword.len()..];
    if after.trim_start().starts_with('[') && !after.contains(':') {
        // `IF [`, `LOOP [`: an integer condition.
        return Some((keyword, usize::MAX));
    }
    let args = after.split_once(':')?.1;
    let mut depth = 0i32;
    let mut index = 0;
    let mut quoted = false;
    for c in args.chars() {
        match c {
            '"' => quoted = !quoted,
            '(' | '[' | '{' if !quoted => depth += 1,
            ')' | ']' | '}' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => index += 1,
            _ => {}
        }
    }
    Some((keyword, index))
}

/// The type a slot takes, when it can be told (spec B3).
fn slot_type(keyword: &str, index: usize) -> Option<VarType> {
    use VarType as T;
    Some(match (keyword, index) {
        ("IF" | "LOOP" | "SWITCH", usize::MAX) => T::Integer,
        ("MONSTER", 0) => T::Monster,
        ("OBJECT" | "CONTAINER", 0) => T::Object,
        ("MONSTER" | "OBJECT" | "CONTAINER" | "TRAP" | "GOLD", 1) => T::Coord,
        ("GOLD", 0) => T::Integer,
        ("TERRAIN" | "FOUNTAIN" | "SINK" | "POOL" | "WALLIFY", 0) | ("DOOR", 1) => T::Selection,
        ("TERRAIN", 1) | ("REPLACE_TERRAIN", 1 | 2) => T::MapChar,
        ("REPLACE_TERRAIN" | "REGION" | "NON_DIGGABLE" | "NON_PASSWALL", 0) => T::Region,
        ("STAIR" | "LADDER" | "ALTAR" | "GRAVE" | "ENGRAVING" | "MAZEWALK", 0) => T::Coord,
        ("MESSAGE", 0) | ("GRAVE", 1) | ("ENGRAVING", 2) => T::String,
        _ => return None,
    })
}

/// Does a variable of type `ty` fill a slot of type `want`? (`$v[i]` of an
/// array fills a slot of its element type; a coordinate is a selection.)
fn fits(ty: &VarType, want: &VarType) -> bool {
    let element = ty.element();
    element == *want || (*want == VarType::Selection && element == VarType::Coord)
}

fn variables(
    text: &str,
    doc: &Document,
    offset: usize,
    slot: Option<&(String, usize)>,
    replace: Range<usize>,
) -> Vec<Completion> {
    let scopes = scope::scopes(text, doc);
    // The level the cursor is in; past a level's last item is still that level.
    let Some(scope) = scopes.iter().rev().find(|s| s.span.start <= offset) else {
        return Vec::new();
    };
    let want = slot.and_then(|(k, i)| slot_type(k, *i));
    let mut out: Vec<(bool, Completion)> = scope
        .variables
        .iter()
        .filter(|v| !v.definitions.is_empty())
        // Not the `$name` being typed, unless it is assigned elsewhere.
        .filter(|v| {
            !(v.definitions.len() == 1
                && v.uses.is_empty()
                && v.definitions[0].contains(&offset.saturating_sub(1)))
        })
        .map(|v| {
            let fit = want.as_ref().is_some_and(|w| fits(&v.ty, w));
            let mut detail = v.ty.describe();
            if let (true, Some(w)) = (fit, &want) {
                detail.push_str(&format!(" — fits the {} slot", w.describe()));
            }
            let documentation = v
                .first_value
                .as_ref()
                .and_then(|r| text.get(r.clone()))
                .map(|value| {
                    format!(
                        "`{} = {}`",
                        v.name,
                        crate::formats::nethack::ide::outline::shorten(value, 60)
                    )
                });
            (
                fit,
                Completion {
                    label: v.name.clone(),
                    kind: CompletionKind::Value,
                    detail: Some(detail),
                    documentation,
                    insert_text: None,
                    replace: replace.clone(),
                    snippet: false,
                },
            )
        })
        .collect();
    // Fitting variables first, each group in order of appearance.
    out.sort_by_key(|(fit, _)| !*fit);
    out.into_iter().map(|(_, c)| c).collect()
}
