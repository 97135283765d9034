//! 3.6 completion: statement keywords valid in 3.6 at the start of a
//! statement; `$variables` of the level (those whose type fits the slot
//! first); value and selection words in arguments.

use super::context::{self, Context, Spot, TokKind};
use crate::formats::nethack::dialect::Dialect;
use crate::formats::nethack::names::scripting::{
    script_slot, ScriptSlot, Takes, FLAGS_ADDED, KEYWORDS_36, LIGHT, MONSTER_INFO, OBJECT_INFO,
    ROOM_TYPES_ADDED, SELECTIONS, TRAPS_ADDED, WORDS_36,
};
use crate::formats::nethack::names::vocabulary as vocab;
use crate::formats::nethack::names::{self, NameKind};
use crate::formats::nethack::syntax::scope::{self, VarType};
use crate::formats::nethack::syntax::{char_literal, Document};
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
    let ctx = context::read(text, line_start, offset);
    let here = slot_here(text, &ctx);
    match (&ctx.spot, here) {
        (Spot::Str(replace), Some(here)) => return in_string(text, &ctx, here, replace, offset),
        (Spot::Char(replace), Some(here)) => return in_char(text, here, replace, offset),
        (Spot::Str(_) | Spot::Char(_), None) => return Vec::new(),
        _ => {}
    }
    if odd_quotes(line) {
        return Vec::new();
    }
    let replace = start..offset;
    let slot = slot_of(line);
    if word.starts_with('$') {
        return variables(text, doc, offset, slot.as_ref(), replace);
    }
    if statement_start(line) {
        return keywords(replace);
    }
    let fitting = |replace: Range<usize>| {
        variables(text, doc, offset, slot.as_ref(), replace)
            .into_iter()
            .filter(|c| c.detail.as_deref().is_some_and(|d| d.contains("fits")))
            .collect::<Vec<_>>()
    };
    // `random[`: the kinds of random spot.
    if line.trim_end().ends_with("random[") {
        return ["dry", "wet", "hot", "solid", "any"]
            .iter()
            .map(|w| word_item(w, "kind of random spot", replace.clone()))
            .collect();
    }
    // A condition or an index (`IF [`, `$a[`): integers only.
    if line.trim_end().ends_with('[') {
        let integer = Some(("IF".to_string(), usize::MAX));
        return variables(text, doc, offset, integer.as_ref(), replace)
            .into_iter()
            .filter(|c| c.detail.as_deref().is_some_and(|d| d.contains("fits")))
            .collect();
    }
    if let Some(here) = here {
        let replace = match &ctx.spot {
            Spot::Value(r) => r.clone(),
            Spot::Nothing => return Vec::new(),
            _ => replace,
        };
        // Inside a tuple only a selection's parentheses take a variable of the slot's type.
        let mut out = if here.element.is_none()
            || (here.slot.takes == Takes::Selection && in_call(text, &ctx, replace.start))
        {
            fitting(replace.clone())
        } else {
            Vec::new()
        };
        out.extend(slot_values(text, &ctx, here, replace));
        return out;
    }
    let mut out = fitting(replace.clone());
    out.extend(values(replace));
    out
}

/// The 3.6 slot of the cursor and the element of the tuple it is in.
#[derive(Clone, Copy)]
struct Here {
    slot: ScriptSlot,
    element: Option<usize>,
}

fn slot_here(text: &str, ctx: &Context) -> Option<Here> {
    let (keyword, _) = ctx.keyword.as_ref()?;
    if !ctx.colon {
        return None;
    }
    let first = match ctx.args.first().map(Vec::as_slice) {
        Some([t]) if t.kind == TokKind::Word => text.get(t.span.clone()),
        _ => None,
    };
    let slot = script_slot(keyword, ctx.arg, first)?;
    Some(Here {
        slot,
        element: ctx.element,
    })
}

/// The class char written in the current argument's tuple (`('D', "`).
fn class_written(text: &str, ctx: &Context) -> Option<char> {
    let arg = ctx.args.get(ctx.arg)?;
    let tok = arg
        .iter()
        .find(|t| t.kind == TokKind::Char { closed: true })?;
    let inner = text.get(tok.span.start + 1..tok.span.end - 1)?;
    let inner = inner
        .strip_prefix('\\')
        .filter(|r| !r.is_empty())
        .unwrap_or(inner);
    let mut chars = inner.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

/// What closes a string being typed: its quote when none follows on the
/// line, and the tuple's `)` when the string is a tuple's last element.
fn closing(text: &str, offset: usize, in_tuple: bool) -> String {
    let rest = text[offset..].split('\n').next().unwrap_or("");
    if rest.contains('"') {
        return String::new();
    }
    let mut close = String::from("\"");
    if in_tuple && !rest.contains(')') {
        close.push(')');
    }
    close
}

/// Inside a string: the names of a MONSTER, OBJECT or CONTAINER (of the
/// class written in the tuple), trap names, room types.
fn in_string(
    text: &str,
    ctx: &Context,
    here: Here,
    replace: &Range<usize>,
    offset: usize,
) -> Vec<Completion> {
    let close = closing(text, offset, here.element.is_some());
    let item = |label: &str, detail: String, doc: Option<&str>| Completion {
        label: label.to_string(),
        kind: CompletionKind::Value,
        detail: Some(detail),
        documentation: doc.map(str::to_string),
        insert_text: (!close.is_empty()).then(|| format!("{label}{close}")),
        replace: replace.clone(),
        snippet: false,
    };
    match (here.slot.takes, here.element) {
        (Takes::Monster, None | Some(1)) => names_of(NameKind::Monster, class_written(text, ctx))
            .map(|(n, d)| item(n, d, None))
            .collect(),
        (Takes::Object, None | Some(1)) => names_of(NameKind::Object, class_written(text, ctx))
            .map(|(n, d)| item(n, d, None))
            .collect(),
        (Takes::Trap, None) => traps()
            .map(|(n, m)| item(n, "trap".into(), Some(m)))
            .collect(),
        (Takes::RoomType, None) => room_types()
            .map(|(n, m)| item(n, "room type".into(), Some(m)))
            .collect(),
        _ => Vec::new(),
    }
}

/// The 3.6 names of one kind (of one class), each once, with their class.
fn names_of(kind: NameKind, class: Option<char>) -> impl Iterator<Item = (&'static str, String)> {
    let mut seen = std::collections::HashSet::new();
    names::names_in(Dialect::V36, kind)
        .iter()
        .filter(move |n| class.is_none_or(|c| n.class == c))
        .filter(move |n| seen.insert(n.name))
        .map(move |n| {
            let meaning = match kind {
                NameKind::Monster => vocab::monster_class(n.class).map(|c| c.meaning),
                NameKind::Object => vocab::object_class(n.class).map(|c| c.meaning),
            };
            (n.name, format!("'{}' {}", n.class, meaning.unwrap_or("")))
        })
}

fn traps() -> impl Iterator<Item = (&'static str, &'static str)> {
    vocab::TRAPS
        .iter()
        .map(|t| (t.name, t.meaning))
        .chain(TRAPS_ADDED.iter().copied())
}

fn room_types() -> impl Iterator<Item = (&'static str, &'static str)> {
    vocab::ROOM_TYPES
        .iter()
        .map(|t| (t.name, t.meaning))
        .chain(ROOM_TYPES_ADDED.iter().copied())
}

/// The chars a slot takes: monster or object classes, map characters.
fn chars_of(here: Here) -> Vec<(char, &'static str, &'static str)> {
    match (here.slot.takes, here.element) {
        (Takes::Monster, None | Some(0)) => vocab::MONSTER_CLASSES
            .iter()
            .map(|c| (c.ch, "monster class", c.meaning))
            .collect(),
        (Takes::Object, None | Some(0)) => vocab::OBJECT_CLASSES
            .iter()
            .map(|c| (c.ch, "object class", c.meaning))
            .collect(),
        (Takes::MapChar, None | Some(0)) => vocab::MAP_CHARS
            .iter()
            .map(|m| (m.ch, "map character", m.terrain))
            .collect(),
        _ => Vec::new(),
    }
}

fn char_items(here: Here, replace: &Range<usize>) -> impl Iterator<Item = Completion> + '_ {
    chars_of(here)
        .into_iter()
        .map(move |(c, what, meaning)| Completion {
            label: char_literal(c),
            kind: CompletionKind::Class,
            detail: Some(format!("{what} — {meaning}")),
            documentation: None,
            insert_text: None,
            replace: replace.clone(),
            snippet: false,
        })
}

/// Inside a char literal: the whole literal is replaced, with a closing
/// quote the editor may have added.
fn in_char(text: &str, here: Here, replace: &Range<usize>, offset: usize) -> Vec<Completion> {
    let mut replace = replace.clone();
    if replace.end == offset && text[replace.clone()] == *"'" && text[offset..].starts_with('\'') {
        replace.end += 1;
    }
    char_items(here, &replace).collect()
}

fn word_item(w: &str, what: &str, replace: Range<usize>) -> Completion {
    Completion {
        label: w.to_string(),
        kind: CompletionKind::Constant,
        detail: Some(what.to_string()),
        documentation: word_doc(w).map(str::to_string),
        insert_text: None,
        replace,
        snippet: false,
    }
}

/// What a 3.6 word means, from the vocabulary.
fn word_doc(w: &str) -> Option<&'static str> {
    FLAGS_ADDED
        .iter()
        .chain(WORDS_36)
        .find(|(x, _)| *x == w)
        .map(|(_, m)| *m)
        .or_else(|| vocab::value_classes_of(w).first().map(|v| v.meaning))
        .or_else(|| {
            SELECTIONS
                .iter()
                .find(|(x, _, _)| *x == w)
                .map(|(_, _, m)| *m)
        })
}

/// Names as whole strings, `"name"`.
fn quoted(
    list: impl Iterator<Item = (&'static str, String)>,
    replace: &Range<usize>,
) -> Vec<Completion> {
    list.map(|(n, detail)| Completion {
        label: format!("\"{n}\""),
        kind: CompletionKind::Value,
        detail: Some(detail),
        documentation: None,
        insert_text: None,
        replace: replace.clone(),
        snippet: false,
    })
    .collect()
}

fn selection_items(replace: &Range<usize>) -> Vec<Completion> {
    SELECTIONS
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
        .collect()
}

/// Whether the innermost open parenthesis of the argument is a call's
/// (`grow(`, `filter(`), not a tuple's.
fn in_call(text: &str, ctx: &Context, offset: usize) -> bool {
    let Some(toks) = ctx.args.get(ctx.arg) else {
        return false;
    };
    let mut open: Vec<usize> = Vec::new();
    for (i, t) in toks
        .iter()
        .enumerate()
        .take_while(|(_, t)| t.span.end <= offset)
    {
        match t.kind {
            TokKind::Punct('(') => open.push(i),
            TokKind::Punct(')') => {
                open.pop();
            }
            _ => {}
        }
    }
    open.last()
        .and_then(|&i| i.checked_sub(1))
        .and_then(|i| toks.get(i))
        .is_some_and(|t| {
            t.kind == TokKind::Word
                && text
                    .get(t.span.clone())
                    .is_some_and(|w| SELECTIONS.iter().any(|(s, _, _)| *s == w))
        })
}

/// The values of a slot, between tokens or on a word being typed.
fn slot_values(text: &str, ctx: &Context, here: Here, replace: Range<usize>) -> Vec<Completion> {
    let words = |list: &[&str], what: &str| -> Vec<Completion> {
        list.iter()
            .map(|w| word_item(w, what, replace.clone()))
            .collect()
    };
    let name = here.slot.name;
    let kind = match here.slot.takes {
        Takes::Object => NameKind::Object,
        _ => NameKind::Monster,
    };
    let rndcoord = || {
        selection_items(&replace)
            .into_iter()
            .filter(|c| c.label == "rndcoord")
    };
    match (here.slot.takes, here.element) {
        (Takes::Words(list), None) => {
            // FLAGS: not the flags already written.
            let written: Vec<&str> = ctx
                .args
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != ctx.arg)
                .filter_map(|(_, toks)| match toks.as_slice() {
                    [t] if t.kind == TokKind::Word => text.get(t.span.clone()),
                    _ => None,
                })
                .collect();
            list.iter()
                .filter(|w| name != "level flag" || !written.contains(w))
                .map(|w| word_item(w, name, replace.clone()))
                .collect()
        }
        (Takes::Monster | Takes::Object, None) => {
            let mut out = words(&["random"], name);
            out.extend(char_items(here, &replace));
            out.extend(quoted(names_of(kind, None), &replace));
            out
        }
        // `(` of `('c', "name")`: the class chars; of `('c', lit)`: the map chars.
        (Takes::Monster | Takes::Object, Some(0)) | (Takes::MapChar, None | Some(0)) => {
            char_items(here, &replace).collect()
        }
        // `('c', `: the names of the class, quoted.
        (Takes::Monster | Takes::Object, Some(1)) => {
            quoted(names_of(kind, class_written(text, ctx)), &replace)
        }
        (Takes::MapChar, Some(1)) => words(LIGHT, "lighting"),
        (Takes::Coord, Some(0)) if name == "alignment in its cell" => {
            words(&["left", "center", "right"], "horizontal alignment")
        }
        (Takes::Coord, Some(1)) if name == "alignment in its cell" => {
            words(&["top", "center", "bottom"], "vertical alignment")
        }
        (Takes::Coord, None) => {
            let mut out = words(&["random"], name);
            out.extend(rndcoord());
            out
        }
        // A selection inside `(x,y)` is a coordinate: numbers.
        (Takes::Selection, Some(_)) if !in_call(text, ctx, replace.start) => Vec::new(),
        // Not `gradient`: lev_comp 3.6 cannot read it.
        (Takes::Selection, _) => selection_items(&replace)
            .into_iter()
            .filter(|c| c.label != "gradient")
            .collect(),
        (Takes::Trap, None) => {
            let mut out = words(&["random"], name);
            out.extend(quoted(traps().map(|(n, _)| (n, "trap".into())), &replace));
            out
        }
        (Takes::RoomType, None) => {
            let mut out = words(&["random"], name);
            out.extend(quoted(
                room_types().map(|(n, _)| (n, "room type".into())),
                &replace,
            ));
            out
        }
        (Takes::MonsterInfo, None) => words(MONSTER_INFO, name),
        (Takes::ObjectInfo, None) => {
            let mut out = words(OBJECT_INFO, name);
            out.extend(rndcoord());
            out
        }
        _ => Vec::new(),
    }
}

/// An odd number of `"` before the cursor on its line.
fn odd_quotes(line: &str) -> bool {
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
    let mut out = selection_items(&replace);
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
