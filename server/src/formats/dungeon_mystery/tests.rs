//! The dungeon-mystery fixture tests: a parameter file's text (with `$0` where the cursor is)
//! and what the author sees, beside the code they test (`analysis/tests.rs`, `hover/tests.rs`…);
//! here, what they share: the fixtures, a small valid file, and drawing floors with the test
//! install of the generator.

use super::test_install::dungeon_mystery_package;
use super::DungeonMystery;
use crate::formats::picture::Picture;
use crate::formats::settings::Value;
use crate::formats::test_support::Fixtures;
use crate::formats::Settings;
use std::path::{Path, PathBuf};

/// A file saved as `b1f.dungeoneer.json`.
pub(super) const DUNGEON_MYSTERY: Fixtures = Fixtures::new(&DungeonMystery, "b1f.dungeoneer.json");

/// A small valid file with all four groups (lines: 2 floor_props … 18 the closing brace).
pub(super) const SMALL: &str = r#"{
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

pub(super) fn with_package() -> Settings {
    Settings::NONE.with(
        &super::settings::PACKAGE,
        Value::Path(dungeon_mystery_package()),
    )
}

/// A fresh empty folder under the temporary directory.
pub(super) fn empty_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("levls-dm-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The sketch of the file's picture, or the reason there is none.
pub(super) fn draw(text: &str, path: &Path, settings: &Settings) -> Result<Picture, String> {
    DUNGEON_MYSTERY
        .at(path.to_str().unwrap())
        .with(settings)
        .open(text, |file| {
            super::picture::pictures(file, &super::analysis::diagnostics(file))
        })
        .map(|mut p| {
            assert_eq!(p.len(), 1);
            p.remove(0)
        })
}
