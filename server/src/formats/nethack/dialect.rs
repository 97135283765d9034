//! Which `lev_comp` language a `.des` file is written in. NetHack 3.6
//! rewrote the language (free order, `{ }` blocks, `$variables`, IF/LOOP…) and
//! the two compilers reject each other's files, so levls checks a file with
//! the dialect it is in: the user's choice when given (a first-line comment,
//! the `nethack.dialect` setting, `levls.toml`), else what its content shows.

use crate::formats::nethack::names::vocabulary::{self, FLAGS_3_6, VALUE_WORDS_3_6};
use crate::formats::nethack::syntax::{Document, Item, Level, Statement, Value, ValueKind};
use std::ops::Range;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// NetHack 3.4.3 (and 3.2), SLASH'EM, dNetHack…: fixed order, RANDOM_* registers.
    V343,
    /// NetHack 3.6 (MiniHack, SpliceHack…): blocks, variables, control flow.
    V36,
}

impl Dialect {
    pub fn label(self) -> &'static str {
        match self {
            Dialect::V343 => "3.4.3",
            Dialect::V36 => "3.6",
        }
    }
    /// `3.4.3` / `343` / `3.4` / `3.2` → 3.4.3; `3.6` / `36` / `3.6.7` → 3.6.
    pub fn parse(text: &str) -> Option<Dialect> {
        match text.trim().to_ascii_lowercase().as_str() {
            "3.4.3" | "343" | "3.4" | "3.2" | "3.3" => Some(Dialect::V343),
            "3.6" | "36" | "3.6.0" | "3.6.6" | "3.6.7" => Some(Dialect::V36),
            _ => None,
        }
    }
}

/// The dialect in force and why, for hover and the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub dialect: Dialect,
    /// "first-line comment", "setting", or the construct that decided it.
    pub reason: String,
    /// Where the deciding construct or comment is.
    pub span: Option<Range<usize>>,
}

/// `# levls: dialect 3.6` (or `dialect=3.6`) in the file's leading comments.
pub fn from_comment(text: &str) -> Option<(Dialect, Range<usize>)> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        if !trimmed.is_empty() && !trimmed.starts_with('#') {
            break;
        }
        if let Some(rest) = trimmed
            .strip_prefix('#')
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix("levls:"))
        {
            let rest = rest.trim_start();
            if let Some(value) = rest.strip_prefix("dialect") {
                let value = value.trim_start().trim_start_matches(['=', ':']).trim();
                if let Some(d) = Dialect::parse(value.split_whitespace().next().unwrap_or("")) {
                    let end = offset + line.trim_end().len();
                    return Some((d, offset..end));
                }
            }
        }
        offset += line.len();
    }
    None
}

/// Statement keywords only the 3.6 language has.
pub const NEWER_KEYWORDS: &[&str] = &[
    "ROOMDOOR",
    "TERRAIN",
    "REPLACE_TERRAIN",
    "GRAVE",
    "MINERALIZE",
    "IF",
    "ELSE",
    "EXIT",
    "FOR",
    "LOOP",
    "SWITCH",
    "CASE",
    "BREAK",
    "DEFAULT",
    "FUNCTION",
    "SHUFFLE",
];

/// Statement keywords and forms only the 3.4.3 language has.
const OLDER_KEYWORDS: &[&str] = &[
    "RANDOM_PLACES",
    "RANDOM_MONSTERS",
    "RANDOM_OBJECTS",
    "CHANCE",
];

/// The first sign of the 3.6 language in one item, with what it is.
pub fn newer_item(text: &str, item: &Item) -> Option<(Range<usize>, String)> {
    match item {
        Item::Assignment(a) if a.variable.span.is_empty() => None,
        Item::Assignment(a) => Some((
            a.variable.span.clone(),
            format!(
                "`{}`: variables are NetHack 3.6",
                text.get(a.variable.span.clone()).unwrap_or("$")
            ),
        )),
        Item::For(f) => Some((
            f.keyword_span.clone(),
            "`FOR` is a NetHack 3.6 statement".to_string(),
        )),
        Item::Chance(c) => Some((
            c.span.start..c.span.start + 1,
            "`[n%]:` before a statement is NetHack 3.6 (3.4.3 writes `MONSTER[n%]:`)".to_string(),
        )),
        Item::Label(l) => Some((
            l.keyword_span.clone(),
            format!("`{}` is a NetHack 3.6 statement", l.keyword),
        )),
        Item::Map(_) => None,
        Item::Statement(s) => newer_statement(text, s),
    }
}

fn newer_statement(text: &str, s: &Statement) -> Option<(Range<usize>, String)> {
    if NEWER_KEYWORDS.contains(&s.keyword.as_str()) {
        return Some((
            s.keyword_span.clone(),
            format!("`{}` is a NetHack 3.6 statement", s.keyword),
        ));
    }
    if let Some(body) = &s.body {
        return Some((
            body.span.start..body.span.start + 1,
            "`{`: blocks are NetHack 3.6".to_string(),
        ));
    }
    // `MONSTER: ('d', "jackal"), …`: 3.6 writes class and name as one pair.
    if matches!(s.keyword.as_str(), "MONSTER" | "OBJECT" | "CONTAINER") {
        if let Some(first) = s.args.first().filter(
            |a| matches!(&a.kind, ValueKind::Tuple(t) if t.len() == 2 && t[0].char().is_some()),
        ) {
            return Some((
                first.span.clone(),
                "`('c', \"name\")`: a class and name pair is NetHack 3.6".to_string(),
            ));
        }
    }
    s.args.iter().find_map(|v| newer_value(text, v))
}

/// A 3.6-only value: variables, lists, `key: value`, expressions, dice…
pub fn newer_value(text: &str, v: &Value) -> Option<(Range<usize>, String)> {
    // The parser's recovery may invent an empty token (a `$variable` with no
    // name while a statement is half typed): that is no evidence.
    if v.span.is_empty() {
        return None;
    }
    let what = match &v.kind {
        ValueKind::Variable { name_span, .. } if name_span.is_empty() => return None,
        ValueKind::Variable { .. } => "variables are",
        ValueKind::List(_) => "`{ … }` lists are",
        // `, CHANCE: 5` after a TRAP is 3.2, not 3.6.
        ValueKind::Keyed { key, .. } if key.chars().all(|c| c.is_ascii_lowercase() || c == '_') => {
            "`key: value` pairs are"
        }
        ValueKind::Binary { .. } => "expressions are",
        ValueKind::Weighted { .. } => "a chance after a string is",
        ValueKind::Dice { .. } => "dice are",
        ValueKind::Percent(_) => "percentages outside `[n%]` are",
        ValueKind::Word(w) if newer_word(w) => {
            return Some((v.span.clone(), format!("`{w}` is a NetHack 3.6 word")));
        }
        ValueKind::Call { name, .. } if newer_word(name) => {
            return Some((
                v.span.start..v.span.start + name.len(),
                format!("`{name}(…)` is a NetHack 3.6 function"),
            ));
        }
        ValueKind::Tuple(items) => return items.iter().find_map(|i| newer_value(text, i)),
        ValueKind::Call { args, .. } => return args.iter().find_map(|i| newer_value(text, i)),
        _ => return None,
    };
    let written = text.get(v.span.clone()).unwrap_or("");
    let shown: String = written
        .lines()
        .next()
        .unwrap_or("")
        .chars()
        .take(24)
        .collect();
    Some((v.span.clone(), format!("`{shown}`: {what} NetHack 3.6")))
}

/// A word 3.6's lexer knows and 3.4.3's does not: a flag (`premapped`), a
/// fill style (`solidfill`, `mazegrid`), a selection function (`rect`), an
/// info word (`buried`)… Uppercase words and 3.4.3's own words are no evidence.
fn newer_word(w: &str) -> bool {
    w.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
        && (VALUE_WORDS_3_6.contains(&w) || FLAGS_3_6.contains(&w))
        && vocabulary::value_classes_of(w).is_empty()
}

/// A hint of 3.6 that decides only when nothing else does: MiniHack's level
/// name `"mylevel"` (MiniHack runs NetHack 3.6's lev_comp on every level it
/// builds). A long level name is no hint: in a 3.4.3 file it is an error to
/// report, not a reason to read the file as 3.6.
fn newer_hint(level: &Level) -> Option<(Range<usize>, String)> {
    let (name, span) = level.name()?;
    (name == "mylevel").then(|| {
        (
            span,
            "`\"mylevel\"` is MiniHack's level name, and MiniHack runs NetHack 3.6".to_string(),
        )
    })
}

/// The first sign of the 3.4.3 language in one item.
fn older_item(item: &Item) -> Option<(Range<usize>, String)> {
    let s = item.statement()?;
    if OLDER_KEYWORDS.contains(&s.keyword.as_str()) {
        return Some((
            s.keyword_span.clone(),
            format!("`{}` is NetHack 3.4.3's", s.keyword),
        ));
    }
    // `MONSTER[50%]:`; 3.6's `IF [50%] {` is a condition.
    if s.chance.is_some()
        && s.body.is_none()
        && matches!(
            s.keyword.as_str(),
            "MONSTER" | "OBJECT" | "CONTAINER" | "TRAP"
        )
    {
        return Some((
            s.keyword_span.clone(),
            format!("`{}[n%]:` is NetHack 3.4.3's chance", s.keyword),
        ));
    }
    for v in &s.args {
        match &v.kind {
            ValueKind::Register { name, .. } if name != "align" => {
                return Some((
                    v.span.clone(),
                    format!("`{name}[i]` registers are NetHack 3.4.3's"),
                ))
            }
            ValueKind::Word(w) if w == "contained" => {
                return Some((v.span.clone(), "`contained` is NetHack 3.4.3's".to_string()))
            }
            _ => {}
        }
    }
    // `MONSTER: 'd', "jackal", (1,1)`: class, name and place as three arguments.
    if matches!(s.keyword.as_str(), "MONSTER" | "OBJECT" | "CONTAINER")
        && s.args.len() >= 3
        && s.args[0].char().is_some()
        && s.args[1].string().is_some()
    {
        return Some((
            s.args[0].span.start..s.args[1].span.end,
            "a class and a name as two arguments is NetHack 3.4.3's".to_string(),
        ));
    }
    None
}

/// Every item of the document, nested ones included, in file order.
fn all_items(doc: &Document) -> impl Iterator<Item = &Item> {
    doc.prelude
        .iter()
        .chain(doc.levels.iter().flat_map(|l| l.items.iter()))
        .flat_map(Item::walk)
}

/// The first construct of each dialect in a document (or part of one), with
/// why it belongs to it: what [`choose`] decides from. `hint` (of 3.6)
/// decides only when neither dialect shows a construct of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Evidence {
    pub newer: Option<(Range<usize>, String)>,
    pub older: Option<(Range<usize>, String)>,
    pub hint: Option<(Range<usize>, String)>,
}

impl Evidence {
    pub fn of(text: &str, doc: &Document) -> Evidence {
        Evidence {
            newer: all_items(doc).find_map(|i| newer_item(text, i)),
            older: all_items(doc).find_map(older_item),
            hint: doc.levels.iter().find_map(newer_hint),
        }
    }

    /// The earlier evidence of two parts of a file, `self` coming first.
    pub fn then(self, later: Evidence) -> Evidence {
        Evidence {
            newer: self.newer.or(later.newer),
            older: self.older.or(later.older),
            hint: self.hint.or(later.hint),
        }
    }
}

/// The dialect of a file: `forced` (a setting) unless the file's own
/// first-line comment says otherwise; else the language its content uses
/// first; a file with no sign of either is 3.4.3.
pub fn choose(text: &str, doc: &Document, forced: Option<Dialect>) -> Choice {
    choose_from(text, forced, || Evidence::of(text, doc))
}

/// [`choose`], with the content's evidence computed only when needed.
pub fn choose_from(
    text: &str,
    forced: Option<Dialect>,
    evidence: impl FnOnce() -> Evidence,
) -> Choice {
    if let Some((dialect, span)) = from_comment(text) {
        return Choice {
            dialect,
            reason: "the file's `# levls: dialect` comment".to_string(),
            span: Some(span),
        };
    }
    if let Some(dialect) = forced {
        return Choice {
            dialect,
            reason: "the `nethack.dialect` setting".to_string(),
            span: None,
        };
    }
    let Evidence { newer, older, hint } = evidence();
    match (newer, older) {
        (Some((n, why)), Some((o, _))) if n.start <= o.start => detected(Dialect::V36, why, n),
        (Some((n, why)), None) => detected(Dialect::V36, why, n),
        (_, Some((o, why))) => detected(Dialect::V343, why, o),
        (None, None) => match hint {
            Some((span, why)) => detected(Dialect::V36, why, span),
            None => Choice {
                dialect: Dialect::V343,
                reason: "no construct of either dialect yet; 3.4.3 is the default".to_string(),
                span: None,
            },
        },
    }
}

fn detected(dialect: Dialect, why: String, span: Range<usize>) -> Choice {
    Choice {
        dialect,
        reason: why,
        span: Some(span),
    }
}

#[cfg(test)]
mod tests;
