//! The games that read `.des` files, as profiles: what a game does with a
//! compiled level beyond what lev_comp checks. Vanilla NetHack loads every
//! level its dungeon names; MiniHack compiles the one file it is given and
//! loads only `mylevel.lev`, with NetHack 3.6's lev_comp. A variant read
//! from a source tree would be one more [`Variant`] built from that tree.

use crate::formats::nethack::dialect::Dialect;

#[derive(Debug, PartialEq, Eq)]
pub struct Variant {
    /// The `nethack.variant` setting's word.
    pub name: &'static str,
    /// Shown in messages (`MiniHack`).
    pub title: &'static str,
    /// The dialect its lev_comp reads, when it has only one.
    pub dialect: Option<Dialect>,
    /// The only level the game loads from a file, when it loads one by a
    /// fixed name (any other level is compiled and never played).
    pub played_level: Option<&'static str>,
}

pub const VANILLA: Variant = Variant {
    name: "vanilla",
    title: "NetHack",
    dialect: None,
    played_level: None,
};

pub const MINIHACK: Variant = Variant {
    name: "minihack",
    title: "MiniHack",
    dialect: Some(Dialect::V36),
    played_level: Some("mylevel"),
};

/// Every built-in variant; the first is the default.
pub const VARIANTS: &[&Variant] = &[&VANILLA, &MINIHACK];

/// The variant a setting's word names.
pub fn by_name(name: &str) -> Option<&'static Variant> {
    VARIANTS
        .iter()
        .copied()
        .find(|v| v.name.eq_ignore_ascii_case(name.trim()))
}
