//! Definition, references and rename of obstacle kinds.

use crate::formats::frupal::tests::{castle, FRUPAL};
use crate::formats::frupal::Frupal;
use crate::formats::test_support::cursor;
use crate::formats::Format;
use expect_test::expect;

/// A map where `boulders` is an obstacle kind twice and a tool target twice,
/// `trees` once each, `whales` only a target, `hammers` only a tool kind.
const KINDS: &str = "\
Frupal_Kingdom:
terrain: 6 4
......
.=..~.
..\"...
......
start: 1 1
diamonds: 4 2
obstacle: 0 0 boulders 15 A granite pillar.
obstacle: 2 0 trees 5 A pine.
tool: 3 0 hammers 1 boulders 2 100 Rock smashing hammer X2
obstacle: 0 3 boulders 20 Another pillar.
tool: 5 3 explosives 3 boulders trees whales 1000 50 Dynamite
";

/// The lines a rename of kinds touches: obstacles and tools (the grid is left out).
fn element_lines(line: &str) -> bool {
    line.starts_with("obstacle:") || line.starts_with("tool:")
}

#[test]
fn definition_from_a_tool_target_finds_every_obstacle_of_that_kind() {
    FRUPAL.check_definition(
        &KINDS.replacen("hammers 1 boulders", "hammers 1 boul$0ders", 1),
        expect![[r#"
            9:15-9:23 boulders
            12:15-12:23 boulders
        "#]],
    );
}

#[test]
fn definition_with_the_cursor_at_either_end_of_the_word() {
    let (before, after) = (
        "explosives 3 boulders $0trees",
        "explosives 3 boulders trees$0",
    );
    for fixture in [
        KINDS.replacen("explosives 3 boulders trees", before, 1),
        KINDS.replacen("explosives 3 boulders trees", after, 1),
    ] {
        FRUPAL.check_definition(
            &fixture,
            expect![[r#"
                10:15-10:20 trees
            "#]],
        );
    }
}

#[test]
fn definition_from_an_obstacle_kind_lists_all_obstacles_of_that_kind() {
    FRUPAL.check_definition(
        &KINDS.replacen("0 3 boulders", "0 3 $0boulders", 1),
        expect![[r#"
            9:15-9:23 boulders
            12:15-12:23 boulders
        "#]],
    );
}

#[test]
fn definition_of_a_target_no_obstacle_defines_is_empty() {
    FRUPAL.check_definition(&KINDS.replacen("whales", "wha$0les", 1), expect![[""]]);
}

#[test]
fn no_definition_on_a_tool_kind_a_number_or_a_description() {
    for (from, to) in [
        ("hammers 1", "ham$0mers 1"),
        ("boulders 2 100", "boulders 2 1$000"),
        ("A granite pillar", "A gran$0ite pillar"),
        ("start: 1 1", "sta$0rt: 1 1"),
    ] {
        FRUPAL.check_definition(&KINDS.replacen(from, to, 1), expect![[""]]);
    }
}

#[test]
fn kinds_are_case_sensitive() {
    // `Boulders` is a different kind from `boulders` (F16): only its own obstacle.
    let text = KINDS.replacen("0 3 boulders", "0 3 Boulders", 1);
    FRUPAL.check_definition(
        &text.replacen("hammers 1 boulders", "hammers 1 $0boulders", 1),
        expect![[r#"
            9:15-9:23 boulders
        "#]],
    );
    FRUPAL.check_references(
        &text.replacen("0 3 Boulders", "0 3 Boul$0ders", 1),
        true,
        expect![[r#"
            12:15-12:23 Boulders
        "#]],
    );
}

#[test]
fn references_without_declarations_are_the_tool_targets() {
    FRUPAL.check_references(
        &KINDS.replacen("0 0 boulders", "0 0 boulders$0", 1),
        false,
        expect![[r#"
            11:21-11:29 boulders
            13:24-13:32 boulders
        "#]],
    );
}

#[test]
fn references_with_declarations_add_the_obstacles_in_file_order() {
    FRUPAL.check_references(
        &KINDS.replacen("0 3 boulders", "0 3 bo$0ulders", 1),
        true,
        expect![[r#"
            9:15-9:23 boulders
            11:21-11:29 boulders
            12:15-12:23 boulders
            13:24-13:32 boulders
        "#]],
    );
}

#[test]
fn no_references_on_a_tool_kind() {
    FRUPAL.check_references(
        &KINDS.replacen("explosives", "explo$0sives", 1),
        true,
        expect![[""]],
    );
}

#[test]
fn prepare_rename_gives_the_word_under_the_cursor() {
    FRUPAL.check_prepare_rename(
        &KINDS.replacen("whales", "whal$0es", 1),
        expect![[r#"
            13:39-13:45 whales
        "#]],
    );
    FRUPAL.check_prepare_rename(
        &KINDS.replacen("hammers 1", "$0hammers 1", 1),
        expect![[""]],
    );
    FRUPAL.check_prepare_rename(
        &KINDS.replacen("15 A granite", "1$05 A granite", 1),
        expect![[""]],
    );
}

#[test]
fn rename_changes_obstacles_and_targets_and_nothing_else() {
    FRUPAL.check_rename_showing(
        element_lines,
        &KINDS.replacen("hammers 1 boulders", "hammers 1 boulders$0", 1),
        "rocks",
        expect![[r#"
            obstacle: 0 0 rocks 15 A granite pillar.
            obstacle: 2 0 trees 5 A pine.
            tool: 3 0 hammers 1 rocks 2 100 Rock smashing hammer X2
            obstacle: 0 3 rocks 20 Another pillar.
            tool: 5 3 explosives 3 rocks trees whales 1000 50 Dynamite
        "#]],
    );
}

/// What renaming the kind at the cursor to each of `names` gives: the refusal, or the edit count.
fn rename_answers(fixture: &str, names: &[&str]) -> Vec<String> {
    let (text, offset) = cursor(fixture);
    names
        .iter()
        .map(
            |name| match FRUPAL.open(&text, |file| Frupal.rename(file, offset, name)) {
                Err(reason) => reason,
                Ok(edits) => format!("accepted with {} edits", edits.len()),
            },
        )
        .collect()
}

#[test]
fn rename_onto_an_existing_kind_is_refused() {
    // Accepting it would merge trees into boulders (or whales) without a word.
    let answers = rename_answers(
        &KINDS.replacen("2 0 trees", "2 0 tr$0ees", 1),
        &["boulders", "whales", "trees"],
    );
    expect![[r#"
        `boulders` is already a kind (line 9): renaming `trees` to it would merge the two kinds into one
        `whales` is already a kind (line 13): renaming `trees` to it would merge the two kinds into one
        accepted with 2 edits"#]].assert_eq(&answers.join("\n"));
}

#[test]
fn rename_to_non_ascii_keeps_the_other_bytes() {
    FRUPAL.check_rename_showing(element_lines,
        "Frupal_Kingdom:\nterrain: 2 2\n..\n..\nobstacle: 0 0 Bäume 5 Hohe Bäume\ntool: 1 1 Äxte 1 Bäu$0me 2 9 Axt\n",
        "Tannen",
        expect![[r#"
            obstacle: 0 0 Tannen 5 Hohe Bäume
            tool: 1 1 Äxte 1 Tannen 2 9 Axt
        "#]],
    );
}

#[test]
fn rename_refuses_names_the_game_cannot_read_as_a_kind() {
    let fixture = KINDS.replacen("2 0 trees", "2 0 $0trees", 1);
    let refusals = rename_answers(
        &fixture,
        &["", "pine trees", "pine\ttrees", "12", "+7", "-3"],
    );
    expect![[r#"
        a kind cannot be empty
        `pine trees` contains whitespace: a kind is one word, and the game splits values at blanks
        `pine	trees` contains whitespace: a kind is one word, and the game splits values at blanks
        `12` is a number: the game would read it as a number, not as a kind
        `+7` is a number: the game would read it as a number, not as a kind
        `-3` is a number: the game would read it as a number, not as a kind"#]]
    .assert_eq(&refusals.join("\n"));
    // A word that merely starts with digits is still a word.
    FRUPAL.check_rename_showing(
        element_lines,
        &fixture,
        "3trees",
        expect![[r#"
            obstacle: 0 0 boulders 15 A granite pillar.
            obstacle: 2 0 3trees 5 A pine.
            tool: 3 0 hammers 1 boulders 2 100 Rock smashing hammer X2
            obstacle: 0 3 boulders 20 Another pillar.
            tool: 5 3 explosives 3 boulders 3trees whales 1000 50 Dynamite
        "#]],
    );
}

#[test]
fn rename_off_a_kind_says_what_can_be_renamed() {
    FRUPAL.check_rename_showing(element_lines,
        &KINDS.replacen("hammers 1", "hammers$0 1", 1),
        "mallets",
        expect![[
            r#"refused: nothing to rename here: only obstacle kinds and tool targets can be renamed"#
        ]],
    );
}

#[test]
fn targets_past_the_count_are_not_kinds() {
    // target_count 1: `trees` is read as the divisor's place, not a target (F15).
    FRUPAL.check_references(
        "Frupal_Kingdom:\nterrain: 2 2\n..\n..\nobstacle: 0 0 trees 5 Pine\ntool: 1 1 axes 1 boulders tr$0ees 2 9 Axe\n",
        true,
        expect![[""]],
    );
}

#[test]
fn castle_door_definitions_and_references() {
    let text = castle();
    let target = text.find("Axes 1 Door").unwrap() + "Axes 1 ".len();
    let (definitions, references) = FRUPAL.open(&text, |file| {
        (
            Frupal.definition(file, target),
            Frupal.references(file, target, false),
        )
    });
    let lines = |found: &[crate::formats::Location]| {
        found
            .iter()
            .map(|l| text[..l.range.start].matches('\n').count() + 1)
            .collect::<Vec<_>>()
    };
    let in_this_file = |l: &crate::formats::Location| l.file.is_none();
    assert!(definitions.iter().chain(&references).all(in_this_file));
    assert!(definitions.iter().all(|l| &text[l.range.clone()] == "Door"));
    assert!(references.iter().all(|l| &text[l.range.clone()] == "Door"));
    // The four `Door` obstacles (not `WallDoor` nor `CursedDoor`) and the five tools naming `Door`.
    expect![[r#"
        definitions at lines [279, 284, 312, 314]
        references at lines [249, 260, 276, 277, 289]"#]]
    .assert_eq(&format!(
        "definitions at lines {:?}\nreferences at lines {:?}",
        lines(&definitions),
        lines(&references)
    ));
}
