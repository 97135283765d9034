use crate::formats::dungeon_def::tests::{DUNGEON_DEF, SMALL};
use crate::formats::test_support::cursor_before;
use expect_test::expect;

#[test]
fn hover_a_keyword() {
    DUNGEON_DEF.check_hover(&cursor_before(SMALL, "LEVEL:\t\t\"oracle\""), expect![[r#"
        [LEVEL]
        ```text
        LEVEL: "name" "bones" @ (base, range) [chance]
        ```

        A special level of this dungeon, loaded from the level file `name` (a `.des` `MAZE`/`LEVEL` of that name), placed at `base` plus up to `range` (negative: from the bottom; range -1: anywhere below the base). `chance` (default 100) is the percentage of games that have it."#]]);
}

#[test]
fn hover_each_field_of_a_level() {
    for (needle, expect) in [
        (
            "\"oracle\" \"O\"",
            expect![[r#"
            ["oracle"]
            Special level "oracle": the game loads the level file `oracle` (a `.des` level of that name)."#]],
        ),
        (
            "\"O\" @",
            expect![[r#"
            ["O"]
            Bones tag `O`: the letter of the bones files left here (one character, or `none` for no bones)."#]],
        ),
        (
            "@ (5, 5)",
            expect![[r#"
            [@]
            `@`: placed at a level of this dungeon."#]],
        ),
        (
            "5, 5)\nLEVALIGN",
            expect![[r#"
            [5]
            `(5, 5)`: base 5, range 5. Placed at 5 (the level of this dungeon), there or up to 5 more levels down, at random. A base is within ±32."#]],
        ),
        (
            "40 10",
            expect![[r#"
            [40]
            Chance 40%: the share of games in which it exists (default 100)."#]],
        ),
        (
            "10\n",
            expect![[r#"
            [10]
            10 variants: the game loads one of `bigrm-1` … `bigrm-10` at random."#]],
        ),
        (
            "up\n",
            expect![[r#"
            [up]
            `up`: The branch goes up: its stairs (or portal) lead to a shallower place."#]],
        ),
        (
            "town",
            expect![[r#"
            [town]
            `town`: A town: shopkeepers, a temple, the watch (levels only)."#]],
        ),
        (
            "-1\n",
            expect![[r#"
            [-1]
            Entry level -1: branches arrive at the 1st level from the bottom."#]],
        ),
    ] {
        DUNGEON_DEF.check_hover(&cursor_before(SMALL, needle), expect);
    }
}
