//! A DERF author's session in an editor: open, type, read diagnostics, hover,
//! complete, outline, fold, quick-fix — in UTF-16 and UTF-8.

use crate::support::client::{
    apply_edits, edit, extract_cursor, position_of, InitOptions, TestServer,
};
use crate::LEVLS;
use serde_json::{json, Value};

const URI: &str = "file:///rooms/lair.derf";

fn start(encodings: &[&str]) -> TestServer {
    TestServer::start_with(
        LEVLS,
        InitOptions {
            position_encodings: encodings.iter().map(|s| s.to_string()).collect(),
            ..Default::default()
        },
    )
}

fn codes(diagnostics: &Value) -> Vec<String> {
    diagnostics["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect()
}

const LAIR: &str = "DERF:0.1.0\nWyrm's Lair 🐉\nA hot cave.\nBones crunch underfoot.\nFlags: +dungeon_exit +non_euclidean\nContainers: locked_chest\nlocked_chest:magic\n";

fn check_typing_session(encoding: &str) {
    let mut server = start(&[encoding, "utf-16"]);
    assert_eq!(server.position_encoding(), encoding);
    server.open(URI, "derf", LAIR);
    let diagnostics = server.wait_diagnostics_version(URI, 1);
    assert_eq!(codes(&diagnostics), ["derf::unknown-flag"]);
    let range = &diagnostics["diagnostics"][0]["range"];
    let start = LAIR.find("non_euclidean").unwrap();
    let (line, character) = position_of(LAIR, start, encoding);
    assert_eq!(
        range["start"],
        json!({"line": line, "character": character})
    );
    assert_eq!(
        range["end"]["character"].as_u64().unwrap(),
        character as u64 + 13
    );

    // Fix the typo by typing: replace "ea" with "ia", one edit per keystroke.
    let at = position_of(LAIR, start + "non_euclid".len(), encoding);
    server.change(URI, 2, vec![edit(at.0, at.1, at.0, at.1 + 1, "i")]);
    server.change(URI, 3, vec![edit(at.0, at.1 + 1, at.0, at.1 + 2, "a")]);
    let diagnostics = server.wait_diagnostics_version(URI, 3);
    assert_eq!(codes(&diagnostics), Vec::<String>::new(), "{diagnostics}");

    // A new line with an emoji before a bad container: the range must count it right.
    let end_line = LAIR.lines().count() as u32;
    server.change(
        URI,
        4,
        vec![edit(end_line, 0, end_line, 0, "bag:🐉 scale\n")],
    );
    let diagnostics = server.wait_diagnostics_version(URI, 4);
    assert_eq!(codes(&diagnostics), ["derf::undeclared-container"]);
    assert_eq!(
        diagnostics["diagnostics"][0]["range"]["start"],
        json!({"line": end_line, "character": 0})
    );
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

#[test]
fn typing_session_utf16() {
    check_typing_session("utf-16");
}

#[test]
fn typing_session_utf8() {
    check_typing_session("utf-8");
}

#[test]
fn server_picks_utf16_when_utf8_is_not_offered() {
    let server = start(&["utf-16"]);
    assert_eq!(server.position_encoding(), "utf-16");
    let server = start(&["utf-32", "utf-8"]);
    assert_eq!(server.position_encoding(), "utf-8");
}

fn at_cursor(
    server: &mut TestServer,
    method: &str,
    fixture: &str,
    encoding: &str,
) -> (String, Value) {
    let (text, offset) = extract_cursor(fixture);
    server.open(URI, "derf", &text);
    server.wait_diagnostics_version(URI, 1);
    let (line, character) = position_of(&text, offset, encoding);
    let result = server.request_ok(
        method,
        json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}}),
    );
    (text, result)
}

#[test]
fn hover_after_non_ascii_text() {
    for encoding in ["utf-16", "utf-8"] {
        let mut server = start(&[encoding]);
        let (text, hover) = at_cursor(
            &mut server,
            "textDocument/hover",
            "DERF:0.1.0\nLair\nÉté 🐉.\nHot.\nFlags: +monster_spawn +goblin_monster +dun$0geon_exit\n",
            encoding,
        );
        let markdown = hover["contents"]["value"].as_str().unwrap();
        assert!(markdown.contains("**dungeon_exit**"), "{markdown}");
        assert!(
            markdown.contains("`trap` (via boss)"),
            "transitive implication: {markdown}"
        );
        let start = text.find("dungeon_exit").unwrap();
        let (line, character) = position_of(&text, start, encoding);
        assert_eq!(
            hover["range"]["start"],
            json!({"line": line, "character": character})
        );
    }
}

#[test]
fn completion_offers_unwritten_flags_with_docs() {
    let mut server = start(&["utf-16"]);
    let (_, result) = at_cursor(
        &mut server,
        "textDocument/completion",
        "DERF:0.1.0\nLair 🐉\nHot.\nBones.\nFlags: +boss +north_exit +$0\n",
        "utf-16",
    );
    let items = result.as_array().unwrap();
    let labels: Vec<&str> = items.iter().map(|i| i["label"].as_str().unwrap()).collect();
    assert!(
        labels.contains(&"trap") && labels.contains(&"safe_room"),
        "{labels:?}"
    );
    assert!(
        !labels.contains(&"boss") && !labels.contains(&"north_exit"),
        "already written: {labels:?}"
    );
    let trap = items.iter().find(|i| i["label"] == "trap").unwrap();
    assert!(trap["documentation"]["value"]
        .as_str()
        .unwrap()
        .contains("Traps may be placed"));
    assert_eq!(
        trap["textEdit"]["range"]["start"],
        json!({"line": 4, "character": 26})
    );
}

#[test]
fn completion_of_declared_containers() {
    let mut server = start(&["utf-16"]);
    let (_, result) = at_cursor(
        &mut server,
        "textDocument/completion",
        "DERF:0.1.0\nVault\nGold.\nCoins.\nFlags: +north_exit\nContainers: bag bag chest\nb$0\n",
        "utf-16",
    );
    let labels: Vec<&str> = result
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["bag1", "bag2", "chest"]);
}

#[test]
fn outline_and_folding() {
    let mut server = start(&["utf-16"]);
    let text = "DERF:0.1.0\nVault\nGold.\nCoins.\nMore coins.\nFlags: +north_exit\nContainers: bag chest\nbag:weapon\nchest:magic\n";
    server.open(URI, "derf", text);
    let symbols = server.request_ok(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    let room = &symbols[0];
    assert_eq!(room["name"], "Vault");
    let children: Vec<&str> = room["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(children, ["Long description", "Flags", "Containers"]);
    let containers: Vec<&str> = room["children"][2]["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(containers, ["bag", "chest"]);
    let folds = server.request_ok(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": URI}}),
    );
    let folds: Vec<(u64, u64)> = folds
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["startLine"].as_u64().unwrap(),
                f["endLine"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(folds, [(3, 4), (7, 8)]);
}

fn quick_fix(text: &str, code: &str, title_contains: &str) -> String {
    let mut server = start(&["utf-16"]);
    server.open(URI, "derf", text);
    let diagnostics = server.wait_diagnostics_version(URI, 1);
    let diagnostic = diagnostics["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == code)
        .unwrap_or_else(|| panic!("no {code} in {diagnostics}"))
        .clone();
    let actions = server.request_ok(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI}, "range": diagnostic["range"], "context": {"diagnostics": [diagnostic]}}),
    );
    let action = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"].as_str().unwrap().contains(title_contains))
        .unwrap_or_else(|| panic!("no action '{title_contains}' in {actions}"));
    assert_eq!(action["kind"], "quickfix");
    let edits = action["edit"]["changes"][URI].as_array().unwrap();
    let fixed = apply_edits(text, edits, "utf-16");
    // The fixed text is clean of that diagnostic.
    server.change(URI, 2, vec![json!({"text": fixed})]);
    let after = server.wait_diagnostics_version(URI, 2);
    assert!(!codes(&after).contains(&code.to_string()), "{after}");
    fixed
}

#[test]
fn quick_fixes() {
    let room = "Hall 🐉\nShort.\nLong.\nFlags: +north_exit\n";
    assert!(quick_fix(room, "derf::missing-version", "Insert").starts_with("DERF:0.1.0\nHall 🐉\n"));
    let room = "derf:0.1.0\nHall\nShort.\nLong.\nFlags: +north_exit\n";
    assert!(quick_fix(room, "derf::bad-declaration", "DERF:").starts_with("DERF:0.1.0\n"));
    let room = "DERF:0.1.0\nHall\nÉté 🐉.\nLong.\nFlags: +north_exit +monstr_spawn\n";
    assert!(quick_fix(room, "derf::unknown-flag", "monster_spawn")
        .ends_with("Flags: +north_exit +monster_spawn\n"));
    let room =
        "DERF:0.1.0\nHall\nShort.\nLong.\nFlags: +north_exit\nContainers: chset\nchset:weapon\n";
    let fixed = quick_fix(room, "derf::unknown-container", "chest");
    assert!(fixed.contains("Containers: chest\n"), "{fixed}");
    let room = "DERF:0.1.0\nHall\nShort.\nLong.\nFlags: +trap\n+north_exit\n";
    assert!(
        quick_fix(room, "derf::flags-continuation", "Join").ends_with("Flags: +trap +north_exit\n")
    );
}

#[test]
fn detection_by_first_line_and_language_id() {
    let mut server = start(&["utf-16"]);
    let txt = "file:///rooms/notes.txt";
    server.open(
        txt,
        "plaintext",
        "DERF:0.1.0\nHall\nShort.\nLong.\nFlags: +bos\n",
    );
    assert!(
        codes(&server.wait_diagnostics_version(txt, 1)).contains(&"derf::unknown-flag".to_string())
    );
    let other = "file:///rooms/other.txt";
    server.open(other, "plaintext", "Flags: +bos\n");
    assert_eq!(
        codes(&server.wait_diagnostics_version(other, 1)),
        Vec::<String>::new()
    );
    let forced = "file:///rooms/forced.txt";
    server.open(forced, "derf", "The Hall\nShort.\n");
    assert_eq!(
        codes(&server.wait_diagnostics_version(forced, 1))[0],
        "derf::missing-version"
    );
}

/// A room with thousands of containers: completion at the start of a body
/// line sends the names that start with what is typed, 500 at most, and says
/// the list is incomplete so the editor asks again as the user types.
#[test]
fn completion_of_thousands_of_names_is_capped_and_filtered() {
    let names: Vec<String> = (0..3000).map(|i| format!("crate{i}")).collect();
    let mut fixture = format!(
        "DERF:0.1.0\nStoreroom\nCrates.\nStacked high.\nContainers: {}\n",
        names.join(" ")
    );
    for name in &names {
        fixture.push_str(&format!("{name}:rope\n"));
    }
    fixture.push_str("crate12$0");
    let mut server = start(&["utf-16"]);
    let (_, result) = at_cursor(&mut server, "textDocument/completion", &fixture, "utf-16");
    assert_eq!(
        result["isIncomplete"],
        true,
        "{}",
        &result.to_string()[..200]
    );
    let labels: Vec<&str> = result["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(
        !labels.is_empty() && labels.len() <= 500,
        "{}",
        labels.len()
    );
    assert!(
        labels.iter().all(|l| l.starts_with("crate12")),
        "{labels:?}"
    );
    assert!(labels.contains(&"crate1234"), "{labels:?}");
    // A few names: the whole list, complete.
    let (_, small) = at_cursor(
        &mut server,
        "textDocument/completion",
        "DERF:0.1.0\nLair\nHot.\nDark.\nContainers: chest\nchest:rope\nch$0",
        "utf-16",
    );
    assert!(small.is_array(), "{small}");
    assert!(server.shutdown_and_exit().success());
}

/// Typed as far as `Flags:`, completion offers flags (not item types), and accepting one
/// leaves a room that checks clean.
#[test]
fn completion_against_the_flags_colon_offers_flags_and_accepting_checks_clean() {
    let mut server = start(&["utf-16"]);
    let (text, result) = at_cursor(
        &mut server,
        "textDocument/completion",
        "DERF:0.1.0\nVault\nGold.\nCoins.\nFlags:$0\n",
        "utf-16",
    );
    let items = result.as_array().unwrap();
    let labels: Vec<&str> = items.iter().map(|i| i["label"].as_str().unwrap()).collect();
    assert!(labels.contains(&"+north_exit"), "{labels:?}");
    assert!(
        !labels.contains(&"weapon"),
        "item types offered: {labels:?}"
    );
    let exit = items.iter().find(|i| i["label"] == "+north_exit").unwrap();
    let accepted = apply_edits(&text, &[exit["textEdit"].clone()], "utf-16");
    assert_eq!(
        accepted,
        "DERF:0.1.0\nVault\nGold.\nCoins.\nFlags: +north_exit\n"
    );
    server.change(URI, 2, vec![json!({"text": accepted})]);
    let published = server.wait_diagnostics_version(URI, 2);
    assert_eq!(codes(&published), Vec::<String>::new(), "{published:#}");
}

/// `chest, :weapon`: the code actions at the line are the name's own fix and
/// one removing the comma with the space, each giving a clean room; none
/// declares a container named `chest,`.
#[test]
fn a_comma_and_a_space_before_the_colon_go_in_one_fix() {
    let room =
        "DERF:0.1.0\nHall\nShort.\nLong.\nFlags: +north_exit\nContainers: chest\nchest, :weapon\n";
    let clean =
        "DERF:0.1.0\nHall\nShort.\nLong.\nFlags: +north_exit\nContainers: chest\nchest:weapon\n";
    assert_eq!(
        quick_fix(
            room,
            "derf::space-before-colon",
            "Remove the `,` and the space"
        ),
        clean
    );
    assert_eq!(
        quick_fix(room, "derf::undeclared-container", "Change to `chest`"),
        clean
    );
    let mut server = start(&["utf-16"]);
    server.open(URI, "derf", room);
    let diagnostics = server.wait_diagnostics_version(URI, 1);
    let actions = server.request_ok(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI},
               "range": {"start": {"line": 6, "character": 0}, "end": {"line": 6, "character": 14}},
               "context": {"diagnostics": diagnostics["diagnostics"]}}),
    );
    let titles: Vec<&str> = actions
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert!(
        !titles.iter().any(|t| t.contains("Containers line")),
        "{titles:?}"
    );
    // Each fix left the room clean: nothing else remains to fix.
    server.change(URI, 2, vec![json!({"text": clean})]);
    assert_eq!(
        codes(&server.wait_diagnostics_version(URI, 2)),
        Vec::<String>::new()
    );
}

/// Completing in the middle of a word replaces all of it: `Fla|gs:` accepts as
/// `Flags:`, not `Flags:gs:`.
#[test]
fn completion_in_the_middle_of_a_word_replaces_the_word() {
    let mut server = start(&["utf-16"]);
    let (text, result) = at_cursor(
        &mut server,
        "textDocument/completion",
        "DERF:0.1.0\nVault\nGold.\nCoins.\nFla$0gs: +north_exit\n",
        "utf-16",
    );
    let items = result.as_array().unwrap();
    let flags = items
        .iter()
        .find(|i| i["label"] == "Flags:")
        .unwrap_or_else(|| panic!("{result}"));
    let accepted = apply_edits(&text, &[flags["textEdit"].clone()], "utf-16");
    assert_eq!(
        accepted,
        "DERF:0.1.0\nVault\nGold.\nCoins.\nFlags: +north_exit\n"
    );
    server.change(URI, 2, vec![json!({"text": accepted})]);
    assert_eq!(
        codes(&server.wait_diagnostics_version(URI, 2)),
        Vec::<String>::new()
    );
}
