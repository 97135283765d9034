//! User settings: one type for the server and `levls check`, read from three
//! places with one precedence, per key (`docs/settings.md`):
//!
//! 1. `levls check`'s flags (`--nethack-dialect 3.6`; `cli/flags.rs`);
//! 2. the nearest `levls.toml` above the file (`[nethack] dialect = "3.6"`;
//!    [`project`]): what CI's `levls check` uses, so the editor agrees with it;
//! 3. the editor's `levls` configuration (`{"nethack": {"dialect": "3.6"}}`;
//!    [`editor`]): it fills what the project leaves unset;
//! 4. else the format's default.
//!
//! Each format declares its settings ([`Setting`], `Format::settings`) and
//! reads its values back with [`Settings::path`] / [`Settings::choice`];
//! this module, the CLI and the server read every source generically, naming
//! no format.

pub mod editor;
pub mod project;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One setting, as a format declares it.
#[derive(Debug)]
pub struct Setting {
    /// Its section in the editor's `levls` configuration (`dungeonMystery`);
    /// with the key, its name in the docs (`dungeonMystery.node`).
    pub section: &'static str,
    /// Its section in a `levls.toml` (`dungeon-mystery`).
    pub toml_section: &'static str,
    pub key: &'static str,
    pub kind: Kind,
    /// One or two sentences for `--help` and the docs.
    pub help: &'static str,
    /// Its `levls check` flag, without the dashes (`nethack-dialect`), if any.
    pub flag: Option<&'static str>,
}

/// What a setting's value is, which says how a written value is read.
#[derive(Debug)]
pub enum Kind {
    /// A file or folder; a relative path is relative to the `levls.toml`'s
    /// folder, the workspace root (editor) or the current folder (flag).
    Path,
    /// A program: a bare name (`node`) is a command looked up on the `PATH`,
    /// anything with a slash a path as for [`Kind::Path`].
    Command,
    /// One of a few words. `read` gives the canonical word of a spelling it
    /// accepts (`36` → `3.6`); `values` are the canonical words, for help.
    Choice {
        values: &'static [&'static str],
        read: fn(&str) -> Option<&'static str>,
        /// What `levls check --list-KEYs` prints about the values (each
        /// described on a line), for a choice whose values want explaining.
        listing: Option<fn() -> String>,
    },
}

/// A setting's value, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// For [`Kind::Path`] and [`Kind::Command`].
    Path(PathBuf),
    /// For [`Kind::Choice`]: the canonical word.
    Choice(&'static str),
}

/// The settings given for one file: only the keys some source set (a key
/// absent here takes the format's default).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings(BTreeMap<(&'static str, &'static str), Value>);

impl Settings {
    /// No settings: every default.
    pub const NONE: Settings = Settings(BTreeMap::new());

    /// A path or command setting's value.
    pub fn path(&self, setting: &Setting) -> Option<&Path> {
        match self.0.get(&setting.id())? {
            Value::Path(path) => Some(path),
            Value::Choice(_) => None,
        }
    }

    /// A choice setting's canonical word.
    pub fn choice(&self, setting: &Setting) -> Option<&'static str> {
        match self.0.get(&setting.id())? {
            Value::Choice(word) => Some(word),
            Value::Path(_) => None,
        }
    }

    pub fn set(&mut self, setting: &Setting, value: Value) {
        self.0.insert(setting.id(), value);
    }

    pub fn unset(&mut self, setting: &Setting) {
        self.0.remove(&setting.id());
    }

    /// These settings with `setting` set to `value`.
    pub fn with(mut self, setting: &Setting, value: Value) -> Settings {
        self.set(setting, value);
        self
    }

    /// These settings over `lower`: per key, a value here wins and `lower`
    /// fills the keys left unset (flags over `levls.toml` over the editor).
    pub fn or(mut self, lower: &Settings) -> Settings {
        for (id, value) in &lower.0 {
            self.0.entry(*id).or_insert_with(|| value.clone());
        }
        self
    }
}

impl Setting {
    fn id(&self) -> (&'static str, &'static str) {
        (self.section, self.key)
    }

    /// Its name in the docs and messages: `nethack.dialect`.
    pub fn name(&self) -> String {
        format!("{}.{}", self.section, self.key)
    }

    /// Read a value as written in any source: `Ok(None)` when it is empty
    /// (unset); relative paths are joined to `base`.
    pub fn read(&self, written: &str, base: Option<&Path>) -> Result<Option<Value>, String> {
        if written.trim().is_empty() {
            return Ok(None);
        }
        let path = |p: &str| match base {
            Some(base) if Path::new(p).is_relative() => base.join(p),
            _ => PathBuf::from(p),
        };
        Ok(Some(match &self.kind {
            Kind::Path => Value::Path(path(written)),
            Kind::Command if !written.contains(['/', '\\']) => {
                Value::Path(PathBuf::from(written.trim()))
            }
            Kind::Command => Value::Path(path(written.trim())),
            Kind::Choice { values, read, .. } => match read(written) {
                Some(word) => Value::Choice(word),
                None => return Err(format!("expected {}", one_of(values))),
            },
        }))
    }
}

/// `"a", "b" or "c"`.
fn one_of(values: &[&str]) -> String {
    let quoted: Vec<String> = values.iter().map(|v| format!("\"{v}\"")).collect();
    match quoted.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// Every setting of every format, in registry order.
pub fn declared() -> impl Iterator<Item = &'static Setting> {
    crate::formats::registry().iter().flat_map(|f| f.settings())
}

#[cfg(test)]
mod tests;
