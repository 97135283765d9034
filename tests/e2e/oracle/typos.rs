//! One-name typos of a variant's level, deterministic: on a line whose
//! MONSTER, OBJECT or CONTAINER statement names its monster or object, the
//! name becomes one the variant does not have, of three kinds:
//!
//! - `vanilla-only`: a name of vanilla NetHack (the version of the variant's
//!   `.des` dialect) that the variant removed or renamed — a level ported
//!   from vanilla;
//! - `other-variant`: a name only another variant has — a level ported from
//!   a sibling;
//! - `misspelt`: the name with one letter changed;
//! - `recased`: the name with its first letter's case changed, which a
//!   3.6-style lev_comp accepts (it retries a name ignoring case) and a
//!   3.4.3-style one does not.
//!
//! Each kind prefers a name of the statement's own class. No new name of the
//! first three kinds is the variant's in any class or capitalisation, so
//! every variant's lev_comp reports it; no recased name is one exactly.

use super::mutate::Lcg;
use std::collections::HashSet;
use std::path::Path;

pub(crate) const KINDS: &[&str] = &["vanilla-only", "other-variant", "misspelt", "recased"];

/// Monsters and objects, as (class, name), from a name table of levls
/// (`kind class_char name`).
#[derive(Default)]
pub(crate) struct Names {
    monsters: Vec<(char, String)>,
    objects: Vec<(char, String)>,
}

impl Names {
    pub fn read(tsv: &Path) -> Names {
        let text =
            std::fs::read_to_string(tsv).unwrap_or_else(|e| panic!("{}: {e}", tsv.display()));
        let mut names = Names::default();
        for line in text.lines().skip(1).filter(|l| !l.is_empty()) {
            // Kind, class, name first; later columns are not needed here.
            let cells: Vec<&str> = line.split('\t').collect();
            let [kind, class, name, ..] = cells[..] else {
                panic!("{}: {line:?}", tsv.display());
            };
            let entry = (class.chars().next().unwrap(), name.to_string());
            match kind {
                "monster" => names.monsters.push(entry),
                "object" => names.objects.push(entry),
                _ => panic!("{}: {line:?}", tsv.display()),
            }
        }
        names
    }

    fn of(&self, monster: bool) -> &[(char, String)] {
        if monster {
            &self.monsters
        } else {
            &self.objects
        }
    }

    fn lowercase(&self, monster: bool) -> HashSet<String> {
        self.of(monster)
            .iter()
            .map(|(_, n)| n.to_lowercase())
            .collect()
    }
}

/// The names a variant's typos are drawn from, per kind of statement
/// (index 0: monsters, 1: objects).
pub(crate) struct Pools {
    vanilla_only: [Vec<(char, String)>; 2],
    other_variant: [Vec<(char, String)>; 2],
    /// The variant's own names and vanilla's, lowercased: no misspelling is one.
    known: [HashSet<String>; 2],
    /// The variant's own names as written: no recased name is one.
    own: [HashSet<String>; 2],
}

impl Pools {
    /// For `variant`, from `vanilla` (its dialect's table), every vanilla
    /// table (`all_vanilla`) and the other variants' tables.
    pub fn new(variant: &Names, vanilla: &Names, all_vanilla: &[Names], others: &[Names]) -> Pools {
        let pools = |monster: bool| {
            let own = variant.lowercase(monster);
            let mut anywhere_vanilla = HashSet::new();
            for v in all_vanilla {
                anywhere_vanilla.extend(v.lowercase(monster));
            }
            let vanilla_only = unique(
                vanilla
                    .of(monster)
                    .iter()
                    .filter(|(_, n)| !own.contains(&n.to_lowercase())),
            );
            let other_variant =
                unique(others.iter().flat_map(|o| o.of(monster)).filter(|(_, n)| {
                    let lower = n.to_lowercase();
                    !own.contains(&lower) && !anywhere_vanilla.contains(&lower)
                }));
            let mut known = own;
            known.extend(anywhere_vanilla);
            let exact = variant.of(monster).iter().map(|(_, n)| n.clone()).collect();
            (vanilla_only, other_variant, known, exact)
        };
        let (m, o) = (pools(true), pools(false));
        Pools {
            vanilla_only: [m.0, o.0],
            other_variant: [m.1, o.1],
            known: [m.2, o.2],
            own: [m.3, o.3],
        }
    }

    /// Whether `kind` has a name to put in a monster's (or an object's) place.
    fn can(&self, kind: &str, monster: bool) -> bool {
        let k = if monster { 0 } else { 1 };
        match kind {
            "vanilla-only" => !self.vanilla_only[k].is_empty(),
            "other-variant" => !self.other_variant[k].is_empty(),
            _ => true,
        }
    }

    /// How many names each kind draws from: (vanilla-only, other-variant)
    /// monsters and objects.
    pub fn sizes(&self) -> [(usize, usize); 2] {
        [0, 1].map(|i| (self.vanilla_only[i].len(), self.other_variant[i].len()))
    }
}

/// The first of each name (lowercased), in order.
fn unique<'a>(names: impl Iterator<Item = &'a (char, String)>) -> Vec<(char, String)> {
    let mut seen = HashSet::new();
    names
        .filter(|(_, n)| seen.insert(n.to_lowercase()))
        .cloned()
        .collect()
}

/// A monster or object name a statement gives: its line (0-based), the byte
/// range of the name inside the quotes, the class written before it.
struct Site {
    line: usize,
    start: usize,
    end: usize,
    monster: bool,
    class: Option<char>,
}

/// `MONSTER:'c',"name"` (3.4.3), `MONSTER:('c',"name")` and `MONSTER:"name"`
/// (3.6), `random` for the class, and the same for OBJECT and CONTAINER.
fn site(line_no: usize, line: &str) -> Option<Site> {
    let body = line.trim_start();
    let indent = line.len() - body.len();
    let (keyword, monster) = [("MONSTER", true), ("OBJECT", false), ("CONTAINER", false)]
        .into_iter()
        .find(|(k, _)| body.starts_with(k))?;
    let bytes = line.as_bytes();
    let mut at = indent + keyword.len();
    let skip_blanks = |mut at: usize| {
        while bytes.get(at).is_some_and(|b| *b == b' ' || *b == b'\t') {
            at += 1;
        }
        at
    };
    at = skip_blanks(at);
    if bytes.get(at) != Some(&b':') {
        return None;
    }
    at = skip_blanks(at + 1);
    if bytes.get(at) == Some(&b'(') {
        at = skip_blanks(at + 1);
    }
    let mut class = None;
    if bytes.get(at) != Some(&b'"') {
        if bytes.get(at) == Some(&b'\'') && bytes.get(at + 2) == Some(&b'\'') {
            class = Some(bytes[at + 1] as char);
            at += 3;
        } else if line[at..].starts_with("random") {
            at += "random".len();
        } else {
            return None;
        }
        at = skip_blanks(at);
        if bytes.get(at) != Some(&b',') {
            return None;
        }
        at = skip_blanks(at + 1);
        if bytes.get(at) != Some(&b'"') {
            return None;
        }
    }
    let start = at + 1;
    let end = start + line[start..].find('"')?;
    (end > start).then_some(Site {
        line: line_no,
        start,
        end,
        monster,
        class,
    })
}

/// One typo: what changed (kind, line, old → new), its line (1-based), the
/// new text.
pub(crate) struct Typo {
    pub what: String,
    pub line: u64,
    pub text: String,
}

/// Up to `count` distinct typos of `text`, the kinds in turn (so any prefix
/// has each kind once before any twice; a kind with no name for any of the
/// file's statements is left out); a smaller `count` gives a prefix of a
/// larger one's list.
pub(crate) fn typos(text: &str, count: usize, rng: &mut Lcg, pools: &Pools) -> Vec<Typo> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let sites: Vec<Site> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with('#'))
        .filter_map(|(i, l)| site(i, l))
        .collect();
    let mut out: Vec<Typo> = Vec::new();
    if sites.is_empty() {
        return out;
    }
    let kinds: Vec<&str> = KINDS
        .iter()
        .copied()
        .filter(|k| sites.iter().any(|s| pools.can(k, s.monster)))
        .collect();
    let mut seen = HashSet::new();
    for _ in 0..count * 20 {
        if out.len() == count {
            break;
        }
        let kind = kinds[out.len() % kinds.len()];
        let s = &sites[rng.below(sites.len())];
        let old = &lines[s.line][s.start..s.end];
        let Some(new) = replacement(kind, s, old, rng, pools) else {
            continue;
        };
        let mut line = lines[s.line].to_string();
        line.replace_range(s.start..s.end, &new);
        let mut new_text = String::with_capacity(text.len() + new.len());
        for (i, l) in lines.iter().enumerate() {
            new_text.push_str(if i == s.line { &line } else { l });
        }
        if !seen.insert(new_text.clone()) {
            continue;
        }
        out.push(Typo {
            what: format!(
                "name-typo {kind} line {} col {}: \"{old}\" -> \"{new}\"",
                s.line + 1,
                s.start + 1
            ),
            line: s.line as u64 + 1,
            text: new_text,
        });
    }
    out
}

/// The new name for `old` at `site`, of `kind`.
fn replacement(kind: &str, site: &Site, old: &str, rng: &mut Lcg, pools: &Pools) -> Option<String> {
    let k = if site.monster { 0 } else { 1 };
    let from_pool = |pool: &[(char, String)], rng: &mut Lcg| -> Option<String> {
        let same_class: Vec<&(char, String)> = pool
            .iter()
            .filter(|(c, _)| Some(*c) == site.class)
            .collect();
        let choice = if same_class.is_empty() {
            pool.get(rng.below(pool.len().max(1)))?
        } else {
            same_class[rng.below(same_class.len())]
        };
        Some(choice.1.clone())
    };
    match kind {
        "vanilla-only" => from_pool(&pools.vanilla_only[k], rng),
        "other-variant" => from_pool(&pools.other_variant[k], rng),
        "recased" => {
            let at = old.find(|c: char| c.is_ascii_alphabetic())?;
            let was = old.as_bytes()[at];
            let by = if was.is_ascii_uppercase() {
                was.to_ascii_lowercase()
            } else {
                was.to_ascii_uppercase()
            };
            let mut new = old.to_string();
            new.replace_range(at..at + 1, &(by as char).to_string());
            (!pools.own[k].contains(&new)).then_some(new)
        }
        _ => {
            let letters: Vec<usize> = old
                .char_indices()
                .filter(|(_, c)| c.is_ascii_alphabetic())
                .map(|(i, _)| i)
                .collect();
            let at = *letters.get(rng.below(letters.len().max(1)))?;
            let was = old.as_bytes()[at];
            let mut by = b'a' + rng.below(26) as u8;
            if by == was.to_ascii_lowercase() {
                return None;
            }
            if was.is_ascii_uppercase() {
                by = by.to_ascii_uppercase();
            }
            let mut new = old.to_string();
            new.replace_range(at..at + 1, &(by as char).to_string());
            (!pools.known[k].contains(&new.to_lowercase())).then_some(new)
        }
    }
}
