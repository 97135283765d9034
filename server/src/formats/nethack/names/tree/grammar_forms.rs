//! The forms of a grammar's statements, read from `util/lev_comp.y`: for
//! each statement keyword, the alternatives of the rules that start with its
//! token (`spill_detail : SPILL_ID ':' coord_or_var ',' … ;`), as the symbols
//! after the token. levls checks a variant statement it has no form of its
//! own for against these (`check/forms/grammar.rs`).
//!
//! Bison's rules section is read as bison reads it, less what levls needs
//! not: comments, the `{ … }` actions (strings and characters in them
//! skipped) and `%prec` go; what is left is `name : symbols | symbols ;`.

/// `(keyword, alternatives)` for each keyword of `words` (`(word, token)`
/// of the lexer) that starts a rule: the symbols after the token, `'x'`
/// literals as written (`%empty` for none), alternatives joined by ` | `.
pub(super) fn statement_forms(grammar: &str, words: &[(String, String)]) -> Vec<(String, String)> {
    let rules = rules(grammar);
    let mut out = Vec::new();
    for (word, token) in words {
        let keyword = word.starts_with(|c: char| c.is_ascii_uppercase())
            && word.chars().all(|c| c.is_ascii_uppercase() || c == '_');
        if !keyword || !token.ends_with("_ID") {
            continue;
        }
        let mut forms: Vec<String> = Vec::new();
        for (_, alternatives) in &rules {
            for symbols in alternatives {
                if symbols.first() == Some(token) {
                    // The token alone: bison's own word for nothing more.
                    let form = match symbols.len() {
                        1 => "%empty".to_string(),
                        _ => symbols[1..].join(" "),
                    };
                    if !forms.contains(&form) {
                        forms.push(form);
                    }
                }
            }
        }
        if !forms.is_empty() && !out.iter().any(|(w, _)| w == word) {
            out.push((word.clone(), forms.join(" | ")));
        }
    }
    out
}

/// The rules of the grammar: `(name, alternatives)`, each alternative its
/// symbols in order.
fn rules(grammar: &str) -> Vec<(String, Vec<Vec<String>>)> {
    let Some(section) = grammar.split("\n%%").nth(1) else {
        return Vec::new();
    };
    let symbols = symbols(section);
    let mut rules = Vec::new();
    let mut i = 0;
    while i + 1 < symbols.len() {
        if symbols[i + 1] != ":" {
            i += 1;
            continue;
        }
        let name = symbols[i].clone();
        let mut alternatives = vec![Vec::new()];
        i += 2;
        while i < symbols.len() && symbols[i] != ";" {
            // The next rule begins without a `;` (bison allows it).
            if symbols.get(i + 1).is_some_and(|s| s == ":") {
                break;
            }
            match symbols[i].as_str() {
                "|" => alternatives.push(Vec::new()),
                s => alternatives
                    .last_mut()
                    .expect("one at least")
                    .push(s.to_string()),
            }
            i += 1;
        }
        rules.push((name, alternatives));
        if symbols.get(i).is_some_and(|s| s == ";") {
            i += 1;
        }
    }
    rules
}

/// The symbols of the rules section: names, `'x'` literals, `:`, `|`, `;`.
fn symbols(section: &str) -> Vec<String> {
    let bytes = section.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut prec = false;
    while i < bytes.len() {
        let c = bytes[i];
        if section[i..].starts_with("/*") {
            i = section[i + 2..]
                .find("*/")
                .map_or(bytes.len(), |e| i + 2 + e + 2);
        } else if section[i..].starts_with("//") {
            i = section[i..].find('\n').map_or(bytes.len(), |e| i + e);
        } else if c == b'{' {
            i = after_action(bytes, i);
        } else if c == b'\'' {
            let end = literal_end(bytes, i);
            out.push(section[i..end].to_string());
            i = end;
        } else if c == b'"' {
            i = literal_end(bytes, i);
        } else if matches!(c, b':' | b'|' | b';') {
            out.push((c as char).to_string());
            i += 1;
        } else if c == b'%' || c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            i += 1;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            let word = &section[start..i];
            // `%prec TOKEN`, `%empty`: not symbols of the form.
            if prec {
                prec = false;
            } else if word == "%prec" {
                prec = true;
            } else if !word.starts_with('%') {
                out.push(word.to_string());
            }
        } else {
            i += 1;
        }
    }
    out
}

/// Where a `'…'` or `"…"` starting at `start` ends (after its closing
/// quote; a backslash escapes one character; a line break ends it).
fn literal_end(bytes: &[u8], start: usize) -> usize {
    let quote = bytes[start];
    let mut i = start + 1;
    while i < bytes.len() && bytes[i] != quote && bytes[i] != b'\n' {
        i += if bytes[i] == b'\\' { 2 } else { 1 };
    }
    (i + 1).min(bytes.len())
}

/// Where the action `{ … }` starting at `start` ends, braces counted
/// outside its strings, characters and comments.
fn after_action(bytes: &[u8], start: usize) -> usize {
    let mut depth = 0;
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            b'"' | b'\'' => {
                i = literal_end(bytes, i);
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = bytes[i + 2..]
                    .windows(2)
                    .position(|w| w == b"*/")
                    .map_or(bytes.len(), |e| i + 2 + e + 2);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::statement_forms;

    #[test]
    fn a_keywords_forms_are_the_alternatives_its_token_starts() {
        let grammar = "%token SPILL_ID WALLWALK_ID\n%%\n\
            /* a comment { */\n\
            spill_detail : SPILL_ID ':' coord_or_var ',' mapchar_or_var\n\
              { if (x == '}') lc_error(\"{\"); }\n\
            ;\n\
            wallwalk : WALLWALK_ID ':' coord_or_var opt_spercent { a(); }\n\
                     | WALLWALK_ID ':' coord_or_var ',' mapchar_or_var %prec LOW\n\
            ;\n\
            other : INTEGER | SPILL_ID\n\
            %%\nint main() { return 0; }\n";
        let words = [
            ("SPILL".to_string(), "SPILL_ID".to_string()),
            ("WALLWALK".to_string(), "WALLWALK_ID".to_string()),
            ("lit".to_string(), "LIGHT_STATE".to_string()),
            ("GONE".to_string(), "GONE_ID".to_string()),
        ];
        assert_eq!(
            statement_forms(grammar, &words),
            vec![
                (
                    "SPILL".to_string(),
                    "':' coord_or_var ',' mapchar_or_var | %empty".to_string()
                ),
                (
                    "WALLWALK".to_string(),
                    "':' coord_or_var opt_spercent | ':' coord_or_var ',' mapchar_or_var"
                        .to_string()
                ),
            ]
        );
    }
}
