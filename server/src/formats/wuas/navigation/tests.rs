//! Definition, references and rename of labels, token ids and attribute ids.

use crate::formats::test_support::{apply_edits, cursor};
use crate::formats::wuas::tests::{codes, saved_at, FORMATTED, V1, WUAS};
use crate::formats::wuas::Wuas;
use crate::formats::Format;
use expect_test::expect;

#[test]
fn definition_from_a_graph_edge_is_the_labelled_cell() {
    WUAS.check_definition(
        &FORMATTED.replacen("A--B", "A--$0B", 1),
        expect![[r#"
            12:14-12:16 &B
        "#]],
    );
    // The cursor right after the label still means it.
    WUAS.check_definition(
        &FORMATTED.replacen("B--A\n", "B--A$0\n", 1),
        expect![[r#"
            9:14-9:16 &A
        "#]],
    );
    WUAS.check_definition(&FORMATTED.replacen("A--B", "A-$0-B", 1), expect![[""]]);
}

#[test]
fn definition_from_a_token_in_a_cell_is_its_token_line() {
    WUAS.check_definition(
        &FORMATTED.replacen("| ab ", "| a$0b ", 1),
        expect![[r#"
            26:1-26:2 b
        "#]],
    );
    // Between two tokens, the cursor means the one it is on.
    WUAS.check_definition(
        &FORMATTED.replacen("| ab ", "| $0ab ", 1),
        expect![[r#"
            25:1-25:2 a
        "#]],
    );
    WUAS.check_definition(
        &FORMATTED.replacen("| X  ", "| $0X  ", 1),
        expect![[r#"
            27:1-27:2 X
        "#]],
    );
}

#[test]
fn definition_from_an_attribute_is_its_attribute_line() {
    WUAS.check_definition(
        &FORMATTED.replacen("sky%", "sky$0%", 1),
        expect![[r#"
            30:1-30:2 %
        "#]],
    );
    // The space name is no attribute, and nothing on its own.
    WUAS.check_definition(&FORMATTED.replacen("sky%", "s$0ky%", 1), expect![[""]]);
}

#[test]
fn in_version_1_stars_are_not_attributes_and_ampersands_are_tokens() {
    let v1 = "# old\n\n1\n+----------+\n| neutral* |\n| &a       |\n+----------+\n\n& and nil 1 1\na cake nil 2 2\n";
    WUAS.check_definition(&v1.replacen("neutral*", "neutral$0*", 1), expect![[""]]);
    WUAS.check_definition(
        &v1.replacen("| &a", "| $0&a", 1),
        expect![[r#"
            9:1-9:2 &
        "#]],
    );
    WUAS.check_rename(
        &v1.replacen("| &a", "| &$0a", 1),
        "&",
        expect![[
            r#"refused: `&` is already a token id in this file (line 6): renaming onto it would merge the two"#
        ]],
    );
    // Before version 4 `&` is an ordinary token id: renaming to it is allowed.
    WUAS.check_rename(
        &v1.replace("& and", "% and").replace("| &a", "| $0%a"),
        "&",
        expect![[r#"
            6: | &a       |
            9: & and nil 1 1
        "#]],
    );
}

#[test]
fn references_of_a_label_token_and_attribute() {
    WUAS.check_references(
        &FORMATTED.replacen("| &A ", "| &$0A ", 1),
        true,
        expect![[r#"
            9:14-9:16 &A
            32:1-32:2 A
            33:4-33:5 A
        "#]],
    );
    WUAS.check_references(
        &FORMATTED.replacen("| &A ", "| $0&A ", 1),
        false,
        expect![[r#"
            32:1-32:2 A
            33:4-33:5 A
        "#]],
    );
    WUAS.check_references(
        &FORMATTED.replacen("a cake", "$0a cake", 1),
        false,
        expect![[r#"
            9:3-9:4 a
        "#]],
    );
    WUAS.check_references(
        &FORMATTED.replacen("! isfloor", "!$0 isfloor", 1),
        true,
        expect![[r#"
            8:6-8:7 !
            29:1-29:2 !
        "#]],
    );
}

#[test]
fn prepare_rename_is_the_character_itself() {
    let (text, offset) = cursor(&FORMATTED.replacen("| &A ", "| $0&A ", 1));
    let range = WUAS
        .open(&text, |file| Wuas.prepare_rename(file, offset))
        .unwrap();
    assert_eq!(&text[range], "A");
    for fixture in [
        FORMATTED.replacen("title", "ti$0tle", 1),
        FORMATTED.replacen("gap", "g$0ap", 1),
        FORMATTED.replacen("a cake", "a ca$0ke", 1),
    ] {
        let (text, offset) = cursor(&fixture);
        assert_eq!(
            WUAS.open(&text, |file| Wuas.prepare_rename(file, offset)),
            None,
            "{fixture}"
        );
    }
}

#[test]
fn rename_a_token_id_in_the_cells_and_the_table() {
    WUAS.check_rename(
        &FORMATTED.replacen("| ab ", "| a$0b ", 1),
        "t",
        expect![[r#"
            9: | at       | &A       |
            26: t item         toast  8  8
        "#]],
    );
}

#[test]
fn rename_a_label_in_the_cell_and_the_edges() {
    WUAS.check_rename(
        &FORMATTED.replacen("A--B", "$0A--B", 1),
        "Z",
        expect![[r#"
            9: | ab       | &Z       |
            32: Z--B
            33: B--Z
        "#]],
    );
    // A label may be any character, `&` included (`&&`).
    WUAS.check_rename(
        &FORMATTED.replacen("A--B", "$0A--B", 1),
        "&",
        expect![[r#"
            9: | ab       | &&       |
            32: &--B
            33: B--&
        "#]],
    );
}

#[test]
fn rename_an_attribute_id_in_the_cells_and_the_table() {
    WUAS.check_rename(
        &FORMATTED.replacen("sky!", "sky!$0", 1),
        "@",
        expect![[r#"
            8: | sky@     | gap      |
            29: @ isfloor
        "#]],
    );
}

#[test]
fn rename_to_a_non_ascii_character_keeps_the_boxes_aligned() {
    let (text, offset) = cursor(&FORMATTED.replacen("| ab ", "| a$0b ", 1));
    let edits = WUAS
        .open(&text, |file| Wuas.rename(file, offset, "ß"))
        .unwrap();
    let renamed = apply_edits(&text, &edits);
    assert!(renamed.contains("| aß       |"), "{renamed}");
    assert!(
        renamed.contains("\nß item         toast  8  8\n"),
        "{renamed}"
    );
    assert_eq!(
        WUAS.open(&renamed, |file| Wuas.format(file)),
        Some(Vec::new())
    );
}

#[test]
fn rename_keeps_the_formatted_layout() {
    for (fixture, new_name) in [
        (FORMATTED.replacen("| ab ", "| a$0b ", 1), "t"),
        (FORMATTED.replacen("A--B", "$0A--B", 1), "Z"),
        (FORMATTED.replacen("sky%", "sky%$0", 1), "~"),
    ] {
        let (text, offset) = cursor(&fixture);
        assert_eq!(WUAS.open(&text, |file| Wuas.format(file)), Some(Vec::new()));
        let edits = WUAS
            .open(&text, |file| Wuas.rename(file, offset, new_name))
            .unwrap();
        assert!(!edits.is_empty());
        let renamed = apply_edits(&text, &edits);
        assert_eq!(
            WUAS.open(&renamed, |file| Wuas.format(file)),
            Some(Vec::new()),
            "{new_name}: {renamed}"
        );
        assert!(codes(&renamed).is_empty(), "{:?}", codes(&renamed));
    }
}

#[test]
fn rename_refuses_what_the_tool_would_misread() {
    let refusals = |fixture: &str, names: &[&str]| {
        let (text, offset) = cursor(fixture);
        names
            .iter()
            .map(
                |name| match WUAS.open(&text, |file| Wuas.rename(file, offset, name)) {
                    Err(reason) => format!("{name:?}: {reason}"),
                    Ok(edits) => format!("{name:?}: accepted with {} edits", edits.len()),
                },
            )
            .collect::<Vec<_>>()
            .join("\n")
    };
    let token = FORMATTED.replacen("| ab ", "| a$0b ", 1);
    expect![[r#"
        "": a token id is exactly one character, not ``
        "tt": a token id is exactly one character, not `tt`
        " ": a token id cannot be a blank: the tool trims the cells and splits the footer lines at blanks
        "|": `|` separates the cells of a row: it cannot be a token id
        "&": '&' is an invalid token abbreviation from version 4: `&` starts a label
        "a": `a` is already a token id in this file (line 9): renaming onto it would merge the two
        "X": `X` is already a token id in this file (line 21): renaming onto it would merge the two
        "b": accepted with 0 edits
        "7": accepted with 2 edits"#]]
    .assert_eq(&refusals(&token, &["", "tt", " ", "|", "&", "a", "X", "b", "7"]));
    let attribute = FORMATTED.replacen("sky!", "sky!$0", 1);
    expect![[r#"
        "a": from version 3 the space name is every ASCII letter at the start of the cell, so the tool would read `a` right after a name as part of the name (`skya`), not as an attribute
        "2": attribute ids are not alphanumeric (the spec): `2` would be flagged on every space that has it
        "é": attribute ids are not alphanumeric (the spec): `é` would be flagged on every space that has it
        "%": `%` is already an attribute id in this file (line 20): renaming onto it would merge the two
        "\t": an attribute id cannot be a blank: the tool trims the cells and splits the footer lines at blanks
        "*": accepted with 2 edits"#]]
    .assert_eq(&refusals(&attribute, &["a", "2", "é", "%", "\t", "*"]));
    let label = FORMATTED.replacen("A--B", "$0A--B", 1);
    expect![[r#"
        "-": a graph edge is two labels joined by `--`: the tool would split an edge with a `-` label in the wrong place
        "B": `B` is already a space label in this file (line 12): renaming onto it would merge the two
        "AB": a space label is exactly one character, not `AB`
        "a": accepted with 3 edits"#]]
    .assert_eq(&refusals(&label, &["-", "B", "AB", "a"]));
    // A name only used (never defined) is taken too.
    let undefined = FORMATTED.replacen("| ab ", "| abq", 1);
    expect![[r#"
        "q": `q` is already a token id in this file (line 9): renaming onto it would merge the two"#]]
    .assert_eq(&refusals(&undefined.replacen("| abq", "| $0abq", 1), &["q"]));
}

#[test]
fn rename_elsewhere_or_in_a_file_read_only_in_part() {
    WUAS.check_rename(
        &FORMATTED.replacen("gap", "g$0ap", 1),
        "x",
        expect![[
            r#"refused: nothing to rename here: only space labels, token ids and attribute ids can be renamed"#
        ]],
    );
    // The floor list never ends: the tool stops there, the footer is never read.
    WUAS.check_rename(
        &FORMATTED.replacen(
            "+----------+----------+\n\n\na cake",
            "+----------+----------+\n\nfloor=x\na cake",
            1,
        )
        .replacen("| ab ", "| a$0b ", 1),
        "t",
        expect![[
            r#"refused: the tool stops reading this file at an error (see the diagnostics), so not every use of the name can be found: fix that first"#
        ]],
    );
}

#[test]
fn definition_of_a_space_name_is_its_key_in_the_definitions_file() {
    let saved = saved_at("board.dat");
    saved.check_definition(
        &FORMATTED.replacen("sky!", "s$0ky!", 1),
        expect![[r#"
            $DIR/definitions.json 3:6-3:9 sky
        "#]],
    );
    // Right after the name, with nothing after it, still means the name.
    saved.check_definition(
        &FORMATTED.replacen("| gap ", "| gap$0 ", 1),
        expect![[r#"
            $DIR/definitions.json 4:6-4:9 gap
        "#]],
    );
    saved.check_definition(
        &FORMATTED.replacen("| sky      | sky      |", "| skyw$0     | sky      |", 1),
        expect![[r#"
            $DIR/definitions.json 9:25-9:29 skyw
        "#]],
    );
    // An undefined space, and a blank in the box, go nowhere.
    saved.check_definition(&FORMATTED.replacen("| gap ", "| ga$0q ", 1), expect![[""]]);
    saved.check_definition(
        &FORMATTED.replacen("| gap   ", "| gap $0  ", 1),
        expect![[""]],
    );
    // v1–2: `*` and `?` are stripped, as the validator looks the name up.
    saved.check_definition(
        &V1.replacen("neutral*", "neu$0tral*", 1),
        expect![[r#"
            $DIR/definitions.json 5:6-5:13 neutral
        "#]],
    );
}

#[test]
fn definition_of_a_token_item_or_attribute_name_is_its_key_in_its_section() {
    let saved = saved_at("board.dat");
    saved.check_definition(
        &FORMATTED.replacen("a cake", "a ca$0ke", 1),
        expect![[r#"
            $DIR/definitions.json 11:6-11:10 cake
        "#]],
    );
    // `item` is a token name here, and the same word as the section.
    saved.check_definition(
        &FORMATTED.replacen("b item", "b it$0em", 1),
        expect![[r#"
            $DIR/definitions.json 12:6-12:10 item
        "#]],
    );
    saved.check_definition(
        &FORMATTED.replacen("toast", "to$0ast", 1),
        expect![[r#"
            $DIR/definitions.json 15:14-15:19 toast
        "#]],
    );
    saved.check_definition(
        &FORMATTED.replacen("! isfloor", "! is$0floor", 1),
        expect![[r#"
            $DIR/definitions.json 16:19-16:26 isfloor
        "#]],
    );
    // `nil` is no item; `isroof` and the hidden token are not defined.
    for fixture in [
        FORMATTED.replacen("cake         nil", "cake         n$0il", 1),
        FORMATTED.replacen("% isroof", "% is$0roof", 1),
        FORMATTED.replacen("ghost_HIDDEN", "gh$0ost_HIDDEN", 1),
    ] {
        saved.check_definition(&fixture, expect![[""]]);
    }
}

#[test]
fn one_character_names_keep_their_definition_in_the_file() {
    let saved = saved_at("board.dat");
    saved.check_definition(
        &FORMATTED.replacen("sky!", "sky$0!", 1),
        expect![[r#"
            29:1-29:2 !
        "#]],
    );
    saved.check_definition(
        &FORMATTED.replacen("a cake", "a$0 cake", 1),
        expect![[r#"
            25:1-25:2 a
        "#]],
    );
}

#[test]
fn without_a_definitions_file_a_game_name_goes_nowhere() {
    for fixture in [
        FORMATTED.replacen("sky!", "s$0ky!", 1),
        FORMATTED.replacen("a cake", "a ca$0ke", 1),
    ] {
        WUAS.check_definition(&fixture, expect![[""]]);
    }
}
