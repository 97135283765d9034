//! The WUAS fixture tests: a board's text (with `$0` where the cursor is) and what the author
//! sees, beside the code they test (`analysis/tests.rs`, `names/tests.rs`, `hover/tests.rs`…);
//! here, what they share (the boards, a temporary folder of definitions), detection by content
//! and the sweep over every offset of the corpus.

use super::{looks_like_wuas, Wuas};
use crate::formats::settings::Value;
use crate::formats::test_support::{with_settings, Fixtures};
use crate::formats::{Format, Settings};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// A board saved as `board.dat`.
pub(super) const WUAS: Fixtures = Fixtures::new(&Wuas, "board.dat");

/// A valid version-5 board: two floors of 2×2, a label, an edge.
pub(super) const V5: &str = "# test board

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
|      |      |
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

/// A valid version-5 board: two floors of 2×2, a label on each, an edge (the names tests).
pub(super) const V5_LABELLED: &str = "# test board

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

/// A valid version-1 board in the style of the 2018 renderer.
pub(super) const V1: &str = "# old

1
+----------+----------+
| neutral* |          |
| a        |          |
+----------+----------+

a cake nil 10 12
";

/// A valid version-5 board, laid out the way the formatter lays it out.
pub(super) const FORMATTED: &str = "# test board

5
title: A test

floor=0
+----------+----------+
| sky!     | gap      |
| ab       | &A       |
+----------+----------+
|          | sky      |
|          | &B       |
+----------+----------+

floor=inf
+----------+----------+
| sky      | sky      |
|          |          |
+----------+----------+
| sky%     | sky      |
| X        | &C       |
+----------+----------+


a cake         nil   10 12
b item         toast  8  8
X ghost_HIDDEN nil    0  0

! isfloor
% isroof

A--B
B--A
";

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
pub(super) fn dir() -> &'static Path {
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

/// Settings that name `file` of the temporary folder as the definitions.
pub(super) fn setting(file: &str) -> Settings {
    Settings::default().with(&super::settings::DEFINITIONS, Value::Path(dir().join(file)))
}

/// An unsaved board (no path): only the setting names the definitions, `definitions.json`.
pub(super) fn unsaved_with_definitions() -> Fixtures<'static> {
    static SETTINGS: OnceLock<Settings> = OnceLock::new();
    WUAS.at("")
        .with(SETTINGS.get_or_init(|| setting("definitions.json")))
}

/// Boards saved at `path` in the temporary folder (`$DIR` in the snapshots).
pub(super) fn saved_at(path: &str) -> Fixtures<'static> {
    WUAS.at(dir().join(path).display().to_string())
        .in_dir(dir())
}

/// Each diagnostic of `text` as `code message`: what an edit must not add.
pub(super) fn codes(text: &str) -> Vec<String> {
    WUAS.open(text, |file| Wuas.diagnostics(file))
        .iter()
        .map(|d| format!("{} {}", d.code, d.message))
        .collect()
}

#[test]
fn detection_by_content_only() {
    assert!(looks_like_wuas(V5));
    assert!(looks_like_wuas(V1));
    assert!(!looks_like_wuas("1\n2\n3\n"));
    assert!(!looks_like_wuas("\u{0}\u{1}binary"));
    assert!(!looks_like_wuas("# config\n\nname=value\n"));
    // Header mistakes are still WUAS, so that the analysis can explain them.
    assert!(looks_like_wuas(&V1.replace("# old\n\n1\n", "1\n")));
    assert!(looks_like_wuas(&V1.replace("# old\n\n1\n", "# old\n1\n")));
    assert!(looks_like_wuas(&format!("\u{feff}{V1}")));
    // A damaged or missing version line: recognised by its board.
    assert!(looks_like_wuas(&V5.replace("\n5\n", "\nv5\n")));
    assert!(looks_like_wuas(&V5.replace("\n5\n", "\n")));
    assert!(looks_like_wuas(&V1.replace("\n1\n", "\nversion one\n")));
    // Walls and doors of a NetHack map are no board.
    assert!(!looks_like_wuas(
        "MAZE:\"x\",' '\nMAP\n+---+\n|...|\n|...|\n-----\nENDMAP\n"
    ));
}

#[test]
fn hover_and_completion_answer_at_every_offset_without_panicking() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/wuas");
    let turn8 = std::fs::read_to_string(corpus.join("wuas-render/turn8.dat")).unwrap();
    let rocket =
        std::fs::read_to_string(corpus.join("reconstructed/2024-rocket/rocket-turn04.dat"))
            .unwrap();
    let unicode = V5_LABELLED
        .replace("a cake", "é cake")
        .replace("| ab ", "| éb ")
        .replace("A--B", "A--Ω");
    let texts = [
        V5_LABELLED.to_string(),
        V1.to_string(),
        V5_LABELLED.replace('\n', "\r\n"),
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
