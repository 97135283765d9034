//! WUAS name checks with the games' definitions files: the corpus boards
//! and the mutants against the reference validator's verdicts
//! (`levls check --wuas-definitions`, and `levls.toml`), hover and
//! completion over stdio with the definitions given in `initializationOptions`,
//! go to definition into the definitions file, and the file re-read when the
//! editor reports it changed.

use crate::support::client::{
    apply_edits, byte_range, extract_cursor, file_uri, position_of, InitOptions, TestServer,
};
use crate::{repo_root, LEVLS};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn shared() -> PathBuf {
    repo_root().join("../shared")
}

fn definitions(name: &str) -> PathBuf {
    shared().join("corpus/wuas/definitions").join(name)
}

/// `levls check --format json` with extra arguments: the exit code and the
/// diagnostics grouped by file.
fn check_json(args: &[&Path], cwd: &Path) -> (i32, BTreeMap<String, Vec<Value>>) {
    let out = Command::new(LEVLS)
        .args(["check", "--format", "json"])
        .args(args)
        .current_dir(cwd)
        .output()
        .unwrap();
    let code = out.status.code().expect("levls exits normally");
    assert!(
        code == 0 || code == 1,
        "exit {code}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let all: Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut by_file: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for d in all.as_array().unwrap() {
        by_file
            .entry(d["file"].as_str().unwrap().to_string())
            .or_default()
            .push(d.clone());
    }
    (code, by_file)
}

fn error_lines(diagnostics: &[Value]) -> Vec<String> {
    diagnostics
        .iter()
        .filter(|d| d["severity"] == "error")
        .map(|d| {
            format!(
                "{}:{} {}: {}",
                d["line"],
                d["column"],
                d["code"].as_str().unwrap(),
                d["message"].as_str().unwrap()
            )
        })
        .collect()
}

/// The folders of `corpus/wuas/reconstructed/README.md` and their definitions.
const GAMES: &[(&str, &str, usize)] = &[
    ("2016-old", "wuas_old.json", 1),
    ("2017", "wuas.json", 9),
    ("2018-new", "wuas_new.json", 17),
    ("2018-spaghetti", "wuas_spaghetti.json", 22),
    ("2020-diabolical", "wuas_diabolical.json", 12),
    ("2023-uncle", "wuas_uncle.json", 12),
    ("2024-rocket", "wuas_rocket.json", 30),
];

#[test]
fn every_corpus_board_passes_its_games_definitions_but_old_turn12() {
    let corpus = shared().join("corpus/wuas");
    let mut checked = 0;
    let mut unexpected = Vec::new();
    let mut old_turn12 = Vec::new();
    let mut runs: Vec<(PathBuf, PathBuf, usize)> = GAMES
        .iter()
        .map(|(folder, defs, n)| {
            (
                corpus.join("reconstructed").join(folder),
                definitions(defs),
                *n,
            )
        })
        .collect();
    runs.push((
        corpus.join("wuas-render/turn8.dat"),
        definitions("wuas_new.json"),
        1,
    ));
    for (target, defs, expected_files) in runs {
        let (_, by_file) = check_json(&[Path::new("--wuas-definitions"), &defs, &target], &corpus);
        // Every file appears in the output (each has at least a warning or none):
        // count the .dat files to be sure the folder was really checked.
        let files = if target.is_dir() {
            std::fs::read_dir(&target)
                .unwrap()
                .filter(|e| {
                    e.as_ref()
                        .unwrap()
                        .path()
                        .extension()
                        .is_some_and(|x| x == "dat")
                })
                .count()
        } else {
            1
        };
        assert_eq!(files, expected_files, "{}", target.display());
        checked += files;
        for (file, diagnostics) in by_file {
            let errors = error_lines(&diagnostics);
            if file.ends_with("old-turn12.dat") {
                old_turn12 = errors;
            } else if !errors.is_empty() {
                unexpected.push(format!("{file}:\n  {}", errors.join("\n  ")));
            }
        }
    }
    assert_eq!(checked, 104);
    assert!(unexpected.is_empty(), "{}", unexpected.join("\n"));
    // The validator: `No such token boadest` (the 2016 game data itself is inconsistent).
    assert_eq!(old_turn12.len(), 1, "{old_turn12:#?}");
    assert!(
        old_turn12[0].contains("wuas::unknown-token-name: No such token boadest"),
        "{old_turn12:#?}"
    );
}

#[test]
fn a_board_checked_against_another_games_definitions_fails_as_the_validator_does() {
    // §12 of the reference notes: turn8 fails with every other game's
    // definitions. The validator stops at the first problem, walking the rows
    // in order: levls's first error (in file order) is that one.
    let turn8 = shared().join("corpus/wuas/wuas-render/turn8.dat");
    for (defs, first) in [
        (
            "wuas_rocket.json",
            "11:69 wuas::unknown-space: No such space toaster",
        ),
        (
            "wuas_uncle.json",
            "11:25 wuas::unknown-space: No such space bowser",
        ),
        (
            "wuas_old.json",
            "11:25 wuas::unknown-space: No such space bowser",
        ),
        (
            "wuas.json",
            "11:25 wuas::unknown-space: No such space bowser",
        ),
    ] {
        let (code, by_file) = check_json(
            &[Path::new("--wuas-definitions"), &definitions(defs), &turn8],
            &repo_root(),
        );
        assert_eq!(code, 1, "{defs}");
        let errors: Vec<String> = by_file.values().flat_map(|d| error_lines(d)).collect();
        assert!(errors[0].starts_with(first), "{defs}: {errors:#?}");
    }
}

#[test]
fn mutants_get_an_error_exactly_when_the_validator_rejects_them() {
    let mutants = shared().join("mutants/wuas");
    let table = std::fs::read_to_string(mutants.join("VALIDATION.tsv")).unwrap();
    // definitions file → [(mutant, verdict, validator message)]
    let mut by_defs: BTreeMap<&str, Vec<(&str, &str, &str)>> = BTreeMap::new();
    for line in table.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert!(fields.len() >= 3, "malformed VALIDATION.tsv line: {line:?}");
        by_defs.entry(fields[1]).or_default().push((
            fields[0],
            fields[2],
            fields.get(3).copied().unwrap_or(""),
        ));
    }
    let (mut total, mut agree, mut rejected) = (0, 0, 0);
    let mut disagreements = Vec::new();
    for (defs, rows) in &by_defs {
        let mut args: Vec<PathBuf> = vec!["--wuas-definitions".into(), definitions(defs)];
        args.extend(rows.iter().map(|(file, _, _)| PathBuf::from(file)));
        let args: Vec<&Path> = args.iter().map(PathBuf::as_path).collect();
        let (_, by_file) = check_json(&args, &mutants);
        for (file, verdict, message) in rows {
            assert!(
                *verdict == "REJ" || *verdict == "ok",
                "{file}: verdict {verdict:?}"
            );
            total += 1;
            rejected += usize::from(*verdict == "REJ");
            let errors = error_lines(by_file.get(*file).map_or(&[][..], Vec::as_slice));
            if errors.is_empty() == (*verdict == "ok") {
                agree += 1;
            } else {
                disagreements.push(format!(
                    "{file} with {defs}: validator {verdict} ({message}); levls: {errors:#?}"
                ));
            }
        }
    }
    eprintln!("wuas mutants with definitions: {agree}/{total} agree with the reference validator ({rejected} rejected)");
    assert_eq!(total, 60, "VALIDATION.tsv has 60 mutants");
    // No documented exceptions: every verdict is matched.
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
}

/// A folder under the system temp dir, fresh for this test.
fn tempdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("levls-e2e-wuas-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const BOARD: &str = "# rocket

5
title: e2e

floor=0
+----------+----------+
| neutral! | shp      |
| a        | &A       |
+----------+----------+
| shop     | neutral  |
| b        | &B       |
+----------+----------+


a goldcoin nil 16 16
b item cappy 8 8

! isfloor

A--B
";

#[test]
fn levls_toml_names_the_definitions_and_the_option_beats_it() {
    let dir = tempdir("toml");
    std::fs::create_dir_all(dir.join("boards/late")).unwrap();
    let rocket = definitions("wuas_rocket.json");
    std::fs::copy(&rocket, dir.join("rocket.json")).unwrap();
    std::fs::write(
        dir.join("levls.toml"),
        "[wuas]\ndefinitions = \"rocket.json\"\n",
    )
    .unwrap();
    std::fs::write(dir.join("boards/late/board.dat"), BOARD).unwrap();
    let board = dir.join("boards/late/board.dat");
    let (code, by_file) = check_json(&[&board], &dir);
    assert_eq!(code, 1);
    let errors: Vec<String> = by_file.values().flat_map(|d| error_lines(d)).collect();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(
        errors[0].contains("wuas::unknown-space: No such space shp")
            && errors[0].contains("did you mean `shop`"),
        "{errors:#?}"
    );
    // The option beats the toml: the 2023 game has no item `cappy`.
    let uncle = definitions("wuas_uncle.json");
    let (_, by_file) = check_json(&[Path::new("--wuas-definitions"), &uncle, &board], &dir);
    let errors: Vec<String> = by_file.values().flat_map(|d| error_lines(d)).collect();
    assert!(
        errors
            .iter()
            .any(|e| e.contains("No such item cappy: wuas_uncle.json")),
        "{errors:#?}"
    );
    // A broken levls.toml is a usage error, said once.
    std::fs::write(dir.join("levls.toml"), "[wuas]\ndefinitons = 3\n").unwrap();
    let out = Command::new(LEVLS)
        .arg("check")
        .arg(&board)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("levls.toml") && stderr.contains("unknown field `definitons`"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

fn start(options: Value, root: &Path) -> TestServer {
    TestServer::start_with(
        LEVLS,
        InitOptions {
            position_encodings: vec!["utf-16".into()],
            root: Some(root.to_path_buf()),
            initialization_options: Some(options),
            ..Default::default()
        },
    )
}

fn codes(diagnostics: &Value) -> Vec<String> {
    diagnostics["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            format!(
                "{} {}",
                d["code"].as_str().unwrap(),
                d["message"].as_str().unwrap()
            )
        })
        .collect()
}

#[test]
fn hover_completion_and_diagnostics_over_stdio_with_definitions_from_initialization_options() {
    let dir = tempdir("lsp");
    let uri = file_uri(&dir.join("board.dat"));
    // Relative to the workspace root.
    let root = shared().join("corpus/wuas");
    let mut server = start(
        json!({ "wuas": { "definitions": "definitions/wuas_rocket.json" } }),
        &root,
    );
    server.open(&uri, "wuas", BOARD);
    let published = server.wait_diagnostics(&uri);
    let found = codes(&published);
    assert!(
        found
            .iter()
            .any(|c| c.starts_with("wuas::unknown-space No such space shp")
                && c.contains("did you mean `shop`")),
        "{found:#?}"
    );
    assert_eq!(
        found
            .iter()
            .filter(|c| c.starts_with("wuas::unknown"))
            .count(),
        1,
        "{found:#?}"
    );

    // Hover a cell: the space's description from wuas_rocket.json.
    let hover_at = |server: &mut TestServer, fixture: &str| {
        let (text, offset) = extract_cursor(fixture);
        let (line, character) = position_of(&text, offset, "utf-16");
        server.request_ok(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } }),
        )
    };
    let hover = hover_at(
        &mut server,
        &BOARD.replace("| shop     |", "| sh$0op     |"),
    );
    let markdown = hover["contents"]["value"].as_str().unwrap();
    assert!(
        markdown.contains("**Cell** at floor 0, row 2, column 1"),
        "{markdown}"
    );
    assert!(
        markdown.contains(
            "**Space** `shop` — Shop: A player who lands on this space receives a random item"
        ),
        "{markdown}"
    );
    assert!(
        markdown.contains("`b` `item` (Item), item `cappy` (Cappy)"),
        "{markdown}"
    );
    assert_eq!(
        hover["range"]["start"],
        json!({ "line": 10, "character": 1 })
    );
    let hover = hover_at(&mut server, &BOARD.replace("a goldcoin", "a gold$0coin"));
    let markdown = hover["contents"]["value"].as_str().unwrap();
    assert!(
        markdown.contains("**Token `a`**: `goldcoin` — Gold Coin: Can be picked up by a player."),
        "{markdown}"
    );
    assert!(
        markdown.contains("Used 1 time(s) in 1 cell(s):\n- floor 0, row 1, column 1"),
        "{markdown}"
    );

    // Completion of a space name in a cell: the definitions' names, the typo's
    // word replaced up to the box's `|`, padded to keep its width.
    let (text, offset) = extract_cursor(&BOARD.replace("| shp      |", "| shp$0      |"));
    let (line, character) = position_of(&text, offset, "utf-16");
    let result = server.request_ok(
        "textDocument/completion",
        json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } }),
    );
    let items = result.as_array().expect("a plain list of items");
    let shop = items
        .iter()
        .find(|i| i["label"] == "shop")
        .unwrap_or_else(|| panic!("shop offered: {result:#}"));
    assert_eq!(shop["detail"], "Shop");
    assert_eq!(
        shop["textEdit"]["range"]["start"],
        json!({ "line": 7, "character": 13 })
    );
    assert_eq!(
        shop["textEdit"]["range"]["end"],
        json!({ "line": 7, "character": 22 })
    );
    assert_eq!(shop["textEdit"]["newText"], "shop     ");
    assert!(items.iter().any(|i| i["label"] == "neutral"));
    assert!(
        items.len() > 50,
        "every space of the 2024 game: {}",
        items.len()
    );

    // A new setting re-checks the open document: the 2023 game has no item
    // `cappy` and no attribute `isfloor`.
    let uncle = definitions("wuas_uncle.json");
    server.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "levls": { "wuas": { "definitions": uncle.to_str().unwrap() } } } }),
    );
    let republished = server.wait_diagnostics(&uri);
    let found = codes(&republished);
    assert!(
        found.iter().any(|c| c.starts_with(
            "wuas::unknown-attribute-name No such attribute isfloor: wuas_uncle.json"
        )),
        "{found:#?}"
    );
    assert!(
        found
            .iter()
            .any(|c| c.starts_with("wuas::unknown-item No such item cappy")),
        "{found:#?}"
    );
    server.shutdown_and_exit();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn without_definitions_the_server_checks_no_names() {
    let dir = tempdir("none");
    let uri = file_uri(&dir.join("board.dat"));
    let mut server = start(json!({}), &dir);
    server.open(&uri, "wuas", BOARD);
    let found = codes(&server.wait_diagnostics(&uri));
    assert!(
        found.iter().all(|c| !c.starts_with("wuas::unknown-")),
        "{found:#?}"
    );
    // The version line says how to give one.
    let (line, character) = position_of(BOARD, BOARD.find("5\ntitle").unwrap(), "utf-16");
    let hover = server.request_ok(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } }),
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("No definitions file"),
        "{hover:#}"
    );
    server.shutdown_and_exit();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A shared mutant the reference validator rejects (`No such space nneutral`):
/// the typo made its box one wider. At the name the editor offers only the
/// name's fix, not "Format the document" (which would lay the board out
/// around the typo); accepting it leaves the board clean, box and all.
#[test]
fn a_box_widened_by_a_misspelt_name_is_fixed_at_the_name() {
    let dir = tempdir("widened");
    let uri = file_uri(&dir.join("board.dat"));
    let text =
        std::fs::read_to_string(shared().join("mutants/wuas/diabolical-turn03.m000.dat")).unwrap();
    let mut server = start(
        json!({ "wuas": { "definitions": "definitions/wuas_diabolical.json" } }),
        &shared().join("corpus/wuas"),
    );
    server.open(&uri, "wuas", &text);
    let published = server.wait_diagnostics(&uri);
    let name = published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "wuas::unknown-space")
        .unwrap_or_else(|| panic!("{published}"))
        .clone();
    let at_name: Vec<Value> = published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["range"]["start"]["line"] == name["range"]["start"]["line"])
        .cloned()
        .collect();
    let actions = server.request_ok(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": name["range"], "context": {"diagnostics": at_name}}),
    );
    let titles: Vec<&str> = actions
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["Change to `neutral`"], "{published}");
    let edits = actions[0]["edit"]["changes"][&uri].as_array().unwrap();
    let fixed = apply_edits(&text, edits, "utf-16");
    server.change(&uri, 2, vec![json!({"text": fixed})]);
    let after = server.wait_diagnostics_version(&uri, 2);
    assert_eq!(codes(&after), Vec::<String>::new());
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A folder holding `BOARD` (its typo fixed) and the 2024 game's
/// definitions as the `definitions.json` beside it; a server watching files
/// with the board open, and the board's first diagnostics.
fn board_beside_its_definitions(name: &str) -> (PathBuf, String, TestServer, Value) {
    let dir = tempdir(name);
    std::fs::copy(
        definitions("wuas_rocket.json"),
        dir.join("definitions.json"),
    )
    .unwrap();
    let uri = file_uri(&dir.join("board.dat"));
    let mut server = TestServer::start_with(
        LEVLS,
        InitOptions {
            position_encodings: vec!["utf-16".into()],
            root: Some(dir.clone()),
            watch_files: true,
            ..Default::default()
        },
    );
    server.open(&uri, "wuas", &BOARD.replace("| shp ", "| shop"));
    let published = server.wait_diagnostics(&uri);
    (dir, uri, server, published)
}

#[test]
fn go_to_definition_on_a_space_name_opens_its_key_in_the_definitions_file() {
    let (dir, uri, mut server, published) = board_beside_its_definitions("goto");
    assert_eq!(codes(&published), Vec::<String>::new());
    let board = BOARD.replace("| shp ", "| shop");
    let fixture = board.replacen("| shop     |", "| sh$0op     |", 1);
    let (text, offset) = extract_cursor(&fixture);
    let (line, character) = position_of(&text, offset, "utf-16");
    let answer = server.request_ok(
        "textDocument/definition",
        json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } }),
    );
    let json_path = dir.join("definitions.json");
    let locations = match &answer {
        Value::Array(all) => all.clone(),
        one => vec![one.clone()],
    };
    assert_eq!(locations.len(), 1, "{answer:#}");
    assert_eq!(locations[0]["uri"], file_uri(&json_path), "{answer:#}");
    let json_text = std::fs::read_to_string(&json_path).unwrap();
    let key = byte_range(&json_text, &locations[0]["range"], "utf-16");
    assert_eq!(&json_text[key.start - 1..key.end + 1], "\"shop\"");
    // The key of the `spaces` section, not a `"shop"` in a later turn's board.
    let spaces = json_text.find("\"spaces\"").unwrap();
    let next_section = json_text[spaces..].find("\"composite_spaces\"").unwrap() + spaces;
    assert!((spaces..next_section).contains(&key.start), "{key:?}");
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_saved_change_of_the_definitions_file_rechecks_the_open_board() {
    let (dir, uri, mut server, published) = board_beside_its_definitions("watch");
    assert_eq!(codes(&published), Vec::<String>::new());
    let globs: Vec<Value> = server
        .server_requests()
        .iter()
        .find(|r| r["method"] == "client/registerCapability")
        .map(|r| r["params"]["registrations"][0]["registerOptions"]["watchers"].clone())
        .and_then(|w| w.as_array().cloned())
        .unwrap_or_else(|| panic!("no registration: {:#?}", server.server_requests()));
    assert!(
        globs.iter().any(|w| w["globPattern"] == "**/*.json"),
        "{globs:#?}"
    );

    // The game drops its shop: the board's two shops are now unknown.
    let json_path = dir.join("definitions.json");
    let original = std::fs::read_to_string(&json_path).unwrap();
    let mut game: Value = serde_json::from_str(&original).unwrap();
    game["spaces"].as_object_mut().unwrap().remove("shop");
    std::fs::write(&json_path, serde_json::to_string_pretty(&game).unwrap()).unwrap();
    let changed = json!({ "changes": [{ "uri": file_uri(&json_path), "type": 2 }] });
    server.notify("workspace/didChangeWatchedFiles", changed.clone());
    let found = codes(&server.wait_diagnostics(&uri));
    let unknown =
        "wuas::unknown-space No such space shop: definitions.json defines no space `shop`";
    assert_eq!(found, [unknown, unknown], "{found:#?}");

    // Put back: the errors go.
    std::fs::write(&json_path, &original).unwrap();
    server.notify("workspace/didChangeWatchedFiles", changed);
    assert_eq!(codes(&server.wait_diagnostics(&uri)), Vec::<String>::new());
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}
