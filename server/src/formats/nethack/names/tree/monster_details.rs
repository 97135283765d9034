//! What `mons[]` says of each monster beside its name and class: its level,
//! speed, AC, magic resistance and alignment (`LVL(…)`), its attacks
//! (`A(ATTK(AT_x, AD_y, n, d), …)`) and its generation (`G_*` flags and
//! frequency), read from one `MON(…)` call as the tree writes it.
//!
//! Variants wrap these fields differently (dNetHack's `LVL` expands to
//! sixteen fields and its `A` to ten attacks; SLASH'EM writes AC as
//! `MARM(x, y)`), so the fields are found by the parameter names of the
//! macros that take them, not by their place in the expanded initializer.
//! Anything not understood is left out: the monster keeps its name.

use super::macros::{arguments, split_commas, Expander};
use super::preprocess::{number, Macros};
use super::tokens::{Token, TokenKind};

/// A monster of the table with what could be read of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DetailedMonster {
    pub class: char,
    pub name: String,
    pub details: MonsterDetails,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MonsterDetails {
    /// Level, speed, AC, MR and alignment, each a number or, when it is not
    /// a constant, as written (`DETAIL_AC(6, 7, 0)`).
    pub stats: Option<Stats>,
    /// The attacks, empty slots left out; `None` when unreadable.
    pub attacks: Option<Vec<Attack>>,
    pub generation: Option<Generation>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    pub level: String,
    pub speed: String,
    pub ac: String,
    pub mr: String,
    pub alignment: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    /// `bite`, `claw`, `passive`… (the `AT_` constant, readable).
    pub how: String,
    /// `fire`, `drain life`… (the `AD_` constant); `None` for physical.
    pub damage: Option<String>,
    /// `1d6`; `None` for `0d0`.
    pub dice: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generation {
    /// `G_FREQ`'s part: how often among its peers (0–7).
    pub frequency: i64,
    /// The `G_` flags, readable (`genocidable`, `small groups`).
    pub flags: Vec<String>,
}

impl MonsterDetails {
    fn is_empty(&self) -> bool {
        self.stats.is_none() && self.attacks.is_none() && self.generation.is_none()
    }

    /// Each known part on a line of its own: `level 5, speed 12, AC 3, MR 0,
    /// alignment -3`, `attacks: bite 1d6, claw fire 2d4`, `generation: …`.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(s) = &self.stats {
            lines.push(format!(
                "level {}, speed {}, AC {}, MR {}, alignment {}",
                s.level, s.speed, s.ac, s.mr, s.alignment
            ));
        }
        if let Some(attacks) = &self.attacks {
            let list: Vec<String> = attacks.iter().map(Attack::to_string).collect();
            let list = if list.is_empty() {
                "none".to_string()
            } else {
                list.join(", ")
            };
            lines.push(format!("attacks: {list}"));
        }
        if let Some(g) = &self.generation {
            let mut parts = vec![format!("frequency {}", g.frequency)];
            parts.extend(g.flags.iter().cloned());
            lines.push(format!("generation: {}", parts.join(", ")));
        }
        lines
    }

    /// The stats and attacks on one line (for a completion item's detail).
    pub fn summary(&self) -> String {
        let lines = self.lines();
        lines
            .into_iter()
            .filter(|l| !l.starts_with("generation:"))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

impl std::fmt::Display for Attack {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.how)?;
        for part in [&self.damage, &self.dice].into_iter().flatten() {
            write!(f, " {part}")?;
        }
        Ok(())
    }
}

/// The parameter names a level macro's fields go by, in `LVL`'s order.
const LEVEL: &[&str] = &["lvl", "lv", "l", "lev", "level", "mlevel"];
const SPEED: &[&str] = &["mov", "mv", "move", "mmove", "speed", "spd"];
const AC: &[&str] = &["ac", "a", "armor"];
const MR: &[&str] = &["mr", "m", "r", "res"];
const ALIGNMENT: &[&str] = &["aln", "al", "align", "alignment", "maligntyp"];

/// Reads the details of monsters, one `MON(…)` call at a time.
pub(super) struct Reader {
    /// The function-like macros whose parameters name a level and a speed
    /// (`LVL`, dNetHack's `LVL_NDR`…), found at the first entry.
    level_macros: Option<Vec<String>>,
}

impl Reader {
    pub fn new() -> Reader {
        Reader { level_macros: None }
    }

    /// The details of the `base` call with `args` (`MON`), or `None` when
    /// none could be read.
    pub fn read(
        &mut self,
        base: &str,
        args: &[Vec<Token>],
        macros: &Macros,
    ) -> Option<MonsterDetails> {
        let params = macros
            .get(base)
            .and_then(|m| m.params.as_deref())
            .unwrap_or(&[]);
        let arg = |names: &[&str], fallback: usize| -> Option<&Vec<Token>> {
            let at = params
                .iter()
                .position(|p| names.contains(&p.as_str()))
                .unwrap_or(fallback);
            args.get(at)
        };
        let level_macros = self
            .level_macros
            .get_or_insert_with(|| level_macros(macros));
        let kept: Vec<&str> = level_macros.iter().map(String::as_str).collect();
        // A table whose base macro takes the fields itself has no `LVL`.
        let stats = if has_any(params, LEVEL) && has_any(params, SPEED) {
            stats_by_name(params, args, macros)
        } else {
            arg(LEVEL, 2).and_then(|a| stats(a, macros, &kept))
        };
        let details = MonsterDetails {
            stats,
            attacks: arg(&["atk", "at", "attk", "attacks", "mattk"], 4)
                .and_then(|a| attacks(a, macros)),
            generation: arg(&["gen", "gn", "geno", "generation"], 3)
                .and_then(|a| generation(a, macros)),
        };
        (!details.is_empty()).then_some(details)
    }
}

fn has_any(params: &[String], names: &[&str]) -> bool {
    params.iter().any(|p| names.contains(&p.as_str()))
}

fn level_macros(macros: &Macros) -> Vec<String> {
    let mut names: Vec<String> = macros
        .iter()
        .filter(|(_, m)| {
            m.params
                .as_deref()
                .is_some_and(|p| has_any(p, LEVEL) && has_any(p, SPEED))
        })
        .map(|(name, _)| name.clone())
        .collect();
    names.sort();
    names
}

/// The stats of a level argument: a level macro's call (after expanding
/// any wrapper around it) read by its parameter names, else five
/// comma-separated values in `LVL`'s order.
fn stats(arg: &[Token], macros: &Macros, level_macros: &[&str]) -> Option<Stats> {
    let expanded = Expander::new(macros, level_macros).expand(arg);
    if let Some(first) = expanded
        .first()
        .filter(|t| level_macros.contains(&t.text.as_str()))
    {
        let params = macros.get(&first.text)?.params.as_deref()?;
        let (args, after) = arguments(&expanded, 1)?;
        if after != expanded.len() {
            return None;
        }
        return stats_by_name(params, &args, macros);
    }
    let fields = Expander::new(macros, &[]).expand(&expanded);
    let [level, speed, ac, mr, alignment] = split_commas(&fields)[..] else {
        return None;
    };
    Some(Stats {
        level: value(level, macros),
        speed: value(speed, macros),
        ac: value(ac, macros),
        mr: value(mr, macros),
        alignment: value(alignment, macros),
    })
}

fn stats_by_name(params: &[String], args: &[Vec<Token>], macros: &Macros) -> Option<Stats> {
    let field = |names: &[&str]| -> Option<String> {
        let at = params.iter().position(|p| names.contains(&p.as_str()))?;
        Some(value(args.get(at)?, macros))
    };
    Some(Stats {
        level: field(LEVEL)?,
        speed: field(SPEED)?,
        ac: field(AC)?,
        mr: field(MR)?,
        alignment: field(ALIGNMENT)?,
    })
}

/// A field's value: the number it evaluates to, else its text as written.
fn value(tokens: &[Token], macros: &Macros) -> String {
    // Most fields are a number as written: no expansion needed.
    if let Some(n) = literal(tokens) {
        return n.to_string();
    }
    let expanded = Expander::new(macros, &[]).expand(tokens);
    match evaluate(&expanded) {
        Some(n) => n.to_string(),
        None => written(tokens),
    }
}

/// The number a field written as one number (`-1` or `4`) is.
fn literal(tokens: &[Token]) -> Option<i64> {
    match tokens {
        [t] if t.kind != TokenKind::Ident => number(&t.text),
        [minus, t] if minus.is("-") && t.kind == TokenKind::Number => {
            number(&t.text)?.checked_neg()
        }
        _ => None,
    }
}

/// Tokens as C text, compactly: `DETAIL_AC(6, 7, 0)`.
fn written(tokens: &[Token]) -> String {
    let mut out = String::new();
    for t in tokens {
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        if word(out.chars().last()) && word(t.text.chars().next()) {
            out.push(' ');
        }
        out.push_str(&t.text);
        if t.is(",") {
            out.push(' ');
        }
    }
    out
}

/// An integer constant expression of `+ - * / %` and parentheses.
fn evaluate(tokens: &[Token]) -> Option<i64> {
    let mut at = 0;
    let value = sum(tokens, &mut at)?;
    (at == tokens.len()).then_some(value)
}

fn sum(tokens: &[Token], at: &mut usize) -> Option<i64> {
    let mut value = product(tokens, at)?;
    while let Some(op) = tokens.get(*at).filter(|t| t.is("+") || t.is("-")) {
        *at += 1;
        let right = product(tokens, at)?;
        value = if op.is("+") {
            value.checked_add(right)?
        } else {
            value.checked_sub(right)?
        };
    }
    Some(value)
}

fn product(tokens: &[Token], at: &mut usize) -> Option<i64> {
    let mut value = unary(tokens, at)?;
    while let Some(op) = tokens
        .get(*at)
        .filter(|t| t.is("*") || t.is("/") || t.is("%"))
    {
        *at += 1;
        let right = unary(tokens, at)?;
        value = match op.text.as_str() {
            "*" => value.checked_mul(right)?,
            "/" => value.checked_div(right)?,
            _ => value.checked_rem(right)?,
        };
    }
    Some(value)
}

fn unary(tokens: &[Token], at: &mut usize) -> Option<i64> {
    let token = tokens.get(*at)?;
    *at += 1;
    match token.text.as_str() {
        "-" => unary(tokens, at)?.checked_neg(),
        "+" => unary(tokens, at),
        "(" => {
            let value = sum(tokens, at)?;
            tokens.get(*at).filter(|t| t.is(")"))?;
            *at += 1;
            Some(value)
        }
        // tree-sitter-c lexes `-1` as one number, which `number` reads.
        _ => number(&token.text),
    }
}

/// The attacks of an attack argument: every innermost braced group of four
/// (`{AT_BITE, AD_PHYS, 1, 6}`) in its expansion, the attack and damage
/// types kept as their names.
fn attacks(arg: &[Token], macros: &Macros) -> Option<Vec<Attack>> {
    let expanded = Expander::new(macros, &[])
        .keeping_prefixes(&["AT_", "AD_"])
        .expand(arg);
    let mut groups = Vec::new();
    groups_of_four(&expanded, &mut groups);
    if groups.is_empty() {
        return None;
    }
    let mut out = Vec::new();
    for [how, damage, n, d] in groups {
        let how = constant(how, "AT_", macros)?;
        let damage = constant(damage, "AD_", macros)?;
        let (n, d) = (value(n, macros), value(d, macros));
        let dice = (n != "0" || d != "0").then(|| format!("{n}d{d}"));
        let physical = damage == "0" || damage == "AD_PHYS";
        if (how == "0" || how == "AT_NONE") && physical && dice.is_none() {
            continue; // an empty slot (`NO_ATTK`)
        }
        out.push(Attack {
            how: readable(&how, "AT_", ATTACK_NAMES),
            damage: (!physical).then(|| readable(&damage, "AD_", DAMAGE_NAMES)),
            dice,
        });
    }
    Some(out)
}

fn groups_of_four<'t>(tokens: &'t [Token], out: &mut Vec<[&'t [Token]; 4]>) {
    let inner = match tokens {
        [open, inner @ .., close] if open.is("{") && close.is("}") => inner,
        _ => tokens,
    };
    let parts = split_commas(inner);
    let braced = |p: &[Token]| p.first().is_some_and(|t| t.is("{"));
    if parts.iter().any(|p| braced(p)) {
        for part in parts.into_iter().filter(|p| braced(p)) {
            groups_of_four(part, out);
        }
    } else if inner.len() < tokens.len() {
        if let [a, b, c, d] = parts[..] {
            out.push([a, b, c, d]);
        }
    }
}

/// An attack or damage type: its `AT_`/`AD_` name, or its number.
fn constant(tokens: &[Token], prefix: &str, macros: &Macros) -> Option<String> {
    let bare: Vec<&Token> = tokens.iter().filter(|t| !t.is("(") && !t.is(")")).collect();
    match bare[..] {
        [t] if t.kind == TokenKind::Ident && t.text.starts_with(prefix) => Some(t.text.clone()),
        _ => literal(tokens)
            .or_else(|| evaluate(&Expander::new(macros, &[]).expand(tokens)))
            .map(|n| n.to_string()),
    }
}

/// The generation argument (`G_GENO|G_SGROUP|3`): its flags by name and
/// its frequency (the sum of its numbers).
fn generation(arg: &[Token], macros: &Macros) -> Option<Generation> {
    let expanded = Expander::new(macros, &[])
        .keeping_prefixes(&["G_"])
        .expand(arg);
    let bare: Vec<&Token> = expanded
        .iter()
        .filter(|t| !t.is("(") && !t.is(")"))
        .collect();
    let mut generation = Generation {
        frequency: 0,
        flags: Vec::new(),
    };
    for (i, token) in bare.iter().enumerate() {
        if i % 2 == 1 {
            if !token.is("|") {
                return None;
            }
            continue;
        }
        match token.kind {
            TokenKind::Number => generation.frequency += number(&token.text)?,
            TokenKind::Ident if token.text.starts_with("G_") => {
                generation
                    .flags
                    .push(readable(&token.text, "G_", GENERATION_NAMES))
            }
            _ => return None,
        }
    }
    (!bare.is_empty() && bare.len() % 2 == 1).then_some(generation)
}

/// A constant readably: from `names`, else without its prefix, lower-cased.
fn readable(constant: &str, prefix: &str, names: &[(&str, &str)]) -> String {
    names
        .iter()
        .find(|(c, _)| *c == constant)
        .map(|(_, n)| n.to_string())
        .unwrap_or_else(|| {
            constant
                .strip_prefix(prefix)
                .unwrap_or(constant)
                .to_lowercase()
        })
}

const ATTACK_NAMES: &[(&str, &str)] = &[
    ("0", "passive"),
    ("AT_NONE", "passive"),
    ("AT_CLAW", "claw"),
    ("AT_BITE", "bite"),
    ("AT_KICK", "kick"),
    ("AT_BUTT", "butt"),
    ("AT_TUCH", "touch"),
    ("AT_STNG", "sting"),
    ("AT_HUGS", "hug"),
    ("AT_SPIT", "spit"),
    ("AT_ENGL", "engulf"),
    ("AT_BREA", "breath"),
    ("AT_EXPL", "explosion"),
    ("AT_BOOM", "explosion on death"),
    ("AT_GAZE", "gaze"),
    ("AT_TENT", "tentacles"),
    ("AT_WEAP", "weapon"),
    ("AT_MAGC", "magic"),
];

const DAMAGE_NAMES: &[(&str, &str)] = &[
    ("AD_MAGM", "magic missile"),
    ("AD_FIRE", "fire"),
    ("AD_COLD", "cold"),
    ("AD_SLEE", "sleep"),
    ("AD_DISN", "disintegration"),
    ("AD_ELEC", "shock"),
    ("AD_DRST", "poison"),
    ("AD_ACID", "acid"),
    ("AD_BLND", "blinding"),
    ("AD_STUN", "stun"),
    ("AD_SLOW", "slowing"),
    ("AD_PLYS", "paralysis"),
    ("AD_DRLI", "level drain"),
    ("AD_DREN", "energy drain"),
    ("AD_LEGS", "leg wound"),
    ("AD_STON", "petrification"),
    ("AD_STCK", "sticky"),
    ("AD_SGLD", "gold theft"),
    ("AD_SITM", "item theft"),
    ("AD_SEDU", "seduction"),
    ("AD_TLPT", "teleport"),
    ("AD_RUST", "rust"),
    ("AD_CONF", "confusion"),
    ("AD_DGST", "digestion"),
    ("AD_HEAL", "healing"),
    ("AD_WRAP", "wrap"),
    ("AD_WERE", "lycanthropy"),
    ("AD_DRDX", "dexterity poison"),
    ("AD_DRCO", "constitution poison"),
    ("AD_DRIN", "brain eating"),
    ("AD_DISE", "disease"),
    ("AD_DCAY", "rot"),
    ("AD_SSEX", "seduction"),
    ("AD_HALU", "hallucination"),
    ("AD_DETH", "death"),
    ("AD_PEST", "pestilence"),
    ("AD_FAMN", "famine"),
    ("AD_SLIM", "sliming"),
    ("AD_ENCH", "disenchantment"),
    ("AD_CORR", "corrosion"),
    ("AD_CLRC", "clerical spell"),
    ("AD_SPEL", "spell"),
    ("AD_RBRE", "random breath"),
    ("AD_SAMU", "amulet theft"),
    ("AD_CURS", "curse"),
];

const GENERATION_NAMES: &[(&str, &str)] = &[
    ("G_UNIQ", "unique"),
    ("G_NOHELL", "not in Gehennom"),
    ("G_HELL", "only in Gehennom"),
    ("G_NOGEN", "not randomly generated"),
    ("G_SGROUP", "small groups"),
    ("G_LGROUP", "large groups"),
    ("G_GENO", "genocidable"),
    ("G_NOCORPSE", "no corpse"),
];

#[cfg(test)]
mod tests;
