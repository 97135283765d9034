//! Hover on cells, tokens, attributes, edges, the version and floors, with definitions.

use crate::formats::test_support::{cursor, cursor_before, with_settings};
use crate::formats::wuas::tests::{saved_at, V1, V5_LABELLED};
use crate::formats::wuas::Wuas;
use crate::formats::{Format, Settings};
use expect_test::expect;

#[test]
fn hover_a_cell_shows_its_space_attributes_label_and_tokens() {
    saved_at("board.dat").check_hover(
        &cursor_before(V5_LABELLED, "ky! |"),
        expect![[r#"
            [ sky! ]
            **Cell** at floor 0, row 1, column 1

            **Space** `sky` — Sky: Open air.

            **Attributes**
            - `!` `isfloor` — Floor: Counts as a floor.

            **Tokens**
            - `a` `cake` (Cake), at (10, 12)
            - `b` `item` (Item), item `toast` (Toast), at (8, 8)"#]],
    );
    saved_at("board.dat").check_hover(
        &cursor_before(V5_LABELLED, "&A "),
        expect![[r#"
            [ &A   ]
            **Cell** at floor 0, row 1, column 2

            **Space** `gap` — Gap: Nothing: tokens fall through.

            **Label** `A`: in 1 graph edge(s)"#]],
    );
}

#[test]
fn hover_an_empty_cell_a_hidden_token_and_an_unknown_space() {
    saved_at("board.dat").check_hover(
        &cursor_before(V5_LABELLED, "X    |"),
        expect![[r#"
            [ X    ]
            **Cell** at floor inf, row 2, column 1

            **Space** `sky` — Sky: Open air.

            **Tokens**
            - `X` `ghost_HIDDEN`, at (0, 0) (hidden from players)"#]],
    );
    saved_at("board.dat").check_hover(
        &cursor_before(V5_LABELLED, "|      | sky  |\n|      | &B").replacen("$0|", "|$0", 1),
        expect![[r#"
            [      ]
            **Cell** at floor 0, row 2, column 1

            **Space** `gap` (an empty cell is the space `gap`) — Gap: Nothing: tokens fall through."#]],
    );
    saved_at("board.dat").check_hover(
        &cursor_before(
            &V5_LABELLED.replace("| sky  | sky  |\n| X", "| lava | skyw |\n| X"),
            "skyw",
        ),
        expect![[r#"
            [ skyw ]
            **Cell** at floor inf, row 2, column 2

            **Space** `skyw`: a composite space, layers `gap` + `sky`, with the effect of `sky`: Open air."#]],
    );
    saved_at("board.dat").check_hover(
        &cursor_before(
            &V5_LABELLED.replace("| sky  | sky  |\n| X", "| lava | skyw |\n| X"),
            "lava",
        ),
        expect![[r#"
        [ lava ]
        **Cell** at floor inf, row 2, column 1

        **Space** `lava` (no such space in the definitions file)

        **Tokens**
        - `X` `ghost_HIDDEN`, at (0, 0) (hidden from players)"#]],
    );
}

#[test]
fn hover_a_token_line_shows_its_definitions_and_uses() {
    saved_at("board.dat").check_hover(
        &cursor_before(V5_LABELLED, "b item toast"),
        expect![[r#"
            [b item toast 8 8]
            **Token `b`**: `item` — Item: An item on the board.

            stats: N/A

            **Item** `toast` — Toast: Heals 1 HP.

            Drawn at (8, 8) in its space (pixels).

            Used 1 time(s) in 1 cell(s):
            - floor 0, row 1, column 1"#]],
    );
    saved_at("board.dat").check_hover(
        &cursor_before(V5_LABELLED, "ghost_HIDDEN"),
        expect![[r#"
            [X ghost_HIDDEN nil 0 0]
            **Token `X`**: `ghost_HIDDEN` (no such token in the definitions file)

            Hidden token: kept in the datafile, hidden from players; needs no definition.

            No item.

            Drawn at (0, 0) in its space (pixels).

            Used 1 time(s) in 1 cell(s):
            - floor inf, row 2, column 1"#]],
    );
}

#[test]
fn hover_a_token_used_often_lists_the_first_few_places() {
    let board = V5_LABELLED
        .replace("| ab   | &A   |", "| aaa  | a&A  |")
        .replace("|      | &B   |", "| aa   | a&B  |");
    saved_at("board.dat").check_hover(
        &cursor_before(&board, "a cake"),
        expect![[r#"
            [a cake nil 10 12]
            **Token `a`**: `cake` — Cake: A cake.

            stats: N/A

            No item.

            Drawn at (10, 12) in its space (pixels).

            Used 7 time(s) in 4 cell(s):
            - floor 0, row 1, column 1 (×3)
            - floor 0, row 1, column 2
            - floor 0, row 2, column 1 (×2)
            - floor 0, row 2, column 2"#]],
    );
}

#[test]
fn hover_an_attribute_line_an_edge_the_version_and_a_floor() {
    saved_at("board.dat").check_hover(
        &cursor_before(V5_LABELLED, "isfloor"),
        expect![[r#"
            [! isfloor]
            **Attribute `!`**: `isfloor` — Floor: Counts as a floor.

            outlinecolor: saddlebrown

            Used 1 time(s) in 1 cell(s):
            - floor 0, row 1, column 1"#]],
    );
    saved_at("board.dat").check_hover(
        &cursor_before(&V5_LABELLED.replace("A--B", "A--B\nA--C"), "A--C"),
        expect![[r#"
            [A--C]
            **Graph edge**: a highway line drawn between two labelled spaces of one floor.

            - `A`: floor 0, row 1, column 2, space `gap`
            - `C`: floor inf, row 1, column 2, space `sky`"#]],
    );
    saved_at("board.dat").check_hover(
        &cursor_before(V5_LABELLED, "5\ntitle"),
        expect![[r#"
            [5]
            **WUAS datafile, version 5**: as version 4, plus hidden tokens (names ending `_HIDDEN`, item `nil`, position `0 0`).

            Definitions: `$DIR/definitions.json` (found beside the file or in a parent folder): 5 spaces, 1 composite spaces, 3 tokens, 1 items, 1 attributes."#]],
    );
    saved_at("board.dat").check_hover(
        &cursor_before(V5_LABELLED, "floor=inf"),
        expect![[r#"
            [floor=inf]
            **`floor=`**: starts the board of the infinity floor `inf`: 2×2 cells, 1 token(s).

            A floor id is an integer or `inf`, unique in the file; every floor has the size of the first, and a blank line ends each board."#]],
    );
}

#[test]
fn hover_on_a_damaged_version_line_says_which_version_levls_reads() {
    let damaged = V1.replace("\n1\n", "\nv1\n");
    let (text, offset) = cursor(&cursor_before(&damaged, "v1\n+"));
    let hover = with_settings(&Wuas, &text, "", &Settings::default(), |f| {
        Wuas.hover(f, offset)
    })
    .unwrap();
    assert!(
        hover.markdown.contains("**WUAS datafile, version 1**")
            && hover.markdown.contains("damaged or missing")
            && hover.markdown.contains("levls reads the file as version 1"),
        "{}",
        hover.markdown
    );
}

#[test]
fn hover_without_definitions_says_how_to_give_one() {
    let (text, offset) = cursor(&cursor_before(V1, "1\n+"));
    let hover = with_settings(&Wuas, &text, "", &Settings::default(), |f| {
        Wuas.hover(f, offset)
    })
    .unwrap();
    expect![[r#"
        **WUAS datafile, version 1**: one board, no metadata; `*` and `?` in a space cell are stripped; a token table ends the file.

        No definitions file, so space, token, item and attribute names are not checked: add a `definitions: path/to/game.json` metadata line (v2+), set `wuas.definitions` in the editor (or `levls check --wuas-definitions`, or `levls.toml`), or put a `definitions.json` beside the file."#]]
    .assert_eq(&hover.markdown);
    let (text, offset) = cursor(&cursor_before(V1, "eutral*"));
    let hover = with_settings(&Wuas, &text, "", &Settings::default(), |f| {
        Wuas.hover(f, offset)
    })
    .unwrap();
    expect![[r#"
        **Cell** at floor 0, row 1, column 1

        **Space** `neutral`

        `*`: stripped by the tool (before version 3 `*` and `?` are not attributes)

        **Tokens**
        - `a` `cake`, at (10, 12)"#]]
    .assert_eq(&hover.markdown);
}
