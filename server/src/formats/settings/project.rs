//! `levls.toml`: a project's settings, in the checked file's folder or the
//! nearest parent that has one. One section per format, named as the
//! formats declare them; relative paths are relative to the file's folder:
//!
//! ```toml
//! [wuas]
//! definitions = "defs/wuas_rocket.json"
//!
//! [nethack]
//! dialect = "3.6"                          # or "3.4.3"; "auto": detected per file
//!
//! [dungeon-mystery]
//! node = "/usr/local/bin/node"             # runs the generator for pictures
//! package = "tools"                        # holds node_modules/dungeon-mystery
//! ```
//!
//! An unknown section or key, or a value levls cannot read, makes the whole
//! file unusable: a typo must not silently check with other settings.

use super::{declared, Settings};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

pub const FILE_NAME: &str = "levls.toml";

/// Reads a `levls.toml`; the error names the file.
pub fn read(path: &Path) -> Result<Settings, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let folder = path.parent().unwrap_or(Path::new(""));
    parse(&text, folder).map_err(|e| format!("{}: {e}", path.display()))
}

/// The settings in a `levls.toml`'s text, its relative paths joined to `folder`.
pub fn parse(text: &str, folder: &Path) -> Result<Settings, String> {
    let table: toml::Table = toml::from_str(text).map_err(|e| e.message().to_string())?;
    let mut settings = Settings::default();
    for (section, keys) in &table {
        let known: Vec<_> = declared().filter(|s| s.toml_section == section).collect();
        if known.is_empty() {
            let mut sections: Vec<String> = declared()
                .map(|s| format!("`[{}]`", s.toml_section))
                .collect();
            sections.dedup();
            return Err(format!(
                "unknown section `[{section}]`, expected {}",
                sections.join(", ")
            ));
        }
        let keys = keys
            .as_table()
            .ok_or_else(|| format!("`{section}` must be a section: `[{section}]`"))?;
        for (key, written) in keys {
            let Some(setting) = known.iter().find(|s| s.key == key) else {
                let expected: Vec<String> = known.iter().map(|s| format!("`{}`", s.key)).collect();
                return Err(format!(
                    "[{section}] unknown field `{key}`, expected {}",
                    expected.join(", ")
                ));
            };
            let written = written.as_str().ok_or_else(|| {
                format!(
                    "[{section}] {key}: expected a string, found {}",
                    written.type_str()
                )
            })?;
            match setting.read(written, Some(folder)) {
                Ok(Some(value)) => settings.set(setting, value),
                Ok(None) => {}
                Err(why) => return Err(format!("[{section}] {key} = \"{written}\": {why}")),
            }
        }
    }
    Ok(settings)
}

/// The `levls.toml` that governs files in `folder`: the nearest one in it or above.
pub fn nearest(folder: &Path) -> Option<PathBuf> {
    folder
        .ancestors()
        .map(|f| f.join(FILE_NAME))
        .find(|candidate| candidate.is_file())
}

/// The folder of `file`, made absolute (a relative file is in the current folder).
fn folder_of(file: &Path) -> PathBuf {
    std::path::absolute(file)
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf))
        .unwrap_or_default()
}

/// For `levls check`: the settings for each checked file, each folder looked
/// up and each `levls.toml` read once per run.
#[derive(Default)]
pub struct Finder {
    /// Folder → the `levls.toml` that governs it (None: no file up to the root).
    folders: HashMap<PathBuf, Option<PathBuf>>,
    files: HashMap<PathBuf, Result<Settings, String>>,
}

impl Finder {
    /// The settings for `file` from its `levls.toml`, or why that cannot be used.
    pub fn settings_for(&mut self, file: &Path) -> Result<Settings, String> {
        let Some(config) = self.config_for(&folder_of(file)) else {
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

/// For the server, where files change while it runs: each lookup finds the
/// nearest `levls.toml` again, and a file is read again when its
/// modification time or size changed, so no analysis uses a stale read
/// (even for a client that does not report file changes).
#[derive(Default)]
pub struct Fresh {
    files: HashMap<PathBuf, (Stamp, Result<Settings, String>)>,
}

/// What tells two versions of a file apart without reading it.
type Stamp = (Option<SystemTime>, u64);

impl Fresh {
    /// The `levls.toml` governing `file` and its settings, or why it cannot
    /// be used; `None` when no folder above `file` has one.
    pub fn settings_for(&mut self, file: &Path) -> Option<(PathBuf, Result<Settings, String>)> {
        let config = nearest(&folder_of(file))?;
        let stamp = std::fs::metadata(&config)
            .map(|m| (m.modified().ok(), m.len()))
            .unwrap_or_default();
        let read = match self.files.get(&config) {
            Some((known, read)) if *known == stamp => read.clone(),
            _ => {
                let read = read(&config);
                self.files.insert(config.clone(), (stamp, read.clone()));
                read
            }
        };
        Some((config, read))
    }

    /// Forget what was read of `config` (it changed on disk).
    pub fn forget(&mut self, config: &Path) {
        self.files.remove(config);
    }
}
