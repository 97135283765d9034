//! Monster and object names that `lev_comp` looks up in the game's own tables (spec A6),
//! read from `data/names-3.4.3.tsv` (columns kind, class_char, name; the ghosts' class is a
//! space). Lookups follow lev_comp 3.4.3: exact and case-sensitive, restricted to a class
//! when one is given, first table entry wins otherwise.
//!
//! The tables are built by a private [`Table`] from TSV text, so another game version's
//! table can be added beside this one without changing the parsing.
//!
//! - [`vocabulary`]: keywords, value words, map and class characters, limits;
//! - [`slots`]: what each argument slot of a statement takes;
//! - [`scripting`]: 3.6's changed and new statements, words and selections;
//! - [`variants`]: the games that load levels (vanilla, MiniHack, the
//!   variants with a built-in name profile);
//! - [`profiles`]: those variants' monster and object tables, as data;
//! - [`tree`]: the same facts read from a variant's own source tree;
//! - [`tree_profiles`]: the profile of the source tree a level lives in,
//!   read by [`tree`] and kept until the tree's files change;
//! - [`lexicon`]: the variants' lev_comp vocabulary (words, map and class
//!   characters, traps, room types), as data or read from a tree.
//!
//! Every lookup here reads the tables of the variant in force: vanilla's by
//! dialect, or a profile's inside [`with_profile`] (the analysis of one file
//! runs inside it, so the rules, hover and completion need not carry it).

pub mod lexicon;
pub mod profiles;
pub mod scripting;
pub mod slots;
pub mod tree;
pub mod tree_profiles;
pub mod variants;
pub mod vocabulary;

use std::cell::Cell;
use std::sync::OnceLock;

use profiles::Profile;

use crate::formats::closest;
use crate::formats::nethack::dialect::Dialect;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameKind {
    Monster,
    Object,
}

/// One row of the name table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Name {
    pub kind: NameKind,
    /// The class character (`' '` for ghosts and shades).
    pub class: char,
    pub name: &'static str,
}

const NAMES_343: &str = include_str!("data/names-3.4.3.tsv");

/// The names of one game version, in file order, one list per kind.
struct Table {
    monsters: Vec<Name>,
    objects: Vec<Name>,
    /// Lowercased names, index for index, for case-insensitive suggestions.
    monsters_lower: Vec<String>,
    objects_lower: Vec<String>,
}

impl Table {
    /// Reads the TSV text. The data is ours and tested, so a malformed line is a bug: panic.
    fn parse(text: &'static str) -> Table {
        let mut monsters = Vec::new();
        let mut objects = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.is_empty() || (i == 0 && line.starts_with("kind\t")) {
                continue;
            }
            let mut fields = line.split('\t');
            let (Some(kind), Some(class), Some(name), None) =
                (fields.next(), fields.next(), fields.next(), fields.next())
            else {
                panic!("name table line {}: expected 3 tab-separated fields", i + 1);
            };
            let mut chars = class.chars();
            let (Some(class), None) = (chars.next(), chars.next()) else {
                panic!("name table line {}: class must be one character", i + 1);
            };
            assert!(!name.is_empty(), "name table line {}: empty name", i + 1);
            match kind {
                "monster" => monsters.push(Name {
                    kind: NameKind::Monster,
                    class,
                    name,
                }),
                "object" => objects.push(Name {
                    kind: NameKind::Object,
                    class,
                    name,
                }),
                other => panic!("name table line {}: unknown kind {other:?}", i + 1),
            }
        }
        let lower = |names: &[Name]| names.iter().map(|n| n.name.to_lowercase()).collect();
        Table {
            monsters_lower: lower(&monsters),
            objects_lower: lower(&objects),
            monsters,
            objects,
        }
    }

    fn names(&self, kind: NameKind) -> &[Name] {
        match kind {
            NameKind::Monster => &self.monsters,
            NameKind::Object => &self.objects,
        }
    }

    fn lower(&self, kind: NameKind) -> &[String] {
        match kind {
            NameKind::Monster => &self.monsters_lower,
            NameKind::Object => &self.objects_lower,
        }
    }

    fn find(&self, kind: NameKind, name: &str, class: Option<char>) -> Option<&Name> {
        self.names(kind)
            .iter()
            .find(|n| n.name == name && class.is_none_or(|c| n.class == c))
    }

    fn classes_of(&self, kind: NameKind, name: &str) -> Vec<char> {
        let mut classes = Vec::new();
        for n in self.names(kind).iter().filter(|n| n.name == name) {
            if !classes.contains(&n.class) {
                classes.push(n.class);
            }
        }
        classes
    }

    fn suggest(&self, kind: NameKind, name: &str, class: Option<char>) -> Option<&str> {
        if self.find(kind, name, class).is_some() {
            return None;
        }
        let names = self.names(kind);
        let lower = self.lower(kind);
        let in_class = |i: &usize| class.is_none_or(|c| names[*i].class == c);
        let wanted = name.to_lowercase();
        // The name exists, only with other capitals.
        if let Some(i) = (0..names.len())
            .filter(in_class)
            .find(|&i| lower[i] == wanted)
        {
            return Some(names[i].name);
        }
        let candidates = (0..names.len()).filter(in_class).map(|i| lower[i].as_str());
        let best = closest(&wanted, candidates)?;
        (0..names.len())
            .filter(in_class)
            .find(|&i| lower[i] == best)
            .map(|i| names[i].name)
    }
}

thread_local! {
    /// The profile whose names the lookups on this thread read, with its
    /// parsed table (None: vanilla's).
    static PROFILE: Cell<Option<(&'static Profile, &'static Table)>> = const { Cell::new(None) };
}

/// Runs `f` with the names of `profile` (None: vanilla's) in force on this
/// thread, restoring what was in force before, even if `f` panics.
pub fn with_profile<R>(profile: Option<&'static Profile>, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<(&'static Profile, &'static Table)>);
    impl Drop for Restore {
        fn drop(&mut self) {
            PROFILE.with(|p| p.set(self.0));
        }
    }
    let in_force = profile.map(|p| (p, table_of(p)));
    let _restore = Restore(PROFILE.with(|p| p.replace(in_force)));
    f()
}

/// The profile whose names are in force on this thread.
pub fn profile_in_force() -> Option<&'static Profile> {
    PROFILE.with(Cell::get).map(|(p, _)| p)
}

/// A profile's parsed table.
fn table_of(profile: &'static Profile) -> &'static Table {
    static TABLES: profiles::PerProfile<Table> = profiles::PerProfile::new();
    TABLES.get(profile, |p| Table::parse(p.table))
}

/// What the source tree in force says of a monster (its level, attacks…),
/// with the tree's title: the entry of `class`, else the first of the name.
/// `None` outside a tree, and for a monster whose details could not be read.
pub fn monster_details(
    name: &str,
    class: Option<char>,
) -> Option<(&'static tree::MonsterDetails, &'static str)> {
    let profile = profile_in_force()?;
    let detailed = profile
        .monster_details
        .iter()
        .find(|m| m.name == name && class.is_none_or(|c| m.class == c))?;
    Some((&detailed.details, profile.title))
}

/// How many monsters and objects a profile names.
pub fn profile_table(profile: &'static Profile) -> (usize, usize) {
    let table = table_of(profile);
    (table.monsters.len(), table.objects.len())
}

/// 3.4.3's table, or the profile's in force.
fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    match PROFILE.with(Cell::get) {
        Some((_, table)) => table,
        None => TABLE.get_or_init(|| Table::parse(NAMES_343)),
    }
}

/// All monster names, in table order.
pub fn monsters() -> &'static [Name] {
    &table().monsters
}

/// All object names, in table order.
pub fn objects() -> &'static [Name] {
    &table().objects
}

/// lev_comp's lookup: exact and case-sensitive; with `Some(class)` only that class is
/// searched; without a class the first table entry wins.
pub fn find_monster(name: &str, class: Option<char>) -> Option<&'static Name> {
    table().find(NameKind::Monster, name, class)
}

/// As [`find_monster`], for objects.
pub fn find_object(name: &str, class: Option<char>) -> Option<&'static Name> {
    table().find(NameKind::Object, name, class)
}

/// Every class a name exists in, in table order, each once (e.g. `"fire"` is a scroll and
/// a wand; `"werejackal"` is a `d` and an `@`).
pub fn classes_of(kind: NameKind, name: &str) -> Vec<char> {
    table().classes_of(kind, name)
}

/// "Did you mean …?" for a name that lev_comp would not find: the same name with other
/// capitals if there is one, else the closest name by edit distance (case-insensitive).
/// With `Some(class)` only names of that class are offered. `None` when the name is
/// already valid or nothing is close.
pub fn suggest(kind: NameKind, name: &str, class: Option<char>) -> Option<&'static str> {
    table().suggest(kind, name, class)
}

const NAMES_36: &str = include_str!("data/names-3.6.tsv");

fn table_36() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| Table::parse(NAMES_36))
}

/// The dialect's vanilla table, or the profile's in force (a variant has one
/// table whatever dialect its levels are read in).
fn table_in(dialect: Dialect) -> &'static Table {
    match (PROFILE.with(Cell::get), dialect) {
        (Some((_, table)), _) => table,
        (None, Dialect::V343) => table(),
        (None, Dialect::V36) => table_36(),
    }
}

/// How a name was found by a dialect's lookup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// Exactly as written.
    Exact(&'static Name),
    /// 3.6 only: with other capitals (accepted; `-v` warns
    /// `Monster type "Jackal" matches "jackal".`).
    OtherCase(&'static Name),
}

impl Found {
    pub fn name(self) -> &'static Name {
        match self {
            Found::Exact(n) | Found::OtherCase(n) => n,
        }
    }
}

/// The dialect's lookup: 3.4.3 is exact only; 3.6 tries the exact name
/// first, then the name ignoring case. With `Some(class)` only that class
/// is searched; otherwise the first table entry wins.
pub fn lookup_in(
    dialect: Dialect,
    kind: NameKind,
    name: &str,
    class: Option<char>,
) -> Option<Found> {
    let table = table_in(dialect);
    if let Some(n) = table.find(kind, name, class) {
        return Some(Found::Exact(n));
    }
    if dialect == Dialect::V343 {
        return None;
    }
    let wanted = name.to_lowercase();
    let names = table.names(kind);
    let lower = table.lower(kind);
    (0..names.len())
        .find(|&i| lower[i] == wanted && class.is_none_or(|c| names[i].class == c))
        .map(|i| Found::OtherCase(&names[i]))
}

/// [`find_monster`] for a dialect (3.6 also accepts other capitals).
pub fn find_monster_in(dialect: Dialect, name: &str, class: Option<char>) -> Option<&'static Name> {
    lookup_in(dialect, NameKind::Monster, name, class).map(Found::name)
}

/// [`find_object`] for a dialect (3.6 also accepts other capitals).
pub fn find_object_in(dialect: Dialect, name: &str, class: Option<char>) -> Option<&'static Name> {
    lookup_in(dialect, NameKind::Object, name, class).map(Found::name)
}

/// The dialect's names of one kind, in table order.
pub fn names_in(dialect: Dialect, kind: NameKind) -> &'static [Name] {
    table_in(dialect).names(kind)
}

/// [`classes_of`] in a dialect's table.
pub fn classes_of_in(dialect: Dialect, kind: NameKind, name: &str) -> Vec<char> {
    table_in(dialect).classes_of(kind, name)
}

/// [`suggest`] in a dialect's table. For 3.6 a name found with other
/// capitals is accepted, so nothing is suggested for it.
pub fn suggest_in(
    dialect: Dialect,
    kind: NameKind,
    name: &str,
    class: Option<char>,
) -> Option<&'static str> {
    if lookup_in(dialect, kind, name, class).is_some() {
        return None;
    }
    table_in(dialect).suggest(kind, name, class)
}

#[cfg(test)]
mod tests;
