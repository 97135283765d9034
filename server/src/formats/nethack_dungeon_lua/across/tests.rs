//! A game's `dat/` folder as fixtures: each `//- path` starts a file; the
//! index holds their facts, and the checks and navigation answer as they
//! do for the editor and `levls check`.

//! (The fixture helpers are dungeon.def's: the same index, the same report.)

use crate::formats::dungeon_def::across::tests::{check, files, index};
use crate::formats::nethack_dungeon_lua::tests::SMALL;
use expect_test::expect;

/// The scripts SMALL loads, each a one-line level.
fn game() -> String {
    let mut fixture = format!("//- dat/dungeon.lua\n{SMALL}");
    let mut scripts = vec![
        "oracle", "bigrm-1", "bigrm-2", "minefill", "soko1-1", "soko1-2", "tower1",
    ];
    let roles = crate::formats::nethack_dungeon_lua::vocabulary::ROLES;
    let quest: Vec<String> = roles
        .iter()
        .flat_map(|r| ["strt", "goal", "fila", "filb"].map(|s| format!("{r}-{s}")))
        .collect();
    scripts.extend(quest.iter().map(String::as_str));
    for s in scripts {
        fixture.push_str(&format!(
            "//- dat/{s}.lua\ndes.level_init({{ style = \"solidfill\" }})\n"
        ));
    }
    fixture
}

#[test]
fn a_whole_game_has_nothing_to_say_across_files() {
    check(&game(), expect![[""]]);
}

#[test]
fn scripts_the_layout_loads_and_the_folder_lacks_and_scripts_nothing_loads() {
    let fixture = game()
        .replacen(
            "name = \"oracle\", base = 5",
            "name = \"oracel\", base = 5",
            1,
        )
        .replace("//- dat/bigrm-2.lua\n", "//- dat/bigrm-3.lua\n")
        .replace("//- dat/Wiz-goal.lua\n", "//- dat/Wiz-gaol.lua\n")
        .replace("//- dat/Arc-filb.lua\n", "//- other/Arc-filb.lua\n")
        .replace("//- dat/minefill.lua\n", "//- dat/minefil.lua\n")
        + "//- dat/tower2.lua\ndes.room({})\n//- dat/towers.lua\ndes.room({})\n";
    check(
        &fixture,
        expect![[r#"
            dat/dungeon.lua:14: nethack-dungeon-lua::script-missing no script `oracel.lua` beside this dungeon.lua: the game cannot load the level and makes a random maze instead (Couldn't load "oracel.lua"); did you mean "oracle"?
            dat/dungeon.lua:15: nethack-dungeon-lua::script-missing `nlevels = 2` picks one of `bigrm-1.lua` … `bigrm-2.lua`, but `bigrm-2.lua` is not here: when the game picks it, it makes a random maze instead
            dat/dungeon.lua:23: nethack-dungeon-lua::script-missing `lvlfill` names `minefill.lua`, which is not here: the game makes this dungeon's other levels as random mazes; did you mean "minefil"?
            dat/dungeon.lua:26: nethack-dungeon-lua::script-missing the game makes the Quest's other levels from `<Role>-fila.lua` (above the locate level) and `<Role>-filb.lua` (below it), but `Arc-filb.lua` is not here
            dat/dungeon.lua:31: nethack-dungeon-lua::script-missing the quest level "x-goal" is loaded as `<Role>-goal.lua` for the hero's role, but `Wiz-goal.lua` is not here: a hero of that role gets a random maze
            dat/oracle.lua:1: nethack-dungeon-lua::level-not-loaded no entry of the dungeon.lua beside this script loads `oracle.lua`: the game never plays it (did you mean to name it `oracel.lua`?)
            dat/bigrm-3.lua:1: nethack-dungeon-lua::level-not-loaded no entry of the dungeon.lua beside this script loads `bigrm-3.lua`: the game never plays it (did you mean to name it `bigrm-1.lua`?)
            dat/minefil.lua:1: nethack-dungeon-lua::level-not-loaded no entry of the dungeon.lua beside this script loads `minefil.lua`: the game never plays it (did you mean to name it `minefill.lua`?)
            dat/Wiz-gaol.lua:1: nethack-dungeon-lua::level-not-loaded no entry of the dungeon.lua beside this script loads `Wiz-gaol.lua`: the game never plays it (did you mean to name it `Wiz-goal.lua`?)
            dat/towers.lua:1: nethack-dungeon-lua::level-not-loaded no entry of the dungeon.lua beside this script loads `towers.lua`: the game never plays it
        "#]],
    );
}

#[test]
fn scripts_without_a_layout_and_a_layout_alone_are_left_alone() {
    check("//- minihack/a.lua\ndes.room({})\n", expect![[""]]);
    check(&format!("//- dat/dungeon.lua\n{SMALL}"), expect![[""]]);
}

#[test]
fn from_a_level_name_to_its_scripts_and_from_a_branch_to_its_dungeon() {
    let files = files(&game());
    let index = index(&files);
    let (path, text) = &files[0];
    let tree = crate::formats::parse(&super::super::NetHackDungeonLua, text);
    let model = super::super::model::dungeons(&super::super::syntax::read(text, &tree));
    let at = |needle: &str| text.find(needle).unwrap() + 2;
    let shown = |found: Vec<crate::formats::Location>| -> Vec<String> {
        found
            .iter()
            .map(|l| match &l.file {
                Some(p) => p.strip_prefix("/game").unwrap().display().to_string(),
                None => text[l.range.clone()].to_string(),
            })
            .collect()
    };
    let workspace: &dyn crate::formats::facts::Workspace = &index;
    let found = super::definitions(path, &model, at("\"bigrm\""), Some(workspace));
    assert_eq!(shown(found), ["dat/bigrm-1.lua", "dat/bigrm-2.lua"]);
    let found = super::definitions(path, &model, at("\"x-strt\""), Some(workspace));
    assert_eq!(shown(found).len(), 13);
    let found = super::definitions(path, &model, at("\"Sokoban\", chainlevel"), Some(workspace));
    assert_eq!(shown(found), ["\"Sokoban\""]);
    let found = super::definitions(path, &model, at("\"oracle\", base = 1"), Some(workspace));
    assert_eq!(shown(found), ["\"oracle\""]);
}
