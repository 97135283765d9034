//! Built-in name profiles of NetHack variants: each variant's monster and
//! object names with their classes, as its compiled game holds them, for a
//! level read without the variant's source tree. The tables in
//! `data/variants/` are generated from the variants' compiled name dumps in
//! `../shared/corpus/nethack/variant-trees/<name>/compiled-names/` (see
//! `data/variants/README.md` for provenance and licence); a test rebuilds
//! them and checks they are unchanged.

use crate::formats::nethack::dialect::Dialect;

#[derive(Debug, PartialEq, Eq)]
pub struct Profile {
    /// The `nethack.variant` word and the folder name in the shared corpus.
    pub name: &'static str,
    /// Shown in messages (`dNetHack`).
    pub title: &'static str,
    /// The dialect its lev_comp reads `.des` files in.
    pub base: Dialect,
    /// Where its names were compiled from.
    pub repository: &'static str,
    pub commit: &'static str,
    /// The table, in the vanilla tables' TSV shape (kind, class_char, name).
    pub table: &'static str,
    /// Its lev_comp vocabulary (kind, value, detail), read by [`super::lexicon`].
    pub lexicon: &'static str,
}

macro_rules! profile {
    ($name:literal, $title:literal, $base:expr, $repository:literal, $commit:literal) => {
        Profile {
            name: $name,
            title: $title,
            base: $base,
            repository: $repository,
            commit: $commit,
            table: include_str!(concat!("data/variants/", $name, ".tsv")),
            lexicon: include_str!(concat!("data/variants/", $name, ".lexicon.tsv")),
        }
    };
}

pub const PROFILES: &[Profile] = &[
    profile!(
        "dnethack",
        "dNetHack",
        Dialect::V343,
        "https://github.com/Chris-plus-alphanumericgibberish/dnethack",
        "17bc64f77ac566e7b90c0c6c6652e2a5f3a995c0"
    ),
    profile!(
        "slashem",
        "SLASH'EM",
        Dialect::V343,
        "https://github.com/mistydemeo/slashem",
        "b441f0f8f938db721fa4c0dd250495226b1bfcb7"
    ),
    profile!(
        "unnethack",
        "UnNetHack",
        Dialect::V36,
        "https://github.com/UnNetHack/UnNetHack",
        "24dce72794d4313a9a0bd53d898169cca7fba2ba"
    ),
    profile!(
        "splicehack",
        "SpliceHack",
        Dialect::V36,
        "https://github.com/NullCGT/SpliceHack",
        "2851c397b0bf3affa96e788e2ecd8dd463e4dd25"
    ),
    profile!(
        "xnethack",
        "xNetHack",
        Dialect::V36,
        "https://github.com/copperwater/xNetHack",
        "9fc298eb88a2cadd27bf4ec207f7fbc7e65e51c3"
    ),
];

#[cfg(test)]
mod tests;
