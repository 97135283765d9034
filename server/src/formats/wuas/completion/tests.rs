//! Completion of token ids, space names, attribute ids, footer names and labels.

use crate::formats::test_support::cursor_before;
use crate::formats::wuas::tests::{unsaved_with_definitions, V1, V5_LABELLED, WUAS};
use expect_test::expect;

/// `board` with every box 10 characters wide, room for the longer names.
fn wide(board: &str) -> String {
    let widen = |line: &str| {
        if line.starts_with("+-") {
            line.replace("------", "----------")
        } else if line.starts_with('|') {
            let cells: Vec<String> = line
                .trim_matches('|')
                .split('|')
                .map(|c| format!("{c:<10}"))
                .collect();
            format!("|{}|", cells.join("|"))
        } else {
            line.to_string()
        }
    };
    board.lines().map(|l| widen(l) + "\n").collect()
}

#[test]
fn completion_of_token_ids_in_a_token_cell() {
    unsaved_with_definitions().check_completions(
        &cursor_before(V5_LABELLED, "b   | &A"),
        expect![[r#"
            X () — ghost_HIDDEN
            a () — cake
            b () — item · item toast"#]],
    );
    // After `&` comes a label's character: nothing to offer.
    unsaved_with_definitions()
        .check_completions(&V5_LABELLED.replace("| &A   |", "| &$0A   |"), expect![""]);
}

#[test]
fn completion_of_space_names_and_attribute_ids_in_a_space_cell() {
    unsaved_with_definitions().check_completions(
        &wide(V5_LABELLED).replace("| sky!     |", "| sk$0y!     |"),
        expect![[r#"
            altar (sky!     ) ⇒ altar!    — altar
            gap (sky!     ) ⇒ gap!      — Gap
            neutral (sky!     ) ⇒ neutral!  — Neutral Space
            sky (sky!     ) ⇒ sky!      — Sky
            skyw (sky!     ) ⇒ skyw!     — composite: gap + sky"#]],
    );
    unsaved_with_definitions().check_completions(
        &wide(V5_LABELLED).replace("| sky!     |", "| sky$0!     |"),
        expect![[r#"
            altar (sky!     ) ⇒ altar!    — altar
            gap (sky!     ) ⇒ gap!      — Gap
            neutral (sky!     ) ⇒ neutral!  — Neutral Space
            sky (sky!     ) ⇒ sky!      — Sky
            skyw (sky!     ) ⇒ skyw!     — composite: gap + sky
            ! (!     ) ⇒ !!     — attribute isfloor"#]],
    );
    unsaved_with_definitions().check_completions(
        &wide(V5_LABELLED).replace("| sky!     |", "| sky!$0     |"),
        expect!["! (     ) ⇒ !     — attribute isfloor"],
    );
    // In version 1 a blank cell takes any name, `blob00` included; no attribute ids.
    unsaved_with_definitions().check_completions(
        &V1.replace("|          |\n| a", "| $0         |\n| a"),
        expect![[r#"
            altar (         ) ⇒ altar     — altar
            blob00 (         ) ⇒ blob00    — Blob
            gap (         ) ⇒ gap       — Gap
            neutral (         ) ⇒ neutral   — Neutral Space
            sky (         ) ⇒ sky       — Sky
            skyw (         ) ⇒ skyw      — composite: gap + sky"#]],
    );
}

#[test]
fn completion_without_definitions_offers_the_names_on_the_board() {
    WUAS.at("").check_completions(
        &wide(V5_LABELLED).replace("| sky!     |", "| s$0ky!     |"),
        expect![[r#"
            gap (sky!     ) ⇒ gap!      — used in this file
            sky (sky!     ) ⇒ sky!      — used in this file"#]],
    );
    WUAS.at("")
        .check_completions(&cursor_before(V5_LABELLED, "item toast"), expect![""]);
}

#[test]
fn completion_of_token_item_and_attribute_names_in_the_footer() {
    unsaved_with_definitions().check_completions(
        &V5_LABELLED.replace("b item toast", "b it$0 toast"),
        expect![[r#"
            cake (it) — Cake
            ghost (it) — Ghost
            item (it) — Item"#]],
    );
    unsaved_with_definitions().check_completions(
        &V5_LABELLED.replace("b item toast", "b item to$0"),
        expect![[r#"
            nil (to) — no item
            toast (to) — Toast"#]],
    );
    // A half-written line at the end of the table completes too.
    unsaved_with_definitions().check_completions(
        &V5_LABELLED.replace("X ghost_HIDDEN nil 0 0", "X ghost_HIDDEN nil 0 0\nc $0"),
        expect![[r#"
            cake () — Cake
            ghost () — Ghost
            item () — Item"#]],
    );
    unsaved_with_definitions().check_completions(
        &V5_LABELLED.replace("! isfloor", "! is$0"),
        expect!["isfloor (is) — Floor"],
    );
}

#[test]
fn completion_of_labels_in_graph_edges_keeps_to_one_floor() {
    unsaved_with_definitions().check_completions(
        &V5_LABELLED.replace("A--B", "$0"),
        expect![""], // an empty line ends the graph section
    );
    unsaved_with_definitions().check_completions(
        &V5_LABELLED.replace("A--B", "A--B\n$0-"),
        expect![[r#"
            A (-) — floor 0, row 1, column 2: gap
            B (-) — floor 0, row 2, column 2: sky
            C (-) — floor inf, row 1, column 2: sky"#]],
    );
    unsaved_with_definitions().check_completions(
        &V5_LABELLED.replace("A--B", "A--$0"),
        expect!["B () — floor 0, row 2, column 2: sky"],
    );
    unsaved_with_definitions().check_completions(
        &V5_LABELLED.replace("A--B", "$0--B"),
        expect!["A () — floor 0, row 1, column 2: gap"],
    );
    // C is alone on its floor.
    unsaved_with_definitions()
        .check_completions(&V5_LABELLED.replace("A--B", "$0--C"), expect![""]);
}
