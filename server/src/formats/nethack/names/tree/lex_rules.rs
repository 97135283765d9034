//! The words of a lev_comp lexer (`util/lev_comp.l`, a flex file): every rule
//! whose pattern matches only fixed words (`MAZE`, `^MAP\r?\n`, `"half-left"`,
//! `obj(ect)?`, `(NAME|name)`), with the token its action returns. Actions
//! are C: they are lexed by tree-sitter-c and expanded with the macros of the
//! file's `%{ … %}` part, so `ST_RET(MAZE_ID)` returns `MAZE_ID` because the
//! file defines `ST_RET` to `return` its argument.

use super::macros::Expander;
use super::preprocess::{Macros, Preprocessor};
use super::tokens::{self, TokenKind};

/// `(word, token)` for each word rule, in file order; when the action
/// returns no token (3.4.3's `^MAP` only switches the lexer into map mode),
/// the state it enters (`BEGIN(MAPC)`) stands for it.
pub(super) fn words(
    text: &str,
    pre: &mut Preprocessor,
    start: &Macros,
    path: &std::path::Path,
) -> Vec<(String, String)> {
    let (definitions, rules) = sections(text);
    let unit = pre.unit_text(path, &definitions, start);
    let macros = unit.macros_at_end();
    let mut out: Vec<(String, String)> = Vec::new();
    let mut waiting: Vec<String> = Vec::new(); // patterns whose action is `|` (the next one's)
    for (pattern, action) in rules {
        let action = action.trim();
        if action == "|" {
            waiting.push(pattern);
            continue;
        }
        let token = returned_token(action, &macros);
        for pattern in waiting.drain(..).chain(std::iter::once(pattern)) {
            for word in pattern_words(&pattern) {
                if !out.iter().any(|(w, _)| *w == word) {
                    out.push((word, token.clone()));
                }
            }
        }
    }
    out
}

/// The C of the `%{ … %}` blocks of the definitions section, and the rules
/// `(pattern, action)` of the rules section.
fn sections(text: &str) -> (String, Vec<(String, String)>) {
    let mut definitions = String::new();
    let mut rules = Vec::new();
    let mut part = 0; // 0 definitions, 1 rules, 2 user code
    let mut in_code = false;
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if line.starts_with("%%") {
            part += 1;
            if part == 2 {
                break;
            }
            continue;
        }
        if line.starts_with("%{") {
            in_code = true;
            continue;
        }
        if line.starts_with("%}") {
            in_code = false;
            continue;
        }
        if in_code {
            if part == 0 {
                definitions.push_str(line);
                definitions.push('\n');
            }
            continue;
        }
        if part != 1
            || line.is_empty()
            || line.starts_with(char::is_whitespace)
            || line.starts_with("/*")
        {
            continue;
        }
        let (pattern, rest) = split_pattern(line);
        let mut action = rest.to_string();
        // A braced action runs until its braces balance.
        while braces_open(&action) > 0 {
            let Some(next) = lines.next() else { break };
            action.push('\n');
            action.push_str(next);
        }
        rules.push((pattern.to_string(), action));
    }
    (definitions, rules)
}

/// The pattern (up to the first whitespace outside quotes and brackets) and the rest.
fn split_pattern(line: &str) -> (&str, &str) {
    let mut quoted = false;
    let mut bracket = false;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        if escaped {
            escaped = false;
            continue;
        }
        match c {
            '\\' => escaped = true,
            '"' if !bracket => quoted = !quoted,
            '[' if !quoted => bracket = true,
            ']' if !quoted => bracket = false,
            c if c.is_whitespace() && !quoted && !bracket => return (&line[..i], &line[i..]),
            _ => {}
        }
    }
    (line, "")
}

fn braces_open(action: &str) -> i32 {
    let mut depth = 0;
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for c in action.chars() {
        if escaped {
            escaped = false;
            continue;
        }
        match (quote, c) {
            (_, '\\') => escaped = true,
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '{') => depth += 1,
            (None, '}') => depth -= 1,
            _ => {}
        }
    }
    depth
}

/// The token an action returns: the identifier after its last `return`,
/// once its macros are expanded; for an action that returns none, the
/// lexer state it enters (`BEGIN(MAPC)`), else nothing.
fn returned_token(action: &str, macros: &Macros) -> String {
    let lexed = tokens::tokens(action);
    let expanded = Expander::new(macros, &[]).expand(&lexed);
    let mut token = String::new();
    let mut state = String::new();
    for (i, t) in expanded.iter().enumerate() {
        let next = expanded.get(i + 1).filter(|n| n.kind == TokenKind::Ident);
        if t.is("return") {
            if let Some(next) = next {
                token = next.text.clone();
            }
        }
        if t.is("BEGIN") && expanded.get(i + 1).is_some_and(|n| n.is("(")) {
            if let Some(name) = expanded.get(i + 2).filter(|n| n.kind == TokenKind::Ident) {
                state = format!("BEGIN({})", name.text);
            }
        }
    }
    if token.is_empty() {
        state
    } else {
        token
    }
}

/// The words a flex pattern matches when it matches only fixed words;
/// otherwise none. A start condition (`<MAPC>`), a leading `^` or `^[ \t]*`
/// and a trailing `\r?\n` or `$` do not change the word.
pub(super) fn pattern_words(pattern: &str) -> Vec<String> {
    let mut p = pattern;
    if p.starts_with('<') {
        match p.find('>') {
            Some(end) => p = &p[end + 1..],
            None => return Vec::new(),
        }
    }
    p = p.strip_prefix('^').unwrap_or(p);
    p = p.strip_prefix("[ \\t]*").unwrap_or(p);
    for suffix in ["\\r?\\n", "\\n", "$"] {
        p = p.strip_suffix(suffix).unwrap_or(p);
    }
    let chars: Vec<char> = p.chars().collect();
    let mut at = 0;
    let Some(words) = alternatives(&chars, &mut at) else {
        return Vec::new();
    };
    if at != chars.len() {
        return Vec::new();
    }
    words
        .into_iter()
        .filter(|w| w.chars().any(|c| c.is_alphabetic()))
        .collect()
}

/// `seq ('|' seq)*` of the word subset of flex patterns.
fn alternatives(chars: &[char], at: &mut usize) -> Option<Vec<String>> {
    let mut all = sequence(chars, at)?;
    while chars.get(*at) == Some(&'|') {
        *at += 1;
        all.extend(sequence(chars, at)?);
    }
    Some(all)
}

/// Items (a group, a quoted string, a literal or escaped character), each
/// optionally followed by `?`; at most a few dozen words, else not a word rule.
fn sequence(chars: &[char], at: &mut usize) -> Option<Vec<String>> {
    let mut words = vec![String::new()];
    while let Some(&c) = chars.get(*at) {
        let item: Vec<String> = match c {
            '|' | ')' => break,
            '(' => {
                *at += 1;
                let inner = alternatives(chars, at)?;
                if chars.get(*at) != Some(&')') {
                    return None;
                }
                *at += 1;
                inner
            }
            '"' => {
                let end = chars[*at + 1..].iter().position(|&c| c == '"')? + *at + 1;
                let text: String = chars[*at + 1..end].iter().collect();
                *at = end + 1;
                vec![text]
            }
            '\\' => {
                let escaped = *chars.get(*at + 1)?;
                if escaped.is_alphanumeric() {
                    return None; // \n, \t, \d…: not a literal word character
                }
                *at += 2;
                vec![escaped.to_string()]
            }
            c if c.is_alphanumeric() || c == '_' || c == '-' => {
                *at += 1;
                vec![c.to_string()]
            }
            _ => return None,
        };
        let optional = chars.get(*at) == Some(&'?');
        if optional {
            *at += 1;
        }
        let mut next = Vec::new();
        for word in &words {
            if optional {
                next.push(word.clone());
            }
            for piece in &item {
                next.push(format!("{word}{piece}"));
            }
        }
        if next.len() > 64 {
            return None;
        }
        words = next;
    }
    Some(words)
}

#[cfg(test)]
mod tests;
