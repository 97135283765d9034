//! Fixture tests for Frupal maps: the map's text (with `$0` where the cursor
//! is) and what the author sees. `UPDATE_EXPECT=1 cargo test` rewrites the
//! snapshots.

mod diagnostics;
mod hover_completion;
mod navigation_outline;

use super::Frupal;
pub use crate::formats::test_support::{cursor, show_range};
use crate::formats::{Format, SourceFile};

pub fn with_file<T>(text: &str, f: impl FnOnce(&SourceFile) -> T) -> T {
    crate::formats::test_support::with_file(&Frupal, text, "map.fmap", f)
}

/// Diagnostics as `line:col-line:col severity code: message`, with each fix's
/// title and the first line it changes.
pub fn render_diagnostics(text: &str) -> String {
    crate::formats::test_support::render_diagnostics(&Frupal, text, "map.fmap")
}

/// A small valid map to build fixtures from: 6×4, a wall at (2,1), water at (4,1), swamp at
/// (2,2), start at (1,1), diamonds at (4,2).
pub const SMALL: &str =
    "Frupal_Kingdom:\nterrain: 6 4\n......\n..=.~.\n..\"...\n......\nstart: 1 1\ndiamonds: 4 2\n";
