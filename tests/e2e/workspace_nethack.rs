//! A NetHack `dat/` folder as one game: `levls check DIR` and the server
//! over stdio see a `dungeon.def` and the `.des` files beside it together.
//! Real trees (vanilla 3.6 and 3.4.3, assembled from `../shared/corpus`)
//! check clean; each cross-file fault planted in a copy of the 3.6 tree,
//! every file of which lev_comp and dgn_comp still accept one by one, gives
//! its error on the line to fix.

use crate::dungeon_def::{dgn_comp, DGN_COMP};
use crate::oracle::{lev_comp, Oracle, LEV_COMP};
use crate::support::client::{edit, file_uri, InitOptions, TestServer};
use crate::{shared, LEVLS};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh copy of a real `dat/`: the corpus's `.des` files of `version`
/// and its `dungeon.def`, in a temporary folder.
pub(crate) fn real_tree(version: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("levls-e2e-tree-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let corpus = shared().join("corpus/nethack");
    for entry in std::fs::read_dir(corpus.join(version)).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "des") {
            let text = std::fs::read_to_string(&path).unwrap();
            std::fs::write(dir.join(path.file_name().unwrap()), text).unwrap();
        }
    }
    let def = corpus.join(format!(
        "dungeon-def/nethack-{version}{}-dungeon.def",
        if version == "3.6" { ".6" } else { "" }
    ));
    std::fs::write(
        dir.join("dungeon.def"),
        std::fs::read_to_string(def).unwrap(),
    )
    .unwrap();
    dir
}

/// `levls check --format json DIR`: every diagnostic.
fn check(dir: &Path) -> Vec<Value> {
    let out = Command::new(LEVLS)
        .args(["check", "--format", "json", "--all"])
        .arg(dir)
        .output()
        .unwrap();
    let list: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    list.as_array().unwrap().clone()
}

fn errors(found: &[Value]) -> Vec<String> {
    found
        .iter()
        .filter(|d| d["severity"] == "error")
        .map(|d| {
            format!(
                "{}:{}: {} {}",
                d["file"], d["line"], d["code"], d["message"]
            )
        })
        .collect()
}

/// The 1-based line of the first line of `text` holding `needle`.
fn line_of(text: &str, needle: &str) -> u64 {
    text.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no {needle:?}")) as u64
        + 1
}

fn replace_in(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{}: no {from:?}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn real_vanilla_trees_check_clean_across_files() {
    for version in ["3.6", "3.4.3"] {
        let dir = real_tree(version, &format!("clean-{version}"));
        let found = check(&dir);
        assert!(
            errors(&found).is_empty(),
            "{version}: {:#?}",
            errors(&found)
        );
        let across: Vec<&Value> = found
            .iter()
            .filter(|d| {
                d["code"].as_str().is_some_and(|c| {
                    c.contains("level-") || c.contains("quest") || c.contains("branch")
                })
            })
            .collect();
        assert!(across.is_empty(), "{version}: {across:#?}");
        std::fs::remove_dir_all(&dir).ok();
    }
}

/// One fault planted in a copy of the real 3.6 tree: the file it is in, and
/// the file and line where levls must say so.
struct Planted {
    what: &'static str,
    plant: fn(&Path),
    /// (file, text of the line) of the diagnostic.
    error_at: (&'static str, &'static str),
    code: &'static str,
    /// An error, but for the one fault the game survives (a level never loaded).
    severity: &'static str,
}

const PLANTED: &[Planted] = &[
    Planted {
        what: "a level name dungeon.def has and no .des defines (one letter off)",
        plant: |dir| replace_in(&dir.join("dungeon.def"), "\"knox\" \"K\"", "\"knix\" \"K\""),
        error_at: ("dungeon.def", "\"knix\" \"K\""),
        code: "dungeon-def::level-not-defined",
        severity: "error",
    },
    Planted {
        what: "an RNDLEVEL that picks from more variants than the .des files define",
        plant: |dir| {
            replace_in(
                &dir.join("dungeon.def"),
                "@ (10, 3) 40 10",
                "@ (10, 3) 40 11",
            )
        },
        error_at: ("dungeon.def", "\"bigrm\""),
        code: "dungeon-def::variant-not-defined",
        severity: "error",
    },
    Planted {
        what: "a level defined in two files",
        plant: |dir| {
            let oracle = std::fs::read_to_string(dir.join("oracle.des")).unwrap();
            std::fs::write(dir.join("oracle2.des"), oracle).unwrap();
        },
        error_at: ("oracle2.des", "LEVEL: \"oracle\""),
        code: "nethack::level-defined-twice",
        severity: "error",
    },
    Planted {
        what: "a quest level missing for one role",
        plant: |dir| {
            replace_in(
                &dir.join("Wizard.des"),
                "MAZE: \"Wiz-goal\"",
                "MAZE: \"Wiz-gaol\"",
            )
        },
        error_at: ("dungeon.def", "\"x-goal\""),
        code: "dungeon-def::quest-level-missing",
        severity: "error",
    },
    Planted {
        what: "a branch to a dungeon no DUNGEON: line defines",
        plant: |dir| {
            replace_in(
            &dir.join("dungeon.def"),
            "BRANCH:\t\t\"Fort Ludios\" @ (18, 4) portal\n",
            "BRANCH:\t\t\"Fort Ludios\" @ (18, 4) portal\nBRANCH:\t\t\"Fort Ludio\" @ (20, 2)\n",
        )
        },
        error_at: ("dungeon.def", "\"Fort Ludio\" @ (20, 2)"),
        code: "dungeon-def::unknown-branch",
        severity: "error",
    },
    Planted {
        what: "a level no dungeon.def line loads",
        plant: |dir| {
            let oracle = std::fs::read_to_string(dir.join("oracle.des")).unwrap();
            let extra = oracle.replace("LEVEL: \"oracle\"", "LEVEL: \"extra\"");
            std::fs::write(dir.join("extra.des"), extra).unwrap();
        },
        error_at: ("extra.des", "LEVEL: \"extra\""),
        code: "nethack::level-not-loaded",
        severity: "warning",
    },
];

/// Each file of `dir` accepted by the real tools one by one (when installed).
fn real_tools_accept_each_file(dir: &Path, what: &str) {
    if !Path::new(LEV_COMP).is_file() || !Path::new(DGN_COMP).is_file() {
        eprintln!("SKIPPED the real tools' verdicts: {LEV_COMP} or {DGN_COMP} missing");
        return;
    }
    let scratch = dir.with_extension("run");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.ends_with(".des") {
            let verdict = lev_comp(&path, &scratch.join(&name));
            assert!(
                matches!(verdict, Oracle::Accepted),
                "{what}: lev_comp refuses {name}"
            );
        } else if name == "dungeon.def" {
            let text = std::fs::read_to_string(&path).unwrap();
            let (accepted, _, message) = dgn_comp(&text, &scratch.join(&name));
            assert!(accepted, "{what}: dgn_comp refuses dungeon.def: {message}");
        }
    }
    std::fs::remove_dir_all(&scratch).ok();
}

#[test]
fn each_planted_cross_file_fault_is_reported_on_the_line_to_fix() {
    for (i, planted) in PLANTED.iter().enumerate() {
        let dir = real_tree("3.6", &format!("planted-{i}"));
        (planted.plant)(&dir);
        real_tools_accept_each_file(&dir, planted.what);
        let found = check(&dir);
        let (file, needle) = planted.error_at;
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let line = line_of(&text, needle);
        let hit = found.iter().any(|d| {
            d["severity"] == planted.severity
                && d["code"] == planted.code
                && d["line"] == line
                && d["file"]
                    .as_str()
                    .is_some_and(|f| f.ends_with(&format!("/{file}")))
        });
        assert!(
            hit,
            "{}: no {} at {file}:{line}; errors: {:#?}",
            planted.what,
            planted.code,
            errors(&found)
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}

/// The position (LSP, UTF-16 = bytes here: ASCII) of `needle` plus `into`.
fn position(text: &str, needle: &str, into: usize) -> Value {
    let offset = text.find(needle).unwrap_or_else(|| panic!("no {needle:?}")) + into;
    let line = text[..offset].matches('\n').count();
    let column = offset - text[..offset].rfind('\n').map_or(0, |n| n + 1);
    json!({ "line": line, "character": column })
}

fn start(dir: &Path) -> TestServer {
    TestServer::start_with(
        LEVLS,
        InitOptions {
            root: Some(dir.to_path_buf()),
            ..Default::default()
        },
    )
}

/// The server's index is filled in the background: ask until `ask` answers.
fn eventually(
    server: &mut TestServer,
    method: &str,
    params: Value,
    ok: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let answer = server.request_ok(method, params.clone());
        if ok(&answer) || std::time::Instant::now() > deadline {
            return answer;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

fn uris(locations: &Value) -> Vec<String> {
    let mut found: Vec<String> = locations
        .as_array()
        .map(|a| {
            a.iter()
                .map(|l| {
                    if l["uri"].is_string() {
                        &l["uri"]
                    } else {
                        &l["location"]["uri"]
                    }
                })
                .map(|uri| {
                    uri.as_str()
                        .unwrap()
                        .rsplit('/')
                        .next()
                        .unwrap()
                        .to_string()
                })
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

#[test]
fn definition_references_rename_and_symbols_cross_files_over_stdio() {
    let dir = real_tree("3.6", "navigation");
    let def = dir.join("dungeon.def");
    let def_text = std::fs::read_to_string(&def).unwrap();
    let oracle = dir.join("oracle.des");
    let oracle_text = std::fs::read_to_string(&oracle).unwrap();
    let mut server = start(&dir);
    server.open(&file_uri(&def), "nethack-dungeon-def", &def_text);
    server.wait_diagnostics(&file_uri(&def));

    // dungeon.def → the .des header that defines the level.
    let at = position(&def_text, "\"oracle\" \"O\"", 2);
    let found = eventually(
        &mut server,
        "textDocument/definition",
        json!({ "textDocument": { "uri": file_uri(&def) }, "position": at }),
        |a| a.as_array().is_some_and(|a| !a.is_empty()),
    );
    assert_eq!(uris(&found), ["oracle.des"], "{found:#}");
    assert_eq!(
        found[0]["range"]["start"]["line"],
        line_of(&oracle_text, "LEVEL: \"oracle\"") - 1
    );

    // An RNDLEVEL's name → every variant's header.
    let at = position(&def_text, "\"bigrm\"", 2);
    let found = server.request_ok(
        "textDocument/definition",
        json!({ "textDocument": { "uri": file_uri(&def) }, "position": at }),
    );
    assert_eq!(found.as_array().unwrap().len(), 10, "{found:#}");

    // The .des header → where dungeon.def loads it (and the header itself).
    server.open(&file_uri(&oracle), "nethack", &oracle_text);
    server.wait_diagnostics(&file_uri(&oracle));
    let at = position(&oracle_text, "LEVEL: \"oracle\"", 9);
    let found = server.request_ok(
        "textDocument/references",
        json!({ "textDocument": { "uri": file_uri(&oracle) }, "position": at, "context": { "includeDeclaration": true } }),
    );
    assert_eq!(uris(&found), ["dungeon.def", "oracle.des"], "{found:#}");

    // Rename from dungeon.def: its name, the chains that name it, and the header.
    let at = position(&def_text, "\"oracle\" \"O\"", 2);
    let edit = server.request_ok(
        "textDocument/rename",
        json!({ "textDocument": { "uri": file_uri(&def) }, "position": at, "newName": "seer" }),
    );
    let changes = &edit["changes"];
    assert_eq!(
        changes[file_uri(&def)].as_array().unwrap().len(),
        3,
        "{edit:#}"
    );
    assert_eq!(
        changes[file_uri(&oracle)].as_array().unwrap().len(),
        1,
        "{edit:#}"
    );
    assert!(changes[file_uri(&def)]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["newText"] == "seer"));

    // A quest level's name is the game's: refused, with the reason.
    let at = position(&def_text, "\"x-goal\"", 2);
    let refused = server.request(
        "textDocument/rename",
        json!({ "textDocument": { "uri": file_uri(&def) }, "position": at, "newName": "x-end" }),
    );
    assert!(
        refused["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("quest")),
        "{refused:#}"
    );

    // workspace/symbol over every file's levels, open or not.
    let found = eventually(
        &mut server,
        "workspace/symbol",
        json!({ "query": "Wiz-go" }),
        |a| a.as_array().is_some_and(|a| !a.is_empty()),
    );
    assert!(
        uris(&found).contains(&"Wizard.des".to_string()),
        "{found:#}"
    );
    server.shutdown_and_exit();
    std::fs::remove_dir_all(&dir).ok();
}

fn codes_in(params: &Value) -> Vec<String> {
    params["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap_or("").to_string())
        .collect()
}

#[test]
fn a_closed_files_diagnostic_appears_and_disappears_as_another_file_is_edited() {
    let dir = real_tree("3.6", "closed");
    let def = dir.join("dungeon.def");
    let def_text = std::fs::read_to_string(&def).unwrap();
    let oracle = dir.join("oracle.des");
    let mut server = start(&dir);
    server.open(&file_uri(&def), "nethack-dungeon-def", &def_text);
    server.wait_diagnostics(&file_uri(&def));
    // Wait for the index: the definition answers once it knows oracle.des.
    let at = position(&def_text, "\"oracle\" \"O\"", 2);
    eventually(
        &mut server,
        "textDocument/definition",
        json!({ "textDocument": { "uri": file_uri(&def) }, "position": at }),
        |a| a.as_array().is_some_and(|a| !a.is_empty()),
    );
    // dungeon.def no longer names "oracle": the closed oracle.des is never loaded.
    let line = line_of(&def_text, "\"oracle\" \"O\"") as u32 - 1;
    let column = def_text
        .lines()
        .nth(line as usize)
        .unwrap()
        .find("oracle")
        .unwrap() as u32;
    server.change(
        &file_uri(&def),
        2,
        vec![edit(line, column, line, column + 6, "oracel")],
    );
    let published = server.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == file_uri(&oracle) && !p["diagnostics"].as_array().unwrap().is_empty()
    });
    assert_eq!(
        codes_in(&published),
        ["nethack::level-not-loaded"],
        "{published:#}"
    );
    let own = server.wait_diagnostics_version(&file_uri(&def), 2);
    assert!(
        codes_in(&own).contains(&"dungeon-def::level-not-defined".to_string()),
        "{own:#}"
    );
    // Put back: the closed file's diagnostic goes.
    server.change(
        &file_uri(&def),
        3,
        vec![edit(line, column, line, column + 6, "oracle")],
    );
    let cleared = server.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == file_uri(&oracle) && p["diagnostics"].as_array().unwrap().is_empty()
    });
    assert!(codes_in(&cleared).is_empty());
    server.shutdown_and_exit();
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn indexing_reports_progress_and_follows_the_workspace_folders() {
    let dir = real_tree("3.6", "folders");
    let mut server = TestServer::start_with(
        LEVLS,
        InitOptions {
            root: Some(dir.clone()),
            work_done_progress: true,
            ..Default::default()
        },
    );
    let begin = server.wait_notification("$/progress", |p| p["value"]["kind"] == "begin");
    assert!(
        begin["value"]["title"]
            .as_str()
            .is_some_and(|t| t.contains("indexing")),
        "{begin:#}"
    );
    let end = server.wait_notification("$/progress", |p| p["value"]["kind"] == "end");
    assert_eq!(end["value"]["message"], "25 files", "{end:#}");
    assert!(server
        .server_requests()
        .iter()
        .any(|r| r["method"] == "window/workDoneProgress/create"));
    let query = json!({ "query": "Wiz-goal" });
    let found = server.request_ok("workspace/symbol", query.clone());
    assert_eq!(uris(&found), ["Wizard.des"], "{found:#}");
    // The folder leaves the workspace: its names go; it comes back: they return.
    let folder = json!([{ "uri": file_uri(&dir), "name": "dat" }]);
    server.notify(
        "workspace/didChangeWorkspaceFolders",
        json!({ "event": { "added": [], "removed": folder } }),
    );
    let found = server.request_ok("workspace/symbol", query.clone());
    assert_eq!(found, json!([]));
    server.notify(
        "workspace/didChangeWorkspaceFolders",
        json!({ "event": { "added": folder, "removed": [] } }),
    );
    let found = eventually(&mut server, "workspace/symbol", query, |a| {
        a.as_array().is_some_and(|a| !a.is_empty())
    });
    assert_eq!(uris(&found), ["Wizard.des"], "{found:#}");
    server.shutdown_and_exit();
    std::fs::remove_dir_all(&dir).ok();
}
