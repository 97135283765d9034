//! 3.6 hover on a statement's values by the slot each fills
//! ([`crate::formats::nethack::ide::slots`]): what the value is in that slot
//! (`random` in ROOMDOOR's wall is a random wall; `locked` among an
//! OBJECT's infos is a locked box; a name in `('c', "name")` is looked up
//! in class `c`), and a line saying which slot it fills, from the statement's
//! argument down to the element or function argument.

use super::info;
use crate::formats::nethack::dialect::Dialect;
use crate::formats::nethack::ide::slots::{Leaf, Place, Reading, Step};
use crate::formats::nethack::names::scripting::forms::{
    self, ScriptSlot, Takes, FEATURES, HUMIDITY, SLOT_SENSES,
};
use crate::formats::nethack::names::scripting::{room_types_36, traps_36};
use crate::formats::nethack::names::scripting::{FLAGS_ADDED, WORDS_36};
use crate::formats::nethack::names::vocabulary as vocab;
use crate::formats::nethack::names::{self, slots::ordinal, NameKind};
use crate::formats::{closest, HoverInfo};

/// The hover of the leaf under the cursor: a token explained in its slot,
/// or `tree` (what the value is as a whole) with the slot line.
pub(super) fn hover(
    text: &str,
    reading: &Reading,
    leaf: &Leaf,
    tree: Option<HoverInfo>,
) -> Option<HoverInfo> {
    let keyword = reading.keyword.as_deref().unwrap_or("");
    let slot = leaf.slot()?;
    let written = text.get(leaf.span.clone())?;
    let line = slot_line(keyword, &leaf.path);
    let own = if leaf.token {
        token_markdown(written, slot, leaf, keyword)
    } else {
        None
    };
    let (range, md) = match (own, tree) {
        (Some(md), _) => (leaf.span.clone(), md),
        (None, Some(h)) => (h.range, h.markdown),
        (None, None) => (leaf.span.clone(), format!("**{written}** — {}", slot.name)),
    };
    info(range, format!("{md}\n\n{line}"))
}

/// The slot line of a leaf, when it fills a slot.
pub(super) fn slot_line_of(reading: &Reading, leaf: &Leaf) -> Option<String> {
    leaf.slot()?;
    Some(slot_line(
        reading.keyword.as_deref().unwrap_or(""),
        &leaf.path,
    ))
}

/// "Fills the *radius* slot (2nd argument of `circle`) in the *where* slot
/// (1st argument) of `TERRAIN`."
fn slot_line(keyword: &str, path: &[Step]) -> String {
    let mut steps = path.iter().rev();
    let Some(inner) = steps.next() else {
        return String::new();
    };
    let mut line = format!("Fills the *{}* slot{}", inner.slot.name, place(inner.place));
    for outer in steps {
        line.push_str(&format!(
            " in the *{}* slot{}",
            outer.slot.name,
            place(outer.place)
        ));
    }
    if !keyword.is_empty() {
        line.push_str(&format!(" of `{keyword}`"));
    }
    line.push('.');
    line
}

fn place(p: Place) -> String {
    match p {
        Place::Argument(i) => format!(" ({} argument)", ordinal(i + 1)),
        Place::Element(i) => format!(" ({} element)", ordinal(i + 1)),
        Place::Call(f, i) => format!(" ({} argument of `{f}`)", ordinal(i + 1)),
        Place::Key(k) => match forms::info_of(true, k).or(forms::info_of(false, k)) {
            Some(i) if i.colon => format!(" (after `{k}:`)"),
            _ => format!(" (after `{k}`)"),
        },
        Place::Bracket => " (inside `random[…]`)".into(),
        Place::Index => " (the index)".into(),
        Place::Info | Place::Value => String::new(),
    }
}

/// A token's own explanation in its slot, when there is one.
fn token_markdown(written: &str, slot: ScriptSlot, leaf: &Leaf, keyword: &str) -> Option<String> {
    let first = written.chars().next()?;
    Some(match first {
        '"' => string_markdown(written.trim_matches('"'), slot, leaf.class),
        '\'' => char_markdown(written, slot),
        '[' => return None,
        c if c.is_ascii_digit() || c == '-' || c == '+' => number_markdown(written, slot),
        _ => {
            // A selection function's hover is the call's (what it selects here).
            if forms::selection_fn(written).is_some() || written == "levregion" {
                return None;
            }
            word_markdown(written, slot, keyword)
        }
    })
}

/// `random` and the words of the slot's lists, in the sense the slot gives them.
fn word_markdown(w: &str, slot: ScriptSlot, keyword: &str) -> String {
    let infos = |monster: bool| forms::info_of(monster, w).map(|i| i.meaning);
    let info = if slot.takes(Takes::MonsterInfo) {
        infos(true)
    } else if slot.takes(Takes::ObjectInfo) {
        infos(false)
    } else {
        None
    };
    if let Some(meaning) = info {
        return format!(
            "**{w}** — {meaning}\n\nAn info of `{keyword}`: infos come in any order, each kind once."
        );
    }
    if !slot.takes_word(w) {
        let mut md = format!(
            "`{w}` — **not valid here:** the *{}* slot takes {}.",
            slot.name,
            expected(slot)
        );
        let words: Vec<&str> = slot.words().collect();
        if let Some(g) = closest(w, words.iter().copied()) {
            md.push_str(&format!(" Did you mean `{g}`?"));
        }
        return md;
    }
    if w == "random" {
        let spot = slot
            .takes
            .iter()
            .any(|t| matches!(t, Takes::Coord | Takes::Selection));
        return if spot {
            "**random** — a random spot, picked each time the level is made (`random[dry]` and the like narrow it down).".into()
        } else {
            format!(
                "**random** — the game picks the *{}* at random each time the level is made.",
                slot.name
            )
        };
    }
    if w == "align" {
        return "**align[i]** — one of the level's three alignments, shuffled each time it is made (`i` is 0–2).".into();
    }
    format!("**{w}** — {}", meaning(w, slot))
}

/// What a word means, the sense that fits the slot first (`center` is
/// horizontal or vertical).
fn meaning(w: &str, slot: ScriptSlot) -> String {
    if let Some((_, _, m)) = SLOT_SENSES
        .iter()
        .find(|(s, x, _)| *s == slot.name && *x == w)
    {
        return format!("{m}.");
    }
    if let Some((_, m)) = HUMIDITY.iter().find(|(h, _)| *h == w) {
        return format!("{m}.");
    }
    if let Some((_, m)) = FLAGS_ADDED.iter().find(|(f, _)| *f == w) {
        return format!("level flag: {m}");
    }
    let senses = vocab::value_classes_of(w);
    let fitting = senses
        .iter()
        .find(|v| {
            let class = v.class.describe();
            class
                .split(' ')
                .next()
                .is_some_and(|first| slot.name.starts_with(first))
        })
        .or(senses.first());
    match fitting {
        Some(v) => format!("{}: {}", v.class.describe(), v.meaning),
        None => WORDS_36
            .iter()
            .find(|(x, _)| *x == w)
            .map_or_else(|| slot.name.to_string(), |(_, m)| m.to_string()),
    }
}

/// "`open`, `closed` … or a coordinate", for a word the slot does not take.
fn expected(slot: ScriptSlot) -> String {
    let mut parts: Vec<String> = Vec::new();
    for t in slot.takes {
        match t {
            Takes::Words(list) => parts.extend(list.iter().map(|w| format!("`{w}`"))),
            Takes::Directions => parts.push("directions joined by `|`".into()),
            Takes::Coord => parts.push("a coordinate".into()),
            Takes::Region | Takes::LevRegion => parts.push("a region".into()),
            Takes::Selection => parts.push("a selection".into()),
            Takes::MapChar | Takes::Char => parts.push("a map character".into()),
            Takes::Monster | Takes::MonsterClass | Takes::MonsterName => {
                parts.push("a monster".into())
            }
            Takes::Object | Takes::ObjectClass | Takes::ObjectName => {
                parts.push("an object".into())
            }
            Takes::Trap | Takes::TrapMask => parts.push("a trap name".into()),
            Takes::RoomType => parts.push("a room type".into()),
            Takes::Feature | Takes::Text | Takes::Str => parts.push("a string".into()),
            Takes::Integer | Takes::Int => parts.push("a number".into()),
            Takes::Percent => parts.push("a percentage".into()),
            Takes::Tuple(_) => parts.push("`( … )`".into()),
            Takes::MonsterInfo => parts.push("a monster info".into()),
            Takes::ObjectInfo => parts.push("an object info".into()),
            Takes::Humidity => parts.push("`dry`, `wet`, `hot`, `solid` or `any`".into()),
            Takes::Array => parts.push("an array variable".into()),
            Takes::Value => parts.push("a value".into()),
            Takes::AlignRegister => parts.push("`align[i]`".into()),
        }
    }
    match parts.len() {
        0 => String::new(),
        1 => parts.remove(0),
        n => format!("{} or {}", parts[..n - 1].join(", "), parts[n - 1]),
    }
}

fn number_markdown(written: &str, slot: ScriptSlot) -> String {
    let mut md = format!("**{written}** — {}", slot.name);
    let n: Option<i64> = written.trim_end_matches('%').parse().ok();
    if slot.takes(Takes::Percent) {
        md = format!(
            "**{written}** — {}: each time, with this chance.",
            slot.name
        );
    }
    let out_of = |lo: i64, hi: i64| n.is_some_and(|n| !(lo..=hi).contains(&n));
    if slot.name.starts_with("grid") && out_of(1, 5) {
        md.push_str(
            "\n\n**Out of range:** lev_comp wants 1 to 5 (`Room positions should be between 1-5`).",
        );
    }
    if slot.name.starts_with("alignment register") && out_of(0, 2) {
        md.push_str("\n\n**Out of range:** lev_comp says `Register Index overflow!`.");
    }
    if slot.name.ends_with("(ignored)") {
        md.push_str("\n\nNetHack 3.6 joins the rooms the same way whatever the number.");
    }
    md
}

fn char_markdown(written: &str, slot: ScriptSlot) -> String {
    let inner = written.trim_matches('\'');
    let c = inner
        .strip_prefix('\\')
        .filter(|r| !r.is_empty())
        .unwrap_or(inner);
    let Some(c) = c.chars().next() else {
        return format!("**{written}**");
    };
    let takes = |t: &[Takes]| slot.takes.iter().any(|x| t.contains(x));
    if takes(&[Takes::Monster, Takes::MonsterClass]) {
        return class_markdown(NameKind::Monster, c);
    }
    if takes(&[Takes::Object, Takes::ObjectClass]) {
        return class_markdown(NameKind::Object, c);
    }
    if c == 'x' {
        return "**'x'** — leave the terrain unchanged (NetHack 3.6).".into();
    }
    match vocab::map_char(c) {
        Some(m) => format!(
            "**{written}** — map character: {}\n\n{}",
            m.terrain, m.meaning
        ),
        None => format!("`{written}` is not a map character: lev_comp 3.6 rejects it."),
    }
}

fn string_markdown(s: &str, slot: ScriptSlot, class: Option<char>) -> String {
    let takes = |t: &[Takes]| slot.takes.iter().any(|x| t.contains(x));
    let described = |list: &mut dyn Iterator<Item = (&'static str, &'static str)>, what: &str| {
        let all: Vec<(&str, &str)> = list.collect();
        match all.iter().find(|(n, _)| *n == s) {
            Some((_, m)) => format!("**\"{s}\"** — {what}\n\n{m}"),
            None => {
                let mut md = format!("**\"{s}\"** is not a NetHack 3.6 {what}.");
                if let Some(g) = closest(s, all.iter().map(|(n, _)| *n)) {
                    md.push_str(&format!(" Did you mean \"{g}\"?"));
                }
                md
            }
        }
    };
    if takes(&[Takes::MonsterName, Takes::Monster]) {
        return thing_markdown(NameKind::Monster, s, class);
    }
    if takes(&[Takes::ObjectName, Takes::Object]) {
        return thing_markdown(NameKind::Object, s, class);
    }
    if takes(&[Takes::Trap, Takes::TrapMask]) {
        return described(&mut traps_36().into_iter(), "trap");
    }
    if takes(&[Takes::RoomType]) {
        return described(&mut room_types_36().into_iter(), "room type");
    }
    if takes(&[Takes::Feature]) {
        return if FEATURES.contains(&s) {
            format!("**\"{s}\"** — the dungeon feature the monster looks like.")
        } else {
            format!("**\"{s}\"** is not the name of a dungeon feature: the game finds none to look like (`create_monster: can't find feature`).")
        };
    }
    if slot.name == "level name" {
        return format!("**\"{s}\"** — the level's name: lev_comp writes `{s}.lev`.");
    }
    format!("**\"{s}\"** — {} ({} bytes).", slot.name, s.len())
}

/// A monster or an object by name, in the class written when there is one.
fn thing_markdown(kind: NameKind, name: &str, class: Option<char>) -> String {
    match class {
        Some(c) => name_markdown(kind, name, c),
        None => {
            let what = kind_word(kind);
            match names::lookup_in(Dialect::V36, kind, name, None) {
                Some(found) => format!(
                    "**{}** — {what} of class `'{}'` ({}){}",
                    found.name().name,
                    found.name().class,
                    class_meaning(kind, found.name().class).unwrap_or(""),
                    details(kind, found.name())
                ),
                None => {
                    let mut md =
                        format!("**\"{name}\"** — not a known {what} name in NetHack 3.6.");
                    if let Some(g) = names::suggest_in(Dialect::V36, kind, name, None) {
                        md.push_str(&format!(" Did you mean \"{g}\"?"));
                    }
                    md
                }
            }
        }
    }
}

/// A monster's details from the source tree in force, if any.
fn details(kind: NameKind, found: &names::Name) -> String {
    match kind {
        NameKind::Monster => super::tree_monster_details(found.name, found.class),
        NameKind::Object => String::new(),
    }
}

fn kind_word(kind: NameKind) -> &'static str {
    match kind {
        NameKind::Monster => "monster",
        NameKind::Object => "object",
    }
}

fn class_meaning(kind: NameKind, c: char) -> Option<&'static str> {
    match kind {
        NameKind::Monster => vocab::monster_class(c).map(|m| m.meaning),
        NameKind::Object => vocab::object_class(c).map(|m| m.meaning),
    }
}

/// The class a char names, with some of its 3.6 names.
fn class_markdown(kind: NameKind, c: char) -> String {
    let what = kind_word(kind);
    let Some(meaning) = class_meaning(kind, c) else {
        return format!("`'{c}'` is not {} class.", article(what));
    };
    let mut seen = std::collections::HashSet::new();
    let list: Vec<&str> = names::names_in(Dialect::V36, kind)
        .iter()
        .filter(|n| n.class == c && seen.insert(n.name))
        .map(|n| n.name)
        .collect();
    let mut md = format!("**'{c}'** — {what} class: {meaning}");
    match list.len() {
        0 => md.push_str("\n\nNo name can be given in this class."),
        n if n <= 6 => md.push_str(&format!("\n\n{}.", list.join(", "))),
        n => md.push_str(&format!("\n\n{n} names, e.g. {}, …", list[..5].join(", "))),
    }
    md
}

fn article(what: &str) -> String {
    if what.starts_with('o') {
        format!("an {what}")
    } else {
        format!("a {what}")
    }
}

/// A name after its class char: what it is, and whether the class holds it.
fn name_markdown(kind: NameKind, name: &str, c: char) -> String {
    let what = kind_word(kind);
    if let Some(found) = names::lookup_in(Dialect::V36, kind, name, Some(c)) {
        let n = found.name();
        let mut md = format!(
            "**{}** — {what} of class `'{}'` ({})",
            n.name,
            n.class,
            class_meaning(kind, n.class).unwrap_or("")
        );
        if let names::Found::OtherCase(n) = found {
            md.push_str(&format!(
                "\n\nWritten with other capitals: lev_comp 3.6 finds `{}`.",
                n.name
            ));
        }
        md.push_str(&details(kind, n));
        return md;
    }
    let elsewhere = names::classes_of_in(Dialect::V36, kind, name);
    match elsewhere.first() {
        Some(other) => format!(
            "**\"{name}\"** — not in class `'{c}'`: it is {} of class `'{other}'` ({}); lev_comp 3.6 looks the name up only in the class written.",
            article(what),
            class_meaning(kind, *other).unwrap_or("")
        ),
        None => format!("**\"{name}\"** — not a known {what} name in NetHack 3.6."),
    }
}
