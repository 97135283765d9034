//! The editor's settings: `initializationOptions`, then
//! `workspace/didChangeConfiguration` or a `workspace/configuration` pull of
//! the `levls` section. All three carry the same object, one section per
//! format, named as the formats declare them:
//!
//! ```json
//! { "wuas": { "definitions": "defs/wuas_rocket.json" }, "nethack": { "dialect": "3.6" },
//!   "dungeonMystery": { "node": "/usr/bin/node", "package": "tools" } }
//! ```
//!
//! A relative path is relative to the workspace root.

use super::{declared, Settings};
use serde_json::Value;
use std::path::Path;

/// The settings in a `levls` configuration object, over `current`. `None`
/// when the object names no section of any setting (or is not an object),
/// so a client that answers a pull with `null` keeps what it sent at
/// `initialize`. A key that is present changes only itself: `null`, `""` or
/// a value levls does not understand unsets it (a choice's default: the
/// NetHack dialect detected per file).
pub fn read(value: &Value, root: Option<&Path>, current: &Settings) -> Option<Settings> {
    let object = value.as_object()?;
    let section = |name: &str| object.get(name).and_then(Value::as_object);
    if !declared().any(|s| section(s.section).is_some()) {
        return None;
    }
    let mut settings = current.clone();
    for setting in declared() {
        let Some(written) = section(setting.section).and_then(|s| s.get(setting.key)) else {
            continue;
        };
        match written.as_str().map(|w| setting.read(w, root)) {
            Some(Ok(Some(value))) => settings.set(setting, value),
            Some(Err(why)) => {
                eprintln!("levls: setting {}: {why}; unset", setting.name());
                settings.unset(setting);
            }
            _ => settings.unset(setting),
        }
    }
    Some(settings)
}
