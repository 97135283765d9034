//! Fixture tests for Frupal maps: the map's text (with `$0` where the cursor
//! is) and what the author sees. `UPDATE_EXPECT=1 cargo test` rewrites the
//! snapshots.

mod diagnostics;
mod hover_completion;
mod navigation_outline;

use super::Frupal;
use crate::formats::{Format, SourceFile};
use crate::text::{Encoding, LineIndex};
use std::path::Path;

pub fn with_file<T>(text: &str, f: impl FnOnce(&SourceFile) -> T) -> T {
    let tree = crate::formats::parse(&Frupal, text);
    f(&SourceFile {
        text,
        tree: &tree,
        path: Some(Path::new("map.fmap")),
    })
}

/// The text without its `$0` marker, and the marker's byte offset.
pub fn cursor(fixture: &str) -> (String, usize) {
    let offset = fixture.find("$0").expect("fixture has a $0 cursor");
    (fixture.replacen("$0", "", 1), offset)
}

/// `line:col-line:col` (1-based, characters) of a byte range.
pub fn show_range(text: &str, range: &std::ops::Range<usize>) -> String {
    let index = LineIndex::new(text);
    let (l1, c1) = index.position(text, range.start, Encoding::Chars);
    let (l2, c2) = index.position(text, range.end, Encoding::Chars);
    format!("{}:{}-{}:{}", l1 + 1, c1 + 1, l2 + 1, c2 + 1)
}

/// Diagnostics as `line:col-line:col severity code: message`, with each fix's
/// title and the first line it changes.
pub fn render_diagnostics(text: &str) -> String {
    with_file(text, |file| {
        Frupal
            .diagnostics(file)
            .iter()
            .map(|d| {
                let mut out = format!(
                    "{} {} {}: {}\n",
                    show_range(text, &d.range),
                    d.severity.as_str(),
                    d.code,
                    d.message
                );
                for fix in &d.fixes {
                    let mut fixed = text.to_string();
                    let mut edits = fix.edits.clone();
                    edits.sort_by_key(|e| std::cmp::Reverse(e.range.start));
                    for e in edits {
                        fixed.replace_range(e.range, &e.new_text);
                    }
                    let changed = fixed
                        .lines()
                        .zip(text.lines().chain(std::iter::repeat("")))
                        .find(|(a, b)| a != b);
                    let shown = changed.map_or(" (removes a line)".to_string(), |(a, _)| {
                        format!(" → `{a}`")
                    });
                    out.push_str(&format!("    fix: {}{shown}\n", fix.title));
                }
                out
            })
            .collect()
    })
}

/// A small valid map to build fixtures from: 6×4, a wall at (2,1), water at (4,1), swamp at
/// (2,2), start at (1,1), diamonds at (4,2).
pub const SMALL: &str =
    "Frupal_Kingdom:\nterrain: 6 4\n......\n..=.~.\n..\"...\n......\nstart: 1 1\ndiamonds: 4 2\n";
