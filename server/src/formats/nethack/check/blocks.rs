//! The shape of a 3.6 file as lev_comp 3.6's grammar sees it: what the parser
//! could not read, comments, keywords (word-delimited in 3.6), the 3.4.3
//! constructs 3.6 dropped, FLAGS after the header, blocks and control flow
//! (which statements take a `{ … }`, ELSE after IF, CASE in SWITCH, BREAK,
//! nesting limits), MAP blocks and `[n%]` ranges.
//!
//! One located error per problem: every item has a zone (from its start to
//! the next item's start); once a zone has an error, the parser's own errors
//! in it stay quiet, and [`quiet_zones`] tells the forms check which
//! statements to leave alone.

use super::comments;
use super::maps;
use super::report::{edit, error, line_of, missing_colon};
use crate::formats::nethack::names::profiles::forms_in_force;
use crate::formats::nethack::names::{lexicon, vocabulary};
use crate::formats::nethack::syntax::{
    first_token, Document, Item, Level, MapBlock, MapRow, Span, Statement, Value, ValueKind,
};
use crate::formats::{closest, Diagnostic, Edit};

mod closing;
#[cfg(test)]
mod tests;

/// Nesting of IF/LOOP/FOR that lev_comp 3.6 allows (`MAX_NESTED_IFS`).
const MAX_NESTING: usize = 20;
/// CASEs per SWITCH (`MAX_SWITCH_CASES`).
const MAX_CASES: usize = 20;
/// Deeper than this, pathological nesting is not walked (no unbounded recursion).
const WALK_CAP: usize = 200;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Colon {
    Never,
    Optional,
    Required,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Body {
    Never,
    Optional,
    Required,
}

struct Keyword {
    name: &'static str,
    colon: Colon,
    body: Body,
    /// IF, LOOP and SWITCH need `[cond]` after the keyword.
    condition: bool,
}

const fn kw(name: &'static str, colon: Colon, body: Body, condition: bool) -> Keyword {
    Keyword {
        name,
        colon,
        body,
        condition,
    }
}

/// The statements of lev_comp 3.6 (spec B3), as a statement may start.
const KEYWORDS: &[Keyword] = &[
    kw("FLAGS", Colon::Required, Body::Never, false),
    kw("INIT_MAP", Colon::Required, Body::Never, false),
    kw("MESSAGE", Colon::Required, Body::Never, false),
    kw("GEOMETRY", Colon::Required, Body::Never, false),
    kw("NOMAP", Colon::Never, Body::Never, false),
    kw("MONSTER", Colon::Required, Body::Optional, false),
    kw("OBJECT", Colon::Required, Body::Never, false),
    kw("CONTAINER", Colon::Required, Body::Required, false),
    kw("TRAP", Colon::Required, Body::Never, false),
    kw("DOOR", Colon::Required, Body::Never, false),
    kw("ROOMDOOR", Colon::Required, Body::Never, false),
    kw("DRAWBRIDGE", Colon::Required, Body::Never, false),
    kw("REGION", Colon::Required, Body::Optional, false),
    kw("STAIR", Colon::Required, Body::Never, false),
    kw("LADDER", Colon::Required, Body::Never, false),
    kw("PORTAL", Colon::Required, Body::Never, false),
    kw("TELEPORT_REGION", Colon::Required, Body::Never, false),
    kw("BRANCH", Colon::Required, Body::Never, false),
    kw("ALTAR", Colon::Required, Body::Never, false),
    kw("FOUNTAIN", Colon::Required, Body::Never, false),
    kw("SINK", Colon::Required, Body::Never, false),
    kw("POOL", Colon::Required, Body::Never, false),
    kw("MAZEWALK", Colon::Required, Body::Never, false),
    kw("WALLIFY", Colon::Optional, Body::Never, false),
    kw("GOLD", Colon::Required, Body::Never, false),
    kw("ENGRAVING", Colon::Required, Body::Never, false),
    kw("GRAVE", Colon::Required, Body::Never, false),
    kw("MINERALIZE", Colon::Optional, Body::Never, false),
    kw("NON_DIGGABLE", Colon::Required, Body::Never, false),
    kw("NON_PASSWALL", Colon::Required, Body::Never, false),
    kw("ROOM", Colon::Required, Body::Required, false),
    kw("SUBROOM", Colon::Required, Body::Required, false),
    kw("RANDOM_CORRIDORS", Colon::Optional, Body::Never, false),
    kw("CORRIDOR", Colon::Required, Body::Never, false),
    kw("TERRAIN", Colon::Required, Body::Never, false),
    kw("REPLACE_TERRAIN", Colon::Required, Body::Never, false),
    kw("SHUFFLE", Colon::Required, Body::Never, false),
    kw("IF", Colon::Never, Body::Required, true),
    kw("ELSE", Colon::Never, Body::Required, false),
    kw("LOOP", Colon::Never, Body::Required, true),
    kw("SWITCH", Colon::Never, Body::Required, true),
    kw("BREAK", Colon::Never, Body::Never, false),
    kw("EXIT", Colon::Never, Body::Never, false),
];

/// Statement words of 3.4.3 that 3.6 dropped, with what 3.6 writes instead.
const DROPPED: &[(&str, &str)] = &[
    (
        "RANDOM_PLACES",
        "3.6 writes `$place = { (x,y), … }` and `SHUFFLE: $place`, then `$place[i]`",
    ),
    (
        "RANDOM_MONSTERS",
        "3.6 writes `$mon = monster: { 'a', … }` and `SHUFFLE: $mon`, then `$mon[i]`",
    ),
    (
        "RANDOM_OBJECTS",
        "3.6 writes `$obj = object: { '[', … }` and `SHUFFLE: $obj`, then `$obj[i]`",
    ),
    (
        "CHANCE",
        "3.6 gives a room's chance after its type: `ROOM: \"ordinary\"[40%], …`",
    ),
    (
        "NAME",
        "3.6 names no rooms: nest the room as a `SUBROOM: … { }` inside its parent's block",
    ),
];

fn keyword(name: &str) -> Option<&'static Keyword> {
    KEYWORDS.iter().find(|k| k.name == name)
}

/// Whether lev_comp 3.6's grammar has `name` as a statement keyword.
pub(super) fn is_keyword(name: &str) -> bool {
    keyword(name).is_some()
}

/// Every item of the file (nested ones too) with the start of its zone.
fn item_starts(doc: &Document) -> Vec<usize> {
    let mut starts = Vec::new();
    for item in &doc.prelude {
        starts.extend(flat(item).iter().map(|i| i.span().start));
    }
    for level in &doc.levels {
        starts.push(level.header.span.start);
        for item in &level.items {
            starts.extend(flat(item).iter().map(|i| i.span().start));
        }
    }
    starts.sort_unstable();
    starts.dedup();
    starts
}

/// Depth-first items, capped so pathological nesting stays bounded.
fn flat(item: &Item) -> Vec<&Item> {
    fn go<'a>(item: &'a Item, depth: usize, out: &mut Vec<&'a Item>) {
        out.push(item);
        if depth < WALK_CAP {
            for child in item.children() {
                go(child, depth + 1, out);
            }
        }
    }
    let mut out = Vec::new();
    go(item, 0, &mut out);
    out
}

/// The zone (start of an item up to the start of the next) around an offset.
fn zone_of(starts: &[usize], len: usize, offset: usize) -> Span {
    let k = starts.partition_point(|&s| s <= offset);
    let start = if k == 0 { 0 } else { starts[k - 1] };
    let end = starts.get(k).copied().unwrap_or(len);
    start..end.max(start)
}

/// Zones the forms check must not judge: those that hold an error of this
/// check or of the parser.
pub(super) fn quiet_zones(text: &str, doc: &Document) -> Vec<Span> {
    let starts = item_starts(doc);
    let mut found = Vec::new();
    findings(text, doc, &mut found);
    found
        .iter()
        .map(|d| d.range.start)
        .chain(doc.syntax_errors.iter().map(|e| e.span.start))
        .map(|o| zone_of(&starts, text.len(), o))
        .collect()
}

pub fn check(text: &str, doc: &Document, out: &mut Vec<Diagnostic>) {
    let mut found = Vec::new();
    findings(text, doc, &mut found);
    syntax_errors(text, doc, &mut found);
    out.extend(found);
}

fn findings(text: &str, doc: &Document, found: &mut Vec<Diagnostic>) {
    // UnNetHack defines FUNCTIONs before the first level (functions.rs).
    let functions_first = forms_in_force().functions;
    if let Some(first) = doc
        .prelude
        .iter()
        .find(|i| !(functions_first && i.statement().is_some_and(|s| s.keyword == "FUNCTION")))
    {
        let span = match first {
            Item::Statement(s) => s.keyword_span.clone(),
            Item::Map(m) => m.start.clone(),
            other => other.span(),
        };
        found.push(error(
            "nethack::before-level",
            span,
            "this comes before the first level: a file starts with `MAZE: \"name\", fill` or `LEVEL: \"name\"` (lev_comp: syntax error)",
        ));
    }
    for level in &doc.levels {
        level_header(text, level, found);
        let ctx = Ctx::default();
        block(text, &level.items, ctx, Parent::Level, found);
    }
    comments::own_line(text, doc, found);
}

fn level_header(text: &str, level: &Level, out: &mut Vec<Diagnostic>) {
    let h = &level.header;
    if let Some(c) = &h.chance {
        out.push(
            error(
                "nethack::chance-not-allowed",
                c.span.clone(),
                format!("`{}` takes no `[n%]` (lev_comp: syntax error)", h.keyword),
            )
            .with_fix("Remove the chance", edit(c.span.clone(), ""), true),
        );
    } else if h.colon.is_none() {
        out.push(colon_fix_if_sure(text, h));
    }
}

#[derive(Clone, Copy, Default)]
struct Ctx {
    /// IF/LOOP/FOR levels around.
    nesting: usize,
    in_switch: bool,
    /// Inside a LOOP, FOR or SWITCH: BREAK may stand here.
    breakable: bool,
    depth: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Parent {
    Level,
    Switch,
    Other,
}

/// A list of items: a level's, or a block's.
fn block(text: &str, items: &[Item], ctx: Ctx, parent: Parent, out: &mut Vec<Diagnostic>) {
    if ctx.depth > WALK_CAP {
        return;
    }
    let mut cases = 0;
    let mut default: Option<Span> = None;
    for (i, item) in items.iter().enumerate() {
        let prev = i.checked_sub(1).map(|p| &items[p]);
        // FLAGS directly after the header: the level's first item.
        if parent == Parent::Switch && i == 0 && !matches!(item, Item::Label(_)) {
            out.push(error(
                "nethack::misplaced-statement",
                lead_span(item),
                "a SWITCH block starts with `CASE n:` or `DEFAULT:`; statements go after a label (lev_comp: syntax error)",
            ));
            continue;
        }
        if let Item::Label(l) = item {
            if parent != Parent::Switch {
                out.push(error(
                    "nethack::misplaced-statement",
                    l.keyword_span.clone(),
                    format!(
                        "`{}:` stands only directly inside a `SWITCH [n] {{ … }}` block (lev_comp: syntax error)",
                        l.keyword
                    ),
                ));
                continue;
            }
            if l.keyword == "CASE" {
                cases += 1;
                if cases == MAX_CASES + 1 {
                    out.push(error(
                        "nethack::too-many-cases",
                        l.keyword_span.clone(),
                        format!("more than {MAX_CASES} CASEs in one SWITCH (lev_comp: Too many cases in a switch.)"),
                    ));
                }
            } else if let Some(first) = &default {
                out.push(error(
                    "nethack::duplicate-default",
                    l.keyword_span.clone(),
                    format!(
                        "a second `DEFAULT:` in this SWITCH (the first is at line {}) (lev_comp: Switch default case already used.)",
                        line_of(text, first.start)
                    ),
                ));
            } else {
                default = Some(l.keyword_span.clone());
            }
            continue;
        }
        let before = out.len();
        one(text, item, prev, ctx, parent, i, out);
        if out.len() == before {
            if let Some(g) = unwrap_chance(item)
                .statement()
                .filter(|s| s.keyword == "GEOMETRY")
            {
                geometry_needs_map(text, g, items.get(i + 1), out);
            }
        }
    }
}

/// The item behind any `[n%]:` prefixes.
fn unwrap_chance(item: &Item) -> &Item {
    let mut item = item;
    let mut depth = 0;
    while let (Item::Chance(c), true) = (item, depth < WALK_CAP) {
        item = &c.item;
        depth += 1;
    }
    item
}

/// The span to point at for an item: its keyword, or its first token.
fn lead_span(item: &Item) -> Span {
    match item {
        Item::Statement(s) => s.keyword_span.clone(),
        Item::Map(m) => m.start.clone(),
        Item::Assignment(a) => a.variable.span.clone(),
        Item::For(f) => f.keyword_span.clone(),
        Item::Chance(c) => c
            .chance
            .as_ref()
            .map(|c| c.span.clone())
            .unwrap_or(c.span.start..c.span.start + 1),
        Item::Label(l) => l.keyword_span.clone(),
        Item::Call(c) => c.name_span.clone(),
    }
}

fn one(
    text: &str,
    item: &Item,
    prev: Option<&Item>,
    ctx: Ctx,
    parent: Parent,
    index: usize,
    out: &mut Vec<Diagnostic>,
) {
    let inner = Ctx {
        depth: ctx.depth + 1,
        ..ctx
    };
    match item {
        Item::Statement(s) => statement(text, s, prev, ctx, parent, index, out),
        Item::Map(m) => map_block(text, m, prev, out),
        Item::Assignment(a) => {
            if let Some(v) = &a.value {
                values(text, std::slice::from_ref(v), out);
            }
        }
        Item::For(f) => {
            let ctx = Ctx {
                nesting: ctx.nesting + 1,
                breakable: true,
                ..inner
            };
            if ctx.nesting == MAX_NESTING + 1 {
                out.push(too_deep(f.keyword_span.clone(), "FOR"));
            }
            block(text, &f.body.items, ctx, Parent::Other, out);
        }
        Item::Chance(c) => {
            if let Some(ch) = &c.chance {
                percentile(text, ch.span.clone(), ch.percent, out);
            }
            if let Some(cond) = &c.condition {
                values(text, std::slice::from_ref(cond), out);
            }
            // The statement behind `[n%]:` stands where the chance stands.
            one(text, &c.item, prev, inner, parent, index, out);
        }
        Item::Label(_) => {}
        Item::Call(c) => values(text, &c.args, out),
    }
}

fn too_deep(span: Span, what: &str) -> Diagnostic {
    error(
        "nethack::nesting-too-deep",
        span,
        format!(
            "more than {MAX_NESTING} IF/LOOP/FOR levels nested (lev_comp: {what}: Too deeply nested conditionals.)"
        ),
    )
}

/// `[n%]`: lev_comp 3.6's lexer takes 0..100.
fn percentile(text: &str, span: Span, percent: i64, out: &mut Vec<Diagnostic>) {
    let written = text.get(span.clone()).unwrap_or("");
    if let Some(i) = written.find(['-', '+']) {
        // The lexer has no signed percentile: `[-1%]` is a syntax error at `-1`.
        let len = written[i + 1..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(written.len() - i, |n| n + 1);
        let tok = written.get(i..i + len).unwrap_or("");
        out.push(error(
            "nethack::signed-number",
            span.start + i..span.start + i + len,
            format!("unexpected `{tok}`: a chance is `[n%]` with n from 0 to 100, no sign (lev_comp: syntax error at \"{tok}\")"),
        ));
        return;
    }
    if !(0..=100).contains(&percent) {
        let inner = written.trim_matches(['[', ']', ' ', '\t']);
        out.push(error(
            "nethack::chance-range",
            span,
            format!("chance {percent}% is not between 0 and 100 (lev_comp: Unexpected percentile '{inner}')"),
        ));
    }
}

/// What is wrong with a statement's keyword, `[…]`, `:` and block, and where
/// it stands.
fn statement(
    text: &str,
    s: &Statement,
    prev: Option<&Item>,
    ctx: Ctx,
    parent: Parent,
    index: usize,
    out: &mut Vec<Diagnostic>,
) {
    let before = out.len();
    let kw = s.keyword.as_str();
    if kw == "ENDMAP" {
        out.push(error(
            "nethack::endmap-outside-map",
            s.keyword_span.clone(),
            "`ENDMAP` outside a MAP block: a map is `GEOMETRY: …`, then `MAP` alone on its line, rows, `ENDMAP` (lev_comp: syntax error)",
        ));
        return;
    }
    if kw == "MAP" {
        out.push(error(
            "nethack::map-not-alone",
            s.keyword_span.clone(),
            "`MAP` must be alone on its own line, right after `GEOMETRY:` (lev_comp: syntax error)",
        ));
        return;
    }
    if let Some((_, instead)) = DROPPED.iter().find(|(k, _)| *k == kw) {
        out.push(error(
            "nethack::dropped-in-3.6",
            s.keyword_span.clone(),
            format!("`{kw}` is 3.4.3 syntax; {instead} (lev_comp 3.6: syntax error)"),
        ));
        return;
    }
    if kw == "FUNCTION" {
        // Its head is functions.rs's; its body a block like any other.
        if let Some(body) = &s.body {
            let inner = Ctx {
                depth: ctx.depth + 1,
                ..Ctx::default()
            };
            block(text, &body.items, inner, Parent::Other, out);
        }
        return;
    }
    let Some(info) = keyword(kw) else {
        // A statement of the variant in force that levls has no form for.
        if !lexicon::is_variant_keyword(kw, false) {
            out.push(unknown_keyword(text, s));
        }
        return;
    };
    if kw == "FLAGS" && !(parent == Parent::Level && index == 0) {
        out.push(error(
            "nethack::misplaced-statement",
            s.keyword_span.clone(),
            "`FLAGS:` must directly follow the level header (`MAZE:`/`LEVEL:`), once (lev_comp: syntax error)",
        ));
        return;
    }
    // `[…]` after the keyword.
    if info.condition {
        if s.chance.is_none() && s.condition.is_none() {
            let at = s.keyword_span.end;
            out.push(error(
                "nethack::missing-condition",
                s.keyword_span.clone(),
                format!(
                    "`{kw}` needs `[…]` after it: {} (lev_comp: syntax error)",
                    match kw {
                        "IF" => "`IF [50%] { … }` or `IF [$x > 1] { … }`",
                        "LOOP" => "`LOOP [3] { … }`",
                        _ => "`SWITCH [1d4] { CASE 1: … }`",
                    }
                ),
            ));
            let d = out.last_mut().expect("just pushed");
            // `IF 50% {` → `IF [50%] {`; a bare `IF {` takes `[50%]`; a LOOP
            // or SWITCH without its count gets none (the count is the author's).
            match closing::bracketed_condition(text, kw, at) {
                Some((span, written)) => {
                    *d = d
                        .clone()
                        .with_fix(format!("Write `{written}`"), edit(span, written), true)
                }
                None if kw == "IF"
                    && text[at..].trim_start_matches([' ', '\t']).starts_with('{') =>
                {
                    *d = d
                        .clone()
                        .with_fix("Add `[50%]`", edit(at..at, " [50%]"), false)
                }
                None => {}
            }
            return;
        }
        if let Some(c) = &s.chance {
            percentile(text, c.span.clone(), c.percent, out);
        }
        if let Some(c) = &s.condition {
            values(text, std::slice::from_ref(c), out);
        }
    } else if let Some(c) = &s.chance {
        let written = text.get(c.span.clone()).unwrap_or("[n%]").to_string();
        let d = error(
            "nethack::chance-after-keyword",
            c.span.clone(),
            format!(
                "`{kw}{written}:` is 3.4.3 syntax; 3.6 writes the chance before the statement: `{written}: {kw}: …` (lev_comp 3.6: syntax error)"
            ),
        );
        // `MONSTER[50%]: …` → `[50%]: MONSTER: …`.
        let d = if s.colon.is_some() {
            d.with_fix(
                format!("Write `{written}: {kw}:`"),
                vec![
                    Edit {
                        range: c.span.clone(),
                        new_text: String::new(),
                    },
                    Edit {
                        range: s.keyword_span.start..s.keyword_span.start,
                        new_text: format!("{written}: "),
                    },
                ],
                true,
            )
        } else {
            d
        };
        out.push(d);
        return;
    } else if let Some(c) = &s.condition {
        out.push(error(
            "nethack::syntax-error",
            c.span.start.saturating_sub(1)..c.span.start,
            format!("unexpected `[`: `{kw}` takes no `[…]`; a chance goes before the statement, `[50%]: {kw}: …` (lev_comp: syntax error)"),
        ));
        return;
    }
    // `:`.
    match (info.colon, &s.colon) {
        (Colon::Never, Some(colon)) => {
            out.push(error(
                "nethack::unexpected-colon",
                colon.clone(),
                format!("unexpected `:`: `{kw}` takes no `:` (lev_comp: syntax error)"),
            ));
            return;
        }
        (Colon::Required, None) => {
            out.push(colon_fix_if_sure(text, s));
            return;
        }
        _ => {}
    }
    // The block.
    match (info.body, &s.body) {
        (Body::Never, Some(b)) => {
            out.push(error(
                "nethack::unexpected-block",
                b.span.start..b.span.start + 1,
                format!(
                    "unexpected `{{`: `{kw}` takes no block; only ROOM, SUBROOM, CONTAINER, MONSTER, REGION and the control statements do (lev_comp: syntax error)"
                ),
            ));
            return;
        }
        (Body::Required, None) => {
            let at = s.span.end;
            let d = error(
                "nethack::missing-block",
                s.keyword_span.clone(),
                format!(
                    "`{kw}` needs a `{{ … }}` block after it{} (lev_comp: syntax error)",
                    match kw {
                        "CONTAINER" => ": its contents",
                        "ROOM" | "SUBROOM" => ", even an empty one",
                        _ => "",
                    }
                ),
            );
            out.push(if empty_block_is_sure(text, s.span.start, at) {
                d.with_fix("Add `{ }`", edit(at..at, " { }"), false)
            } else {
                d
            });
            return;
        }
        _ => {}
    }
    // Where it stands.
    match kw {
        "ELSE" => {
            let after_if = match prev {
                Some(Item::Statement(p)) => p.keyword == "IF" && p.body.is_some(),
                Some(Item::Chance(c)) => {
                    matches!(&*c.item, Item::Statement(p) if p.keyword == "IF" && p.body.is_some())
                }
                _ => false,
            };
            if !after_if {
                out.push(error(
                    "nethack::misplaced-statement",
                    s.keyword_span.clone(),
                    "`ELSE` stands only right after an `IF [cond] { … }` block, once (lev_comp: syntax error)",
                ));
                return;
            }
        }
        "BREAK" if !ctx.breakable => {
            out.push(error(
                "nethack::misplaced-statement",
                s.keyword_span.clone(),
                "`BREAK` stands only inside a block: LOOP, FOR, SWITCH, ROOM, SUBROOM, MONSTER, OBJECT, CONTAINER or REGION (lev_comp: Cannot use BREAK outside a statement block.)",
            ));
            return;
        }
        "SWITCH" if ctx.in_switch => {
            out.push(error(
                "nethack::nested-switch",
                s.keyword_span.clone(),
                "a SWITCH inside another SWITCH (lev_comp: Cannot nest switch-statements.)",
            ));
            return;
        }
        _ => {}
    }
    // A statement that swallowed the next one, or a `('c', "name"` left open.
    if let Some(d) = s.args.iter().find_map(|v| unfinished(text, v, 0)) {
        out.push(d);
        return;
    }
    // 3.4.3 forms of the arguments.
    older_arguments(text, s, out);
    values(text, &s.args, out);
    if out.len() > before {
        return;
    }
    let Some(body) = &s.body else {
        return;
    };
    let mut inner = Ctx {
        depth: ctx.depth + 1,
        ..ctx
    };
    let mut parent = Parent::Other;
    match kw {
        "IF" | "LOOP" => {
            inner.nesting += 1;
            if kw == "LOOP" {
                inner.breakable = true;
            }
            if inner.nesting == MAX_NESTING + 1 {
                out.push(too_deep(s.keyword_span.clone(), kw));
                return;
            }
        }
        "SWITCH" => {
            inner.in_switch = true;
            inner.breakable = true;
            parent = Parent::Switch;
        }
        // lev_comp 3.6 lets BREAK leave these blocks too (`break_stmt_start`).
        "ROOM" | "SUBROOM" | "MONSTER" | "OBJECT" | "CONTAINER" | "REGION" => {
            inner.breakable = true
        }
        _ => {}
    }
    block(text, &body.items, inner, parent, out);
}

/// Whether ` { }` after the statement `start..at` is surely what is missing:
/// nothing but a comment after it on its line, no `{` in it (the parser then
/// misread it), and the next statement not indented under it (those lines
/// would be the block's contents, which `{ }` would leave outside).
fn empty_block_is_sure(text: &str, start: usize, at: usize) -> bool {
    let line_start = text[..start].rfind('\n').map_or(0, |n| n + 1);
    let line_end = text[at..].find('\n').map_or(text.len(), |n| at + n);
    let rest = text[at..line_end].trim();
    if !(rest.is_empty() || rest.starts_with('#')) || text[line_start..at].contains('{') {
        return false;
    }
    let indent = |l: &str| l.len() - l.trim_start().len();
    let own = indent(&text[line_start..line_end]);
    let next = text[line_end..]
        .lines()
        .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
    next.is_none_or(|l| !l.trim_start().starts_with('{') && indent(l) <= own)
}

/// A missing `:`, with its fix only where the keyword is not followed by a
/// `:` already (after an unclosed string above, the parser reads the line
/// differently from its text; adding one more `:` fixes nothing).
fn colon_fix_if_sure(text: &str, s: &Statement) -> Diagnostic {
    let mut d = missing_colon(s);
    let at = s.chance.as_ref().map_or(s.keyword_span.end, |c| c.span.end);
    if text
        .get(at..)
        .is_some_and(|r| r.trim_start_matches([' ', '\t']).starts_with(':'))
    {
        d.fixes.clear();
    }
    d
}

/// After a 3.4.3 `'c', "name"`: a coordinate (not a string), then for a
/// MONSTER at most one attitude and one alertness word.
fn rest_is_3_6(kw: &str, rest: &[Value]) -> bool {
    let Some((place, infos)) = rest.split_first() else {
        return true;
    };
    if matches!(place.kind, ValueKind::String(_)) {
        return false;
    }
    let word =
        |v: &Value, of: &[&str]| matches!(&v.kind, ValueKind::Word(w) if of.contains(&w.as_str()));
    match (kw, infos) {
        (_, []) => true,
        ("MONSTER", [a]) => word(a, &["peaceful", "hostile", "asleep", "awake"]),
        ("MONSTER", [a, b]) => word(a, &["peaceful", "hostile"]) && word(b, &["asleep", "awake"]),
        _ => false,
    }
}

/// 3.4.3 argument forms 3.6 reads differently: `'c', "name"` for a monster or
/// object, a room DOOR.
fn older_arguments(text: &str, s: &Statement, out: &mut Vec<Diagnostic>) {
    let kw = s.keyword.as_str();
    if matches!(kw, "MONSTER" | "OBJECT" | "CONTAINER") {
        if let [Value {
            kind: ValueKind::Char(_),
            span: a,
        }, Value {
            kind: ValueKind::String(_),
            span: b,
        }, ..] = s.args.as_slice()
        {
            let joined = format!(
                "({}, {})",
                text.get(a.clone()).unwrap_or(""),
                text.get(b.clone()).unwrap_or("")
            );
            let d = error(
                "nethack::older-syntax",
                a.start..b.end,
                format!(
                    "`{kw}: 'c', \"name\", …` is 3.4.3 syntax; 3.6 writes the class and name as one value: `{kw}: {joined}, …` (lev_comp 3.6: syntax error)"
                ),
            );
            // Only where the rest is already 3.6: a coordinate, and for a
            // monster its attitude and alertness words (3.4.3's object
            // curse, enchantment and name, in its order, are not).
            // `'c', "name")`: only the `(` was lost.
            let closed = text
                .get(b.end..)
                .is_some_and(|r| r.trim_start_matches([' ', '\t']).starts_with(')'));
            out.push(if closed {
                d.with_fix("Add `(`", edit(a.start..a.start, "("), true)
            } else if rest_is_3_6(kw, &s.args[2..]) {
                d.with_fix(
                    format!("Write `{joined}`"),
                    edit(a.start..b.end, joined.clone()),
                    true,
                )
            } else {
                d
            });
        }
    }
    if kw == "DOOR" && s.args.len() == 4 {
        let d = error(
            "nethack::older-syntax",
            s.keyword_span.clone(),
            "a room door `DOOR: wall?, state, wall, pos` is 3.4.3 syntax; 3.6 writes `ROOMDOOR: …` (lev_comp 3.6: syntax error)",
        );
        // Only when the four arguments are a room door's: three words, then
        // its place on the wall (a lost `(` also makes four: `DOOR: closed, 43, 7)`).
        let word = |v: &Value| matches!(v.kind, ValueKind::Word(_));
        let room_door = s.args[..3].iter().all(word);
        out.push(if room_door {
            d.with_fix(
                "Change to `ROOMDOOR`",
                edit(s.keyword_span.clone(), "ROOMDOOR"),
                true,
            )
        } else {
            d
        });
    }
}

/// Values 3.6 dropped: `place[i]`, `monster[i]`, `object[i]`, `contained`.
fn values(text: &str, vals: &[Value], out: &mut Vec<Diagnostic>) {
    for v in vals {
        if let Some(d) = dropped_value(text, v, 0) {
            out.push(d);
            return;
        }
    }
}

fn dropped_value(text: &str, v: &Value, depth: usize) -> Option<Diagnostic> {
    if depth > WALK_CAP {
        return None;
    }
    let inner = |vals: &[Value]| vals.iter().find_map(|x| dropped_value(text, x, depth + 1));
    match &v.kind {
        ValueKind::Register {
            name, name_span, ..
        } if matches!(name.as_str(), "place" | "monster" | "object") => {
            let written = text.get(v.span.clone()).unwrap_or("");
            let var = match name.as_str() {
                "place" => "$place",
                "monster" => "$mon",
                _ => "$obj",
            };
            Some(error(
                "nethack::dropped-in-3.6",
                name_span.start..v.span.end,
                format!(
                    "`{written}` is 3.4.3 syntax (RANDOM_* registers); 3.6 writes a shuffled array variable, `{var}[i]` (lev_comp 3.6: syntax error)"
                ),
            ))
        }
        ValueKind::Word(w) if w == "contained" => Some(error(
            "nethack::dropped-in-3.6",
            v.span.clone(),
            "`contained` is 3.4.3 syntax; 3.6 puts the objects in the container's block: `CONTAINER: … { OBJECT: … }` (lev_comp 3.6: syntax error)",
        )),
        ValueKind::Weighted { value, chance } => {
            let mut found = Vec::new();
            percentile(text, chance.span.clone(), chance.percent, &mut found);
            found.pop().or_else(|| inner(std::slice::from_ref(value)))
        }
        ValueKind::Tuple(vals) | ValueKind::List(vals) => inner(vals),
        ValueKind::Call { args, .. } => inner(args),
        ValueKind::Keyed { value, .. } => inner(std::slice::from_ref(value)),
        ValueKind::Binary { left, right, .. } => {
            dropped_value(text, left, depth + 1).or_else(|| dropped_value(text, right, depth + 1))
        }
        _ => None,
    }
}

/// Where a statement's arguments run into the next statement: a `KEYWORD:`
/// read as a `key: value` (the statement before lost its end: an argument,
/// or a `)` whose `(` then took the next line), or a `('c', "name"` whose `)`
/// is missing, which lev_comp finds at the comma after the name.
fn unfinished(text: &str, v: &Value, depth: usize) -> Option<Diagnostic> {
    if depth > WALK_CAP {
        return None;
    }
    let inner = |vals: &[Value]| vals.iter().find_map(|x| unfinished(text, x, depth + 1));
    match &v.kind {
        ValueKind::Keyed { key, key_span, .. } if keyword(key).is_some() => Some(error(
            "nethack::syntax-error",
            key_span.clone(),
            format!(
                "`{key}` starts a statement, but the one before is not finished: it ends with a `,`, or an argument or a `)` is missing (lev_comp: syntax error at \"{key}\", or at that `,`)"
            ),
        )),
        ValueKind::Tuple(vals) => match vals.as_slice() {
            [Value {
                kind: ValueKind::Char(_),
                ..
            }, name @ Value {
                kind: ValueKind::String(_),
                ..
            }, next, ..] => {
                let comma = text
                    .get(name.span.end..next.span.start)
                    .and_then(|gap| gap.find(','))
                    .map_or(next.span.clone(), |at| {
                        name.span.end + at..name.span.end + at + 1
                    });
                Some(error(
                    "nethack::syntax-error",
                    comma,
                    "`('c', \"name\")` is not closed: a `)` is missing after the name (lev_comp: syntax error at \",\")",
                ))
            }
            _ => inner(vals),
        },
        ValueKind::List(vals) => inner(vals),
        ValueKind::Call { args, .. } => inner(args),
        ValueKind::Keyed { value, .. } | ValueKind::Weighted { value, .. } => {
            unfinished(text, value, depth + 1)
        }
        ValueKind::Binary { left, right, .. } => {
            unfinished(text, left, depth + 1).or_else(|| unfinished(text, right, depth + 1))
        }
        _ => None,
    }
}

fn unknown_keyword(text: &str, s: &Statement) -> Diagnostic {
    let kw = s.keyword.as_str();
    let span = s.keyword_span.clone();
    let names = KEYWORDS.iter().map(|k| k.name);
    if let Some(right) = names
        .clone()
        .chain(["FOR", "CASE", "DEFAULT"])
        .find(|n| n.eq_ignore_ascii_case(kw))
    {
        return error(
            "nethack::unknown-keyword",
            span.clone(),
            format!("unknown keyword `{kw}`: keywords are upper case, `{right}` (lev_comp: syntax error at \"{kw}\")"),
        )
        .with_fix(format!("Change to `{right}`"), edit(span, right), true);
    }
    if vocabulary::value_words_3_6().contains(&kw) {
        let before = text.get(..span.start).unwrap_or("").trim_end();
        let mut d = error(
            "nethack::unknown-keyword",
            span.clone(),
            format!("unexpected `{kw}`: a value, not a statement keyword; is a `,` missing before it? (lev_comp: syntax error at \"{kw}\")"),
        );
        // Only after what ends an argument (`)`, a string, a char, a
        // number, a value word), not after a keyword (`OBJECT random`).
        let ends_value = before.ends_with([')', '"', '\'', ']', '%'])
            || before.ends_with(|c: char| c.is_ascii_digit() || c.is_ascii_lowercase());
        if ends_value {
            let at = before.len();
            d = d.with_fix("Add `,`", edit(at..at, ","), false);
        }
        return d;
    }
    let lower: Vec<String> = names.clone().map(|n| n.to_ascii_lowercase()).collect();
    let suggestion = closest(kw, lower.iter().map(String::as_str))
        .and_then(|f| names.clone().find(|n| n.eq_ignore_ascii_case(f)));
    let message = match suggestion {
        Some(right) => format!(
            "unknown keyword `{kw}`; did you mean `{right}`? (lev_comp: syntax error at \"{kw}\")"
        ),
        None => format!("unknown keyword `{kw}` (lev_comp: syntax error at \"{kw}\")"),
    };
    let d = error("nethack::unknown-keyword", span.clone(), message);
    match suggestion {
        Some(right) => d.with_fix(format!("Change to `{right}`"), edit(span, right), true),
        None => d,
    }
}

/// A map: `GEOMETRY:` right before `MAP`, rows of map characters, `ENDMAP`.
fn map_block(text: &str, m: &MapBlock, prev: Option<&Item>, out: &mut Vec<Diagnostic>) {
    let geometry = prev
        .and_then(|p| unwrap_chance(p).statement())
        .is_some_and(|p| p.keyword == "GEOMETRY");
    // lev_comp skips a `MAP` line inside a map, and reads the lines that
    // are not map rows as statements: a GEOMETRY among the rows is read as
    // if it came first.
    let (geometry_inside, repeated) = maps::lines_lev_comp_skips(text, m);
    if !geometry && geometry_inside.is_none() {
        out.push(error(
            "nethack::map-without-geometry",
            m.start.clone(),
            "`MAP` must come right after `GEOMETRY: h, v` or `GEOMETRY: (x,y)` (lev_comp: syntax error)",
        ));
        return;
    }
    if m.end.is_none() {
        out.push(maps::missing_endmap(text, m));
        return;
    }
    if !geometry {
        out.extend(geometry_inside.map(|row| maps::geometry_in_map(text, m, row)));
    }
    out.extend(repeated.iter().map(|row| maps::repeated_map(text, row)));
    let skipped = |row: &MapRow| {
        (!geometry && geometry_inside.is_some_and(|g| g.span == row.span))
            || repeated.iter().any(|r| r.span == row.span)
    };
    if let Some(row) = m.rows.iter().find(|r| r.bad && !skipped(r)) {
        let line = text.get(row.span.clone()).unwrap_or("");
        let (at, c) = line
            .char_indices()
            .find(|(_, c)| !is_map_char(*c))
            .unwrap_or((0, ' '));
        let start = row.span.start + at;
        out.push(error(
            "nethack::bad-map-row",
            start..start + c.len_utf8().max(1),
            format!("unexpected `{c}` in a map row: rows hold only map characters (`- | . # {{ }} P L W T F I C A B S H x` …) and end with `ENDMAP` (lev_comp: syntax error)"),
        ));
    }
}

fn is_map_char(c: char) -> bool {
    if crate::formats::nethack::names::lexicon::in_force().is_some() {
        return vocabulary::is_map_char(c) || c == '\r';
    }
    " -|.#+{}PLWTFICABSHx\\0123456789".contains(c) || c == '\r'
}

/// GEOMETRY must be followed directly by its MAP.
fn geometry_needs_map(text: &str, s: &Statement, next: Option<&Item>, out: &mut Vec<Diagnostic>) {
    // An unknown word next gets its own error, where this one would point.
    let unknown_next = matches!(next.map(unwrap_chance), Some(Item::Statement(n))
        if keyword(&n.keyword).is_none());
    if !matches!(next, Some(Item::Map(_))) && !unknown_next {
        out.push(maps::geometry_without_map(
            text,
            s,
            "`GEOMETRY:` must be followed directly by `MAP` … `ENDMAP` (lev_comp: syntax error)",
        ));
    }
}

/// The parser's errors, one per zone that has no error yet.
fn syntax_errors(text: &str, doc: &Document, found: &mut Vec<Diagnostic>) {
    let starts = item_starts(doc);
    let open_map = doc
        .levels
        .iter()
        .flat_map(|l| l.items.iter().flat_map(flat))
        .chain(doc.prelude.iter().flat_map(flat))
        .filter_map(Item::map)
        .filter(|m| m.end.is_none())
        .map(|m| m.start.start)
        .min();
    let mut taken: Vec<Span> = found
        .iter()
        .map(|d| zone_of(&starts, text.len(), d.range.start))
        .collect();
    if !doc.prelude.is_empty() {
        let end = doc.levels.first().map_or(text.len(), |l| l.span.start);
        taken.push(0..end);
    }
    let mut new = Vec::new();
    for e in &doc.syntax_errors {
        if e.missing.as_deref() == Some("map_end")
            || open_map.is_some_and(|m| e.span.start >= m)
            || taken.iter().any(|z| z.contains(&e.span.start))
        {
            continue;
        }
        taken.push(zone_of(&starts, text.len(), e.span.start));
        new.push(match &e.missing {
            // Where the block ends, not where the parser gave up.
            Some(token) if token == "}" => {
                let at = at_end_if_only_comments_follow(text, e.span.clone());
                let d = if at.start == text.len() && e.span.start < text.len() {
                    error(
                        "nethack::syntax-error",
                        at,
                        "missing `}`: the file ends inside a block (lev_comp: syntax error)",
                    )
                } else {
                    error(
                        "nethack::syntax-error",
                        at,
                        "missing `}` (lev_comp: syntax error)",
                    )
                };
                match closing::close_brace(text, doc, e.span.start) {
                    Some(edits) => d.with_fix("Add `}`", edits, false),
                    None => d,
                }
            }
            Some(token) => {
                crate::formats::nethack::check::report::missing_token(e.span.clone(), token, false)
            }
            None => {
                let tok = first_token(text, &e.span).unwrap_or(e.span.clone());
                let written = text.get(tok.clone()).unwrap_or("").to_string();
                error(
                    "nethack::syntax-error",
                    tok,
                    format!(
                        "unexpected `{written}`{} (lev_comp: syntax error at \"{written}\")",
                        hint(&written)
                    ),
                )
            }
        });
    }
    found.extend(new);
}

/// A missing token with nothing but blanks and comments after it is missed
/// where lev_comp misses it: at the end of the file.
fn at_end_if_only_comments_follow(text: &str, span: Span) -> Span {
    let rest = text.get(span.end..).unwrap_or("");
    let only_comments = rest.lines().all(|l| {
        let t = l.trim();
        t.is_empty() || t.starts_with('#')
    });
    if only_comments {
        text.len()..text.len()
    } else {
        span
    }
}

/// What usually went wrong before a token lev_comp cannot place.
fn hint(token: &str) -> &'static str {
    match token {
        ":" => "; a `:` follows a statement keyword or a value word (`montype:`)",
        "," => "; an argument is missing around this comma",
        "(" | ")" => "; check the parentheses: `(x,y)` or `(x1,y1,x2,y2)`",
        "{" | "}" => "; check the braces: a block follows a statement, `{ … }`",
        "\"" => "; a string is not closed",
        "-" => "; 3.6 cannot subtract: a negative number is written `(-3)`",
        _ if token.starts_with('$') => "; a variable name is `$` and letters or `_` only",
        _ => "",
    }
}
