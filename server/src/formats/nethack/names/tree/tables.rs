//! The game's tables read from preprocessed, tokenised C: the monster and
//! object tables of `src/monst.c` / `src/objects.c` (each entry's base macro
//! found by expanding the tree's own wrapper macros), the class numbers of
//! `include/monsym.h` / `include/objclass.h` and the class symbols of
//! `src/drawing.c`, and the string tables of `util/lev_main.c`.

use std::collections::HashMap;

use super::macros::{arguments, closing, split_commas, Expander};
use super::preprocess::{apply, number, Macros, Unit};
use super::tokens::{literal_value, Token, TokenKind};

/// The tokens between the braces of `name[...] = { ... }`, or `None`.
pub(super) fn initializer<'a>(tokens: &'a [Token], name: &str) -> Option<&'a [Token]> {
    for i in 0..tokens.len() {
        if !(tokens[i].kind == TokenKind::Ident && tokens[i].is(name)) {
            continue;
        }
        let mut j = i + 1;
        while tokens.get(j).is_some_and(|t| t.is("[")) {
            j = closing(tokens, j)?;
        }
        if !(tokens.get(j).is_some_and(|t| t.is("="))
            && tokens.get(j + 1).is_some_and(|t| t.is("{")))
        {
            continue;
        }
        let end = closing(tokens, j + 1)?;
        return Some(&tokens[j + 2..end - 1]);
    }
    None
}

/// Calls `entry` with the arguments of every call of `base` in `table`
/// (tokens of `unit`), in order, after expanding the wrapper macros around
/// them, and with the macros in force at each (for expanding its arguments).
pub(super) fn base_calls(
    unit: &Unit,
    table: &[Token],
    base: &str,
    mut entry: impl FnMut(&[Vec<Token>], &Macros),
) -> usize {
    let mut macros = unit.start.clone();
    let mut events = unit.events.iter().peekable();
    let mut count = 0;
    let kept = [base];
    let mut i = 0;
    while i < table.len() {
        let offset = table[i].offset;
        while let Some((_, event)) = events.next_if(|(at, _)| *at < offset) {
            apply(&mut macros, event);
        }
        if table[i].kind == TokenKind::Ident && table[i].is(base) {
            if let Some((args, after)) = arguments(table, i + 1) {
                entry(&args, &macros);
                count += 1;
                i = after;
                continue;
            }
        }
        if table[i].kind != TokenKind::Ident || !macros.contains_key(&table[i].text) {
            i += 1;
            continue;
        }
        let mut expanded = Vec::new();
        let next = Expander::new(&macros, &kept).expand_at(table, i, &mut expanded);
        let mut k = 0;
        while k < expanded.len() {
            if expanded[k].kind == TokenKind::Ident && expanded[k].is(base) {
                if let Some((args, after)) = arguments(&expanded, k + 1) {
                    entry(&args, &macros);
                    count += 1;
                    k = after;
                    continue;
                }
            }
            k += 1;
        }
        i = next;
    }
    count
}

/// The index of the base macro's parameter called one of `names`, else `fallback`.
pub(super) fn parameter(macros: &Macros, base: &str, names: &[&str], fallback: usize) -> usize {
    macros
        .get(base)
        .and_then(|m| m.params.as_ref())
        .and_then(|params| params.iter().position(|p| names.contains(&p.as_str())))
        .unwrap_or(fallback)
}

/// The names an argument gives, fully expanded: the string of its first
/// comma-separated part (adjacent literals joined), or, when it expands to a
/// braced list (a male/female/neutral name set), each distinct string in it.
/// Empty when it has no string (`(char *)0`, `NULL`) or only `""`.
pub(super) fn names(arg: &[Token], macros: &Macros) -> Vec<String> {
    let expanded = Expander::new(macros, &[]).expand(arg);
    let mut out: Vec<String> = Vec::new();
    if expanded.first().is_some_and(|t| t.is("{")) {
        let inner = &expanded[1..expanded.len().saturating_sub(1)];
        for part in split_commas(inner) {
            let name = joined_string(part);
            if !name.is_empty() && !out.contains(&name) {
                out.push(name);
            }
        }
    } else if let Some(first) = split_commas(&expanded).first() {
        let name = joined_string(first);
        if !name.is_empty() {
            out.push(name);
        }
    }
    out
}

fn joined_string(tokens: &[Token]) -> String {
    tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Str)
        .map(|t| literal_value(&t.text))
        .collect()
}

/// Class numbers and symbols: `S_*` (monsters) or `*_CLASS` (objects) names
/// with their numbers, and the symbol of each number.
#[derive(Default)]
pub(super) struct Classes {
    /// Names in the order they are numbered (first name of a number first).
    pub names: Vec<(String, i64)>,
    pub symbols: HashMap<i64, char>,
    /// The macro each number's symbol is written as (`DEF_ANT`).
    pub symbol_macros: HashMap<i64, String>,
}

impl Classes {
    /// The symbol an expanded class argument stands for.
    pub fn symbol(&self, arg: &[Token], macros: &Macros) -> Option<char> {
        let expanded = Expander::new(macros, &[]).expand(arg);
        let tokens: Vec<&Token> = expanded
            .iter()
            .filter(|t| !t.is("(") && !t.is(")"))
            .collect();
        let [token] = tokens.as_slice() else {
            return None;
        };
        match token.kind {
            TokenKind::Char => literal_value(&token.text).chars().next(),
            TokenKind::Number => self.symbols.get(&number(&token.text)?).copied(),
            TokenKind::Ident => {
                let value = self.names.iter().find(|(n, _)| *n == token.text)?.1;
                self.symbols.get(&value).copied()
            }
            _ => None,
        }
    }

    /// `(symbol, name)` for each class that has a symbol, in number order,
    /// each number once: the name is the symbol's macro (`DEF_ANT`) when
    /// `symbol_macro` and it has one, else the class's (first) name.
    pub fn rows(&self, symbol_macro: bool) -> Vec<(char, String)> {
        let mut by_number: Vec<&(String, i64)> = Vec::new();
        for entry in &self.names {
            if !by_number.iter().any(|(_, v)| *v == entry.1) {
                by_number.push(entry);
            }
        }
        by_number.sort_by_key(|(_, v)| *v);
        by_number
            .into_iter()
            .filter_map(|(name, v)| {
                let shown = self
                    .symbol_macros
                    .get(v)
                    .filter(|_| symbol_macro)
                    .unwrap_or(name);
                Some((*self.symbols.get(v)?, shown.clone()))
            })
            .collect()
    }
}

/// The class names a header numbers, from `#define NAME number` and from
/// enumerators, in the order found; `is_class` picks the names.
pub(super) fn class_numbers(
    unit: &Unit,
    tokens: &[Token],
    is_class: impl Fn(&str) -> bool,
) -> Vec<(String, i64)> {
    let mut found: Vec<(String, i64)> = Vec::new();
    let macros = unit.macros_at_end();
    let value_of = |name: &str, found: &[(String, i64)]| -> Option<i64> {
        found.iter().find(|(n, _)| n == name).map(|(_, v)| *v)
    };
    // Object-like macros with a number (or another class's name) as body.
    let mut defined: Vec<(usize, String)> = unit
        .events
        .iter()
        .filter_map(|(at, e)| match e {
            super::preprocess::Event::Define(name, m) if m.params.is_none() && is_class(name) => {
                Some((*at, name.clone()))
            }
            _ => None,
        })
        .collect();
    defined.dedup();
    for (_, name) in defined {
        let Some(m) = macros.get(&name) else { continue };
        let body: Vec<&Token> = m
            .body()
            .iter()
            .filter(|t| !t.is("(") && !t.is(")"))
            .collect();
        let value = match body.as_slice() {
            [t] if t.kind == TokenKind::Number => number(&t.text),
            [t] if t.kind == TokenKind::Ident => value_of(&t.text, &found),
            _ => None,
        };
        if let Some(value) = value {
            found.push((name, value));
        }
    }
    // Enumerators: `NAME` or `NAME = value`, counting on from the last.
    let mut i = 0;
    while i < tokens.len() {
        if !tokens[i].is("enum") {
            i += 1;
            continue;
        }
        let Some(open) = (i + 1..tokens.len().min(i + 3)).find(|&j| tokens[j].is("{")) else {
            i += 1;
            continue;
        };
        let Some(end) = closing(tokens, open) else {
            break;
        };
        let mut next = 0i64;
        for part in split_commas(&tokens[open + 1..end - 1]) {
            let Some(name) = part.first().filter(|t| t.kind == TokenKind::Ident) else {
                continue;
            };
            let value = match part {
                [_, eq, rest @ ..] if eq.is("=") => {
                    let rest: Vec<&Token> =
                        rest.iter().filter(|t| !t.is("(") && !t.is(")")).collect();
                    match rest.as_slice() {
                        [t] if t.kind == TokenKind::Number => number(&t.text),
                        [t] if t.kind == TokenKind::Ident => value_of(&t.text, &found),
                        _ => None,
                    }
                }
                _ => Some(next),
            };
            let Some(value) = value else { continue };
            next = value + 1;
            if is_class(&name.text) {
                found.push((name.text.clone(), value));
            }
        }
        i = end;
    }
    found
}

/// The symbols of `drawing.c`'s class table `name` (`def_monsyms`,
/// `def_oc_syms`): element `i` is class `i`'s symbol, a character or a
/// macro for one, alone or first in a braced entry.
pub(super) fn class_symbols(
    tokens: &[Token],
    name: &str,
    macros: &Macros,
) -> (HashMap<i64, char>, HashMap<i64, String>) {
    let mut symbols = HashMap::new();
    let mut symbol_macros = HashMap::new();
    let Some(table) = initializer(tokens, name) else {
        return (symbols, symbol_macros);
    };
    for (index, element) in split_commas(table).into_iter().enumerate() {
        let first = match element.first() {
            Some(t) if t.is("{") => split_commas(&element[1..element.len() - 1])
                .first()
                .copied()
                .unwrap_or(&[]),
            _ => element,
        };
        let expanded = Expander::new(macros, &[]).expand(first);
        let [token] = expanded.as_slice() else {
            continue;
        };
        if token.kind != TokenKind::Char {
            continue;
        }
        let Some(c) = literal_value(&token.text)
            .chars()
            .next()
            .filter(|c| *c != '\0')
        else {
            continue;
        };
        symbols.insert(index as i64, c);
        if let [written] = first {
            if written.kind == TokenKind::Ident {
                symbol_macros.insert(index as i64, written.text.clone());
            }
        }
    }
    (symbols, symbol_macros)
}

/// The fields of each braced row of the table `name` (`{ a, b, c }`), each
/// field its tokens.
fn braced_rows<'a>(tokens: &'a [Token], name: &str) -> Vec<Vec<&'a [Token]>> {
    let Some(table) = initializer(tokens, name) else {
        return Vec::new();
    };
    split_commas(table)
        .into_iter()
        .filter_map(|element| element.get(1..element.len().saturating_sub(1)))
        .map(split_commas)
        .collect()
}

/// `{ "name", CONSTANT }` rows of a string table (`trap_types[]`), the
/// terminator (no string) left out.
pub(super) fn string_table(tokens: &[Token], name: &str) -> Vec<(String, String)> {
    braced_rows(tokens, name)
        .into_iter()
        .filter_map(|fields| {
            let (text, constant) = (joined_string(fields.first()?), fields.get(1)?);
            let constant: String = constant.iter().map(|t| t.text.as_str()).collect();
            (!text.is_empty()).then_some((text, constant))
        })
        .collect()
}

/// UnNetHack's core values and functions, `{ FUNCTYPE, "name", "params",
/// 'r' }` rows of `core_vars[]`: `(name, "params:r")`.
pub(super) fn core_functions(tokens: &[Token], name: &str) -> Vec<(String, String)> {
    braced_rows(tokens, name)
        .into_iter()
        .filter_map(|fields| {
            let (name, params, returns) = (fields.get(1)?, fields.get(2)?, fields.get(3)?);
            let name = joined_string(name);
            let returns: String = returns
                .iter()
                .filter(|t| t.kind == TokenKind::Char)
                .map(|t| literal_value(&t.text))
                .collect();
            (!name.is_empty()).then(|| (name, format!("{}:{returns}", joined_string(params))))
        })
        .collect()
}

/// The `case 'c': … return (CONSTANT);` pairs of the function `name`.
pub(super) fn switch_returns(tokens: &[Token], name: &str) -> Vec<(char, String)> {
    // The definition: after its parameters come `{` or old-style
    // parameter declarations, never `;`, `,` or an operator.
    let Some(start) = (0..tokens.len()).find(|&i| {
        tokens[i].is(name)
            && tokens.get(i + 1).is_some_and(|t| t.is("("))
            && closing(tokens, i + 1)
                .and_then(|after| tokens.get(after))
                .is_some_and(|t| t.is("{") || t.kind == TokenKind::Ident)
    }) else {
        return Vec::new();
    };
    let Some(open) = (start..tokens.len()).find(|&i| tokens[i].is("{")) else {
        return Vec::new();
    };
    let end = closing(tokens, open).unwrap_or(tokens.len());
    let body = &tokens[open..end];
    let mut rows: Vec<(char, String)> = Vec::new();
    let mut pending: Vec<char> = Vec::new();
    let mut i = 0;
    while i < body.len() {
        let token = &body[i];
        if token.is("case") && body.get(i + 2).is_some_and(|t| t.is(":")) {
            if let Some(c) = body.get(i + 1).filter(|t| t.kind == TokenKind::Char) {
                pending.extend(literal_value(&c.text).chars().next());
            }
            i += 3;
            continue;
        }
        if token.is("default") {
            pending.clear();
        }
        if token.is("return") {
            let value: Vec<&Token> = body[i + 1..]
                .iter()
                .take_while(|t| !t.is(";"))
                .filter(|t| !t.is("(") && !t.is(")"))
                .collect();
            if let [constant] = value.as_slice() {
                for c in pending.drain(..) {
                    if !rows.iter().any(|(seen, _)| *seen == c) {
                        rows.push((c, constant.text.clone()));
                    }
                }
            }
            pending.clear();
        }
        i += 1;
    }
    rows
}
