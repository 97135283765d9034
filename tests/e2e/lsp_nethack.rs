//! A NetHack level author's session over stdio: hover on a real quest file
//! (Arch.des) and completion while typing a small level, in UTF-16
//! positions with non-ASCII text before the cursor on the same line.

use crate::support::client::{apply_edits, extract_cursor, position_of, InitOptions, TestServer};
use crate::{shared, LEVLS};
use serde_json::{json, Value};

const URI: &str = "file:///levels/typed.des";

fn start(snippets: bool) -> TestServer {
    let server = TestServer::start_with(
        LEVLS,
        InitOptions {
            position_encodings: vec!["utf-16".to_string()],
            snippet_support: snippets,
            ..Default::default()
        },
    );
    assert_eq!(server.position_encoding(), "utf-16");
    server
}

fn at(uri: &str, text: &str, offset: usize) -> Value {
    let (line, character) = position_of(text, offset, "utf-16");
    json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
}

/// The hovered text and the markdown.
fn hover(server: &mut TestServer, uri: &str, text: &str, offset: usize) -> (String, String) {
    let result = server.request_ok("textDocument/hover", at(uri, text, offset));
    assert!(!result.is_null(), "no hover at {offset}");
    let range = crate::support::client::byte_range(text, &result["range"], "utf-16");
    let markdown = result["contents"]["value"].as_str().unwrap().to_string();
    (text[range].to_string(), markdown)
}

fn completion_items(server: &mut TestServer, text: &str, offset: usize) -> Vec<Value> {
    let result = server.request_ok("textDocument/completion", at(URI, text, offset));
    match result {
        Value::Array(items) => items,
        Value::Null => Vec::new(),
        other => other["items"].as_array().cloned().unwrap_or_default(),
    }
}

fn labels(items: &[Value]) -> Vec<&str> {
    items.iter().map(|i| i["label"].as_str().unwrap()).collect()
}

/// Apply the item labelled `label` to `text`.
fn accept(text: &str, items: &[Value], label: &str) -> String {
    let item = items
        .iter()
        .find(|i| i["label"] == label)
        .unwrap_or_else(|| panic!("no {label} in {:?}", labels(items)));
    apply_edits(text, &[item["textEdit"].clone()], "utf-16")
}

#[test]
fn hover_on_the_archeologist_quest_start() {
    let path = shared().join("corpus/nethack/3.4.3/Arch.des");
    let text = std::fs::read_to_string(&path).unwrap();
    let uri = crate::support::client::file_uri(&path);
    let mut server = start(false);
    server.open(&uri, "nethack-des", &text);

    let header = text.find("MAZE: \"Arc-strt\"").unwrap();
    let (word, md) = hover(&mut server, &uri, &text, header + 1);
    assert_eq!(word, "MAZE");
    assert!(md.contains("This level \"Arc-strt\""), "{md}");
    assert!(md.contains("1 map part"), "{md}");

    let door = text.find("DOOR:locked,(47,08)").unwrap();
    let (word, md) = hover(&mut server, &uri, &text, door + 6);
    assert_eq!(word, "locked");
    assert!(md.contains("door state"), "{md}");
    let (coord, md) = hover(&mut server, &uri, &text, door + 14);
    assert_eq!(coord, "(47,08)");
    assert!(md.contains("Map cell `+` door"), "{md}");

    let carnarvon = text.find("\"Lord Carnarvon\"").unwrap();
    let (_, md) = hover(&mut server, &uri, &text, carnarvon + 3);
    assert!(md.contains("class '@'"), "{md}");

    // The moat at the corner of the map: (20, 4).
    let map = text.find("MAP\n").unwrap();
    let row4: usize = text[map + 4..]
        .split_inclusive('\n')
        .take(4)
        .map(str::len)
        .sum();
    let (ch, md) = hover(&mut server, &uri, &text, map + 4 + row4 + 20);
    assert_eq!(ch, "}");
    assert!(md.contains("moat") && md.contains("Cell (20, 4)"), "{md}");
    server.shutdown_and_exit();
}

#[test]
fn completion_while_typing_a_level() {
    let mut server = start(true);
    // Non-ASCII before the cursor on its line: UTF-16 columns differ from bytes.
    let fixture = "MAZE: \"ümlaut\", ' '\nGEOMETRY:center,center\nMAP\n|..+.|\nENDMAP\n\
                   RANDOM_PLACES: (1,0), (3,0)\nENGRAVING: (1,0), dust, \"Ωmega\" \n$0";
    let (text, offset) = extract_cursor(fixture);
    server.open(URI, "nethack-des", &text);

    let items = completion_items(&mut server, &text, offset);
    let names = labels(&items);
    assert!(
        names.contains(&"MONSTER") && names.contains(&"DOOR"),
        "{names:?}"
    );
    assert!(
        !names.contains(&"SINK"),
        "SINK is for LEVEL levels: {names:?}"
    );
    let with_door = accept(&text, &items, "DOOR");
    assert!(
        with_door.ends_with("DOOR: ${1:closed}, (${2:0},${3:0})"),
        "{with_door}"
    );

    // Type a TRAP with a half-written name after the Ω line: names replace inside the quotes.
    let typed = format!("{text}TRAP: \"Ωbe");
    let mut version = 2;
    server.change(URI, version, vec![json!({"text": typed})]);
    version += 1;
    let items = completion_items(&mut server, &typed, typed.len());
    let after = accept(&typed, &items, "bear");
    assert!(after.ends_with("TRAP: \"bear"), "{after}");

    // A place index from the list in force.
    let typed = format!("{text}MONSTER: 'd', \"jackal\", place[");
    server.change(URI, version, vec![json!({"text": typed})]);
    let items = completion_items(&mut server, &typed, typed.len());
    assert_eq!(labels(&items), ["0", "1"]);
    let md = items[0]["documentation"]["value"].as_str().unwrap();
    assert!(md.contains("(1,0)") && md.contains("room floor"), "{md}");
    server.shutdown_and_exit();
}

#[test]
fn completion_without_snippet_support_inserts_plain_text() {
    let mut server = start(false);
    let (text, offset) =
        extract_cursor("LEVEL: \"r\"\nROOM: \"ordinary\", lit, random, random, random\nDO$0");
    server.open(URI, "nethack-des", &text);
    let items = completion_items(&mut server, &text, offset);
    let after = accept(&text, &items, "DOOR");
    assert!(
        after.ends_with("\nDOOR: false, closed, random, random"),
        "{after}"
    );
    assert!(items.iter().all(|i| i["insertTextFormat"] != 2));
    server.shutdown_and_exit();
}

/// What a version's hover read is kept for that version only: after an
/// edit, hover answers from the new text (the server keeps one read per
/// version, so hover after hover does not read a large file again).
#[test]
fn hover_follows_an_edit() {
    let mut server = start(false);
    let text = "MAZE:\"edit\",' '\nGEOMETRY:center,center\nMAP\n|.|\nENDMAP\nMONSTER:'d',\"jackal\",(1,0)\n";
    server.open(URI, "nethack-des", text);
    server.wait_diagnostics_version(URI, 1);
    let name = text.find("jackal").unwrap() + 2;
    let (word, first) = hover(&mut server, URI, text, name);
    assert_eq!(word, "\"jackal\"");
    assert!(first.contains("jackal"), "{first}");
    // The same version again: the same answer.
    assert_eq!(hover(&mut server, URI, text, name).1, first);
    let start = text.find("jackal").unwrap();
    let (line, character) = position_of(text, start, "utf-16");
    server.change(
        URI,
        2,
        vec![
            json!({"range": {"start": {"line": line, "character": character},
            "end": {"line": line, "character": character + 6}}, "text": "coyote"}),
        ],
    );
    let edited = text.replace("jackal", "coyote");
    let (word, second) = hover(&mut server, URI, &edited, name);
    assert_eq!(word, "\"coyote\"");
    assert!(
        second.contains("coyote") && !second.contains("jackal"),
        "{second}"
    );
    assert!(server.shutdown_and_exit().success());
}

/// The code actions over every diagnostic of `text` (a 3.6 level), with the
/// diagnostics' codes; and lev_comp 3.6.6's verdict on the same text.
fn actions_and_lev_comp(text: &str) -> (Vec<String>, Vec<String>, String) {
    let mut server = TestServer::start_with(
        LEVLS,
        InitOptions {
            position_encodings: vec!["utf-16".to_string()],
            initialization_options: Some(json!({"nethack": {"dialect": "3.6"}})),
            ..Default::default()
        },
    );
    server.open(URI, "nethack", text);
    let published = server.wait_diagnostics_version(URI, 1);
    let diagnostics = published["diagnostics"].as_array().unwrap().clone();
    let codes = diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect();
    let mut titles = Vec::new();
    for d in &diagnostics {
        let actions = server.request_ok(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": URI}, "range": d["range"], "context": {"diagnostics": [d]}}),
        );
        for a in actions.as_array().into_iter().flatten() {
            titles.push(a["title"].as_str().unwrap().to_string());
        }
    }
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
    let dir = std::env::temp_dir().join(format!(
        "levls-e2e-no-fix-{}-{}",
        std::process::id(),
        text.len()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("level.des");
    std::fs::write(&file, text).unwrap();
    let verdict = match crate::oracle::lev_comp(&file, &dir.join("run")) {
        crate::oracle::Oracle::Rejected(message) => message,
        _ => "accepted or crashed".to_string(),
    };
    std::fs::remove_dir_all(&dir).ok();
    (codes, titles, verdict)
}

/// Where no edit helps, no quick fix is offered: lev_comp's own verdict says
/// where the problem is. A map row swapped below ENDMAP: the error is the
/// row, and the `#` comment after it (column 1) is no stray comment to
/// "Remove the indentation" of. A ROOM whose contents are indented under it
/// without braces: "Add `{ }`" would compile but leave them outside the room.
#[test]
fn no_quick_fix_where_no_edit_helps() {
    let swapped = "MAZE:\"x\",' '\nGEOMETRY:center,center\nMAP\n|..|\nENDMAP\nIIII..II\n# Non diggable walls\nNON_DIGGABLE:(0,0,3,0)\n";
    let (codes, titles, verdict) = actions_and_lev_comp(swapped);
    assert!(verdict.contains("line 6"), "{verdict}");
    assert!(
        !codes.contains(&"nethack::stray-comment".to_string()),
        "{codes:?}"
    );
    assert!(
        !titles.iter().any(|t| t.contains("indentation")),
        "{titles:?}"
    );

    let room = "MAZE:\"x\",random\nROOM:\"ordinary\",lit,(1,1),(left,top),(5,5)\n  OBJECT: \"dagger\", (1,1)\n  MONSTER: 'd', (2,2)\n";
    let (codes, titles, verdict) = actions_and_lev_comp(room);
    assert!(verdict.contains("line 3"), "{verdict}");
    assert!(
        codes.contains(&"nethack::missing-block".to_string()),
        "{codes:?}"
    );
    assert!(!titles.iter().any(|t| t.contains("{ }")), "{titles:?}");
}
