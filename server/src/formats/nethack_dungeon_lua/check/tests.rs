//! What the loader rejects or ignores, each on the place to fix.

use crate::formats::nethack_dungeon_lua::tests::{DUNGEON, SMALL};
use expect_test::expect;

#[test]
fn keys_the_loader_never_reads_and_keys_it_needs() {
    let text = SMALL
        .replacen("lvlfill = \"minefill\"", "lvfill = \"minefill\"", 1)
        .replacen(
            "{ name = \"x-goal\", base = -1 }",
            "{ name = \"x-goal\" }",
            1,
        )
        .replacen("{ name = \"The Tutorial\", ", "{ ", 1);
    DUNGEON.check_diagnostics(
        &text,
        expect![[r#"
            1:1-1:8 error nethack-dungeon-lua::missing-dungeon: no dungeon is named "The Tutorial": the game looks it up as it starts and stops (Couldn't resolve dungeon number)
            23:7-23:13 warning nethack-dungeon-lua::unknown-key: a dungeon has no key `lvfill`: the loader never reads it, and the setting is lost; did you mean `lvlfill`?
                fix: Change to `lvlfill` → `      lvlfill = "minefill",`
            31:10-31:11 error nethack-dungeon-lua::missing-key: this level has no `base`: the game stops as it starts (bad argument: number expected, got nil)
            36:4-36:5 error nethack-dungeon-lua::missing-key: this dungeon has no `name`: the game stops as it starts (bad argument: string expected, got nil)
        "#]],
    );
}

#[test]
fn words_and_types_the_loader_does_not_take() {
    let text = SMALL
        .replacen("branchtype = \"portal\"", "branchtype = \"portl\"", 1)
        .replacen("alignment = \"neutral\"", "alignment = 3", 1)
        .replacen("flags = { \"mazelike\" }", "flags = { \"mazelik\" }", 1)
        .replacen("range = 4, flags", "range = \"four\", flags", 1)
        .replacen("chance = 40", "chance = 40.5", 1);
    DUNGEON.check_diagnostics(
        &text,
        expect![[r#"
            9:89-9:96 error nethack-dungeon-lua::unknown-value: `branchtype` of a branch is one of "stair", "portal", "no_down", "no_up", not "portl": the game stops as it starts (invalid option); did you mean "portal"?
                fix: Change to "portal" → `         { name = "The Quest", chainlevel = "oracle", base = 6, range = 2, branchtype = "portal" },`
            13:47-13:53 error nethack-dungeon-lua::wrong-type: `range` of a level takes a whole number: the game stops as it starts
            14:62-14:63 error nethack-dungeon-lua::unknown-value: `alignment` of a level is one of "unaligned", "noalign", "lawful", "neutral", "chaotic", not "3": the game stops as it starts (invalid option)
            15:59-15:63 error nethack-dungeon-lua::wrong-type: `chance` of a level takes a whole number: the game stops as it starts
            22:17-22:26 error nethack-dungeon-lua::unknown-value: `flags` of a dungeon is one of "town", "hellish", "mazelike", "roguelike", "unconnected", not "mazelik": the game stops as it starts (invalid option); did you mean "mazelike"?
                fix: Change to "mazelike" → `      flags = { "mazelike" },`
        "#]],
    );
}

#[test]
fn branches_to_nowhere_dungeons_no_branch_reaches_and_chains_to_no_level() {
    let text = SMALL
        .replacen("{ name = \"The Gnomish Mines\", base = 2", "{ name = \"The Gnomish Mnes\", base = 2", 1)
        .replacen("{ name = \"Sokoban\", chainlevel = \"oracle\"", "{ name = \"Sokoban\", chainlevel = \"oracel\"", 1)
        .replacen("nlevels = 2 } } },", "nlevels = 2 } }, branches = { { name = \"The Quest\", base = 1 } } },", 1)
        .replacen("{ name = \"x-strt\", base = 1, range = 1 }", "{ name = \"x-strt\", base = 1, range = 1 },\n         { name = \"X-STRT\", chainlevel = \"x-goal\", base = 1 }", 1);
    DUNGEON.check_diagnostics(
        &text,
        expect![[r#"
            7:19-7:37 error nethack-dungeon-lua::unknown-branch: no dungeon is named "The Gnomish Mnes": the branch leads nowhere; did you mean "The Gnomish Mines"?
                fix: Change to "The Gnomish Mines" → `         { name = "The Gnomish Mines", base = 2, range = 3 },`
            8:43-8:51 error nethack-dungeon-lua::unknown-chain: no level listed before this branch is named "oracel": the game stops as it starts (Could not chain); did you mean "oracle"?
                fix: Change to "oracle" → `         { name = "Sokoban", chainlevel = "oracle", base = 1, direction = "up" },`
            19:14-19:33 error nethack-dungeon-lua::unreached-dungeon: no branch of a dungeon above leads to "The Gnomish Mines": the game stops as it starts (find_branch: can't find it); add a branch, or the flag "unconnected"
            31:19-31:27 warning nethack-dungeon-lua::duplicate-name: a level above is named "x-strt" (the game ignores case): the game's lookups find that one only
            31:42-31:50 error nethack-dungeon-lua::unknown-chain: no level listed before this level is named "x-goal": the game stops as it starts (Could not chain)
        "#]],
    );
}
