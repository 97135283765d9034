//! `levls.toml`: settings for `levls check`, found in the checked file's
//! folder or the nearest parent that has one.
//!
//! ```toml
//! [wuas]
//! definitions = "defs/wuas_rocket.json"   # relative to this levls.toml
//!
//! [nethack]
//! dialect = "3.6"                          # or "3.4.3"; detected per file when absent
//!
//! [dungeon-mystery]
//! node = "/usr/local/bin/node"             # runs the generator for `levls render`
//! package = "tools"                        # holds node_modules/dungeon-mystery
//! ```

use crate::formats::nethack::Dialect;
use crate::formats::Settings;
use serde::Deserialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

pub const FILE_NAME: &str = "levls.toml";

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Config {
    #[serde(default)]
    wuas: Wuas,
    #[serde(default)]
    nethack: NetHack,
    #[serde(default, rename = "dungeon-mystery")]
    dungeon_mystery: DungeonMystery,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct DungeonMystery {
    node: Option<PathBuf>,
    package: Option<PathBuf>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct NetHack {
    dialect: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Wuas {
    definitions: Option<PathBuf>,
}

/// Reads a `levls.toml`; relative paths in it are made relative to its folder.
pub fn read(path: &Path) -> Result<Settings, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let config: Config =
        toml::from_str(&text).map_err(|e| format!("{}: {}", path.display(), e.message()))?;
    let folder = path.parent().unwrap_or(Path::new(""));
    let nethack_dialect = match config.nethack.dialect.as_deref() {
        None | Some("auto") => None,
        Some(d) => Some(Dialect::parse(d).ok_or_else(|| {
            format!(
                "{}: [nethack] dialect = \"{d}\": expected \"3.4.3\", \"3.6\" or \"auto\"",
                path.display()
            )
        })?),
    };
    Ok(Settings {
        wuas_definitions: config.wuas.definitions.map(|d| folder.join(d)),
        nethack_dialect,
        // A bare `node` is a command for the PATH, not a path beside the file.
        dungeon_mystery_node: config.dungeon_mystery.node.map(|n| {
            if n.components().count() > 1 {
                folder.join(n)
            } else {
                n
            }
        }),
        dungeon_mystery_package: config.dungeon_mystery.package.map(|d| folder.join(d)),
    })
}

/// The settings for each checked file: from the nearest `levls.toml` above
/// it, each folder looked up and each file read once.
#[derive(Default)]
pub struct Finder {
    /// Folder → the `levls.toml` that governs it (None: no file up to the root).
    folders: HashMap<PathBuf, Option<PathBuf>>,
    files: HashMap<PathBuf, Result<Settings, String>>,
}

impl Finder {
    /// The settings for `file`, or why its `levls.toml` cannot be used.
    pub fn settings_for(&mut self, file: &Path) -> Result<Settings, String> {
        let folder = std::path::absolute(file)
            .ok()
            .and_then(|p| p.parent().map(Path::to_path_buf))
            .unwrap_or_default();
        let Some(config) = self.config_for(&folder) else {
            return Ok(Settings::default());
        };
        self.files
            .entry(config.clone())
            .or_insert_with(|| read(&config))
            .clone()
    }

    fn config_for(&mut self, folder: &Path) -> Option<PathBuf> {
        if let Some(known) = self.folders.get(folder) {
            return known.clone();
        }
        let candidate = folder.join(FILE_NAME);
        let found = if candidate.is_file() {
            Some(candidate)
        } else {
            folder.parent().and_then(|p| self.config_for(p))
        };
        self.folders.insert(folder.to_path_buf(), found.clone());
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_definitions_relative_to_the_toml() {
        let dir = std::env::temp_dir().join(format!("levls-config-{}", std::process::id()));
        let nested = dir.join("boards/2024");
        std::fs::create_dir_all(&nested).unwrap();
        std::fs::write(
            dir.join(FILE_NAME),
            "[wuas]\ndefinitions = \"defs/rocket.json\"\n",
        )
        .unwrap();
        let mut finder = Finder::default();
        let settings = finder.settings_for(&nested.join("turn1.dat")).unwrap();
        assert_eq!(
            settings.wuas_definitions,
            Some(dir.join("defs/rocket.json"))
        );

        std::fs::write(
            dir.join(FILE_NAME),
            "[dungeon-mystery]\nnode = \"node\"\npackage = \"tools\"\n",
        )
        .unwrap();
        let settings = read(&dir.join(FILE_NAME)).unwrap();
        assert_eq!(settings.dungeon_mystery_node, Some(PathBuf::from("node")));
        assert_eq!(settings.dungeon_mystery_package, Some(dir.join("tools")));

        std::fs::write(dir.join(FILE_NAME), "[wuas]\ndefinition = \"x.json\"\n").unwrap();
        let error = read(&dir.join(FILE_NAME)).unwrap_err();
        assert!(error.contains("unknown field `definition`"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
