//! The Frupal fixture tests: a map's text (with `$0` where the cursor is) and what the author
//! sees, beside the code they test (`analysis/tests.rs`, `hover/tests.rs`…); here, what they
//! share, and the answers over odd line endings and real maps.

use super::Frupal;
use crate::formats::test_support::{cursor, Fixtures};
use crate::formats::Format;
use expect_test::expect;

/// A map saved as `map.fmap`.
pub(super) const FRUPAL: Fixtures = Fixtures::new(&Frupal, "map.fmap");

/// A small valid map to build fixtures from: 6×4, a wall at (2,1), water at (4,1), swamp at
/// (2,2), start at (1,1), diamonds at (4,2).
pub(super) const SMALL: &str =
    "Frupal_Kingdom:\nterrain: 6 4\n......\n..=.~.\n..\"...\n......\nstart: 1 1\ndiamonds: 4 2\n";

/// 6×4, with every element; lines (1-based): 7 start, 8 diamonds, 9 treasure,
/// 10 food, 11 clue, 12 ship, 13 binoculars, 14–16 obstacles, 17–18 tools.
pub(super) const MAP: &str = "Frupal_Kingdom:
terrain: 6 4
......
.=..~.
..\"...
......
start: 2 2
diamonds: 4 2
treasure: 2 2 500 A ruby.\\nIt glows.
food: 3 0 2 10 Bread
clue: 5 3 The diamonds are east.
ship: 5 1 100
binoculars: 0 3 50 3
obstacle: 3 2 boulders 15 A boulder.
obstacle: 3 3 boulders 20 Another boulder.
obstacle: 0 2 trees 30 A tree.
tool: 2 0 hammers 2 boulders Trees 2 100 A hammer.
tool: 5 0 explosives 1 boulders 1000 50 Dynamite.
";

pub(super) fn castle() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/corpus/frupal/jnichols-pdx-frupal/maps/castle.fmap"
    );
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

// ---- Line endings and robustness ----

#[test]
fn crlf_maps_answer_like_lf_maps() {
    let crlf = MAP.replace('\n', "\r\n");
    // The description stops before the `\r`; the grid cell is found on its CRLF row.
    FRUPAL.check_hover(
        &crlf.replace("It glows.", "It gl$0ows."),
        expect![[r#"
            [A ruby.\nIt glows.]
            **description** — what the hero reads on finding it

            Shown in game as:

            ```text
            A ruby.
            It glows.
            ```"#]],
    );
    FRUPAL.check_hover(
        &crlf.replace(".=..~.", ".=..$0~."),
        expect![[r#"
        [~]
        **water** (`~`) at 4,1 — only passable with the ship"#]],
    );
    FRUPAL.check_completions(
        &crlf.replace(
            "tool: 5 0 explosives 1 boulders",
            "tool: 5 0 explosives 1 t$0",
        ),
        expect![[r#"
        boulders (t) — obstacle kind: 2 obstacles (lines 14 and 15)
        trees (t) — obstacle kind: 1 obstacle (line 16)"#]],
    );
    let (text, offset) = cursor(&crlf.replace("It glows.", "It gl$0ows."));
    let hover = FRUPAL
        .open(&text, |file| Frupal.hover(file, offset))
        .unwrap();
    assert!(
        text[hover.range].ends_with("glows."),
        "no \\r in the description"
    );
    let hints = FRUPAL.open(&crlf, |file| Frupal.inlay_hints(file, 0..crlf.len()));
    assert_eq!(hints.len(), 12);
    assert!(
        hints
            .iter()
            .all(|h| crlf[h.offset..].starts_with([' ', '\r'])),
        "hints sit right after the y value"
    );
}

/// Hover, completion and hints at every offset of maps that are odd in every
/// way we know: no panic, and each answer stays where the cursor is.
#[test]
fn every_offset_of_odd_maps_answers_in_place() {
    let odd = [
        MAP.to_string(),
        MAP.replace('\n', "\r\n"),
        MAP.trim_end().to_string(),
        String::new(),
        "Frupal_Kingdom:".to_string(),
        "Frupal_Kingdom:\nterrain: 2 2\n".to_string(),
        "Frupal_Kingdom:\nterrain: 3 2\n.é=\n\t~\"\nstart: -1 99999999999999999999\n".to_string(),
        format!(
            "{MAP}tool: 1 0 saws 999999 a b\ntool: 1 0 saws -3 a 1 1 x\nclue: 0 0\nobstacle: 0 0\n"
        ),
        format!("{MAP}  treasure: 1 0 5 Été 🐉 \\n\\n\n# é🐉\n\t# x\n   \nfood:\n"),
        "\u{feff}Frupal_Kingdom:\nterrain: 2 2\n..\n..\n".to_string(),
    ];
    for text in &odd {
        FRUPAL.open(text, |file| {
            let hints = Frupal.inlay_hints(file, 0..text.len());
            for h in &hints {
                assert!(
                    text.is_char_boundary(h.offset),
                    "{text:?}: hint at {}",
                    h.offset
                );
            }
            for offset in (0..=text.len()).filter(|&o| text.is_char_boundary(o)) {
                if let Some(h) = Frupal.hover(file, offset) {
                    assert!(
                        h.range.start <= offset && offset <= h.range.end,
                        "{text:?} at {offset}: {h:?}"
                    );
                    assert!(!h.markdown.is_empty());
                }
                for c in Frupal.completions(file, offset) {
                    assert_eq!(c.replace.end, offset, "{text:?} at {offset}: {c:?}");
                    assert!(
                        !text[c.replace.clone()].contains('\n'),
                        "{text:?} at {offset}: {c:?}"
                    );
                }
            }
        });
    }
}

/// Real maps cut at every line and with characters replaced by troublesome
/// ones: every query answers without panicking.
#[test]
fn no_panic_on_cut_and_mutated_real_maps() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap();
    let maps = [
        root.join("examples/frupal/island.fmap"),
        root.join("../shared/corpus/frupal/jnichols-pdx-frupal/maps/small_example.fmap"),
    ];
    let exercise = |text: &str| {
        FRUPAL.open(text, |file| {
            let f = Frupal;
            f.diagnostics(file);
            f.symbols(file);
            f.folds(file);
            f.inlay_hints(file, 0..text.len());
            for offset in [0, text.len() / 3, text.len() / 2, text.len()] {
                if text.is_char_boundary(offset) {
                    f.hover(file, offset);
                    f.completions(file, offset);
                    f.definition(file, offset);
                    f.references(file, offset, true);
                    let _ = f.rename(file, offset, "stones");
                }
            }
        })
    };
    for path in maps {
        let Ok(map) = std::fs::read_to_string(&path) else {
            panic!("{} is missing", path.display())
        };
        for (cut, _) in map.match_indices('\n') {
            exercise(&map[..cut]);
        }
        for (at, c) in map.char_indices().step_by(17) {
            for replacement in [
                "\n",
                ":",
                " ",
                "\t",
                "#",
                "=",
                "~",
                "-1",
                "99999999999999999999",
                "é",
            ] {
                let mut mutated = map.clone();
                mutated.replace_range(at..at + c.len_utf8(), replacement);
                exercise(&mutated);
            }
        }
    }
}
