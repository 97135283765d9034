//! WUAS rules → diagnostics. The reader reports what the reference loader
//! rejects or misreads; here come the checks on the whole board: the box
//! layout the spec asks for, floors of one size, and the file's own
//! consistency (every id used is defined, labels unique, edges valid) —
//! what the reference validator checks before it looks at names.

use super::lines::Line;
use super::model::{Datafile, FloorId};
use super::reader::read_of;
use crate::formats::{Diagnostic, Severity, SourceFile};
use std::collections::{BTreeMap, HashMap, HashSet};
use Severity::{Error, Hint, Warning};

/// How the "Format the document" fix of the layout warnings is given.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Formatting {
    /// Its edits, laid out now (`levls check`, the tests).
    Now,
    /// Its title only ([`DEFERRED_FORMATTING`]): laid out when a quick fix is
    /// asked for ([`with_formatting`]). The whole board laid out at each key
    /// of a megabyte was the keystroke's tail (5 ms of it).
    WhenAsked,
}

/// The title of the formatting fix, which has no edits until it is asked for.
pub const DEFERRED_FORMATTING: &str = "Format the document";

pub fn diagnostics(file: &SourceFile) -> Vec<Diagnostic> {
    diagnostics_with(file, Formatting::Now)
}

pub fn diagnostics_with(file: &SourceFile, formatting: Formatting) -> Vec<Diagnostic> {
    let reader = read_of(file);
    let mut out = reader.out.clone();
    let data = &reader.file;
    check_layout(file.text, &reader.lines, data, &mut out);
    check_floor_sizes(data, &mut out);
    // When a fatal error stopped the reading, the footer was never read:
    // every id would look undefined.
    if reader.complete {
        check_ids(file.text, data, &mut out);
        check_labels_and_edges(file.text, data, &mut out);
        super::names::check(file, data, &mut out);
    }
    offer_formatting(file.text, &reader, formatting, &mut out);
    out.sort_by_key(|d| (d.range.start, d.range.end));
    out
}

/// `target` with its deferred formatting fix laid out, or without it when
/// the formatter refuses the file.
pub fn with_formatting(file: &SourceFile, target: &Diagnostic) -> Diagnostic {
    let deferred = |f: &crate::formats::Fix| f.title == DEFERRED_FORMATTING && f.edits.is_empty();
    let mut target = target.clone();
    if target.fixes.iter().any(deferred) {
        let edits = super::format::format_read(file.text, &read_of(file)).filter(|e| !e.is_empty());
        match edits {
            Some(edits) => {
                for fix in target.fixes.iter_mut().filter(|f| deferred(f)) {
                    fix.edits = edits.clone();
                }
            }
            None => target.fixes.retain(|f| !deferred(f)),
        }
    }
    target
}

/// The spec: boxes of one width in the whole file, borders of `+` and `-`
/// matching the cells. The tool reads neither, so these are warnings.
fn check_layout(text: &str, lines: &[Line], data: &Datafile, out: &mut Vec<Diagnostic>) {
    let boxes = || {
        data.cells()
            .flat_map(|(_, _, _, c)| [&c.space_cell, &c.token_cell])
            .filter(|s| !s.is_empty())
    };
    let width = |s: &std::ops::Range<usize>| text[s.clone()].chars().count();
    // Counted, not listed: a board has tens of thousands of boxes, and almost
    // all of them are as wide as the others.
    let mut counts: BTreeMap<usize, usize> = BTreeMap::new();
    for s in boxes() {
        *counts.entry(width(s)).or_default() += 1;
    }
    if let Some((&common, _)) = counts.iter().max_by_key(|(w, n)| (**n, **w)) {
        // A board can have thousands of odd boxes: the first few say it, and how many.
        const SHOWN: usize = 20;
        let odd_count: usize = counts
            .iter()
            .filter(|(w, _)| **w != common)
            .map(|(_, n)| n)
            .sum();
        let odd = boxes()
            .map(|s| (width(s), s))
            .filter(|(w, _)| *w != common)
            .take(if odd_count > 0 { SHOWN } else { 0 });
        for (i, (w, span)) in odd.enumerate() {
            let more = if i + 1 == SHOWN && odd_count > SHOWN {
                format!(
                    " ({} more boxes like this are not listed)",
                    odd_count - SHOWN
                )
            } else {
                String::new()
            };
            out.push(Diagnostic::new(
                Warning,
                "wuas::box-width",
                span.clone(),
                format!("this box is {w} characters wide, the others {common}: the spec wants one width in the whole file (the tool does not mind); format the document to align them{more}"),
            ));
        }
    }
    for floor in &data.floors {
        let borders = floor.rows.iter().map(|r| (r.border, r.space_line)).chain(
            floor
                .closing_border
                .zip(floor.rows.last().map(|r| r.space_line)),
        );
        for (border, space_line) in borders {
            let Some(border_line) = lines.get(border) else {
                continue;
            };
            let border_text = &text[border_line.span.clone()];
            let space_text = &text[lines[space_line].span.clone()];
            let expected: String = space_text
                .trim_end()
                .chars()
                .map(|c| if c == '|' { '+' } else { '-' })
                .collect();
            let expected = expected.trim_start_matches('-').to_string();
            let actual = border_text.trim();
            if actual != expected.trim_end_matches('-') && actual != expected {
                out.push(Diagnostic::new(
                    Warning,
                    "wuas::border",
                    border_line.span.clone(),
                    "this border does not match the boxes of its row (`+` above every `|`, `-` between): the tool never reads borders, but people do",
                ));
            }
        }
    }
}

/// The formatter's layout as the fix of every box-width and border warning
/// (none when the formatter refuses the file: then it cannot be done safely).
/// None while a wider box holds an error: a misspelt space name is often why
/// the box is wider, and its own fix aligns the board; formatting around the
/// typo would only have to be undone.
fn offer_formatting(
    text: &str,
    read: &super::reader::Read,
    formatting: Formatting,
    out: &mut [Diagnostic],
) {
    let is_layout = |d: &Diagnostic| matches!(d.code, "wuas::box-width" | "wuas::border");
    if !out.iter().any(is_layout) {
        return;
    }
    let errors: Vec<std::ops::Range<usize>> = out
        .iter()
        .filter(|d| d.severity == Error)
        .map(|d| d.range.clone())
        .collect();
    let holds_an_error = |d: &Diagnostic| {
        errors
            .iter()
            .any(|e| d.range.start <= e.start && e.end <= d.range.end)
    };
    let widened_by_an_error = |d: &Diagnostic| d.code == "wuas::box-width" && holds_an_error(d);
    if out.iter().any(widened_by_an_error) {
        for d in out.iter_mut().filter(|d| widened_by_an_error(d)) {
            d.message = d.message.replace(
                "format the document to align them",
                "fix the error in this box first, it may be why the box is wider",
            );
        }
        return;
    }
    let edits = match formatting {
        Formatting::WhenAsked => Vec::new(),
        Formatting::Now => match super::format::format_read(text, read).filter(|e| !e.is_empty()) {
            Some(edits) => edits,
            None => return,
        },
    };
    for d in out.iter_mut().filter(|d| is_layout(d)) {
        d.fixes.push(crate::formats::Fix {
            title: DEFERRED_FORMATTING.into(),
            edits: edits.clone(),
            preferred: false,
        });
    }
}

fn check_floor_sizes(data: &Datafile, out: &mut Vec<Diagnostic>) {
    let size =
        |f: &super::model::Floor| (f.rows.first().map_or(0, |r| r.cells.len()), f.rows.len());
    let Some(first) = data.floors.first() else {
        return;
    };
    let (w, h) = size(first);
    for floor in &data.floors[1..] {
        let (fw, fh) = size(floor);
        if (fw, fh) != (w, h) {
            let span = floor.line.clone().unwrap_or(0..0);
            out.push(Diagnostic::new(
                Error,
                "wuas::floor-size",
                span,
                format!("Floor {} has inconsistent width/height: {fw}×{fh}, but floor {} is {w}×{h}; every floor has the size of the first", floor.id, first.id),
            ));
        }
    }
}

/// Every token and attribute id used on the board is defined in the footer
/// (the validator's integrity check), and every definition is used.
fn check_ids(text: &str, data: &Datafile, out: &mut Vec<Diagnostic>) {
    let version = data.version.unwrap_or(5);
    let mut token_defs: HashMap<&str, usize> = HashMap::new();
    for (i, t) in data.tokens.iter().enumerate() {
        let id = &text[t.id.clone()];
        if let Some(&earlier) = token_defs.get(id) {
            let line = data.tokens[earlier].line + 1;
            out.push(Diagnostic::new(
                Warning,
                "wuas::duplicate-id",
                t.id.clone(),
                format!(
                    "token `{id}` is already defined on line {line}; this definition replaces it"
                ),
            ));
        }
        token_defs.insert(id, i);
        if id.chars().count() != 1 {
            out.push(Diagnostic::new(
                Warning,
                "wuas::long-id",
                t.id.clone(),
                format!("a token id is one character; `{id}` can never appear in a cell"),
            ));
        }
    }
    let mut attribute_defs: HashMap<&str, usize> = HashMap::new();
    for (i, a) in data.attributes.iter().enumerate() {
        let id = &text[a.id.clone()];
        if let Some(&earlier) = attribute_defs.get(id) {
            let line = data.attributes[earlier].line + 1;
            out.push(Diagnostic::new(Warning, "wuas::duplicate-id", a.id.clone(), format!("attribute `{id}` is already defined on line {line}; this definition replaces it")));
        }
        attribute_defs.insert(id, i);
    }
    // Keyed by the character: a board has tens of thousands of marks, and a
    // string made for each was most of this check.
    let mut used_tokens: HashSet<char> = HashSet::new();
    let mut used_attributes: HashSet<char> = HashSet::new();
    let mut buffer = [0; 4];
    for (_, _, _, cell) in data.cells() {
        for token in &cell.tokens {
            used_tokens.insert(token.ch);
            if token_defs.contains_key(&*token.ch.encode_utf8(&mut buffer)) {
                continue;
            }
            let message = match token.ch {
                ' ' => "a space inside a token cell is read as a token id ` `, which no token line defines (the validator reports an integrity error)".to_string(),
                '&' if version < 4 => format!("`&` is an ordinary token id before version 4 (labels came in version 4; this file is version {version}), and no token line defines it"),
                c => format!("token `{c}` is not defined in the token table (the validator reports: No such token '{c}' in references table)"),
            };
            out.push(Diagnostic::new(
                Error,
                "wuas::undefined-token",
                token.span.clone(),
                message,
            ));
        }
        if version >= 3 {
            for attribute in &cell.attributes {
                used_attributes.insert(attribute.ch);
                if !attribute_defs.contains_key(&*attribute.ch.encode_utf8(&mut buffer)) {
                    let c = attribute.ch;
                    let what = if c.is_ascii_alphanumeric() {
                        format!("from version 3 a space name is letters only, so `{c}` after it is read as an attribute id, and no attribute line defines it")
                    } else if c == ' ' {
                        "a space inside the space name is read as an attribute id ` `, which no attribute line defines".to_string()
                    } else {
                        format!("attribute `{c}` is not defined in the attribute table (the validator reports: No such attribute '{c}' in references table)")
                    };
                    out.push(Diagnostic::new(
                        Error,
                        "wuas::undefined-attribute",
                        attribute.span.clone(),
                        what,
                    ));
                } else if attribute.ch.is_alphanumeric() {
                    out.push(Diagnostic::new(
                        Warning,
                        "wuas::alphanumeric-attribute",
                        attribute.span.clone(),
                        format!("the spec says attribute ids are not alphanumeric; the tool reads `{}` as an attribute of the space before it", attribute.ch),
                    ));
                }
            }
        }
    }
    for t in &data.tokens {
        let id = &text[t.id.clone()];
        // Ids that can never be used already have their own diagnostic.
        if id.chars().count() != 1 || (version >= 4 && id == "&") {
            continue;
        }
        if !id.chars().next().is_some_and(|c| used_tokens.contains(&c))
            && token_defs
                .get(id)
                .is_some_and(|&i| data.tokens[i].line == t.line)
        {
            out.push(Diagnostic::new(
                Hint,
                "wuas::unused-definition",
                t.id.clone(),
                format!("token `{id}` is defined but not used on the board"),
            ));
        }
    }
    for a in &data.attributes {
        let id = &text[a.id.clone()];
        let mut chars = id.chars();
        let used = match (chars.next(), chars.next()) {
            (Some(c), None) => used_attributes.contains(&c),
            _ => false,
        };
        if !used
            && attribute_defs
                .get(id)
                .is_some_and(|&i| data.attributes[i].line == a.line)
        {
            out.push(Diagnostic::new(
                Hint,
                "wuas::unused-definition",
                a.id.clone(),
                format!("attribute `{id}` is defined but not used on the board"),
            ));
        }
    }
}

fn check_labels_and_edges(text: &str, data: &Datafile, out: &mut Vec<Diagnostic>) {
    let mut labels: HashMap<char, FloorId> = HashMap::new();
    for (floor, _, _, cell) in data.cells() {
        let Some(label) = &cell.label else { continue };
        match labels.get(&label.ch) {
            Some(other_floor) => out.push(Diagnostic::new(
                Error,
                "wuas::duplicate-label",
                label.span.clone(),
                format!("Duplicate space label {}: labels are unique in the whole file (the other one is on floor {other_floor})", label.ch),
            )),
            None => {
                labels.insert(label.ch, floor.id);
            }
        }
    }
    for edge in &data.edges {
        let ends = [&edge.from, &edge.to].map(|s| (&text[s.clone()], s.clone()));
        let mut floors = Vec::new();
        for (name, span) in &ends {
            if name.trim() != *name {
                continue; // `wuas::graph-spaces` explains it
            }
            let mut chars = name.chars();
            let found = match (chars.next(), chars.next()) {
                (Some(c), None) => labels.get(&c).copied(),
                _ => None,
            };
            match found {
                Some(f) => floors.push(f),
                None => out.push(Diagnostic::new(
                    Error,
                    "wuas::unknown-label",
                    span.clone(),
                    format!("No such space label {name}: no cell has the label `&{name}`"),
                )),
            }
        }
        if let [a, b] = floors[..] {
            if a != b {
                out.push(Diagnostic::new(
                    Error,
                    "wuas::edge-across-floors",
                    edge.from.start..edge.to.end,
                    format!("a graph edge must join spaces on the same floor: `{}` is on floor {a}, `{}` on floor {b}", ends[0].0, ends[1].0),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests;
