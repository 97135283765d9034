//! 3.6 `$variables`: who defines and uses each one, and its type.
//!
//! lev_comp 3.6 forgets every variable at the end of a level (a `$a` set in
//! one `MAZE:` is a syntax error in the next), so there is one [`Scope`] per
//! level. A variable's type is fixed by its first assignment; the lexer
//! turns every later `$name` into a token of that type, which is why using
//! it before the assignment, or where another type is expected, is a
//! syntax error at the variable.

use std::ops::Range;

use crate::formats::nethack::syntax::{Document, Item, Level, Statement, Value, ValueKind};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VarType {
    Integer,
    String,
    Coord,
    Region,
    Selection,
    MapChar,
    Monster,
    Object,
    Array(Box<VarType>),
    Unknown,
}

impl VarType {
    /// "integer", "array of coordinates", as messages say it.
    pub fn describe(&self) -> String {
        match self {
            VarType::Integer => "integer".into(),
            VarType::String => "string".into(),
            VarType::Coord => "coordinate".into(),
            VarType::Region => "region".into(),
            VarType::Selection => "selection".into(),
            VarType::MapChar => "map character".into(),
            VarType::Monster => "monster".into(),
            VarType::Object => "object".into(),
            VarType::Array(inner) => format!("array of {}", inner.plural()),
            VarType::Unknown => "unknown".into(),
        }
    }

    fn plural(&self) -> String {
        match self {
            VarType::Integer => "integers".into(),
            VarType::String => "strings".into(),
            VarType::Coord => "coordinates".into(),
            VarType::Region => "regions".into(),
            VarType::Selection => "selections".into(),
            VarType::MapChar => "map characters".into(),
            VarType::Monster => "monsters".into(),
            VarType::Object => "objects".into(),
            VarType::Array(_) | VarType::Unknown => self.describe(),
        }
    }

    /// The name lev_comp uses in its redefinition message ("integer array").
    pub fn lev_comp_name(&self) -> String {
        match self {
            VarType::Integer => "integer".into(),
            VarType::String => "string".into(),
            VarType::Coord => "coordinate".into(),
            VarType::Region => "region".into(),
            VarType::Selection => "selection".into(),
            VarType::MapChar => "mapchar".into(),
            VarType::Monster => "monster".into(),
            VarType::Object => "object".into(),
            VarType::Array(inner) => format!("{} array", inner.lev_comp_name()),
            VarType::Unknown => "unknown".into(),
        }
    }

    pub fn is_array(&self) -> bool {
        matches!(self, VarType::Array(_))
    }

    /// The type of `$v[i]`.
    pub fn element(&self) -> VarType {
        match self {
            VarType::Array(inner) => (**inner).clone(),
            other => other.clone(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Variable {
    /// With its `$`.
    pub name: String,
    /// Fixed by the first assignment; `Unknown` when never assigned.
    pub ty: VarType,
    /// The `$name` of each assignment (and of a FOR loop's variable).
    pub definitions: Vec<Range<usize>>,
    /// Every other `$name` (indexed or not), in file order.
    pub uses: Vec<Range<usize>>,
    /// The value of the first assignment (a FOR loop's start value).
    pub first_value: Option<Range<usize>>,
}

impl Variable {
    /// Where the variable starts to exist: after the first assignment's
    /// value (so `$a = $a` uses `$a` before it exists).
    pub fn defined_from(&self) -> Option<usize> {
        let def = self.definitions.first()?;
        Some(
            self.first_value
                .as_ref()
                .map_or(def.end, |v| v.end.max(def.end)),
        )
    }

    /// A use that lev_comp reads before the variable exists.
    pub fn is_undefined_at(&self, offset: usize) -> bool {
        self.defined_from().is_none_or(|from| offset < from)
    }
}

/// The variables of one level, in order of first appearance.
#[derive(Clone, Debug)]
pub struct Scope {
    pub span: Range<usize>,
    pub variables: Vec<Variable>,
}

impl Scope {
    pub fn get(&self, name: &str) -> Option<&Variable> {
        self.variables.iter().find(|v| v.name == name)
    }
}

/// One scope per level (variables do not survive a level's end).
pub fn scopes(_text: &str, doc: &Document) -> Vec<Scope> {
    doc.levels.iter().map(level_scope).collect()
}

/// The scope of one level.
pub fn level_scope(level: &Level) -> Scope {
    let mut scope = Scope {
        span: level.span.clone(),
        variables: Vec::new(),
    };
    statement_uses(&level.header, &mut scope, 0);
    for item in &level.items {
        item_vars(item, &mut scope, 0);
    }
    scope
}

/// The variable whose definition or use contains `offset` (its end included,
/// so a cursor just after `$name` finds it).
pub fn variable_at(scopes: &[Scope], offset: usize) -> Option<&Variable> {
    scopes
        .iter()
        .filter(|s| s.span.start <= offset && offset <= s.span.end)
        .flat_map(|s| s.variables.iter())
        .find(|v| {
            v.definitions
                .iter()
                .chain(v.uses.iter())
                .any(|r| r.start <= offset && offset <= r.end)
        })
}

/// Deeper nesting than any lev_comp accepts (20 levels) is not followed.
const MAX_DEPTH: usize = 64;

fn item_vars(item: &Item, scope: &mut Scope, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    match item {
        Item::Statement(s) => {
            statement_uses(s, scope, depth);
            if let Some(body) = &s.body {
                for child in &body.items {
                    item_vars(child, scope, depth + 1);
                }
            }
        }
        Item::Map(_) => {}
        Item::Call(c) => {
            for v in &c.args {
                value_uses(v, scope, depth);
            }
        }
        Item::Assignment(a) => {
            if let Some(value) = &a.value {
                value_uses(value, scope, depth);
            }
            if let ValueKind::Variable {
                name,
                name_span,
                index,
            } = &a.variable.kind
            {
                if let Some(index) = index {
                    value_uses(index, scope, depth);
                }
                let ty = a
                    .value
                    .as_ref()
                    .map_or(VarType::Unknown, |v| type_of(v, scope));
                define(scope, name, name_span, ty, a.value.as_ref());
            }
        }
        Item::For(f) => {
            if let Some(from) = &f.from {
                value_uses(from, scope, depth);
            }
            if let ValueKind::Variable {
                name, name_span, ..
            } = &f.variable.kind
            {
                define(scope, name, name_span, VarType::Integer, f.from.as_ref());
            }
            if let Some(to) = &f.to {
                value_uses(to, scope, depth);
            }
            for child in &f.body.items {
                item_vars(child, scope, depth + 1);
            }
        }
        Item::Chance(c) => {
            if let Some(cond) = &c.condition {
                value_uses(cond, scope, depth);
            }
            item_vars(&c.item, scope, depth + 1);
        }
        Item::Label(l) => {
            if let Some(v) = &l.value {
                value_uses(v, scope, depth);
            }
        }
    }
}

fn statement_uses(s: &Statement, scope: &mut Scope, depth: usize) {
    if let Some(cond) = &s.condition {
        value_uses(cond, scope, depth);
    }
    for arg in &s.args {
        value_uses(arg, scope, depth);
    }
}

fn entry<'a>(scope: &'a mut Scope, name: &str) -> &'a mut Variable {
    let i = match scope.variables.iter().position(|v| v.name == name) {
        Some(i) => i,
        None => {
            scope.variables.push(Variable {
                name: name.to_string(),
                ty: VarType::Unknown,
                definitions: Vec::new(),
                uses: Vec::new(),
                first_value: None,
            });
            scope.variables.len() - 1
        }
    };
    &mut scope.variables[i]
}

fn define(scope: &mut Scope, name: &str, span: &Range<usize>, ty: VarType, value: Option<&Value>) {
    let var = entry(scope, name);
    if var.definitions.is_empty() {
        var.ty = ty;
        var.first_value = value.map(|v| v.span.clone());
    }
    var.definitions.push(span.clone());
}

/// Records every `$name` inside a value as a use.
fn value_uses(value: &Value, scope: &mut Scope, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    let d = depth + 1;
    match &value.kind {
        ValueKind::Variable {
            name,
            name_span,
            index,
        } => {
            entry(scope, name).uses.push(name_span.clone());
            if let Some(index) = index {
                value_uses(index, scope, d);
            }
        }
        ValueKind::Tuple(vs) | ValueKind::List(vs) => {
            for v in vs {
                value_uses(v, scope, d);
            }
        }
        ValueKind::Call { args, .. } => {
            for v in args {
                value_uses(v, scope, d);
            }
        }
        ValueKind::Keyed { value, .. } => value_uses(value, scope, d),
        ValueKind::Binary { left, right, .. } => {
            value_uses(left, scope, d);
            value_uses(right, scope, d);
        }
        ValueKind::Weighted { value, .. } => value_uses(value, scope, d),
        _ => {}
    }
}

/// The type a value gives a variable it is assigned to, as far as it can be
/// told from the text (`Unknown` when not).
pub fn type_of(value: &Value, scope: &Scope) -> VarType {
    type_at(value, scope, 0)
}

fn type_at(value: &Value, scope: &Scope, depth: usize) -> VarType {
    if depth > MAX_DEPTH {
        return VarType::Unknown;
    }
    let d = depth + 1;
    match &value.kind {
        ValueKind::Integer(_) | ValueKind::Dice { .. } => VarType::Integer,
        ValueKind::String(_) => VarType::String,
        ValueKind::Tuple(vs) => match vs.len() {
            2 => VarType::Coord,
            4 => VarType::Region,
            1 => type_at(&vs[0], scope, d),
            _ => VarType::Unknown,
        },
        ValueKind::Word(w) if w == "random" => VarType::Coord,
        ValueKind::Register { name, .. } if name == "random" => VarType::Coord,
        ValueKind::Call { name, .. } if name == "rndcoord" => VarType::Coord,
        ValueKind::Variable { name, index, .. } => match scope.get(name) {
            Some(v) if !v.definitions.is_empty() => {
                if index.is_some() {
                    v.ty.element()
                } else {
                    v.ty.clone()
                }
            }
            _ => VarType::Unknown,
        },
        ValueKind::Keyed { key, value, .. } => {
            let base = match key.to_ascii_lowercase().as_str() {
                "selection" => return VarType::Selection,
                "terrain" => VarType::MapChar,
                "monster" => VarType::Monster,
                "object" | "obj" => VarType::Object,
                _ => return VarType::Unknown,
            };
            match value.kind {
                ValueKind::List(_) => VarType::Array(Box::new(base)),
                _ => base,
            }
        }
        ValueKind::List(vs) => match vs.first() {
            Some(first) => match type_at(first, scope, d) {
                VarType::Unknown => VarType::Unknown,
                t => VarType::Array(Box::new(t)),
            },
            None => VarType::Unknown,
        },
        ValueKind::Binary {
            operator,
            left,
            right,
            ..
        } => match operator.as_str() {
            "." => VarType::String,
            "+" | "*" | "/" | "%" => {
                // `+` also joins strings when both sides are strings.
                match (type_at(left, scope, d), type_at(right, scope, d)) {
                    (VarType::String, _) | (_, VarType::String) if operator == "+" => {
                        VarType::String
                    }
                    _ => VarType::Integer,
                }
            }
            _ => VarType::Unknown,
        },
        _ => VarType::Unknown,
    }
}

#[cfg(test)]
mod tests;
