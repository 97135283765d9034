//! The editor's "Convert this level to NetHack 5.0 Lua" code action over
//! stdio: asked with the cursor inside a level of a real `.des` file, it
//! creates `<level>.lua` beside it with the script `levls convert` writes;
//! the test applies the edit as a client would and checks the new file.

use crate::nethack_convert::convert;
use crate::oracle::scratch;
use crate::support::client::{file_uri, position_of, InitOptions, TestServer};
use crate::{check_json, shared, LEVLS};
use serde_json::{json, Value};
use std::path::Path;

const REWRITE: &str = "refactor.rewrite";

/// A client announcing `workspace.workspaceEdit` as given.
fn start(workspace_edit: Option<Value>) -> TestServer {
    TestServer::start_with(
        LEVLS,
        InitOptions {
            workspace_edit,
            ..Default::default()
        },
    )
}

fn creating_client() -> TestServer {
    start(Some(json!({
        "documentChanges": true,
        "resourceOperations": ["create", "rename", "delete"]
    })))
}

/// `path` copied into a fresh folder and opened; its URI and text.
fn open_copy(server: &mut TestServer, path: &Path, dir: &Path) -> (String, String) {
    let copy = dir.join(path.file_name().unwrap());
    std::fs::copy(path, &copy).unwrap();
    let text = std::fs::read_to_string(&copy).unwrap();
    let uri = file_uri(&copy);
    server.open(&uri, "nethack-des", &text);
    server.wait_diagnostics(&uri);
    (uri, text)
}

/// The code actions of kind `refactor.rewrite` with the cursor at `offset`.
fn conversions(
    server: &mut TestServer,
    uri: &str,
    text: &str,
    offset: usize,
    only: Option<&[&str]>,
) -> Vec<Value> {
    let (line, character) = position_of(text, offset, &server.position_encoding());
    let cursor = json!({ "line": line, "character": character });
    let mut context = json!({ "diagnostics": [] });
    if let Some(only) = only {
        context["only"] = json!(only);
    }
    let actions = server.request_ok(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri },
            "range": { "start": cursor, "end": cursor },
            "context": context
        }),
    );
    actions
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["kind"] == REWRITE)
        .cloned()
        .collect()
}

/// Applies a conversion's edit the way a client does: create the file
/// (failing when it exists unless told to overwrite), then insert the text
/// into the new, empty file. The path written and the create options.
fn apply(action: &Value, dir: &Path) -> (String, Value) {
    let changes = action["edit"]["documentChanges"].as_array().unwrap();
    assert_eq!(changes.len(), 2, "{action}");
    let (create, write) = (&changes[0], &changes[1]);
    assert_eq!(create["kind"], "create", "{action}");
    let uri = create["uri"].as_str().unwrap();
    let name = uri.rsplit('/').next().unwrap();
    assert_eq!(
        uri,
        file_uri(&dir.join(name)),
        "the new file goes beside the .des"
    );
    let options = create["options"].clone();
    let path = dir.join(name);
    assert!(
        options["overwrite"] == true || !path.exists(),
        "creating an existing {name} without overwrite: the client fails the edit"
    );
    assert_eq!(write["textDocument"]["uri"], uri);
    assert!(write["textDocument"]["version"].is_null());
    let edits = write["edits"].as_array().unwrap();
    assert_eq!(edits.len(), 1);
    let at_start = json!({ "line": 0, "character": 0 });
    assert_eq!(edits[0]["range"]["start"], at_start);
    assert_eq!(edits[0]["range"]["end"], at_start);
    std::fs::write(&path, edits[0]["newText"].as_str().unwrap()).unwrap();
    (name.to_string(), options)
}

/// The script `levls convert` writes for `level` of `des`.
fn cli_script(des: &Path, level: &str, out: &Path) -> String {
    let (code, stderr) = convert(des, out);
    assert_eq!(code, 0, "{stderr}");
    std::fs::read_to_string(out.join(level)).unwrap()
}

#[test]
fn convert_action_creates_the_script_of_the_level_under_the_cursor() {
    let dir = scratch("lsp-convert");
    let mut server = creating_client();
    let medusa = shared().join("corpus/nethack/3.6/medusa.des");
    let (uri, text) = open_copy(&mut server, &medusa, &dir);
    let second = text.find("MAZE:\"medusa-2\"").unwrap();
    let inside = second + text[second..].find("\nMAP").unwrap() + 1;

    let actions = conversions(&mut server, &uri, &text, inside, None);
    assert_eq!(actions.len(), 1, "{actions:?}");
    assert_eq!(
        actions[0]["title"],
        "Convert level \"medusa-2\" to NetHack 5.0 Lua (medusa-2.lua)"
    );
    let (name, options) = apply(&actions[0], &dir);
    assert_eq!(name, "medusa-2.lua");
    assert_eq!(options["overwrite"], false);
    let created = dir.join(&name);
    let (code, diagnostics) = check_json(&created);
    let errors: Vec<&Value> = diagnostics
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"] == "error")
        .collect();
    assert!(code == 0 && errors.is_empty(), "{name}: {diagnostics:#}");
    assert_eq!(
        std::fs::read_to_string(&created).unwrap(),
        cli_script(&medusa, &name, &dir.join("cli")),
        "the action writes what `levls convert` writes"
    );

    // Asked again, the script now on disk: replacing it is said first.
    let again = conversions(&mut server, &uri, &text, inside, Some(&["refactor"]));
    assert_eq!(again.len(), 1, "{again:?}");
    assert_eq!(
        again[0]["title"],
        "Convert level \"medusa-2\" to NetHack 5.0 Lua (medusa-2.lua) (replaces medusa-2.lua)"
    );
    assert_eq!(apply(&again[0], &dir).1["overwrite"], true);

    // Only where a level is, and only when asked for its kind.
    let before_first_level = text.find("# NetHack may be").unwrap();
    assert!(conversions(&mut server, &uri, &text, before_first_level, None).is_empty());
    assert!(conversions(&mut server, &uri, &text, inside, Some(&["quickfix"])).is_empty());
    let first = text.find("MAZE:\"medusa-1\"").unwrap();
    let titles: Vec<Value> = conversions(&mut server, &uri, &text, first, None)
        .iter()
        .map(|a| a["title"].clone())
        .collect();
    assert_eq!(
        titles,
        [json!(
            "Convert level \"medusa-1\" to NetHack 5.0 Lua (medusa-1.lua)"
        )]
    );
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

#[test]
fn what_cannot_be_converted_is_said_in_the_title() {
    let dir = scratch("lsp-convert-unconverted");
    let des = dir.join("source");
    std::fs::create_dir_all(&des).unwrap();
    let portal = "PORTAL:levregion(1,1,5,5),(0,0,0,0),\"\"\n";
    std::fs::write(
        des.join("portals.des"),
        format!("MAZE:\"portals\",' '\n{portal}{portal}"),
    )
    .unwrap();
    let mut server = creating_client();
    let (uri, text) = open_copy(&mut server, &des.join("portals.des"), &dir);
    let actions = conversions(&mut server, &uri, &text, text.len() - 2, None);
    assert_eq!(actions.len(), 1, "{actions:?}");
    assert_eq!(
        actions[0]["title"],
        "Convert level \"portals\" to NetHack 5.0 Lua (portals.lua) (2 constructs need a hand: see the comments)"
    );
    apply(&actions[0], &dir);
    let script = std::fs::read_to_string(dir.join("portals.lua")).unwrap();
    assert_eq!(
        script.matches("-- levls: cannot convert").count(),
        2,
        "{script}"
    );
    assert_eq!(server.shutdown_and_exit().code(), Some(0));
}

/// Offered to a client that can create files, whether or not it also says
/// `documentChanges` (Neovim announces only `resourceOperations`, and applies
/// them); a client that cannot create files gets none: its edit would fail whole.
#[test]
fn convert_action_only_for_clients_that_can_create_files() {
    let medusa = shared().join("corpus/nethack/3.6/medusa.des");
    for (case, workspace_edit, offered) in [
        ("no workspaceEdit capability", None, false),
        (
            "documentChanges without resourceOperations",
            Some(json!({ "documentChanges": true })),
            false,
        ),
        (
            "resourceOperations without create",
            Some(json!({ "documentChanges": true, "resourceOperations": ["rename", "delete"] })),
            false,
        ),
        (
            "Neovim's: resourceOperations only",
            Some(json!({ "resourceOperations": ["rename", "create", "delete"] })),
            true,
        ),
    ] {
        let dir = scratch("lsp-convert-clients");
        let mut server = start(workspace_edit);
        let (uri, text) = open_copy(&mut server, &medusa, &dir);
        let inside = text.find("MAZE:\"medusa-2\"").unwrap() + 1;
        let actions = conversions(&mut server, &uri, &text, inside, None);
        assert_eq!(actions.len(), usize::from(offered), "{case}: {actions:?}");
        assert_eq!(server.shutdown_and_exit().code(), Some(0));
    }
}
