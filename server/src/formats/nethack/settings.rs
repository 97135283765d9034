//! The NetHack settings: the dialect to check `.des` files in, instead of
//! detecting it per file (a file's `# levls: dialect` comment still wins),
//! and the Python whose MiniHack makes samples of a level (`samples.rs`).

use super::Dialect;
use crate::formats::settings::{Kind, Setting, Settings};

pub const DIALECT: Setting = Setting {
    section: "nethack",
    toml_section: "nethack",
    key: "dialect",
    kind: Kind::Choice {
        values: &["3.4.3", "3.6", "auto"],
        read: read_dialect,
    },
    help: "The NetHack `.des` dialect: `3.4.3`, `3.6` or `auto` (the default: detected per \
           file; a file's `# levls: dialect …` comment still wins).",
    flag: Some("nethack-dialect"),
};

pub const PYTHON: Setting = Setting {
    section: "nethack",
    toml_section: "nethack",
    key: "python",
    kind: Kind::Command,
    help: "The Python whose `minihack` makes samples of a level (`levls render --samples`, the \
           editor's preview; default: the active virtualenv's, else `python3` on the `PATH`).",
    flag: Some("nethack-python"),
};

pub const ALL: &[Setting] = &[DIALECT, PYTHON];

/// The dialect the settings force; `None`: detect it per file (`auto` or unset).
pub fn dialect(settings: &Settings) -> Option<Dialect> {
    settings.choice(&DIALECT).and_then(Dialect::parse)
}

/// `auto`, or any spelling [`Dialect::parse`] takes (`36` → `3.6`).
fn read_dialect(written: &str) -> Option<&'static str> {
    if written.trim().eq_ignore_ascii_case("auto") {
        Some("auto")
    } else {
        Dialect::parse(written).map(Dialect::label)
    }
}
