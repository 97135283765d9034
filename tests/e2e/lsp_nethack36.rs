//! A NetHack 3.6 level designer's session over stdio, on the real
//! bigroom.des: the dialect shown on the level header, a variable's
//! definition, references and rename applied to the text, the outline with
//! its SWITCH block, and the folds of every `{ }` block.

use crate::shared;
use crate::support::client::{apply_edits, byte_range, file_uri, position_of, TestServer};
use crate::LEVLS;
use serde_json::{json, Value};

fn open_bigroom(server: &mut TestServer) -> (String, String) {
    let path = shared().join("corpus/nethack/3.6/bigroom.des");
    let text = std::fs::read_to_string(&path).unwrap();
    let uri = file_uri(&path);
    server.open(&uri, "nethack-des", &text);
    server.wait_diagnostics_version(&uri, 1);
    (uri, text)
}

fn at(uri: &str, text: &str, offset: usize) -> Value {
    let (line, character) = position_of(text, offset, "utf-16");
    json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
}

/// The text each location covers, with its line (0-based).
fn covered(text: &str, locations: &Value) -> Vec<(u64, String)> {
    locations
        .as_array()
        .unwrap_or_else(|| panic!("expected locations, got {locations}"))
        .iter()
        .map(|l| {
            let r = &l["range"];
            let line = r["start"]["line"].as_u64().unwrap();
            (line, text[byte_range(text, r, "utf-16")].to_string())
        })
        .collect()
}

/// The first level of the file: up to the second level header.
fn first_level(text: &str) -> &str {
    let second = text.find("MAZE:\"bigrm-2\"").unwrap();
    &text[..second]
}

#[test]
fn dialect_hover_and_a_variable_followed_renamed_and_outlined() {
    let mut server = TestServer::start(LEVLS);
    let (uri, text) = open_bigroom(&mut server);

    // The level header says which dialect is in force and why.
    let header = text.find("MAZE:\"bigrm-1\"").unwrap();
    let hover = server.request_ok("textDocument/hover", at(&uri, &text, header + 1));
    let md = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        md.contains("Dialect: **NetHack 3.6**, detected on line"),
        "{hover}"
    );

    // `$terrains[0]` in the SWITCH goes to its assignment.
    let use_at = text.find("$terrains[0]").unwrap() + 2;
    let found = server.request_ok("textDocument/definition", at(&uri, &text, use_at));
    let found = covered(&text, &found);
    assert_eq!(found, [(31, "$terrains".to_string())]);

    // References: every `$terrains` of the first level, none of the next ones'.
    let mut params = at(&uri, &text, use_at);
    params["context"] = json!({"includeDeclaration": true});
    let refs = server.request_ok("textDocument/references", params);
    let expected = first_level(&text).matches("$terrains").count();
    assert_eq!(covered(&text, &refs).len(), expected);
    assert!(expected >= 10, "{expected}");

    // Hover on the variable: its type and first value.
    let hover = server.request_ok("textDocument/hover", at(&uri, &text, use_at));
    let md = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(md.contains("$terrains: array of map characters"), "{md}");

    // Rename applied to the text changes exactly the first level's occurrences.
    let prepared = server.request_ok("textDocument/prepareRename", at(&uri, &text, use_at));
    assert!(prepared.is_object(), "{prepared}");
    let mut rename = at(&uri, &text, use_at);
    rename["newName"] = json!("$walls");
    let edit = server.request_ok("textDocument/rename", rename);
    let edits = edit["changes"][&uri]
        .as_array()
        .unwrap_or_else(|| panic!("{edit}"));
    let renamed = apply_edits(&text, edits, "utf-16");
    assert_eq!(first_level(&renamed).matches("$walls").count(), expected);
    assert!(!first_level(&renamed).contains("$terrains"));
    assert_eq!(
        renamed.matches("$terrains").count(),
        text.matches("$terrains").count() - expected
    );
    // A bad name is refused with a message.
    let mut bad = at(&uri, &text, use_at);
    bad["newName"] = json!("$x1");
    let refused = server.request("textDocument/rename", bad);
    assert!(refused.get("error").is_some(), "{refused}");

    // The outline: ten levels; the first holds its map, the variable and the
    // SWITCH block with its CASEs.
    let symbols = server.request_ok(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    let levels = symbols.as_array().unwrap();
    assert_eq!(levels.len(), 10, "{symbols}");
    let names = |list: &Value| -> Vec<String> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|s| s["name"].as_str().unwrap().to_string())
            .collect()
    };
    let first = names(&levels[0]["children"]);
    assert!(first.contains(&"MAP".to_string()), "{first:?}");
    assert!(first.contains(&"$terrains".to_string()), "{first:?}");
    let switch = levels[0]["children"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "[50%] SWITCH [4]")
        .unwrap_or_else(|| panic!("{first:?}"));
    assert_eq!(
        names(&switch["children"]),
        ["CASE 0", "CASE 1", "CASE 2", "CASE 3", "DEFAULT"]
    );

    // Folding: the SWITCH block (lines 35–56) folds as well as levels and maps.
    let folds = server.request_ok(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": uri}}),
    );
    let switch_line = text[..text.find("SWITCH [ 4 ] {").unwrap()]
        .matches('\n')
        .count() as u64;
    assert!(
        folds
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["startLine"] == switch_line && f["kind"] == "region"),
        "{folds}"
    );
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

/// Completing a variable in MONSTER's coordinate slot lists the coordinate
/// variables first, and `sortText` keeps that order in the editor.
#[test]
fn variable_completion_keeps_the_fitting_type_first() {
    let mut server = TestServer::start(LEVLS);
    let uri = "file:///tmp/levls-e2e/ranked.des";
    let text = "MAZE: \"ranked\", ' '\n$count = 3\n$spot = (4,4)\nMONSTER: ('d', \"jackal\"), $\n";
    server.open(uri, "nethack-des", text);
    server.wait_diagnostics_version(uri, 1);
    let offset = text.rfind('$').unwrap() + 1;
    let items = server.request_ok("textDocument/completion", at(uri, text, offset));
    let items = items.as_array().unwrap_or_else(|| panic!("{items}"));
    let labels: Vec<&str> = items.iter().filter_map(|i| i["label"].as_str()).collect();
    let spot = labels.iter().position(|l| l.contains("spot")).unwrap();
    let count = labels.iter().position(|l| l.contains("count")).unwrap();
    assert!(spot < count, "{labels:?}");
    let sort: Vec<&str> = items
        .iter()
        .map(|i| i["sortText"].as_str().unwrap())
        .collect();
    assert!(sort.windows(2).all(|w| w[0] < w[1]), "{sort:?}");
    server.shutdown_and_exit();
}

/// Quick fixes are offered only when they help: the rule's near-name guess
/// `$object` (an array, where one object is wanted) is not offered, the
/// missing opening quote is, and each offered edit leaves the line clean.
#[test]
fn nethack36_quick_fixes_are_only_those_that_help() {
    let text = "MAZE:\"fixes\",' '\nFLAGS:noteleport\nGEOMETRY:center,center\nMAP\n....\n....\nENDMAP\n\
                $object = object: { '[',')' }\nOBJECT:$objec,(1,1)\nTRAP:fire\", (2,1)\nTRAP:\"pit\",(1,2)\n";
    let dir = std::env::temp_dir().join(format!("levls-fixes-lsp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("fixes.des");
    std::fs::write(&path, text).unwrap();
    let uri = file_uri(&path);
    let mut server = TestServer::start(LEVLS);
    server.open(&uri, "nethack-des", text);
    let published = server.wait_diagnostics_version(&uri, 1);
    let diagnostics = published["diagnostics"].as_array().unwrap().clone();
    let codes: Vec<&str> = diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert!(
        codes.contains(&"nethack::undefined-variable") && codes.contains(&"nethack::unknown-value"),
        "{codes:?}"
    );
    let mut offered = Vec::new();
    for d in &diagnostics {
        let actions = server.request_ok(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri}, "range": d["range"], "context": {"diagnostics": [d]}}),
        );
        for action in actions.as_array().unwrap() {
            let edits = action["edit"]["changes"][&uri].as_array().unwrap();
            let fixed = apply_edits(text, edits, "utf-16");
            let line = d["range"]["start"]["line"].as_u64().unwrap() as usize;
            offered.push(format!(
                "{} → {}",
                action["title"].as_str().unwrap(),
                fixed.lines().nth(line).unwrap()
            ));
        }
    }
    assert_eq!(offered, ["Write `\"fire\"` → TRAP:\"fire\", (2,1)"]);
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
    std::fs::remove_dir_all(&dir).ok();
}
