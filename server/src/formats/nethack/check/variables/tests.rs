//! Fixture tests for the 3.6 variable checks; each case was run through
//! lev_comp 3.6.6 (the message it gives is in the test's comment).

use crate::formats::nethack::check::variables;
use crate::formats::nethack::syntax;
use crate::formats::nethack::tests::NETHACK;
use crate::formats::{Diagnostic, SourceFile};
use expect_test::expect;

/// The variable checks, as a pass.
fn variables(file: &SourceFile, out: &mut Vec<Diagnostic>) {
    let doc = syntax::read(file.text, file.tree);
    variables::check(file.text, &doc, out);
}

/// A MAZE level with `body` after its header.
fn maze(body: &str) -> String {
    format!("MAZE:\"t\",' '\n{body}")
}

#[test]
fn used_variables_of_every_type_are_clean() {
    NETHACK.check_pass(
        &maze(
            "$n = 5\n$s = \"hello\"\n$c = (1,1)\n$p = { (1,1), (2,2) }\n$m = monster: 'd'\n\
         $t = terrain: 'L'\n$sel = selection: rect (1,1,3,3)\nSHUFFLE: $p\nGOLD: $n, $c\n\
         MESSAGE: $s\nMONSTER: $m, $p[0]\nTERRAIN: $sel, $t\nTERRAIN: $c, 'L'\n\
         FOR $i = 1 TO 3 { GOLD: $i, (1,1) }\n$n = 6\n",
        ),
        variables,
        expect![[r#""#]],
    );
}

#[test]
fn use_before_assignment() {
    // lev_comp: line 2, pos 6: syntax error at "$a"
    NETHACK.check_pass(&maze("$place = 1\nGOLD: $plac, (1,1)\nGOLD: $a, (1,1)\n$a = 2\n"),
        variables,
        expect![[r#"
            2:1-2:7 hint nethack::unused-variable: Unused variable '$place' (lev_comp -v warns about it).
            3:7-3:12 error nethack::undefined-variable: `$plac` is used before any assignment in this level: lev_comp 3.6 says syntax error at "$plac". Did you mean `$place`?
                fix: Change to `$place` → `GOLD: $place, (1,1)`
            4:7-4:9 error nethack::undefined-variable: `$a` is used before any assignment in this level (it is assigned only later): lev_comp 3.6 says syntax error at "$a".
        "#]],
    );
}

#[test]
fn variables_do_not_survive_the_level() {
    // lev_comp: line 5, pos 6: syntax error at "$a"
    NETHACK.check_pass(&maze("$a = 5\nGOLD: $a,(1,1)\nMAZE:\"u\",' '\nGOLD: $a,(1,1)\n"),
        variables,
        expect![[r#"
            5:7-5:9 error nethack::undefined-variable: `$a` is used before any assignment in this level: lev_comp 3.6 says syntax error at "$a".
        "#]],
    );
}

#[test]
fn assignment_from_itself_uses_it_first() {
    NETHACK.check_pass(&maze("$a = $a + 1\nGOLD: $a,(1,1)\n"),
        variables,
        expect![[r#"
        2:6-2:8 error nethack::undefined-variable: `$a` is used before any assignment in this level (it is assigned only later): lev_comp 3.6 says syntax error at "$a".
    "#]],
    );
}

#[test]
fn redefinition_with_another_type() {
    // lev_comp: Trying to redefine variable '$a' as string, when it is integer array.
    NETHACK.check_pass(&maze("$a = { 1, 2 }\n$a = \"x\"\n$b = 1\n$b = 2\nSHUFFLE: $a\nGOLD: $b,(1,1)\n"),
        variables,
        expect![[r#"
            3:1-3:3 error nethack::variable-redefined: Trying to redefine variable '$a' as string, when it is integer array. (A variable's type is fixed by its first assignment; use another name.)
        "#]],
    );
}

#[test]
fn shuffle_and_index_need_arrays() {
    // lev_comp: syntax error at "$a" (SHUFFLE), syntax error at "[" (index)
    NETHACK.check_pass(&maze("$a = 5\nSHUFFLE: $a\nGOLD: $a[0], (1,1)\n"),
        variables,
        expect![[r#"
            3:10-3:12 error nethack::shuffle-not-array: SHUFFLE takes an array variable; `$a` is an integer: lev_comp 3.6 says syntax error at "$a".
            4:9-4:12 error nethack::index-not-array: `$a` is an integer, not an array, so it cannot be indexed: lev_comp 3.6 says syntax error at "[".
        "#]],
    );
}

#[test]
fn a_variable_of_the_wrong_type() {
    // lev_comp: syntax error at "$a" for both
    NETHACK.check_pass(&maze("$a = \"jackal\"\nMONSTER: $a, (1,1)\n$l = { 5 }\nGOLD: $l, (1,1)\n"),
        variables,
        expect![[r#"
            3:10-3:12 error nethack::variable-type: MONSTER wants monster here, and `$a` is a string: lev_comp 3.6 says syntax error.
            5:7-5:9 error nethack::variable-type: GOLD wants integer here, and `$l` is an array of integers: lev_comp 3.6 says syntax error.
        "#]],
    );
}

#[test]
fn names_with_digits() {
    // lev_comp: line 2, pos 2: syntax error at "1"
    NETHACK.check_pass(&maze("$x1 = 5\n"),
        variables,
        expect![[r#"
        2:1-2:4 hint nethack::unused-variable: Unused variable '$x1' (lev_comp -v warns about it).
        2:3-2:4 error nethack::variable-name: Variable names are letters and `_` only: lev_comp 3.6 ends `$x1` before `1` (syntax error at "1").
    "#]],
    );
}

#[test]
fn unused_variable_is_a_hint() {
    // lev_comp -v: WARNING : Unused variable '$a'
    NETHACK.check_pass(
        &maze("$a = 5\n"),
        variables,
        expect![[r#"
        2:1-2:3 hint nethack::unused-variable: Unused variable '$a' (lev_comp -v warns about it).
    "#]],
    );
}

#[test]
fn pathological_nesting_does_not_crash() {
    let deep = "IF [1] { ".repeat(100) + &"}".repeat(100);
    NETHACK.check_pass(&maze(&format!("{deep}\n$q = $q\n")),
        variables,
        expect![[r#"
        3:6-3:8 error nethack::undefined-variable: `$q` is used before any assignment in this level (it is assigned only later): lev_comp 3.6 says syntax error at "$q".
    "#]],
    );
}

#[test]
fn selections_take_a_variable_bare_by_its_type() {
    // A MiniHack user's level (`TERRAIN: fillrect $bottom_region, 'L'`) and
    // its neighbours: lev_comp 3.6.6 accepts lines 7–11 and says syntax error
    // at the variable on 12–14 (a coordinate for `fillrect`, a region for
    // `line`, a region as `randline`'s roughness).
    NETHACK.check_pass(
        &maze(
            "$r = (1,1,3,2)\n$c = (1,1)\n$d = (4,2)\n$s = selection: rect $r\n\
             TERRAIN: fillrect $r, 'L'\nTERRAIN: rect $r, 'T'\nTERRAIN: line $c, $d, 'W'\n\
             TERRAIN: randline $c, $d, 2, 'L'\nTERRAIN: floodfill $c, '.'\nTERRAIN: $s, '.'\n\
             TERRAIN: fillrect $c, 'L'\nTERRAIN: line $r, $d, 'L'\nTERRAIN: randline $c, $d, $r, 'L'\n",
        ),
        variables,
        expect![[r#"
            12:19-12:21 error nethack::variable-type: `fillrect` wants region here, and `$c` is a coordinate: lev_comp 3.6 says syntax error.
            13:15-13:17 error nethack::variable-type: `line` wants coordinate here, and `$r` is a region: lev_comp 3.6 says syntax error.
            14:27-14:29 error nethack::variable-type: TERRAIN wants integer here, and `$r` is a region: lev_comp 3.6 says syntax error.
        "#]],
    );
}
