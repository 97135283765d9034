//! The games that read `.des` files, as profiles: what a game does with a
//! compiled level beyond what lev_comp checks. Vanilla NetHack loads every
//! level its dungeon names; MiniHack compiles the one file it is given and
//! loads only `mylevel.lev`, with NetHack 3.6's lev_comp. The variants with
//! a built-in name profile ([`super::profiles`]) name their monsters and
//! objects from its tables and read the dialect of their lev_comp.

use std::ops::Range;

use super::profiles::{Profile, PROFILES};
use crate::formats::nethack::dialect::Dialect;

#[derive(Debug, PartialEq, Eq)]
pub struct Variant {
    /// The `nethack.variant` setting's word.
    pub name: &'static str,
    /// Shown in messages (`MiniHack`).
    pub title: &'static str,
    /// The dialect its lev_comp reads, when it has only one.
    pub dialect: Option<Dialect>,
    /// Why that dialect, for the hover and the status item.
    pub dialect_reason: &'static str,
    /// Its own monster and object names, when they are not vanilla's.
    pub profile: Option<&'static Profile>,
    /// The only level the game loads from a file, when it loads one by a
    /// fixed name (any other level is compiled and never played).
    pub played_level: Option<&'static str>,
}

pub const VANILLA: Variant = Variant {
    name: "vanilla",
    title: "NetHack",
    dialect: None,
    dialect_reason: "",
    profile: None,
    played_level: None,
};

pub const MINIHACK: Variant = Variant {
    name: "minihack",
    title: "MiniHack",
    dialect: Some(Dialect::V36),
    dialect_reason: "the MiniHack variant (`nethack.variant`), whose lev_comp is 3.6's",
    profile: None,
    played_level: Some("mylevel"),
};

/// A variant known by its built-in name profile.
const fn profiled(profile: &'static Profile, dialect_reason: &'static str) -> Variant {
    Variant {
        name: profile.name,
        title: profile.title,
        dialect: Some(profile.base),
        dialect_reason,
        profile: Some(profile),
        played_level: None,
    }
}

const DNETHACK: Variant = profiled(
    &PROFILES[0],
    "the dNetHack variant (`nethack.variant`), whose lev_comp is 3.4.3's",
);
const SLASHEM: Variant = profiled(
    &PROFILES[1],
    "the SLASH'EM variant (`nethack.variant`), whose lev_comp is 3.4.3's",
);
const UNNETHACK: Variant = profiled(
    &PROFILES[2],
    "the UnNetHack variant (`nethack.variant`), whose lev_comp reads 3.6's language",
);
const SPLICEHACK: Variant = profiled(
    &PROFILES[3],
    "the SpliceHack variant (`nethack.variant`), whose lev_comp is 3.6's",
);
const XNETHACK: Variant = profiled(
    &PROFILES[4],
    "the xNetHack variant (`nethack.variant`), whose lev_comp is 3.6's",
);

/// Every built-in variant; the first is the default.
pub const VARIANTS: &[&Variant] = &[
    &VANILLA,
    &MINIHACK,
    &DNETHACK,
    &SLASHEM,
    &UNNETHACK,
    &SPLICEHACK,
    &XNETHACK,
];

/// The `nethack.variant` words, `auto` first (the setting's choices).
pub const WORDS: &[&str] = &[
    "auto",
    "vanilla",
    "minihack",
    "dnethack",
    "slashem",
    "unnethack",
    "splicehack",
    "xnethack",
];

/// `# levls: variant dnethack` (or `variant=dnethack`) in the file's leading
/// comments, read as `# levls: dialect` is.
pub fn from_comment(text: &str) -> Option<(&'static Variant, Range<usize>)> {
    crate::formats::nethack::dialect::levls_comment(text, "variant", by_name)
}

/// What `levls check --list-variants` prints: each variant with the dialect
/// its lev_comp reads, its names and where they come from.
pub fn listing() -> String {
    let mut out = String::new();
    for v in VARIANTS {
        let dialect = v
            .dialect
            .map_or("3.4.3 or 3.6 (detected per file)", Dialect::label);
        let names = match v.profile {
            Some(p) => {
                let table = super::profile_table(p);
                format!(
                    "{} monsters, {} objects; {}",
                    table.0,
                    table.1,
                    p.origin.describe(false)
                )
            }
            None => "vanilla NetHack's names".to_string(),
        };
        out.push_str(&format!(
            "{}\t{}\tdialect {dialect}\t{names}\n",
            v.name, v.title
        ));
    }
    out
}

/// The variant a setting's word names.
pub fn by_name(name: &str) -> Option<&'static Variant> {
    VARIANTS
        .iter()
        .copied()
        .find(|v| v.name.eq_ignore_ascii_case(name.trim()))
}
