//! Diagnostics, one test per rule or decision (`fNN_…` pins decision FNN of
//! `docs/formats/frupal.md`). The maps are small variations of [`SMALL`].

use crate::formats::frupal::tests::{FRUPAL, SMALL};
use expect_test::expect;

/// SMALL with `line` appended.
fn with(line: &str) -> String {
    format!("{SMALL}{line}\n")
}

#[test]
fn a_valid_map_is_clean() {
    FRUPAL.check_diagnostics(SMALL, expect![""]);
}

#[test]
fn f01_header_spelling_and_absence() {
    FRUPAL.check_diagnostics(
        &SMALL.replace("Frupal_Kingdom:", "Frupal_Kindgom:"),
        expect![[r#"
        1:1-1:16 error frupal::header-spelling: the header is spelt exactly `Frupal_Kingdom:`, not `Frupal_Kindgom:`; the game refuses to load this map
            fix: Write `Frupal_Kingdom:` → `Frupal_Kingdom:`
    "#]],
    );
    FRUPAL.check_diagnostics(
        &SMALL.replace("Frupal_Kingdom:", "frupal_kingdom:"),
        expect![[r#"
        1:1-1:16 error frupal::header-spelling: the header is spelt exactly `Frupal_Kingdom:`, not `frupal_kingdom:`; the game refuses to load this map
            fix: Write `Frupal_Kingdom:` → `Frupal_Kingdom:`
    "#]],
    );
    FRUPAL.check_diagnostics(
        &SMALL.replace("Frupal_Kingdom:\n", ""),
        expect![[r#"
        1:1-1:13 error frupal::missing-header: the first line must be `Frupal_Kingdom:`; the game refuses to load this map
            fix: Insert `Frupal_Kingdom:` as the first line → `Frupal_Kingdom:`
    "#]],
    );
    FRUPAL.check_diagnostics(
        "",
        expect![[r#"
        1:1-1:1 error frupal::missing-header: an empty map: the first line must be `Frupal_Kingdom:`
            fix: Insert `Frupal_Kingdom:` → `Frupal_Kingdom:`
        1:1-1:1 error frupal::missing-element: the map has no `terrain:` (its size and ground); the game refuses to load this map
        1:1-1:1 error frupal::missing-element: the map has no `start:`, which every map needs; the game refuses to load this map
        1:1-1:1 error frupal::missing-element: the map has no `diamonds:`, which every map needs; the game refuses to load this map
    "#]],
    );
}

#[test]
fn f02_f03_f04_spec_examples_on_a_128_map() {
    let big = format!(
        "Frupal_Kingdom:\nterrain: 128 128\n{}start: 1 1\ndiamonds: 100 24\n",
        (".".repeat(128) + "\n").repeat(128)
    );
    FRUPAL.check_diagnostics(&format!("{big}ship: 128 64 10000\nbinoculars: 70 128 500 5\ntreasure: 10 127 4000 A medium sized gold bar.\n"), expect![[r#"
        133:7-133:10 error frupal::outside-map: x = 128 is outside the map: the width is 128, so x goes from 0 to 127; the game refuses to load this map
            fix: Change to 127 → `ship: 127 64 10000`
        133:14-133:19 error frupal::out-of-range: <cost> must be between 1 and 9999, not 10000; the game refuses to load this map
            fix: Change to 9999 → `ship: 128 64 9999`
        134:16-134:19 error frupal::outside-map: y = 128 is outside the map: the height is 128, so y goes from 0 to 127; the game refuses to load this map
            fix: Change to 127 → `binoculars: 70 127 500 5`
    "#]]);
}

#[test]
fn f05_second_ship_is_a_warning() {
    FRUPAL.check_diagnostics(
        &with("ship: 0 0 5\nship: 5 0 5"),
        expect![[r#"
        10:1-10:6 warning frupal::repeated-element: a second `ship:` (the first is on line 9): the spec allows one; the game accepts several
    "#]],
    );
}

#[test]
fn f06_treasure_above_9999() {
    FRUPAL.check_diagnostics(
        &with("treasure: 0 0 10000 Gold."),
        expect![[r#"
            9:15-9:20 error frupal::out-of-range: <value> must be between 1 and 9999, not 10000 (the spec's limit; the game accepts it)
                fix: Change to 9999 → `treasure: 0 0 9999 Gold.`
        "#]],
    );
}

#[test]
fn f07_f08_f09_indentation_blank_lines_and_comments() {
    FRUPAL.check_diagnostics(
        &with("  treasure: 0 0 5 Gold.\n   \n  # indented\n# fine"),
        expect![[r#"
        9:1-9:3 warning frupal::indented-element: elements start at the beginning of the line (the game tolerates the indentation; the spec does not)
            fix: Remove the indentation → `treasure: 0 0 5 Gold.`
        10:1-10:4 error frupal::whitespace-line: a line of only spaces or tabs: the game refuses to load this map (an empty line is fine)
            fix: Empty the line → ``
        11:1-11:3 error frupal::indented-comment: a comment must start in the first column: the game reads an indented `#` as an unknown element and refuses to load the map
            fix: Remove the indentation → `# indented`
    "#]],
    );
}

#[test]
fn f10_blanks_comments_and_bom_before_the_header() {
    FRUPAL.check_diagnostics(
        &format!("\n  {SMALL}"),
        expect![[r#"
        1:1-2:3 warning frupal::text-before-header: `Frupal_Kingdom:` should be the very first thing in the file; the game skips these blanks, the spec does not allow them
            fix: Remove the blanks before the header → `Frupal_Kingdom:`
    "#]],
    );
    FRUPAL.check_diagnostics(
        &format!("# my map\n{SMALL}"),
        expect![[r#"
        1:1-1:9 error frupal::missing-header: a comment before `Frupal_Kingdom:`: the header must be the first line; the game refuses to load this map
            fix: Insert `Frupal_Kingdom:` as the first line → `Frupal_Kingdom:`
    "#]],
    );
    FRUPAL.check_diagnostics(
        &format!("\u{feff}{SMALL}"),
        expect![[r#"
        1:1-1:2 error frupal::byte-order-mark: the file starts with a UTF-8 byte-order mark; the game refuses to load this map
            fix: Remove the byte-order mark → `Frupal_Kingdom:`
    "#]],
    );
}

#[test]
fn f11_text_after_the_header() {
    FRUPAL.check_diagnostics(
        &SMALL.replace("Frupal_Kingdom:\nterrain:", "Frupal_Kingdom: terrain:"),
        expect![[r#"
        1:17-1:29 error frupal::text-after-header: nothing may follow `Frupal_Kingdom:` on its line (the game would read it as another element)
            fix: Move it to its own line → `Frupal_Kingdom:`
    "#]],
    );
}

#[test]
fn f12_terrain_rows() {
    // Trailing blanks are fine; extra terrain characters, short rows and bad characters are not.
    FRUPAL.check_diagnostics(
        &SMALL.replace("......\n..=.~.", "......   \n..=.~.=~"),
        expect![[r#"
        4:7-4:9 error frupal::row-length: terrain row 1 is longer than the width 6: the game ignores `=~`, the spec allows exactly 6 characters
            fix: Trim the row to 6 characters → `..=.~.`
    "#]],
    );
    FRUPAL.check_diagnostics(
        &SMALL.replace("..=.~.", "..=."),
        expect![[r#"
        4:1-4:5 error frupal::row-length: terrain row 1 has 4 of 6 characters; the game refuses to load this map
            fix: Pad the row with 2 meadow `.` → `..=...`
    "#]],
    );
    FRUPAL.check_diagnostics(
        &SMALL.replace("..=.~.", "..x.\t."),
        expect![[r#"
        4:3-4:4 error frupal::bad-terrain-char: `x` at column 2 of terrain row 1: terrain is `.` meadow, `=` wall, `"` swamp or `~` water; the game refuses to load this map
        4:5-4:6 error frupal::bad-terrain-char: a tab at column 4 of terrain row 1: terrain is `.` meadow, `=` wall, `"` swamp or `~` water; the game refuses to load this map
    "#]],
    );
    FRUPAL.check_diagnostics(
        &SMALL.replace("..=.~.\n", "..=.~.\n\n"),
        expect![[r#"
        5:1-5:1 error frupal::gap-in-terrain: row 2 of the terrain is blank: no blank lines may stand inside the grid (4 rows follow `terrain:` directly); the game refuses to load this map
    "#]],
    );
    FRUPAL.check_diagnostics(
        &SMALL.replace("..=.~.\n", "# a comment\n"),
        expect![[r#"
        4:1-4:12 error frupal::gap-in-terrain: row 1 of the terrain is a comment: no comments may stand inside the grid; the game refuses to load this map
    "#]],
    );
}

#[test]
fn f12_missing_rows() {
    FRUPAL.check_diagnostics(
        "Frupal_Kingdom:\nterrain: 4 3\n....\n....\nstart: 0 0\ndiamonds: 1 1\n",
        expect![[r#"
        1:1-1:16 error frupal::missing-element: the map has no `start:`, which every map needs; the game refuses to load this map
        5:1-5:11 error frupal::missing-rows: this line is read as terrain row 2: `terrain:` promises 3 rows but fewer were written; the game refuses to load this map
    "#]],
    );
    FRUPAL.check_diagnostics(
        "Frupal_Kingdom:\nterrain: 4 3\n....\n....",
        expect![[r#"
        1:1-1:16 error frupal::missing-element: the map has no `start:`, which every map needs; the game refuses to load this map
        1:1-1:16 error frupal::missing-element: the map has no `diamonds:`, which every map needs; the game refuses to load this map
        2:1-2:13 error frupal::missing-rows: `terrain:` promises 3 rows but the file ends after 2; the game refuses to load this map
    "#]],
    );
}

#[test]
fn stray_rows_after_the_grid() {
    FRUPAL.check_diagnostics(
        &SMALL.replace("......\nstart:", "......\n......\nstart:"),
        expect![[r#"
        7:1-7:7 error frupal::stray-row: a terrain row outside the grid: `terrain:` says 4 rows, and they are above; the game refuses to load this map
    "#]],
    );
}

#[test]
fn f13_nothing_after_the_last_value() {
    FRUPAL.check_diagnostics(
        &with("ship: 0 0 5 # a ship"),
        expect![[r#"
        9:13-9:21 error frupal::unexpected-text: `ship:` takes 3 values; nothing may follow them (there are no inline comments)
            fix: Remove the extra text → `ship: 0 0 5`
    "#]],
    );
    FRUPAL.check_diagnostics(
        &SMALL.replace("start: 1 1", "start: 1 1 here"),
        expect![[r#"
        7:12-7:16 error frupal::unexpected-text: `start:` takes 2 values; nothing may follow them (there are no inline comments)
            fix: Remove the extra text → `start: 1 1`
    "#]],
    );
}

#[test]
fn f14_numbers() {
    FRUPAL.check_diagnostics(
        &with("treasure: 0 0 100gold Gold.\nfood: 2 0 +5 007 Bread."),
        expect![[r#"
        9:15-9:22 error frupal::not-a-number: <value> of `treasure:` must be a whole number, not `100gold`
    "#]],
    );
    FRUPAL.check_diagnostics(
        &with("treasure: -1 0 5 Gold."),
        expect![[r#"
        9:11-9:13 error frupal::outside-map: x = -1 is outside the map: the width is 6, so x goes from 0 to 5; the game refuses to load this map
            fix: Change to 0 → `treasure: 0 0 5 Gold.`
    "#]],
    );
}

#[test]
fn f15_target_count() {
    FRUPAL.check_diagnostics(
        &with("obstacle: 0 3 boulders 5 A rock.\ntool: 0 0 hammers 2 boulders 2 100 A hammer."),
        expect![[r#"
        10:19-10:20 error frupal::target-count: target_count says 2 but 1 target precedes the divisor and cost; the game refuses to load this map
            fix: Change target_count to 1 → `tool: 0 0 hammers 1 boulders 2 100 A hammer.`
    "#]],
    );
    FRUPAL.check_diagnostics(
        &with("obstacle: 0 3 boulders 5 A rock.\ntool: 0 0 hammers 3 boulders 2 100 Hammer."),
        expect![[r#"
        10:19-10:20 error frupal::target-count: target_count says 3 but 1 target precedes the divisor and cost; the game refuses to load this map
            fix: Change target_count to 1 → `tool: 0 0 hammers 1 boulders 2 100 Hammer.`
    "#]],
    );
    FRUPAL.check_diagnostics(&with("obstacle: 0 3 boulders 5 A rock.\nobstacle: 1 3 logs 5 A log.\ntool: 0 0 axes 1 boulders logs 3 50 An axe."), expect![[r#"
        10:15-10:19 hint frupal::unremovable-obstacle: no tool targets `logs`: obstacles of this kind can only be removed at their full energy cost
        11:16-11:17 error frupal::target-count: target_count says 1 but 2 targets precede the divisor and cost; the game refuses to load this map
            fix: Change target_count to 2 → `tool: 0 0 axes 2 boulders logs 3 50 An axe.`
    "#]]);
}

#[test]
fn f16_targets_and_obstacle_kinds() {
    FRUPAL.check_diagnostics(&with("obstacle: 0 3 Trees 5 A tree.\ntool: 0 0 axes 1 trees 3 50 An axe.\nobstacle: 1 3 Leech 9 A leech."), expect![[r#"
        9:15-9:20 hint frupal::unremovable-obstacle: no tool targets `Trees`: obstacles of this kind can only be removed at their full energy cost
        10:18-10:23 warning frupal::unknown-target: no obstacle on this map is of kind `trees`: did you mean `Trees`? (kinds are case-sensitive)
            fix: Change to `Trees` → `tool: 0 0 axes 1 Trees 3 50 An axe.`
        11:15-11:20 hint frupal::unremovable-obstacle: no tool targets `Leech`: obstacles of this kind can only be removed at their full energy cost
    "#]]);
}

#[test]
fn f19_items_on_walls_and_shared_cells() {
    FRUPAL.check_diagnostics(
        &SMALL.replace("diamonds: 4 2", "diamonds: 2 1"),
        expect![[r#"
        8:11-8:14 error frupal::item-on-wall: 2 1 is a wall: the diamonds cannot stand there; the game refuses to load this map
    "#]],
    );
    FRUPAL.check_diagnostics(
        &with(
            "treasure: 2 1 5 Gold.\ntreasure: 1 0 5 Gold.\nfood: 1 0 1 1 Bread.\nclue: 2 1 Hidden.",
        ),
        expect![[r#"
            9:11-9:14 error frupal::item-on-wall: 2 1 is a wall: the treasure cannot stand there; the game refuses to load this map
            11:7-11:10 error frupal::cell-taken: 1 0 already holds the treasure of line 10: one item per cell; the game refuses to load this map
            12:7-12:10 error frupal::item-on-wall: 2 1 is a wall: the clue cannot stand there; the game refuses to load this map
            12:7-12:10 error frupal::cell-taken: 2 1 already holds the treasure of line 9: one item per cell; the game refuses to load this map
        "#]],
    );
}

#[test]
fn f20_start_on_a_wall_or_on_the_diamonds() {
    FRUPAL.check_diagnostics(
        &SMALL.replace("diamonds: 4 2", "diamonds: 1 1"),
        expect![[r#"
        7:8-7:11 hint frupal::start-on-diamonds: the hero starts on the diamonds: the game is won at once
    "#]],
    );
    FRUPAL.check_diagnostics(
        &SMALL.replace("start: 1 1", "start: 2 1"),
        expect![[r#"
        7:8-7:11 warning frupal::start-on-wall: the hero starts inside a wall (the game allows it, but it is surely not meant)
    "#]],
    );
}

#[test]
fn a_second_header_and_numeric_targets() {
    FRUPAL.check_diagnostics(
        &with("Frupal_Kingdom:"),
        expect![[r#"
        9:1-9:16 error frupal::duplicate-header: `Frupal_Kingdom:` may appear only once, as the first line; the game reads this one as an unknown element
    "#]],
    );
    FRUPAL.check_diagnostics(
        &with("obstacle: 0 3 rocks 5 A rock.\ntool: 0 0 hammers 2 rocks 7 2 100 A hammer."),
        expect![[r#"
        10:27-10:28 hint frupal::numeric-target: `7` is taken as an obstacle kind because target_count is 2: is target_count too big?
    "#]],
    );
}

#[test]
fn header_with_a_space_before_the_colon() {
    FRUPAL.check_diagnostics(
        &SMALL.replace("Frupal_Kingdom:", "Frupal_Kingdom :"),
        expect![[r#"
        1:1-1:17 error frupal::header-spelling: the header is spelt exactly `Frupal_Kingdom:`, not `Frupal_Kingdom :`; the game refuses to load this map
            fix: Write `Frupal_Kingdom:` → `Frupal_Kingdom:`
    "#]],
    );
}

#[test]
fn rows_missing_at_the_end_of_a_file_with_a_final_line_break() {
    FRUPAL.check_diagnostics(
        "Frupal_Kingdom:\nterrain: 4 3\n....\n....\n",
        expect![[r#"
        1:1-1:16 error frupal::missing-element: the map has no `start:`, which every map needs; the game refuses to load this map
        1:1-1:16 error frupal::missing-element: the map has no `diamonds:`, which every map needs; the game refuses to load this map
        2:1-2:13 error frupal::missing-rows: `terrain:` promises 3 rows but the file ends after 2; the game refuses to load this map
    "#]],
    );
}

#[test]
fn an_unreadable_terrain_size_gives_one_error() {
    FRUPAL.check_diagnostics(
        "Frupal_Kingdom:\nterrain: 129 2\n..\n..\nstart: 0 0\ndiamonds: 1 1\n",
        expect![[r#"
        2:10-2:13 error frupal::out-of-range: <width> must be between 2 and 128, not 129; the game refuses to load this map
            fix: Change to 128 → `terrain: 128 2`
    "#]],
    );
}

#[test]
fn f21_escaped_newlines_in_descriptions_are_text() {
    FRUPAL.check_diagnostics(&with("clue: 0 0 Line one.\\nLine two."), expect![""]);
}

#[test]
fn f22_coordinates_are_inclusive_from_zero() {
    FRUPAL.check_diagnostics(
        &with("treasure: 5 3 5 Corner.\ntreasure: 6 3 5 Outside.\ntreasure: 5 4 5 Outside."),
        expect![[r#"
        10:11-10:12 error frupal::outside-map: x = 6 is outside the map: the width is 6, so x goes from 0 to 5; the game refuses to load this map
            fix: Change to 5 → `treasure: 5 3 5 Outside.`
        11:13-11:14 error frupal::outside-map: y = 4 is outside the map: the height is 4, so y goes from 0 to 3; the game refuses to load this map
            fix: Change to 3 → `treasure: 5 3 5 Outside.`
    "#]],
    );
}

#[test]
fn f24_any_order_after_terrain_but_terrain_first() {
    FRUPAL.check_diagnostics(
        "Frupal_Kingdom:\nstart: 0 0\nterrain: 2 2\n..\n..\ndiamonds: 1 1\n",
        expect![[r#"
        2:1-2:7 error frupal::before-terrain: `start:` comes before `terrain:`; only the header, blank lines and comments may; the game refuses to load this map
    "#]],
    );
}

#[test]
fn required_and_once_only_elements() {
    FRUPAL.check_diagnostics(
        "Frupal_Kingdom:\nterrain: 2 2\n..\n..\n",
        expect![[r#"
        1:1-1:16 error frupal::missing-element: the map has no `start:`, which every map needs; the game refuses to load this map
        1:1-1:16 error frupal::missing-element: the map has no `diamonds:`, which every map needs; the game refuses to load this map
    "#]],
    );
    FRUPAL.check_diagnostics(
        &with("start: 0 0\ndiamonds: 5 0"),
        expect![[r#"
        9:1-9:7 error frupal::duplicate-element: a second `start:` (the first is on line 7); the game refuses to load this map
        10:1-10:10 error frupal::duplicate-element: a second `diamonds:` (the first is on line 8); the game refuses to load this map
    "#]],
    );
    FRUPAL.check_diagnostics(
        "Frupal_Kingdom:\nstart: 0 0\n",
        expect![[r#"
        1:1-1:16 error frupal::missing-element: the map has no `terrain:` (its size and ground); the game refuses to load this map
        1:1-1:16 error frupal::missing-element: the map has no `diamonds:`, which every map needs; the game refuses to load this map
    "#]],
    );
}

#[test]
fn element_names() {
    FRUPAL.check_diagnostics(&with("Treasure: 0 0 5 Gold.\ntreasure:0 0 5 Gold.\nfood 2 0 1 1 Bread.\ntresure: 3 0 5 Gold.\nwizard: 1 1"), expect![[r#"
        9:1-9:10 error frupal::unknown-element: element names are case-sensitive: write `treasure:`; the game refuses to load this map
            fix: Write `treasure:` → `treasure: 0 0 5 Gold.`
        10:1-10:11 error frupal::unknown-element: `treasure:` needs a space after the colon; the game refuses to load this map
            fix: Insert a space after the colon → `treasure: 0 0 5 Gold.`
        11:1-11:5 error frupal::unknown-element: `food` needs its colon: `food:`; the game refuses to load this map
            fix: Write `food:` → `food: 2 0 1 1 Bread.`
        12:1-12:9 error frupal::unknown-element: unknown element `tresure:` (did you mean `treasure:`?); the game refuses to load this map
            fix: Write `treasure:` → `treasure: 3 0 5 Gold.`
        13:1-13:8 error frupal::unknown-element: unknown element `wizard:` (known: terrain:, start:, diamonds:, treasure:, food:, clue:, ship:, binoculars:, obstacle:, tool:); the game refuses to load this map
    "#]]);
}

#[test]
fn missing_values_and_descriptions() {
    FRUPAL.check_diagnostics(
        &with("treasure: 0 0\nfood: 2 0 5\nbinoculars: 3 0 5"),
        expect![[r#"
        9:1-9:14 error frupal::missing-value: `treasure:` is missing <value> <description>; the game refuses to load this map
        10:1-10:12 error frupal::missing-value: `food:` is missing <energy> <description>; the game refuses to load this map
        11:1-11:18 error frupal::missing-value: `binoculars:` is missing <distance>; the game refuses to load this map
    "#]],
    );
}

#[test]
fn ranges() {
    FRUPAL.check_diagnostics(
        &with("food: 0 0 0 10000 Bread.\nbinoculars: 2 0 5 1000\nterrain: 1 200"),
        expect![[r#"
            9:11-9:12 error frupal::out-of-range: <cost> must be between 1 and 9999, not 0; the game refuses to load this map
                fix: Change to 1 → `food: 0 0 1 10000 Bread.`
            9:13-9:18 error frupal::out-of-range: <energy> must be between 1 and 9999, not 10000; the game refuses to load this map
                fix: Change to 9999 → `food: 0 0 0 9999 Bread.`
            10:19-10:23 error frupal::out-of-range: <distance> must be between 1 and 999, not 1000; the game refuses to load this map
                fix: Change to 999 → `binoculars: 2 0 5 999`
            11:1-11:9 error frupal::duplicate-element: a second `terrain:` (the first is on line 2); the game refuses to load this map
            11:10-11:11 error frupal::out-of-range: <width> must be between 2 and 128, not 1; the game refuses to load this map
                fix: Change to 2 → `terrain: 2 200`
            11:12-11:15 error frupal::out-of-range: <height> must be between 2 and 128, not 200; the game refuses to load this map
                fix: Change to 128 → `terrain: 1 128`
        "#]],
    );
}

#[test]
fn reachability() {
    // The diamonds behind walls; a treasure across water with and without a ship.
    let walled = "Frupal_Kingdom:\nterrain: 5 3\n..=..\n..=..\n..=..\nstart: 0 0\ndiamonds: 4 1\n";
    FRUPAL.check_diagnostics(
        walled,
        expect![[r#"
        7:11-7:14 warning frupal::unreachable-diamonds: the hero cannot reach the diamonds from the start at 0 0: walls cut them off from the start
    "#]],
    );
    let moat = "Frupal_Kingdom:\nterrain: 5 3\n..~..\n..~..\n..~..\nstart: 0 0\ndiamonds: 4 1\n";
    FRUPAL.check_diagnostics(
        moat,
        expect![[r#"
        7:11-7:14 warning frupal::unreachable-diamonds: the hero cannot reach the diamonds from the start at 0 0: the way crosses water, and the map has no ship
    "#]],
    );
    FRUPAL.check_diagnostics(&format!("{moat}ship: 1 2 10\n"), expect![[""]]);
    FRUPAL.check_diagnostics(
        &format!("{walled}treasure: 3 0 5 Gold.\n"),
        expect![[r#"
        7:11-7:14 warning frupal::unreachable-diamonds: the hero cannot reach the diamonds from the start at 0 0: walls cut them off from the start
        8:11-8:14 hint frupal::unreachable-item: the hero can never reach this treasure
    "#]],
    );
}

/// Found by fuzzing (check_frupal): a negative coordinate in a map whose
/// terrain grid was not read once overflowed computing the map's width.
#[test]
fn a_negative_coordinate_without_a_terrain_grid() {
    FRUPAL.check_diagnostics(
        "Frupal_Kingdom:\nobstacle: -3 8 trees 100 Trees.\n",
        expect![[r#"
            1:1-1:16 error frupal::missing-element: the map has no `terrain:` (its size and ground); the game refuses to load this map
            1:1-1:16 error frupal::missing-element: the map has no `start:`, which every map needs; the game refuses to load this map
            1:1-1:16 error frupal::missing-element: the map has no `diamonds:`, which every map needs; the game refuses to load this map
            2:11-2:13 error frupal::outside-map: x = -3 is outside the map: x starts at 0; the game refuses to load this map
                fix: Change to 0 → `obstacle: 0 8 trees 100 Trees.`
            2:16-2:21 hint frupal::unremovable-obstacle: no tool targets `trees`: obstacles of this kind can only be removed at their full energy cost
        "#]],
    );
}
