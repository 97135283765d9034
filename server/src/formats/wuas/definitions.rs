//! The game's definitions JSON: which spaces, tokens, items and attributes
//! exist, with their descriptions (`specs/wuas-reference-behaviour.md` §10).
//!
//! A datafile does not say which definitions file belongs to it, so levls
//! looks, in this order, at: a `definitions` metadata key (relative to the
//! datafile), the user's setting (`wuas.definitions`, `settings.rs`: editor
//! settings, `levls.toml`, `levls check --wuas-definitions`), and a
//! `definitions.json` beside the datafile or in a parent folder. With none,
//! name checks are skipped.
//!
//! Loaded files are cached by path, modification time and size, so a
//! keystroke does not read 300 KB of JSON again. The server asks the editor
//! to watch JSON files ([`WATCHED`]); a change it reports drops the cached
//! file ([`forget`]) and every open datafile is checked again.

pub mod spans;

use super::lines::Span;
use super::model::Datafile;
use crate::formats::SourceFile;
use serde_json::{Map, Value};
use spans::KeySpans;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock, Mutex};
use std::time::SystemTime;

/// The file name looked for beside a datafile and in its parent folders.
pub const BESIDE_NAME: &str = "definitions.json";
/// The metadata key that names a datafile's definitions file.
pub const METADATA_KEY: &str = "definitions";

/// A space, token, item or attribute of the definitions file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The display name (`"Neutral Space"`).
    pub name: Option<String>,
    pub desc: Option<String>,
    /// One more line worth showing: a space's `visual`, a token's `stats`,
    /// an attribute's `outlinecolor`.
    pub note: Option<(&'static str, String)>,
}

/// A composite space: `layers` drawn on top of each other, with `effect`'s rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Composite {
    pub effect: Option<String>,
    pub layers: Vec<String>,
}

/// The sections of a definitions file that levls reads.
pub const SECTIONS: [&str; 5] = [
    "spaces",
    "composite_spaces",
    "tokens",
    "items",
    "attributes",
];

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Definitions {
    pub spaces: BTreeMap<String, Entry>,
    pub composite_spaces: BTreeMap<String, Composite>,
    pub tokens: BTreeMap<String, Entry>,
    pub items: BTreeMap<String, Entry>,
    pub attributes: BTreeMap<String, Entry>,
    /// Where each entry's key is written in the file, for go to definition.
    pub keys: KeySpans,
}

impl Definitions {
    /// Reads a definitions file's JSON text. Sections a game does not use
    /// (`composite_spaces`, `attributes` in the older games) are empty.
    pub fn parse(json: &str) -> Result<Definitions, String> {
        let value: Value = serde_json::from_str(json).map_err(|e| format!("invalid JSON: {e}"))?;
        let Some(top) = value.as_object() else {
            return Err("not a definitions file: the JSON is not an object".into());
        };
        if !SECTIONS.iter().any(|s| top.contains_key(*s)) {
            return Err(
                "not a definitions file: it has none of `spaces`, `composite_spaces`, `tokens`, `items`, `attributes`"
                    .into(),
            );
        }
        let section = |key: &str| -> Result<Map<String, Value>, String> {
            match top.get(key) {
                None => Ok(Map::new()),
                Some(Value::Object(map)) => Ok(map.clone()),
                Some(_) => Err(format!("`{key}` is not an object of name → definition")),
            }
        };
        let entries =
            |key: &str, note: Option<&'static str>| -> Result<BTreeMap<String, Entry>, String> {
                Ok(section(key)?
                    .into_iter()
                    .map(|(k, v)| {
                        let text =
                            |field: &str| v.get(field).and_then(Value::as_str).map(str::to_string);
                        let entry = Entry {
                            name: text("name"),
                            desc: text("desc"),
                            note: note.and_then(|n| text(n).map(|t| (n, t))),
                        };
                        (k, entry)
                    })
                    .collect())
            };
        let composite_spaces = section("composite_spaces")?
            .into_iter()
            .map(|(k, v)| {
                let composite = Composite {
                    effect: v.get("effect").and_then(Value::as_str).map(str::to_string),
                    layers: v
                        .get("layers")
                        .and_then(Value::as_array)
                        .map(|l| {
                            l.iter()
                                .filter_map(Value::as_str)
                                .map(str::to_string)
                                .collect()
                        })
                        .unwrap_or_default(),
                };
                (k, composite)
            })
            .collect();
        Ok(Definitions {
            spaces: entries("spaces", Some("visual"))?,
            composite_spaces,
            tokens: entries("tokens", Some("stats"))?,
            items: entries("items", None)?,
            attributes: entries("attributes", Some("outlinecolor"))?,
            keys: KeySpans::scan(json, &SECTIONS),
        })
    }

    /// Is `name` a space (plain or composite)?
    pub fn has_space(&self, name: &str) -> bool {
        self.spaces.contains_key(name) || self.composite_spaces.contains_key(name)
    }

    /// Every space name, plain then composite, each part sorted.
    pub fn space_names(&self) -> impl Iterator<Item = &str> {
        self.spaces
            .keys()
            .chain(self.composite_spaces.keys())
            .map(String::as_str)
    }
}

/// How a datafile's definitions file was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The datafile's `definitions` metadata.
    Metadata,
    /// The user's setting.
    Setting,
    /// A `definitions.json` beside the datafile or in a parent folder.
    Beside,
}

impl Origin {
    pub fn describe(self) -> &'static str {
        match self {
            Origin::Metadata => "named by this file's `definitions` metadata",
            Origin::Setting => "from the levls setting `wuas.definitions`",
            Origin::Beside => "found beside the file or in a parent folder",
        }
    }
}

/// The definitions file that belongs to a datafile, and whether it loaded.
pub struct Found {
    pub path: PathBuf,
    pub origin: Origin,
    /// The `definitions` metadata value, when that named the file.
    pub span: Option<Span>,
    pub loaded: Result<Arc<Definitions>, String>,
}

impl Found {
    /// The file name, for messages (`wuas_rocket.json`).
    pub fn short_name(&self) -> String {
        self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }
}

/// Find and load the definitions file for `data`, or `None` when there is none.
pub fn for_file(file: &SourceFile, data: &Datafile) -> Option<Found> {
    let folder = file.path.and_then(Path::parent).map(|p| {
        if p.as_os_str().is_empty() {
            Path::new(".")
        } else {
            p
        }
    });
    let (path, origin, span) = if let Some(meta) = data
        .metadata
        .iter()
        .rev()
        .find(|m| file.text[m.key.clone()].trim() == METADATA_KEY)
    {
        let value = file.text[meta.value.clone()].trim();
        let written = PathBuf::from(value);
        let path = match folder {
            _ if written.is_absolute() => Ok(written),
            Some(folder) => Ok(folder.join(written)),
            None => Err(format!(
                "`{value}` is relative to the datafile, and this file is not saved yet"
            )),
        };
        match path {
            Ok(path) => (path, Origin::Metadata, Some(meta.value.clone())),
            Err(why) => {
                return Some(Found {
                    path: value.into(),
                    origin: Origin::Metadata,
                    span: Some(meta.value.clone()),
                    loaded: Err(why),
                })
            }
        }
    } else if let Some(setting) = file.settings.path(&super::settings::DEFINITIONS) {
        (setting.to_path_buf(), Origin::Setting, None)
    } else {
        let folder = std::path::absolute(folder?).ok()?;
        let path = folder
            .ancestors()
            .map(|d| d.join(BESIDE_NAME))
            .find(|p| p.is_file())?;
        (path, Origin::Beside, None)
    };
    let loaded = load(&path);
    Some(Found {
        path,
        origin,
        span,
        loaded,
    })
}

struct Cached {
    modified: Option<SystemTime>,
    len: u64,
    loaded: Arc<Definitions>,
}

/// Every path [`load`] was asked for, with what it loaded (`None`: it could
/// not, so a fix on disk must be noticed too).
static CACHE: LazyLock<Mutex<HashMap<PathBuf, Option<Cached>>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

fn cache() -> std::sync::MutexGuard<'static, HashMap<PathBuf, Option<Cached>>> {
    CACHE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Glob patterns of the files whose change may change a datafile's
/// diagnostics: any JSON, since the metadata and the setting may name a
/// definitions file of any name.
pub const WATCHED: &[&str] = &["**/*.json"];

/// Load a definitions file, from the cache while its modification time and size are unchanged.
pub fn load(path: &Path) -> Result<Arc<Definitions>, String> {
    cache().entry(path.to_path_buf()).or_insert(None);
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if meta.is_dir() {
        return Err("it is a folder".into());
    }
    // A device or FIFO (`/dev/zero`, a pipe) would never end or block the check.
    if !meta.is_file() {
        return Err("it is not a regular file".into());
    }
    if meta.len() > crate::formats::MAX_FILE_BYTES as u64 {
        return Err(format!(
            "it is larger than {} MB",
            crate::formats::MAX_FILE_BYTES / 1_048_576
        ));
    }
    let (modified, len) = (meta.modified().ok(), meta.len());
    if let Some(Some(cached)) = cache().get(path) {
        if cached.modified == modified && cached.len == len && modified.is_some() {
            return Ok(cached.loaded.clone());
        }
    }
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let loaded = Arc::new(Definitions::parse(&text)?);
    cache().insert(
        path.to_path_buf(),
        Some(Cached {
            modified,
            len,
            loaded: loaded.clone(),
        }),
    );
    Ok(loaded)
}

/// The file at `path` changed on disk (the editor watched it): forget what
/// was read from it, even when its modification time and size look the same
/// (a rewrite within the file system's clock tick). Whether the open
/// datafiles must be checked again: levls had asked for this file, or it is
/// a `definitions.json`, which may now be found beside a datafile.
pub fn forget(path: &Path) -> bool {
    let changed = lexical(path);
    let real = std::fs::canonicalize(path).ok();
    let mut cache = cache();
    let before = cache.len();
    cache.retain(|asked, _| {
        let same = lexical(asked) == changed
            || real.is_some() && std::fs::canonicalize(asked).ok() == real;
        !same
    });
    cache.len() < before || path.file_name() == Some(BESIDE_NAME.as_ref())
}

/// `path` made absolute with `.` and `..` resolved by name: a metadata path
/// `../defs/game.json` and the editor's `/work/defs/game.json` are one file,
/// even after the file is deleted.
fn lexical(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = PathBuf::new();
    for part in absolute.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests;
