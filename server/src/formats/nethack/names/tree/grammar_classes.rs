//! Class characters a variant's grammar accepts beside its class tables:
//! dNetHack's `util/lev_comp.y` takes `'#'` as an object class with
//! `if (check_object_char(c)||c=='#')`. The checks of lev_comp's grammar
//! actions stand on one line each, so the alternatives are read from the
//! line of each call: every character literal compared with `==` there.

/// The characters compared with `==` on the lines calling `check(`.
pub(super) fn accepted_beside(grammar: &str, check: &str) -> Vec<char> {
    let call = format!("{check}(");
    let mut found = Vec::new();
    for line in grammar.lines().filter(|l| l.contains(&call)) {
        let mut rest = line;
        while let Some(at) = rest.find("==") {
            rest = rest[at + 2..].trim_start();
            if let Some(c) = char_literal(rest) {
                if !found.contains(&c) {
                    found.push(c);
                }
            }
        }
    }
    found
}

/// The character of a literal `'x'` (or `'\''`, `'\\'`) at the start of `text`.
fn char_literal(text: &str) -> Option<char> {
    let mut chars = text.strip_prefix('\'')?.chars();
    let c = match chars.next()? {
        '\\' => chars.next()?,
        c => c,
    };
    (chars.next()? == '\'').then_some(c)
}

#[cfg(test)]
mod tests {
    use super::accepted_beside;

    #[test]
    fn reads_the_characters_a_class_check_also_accepts() {
        let grammar = "object : CHAR {\n  char c = $1;\n  if (check_object_char(c)||c=='#')\n    $$ = c;\n}\nmonster : CHAR { if (check_monster_char((char) $1)) $$ = $1; }\n";
        assert_eq!(accepted_beside(grammar, "check_object_char"), vec!['#']);
        assert_eq!(
            accepted_beside(grammar, "check_monster_char"),
            Vec::<char>::new()
        );
        assert_eq!(
            accepted_beside(
                "if (check_object_char(c) || c == '\\'' || c=='-')",
                "check_object_char"
            ),
            vec!['\'', '-']
        );
    }
}
