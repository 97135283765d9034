//! Fixture tests for the variant's pass: MiniHack plays only `mylevel`.

use crate::formats::nethack::settings::VARIANT;
use crate::formats::nethack::tests::NETHACK;
use crate::formats::settings::{Settings, Value};
use expect_test::expect;

fn minihack() -> Settings {
    Settings::NONE.with(&VARIANT, Value::Choice("minihack"))
}

const MAP: &str = "GEOMETRY:center,center\nMAP\n---\n|.|\n---\nENDMAP\n";

#[test]
fn a_level_not_named_mylevel_is_never_played() {
    let settings = minihack();
    NETHACK.with(&settings).check_diagnostics(
        &format!("MAZE: \"other\", ' '\n{MAP}"),
        expect![[r#"
            1:7-1:14 warning nethack::minihack-level-name: MiniHack loads only `mylevel.lev`: a level named `other` is never played, and MiniHack plays a random maze instead (its log says `Couldn't load "mylevel.lev" - making a maze.`)
                fix: Rename the level to `mylevel` → `MAZE: "mylevel", ' '`
        "#]],
    );
    // Vanilla NetHack loads levels by the names its dungeon gives.
    NETHACK.check_diagnostics(&format!("MAZE: \"other\", ' '\n{MAP}"), expect![[""]]);
}

#[test]
fn beside_mylevel_another_level_is_compiled_and_never_played() {
    let settings = minihack();
    NETHACK.with(&settings).check_diagnostics(
        &format!("MAZE: \"mylevel\", ' '\n{MAP}MAZE: \"second\", ' '\n{MAP}"),
        expect![[r#"
            8:7-8:15 warning nethack::minihack-level-name: MiniHack plays only the level named `mylevel`: `second` is compiled and never played
        "#]],
    );
}

#[test]
fn minihack_checks_as_3_6_unless_a_dialect_is_set() {
    use crate::formats::nethack::settings::{dialect, DIALECT};
    use crate::formats::nethack::Dialect;
    assert_eq!(dialect(&minihack()), Some(Dialect::V36));
    assert_eq!(dialect(&Settings::NONE), None);
    let chosen = minihack().with(&DIALECT, Value::Choice("3.4.3"));
    assert_eq!(dialect(&chosen), Some(Dialect::V343));
}

#[test]
fn an_open_document_gets_the_same_warnings_level_by_level() {
    use crate::formats::nethack::check::incremental::{diagnostics, Cache};
    use crate::formats::nethack::NetHack;
    use crate::formats::Format;
    let settings = minihack();
    let text = format!("MAZE: \"first\", ' '\n{MAP}MAZE: \"second\", ' '\n{MAP}");
    NETHACK.with(&settings).open(&text, |file| {
        let (incremental, _) = diagnostics(file, &mut Cache::default());
        let codes: Vec<&str> = incremental.iter().map(|d| d.code).collect();
        assert_eq!(codes, ["nethack::minihack-level-name"; 2]);
        assert_eq!(incremental, NetHack.diagnostics(file));
    });
}

/// The settings that put a built-in variant's profile in force.
fn variant(name: &'static str) -> Settings {
    Settings::NONE.with(&VARIANT, Value::Choice(name))
}

const MAP_343: &str = "MAZE: \"grass\", ' '\nGEOMETRY:center,center\nMAP\n-----\n|,,.|\n-----\nENDMAP\nMONSTER:'d',random,(2,1)\n";

#[test]
fn a_variants_map_character_makes_a_map_row_only_where_it_is_in_force() {
    // dNetHack's `,` is grass; vanilla's lev_comp does not read the row.
    NETHACK
        .with(&variant("dnethack"))
        .check_diagnostics(MAP_343, expect![[""]]);
    NETHACK.check_diagnostics(
        MAP_343,
        expect![[r#"
            5:2-5:3 error nethack::bad-map-row: `,` is not a map character, so lev_comp does not read this line as a map row (syntax error)
            8:20-8:25 warning nethack::placed-in-wall: the map has `-` (horizontal wall) at (2,1), not a square to stand on (lev_comp: `Monster placed in wall at (02,01)?!`)
        "#]],
    );
}

#[test]
fn a_variants_level_flag_is_accepted_only_where_it_is_in_force() {
    let flags_343 = "MAZE: \"lethe\", ' '\nFLAGS: noteleport, lethe\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n";
    NETHACK
        .with(&variant("dnethack"))
        .check_diagnostics(flags_343, expect![[""]]);
    NETHACK.check_diagnostics(
        flags_343,
        expect![[r#"
            2:20-2:25 error nethack::unknown-value: unknown word `lethe`; `FLAGS`'s flag is a level flag (noteleport, hardfloor, nommap, shortsighted, arboreal) (lev_comp: syntax error)
        "#]],
    );
    let flags_36 = "MAZE: \"out\", ' '\nFLAGS: noteleport, outdoors\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n$s = selection: line (0,0),(2,0)\nTERRAIN: $s, '.'\n";
    NETHACK
        .with(&variant("xnethack"))
        .check_diagnostics(flags_36, expect![[""]]);
    NETHACK.check_diagnostics(
        flags_36,
        expect![[r#"
            2:20-2:28 error nethack::unknown-value: unknown level flag `outdoors` (lev_comp: syntax error at "outdoors")
        "#]],
    );
}

#[test]
fn a_variants_class_letter_is_accepted_only_where_it_is_in_force() {
    // SLASH'EM's `$` is a monster class; `%` is vanilla's food class.
    let class = "MAZE: \"coins\", ' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\nMONSTER:'$',random,(1,0)\nOBJECT:'%',random,(2,0)\n";
    NETHACK
        .with(&variant("slashem"))
        .check_diagnostics(class, expect![[""]]);
    NETHACK.check_diagnostics(
        class,
        expect![[r#"
            6:9-6:12 error nethack::unknown-monster-class: '$' is not a monster class; write a monster class letter such as `'d'`, or `random` (lev_comp: `Unknown monster class!`)
        "#]],
    );
}

#[test]
fn a_variants_own_statement_is_not_unknown_where_it_is_in_force() {
    // xNetHack's TREE; levls has no form for it and checks none of it.
    let tree = "MAZE: \"tree\", ' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\nTREE: (1,0)\nMONSTER: ('d', \"jackal\"), (0,0)\n";
    NETHACK
        .with(&variant("xnethack"))
        .check_diagnostics(tree, expect![[""]]);
    NETHACK
        .with(&Settings::NONE.with(
            &crate::formats::nethack::settings::DIALECT,
            Value::Choice("3.6"),
        ))
        .check_diagnostics(
            tree,
            expect![[r#"
                6:1-6:5 error nethack::unknown-keyword: unknown keyword `TREE`; did you mean `TRAP`? (lev_comp: syntax error at "TREE")
                    fix: Change to `TRAP` → `TRAP: (1,0)`
            "#]],
        );
}
