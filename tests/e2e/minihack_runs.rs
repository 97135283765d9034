//! The real MiniHack (`scripts/install-python-tools`' venv) runs a small set
//! of levels, good and broken in each way MiniHack hides (a lev_comp error,
//! a level not named `mylevel`, a branch or stairs on a wall, a region the
//! game cannot place, a start outside the map), and records what it did:
//! lev_comp's stderr, NetHack's `paniclog` (where `impossible()` writes
//! `Couldn't load "mylevel.lev" - making a maze.` and `Couldn't place
//! lregion type N!`), and the first screen. Then `levls check` reads the same
//! levels as `.des` files (`variant = "minihack"` in a `levls.toml`), as
//! `*_DES = """…"""` constants in a `.py` that imports minihack, and as
//! notebook cells, and must report each failure on the line of the
//! statement that causes it, and nothing on the good levels.

use crate::LEVLS;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// Runs each level (a JSON object name → text) in MiniHack and prints, per
/// name, lev_comp's lines about `mylevel.des`, the paniclog's lines and the
/// first observation's characters.
const DRIVER: &str = r#"
import json, os, sys, tempfile

import gymnasium as gym
import minihack  # noqa: F401

results = {}
for name, des in json.load(open(sys.argv[1])).items():
    captured = tempfile.TemporaryFile()
    saved = os.dup(2)
    os.dup2(captured.fileno(), 2)
    try:
        env = gym.make("MiniHack-Navigation-Custom-v0", des_file=des,
                       observation_keys=("chars",))
        obs, _ = env.reset(seed=1)
        panic = os.path.join(env.unwrapped.nethack._vardir, "paniclog")
        log = open(panic, errors="replace").read() if os.path.exists(panic) else ""
        chars = [bytes(row).decode("latin1") for row in obs["chars"]]
        env.close()
    finally:
        sys.stderr.flush()
        os.dup2(saved, 2)
        os.close(saved)
    captured.seek(0)
    stderr = captured.read().decode(errors="replace")
    results[name] = {
        "lev_comp": [l for l in stderr.splitlines() if "mylevel.des" in l],
        "log": log.splitlines(),
        "chars": chars,
    }
print(json.dumps(results))
"#;

/// What MiniHack did with a level.
#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    /// Compiled and loaded, nothing in the log.
    Compiled,
    /// lev_comp refused it at this line; MiniHack plays a random maze.
    Error(u64),
    /// Compiled, but no `mylevel.lev`: a random maze.
    RandomMaze,
    /// `impossible: Couldn't place lregion type N!`, the first N.
    Unplaced(u8),
}

struct Case {
    name: &'static str,
    des: String,
    /// What MiniHack must do with it.
    outcome: Outcome,
    /// The code levls must give, and text on the line it must be on.
    finding: Option<(&'static str, &'static str)>,
}

/// MiniHack's LevelGenerator's header (premapped, so the screen shows the
/// whole room), a 5 × 4 room, then `details`.
fn level(name: &str, details: &str) -> String {
    format!(
        "MAZE: \"{name}\", ' '\nFLAGS:premapped\nINIT_MAP: solidfill,' '\nGEOMETRY:center,center\n\
         MAP\n-----\n|...|\n|...|\n-----\nENDMAP\n{details}"
    )
}

/// The 1-based line of `text` holding `marker` (the first).
fn line_of(text: &str, marker: &str) -> u64 {
    let at = text.lines().position(|l| l.contains(marker));
    at.map(|i| i as u64 + 1)
        .unwrap_or_else(|| panic!("{marker:?} not in {text}"))
}

fn cases() -> Vec<Case> {
    let start = "BRANCH:(1,1,1,1),(0,0,0,0)\n";
    vec![
        Case {
            name: "good",
            des: level("mylevel", &format!("{start}STAIR:(3,2),down\n")),
            outcome: Outcome::Compiled,
            finding: None,
        },
        Case {
            // As LevelGenerator's set_start_rect and add_goal_pos write them.
            name: "generated",
            des: level(
                "mylevel",
                "REGION:(0,0,5,4),lit,\"ordinary\"\nBRANCH:(1,1,3,2),(0,0,0,0)\nSTAIR:(2,2),down\nMONSTER:('d',\"jackal\"),(3,1)\n",
            ),
            outcome: Outcome::Compiled,
            finding: None,
        },
        {
            let des = level("mylevel", &format!("{start}MONSTER:('D',\"red dragn\"),(2,1)\n"));
            Case {
                name: "monster",
                outcome: Outcome::Error(line_of(&des, "red dragn")),
                des,
                finding: Some(("nethack::unknown-monster-name", "red dragn")),
            }
        },
        Case {
            name: "name",
            des: level("other", start),
            outcome: Outcome::RandomMaze,
            finding: Some(("nethack::minihack-level-name", "\"other\"")),
        },
        Case {
            name: "branch_wall",
            des: level("mylevel", "BRANCH:(0,1,0,1),(0,0,0,0)\n"),
            outcome: Outcome::Unplaced(3),
            finding: Some(("nethack::unplaceable-region", "BRANCH")),
        },
        Case {
            name: "stairs_wall",
            des: level("mylevel", &format!("{start}STAIR:(4,2),down\n")),
            outcome: Outcome::Compiled,
            finding: Some(("nethack::stair-in-wall", "STAIR")),
        },
        Case {
            name: "region",
            des: level("mylevel", &format!("{start}STAIR:(0,0,4,0),(0,0,0,0),down\n")),
            outcome: Outcome::Unplaced(0),
            finding: Some(("nethack::unplaceable-region", "STAIR")),
        },
        Case {
            // No map and no room: solid rock throughout.
            name: "rock",
            des: "LEVEL: \"mylevel\"\nFLAGS: premapped\n".to_string(),
            outcome: Outcome::Unplaced(3),
            finding: Some(("nethack::unplaceable-region", "LEVEL")),
        },
        Case {
            name: "outside",
            des: level("mylevel", "BRANCH:levregion(1,0,10,3),(0,0,0,0)\n"),
            outcome: Outcome::Unplaced(3),
            finding: Some(("nethack::unplaceable-region", "levregion")),
        },
    ]
}

/// The codes this test is about: none may appear where not expected.
const PLACEMENT_CODES: &[&str] = &[
    "nethack::minihack-level-name",
    "nethack::unplaceable-region",
    "nethack::stair-in-wall",
];

/// MiniHack's outcome of each case, and its first screen.
fn run_minihack(cases: &[Case], dir: &Path) -> BTreeMap<String, (Outcome, Vec<String>)> {
    let levels: BTreeMap<&str, &str> = cases.iter().map(|c| (c.name, c.des.as_str())).collect();
    let input = dir.join("levels.json");
    std::fs::write(&input, serde_json::to_string(&levels).unwrap()).unwrap();
    let python = crate::support::python_tools().join("bin/python");
    let out = Command::new(python)
        .args(["-c", DRIVER])
        .arg(&input)
        .output()
        .expect("the venv's python runs");
    assert!(
        out.status.success(),
        "the MiniHack driver failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let results: BTreeMap<String, Value> = serde_json::from_slice(&out.stdout).unwrap();
    results
        .into_iter()
        .map(|(name, r)| {
            let lines = |key: &str| -> Vec<String> {
                r[key]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|l| l.as_str().unwrap().to_string())
                    .collect()
            };
            let (lev_comp, log) = (lines("lev_comp"), lines("log"));
            let outcome = if let Some(said) = lev_comp.first() {
                let line = said
                    .split(": line ")
                    .nth(1)
                    .and_then(|rest| rest.split(',').next())
                    .and_then(|n| n.parse().ok())
                    .unwrap_or_else(|| panic!("{name}: lev_comp said {said:?}"));
                Outcome::Error(line)
            } else if log.iter().any(|l| l.contains("Couldn't load")) {
                Outcome::RandomMaze
            } else if let Some(l) = log
                .iter()
                .find(|l| l.contains("Couldn't place lregion type"))
            {
                let kind = l
                    .rsplit("type ")
                    .next()
                    .and_then(|t| t.trim_end_matches('!').parse().ok())
                    .unwrap_or_else(|| panic!("{name}: {l:?}"));
                Outcome::Unplaced(kind)
            } else {
                assert!(log.is_empty(), "{name}: {log:?}");
                Outcome::Compiled
            };
            (name, (outcome, lines("chars")))
        })
        .collect()
}

/// A finding: (case, line in the level, code, severity, message).
type Finding = (String, u64, String, String, String);

/// `levls check --format json` over `paths`, run in `dir`.
fn levls_check(dir: &Path, paths: &[&str]) -> Vec<Value> {
    let out = Command::new(LEVLS)
        .args(["check", "--format", "json"])
        .args(paths)
        .current_dir(dir)
        .output()
        .expect("levls runs");
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)))
}

fn finding(case: &str, line: u64, d: &Value) -> Finding {
    let text = |k: &str| d[k].as_str().unwrap().to_string();
    (
        case.to_string(),
        line,
        text("code"),
        text("severity"),
        text("message"),
    )
}

/// The project: `des/*.des` with a `levls.toml`, `levels.py`, `levels.ipynb`;
/// and where each case starts in the `.py` (the line of its first level line).
fn project(cases: &[Case], dir: &Path) -> BTreeMap<&'static str, u64> {
    let des = dir.join("des");
    std::fs::create_dir_all(&des).unwrap();
    std::fs::write(
        des.join("levls.toml"),
        "[nethack]\nvariant = \"minihack\"\n",
    )
    .unwrap();
    let mut py = String::from("\"\"\"MiniHack levels.\"\"\"\nimport minihack  # noqa: F401\n\n");
    let mut starts = BTreeMap::new();
    let mut cells = vec![
        json!({"cell_type": "code", "metadata": {}, "execution_count": null,
                                "outputs": [], "source": "import minihack\n"}),
    ];
    for case in cases {
        std::fs::write(des.join(format!("{}.des", case.name)), &case.des).unwrap();
        starts.insert(case.name, py.lines().count() as u64 + 1);
        py.push_str(&format!(
            "{}_DES = \"\"\"{}\"\"\"\n\n",
            case.name.to_uppercase(),
            case.des
        ));
        cells.push(json!({"cell_type": "code", "metadata": {}, "execution_count": null,
                          "outputs": [], "source": format!("des_file = \"\"\"{}\"\"\"\n", case.des)}));
    }
    std::fs::write(dir.join("levels.py"), py).unwrap();
    let notebook = json!({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5});
    std::fs::write(dir.join("levels.ipynb"), notebook.to_string()).unwrap();
    starts
}

#[test]
fn levls_reports_what_minihack_hides_at_the_line_that_causes_it() {
    let dir = std::env::temp_dir().join(format!("levls-e2e-mhruns-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let cases = cases();

    // What MiniHack itself does with each level.
    let ran = run_minihack(&cases, &dir);
    for case in &cases {
        let (outcome, chars) = &ran[case.name];
        assert_eq!(outcome, &case.outcome, "MiniHack on {}", case.name);
        if case.name == "stairs_wall" {
            // The game turned the room's east wall into the stairs.
            let row = chars
                .iter()
                .find(|r| r.contains('>'))
                .expect("stairs shown");
            assert_eq!(row.trim(), "|...>", "{chars:#?}");
        }
    }

    // What levls says, per host, as (case, line in the level, …).
    let starts = project(&cases, &dir);
    let mut by_host: BTreeMap<&str, Vec<Finding>> = BTreeMap::new();
    for d in levls_check(&dir, &["des"]) {
        let file = d["file"].as_str().unwrap();
        let case = Path::new(file).file_stem().unwrap().to_str().unwrap();
        let f = finding(case, d["line"].as_u64().unwrap(), &d);
        by_host.entry("des").or_default().push(f);
    }
    for d in levls_check(&dir, &["levels.py", "levels.ipynb"]) {
        let line = d["line"].as_u64().unwrap();
        let f = if let Some(cell) = d["cell"].as_u64() {
            let case = &cases[cell as usize - 2];
            ("ipynb", finding(case.name, line, &d))
        } else {
            let (case, start) = starts
                .iter()
                .filter(|(_, &start)| start <= line)
                .max_by_key(|(_, &start)| start)
                .expect("a level's line");
            ("py", finding(case, line - start + 1, &d))
        };
        by_host.entry(f.0).or_default().push(f.1);
    }

    for host in ["des", "py", "ipynb"] {
        let found = by_host.remove(host).unwrap_or_default();
        for case in &cases {
            let mine: Vec<&Finding> = found.iter().filter(|f| f.0 == case.name).collect();
            let errors: Vec<&&Finding> = mine.iter().filter(|f| f.3 == "error").collect();
            let placement: Vec<&&Finding> = mine
                .iter()
                .filter(|f| PLACEMENT_CODES.contains(&f.2.as_str()))
                .collect();
            let Some((code, marker)) = case.finding else {
                assert!(
                    errors.is_empty() && placement.is_empty(),
                    "{host} {}: {mine:#?}",
                    case.name
                );
                continue;
            };
            let line = line_of(&case.des, marker);
            match case.outcome {
                Outcome::Error(at) => {
                    assert_eq!(line, at, "{}: the marker is on lev_comp's line", case.name);
                    assert!(
                        errors.iter().any(|f| f.1 == at && f.2 == code),
                        "{host} {}: no {code} on line {at}: {mine:#?}",
                        case.name
                    );
                }
                _ => {
                    assert!(errors.is_empty(), "{host} {}: {errors:#?}", case.name);
                    assert_eq!(placement.len(), 1, "{host} {}: {placement:#?}", case.name);
                    let f = placement[0];
                    assert_eq!((f.1, f.2.as_str()), (line, code), "{host} {}", case.name);
                    if let Outcome::Unplaced(kind) = case.outcome {
                        assert!(f.4.contains(&format!("type {kind}!")), "{}", f.4);
                    }
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--variant minihack` (the issue's spelling) and `--nethack-variant`
/// both name the variant for a `.des`; without them it is vanilla.
#[test]
fn the_variant_flag_has_both_spellings() {
    let dir = std::env::temp_dir().join(format!("levls-e2e-mhflag-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("maze.des"),
        level("maze", "BRANCH:(1,1,1,1),(0,0,0,0)\n"),
    )
    .unwrap();
    let codes = |flags: &[&str]| -> Vec<String> {
        let out = Command::new(LEVLS)
            .args(["check", "--format", "json"])
            .args(flags)
            .arg("maze.des")
            .current_dir(&dir)
            .output()
            .unwrap();
        let all: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
        all.iter()
            .map(|d| d["code"].as_str().unwrap().to_string())
            .collect()
    };
    let warned = vec!["nethack::minihack-level-name".to_string()];
    assert_eq!(codes(&["--variant", "minihack"]), warned);
    assert_eq!(codes(&["--nethack-variant", "MiniHack"]), warned);
    assert_eq!(codes(&[]), Vec::<String>::new());
    assert_eq!(codes(&["--variant", "vanilla"]), Vec::<String>::new());
    let _ = std::fs::remove_dir_all(&dir);
}
