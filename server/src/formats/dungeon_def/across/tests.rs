//! A game's files as fixtures: each `//- path` starts a file of the
//! fixture; the index holds their facts and the checks, navigation and
//! renames answer as they do for the editor and `levls check`.

use crate::formats::facts::Workspace;
use crate::formats::Location;
use crate::workspace::{scan, Index};
use expect_test::{expect, Expect};
use std::path::{Path, PathBuf};

/// The fixture's files, by path under `/game`.
pub(crate) fn files(fixture: &str) -> Vec<(PathBuf, String)> {
    fixture
        .split("//- ")
        .filter(|part| !part.trim().is_empty())
        .map(|part| {
            let (path, text) = part.split_once('\n').unwrap();
            (Path::new("/game").join(path.trim()), text.to_string())
        })
        .collect()
}

pub(crate) fn index(files: &[(PathBuf, String)]) -> Index {
    let mut index = Index::default();
    for (path, text) in files {
        let (format, facts) = scan::facts_of_text(path, text).expect("a file with facts");
        index.set(path, format, Some(facts));
    }
    index
}

/// `file:line: code: message` for every cross-file diagnostic, in file order.
pub(crate) fn check(fixture: &str, expect: Expect) {
    let files = files(fixture);
    let index = index(&files);
    let mut shown = String::new();
    for (path, text) in &files {
        for d in index.cross_diagnostics(path) {
            let line = text[..d.range.start].matches('\n').count() + 1;
            let name = path.strip_prefix("/game").unwrap().display();
            shown.push_str(&format!("{name}:{line}: {} {}\n", d.code, d.message));
        }
    }
    expect.assert_eq(&shown);
}

const DEF: &str = r#"//- dat/dungeon.def
DUNGEON: "The Dungeons of Doom" "D" (25, 5)
BRANCH: "The Gnomish Mines" @ (2, 3)
LEVEL: "oracle" "O" @ (5, 5)
RNDLEVEL: "bigrm" "B" @ (10, 3) 40 2
LEVEL: "rogue" "R" @ (15, 4)
CHAINBRANCH: "The Quest" "oracle" + (6, 2) portal
DUNGEON: "The Gnomish Mines" "M" (8, 2)
DUNGEON: "The Quest" "Q" (5, 2)
LEVEL: "x-strt" "none" @ (1, 1)
LEVEL: "x-goal" "none" @ (-1)
"#;

const LEVELS: &str = r#"//- dat/oracle.des
LEVEL: "oracle"
//- dat/bigroom.des
MAZE: "bigrm-1", ' '
MAZE: "bigrm-2", ' '
//- dat/mines.des
MAZE: "minefill", ' '
//- dat/Arch.des
MAZE: "Arc-strt", ' '
MAZE: "Arc-goal", ' '
MAZE: "Arc-fila", ' '
MAZE: "Arc-filb", ' '
"#;

#[test]
fn a_whole_game_has_nothing_to_say_across_files() {
    check(&format!("{DEF}{LEVELS}"), expect![[""]]);
}

#[test]
fn what_the_description_loads_and_no_file_defines() {
    let fixture = format!("{DEF}{LEVELS}")
        .replace("LEVEL: \"oracle\"\n", "LEVEL: \"oracel\"\n")
        .replace("MAZE: \"bigrm-2\", ' '\n", "")
        .replace("MAZE: \"minefill\", ' '\n", "MAZE: \"minetown\", ' '\n")
        + "//- dat/Wizard.des\nMAZE: \"Wiz-strt\", ' '\nMAZE: \"Wiz-fila\", ' '\n";
    check(
        &fixture,
        expect![[r#"
            dat/dungeon.def:3: dungeon-def::level-not-defined no `.des` file here defines level `oracle`: the game loads `oracle.lev` for it, and without it makes a random maze instead; did you mean `oracel`?
            dat/dungeon.def:4: dungeon-def::variant-not-defined `RNDLEVEL` picks one of 2 variants, `bigrm-1` … `bigrm-2`, but no `.des` file here defines `bigrm-2`: when the game picks one, it makes a random maze instead
            dat/dungeon.def:7: dungeon-def::level-not-defined the game fills this dungeon's other levels from `minefill`, but no `.des` file here defines it
            dat/dungeon.def:8: dungeon-def::quest-level-missing the game fills the Quest's other levels from `<role>-fila` (above the locate level) and `<role>-filb` (below it), but no `.des` file here defines `Wiz-filb`
            dat/dungeon.def:10: dungeon-def::quest-level-missing the quest level `x-goal` is loaded as `<role>-goal` for the hero's role (Arc, Wiz have quest levels here), but no `.des` file here defines `Wiz-goal`
            dat/oracle.des:1: nethack::level-not-loaded level `oracel` is never loaded: no dungeon description here names it; did you mean `oracle`?
            dat/mines.des:1: nethack::level-not-loaded level `minetown` is never loaded: no dungeon description here names it
        "#]],
    );
}

#[test]
fn a_level_defined_twice_and_a_variant_past_the_count() {
    let fixture = format!("{DEF}{LEVELS}")
        + "//- dat/oracle2.des\nLEVEL: \"oracle\"\nLEVEL: \"bigrm-3\"\n//- dat/twice.des\nMAZE: \"extra\", ' '\nMAZE: \"extra\", ' '\n";
    check(
        &fixture,
        expect![[r#"
            dat/oracle.des:1: nethack::level-defined-twice level `oracle` is also defined in `oracle2.des`: lev_comp writes `oracle.lev` for each, and the game gets whichever was compiled last
            dat/oracle2.des:1: nethack::level-defined-twice level `oracle` is also defined in `oracle.des`: lev_comp writes `oracle.lev` for each, and the game gets whichever was compiled last
            dat/oracle2.des:2: nethack::level-not-loaded level `bigrm-3` is never loaded: its `RNDLEVEL` picks one of 2 variants only; raise its count to use this one
            dat/twice.des:1: nethack::level-defined-twice this file defines level `extra` 2 times: lev_comp writes `extra.lev` for each, and only the last one is kept
            dat/twice.des:1: nethack::level-not-loaded level `extra` is never loaded: no dungeon description here names it
            dat/twice.des:2: nethack::level-defined-twice this file defines level `extra` 2 times: lev_comp writes `extra.lev` for each, and only the last one is kept
            dat/twice.des:2: nethack::level-not-loaded level `extra` is never loaded: no dungeon description here names it
        "#]],
    );
}

#[test]
fn a_branch_to_no_dungeon_and_a_protofile() {
    let fixture = r#"//- dat/dungeon.def
DUNGEON: "The Dungeons of Doom" "D" (25, 5)
BRANCH: "Vlad's Towr" @ (9, 5) up
DUNGEON: "Vlad's Tower" "T" (3, 0)
PROTOFILE: "tower"
//- dat/tower.des
MAZE: "tower1", ' '
MAZE: "tower2-1", ' '
MAZE: "towers", ' '
"#;
    check(
        fixture,
        expect![[r#"
            dat/dungeon.def:2: dungeon-def::unknown-branch no `DUNGEON:` here is named "Vlad's Towr": dgn_comp takes the branch, but the game stops as it starts (Couldn't resolve dungeon number); did you mean "Vlad's Tower"?
            dat/tower.des:3: nethack::level-not-loaded level `towers` is never loaded: no dungeon description here names it
        "#]],
    );
}

#[test]
fn files_outside_every_game_and_a_description_alone_are_left_alone() {
    // A MiniHack level: no dungeon description above it.
    check("//- minihack/maze.des\nMAZE: \"mylevel\", ' '\n//- other/maze.des\nMAZE: \"mylevel\", ' '\n", expect![[""]]);
    // A description with no `.des` file: nothing to compare but its branches.
    check(DEF, expect![[""]]);
}

#[test]
fn a_nested_game_keeps_its_levels_to_itself() {
    let fixture = format!("{DEF}{LEVELS}")
        + "//- dat/variant/dungeon.def\nDUNGEON: \"Other\" \"O\" (5, 2)\nLEVEL: \"other\" \"none\" @ (1)\n//- dat/variant/other.des\nMAZE: \"other\", ' '\n";
    check(&fixture, expect![[""]]);
}

fn at(text: &str, needle: &str) -> usize {
    text.find(needle).unwrap() + 1
}

fn shown(locations: &[Location], files: &[(PathBuf, String)]) -> Vec<String> {
    locations
        .iter()
        .map(|l| {
            let path = l
                .file
                .as_deref()
                .unwrap_or(Path::new("/game/dat/dungeon.def"));
            let text = &files.iter().find(|(p, _)| p == path).unwrap().1;
            format!(
                "{}:{}",
                path.strip_prefix("/game").unwrap().display(),
                &text[l.range.clone()]
            )
        })
        .collect()
}

#[test]
fn from_a_name_in_the_description_to_the_headers_and_back() {
    use super::navigation::*;
    let files = files(&format!("{DEF}{LEVELS}"));
    let index = index(&files);
    let (def, def_text) = &files[0];
    let described = match crate::workspace::scan::facts_of_text(def, def_text)
        .unwrap()
        .1
    {
        crate::formats::facts::Facts::Dungeons(d) => d,
        _ => unreachable!(),
    };
    let workspace: &dyn Workspace = &index;
    let found = definitions_from_description(def, &described, at(def_text, "\"bigrm\""), workspace);
    assert_eq!(
        shown(&found, &files),
        ["dat/bigroom.des:\"bigrm-1\"", "dat/bigroom.des:\"bigrm-2\""]
    );
    let found =
        definitions_from_description(def, &described, at(def_text, "\"x-strt\""), workspace);
    assert_eq!(shown(&found, &files), ["dat/Arch.des:\"Arc-strt\""]);
    let found = definitions_from_description(
        def,
        &described,
        at(def_text, "\"The Gnomish Mines\" @"),
        workspace,
    );
    assert_eq!(
        shown(&found, &files),
        ["dat/dungeon.def:\"The Gnomish Mines\""]
    );

    let (oracle, oracle_text) = files
        .iter()
        .find(|(p, _)| p.ends_with("oracle.des"))
        .unwrap();
    let levels = match scan::facts_of_text(oracle, oracle_text).unwrap().1 {
        crate::formats::facts::Facts::Levels(l) => l,
        _ => unreachable!(),
    };
    let found = references_from_levels(
        oracle,
        &levels,
        at(oracle_text, "\"oracle\""),
        workspace,
        true,
    );
    assert_eq!(
        shown(&found, &files),
        ["dat/dungeon.def:\"oracle\"", "dat/oracle.des:\"oracle\""]
    );

    // Rename: the description's name, its chain and the header; an
    // RNDLEVEL's variants keep their numbers; a quest level is refused.
    let renamed = rename_from_description(
        def,
        &described,
        at(def_text, "\"oracle\""),
        "seer",
        workspace,
    )
    .unwrap()
    .unwrap();
    let places: Vec<String> = renamed
        .iter()
        .map(|(l, t)| format!("{}→{t}", shown(std::slice::from_ref(l), &files)[0]))
        .collect();
    assert_eq!(
        places,
        [
            "dat/dungeon.def:oracle→seer",
            "dat/dungeon.def:oracle→seer",
            "dat/oracle.des:oracle→seer"
        ]
    );
    let renamed = rename_from_description(
        def,
        &described,
        at(def_text, "\"bigrm\""),
        "hall",
        workspace,
    )
    .unwrap()
    .unwrap();
    let texts: Vec<&str> = renamed.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(texts, ["hall", "hall-1", "hall-2"]);
    let refused = rename_from_description(
        def,
        &described,
        at(def_text, "\"x-goal\""),
        "x-end",
        workspace,
    )
    .unwrap();
    assert!(refused.unwrap_err().contains("quest level"));
    let refused = rename_from_description(
        def,
        &described,
        at(def_text, "\"oracle\""),
        "a very long name",
        workspace,
    )
    .unwrap();
    assert!(refused.is_err());
}
