use super::*;

use std::path::Path;

use crate::formats::nethack::names::tree::preprocess::Preprocessor;
use crate::formats::nethack::names::tree::tokens;

/// `code` expanded with the macros `defines` defines, keeping `kept`.
fn expanded(defines: &str, code: &str, kept: &[&str]) -> String {
    let mut pre = Preprocessor::new(Path::new("/nonexistent"));
    let macros = pre
        .unit_text(Path::new("/nonexistent/x.c"), defines, &Default::default())
        .macros_at_end();
    let lexed = tokens::tokens(code);
    let out = Expander::new(&macros, kept).expand(&lexed);
    out.iter()
        .map(|t| t.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn wrappers_expand_through_each_other_down_to_a_kept_macro() {
    let defines = "#define WEAPON(name,kn) OBJECT(OBJ(name,0), kn, WEAPON_CLASS)\n#define BULLET(name) WEAPON(name, 1)\n";
    assert_eq!(
        expanded(defines, "BULLET(\"bullet\")", &["OBJECT"]),
        "OBJECT ( OBJ ( \"bullet\" , 0 ) , 1 , WEAPON_CLASS )"
    );
}

#[test]
fn arguments_are_expanded_before_substitution_and_a_kept_calls_are_not() {
    let defines = "#define OBJ(name,desc) name, desc\n#define None (char *) 0\n";
    assert_eq!(
        expanded(defines, "f(OBJ(\"a\", None))", &[]),
        "f ( \"a\" , ( char * ) 0 )"
    );
    assert_eq!(
        expanded(defines, "OBJECT(OBJ(\"a\", None))", &["OBJECT"]),
        "OBJECT ( OBJ ( \"a\" , None ) )"
    );
}

#[test]
fn stringizing_and_pasting_work_as_in_c() {
    let defines = "#define NAME(x) \"spellbook of \" #x\n#define CLASS(x) x ## _CLASS\n";
    assert_eq!(
        expanded(defines, "NAME(dig) CLASS(SPBOOK)", &[]),
        "\"spellbook of \" \"dig\" SPBOOK_CLASS"
    );
}

#[test]
fn a_macro_is_not_expanded_inside_its_own_expansion() {
    let defines = "#define loop loop + 1\n#define a b\n#define b a\n";
    assert_eq!(expanded(defines, "loop a", &[]), "loop + 1 a");
}

#[test]
fn a_function_like_macro_without_arguments_is_a_plain_name() {
    assert_eq!(expanded("#define F(x) x\n", "F + 1", &[]), "F + 1");
}
