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
