//! Finding, loading and caching the definitions file.

use super::*;
use crate::formats::test_support::render_diagnostics_with;
use crate::formats::wuas::tests::{saved_at, setting, V1, V5_LABELLED};
use crate::formats::wuas::Wuas;
use crate::formats::Settings;
use expect_test::expect;

#[test]
fn parses_sections_and_tolerates_missing_ones() {
    let defs = Definitions::parse(
        r#"{"spaces": {"sky": {"name": "Sky", "desc": "Blue.", "visual": "blue", "coords": "0,0,1,1"}},
            "tokens": {"cake": {"name": "Cake", "stats": "N/A", "desc": "Tasty."}},
            "composite_spaces": {"skyw": {"effect": "sky", "layers": ["gap", "sky"]}}}"#,
    )
    .unwrap();
    assert_eq!(
        defs.spaces["sky"].note,
        Some(("visual", "blue".to_string()))
    );
    assert_eq!(defs.tokens["cake"].desc.as_deref(), Some("Tasty."));
    assert!(defs.has_space("skyw") && !defs.has_space("gap"));
    assert!(defs.items.is_empty() && defs.attributes.is_empty());
    assert_eq!(defs.space_names().collect::<Vec<_>>(), ["sky", "skyw"]);
}

#[test]
fn rejects_what_is_not_a_definitions_file() {
    assert!(Definitions::parse("[1]")
        .unwrap_err()
        .contains("not an object"));
    assert!(Definitions::parse(r#"{"games": {}}"#)
        .unwrap_err()
        .contains("none of"));
    assert!(Definitions::parse(r#"{"spaces": []}"#)
        .unwrap_err()
        .contains("`spaces` is not an object"));
    assert!(Definitions::parse("{")
        .unwrap_err()
        .starts_with("invalid JSON"));
}

#[test]
fn every_corpus_definitions_file_loads_and_a_changed_file_is_read_again() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/wuas/definitions");
    for game in [
        "wuas_old",
        "wuas",
        "wuas_new",
        "wuas_spaghetti",
        "wuas_diabolical",
        "wuas_uncle",
        "wuas_rocket",
    ] {
        let defs =
            load(&dir.join(format!("{game}.json"))).unwrap_or_else(|e| panic!("{game}: {e}"));
        assert!(!defs.spaces.is_empty() && !defs.tokens.is_empty(), "{game}");
    }
    let rocket = load(&dir.join("wuas_rocket.json")).unwrap();
    assert!(
        Arc::ptr_eq(&rocket, &load(&dir.join("wuas_rocket.json")).unwrap()),
        "cached"
    );

    let tmp = std::env::temp_dir().join(format!("levls-defs-cache-{}.json", std::process::id()));
    std::fs::write(&tmp, r#"{"spaces": {"a": {}}}"#).unwrap();
    assert!(load(&tmp).unwrap().spaces.contains_key("a"));
    std::fs::write(&tmp, r#"{"spaces": {"bb": {}}}"#).unwrap(); // another size
    assert!(load(&tmp).unwrap().spaces.contains_key("bb"));
    std::fs::remove_file(&tmp).unwrap();
    assert!(load(&tmp).is_err());
}

#[test]
fn found_beside_the_file_or_in_a_parent_folder() {
    let typo = V1.replace("neutral*", "neutrl* ");
    let expected = "5:3-5:9 error wuas::unknown-space: No such space neutrl: definitions.json defines no space `neutrl`; did you mean `neutral`?\n    fix: Change to `neutral` → `| neutral*  |          |`\n";
    for path in ["board.dat", "nested/board.dat", "nested/deeper/board.dat"] {
        let shown = saved_at(path).diagnostics(&typo);
        assert_eq!(shown, expected, "{path}");
    }
}

#[test]
fn without_a_definitions_file_names_are_not_checked() {
    // No path (an unsaved buffer), and a folder with no definitions.json above it.
    let typo = V5_LABELLED.replace("| sky! |", "| skky!|");
    assert_eq!(
        render_diagnostics_with(&Wuas, &typo, "", &Settings::default()),
        ""
    );
    let root_only = std::env::temp_dir().join(format!("levls-wuas-none-{}", std::process::id()));
    std::fs::create_dir_all(&root_only).unwrap();
    let shown = render_diagnostics_with(
        &Wuas,
        &typo,
        root_only.join("b.dat").to_str().unwrap(),
        &Settings::default(),
    );
    assert!(!shown.contains("unknown-space"), "{shown}");
}

#[test]
fn the_setting_beats_the_file_beside_and_metadata_beats_both() {
    let board = V5_LABELLED.replace("| sky! | gap  |", "| sky! |      |");
    saved_at("board.dat").with(&setting("no-gap.json")).check_diagnostics(
        &board,
        expect![[r#"
            8:3-8:6 error wuas::unknown-space: No such space sky: no-gap.json defines no space `sky`
            8:9-8:15 error wuas::unknown-space: No such space gap: an empty cell is the space `gap`, which no-gap.json does not define
            11:2-11:8 error wuas::unknown-space: No such space gap: an empty cell is the space `gap`, which no-gap.json does not define
            11:10-11:13 error wuas::unknown-space: No such space sky: no-gap.json defines no space `sky`
            17:3-17:6 error wuas::unknown-space: No such space sky: no-gap.json defines no space `sky`
            17:10-17:13 error wuas::unknown-space: No such space sky: no-gap.json defines no space `sky`
            20:3-20:6 error wuas::unknown-space: No such space sky: no-gap.json defines no space `sky`
            20:10-20:13 error wuas::unknown-space: No such space sky: no-gap.json defines no space `sky`
            26:3-26:7 error wuas::unknown-token-name: No such token item: no-gap.json defines no token `item`
            26:8-26:13 error wuas::unknown-item: No such item toast: no-gap.json defines no item `toast`
            29:3-29:10 error wuas::unknown-attribute-name: No such attribute isfloor: no-gap.json defines no attribute `isfloor`
        "#]],
    );
    // The metadata key is relative to the datafile: `../definitions.json` from `nested/`.
    let named = board.replace(
        "title: A test",
        "title: A test\ndefinitions: ../definitions.json",
    );
    saved_at("nested/board.dat")
        .with(&setting("no-gap.json"))
        .check_diagnostics(&named, expect![""]);
}

#[test]
fn a_definitions_file_that_cannot_be_read_is_a_warning_where_it_is_named() {
    let named = V5_LABELLED.replace("title: A test", "definitions: missing.json");
    saved_at("board.dat").check_diagnostics(
        &named,
        expect![[r#"
            4:14-4:26 warning wuas::definitions-file: cannot read the definitions file $DIR/missing.json (named here): No such file or directory (os error 2); space, token, item and attribute names are not checked
        "#]],
    );
    saved_at("board.dat").with(&setting("broken.json")).check_diagnostics(
        V5_LABELLED,
        expect![[r#"
            3:1-3:2 warning wuas::definitions-file: cannot read the definitions file $DIR/broken.json (set in the levls setting `wuas.definitions`): invalid JSON: EOF while parsing an object at line 1 column 12; space, token, item and attribute names are not checked
        "#]],
    );
    // A device would never end: refused without reading it.
    let device = V5_LABELLED.replace("title: A test", "definitions: /dev/zero");
    let shown = render_diagnostics_with(&Wuas, &device, "board.dat", &Settings::default());
    assert!(
        shown.contains("/dev/zero (named here): it is not a regular file"),
        "{shown}"
    );
    // Relative to an unsaved file: nothing to resolve it against.
    let shown = render_diagnostics_with(&Wuas, &named, "", &Settings::default());
    assert!(
        shown
            .contains("`missing.json` is relative to the datafile, and this file is not saved yet"),
        "{shown}"
    );
}

#[test]
fn every_entry_of_every_corpus_definitions_file_has_its_key_found_in_the_text() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/wuas/definitions");
    let mut found = 0;
    for game in [
        "wuas_old",
        "wuas",
        "wuas_new",
        "wuas_spaghetti",
        "wuas_diabolical",
        "wuas_uncle",
        "wuas_rocket",
    ] {
        let text = std::fs::read_to_string(dir.join(format!("{game}.json"))).unwrap();
        let defs = Definitions::parse(&text).unwrap();
        let names = |section: &'static str| -> Vec<(&'static str, &String)> {
            let keys: Vec<&String> = match section {
                "spaces" => defs.spaces.keys().collect(),
                "composite_spaces" => defs.composite_spaces.keys().collect(),
                "tokens" => defs.tokens.keys().collect(),
                "items" => defs.items.keys().collect(),
                _ => defs.attributes.keys().collect(),
            };
            keys.into_iter().map(|k| (section, k)).collect()
        };
        for (section, name) in SECTIONS.into_iter().flat_map(names) {
            let span = defs
                .keys
                .get(section, name)
                .unwrap_or_else(|| panic!("{game}: {section} {name}"));
            assert_eq!(
                &text[span.start - 1..span.end + 1],
                format!("\"{name}\""),
                "{game}: {section}"
            );
            found += 1;
        }
    }
    assert_eq!(found, 567, "the entries of the seven games");
}

/// A fresh JSON file path in the temporary folder, for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("levls-defs-forget-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("{name}.json"))
}

#[test]
fn forget_drops_a_rewrite_the_modification_time_and_size_would_hide() {
    let path = scratch("same-tick");
    std::fs::write(&path, r#"{"spaces": {"a": {}}}"#).unwrap();
    let when = std::fs::metadata(&path).unwrap().modified().unwrap();
    assert!(load(&path).unwrap().spaces.contains_key("a"));
    // The same size, and the clock has not moved (a coarse file system).
    std::fs::write(&path, r#"{"spaces": {"b": {}}}"#).unwrap();
    std::fs::File::options()
        .write(true)
        .open(&path)
        .unwrap()
        .set_modified(when)
        .unwrap();
    assert!(
        load(&path).unwrap().spaces.contains_key("a"),
        "the cache hides it"
    );
    assert!(forget(&path));
    assert!(load(&path).unwrap().spaces.contains_key("b"));
    // Forgotten once: another change it did not read again is nothing to redo.
    assert!(forget(&path));
    assert!(!forget(&path));
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn forget_knows_a_file_however_its_path_is_spelt_and_only_what_was_read() {
    let path = scratch("spelt");
    std::fs::write(&path, r#"{"tokens": {"cake": {}}}"#).unwrap();
    let folder = path.parent().unwrap();
    let roundabout = folder.join(format!(
        "./../{}/spelt.json",
        folder.file_name().unwrap().to_str().unwrap()
    ));
    assert!(load(&roundabout).is_ok());
    assert!(forget(&path), "asked for through `..`");
    assert!(!forget(&folder.join("other.json")), "never read");
    // A file that could not be read: fixing it must be noticed too.
    std::fs::write(&path, "{").unwrap();
    assert!(load(&path).is_err());
    assert!(forget(&path));
    // Deleted: still the file that was read.
    assert!(load(&path).is_err());
    std::fs::remove_file(&path).unwrap();
    assert!(forget(&path));
    // A new `definitions.json` may be found beside a datafile.
    assert!(forget(&folder.join(BESIDE_NAME)));
    std::fs::remove_dir_all(folder).unwrap();
}
