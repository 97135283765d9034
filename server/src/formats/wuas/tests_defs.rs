//! Fixture tests for what a definitions file adds: the validator's name
//! checks, finding the file, hover and completion. The definitions live in
//! a temporary folder (`$DIR` in the snapshots); `UPDATE_EXPECT=1 cargo test`
//! rewrites the snapshots.

use super::Wuas;
use crate::formats::test_support::{cursor, render_diagnostics_with, with_settings};
use crate::formats::{Format, Settings};
use crate::settings::Value;
use expect_test::{expect, Expect};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

const DEFINITIONS: &str = r#"{
  "spaces": {
    "sky": {"name": "Sky", "coords": "0,0,33,33", "visual": "light blue", "desc": "Open air."},
    "gap": {"name": "Gap", "coords": "0,0,33,33", "visual": "black", "desc": "Nothing: tokens fall through."},
    "neutral": {"name": "Neutral Space", "coords": "0,0,33,33", "visual": "gray", "desc": "No effect."},
    "altar": {"name": "altar", "coords": "0,0,33,33", "visual": "gold", "desc": "Make a wish."},
    "blob00": {"name": "Blob", "coords": "0,0,33,33", "visual": "green", "desc": "Only writable before version 3."}
  },
  "composite_spaces": {"skyw": {"effect": "sky", "layers": ["gap", "sky"]}},
  "tokens": {
    "cake": {"name": "Cake", "stats": "N/A", "thumbnail": [0, 0], "desc": "A cake."},
    "item": {"name": "Item", "stats": "N/A", "thumbnail": [16, 0], "desc": "An item on the board."},
    "ghost": {"name": "Ghost", "stats": "3 HP", "thumbnail": [32, 0], "desc": "Spooky."}
  },
  "items": {"toast": {"name": "Toast", "desc": "Heals 1 HP."}},
  "attributes": {"isfloor": {"name": "Floor", "outlinecolor": "saddlebrown", "desc": "Counts as a floor."}}
}"#;

/// Definitions without `gap`, for the older games' empty cells.
const NO_GAP: &str =
    r#"{"spaces": {"neutral": {"name": "Neutral", "desc": "No effect."}}, "tokens": {"cake": {}}}"#;

/// A temporary folder: `definitions.json`, `no-gap.json`, `broken.json` and `nested/deeper/`.
fn dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("levls-wuas-defs-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("nested/deeper")).unwrap();
        std::fs::write(dir.join("definitions.json"), DEFINITIONS).unwrap();
        std::fs::write(dir.join("no-gap.json"), NO_GAP).unwrap();
        std::fs::write(dir.join("broken.json"), "{\"spaces\": {").unwrap();
        dir
    })
}

fn setting(file: &str) -> Settings {
    definitions_setting(dir().join(file))
}

fn definitions_setting(path: PathBuf) -> Settings {
    Settings::default().with(&super::settings::DEFINITIONS, Value::Path(path))
}

/// The temporary folder's path written as `$DIR`.
fn stable(text: &str) -> String {
    text.replace(&dir().display().to_string(), "$DIR")
}

/// Diagnostics of `text` saved as `$DIR/<path>` with `settings`.
fn check_at(text: &str, path: &str, settings: &Settings, expect: Expect) {
    let path = dir().join(path);
    expect.assert_eq(&stable(&render_diagnostics_with(
        &Wuas,
        text,
        path.to_str().unwrap(),
        settings,
    )));
}

/// Diagnostics of `text` beside `definitions.json`.
fn check(text: &str, expect: Expect) {
    check_at(text, "board.dat", &Settings::default(), expect);
}

fn check_hover(fixture: &str, expect: Expect) {
    let (text, offset) = cursor(fixture);
    let path = dir().join("board.dat");
    let hover = with_settings(
        &Wuas,
        &text,
        path.to_str().unwrap(),
        &Settings::default(),
        |f| Wuas.hover(f, offset),
    );
    let shown = hover.map_or("(no hover)".to_string(), |h| {
        format!("[{}]\n{}", &text[h.range], h.markdown)
    });
    expect.assert_eq(&stable(&shown));
}

/// `label (replaced text) — detail`, one per line.
fn check_completions_with(fixture: &str, settings: &Settings, expect: Expect) {
    let (text, offset) = cursor(fixture);
    // An unsaved buffer: only `settings` can name the definitions.
    let items = with_settings(&Wuas, &text, "", settings, |f| Wuas.completions(f, offset));
    let shown: Vec<String> = items
        .iter()
        .map(|c| {
            let mut line = format!("{} ({})", c.label, &text[c.replace.clone()]);
            if let Some(detail) = &c.detail {
                line.push_str(&format!(" — {detail}"));
            }
            line
        })
        .collect();
    expect.assert_eq(&shown.join("\n"));
}

fn check_completions(fixture: &str, expect: Expect) {
    check_completions_with(fixture, &setting("definitions.json"), expect);
}

/// A valid version-5 board: two floors of 2×2, a label on each, an edge.
const V5: &str = "# test board

5
title: A test

floor=0
+------+------+
| sky! | gap  |
| ab   | &A   |
+------+------+
|      | sky  |
|      | &B   |
+------+------+

floor=inf
+------+------+
| sky  | sky  |
|      | &C   |
+------+------+
| sky  | sky  |
| X    |      |
+------+------+


a cake nil 10 12
b item toast 8 8
X ghost_HIDDEN nil 0 0

! isfloor

A--B
";

/// A version-1 board in the style of the 2018 renderer: `*` stripped, blank cells are `gap`.
const V1: &str = "# old

1
+----------+----------+
| neutral* |          |
| a        |          |
+----------+----------+

a cake nil 10 12
";

/// `$0` put before the first occurrence of `at` in `text`.
fn at(text: &str, at: &str) -> String {
    let i = text
        .find(at)
        .unwrap_or_else(|| panic!("{at:?} is in the fixture"));
    format!("{}$0{}", &text[..i], &text[i..])
}

// ---- The validator's name checks ----

#[test]
fn a_valid_board_is_clean_with_its_definitions() {
    check(V5, expect![""]);
    check(V1, expect![""]);
    // A composite space is a space too.
    check(
        &V5.replace("| sky  | sky  |\n| X", "| skyw | sky  |\n| X"),
        expect![""],
    );
}

#[test]
fn unknown_space_names_with_did_you_mean_and_a_fix() {
    check(
        &V5.replace("| sky! | gap  |", "| skky!| gap  |")
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
    check(
        &V5.replace("| sky  | sky  |\n| X", "| blob | sky  |\n| X"),
        expect![[r#"
            20:3-20:7 error wuas::unknown-space: No such space blob: definitions.json defines no space `blob`
        "#]],
    );
    check(
        &V1.replace("| neutral* |", "| blob0*   |"),
        expect![[r#"
            5:3-5:8 error wuas::unknown-space: No such space blob0: definitions.json defines no space `blob0`; did you mean `blob00`?
                fix: Change to `blob00` → `| blob00*   |          |`
        "#]],
    );
}

#[test]
fn empty_cells_are_gap_which_older_definitions_may_lack() {
    check_at(
        V1,
        "board.dat",
        &setting("no-gap.json"),
        expect![[r#"
            5:13-5:23 error wuas::unknown-space: No such space gap: an empty cell is the space `gap`, which no-gap.json does not define
        "#]],
    );
}

#[test]
fn unknown_token_and_item_names_on_the_token_line() {
    check(
        &V5.replace("a cake nil", "a cakke nil")
            .replace("b item toast", "b item Toast"),
        expect![[r#"
            25:3-25:8 error wuas::unknown-token-name: No such token cakke: definitions.json defines no token `cakke`; did you mean `cake`?
                fix: Change to `cake` → `a cake nil 10 12`
            26:8-26:13 error wuas::unknown-item: No such item Toast: definitions.json defines no item `Toast`; did you mean `toast`?
                fix: Change to `toast` → `b item toast 8 8`
        "#]],
    );
    // `NIL` is not `nil`.
    check(
        &V5.replace("a cake nil", "a cake NIL"),
        expect![[r#"
            25:8-25:11 error wuas::unknown-item: No such item NIL: definitions.json defines no item `NIL` (no item is written `nil`, in lower case); did you mean `nil`?
                fix: Change to `nil` → `a cake nil 10 12`
        "#]],
    );
}

#[test]
fn hidden_tokens_need_no_definition_from_version_5_only() {
    check(V5, expect![""]);
    let v4 = V5.replace("\n5\n", "\n4\n");
    check(
        &v4,
        expect![[r#"
            27:3-27:15 error wuas::unknown-token-name: No such token ghost_HIDDEN: definitions.json defines no token `ghost_HIDDEN`
        "#]],
    );
}

#[test]
fn names_the_validator_never_looks_up_are_warnings() {
    check(
        &V5.replace(
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
    check(
        &V5.replace("! isfloor", "! isflor\n? lava"),
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
    check(
        &V5.replace("| sky! |", "| skky! |")
            .replace("floor=inf", "flor=inf"),
        expect![[r#"
            7:1-7:16 warning wuas::border: this border does not match the boxes of its row (`+` above every `|`, `-` between): the tool never reads borders, but people do
            8:2-8:9 warning wuas::box-width: this box is 7 characters wide, the others 6: the spec wants one width in the whole file (the tool does not mind); format the document to align them
            15:1-15:9 error wuas::floor-line: the tool expects `floor=N` or the blank line that ends the floors here: Expecting floor number
        "#]],
    );
}

// ---- Finding the definitions file ----

#[test]
fn found_beside_the_file_or_in_a_parent_folder() {
    let typo = V1.replace("neutral*", "neutrl* ");
    let expected = "5:3-5:9 error wuas::unknown-space: No such space neutrl: definitions.json defines no space `neutrl`; did you mean `neutral`?\n    fix: Change to `neutral` → `| neutral*  |          |`\n";
    for path in ["board.dat", "nested/board.dat", "nested/deeper/board.dat"] {
        let shown = stable(&render_diagnostics_with(
            &Wuas,
            &typo,
            dir().join(path).to_str().unwrap(),
            &Settings::default(),
        ));
        assert_eq!(shown, expected, "{path}");
    }
}

#[test]
fn without_a_definitions_file_names_are_not_checked() {
    // No path (an unsaved buffer), and a folder with no definitions.json above it.
    let typo = V5.replace("| sky! |", "| skky!|");
    assert_eq!(
        render_diagnostics_with(&Wuas, &typo, "", &Settings::default()),
        ""
    );
    let root_only = std::env::temp_dir().join(format!("levls-wuas-none-{}", std::process::id()));
    std::fs::create_dir_all(&root_only).unwrap();
    let shown = render_diagnostics_with(
        &Wuas,
        &typo,
        root_only.join("b.dat").to_str().unwrap(),
        &Settings::default(),
    );
    assert!(!shown.contains("unknown-space"), "{shown}");
}

#[test]
fn the_setting_beats_the_file_beside_and_metadata_beats_both() {
    let board = V5.replace("| sky! | gap  |", "| sky! |      |");
    check_at(
        &board,
        "board.dat",
        &setting("no-gap.json"),
        expect![[r#"
            8:3-8:6 error wuas::unknown-space: No such space sky: no-gap.json defines no space `sky`
            8:9-8:15 error wuas::unknown-space: No such space gap: an empty cell is the space `gap`, which no-gap.json does not define
            11:2-11:8 error wuas::unknown-space: No such space gap: an empty cell is the space `gap`, which no-gap.json does not define
            11:10-11:13 error wuas::unknown-space: No such space sky: no-gap.json defines no space `sky`
            17:3-17:6 error wuas::unknown-space: No such space sky: no-gap.json defines no space `sky`
            17:10-17:13 error wuas::unknown-space: No such space sky: no-gap.json defines no space `sky`
            20:3-20:6 error wuas::unknown-space: No such space sky: no-gap.json defines no space `sky`
            20:10-20:13 error wuas::unknown-space: No such space sky: no-gap.json defines no space `sky`
            26:3-26:7 error wuas::unknown-token-name: No such token item: no-gap.json defines no token `item`
            26:8-26:13 error wuas::unknown-item: No such item toast: no-gap.json defines no item `toast`
            29:3-29:10 error wuas::unknown-attribute-name: No such attribute isfloor: no-gap.json defines no attribute `isfloor`
        "#]],
    );
    // The metadata key is relative to the datafile: `../definitions.json` from `nested/`.
    let named = board.replace(
        "title: A test",
        "title: A test\ndefinitions: ../definitions.json",
    );
    check_at(
        &named,
        "nested/board.dat",
        &setting("no-gap.json"),
        expect![""],
    );
}

#[test]
fn a_definitions_file_that_cannot_be_read_is_a_warning_where_it_is_named() {
    let named = V5.replace("title: A test", "definitions: missing.json");
    check_at(
        &named,
        "board.dat",
        &Settings::default(),
        expect![[r#"
            4:14-4:26 warning wuas::definitions-file: cannot read the definitions file $DIR/missing.json (named here): No such file or directory (os error 2); space, token, item and attribute names are not checked
        "#]],
    );
    check_at(
        V5,
        "board.dat",
        &setting("broken.json"),
        expect![[r#"
            3:1-3:2 warning wuas::definitions-file: cannot read the definitions file $DIR/broken.json (set in the levls setting `wuas.definitions`): invalid JSON: EOF while parsing an object at line 1 column 12; space, token, item and attribute names are not checked
        "#]],
    );
    // A device would never end: refused without reading it.
    let device = V5.replace("title: A test", "definitions: /dev/zero");
    let shown = render_diagnostics_with(&Wuas, &device, "board.dat", &Settings::default());
    assert!(
        shown.contains("/dev/zero (named here): it is not a regular file"),
        "{shown}"
    );
    // Relative to an unsaved file: nothing to resolve it against.
    let shown = render_diagnostics_with(&Wuas, &named, "", &Settings::default());
    assert!(
        shown
            .contains("`missing.json` is relative to the datafile, and this file is not saved yet"),
        "{shown}"
    );
}

#[test]
fn the_real_2024_definitions_accept_a_2024_board_and_catch_a_typo() {
    let defs = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/corpus/wuas/definitions/wuas_rocket.json");
    let settings = definitions_setting(defs);
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

// ---- Hover ----

#[test]
fn hover_a_cell_shows_its_space_attributes_label_and_tokens() {
    check_hover(
        &at(V5, "ky! |"),
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
    check_hover(
        &at(V5, "&A "),
        expect![[r#"
            [ &A   ]
            **Cell** at floor 0, row 1, column 2

            **Space** `gap` — Gap: Nothing: tokens fall through.

            **Label** `A`: in 1 graph edge(s)"#]],
    );
}

#[test]
fn hover_an_empty_cell_a_hidden_token_and_an_unknown_space() {
    check_hover(
        &at(V5, "X    |"),
        expect![[r#"
            [ X    ]
            **Cell** at floor inf, row 2, column 1

            **Space** `sky` — Sky: Open air.

            **Tokens**
            - `X` `ghost_HIDDEN`, at (0, 0) (hidden from players)"#]],
    );
    check_hover(
        &at(V5, "|      | sky  |\n|      | &B").replacen("$0|", "|$0", 1),
        expect![[r#"
            [      ]
            **Cell** at floor 0, row 2, column 1

            **Space** `gap` (an empty cell is the space `gap`) — Gap: Nothing: tokens fall through."#]],
    );
    check_hover(
        &at(
            &V5.replace("| sky  | sky  |\n| X", "| lava | skyw |\n| X"),
            "skyw",
        ),
        expect![[r#"
            [ skyw ]
            **Cell** at floor inf, row 2, column 2

            **Space** `skyw`: a composite space, layers `gap` + `sky`, with the effect of `sky`: Open air."#]],
    );
    check_hover(
        &at(
            &V5.replace("| sky  | sky  |\n| X", "| lava | skyw |\n| X"),
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
    check_hover(
        &at(V5, "b item toast"),
        expect![[r#"
            [b item toast 8 8]
            **Token `b`**: `item` — Item: An item on the board.

            stats: N/A

            **Item** `toast` — Toast: Heals 1 HP.

            Drawn at (8, 8) in its space (pixels).

            Used 1 time(s) in 1 cell(s):
            - floor 0, row 1, column 1"#]],
    );
    check_hover(
        &at(V5, "ghost_HIDDEN"),
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
    let board = V5
        .replace("| ab   | &A   |", "| aaa  | a&A  |")
        .replace("|      | &B   |", "| aa   | a&B  |");
    check_hover(
        &at(&board, "a cake"),
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
    check_hover(
        &at(V5, "isfloor"),
        expect![[r#"
            [! isfloor]
            **Attribute `!`**: `isfloor` — Floor: Counts as a floor.

            outlinecolor: saddlebrown

            Used 1 time(s) in 1 cell(s):
            - floor 0, row 1, column 1"#]],
    );
    check_hover(
        &at(&V5.replace("A--B", "A--B\nA--C"), "A--C"),
        expect![[r#"
            [A--C]
            **Graph edge**: a highway line drawn between two labelled spaces of one floor.

            - `A`: floor 0, row 1, column 2, space `gap`
            - `C`: floor inf, row 1, column 2, space `sky`"#]],
    );
    check_hover(
        &at(V5, "5\ntitle"),
        expect![[r#"
            [5]
            **WUAS datafile, version 5**: as version 4, plus hidden tokens (names ending `_HIDDEN`, item `nil`, position `0 0`).

            Definitions: `$DIR/definitions.json` (found beside the file or in a parent folder): 5 spaces, 1 composite spaces, 3 tokens, 1 items, 1 attributes."#]],
    );
    check_hover(
        &at(V5, "floor=inf"),
        expect![[r#"
            [floor=inf]
            **`floor=`**: starts the board of the infinity floor `inf`: 2×2 cells, 1 token(s).

            A floor id is an integer or `inf`, unique in the file; every floor has the size of the first, and a blank line ends each board."#]],
    );
}

#[test]
fn hover_without_definitions_says_how_to_give_one() {
    let (text, offset) = cursor(&at(V1, "1\n+"));
    let hover = with_settings(&Wuas, &text, "", &Settings::default(), |f| {
        Wuas.hover(f, offset)
    })
    .unwrap();
    expect![[r#"
        **WUAS datafile, version 1**: one board, no metadata; `*` and `?` in a space cell are stripped; a token table ends the file.

        No definitions file, so space, token, item and attribute names are not checked: add a `definitions: path/to/game.json` metadata line (v2+), set `wuas.definitions` in the editor (or `levls check --wuas-definitions`, or `levls.toml`), or put a `definitions.json` beside the file."#]]
    .assert_eq(&hover.markdown);
    let (text, offset) = cursor(&at(V1, "eutral*"));
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

// ---- Completion ----

#[test]
fn completion_of_token_ids_in_a_token_cell() {
    check_completions(
        &at(V5, "b   | &A"),
        expect![[r#"
            X () — ghost_HIDDEN
            a () — cake
            b () — item · item toast"#]],
    );
    // After `&` comes a label's character: nothing to offer.
    check_completions(&V5.replace("| &A   |", "| &$0A   |"), expect![""]);
}

#[test]
fn completion_of_space_names_and_attribute_ids_in_a_space_cell() {
    check_completions(
        &V5.replace("| sky! |", "| sk$0y! |"),
        expect![[r#"
            altar (sky) — altar
            gap (sky) — Gap
            neutral (sky) — Neutral Space
            sky (sky) — Sky
            skyw (sky) — composite: gap + sky"#]],
    );
    check_completions(
        &V5.replace("| sky! |", "| sky$0! |"),
        expect![[r#"
            altar (sky) — altar
            gap (sky) — Gap
            neutral (sky) — Neutral Space
            sky (sky) — Sky
            skyw (sky) — composite: gap + sky
            ! () — attribute isfloor"#]],
    );
    check_completions(
        &V5.replace("| sky! |", "| sky!$0 |"),
        expect!["! () — attribute isfloor"],
    );
    // In version 1 a blank cell takes any name, `blob00` included; no attribute ids.
    check_completions(
        &V1.replace("|          |\n| a", "|    $0      |\n| a"),
        expect![[r#"
            altar () — altar
            blob00 () — Blob
            gap () — Gap
            neutral () — Neutral Space
            sky () — Sky
            skyw () — composite: gap + sky"#]],
    );
}

#[test]
fn completion_without_definitions_offers_the_names_on_the_board() {
    check_completions_with(
        &V5.replace("| sky! |", "| s$0ky! |"),
        &Settings::default(),
        expect![[r#"
            gap (sky) — used in this file
            sky (sky) — used in this file"#]],
    );
    check_completions_with(&at(V5, "item toast"), &Settings::default(), expect![""]);
}

#[test]
fn completion_of_token_item_and_attribute_names_in_the_footer() {
    check_completions(
        &V5.replace("b item toast", "b it$0 toast"),
        expect![[r#"
            cake (it) — Cake
            ghost (it) — Ghost
            item (it) — Item"#]],
    );
    check_completions(
        &V5.replace("b item toast", "b item to$0"),
        expect![[r#"
            nil (to) — no item
            toast (to) — Toast"#]],
    );
    // A half-written line at the end of the table completes too.
    check_completions(
        &V5.replace("X ghost_HIDDEN nil 0 0", "X ghost_HIDDEN nil 0 0\nc $0"),
        expect![[r#"
            cake () — Cake
            ghost () — Ghost
            item () — Item"#]],
    );
    check_completions(
        &V5.replace("! isfloor", "! is$0"),
        expect!["isfloor (is) — Floor"],
    );
}

#[test]
fn completion_of_labels_in_graph_edges_keeps_to_one_floor() {
    check_completions(
        &V5.replace("A--B", "$0"),
        expect![""], // an empty line ends the graph section
    );
    check_completions(
        &V5.replace("A--B", "A--B\n$0-"),
        expect![[r#"
            A (-) — floor 0, row 1, column 2: gap
            B (-) — floor 0, row 2, column 2: sky
            C (-) — floor inf, row 1, column 2: sky"#]],
    );
    check_completions(
        &V5.replace("A--B", "A--$0"),
        expect!["B () — floor 0, row 2, column 2: sky"],
    );
    check_completions(
        &V5.replace("A--B", "$0--B"),
        expect!["A () — floor 0, row 1, column 2: gap"],
    );
    // C is alone on its floor.
    check_completions(&V5.replace("A--B", "$0--C"), expect![""]);
}

#[test]
fn hover_and_completion_answer_at_every_offset_without_panicking() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/wuas");
    let turn8 = std::fs::read_to_string(corpus.join("wuas-render/turn8.dat")).unwrap();
    let rocket =
        std::fs::read_to_string(corpus.join("reconstructed/2024-rocket/rocket-turn04.dat"))
            .unwrap();
    let unicode = V5
        .replace("a cake", "é cake")
        .replace("| ab ", "| éb ")
        .replace("A--B", "A--Ω");
    let texts = [
        V5.to_string(),
        V1.to_string(),
        V5.replace('\n', "\r\n"),
        unicode,
        turn8[..turn8.len() / 2].to_string(),
        rocket,
    ];
    let path = dir().join("board.dat");
    let mut answered = 0;
    for text in &texts {
        with_settings(
            &Wuas,
            text,
            path.to_str().unwrap(),
            &Settings::default(),
            |f| {
                // Every offset of the small boards; a sample of the big ones (each query reads the file).
                let step = if text.len() > 3000 { 29 } else { 1 };
                for offset in (0..=text.len() + 1).step_by(step) {
                    answered += usize::from(Wuas.hover(f, offset).is_some());
                    answered += Wuas.completions(f, offset).len().min(1);
                }
            },
        );
    }
    assert!(answered > 1000, "{answered}");
}
