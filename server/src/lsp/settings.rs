//! User settings from the client: `initializationOptions`, then
//! `workspace/didChangeConfiguration` or a `workspace/configuration` pull
//! of the `levls` section. All three carry the same object:
//!
//! ```json
//! { "wuas": { "definitions": "defs/wuas_rocket.json" } }
//! ```
//!
//! A relative path is relative to the workspace root.

use crate::formats::Settings;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The settings in a `levls` configuration object, over `current`. `None`
/// when the object says nothing about them (not an object, or no `wuas`),
/// so a client that answers a pull with `null` keeps what it sent at
/// `initialize`. An explicit `"definitions": null` clears the setting.
pub fn from_value(value: &Value, root: Option<&Path>, current: &Settings) -> Option<Settings> {
    let wuas = value.as_object()?.get("wuas")?.as_object()?;
    let mut settings = current.clone();
    if let Some(definitions) = wuas.get("definitions") {
        settings.wuas_definitions = match definitions.as_str() {
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
        assert_eq!(
            levls_section(&json!({ "levls": { "wuas": {} } })),
            Some(&json!({ "wuas": {} }))
        );
    }
}
