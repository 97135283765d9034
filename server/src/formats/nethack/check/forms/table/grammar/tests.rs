//! A variant's own statements read by its grammar's rules: UnNetHack's
//! `SPILL`, `WALLWALK`, `VAULTGEN`, `MON_GENERATION`, xNetHack's `TREE`.

use crate::formats::nethack::check::diagnostics;
use crate::formats::nethack::names::profiles::PROFILES;
use crate::formats::nethack::names::with_profile;
use crate::formats::nethack::syntax;
use crate::formats::nethack::tests::NETHACK;
use crate::formats::nethack::Dialect;
use expect_test::{expect, Expect};

fn check(profile: &str, statements: &str, expect: Expect) {
    let text = format!(
        "LEVEL:\"x\"\nROOM:\"ordinary\",random,random,random,random {{ STAIR: random, up }}\n{statements}"
    );
    NETHACK.check_pass_messages(
        &text,
        |file, out| {
            let profile = PROFILES.iter().find(|p| p.name == profile);
            with_profile(profile, || {
                let doc = syntax::read(file.text, file.tree);
                out.extend(diagnostics(file.text, &doc, Dialect::V36));
            })
        },
        expect,
    );
}

#[test]
fn unnethacks_statements_take_what_its_grammar_gives_them() {
    check(
        "unnethack",
        "SPILL: random, 'L', north, 20\nSPILL: random, 'L', north\nSPILL: (1,1), 'L', 5, 20\n\
         WALLWALK: (1,1), '.'\nWALLWALK: (1,1), '.', '-', 50%\nWALLWALK: (1,1), '.', 5\n\
         VAULTGEN: \"often\"\nMON_GENERATION: 50%, (1, 'd'), (2, 'D')\nMON_GENERATION: 50, (1, 'd')\n",
        expect![[r#"
            4:21-4:26 nethack::argument-count: `SPILL` is missing an argument: it needs an integer here (its grammar: `SPILL: coord_or_var, mapchar_or_var, DIRECTION, math_expr_var`) (lev_comp: syntax error)
            5:20-5:21 nethack::argument-kind: `5` does not fit here: `SPILL` takes a direction (north, south, east, west) here (its grammar: `SPILL: coord_or_var, mapchar_or_var, DIRECTION, math_expr_var`) (lev_comp: syntax error)
            8:23-8:24 nethack::argument-kind: `5` does not fit here: `WALLWALK` takes a chance `n%` here (its grammar: `WALLWALK: coord_or_var, mapchar_or_var opt_spercent` or `WALLWALK: coord_or_var, mapchar_or_var, mapchar_or_var opt_spercent`) (lev_comp: syntax error)
            9:11-9:18 nethack::argument-kind: `"often"` does not fit here: `VAULTGEN` takes an integer here (its grammar: `VAULTGEN: INTEGER`) (lev_comp: syntax error)
            11:17-11:19 nethack::argument-kind: `50` does not fit here: `MON_GENERATION` takes a chance `n%` here (its grammar: `MON_GENERATION: SPERCENT, mon_gen_list`) (lev_comp: syntax error)
        "#]],
    );
}

#[test]
fn xnethacks_tree_takes_a_selection_and_vanilla_has_no_tree() {
    let trees = "TREE: (1,1)\nTREE: rect (1,1,3,3)\nTREE: \"oak\"\n";
    check(
        "xnethack",
        trees,
        expect![[r#"
        5:7-5:12 nethack::argument-kind: `"oak"` does not fit here: `TREE` takes a selection here (its grammar: `TREE: ter_selection`) (lev_comp: syntax error)
    "#]],
    );
    check(
        "splicehack",
        trees,
        expect![[r#"
        3:1-3:5 nethack::unknown-keyword: unknown keyword `TREE`; did you mean `TRAP`? (lev_comp: syntax error at "TREE")
        4:1-4:5 nethack::unknown-keyword: unknown keyword `TREE`; did you mean `TRAP`? (lev_comp: syntax error at "TREE")
        5:1-5:5 nethack::unknown-keyword: unknown keyword `TREE`; did you mean `TRAP`? (lev_comp: syntax error at "TREE")
    "#]],
    );
}
