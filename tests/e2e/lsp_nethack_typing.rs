//! Typing real level files into an open document, as an editor sends the
//! keystrokes: `didChange` edits from an empty document, line by line for
//! every corpus file (both dialects) and every MiniHack level, character by
//! character within each line for a few. After each edit the editors'
//! status item (`levls/documentInfo`) is asked for the dialect: once the
//! document shows its dialect it keeps it to the last keystroke, no
//! diagnostic along the way calls one of the file's constructs the other
//! dialect's, and the last diagnostics are those of the whole text opened at
//! once. Then what the typing must survive (garbage typed at the top), and a
//! dialect that really changes, and says so.

use crate::support::client::{edit, TestServer};
use crate::LEVLS;
use serde_json::{json, Value};
use std::path::PathBuf;

fn info(server: &mut TestServer, uri: &str) -> Value {
    server.request_ok("levls/documentInfo", json!({"textDocument": {"uri": uri}}))
}

/// The dialect the status item shows: `dialect 3.6 (why)` → `3.6`.
fn dialect_of(status: &str) -> &str {
    status
        .strip_prefix("dialect ")
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("no dialect in the status {status:?}"))
}

/// Where the end of `text` is, as an LSP position in UTF-16.
fn end_of(text: &str) -> (u32, u32) {
    let line = text.matches('\n').count() as u32;
    let last = &text[text.rfind('\n').map_or(0, |i| i + 1)..];
    (line, last.encode_utf16().count() as u32)
}

/// The diagnostics that call a construct of a file checked in `dialect` the
/// other dialect's: what typing must never bring about.
fn foreign<'d>(dialect: &str, diagnostics: &'d [Value]) -> Vec<&'d Value> {
    let says = |d: &Value, words: &[&str]| {
        let message = d["message"].as_str().unwrap_or("");
        words.iter().any(|w| message.contains(w))
    };
    diagnostics
        .iter()
        .filter(|d| match dialect {
            "3.6" => {
                d["code"] == "nethack::newer-dialect" || says(d, &["NetHack 3.6", "3.6 dialect"])
            }
            _ => {
                d["code"] == "nethack::dropped-in-3.6"
                    || d["code"] == "nethack::older-syntax"
                    || says(d, &["lev_comp 3.6"])
            }
        })
        .collect()
}

/// What one file's typing showed.
struct Typed {
    /// The status after each edit.
    statuses: Vec<String>,
    /// The diagnostics of each version.
    published: Vec<Vec<Value>>,
    /// The diagnostics of the last version.
    last: Vec<Value>,
}

/// Types `text` into a new document at `uri`, `by_char` a character at a
/// time (else a line at a time), always at its end, waiting for each
/// version's diagnostics (so none is skipped) before asking for its status.
fn type_in(server: &mut TestServer, uri: &str, text: &str, by_char: bool) -> Typed {
    server.open(uri, "nethack-des", "");
    let pieces: Vec<&str> = if by_char {
        text.split_inclusive(|_: char| true).collect()
    } else {
        text.split_inclusive('\n').collect()
    };
    let mut typed = String::new();
    let mut statuses = Vec::new();
    let mut published = Vec::new();
    for (i, piece) in pieces.iter().enumerate() {
        let version = i as i32 + 2;
        let (line, character) = end_of(&typed);
        server.change(
            uri,
            version,
            vec![edit(line, character, line, character, piece)],
        );
        typed.push_str(piece);
        let params = server.wait_diagnostics_version(uri, version);
        published.push(params["diagnostics"].as_array().unwrap().clone());
        let answer = info(server, uri);
        assert_eq!(answer["version"], version, "{uri}: {answer}");
        statuses.push(answer["status"].as_str().unwrap().to_string());
    }
    server.close(uri);
    let last = published.last().cloned().unwrap_or_default();
    Typed {
        statuses,
        published,
        last,
    }
}

/// The dialect and diagnostics of `text` opened whole.
fn opened_whole(server: &mut TestServer, uri: &str, text: &str) -> (String, Vec<Value>) {
    server.open(uri, "nethack-des", text);
    let diagnostics = server.wait_diagnostics_version(uri, 1)["diagnostics"]
        .as_array()
        .unwrap()
        .clone();
    let status = info(server, uri)["status"].as_str().unwrap().to_string();
    server.close(uri);
    (dialect_of(&status).to_string(), diagnostics)
}

/// Types each file and checks what the typing showed; returns the problems
/// found and the dialect each file has opened whole.
fn replay(files: &[PathBuf], by_char: bool) -> (Vec<String>, Vec<(String, String)>) {
    let mut server = TestServer::start(LEVLS);
    let mut problems = Vec::new();
    let mut dialects = Vec::new();
    for (n, path) in files.iter().enumerate() {
        let text = std::fs::read_to_string(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let (dialect, whole) = opened_whole(
            &mut server,
            &format!("file:///typing/whole/{n}/{name}"),
            &text,
        );
        let typed = type_in(
            &mut server,
            &format!("file:///typing/typed/{n}/{name}"),
            &text,
            by_char,
        );
        let shown: Vec<&str> = typed.statuses.iter().map(|s| dialect_of(s)).collect();
        let kept_from = if dialect == "3.6" {
            shown.iter().position(|d| *d == "3.6")
        } else {
            Some(0)
        };
        match kept_from {
            None => problems.push(format!("{name}: never shown as 3.6")),
            Some(from) => {
                if let Some(off) = (from..shown.len()).find(|&i| shown[i] != dialect) {
                    problems.push(format!(
                        "{name}: shown as {dialect} at edit {from}, then as {} at edit {off}: {}",
                        shown[off], typed.statuses[off]
                    ));
                }
            }
        }
        if let Some(changed) = typed.statuses.iter().find(|s| s.contains("changed from")) {
            problems.push(format!(
                "{name}: the dialect changed while typing: {changed}"
            ));
        }
        if let Some(bad) = typed
            .published
            .iter()
            .flat_map(|d| foreign(&dialect, d))
            .next()
        {
            problems.push(format!("{name}: while typing, {bad}"));
        }
        if typed.last != whole {
            problems.push(format!(
                "{name}: typed, {} diagnostics; opened whole, {}",
                typed.last.len(),
                whole.len()
            ));
        }
        dialects.push((name, dialect));
    }
    assert!(server.shutdown_and_exit().success());
    (problems, dialects)
}

fn corpus(dialect: &str, only: &[&str]) -> Vec<PathBuf> {
    let dir = crate::shared().join("corpus/nethack").join(dialect);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "des"))
        .filter(|p| only.is_empty() || only.iter().any(|o| p.ends_with(format!("{o}.des"))))
        .collect();
    files.sort();
    files
}

/// Every file read as `dialect` once opened whole, and no problem.
fn assert_typed(files: &[PathBuf], by_char: bool, dialect: Option<&str>) {
    assert!(!files.is_empty());
    let (problems, dialects) = replay(files, by_char);
    if let Some(want) = dialect {
        let other: Vec<_> = dialects.iter().filter(|(_, d)| d != want).collect();
        assert!(other.is_empty(), "not read as {want}: {other:?}");
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every 3.6 corpus file, in two halves that run side by side.
fn corpus_half(first: bool) -> Vec<PathBuf> {
    let all = corpus("3.6", &[]);
    let (a, b) = all.split_at(all.len() / 2);
    if first { a } else { b }.to_vec()
}

#[test]
fn typing_the_first_half_of_the_3_6_corpus_line_by_line_keeps_it_3_6() {
    assert_typed(&corpus_half(true), false, Some("3.6"));
}

#[test]
fn typing_the_second_half_of_the_3_6_corpus_line_by_line_keeps_it_3_6() {
    assert_typed(&corpus_half(false), false, Some("3.6"));
}

#[test]
fn typing_3_6_files_key_by_key_keeps_them_3_6() {
    assert_typed(&corpus("3.6", &["oracle", "tower"]), true, Some("3.6"));
}

#[test]
fn typing_3_4_3_files_keeps_them_3_4_3() {
    let files = corpus("3.4.3", &["oracle", "tower", "knox", "castle", "sokoban"]);
    assert_typed(&files, false, Some("3.4.3"));
    assert_typed(&corpus("3.4.3", &["oracle"]), true, Some("3.4.3"));
}

#[test]
fn typing_minihacks_levels_line_by_line_keeps_their_dialect() {
    let dir = crate::minihack::package_dir("minihack").join("dat");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "des"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 30,
        "{} levels in {}",
        files.len(),
        dir.display()
    );
    assert_typed(&files, false, None);
}

const URI: &str = "file:///typing/focused/level.des";

/// A 3.6 level whose only signs of 3.6 are a flag and a class and name pair.
const LEVEL_36: &str = "MAZE: \"garbage\", ' '
FLAGS: premapped
GEOMETRY: center, center
MAP
-----
|...|
-----
ENDMAP
MONSTER: ('d', \"jackal\"), (1,1)
OBJECT: \"nosuchthing\", (2,1)
";

fn status(server: &mut TestServer) -> String {
    info(server, URI)["status"].as_str().unwrap().to_string()
}

fn has(diagnostics: &Value, code: &str) -> bool {
    diagnostics["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["code"] == code)
}

#[test]
fn garbage_typed_at_the_top_of_a_3_6_file_keeps_it_3_6_and_checked() {
    let mut server = TestServer::start(LEVLS);
    server.open(URI, "nethack-des", LEVEL_36);
    server.wait_diagnostics_version(URI, 1);
    assert_eq!(dialect_of(&status(&mut server)), "3.6");
    let mut version = 1;
    for garbage in ["[", "\"", "((((", "MONSTER: (", "OBJECT: '(', \""] {
        // Typed above the level, key by key, then taken away.
        for (i, key) in garbage.char_indices() {
            version += 1;
            let text = if i == 0 {
                format!("{key}\n")
            } else {
                key.to_string()
            };
            server.change(URI, version, vec![edit(0, i as u32, 0, i as u32, &text)]);
            let shown = status(&mut server);
            assert_eq!(
                dialect_of(&shown),
                "3.6",
                "after {:?}: {shown}",
                &garbage[..=i]
            );
            assert!(!shown.contains("changed"), "{shown}");
            let published = server.wait_diagnostics_version(URI, version);
            // Still checked: the unknown object below the garbage is reported.
            assert!(
                has(&published, "nethack::unknown-object-name"),
                "after {garbage:?}: {published}"
            );
            assert!(
                foreign("3.6", published["diagnostics"].as_array().unwrap()).is_empty(),
                "{published}"
            );
        }
        version += 1;
        server.change(URI, version, vec![edit(0, 0, 1, 0, "")]);
        let published = server.wait_diagnostics_version(URI, version);
        assert!(!has(&published, "nethack::syntax-error"), "{published}");
    }
    assert!(server.shutdown_and_exit().success());
}

#[test]
fn deleting_every_sign_of_3_6_then_typing_3_4_3_changes_the_dialect_and_says_so() {
    let mut server = TestServer::start(LEVLS);
    server.open(URI, "nethack-des", LEVEL_36);
    server.wait_diagnostics_version(URI, 1);
    assert_eq!(dialect_of(&status(&mut server)), "3.6");
    // The flag goes: the pair is left, still 3.6.
    server.change(URI, 2, vec![edit(1, 0, 2, 0, "")]);
    server.wait_diagnostics_version(URI, 2);
    assert_eq!(dialect_of(&status(&mut server)), "3.6");
    // The pair goes too: no sign of either dialect, and the document stays 3.6.
    server.change(URI, 3, vec![edit(7, 0, 8, 0, "")]);
    server.wait_diagnostics_version(URI, 3);
    let kept = status(&mut server);
    assert_eq!(dialect_of(&kept), "3.6", "{kept}");
    assert!(kept.contains("kept while editing"), "{kept}");
    // A 3.4.3 statement typed key by key on a new line: half typed, it
    // changes nothing; once whole, it changes the dialect.
    server.change(URI, 4, vec![edit(7, 0, 7, 0, "\n")]);
    let line = "RANDOM_PLACES: (1,1), (2,1)";
    let mut version = 4;
    for (i, key) in line.char_indices() {
        version += 1;
        server.change(
            URI,
            version,
            vec![edit(7, i as u32, 7, i as u32, &key.to_string())],
        );
        let shown = status(&mut server);
        let typed = &line[..=i];
        let want = if typed.starts_with("RANDOM_PLACES: (1,1)") {
            "3.4.3"
        } else {
            "3.6"
        };
        assert_eq!(dialect_of(&shown), want, "after {typed:?}: {shown}");
    }
    let published = server.wait_diagnostics_version(URI, version);
    let changed = status(&mut server);
    assert_eq!(dialect_of(&changed), "3.4.3", "{changed}");
    assert!(
        changed.contains("changed from 3.6 while editing"),
        "{changed}"
    );
    let notice = published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "nethack::dialect-changed")
        .unwrap_or_else(|| panic!("no notice: {published}"));
    assert_eq!(notice["severity"], 3, "information: {notice}");
    assert_eq!(notice["range"]["start"]["line"], 7, "{notice}");
    let message = notice["message"].as_str().unwrap();
    assert!(message.contains("it was 3.6 before"), "{message}");
    // Hover on the header says it too.
    let hover = server.request_ok(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": {"line": 0, "character": 1}}),
    );
    let shown = hover["contents"]["value"].as_str().unwrap();
    assert!(shown.contains("**NetHack 3.4.3**"), "{shown}");
    assert!(shown.contains("Changed from 3.6 while editing"), "{shown}");
    // Opened afresh, the same text is simply 3.4.3: no notice.
    server.close(URI);
    let text = LEVEL_36
        .replace("FLAGS: premapped\n", "")
        .replace("MONSTER: ('d', \"jackal\"), (1,1)", line);
    server.open(URI, "nethack-des", &text);
    let fresh = server.wait_diagnostics_version(URI, 1);
    assert!(!has(&fresh, "nethack::dialect-changed"), "{fresh}");
    assert!(!status(&mut server).contains("changed"));
    assert!(server.shutdown_and_exit().success());
}
