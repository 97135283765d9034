//! Which level scripts NetHack 5.0 loads for a `dungeon.lua` (`dungeon.c`,
//! `mklev.c` `makelevel`, `mkmaze.c` `makemaz`): a level's name `n` loads
//! `n.lua`, one of `n-1.lua` … `n-k.lua` with `nlevels = k`; a name that
//! starts with `x-` is the Quest's, its `x` replaced by the hero's role's
//! file code (`Arc-strt.lua`); a dungeon's other levels come from its
//! `protofile` (`<p><n>.lua`), else its `lvlfill`, else (in "The Quest")
//! `<Role>-fila.lua` above the locate level and `<Role>-filb.lua` below it.
//! The Rogue level is made by code, and the Elemental Planes' "dummy" only
//! gives the Plane of Earth its depth: neither has a script.

use super::model::{Dungeon, Dungeons};
use super::vocabulary::ROLES;
use std::ops::Range;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    Level,
    /// Variant `n` of an `nlevels = count`.
    Variant {
        base: String,
        count: i64,
    },
    /// A quest level's file for one role.
    Quest {
        written: String,
    },
    /// The Quest's filler levels, for one role.
    QuestFiller,
    /// A dungeon's `lvlfill`.
    Fill,
}

/// A script the game loads (its name without `.lua`), and the name in the
/// description it is loaded for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Load {
    pub file: String,
    pub at: Range<usize>,
    pub why: Why,
}

/// Why a level of the description has no script, if it has none.
pub fn made_by_code(name: &str) -> Option<&'static str> {
    match name {
        "rogue" => {
            Some("the Rogue level is made by code (its rooms in a 3×3 grid), from no script")
        }
        "dummy" => {
            Some("\"dummy\" only gives the Plane of Earth its depth; the game never makes it")
        }
        _ => None,
    }
}

/// The scripts one dungeon's levels and fillers load.
pub fn of_dungeon(d: &Dungeon) -> Vec<Load> {
    let mut found = Vec::new();
    for level in &d.levels {
        let name = &level.name.text;
        if made_by_code(name).is_some() {
            continue;
        }
        let at = level.name.range.clone();
        let stems: Vec<(String, Why)> = match name.strip_prefix("x-") {
            Some(rest) => ROLES
                .iter()
                .map(|role| {
                    (
                        format!("{role}-{rest}"),
                        Why::Quest {
                            written: name.clone(),
                        },
                    )
                })
                .collect(),
            None => vec![(name.clone(), Why::Level)],
        };
        for (stem, why) in stems {
            if level.variants > 0 {
                found.extend((1..=level.variants).map(|n| Load {
                    file: format!("{stem}-{n}"),
                    at: at.clone(),
                    why: Why::Variant {
                        base: stem.clone(),
                        count: level.variants,
                    },
                }));
            } else {
                found.push(Load {
                    file: stem,
                    at: at.clone(),
                    why,
                });
            }
        }
    }
    if d.protofile.as_ref().is_some_and(|p| !p.text.is_empty()) {
        // Which of its levels the prototype makes depends on where the
        // special levels fall: no load is sure.
        return found;
    }
    match &d.lvlfill {
        Some(fill) if !fill.text.is_empty() => found.push(Load {
            file: fill.text.clone(),
            at: fill.range.clone(),
            why: Why::Fill,
        }),
        _ if d.name.text == "The Quest" => {
            for role in ROLES {
                for side in ["fila", "filb"] {
                    found.push(Load {
                        file: format!("{role}-{side}"),
                        at: d.name.range.clone(),
                        why: Why::QuestFiller,
                    });
                }
            }
        }
        _ => {}
    }
    found
}

/// Every script the description loads.
pub fn loads(described: &Dungeons) -> Vec<Load> {
    described.dungeons.iter().flat_map(of_dungeon).collect()
}

/// Is `stem` a script a dungeon's `protofile` names: `<p>`, `<p><n>`, each
/// maybe with `-<k>`, for a level number `n` the dungeon may have?
pub fn by_protofile(described: &Dungeons, stem: &str) -> bool {
    described.dungeons.iter().any(|d| {
        let Some(proto) = d.protofile.as_ref().filter(|p| !p.text.is_empty()) else {
            return false;
        };
        let Some(rest) = stem.strip_prefix(proto.text.as_str()) else {
            return false;
        };
        let (number, variant) = rest.split_once('-').unwrap_or((rest, "1"));
        let variant_ok = variant.parse::<u32>().is_ok();
        match number {
            "" => variant_ok,
            n => variant_ok && n.parse::<i64>().is_ok_and(|n| n >= 1 && n <= d.most_levels),
        }
    })
}

/// What a level's name loads, as hover says it.
pub fn describe(d: &Dungeon, name: &str) -> String {
    if let Some(why) = made_by_code(name) {
        return format!("no script: {why}");
    }
    let Some(level) = d.levels.iter().find(|l| l.name.text == name) else {
        return String::new();
    };
    let stem = match name.strip_prefix("x-") {
        Some(rest) => format!("<Role>-{rest}"),
        None => name.to_string(),
    };
    let what = match level.variants {
        n if n > 0 => format!("one of `{stem}-1.lua` … `{stem}-{n}.lua`, picked at random"),
        _ => format!("`{stem}.lua`"),
    };
    if name.starts_with("x-") {
        format!(
            "loads {what}, `<Role>` the hero's role's file code ({})",
            ROLES.join(", ")
        )
    } else {
        format!("loads {what}")
    }
}
