//! NetHack 5.0.0's own monster, object and trap names (`data/names-5.0.tsv`,
//! read from the real game), and how its bindings look a name up: a
//! monster's name loosely (plurals, other spellings, any case), an
//! object's by name or description, a trap's exactly.

use std::sync::LazyLock;

/// One row of the table.
#[derive(Debug)]
pub struct Name {
    /// `monster`, `monster-alias`, `object`, `object-description`, `trap`,
    /// `monster-class`, `object-class`.
    pub kind: &'static str,
    pub name: &'static str,
    /// The class symbol: `D` for a dragon, `)` for a weapon, `^` for a trap.
    pub class: char,
    /// For an alias, the monster it names; for a class, `empty` when no
    /// monster has it.
    pub names: &'static str,
}

static TABLE: &str = include_str!("../data/names-5.0.tsv");

pub static NAMES: LazyLock<Vec<Name>> = LazyLock::new(|| {
    TABLE
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .filter_map(|line| {
            let cells: Vec<&'static str> = line.split('\t').collect();
            let [kind, name, class, names] = cells[..] else {
                return None;
            };
            Some(Name {
                kind,
                name,
                class: class.chars().next()?,
                names,
            })
        })
        .collect()
});

pub fn of_kind(kind: &'static str) -> impl Iterator<Item = &'static Name> {
    NAMES.iter().filter(move |n| n.kind == kind)
}

fn find(kind: &str, name: &str) -> Option<&'static Name> {
    NAMES
        .iter()
        .find(|n| n.kind == kind && n.name.eq_ignore_ascii_case(name))
}

/// What the game finds for `des.monster`'s name (`name_to_monplus`): an
/// article dropped, a plural made singular, another spelling taken, and a
/// name followed by a word or a plural ending.
pub fn monster(written: &str) -> Option<&'static Name> {
    let lower = written.to_ascii_lowercase();
    let mut name = ["a ", "an ", "the "]
        .iter()
        .find_map(|a| lower.strip_prefix(a))
        .unwrap_or(&lower)
        .to_string();
    if let Some(at) = name.find("vortices") {
        name.replace_range(at + 4..at + 8, "ex");
    } else if name.len() > 3 && name.ends_with("ies") && !name.ends_with("zombies") {
        name.truncate(name.len() - 3);
        name.push('y');
    } else if name.len() > 3 && name.ends_with("ves") {
        name.truncate(name.len() - 3);
        name.push('f');
    }
    let whole_word = |rest: &str| rest.is_empty() || rest.starts_with([' ', '\'']);
    if let Some(alias) = of_kind("monster-alias").find(|n| {
        name.strip_prefix(&n.name.to_ascii_lowercase())
            .is_some_and(whole_word)
    }) {
        return Some(alias);
    }
    // What may follow a name: nothing, another word, a plural or a possessive.
    let ending = |rest: &str| {
        rest.is_empty()
            || rest.starts_with(' ')
            || ["s", "'", "'s", "es"].iter().any(|e| {
                rest.strip_prefix(e)
                    .is_some_and(|r| r.is_empty() || r.starts_with(' '))
            })
    };
    NAMES
        .iter()
        .filter(|n| n.kind == "monster" || n.kind == "monster-alias")
        .filter(|n| {
            name.strip_prefix(&n.name.to_ascii_lowercase())
                .is_some_and(ending)
        })
        .max_by_key(|n| n.name.len())
}

/// What `find_objtype` finds: a class given by `class=` or a prefix
/// (`"wand of "`) narrows the names; a description matches in any class.
pub fn object(written: &str, class: Option<char>) -> Option<&'static Name> {
    let (prefix, name) = split_prefix(written);
    let class = prefix.map(|(_, c)| c).or(class);
    NAMES
        .iter()
        .find(|n| {
            n.kind == "object"
                && class.is_none_or(|c| c == n.class)
                && n.name.eq_ignore_ascii_case(name)
        })
        .or_else(|| find("object-description", name))
}

/// A class prefix `find_objtype` strips (`"wand of "`: its length and
/// class) and the name after it.
pub fn split_prefix(written: &str) -> (Option<(usize, char)>, &str) {
    if written.contains(" of ") {
        for (prefix, symbol) in PREFIXES {
            if written.len() > prefix.len()
                && written.is_char_boundary(prefix.len())
                && written[..prefix.len()].eq_ignore_ascii_case(prefix)
            {
                return (Some((prefix.len(), *symbol)), &written[prefix.len()..]);
            }
        }
    }
    (None, written)
}

/// The prefixes `find_objtype` strips, and the class each names.
const PREFIXES: &[(&str, char)] = &[
    ("ring of ", '='),
    ("potion of ", '!'),
    ("scroll of ", '?'),
    ("spellbook of ", '+'),
    ("wand of ", '/'),
];

pub fn trap(written: &str) -> Option<&'static Name> {
    find("trap", written)
}

/// A monster class symbol the game takes, and whether any monster has it.
pub fn monster_class(symbol: char) -> Option<&'static Name> {
    of_kind("monster-class").find(|n| n.class == symbol)
}

pub fn object_class(symbol: char) -> Option<&'static Name> {
    of_kind("object-class").find(|n| n.class == symbol)
}

/// The nearest name of those kinds, as written in the table.
pub fn closest(
    written: &str,
    candidates: impl Iterator<Item = &'static Name>,
) -> Option<&'static str> {
    let names: Vec<&'static str> = candidates.map(|n| n.name).collect();
    let lower: Vec<String> = names.iter().map(|n| n.to_ascii_lowercase()).collect();
    let near = crate::formats::closest(written, lower.iter().map(String::as_str))?;
    names.into_iter().find(|n| n.eq_ignore_ascii_case(near))
}

#[cfg(test)]
mod tests;
