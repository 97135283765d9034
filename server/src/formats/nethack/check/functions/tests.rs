//! UnNetHack's grammar beside vanilla's: FUNCTIONs and their calls,
//! subtraction, core values and functions, `line a-b`, `INIT_MAP:
//! sheollev` — each accepted with UnNetHack's profile in force
//! and refused, where lev_comp 3.6 refuses it, without.

use crate::formats::nethack::check::diagnostics;
use crate::formats::nethack::names::profiles::PROFILES;
use crate::formats::nethack::names::with_profile;
use crate::formats::nethack::syntax;
use crate::formats::nethack::tests::NETHACK;
use crate::formats::nethack::Dialect;
use crate::formats::{Diagnostic, SourceFile};
use expect_test::{expect, Expect};

fn checked_with(profile: &str) -> impl FnOnce(&SourceFile, &mut Vec<Diagnostic>) + '_ {
    move |file, out| {
        let profile = PROFILES.iter().find(|p| p.name == profile);
        with_profile(profile, || {
            let doc = syntax::read(file.text, file.tree);
            out.extend(diagnostics(file.text, &doc, Dialect::V36));
        })
    }
}

fn check(profile: &str, text: &str, expect: Expect) {
    NETHACK.check_pass_messages(text, checked_with(profile), expect);
}

const FUNCTIONS: &str = "FUNCTION loot($n: int)\n{\n  OBJECT:'%',random\n}\n\
LEVEL:\"one\"\nloot(1)\nIF [50%] { loot(2) }\nloot()\nnothing(1)\n\
FUNCTION loot() { EXIT }\n";

#[test]
fn functions_are_unnethacks() {
    check(
        "unnethack",
        FUNCTIONS,
        expect![[r#"
            5:7-5:12 nethack::unplaceable-region: the hero cannot arrive anywhere on this level: each of its squares is solid rock, and only floor or air will do. At run time the game says `impossible: Couldn't place lregion type 6!` (after `type 3!` on a level with a branch, as MiniHack's is)
            8:1-8:7 nethack::argument-count: `loot` takes 1 argument (its FUNCTION, line 1); found 0 (lev_comp: Function 'loot' requires params 'i', got another count instead.)
            9:1-9:8 nethack::undefined-function: `nothing(…)` calls no FUNCTION defined above it (lev_comp: Function 'nothing' not defined.)
            10:10-10:14 nethack::function-redefined: `loot` is already a FUNCTION (line 1); a name is defined once (lev_comp: Function 'loot' already defined once.)
        "#]],
    );
    check(
        "xnethack",
        FUNCTIONS,
        expect![[r#"
            1:1-1:9 nethack::before-level: this comes before the first level: a file starts with `MAZE: "name", fill` or `LEVEL: "name"` (lev_comp: syntax error)
            1:10-1:14 nethack::syntax-error: unexpected `loot`: lev_comp 3.6's lexer makes no function name, so FUNCTION and its calls cannot be used (lev_comp: syntax error at "loot")
            5:7-5:12 nethack::unplaceable-region: the hero cannot arrive anywhere on this level: each of its squares is solid rock, and only floor or air will do. At run time the game says `impossible: Couldn't place lregion type 6!` (after `type 3!` on a level with a branch, as MiniHack's is)
            6:1-6:5 nethack::syntax-error: unexpected `loot`: lev_comp 3.6's lexer makes no function name, so FUNCTION and its calls cannot be used (lev_comp: syntax error at "loot")
            7:12-7:16 nethack::syntax-error: unexpected `loot`: lev_comp 3.6's lexer makes no function name, so FUNCTION and its calls cannot be used (lev_comp: syntax error at "loot")
            8:1-8:5 nethack::syntax-error: unexpected `loot`: lev_comp 3.6's lexer makes no function name, so FUNCTION and its calls cannot be used (lev_comp: syntax error at "loot")
            9:1-9:8 nethack::syntax-error: unexpected `nothing`: lev_comp 3.6's lexer makes no function name, so FUNCTION and its calls cannot be used (lev_comp: syntax error at "nothing")
            10:10-10:14 nethack::syntax-error: unexpected `loot`: lev_comp 3.6's lexer makes no function name, so FUNCTION and its calls cannot be used (lev_comp: syntax error at "loot")
        "#]],
    );
}

const EXPRESSIONS: &str = "LEVEL:\"two\"\nROOM:\"ordinary\",random,random,random,(5,5) {\n\
  IF [ level.depth < 7 ] { BREAK }\n\
  FOR $x = 0 TO ((room.width - 3) / 2) { TERRAIN:coord(($x * 2) + 1, 1), '.' }\n\
  $y = rnd(room.height) - (1)\n\
  TERRAIN: randline (1,1)-(3,3), 5, 'L'\n\
  TERRAIN: coord(1), '.'\n\
  TERRAIN: line (1,1),(3,3), 'L'\n\
}\n";

#[test]
fn core_values_subtraction_and_dashed_lines_are_unnethacks() {
    check(
        "unnethack",
        EXPRESSIONS,
        expect![[r#"
            5:1-5:3 nethack::unused-variable: Unused variable '$y' (lev_comp -v warns about it).
            7:10-7:18 nethack::argument-count: `coord` takes 2 arguments, and gives a coordinate; found 1 (lev_comp: Core function 'coord' requires 'ii' parameters)
            8:10-8:20 nethack::syntax-error: this grammar joins a `line`'s two coordinates with `-`: `line (x1,y1)-(x2,y2)` (lev_comp: syntax error after `line (1,1)`)
        "#]],
    );
    check(
        "xnethack",
        EXPRESSIONS,
        expect![[r#"
            3:6-3:17 nethack::unknown-value: unknown value word `level.depth` (lev_comp: syntax error at "level.depth")
            4:28-4:29 nethack::syntax-error: unexpected `-`; 3.6 cannot subtract: a negative number is written `(-3)` (lev_comp: syntax error at "-")
            4:48-4:53 nethack::unknown-value: unknown value word `coord` (lev_comp: syntax error at "coord")
            5:1-5:3 nethack::unused-variable: Unused variable '$y' (lev_comp -v warns about it).
            5:23-5:24 nethack::syntax-error: unexpected `-`; 3.6 cannot subtract: a negative number is written `(-3)` (lev_comp: syntax error at "-")
            6:24-6:25 nethack::syntax-error: unexpected `-`: a `randline`'s two coordinates are joined by a comma, `randline (x1,y1),(x2,y2)` (lev_comp: syntax error at "-")
            7:10-7:15 nethack::unknown-value: unknown value word `coord` (lev_comp: syntax error at "coord")
        "#]],
    );
}

#[test]
fn sheollev_fills_unnethacks_level_alone() {
    let text = "LEVEL:\"sheol\"\nINIT_MAP: sheollev\nINIT_MAP: sheollev, '.'\n";
    check(
        "unnethack",
        text,
        expect![[r#"
            3:21-3:24 nethack::argument-count: unexpected `'.'`: `INIT_MAP` takes no more arguments (lev_comp: syntax error)
        "#]],
    );
    check(
        "xnethack",
        text,
        expect![[r#"
            2:11-2:19 nethack::unknown-value: unknown value word `sheollev` (lev_comp: syntax error at "sheollev")
            3:11-3:19 nethack::unknown-value: unknown value word `sheollev` (lev_comp: syntax error at "sheollev")
        "#]],
    );
}
