use super::*;

fn words_of(pattern: &str) -> Vec<String> {
    pattern_words(pattern)
}

#[test]
fn a_pattern_of_fixed_words_gives_its_words() {
    assert_eq!(words_of("MAZE"), ["MAZE"]);
    assert_eq!(words_of("^MAP\\r?\\n"), ["MAP"]);
    assert_eq!(words_of("<MAPC>ENDMAP"), ["ENDMAP"]);
    assert_eq!(words_of("^[ \\t]*ENDMAP"), ["ENDMAP"]);
    assert_eq!(words_of("\"half-left\""), ["half-left"]);
    assert_eq!(words_of("half-left"), ["half-left"]);
    assert_eq!(words_of("obj(ect)?"), ["obj", "object"]);
    assert_eq!(words_of("(NAME|name)"), ["NAME", "name"]);
    assert_eq!(words_of("random\\["), ["random["]);
}

#[test]
fn a_pattern_that_matches_more_than_fixed_words_gives_none() {
    for pattern in [
        "[+\\-]?[0-9]+",
        "\\\"[^\"]*\\\"",
        "'.'",
        ".",
        "^#.*\\n",
        "\\r?\\n",
        "[ \\t]+",
        ":",
    ] {
        assert_eq!(words_of(pattern), Vec::<String>::new(), "{pattern}");
    }
}

#[test]
fn rules_are_read_with_their_actions_and_shared_actions() {
    let lexer = "%{\n#define ST_RET(x) do { return x; } while (0);\n%}\n%%\nMAZE\tST_RET(MAZE_ID);\nlit |\nunlit\t{ yylval.i = 1;\n\t  return LIGHT_STATE; }\n^MAP\\r?\\n\t{ BEGIN(MAPC); }\n%%\nNOT_A_RULE\treturn NOTHING;\n";
    let mut pre = Preprocessor::new(std::path::Path::new("/nonexistent"));
    let got = words(
        lexer,
        &mut pre,
        &Macros::default(),
        std::path::Path::new("/nonexistent/util/lev_comp.l"),
    );
    let want: Vec<(String, String)> = [
        ("MAZE", "MAZE_ID"),
        ("lit", "LIGHT_STATE"),
        ("unlit", "LIGHT_STATE"),
        ("MAP", "BEGIN(MAPC)"),
    ]
    .iter()
    .map(|(w, t)| (w.to_string(), t.to_string()))
    .collect();
    assert_eq!(got, want);
}
