//! The validator's name checks against a definitions file (in a temporary folder: `$DIR`).

use crate::formats::settings::Value;
use crate::formats::test_support::render_diagnostics_with;
use crate::formats::wuas::tests::{saved_at, setting, V1, V5_LABELLED};
use crate::formats::wuas::Wuas;
use crate::formats::Settings;
use expect_test::expect;
use std::path::Path;

#[test]
fn a_valid_board_is_clean_with_its_definitions() {
    saved_at("board.dat").check_diagnostics(V5_LABELLED, expect![""]);
    saved_at("board.dat").check_diagnostics(V1, expect![""]);
    // A composite space is a space too.
    saved_at("board.dat").check_diagnostics(
        &V5_LABELLED.replace("| sky  | sky  |\n| X", "| skyw | sky  |\n| X"),
        expect![""],
    );
}

#[test]
fn unknown_space_names_with_did_you_mean_and_a_fix() {
    saved_at("board.dat").check_diagnostics(
        &V5_LABELLED.replace("| sky! | gap  |", "| skky!| gap  |")
            .replace("| sky  | sky  |\n| X", "| Sky  | lava |\n| X"),
        expect![[r#"
            8:3-8:7 error wuas::unknown-space: No such space skky: definitions.json defines no space `skky`; did you mean `sky`?
                fix: Change to `sky` → `| sky!| gap  |`
            20:3-20:6 error wuas::unknown-space: No such space Sky: definitions.json defines no space `Sky`; did you mean `sky`?
                fix: Change to `sky` → `| sky  | lava |`
            20:10-20:14 error wuas::unknown-space: No such space lava: definitions.json defines no space `lava`
        "#]],
    );
}

#[test]
fn a_digit_ends_the_name_from_version_3_so_blob00_is_never_suggested() {
    // `blob0` is the space `blob` with attribute `0` from version 3; only
    // names of letters are offered there.
    saved_at("board.dat").check_diagnostics(
        &V5_LABELLED.replace("| sky  | sky  |\n| X", "| blob | sky  |\n| X"),
        expect![[r#"
            20:3-20:7 error wuas::unknown-space: No such space blob: definitions.json defines no space `blob`
        "#]],
    );
    saved_at("board.dat").check_diagnostics(
        &V1.replace("| neutral* |", "| blob0*   |"),
        expect![[r#"
            5:3-5:8 error wuas::unknown-space: No such space blob0: definitions.json defines no space `blob0`; did you mean `blob00`?
                fix: Change to `blob00` → `| blob00*   |          |`
        "#]],
    );
}

#[test]
fn empty_cells_are_gap_which_older_definitions_may_lack() {
    saved_at("board.dat").with(&setting("no-gap.json")).check_diagnostics(
        V1,
        expect![[r#"
            5:13-5:23 error wuas::unknown-space: No such space gap: an empty cell is the space `gap`, which no-gap.json does not define
        "#]],
    );
}

#[test]
fn unknown_token_and_item_names_on_the_token_line() {
    saved_at("board.dat").check_diagnostics(
        &V5_LABELLED.replace("a cake nil", "a cakke nil")
            .replace("b item toast", "b item Toast"),
        expect![[r#"
            25:3-25:8 error wuas::unknown-token-name: No such token cakke: definitions.json defines no token `cakke`; did you mean `cake`?
                fix: Change to `cake` → `a cake nil 10 12`
            26:8-26:13 error wuas::unknown-item: No such item Toast: definitions.json defines no item `Toast`; did you mean `toast`?
                fix: Change to `toast` → `b item toast 8 8`
        "#]],
    );
    // `NIL` is not `nil`.
    saved_at("board.dat").check_diagnostics(
        &V5_LABELLED.replace("a cake nil", "a cake NIL"),
        expect![[r#"
            25:8-25:11 error wuas::unknown-item: No such item NIL: definitions.json defines no item `NIL` (no item is written `nil`, in lower case); did you mean `nil`?
                fix: Change to `nil` → `a cake nil 10 12`
        "#]],
    );
}

#[test]
fn hidden_tokens_need_no_definition_from_version_5_only() {
    saved_at("board.dat").check_diagnostics(V5_LABELLED, expect![""]);
    let v4 = V5_LABELLED.replace("\n5\n", "\n4\n");
    saved_at("board.dat").check_diagnostics(
        &v4,
        expect![[r#"
            27:3-27:15 error wuas::unknown-token-name: No such token ghost_HIDDEN: definitions.json defines no token `ghost_HIDDEN`
        "#]],
    );
}

#[test]
fn names_the_validator_never_looks_up_are_warnings() {
    saved_at("board.dat").check_diagnostics(
        &V5_LABELLED.replace(
            "X ghost_HIDDEN nil 0 0",
            "X ghost_HIDDEN nil 0 0\nz zombie nil 0 0\nb kake nil 1 1",
        )
        .replace("a cake nil 10 12", "a cake nil 10 12\nb kaka nil 1 1"),
        expect![[r#"
            26:3-26:7 warning wuas::unknown-token-name: No such token kaka: definitions.json defines no token `kaka` (line 30 defines token `b` again and replaces this line, so the validator never looks this one up); did you mean `cake`?
                fix: Change to `cake` → `b cake nil 1 1`
            27:1-27:2 warning wuas::duplicate-id: token `b` is already defined on line 26; this definition replaces it
            29:1-29:2 hint wuas::unused-definition: token `z` is defined but not used on the board
            29:3-29:9 warning wuas::unknown-token-name: No such token zombie: definitions.json defines no token `zombie` (token `z` is not used on the board, so the validator does not look it up)
            30:1-30:2 warning wuas::duplicate-id: token `b` is already defined on line 27; this definition replaces it
            30:3-30:7 error wuas::unknown-token-name: No such token kake: definitions.json defines no token `kake`; did you mean `cake`?
                fix: Change to `cake` → `b cake nil 1 1`
        "#]],
    );
}

#[test]
fn unknown_attribute_names() {
    saved_at("board.dat").check_diagnostics(
        &V5_LABELLED.replace("! isfloor", "! isflor\n? lava"),
        expect![[r#"
            29:3-29:9 error wuas::unknown-attribute-name: No such attribute isflor: definitions.json defines no attribute `isflor`; did you mean `isfloor`?
                fix: Change to `isfloor` → `! isfloor`
            30:1-30:2 hint wuas::unused-definition: attribute `?` is defined but not used on the board
            30:3-30:7 warning wuas::unknown-attribute-name: No such attribute lava: definitions.json defines no attribute `lava` (attribute `?` is not used on the board, so the validator does not look it up)
        "#]],
    );
}

#[test]
fn a_fatal_loader_error_skips_the_name_checks() {
    // The tool stops at the floor list, so the names are never validated.
    saved_at("board.dat").check_diagnostics(
        &V5_LABELLED.replace("| sky! |", "| skky! |")
            .replace("floor=inf", "flor=inf"),
        expect![[r#"
            7:1-7:16 warning wuas::border: this border does not match the boxes of its row (`+` above every `|`, `-` between): the tool never reads borders, but people do
            8:2-8:9 warning wuas::box-width: this box is 7 characters wide, the others 6: the spec wants one width in the whole file (the tool does not mind); format the document to align them
            15:1-15:9 error wuas::floor-line: the tool expects `floor=N` or the blank line that ends the floors here: Expecting floor number
        "#]],
    );
}

#[test]
fn the_real_2024_definitions_accept_a_2024_board_and_catch_a_typo() {
    let defs = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/corpus/wuas/definitions/wuas_rocket.json");
    let settings = Settings::default().with(
        &crate::formats::wuas::settings::DEFINITIONS,
        Value::Path(defs),
    );
    let board = "# rocket\n\n5\n\nfloor=0\n+----------+----------+\n| neutral  | shop     |\n| a        |          |\n+----------+----------+\n\n\na goldcoin nil 16 16\n";
    assert_eq!(
        render_diagnostics_with(&Wuas, board, "/nowhere/board.dat", &settings),
        ""
    );
    let typo = board.replace("| shop     |", "| shp      |");
    expect![[r#"
        7:14-7:17 error wuas::unknown-space: No such space shp: wuas_rocket.json defines no space `shp`; did you mean `shop`?
            fix: Change to `shop` → `| neutral  | shop      |`
    "#]]
    .assert_eq(&render_diagnostics_with(&Wuas, &typo, "/nowhere/board.dat", &settings));
}

#[test]
fn a_box_widened_by_a_misspelt_name_is_fixed_by_the_name_not_by_formatting() {
    // The box is one wider because of the typo: "Change to `sky`" aligns it
    // again; "Format the document" (once offered here) would shrink the
    // padding around the typo and leave the box too narrow once it is fixed.
    saved_at("board.dat").check_diagnostics(
        &V5_LABELLED.replace("| sky! | gap  |", "| skky! | gap  |"),
        expect![[r#"
            7:1-7:16 warning wuas::border: this border does not match the boxes of its row (`+` above every `|`, `-` between): the tool never reads borders, but people do
            8:2-8:9 warning wuas::box-width: this box is 7 characters wide, the others 6: the spec wants one width in the whole file (the tool does not mind); fix the error in this box first, it may be why the box is wider
            8:3-8:7 error wuas::unknown-space: No such space skky: definitions.json defines no space `skky`; did you mean `sky`?
                fix: Change to `sky` → `| sky! | gap  |`
        "#]],
    );
}
