//! Built-in name profiles of NetHack variants: each variant's monster and
//! object names with their classes, as its compiled game holds them, for a
//! level read without the variant's source tree. The tables in
//! `data/variants/` are generated from the variants' compiled name dumps in
//! `../shared/corpus/nethack/variant-trees/<name>/compiled-names/` (see
//! `data/variants/README.md` for provenance and licence); a test rebuilds
//! them and checks they are unchanged.

use std::sync::{Mutex, OnceLock};

use super::tree::DetailedMonster;
use crate::formats::nethack::dialect::Dialect;

#[derive(Debug, PartialEq, Eq)]
pub struct Profile {
    /// The `nethack.variant` word and the folder name in the shared corpus.
    pub name: &'static str,
    /// Shown in messages (`dNetHack`).
    pub title: &'static str,
    /// The dialect its lev_comp reads `.des` files in.
    pub base: Dialect,
    /// Where its names come from.
    pub origin: Origin,
    /// The table, in the vanilla tables' TSV shape (kind, class_char, name).
    pub table: &'static str,
    /// Its lev_comp vocabulary (kind, value, detail), read by [`super::lexicon`].
    pub lexicon: &'static str,
    /// Where its grammar reads a form levls checks differently.
    pub forms: Forms,
    /// Each monster's level, attacks… as a source tree defines them (a
    /// built-in profile has its names only).
    pub monster_details: &'static [DetailedMonster],
}

/// Where a profile's names come from.
#[derive(Debug, PartialEq, Eq)]
pub enum Origin {
    /// Built in: compiled from a variant's repository at a commit.
    BuiltIn {
        repository: &'static str,
        commit: &'static str,
    },
    /// Read from the source tree at this folder (`super::tree_profiles`).
    Tree { root: &'static str },
}

impl Origin {
    /// For the status item and `--list-variants`: "built-in profile (URL at
    /// COMMIT)" or "the source tree at ROOT".
    pub fn describe(&self, short: bool) -> String {
        match self {
            Origin::BuiltIn { repository, commit } => {
                let commit = if short { &commit[..8] } else { commit };
                format!("built-in profile ({repository} at {commit})")
            }
            Origin::Tree { root } => format!("the source tree at {root}"),
        }
    }
}

/// What a variant's grammar (`util/lev_comp.y`) reads differently from
/// vanilla's in the forms levls checks: facts read from it at the commit
/// the profile names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forms {
    /// A ROOM's position: lowest value, highest x, highest y (vanilla's is
    /// a cell of the 5 × 5 grid, `room_pos`).
    pub room_position: (i64, i64, i64),
    /// The terrain a joined INIT_MAP's foreground may be, as terrain
    /// constants (vanilla: floor or corridor).
    pub joined_foreground: &'static [&'static str],
    /// What a map part's DOOR takes after its coordinate, any number of
    /// times (`door_infos`).
    pub door_tail: Option<DoorTail>,
    /// `a - b` in an expression (vanilla's lexer reads a lone `-` as an
    /// unknown word: `(-3)` is its only minus).
    pub subtraction: bool,
    /// A selection's `line (1,1)-(5,5)` and `randline (1,1)-(5,5), n`
    /// (`ter_selection_x`); vanilla's are `line (1,1),(5,5)`.
    pub dash_lines: bool,
    /// `FUNCTION name(…) { … }` and its calls `name(…)`: vanilla 3.6 has
    /// them in its grammar, but its lexer never makes a function name
    /// (`NQSTRING`). UnNetHack's does, and defines them before the first
    /// level too (`header_stmts`).
    pub functions: bool,
    /// INIT_MAP styles that take nothing more (`LEV_INIT_ID ':' SHEOL_ID`),
    /// as written.
    pub bare_fill_styles: &'static [&'static str],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DoorTail {
    /// dNetHack: integers (the door's artifact text).
    Integer,
    /// SLASH'EM: strings (the name of the artifact that is its key).
    String,
}

/// Vanilla's forms.
pub const VANILLA_FORMS: Forms = Forms {
    room_position: (1, 5, 5),
    joined_foreground: &["ROOM", "CORR"],
    door_tail: None,
    subtraction: false,
    dash_lines: false,
    functions: false,
    bare_fill_styles: &[],
};

/// What is derived from each profile once (its parsed table, its
/// lexicon…): a built-in profile's in one list, parsed when first asked; a
/// source tree's (`super::tree_profiles`, which may share a built-in's name)
/// on its first use, kept by the profile's address as long as the process
/// lives, as the profile is.
pub struct PerProfile<T: 'static> {
    built_in: OnceLock<Vec<T>>,
    read: Mutex<Vec<(usize, &'static T)>>,
}

impl<T: Send + Sync + 'static> PerProfile<T> {
    pub const fn new() -> Self {
        PerProfile {
            built_in: OnceLock::new(),
            read: Mutex::new(Vec::new()),
        }
    }

    pub fn get(
        &'static self,
        profile: &'static Profile,
        make: fn(&'static Profile) -> T,
    ) -> &'static T {
        // A built-in profile by its name: copies of a `const` need not share
        // an address.
        if let Origin::BuiltIn { .. } = profile.origin {
            let i = PROFILES
                .iter()
                .position(|p| p.name == profile.name)
                .expect("every built-in profile is in PROFILES");
            return &self
                .built_in
                .get_or_init(|| PROFILES.iter().map(make).collect())[i];
        }
        let key = profile as *const Profile as usize;
        let mut read = self.read.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, derived)) = read.iter().find(|(k, _)| *k == key) {
            return derived;
        }
        let derived: &'static T = Box::leak(Box::new(make(profile)));
        read.push((key, derived));
        derived
    }
}

impl<T: Send + Sync + 'static> Default for PerProfile<T> {
    fn default() -> Self {
        Self::new()
    }
}

macro_rules! profile {
    ($name:literal, $title:literal, $base:expr, $repository:literal, $commit:literal) => {
        profile!($name, $title, $base, $repository, $commit, VANILLA_FORMS)
    };
    ($name:literal, $title:literal, $base:expr, $repository:literal, $commit:literal, $forms:expr) => {
        Profile {
            name: $name,
            title: $title,
            base: $base,
            origin: Origin::BuiltIn {
                repository: $repository,
                commit: $commit,
            },
            table: include_str!(concat!("data/variants/", $name, ".tsv")),
            lexicon: include_str!(concat!("data/variants/", $name, ".lexicon.tsv")),
            forms: $forms,
            monster_details: &[],
        }
    };
}

pub const PROFILES: &[Profile] = &[
    profile!(
        "dnethack",
        "dNetHack",
        Dialect::V343,
        "https://github.com/Chris-plus-alphanumericgibberish/dnethack",
        "17bc64f77ac566e7b90c0c6c6652e2a5f3a995c0",
        Forms {
            room_position: (0, 80, 20),
            joined_foreground: &["CORR", "ROOM", "PUDDLE", "GRASS", "SOIL", "SAND"],
            door_tail: Some(DoorTail::Integer),
            ..VANILLA_FORMS
        }
    ),
    profile!(
        "slashem",
        "SLASH'EM",
        Dialect::V343,
        "https://github.com/mistydemeo/slashem",
        "b441f0f8f938db721fa4c0dd250495226b1bfcb7",
        Forms {
            door_tail: Some(DoorTail::String),
            ..VANILLA_FORMS
        }
    ),
    profile!(
        "unnethack",
        "UnNetHack",
        Dialect::V36,
        "https://github.com/UnNetHack/UnNetHack",
        "24dce72794d4313a9a0bd53d898169cca7fba2ba",
        Forms {
            subtraction: true,
            dash_lines: true,
            functions: true,
            bare_fill_styles: &["sheollev"],
            ..VANILLA_FORMS
        }
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
        "9fc298eb88a2cadd27bf4ec207f7fbc7e65e51c3",
        Forms {
            // COLNO and ROWNO.
            room_position: (0, 80, 21),
            ..VANILLA_FORMS
        }
    ),
];

#[cfg(test)]
mod tests;

/// The forms of the profile in force (vanilla's when none is).
pub fn forms_in_force() -> &'static Forms {
    super::profile_in_force().map_or(&VANILLA_FORMS, |p| &p.forms)
}
