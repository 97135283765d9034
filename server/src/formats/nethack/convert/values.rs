//! Values: coordinates, regions, registers and `$variables` (0-based in the
//! `.des`, 1-based Lua tables), dice, selections and expressions.

use super::emit::{quote, variable_name};
use super::Converter;
use crate::formats::nethack::names::{self, NameKind};
use crate::formats::nethack::syntax::{Value, ValueKind};

/// Where a statement puts its thing.
#[derive(Debug)]
pub enum Coord {
    /// `random`: the coordinate is left out.
    Random,
    /// `(x, y)`, as Lua expressions.
    Point(String, String),
    /// An expression that is a `{x, y}` table: `place[1]`, a rndcoord.
    Table(String),
}

impl Coord {
    /// The table fields: `x=…, y=…` or `coord=…`, none for random.
    pub fn fields(&self) -> Vec<(String, String)> {
        match self {
            Coord::Random => Vec::new(),
            Coord::Point(x, y) => vec![("x".into(), x.clone()), ("y".into(), y.clone())],
            Coord::Table(t) => vec![("coord".into(), t.clone())],
        }
    }
    /// The positional arguments after the first: `, x, y` or `, coord`.
    pub fn args(&self) -> String {
        match self {
            Coord::Random => String::new(),
            Coord::Point(x, y) => format!(", {x}, {y}"),
            Coord::Table(t) => format!(", {t}"),
        }
    }
}

/// The map characters NetHack 5.0 reads (`check_mapchr`); lev_comp turned
/// any other into stone.
pub const MAP_CHARS: &str = " #.-|+ACSH{\\K}PLZIWTFxBw";

/// A map cell as 5.0 reads it: the character, or stone.
pub fn map_char(c: char) -> char {
    if MAP_CHARS.contains(c) {
        c
    } else {
        ' '
    }
}

/// A register (`place[0]`, `align[0]`) names its Lua list as it is: the
/// lists are the converter's own locals. The grammar reads any word before
/// `[n]` as one (`not[9]` in a garbled file): that is no register, and
/// written as it is it would be no Lua either.
pub fn register_name(name: &str) -> Result<&str, String> {
    match name {
        "place" | "object" | "monster" | "align" => Ok(name),
        other => Err(format!(
            "`{other}[…]`: only place, object, monster and align are registers"
        )),
    }
}

/// Names NetHack 5.0 spells differently from 3.6 and 3.4.3 (its
/// `monsters.h` and `objects.h`): `id=` of the old name is an error.
const RENAMED: &[(NameKind, &str, &str)] = &[
    (NameKind::Monster, "aligned priest", "aligned cleric"),
    (NameKind::Object, "huge chunk of meat", "enormous meatball"),
    (NameKind::Object, "acid venom", "splash of acid venom"),
    (
        NameKind::Object,
        "blinding venom",
        "splash of blinding venom",
    ),
];

/// A monster or object name as NetHack 5.0 spells it.
pub fn name_in_5(kind: NameKind, name: &str) -> &str {
    RENAMED
        .iter()
        .find(|(k, old, _)| *k == kind && old.eq_ignore_ascii_case(name))
        .map_or(name, |(_, _, new)| new)
}

/// vanilla 3.6 writes `line (1,1),(5,5)` and `randline (1,1),(5,5), 10`:
/// the grammar ends the call after its first coordinate, so the second
/// (and randline's roughness) follow it as values of their own. Joined
/// back into the call here.
pub fn join_lines(args: &[Value]) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let v = &args[i];
        i += 1;
        let (call, keyed) = match &v.kind {
            ValueKind::Keyed { value, .. } => (&**value, true),
            _ => (v, false),
        };
        let ValueKind::Call {
            name,
            args: inner,
            name_span,
            dash,
        } = &call.kind
        else {
            out.push(v.clone());
            continue;
        };
        let wanted = match name.as_str() {
            "line" => 1,
            "randline" => 2,
            _ => 0,
        };
        let flat = inner
            .iter()
            .map(|a| a.tuple().map_or(1, <[Value]>::len))
            .sum::<usize>();
        if wanted == 0 || flat != 2 || i + wanted > args.len() {
            out.push(v.clone());
            continue;
        }
        let mut joined = inner.clone();
        joined.extend(args[i..i + wanted].iter().cloned());
        i += wanted;
        let new_call = Value {
            span: call.span.start..args[i - 1].span.end,
            kind: ValueKind::Call {
                name: name.clone(),
                name_span: name_span.clone(),
                args: joined,
                dash: dash.clone(),
            },
        };
        out.push(if keyed {
            let ValueKind::Keyed { key, key_span, .. } = &v.kind else {
                unreachable!("matched above")
            };
            Value {
                span: v.span.start..new_call.span.end,
                kind: ValueKind::Keyed {
                    key: key.clone(),
                    key_span: key_span.clone(),
                    value: Box::new(new_call),
                },
            }
        } else {
            new_call
        });
    }
    out
}

impl Converter<'_> {
    /// A value as a Lua expression: numbers, strings, characters,
    /// variables and registers (indices + 1), dice, arithmetic.
    pub fn expr(&self, v: &Value) -> Result<String, String> {
        match &v.kind {
            ValueKind::Integer(n) => Ok(n.to_string()),
            ValueKind::String(s) => Ok(quote(s)),
            ValueKind::Char(c) => Ok(quote(&c.to_string())),
            ValueKind::Dice { count, sides } => Ok(format!("d({count},{sides})")),
            ValueKind::Variable { name, index, .. } => {
                let base = variable_name(name);
                // What the parser made of a value the file leaves out.
                if name.trim_start_matches('$').is_empty() {
                    return Err("a value the .des leaves out".into());
                }
                match index {
                    None => Ok(base),
                    Some(i) => Ok(format!("{base}[{}]", self.index(i)?)),
                }
            }
            ValueKind::Register { name, index, .. } => {
                Ok(format!("{}[{}]", register_name(name)?, index + 1))
            }
            ValueKind::Binary {
                operator,
                left,
                right,
                ..
            } => {
                let op = match operator.as_str() {
                    "+" | "-" | "*" | "/" | "%" => operator.as_str(),
                    "." => "..",
                    other => return Err(format!("the operator `{other}` in a value")),
                };
                let (l, r) = (self.expr(left)?, self.expr(right)?);
                if op == "/" {
                    // lev_comp divides integers.
                    Ok(format!("({l} // {r})"))
                } else {
                    Ok(format!("({l} {op} {r})"))
                }
            }
            _ => Err(format!("{} as a value", v.describe())),
        }
    }

    /// A 0-based index as a 1-based Lua index.
    fn index(&self, i: &Value) -> Result<String, String> {
        match i.kind {
            ValueKind::Integer(n) => Ok((n + 1).to_string()),
            _ => Ok(format!("{} + 1", self.expr(i)?)),
        }
    }

    /// An integer slot that may be `random` (→ None).
    pub fn int_or_random(&self, v: &Value) -> Result<Option<String>, String> {
        if v.word() == Some("random") {
            return Ok(None);
        }
        self.expr(v).map(Some)
    }

    /// Numbers written after a NOMAP that follows a MAP: 5.0 would read
    /// them relative to that map.
    fn fixed_place_allowed(&self) -> Result<(), String> {
        if self.after_nomap {
            return Err(
                "a place in level coordinates after a MAP (5.0 reads it relative to the map)"
                    .into(),
            );
        }
        Ok(())
    }

    pub fn coord(&self, v: &Value) -> Result<Coord, String> {
        match &v.kind {
            ValueKind::Word(w) if w == "random" => Ok(Coord::Random),
            ValueKind::Tuple(parts) if parts.len() == 2 => {
                self.fixed_place_allowed()?;
                Ok(Coord::Point(self.expr(&parts[0])?, self.expr(&parts[1])?))
            }
            ValueKind::Variable { .. } | ValueKind::Register { .. } => {
                Ok(Coord::Table(self.expr(v)?))
            }
            ValueKind::Call { name, args, .. } if name == "rndcoord" => {
                let [sel] = &join_lines(args)[..] else {
                    return Err("a rndcoord of several selections".into());
                };
                // 3.6's rndcoord leaves the point in the selection: no `1`.
                Ok(Coord::Table(format!(
                    "selection.rndcoord({})",
                    self.selection(sel)?
                )))
            }
            _ => Err(format!("{} as a coordinate", v.describe())),
        }
    }

    /// `(x1,y1,x2,y2)` (map-relative) or `levregion(…)` (level
    /// coordinates): the `{…}` table and whether it is in level coordinates.
    pub fn region(&self, v: &Value) -> Result<(String, bool, bool), String> {
        let (parts, islev) = match &v.kind {
            ValueKind::Tuple(parts) => (parts, false),
            ValueKind::Call { name, args, .. } if name == "levregion" => (args, true),
            _ => return Err(format!("{} as a region", v.describe())),
        };
        if parts.len() != 4 {
            return Err("a region without four numbers".into());
        }
        if !islev {
            self.fixed_place_allowed()?;
        }
        let exprs: Vec<String> = parts
            .iter()
            .map(|p| self.expr(p))
            .collect::<Result<_, _>>()?;
        let zero = parts.iter().all(|p| p.integer() == Some(0));
        Ok((format!("{{{}}}", exprs.join(",")), islev, zero))
    }

    /// A 3.6 selection (or a coordinate taken as one) as a Lua selection.
    pub fn selection(&self, v: &Value) -> Result<String, String> {
        match &v.kind {
            // `selection.set()` alone fails in 5.0.0 ("Selection setpoint error").
            ValueKind::Word(w) if w == "random" => Ok("selection.set(selection.new())".into()),
            ValueKind::Tuple(parts) if parts.len() == 2 => {
                let (x, y) = (self.expr(&parts[0])?, self.expr(&parts[1])?);
                Ok(format!("selection.set(selection.new(), {x}, {y})"))
            }
            ValueKind::Variable { index: None, .. } => self.expr(v),
            // `(selection)`, `(randline (1,1),(5,5),7)`.
            ValueKind::Tuple(parts)
                if !matches!(parts.first().map(|p| &p.kind), Some(ValueKind::Integer(_))) =>
            {
                match join_lines(parts).as_slice() {
                    [one] => self.selection(one),
                    _ => Err("a parenthesised list as a selection".into()),
                }
            }
            ValueKind::Binary {
                operator,
                left,
                right,
                ..
            } if operator == "&" => {
                // 3.6's `&` adds the selections (SPO_SEL_ADD): a union.
                Ok(format!(
                    "({} | {})",
                    self.selection(left)?,
                    self.selection(right)?
                ))
            }
            ValueKind::Keyed { key, value, .. } if key == "selection" => self.selection(value),
            ValueKind::Call { name, args, .. } => self.selection_call(name, args),
            _ => Err(format!("{} as a selection", v.describe())),
        }
    }

    fn selection_call(&self, name: &str, args: &[Value]) -> Result<String, String> {
        self.fixed_place_allowed()?;
        let args = &join_lines(args)[..];
        let numbers = |from: &[Value]| -> Result<Vec<String>, String> {
            from.iter()
                .flat_map(|a| match &a.kind {
                    ValueKind::Tuple(parts) => parts.iter().collect::<Vec<_>>(),
                    _ => vec![a],
                })
                .map(|a| self.expr(a))
                .collect()
        };
        let all_numbers = args
            .iter()
            .all(|a| matches!(a.kind, ValueKind::Integer(_) | ValueKind::Tuple(_)));
        let count = if all_numbers { numbers(args)?.len() } else { 0 };
        match (name, args) {
            ("floodfill", _) if count == 2 => {
                Ok(format!("selection.floodfill({})", numbers(args)?.join(",")))
            }
            ("rect", _) if count == 4 => {
                Ok(format!("selection.rect({})", numbers(args)?.join(",")))
            }
            ("fillrect", _) if count == 4 => {
                Ok(format!("selection.area({})", numbers(args)?.join(",")))
            }
            ("line", _) if count == 4 => {
                Ok(format!("selection.line({})", numbers(args)?.join(",")))
            }
            ("randline", _) if count == 5 => {
                Ok(format!("selection.randline({})", numbers(args)?.join(",")))
            }
            ("grow", [sel]) => Ok(format!("selection.grow({})", self.selection(sel)?)),
            ("grow", [dirs, sel]) => match dirs.word() {
                Some(d @ ("north" | "south" | "east" | "west")) => Ok(format!(
                    "selection.grow({}, {})",
                    self.selection(sel)?,
                    quote(d)
                )),
                Some("random") => Ok(format!("selection.grow({})", self.selection(sel)?)),
                _ => Err("grow in several directions".into()),
            },
            ("filter", [what, sel]) => match &what.kind {
                ValueKind::Percent(n) => Ok(format!(
                    "selection.percentage({}, {n})",
                    self.selection(sel)?
                )),
                ValueKind::Char(c) => Ok(format!(
                    "selection.filter_mapchar({}, {})",
                    self.selection(sel)?,
                    quote(&c.to_string())
                )),
                _ => Ok(format!(
                    "({} & {})",
                    self.selection(sel)?,
                    self.selection(what)?
                )),
            },
            ("complement", [sel]) => Ok(format!("selection.negate({})", self.selection(sel)?)),
            ("circle", [centre, radius]) => Ok(format!(
                "selection.circle({}, {})",
                numbers(std::slice::from_ref(centre))?.join(","),
                self.expr(radius)?
            )),
            _ => Err(format!("the selection `{name}(…)`")),
        }
    }

    /// `lit`/`unlit`/`random` (or a 3.4.3 BOOLEAN) → 1, 0, None.
    pub fn light(&self, v: &Value) -> Result<Option<i64>, String> {
        match v.word() {
            Some("lit" | "true") => Ok(Some(1)),
            Some("unlit" | "false") => Ok(Some(0)),
            Some("random") => Ok(None),
            _ => Err(format!("{} as a light state", v.describe())),
        }
    }

    /// A terrain slot: `'c'`, or `('c', lit)` with its light.
    pub fn terrain_and_light(&self, v: &Value) -> Result<(String, Option<i64>), String> {
        match &v.kind {
            ValueKind::Tuple(parts) if parts.len() == 2 => {
                Ok((self.map_char_value(&parts[0])?, self.light(&parts[1])?))
            }
            _ => Ok((self.map_char_value(v)?, None)),
        }
    }

    /// A map character slot: `'c'` or a `$variable[i]` holding one.
    pub fn map_char_value(&self, v: &Value) -> Result<String, String> {
        match &v.kind {
            ValueKind::Char(c) => Ok(quote(&map_char(*c).to_string())),
            ValueKind::Variable { .. } => self.expr(v),
            _ => Err(format!("{} as a map character", v.describe())),
        }
    }

    /// What a MONSTER or OBJECT makes: `id=`/`class=` fields from a class
    /// (`'c'`, a register, a variable) and a name. A 1-character name is a
    /// class; a pair drops its class unless the name is ambiguous.
    pub fn what(
        &self,
        kind: NameKind,
        class: Option<&Value>,
        name: Option<&Value>,
    ) -> Result<Vec<(String, String)>, String> {
        let mut fields = Vec::new();
        let name = name.filter(|n| n.word() != Some("random"));
        let class = class.filter(|c| c.word() != Some("random"));
        match name.map(|n| &n.kind) {
            Some(ValueKind::String(s)) if s.chars().count() == 1 => {
                fields.push(("class".into(), quote(s)));
                return Ok(fields);
            }
            Some(ValueKind::String(s)) => {
                let ambiguous = kind == NameKind::Object
                    && names::classes_of_in(self.dialect, kind, s).len() > 1;
                if let (true, Some(c)) = (ambiguous, class) {
                    fields.push(("class".into(), self.expr(c)?));
                }
                fields.push(("id".into(), quote(name_in_5(kind, s))));
                return Ok(fields);
            }
            Some(ValueKind::Variable { .. }) => {
                // A `$monster`/`$object` variable of names.
                fields.push(("id".into(), self.expr(name.expect("matched"))?));
                return Ok(fields);
            }
            Some(_) => return Err(format!("{} as a name", name.expect("matched").describe())),
            None => {}
        }
        if let Some(c) = class {
            fields.push(("class".into(), self.expr(c)?));
        }
        Ok(fields)
    }
}
