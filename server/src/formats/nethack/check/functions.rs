//! `FUNCTION name(…) { … }` and its calls `name(…)`. Vanilla 3.6 has both
//! in its grammar, but its lexer never makes a function name, so each is a
//! syntax error at the name; UnNetHack's lexer does (`forms.functions`),
//! and its lev_comp checks that a call follows its FUNCTION and passes what
//! the parameters take. Definitions may stand before the first level there,
//! and serve every level after them.

use crate::formats::nethack::check::report::{error, line_of};
use crate::formats::nethack::names::profiles::forms_in_force;
use crate::formats::nethack::syntax::{Document, FunctionCall, Item, Span, Value, ValueKind};
use crate::formats::Diagnostic;

/// A FUNCTION as its definition gives it.
struct Defined<'a> {
    name: &'a str,
    /// One letter a parameter, as lev_comp spells them: `i`, `s`.
    params: String,
    at: usize,
}

pub fn check(text: &str, doc: &Document, out: &mut Vec<Diagnostic>) {
    let items: Vec<&Item> = doc
        .prelude
        .iter()
        .chain(doc.levels.iter().flat_map(|l| l.items.iter()))
        .flat_map(|i| i.walk())
        .collect();
    let usable = forms_in_force().functions;
    let mut defined: Vec<Defined> = Vec::new();
    for item in items {
        match item {
            Item::Statement(s) if s.keyword == "FUNCTION" => {
                let Some((name, name_span, params)) = s.args.first().and_then(head) else {
                    continue;
                };
                if !usable {
                    out.push(no_function_names(text, name_span));
                } else if let Some(first) = defined.iter().find(|d| d.name == name) {
                    out.push(error(
                        "nethack::function-redefined",
                        name_span.clone(),
                        format!(
                            "`{name}` is already a FUNCTION (line {}); a name is defined once (lev_comp: Function '{name}' already defined once.)",
                            line_of(text, first.at)
                        ),
                    ));
                } else {
                    defined.push(Defined {
                        name,
                        params: params.iter().map(param_letter).collect(),
                        at: name_span.start,
                    });
                }
            }
            Item::Call(c) if !usable => out.push(no_function_names(text, &c.name_span)),
            Item::Call(c) => call(text, c, &defined, out),
            _ => {}
        }
    }
}

/// The name and parameters of a FUNCTION's head, read as a call.
fn head(v: &Value) -> Option<(&str, &Span, &[Value])> {
    match &v.kind {
        ValueKind::Call {
            name,
            name_span,
            args,
            ..
        } => Some((name, name_span, args)),
        _ => None,
    }
}

/// `$n: int` → `i`, `$s: str` → `s`; lev_comp wants a type for each.
fn param_letter(v: &Value) -> char {
    match &v.kind {
        ValueKind::Keyed { value, .. } => match value.word() {
            Some("int" | "integer") => 'i',
            Some("str" | "string") => 's',
            _ => '?',
        },
        _ => '?',
    }
}

fn call(text: &str, c: &FunctionCall, defined: &[Defined], out: &mut Vec<Diagnostic>) {
    let name = c.name.as_str();
    let Some(f) = defined.iter().find(|d| d.name == name) else {
        out.push(error(
            "nethack::undefined-function",
            c.name_span.clone(),
            format!("`{name}(…)` calls no FUNCTION defined above it (lev_comp: Function '{name}' not defined.)"),
        ));
        return;
    };
    let wanted = f.params.chars().count();
    if c.args.len() != wanted {
        out.push(error(
            "nethack::argument-count",
            c.span.clone(),
            format!(
                "`{name}` takes {wanted} argument{} (its FUNCTION, line {}); found {} (lev_comp: Function '{name}' requires params '{}', got another count instead.)",
                if wanted == 1 { "" } else { "s" },
                line_of(text, f.at),
                c.args.len(),
                f.params
            ),
        ));
    }
}

fn no_function_names(text: &str, name: &Span) -> Diagnostic {
    let written = text.get(name.clone()).unwrap_or("");
    error(
        "nethack::syntax-error",
        name.clone(),
        format!("unexpected `{written}`: lev_comp 3.6's lexer makes no function name, so FUNCTION and its calls cannot be used (lev_comp: syntax error at \"{written}\")"),
    )
}

#[cfg(test)]
mod tests;
