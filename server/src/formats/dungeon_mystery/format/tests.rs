//! Formatting: pretty JSON in the written key order, or nothing when that could lose text.

use crate::formats::dungeon_mystery::tests::{DUNGEON_MYSTERY, SMALL};
use expect_test::expect;

#[test]
fn format_lays_out_keys_in_their_written_order() {
    DUNGEON_MYSTERY.check_format(
        r#"{"floor_props":{"room_density":5,"layout":1,"room_flags":{"f_room_imperfections":false}},
"dungeon_data":{"floor":1,"n_floors_plus_one":4},"generation_constants":{},"advanced_generation_settings":{}}"#,
        expect![[r#"
            {
              "floor_props": {
                "room_density": 5,
                "layout": 1,
                "room_flags": {
                  "f_room_imperfections": false
                }
              },
              "dungeon_data": {
                "floor": 1,
                "n_floors_plus_one": 4
              },
              "generation_constants": {},
              "advanced_generation_settings": {}
            }
        "#]],
    );
}

#[test]
fn format_of_a_formatted_file_changes_nothing() {
    assert_eq!(DUNGEON_MYSTERY.formatted(SMALL).as_deref(), Ok(SMALL));
}

#[test]
fn format_refuses_what_the_printer_would_lose() {
    let refusals: Vec<String> = [
        r#"{"floor_props": {"layout": 1,}"#,
        "{\n  // the demo's first floor\n  \"floor_props\": {}\n}",
        r#"{"floor_props": {"layout": 1, "layout": 2}}"#,
        r#"{"floor_props": {"room_density": 1e1}}"#,
        r#"{"seed": 123456789012345678901234567890}"#,
    ]
    .iter()
    .map(|text| DUNGEON_MYSTERY.formatted(text).unwrap_or_else(|e| e))
    .collect();
    expect![[r#"
        refused
        refused
        refused
        refused
        refused"#]]
    .assert_eq(&refusals.join("\n"));
}
