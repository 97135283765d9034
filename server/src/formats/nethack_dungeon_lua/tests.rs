//! `dungeon.lua` as its authors meet it: the file's text (with `$0` where
//! the cursor is) and what levls answers.

use super::NetHackDungeonLua;
use crate::formats::test_support::Fixtures;
use expect_test::expect;

pub const DUNGEON: Fixtures = Fixtures::new(&NetHackDungeonLua, "dat/dungeon.lua");

/// A small layout: the five dungeons the game looks up, and a start.
pub const SMALL: &str = r#"dungeon = {
   {
      name = "The Dungeons of Doom",
      base = 25,
      range = 5,
      branches = {
         { name = "The Gnomish Mines", base = 2, range = 3 },
         { name = "Sokoban", chainlevel = "oracle", base = 1, direction = "up" },
         { name = "The Quest", chainlevel = "oracle", base = 6, range = 2, branchtype = "portal" },
         { name = "Vlad's Tower", base = 9, range = 5, direction = "up" },
      },
      levels = {
         { name = "rogue", base = 15, range = 4, flags = "roguelike" },
         { name = "oracle", base = 5, range = 5, alignment = "neutral" },
         { name = "bigrm", base = 10, range = 3, chance = 40, nlevels = 2 },
      }
   },
   {
      name = "The Gnomish Mines",
      base = 8,
      range = 2,
      flags = { "mazelike" },
      lvlfill = "minefill",
   },
   {
      name = "The Quest",
      base = 5,
      range = 2,
      levels = {
         { name = "x-strt", base = 1, range = 1 },
         { name = "x-goal", base = -1 },
      }
   },
   { name = "Sokoban", base = 4, levels = { { name = "soko1", base = 1, nlevels = 2 } } },
   { name = "Vlad's Tower", base = 3, protofile = "tower" },
   { name = "The Tutorial", base = 2, flags = { "mazelike", "unconnected" } },
}
"#;

#[test]
fn a_dungeon_file_is_recognised_by_its_table_and_a_level_script_is_not() {
    let detect = |text: &str| {
        crate::formats::detect(Some(std::path::Path::new("dat/x.lua")), None, text)
            .map(|d| d.format.name())
    };
    assert_eq!(detect(SMALL), Some("nethack-dungeon-lua"));
    assert_eq!(detect("des.room({})\n"), Some("nethack-lua"));
    assert_eq!(detect("-- nhlib\nfunction shuffle(list)\nend\n"), None);
    assert_eq!(detect("local dungeon = {}\n"), None);
}

#[test]
fn a_good_layout_has_nothing_to_say() {
    DUNGEON.check_diagnostics(SMALL, expect![[""]]);
}

#[test]
fn hover_on_a_key_and_on_level_names() {
    DUNGEON.check_hover(
        &SMALL.replacen("nlevels = 2", "nlev$0els = 2", 1),
        expect![[r#"
            [nlevels]
            **`nlevels`** of a level: how many variants it has: the game loads one of `<name>-1.lua` … `<name>-<nlevels>.lua`

            Takes a whole number."#]],
    );
    DUNGEON.check_hover(
        &SMALL.replacen("\"bigrm\"", "\"big$0rm\"", 1),
        expect![[r#"
            ["bigrm"]
            **level `bigrm`** in "The Dungeons of Doom": loads one of `bigrm-1.lua` … `bigrm-2.lua`, picked at random"#]],
    );
    DUNGEON.check_hover(
        &SMALL.replacen("\"x-goal\"", "\"x-go$0al\"", 1),
        expect![[r#"
            ["x-goal"]
            **level `x-goal`** in "The Quest": loads `<Role>-goal.lua`, `<Role>` the hero's role's file code (Arc, Bar, Cav, Hea, Kni, Mon, Pri, Rog, Ran, Sam, Tou, Val, Wiz)"#]],
    );
    DUNGEON.check_hover(
        &SMALL.replacen("\"rogue\"", "\"ro$0gue\"", 1),
        expect![[r#"
            ["rogue"]
            **level `rogue`** in "The Dungeons of Doom": no script: the Rogue level is made by code (its rooms in a 3×3 grid), from no script"#]],
    );
}

#[test]
fn completion_of_the_keys_an_entry_has_not_written() {
    DUNGEON.check_completion_labels(
        &SMALL.replacen(
            "{ name = \"x-goal\", base = -1 }",
            "{ name = \"x-goal\", base = -1, $0 }",
            1,
        ),
        expect!["bonetag chainlevel range nlevels chance alignment flags"],
    );
    DUNGEON.check_completion_labels(
        &SMALL.replacen(
            "{ name = \"Sokoban\", chainlevel",
            "{ $0name = \"Sokoban\", chainlevel",
            1,
        ),
        expect!["range branchtype"],
    );
}

#[test]
fn the_outline_is_the_dungeons_with_their_levels_and_branches() {
    DUNGEON.check_symbol_names(
        SMALL,
        expect![[r#"
            The Dungeons of Doom [3 levels, 4 branches]
              → The Gnomish Mines [branch]
              → Sokoban [branch]
              → The Quest [branch]
              → Vlad's Tower [branch]
              rogue []
              oracle []
              bigrm [2 variants]
            The Gnomish Mines [0 levels, 0 branches]
            The Quest [2 levels, 0 branches]
              x-strt []
              x-goal []
            Sokoban [1 levels, 0 branches]
              soko1 [2 variants]
            Vlad's Tower [0 levels, 0 branches]
            The Tutorial [0 levels, 0 branches]
        "#]],
    );
}

/// Numbers as large as Lua writes them neither overflow nor make the
/// index list 2^63 variants (found by the `check_dungeon_lua` fuzz target):
/// the game keeps `nlevels` in a byte.
#[test]
fn huge_numbers_are_read_as_the_game_keeps_them() {
    let text = "dungeon = { { name = \"The Dungeons of Doom\", base = 9223372036854775807, range = 9223372036854775807,\n  levels = { { name = \"bigrm\", base = 10, nlevels = 258 } } } }\n";
    let model = DUNGEON.open(text, |file| {
        let mut keep = None;
        super::read(file, &mut keep).model.clone()
    });
    let dungeon = &model.dungeons[0];
    assert_eq!(dungeon.most_levels, i64::MAX);
    assert_eq!(dungeon.levels[0].variants, 2);
}
