use super::*;

/// The code a file compiles to (blank lines dropped, each line trimmed),
/// and what was guessed, starting from `defines`.
fn compiled(text: &str, defines: &[&str]) -> (Vec<String>, Vec<String>) {
    let mut pre = Preprocessor::new(Path::new("/nonexistent"));
    let mut start = Macros::default();
    for name in defines {
        let define = format!("#define {name}\n");
        start.extend(
            pre.unit_text(
                Path::new("/nonexistent/config.h"),
                &define,
                &Macros::default(),
            )
            .macros_at_end(),
        );
    }
    let unit = pre.unit_text(Path::new("/nonexistent/src/x.c"), text, &start);
    let lines = unit
        .text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect();
    (lines, pre.guessed)
}

#[test]
fn ifdef_and_ifndef_follow_the_definitions_in_force() {
    let text = "#ifdef ON\non\n#else\nnot on\n#endif\n#ifndef OFF\nnot off\n#endif\n#undef ON\n#ifdef ON\nstill on\n#endif\n";
    assert_eq!(compiled(text, &["ON"]).0, ["on", "not off"]);
}

#[test]
fn if_expressions_are_evaluated_with_the_macros_values() {
    let text = "#define LEVEL 3\n#if LEVEL > 2 && defined(ON)\nhigh\n#elif LEVEL\nlow\n#endif\n#if 0\nnever\n#elif 1\nelif\n#else\nelse\n#endif\n#if !defined(OFF) || UNKNOWN\nshort circuit\n#endif\n";
    assert_eq!(
        compiled(text, &["ON"]),
        (
            vec!["high".into(), "elif".into(), "short circuit".into()],
            vec![]
        )
    );
}

#[test]
fn an_undecidable_condition_is_taken_and_recorded() {
    let (lines, guessed) = compiled(
        "#if STYLE > 2 /* from the Makefile */\nguessed\n#else\nother\n#endif\n",
        &[],
    );
    assert_eq!(lines, ["guessed"]);
    assert_eq!(
        guessed,
        ["src/x.c:1: #if STYLE > 2 /* from the Makefile */"]
    );
}

#[test]
fn blocks_inside_a_block_not_compiled_stay_out() {
    let text = "#if 0\n# ifdef ON\ninner\n# else\ninner else\n# endif\n#endif\nafter\n";
    assert_eq!(compiled(text, &["ON"]).0, ["after"]);
}

#[test]
fn directives_in_comments_and_continued_lines_are_read_as_the_compiler_reads_them() {
    let text = "/*\n#if 0\n*/\nkept\n//#ifdef ON\n#if defined(A) || \\\n    defined(ON)\ncontinued\n#endif\n#if 0 /* a comment that\n           goes on */\nnot compiled\n#endif\n";
    // A `#if` inside a comment is comment text, kept as it stands.
    assert_eq!(
        compiled(text, &["ON"]).0,
        ["/*", "#if 0", "*/", "kept", "//#ifdef ON", "continued"]
    );
}

#[test]
fn definitions_are_parsed_with_their_parameters_and_body() {
    let mut pre = Preprocessor::new(Path::new("/nonexistent"));
    let text = "#define OBJ(name,desc) name, \\\n    desc /* a comment */\n#define EMPTY\n";
    let macros = pre
        .unit_text(Path::new("/nonexistent/x.c"), text, &Macros::default())
        .macros_at_end();
    let obj = &macros["OBJ"];
    assert_eq!(
        obj.params.as_deref(),
        Some(&["name".to_string(), "desc".to_string()][..])
    );
    let body: Vec<&str> = obj.body().iter().map(|t| t.text.as_str()).collect();
    assert_eq!(body, ["name", ",", "desc"]);
    assert!(macros["EMPTY"].params.is_none() && macros["EMPTY"].body().is_empty());
}

#[test]
fn numbers_are_read_as_c_reads_them() {
    assert_eq!(number("0x1F"), Some(31));
    assert_eq!(number("010"), Some(8));
    assert_eq!(number("42L"), Some(42));
    assert_eq!(number("0"), Some(0));
    assert_eq!(number("1.5"), None);
}
