use super::*;

fn python() -> &'static Host {
    host_for(Path::new("levels/env.py")).unwrap()
}

/// Each diagnostic as `label: code @ the host text it points at`. The
/// levels here are fragments with no map: that the hero has nowhere to
/// arrive is placement's business (`nethack/check/placement/tests.rs`).
fn checked(host: &Host, text: &str) -> Vec<String> {
    check(host, text, &Settings::NONE)
        .into_iter()
        .flat_map(|part| {
            let label = part.cell.map(|n| format!("cell {n}")).unwrap_or_default();
            part.diagnostics
                .iter()
                .filter(|d| d.code != "nethack::unplaceable-region")
                .map(|d| format!("{label}: {} @ {:?}", d.code, &part.text[d.range.clone()]))
                .collect::<Vec<_>>()
        })
        .collect()
}

const GOOD: &str = "MAZE: \"mylevel\", ' '\nGEOMETRY:center,center\nMAP\n...\n...\nENDMAP\n";

#[test]
fn hosts_are_found_by_extension() {
    assert_eq!(python().name, "python");
    assert_eq!(
        host_for(Path::new("Levels.IPYNB")).map(|h| h.name),
        Some("notebook")
    );
    assert!(host_for(Path::new("level.des")).is_none());
}

#[test]
fn a_broken_level_is_reported_where_the_python_file_wrote_it() {
    let text = format!(
        "import gym\nGOOD = '''\n{GOOD}'''\nenv = gym.make(\"x\", des_file=\"MAZE: \\\"mylevel\\\", ' '\\nMONSTER: ('D', \\\"red dragn\\\"), (1,1)\\n\")\n"
    );
    let found = checked(python(), &text);
    assert!(!found.is_empty());
    for d in &found {
        assert!(d.contains("red dragn"), "{found:?}");
    }
}

#[test]
fn what_an_f_string_expression_causes_is_dropped() {
    let text = "des_file = f\"\"\"\nMAZE: \"mylevel\", ' '\nMONSTER: ('D', \"{monster}\"), (1,1)\nMONSTER: ('D', \"red dragn\"), (2,2)\n\"\"\"\n";
    let found = checked(python(), text);
    assert!(!found.is_empty(), "the misspelt name is still reported");
    assert!(found.iter().all(|d| d.contains("red dragn")), "{found:?}");
}

#[test]
fn a_python_file_without_levels_has_no_parts_to_report() {
    assert!(checked(python(), "print('hello')\n").is_empty());
    assert!(checked(python(), &format!("x = '''\n{GOOD}'''\n")).is_empty());
}

#[test]
fn a_notebook_reports_per_cell() {
    let broken =
        "des_file = \"\"\"\nMAZE: \"mylevel\", ' '\nMONSTER: ('D', \"red dragn\"), (1,1)\n\"\"\"\n";
    let notebook = serde_json::json!({
        "cells": [
            {"cell_type": "markdown", "source": ["MAZE: \"x\", ' '\n", "MONSTER: bad\n"]},
            {"cell_type": "code", "source": broken},
        ]
    })
    .to_string();
    let host = host_for(Path::new("a.ipynb")).unwrap();
    let found = checked(host, &notebook);
    assert!(!found.is_empty());
    assert!(
        found
            .iter()
            .all(|d| d.starts_with("cell 2: ") && d.contains("red dragn")),
        "{found:?}"
    );
}

#[test]
fn levels_inside_python_are_read_as_3_6_whatever_the_user_set() {
    use crate::formats::nethack::{dialect::Dialect, settings};
    let user = Settings::NONE.with(&settings::DIALECT, Value::Choice("3.4.3"));
    for given in [Settings::NONE, user] {
        assert_eq!(
            settings::dialect(&level_settings(&given, python(), "")),
            Some(Dialect::V36)
        );
    }
    // A 3.6 variable: 3.6's own warning, no error.
    let text = "LEVEL = '''\nMAZE: \"mylevel\", ' '\n$place = { (1,1) }\n'''\n";
    assert_eq!(
        checked(python(), text),
        [": nethack::unused-variable @ \"$place\""]
    );
}

/// The fixes of the file's diagnostics, as `title: host text → new text`.
fn fixes(text: &str) -> Vec<String> {
    check(python(), text, &Settings::NONE)
        .iter()
        .flat_map(|part| &part.diagnostics)
        .flat_map(|d| &d.fixes)
        .flat_map(|f| {
            f.edits.iter().map(|e| {
                format!(
                    "{}: {:?} → {:?}",
                    f.title,
                    &text[e.range.clone()],
                    e.new_text
                )
            })
        })
        .collect()
}

#[test]
fn fixes_are_kept_only_where_the_string_reads_them_as_written() {
    let plain = "LEVEL = '''\nMAZE: \"mylevel\", ' '\nOBJECT: ('%', \"aple\"), random\n'''\n";
    let found = fixes(plain);
    assert!(
        found.iter().any(|f| f.contains("\"apple\"")),
        "a fix inside a ''' string stays: {found:?}"
    );
    // The same level in a one-line string: its quotes are escapes.
    let escaped =
        "LEVEL = \"MAZE: \\\"mylevel\\\", ' '\\nOBJECT: ('%', \\\"aple\\\"), random\\n\"\n";
    assert_eq!(checked(python(), escaped).len(), 1);
    assert!(
        !fixes(escaped).iter().any(|f| f.contains("apple")),
        "{:?}",
        fixes(escaped)
    );
}

#[test]
fn a_file_that_imports_minihack_is_played_by_minihack() {
    use crate::formats::nethack::settings::{variant, VARIANT};
    let level =
        "des_file = \"\"\"\nMAZE: \"other\", ' '\nGEOMETRY:center,center\nMAP\n.\nENDMAP\n\"\"\"\n";
    for import in [
        "import minihack\n",
        "import gym, minihack.envs as envs\n",
        "from minihack import LevelGenerator\n",
        "from minihack.level_generator import LevelGenerator\n",
        "def make():\n    import minihack\n",
    ] {
        let text = format!("{import}{level}");
        let settings = level_settings(&Settings::NONE, python(), &text);
        assert_eq!(variant(&settings).name, "minihack", "{import}");
        assert_eq!(
            checked(python(), &text),
            [": nethack::minihack-level-name @ \"\\\"other\\\"\""],
            "{import}"
        );
    }
    for other in [
        "import minihacks\n",
        "from nle import minihack_like\n",
        "# import minihack\n",
        "",
    ] {
        let text = format!("{other}{level}");
        assert!(checked(python(), &text).is_empty(), "{other}");
    }
    let auto = Settings::NONE.with(&VARIANT, Value::Choice("auto"));
    let settings = level_settings(&auto, python(), &format!("import minihack\n{level}"));
    assert_eq!(variant(&settings).name, "minihack");
    // A setting that names the variant wins.
    let vanilla = Settings::NONE.with(&VARIANT, Value::Choice("vanilla"));
    let settings = level_settings(&vanilla, python(), &format!("import minihack\n{level}"));
    assert_eq!(variant(&settings).name, "vanilla");
}
