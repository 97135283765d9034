//! Fixture tests for dungeon-mystery parameter files: the file's text (with `$0` where the
//! cursor is) and what the author sees. `UPDATE_EXPECT=1 cargo test` rewrites the snapshots.

mod diagnostics;
mod editor;
mod picture;
#[path = "../../../../../tests/e2e/support/tools.rs"]
mod tools;

use super::DungeonMystery;
pub use crate::formats::test_support::{cursor, show_range};
use crate::formats::SourceFile;

pub const PATH: &str = "b1f.dungeoneer.json";

pub fn with_file<T>(text: &str, f: impl FnOnce(&SourceFile) -> T) -> T {
    crate::formats::test_support::with_file(&DungeonMystery, text, PATH, f)
}

/// Diagnostics as `line:col-line:col severity code: message`, with each fix's title and the
/// first line it changes.
pub fn render_diagnostics(text: &str) -> String {
    crate::formats::test_support::render_diagnostics(&DungeonMystery, text, PATH)
}

/// A small valid file with all four groups (lines: 2 floor_props … 18 the closing brace).
pub const SMALL: &str = r#"{
  "floor_props": {
    "layout": 1,
    "room_density": 5,
    "floor_connectivity": 15,
    "room_flags": {
      "f_secondary_terrain_generation": true
    },
    "secondary_terrain_density": 5
  },
  "dungeon_data": {
    "floor": 1,
    "n_floors_plus_one": 4,
    "mission_destination": {
      "mission_type": 0
    }
  },
  "generation_constants": {},
  "advanced_generation_settings": {}
}
"#;
