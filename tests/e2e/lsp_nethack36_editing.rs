//! Editing a NetHack 3.6 level over stdio: each trigger character typed
//! into an open document (a `didChange`, then the completion the editor asks
//! for), the items of each argument slot, the text an accepted item leaves,
//! and hover on the names and classes of `('c', "name")` tuples.

use crate::lsp_nethack36_slots::labels;
use crate::support::client::{apply_edits, extract_cursor, position_of, TestServer};
use crate::LEVLS;
use serde_json::{json, Value};

const URI: &str = "file:///levels/editing36.des";

/// A 3.6 level (its `$variables` say so); the line being typed goes last.
const BASE: &str = "MAZE: \"edit\", ' '
FLAGS: noteleport
GEOMETRY: center, center
MAP
-----
|...|
|...|
-----
ENDMAP
$pt = (1,1)
$sel = selection: fillrect (1,1,3,2)
$n = 3
";

fn at(text: &str, offset: usize) -> Value {
    crate::lsp_nethack36_slots::at(URI, text, offset)
}

/// Opens BASE plus `line` (its `$0` the cursor), types `typed` there as a
/// `didChange`, and asks for completion as an editor does after a trigger
/// character. The text after typing, and the items.
fn typing(line: &str, typed: &str) -> (String, Vec<Value>) {
    let mut server = TestServer::start(LEVLS);
    let (before, cursor) = extract_cursor(&format!("{BASE}{line}"));
    server.open(URI, "nethack-des", &before);
    let (l, c) = position_of(&before, cursor, "utf-16");
    server.change(
        URI,
        2,
        vec![json!({"range": {"start": {"line": l, "character": c}, "end": {"line": l, "character": c}}, "text": typed})],
    );
    let text = format!("{}{typed}{}", &before[..cursor], &before[cursor..]);
    let mut params = at(&text, cursor + typed.len());
    params["context"] = json!({"triggerKind": 2, "triggerCharacter": typed});
    let result = server.request_ok("textDocument/completion", params);
    let items = match result {
        Value::Array(items) => items,
        Value::Null => Vec::new(),
        other => other["items"].as_array().cloned().unwrap_or_default(),
    };
    server.shutdown_and_exit();
    (text, items)
}

/// The last line of `text` once the item labelled `label` is accepted.
fn accepted(text: &str, items: &[Value], label: &str) -> String {
    let item = items
        .iter()
        .find(|i| i["label"] == label)
        .unwrap_or_else(|| panic!("no {label} in {:?}", labels(items)));
    let edit = item.get("textEdit").cloned().unwrap_or_else(|| {
        panic!("{label} has no textEdit: {item}");
    });
    let done = apply_edits(text, &[edit], "utf-16");
    done.lines().last().unwrap_or_default().to_string()
}

#[test]
fn trap_names_after_a_quote() {
    let (text, items) = typing("TRAP:$0", "\"");
    let found = labels(&items);
    assert_eq!(found.len(), 23, "{found:?}");
    for name in ["arrow", "magic portal", "vibrating square"] {
        assert!(found.contains(&name), "{name} missing: {found:?}");
    }
    // The closing quote comes with the name.
    assert_eq!(
        accepted(&text, &items, "vibrating square"),
        "TRAP:\"vibrating square\""
    );
}

#[test]
fn monsters_of_the_class_in_the_tuple_after_a_quote() {
    let (text, items) = typing("MONSTER:('D',$0", "\"");
    let found = labels(&items);
    assert!(found.contains(&"red dragon"), "{found:?}");
    assert!(found.contains(&"baby blue dragon"), "{found:?}");
    assert!(!found.contains(&"jackal"), "{found:?}");
    assert!(
        found.iter().all(|n| n.contains("ragon") || *n == "Ixoth"),
        "{found:?}"
    );
    // The string and the tuple are closed.
    assert_eq!(
        accepted(&text, &items, "red dragon"),
        "MONSTER:('D',\"red dragon\")"
    );
    // With no class every monster is offered.
    let (_, items) = typing("MONSTER:$0", "\"");
    let found = labels(&items);
    assert!(found.len() > 350, "{}", found.len());
    assert!(found.contains(&"jackal") && found.contains(&"red dragon"));
}

#[test]
fn objects_of_the_class_in_the_tuple_after_a_quote() {
    let (text, items) = typing("OBJECT:('(',$0", "\"");
    let found = labels(&items);
    for name in ["chest", "large box", "magic lamp"] {
        assert!(found.contains(&name), "{name} missing: {found:?}");
    }
    assert!(!found.contains(&"long sword"), "{found:?}");
    assert_eq!(accepted(&text, &items, "chest"), "OBJECT:('(',\"chest\")");
}

#[test]
fn class_letters_after_a_parenthesis_and_a_quote() {
    // `(`: the classes, as whole char literals.
    let (text, items) = typing("MONSTER:$0", "(");
    let found = labels(&items);
    assert!(
        found.contains(&"'D'") && found.contains(&"'a'"),
        "{found:?}"
    );
    assert!(!found.iter().any(|l| l.starts_with('"')), "{found:?}");
    assert_eq!(accepted(&text, &items, "'D'"), "MONSTER:('D'");
    // `'`: the literal being typed is replaced whole.
    let (text, items) = typing("OBJECT:($0", "'");
    let found = labels(&items);
    assert!(
        found.contains(&"'('") && found.contains(&"')'"),
        "{found:?}"
    );
    assert!(!found.contains(&"'D'"), "object classes only: {found:?}");
    assert_eq!(accepted(&text, &items, "'('"), "OBJECT:('('");
}

#[test]
fn room_types_in_a_region_after_a_quote() {
    let (text, items) = typing("REGION: (1,1,3,2), lit, $0", "\"");
    let found = labels(&items);
    for name in ["ordinary", "throne", "temple", "health food shop"] {
        assert!(found.contains(&name), "{name} missing: {found:?}");
    }
    assert!(!found.contains(&"lit"), "{found:?}");
    assert_eq!(
        accepted(&text, &items, "throne"),
        "REGION: (1,1,3,2), lit, \"throne\""
    );
}

#[test]
fn flags_after_a_comma_leave_out_those_written() {
    let (text, items) = typing("FLAGS: noteleport$0", ",");
    let found = labels(&items);
    for flag in ["premapped", "hardfloor", "shroud", "graveyard"] {
        assert!(found.contains(&flag), "{flag} missing: {found:?}");
    }
    assert!(!found.contains(&"noteleport"), "{found:?}");
    assert!(!found.iter().any(|l| l.starts_with('$')), "{found:?}");
    assert_eq!(
        accepted(&text, &items, "premapped"),
        "FLAGS: noteleport,premapped"
    );
}

#[test]
fn variables_whose_type_fits_the_slot_come_first_after_a_dollar() {
    // TERRAIN's first slot is a selection: `$sel` and `$pt` (a coordinate is a
    // selection) before `$n`.
    let (_, items) = typing("TERRAIN: $0", "$");
    assert_eq!(labels(&items), ["$pt", "$sel", "$n"]);
    let details: Vec<&str> = items
        .iter()
        .map(|i| i["detail"].as_str().unwrap_or_default())
        .collect();
    assert!(
        details[0].contains("fits the selection slot"),
        "{details:?}"
    );
    assert!(!details[2].contains("fits"), "{details:?}");
    // A condition takes an integer: after `[` only `$n`.
    let (_, items) = typing("IF $0", "[");
    assert_eq!(labels(&items), ["$n"]);
}

#[test]
fn keywords_only_where_a_statement_may_start() {
    // A new line: the 3.6 statements.
    let (_, items) = typing("$0", " ");
    let found = labels(&items);
    for k in ["MONSTER", "IF", "ROOMDOOR", "TERRAIN"] {
        assert!(found.contains(&k), "{k} missing: {found:?}");
    }
    // Inside a statement: no keyword, the slot's values.
    let (_, items) = typing("MONSTER: 'D', (1,1),$0", " ");
    let found = labels(&items);
    assert!(
        found.contains(&"hostile") && found.contains(&"asleep"),
        "{found:?}"
    );
    assert!(
        !found
            .iter()
            .any(|l| l.chars().all(|c| c.is_ascii_uppercase() || c == '_')),
        "{found:?}"
    );
    // After a value with no comma yet, nothing.
    let (_, items) = typing("ALTAR: (1,1), law$0", " ");
    assert!(items.is_empty(), "{:?}", labels(&items));
}

#[test]
fn alignments_and_altar_types_after_a_comma() {
    let (_, items) = typing("ALTAR: (1,1)$0", ",");
    assert_eq!(
        labels(&items),
        [
            "law",
            "neutral",
            "chaos",
            "noalign",
            "coaligned",
            "noncoaligned",
            "random",
            "align"
        ]
    );
    let (_, items) = typing("ALTAR: (1,1), law$0", ",");
    assert_eq!(labels(&items), ["altar", "shrine", "sanctum", "random"]);
}

/// The hovered text and the markdown at `needle` + `delta` in `text`.
fn hover(server: &mut TestServer, text: &str, needle: &str, delta: usize) -> (String, String) {
    crate::lsp_nethack36_slots::hover(server, URI, text, needle, delta)
}

#[test]
fn hover_on_the_name_and_the_class_of_a_tuple() {
    let mut server = TestServer::start(LEVLS);
    let text = format!(
        "{BASE}MONSTER: ('c', \"chickatrice\"), (1,1)\nOBJECT: ('(', \"chest\"), (2,1)\nMONSTER: ('d', \"cockatrice\"), (3,1)\n"
    );
    server.open(URI, "nethack-des", &text);
    server.wait_diagnostics_version(URI, 1);
    let (on, md) = hover(&mut server, &text, "chickatrice", 3);
    assert_eq!(on, "\"chickatrice\"");
    assert!(md.contains("monster of class `'c'` (cockatrices)"), "{md}");
    let (on, md) = hover(&mut server, &text, "('c'", 2);
    assert_eq!(on, "'c'");
    assert!(md.contains("monster class: cockatrices"), "{md}");
    assert!(md.contains("chickatrice, cockatrice"), "{md}");
    let (on, md) = hover(&mut server, &text, "\"chest\"", 2);
    assert_eq!(on, "\"chest\"");
    assert!(md.contains("object of class `'('`"), "{md}");
    let (on, md) = hover(&mut server, &text, "('(", 2);
    assert_eq!(on, "'('");
    assert!(md.contains("object class: tools and containers"), "{md}");
    // A name the class written does not hold.
    let (_, md) = hover(&mut server, &text, "\"cockatrice\"", 2);
    assert!(md.contains("not in class `'d'`"), "{md}");
    server.shutdown_and_exit();
}
