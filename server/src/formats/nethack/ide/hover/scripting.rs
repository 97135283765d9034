//! 3.6 hover: the dialect in force (on the level header), variables (type,
//! first value, assignments and uses), 3.6 keywords and their forms, value
//! words, what a selection expression selects, conditions and chances. Map
//! cells are the same in both dialects and go to [`super::statements`].

use super::statements as hover;
use super::{info, keywords, levels, values};
use crate::formats::nethack::dialect::{Choice, Dialect};
use crate::formats::nethack::ide::navigation::occurrences;
use crate::formats::nethack::ide::outline::shorten;
use crate::formats::nethack::ide::slots;
use crate::formats::nethack::names;
use crate::formats::nethack::names::scripting::forms::selection_fn;
use crate::formats::nethack::names::scripting::WORDS_36;
use crate::formats::nethack::names::vocabulary as vocab;
use crate::formats::nethack::syntax::model;
use crate::formats::nethack::syntax::scope;
use crate::formats::nethack::syntax::{Document, Item, Level, Statement, Value, ValueKind};
use crate::formats::HoverInfo;

pub fn hover(text: &str, doc: &Document, choice: &Choice, offset: usize) -> Option<HoverInfo> {
    if offset >= text.len() || !text.is_char_boundary(offset) {
        return None;
    }
    if let Some(level) = levels::header_at(doc, offset) {
        let mut md = keywords::scripted_form(&level.header.keyword);
        md.push_str("\n\n");
        md.push_str(&levels::summary(level, Dialect::V36));
        md.push_str("\n\n");
        md.push_str(&levels::dialect_line(text, choice));
        return info(level.header.keyword_span.clone(), md);
    }
    let top = || {
        doc.prelude
            .iter()
            .chain(doc.levels.iter().flat_map(|l| l.items.iter()))
    };
    let scopes = scope::scopes(text, doc);
    if let Some(v) = scope::variable_at(&scopes, offset) {
        if let Some(at) = occurrences(v).into_iter().find(|r| r.contains(&offset)) {
            let mut md = variable_markdown(text, v);
            // The slot the variable fills, when it is a statement's value.
            if let Some(Item::Statement(s)) = deepest(top(), offset) {
                let own_end = s.body.as_ref().map_or(s.span.end, |b| b.span.start);
                let reading = slots::read(text, s.keyword_span.start, own_end);
                if let Some(line) = reading
                    .leaf_at(offset)
                    .and_then(|l| values::slot_line_of(&reading, l))
                {
                    md.push_str(&format!("\n\n{line}"));
                }
            }
            return info(at, md);
        }
    }
    let level = model::level_at(&doc.levels, offset).filter(|l| l.span.start <= offset);
    let top = top();
    let h = Here {
        text,
        level,
        offset,
    };
    // The arguments of a level's header.
    if let Some(l) = doc.levels.iter().find(|l| l.header.span.contains(&offset)) {
        return h.statement(&l.header);
    }
    let item = deepest(top, offset)?;
    match item {
        Item::Map(map) => {
            let c = text[offset..].chars().next()?;
            if c == 'x' && map.rows.iter().any(|r| r.span.contains(&offset)) {
                return info(
                    offset..offset + 1,
                    "**`x`** — leave the terrain under the map unchanged (NetHack 3.6).".into(),
                );
            }
            hover::map_hover(text, level, map, offset)
        }
        Item::Statement(s) => h.statement(s),
        Item::Assignment(a) => h.value(a.value.as_ref()?, None),
        Item::Call(c) => c
            .args
            .iter()
            .find(|v| v.span.contains(&offset))
            .and_then(|v| h.value(v, None)),
        Item::For(f) => {
            if f.keyword_span.contains(&offset) {
                return info(f.keyword_span.clone(), keywords::scripted_form("FOR"));
            }
            [&f.from, &f.to]
                .into_iter()
                .flatten()
                .find(|v| v.span.contains(&offset))
                .and_then(|v| h.value(v, None))
        }
        Item::Chance(c) => {
            if let Some(ch) = c.chance.as_ref().filter(|ch| ch.span.contains(&offset)) {
                return info(
                    ch.span.clone(),
                    chance_markdown(ch.percent, "the statement after it"),
                );
            }
            h.value(c.condition.as_deref()?, None)
                .or_else(|| condition_hover(text, None, c.condition.as_deref()?, offset))
        }
        Item::Label(l) => {
            if l.keyword_span.contains(&offset) {
                return info(l.keyword_span.clone(), keywords::scripted_form(&l.keyword));
            }
            h.value(l.value.as_ref()?, None)
        }
    }
}

/// The innermost item holding the offset.
fn deepest<'a>(items: impl Iterator<Item = &'a Item>, offset: usize) -> Option<&'a Item> {
    let item = items.into_iter().find(|i| i.span().contains(&offset))?;
    deepest(item.children().into_iter(), offset).or(Some(item))
}

fn chance_markdown(percent: i64, what: &str) -> String {
    let mut md = format!("**{percent}%** chance of running {what} each time the level is made.");
    if !(0..=100).contains(&percent) {
        md.push_str("\n\n**Out of range:** lev_comp wants 0 to 100 (`Unexpected percentile`).");
    }
    md
}

fn condition_hover(
    text: &str,
    keyword: Option<&str>,
    cond: &Value,
    offset: usize,
) -> Option<HoverInfo> {
    cond.span.contains(&offset).then_some(())?;
    let written = shorten(text.get(cond.span.clone())?, 40);
    let md = match &cond.kind {
        ValueKind::Percent(n) => chance_markdown(*n, "the block"),
        ValueKind::Binary { operator, .. } => {
            format!("**[{written}]** — holds when the comparison `{operator}` is true.")
        }
        _ => match keyword {
            Some("LOOP") => format!("**[{written}]** — the block runs this many times."),
            Some("SWITCH") => {
                format!("**[{written}]** — a random number from 0 to this minus 1 picks the CASE.")
            }
            _ => format!("**[{written}]** — holds when the value is not zero."),
        },
    };
    info(cond.span.clone(), md)
}

fn variable_markdown(text: &str, v: &scope::Variable) -> String {
    let mut md = format!("```text\n{}: {}\n```", v.name, v.ty.describe());
    if let Some(value) = v.first_value.as_ref().and_then(|r| text.get(r.clone())) {
        md.push_str(&format!("\n\nFirst value: `{}`", shorten(value, 60)));
    }
    let n = |k: usize, what: &str| {
        if k == 1 {
            format!("1 {what}")
        } else {
            format!("{k} {what}s")
        }
    };
    md.push_str(&format!(
        "\n\n{}, {}.",
        n(v.definitions.len(), "assignment"),
        n(v.uses.len(), "use")
    ));
    if v.definitions.is_empty() {
        md.push_str("\n\n**Never assigned:** lev_comp reads it as a syntax error.");
    }
    md
}

/// What the cursor is in, for value hovers.
struct Here<'a> {
    text: &'a str,
    level: Option<&'a Level>,
    offset: usize,
}

impl Here<'_> {
    fn statement(&self, s: &Statement) -> Option<HoverInfo> {
        let offset = self.offset;
        if s.keyword_span.contains(&offset) {
            return info(s.keyword_span.clone(), keywords::scripted_form(&s.keyword));
        }
        if let Some(ch) = s.chance.as_ref().filter(|c| c.span.contains(&offset)) {
            let what = match s.keyword.as_str() {
                "IF" => "the block".to_string(),
                k => format!("this `{k}`"),
            };
            return info(ch.span.clone(), chance_markdown(ch.percent, &what));
        }
        if let Some(cond) = s.condition.as_deref().filter(|c| c.span.contains(&offset)) {
            // A bare number or dice is the count or bound; say what it does.
            if matches!(
                cond.kind,
                ValueKind::Integer(_) | ValueKind::Dice { .. } | ValueKind::Percent(_)
            ) {
                return condition_hover(self.text, Some(&s.keyword), cond, offset);
            }
            return self
                .value(cond, None)
                .or_else(|| condition_hover(self.text, Some(&s.keyword), cond, offset));
        }
        let i = s.args.iter().position(|v| v.span.contains(&offset))?;
        let hovered = self.value(&s.args[i], Some((s, i)));
        // `line (a), (b)`: the second point is the next argument.
        let tree = match (&s.args[i].kind, hovered) {
            (ValueKind::Call { name, .. }, Some(mut h)) if name == "line" || name == "randline" => {
                if let Some(next) = s.args.get(i + 1) {
                    h.range.end = h.range.end.max(next.span.end);
                }
                Some(h)
            }
            (_, h) => h,
        };
        // The slot the value fills, read as lev_comp 3.6 reads the statement.
        let own_end = s.body.as_ref().map_or(s.span.end, |b| b.span.start);
        let reading = slots::read(self.text, s.keyword_span.start, own_end);
        match reading.leaf_at(offset) {
            // A number of a coordinate or region: the whole tuple (its map cell).
            Some(leaf) => {
                let leaf = reading.coordinate_of(leaf).unwrap_or(leaf);
                values::hover(self.text, &reading, leaf, tree)
            }
            None => tree,
        }
    }

    /// The hover of the innermost explainable value under the cursor.
    fn value(&self, v: &Value, at: Option<(&Statement, usize)>) -> Option<HoverInfo> {
        let offset = self.offset;
        if !v.span.contains(&offset) {
            return None;
        }
        let span = v.span.clone();
        let written = shorten(self.text.get(span.clone()).unwrap_or(""), 50);
        match &v.kind {
            ValueKind::Call { name, args, .. } => {
                let inner = args
                    .iter()
                    .filter(|a| !matches!(a.kind, ValueKind::Integer(_)))
                    .find_map(|a| self.value(a, None));
                if let Some(h) = inner.filter(|_| name != "floodfill" && name != "rect" && name != "fillrect") {
                    return Some(h);
                }
                info(span, self.call_markdown(name, args, &written, at))
            }
            ValueKind::Binary {
                operator,
                operator_span,
                left,
                right,
            } => {
                if let Some(h) = self.value(left, None).or_else(|| self.value(right, None)) {
                    return Some(h);
                }
                let md = match operator.as_str() {
                    "&" => format!("**`{written}`** — a selection: the union of both sides (every cell of either)."),
                    "|" => format!("**`{written}`** — either of these (flags or directions combined)."),
                    "+" | "*" | "/" | "%" => format!("**`{written}`** — an integer expression."),
                    "." => format!("**`{written}`** — the two strings joined."),
                    op => format!("**`{written}`** — a comparison (`{op}`), true or false."),
                };
                info(operator_span.start.min(span.start)..span.end, md)
            }
            ValueKind::Keyed { key, key_span, value } => {
                if key_span.contains(&offset) {
                    let md = match WORDS_36.iter().find(|(w, _)| w.eq_ignore_ascii_case(key)) {
                        Some((_, m)) => format!("**{key}:** — {m}"),
                        None => format!("**{key}:** — a `key: value` pair."),
                    };
                    return info(key_span.clone(), md);
                }
                self.value(value, None)
            }
            ValueKind::Word(w) => info(span, word_markdown(w)),
            ValueKind::Register { name, index, .. } => info(
                span,
                match name.as_str() {
                    "align" => format!("**align[{index}]** — the level's {index}th shuffled alignment (0–2)."),
                    "random" => format!("**`{written}`** — a random coordinate of the kind named inside the brackets."),
                    _ => format!("`{name}[i]` registers are NetHack 3.4.3's; 3.6 uses array variables (`$name[i]`)."),
                },
            ),
            ValueKind::Tuple(items) => {
                if let Some(h) = items.iter().find_map(|a| self.value(a, None).filter(|_| !matches!(a.kind, ValueKind::Integer(_)))) {
                    return Some(h);
                }
                info(span, self.tuple_markdown(v, &written))
            }
            ValueKind::List(items) => items.iter().find_map(|a| self.value(a, None)).or_else(|| {
                info(span, format!("A list of {} values (an array for a variable, then `SHUFFLE` or `$name[i]`).", items.len()))
            }),
            ValueKind::Weighted { value, chance } => {
                if chance.span.contains(&offset) {
                    return info(chance.span.clone(), chance_markdown(chance.percent, "this room type"));
                }
                self.value(value, at)
            }
            ValueKind::Dice { count, sides } => info(
                span,
                format!(
                    "**{count}d{sides}** — a dice roll: {count} to {}.",
                    count.saturating_mul(*sides)
                ),
            ),
            ValueKind::Percent(n) => info(span, format!("**{n}%** — a percentage.")),
            ValueKind::Integer(n) => info(span, format!("**{n}**")),
            ValueKind::Char(c) => info(span, self.char_markdown(*c, at)),
            ValueKind::String(s) => info(span, self.string_markdown(s, at)),
            ValueKind::Tagged { name, text, .. } => info(span, format!("**{name} \"{text}\"**")),
            ValueKind::Variable { index, .. } => index.as_deref().and_then(|i| self.value(i, None)),
        }
    }

    fn call_markdown(
        &self,
        name: &str,
        args: &[Value],
        written: &str,
        at: Option<(&Statement, usize)>,
    ) -> String {
        if let Some(f) = selection_fn(name) {
            let (form, what) = (f.form, f.what);
            let detail = match (name, args) {
                ("rect" | "fillrect", [a, b, c, d]) => format!(
                    " Here: from ({}, {}) to ({}, {}).",
                    self.src(a),
                    self.src(b),
                    self.src(c),
                    self.src(d)
                ),
                ("floodfill", [x, y]) => format!(" Here: from ({}, {}).", self.src(x), self.src(y)),
                ("filter", [first, _]) => match &first.kind {
                    ValueKind::Percent(n) => format!(" Here: each cell kept with a {n}% chance."),
                    ValueKind::Char(c) => format!(" Here: the cells whose terrain is `{c}`."),
                    _ => " Here: the cells in both selections.".to_string(),
                },
                _ => String::new(),
            };
            let statement = at.map_or(String::new(), |(s, _)| match s.keyword.as_str() {
                "TERRAIN" => " `TERRAIN` changes the terrain of these cells.".to_string(),
                k => format!(" Used by `{k}`."),
            });
            return format!("```text\n{form}\n```\n\nSelects {what}.{detail}{statement}");
        }
        match name {
            "levregion" => format!("**`{written}`** — a rectangle in whole-level coordinates."),
            _ => format!("`{name}(…)` is not a NetHack 3.6 function."),
        }
    }

    fn src(&self, v: &Value) -> &str {
        self.text.get(v.span.clone()).unwrap_or("?")
    }

    fn tuple_markdown(&self, v: &Value, written: &str) -> String {
        let Some((x, y)) = v.point() else {
            return match v.rect() {
                Some([x1, y1, x2, y2]) => {
                    format!("**`{written}`** — a region from ({x1}, {y1}) to ({x2}, {y2}).")
                }
                None => format!("**`{written}`**"),
            };
        };
        let mut md = format!("**({x}, {y})** — a coordinate.");
        // Relative to the map of the part it is in, as in 3.4.3.
        let cell = self.level.and_then(|l| {
            let part = model::part_at(l, self.offset)?;
            let map = part.map?;
            let (cx, cy) = (usize::try_from(x).ok()?, usize::try_from(y).ok()?);
            map.cell(self.text, cx, cy)
        });
        if let Some(c) = cell {
            let terrain = match c {
                'x' => "unchanged terrain",
                c => vocab::map_char(c).map_or("an unknown map character", |m| m.terrain),
            };
            md.push_str(&format!("\n\nOn the map: `{c}` — {terrain}."));
        }
        md
    }

    fn char_markdown(&self, c: char, at: Option<(&Statement, usize)>) -> String {
        let keyword = at.map(|(s, _)| s.keyword.as_str());
        match keyword {
            Some("MONSTER") => vocab::monster_class(c).map_or_else(
                || format!("`'{c}'` is not a monster class."),
                |m| format!("**'{c}'** — monster class: {}", m.meaning),
            ),
            Some("OBJECT" | "CONTAINER") => vocab::object_class(c).map_or_else(
                || format!("`'{c}'` is not an object class."),
                |m| format!("**'{c}'** — object class: {}", m.meaning),
            ),
            _ => match vocab::map_char(c) {
                Some(m) => format!("**'{c}'** — {}\n\n{}", m.terrain, m.meaning),
                None => format!("**'{c}'**"),
            },
        }
    }

    fn string_markdown(&self, s: &str, at: Option<(&Statement, usize)>) -> String {
        let keyword = at.map(|(st, _)| st.keyword.as_str());
        match keyword {
            Some("MONSTER") => match names::find_monster_in(Dialect::V36, s, None) {
                Some(n) => format!(
                    "**\"{s}\"** — monster (class `{}`){}",
                    n.class,
                    super::tree_monster_details(n.name, n.class)
                ),
                None => format!(
                    "**\"{s}\"** — not a known monster: lev_comp 3.6 stops with `Unknown monster`."
                ),
            },
            Some("OBJECT" | "CONTAINER") => match names::find_object_in(Dialect::V36, s, None) {
                Some(n) => format!("**\"{s}\"** — object (class `{}`)", n.class),
                None => format!("**\"{s}\"** — not a known object name."),
            },
            Some("TRAP") => match vocab::TRAPS.iter().find(|t| t.name == s) {
                Some(t) => format!("**\"{s}\"** — trap\n\n{}", t.meaning),
                None => format!("**\"{s}\"** — a trap name."),
            },
            Some("ROOM" | "SUBROOM" | "REGION") => {
                match vocab::ROOM_TYPES.iter().find(|t| t.name == s) {
                    Some(t) => format!("**\"{s}\"** — room type\n\n{}", t.meaning),
                    None => format!("**\"{s}\"**"),
                }
            }
            _ => format!("**\"{s}\"** — a string ({} bytes).", s.len()),
        }
    }
}

fn word_markdown(w: &str) -> String {
    if let Some(f) = selection_fn(w) {
        return format!("```text\n{}\n```\n\nSelects {}.", f.form, f.what);
    }
    if let Some((_, meaning)) = WORDS_36.iter().find(|(s, _)| *s == w) {
        return format!("**{w}** — {meaning} NetHack 3.6.");
    }
    if w == "contained" {
        return "`contained` is NetHack 3.4.3's; 3.6 puts objects in a CONTAINER's `{ }` block."
            .into();
    }
    match vocab::value_classes_of(w).first() {
        Some(v) => format!("**{w}** — {}\n\n{}", v.class.describe(), v.meaning),
        None => format!("`{w}` is not a NetHack 3.6 value word."),
    }
}
