//! Completion of the header, element keywords, terrain characters and kinds.

use crate::formats::frupal::tests::{FRUPAL, MAP};
use expect_test::expect;

#[test]
fn complete_header_only_on_line_1() {
    FRUPAL.check_completions(
        "$0",
        expect!["Frupal_Kingdom: () — the header: line 1 of every map"],
    );
    FRUPAL.check_completions(
        "Fru$0",
        expect!["Frupal_Kingdom: (Fru) — the header: line 1 of every map"],
    );
    FRUPAL.check_completions("terr$0", expect![[""]]);
    FRUPAL.check_completions(
        &format!("{MAP}Fru$0\n"),
        expect![[r#"
        treasure: (Fru) ⇒ treasure: ${1:0} ${2:0} ${3:100} ${4:A small pile of coins.} [snippet] — treasure: <x> <y> <value> <description>
        food: (Fru) ⇒ food: ${1:0} ${2:0} ${3:2} ${4:10} ${5:A loaf of bread.} [snippet] — food: <x> <y> <cost> <energy> <description>
        clue: (Fru) ⇒ clue: ${1:0} ${2:0} ${3:You are 3 grovniks west of water.} [snippet] — clue: <x> <y> <text>
        ship: (Fru) ⇒ ship: ${1:0} ${2:0} ${3:100} [snippet] — ship: <x> <y> <cost> (already on line 12; the spec allows one)
        binoculars: (Fru) ⇒ binoculars: ${1:0} ${2:0} ${3:50} ${4:2} [snippet] — binoculars: <x> <y> <cost> <distance> (already on line 13; the spec allows one)
        obstacle: (Fru) ⇒ obstacle: ${1:0} ${2:0} ${3:boulders} ${4:15} ${5:A boulder blocks the path.} [snippet] — obstacle: <x> <y> <kind> <energy> <description>
        tool: (Fru) ⇒ tool: ${1:0} ${2:0} ${3:hammers} 1 ${4:boulders} ${5:2} ${6:100} ${7:A sturdy hammer.} [snippet] — tool: <x> <y> <kind> <target_count> <targets…> <divisor> <cost> <description>"#]],
    );
}

#[test]
fn complete_element_keywords_after_the_grid() {
    // start, diamonds and terrain are present: not offered; ship is, with a note (F5).
    FRUPAL.check_completions(
        &format!("{MAP}$0\n"),
        expect![[r#"
        treasure: () ⇒ treasure: ${1:0} ${2:0} ${3:100} ${4:A small pile of coins.} [snippet] — treasure: <x> <y> <value> <description>
        food: () ⇒ food: ${1:0} ${2:0} ${3:2} ${4:10} ${5:A loaf of bread.} [snippet] — food: <x> <y> <cost> <energy> <description>
        clue: () ⇒ clue: ${1:0} ${2:0} ${3:You are 3 grovniks west of water.} [snippet] — clue: <x> <y> <text>
        ship: () ⇒ ship: ${1:0} ${2:0} ${3:100} [snippet] — ship: <x> <y> <cost> (already on line 12; the spec allows one)
        binoculars: () ⇒ binoculars: ${1:0} ${2:0} ${3:50} ${4:2} [snippet] — binoculars: <x> <y> <cost> <distance> (already on line 13; the spec allows one)
        obstacle: () ⇒ obstacle: ${1:0} ${2:0} ${3:boulders} ${4:15} ${5:A boulder blocks the path.} [snippet] — obstacle: <x> <y> <kind> <energy> <description>
        tool: () ⇒ tool: ${1:0} ${2:0} ${3:hammers} 1 ${4:boulders} ${5:2} ${6:100} ${7:A sturdy hammer.} [snippet] — tool: <x> <y> <kind> <target_count> <targets…> <divisor> <cost> <description>"#]],
    );
    FRUPAL.check_completions(
        &format!("{MAP}ob$0\n"),
        expect![[r#"
        treasure: (ob) ⇒ treasure: ${1:0} ${2:0} ${3:100} ${4:A small pile of coins.} [snippet] — treasure: <x> <y> <value> <description>
        food: (ob) ⇒ food: ${1:0} ${2:0} ${3:2} ${4:10} ${5:A loaf of bread.} [snippet] — food: <x> <y> <cost> <energy> <description>
        clue: (ob) ⇒ clue: ${1:0} ${2:0} ${3:You are 3 grovniks west of water.} [snippet] — clue: <x> <y> <text>
        ship: (ob) ⇒ ship: ${1:0} ${2:0} ${3:100} [snippet] — ship: <x> <y> <cost> (already on line 12; the spec allows one)
        binoculars: (ob) ⇒ binoculars: ${1:0} ${2:0} ${3:50} ${4:2} [snippet] — binoculars: <x> <y> <cost> <distance> (already on line 13; the spec allows one)
        obstacle: (ob) ⇒ obstacle: ${1:0} ${2:0} ${3:boulders} ${4:15} ${5:A boulder blocks the path.} [snippet] — obstacle: <x> <y> <kind> <energy> <description>
        tool: (ob) ⇒ tool: ${1:0} ${2:0} ${3:hammers} 1 ${4:boulders} ${5:2} ${6:100} ${7:A sturdy hammer.} [snippet] — tool: <x> <y> <kind> <target_count> <targets…> <divisor> <cost> <description>"#]],
    );
}

#[test]
fn complete_keywords_before_the_grid_exists_or_above_it() {
    // No `terrain:` yet: the game wants it before every other element.
    FRUPAL.check_completions(
        "Frupal_Kingdom:\n$0\n",
        expect!["terrain: () ⇒ terrain: ${1:20} ${2:10} [snippet] — terrain: <width> <height>"],
    );
    // Above `terrain:` nothing but comments may go.
    FRUPAL.check_completions("Frupal_Kingdom:\n$0\nterrain: 2 2\n..\n..\n", expect![[""]]);
}

#[test]
fn complete_the_element_being_rewritten_on_its_own_line() {
    // The `start:` on this very line does not count as already present.
    FRUPAL.check_completions(
        &MAP.replace("start: 2 2", "sta$0"),
        expect![[r#"
        start: (sta) ⇒ start: ${1:0} ${2:0} [snippet] — start: <x> <y>
        treasure: (sta) ⇒ treasure: ${1:0} ${2:0} ${3:100} ${4:A small pile of coins.} [snippet] — treasure: <x> <y> <value> <description>
        food: (sta) ⇒ food: ${1:0} ${2:0} ${3:2} ${4:10} ${5:A loaf of bread.} [snippet] — food: <x> <y> <cost> <energy> <description>
        clue: (sta) ⇒ clue: ${1:0} ${2:0} ${3:You are 3 grovniks west of water.} [snippet] — clue: <x> <y> <text>
        ship: (sta) ⇒ ship: ${1:0} ${2:0} ${3:100} [snippet] — ship: <x> <y> <cost> (already on line 12; the spec allows one)
        binoculars: (sta) ⇒ binoculars: ${1:0} ${2:0} ${3:50} ${4:2} [snippet] — binoculars: <x> <y> <cost> <distance> (already on line 13; the spec allows one)
        obstacle: (sta) ⇒ obstacle: ${1:0} ${2:0} ${3:boulders} ${4:15} ${5:A boulder blocks the path.} [snippet] — obstacle: <x> <y> <kind> <energy> <description>
        tool: (sta) ⇒ tool: ${1:0} ${2:0} ${3:hammers} 1 ${4:boulders} ${5:2} ${6:100} ${7:A sturdy hammer.} [snippet] — tool: <x> <y> <kind> <target_count> <targets…> <divisor> <cost> <description>"#]],
    );
}

#[test]
fn complete_nothing_in_comments_or_values() {
    FRUPAL.check_completions(&format!("{MAP}#$0\n"), expect![[""]]);
    FRUPAL.check_completions(&format!("{MAP}start:$0\n"), expect![[""]]);
    FRUPAL.check_completions(&MAP.replace("food: 3 0 2", "food: 3 0 $02"), expect![[""]]);
}

#[test]
fn complete_terrain_characters_in_a_row() {
    FRUPAL.check_completions(
        &MAP.replace("......\nstart", "...$0...\nstart"),
        expect![[r#"
        . () — meadow
        = () — wall
        " () — swamp
        ~ () — water"#]],
    );
    // A row not written yet is still a row of the grid: no elements there.
    FRUPAL.check_completions(
        "Frupal_Kingdom:\nterrain: 2 2\n..\n$0",
        expect![[r#"
            . () — meadow
            = () — wall
            " () — swamp
            ~ () — water"#]],
    );
}

#[test]
fn complete_tool_targets_from_obstacle_kinds() {
    // Deduplicated, with counts; `boulders` is already this tool's first target.
    FRUPAL.check_completions(
        &format!("{MAP}tool: 1 0 saws 2 boulders $0\n"),
        expect!["trees () — obstacle kind: 1 obstacle (line 16)"],
    );
    FRUPAL.check_completions(
        &format!("{MAP}tool: 1 0 saws 2 tr$0\n"),
        expect![[r#"
        boulders (tr) — obstacle kind: 2 obstacles (lines 14 and 15)
        trees (tr) — obstacle kind: 1 obstacle (line 16)"#]],
    );
    // Past the targets come the divisor and cost: no kinds there.
    FRUPAL.check_completions(&format!("{MAP}tool: 1 0 saws 1 trees $0\n"), expect![[""]]);
}

#[test]
fn complete_obstacle_kind_prefers_targets_without_obstacles() {
    // `Trees` is targeted but no obstacle has it; then the kinds obstacles have.
    FRUPAL.check_completions(
        &format!("{MAP}obstacle: 1 0 $0\n"),
        expect![[r#"
        Trees () — targeted by the tool on line 17; no obstacle has it yet
        boulders () — obstacle kind: 2 obstacles (lines 14 and 15)
        trees () — obstacle kind: 1 obstacle (line 16)"#]],
    );
    // The obstacle being written does not count as defining its own kind.
    FRUPAL.check_completions(
        &MAP.replace("0 2 trees 30", "0 2 tr$0 30"),
        expect![[r#"
        Trees (tr) — targeted by the tool on line 17; no obstacle has it yet
        boulders (tr) — obstacle kind: 2 obstacles (lines 14 and 15)"#]],
    );
}

#[test]
fn complete_after_non_ascii_text_on_the_line() {
    FRUPAL.check_completions(
        &format!("{MAP}tool: 1 0 scies·à·bois 1 bo$0\n"),
        expect![[r#"
        boulders (bo) — obstacle kind: 2 obstacles (lines 14 and 15)
        trees (bo) — obstacle kind: 1 obstacle (line 16)"#]],
    );
}
