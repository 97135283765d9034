//! Hover: what a keyword, value word, name, class or map character means,
//! which slot of its statement a value fills, and what lies under a
//! coordinate or a `place[i]` in the current part's map.

use super::{info, keywords, levels, plural};
use crate::formats::nethack::names::slots::{self, Accept, Arg, Slot, TupleKind};
use crate::formats::nethack::names::vocabulary::{self as vocab};
use crate::formats::nethack::names::{self, lexicon, NameKind};
use crate::formats::nethack::syntax::char_literal;
use crate::formats::nethack::syntax::model;
use crate::formats::nethack::syntax::{
    Document, Item, Level, LevelKind, MapBlock, Statement, Value, ValueKind,
};
use crate::formats::nethack::Dialect;
use crate::formats::{closest, HoverInfo};
use std::ops::Range;

/// The hover of fixed-form statements at `offset` of a document already read (`mod.rs` reads it
/// once to choose the dialect).
pub(in crate::formats::nethack) fn hover_in(
    text: &str,
    doc: &Document,
    offset: usize,
) -> Option<HoverInfo> {
    if offset >= text.len() || !text.is_char_boundary(offset) {
        return None;
    }
    let level = model::level_at(&doc.levels, offset).filter(|l| l.span.start <= offset);
    let items = doc
        .prelude
        .iter()
        .chain(doc.levels.iter().flat_map(|l| l.items.iter()));
    for item in items {
        let span = item.span();
        if !(span.start <= offset && offset < span.end) {
            continue;
        }
        return match item {
            Item::Map(map) => map_hover(text, level, map, offset),
            Item::Statement(s) => statement_hover(text, level, s, offset),
            _ => None,
        };
    }
    let header = &level?.header;
    (header.span.start <= offset && offset < header.span.end)
        .then(|| statement_hover(text, level, header, offset))
        .flatten()
}

fn since_note(since: &str) -> String {
    if since == "3.2.0" {
        String::new()
    } else {
        format!(" Since {since}.")
    }
}

// ---- Keywords ----

fn keyword_hover(
    text: &str,
    level: Option<&Level>,
    s: &Statement,
    span: Range<usize>,
) -> Option<HoverInfo> {
    let word = &text[span.clone()];
    let Some(k) = vocab::keyword(word) else {
        if let Some(note) = lexicon::keyword_note(word) {
            return info(span, note);
        }
        let lower: Vec<String> = vocab::KEYWORDS
            .iter()
            .map(|k| k.name.to_ascii_lowercase())
            .collect();
        let guess = closest(word, lower.iter().map(String::as_str)).and_then(|g| {
            vocab::KEYWORDS
                .iter()
                .find(|k| k.name.eq_ignore_ascii_case(g))
        });
        let mut md =
            format!("`{word}` is not a lev_comp keyword (keywords are upper case and exact).");
        if let Some(g) = guess {
            md.push_str(&format!(" Did you mean `{}`?", g.name));
        }
        return info(span, md);
    };
    let is_header = level.is_some_and(|l| std::ptr::eq(&l.header, s));
    if is_header {
        let l = level?;
        let mut md = keywords::fixed_form(k, None);
        md.push_str("\n\n");
        md.push_str(&levels::summary(l, Dialect::V343));
        return info(span, md);
    }
    info(span, keywords::fixed_form(k, level))
}

// ---- Statements and values ----

fn statement_hover(
    text: &str,
    level: Option<&Level>,
    s: &Statement,
    offset: usize,
) -> Option<HoverInfo> {
    if s.keyword_span.contains(&offset) {
        return keyword_hover(text, level, s, s.keyword_span.clone());
    }
    if let Some(chance) = s.chance.as_ref().filter(|c| c.span.contains(&offset)) {
        let mut md = format!(
            "**{}%** chance that this `{}` is carried out each time the level is made (1–100; \
             without a prefix it always is). Accepted since 3.2.1.",
            chance.percent, s.keyword
        );
        if !(1..=100).contains(&chance.percent) {
            md.push_str("\n\n**Out of range:** lev_comp wants a percentage from 1 to 100.");
        }
        if !vocab::keyword(&s.keyword).is_some_and(|k| k.chance) {
            md.push_str(&format!(
                "\n\n**`{}` takes no chance prefix;** only MONSTER, OBJECT, CONTAINER and TRAP do.",
                s.keyword
            ));
        }
        return info(chance.span.clone(), md);
    }
    let args: Vec<Arg> = s.args.iter().map(Arg::of).collect();
    let kind = level.map(|l| l.kind);
    let (i, value) = s
        .args
        .iter()
        .enumerate()
        .find(|(_, v)| v.span.contains(&offset))?;
    let slot = slots::slot(&s.keyword, kind, i, &args);
    let place = SlotPlace {
        keyword: &s.keyword,
        arg: i,
        element: None,
    };
    let ctx = Ctx {
        text,
        level,
        statement: s,
        args: &args,
    };
    value_hover(&ctx, slot, place, value, offset)
}

struct Ctx<'a> {
    text: &'a str,
    level: Option<&'a Level>,
    statement: &'a Statement,
    args: &'a [Arg],
}

/// Where a value sits, for "fills the … slot of …".
#[derive(Clone, Copy)]
struct SlotPlace<'a> {
    keyword: &'a str,
    arg: usize,
    element: Option<usize>,
}

fn slot_line(slot: Option<Slot>, place: SlotPlace) -> String {
    let Some(slot) = slot else {
        return if vocab::keyword(place.keyword).is_some() {
            format!(
                "`{}` takes no {} argument.",
                place.keyword,
                slots::ordinal(place.arg + 1)
            )
        } else {
            String::new()
        };
    };
    let position = match place.element {
        Some(e) => format!(
            "{} element of the {} argument",
            slots::ordinal(e + 1),
            slots::ordinal(place.arg + 1)
        ),
        None => format!("{} argument", slots::ordinal(place.arg + 1)),
    };
    format!(
        "Fills the *{}* slot ({position}) of `{}`.",
        slot.name, place.keyword
    )
}

/// "lit, unlit or random", for a slot that did not take what was written.
fn expected(slot: &Slot) -> String {
    let mut words: Vec<String> = Vec::new();
    for a in slot.accepts {
        match *a {
            Accept::Word(c) => words.extend(vocab::value_words(c).map(|w| format!("`{}`", w.word))),
            Accept::WordsOf(_, list) => words.extend(list.iter().map(|w| format!("`{w}`"))),
            Accept::Random => words.push("`random`".into()),
            Accept::Register(r) => words.push(format!("`{r}[i]`")),
            Accept::MonsterClass => words.push("a monster class char".into()),
            Accept::ObjectClass => words.push("an object class char".into()),
            Accept::MapChar => words.push("a map char".into()),
            Accept::MonsterName | Accept::CorpseMonster => {
                words.push("a monster name string".into())
            }
            Accept::ObjectName => words.push("an object name string".into()),
            Accept::TrapName => words.push("a trap name string".into()),
            Accept::RoomType => words.push("a room type string".into()),
            Accept::Text => words.push("a string".into()),
            Accept::Integer => words.push("a number".into()),
            Accept::Tuple(TupleKind::Point) => words.push("`(x,y)`".into()),
            Accept::Tuple(TupleKind::Rect) => words.push("`(x1,y1,x2,y2)`".into()),
            Accept::Tuple(_) => words.push("a parenthesised list".into()),
            Accept::LevRegion => words.push("`levregion(…)`".into()),
        }
    }
    match words.len() {
        0 => String::new(),
        1 => words.remove(0),
        n => format!("{} or {}", words[..n - 1].join(", "), words[n - 1]),
    }
}

fn value_hover(
    ctx: &Ctx,
    slot: Option<Slot>,
    place: SlotPlace,
    value: &Value,
    offset: usize,
) -> Option<HoverInfo> {
    let span = value.span.clone();
    match &value.kind {
        ValueKind::Word(w) => word_hover(w, span, slot, place),
        ValueKind::String(s) => string_hover(ctx, s, span, slot, place),
        ValueKind::Char(c) => char_hover(*c, span, slot, place),
        ValueKind::Integer(n) => {
            let mut md = format!("**{n}**");
            if let Some(slot) = slot {
                md.push_str(&format!(" — {}", slot.name));
            }
            md.push_str("\n\n");
            md.push_str(&slot_line(slot, place));
            info(span, md)
        }
        ValueKind::Tuple(elems) => tuple_hover(ctx, slot, place, value, elems, offset),
        ValueKind::Register { name, index, .. } => {
            register_hover(ctx, name, *index, span, slot, place)
        }
        ValueKind::Call { name, args, .. } => {
            let mut md = format!("**{name}(…)** — ");
            match vocab::value_classes_of(name).first() {
                Some(w) => md.push_str(w.meaning),
                None => md.push_str(
                    "not a lev_comp value word; only `levregion(x1,y1,x2,y2)` is written this way.",
                ),
            }
            let rect: Option<Vec<i64>> = args.iter().map(Value::integer).collect();
            if let Some([x1, y1, x2, y2]) = rect.as_deref() {
                md.push_str(&format!(
                    "\n\nThe level rectangle from ({x1}, {y1}) to ({x2}, {y2})."
                ));
            }
            md.push_str("\n\n");
            md.push_str(&slot_line(slot, place));
            info(span, md)
        }
        ValueKind::Tagged {
            name,
            name_span,
            text,
            text_span,
        } => {
            if name_span.contains(&offset) {
                return word_hover(name, name_span.clone(), slot, place);
            }
            let md = match name.as_str() {
                "m_monster" => monster_name_markdown(text, None),
                "m_object" => object_name_markdown(text, None),
                _ => format!(
                    "**\"{text}\"** — the dungeon feature this monster pretends to be (after `{name}`)."
                ),
            };
            info(text_span.clone(), md)
        }
        _ => None,
    }
}

fn word_hover(
    w: &str,
    span: Range<usize>,
    slot: Option<Slot>,
    place: SlotPlace,
) -> Option<HoverInfo> {
    let words = vocab::value_classes_of(w);
    // The meaning that fits the slot (`center` is horizontal or vertical).
    let fitting = words
        .iter()
        .find(|v| {
            slot.is_some_and(|s| {
                s.takes_word(v.word)
                    && s.accepts.iter().any(|a| {
                        matches!(a, Accept::Word(c) | Accept::WordsOf(c, _) if *c == v.class)
                            || (*a == Accept::Random && v.word == "random")
                    })
            })
        })
        .or(words.first());
    let mut md = match fitting {
        Some(v) => format!(
            "**{}** — {}\n\n{}{}",
            v.word,
            v.class.describe(),
            v.meaning,
            since_note(v.since)
        ),
        None => {
            let mut md = format!("`{w}` is not a lev_comp value word.");
            if let Some(g) = closest(w, vocab::VALUE_WORDS.iter().map(|v| v.word)) {
                md.push_str(&format!(" Did you mean `{g}`?"));
            }
            md
        }
    };
    md.push_str("\n\n");
    match slot {
        Some(s) if !s.takes_word(w) => {
            let mut line = format!(
                "**Not valid here:** the *{}* slot ({} argument) of `{}` takes {}.",
                s.name,
                slots::ordinal(place.arg + 1),
                place.keyword,
                expected(&s)
            );
            if let Some(g) = closest(w, s.accepts.iter().flat_map(|a| slot_words(*a))) {
                line.push_str(&format!(" Did you mean `{g}`?"));
            }
            md.push_str(&line);
        }
        _ => md.push_str(&slot_line(slot, place)),
    }
    info(span, md.trim_end().to_string())
}

fn slot_words(a: Accept) -> Vec<&'static str> {
    match a {
        Accept::Word(c) => vocab::value_words(c).map(|w| w.word).collect(),
        Accept::WordsOf(_, list) => list.to_vec(),
        Accept::Random => vec!["random"],
        _ => Vec::new(),
    }
}

fn string_hover(
    ctx: &Ctx,
    s: &str,
    span: Range<usize>,
    slot: Option<Slot>,
    place: SlotPlace,
) -> Option<HoverInfo> {
    let takes = |a| slot.is_some_and(|sl| sl.takes(a));
    let class = match ctx.args.first() {
        Some(Arg::Char(c)) => Some(*c),
        _ => None,
    };
    let mut md = if takes(Accept::TrapName) {
        match vocab::TRAPS.iter().find(|t| t.name == s) {
            Some(t) => format!("**\"{s}\"** — trap\n\n{}", t.meaning),
            None => {
                let mut md = format!(
                    "**\"{s}\"** is not a 3.4.3 trap type: lev_comp stops with `Unknown trap type!`."
                );
                if let Some(g) = closest(s, vocab::TRAPS.iter().map(|t| t.name)) {
                    md.push_str(&format!(" Did you mean \"{g}\"?"));
                }
                md
            }
        }
    } else if takes(Accept::RoomType) {
        match vocab::ROOM_TYPES.iter().find(|t| t.name == s) {
            Some(t) => format!("**\"{s}\"** — room type\n\n{}", t.meaning),
            None => {
                let mut md = format!(
                    "**\"{s}\"** is not a 3.4.3 room type: lev_comp warns and makes an ordinary room."
                );
                if let Some(g) = closest(s, vocab::ROOM_TYPES.iter().map(|t| t.name)) {
                    md.push_str(&format!(" Did you mean \"{g}\"?"));
                }
                md
            }
        }
    } else if takes(Accept::MonsterName) {
        monster_name_markdown(s, class.filter(|_| place.arg == 1))
    } else if takes(Accept::ObjectName) {
        object_name_markdown(s, class.filter(|_| place.arg == 1))
    } else if takes(Accept::CorpseMonster) {
        format!(
            "{}\n\nThe monster type of a corpse, statue, figurine or egg; lev_comp does not check it (an unknown name gives a random one).",
            monster_name_markdown(s, None)
        )
    } else if let Some(sl) = slot.filter(|sl| sl.takes(Accept::Text)) {
        let what = if sl.name == "level name" {
            let mut note = format!("the output file is `{s}.lev`");
            if s.chars().count() > vocab::MAX_LEVEL_NAME {
                note = format!(
                    "longer than {} characters: lev_comp refuses it",
                    vocab::MAX_LEVEL_NAME
                );
            } else if s.contains('.') {
                note = "a dot is not allowed in a level name".into();
            }
            note
        } else {
            format!("{} bytes", s.len())
        };
        if sl.name == "parent room's NAME" {
            if let Some(level) = ctx.level {
                let found = level.statements().any(|st| {
                    st.keyword == "NAME" && st.args.first().and_then(Value::string) == Some(s)
                });
                let note = if found {
                    "a room of this level is named so"
                } else {
                    "no room of this level has this NAME"
                };
                return info(
                    span,
                    format!(
                        "**\"{s}\"** — {} ({note})\n\n{}",
                        sl.name,
                        slot_line(slot, place)
                    ),
                );
            }
        }
        format!("**\"{s}\"** — {} ({what})", sl.name)
    } else {
        format!("**\"{s}\"**")
    };
    md.push_str("\n\n");
    match slot {
        Some(sl)
            if !sl.accepts.iter().any(|a| {
                matches!(
                    a,
                    Accept::Text
                        | Accept::TrapName
                        | Accept::RoomType
                        | Accept::MonsterName
                        | Accept::ObjectName
                        | Accept::CorpseMonster
                )
            }) =>
        {
            md.push_str(&format!(
                "**Not valid here:** the *{}* slot ({} argument) of `{}` takes {}.",
                sl.name,
                slots::ordinal(place.arg + 1),
                place.keyword,
                expected(&sl)
            ));
        }
        _ => md.push_str(&slot_line(slot, place)),
    }
    let _ = ctx.statement;
    info(span, md.trim_end().to_string())
}

fn class_meaning(kind: NameKind, c: char) -> String {
    let meaning = match kind {
        NameKind::Monster => vocab::monster_class(c).map(|m| m.meaning),
        NameKind::Object => vocab::object_class(c).map(|o| o.meaning),
    };
    format!(
        "{} ({})",
        char_literal(c),
        meaning.unwrap_or("unknown class")
    )
}

fn name_markdown(kind: NameKind, name: &str, class: Option<char>) -> String {
    let what = match kind {
        NameKind::Monster => "monster",
        NameKind::Object => "object",
    };
    let classes = names::classes_of(kind, name);
    if classes.is_empty() {
        let mut md = match kind {
            NameKind::Monster => format!("**\"{name}\"** is not a 3.4.3 monster name: lev_comp warns and makes a random monster."),
            NameKind::Object => format!("**\"{name}\"** is not a 3.4.3 object name: lev_comp warns and makes a random object."),
        };
        if let Some(g) =
            names::suggest(kind, name, class).or_else(|| names::suggest(kind, name, None))
        {
            md.push_str(&format!(" Did you mean \"{g}\"?"));
        }
        return md;
    }
    let list: Vec<String> = classes.iter().map(|&c| class_meaning(kind, c)).collect();
    let mut md = format!("**{name}** — {what} of class {}", list.join(", or "));
    let meant = class.filter(|c| classes.contains(c)).unwrap_or(classes[0]);
    if let Some(c) = class {
        if !classes.contains(&c) {
            md.push_str(&format!(
                "\n\n**Not in class {}:** lev_comp looks the name up only in that class, warns and makes a random {what}.",
                class_meaning(kind, c)
            ));
        }
    } else if classes.len() > 1 {
        md.push_str(&format!(
            "\n\nWithout a class char the first, {}, is meant.",
            char_literal(classes[0])
        ));
    }
    if kind == NameKind::Monster {
        md.push_str(&super::tree_monster_details(name, meant));
    }
    md
}

fn monster_name_markdown(name: &str, class: Option<char>) -> String {
    name_markdown(NameKind::Monster, name, class)
}

fn object_name_markdown(name: &str, class: Option<char>) -> String {
    name_markdown(NameKind::Object, name, class)
}

fn char_hover(
    c: char,
    span: Range<usize>,
    slot: Option<Slot>,
    place: SlotPlace,
) -> Option<HoverInfo> {
    let takes = |a| slot.is_some_and(|s| s.takes(a));
    let lit = char_literal(c);
    let mut md = if takes(Accept::MonsterClass) {
        match vocab::monster_class(c) {
            Some(m) => {
                let species: Vec<&str> = names::monsters().iter().filter(|n| n.class == c).map(|n| n.name).collect();
                format!("**{lit}** — monster class: {}\n\n{}", m.meaning, examples(&species))
            }
            None => format!("**{lit}** is not a 3.4.3 monster class: lev_comp stops with `Unknown monster class!`."),
        }
    } else if takes(Accept::ObjectClass) {
        match vocab::object_class(c) {
            Some(o) => {
                let kinds: Vec<&str> = names::objects()
                    .iter()
                    .filter(|n| n.class == c)
                    .map(|n| n.name)
                    .collect();
                format!(
                    "**{lit}** — object class: {}\n\n{}",
                    o.meaning,
                    examples(&kinds)
                )
            }
            None => format!(
                "**{lit}** is not a 3.4.3 object class: lev_comp stops with `Unknown char class!`."
            ),
        }
    } else if takes(Accept::MapChar) {
        match vocab::map_char(c) {
            Some(m) => format!(
                "**{lit}** — map character: {}\n\n{}{}",
                m.terrain,
                m.meaning,
                since_note(m.since)
            ),
            None => format!("**{lit}** is not a map character."),
        }
    } else {
        let mut md = format!("**{lit}**");
        if let Some(m) = vocab::monster_class(c) {
            md.push_str(&format!("\n\nAs a monster class: {}.", m.meaning));
        }
        if let Some(o) = vocab::object_class(c) {
            md.push_str(&format!("\n\nAs an object class: {}.", o.meaning));
        }
        md
    };
    md.push_str("\n\n");
    md.push_str(&slot_line(slot, place));
    info(span, md.trim_end().to_string())
}

fn examples(names: &[&str]) -> String {
    match names.len() {
        0 => "No species can be named in this class.".into(),
        n if n <= 6 => format!("{}: {}.", plural(n, "name"), names.join(", ")),
        n => format!("{} names, e.g. {}, …", n, names[..5].join(", ")),
    }
}

// ---- Coordinates, regions, registers ----

/// What the map of the part around `offset` holds at `(x, y)`: a note, or
/// why there is none. `None` outside MAZE levels.
pub(in crate::formats::nethack) fn cell_note(
    text: &str,
    level: &Level,
    offset: usize,
    x: i64,
    y: i64,
) -> Option<String> {
    if level.kind != LevelKind::Maze {
        return None;
    }
    let part = model::part_at(level, offset)?;
    let Some(map) = part.map else {
        return Some("level coordinates (this part has no map)".into());
    };
    let (w, h) = (map.width(), map.height());
    let cell = usize::try_from(x)
        .ok()
        .zip(usize::try_from(y).ok())
        .and_then(|(x, y)| (y < h).then(|| map.cell(text, x, y)).flatten());
    Some(match cell {
        Some(c) => {
            let terrain = vocab::map_char(c).map_or("not a map character", |m| m.terrain);
            format!(
                "map cell `{}` {terrain}",
                if c == ' ' {
                    "␠".to_string()
                } else {
                    c.to_string()
                }
            )
        }
        None => format!("outside the {w} × {h} map"),
    })
}

fn tuple_hover(
    ctx: &Ctx,
    slot: Option<Slot>,
    place: SlotPlace,
    value: &Value,
    elems: &[Value],
    offset: usize,
) -> Option<HoverInfo> {
    let kind = slot.and_then(|s| s.tuple());
    // A word or string inside (ROOM's `(center,top)`, CORRIDOR's wall) is hovered by itself.
    if let Some((e, v)) = elems
        .iter()
        .enumerate()
        .find(|(_, v)| v.span.contains(&offset))
    {
        if !matches!(v.kind, ValueKind::Integer(_))
            || !matches!(kind, Some(TupleKind::Point | TupleKind::Rect))
        {
            let inner = kind.and_then(|k| slots::element_slot(k, e));
            let place = SlotPlace {
                element: Some(e),
                ..place
            };
            if let Some(h) = value_hover(ctx, inner, place, v, offset) {
                return Some(h);
            }
        }
    }
    let span = value.span.clone();
    let at = ctx.statement.span.start;
    let mut md = match kind {
        Some(TupleKind::Point) => {
            let mut md = match value.point() {
                Some((x, y)) => {
                    let mut md = format!("**({x}, {y})** — {}", slot.map_or("", |s| s.name));
                    if let Some(note) = ctx.level.and_then(|l| cell_note(ctx.text, l, at, x, y)) {
                        if note.starts_with("map cell") {
                            md.push_str(&format!(
                                "\n\n{} (relative to this part's map).",
                                capitalise(&note)
                            ));
                        } else {
                            md.push_str(&format!("\n\n{}.", capitalise(&note)));
                        }
                    } else if ctx.level.is_some_and(|l| l.kind == LevelKind::Room) {
                        md.push_str("\n\nRelative to the current room.");
                    }
                    md
                }
                None => "A position is written `(x,y)` with two numbers.".to_string(),
            };
            md.push_str("\n\n");
            md.push_str(&slot_line(slot, place));
            md
        }
        Some(TupleKind::Rect) => {
            let mut md = match value.rect() {
                Some([x1, y1, x2, y2]) => {
                    let mut md = format!(
                        "**({x1}, {y1}) – ({x2}, {y2})** — {}, {} × {} squares",
                        slot.map_or("", |s| s.name),
                        x2 - x1 + 1,
                        y2 - y1 + 1
                    );
                    if let Some(level) = ctx.level {
                        if let (Some(a), Some(b)) = (
                            cell_note(ctx.text, level, at, x1, y1),
                            cell_note(ctx.text, level, at, x2, y2),
                        ) {
                            md.push_str(&format!("\n\nTop left: {a}; bottom right: {b}."));
                        }
                    }
                    if x1 > x2 || y1 > y2 {
                        md.push_str("\n\n**The start is after the end:** lev_comp says `Region start > end!`.");
                    }
                    md
                }
                None => "A region is written `(x1,y1,x2,y2)` with four numbers.".to_string(),
            };
            md.push_str("\n\n");
            md.push_str(&slot_line(slot, place));
            md
        }
        _ => {
            let mut md = format!("**{}**", &ctx.text[span.clone()]);
            if let Some(s) = slot {
                md.push_str(&format!(" — {}", s.name));
            }
            md.push_str("\n\n");
            md.push_str(&slot_line(slot, place));
            md
        }
    };
    md = md.trim_end().to_string();
    info(span, md)
}

fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn register_hover(
    ctx: &Ctx,
    name: &str,
    index: i64,
    span: Range<usize>,
    slot: Option<Slot>,
    place: SlotPlace,
) -> Option<HoverInfo> {
    let mut md = format!("**{name}[{index}]**");
    if name == "align" {
        md.push_str(&format!(
            " — one of the three alignments, shuffled each time the level is made (index 0–{}).",
            vocab::MAX_ALIGN_REGISTER_INDEX
        ));
        if !(0..=vocab::MAX_ALIGN_REGISTER_INDEX as i64).contains(&index) {
            md.push_str("\n\n**Index out of range:** lev_comp says `Register Index overflow!`.");
        }
    } else if let Some(list_kw) = model::list_keyword(name) {
        let at = ctx.statement.span.start;
        let list = ctx.level.and_then(|l| model::register_list(l, at, list_kw));
        match list {
            None => md.push_str(&format!(" — no `{list_kw}` list is in force here.")),
            Some(list) => {
                let n = list.args.len();
                match model::list_entry(list, index) {
                    Some(v) => {
                        md.push_str(&format!(
                            " — entry {index} of `{list_kw}` as written: `{}`",
                            &ctx.text[v.span.clone()]
                        ));
                        if let (Some((x, y)), Some(level)) = (v.point(), ctx.level) {
                            if let Some(note) = cell_note(ctx.text, level, at, x, y) {
                                md.push_str(&format!(" ({note})"));
                            }
                        } else if let Some(c) = v.char() {
                            let meaning = if name == "monster" {
                                vocab::monster_class(c).map(|m| m.meaning)
                            } else {
                                vocab::object_class(c).map(|o| o.meaning)
                            };
                            if let Some(m) = meaning {
                                md.push_str(&format!(" ({m})"));
                            }
                        }
                        md.push_str(&format!(
                            ".\n\nThe list is shuffled each time the level is made, so this is any one of its {}.",
                            plural(n, "entry").replace("entrys", "entries")
                        ));
                    }
                    None => md.push_str(&format!(
                        " — `{list_kw}` has only {}; this index refers to nothing.",
                        plural(n, "entry").replace("entrys", "entries")
                    )),
                }
            }
        }
        if !(0..=vocab::MAX_REGISTER_INDEX as i64).contains(&index) {
            md.push_str("\n\n**Index out of range:** lev_comp says `Register Index overflow!`.");
        }
    }
    md.push_str("\n\n");
    md.push_str(&slot_line(slot, place));
    info(span, md.trim_end().to_string())
}

// ---- MAP blocks ----

pub(in crate::formats::nethack) fn map_hover(
    text: &str,
    level: Option<&Level>,
    map: &MapBlock,
    offset: usize,
) -> Option<HoverInfo> {
    if map.start.contains(&offset) {
        let k = vocab::keyword("MAP")?;
        let mut md = keywords::fixed_form(k, level);
        md.push_str(&format!(
            "\n\nThis map: {} × {}.",
            map.width(),
            map.height()
        ));
        return info(map.start.clone(), md);
    }
    if let Some(end) = map.end.as_ref().filter(|e| e.contains(&offset)) {
        return info(
            end.clone(),
            keywords::fixed_form(vocab::keyword("ENDMAP")?, level),
        );
    }
    let row = map.rows.iter().find(|r| r.span.contains(&offset))?;
    let c = text[offset..].chars().next()?;
    let span = offset..offset + c.len_utf8();
    if row.bad {
        return info(
            row.span.clone(),
            "This line is not a map row: it holds characters that are not map characters, so lev_comp reads it as statements (a syntax error).".into(),
        );
    }
    if c.is_ascii_digit() {
        return info(span, format!("**{c}** — a digit in a map row: lev_comp 3.4 deletes digits before reading the row (handy for column rulers and line numbers)."));
    }
    let (x, y) = map.cell_at(offset)?;
    let shown = if c == ' ' {
        "␠ (space)".to_string()
    } else {
        format!("`{c}`")
    };
    let md = match vocab::map_char(c) {
        Some(m) => format!(
            "**{shown}** — {}\n\n{}{}\n\nCell ({x}, {y}) of this {} × {} map.",
            m.terrain,
            m.meaning,
            since_note(m.since),
            map.width(),
            map.height()
        ),
        None => format!("**{shown}** is not a map character."),
    };
    info(span, md)
}
