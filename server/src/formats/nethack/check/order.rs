//! The shape of the file as lev_comp's grammar sees it: what the parser could
//! not read, comments, keywords, MAP blocks, colons and chance prefixes, and
//! which statement may come where in a MAZE or a LEVEL level. Everything here
//! is a `syntax error` for lev_comp 3.4.3 except the chance range.
//!
//! One located error per problem: a statement that already has an error here
//! keeps the parser's own errors in its zone (up to the next statement) quiet,
//! and [`quiet_ranges`] tells the arguments check which statements to leave
//! alone.

use super::comments;
use super::maps;
use super::report::{edit, error, line_of, missing_colon};
use crate::formats::nethack::dialect;
use crate::formats::nethack::names::lexicon;
use crate::formats::nethack::names::vocabulary::{self, Where};
use crate::formats::nethack::syntax::{
    first_token, Document, Item, Level, LevelKind, Span, Statement,
};
use crate::formats::{closest, Diagnostic};

/// Statements of a MAZE map part after its map (spec A2.1).
const MAP_DETAILS: &[&str] = &[
    "MONSTER",
    "OBJECT",
    "CONTAINER",
    "DOOR",
    "TRAP",
    "DRAWBRIDGE",
    "REGION",
    "STAIR",
    "PORTAL",
    "TELEPORT_REGION",
    "BRANCH",
    "ALTAR",
    "FOUNTAIN",
    "MAZEWALK",
    "WALLIFY",
    "LADDER",
    "GOLD",
    "ENGRAVING",
    "NON_DIGGABLE",
    "NON_PASSWALL",
];

/// Statements of a LEVEL room (spec A2.2).
const ROOM_DETAILS: &[&str] = &[
    "NAME",
    "CHANCE",
    "DOOR",
    "MONSTER",
    "OBJECT",
    "CONTAINER",
    "TRAP",
    "ALTAR",
    "FOUNTAIN",
    "SINK",
    "POOL",
    "GOLD",
    "ENGRAVING",
    "STAIR",
];

/// Statements that only exist in lev_comp 3.6 (spec B).
const NEWER_KEYWORDS: &[&str] = &[
    "TERRAIN",
    "REPLACE_TERRAIN",
    "ROOMDOOR",
    "SHUFFLE",
    "IF",
    "ELSE",
    "LOOP",
    "SWITCH",
    "CASE",
    "BREAK",
    "DEFAULT",
    "FOR",
    "FUNCTION",
    "GRAVE",
    "MINERALIZE",
    "EXIT",
    "WALLWALK",
    "SOUNDS",
    "WALLIFY_MAP",
];

/// Where each item's zone ends: at the next item, the next level, or the end
/// of the file. Errors of the parser between two statements belong to the
/// earlier one.
pub(super) struct Zones {
    /// (zone, index of the level or `None` for the prelude, item index or
    /// `None` for the level header).
    pub zones: Vec<(Span, Option<usize>, Option<usize>)>,
}

impl Zones {
    pub(super) fn new(text: &str, doc: &Document) -> Zones {
        let mut zones = Vec::new();
        let mut starts: Vec<(usize, Option<usize>, Option<usize>)> = Vec::new();
        for (i, item) in doc.prelude.iter().enumerate() {
            starts.push((item.span().start, None, Some(i)));
        }
        for (l, level) in doc.levels.iter().enumerate() {
            starts.push((level.header.span.start, Some(l), None));
            for (i, item) in level.items.iter().enumerate() {
                starts.push((item.span().start, Some(l), Some(i)));
            }
        }
        // What comes before the first thing (stray characters lev_comp stops
        // at) is in no zone: its error is its own, as it is when the file's
        // parts are analysed apart (incremental.rs).
        for (k, &(start, level, item)) in starts.iter().enumerate() {
            let end = starts.get(k + 1).map_or(text.len(), |s| s.0).max(start);
            zones.push((start..end, level, item));
        }
        Zones { zones }
    }

    fn index_of(&self, offset: usize) -> Option<usize> {
        if self.zones.first().is_none_or(|(z, _, _)| offset < z.start) {
            return None;
        }
        // The zones follow each other: the last one starting at or before
        // `offset` holds it (a scan per question made many errors quadratic).
        let i = self.zones.partition_point(|(z, _, _)| z.start <= offset);
        if let Some(k) = i
            .checked_sub(1)
            .filter(|&k| self.zones[k].0.contains(&offset))
        {
            return Some(k);
        }
        self.zones
            .iter()
            .position(|(z, _, _)| z.contains(&offset))
            .or_else(|| self.zones.len().checked_sub(1))
    }
}

/// Ranges the arguments check must not judge: a MAP written as a statement
/// with everything up to its ENDMAP, and the zones of statements the parser
/// could not read completely.
pub(super) fn quiet_ranges(text: &str, doc: &Document) -> Vec<Span> {
    let mut quiet = dead_ranges(text, doc);
    let zones = Zones::new(text, doc);
    for e in &doc.syntax_errors {
        if let Some(z) = zones.index_of(e.span.start) {
            quiet.push(zones.zones[z].0.clone());
        }
    }
    quiet
}

/// From a `MAP` that lev_comp does not take as a map start to the end of the
/// next `ENDMAP` (or of its level): the rows between are not statements. And
/// every level written in the 3.6 language: one error says so.
fn dead_ranges(text: &str, doc: &Document) -> Vec<Span> {
    let mut dead = Vec::new();
    for (l, level) in doc.levels.iter().enumerate() {
        let level_end = level_end(text, doc, l);
        if newer_marker(text, doc, l).is_some() {
            dead.push(level.span.start..level_end);
            continue;
        }
        for (i, item) in level.items.iter().enumerate() {
            if let Item::Statement(s) = item {
                if s.keyword == "MAP" {
                    let end = level.items[i + 1..]
                        .iter()
                        .find_map(|it| match it {
                            Item::Statement(e) if e.keyword == "ENDMAP" => Some(e.span.end),
                            _ => None,
                        })
                        .unwrap_or(level_end);
                    dead.push(s.span.start..end);
                }
            }
        }
    }
    dead
}

fn level_end(text: &str, doc: &Document, l: usize) -> usize {
    doc.levels
        .get(l + 1)
        .map_or(text.len(), |next| next.span.start)
}

/// The first sign that level `l` is written in the NetHack 3.6 language
/// (`$variables`, `{ }` blocks, 3.6-only statements), with what it is.
fn newer_marker(text: &str, doc: &Document, l: usize) -> Option<(Span, String)> {
    let level = doc.levels.get(l)?;
    let range = level.span.start..level_end(text, doc, l);
    let mut markers: Vec<(Span, String)> = Vec::new();
    for item in level.items.iter().flat_map(Item::walk) {
        if let Some(marker) = dialect::newer_item(text, item) {
            markers.push(marker);
        }
    }
    for s in level.statements() {
        if NEWER_KEYWORDS.contains(&s.keyword.as_str()) {
            markers.push((
                s.keyword_span.clone(),
                format!("`{}` is a NetHack 3.6 statement", s.keyword),
            ));
        } else if s.keyword_span.start > 0
            && text.as_bytes().get(s.keyword_span.start - 1) == Some(&b'$')
        {
            let span = s.keyword_span.start - 1..s.keyword_span.end;
            markers.push((span, format!("`${}`: variables are NetHack 3.6", s.keyword)));
        }
    }
    for e in doc
        .syntax_errors
        .iter()
        .filter(|e| range.contains(&e.span.start))
    {
        if let Some(tok) = first_token(text, &e.span) {
            let written = text.get(tok.clone()).unwrap_or("");
            if matches!(written, "{" | "}" | "$") {
                markers.push((
                    tok,
                    format!("`{written}`: blocks and variables are NetHack 3.6"),
                ));
            }
        }
    }
    markers.into_iter().min_by_key(|(span, _)| span.start)
}

pub fn check(text: &str, doc: &Document, out: &mut Vec<Diagnostic>) {
    let mut found = Vec::new();
    let dead = dead_ranges(text, doc);
    // Strictly inside: the MAP statement that opens a dead range is judged.
    let inside = |offset: usize| dead.iter().any(|d| d.start < offset && offset < d.end);
    let in_dead = |offset: usize| dead.iter().any(|d| d.contains(&offset));

    prelude(doc, &mut found);
    for (l, level) in doc.levels.iter().enumerate() {
        if let Some((span, what)) = newer_marker(text, doc, l) {
            found.push(error(
                "nethack::newer-dialect",
                span,
                format!("{what}; lev_comp 3.4.3 does not read the 3.6 language (syntax error)"),
            ));
            continue;
        }
        header(level, &mut found);
        let mut prev_value = false;
        let mut after_geometry = false;
        for item in &level.items {
            // `random random`: a run of values without commas is one problem.
            let value = matches!(item, Item::Statement(s) if is_value_word(&s.keyword));
            if std::mem::replace(&mut prev_value, value) && value {
                continue;
            }
            match item {
                Item::Statement(s) if !inside(s.span.start) => statement(text, s, &mut found),
                Item::Statement(_) => {}
                Item::Map(m) => map_block(text, m, after_geometry, &mut found),
                // 3.6 constructs: `newer-dialect` has said so for the level.
                _ => {}
            }
            after_geometry = matches!(item, Item::Statement(s) if s.keyword == "GEOMETRY");
        }
        order(text, level, &mut found);
    }
    comments::column_one(text, doc, &in_dead, &mut found);
    // lev_comp stops at the first syntax error: a level it cannot read to the
    // end is not judged as a whole (a MAZE without a map part); the syntax
    // error is the one to report.
    let unreadable = |l: usize| {
        let level = &doc.levels[l];
        let range = level.span.start..level_end(text, doc, l);
        doc.syntax_errors.iter().any(|e| {
            range.contains(&e.span.start)
                && e.missing.as_deref() != Some("map_end")
                && !in_dead(e.span.start)
        })
    };
    found.retain(|d| {
        d.code != "nethack::maze-without-map"
            || !doc
                .levels
                .iter()
                .position(|l| l.header.keyword_span == d.range)
                .is_some_and(unreadable)
    });
    syntax_errors(text, doc, &in_dead, &mut found);
    out.extend(found);
}

/// Statements before the first level: lev_comp's first token must be `MAZE` or
/// `LEVEL`. One error for the whole prelude.
fn prelude(doc: &Document, out: &mut Vec<Diagnostic>) {
    let Some(first) = doc.prelude.first() else {
        return;
    };
    match first {
        Item::Statement(s) if header_typo(&s.keyword).is_some() => {
            let right = header_typo(&s.keyword).unwrap_or("MAZE");
            out.push(
                error(
                    "nethack::unknown-keyword",
                    s.keyword_span.clone(),
                    format!(
                        "unknown keyword `{}`: keywords are case-sensitive; a level starts with `{right}`",
                        s.keyword
                    ),
                )
                .with_fix(format!("Change to `{right}`"), edit(s.keyword_span.clone(), right), true),
            );
        }
        Item::Statement(s) => out.push(error(
            "nethack::before-level",
            s.keyword_span.clone(),
            format!(
                "`{}` before the first level: a file must start with `MAZE:` or `LEVEL:` (lev_comp: syntax error)",
                s.keyword
            ),
        )),
        Item::Map(m) => out.push(error(
            "nethack::before-level",
            m.start.clone(),
            "MAP before the first level: a file must start with `MAZE:` or `LEVEL:` (lev_comp: syntax error)",
        )),
        other => out.push(error(
            "nethack::before-level",
            other.span(),
            "this comes before the first level: a file must start with `MAZE:` or `LEVEL:` (lev_comp: syntax error)",
        )),
    }
}

/// `maze`, `Level`, `MAZ`: a level header written wrongly.
fn header_typo(keyword: &str) -> Option<&'static str> {
    ["MAZE", "LEVEL"].into_iter().find(|k| {
        vocabulary::keyword(keyword).is_none() && closest_keyword(keyword, [*k]).is_some()
    })
}

/// Did-you-mean among upper-case keywords (`closest` compares in lower case).
fn closest_keyword(
    word: &str,
    names: impl IntoIterator<Item = &'static str>,
) -> Option<&'static str> {
    let names: Vec<&'static str> = names.into_iter().collect();
    let lower: Vec<String> = names.iter().map(|n| n.to_ascii_lowercase()).collect();
    let found = closest(word, lower.iter().map(String::as_str))?;
    names.into_iter().find(|n| n.eq_ignore_ascii_case(found))
}

fn header(level: &Level, out: &mut Vec<Diagnostic>) {
    let h = &level.header;
    if let Some(chance) = &h.chance {
        out.push(no_chance(h, chance.span.clone()));
    }
    if h.colon.is_none() {
        out.push(missing_colon(h));
    }
}

fn no_chance(s: &Statement, span: Span) -> Diagnostic {
    error(
        "nethack::chance-not-allowed",
        span.clone(),
        format!(
            "`{}` takes no `[n%]` chance; only MONSTER, OBJECT, CONTAINER and TRAP do (lev_comp: syntax error)",
            s.keyword
        ),
    )
    .with_fix("Remove the chance", edit(span, ""), true)
}

/// One statement on its own: keyword, `:`, chance prefix.
fn statement(text: &str, s: &Statement, out: &mut Vec<Diagnostic>) {
    // `MONSTER[50 %]:` reads as a 3.6 condition: it is a chance written with a blank.
    if let Some(c) = &s.condition {
        let start = s.keyword_span.end
            + text
                .get(s.keyword_span.end..c.span.start)
                .and_then(|t| t.find('['))
                .unwrap_or(0);
        out.push(error(
            "nethack::chance-format",
            start..start + 1,
            "a chance is `[n%]` with the `%` right after the number (lev_comp: syntax error)",
        ));
        return;
    }
    match s.keyword.as_str() {
        "MAP" => {
            out.push(map_not_alone(text, s));
            return;
        }
        "ENDMAP" => {
            out.push(error(
                "nethack::endmap-outside-map",
                s.keyword_span.clone(),
                "`ENDMAP` outside a MAP block: a map starts with `MAP` alone on its line in column 1 (lev_comp: syntax error)",
            ));
            return;
        }
        _ => {}
    }
    let Some(info) = vocabulary::keyword(&s.keyword) else {
        // A statement of the variant in force that levls has no form for.
        if !lexicon::is_variant_keyword(&s.keyword, false) {
            out.push(unknown_keyword(text, s));
        }
        return;
    };
    if info.allowed == Where::Header {
        return;
    }
    if let Some(chance) = &s.chance {
        if !info.chance {
            out.push(no_chance(s, chance.span.clone()));
        } else {
            check_chance(text, chance.span.clone(), chance.percent, out);
        }
    }
    match (info.colon, &s.colon) {
        (false, Some(colon)) => {
            let end = s.span.end.max(colon.end);
            out.push(
                error(
                    "nethack::unexpected-colon",
                    colon.clone(),
                    format!(
                        "`{}` takes no `:` and no arguments (lev_comp: syntax error)",
                        s.keyword
                    ),
                )
                .with_fix(
                    format!("Write `{}` alone", s.keyword),
                    edit(s.keyword_span.end..end, ""),
                    true,
                ),
            );
        }
        (true, None) => out.push(missing_colon(s)),
        _ => {}
    }
}

/// lev_comp's PERCENT token is `[`, spaces, digits, `%`, spaces, `]`.
fn check_chance(text: &str, span: Span, percent: i64, out: &mut Vec<Diagnostic>) {
    let written = text.get(span.clone()).unwrap_or("");
    if written.contains(['\t', '+', '-']) {
        let tidy: String = written
            .chars()
            .filter(|c| !matches!(c, '\t' | '+' | ' '))
            .collect();
        out.push(
            error(
                "nethack::chance-format",
                span.clone(),
                format!(
                    "`{written}`: a chance is `[n%]` with only spaces around the number, no sign and no tab (lev_comp: syntax error)"
                ),
            )
            .with_fix(format!("Write `{tidy}`"), edit(span, tidy.clone()), !tidy.contains('-')),
        );
        return;
    }
    if !(1..=100).contains(&percent) {
        out.push(error(
            "nethack::chance-range",
            span,
            format!("chance {percent}% is not between 1 and 100 (lev_comp: Expected percentile chance.)"),
        ));
    }
}

fn unknown_keyword(text: &str, s: &Statement) -> Diagnostic {
    let kw = &s.keyword;
    let span = s.keyword_span.clone();
    let names = vocabulary::KEYWORDS
        .iter()
        .map(|k| k.name)
        .filter(|n| *n != "MAP" && *n != "ENDMAP");
    if let Some(right) = names.clone().find(|n| n.eq_ignore_ascii_case(kw)) {
        return error(
            "nethack::unknown-keyword",
            span.clone(),
            format!("unknown keyword `{kw}`: keywords are upper case, `{right}` (lev_comp: syntax error)"),
        )
        .with_fix(format!("Change to `{right}`"), edit(span, right), true);
    }
    if !vocabulary::value_classes_of(kw).is_empty() || is_register_word(kw) {
        // A value where a statement should start: usually a lost comma.
        let before = text.get(..span.start).unwrap_or("").trim_end();
        let mut d = error(
            "nethack::unknown-keyword",
            span.clone(),
            format!("unexpected `{kw}`: a value, not a statement keyword; is a `,` missing before it? (lev_comp: syntax error)"),
        );
        if !before.is_empty() && !before.ends_with(',') {
            let at = before.len();
            d = d.with_fix("Add `,`", edit(at..at, ","), false);
        }
        return d;
    }
    if NEWER_KEYWORDS.contains(&kw.as_str()) {
        return error(
            "nethack::unknown-keyword",
            span,
            format!(
                "`{kw}` is a NetHack 3.6 statement; lev_comp 3.4.3 does not know it (syntax error)"
            ),
        );
    }
    // lev_comp's lexer has no identifiers: `MONSTERS` is `MONSTER` and a stray `S`.
    let prefix = names
        .clone()
        .filter(|n| kw.starts_with(n))
        .max_by_key(|n| n.len());
    let suggestion = prefix.or_else(|| closest_keyword(kw, names.clone()));
    let message = match suggestion {
        Some(right) => {
            format!("unknown keyword `{kw}`; did you mean `{right}`? (lev_comp: syntax error)")
        }
        None => format!("unknown keyword `{kw}` (lev_comp: syntax error)"),
    };
    let d = error("nethack::unknown-keyword", span.clone(), message);
    match suggestion {
        Some(right) => d.with_fix(format!("Change to `{right}`"), edit(span, right), true),
        None => d,
    }
}

/// A lowercase value word where a statement keyword should be.
fn is_value_word(w: &str) -> bool {
    vocabulary::keyword(w).is_none()
        && (!vocabulary::value_classes_of(w).is_empty() || is_register_word(w))
}

fn is_register_word(w: &str) -> bool {
    matches!(w, "place" | "object" | "monster" | "align")
}

/// `MAP` that the lexer does not take as a map start: it must be alone on its
/// line, in column 1, followed directly by the line break.
fn map_not_alone(text: &str, s: &Statement) -> Diagnostic {
    let span = s.keyword_span.clone();
    let line_start = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..span.start];
    let line_end = text[span.end..]
        .find('\n')
        .map_or(text.len(), |i| span.end + i);
    let after = text[span.end..line_end].trim_end_matches('\r');
    let code = "nethack::map-not-alone";
    if !before.trim().is_empty() {
        let cut = line_start + before.trim_end().len();
        return error(
            code,
            span.clone(),
            "`MAP` must be alone on its own line, in column 1 (lev_comp: syntax error)",
        )
        .with_fix(
            "Start a new line before `MAP`",
            edit(cut..span.start, "\n"),
            true,
        );
    }
    if !before.is_empty() {
        return error(
            code,
            span.clone(),
            "`MAP` must start in column 1 (lev_comp: syntax error)",
        )
        .with_fix(
            "Remove the indentation",
            edit(line_start..span.start, ""),
            true,
        );
    }
    if !after.is_empty() && after.trim().is_empty() {
        return error(
            code,
            span.clone(),
            "`MAP` must be followed directly by the line break; remove the blanks after it (lev_comp: syntax error)",
        )
        .with_fix(
            "Remove the trailing blanks",
            edit(span.end..span.end + after.len(), ""),
            true,
        );
    }
    if span.end == text.len() {
        return error(
            code,
            span.clone(),
            "`MAP` needs a line break after it (lev_comp: syntax error)",
        )
        .with_fix("Add a line break", edit(span.end..span.end, "\n"), true);
    }
    error(
        code,
        span,
        "`MAP` must be alone on its line; put what follows it on the next line (lev_comp: syntax error)",
    )
}

fn map_block(
    text: &str,
    m: &crate::formats::nethack::syntax::MapBlock,
    after_geometry: bool,
    out: &mut Vec<Diagnostic>,
) {
    if m.end.is_none() {
        out.push(maps::missing_endmap(text, m));
        return;
    }
    // lev_comp skips a second `MAP` line, and reads a GEOMETRY among the
    // rows as the map's own when none came before.
    let (geometry_inside, repeated) = maps::lines_lev_comp_skips(text, m);
    let geometry_inside = geometry_inside.filter(|_| !after_geometry);
    out.extend(geometry_inside.map(|row| maps::geometry_in_map(text, m, row)));
    out.extend(repeated.iter().map(|row| maps::repeated_map(text, row)));
    // The grammar also reads 3.6's `x` ("keep the terrain") as a map character.
    let not_343_row = |r: &&crate::formats::nethack::syntax::MapRow| {
        r.bad || text.get(r.span.clone()).is_some_and(|l| l.contains('x'))
    };
    for row in m.rows.iter().filter(not_343_row) {
        let line = text.get(row.span.clone()).unwrap_or("");
        // lev_comp skips a line of blanks and tabs as white space.
        if line.trim().is_empty()
            || repeated.iter().any(|r| r.span == row.span)
            || geometry_inside.is_some_and(|g| g.span == row.span)
        {
            continue;
        }
        let bad = line
            .char_indices()
            .find(|&(_, c)| c != '\r' && !vocabulary::is_map_char(c));
        match bad {
            Some((i, c)) => {
                let at = row.span.start + i;
                let message = if c == '\t' {
                    "a tab in a map row: map rows are made of map characters and spaces only (lev_comp: syntax error)".to_string()
                } else if c == 'x' {
                    "`x` (keep the terrain under the map) is a map character of the 3.6 dialect only; lev_comp 3.4.3 does not read this line as a map row (syntax error)".to_string()
                } else {
                    format!("`{c}` is not a map character, so lev_comp does not read this line as a map row (syntax error)")
                };
                let mut d = error("nethack::bad-map-row", at..at + c.len_utf8(), message);
                if c == '\t' {
                    d = d.with_fix("Replace the tab by a space", edit(at..at + 1, " "), false);
                }
                out.push(d);
            }
            None => out.push(
                error(
                    "nethack::bad-map-row",
                    row.span.clone(),
                    "a map row needs a line break after it (lev_comp: syntax error)",
                )
                .with_fix(
                    "Add a line break",
                    edit(row.span.end..row.span.end, "\n"),
                    true,
                ),
            ),
        }
    }
}

/// Where a statement may stand in a level (spec A2.1, A2.2).
fn order(text: &str, level: &Level, out: &mut Vec<Diagnostic>) {
    // A lowercase `maze:` inside a level starts what the author meant as a
    // new level: check each stretch on its own.
    let mut start = 0;
    for (i, item) in level.items.iter().enumerate() {
        if let Item::Statement(s) = item {
            if i > start && header_typo(&s.keyword).is_some() {
                order_stretch(text, level, start, i, true, out);
                start = i + 1;
            }
        }
    }
    order_stretch(text, level, start, level.items.len(), start == 0, out);
}

fn wrong_kind(s: &Statement, kind: LevelKind) -> Diagnostic {
    let (here, there) = match kind {
        LevelKind::Maze => ("a MAZE level", "LEVEL (room-and-corridor) levels"),
        LevelKind::Room => ("a LEVEL level", "MAZE levels"),
    };
    error(
        "nethack::wrong-level-kind",
        s.keyword_span.clone(),
        format!(
            "`{}` is not allowed in {here}; it belongs to {there} (lev_comp: syntax error)",
            s.keyword
        ),
    )
}

fn misplaced(s: &Statement, why: impl Into<String>) -> Diagnostic {
    error(
        "nethack::statement-order",
        s.keyword_span.clone(),
        format!("{} (lev_comp: syntax error)", why.into()),
    )
}

fn duplicate(text: &str, s: &Statement, first: &Span) -> Diagnostic {
    error(
        "nethack::duplicate-statement",
        s.keyword_span.clone(),
        format!(
            "a second `{}:` in this level (the first is on line {}); write all of it in one statement (lev_comp: syntax error)",
            s.keyword,
            line_of(text, first.start)
        ),
    )
}

/// The preamble every level kind shares: FLAGS, INIT_MAP, MESSAGE in that order.
#[derive(Default)]
struct Preamble {
    flags: Option<Span>,
    init: Option<Span>,
    message: bool,
}

impl Preamble {
    /// `Some(result)` when the statement is a preamble statement; `closed`
    /// says the preamble is over (a map part or room has started).
    fn take(
        &mut self,
        text: &str,
        s: &Statement,
        closed: Option<&str>,
    ) -> Option<Option<Diagnostic>> {
        let kw = s.keyword.as_str();
        if !matches!(kw, "FLAGS" | "INIT_MAP" | "MESSAGE") {
            return None;
        }
        if let Some(what) = closed {
            return Some(Some(misplaced(
                s,
                format!("`{kw}:` must come before {what}, right after the level header"),
            )));
        }
        Some(match kw {
            "FLAGS" => {
                if let Some(first) = &self.flags {
                    Some(duplicate(text, s, first))
                } else if self.init.is_some() || self.message {
                    Some(misplaced(
                        s,
                        "`FLAGS:` must come first after the level header, before INIT_MAP and MESSAGE",
                    ))
                } else {
                    self.flags = Some(s.keyword_span.clone());
                    None
                }
            }
            "INIT_MAP" => {
                if let Some(first) = &self.init {
                    Some(duplicate(text, s, first))
                } else if self.message {
                    Some(misplaced(s, "`INIT_MAP:` must come before MESSAGE"))
                } else {
                    self.init = Some(s.keyword_span.clone());
                    None
                }
            }
            _ => {
                self.message = true;
                None
            }
        })
    }
}

fn order_stretch(
    text: &str,
    level: &Level,
    from: usize,
    to: usize,
    whole: bool,
    out: &mut Vec<Diagnostic>,
) {
    let items = level.items.get(from..to).unwrap_or(&[]);
    match level.kind {
        LevelKind::Maze => maze_order(text, level, items, whole, out),
        LevelKind::Room => room_order(text, items, out),
    }
}

fn maze_order(text: &str, level: &Level, items: &[Item], whole: bool, out: &mut Vec<Diagnostic>) {
    let mut pre = Preamble::default();
    let mut parts = 0usize;
    let mut geometry: Option<&Statement> = None;
    // The first detail of the current part, once one has been seen.
    let mut detail: Option<&Statement> = None;
    let mut early = false;
    for item in items {
        let s = match item {
            Item::Map(m) => {
                if geometry.take().is_none() && maps::lines_lev_comp_skips(text, m).0.is_none() {
                    out.push(
                        error(
                            "nethack::map-without-geometry",
                            m.start.clone(),
                            "a MAP block needs a `GEOMETRY:` statement right before it (lev_comp: syntax error)",
                        )
                        .with_fix(
                            "Add `GEOMETRY:center,center`",
                            edit(m.start.start..m.start.start, "GEOMETRY:center,center\n"),
                            false,
                        ),
                    );
                }
                parts += 1;
                detail = None;
                continue;
            }
            Item::Statement(s) => s,
            // 3.6 constructs: `newer-dialect` has said so for the level.
            _ => continue,
        };
        let kw = s.keyword.as_str();
        if kw == "MAP" {
            // Reported as map-not-alone; it was meant as this part's map.
            geometry = None;
            parts += 1;
            detail = None;
            continue;
        }
        let Some(info) = vocabulary::keyword(kw) else {
            continue;
        };
        if kw == "ENDMAP" || info.allowed == Where::Header {
            continue;
        }
        if let Some(g) = geometry.take() {
            out.push(geometry_alone(text, g));
        }
        let closed = (parts > 0).then_some("the first map part");
        if let Some(result) = pre.take(text, s, closed) {
            out.extend(result);
            continue;
        }
        match kw {
            "GEOMETRY" => geometry = Some(s),
            "NOMAP" => {
                parts += 1;
                detail = None;
            }
            "RANDOM_OBJECTS" | "RANDOM_MONSTERS" | "RANDOM_PLACES" => {
                if parts == 0 {
                    out.push(misplaced(
                        s,
                        format!(
                            "`{kw}:` must follow a map part (`GEOMETRY:` + MAP…ENDMAP, or `NOMAP`)"
                        ),
                    ));
                } else if let Some(d) = detail {
                    out.push(misplaced(
                        s,
                        format!(
                            "`{kw}:` must come right after its MAP or NOMAP, before the part's other statements (`{}` on line {})",
                            d.keyword,
                            line_of(text, d.span.start)
                        ),
                    ));
                }
            }
            _ if MAP_DETAILS.contains(&kw) => {
                if parts == 0 {
                    // One error for the statements before the first part.
                    if std::mem::replace(&mut early, true) {
                        continue;
                    }
                    out.push(misplaced(
                        s,
                        format!("`{kw}` comes before the first map part; a MAZE level places things after `GEOMETRY:` + MAP…ENDMAP or `NOMAP`"),
                    ));
                } else if detail.is_none() {
                    detail = Some(s);
                }
            }
            _ => out.push(wrong_kind(s, LevelKind::Maze)),
        }
    }
    if let Some(g) = geometry {
        out.push(geometry_alone(text, g));
    }
    if parts == 0 && whole && !early {
        out.push(error(
            "nethack::maze-without-map",
            level.header.keyword_span.clone(),
            "a MAZE level needs at least one map part: `GEOMETRY:` followed by MAP…ENDMAP, or `NOMAP` (lev_comp: syntax error)",
        ));
    }
}

fn geometry_alone(text: &str, g: &Statement) -> Diagnostic {
    maps::geometry_without_map(
        text,
        g,
        "`GEOMETRY:` must be followed by a MAP block (`MAP` alone on the next line) (lev_comp: syntax error)",
    )
}

fn room_order(text: &str, items: &[Item], out: &mut Vec<Diagnostic>) {
    #[derive(PartialEq, PartialOrd)]
    enum Phase {
        Preamble,
        Registers,
        Rooms,
        RandomCorridors,
        Corridors,
    }
    let mut pre = Preamble::default();
    let mut phase = Phase::Preamble;
    let mut corridors: Option<&Statement> = None;
    for item in items {
        let s = match item {
            Item::Map(m) => {
                out.push(error(
                    "nethack::wrong-level-kind",
                    m.start.clone(),
                    "MAP blocks are not allowed in a LEVEL level; they belong to MAZE levels (lev_comp: syntax error)",
                ));
                continue;
            }
            Item::Statement(s) => s,
            // 3.6 constructs: `newer-dialect` has said so for the level.
            _ => continue,
        };
        let kw = s.keyword.as_str();
        let Some(info) = vocabulary::keyword(kw) else {
            continue;
        };
        if kw == "MAP" || kw == "ENDMAP" || info.allowed == Where::Header {
            continue;
        }
        let closed = match phase {
            Phase::Preamble => None,
            Phase::Registers => Some("RANDOM_OBJECTS and RANDOM_MONSTERS"),
            _ => Some("the first room"),
        };
        if let Some(result) = pre.take(text, s, closed) {
            out.extend(result);
            continue;
        }
        let after_corridors = |s: &Statement, c: Option<&Statement>| {
            misplaced(
                s,
                format!(
                    "`{}` comes after the corridors (line {}); corridors end a LEVEL level",
                    s.keyword,
                    c.map_or(0, |c| line_of(text, c.span.start))
                ),
            )
        };
        match kw {
            "RANDOM_OBJECTS" | "RANDOM_MONSTERS" => {
                if phase <= Phase::Registers {
                    phase = Phase::Registers;
                } else {
                    out.push(misplaced(
                        s,
                        format!("`{kw}:` must come before the first ROOM in a LEVEL level"),
                    ));
                }
            }
            "ROOM" | "SUBROOM" => {
                if phase >= Phase::RandomCorridors {
                    out.push(after_corridors(s, corridors));
                } else {
                    phase = Phase::Rooms;
                }
            }
            "RANDOM_CORRIDORS" | "CORRIDOR" => {
                let random = kw == "RANDOM_CORRIDORS";
                match phase {
                    Phase::RandomCorridors => out.push(misplaced(
                        s,
                        if random {
                            "a second `RANDOM_CORRIDORS`; one is enough".to_string()
                        } else {
                            format!(
                                "`CORRIDOR:` cannot be mixed with `RANDOM_CORRIDORS` (line {})",
                                corridors.map_or(0, |c| line_of(text, c.span.start))
                            )
                        },
                    )),
                    Phase::Corridors if random => out.push(misplaced(
                        s,
                        format!(
                            "`RANDOM_CORRIDORS` cannot be mixed with `CORRIDOR:` (line {})",
                            corridors.map_or(0, |c| line_of(text, c.span.start))
                        ),
                    )),
                    _ => {
                        if corridors.is_none() {
                            corridors = Some(s);
                        }
                        phase = if random {
                            Phase::RandomCorridors
                        } else {
                            Phase::Corridors
                        };
                    }
                }
            }
            _ if ROOM_DETAILS.contains(&kw) => {
                if phase < Phase::Rooms {
                    out.push(misplaced(
                        s,
                        format!(
                            "`{kw}` must belong to a room: put it after a `ROOM:` or `SUBROOM:`"
                        ),
                    ));
                } else if phase > Phase::Rooms {
                    out.push(after_corridors(s, corridors));
                }
            }
            _ => out.push(wrong_kind(s, LevelKind::Room)),
        }
    }
}

fn syntax_errors(
    text: &str,
    doc: &Document,
    in_dead: &dyn Fn(usize) -> bool,
    found: &mut Vec<Diagnostic>,
) {
    let zones = Zones::new(text, doc);
    // Maps without ENDMAP run to the end of the file: nothing after their start.
    let open_map = doc
        .levels
        .iter()
        .flat_map(|l| l.maps())
        .chain(doc.prelude.iter().filter_map(Item::map))
        .filter(|m| m.end.is_none())
        .map(|m| m.start.start)
        .min();
    let mut taken: Vec<usize> = found
        .iter()
        .filter_map(|d| zones.index_of(d.range.start))
        .collect();
    // The whole prelude is one problem.
    if !doc.prelude.is_empty() {
        taken.extend(
            zones
                .zones
                .iter()
                .enumerate()
                .filter(|(_, z)| z.1.is_none())
                .map(|(i, _)| i),
        );
    }
    let mut new = Vec::new();
    for e in &doc.syntax_errors {
        if e.missing.as_deref() == Some("map_end") {
            continue;
        }
        if in_dead(e.span.start) || open_map.is_some_and(|m| e.span.start >= m) {
            continue;
        }
        // No zone at all when the parser could not even read the level
        // header: one error for the file.
        let z = zones.index_of(e.span.start).unwrap_or(usize::MAX);
        if taken.contains(&z) {
            continue;
        }
        taken.push(z);
        new.push(match &e.missing {
            Some(token) => {
                crate::formats::nethack::check::report::missing_token(e.span.clone(), token, true)
            }
            None => {
                let tok = error_token(text, &e.span);
                let written = text.get(tok.clone()).unwrap_or("");
                let rest = text.get(tok.start..).unwrap_or("");
                let bracket = rest.find(']').and_then(|end| rest.get(..=end));
                let hint = match bracket {
                    Some(b) if written == "[" && b.contains('%') && !b.contains('\n') => {
                        "; a chance is `[n%]` with the `%` right after the number"
                    }
                    _ => expected_hint(written),
                };
                error(
                    "nethack::syntax-error",
                    tok,
                    format!("unexpected `{written}`{hint} (lev_comp: syntax error)"),
                )
            }
        });
    }
    found.extend(new);
}

/// The token lev_comp stops at in a span the parser could not read. The
/// parser's error often starts early, in a complete level header before the
/// garbage (`MAZE:"x",' '` then a line of `(`): lev_comp reads that header,
/// and the lines after it that read alone, and stops on the first line that
/// does not, so the error goes there.
fn error_token(text: &str, span: &Span) -> Span {
    let tok = first_token(text, span).unwrap_or(span.clone());
    let line_start = text[..tok.start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[tok.start..]
        .find('\n')
        .map_or(text.len(), |i| tok.start + i);
    if !is_whole_header(&text[line_start..line_end]) {
        return tok;
    }
    let end = span.end.min(text.len());
    let mut parser = tree_sitter::Parser::new();
    let language: tree_sitter::Language = tree_sitter_nethack::LANGUAGE.into();
    if parser.set_language(&language).is_err() {
        return tok;
    }
    let mut first = None;
    let mut in_map = false;
    let mut at = line_end;
    while at < end {
        let from = at + 1;
        let next_end = text[from.min(text.len())..]
            .find('\n')
            .map_or(text.len(), |i| from + i);
        at = next_end;
        let line = text.get(from..next_end).unwrap_or("");
        let body = line.trim();
        if body.is_empty() || line.starts_with('#') {
            continue;
        }
        let start = from + (line.len() - line.trim_start().len());
        if start >= end {
            break;
        }
        let here = first_token(text, &(start..end)).unwrap_or(tok.clone());
        first.get_or_insert(here.clone());
        // Lines that do not stand alone: a map part, the edges of 3.6 blocks.
        if in_map || body == "MAP" {
            in_map = body != "ENDMAP";
            continue;
        }
        if body.ends_with('{') || body.starts_with('}') {
            continue;
        }
        let reads = parser
            .parse(line, None)
            .is_some_and(|tree| !tree.root_node().has_error());
        if !reads {
            return here;
        }
    }
    first.unwrap_or(tok)
}

/// A line that is a level header and nothing else: `MAZE:"name",' '`,
/// `MAZE:"name",random`, `LEVEL:"name"` (blanks allowed between tokens).
fn is_whole_header(line: &str) -> bool {
    let rest = line.trim();
    let Some(rest) = rest
        .strip_prefix("MAZE")
        .or_else(|| rest.strip_prefix("LEVEL"))
    else {
        return false;
    };
    let Some(rest) = rest.trim_start().strip_prefix(':') else {
        return false;
    };
    let Some(rest) = rest.trim_start().strip_prefix('"') else {
        return false;
    };
    let Some(close) = rest.find('"') else {
        return false;
    };
    let rest = rest[close + 1..].trim();
    let Some(filler) = rest.strip_prefix(',') else {
        return rest.is_empty();
    };
    let filler = filler.trim();
    let quoted = filler.len() == 3 && filler.starts_with('\'') && filler.ends_with('\'');
    quoted || (!filler.is_empty() && filler.chars().all(|c| c.is_ascii_alphabetic()))
}

/// What usually went wrong before a token lev_comp cannot place.
fn expected_hint(token: &str) -> &'static str {
    match token {
        ":" => "; a `:` follows a statement keyword",
        "," => "; an argument is missing around this comma",
        "(" | ")" => "; check the parentheses: `(x,y)` or `(x1,y1,x2,y2)`",
        "[" | "]" => "; a chance is written `[n%]` right after the keyword, a register `place[0]`",
        "$" | "{" | "}" => "; variables and `{ }` blocks are NetHack 3.6, not 3.4.3",
        "\"" => "; a string is not closed",
        "CHANCE" => "; `, CHANCE: n` after a TRAP is NetHack 3.2.0, 3.4.3 writes `TRAP[n%]:`",
        _ => "",
    }
}

#[cfg(test)]
mod tests;
