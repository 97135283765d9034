//! The outline and folds.

use crate::formats::frupal::tests::{castle, FRUPAL, SMALL};
use crate::formats::frupal::Frupal;
use crate::formats::test_support::show_range;
use crate::formats::Format;
use expect_test::expect;

#[test]
fn outline_of_the_small_map() {
    FRUPAL.check_symbols(
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
    FRUPAL.check_symbols(
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
    FRUPAL.check_symbols(
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
    let symbols = FRUPAL.open(text, |file| Frupal.symbols(file));
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
    FRUPAL.check_symbols(
        "Frupal_Kingdom:\nterrain: 3 6\n...\n.=.\n",
        expect![[r#"
            Frupal_Kingdom: [3×6] Module 1:1-5:1 (Frupal_Kingdom:)
              terrain 3×6 Struct 2:1-4:4 (terrain:)
        "#]],
    );
}

#[test]
fn outline_without_a_header_still_has_the_map() {
    FRUPAL.check_symbols(
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
    FRUPAL.check_folds(
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
    FRUPAL.check_folds(
        "Frupal_Kingdom:\nterrain: 3 6\n...\n# not a comment here\n# nor here\n",
        expect![[r#"
            2:1-5:11 Region
        "#]],
    );
}

#[test]
fn folds_crlf_maps() {
    FRUPAL.check_folds(
        "Frupal_Kingdom:\r\n#a\r\n#b\r\nterrain: 2 2\r\n..\r\n..\r\nstart: 0 0\r\n",
        expect![[r#"
            2:1-3:3 Comment
            4:1-6:3 Region
        "#]],
    );
}

#[test]
fn castle_outline() {
    let text = castle();
    let symbols = FRUPAL.open(&text, |file| Frupal.symbols(file));
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
