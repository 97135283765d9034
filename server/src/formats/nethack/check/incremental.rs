//! Diagnostics of the next version of an open file, re-analysing only the
//! levels whose text changed. A file is its levels: lev_comp compiles each
//! `MAZE:`/`LEVEL:` on its own and almost no rule looks across them (variables
//! too are per level), so a level's diagnostics depend on its own text, on the
//! dialect in force, for messages that name a line on where it starts, and on
//! whether a MAP came before it (3.4.3 crashes on a NOMAP square without one).
//!
//! The parts of a file: what comes before the first level, then each level
//! with the comments and errors up to the next one. Each part is read and
//! analysed with the text cut at its end, exactly as the whole file's
//! analysis sees it (a level ends where the next one starts). A test holds the
//! result equal to [`super::NetHack::diagnostics`] over every real file and
//! thousands of edits.

use crate::formats::nethack::dialect::{self, Dialect, Evidence};
use crate::formats::nethack::syntax;
use crate::formats::{Diagnostic, SourceFile};
use std::collections::HashMap;
use std::ops::Range;
use tree_sitter::Node;

/// What the previous analysis found, per part text.
#[derive(Default)]
pub struct Cache {
    dialect: Option<Dialect>,
    /// The name profile the parts were analysed with, by address (None:
    /// vanilla's): a source tree read again is a new profile of the same name.
    profile: Option<usize>,
    /// Keyed by the part's text: a fast hash (foldhash), as every keystroke
    /// hashes the whole file.
    parts: HashMap<Box<str>, Part, foldhash::fast::RandomState>,
    /// The last version whose tree has no syntax error: what a version cut
    /// at hidden headers parses its pieces from (see [`syntax::parse_pieces`]).
    clean: Option<(String, tree_sitter::Tree)>,
}

struct Part {
    /// Where the part started (line), when its messages name lines.
    first_line: Option<usize>,
    /// The dialect evidence of the part, relative to its start.
    evidence: Evidence,
    /// Its diagnostics, relative to its start; None until analysed in `dialect`.
    diagnostics: Option<Vec<Diagnostic>>,
    /// Whether it holds a MAP, and whether one came before it when it was
    /// analysed: the one thing a level's diagnostics take from the levels
    /// before it (3.4.3's NOMAP crash).
    has_map: bool,
    map_before: bool,
    seen: bool,
}

/// The diagnostics of `file`, and how many parts were read and analysed
/// again (`usize::MAX`: the file could not be cut into parts, so all of it).
pub fn diagnostics(file: &SourceFile, cache: &mut Cache) -> (Vec<Diagnostic>, usize) {
    // A level the tree hides behind garbage above it (a stray `"`, `(` or
    // `{`) is read apart, as the whole file's reading does (`syntax::read`):
    // the text is cut at each hidden header and each piece parsed on its
    // own. The pieces' levels are parts like any other, found in the cache by
    // their text: such a keystroke re-analyses the level it is in.
    let hidden = syntax::hidden_headers(file.text, file.tree);
    let old = match &cache.clean {
        Some((before, tree)) if !hidden.is_empty() => Some(edited(before, tree, file.text)),
        _ => None,
    };
    let pieces = syntax::parse_pieces(file.text, &hidden, old.as_ref());
    if !file.tree.root_node().has_error() {
        cache.clean = Some((file.text.to_string(), file.tree.clone()));
    }
    let parts = if pieces.is_empty() {
        // Nothing hidden: `split` without looking for hidden headers again.
        split_tree(file.text, file.tree, 0..file.text.len()).map(join_open_ends)
    } else {
        split_pieces(file.text, &pieces)
    };
    let Some(parts) = parts else {
        // The parts stay: a stray `"` or `(` typed and deleted again makes
        // one version that cannot be cut, and the next is the file as it was
        // (each part's reuse is checked against its text, line, dialect and
        // the maps before it, so nothing stale is taken).
        return (full(file), usize::MAX);
    };
    let text = file.text;
    // Phase 1: the evidence of every part, reading only the new ones.
    let mut docs: Vec<Option<(syntax::Document, Evidence)>> = Vec::with_capacity(parts.len());
    let mut evidence = Evidence::default();
    let mut has_maps = Vec::with_capacity(parts.len());
    for part in &parts {
        let key = &text[part.range.clone()];
        let cached = cache
            .parts
            .get(key)
            .filter(|p| p.first_line.is_none_or(|l| l == part.first_line));
        let found = match cached {
            Some(p) => {
                docs.push(None);
                has_maps.push(p.has_map);
                p.evidence.shifted(part.range.start as isize)
            }
            None => {
                let cut = &text[..part.range.end];
                let doc = syntax::read_part(cut, &part.nodes);
                let found = Evidence::of(cut, &doc);
                has_maps.push(holds_a_map(&doc));
                docs.push(Some((doc, found.clone())));
                found
            }
        };
        evidence = evidence.then(found);
    }
    let choice = dialect::choose_open(
        text,
        crate::formats::nethack::settings::forced_dialect(text, file.path, file.settings),
        file.history,
        || evidence,
    );
    let profile =
        crate::formats::nethack::names::profile_in_force().map(|p| p as *const _ as usize);
    if cache.dialect != Some(choice.dialect) || cache.profile != profile {
        cache.dialect = Some(choice.dialect);
        cache.profile = profile;
        cache.parts.values_mut().for_each(|p| p.diagnostics = None);
    }
    for part in cache.parts.values_mut() {
        part.seen = false;
    }
    // Phase 2: the diagnostics of every part, analysing only the new ones.
    let mut out = Vec::new();
    let mut analysed = 0;
    let mut map_before = false;
    for ((part, doc), has_map) in parts.iter().zip(docs).zip(has_maps) {
        let start = part.range.start;
        let key = &text[part.range.clone()];
        let after_a_map = map_before;
        map_before |= has_map;
        let reusable = doc.is_none()
            && cache
                .parts
                .get(key)
                .is_some_and(|p| p.diagnostics.is_some() && p.map_before == after_a_map);
        if reusable {
            let cached = cache.parts.get_mut(key).expect("checked above");
            cached.seen = true;
            let diagnostics = cached.diagnostics.as_ref().expect("checked above");
            out.extend(diagnostics.iter().map(|d| shift(d, start as isize)));
            continue;
        }
        analysed += 1;
        let cut = &text[..part.range.end];
        let (mut doc, evidence) = doc.unwrap_or_else(|| {
            let doc = syntax::read_part(cut, &part.nodes);
            let evidence = Evidence::of(cut, &doc);
            (doc, evidence)
        });
        doc.map_before = after_a_map;
        let found = super::diagnostics(cut, &doc, choice.dialect);
        let names_lines = found.iter().any(|d| d.message.contains("line "));
        let relative = Part {
            first_line: names_lines.then_some(part.first_line),
            evidence: evidence.shifted(-(start as isize)),
            diagnostics: Some(found.iter().map(|d| shift(d, -(start as isize))).collect()),
            has_map,
            map_before: after_a_map,
            seen: true,
        };
        out.extend(found);
        cache.parts.insert(key.into(), relative);
    }
    cache.parts.retain(|_, p| p.seen);
    let variant = crate::formats::nethack::settings::variant_of(text, file.path, file.settings);
    // Every header is read again only where a variant checks the names.
    if variant.played_level.is_some() {
        let headers = if pieces.is_empty() {
            syntax::level_headers(text, file.tree)
        } else {
            pieces
                .iter()
                .flat_map(|(_, tree)| syntax::level_headers(text, tree))
                .collect()
        };
        super::variant::check(&headers, variant, &mut out);
    }
    out.extend(dialect::change_notice(&choice));
    out.sort_by_key(|d| (d.range.start, d.range.end));
    (out, analysed)
}

/// `tree`, of the text `before`, edited to `after`: the two texts differ in
/// one span (what lies between their common start and common end).
fn edited(before: &str, tree: &tree_sitter::Tree, after: &str) -> tree_sitter::Tree {
    let (a, b) = (before.as_bytes(), after.as_bytes());
    let start = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let room = a.len().min(b.len()) - start;
    let end = a[start..]
        .iter()
        .rev()
        .zip(b[start..].iter().rev())
        .take(room)
        .take_while(|(x, y)| x == y)
        .count();
    let point = |text: &[u8], at: usize| {
        let line_start = memchr::memrchr(b'\n', &text[..at]).map_or(0, |i| i + 1);
        tree_sitter::Point {
            row: memchr::memchr_iter(b'\n', &text[..at]).count(),
            column: at - line_start,
        }
    };
    let mut tree = tree.clone();
    tree.edit(&tree_sitter::InputEdit {
        start_byte: start,
        old_end_byte: a.len() - end,
        new_end_byte: b.len() - end,
        start_position: point(a, start),
        old_end_position: point(a, a.len() - end),
        new_end_position: point(b, b.len() - end),
    });
    tree
}

fn holds_a_map(doc: &syntax::Document) -> bool {
    doc.levels.iter().any(|l| l.maps().next().is_some())
}

/// The whole file at once: the reference the parts must add up to.
fn full(file: &SourceFile) -> Vec<Diagnostic> {
    use crate::formats::Format;
    crate::formats::nethack::NetHack.diagnostics(file)
}

struct Slice<'t> {
    nodes: Vec<Node<'t>>,
    range: Range<usize>,
    first_line: usize,
    /// The token the parser assumed at the end of the part's tree, if any (an
    /// open `{` or `(` closed at the next level's header, or at the end of a
    /// piece cut at a hidden header): lev_comp's message for it reads what
    /// follows, so the part cannot be judged apart from the next.
    ends_open: Option<Assumed>,
}

/// A token the parser assumed at a part's end.
#[derive(Clone, Copy, PartialEq)]
enum Assumed {
    /// `ENDMAP`: the MAP is open.
    MapEnd,
    /// Anything else (`}`, `)`, …).
    Other,
}

/// `parts` with every part that ends open ([`Slice::ends_open`]) joined to
/// the part after it, as the whole file's reading sees them: one part read
/// and analysed with the text cut after the next level. A MAP left open
/// swallows the rest of the file (lev_comp reads it all as map rows, and
/// reports nothing after it), so such a part takes every part after it. The
/// file's last part may end open: cut at the end of the text, it reads as in
/// the whole file.
fn join_open_ends(parts: Vec<Slice<'_>>) -> Vec<Slice<'_>> {
    let mut joined: Vec<Slice> = Vec::with_capacity(parts.len());
    for part in parts {
        match joined.last_mut() {
            Some(before) if before.ends_open.is_some() => {
                before.nodes.extend(part.nodes);
                before.range.end = part.range.end;
                if before.ends_open != Some(Assumed::MapEnd) {
                    before.ends_open = part.ends_open;
                }
            }
            _ => joined.push(part),
        }
    }
    joined
}

/// The parts of the file in its tree, or None when it cannot be cut into
/// independent levels (statements between levels, which the whole-file
/// reading puts in the prelude; a root that is itself an error; a level
/// header hidden in an error above it: see [`split_pieces`]).
fn split<'t>(file: &'t SourceFile) -> Option<Vec<Slice<'t>>> {
    // A level the tree hides behind garbage is read apart (`syntax::read`).
    if !syntax::hidden_headers(file.text, file.tree).is_empty() {
        return None;
    }
    split_tree(file.text, file.tree, 0..file.text.len()).map(join_open_ends)
}

/// The parts of each piece of a file cut at its hidden headers, in order.
fn split_pieces<'t>(
    text: &str,
    pieces: &'t [(Range<usize>, tree_sitter::Tree)],
) -> Option<Vec<Slice<'t>>> {
    let mut parts: Vec<Slice> = Vec::new();
    for (i, (range, tree)) in pieces.iter().enumerate() {
        let mut mine = split_tree(text, tree, range.clone())?;
        let leads = mine
            .first()
            .is_some_and(|p| p.nodes.first().is_none_or(|n| n.kind() != "level"));
        if i > 0 && leads {
            // A piece starts with the comments above its hidden header: they
            // end the part before, as in a file where nothing is hidden (a
            // part's checks read what precedes its first level as the file's
            // start). Anything else there: the whole file is analysed.
            let lead = mine.remove(0);
            let comments_only = lead
                .nodes
                .iter()
                .all(|n| !n.is_named() || matches!(n.kind(), "comment" | "stray_comment"));
            let before = parts.last_mut()?;
            if !comments_only {
                return None;
            }
            // Comments close nothing: an open part stays open.
            before.nodes.extend(lead.nodes);
            before.range.end = lead.range.end;
        }
        parts.extend(mine);
    }
    Some(join_open_ends(parts))
}

/// The parts of `range` of the text, read in `tree`, before
/// [`join_open_ends`].
fn split_tree<'t>(
    text: &str,
    tree: &'t tree_sitter::Tree,
    range: Range<usize>,
) -> Option<Vec<Slice<'t>>> {
    let root = tree.root_node();
    if root.is_error() || root.is_missing() {
        return None;
    }
    let mut parts = vec![Slice {
        nodes: Vec::new(),
        range: range.start..range.start,
        first_line: root.start_position().row,
        ends_open: None,
    }];
    let mut cursor = root.walk();
    for child in root.children(&mut cursor) {
        if child.is_named() && child.kind() == "level" {
            // A level that starts mid-line shares its line with the part
            // before: a fix there (a comment moved above) edits that line,
            // which a part reused at another offset would misplace.
            let at = child.start_byte();
            if at > 0 && text.as_bytes()[at - 1] != b'\n' {
                return None;
            }
            parts.push(Slice {
                nodes: vec![child],
                range: child.start_byte()..child.start_byte(),
                first_line: child.start_position().row,
                ends_open: None,
            });
            continue;
        }
        let between_levels = parts.len() > 1;
        if between_levels
            && child.is_named()
            && !matches!(child.kind(), "comment" | "stray_comment" | "ERROR")
        {
            return None;
        }
        parts.last_mut().expect("never empty").nodes.push(child);
    }
    // Each part ends where the next starts; the last at the end of the range.
    let starts: Vec<usize> = parts.iter().skip(1).map(|p| p.range.start).collect();
    for (part, end) in parts.iter_mut().zip(starts.into_iter().chain([range.end])) {
        part.range.end = end;
        part.ends_open = part.nodes.last().and_then(|&node| missing_at_end(node));
    }
    if parts[0].nodes.is_empty() && parts.len() > 1 {
        parts.remove(0);
    }
    Some(parts)
}

/// The byte ranges of the file's independent parts (its levels, the first
/// with what comes before it), or None when it cannot be cut (see [`split`]).
pub fn part_ranges(file: &SourceFile) -> Option<Vec<Range<usize>>> {
    split(file).map(|parts| parts.into_iter().map(|p| p.range).collect())
}

/// `node`'s last token, when the parser assumed it (zero-width).
fn missing_at_end(node: Node) -> Option<Assumed> {
    if !node.has_error() {
        return None;
    }
    let mut node = node;
    loop {
        if node.is_missing() {
            return Some(if node.kind() == "map_end" {
                Assumed::MapEnd
            } else {
                Assumed::Other
            });
        }
        node = node.child(node.child_count().checked_sub(1)?)?;
    }
}

fn shift_range(range: &Range<usize>, by: isize) -> Range<usize> {
    range.start.wrapping_add_signed(by)..range.end.wrapping_add_signed(by)
}

/// `d` moved by `by` bytes, its fixes' edits with it.
pub fn shift(d: &Diagnostic, by: isize) -> Diagnostic {
    let mut d = d.clone();
    d.range = shift_range(&d.range, by);
    shift_fixes(&mut d.fixes, by);
    d
}

/// Fixes' edits moved by `by` bytes.
pub fn shift_fixes(fixes: &mut [crate::formats::Fix], by: isize) {
    for fix in fixes {
        for edit in &mut fix.edits {
            edit.range = shift_range(&edit.range, by);
        }
    }
}

#[cfg(test)]
mod tests;
