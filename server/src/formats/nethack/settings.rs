//! The NetHack settings: the dialect to check `.des` files in, instead of
//! detecting it per file (a file's `# levls: dialect` comment still wins),
//! the variant (the game) that plays the levels, and the Python whose
//! MiniHack makes samples of a level (`samples.rs`).

use std::path::Path;

use super::names::tree_profiles;
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
        listing: None,
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
        values: variants::WORDS,
        read: read_variant,
        listing: Some(variants::listing),
    },
    help: "The game that plays the levels: `vanilla`, `minihack` (checked as 3.6; warns about \
           levels MiniHack never plays), a variant with a built-in name profile (`dnethack`, \
           `slashem`: checked as 3.4.3; `unnethack`, `splicehack`, `xnethack`: as 3.6; its \
           monster and object names) or `auto` (the default: `minihack` for the levels of a \
           Python file that imports `minihack`, else `vanilla`). A file's `# levls: variant …` \
           comment still wins.",
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

/// Not a user's setting (in no list: no flag, key or docs of its own): the
/// dialect a host file imposes on the levels written inside it, over the
/// user's `nethack.dialect` (Python's levels are MiniHack's, read by 3.6's
/// lev_comp).
pub const HOST_DIALECT: Setting = Setting {
    section: "nethack",
    toml_section: "nethack",
    key: "hostDialect",
    kind: Kind::Choice {
        values: &["3.4.3", "3.6"],
        read: read_dialect,
        listing: None,
    },
    help: "",
    flag: None,
};

/// A dialect the settings force, and what forced it (the hover's and the
/// status item's reason).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forced {
    pub dialect: Dialect,
    pub reason: &'static str,
}

impl Forced {
    /// Forced by the `nethack.dialect` setting.
    pub fn by_setting(dialect: Dialect) -> Forced {
        Forced {
            dialect,
            reason: "the `nethack.dialect` setting",
        }
    }
}

/// The dialect the settings force for the file `text` at `path`, and why;
/// `None`: detect it per file (`auto` or unset), unless the variant reads
/// only one.
pub fn forced_dialect(text: &str, path: Option<&Path>, settings: &Settings) -> Option<Forced> {
    let named = |setting: &Setting| settings.choice(setting).and_then(Dialect::parse);
    if let Some(dialect) = named(&HOST_DIALECT) {
        return Some(Forced {
            dialect,
            reason: "MiniHack's lev_comp, which reads every level written inside Python",
        });
    }
    if let Some(dialect) = named(&DIALECT) {
        return Some(Forced::by_setting(dialect));
    }
    let variant = variant_of(text, path, settings);
    variant.dialect.map(|dialect| Forced {
        dialect,
        reason: variant.dialect_reason,
    })
}

/// The dialect the settings force ([`forced_dialect`] without the reason).
pub fn dialect(settings: &Settings) -> Option<Dialect> {
    forced_dialect("", None, settings).map(|f| f.dialect)
}

/// The variant of the file `text` at `path`: its `# levls: variant`
/// comment, else the variant the settings name, else (`auto` or unset) the
/// source tree the file lives in, else vanilla.
pub fn variant_of(text: &str, path: Option<&Path>, settings: &Settings) -> &'static Variant {
    if let Some((v, _)) = variants::from_comment(text) {
        return v;
    }
    if variant_is_auto(settings) {
        if let Some(v) = tree_profiles::variant_of_tree(path) {
            return v;
        }
    }
    variant(settings)
}

/// Runs `f` with the names of the file's variant in force (`names::with_profile`).
pub fn with_names_of<R>(
    text: &str,
    path: Option<&Path>,
    settings: &Settings,
    f: impl FnOnce() -> R,
) -> R {
    super::names::with_profile(variant_of(text, path, settings).profile, f)
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
