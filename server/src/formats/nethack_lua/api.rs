//! The `des.*` API as NetHack 5.0.0's C bindings implement it
//! (`data/des-api.tsv`, from `specs/nethack-5.0-des-api.tsv`: function,
//! key or positional form, type, required, allowed values, source line).

pub mod names;

use std::sync::LazyLock;

/// One key of a function's table argument.
#[derive(Debug)]
pub struct Key {
    pub name: &'static str,
    /// `int`, `bool`, `string`, `option`, `coord`, `region`, `mapchar`, …
    pub kind: &'static str,
    /// Missing from a table argument → the game stops with an error.
    pub required: bool,
    /// What the bindings take, and do with it.
    pub allowed: &'static str,
    pub source: &'static str,
}

impl Key {
    /// The keys whose presence makes this one optional (`required if no
    /// fromterrain`, `required if x1..y2 absent`): the key to look for,
    /// and how to name them.
    pub fn required_unless(&self) -> Option<(&'static str, &'static str)> {
        let rule = self.allowed.strip_prefix("required if ")?;
        let rule = rule.split(';').next()?;
        match rule.strip_prefix("no ") {
            Some(other) => Some((other.trim(), other.trim())),
            None => {
                let named = rule.strip_suffix(" absent")?.trim();
                Some((named.split("..").next()?, named))
            }
        }
    }

    /// The words listed for it (`left|center|right (default none)`, after
    /// a condition such as `only without x/y:`): an `option`'s, or a
    /// string's when the table lists them (a room's type).
    pub fn words(&self) -> Vec<&'static str> {
        if !matches!(self.kind, "option" | "string") {
            return Vec::new();
        }
        let list = self.allowed.split(" (").next().unwrap_or("");
        let list = list.split(';').next().unwrap_or("");
        let list = list.rsplit(": ").next().unwrap_or(list);
        if !list.contains('|') {
            return Vec::new();
        }
        list.split('|')
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .collect()
    }
}

/// A `des.*` function.
#[derive(Debug)]
pub struct Function {
    /// Without `des.`: `monster`.
    pub name: &'static str,
    /// The argument forms besides a table, and what each does.
    pub forms: Vec<(&'static str, &'static str)>,
    pub keys: Vec<Key>,
    /// Rules about several keys together (`x and y`), as the table says them.
    pub rules: Vec<(&'static str, &'static str)>,
}

impl Function {
    pub fn key(&self, name: &str) -> Option<&Key> {
        self.keys.iter().find(|k| k.name == name)
    }
    /// The first `a|b|c` list of its positional forms (`dir = down|up
    /// (default down)`, `fountain|sink|pool|throne|tree; else …`, the level
    /// flags).
    pub fn positional_words(&self) -> Vec<&'static str> {
        self.forms
            .iter()
            .flat_map(|(_, allowed)| allowed.split_whitespace())
            .find(|w| w.contains('|'))
            .map(|list| {
                list.split('|')
                    .map(|w| w.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '-'))
                    .filter(|w| !w.is_empty())
                    .collect()
            })
            .unwrap_or_default()
    }
}

static TABLE: &str = include_str!("data/des-api.tsv");

pub static FUNCTIONS: LazyLock<Vec<Function>> = LazyLock::new(|| {
    let mut functions: Vec<Function> = Vec::new();
    for line in TABLE.lines().skip(1) {
        let cells: Vec<&'static str> = line.split('\t').collect();
        let [function, key, kind, required, allowed, source] = cells[..] else {
            continue;
        };
        let Some(name) = function.strip_prefix("des.") else {
            continue;
        };
        if functions.last().is_none_or(|f| f.name != name) {
            functions.push(Function {
                name,
                forms: Vec::new(),
                keys: Vec::new(),
                rules: Vec::new(),
            });
        }
        let f = functions.last_mut().expect("pushed above");
        if key == "(positional)" {
            f.forms.push((kind, allowed));
        } else if key
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        {
            f.keys.push(Key {
                name: key,
                kind,
                required: required == "yes",
                allowed,
                source,
            });
        } else {
            f.rules.push((key, allowed));
        }
    }
    functions
});

pub fn function(name: &str) -> Option<&'static Function> {
    FUNCTIONS.iter().find(|f| f.name == name)
}

/// The map characters `des.map` and `des.terrain` take (`check_mapchr`).
pub const MAP_CHARS: &str = " #.-|+ACSH{\\K}PLZIWTFxBw";
/// The most rows a map may have: a 23rd gives "Map data error".
pub const MAP_ROWS: usize = 22;
