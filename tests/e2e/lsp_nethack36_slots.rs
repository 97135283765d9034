//! Every 3.6 completion slot over stdio, family by family: a line with the
//! cursor, the trigger character typed there (a `didChange`, then the
//! completion the editor asks for), the items that must and must not be
//! offered, and the line an accepted item leaves, which levls (the
//! diagnostics it then publishes) and NetHack 3.6.6's own `lev_comp` both
//! accept. Then hover on tuples, keyed infos and selection arguments, and the
//! trigger characters the server registers.

use crate::oracle::{lev_comp, Oracle, LEV_COMP};
use crate::support::client::{
    apply_edits, byte_range, extract_cursor, position_of, InitOptions, TestServer,
};
use crate::LEVLS;
use serde_json::{json, Value};
use std::path::Path;

/// A 3.6 level both checkers accept; the line being typed goes last.
const BASE: &str = "MAZE: \"slots\", ' '
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
$arr = { 1, 2 }
";

/// One slot: `line` with `$0` where `typed` is typed; labels that must and
/// must not be offered; the item to accept and the line it leaves.
struct Case {
    line: &'static str,
    typed: &'static str,
    present: &'static [&'static str],
    absent: &'static [&'static str],
    accept: Option<(&'static str, &'static str)>,
}

const fn case(
    line: &'static str,
    typed: &'static str,
    present: &'static [&'static str],
    absent: &'static [&'static str],
    accept: Option<(&'static str, &'static str)>,
) -> Case {
    Case {
        line,
        typed,
        present,
        absent,
        accept,
    }
}

pub(crate) fn at(uri: &str, text: &str, offset: usize) -> Value {
    let (line, character) = position_of(text, offset, "utf-16");
    json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
}

pub(crate) fn labels(items: &[Value]) -> Vec<&str> {
    items.iter().map(|i| i["label"].as_str().unwrap()).collect()
}

/// Runs a family of cases, each in a document of its own.
fn family(name: &str, cases: &[Case]) {
    assert!(
        Path::new(LEV_COMP).is_file(),
        "{LEV_COMP} is missing: run scripts/install-tools"
    );
    let scratch = std::env::temp_dir().join(format!("levls-slots36-{}-{name}", std::process::id()));
    let mut server = TestServer::start(LEVLS);
    for (k, c) in cases.iter().enumerate() {
        let uri = format!("file:///levels/{name}{k}.des");
        let (before, cursor) = extract_cursor(&format!("{BASE}{}\n", c.line));
        server.open(&uri, "nethack-des", &before);
        let (l, ch) = position_of(&before, cursor, "utf-16");
        let here = json!({"line": l, "character": ch});
        server.change(
            &uri,
            2,
            vec![json!({"range": {"start": here, "end": here}, "text": c.typed})],
        );
        let text = format!("{}{}{}", &before[..cursor], c.typed, &before[cursor..]);
        let mut params = at(&uri, &text, cursor + c.typed.len());
        params["context"] = json!({"triggerKind": 2, "triggerCharacter": c.typed});
        let items = match server.request_ok("textDocument/completion", params) {
            Value::Array(items) => items,
            Value::Null => Vec::new(),
            other => other["items"].as_array().cloned().unwrap_or_default(),
        };
        let found = labels(&items);
        for p in c.present {
            assert!(found.contains(p), "{}: {p} missing from {found:?}", c.line);
        }
        for a in c.absent {
            assert!(!found.contains(a), "{}: {a} offered: {found:?}", c.line);
        }
        if c.present.is_empty() {
            assert!(found.is_empty(), "{}: {found:?}", c.line);
        }
        let Some((label, line)) = c.accept else {
            continue;
        };
        let item = items
            .iter()
            .find(|i| i["label"] == label)
            .unwrap_or_else(|| panic!("{}: no {label} in {found:?}", c.line));
        let done = apply_edits(&text, &[item["textEdit"].clone()], "utf-16");
        assert_eq!(done.lines().last(), Some(line), "{}", c.line);
        // levls accepts the result…
        server.change(&uri, 3, vec![json!({ "text": done })]);
        let published = server.wait_diagnostics_version(&uri, 3);
        let problems: Vec<&Value> = published["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["severity"].as_i64().is_some_and(|s| s <= 2))
            .collect();
        assert!(problems.is_empty(), "{line}: {problems:?}");
        // … and so does lev_comp.
        let file = scratch.join(format!("{name}{k}.des"));
        std::fs::create_dir_all(&scratch).unwrap();
        std::fs::write(&file, &done).unwrap();
        match lev_comp(&file, &scratch.join(format!("run{k}"))) {
            Oracle::Accepted => {}
            Oracle::Rejected(why) | Oracle::Crashed(_, why) => panic!("{line}: lev_comp: {why}"),
            Oracle::TimedOut => panic!("{line}: lev_comp timed out"),
        }
    }
    server.shutdown_and_exit();
    std::fs::remove_dir_all(&scratch).ok();
}

#[test]
fn monster_slots() {
    family(
        "monster",
        &[
            case(
                "MONSTER:$0, (1,1)",
                "'",
                &["'d'", "'D'", "'@'"],
                &["'('", "random"],
                Some(("'d'", "MONSTER:'d', (1,1)")),
            ),
            case(
                "MONSTER:($0, \"red dragon\"), (1,1)",
                "'",
                &["'D'"],
                &["\"red dragon\""],
                Some(("'D'", "MONSTER:('D', \"red dragon\"), (1,1)")),
            ),
            case(
                "MONSTER:('D',$0, (1,1)",
                "\"",
                &["red dragon", "baby blue dragon", "Ixoth"],
                &["jackal"],
                Some(("red dragon", "MONSTER:('D',\"red dragon\"), (1,1)")),
            ),
            case(
                "MONSTER:'d',$0",
                " ",
                &["$pt", "random", "rndcoord"],
                &["$n", "'d'", "MONSTER"],
                Some(("rndcoord", "MONSTER:'d', rndcoord((0,0))")),
            ),
            case(
                "MONSTER:'d', random$0]",
                "[",
                &["dry", "wet", "hot", "solid", "any"],
                &["random"],
                Some(("dry", "MONSTER:'d', random[dry]")),
            ),
        ],
    );
}

#[test]
fn monster_infos_and_their_keyed_values() {
    family(
        "infos",
        &[
            case(
                "MONSTER:'d', (1,1),$0",
                " ",
                &[
                    "asleep",
                    "hostile",
                    "female",
                    "fleeing",
                    "m_feature",
                    "seen_traps",
                    "law",
                ],
                &["MONSTER", "random", "blessed"],
                Some(("fleeing", "MONSTER:'d', (1,1), fleeing: 10")),
            ),
            case(
                "MONSTER:'d', (1,1), asleep,$0",
                " ",
                &["hostile", "invisible"],
                &["asleep", "awake"],
                Some(("invisible", "MONSTER:'d', (1,1), asleep, invisible")),
            ),
            case(
                "MONSTER:'m', (1,1), m_feature $0",
                "\"",
                &["fountain", "staircase down", "altar"],
                &["jackal", "chest"],
                Some(("fountain", "MONSTER:'m', (1,1), m_feature \"fountain\"")),
            ),
            case(
                "MONSTER:'m', (1,1), m_object $0",
                "\"",
                &["boulder", "chest"],
                &["fountain", "jackal"],
                Some(("boulder", "MONSTER:'m', (1,1), m_object \"boulder\"")),
            ),
            case(
                "MONSTER:'d', (1,1), seen_traps: \"pit\"|$0",
                "\"",
                &["web", "magic portal"],
                &["pit"],
                Some(("web", "MONSTER:'d', (1,1), seen_traps: \"pit\"|\"web\"")),
            ),
            case(
                "MONSTER:'d', (1,1), fleeing:$0",
                " ",
                &["$n"],
                &["$pt", "$sel", "asleep"],
                Some(("$n", "MONSTER:'d', (1,1), fleeing: $n")),
            ),
        ],
    );
}

#[test]
fn object_slots_and_infos() {
    family(
        "object",
        &[
            case(
                "OBJECT:('(',$0, (1,1)",
                "\"",
                &["chest", "large box", "magic lamp"],
                &["long sword", "jackal"],
                Some(("chest", "OBJECT:('(',\"chest\"), (1,1)")),
            ),
            case(
                "OBJECT:('%', \"corpse\"), (1,1),$0",
                " ",
                &["montype", "cursed", "quantity", "buried", "erodeproof"],
                // The position is given already.
                &["random", "$pt", "rndcoord"],
                Some((
                    "montype",
                    "OBJECT:('%', \"corpse\"), (1,1), montype: random",
                )),
            ),
            case(
                "OBJECT:('%', \"corpse\"), (1,1), montype:('C',$0",
                "\"",
                &["forest centaur", "plains centaur"],
                &["jackal"],
                Some((
                    "forest centaur",
                    "OBJECT:('%', \"corpse\"), (1,1), montype:('C',\"forest centaur\")",
                )),
            ),
            case(
                "OBJECT:('(', \"chest\"), (1,1), cursed,$0",
                " ",
                &["locked", "trapped", "name"],
                &["blessed", "uncursed", "cursed"],
                Some(("locked", "OBJECT:('(', \"chest\"), (1,1), cursed, locked")),
            ),
            case(
                "OBJECT:'(',$0",
                " ",
                &["$pt", "random", "cursed"],
                &["'('"],
                Some(("$pt", "OBJECT:'(', $pt")),
            ),
        ],
    );
}

#[test]
fn word_slots_of_each_statement() {
    family(
        "words",
        &[
            case(
                "TRAP:$0, (1,1)",
                "\"",
                &["arrow", "magic portal", "vibrating square"],
                &["lit"],
                Some(("vibrating square", "TRAP:\"vibrating square\", (1,1)")),
            ),
            case(
                "DOOR:$0, (2,1)",
                " ",
                &["open", "locked", "secret", "random"],
                &["north", "lit"],
                Some(("locked", "DOOR: locked, (2,1)")),
            ),
            case(
                "ALTAR:(1,1),$0, altar",
                " ",
                &["law", "chaos", "noncoaligned", "random", "align"],
                &["shrine"],
                Some(("align", "ALTAR:(1,1), align[0], altar")),
            ),
            case(
                "ALTAR:(1,1), chaos,$0",
                " ",
                &["altar", "shrine", "sanctum", "random"],
                &["law"],
                Some(("shrine", "ALTAR:(1,1), chaos, shrine")),
            ),
            case(
                "DRAWBRIDGE:(1,1), east,$0",
                " ",
                &["open", "closed", "random"],
                &["locked", "nodoor"],
                Some(("open", "DRAWBRIDGE:(1,1), east, open")),
            ),
            case(
                "ENGRAVING:(1,1),$0, \"x\"",
                " ",
                &["dust", "burn", "blood", "random"],
                &["open"],
                Some(("burn", "ENGRAVING:(1,1), burn, \"x\"")),
            ),
            case(
                "STAIR:(1,1),$0",
                " ",
                &["up", "down"],
                &["random"],
                Some(("up", "STAIR:(1,1), up")),
            ),
            case(
                "INIT_MAP: mines, '.', ' ', true, true,$0, true",
                " ",
                &["lit", "unlit", "random"],
                &["true"],
                Some((
                    "unlit",
                    "INIT_MAP: mines, '.', ' ', true, true, unlit, true",
                )),
            ),
            case(
                "REGION:(1,1,3,2), lit,$0",
                "\"",
                &["temple", "throne", "health food shop"],
                &["lit", "random"],
                Some(("temple", "REGION:(1,1,3,2), lit,\"temple\"")),
            ),
            case(
                "MAZEWALK:(1,1),$0",
                " ",
                &["north", "east", "south", "west"],
                &["random", "up"],
                Some(("east", "MAZEWALK:(1,1), east")),
            ),
        ],
    );
}

#[test]
fn selection_functions_and_their_arguments() {
    family(
        "selection",
        &[
            case(
                "TERRAIN:$0, '.'",
                " ",
                &[
                    "$sel",
                    "$pt",
                    "rect",
                    "line",
                    "grow",
                    "circle",
                    "filter",
                    "complement",
                ],
                // lev_comp 3.6 cannot read `gradient`; integers are no selection.
                &["gradient", "$n"],
                Some(("circle", "TERRAIN: circle((0,0), 3), '.'")),
            ),
            case(
                "TERRAIN:grow(north,$0), '.'",
                " ",
                &["$sel", "rect"],
                &["north", "$n"],
                Some(("$sel", "TERRAIN:grow(north, $sel), '.'")),
            ),
            case(
                "TERRAIN:grow(north|$0, $sel), '.'",
                " ",
                &["west", "south"],
                &["north"],
                Some(("west", "TERRAIN:grow(north| west, $sel), '.'")),
            ),
            case(
                "TERRAIN:circle((2,2), 1,$0), '.'",
                " ",
                &["filled", "unfilled"],
                &["lit"],
                Some(("unfilled", "TERRAIN:circle((2,2), 1, unfilled), '.'")),
            ),
            case(
                "TERRAIN:filter($0, $sel), '.'",
                "'",
                &["'T'", "'.'"],
                &["'d'"],
                Some(("'T'", "TERRAIN:filter('T', $sel), '.'")),
            ),
            case(
                "TERRAIN:randline (1,1), (3,2),$0, '.'",
                " ",
                &["$n", "$arr"],
                &["$pt", "random"],
                Some(("$arr", "TERRAIN:randline (1,1), (3,2), $arr[0], '.'")),
            ),
            case("TERRAIN:rect $0, '.'", "(", &[], &[], None),
        ],
    );
}

#[test]
fn variables_keywords_and_nothing_where_nothing_fits() {
    family(
        "statements",
        &[
            case(
                "TERRAIN:$0, '.'",
                "$",
                &["$sel", "$pt", "$n", "$arr"],
                &[],
                Some(("$sel", "TERRAIN:$sel, '.'")),
            ),
            case(
                "SHUFFLE:$0",
                " ",
                &["$arr"],
                &["$sel", "$n"],
                Some(("$arr", "SHUFFLE: $arr")),
            ),
            case(
                "GOLD:$0, (1,1)",
                " ",
                &["$n", "$arr"],
                &["$pt"],
                Some(("$arr", "GOLD: $arr[0], (1,1)")),
            ),
            case(
                "IF [50%] {$0 }",
                " ",
                &["EXIT", "MONSTER", "TERRAIN", "IF"],
                &["RANDOM_PLACES", "NAME", "ENDMAP", "random"],
                Some(("EXIT", "IF [50%] { EXIT }")),
            ),
            case("IF $0", "[", &["$n"], &["$pt"], None),
            // Nothing in a comment, in a message, after a value with no comma.
            case("# a note$0", ",", &[], &[], None),
            case("MESSAGE: \"Hello$0\"", ",", &[], &[], None),
            case("ALTAR: (1,1), law$0", " ", &[], &[], None),
            case("TRAP: \"pit\"$0", " ", &[], &[], None),
        ],
    );
}

#[test]
fn the_trigger_characters_are_registered() {
    let server = TestServer::start(LEVLS);
    let triggers =
        &server.initialize_result["capabilities"]["completionProvider"]["triggerCharacters"];
    for c in ["'", "\"", "$", "(", "[", ","] {
        assert!(
            triggers.as_array().unwrap().iter().any(|t| t == c),
            "{c} is not a trigger character: {triggers}"
        );
    }
    server.shutdown_and_exit();
}

#[test]
fn snippets_where_the_editor_takes_them() {
    let mut server = TestServer::start_with(
        LEVLS,
        InitOptions {
            snippet_support: true,
            ..InitOptions::default()
        },
    );
    let uri = "file:///levels/snippets.des";
    let (text, cursor) = extract_cursor(&format!("{BASE}MONSTER:'d', (1,1), $0\n"));
    server.open(uri, "nethack-des", &text);
    let items = server.request_ok("textDocument/completion", at(uri, &text, cursor));
    let items = items.as_array().cloned().unwrap_or_default();
    let fleeing = items.iter().find(|i| i["label"] == "fleeing").unwrap();
    assert_eq!(fleeing["textEdit"]["newText"], "fleeing: ${1:10}");
    assert_eq!(fleeing["insertTextFormat"], 2);
    let asleep = items.iter().find(|i| i["label"] == "asleep").unwrap();
    assert_eq!(asleep["textEdit"]["newText"], "asleep");
    server.shutdown_and_exit();
}

/// The hovered text and the markdown at `needle` + `delta` in `text`.
pub(crate) fn hover(
    server: &mut TestServer,
    uri: &str,
    text: &str,
    needle: &str,
    delta: usize,
) -> (String, String) {
    let offset = text.find(needle).unwrap() + delta;
    let result = server.request_ok("textDocument/hover", at(uri, text, offset));
    assert!(!result.is_null(), "no hover on {needle}");
    let range = byte_range(text, &result["range"], "utf-16");
    let md = result["contents"]["value"].as_str().unwrap().to_string();
    (text[range].to_string(), md)
}

#[test]
fn hover_in_tuples_on_keyed_infos_and_selection_arguments() {
    let mut server = TestServer::start(LEVLS);
    let uri = "file:///levels/hover36.des";
    let text = format!(
        "{BASE}MONSTER: ('m', \"giant mimic\"), (1,1), m_feature \"fountain\", fleeing: 3, seen_traps: \"pit\"|\"web\"
OBJECT: ('%', \"corpse\"), (2,1), montype: ('c', \"chickatrice\"), locked
TERRAIN: circle((2,2), 1, unfilled) & grow(north|west, $sel), '.'
ROOMDOOR: true, locked, random, random
"
    );
    server.open(uri, "nethack-des", &text);
    server.wait_diagnostics_version(uri, 1);
    let cases: &[(&str, usize, &str, &[&str])] = &[
        // In a tuple: the class and the name, each with its slot.
        (
            "('m'",
            2,
            "'m'",
            &[
                "monster class: mimics",
                "*monster class* slot (1st element)",
            ],
        ),
        (
            "giant mimic",
            3,
            "\"giant mimic\"",
            &[
                "monster of class `'m'`",
                "*monster species* slot (2nd element)",
            ],
        ),
        // Keyed infos: the key, and the value after it.
        ("fleeing", 2, "fleeing", &["flees", "An info of `MONSTER`"]),
        (
            "3, seen",
            0,
            "3",
            &["turns of fleeing", "(after `fleeing:`)"],
        ),
        (
            "fountain",
            2,
            "\"fountain\"",
            &["dungeon feature", "(after `m_feature`)"],
        ),
        (
            "\"web\"",
            2,
            "\"web\"",
            &["trap", "*traps it knows of* slot (after `seen_traps:`)"],
        ),
        (
            "chickatrice",
            2,
            "\"chickatrice\"",
            &[
                "monster of class `'c'`",
                "in the *monster type* slot (after `montype:`)",
            ],
        ),
        ("locked\n", 2, "locked", &["The container is locked."]),
        // Selection arguments.
        (
            "1, unfilled",
            0,
            "1",
            &[
                "radius",
                "(2nd argument of `circle`)",
                "*where* slot (1st argument) of `TERRAIN`",
            ],
        ),
        ("unfilled", 2, "unfilled", &["only the cells of its rim"]),
        ("west", 1, "west", &["(1st argument of `grow`)"]),
        // `random` says what it is random of.
        (
            "random, random",
            2,
            "random",
            &[
                "the game picks the *wall* at random",
                "(3rd argument) of `ROOMDOOR`",
            ],
        ),
    ];
    for (needle, delta, on, says) in cases {
        let (hovered, md) = hover(&mut server, uri, &text, needle, *delta);
        assert_eq!(hovered, *on, "{needle}: {md}");
        for s in *says {
            assert!(md.contains(s), "{needle}: {s:?} not in {md}");
        }
    }
    server.shutdown_and_exit();
}

/// Accepts `label` at `offset` (completion invoked there) and sends the new
/// text as version `version`; the new text.
fn accept_at(
    server: &mut TestServer,
    uri: &str,
    text: &str,
    offset: usize,
    label: &str,
    version: i32,
) -> String {
    let items = server.request_ok("textDocument/completion", at(uri, text, offset));
    let items = items.as_array().cloned().unwrap_or_default();
    let item = items
        .iter()
        .find(|i| i["label"] == label)
        .unwrap_or_else(|| panic!("no {label} in {:?}", labels(&items)));
    let done = apply_edits(text, &[item["textEdit"].clone()], "utf-16");
    server.change(uri, version, vec![json!({ "text": done })]);
    done
}

/// The statements completion offers where a statement starts, accepted one
/// after the other with the values they come with: levls and lev_comp 3.6.6
/// accept the levels they make.
#[test]
fn statements_come_with_values_lev_comp_accepts() {
    assert!(
        Path::new(LEV_COMP).is_file(),
        "{LEV_COMP} is missing: run scripts/install-tools"
    );
    let mut server = TestServer::start(LEVLS);
    let maze = [
        "MESSAGE",
        "MONSTER",
        "OBJECT",
        "CONTAINER",
        "TRAP",
        "DOOR",
        "TERRAIN",
        "REPLACE_TERRAIN",
        "FOUNTAIN",
        "SINK",
        "POOL",
        "MAZEWALK",
        "GRAVE",
        "GOLD",
        "ENGRAVING",
        "DRAWBRIDGE",
        "STAIR",
        "LADDER",
        "ALTAR",
        "NON_DIGGABLE",
        "NON_PASSWALL",
        "TELEPORT_REGION",
        "PORTAL",
        "BRANCH",
        "REGION",
        "IF",
        "LOOP",
        "SWITCH",
        "WALLIFY",
        "MINERALIZE",
        "INIT_MAP",
    ];
    let uri = "file:///levels/statements36.des";
    let mut text = BASE.to_string();
    server.open(uri, "nethack-des", &text);
    for (k, keyword) in maze.iter().enumerate() {
        let end = text.len();
        text = accept_at(&mut server, uri, &text, end, keyword, 2 + k as i32);
        text.push('\n');
        server.change(uri, 100 + k as i32, vec![json!({ "text": text })]);
    }
    // A room-and-corridor level: two rooms, a subroom and a door in the
    // first, a corridor between them.
    let rooms_uri = "file:///levels/rooms36.des";
    let mut rooms = "# levls: dialect 3.6\nLEVEL: \"rooms\"\n".to_string();
    server.open(rooms_uri, "nethack-des", &rooms);
    let mut version = 2;
    for keyword in ["ROOM", "ROOM", "CORRIDOR", "RANDOM_CORRIDORS"] {
        let end = rooms.len();
        rooms = accept_at(&mut server, rooms_uri, &rooms, end, keyword, version);
        rooms.push('\n');
        version += 1;
    }
    for keyword in ["SUBROOM", "ROOMDOOR"] {
        // On a line of its own at the top of the first room's block.
        let inside = rooms.find(" {\n").unwrap() + 2;
        rooms.insert_str(inside, "\n\t");
        server.change(rooms_uri, version, vec![json!({ "text": rooms })]);
        rooms = accept_at(
            &mut server,
            rooms_uri,
            &rooms,
            inside + 2,
            keyword,
            version + 1,
        );
        version += 2;
    }
    server.change(rooms_uri, version, vec![json!({ "text": rooms })]);
    let scratch = std::env::temp_dir().join(format!("levls-statements36-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    for (uri, text, version) in [
        (uri, &text, 100 + maze.len() as i32 - 1),
        (rooms_uri, &rooms, version),
    ] {
        let published = server.wait_diagnostics_version(uri, version);
        let problems: Vec<&Value> = published["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["severity"].as_i64().is_some_and(|s| s <= 2))
            .collect();
        assert!(problems.is_empty(), "{text}\n{problems:?}");
        let file = scratch.join(uri.rsplit('/').next().unwrap());
        std::fs::write(&file, text).unwrap();
        match lev_comp(&file, &scratch.join("run")) {
            Oracle::Accepted => {}
            Oracle::Rejected(why) | Oracle::Crashed(_, why) => panic!("{text}\nlev_comp: {why}"),
            Oracle::TimedOut => panic!("{text}\nlev_comp timed out"),
        }
    }
    server.shutdown_and_exit();
    std::fs::remove_dir_all(&scratch).ok();
}
