//! `.des` → NetHack 5.0 Lua: one script per MAZE/LEVEL, in the shape of
//! the shipped 5.0 scripts, faithful to what lev_comp and sp_lev did with
//! the `.des` (the checklist of `docs/formats/nethack-convert.md`).
//!
//! - [`emit`]: the Lua writer (indentation, quoting, map text, tables);
//! - [`values`]: coordinates, regions, registers and `$variables`, dice,
//!   selections, expressions;
//! - [`statements`]: one emitter per statement of both dialects;
//! - [`flow`]: 3.6's IF/ELSE, LOOP, SWITCH, FOR, `[n%]:`, and the rooms'
//!   nesting of 3.4.3.
//!
//! What cannot be converted faithfully is written as a `-- levls: cannot
//! convert` comment and listed in [`Converted::unconverted`].

mod emit;
mod flow;
mod statements;
mod values;

use super::dialect::Dialect;
use super::syntax::{self, Document, Item, Level, LevelKind, Span};
use emit::{comment_text, Lua};
use std::collections::BTreeSet;
use std::ops::Range;

/// The name `levls convert --to` knows this conversion by.
pub const TARGET: &str = "nethack-5.0";

/// One level of the `.des`, as a Lua script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Converted {
    /// The MAZE/LEVEL name.
    pub level_name: String,
    /// `<level>.lua`.
    pub file_name: String,
    pub text: String,
    /// Each construct the script could not say faithfully: where it is in
    /// the `.des`, and why.
    pub unconverted: Vec<(Range<usize>, String)>,
    /// The level in the `.des` (its header to its last statement).
    pub span: Range<usize>,
}

/// Every level of the file, converted.
pub fn convert(text: &str, tree: &tree_sitter::Tree, dialect: Dialect) -> Vec<Converted> {
    convert_document(text, &syntax::read(text, tree), dialect, None)
}

/// [`convert`] of a document already read: every level, or only the one
/// whose span (its end included) holds byte `at`.
pub fn convert_document(
    text: &str,
    doc: &Document,
    dialect: Dialect,
    at: Option<usize>,
) -> Vec<Converted> {
    let header = file_header(text, doc);
    let mut out = Vec::new();
    for (i, level) in doc.levels.iter().enumerate() {
        if at.is_some_and(|at| !(level.span.start..=level.span.end).contains(&at)) {
            continue;
        }
        // A level's comments: those after the previous level (or the file
        // header) up to the next level's leading ones.
        let from = if i == 0 {
            header.last().map_or(0, |c| c.end)
        } else {
            doc.levels[i - 1].span.end
        };
        let to = doc
            .levels
            .get(i + 1)
            .map_or(text.len(), |next| leading_comments_start(text, doc, next));
        let comments: Vec<Span> = doc
            .comments
            .iter()
            .filter(|c| c.start >= from && c.start < to)
            .cloned()
            .collect();
        let broken: Vec<Span> = doc
            .syntax_errors
            .iter()
            .filter(|e| {
                e.span.start >= level.span.start
                    && e.span.start < level.span.end.max(level.span.start + 1)
            })
            .map(|e| e.span.clone())
            .collect();
        out.push(convert_level(
            text, level, dialect, &header, comments, &broken,
        ));
    }
    out
}

/// The comments of the file's first block (up to its first blank line),
/// when they come before the first level: they go into every script.
fn file_header(text: &str, doc: &Document) -> Vec<Span> {
    let first_level = doc.levels.first().map_or(text.len(), |l| l.span.start);
    let mut header = Vec::new();
    let mut expected = 0;
    for c in doc.comments.iter().filter(|c| c.end <= first_level) {
        if text[expected..c.start].trim().is_empty()
            && !text[expected..c.start].contains("\n\n")
            && (expected == 0 || text[expected..c.start].matches('\n').count() <= 1)
        {
            header.push(c.clone());
            expected = c.end;
        } else {
            break;
        }
    }
    header
}

/// Where the comments right above `level`'s header start (its own).
fn leading_comments_start(text: &str, doc: &Document, level: &Level) -> usize {
    let mut start = level.span.start;
    for c in doc
        .comments
        .iter()
        .rev()
        .filter(|c| c.end <= level.span.start)
    {
        if text[c.end..start].trim().is_empty() {
            start = c.start;
        } else {
            break;
        }
    }
    start
}

/// What converting one level keeps track of.
pub(super) struct Converter<'a> {
    pub text: &'a str,
    pub dialect: Dialect,
    pub level: &'a Level,
    pub out: Lua,
    pub unconverted: Vec<(Range<usize>, String)>,
    /// The level's comments not written yet, in file order.
    comments: std::collections::VecDeque<Span>,
    /// Lua locals declared so far (3.6 variables, 3.4.3 lists).
    pub declared: BTreeSet<String>,
    /// The GEOMETRY waiting for its MAP.
    pub geometry: Option<syntax::Statement>,
    pub maps_written: usize,
    /// A NOMAP came after a MAP: numbers are the level's, which 5.0
    /// would read relative to the map.
    pub after_nomap: bool,
    /// SWITCHes written, to name each one's draw.
    pub switches: usize,
}

fn convert_level(
    text: &str,
    level: &Level,
    dialect: Dialect,
    header: &[Span],
    comments: Vec<Span>,
    broken: &[Span],
) -> Converted {
    let name = level
        .name()
        .map_or_else(|| "unnamed".to_string(), |(n, _)| n.to_string());
    let mut c = Converter {
        text,
        dialect,
        level,
        out: Lua::default(),
        unconverted: Vec::new(),
        comments: comments.into(),
        declared: BTreeSet::new(),
        geometry: None,
        maps_written: 0,
        after_nomap: false,
        switches: 0,
    };
    c.out.comment(&format!(
        "NetHack 5.0 level \"{name}\", converted by levls from a NetHack {} .des file",
        dialect.label()
    ));
    for span in header {
        c.out.line(&lua_comment(&text[span.clone()]));
    }
    c.out.line("");
    // What lev_comp cannot read cannot be converted faithfully: said once
    // per line, at the top, and `levls convert` exits 1.
    let mut lines_said = BTreeSet::new();
    for error in broken {
        let line = line_of(text, error.start);
        if lines_said.insert(line.start) {
            c.cannot(
                &line,
                "the .des cannot be read here: `levls check` says why",
            );
        }
    }
    c.comments_before(level.span.start);
    c.header();
    c.declare_nested_variables();
    c.level_body();
    c.comments_before(usize::MAX);
    let mut text_out = c.out.finish();
    while text_out.ends_with("\n\n") {
        text_out.pop();
    }
    Converted {
        file_name: format!("{}.lua", file_stem(&name)),
        level_name: name,
        text: text_out,
        unconverted: c.unconverted,
        span: level.span.clone(),
    }
}

/// The line that holds `offset`, without its line break.
fn line_of(text: &str, offset: usize) -> Span {
    let offset = offset.min(text.len());
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    start..end
}

/// A file name for the level: its name, with anything that is not a
/// letter, digit, `-`, `_` or `.` as `_`.
fn file_stem(name: &str) -> String {
    let stem: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    if stem.is_empty() {
        "unnamed".to_string()
    } else {
        stem
    }
}

/// `# text` → `-- text`.
fn lua_comment(comment: &str) -> String {
    let body = comment_text(comment.strip_prefix('#').unwrap_or(comment));
    if body.trim().is_empty() {
        "--".to_string()
    } else {
        format!("--{body}")
    }
}

impl Converter<'_> {
    /// Writes the comments that start before `offset`.
    pub fn comments_before(&mut self, offset: usize) {
        while self.comments.front().is_some_and(|c| c.start < offset) {
            let span = self.comments.pop_front().expect("checked");
            let line = lua_comment(&self.text[span]);
            self.out.line(&line);
        }
    }

    /// A construct with no faithful Lua: said in the script, and listed.
    pub fn cannot(&mut self, span: &Span, why: &str) {
        let original = self.text[span.clone()].trim_end();
        let mut lines = original.lines().map(comment_text);
        let first = lines.next().unwrap_or_default();
        // The reason may quote the text: one line of it.
        let said = comment_text(&why.lines().collect::<Vec<_>>().join(" "));
        self.out
            .line(&format!("-- levls: cannot convert ({said}): {first}"));
        for line in lines {
            self.out.line(format!("--    {line}").trim_end());
        }
        self.unconverted.push((span.clone(), why.to_string()));
    }

    /// `MAZE:`/`LEVEL:` → the level's fill and its `mazelevel` flag.
    fn header(&mut self) {
        let header = &self.level.header;
        if self.level.kind == LevelKind::Room {
            return;
        }
        self.out.line("des.level_flags(\"mazelevel\")");
        // An INIT_MAP fills the level again (3.6) or instead (3.4.3).
        let has_init = self
            .level
            .items
            .iter()
            .flat_map(Item::walk)
            .any(|i| matches!(i, Item::Statement(s) if s.keyword == "INIT_MAP"));
        if has_init {
            return;
        }
        match header.args.get(1) {
            Some(v) if v.word() == Some("random") => {
                self.out
                    .line("des.level_init({ style=\"mazegrid\", bg=\"-\" })");
            }
            Some(v) if v.char().is_some() => {
                let fill = values::map_char(v.char().expect("checked"));
                self.out.line(&format!(
                    "des.level_init({{ style=\"solidfill\", fg={} }})",
                    emit::quote(&fill.to_string())
                ));
            }
            _ => {
                let span = header.span.clone();
                self.cannot(
                    &span,
                    "the MAZE's filling is neither a character nor `random`",
                );
            }
        }
        self.out.line("");
    }

    /// The level's items; 3.4.3 rooms nest by their parents' names.
    fn level_body(&mut self) {
        let items = &self.level.items;
        if self.dialect == Dialect::V343 && self.level.kind == LevelKind::Room {
            self.rooms_343(items);
        } else {
            self.items(items);
        }
    }
}

#[cfg(test)]
mod tests;
