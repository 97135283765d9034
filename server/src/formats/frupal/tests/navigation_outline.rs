//! Definition, references and rename of obstacle kinds; the outline and folds.

use super::*;
use crate::formats::test_support::render_ranges;
use crate::formats::{Fold, Symbol};
use expect_test::{expect, Expect};

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

fn check_definition(fixture: &str, expect: Expect) {
    let (text, offset) = cursor(fixture);
    let found = with_file(&text, |file| Frupal.definition(file, offset));
    expect.assert_eq(&render_ranges(&text, &found));
}

fn check_references(fixture: &str, include_definitions: bool, expect: Expect) {
    let (text, offset) = cursor(fixture);
    let found = with_file(&text, |file| {
        Frupal.references(file, offset, include_definitions)
    });
    expect.assert_eq(&render_ranges(&text, &found));
}

fn check_prepare_rename(fixture: &str, expect: Expect) {
    let (text, offset) = cursor(fixture);
    let found = with_file(&text, |file| Frupal.prepare_rename(file, offset));
    expect.assert_eq(&render_ranges(&text, found.as_slice()));
}

/// The element lines after the rename (the grid is left out), or the refusal.
fn check_rename(fixture: &str, new_name: &str, expect: Expect) {
    let (text, offset) = cursor(fixture);
    let shown = match with_file(&text, |file| Frupal.rename(file, offset, new_name)) {
        Err(reason) => format!("refused: {reason}"),
        Ok(mut edits) => {
            let mut renamed = text.clone();
            edits.sort_by_key(|e| std::cmp::Reverse(e.range.start));
            for e in edits {
                renamed.replace_range(e.range, &e.new_text);
            }
            renamed
                .lines()
                .filter(|l| l.starts_with("obstacle:") || l.starts_with("tool:"))
                .map(|l| format!("{l}\n"))
                .collect()
        }
    };
    expect.assert_eq(&shown);
}

#[test]
fn definition_from_a_tool_target_finds_every_obstacle_of_that_kind() {
    check_definition(
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
        check_definition(
            &fixture,
            expect![[r#"
                10:15-10:20 trees
            "#]],
        );
    }
}

#[test]
fn definition_from_an_obstacle_kind_lists_all_obstacles_of_that_kind() {
    check_definition(
        &KINDS.replacen("0 3 boulders", "0 3 $0boulders", 1),
        expect![[r#"
            9:15-9:23 boulders
            12:15-12:23 boulders
        "#]],
    );
}

#[test]
fn definition_of_a_target_no_obstacle_defines_is_empty() {
    check_definition(&KINDS.replacen("whales", "wha$0les", 1), expect![[""]]);
}

#[test]
fn no_definition_on_a_tool_kind_a_number_or_a_description() {
    for (from, to) in [
        ("hammers 1", "ham$0mers 1"),
        ("boulders 2 100", "boulders 2 1$000"),
        ("A granite pillar", "A gran$0ite pillar"),
        ("start: 1 1", "sta$0rt: 1 1"),
    ] {
        check_definition(&KINDS.replacen(from, to, 1), expect![[""]]);
    }
}

#[test]
fn kinds_are_case_sensitive() {
    // `Boulders` is a different kind from `boulders` (F16): only its own obstacle.
    let text = KINDS.replacen("0 3 boulders", "0 3 Boulders", 1);
    check_definition(
        &text.replacen("hammers 1 boulders", "hammers 1 $0boulders", 1),
        expect![[r#"
            9:15-9:23 boulders
        "#]],
    );
    check_references(
        &text.replacen("0 3 Boulders", "0 3 Boul$0ders", 1),
        true,
        expect![[r#"
            12:15-12:23 Boulders
        "#]],
    );
}

#[test]
fn references_without_declarations_are_the_tool_targets() {
    check_references(
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
    check_references(
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
    check_references(
        &KINDS.replacen("explosives", "explo$0sives", 1),
        true,
        expect![[""]],
    );
}

#[test]
fn prepare_rename_gives_the_word_under_the_cursor() {
    check_prepare_rename(
        &KINDS.replacen("whales", "whal$0es", 1),
        expect![[r#"
            13:39-13:45 whales
        "#]],
    );
    check_prepare_rename(
        &KINDS.replacen("hammers 1", "$0hammers 1", 1),
        expect![[""]],
    );
    check_prepare_rename(
        &KINDS.replacen("15 A granite", "1$05 A granite", 1),
        expect![[""]],
    );
}

#[test]
fn rename_changes_obstacles_and_targets_and_nothing_else() {
    check_rename(
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

#[test]
fn rename_onto_an_existing_kind_merges_the_two() {
    check_rename(
        &KINDS.replacen("2 0 trees", "2 0 tr$0ees", 1),
        "boulders",
        expect![[r#"
            obstacle: 0 0 boulders 15 A granite pillar.
            obstacle: 2 0 boulders 5 A pine.
            tool: 3 0 hammers 1 boulders 2 100 Rock smashing hammer X2
            obstacle: 0 3 boulders 20 Another pillar.
            tool: 5 3 explosives 3 boulders boulders whales 1000 50 Dynamite
        "#]],
    );
}

#[test]
fn rename_to_non_ascii_keeps_the_other_bytes() {
    check_rename(
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
    let (text, offset) = cursor(&fixture);
    let refusals: Vec<String> = ["", "pine trees", "pine\ttrees", "12", "+7", "-3"]
        .iter()
        .map(
            |name| match with_file(&text, |file| Frupal.rename(file, offset, name)) {
                Err(reason) => reason,
                Ok(edits) => format!("accepted with {} edits", edits.len()),
            },
        )
        .collect();
    expect![[r#"
        a kind cannot be empty
        `pine trees` contains whitespace: a kind is one word, and the game splits values at blanks
        `pine	trees` contains whitespace: a kind is one word, and the game splits values at blanks
        `12` is a number: the game would read it as a number, not as a kind
        `+7` is a number: the game would read it as a number, not as a kind
        `-3` is a number: the game would read it as a number, not as a kind"#]]
    .assert_eq(&refusals.join("\n"));
    // A word that merely starts with digits is still a word.
    check_rename(
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
    check_rename(
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
    check_references(
        "Frupal_Kingdom:\nterrain: 2 2\n..\n..\nobstacle: 0 0 trees 5 Pine\ntool: 1 1 axes 1 boulders tr$0ees 2 9 Axe\n",
        true,
        expect![[""]],
    );
}

// ---- Outline and folds ----

/// One symbol a line, indented by depth: `name [detail] line:col-line:col (selection text)`.
fn render_symbols(text: &str, symbols: &[Symbol], depth: usize, out: &mut String) {
    for s in symbols {
        let detail = s
            .detail
            .as_ref()
            .map_or(String::new(), |d| format!(" [{d}]"));
        out.push_str(&format!(
            "{}{}{detail} {:?} {} ({})\n",
            "  ".repeat(depth),
            s.name,
            s.kind,
            show_range(text, &s.range),
            &text[s.selection.clone()]
        ));
        render_symbols(text, &s.children, depth + 1, out);
    }
}

fn check_symbols(text: &str, expect: Expect) {
    let symbols = with_file(text, |file| Frupal.symbols(file));
    let mut out = String::new();
    render_symbols(text, &symbols, 0, &mut out);
    expect.assert_eq(&out);
}

fn render_folds(text: &str, folds: &[Fold]) -> String {
    folds
        .iter()
        .map(|f| format!("{} {:?}\n", show_range(text, &f.range), f.kind))
        .collect()
}

fn check_folds(text: &str, expect: Expect) {
    let folds = with_file(text, |file| Frupal.folds(file));
    expect.assert_eq(&render_folds(text, &folds));
}

#[test]
fn outline_of_the_small_map() {
    check_symbols(
        SMALL,
        expect![[r#"
            Frupal_Kingdom: [6×4] Module 1:1-9:1 (Frupal_Kingdom:)
              terrain 6×4 Struct 2:1-6:7 (terrain:)
              start 1 1 Property 7:1-7:11 (start:)
              diamonds 4 2 Property 8:1-8:14 (diamonds:)
        "#]],
    );
}

#[test]
fn outline_groups_items_by_element_in_file_order() {
    // Items are interleaved and `start:` is written last (F24): terrain, start and
    // diamonds still lead, and each group keeps file order.
    let text = "\
Frupal_Kingdom:
terrain: 6 4
......
.=..~.
..\"...
......
diamonds: 4 2
tool: 3 0 hammers 2 boulders trees 2 100 Rock smashing hammer X2
treasure: 5 3 4000 A medium sized gold bar, heavier than it looks.\\nTake it.
obstacle: 0 0 boulders 15 A granite pillar.
clue: 0 1 You are 3 grovniks west of water.
food: 2 0 2 10 Hotdog.
ship: 2 2 1450
binoculars: 0 3 50 2
treasure: 5 0 10 Coins.
start: 1 1
";
    check_symbols(
        text,
        expect![[r#"
            Frupal_Kingdom: [6×4] Module 1:1-17:1 (Frupal_Kingdom:)
              terrain 6×4 Struct 2:1-6:7 (terrain:)
              start 1 1 Property 16:1-16:11 (start:)
              diamonds 4 2 Property 7:1-7:14 (diamonds:)
              treasure [2] Namespace 9:1-15:24 (treasure:)
                4000 A medium sized gold bar, heavier… [A medium sized gold bar, heavier than it looks.\nTake it.] Field 9:1-9:77 (treasure:)
                10 Coins. [Coins.] Field 15:1-15:24 (treasure:)
              food [1] Namespace 12:1-12:23 (food:)
                2 Hotdog. [Hotdog.] Field 12:1-12:23 (food:)
              clue [1] Namespace 11:1-11:44 (clue:)
                You are 3 grovniks west of… [You are 3 grovniks west of water.] String 11:1-11:44 (clue:)
              ship [1] Namespace 13:1-13:15 (ship:)
                1450 at 2 2 Field 13:1-13:15 (ship:)
              binoculars [1] Namespace 14:1-14:21 (binoculars:)
                50 at 0 3 [distance 2] Field 14:1-14:21 (binoculars:)
              obstacle [1] Namespace 10:1-10:44 (obstacle:)
                boulders at 0 0 [A granite pillar.] Field 10:1-10:44 (obstacle:)
              tool [1] Namespace 8:1-8:65 (tool:)
                hammers → boulders, trees [Rock smashing hammer X2] Field 8:1-8:65 (tool:)
        "#]],
    );
}

#[test]
fn outline_shows_what_is_written_when_values_are_wrong_or_missing() {
    // Unknown elements are left out: the diagnostics speak for them.
    let text = "Frupal_Kingdom:\nterrain: 6 x\nstart: 1\nstart: 2 2\nobstacle: 1 1\ntool: 1 2 axes 2 Tree\nunknown: 1 2\n";
    check_symbols(
        text,
        expect![[r#"
            Frupal_Kingdom: Module 1:1-8:1 (Frupal_Kingdom:)
              terrain 6 x Struct 2:1-2:13 (terrain:)
              start 1 Property 3:1-3:9 (start:)
              start 2 2 Property 4:1-4:11 (start:)
              obstacle [1] Namespace 5:1-5:14 (obstacle:)
                ? at 1 1 Field 5:1-5:14 (obstacle:)
              tool [1] Namespace 6:1-6:22 (tool:)
                axes → Tree Field 6:1-6:22 (tool:)
        "#]],
    );
}

#[test]
fn item_names_cut_long_descriptions_at_a_word() {
    let text = "Frupal_Kingdom:\nterrain: 2 2\n..\n..\n\
clue: 0 0 Abcdefghijklmnopqrstuvwxyz0123456789 is one long word\n\
clue: 1 0 Exactly thirty-two characters ok and then more\n\
clue: 0 1 Short one.\n";
    let symbols = with_file(text, |file| Frupal.symbols(file));
    let clues = &symbols[0]
        .children
        .iter()
        .find(|s| s.name == "clue")
        .unwrap()
        .children;
    expect![[r#"
        Abcdefghijklmnopqrstuvwxyz012345…
        Exactly thirty-two characters ok…
        Short one."#]]
    .assert_eq(
        &clues
            .iter()
            .map(|c| c.name.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
    );
}

#[test]
fn outline_of_a_grid_cut_short_by_the_end_of_the_file() {
    check_symbols(
        "Frupal_Kingdom:\nterrain: 3 6\n...\n.=.\n",
        expect![[r#"
            Frupal_Kingdom: [3×6] Module 1:1-5:1 (Frupal_Kingdom:)
              terrain 3×6 Struct 2:1-4:4 (terrain:)
        "#]],
    );
}

#[test]
fn outline_without_a_header_still_has_the_map() {
    check_symbols(
        "start: 1 1\n",
        expect![[r#"
            Frupal_Kingdom: Module 1:1-2:1 ()
              start 1 1 Property 1:1-1:11 (start:)
        "#]],
    );
}

#[test]
fn folds_the_grid_and_comment_blocks() {
    let text = "\
Frupal_Kingdom:
# A tiny map.
# Two comment lines fold.
terrain: 6 4
......
.=..~.
..\"...
......
# one line does not fold

#left store
#right store
  # indented, still a comment to the eye
start: 1 1
diamonds: 4 2
";
    check_folds(
        text,
        expect![[r#"
            2:1-3:26 Comment
            4:1-8:7 Region
            11:1-13:41 Comment
        "#]],
    );
}

#[test]
fn folds_a_short_grid_to_its_last_row_and_ignores_comment_like_rows() {
    // The grid claims the lines after `terrain:`, `#` ones included (an error for the
    // analysis); it runs off the end of the file, whose empty last "line" is no row.
    check_folds(
        "Frupal_Kingdom:\nterrain: 3 6\n...\n# not a comment here\n# nor here\n",
        expect![[r#"
            2:1-5:11 Region
        "#]],
    );
}

#[test]
fn folds_crlf_maps() {
    check_folds(
        "Frupal_Kingdom:\r\n#a\r\n#b\r\nterrain: 2 2\r\n..\r\n..\r\nstart: 0 0\r\n",
        expect![[r#"
            2:1-3:3 Comment
            4:1-6:3 Region
        "#]],
    );
}

fn castle() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/corpus/frupal/jnichols-pdx-frupal/maps/castle.fmap"
    );
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn castle_outline() {
    let text = castle();
    let symbols = with_file(&text, |file| Frupal.symbols(file));
    // Top-level names with how many children each has: the full outline is hundreds of lines.
    let shown: Vec<String> = symbols
        .iter()
        .chain(&symbols[0].children)
        .map(|s| {
            format!(
                "{} ({}) {}",
                s.name,
                s.children.len(),
                show_range(&text, &s.range)
            )
        })
        .collect();
    expect![[r#"
        Frupal_Kingdom: (10) 1:1-330:1
        terrain 128×128 (0) 2:1-130:129
        start 125 97 (0) 232:1-232:14
        diamonds 18 5 (0) 132:1-132:15
        treasure (6) 263:1-323:48
        food (38) 236:1-325:39
        clue (24) 136:1-329:85
        ship (1) 135:1-135:17
        binoculars (1) 290:1-290:23
        obstacle (92) 139:1-328:54
        tool (8) 225:1-327:53"#]]
    .assert_eq(&shown.join("\n"));
    let tools = &symbols[0]
        .children
        .iter()
        .find(|s| s.name == "tool")
        .unwrap()
        .children;
    expect![[r#"
        Mythical → CursedDoor [Golden Feather X1000]
        Axes → Door [Shiny Axe X2]
        Axes → Door [Sturdy Axe X3]
        Explosive → Metal, Tree, WallDoor, Door [Dynamite X1000]
        Explosive → Metal, Tree, WallDoor, Door [Dynamite X1000]
        Explosive → Tree, WallDoor, Door [Rocket Launcher X1000]
        Mythical → Spirit [Mirror]
        Mythical → Beast [Blessed Spear X50]"#]]
    .assert_eq(
        &tools
            .iter()
            .map(|t| format!("{} [{}]", t.name, t.detail.as_deref().unwrap_or("")))
            .collect::<Vec<_>>()
            .join("\n"),
    );
}

#[test]
fn castle_door_definitions_and_references() {
    let text = castle();
    let target = text.find("Axes 1 Door").unwrap() + "Axes 1 ".len();
    let (definitions, references) = with_file(&text, |file| {
        (
            Frupal.definition(file, target),
            Frupal.references(file, target, false),
        )
    });
    let lines = |ranges: &[std::ops::Range<usize>]| {
        ranges
            .iter()
            .map(|r| text[..r.start].matches('\n').count() + 1)
            .collect::<Vec<_>>()
    };
    assert!(definitions.iter().all(|r| &text[r.clone()] == "Door"));
    assert!(references.iter().all(|r| &text[r.clone()] == "Door"));
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
