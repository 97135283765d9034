//! The settings of each open document: the nearest `levls.toml` above its
//! file over the editor's configuration (`crate::settings` has the
//! precedence), so the editor agrees with `levls check`. The editor's part
//! comes from `initializationOptions`, `didChangeConfiguration` or a
//! `workspace/configuration` pull; a `levls.toml` is read again whenever it
//! changed on disk, watched or not.

use crate::formats::settings::{editor, project};
use crate::formats::Settings;
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Where a document's settings come from, shared by every document.
#[derive(Default)]
pub struct Sources {
    editor: Mutex<Arc<Settings>>,
    projects: Mutex<project::Fresh>,
    /// Each broken `levls.toml` and what was said about it, so it is said
    /// once per new error, not at every keystroke.
    reported: Mutex<HashMap<PathBuf, String>>,
}

/// A document's settings, and what to tell the user about them.
pub struct ForDocument {
    pub settings: Settings,
    /// A broken `levls.toml` not reported yet: the file and why.
    pub broken: Option<String>,
}

impl Sources {
    /// Apply the editor's `levls` configuration object; false when it
    /// changes nothing (it says nothing levls reads, or the same again).
    pub fn configure(&self, value: &Value, root: Option<&Path>) -> bool {
        let mut editor = self.editor.lock().unwrap();
        match editor::read(value, root, &editor) {
            Some(new) if new != **editor => {
                eprintln!("levls: editor settings: {new:?}");
                *editor = Arc::new(new);
                true
            }
            _ => false,
        }
    }

    /// The settings for a document at `path` (none: an unsaved buffer gets
    /// the editor's alone). A broken `levls.toml` is left out.
    pub fn for_document(&self, path: Option<&Path>) -> ForDocument {
        let editor = self.editor.lock().unwrap().clone();
        let Some((config, read)) = path.and_then(|p| self.projects.lock().unwrap().settings_for(p))
        else {
            return ForDocument {
                settings: (*editor).clone(),
                broken: None,
            };
        };
        let mut reported = self.reported.lock().unwrap();
        match read {
            Ok(project) => {
                reported.remove(&config);
                ForDocument {
                    settings: project.or(&editor),
                    broken: None,
                }
            }
            Err(why) => {
                let new = reported.get(&config) != Some(&why);
                reported.insert(config, why.clone());
                ForDocument {
                    settings: (*editor).clone(),
                    broken: new.then_some(why),
                }
            }
        }
    }

    /// A `levls.toml` changed on disk (`didChangeWatchedFiles`).
    pub fn forget(&self, config: &Path) {
        self.projects.lock().unwrap().forget(config);
    }
}

/// The `levls` section of a `didChangeConfiguration` payload, which clients
/// send either whole (`{"levls": {...}}`) or as `null` (meaning "pull it").
pub fn levls_section(settings: &Value) -> Option<&Value> {
    settings.as_object()?.get("levls")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::nethack::settings::{dialect, DIALECT};
    use crate::formats::nethack::Dialect;
    use crate::formats::wuas::settings::DEFINITIONS;
    use serde_json::json;

    #[test]
    fn a_document_gets_its_levls_toml_over_the_editor_and_a_broken_one_is_said_once() {
        let dir = std::env::temp_dir().join(format!("levls-lsp-settings-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("levels")).unwrap();
        let file = dir.join("levels/castle.des");
        let config = dir.join(project::FILE_NAME);
        let sources = Sources::default();
        let editor =
            json!({ "nethack": { "dialect": "3.6" }, "wuas": { "definitions": "d.json" } });
        assert!(sources.configure(&editor, Some(&dir)));
        assert!(
            !sources.configure(&editor, Some(&dir)),
            "the same again changes nothing"
        );

        // No levls.toml: the editor's settings.
        let only_editor = sources.for_document(Some(&file)).settings;
        assert_eq!(dialect(&only_editor), Some(Dialect::V36));

        // The levls.toml wins where it speaks; the editor fills the rest.
        std::fs::write(&config, "[nethack]\ndialect = \"3.4.3\"\n").unwrap();
        let both = sources.for_document(Some(&file));
        assert_eq!(dialect(&both.settings), Some(Dialect::V343));
        assert_eq!(
            both.settings.path(&DEFINITIONS),
            Some(dir.join("d.json").as_path())
        );
        assert_eq!(both.broken, None);
        // An unsaved buffer has no levls.toml.
        assert_eq!(sources.for_document(None).settings, only_editor);

        // A broken file is left out and said once, until it changes.
        std::fs::write(&config, "[nethack]\ndialect = \"3.4.3\"\nbroken\n").unwrap();
        let broken = sources.for_document(Some(&file));
        assert_eq!(broken.settings, only_editor);
        let why = broken.broken.expect("reported");
        assert!(why.contains(&config.display().to_string()), "{why}");
        assert_eq!(sources.for_document(Some(&file)).broken, None);
        std::fs::write(&config, "[nethack]\ndialect = \"auto\"\n").unwrap();
        sources.forget(&config);
        let fixed = sources.for_document(Some(&file)).settings;
        assert_eq!(fixed.choice(&DIALECT), Some("auto"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
