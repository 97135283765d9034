//! 3.6 `$variables` (spec B3): lev_comp's lexer gives every `$name` a token
//! of the type its first assignment fixed (or "undefined"), so a variable
//! used before it exists, where its type does not fit, shuffled or indexed
//! when it is no array, is a syntax error at the variable. Redefinition
//! with another type is lev_comp's own message; unused variables are what
//! `lev_comp -v` warns about.

use crate::formats::nethack::syntax::scope::{self, Scope, VarType, Variable};
use crate::formats::nethack::syntax::{Document, Item, Level, Statement, Value, ValueKind};
use crate::formats::{closest, Diagnostic, Edit, Severity};

/// Nesting lev_comp accepts is far shallower; deeper input is not followed.
const MAX_DEPTH: usize = 64;

pub fn check(text: &str, doc: &Document, out: &mut Vec<Diagnostic>) {
    let _ = text;
    for level in &doc.levels {
        let scope = scope::level_scope(level);
        check_level(level, &scope, out);
    }
}

fn check_level(level: &Level, scope: &Scope, out: &mut Vec<Diagnostic>) {
    for var in &scope.variables {
        // A bare `$` is the grammar's recovery from something else.
        if var.name.len() <= 1 {
            continue;
        }
        check_name(var, out);
        for use_span in &var.uses {
            if var.is_undefined_at(use_span.start) {
                out.push(undefined(var, use_span.clone(), scope));
            }
        }
        if !var.definitions.is_empty() && var.uses.is_empty() {
            out.push(Diagnostic::new(
                Severity::Hint,
                "nethack::unused-variable",
                var.definitions[0].clone(),
                format!(
                    "Unused variable '{}' (lev_comp -v warns about it).",
                    var.name
                ),
            ));
        }
    }
    for item in &level.items {
        walk(item, scope, out, 0);
    }
}

/// `$x1`: lev_comp's variable names are letters and `_` only.
fn check_name(var: &Variable, out: &mut Vec<Diagnostic>) {
    let bad = var
        .name
        .char_indices()
        .skip(1)
        .find(|(_, c)| !(c.is_ascii_alphabetic() || *c == '_'));
    if let Some((i, c)) = bad {
        for span in var.definitions.iter().chain(var.uses.iter()) {
            let at = span.start + i;
            out.push(Diagnostic::new(
                Severity::Error,
                "nethack::variable-name",
                at..span.end,
                format!(
                    "Variable names are letters and `_` only: lev_comp 3.6 ends `{}` before `{c}` (syntax error at \"{c}\").",
                    var.name
                ),
            ));
        }
    }
}

fn undefined(var: &Variable, span: std::ops::Range<usize>, scope: &Scope) -> Diagnostic {
    let defined: Vec<&str> = scope
        .variables
        .iter()
        .filter(|v| v.name != var.name && !v.is_undefined_at(span.start))
        .map(|v| v.name.as_str())
        .collect();
    let suggestion = closest(&var.name, defined.iter().copied());
    let assigned_later = !var.definitions.is_empty();
    let mut message = format!(
        "`{}` is used before any assignment in this level{}: lev_comp 3.6 says syntax error at \"{}\".",
        var.name,
        if assigned_later {
            " (it is assigned only later)"
        } else {
            ""
        },
        var.name
    );
    if let Some(s) = suggestion {
        message.push_str(&format!(" Did you mean `{s}`?"));
    }
    let mut d = Diagnostic::new(
        Severity::Error,
        "nethack::undefined-variable",
        span.clone(),
        message,
    );
    if let Some(s) = suggestion {
        d = d.with_fix(
            format!("Change to `{s}`"),
            vec![Edit {
                range: span,
                new_text: s.to_string(),
            }],
            true,
        );
    }
    d
}

fn walk(item: &Item, scope: &Scope, out: &mut Vec<Diagnostic>, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    match item {
        Item::Statement(s) => check_statement(s, scope, out),
        Item::Assignment(a) => {
            if let (
                ValueKind::Variable {
                    name, name_span, ..
                },
                Some(value),
            ) = (&a.variable.kind, &a.value)
            {
                check_redefinition(name, name_span, value, scope, out);
            }
            if let Some(value) = &a.value {
                values(value, scope, out, 0);
            }
        }
        _ => {}
    }
    if let Item::Statement(s) = item {
        if let Some(c) = &s.condition {
            values(c, scope, out, 0);
        }
    }
    for child in item.children() {
        walk(child, scope, out, depth + 1);
    }
}

fn check_redefinition(
    name: &str,
    span: &std::ops::Range<usize>,
    value: &Value,
    scope: &Scope,
    out: &mut Vec<Diagnostic>,
) {
    let Some(var) = scope.get(name) else { return };
    if var.definitions.first() == Some(span) || var.ty == VarType::Unknown {
        return;
    }
    let ty = scope::type_of(value, scope);
    if ty == VarType::Unknown || ty == var.ty {
        return;
    }
    out.push(Diagnostic::new(
        Severity::Error,
        "nethack::variable-redefined",
        span.clone(),
        format!(
            "Trying to redefine variable '{}' as {}, when it is {}. (A variable's type is fixed by its first assignment; use another name.)",
            name,
            ty.lev_comp_name(),
            var.ty.lev_comp_name()
        ),
    ));
}

/// What a statement's argument slot takes, for the slots whose type is
/// certain; `None` for any other.
fn slot(keyword: &str, index: usize) -> Option<&'static [VarType]> {
    use VarType::*;
    const COORD: &[VarType] = &[Coord];
    const SEL: &[VarType] = &[Coord, Selection];
    Some(match (keyword, index) {
        ("MONSTER", 0) => &[Monster],
        ("OBJECT" | "CONTAINER", 0) => &[Object],
        ("MONSTER" | "GOLD" | "TRAP", 1) => COORD,
        ("ENGRAVING", 0) => COORD,
        ("GOLD", 0) => &[Integer],
        ("MESSAGE", 0) => &[String],
        ("TERRAIN" | "FOUNTAIN" | "SINK" | "POOL", 0) => SEL,
        ("TERRAIN", 1) => &[MapChar],
        _ => return None,
    })
}

/// The arguments a selection call at the start of a slot takes after its
/// own: `line c, c`, `randline c, c, n` (lev_comp's `ter_selection_x`).
fn trailing_arguments(arg: &Value) -> &'static [&'static [VarType]] {
    match &arg.kind {
        ValueKind::Call { name, .. } if name == "line" => &[&[VarType::Coord]],
        ValueKind::Call { name, .. } if name == "randline" => {
            &[&[VarType::Coord], &[VarType::Integer]]
        }
        _ => &[],
    }
}

fn check_statement(s: &Statement, scope: &Scope, out: &mut Vec<Diagnostic>) {
    let keyword = s.keyword.as_str();
    // The statement's slot of each argument, or the type a selection call
    // before it wants there.
    let mut slot_index = 0;
    let mut inside_call: Vec<&'static [VarType]> = Vec::new();
    for (i, arg) in s.args.iter().enumerate() {
        values(arg, scope, out, 0);
        let accepted = if inside_call.is_empty() {
            slot_index += 1;
            inside_call.extend(trailing_arguments(arg).iter().rev());
            slot(keyword, slot_index - 1)
        } else {
            inside_call.pop()
        };
        let ValueKind::Variable {
            name,
            name_span,
            index,
        } = &arg.kind
        else {
            continue;
        };
        let Some(var) = scope.get(name) else { continue };
        if var.ty == VarType::Unknown || var.is_undefined_at(name_span.start) {
            continue;
        }
        if keyword == "SHUFFLE" && i == 0 {
            if !var.ty.is_array() {
                out.push(Diagnostic::new(
                    Severity::Error,
                    "nethack::shuffle-not-array",
                    name_span.clone(),
                    format!(
                        "SHUFFLE takes an array variable; `{}` is {}: lev_comp 3.6 says syntax error at \"{}\".",
                        name,
                        article(&var.ty),
                        name
                    ),
                ));
            }
            continue;
        }
        if index.is_some() && !var.ty.is_array() {
            continue; // reported by `values`
        }
        let ty = if index.is_some() {
            var.ty.element()
        } else {
            var.ty.clone()
        };
        if let Some(accepted) = accepted {
            if !accepted.contains(&ty) {
                let wanted: Vec<String> = accepted.iter().map(VarType::describe).collect();
                out.push(Diagnostic::new(
                    Severity::Error,
                    "nethack::variable-type",
                    arg.span.clone(),
                    format!(
                        "{keyword} wants {} here, and `{}` is {}: lev_comp 3.6 says syntax error.",
                        wanted.join(" or "),
                        name,
                        if index.is_some() {
                            format!("an element of {}", var.ty.describe())
                        } else {
                            article(&var.ty)
                        }
                    ),
                ));
            }
        }
    }
}

fn article(ty: &VarType) -> String {
    let d = ty.describe();
    if d.starts_with(['a', 'e', 'i', 'o', 'u']) {
        format!("an {d}")
    } else {
        format!("a {d}")
    }
}

/// `$v[i]` of a variable that is no array, anywhere in a value.
fn values(value: &Value, scope: &Scope, out: &mut Vec<Diagnostic>, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    let d = depth + 1;
    match &value.kind {
        ValueKind::Variable {
            name,
            name_span,
            index: Some(index),
        } => {
            if let Some(var) = scope.get(name) {
                if var.ty != VarType::Unknown
                    && !var.ty.is_array()
                    && !var.is_undefined_at(name_span.start)
                {
                    out.push(Diagnostic::new(
                        Severity::Error,
                        "nethack::index-not-array",
                        name_span.end..value.span.end,
                        format!(
                            "`{}` is {}, not an array, so it cannot be indexed: lev_comp 3.6 says syntax error at \"[\".",
                            name,
                            article(&var.ty)
                        ),
                    ));
                }
            }
            values(index, scope, out, d);
        }
        ValueKind::Call { name, args, .. } => {
            bare_call_argument(name, args, value, scope, out);
            for v in args {
                values(v, scope, out, d);
            }
        }
        ValueKind::Tuple(vs) | ValueKind::List(vs) => {
            for v in vs {
                values(v, scope, out, d);
            }
        }
        ValueKind::Keyed { value, .. } | ValueKind::Weighted { value, .. } => {
            values(value, scope, out, d)
        }
        ValueKind::Binary { left, right, .. } => {
            values(left, scope, out, d);
            values(right, scope, out, d);
        }
        _ => {}
    }
}

/// `fillrect $r`, `line $c, …`, `floodfill $c`: lev_comp reads the bare
/// variable by its type (`VARSTRING_REGION`, `VARSTRING_COORD`), so a
/// variable of another type is a syntax error.
fn bare_call_argument(
    name: &str,
    args: &[Value],
    call: &Value,
    scope: &Scope,
    out: &mut Vec<Diagnostic>,
) {
    let [arg] = args else { return };
    let ValueKind::Variable {
        name: var_name,
        name_span,
        index,
    } = &arg.kind
    else {
        return;
    };
    // Only a variable written without parentheses.
    if call.span.end != arg.span.end || index.is_some() {
        return;
    }
    let wanted = match name {
        "rect" | "fillrect" => VarType::Region,
        "line" | "randline" | "floodfill" => VarType::Coord,
        _ => return,
    };
    let Some(var) = scope.get(var_name) else {
        return;
    };
    if var.ty == VarType::Unknown || var.ty == wanted || var.is_undefined_at(name_span.start) {
        return;
    }
    out.push(Diagnostic::new(
        Severity::Error,
        "nethack::variable-type",
        arg.span.clone(),
        format!(
            "`{name}` wants {} here, and `{var_name}` is {}: lev_comp 3.6 says syntax error.",
            wanted.describe(),
            article(&var.ty)
        ),
    ));
}

#[cfg(test)]
mod tests;
