//! 3.6 outline and folding. Levels hold their maps, rooms (with nested
//! subrooms and contents), IF/ELSE/LOOP/SWITCH/FOR blocks (with every
//! statement inside them), notable statements and variables (name, type).
//! Every `{ … }` block folds, as do levels, MAPs and comment runs.

use crate::formats::nethack::syntax::scope::{self, Scope};
use crate::formats::nethack::syntax::{
    Document, Item, Level, LevelKind, Statement, Value, ValueKind,
};
use crate::formats::{Fold, FoldKind, Symbol, SymbolKind};
use std::ops::Range;

/// Statements worth a line at the level's top: where the hero arrives and leaves.
const NOTABLE: [&str; 5] = ["STAIR", "LADDER", "PORTAL", "BRANCH", "TELEPORT_REGION"];
/// Statements whose block is control flow: everything inside is listed.
const CONTROL: [&str; 4] = ["IF", "ELSE", "LOOP", "SWITCH"];

struct Outliner<'a> {
    text: &'a str,
    scopes: Vec<Scope>,
}

pub fn symbols(text: &str, doc: &Document) -> Vec<Symbol> {
    let o = Outliner {
        text,
        scopes: scope::scopes(text, doc),
    };
    doc.levels.iter().map(|l| o.level(l)).collect()
}

/// At most `max` characters of the first line of `s`, with `…` when cut.
pub(in crate::formats::nethack) fn shorten(s: &str, max: usize) -> String {
    let line = s.lines().next().unwrap_or("").trim();
    let mut out: String = line.chars().take(max).collect();
    if out.len() < s.trim().len() {
        out.push('…');
    }
    out
}

impl Outliner<'_> {
    fn src(&self, span: &Range<usize>) -> &str {
        self.text.get(span.clone()).unwrap_or("")
    }

    fn level(&self, level: &Level) -> Symbol {
        let (name, selection) = match level.name() {
            Some((name, span)) => (name.to_string(), span),
            None => (
                level.header.keyword.clone(),
                level.header.keyword_span.clone(),
            ),
        };
        let detail = match level.kind {
            LevelKind::Maze => "maze",
            LevelKind::Room => "room-and-corridor level",
        };
        Symbol {
            name,
            detail: Some(detail.to_string()),
            kind: SymbolKind::Module,
            range: level.span.clone(),
            selection,
            children: self.items(&level.items, false),
        }
    }

    /// The symbols of a list of items; `all` lists every statement (inside
    /// control blocks), otherwise only structure and notable statements.
    /// `CASE n:`/`DEFAULT:` gather the items after them.
    fn items(&self, items: &[Item], all: bool) -> Vec<Symbol> {
        let mut out: Vec<Symbol> = Vec::new();
        let mut in_case = false;
        for item in items {
            if let Item::Label(l) = item {
                let name = match &l.value {
                    Some(v) => format!("{} {}", l.keyword, self.src(&v.span)),
                    None => l.keyword.clone(),
                };
                out.push(Symbol::leaf(
                    name,
                    None,
                    SymbolKind::Namespace,
                    l.span.clone(),
                    l.keyword_span.clone(),
                ));
                in_case = true;
                continue;
            }
            let Some(symbol) = self.item(item, all) else {
                continue;
            };
            match out.last_mut().filter(|_| in_case) {
                Some(case) => {
                    case.range.end = case.range.end.max(symbol.range.end);
                    case.children.push(symbol);
                }
                None => out.push(symbol),
            }
        }
        out
    }

    fn item(&self, item: &Item, all: bool) -> Option<Symbol> {
        match item {
            Item::Map(map) => Some(Symbol::leaf(
                "MAP".to_string(),
                Some(format!("{}×{}", map.width(), map.height())),
                SymbolKind::Struct,
                map.span.clone(),
                map.start.clone(),
            )),
            Item::Statement(s) => self.statement(s, all),
            Item::Assignment(a) => self.variable(&a.variable, a.value.as_ref(), &a.span),
            Item::For(f) => {
                let range_text = match (&f.from, &f.to) {
                    (Some(a), Some(b)) => {
                        format!(" = {} TO {}", self.src(&a.span), self.src(&b.span))
                    }
                    _ => String::new(),
                };
                Some(Symbol {
                    name: format!("FOR {}{range_text}", self.src(&f.variable.span)),
                    detail: None,
                    kind: SymbolKind::Namespace,
                    range: f.span.clone(),
                    selection: f.keyword_span.clone(),
                    children: self.items(&f.body.items, true),
                })
            }
            Item::Chance(c) => {
                let prefix = match (&c.chance, &c.condition) {
                    (Some(ch), _) => format!("[{}%]", ch.percent),
                    (None, Some(cond)) => format!("[{}]", shorten(self.src(&cond.span), 30)),
                    (None, None) => "[?]".to_string(),
                };
                // A chance before a plain statement only shows where all are listed.
                let mut inner = self.item(&c.item, all)?;
                inner.name = format!("{prefix} {}", inner.name);
                inner.range = c.span.clone();
                Some(inner)
            }
            Item::Label(_) => None,
            Item::Call(c) => all.then(|| {
                Symbol::leaf(
                    format!("{}(…)", c.name),
                    None,
                    SymbolKind::Property,
                    c.span.clone(),
                    c.name_span.clone(),
                )
            }),
        }
    }

    fn statement(&self, s: &Statement, all: bool) -> Option<Symbol> {
        let keyword = s.keyword.as_str();
        let children = |all| {
            s.body
                .as_ref()
                .map_or_else(Vec::new, |b| self.items(&b.items, all))
        };
        if matches!(keyword, "ROOM" | "SUBROOM") {
            let kind = s.args.first().map_or_else(|| "?".to_string(), room_type);
            return Some(Symbol {
                name: kind,
                detail: Some(keyword.to_lowercase()),
                kind: SymbolKind::Struct,
                range: s.span.clone(),
                selection: s.keyword_span.clone(),
                children: children(true),
            });
        }
        if CONTROL.contains(&keyword) {
            let name = match &s.condition {
                Some(c) => format!("{keyword} [{}]", shorten(self.src(&c.span), 30)),
                None => match &s.chance {
                    Some(c) => format!("{keyword} [{}%]", c.percent),
                    None => keyword.to_string(),
                },
            };
            return Some(Symbol {
                name,
                detail: None,
                kind: SymbolKind::Namespace,
                range: s.span.clone(),
                selection: s.keyword_span.clone(),
                children: children(true),
            });
        }
        let detail = s.args.first().map(|a| shorten(self.src(&a.span), 40));
        if s.body.is_some() {
            // MONSTER { inventory }, CONTAINER { contents }, REGION { … }.
            return Some(Symbol {
                name: keyword.to_string(),
                detail,
                kind: SymbolKind::Object,
                range: s.span.clone(),
                selection: s.keyword_span.clone(),
                children: children(true),
            });
        }
        if !all && !NOTABLE.contains(&keyword) {
            return None;
        }
        let last_word = s.args.last().and_then(|a| a.word());
        let name = match (keyword, last_word) {
            (k @ ("STAIR" | "LADDER"), Some(w @ ("up" | "down"))) => format!("{k} {w}"),
            (k, _) => k.to_string(),
        };
        Some(Symbol::leaf(
            name,
            detail,
            SymbolKind::Field,
            s.span.clone(),
            s.keyword_span.clone(),
        ))
    }

    /// `$name` with its type, at its first assignment only.
    fn variable(
        &self,
        variable: &Value,
        value: Option<&Value>,
        span: &Range<usize>,
    ) -> Option<Symbol> {
        let ValueKind::Variable {
            name, name_span, ..
        } = &variable.kind
        else {
            return None;
        };
        let known = self
            .scopes
            .iter()
            .flat_map(|s| &s.variables)
            .find(|v| v.definitions.iter().any(|d| d.start == name_span.start));
        let detail = match known {
            Some(v) if v.definitions.first().map(|d| d.start) != Some(name_span.start) => {
                return None
            }
            Some(v) => v.ty.describe(),
            None => value.map_or("?", Value::describe).to_string(),
        };
        Some(Symbol::leaf(
            name.clone(),
            Some(detail),
            SymbolKind::Property,
            span.clone(),
            name_span.clone(),
        ))
    }
}

/// `"ordinary"`, `"zoo"` of `"zoo"[40%]`, or the word written.
fn room_type(v: &Value) -> String {
    match &v.kind {
        ValueKind::String(s) => s.clone(),
        ValueKind::Weighted { value, chance } => {
            format!("{} {}%", room_type(value), chance.percent)
        }
        ValueKind::Word(w) => w.clone(),
        _ => "?".to_string(),
    }
}

pub fn folds(text: &str, doc: &Document) -> Vec<Fold> {
    let multiline = |r: &Range<usize>| text.get(r.clone()).is_some_and(|t| t.contains('\n'));
    // Levels, top-level maps and comment runs fold as in 3.4.3.
    let mut out = crate::formats::nethack::ide::outline::parts::folds_in(text, doc);
    let top_maps: Vec<usize> = out.iter().map(|f| f.range.start).collect();
    let items = doc
        .prelude
        .iter()
        .chain(doc.levels.iter().flat_map(|l| l.items.iter()))
        .flat_map(Item::walk);
    for item in items {
        let block = match item {
            Item::Statement(s) => s.body.as_ref().map(|b| b.span.clone()),
            Item::For(f) => Some(f.body.span.clone()),
            Item::Map(m) if !top_maps.contains(&m.span.start) => Some(m.span.clone()),
            _ => None,
        };
        if let Some(range) = block.filter(&multiline) {
            out.push(Fold {
                range,
                kind: FoldKind::Region,
            });
        }
    }
    out.sort_by_key(|f| (f.range.start, std::cmp::Reverse(f.range.end)));
    out.dedup_by(|a, b| a.range == b.range);
    out
}
