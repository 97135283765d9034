//! The DERF fixture tests: a room's text (with `$0` where the cursor is) and what the author
//! sees, beside the code they test (`analysis/tests.rs`, `hover/tests.rs`…); here, what they
//! share and the sweep over every answer.

use super::Derf;
use crate::formats::test_support::Fixtures;
use crate::formats::Format;
use std::path::Path;

/// A room saved as `room.derf`.
pub(super) const DERF: Fixtures = Fixtures::new(&Derf, "room.derf");

// ---- Never crash ----

/// Every example and bad room, cut at every character and with one character
/// replaced by each of a few troublesome ones: analysis, hover and completion
/// must answer without panicking.
#[test]
fn no_panic_on_prefixes_mutations_and_every_position() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut rooms = Vec::new();
    for dir in ["examples/derf", "tests/fixtures/derf/bad"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("derf" | "der")
            ) {
                rooms.push(std::fs::read_to_string(path).unwrap());
            }
        }
    }
    assert!(rooms.len() > 20);
    let exercise = |text: &str, every_position: bool| {
        DERF.open(text, |file| {
            Derf.diagnostics(file);
            Derf.symbols(file);
            Derf.folds(file);
            let offsets: Vec<usize> = if every_position {
                (0..=text.len())
                    .filter(|&i| text.is_char_boundary(i))
                    .collect()
            } else {
                vec![0, text.len() / 2, text.len()]
                    .into_iter()
                    .filter(|&i| text.is_char_boundary(i))
                    .collect()
            };
            for offset in offsets {
                Derf.hover(file, offset);
                Derf.completions(file, offset);
            }
        });
    };
    for room in &rooms {
        exercise(room, true);
        for (cut, _) in room.char_indices() {
            exercise(&room[..cut], false);
        }
        for (at, c) in room.char_indices().step_by(3) {
            for replacement in ["\n", ":", "+", "-", " ", "é", "\r", ",", "\u{feff}", "🐉"] {
                let mut mutated = room.clone();
                mutated.replace_range(at..at + c.len_utf8(), replacement);
                exercise(&mutated, false);
            }
        }
    }
}
