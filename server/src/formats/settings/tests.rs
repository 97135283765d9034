//! The reader of every source, and the precedence between them.

use super::{editor, project, Setting, Settings, Value};
use crate::formats::dungeon_mystery::settings::{NODE, PACKAGE};
use crate::formats::nethack::settings::{dialect, DIALECT};
use crate::formats::nethack::Dialect;
use crate::formats::wuas::settings::DEFINITIONS;
use serde_json::json;
use std::path::{Path, PathBuf};

/// A fresh empty folder under the temporary directory.
fn tempdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("levls-settings-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(settings: &Settings, setting: &Setting) -> Option<PathBuf> {
    settings.path(setting).map(Path::to_path_buf)
}

#[test]
fn the_editor_reads_relative_and_absolute_paths_and_ignores_other_payloads() {
    let root = Path::new("/work/game");
    let none = Settings::default();
    let relative = json!({ "wuas": { "definitions": "defs/rocket.json" } });
    let set = editor::read(&relative, Some(root), &none).unwrap();
    assert_eq!(
        path(&set, &DEFINITIONS),
        Some(PathBuf::from("/work/game/defs/rocket.json"))
    );
    let absolute = json!({ "wuas": { "definitions": "/x/y.json" } });
    let set = editor::read(&absolute, Some(root), &none).unwrap();
    assert_eq!(path(&set, &DEFINITIONS), Some(PathBuf::from("/x/y.json")));
    // Silence keeps the current value; an explicit null or "" clears it.
    assert_eq!(
        editor::read(&serde_json::Value::Null, Some(root), &set),
        None
    );
    assert_eq!(editor::read(&json!({ "derf": {} }), Some(root), &set), None);
    assert_eq!(
        editor::read(&json!({ "wuas": {} }), None, &set),
        Some(set.clone())
    );
    let cleared = editor::read(&json!({ "wuas": { "definitions": null } }), None, &set);
    assert_eq!(cleared, Some(Settings::default()));
    let cleared = editor::read(&json!({ "wuas": { "definitions": " " } }), None, &set);
    assert_eq!(cleared, Some(Settings::default()));
    // One key changes only itself.
    let v36 = editor::read(&json!({ "nethack": { "dialect": "36" } }), None, &set).unwrap();
    assert_eq!(dialect(&v36), Some(Dialect::V36));
    assert_eq!(v36.choice(&DIALECT), Some("3.6"));
    assert_eq!(path(&v36, &DEFINITIONS), path(&set, &DEFINITIONS));
    for detect in ["auto", "3.7", ""] {
        let read = editor::read(&json!({ "nethack": { "dialect": detect } }), None, &v36);
        assert_eq!(dialect(&read.unwrap()), None, "{detect}");
    }
    let dm = json!({ "dungeonMystery": { "node": "/opt/code/code", "package": "tools" } });
    let dm = editor::read(&dm, Some(root), &none).unwrap();
    assert_eq!(path(&dm, &NODE), Some(PathBuf::from("/opt/code/code")));
    assert_eq!(path(&dm, &PACKAGE), Some(PathBuf::from("/work/game/tools")));
    // A bare command stays a command for the PATH; with a slash it is a path.
    let bare = json!({ "dungeonMystery": { "node": "node", "package": null } });
    let bare = editor::read(&bare, Some(root), &dm).unwrap();
    assert_eq!(path(&bare, &NODE), Some(PathBuf::from("node")));
    assert_eq!(path(&bare, &PACKAGE), None);
    let local = json!({ "dungeonMystery": { "node": "bin/node" } });
    let local = editor::read(&local, Some(root), &none).unwrap();
    assert_eq!(
        path(&local, &NODE),
        Some(PathBuf::from("/work/game/bin/node"))
    );
}

#[test]
fn a_levls_toml_is_read_relative_to_its_folder_and_refused_whole_when_wrong() {
    let folder = Path::new("/work/game");
    let text = "[wuas]\ndefinitions = \"defs/rocket.json\"\n\n[nethack]\ndialect = \"3.6\"\n\n\
                [dungeon-mystery]\nnode = \"node\"\npackage = \"tools\"\n";
    let read = project::parse(text, folder).unwrap();
    assert_eq!(
        path(&read, &DEFINITIONS),
        Some(PathBuf::from("/work/game/defs/rocket.json"))
    );
    assert_eq!(dialect(&read), Some(Dialect::V36));
    assert_eq!(path(&read, &NODE), Some(PathBuf::from("node")));
    assert_eq!(
        path(&read, &PACKAGE),
        Some(PathBuf::from("/work/game/tools"))
    );
    // `auto` is a value: it beats the editor's dialect (see the precedence test).
    let auto = project::parse("[nethack]\ndialect = \"auto\"\n", folder).unwrap();
    assert_eq!(auto.choice(&DIALECT), Some("auto"));
    assert_eq!(dialect(&auto), None);

    let error = |text: &str| project::parse(text, folder).unwrap_err();
    expect_test::expect![[r#"
        [wuas] unknown field `definition`, expected `definitions`
        unknown section `[derf]`, expected `[wuas]`, `[dungeon-mystery]`, `[nethack]`
        [nethack] dialect = "3.7": expected "3.4.3", "3.6" or "auto"
        [nethack] dialect: expected a string, found integer
        `nethack` must be a section: `[nethack]`
    "#]]
    .assert_eq(
        &[
            error("[wuas]\ndefinition = \"x.json\"\n"),
            error("[derf]\nflags = 1\n"),
            error("[nethack]\ndialect = \"3.7\"\n"),
            error("[nethack]\ndialect = 36\n"),
            error("nethack = \"3.6\"\n"),
        ]
        .map(|e| e + "\n")
        .concat(),
    );
    assert!(
        error("[wuas").starts_with("unclosed table"),
        "{}",
        error("[wuas")
    );
}

#[test]
fn per_key_flags_beat_the_levls_toml_which_beats_the_editor() {
    let root = Path::new("/work/game");
    let editor = editor::read(
        &json!({ "nethack": { "dialect": "3.6" }, "wuas": { "definitions": "editor.json" },
                 "dungeonMystery": { "node": "node" } }),
        Some(root),
        &Settings::default(),
    )
    .unwrap();
    let toml = project::parse(
        "[nethack]\ndialect = \"auto\"\n[wuas]\ndefinitions = \"toml.json\"\n",
        Path::new("/work/game/levels"),
    )
    .unwrap();
    let flags = Settings::NONE.with(&DEFINITIONS, Value::Path("flag.json".into()));

    let editor_and_toml = toml.clone().or(&editor);
    assert_eq!(dialect(&editor_and_toml), None, "the toml's auto wins");
    assert_eq!(
        path(&editor_and_toml, &DEFINITIONS),
        Some(PathBuf::from("/work/game/levels/toml.json"))
    );
    assert_eq!(
        path(&editor_and_toml, &NODE),
        Some(PathBuf::from("node")),
        "the editor fills"
    );

    let all = flags.or(&toml).or(&editor);
    assert_eq!(path(&all, &DEFINITIONS), Some(PathBuf::from("flag.json")));
    assert_eq!(all.choice(&DIALECT), Some("auto"));
    assert_eq!(path(&all, &NODE), Some(PathBuf::from("node")));
    assert_eq!(path(&all, &PACKAGE), None, "nobody set it: the default");
}

#[test]
fn the_nearest_levls_toml_governs_and_the_server_never_serves_a_stale_read() {
    let dir = tempdir("nearest");
    let nested = dir.join("boards/2024");
    std::fs::create_dir_all(&nested).unwrap();
    let file = nested.join("turn1.dat");
    std::fs::write(
        dir.join(project::FILE_NAME),
        "[wuas]\ndefinitions = \"defs/rocket.json\"\n",
    )
    .unwrap();
    let mut finder = project::Finder::default();
    let found = finder.settings_for(&file).unwrap();
    assert_eq!(
        path(&found, &DEFINITIONS),
        Some(dir.join("defs/rocket.json"))
    );
    let mut fresh = project::Fresh::default();
    let (config, read) = fresh.settings_for(&file).unwrap();
    assert_eq!((config, read), (dir.join(project::FILE_NAME), Ok(found)));

    // A nearer file takes over, and a rewritten one is read again.
    let write = |text: &str| std::fs::write(nested.join(project::FILE_NAME), text).unwrap();
    write("[nethack]\ndialect = \"3.6\"\n");
    let (config, read) = fresh.settings_for(&file).unwrap();
    assert_eq!(config, nested.join(project::FILE_NAME));
    assert_eq!(dialect(&read.unwrap()), Some(Dialect::V36));
    write("[nethack]\ndialect = \"3.4.3\"\n");
    let (_, read) = fresh.settings_for(&file).unwrap();
    assert_eq!(dialect(&read.unwrap()), Some(Dialect::V343));
    write("[nethack]\ndialekt = \"3.6\"\n");
    let (_, read) = fresh.settings_for(&file).unwrap();
    let error = read.unwrap_err();
    assert!(
        error.contains("levls.toml: [nethack] unknown field `dialekt`"),
        "{error}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(fresh.settings_for(&file), None);
}

/// docs/settings.md lists each setting in its three spellings.
#[test]
fn the_docs_list_every_setting() {
    let docs = include_str!("../../../../docs/settings.md");
    for setting in super::declared() {
        let mut spellings = vec![
            format!("`{}`", setting.name()),
            format!("`[{}]` `{} = ", setting.toml_section, setting.key),
        ];
        spellings.extend(setting.flag.map(|f| format!("`--{f} ")));
        for spelling in spellings {
            assert!(docs.contains(&spelling), "docs/settings.md: {spelling}");
        }
    }
}
