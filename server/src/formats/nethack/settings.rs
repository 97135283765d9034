//! The NetHack settings: the dialect to check `.des` files in, instead of
//! detecting it per file (a file's `# levls: dialect` comment still wins),
//! the variant (the game) that plays the levels, and the Python whose
//! MiniHack makes samples of a level (`samples.rs`).

use super::names::variants::{self, Variant};
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

pub const VARIANT: Setting = Setting {
    section: "nethack",
    toml_section: "nethack",
    key: "variant",
    kind: Kind::Choice {
        values: &["auto", "vanilla", "minihack"],
        read: read_variant,
    },
    help: "The game that plays the levels: `vanilla`, `minihack` (checked as 3.6; warns about \
           levels MiniHack never plays) or `auto` (the default: `minihack` for the levels of a \
           Python file that imports `minihack`, else `vanilla`).",
    flag: Some("nethack-variant"),
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

pub const ALL: &[Setting] = &[DIALECT, VARIANT, PYTHON];

/// The dialect the settings force; `None`: detect it per file (`auto` or
/// unset), unless the variant reads only one.
pub fn dialect(settings: &Settings) -> Option<Dialect> {
    settings
        .choice(&DIALECT)
        .and_then(Dialect::parse)
        .or(variant(settings).dialect)
}

/// The variant the settings name (vanilla when unset or `auto`).
pub fn variant(settings: &Settings) -> &'static Variant {
    settings
        .choice(&VARIANT)
        .and_then(variants::by_name)
        .unwrap_or(variants::VARIANTS[0])
}

/// Do the settings leave the variant to the file (unset or `auto`)?
pub fn variant_is_auto(settings: &Settings) -> bool {
    settings.choice(&VARIANT).is_none_or(|v| v == "auto")
}

/// `auto`, or any spelling [`Dialect::parse`] takes (`36` → `3.6`).
fn read_dialect(written: &str) -> Option<&'static str> {
    if written.trim().eq_ignore_ascii_case("auto") {
        Some("auto")
    } else {
        Dialect::parse(written).map(Dialect::label)
    }
}

/// `auto`, or a variant's name, in any case.
fn read_variant(written: &str) -> Option<&'static str> {
    if written.trim().eq_ignore_ascii_case("auto") {
        Some("auto")
    } else {
        variants::by_name(written).map(|v| v.name)
    }
}
