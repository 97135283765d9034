//! User settings from the client: `initializationOptions`, then
//! `workspace/didChangeConfiguration` or a `workspace/configuration` pull
//! of the `levls` section. All three carry the same object:
//!
//! ```json
//! { "wuas": { "definitions": "defs/wuas_rocket.json" }, "nethack": { "dialect": "3.6" },
//!   "dungeonMystery": { "node": "/usr/bin/node", "package": "tools" } }
//! ```
//!
//! A relative path is relative to the workspace root.

use crate::formats::nethack::Dialect;
use crate::formats::Settings;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The settings in a `levls` configuration object, over `current`. `None`
/// when the object says nothing about them (not an object, or neither `wuas`
/// nor `nethack`), so a client that answers a pull with `null` keeps what it
/// sent at `initialize`. An explicit `"definitions": null` clears the
/// setting; a `"dialect"` of `"auto"` (or anything unknown) detects it per file.
pub fn from_value(value: &Value, root: Option<&Path>, current: &Settings) -> Option<Settings> {
    let object = value.as_object()?;
    let wuas = object.get("wuas").and_then(Value::as_object);
    let nethack = object.get("nethack").and_then(Value::as_object);
    let dungeon_mystery = object.get("dungeonMystery").and_then(Value::as_object);
    if wuas.is_none() && nethack.is_none() && dungeon_mystery.is_none() {
        return None;
    }
    let mut settings = current.clone();
    if let Some(definitions) = wuas.and_then(|w| w.get("definitions")) {
        settings.wuas_definitions = match definitions.as_str() {
            Some(path) if !path.trim().is_empty() => Some(resolve(path, root)),
            _ => None,
        };
    }
    if let Some(dialect) = nethack.and_then(|n| n.get("dialect")) {
        settings.nethack_dialect = dialect.as_str().and_then(Dialect::parse);
    }
    if let Some(node) = dungeon_mystery.and_then(|d| d.get("node")) {
        // A bare command (`node`) is looked up on the PATH; a path, from the root.
        settings.dungeon_mystery_node = match node.as_str().map(str::trim) {
            Some(n) if !n.is_empty() && !n.contains(['/', '\\']) => Some(PathBuf::from(n)),
            Some(n) if !n.is_empty() => Some(resolve(n, root)),
            _ => None,
        };
    }
    if let Some(package) = dungeon_mystery.and_then(|d| d.get("package")) {
        settings.dungeon_mystery_package = match package.as_str() {
            Some(path) if !path.trim().is_empty() => Some(resolve(path, root)),
            _ => None,
        };
    }
    Some(settings)
}

/// The `levls` section of a `didChangeConfiguration` payload, which clients
/// send either whole (`{"levls": {...}}`) or as `null` (meaning "pull it").
pub fn levls_section(settings: &Value) -> Option<&Value> {
    settings.as_object()?.get("levls")
}

fn resolve(path: &str, root: Option<&Path>) -> PathBuf {
    let path = PathBuf::from(path);
    match root {
        Some(root) if path.is_relative() => root.join(path),
        _ => path,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_relative_and_absolute_paths_and_ignores_other_payloads() {
        let root = Path::new("/work/game");
        let none = Settings::default();
        let relative = json!({ "wuas": { "definitions": "defs/rocket.json" } });
        assert_eq!(
            from_value(&relative, Some(root), &none)
                .unwrap()
                .wuas_definitions,
            Some(PathBuf::from("/work/game/defs/rocket.json"))
        );
        let absolute = json!({ "wuas": { "definitions": "/x/y.json" } });
        let set = from_value(&absolute, Some(root), &none).unwrap();
        assert_eq!(set.wuas_definitions, Some(PathBuf::from("/x/y.json")));
        // Silence keeps the current value; an explicit null clears it.
        assert_eq!(from_value(&Value::Null, Some(root), &set), None);
        assert_eq!(from_value(&json!({ "derf": {} }), Some(root), &set), None);
        assert_eq!(
            from_value(&json!({ "wuas": {} }), None, &set),
            Some(set.clone())
        );
        let cleared = from_value(&json!({ "wuas": { "definitions": null } }), None, &set);
        assert_eq!(cleared, Some(Settings::default()));
        let dialect = from_value(&json!({ "nethack": { "dialect": "3.6" } }), None, &set).unwrap();
        assert_eq!(dialect.nethack_dialect, Some(Dialect::V36));
        assert_eq!(dialect.wuas_definitions, set.wuas_definitions);
        let auto = from_value(&json!({ "nethack": { "dialect": "auto" } }), None, &dialect);
        assert_eq!(auto.unwrap().nethack_dialect, None);
        let dm = json!({ "dungeonMystery": { "node": "/opt/code/code", "package": "tools" } });
        let dm = from_value(&dm, Some(root), &none).unwrap();
        assert_eq!(
            dm.dungeon_mystery_node,
            Some(PathBuf::from("/opt/code/code"))
        );
        assert_eq!(
            dm.dungeon_mystery_package,
            Some(PathBuf::from("/work/game/tools"))
        );
        let bare = json!({ "dungeonMystery": { "node": "node", "package": null } });
        let bare = from_value(&bare, Some(root), &dm).unwrap();
        assert_eq!(bare.dungeon_mystery_node, Some(PathBuf::from("node")));
        assert_eq!(bare.dungeon_mystery_package, None);
        assert_eq!(
            levls_section(&json!({ "levls": { "wuas": {} } })),
            Some(&json!({ "wuas": {} }))
        );
    }
}
