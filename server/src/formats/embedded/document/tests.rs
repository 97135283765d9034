use super::*;
use crate::formats::test_support::{apply_edits, show_range, Fixtures};
use expect_test::expect;

/// A Python file open in the editor.
const PYTHON: Fixtures = Fixtures::new(&PythonLevels, "env.py");

/// MiniHack's way: a level passed as `des_file`, in a triple-quoted string.
const ENV: &str = r#"import gymnasium as gym
import minihack

env = gym.make(
    "MiniHack-Navigation-Custom-v0",
    des_file="""
MAZE: "mylevel", ' '
GEOMETRY:center,center
MAP
-----
|...|
-----
ENDMAP
MONSTER: ('D', "red dragn"), (2,1)
""",
)
"#;

#[test]
fn diagnostics_are_those_of_the_levels_at_their_python_positions() {
    PYTHON.check_diagnostics(
        ENV,
        expect![[r#"
            14:10-14:28 error nethack::unknown-monster-name: Unknown monster ('D', "red dragn")! Did you mean "red dragon"?
        "#]],
    );
}

#[test]
fn a_python_file_without_levels_says_nothing() {
    let text = "import os\n\ndef main():\n    print(\"MAZE\")\n    des_file = \"maze.des\"\n";
    PYTHON.check_diagnostics(text, expect![""]);
    PYTHON.open(text, |file| {
        assert_eq!(
            PythonLevels.status(file).as_deref(),
            Some("NetHack 3.6 levels in Python: 0")
        );
        assert!(PythonLevels.pictures(file, &[]).is_empty());
    });
}

#[test]
fn a_python_file_too_large_to_read_is_not_claimed() {
    let huge = "x = 1\n".repeat(crate::formats::MAX_FILE_BYTES / 6 + 1);
    assert!(!PythonLevels.claims(&huge));
    assert!(PythonLevels.claims(ENV));
}

#[test]
fn an_f_string_placeholder_is_left_unchecked_and_escapes_map_back() {
    let text = "level = f\"MAZE: \\\"mylevel\\\", ' '\\nMONSTER: ('D', \\\"{name}\\\"), (1,1)\\nOBJECT: ('%', \\\"aple\\\"), (2,2)\\n\"\n";
    PYTHON.check_diagnostics(
        text,
        expect![[r#"
            1:17-1:28 warning nethack::unplaceable-region: the hero cannot arrive anywhere on this level: each of its squares is solid rock, and only floor, air or corridor will do. At run time the game says `impossible: Couldn't place lregion type 6!` (after `type 3!` on a level with a branch, as MiniHack's is)
            1:78-1:93 error nethack::unknown-object-name: Unknown object ('%', "aple")! Did you mean "apple"?
        "#]],
    );
}

#[test]
fn hover_answers_inside_a_level_and_nowhere_else() {
    let inside = ENV.replace("MONSTER:", "MON$0STER:");
    PYTHON.check_hover_located(
        &inside,
        expect![[r#"
            14:1-14:8 MONSTER
            ```text
            MONSTER: monster, coord {, info} [{ inventory }]
            ```

            Places a monster. `monster` is `"name"`, `'c'`, `('c', "name")`, `random` or a `$monster` variable; info: `female` `invisible` `cancelled` `revived` `avenge` `stunned` `confused` `fleeing: n` `blinded: n` `paralyzed: n` `seen_traps: …` `align[i]`. A block gives its inventory."#]],
    );
    PYTHON.check_hover_located(&ENV.replace("gym.make(", "gym.ma$0ke("), expect!["(none)"]);
}

#[test]
fn a_levels_header_says_why_it_is_read_as_3_6() {
    // Not "the `nethack.dialect` setting": the user set nothing.
    let header = ENV.replace("MAZE:", "MA$0ZE:");
    let (text, offset) = crate::formats::test_support::cursor(&header);
    PYTHON.open(&text, |file| {
        let hover = PythonLevels
            .hover(file, offset)
            .expect("a hover on the header");
        assert!(
            hover
                .markdown
                .contains("MiniHack's lev_comp, which reads every level written inside Python"),
            "{}",
            hover.markdown
        );
    });
}

#[test]
fn completion_inside_a_level_replaces_python_text() {
    let at = ENV.replace("MONSTER:", "\nTRA$0\nMONSTER:");
    PYTHON.check_completion_labels(&at, expect!["ALTAR BRANCH BREAK CASE CORRIDOR DEFAULT DOOR DRAWBRIDGE ELSE EXIT FLAGS FOR … (41 in all)"]);
    let (text, items) = PYTHON.completions_at(&at);
    assert!(items.iter().all(|c| &text[c.replace.clone()] == "TRA"));
    let (_, outside) = PYTHON.completions_at(
        &ENV.replace("import os", "")
            .replace("gym.make(", "gym.$0make("),
    );
    assert!(outside.is_empty());
}

#[test]
fn a_completion_that_a_one_line_string_cannot_take_is_dropped() {
    // Blocks are inserted over several lines (`IF [50%] {…}`), some values
    // with quotes: fine in a `"""` string, not in a one-line `"…"` string,
    // which a line break or its quote would end.
    let triple = "des_file = \"\"\"\nMAZE: \"mylevel\", ' '\nMES$0\n\"\"\"\n";
    let one_line = "des_file = \"MAZE: \\\"mylevel\\\", ' '\\nMES$0\\n\"\n";
    let quoted = |fixture: &str| {
        let (_, items) = PYTHON.completions_at(fixture);
        let quoted = items
            .iter()
            .filter(|c| {
                c.insert_text
                    .as_deref()
                    .unwrap_or(&c.label)
                    .contains(['"', '\n'])
            })
            .count();
        (quoted, items.len())
    };
    let (in_triple, all) = quoted(triple);
    assert!(in_triple > 0 && all > 0);
    let (in_one_line, left) = quoted(one_line);
    assert_eq!((in_one_line, left), (0, all - in_triple));
    // Inside the quotes the name alone is replaced: offered in both.
    for fixture in [
        triple.replace("MES$0", "MONSTER: ('D', \"red d$0\")"),
        one_line.replace("MES$0", "MONSTER: ('D', \\\"red d$0\\\")"),
    ] {
        let (text, items) = PYTHON.completions_at(&fixture);
        let red = items.iter().find(|c| c.label == "red dragon");
        assert_eq!(
            red.map(|c| &text[c.replace.clone()]),
            Some("red d"),
            "{text}"
        );
    }
}

#[test]
fn a_quick_fix_is_judged_on_the_level_and_applied_to_the_python_file() {
    let text = "LEVEL = '''\nMAZE: \"mylevel\", ' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\nOBJECT: ('%', \"aple\"), random\n'''\n";
    PYTHON.open(text, |file| {
        let all = PythonLevels.diagnostics(file);
        let [target] = &all[..] else {
            panic!("{all:?}")
        };
        let fixes = PythonLevels.helpful_fixes(file, &all, target);
        let [fix] = &fixes[..] else {
            panic!("{fixes:?}")
        };
        let fixed = apply_edits(text, &fix.edits);
        assert!(fixed.contains("('%', \"apple\")"), "{fixed}");
        PYTHON.open(&fixed, |file| {
            assert_eq!(PythonLevels.diagnostics(file), [])
        });
    });
}

#[test]
fn incremental_diagnostics_equal_a_full_analysis_as_levels_change() {
    let mut cache = AnalysisCache::default();
    let versions = [
        ENV.to_string(),
        ENV.replace("dragn", "dragon"),
        ENV.replace("dragn", "dragon")
            + "\nLEVEL = '''\nMAZE: \"other\", ' '\nOBJECT: '%', (1,1)\n'''\n",
        ENV.to_string(),
    ];
    for text in &versions {
        PYTHON.open(text, |file| {
            let incremental = PythonLevels.diagnostics_incremental(file, &mut cache);
            assert_eq!(incremental, PythonLevels.diagnostics(file), "{text}");
        });
    }
}

#[test]
fn the_status_counts_the_levels() {
    let two = format!("{ENV}\nLEVEL = '''\nMAZE: \"other\", ' '\n'''\n");
    PYTHON.open(&two, |file| {
        assert_eq!(
            PythonLevels.status(file).as_deref(),
            Some("NetHack 3.6 levels in Python: 2")
        );
    });
}

#[test]
fn pictures_point_at_the_python_text() {
    PYTHON.check_picture_sketches(
        ENV,
        expect![[r#"
            MAZE "mylevel" 5x3
            -----
            |.D.|
            -----
            error (2,1): nethack::unknown-monster-name: Unknown monster ('D', "red dragn")! Did you mean "red dragon"?
        "#]],
    );
    let pictures = PYTHON.pictures(ENV);
    let sources: Vec<String> = pictures[0]
        .cells
        .iter()
        .filter(|c| c.y == 1)
        .filter_map(|c| c.source.as_ref())
        .map(|r| format!("{} {:?}", show_range(ENV, r), &ENV[r.clone()]))
        .collect();
    expect![[r#"
        [
            "11:1-11:2 \"|\"",
            "11:2-11:3 \".\"",
            "14:1-14:35 \"MONSTER: ('D', \\\"red dragn\\\"), (2,1)\"",
            "11:4-11:5 \".\"",
            "11:5-11:6 \"|\"",
        ]
    "#]]
    .assert_debug_eq(&sources);
}

#[test]
fn navigation_and_rename_stay_inside_the_level() {
    let text = "LEVEL = '''\nMAZE: \"mylevel\", ' '\n$place = (1,1)\nOBJECT: '%', $pl$0ace\n'''\n";
    PYTHON.check_definition(
        text,
        expect![[r#"
        3:1-3:7 $place
    "#]],
    );
    PYTHON.check_rename(
        text,
        "$spot",
        expect![[r#"
        3: $spot = (1,1)
        4: OBJECT: '%', $spot
    "#]],
    );
}

/// Every way Python writes a level: escapes in a one-line string, adjacent
/// literals, an f-string with a placeholder, a raw string, a notebook-like
/// module constant, and non-ASCII text.
const EVERY_WAY: &str = r#"import minihack
ONE = "MAZE: \"mylevel\", ' '\nMAP\n---\n|.|\n---\nENDMAP\nOBJECT: ('%', \"aple\"), (1,1)\n"
PARTS = ("MAZE: \"mylevel\", ' '\n"
         'GEOMETRY:center,center\nMAP\n---\n|.|\n---\nENDMAP\n'
         "MONSTER: ('D', \"red dragn\"), (1,1)\n")
def make(name):
    return dict(des_file=f"""
MAZE: "{name}", ' '
$place = (1,1)
MONSTER: ('d', "jackal"), $place
ENGRAVING: (1,1), burn, "café 🐉 {{braces}}"
""")
RAW_DES = r'''
MAZE: "mylevel", ' '
MESSAGE: "a \n stays two characters"
TRAP: "hole", (1,1)
'''
"#;

#[test]
fn every_answer_at_every_offset_stays_inside_the_python_text() {
    let text = EVERY_WAY;
    let inside = |r: &Range<usize>| {
        r.start <= r.end
            && r.end <= text.len()
            && text.is_char_boundary(r.start)
            && text.is_char_boundary(r.end)
    };
    PYTHON.open(text, |file| {
        let diagnostics = PythonLevels.diagnostics(file);
        assert!(diagnostics.len() >= 2, "{diagnostics:?}");
        for d in &diagnostics {
            assert!(inside(&d.range), "{d:?}");
            for fix in PythonLevels.helpful_fixes(file, &diagnostics, d) {
                assert!(fix.edits.iter().all(|e| inside(&e.range)), "{fix:?}");
            }
        }
        for picture in PythonLevels.pictures(file, &diagnostics) {
            assert!(picture
                .cells
                .iter()
                .filter_map(|c| c.source.as_ref())
                .all(inside));
        }
        let mut answered = 0;
        for offset in (0..=text.len()).filter(|&o| text.is_char_boundary(o)) {
            if let Some(hover) = PythonLevels.hover(file, offset) {
                assert!(inside(&hover.range), "hover at {offset}: {hover:?}");
                answered += 1;
            }
            for c in PythonLevels.completions(file, offset) {
                assert!(
                    inside(&c.replace) && c.replace.start <= offset && offset <= c.replace.end,
                    "completion at {offset}: {c:?}"
                );
            }
            for l in PythonLevels
                .definition(file, offset)
                .into_iter()
                .chain(PythonLevels.references(file, offset, true))
            {
                assert!(inside(&l.range), "navigation at {offset}: {l:?}");
            }
            if let Some(r) = PythonLevels.prepare_rename(file, offset) {
                assert!(inside(&r), "{offset}: {r:?}");
                let edits = PythonLevels
                    .rename(file, offset, "$spot")
                    .unwrap_or_default();
                assert!(
                    edits.iter().all(|e| inside(&e.range)),
                    "{offset}: {edits:?}"
                );
            }
        }
        assert!(answered > 50, "hover answered at {answered} offsets");
    });
}

#[test]
fn in_an_f_string_snippets_are_offered_unless_they_insert_a_brace() {
    let level = "des_file = f\"\"\"\nMAZE: \"{name}\", ' '\nAL$0\n\"\"\"\n";
    let (_, items) = PYTHON.completions_at(level);
    let labels: Vec<&str> = items.iter().map(|c| c.label.as_str()).collect();
    assert!(labels.contains(&"ALTAR"), "{labels:?}");
    assert!(items.iter().any(|c| c.snippet), "{labels:?}");
    assert!(
        !labels.contains(&"IF"),
        "a block inserts braces: {labels:?}"
    );
    let plain = level.replace("f\"\"\"", "\"\"\"").replace("{name}", "x");
    let (_, all) = PYTHON.completions_at(&plain);
    assert!(all.iter().any(|c| c.label == "IF"));
}
