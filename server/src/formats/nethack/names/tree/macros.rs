//! Macro expansion over tokens, as the C preprocessor does it for the
//! tables: arguments are expanded before they are substituted, the result is
//! rescanned with the macro itself hidden, `#` stringizes and `##` pastes.
//! Names listed as *kept* are not expanded, so a table's base macro (`MON`,
//! `OBJECT`) stays visible with its arguments.

use super::preprocess::Macros;
use super::tokens::{Token, TokenKind};

pub(super) struct Expander<'a> {
    pub macros: &'a Macros,
    pub kept: &'a [&'a str],
    /// Names kept as `kept` is, by how they start (`AT_`: a table's
    /// constants read by name, not by value).
    kept_prefixes: &'a [&'a str],
    hidden: Vec<String>,
}

impl<'a> Expander<'a> {
    pub fn new(macros: &'a Macros, kept: &'a [&'a str]) -> Expander<'a> {
        Expander {
            macros,
            kept,
            kept_prefixes: &[],
            hidden: Vec::new(),
        }
    }

    /// Also keeps the names starting with one of `prefixes`.
    pub fn keeping_prefixes(mut self, prefixes: &'a [&'a str]) -> Expander<'a> {
        self.kept_prefixes = prefixes;
        self
    }

    /// Everything in `tokens` expanded.
    pub fn expand(&mut self, tokens: &[Token]) -> Vec<Token> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < tokens.len() {
            i = self.expand_at(tokens, i, &mut out);
        }
        out
    }

    /// Expands the token at `i` (with its arguments when it is a call of a
    /// function-like macro) into `out`; returns the index after it.
    pub fn expand_at(&mut self, tokens: &[Token], i: usize, out: &mut Vec<Token>) -> usize {
        let token = &tokens[i];
        let name = token.text.as_str();
        let kept =
            self.kept.contains(&name) || self.kept_prefixes.iter().any(|p| name.starts_with(p));
        if token.kind == TokenKind::Ident && kept {
            // A kept call keeps its arguments as written: they are split
            // before they are expanded, as for any macro call.
            let end = if tokens.get(i + 1).is_some_and(|t| t.is("(")) {
                closing(tokens, i + 1).unwrap_or(i + 1)
            } else {
                i + 1
            };
            out.extend(tokens[i..end].iter().cloned());
            return end;
        }
        let expandable = token.kind == TokenKind::Ident && !self.hidden.iter().any(|h| h == name);
        let Some(m) = self.macros.get(name).filter(|_| expandable) else {
            out.push(token.clone());
            return i + 1;
        };
        let (replacement, next) = match &m.params {
            None => (m.body().clone(), i + 1),
            Some(params) => {
                let Some((args, next)) = arguments(tokens, i + 1) else {
                    out.push(token.clone());
                    return i + 1;
                };
                (self.substitute(params, m.body(), &args), next)
            }
        };
        self.hidden.push(name.to_string());
        let at = token.offset;
        let expanded = self.expand(&replacement);
        self.hidden.pop();
        out.extend(expanded.into_iter().map(|t| Token { offset: at, ..t }));
        next
    }

    fn substitute(&mut self, params: &[String], body: &[Token], args: &[Vec<Token>]) -> Vec<Token> {
        let arg = |name: &str| -> Option<&Vec<Token>> {
            let index = if name == "__VA_ARGS__" {
                params.iter().position(|p| p == "...")
            } else {
                params.iter().position(|p| p == name)
            }?;
            args.get(index)
        };
        let mut out: Vec<Token> = Vec::new();
        let mut i = 0;
        while i < body.len() {
            let token = &body[i];
            if token.is("#") {
                if let Some(raw) = body.get(i + 1).and_then(|t| arg(&t.text)) {
                    let text: Vec<&str> = raw.iter().map(|t| t.text.as_str()).collect();
                    out.push(Token {
                        text: format!(
                            "\"{}\"",
                            text.join(" ").replace('\\', "\\\\").replace('"', "\\\"")
                        ),
                        kind: TokenKind::Str,
                        offset: token.offset,
                    });
                    i += 2;
                    continue;
                }
            }
            if token.is("##") {
                // Paste the previous token with the next one (its argument unexpanded).
                let next: Vec<Token> = match body.get(i + 1) {
                    Some(t) => arg(&t.text).cloned().unwrap_or_else(|| vec![t.clone()]),
                    None => Vec::new(),
                };
                if let (Some(last), Some(first)) = (out.last_mut(), next.first()) {
                    last.text.push_str(&first.text);
                    out.extend(next.into_iter().skip(1));
                } else {
                    out.extend(next);
                }
                i += 2;
                continue;
            }
            match arg(&token.text) {
                Some(raw) if token.kind == TokenKind::Ident => {
                    let pasted = body.get(i + 1).is_some_and(|t| t.is("##"));
                    if pasted {
                        out.extend(raw.iter().cloned());
                    } else {
                        let expanded = self.expand(raw);
                        out.extend(expanded);
                    }
                }
                _ => out.push(token.clone()),
            }
            i += 1;
        }
        out
    }
}

/// The arguments of a call whose `(` is at `open`: each argument's tokens
/// (split at commas outside brackets), and the index after the `)`.
pub(super) fn arguments(tokens: &[Token], open: usize) -> Option<(Vec<Vec<Token>>, usize)> {
    if !tokens.get(open)?.is("(") {
        return None;
    }
    let mut args = vec![Vec::new()];
    let mut depth = 0usize;
    for (i, token) in tokens.iter().enumerate().skip(open + 1) {
        match token.text.as_str() {
            "(" | "[" | "{" => depth += 1,
            ")" if depth == 0 => {
                if args.len() == 1 && args[0].is_empty() {
                    args.clear();
                }
                return Some((args, i + 1));
            }
            ")" | "]" | "}" => depth = depth.saturating_sub(1),
            "," if depth == 0 => {
                args.push(Vec::new());
                continue;
            }
            _ => {}
        }
        args.last_mut()
            .expect("never empty here")
            .push(token.clone());
    }
    None
}

/// Splits a token list at commas outside brackets.
pub(super) fn split_commas(tokens: &[Token]) -> Vec<&[Token]> {
    let mut parts = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, token) in tokens.iter().enumerate() {
        match token.text.as_str() {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => depth = depth.saturating_sub(1),
            "," if depth == 0 => {
                parts.push(&tokens[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < tokens.len() {
        parts.push(&tokens[start..]);
    }
    parts
}

/// The index after the bracket that closes the one at `open`.
pub(super) fn closing(tokens: &[Token], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, token) in tokens.iter().enumerate().skip(open) {
        match token.text.as_str() {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests;
