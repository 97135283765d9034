//! A WUAS board author's session over stdio: format a misaligned board (by
//! request and by quick fix), go from a graph edge to its labelled space,
//! find and rename a token id, read the outline and fold the floors.

use crate::support::client::{apply_edits, extract_cursor, position_of, InitOptions, TestServer};
use crate::LEVLS;
use serde_json::{json, Value};

const URI: &str = "file:///boards/board.dat";

/// The board as the formatter lays it out. `ß` and `Ω` are one UTF-16 unit but
/// two UTF-8 bytes, before other names on their lines: a miscounted column
/// lands elsewhere.
const BOARD: &str = "\
# A board with ümlauts 🐉

5
title: e2e

floor=0
+----------+----------+
| sky!     | gap      |
| ßa       | &Ω       |
+----------+----------+
| sky      | sky      |
|          | &B       |
+----------+----------+


ß pretzel nil  4  4
a cake    nil 10 12

! isfloor

Ω--B
B--Ω
";

/// BOARD as typed in a hurry.
const MESSY: &str = "\
# A board with ümlauts 🐉

5
title: e2e

floor=0
+----+----+
| sky! | gap |
|ßa|  &Ω |
+----+----+
| sky | sky |
| | &B |
+----+----+


ß pretzel nil 4 4
a  cake nil 10 12

! isfloor

Ω--B
B--Ω
";

fn start(encoding: &str) -> TestServer {
    let server = TestServer::start_with(
        LEVLS,
        InitOptions {
            position_encodings: vec![encoding.to_string()],
            ..Default::default()
        },
    );
    assert_eq!(server.position_encoding(), encoding);
    server
}

fn open(server: &mut TestServer, text: &str) -> Value {
    server.open(URI, "wuas", text);
    server.wait_diagnostics_version(URI, 1)
}

fn document() -> Value {
    json!({"textDocument": {"uri": URI}})
}

fn format_request(server: &mut TestServer) -> Value {
    let mut params = document();
    params["options"] = json!({"tabSize": 4, "insertSpaces": true});
    server.request_ok("textDocument/formatting", params)
}

/// `{textDocument, position}` for the `$0` in `fixture`, which must equal BOARD without it.
fn at(fixture: &str, encoding: &str) -> Value {
    let (text, offset) = extract_cursor(fixture);
    assert_eq!(text, BOARD, "the fixture only adds a cursor");
    let (line, character) = position_of(&text, offset, encoding);
    json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}})
}

/// The range of the `nth` (0-based) occurrence of `word` in `text`, as LSP JSON.
fn range_of(text: &str, word: &str, nth: usize, encoding: &str) -> Value {
    let start = text
        .match_indices(word)
        .nth(nth)
        .unwrap_or_else(|| panic!("no {word} #{nth}"))
        .0;
    let (l1, c1) = position_of(text, start, encoding);
    let (l2, c2) = position_of(text, start + word.len(), encoding);
    json!({"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}})
}

/// The range of the one-byte character at `offset`, as LSP JSON.
fn char_at(text: &str, offset: usize, encoding: &str) -> Value {
    let (line, character) = position_of(text, offset, encoding);
    let end = character + 1;
    json!({"start": {"line": line, "character": character}, "end": {"line": line, "character": end}})
}

fn ranges(locations: &Value) -> Vec<Value> {
    locations
        .as_array()
        .unwrap_or_else(|| panic!("expected locations, got {locations}"))
        .iter()
        .map(|l| {
            assert_eq!(l["uri"], URI);
            l["range"].clone()
        })
        .collect()
}

fn codes(diagnostics: &Value) -> Vec<String> {
    diagnostics["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn formatting_lays_out_a_misaligned_board_and_then_changes_nothing() {
    for encoding in ["utf-8", "utf-16"] {
        let mut server = start(encoding);
        assert_eq!(
            server.initialize_result["capabilities"]["documentFormattingProvider"],
            true
        );
        let published = open(&mut server, MESSY);
        assert!(
            codes(&published).iter().any(|c| c == "wuas::box-width"),
            "{published}"
        );
        let edits = format_request(&mut server);
        let formatted = apply_edits(
            MESSY,
            edits.as_array().unwrap_or_else(|| panic!("{edits}")),
            encoding,
        );
        assert_eq!(formatted, BOARD, "{encoding}: {edits}");
        // The formatted board: no layout warning, and nothing left to format.
        server.change(URI, 2, vec![json!({"text": formatted})]);
        let published = server.wait_diagnostics_version(URI, 2);
        assert_eq!(codes(&published), Vec::<String>::new(), "{published}");
        assert_eq!(format_request(&mut server), json!([]));
        assert_eq!(server.shutdown_and_exit().code(), Some(0));
    }
}

#[test]
fn crlf_boards_keep_their_line_breaks() {
    let mut server = start("utf-16");
    let messy = MESSY.replace('\n', "\r\n");
    open(&mut server, &messy);
    let edits = format_request(&mut server);
    assert_eq!(
        apply_edits(&messy, edits.as_array().unwrap(), "utf-16"),
        BOARD.replace('\n', "\r\n")
    );
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

#[test]
fn the_layout_warning_offers_formatting_as_a_quick_fix() {
    let encoding = "utf-16";
    let mut server = start(encoding);
    let published = open(&mut server, MESSY);
    let warning = published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "wuas::box-width")
        .unwrap_or_else(|| panic!("{published}"))
        .clone();
    let actions = server.request_ok(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI}, "range": warning["range"], "context": {"diagnostics": [warning]}}),
    );
    let action = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"] == "Format the document")
        .unwrap_or_else(|| panic!("{actions}"));
    let edits = action["edit"]["changes"][URI].as_array().unwrap();
    assert_eq!(apply_edits(MESSY, edits, encoding), BOARD);
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

#[test]
fn a_board_that_cannot_be_formatted_safely_gets_no_edits() {
    let mut server = start("utf-16");
    // The token line of row 0 lost a cell: which box is which is unclear.
    open(&mut server, &MESSY.replace("|ßa|  &Ω |", "|ßa|"));
    assert_eq!(format_request(&mut server), Value::Null);
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

#[test]
fn definition_from_a_graph_edge_is_the_labelled_space() {
    for encoding in ["utf-8", "utf-16"] {
        let mut server = start(encoding);
        open(&mut server, BOARD);
        let found = server.request_ok(
            "textDocument/definition",
            at(&BOARD.replacen("Ω--B", "Ω--$0B", 1), encoding),
        );
        assert_eq!(
            ranges(&found),
            [range_of(BOARD, "&B", 0, encoding)],
            "{encoding}: {found}"
        );
        // After a non-ASCII label, at the end of the line.
        let found = server.request_ok(
            "textDocument/definition",
            at(&BOARD.replacen("B--Ω", "B--Ω$0", 1), encoding),
        );
        assert_eq!(
            ranges(&found),
            [range_of(BOARD, "&Ω", 0, encoding)],
            "{encoding}: {found}"
        );
        // A space name is no label.
        let found = server.request_ok(
            "textDocument/definition",
            at(&BOARD.replacen("gap", "g$0ap", 1), encoding),
        );
        assert_eq!(found, Value::Null);
        assert_eq!(server.shutdown_and_exit().code(), Some(0));
    }
}

#[test]
fn references_and_rename_of_a_token_id() {
    for encoding in ["utf-8", "utf-16"] {
        let mut server = start(encoding);
        open(&mut server, BOARD);
        // `a` right after `ß` in its cell.
        let mut params = at(&BOARD.replacen("| ßa", "| ß$0a", 1), encoding);
        params["context"] = json!({"includeDeclaration": true});
        let found = server.request_ok("textDocument/references", params.clone());
        let cell = char_at(BOARD, BOARD.find("ßa").unwrap() + "ß".len(), encoding);
        let definition = char_at(BOARD, BOARD.find("\na cake").unwrap() + 1, encoding);
        assert_eq!(
            ranges(&found),
            [cell.clone(), definition],
            "{encoding}: {found}"
        );
        params["context"] = json!({"includeDeclaration": false});
        let found = server.request_ok("textDocument/references", params.clone());
        assert_eq!(
            ranges(&found),
            std::slice::from_ref(&cell),
            "{encoding}: {found}"
        );

        let prepared = server.request_ok(
            "textDocument/prepareRename",
            at(&BOARD.replacen("| ßa", "| ß$0a", 1), encoding),
        );
        assert_eq!(prepared, cell, "{encoding}");
        let mut rename = at(&BOARD.replacen("| ßa", "| ß$0a", 1), encoding);
        rename["newName"] = json!("c");
        let edit = server.request_ok("textDocument/rename", rename.clone());
        let edits = edit["changes"][URI]
            .as_array()
            .unwrap_or_else(|| panic!("{edit}"));
        let renamed = apply_edits(BOARD, edits, encoding);
        assert_eq!(
            renamed,
            BOARD.replace("| ßa ", "| ßc ").replace("a cake", "c cake"),
            "{encoding}"
        );
        // The boxes stay aligned: nothing to format after the rename.
        server.change(URI, 2, vec![json!({"text": renamed})]);
        assert_eq!(
            codes(&server.wait_diagnostics_version(URI, 2)),
            Vec::<String>::new()
        );
        assert_eq!(format_request(&mut server), json!([]));
        // A token id is one character, and `ß` is taken.
        for (name, reason) in [("cc", "exactly one character"), ("ß", "already a token id")] {
            rename["newName"] = json!(name);
            let response = server.request("textDocument/rename", rename.clone());
            assert_eq!(response["error"]["code"], -32602, "{response}");
            let message = response["error"]["message"].as_str().unwrap();
            assert!(message.contains(reason), "{message}");
        }
        assert_eq!(server.shutdown_and_exit().code(), Some(0));
    }
}

#[test]
fn outline_and_folding() {
    let encoding = "utf-16";
    let mut server = start(encoding);
    open(&mut server, BOARD);
    let symbols = server.request_ok("textDocument/documentSymbol", document());
    let names = |list: &Value| -> Vec<String> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|s| s["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        names(&symbols),
        ["floor 0", "tokens", "attributes", "graph"],
        "{symbols}"
    );
    let floor = &symbols[0];
    assert_eq!(floor["detail"], "2×2");
    assert_eq!(names(&floor["children"]), ["row 1", "row 2", "&Ω", "&B"]);
    // The floor runs from its `floor=0` line through its last border.
    assert_eq!(
        floor["range"],
        json!({"start": {"line": 5, "character": 0}, "end": {"line": 12, "character": 23}})
    );
    assert_eq!(
        floor["children"][2]["range"],
        range_of(BOARD, "&Ω", 0, encoding)
    );
    assert_eq!(names(&symbols[1]["children"]), ["ß pretzel", "a cake"]);
    assert_eq!(names(&symbols[3]["children"]), ["Ω--B", "B--Ω"]);

    let folds = server.request_ok("textDocument/foldingRange", document());
    let folds: Vec<(u64, u64, &str)> = folds
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["startLine"].as_u64().unwrap(),
                f["endLine"].as_u64().unwrap(),
                f["kind"].as_str().unwrap(),
            )
        })
        .collect();
    // The floor, the token table and the graph; the one-line attribute table does not fold.
    assert_eq!(
        folds,
        [(5, 12, "region"), (15, 16, "region"), (20, 21, "region")]
    );
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

/// Semantic tokens: decode the delta encoding back to (line, column, length,
/// type) and compare with the words of the board.
#[test]
fn semantic_tokens_mark_names_attributes_tokens_and_labels() {
    for encoding in ["utf-16", "utf-8"] {
        let mut server = start(encoding);
        open(&mut server, BOARD);
        let legend: Vec<String> = server.initialize_result["capabilities"]
            ["semanticTokensProvider"]["legend"]["tokenTypes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().to_string())
            .collect();
        let result = server.request_ok(
            "textDocument/semanticTokens/full",
            json!({"textDocument": {"uri": URI}}),
        );
        let data: Vec<u64> = result["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .collect();
        let (mut line, mut column) = (0, 0);
        let mut words = Vec::new();
        for chunk in data.chunks(5) {
            if chunk[0] > 0 {
                column = 0;
            }
            line += chunk[0];
            column += chunk[1];
            let start =
                crate::support::client::offset_of(BOARD, line as usize, column as usize, encoding);
            let end = crate::support::client::offset_of(
                BOARD,
                line as usize,
                (column + chunk[2]) as usize,
                encoding,
            );
            words.push(format!(
                "{}:{}",
                &BOARD[start..end],
                legend[chunk[3] as usize]
            ));
        }
        assert_eq!(
            words,
            [
                "5:number",
                "floor=:keyword",
                "0:number",
                "sky:type",
                "!:property",
                "gap:type",
                "ß:enumMember",
                "a:enumMember",
                "&Ω:decorator",
                "sky:type",
                "sky:type",
                "&B:decorator",
                "ß:enumMember",
                "a:enumMember",
                "!:property",
                "Ω:decorator",
                "B:decorator",
                "B:decorator",
                "Ω:decorator",
            ],
            "{encoding}"
        );
        assert_eq!(server.shutdown_and_exit().code(), Some(0));
    }
}

/// The items of a completion answer (a list or an incomplete list).
fn completion_items(answer: Value) -> Vec<Value> {
    match answer {
        Value::Array(items) => items,
        Value::Null => Vec::new(),
        other => other["items"].as_array().cloned().unwrap_or_default(),
    }
}

/// Type `typed` (BOARD with one cell edited, `$0` where the cursor is) as a
/// whole-document change, ask completion there, accept `label`'s edit, send
/// the result and return it with its diagnostics' codes.
fn complete_as_typed(
    server: &mut TestServer,
    version: i32,
    typed: &str,
    label: &str,
) -> (String, Vec<String>) {
    let (text, offset) = extract_cursor(typed);
    server.change(URI, version, vec![json!({"text": text})]);
    server.wait_diagnostics_version(URI, version);
    let (line, character) = position_of(&text, offset, "utf-16");
    let answer = server.request_ok(
        "textDocument/completion",
        json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}}),
    );
    let items = completion_items(answer);
    let item = items
        .iter()
        .find(|i| i["label"] == label)
        .unwrap_or_else(|| panic!("no {label} among {items:?}"));
    let accepted = apply_edits(&text, &[item["textEdit"].clone()], "utf-16");
    server.change(URI, version + 1, vec![json!({"text": accepted})]);
    let diagnostics = server.wait_diagnostics_version(URI, version + 1);
    (accepted, codes(&diagnostics))
}

#[test]
fn space_name_completion_mid_cell_fills_the_box_without_widening_it() {
    let mut server = start("utf-16");
    assert_eq!(codes(&open(&mut server, BOARD)), Vec::<String>::new());
    let cell = "| sky      | sky      |\n";
    let typed_so_far = [
        // The name cut back to what is typed, the box kept as wide.
        "| s$0        | sky      |\n",
        // Letters deleted: the box became narrower.
        "| sk$0      | sky      |\n",
        // The cursor in the middle of the name.
        "| s$0ky      | sky      |\n",
        // Letters typed over a blank: the box became wider.
        "| sk$0         | sky      |\n",
    ];
    for (i, typed) in typed_so_far.iter().enumerate() {
        let version = 2 + 2 * i as i32;
        let (accepted, codes) =
            complete_as_typed(&mut server, version, &BOARD.replace(cell, typed), "sky");
        assert_eq!(accepted, BOARD, "after typing {typed:?}");
        assert!(codes.is_empty(), "{codes:?}");
    }
    // The attributes after the name stay, and the box keeps its width.
    let (accepted, codes) = complete_as_typed(
        &mut server,
        20,
        &BOARD.replace("| sky!  ", "| s$0ky!  "),
        "sky",
    );
    assert_eq!(accepted, BOARD);
    assert!(codes.is_empty(), "{codes:?}");
}

#[test]
fn space_names_that_do_not_fit_the_box_are_not_offered() {
    let narrow = BOARD.replace("| gap      |", "| gap$0      |");
    let mut server = start("utf-16");
    open(&mut server, BOARD);
    let (text, offset) = extract_cursor(&narrow);
    let (line, character) = position_of(&text, offset, "utf-16");
    // Every offered name, written in, leaves every line of the board as long as it was.
    let items = completion_items(server.request_ok(
        "textDocument/completion",
        json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}}),
    ));
    assert!(!items.is_empty());
    for item in &items {
        let accepted = apply_edits(&text, &[item["textEdit"].clone()], "utf-16");
        let widths = |t: &str| t.lines().map(|l| l.chars().count()).collect::<Vec<_>>();
        assert_eq!(widths(&accepted), widths(&text), "{}", item["label"]);
    }
}

#[test]
fn a_damaged_or_missing_version_line_is_recognised_read_as_the_latest_version_and_fixed() {
    let encoding = "utf-16";
    for (damaged, code, fix) in [
        ("\nv5\n", "wuas::bad-version", "Change to 5"),
        ("\n", "wuas::no-version-line", "Insert the version line `5`"),
    ] {
        let text = BOARD.replace("\n5\n", damaged);
        let mut server = start(encoding);
        // Not declared as WUAS: recognised by its content.
        server.open(URI, "plaintext", &text);
        let published = server.wait_diagnostics_version(URI, 1);
        assert_eq!(codes(&published), vec![code.to_string()], "{published}");
        let error = published["diagnostics"][0].clone();
        assert_eq!(error["range"]["start"]["line"], 2, "{error}");
        let message = error["message"].as_str().unwrap();
        assert!(
            message.contains("levls reads the file as version 5"),
            "{message}"
        );
        // Every feature still works: the outline, hover on a cell.
        let symbols = server.request_ok("textDocument/documentSymbol", document());
        assert!(!symbols.as_array().unwrap().is_empty(), "{symbols}");
        let (line, character) = position_of(&text, text.find("sky!").unwrap(), encoding);
        let hover = server.request_ok(
            "textDocument/hover",
            json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}}),
        );
        assert!(
            hover["contents"]["value"].as_str().unwrap().contains("sky"),
            "{hover}"
        );
        // The quick fix, applied and re-checked, leaves the board clean.
        let actions = server.request_ok(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": URI}, "range": error["range"], "context": {"diagnostics": [error]}}),
        );
        let action = actions
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["title"] == fix)
            .unwrap_or_else(|| panic!("{actions}"));
        let fixed = apply_edits(
            &text,
            action["edit"]["changes"][URI].as_array().unwrap(),
            encoding,
        );
        assert_eq!(fixed, BOARD);
        server.change(URI, 2, vec![json!({"text": fixed})]);
        assert!(codes(&server.wait_diagnostics_version(URI, 2)).is_empty());
        assert_eq!(server.shutdown_and_exit().code(), Some(0));
    }
}
