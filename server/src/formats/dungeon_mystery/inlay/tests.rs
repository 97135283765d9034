//! Inlay hints: the name of every code.

use crate::formats::dungeon_mystery::tests::{DUNGEON_MYSTERY, SMALL};
use crate::formats::dungeon_mystery::DungeonMystery;
use crate::formats::Format;
use expect_test::expect;

#[test]
fn inlay_hints_name_every_code() {
    let text = SMALL
        .replace(
            "\"layout\": 1",
            "\"layout\": 9, \"hidden_stairs_type\": 255",
        )
        .replace(
            "\"mission_type\": 0",
            "\"mission_type\": 3, \"mission_subtype\": 2",
        );
    let hints = DUNGEON_MYSTERY.open(&text, |file| {
        DungeonMystery.inlay_hints(file, 0..text.len())
    });
    let shown: Vec<String> = hints
        .iter()
        .map(|h| {
            format!(
                "{} after `{}`",
                h.label,
                &text[..h.offset].rsplit(' ').next().unwrap()
            )
        })
        .collect();
    expect![[r#"
        BEETLE after `9`
        RANDOM_SECRET_BAZAAR_OR_SECRET_ROOM after `255`
        EXPLORE_WITH_CLIENT after `3`
        GOLDEN_CHAMBER after `2`
    "#]]
    .assert_eq(&(shown.join("\n") + "\n"));
    // Only the visible range.
    let line3 = text.find("\"layout\"").unwrap();
    let hints = DUNGEON_MYSTERY.open(&text, |file| {
        DungeonMystery.inlay_hints(file, line3..line3 + 20)
    });
    assert_eq!(hints.len(), 1);
}
