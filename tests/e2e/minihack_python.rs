//! `levls check` on a MiniHack project: levels inside `.py` files and
//! notebooks, beside a `.des`, reported at their place in the host file; and
//! the real lev_comp 3.6 judging a level taken out of the Python file by
//! Python itself.

use crate::oracle::LEV_COMP;
use crate::LEVLS;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A good level, a level broken on a known line (module constants), adjacent
/// literals with escapes passed as `des_file=`, and an f-string whose
/// `{name}` and `{monster}` only the running program knows.
const ENV_PY: &str = r#""""MiniHack environments of a small project."""
import gym
import minihack  # noqa: F401

GOOD_DES = """
MAZE: "mylevel", ' '
FLAGS: premapped
GEOMETRY:center,center
MAP
-----
|...|
-----
ENDMAP
STAIR: (3,1), down
"""

BROKEN_DES = """
MAZE: "mylevel", ' '
GEOMETRY:center,center
MAP
-----
|...|
-----
ENDMAP
MONSTER: ('D', "red dragn"), (2,1)
"""


def corridor():
    return gym.make(
        "MiniHack-Navigation-Custom-v0",
        des_file="MAZE: \"mylevel\", ' '\n"
        'GEOMETRY:center,center\nMAP\n-----\n|...|\n-----\nENDMAP\n'
        "OBJECT: ('%', \"aple\"), (1,1)\n",
    )


def named(name, monster):
    return gym.make(
        "MiniHack-Navigation-Custom-v0",
        des_file=f"""
MAZE: "{name}", ' '
GEOMETRY:center,center
MAP
-----
|...|
-----
ENDMAP
MONSTER: ('D', "{monster}"), (1,1)
MONSTER: ('D', "blak dragon"), (2,1)
""",
    )
"#;

const GOOD_PY: &str = "LEVEL = '''\nMAZE: \"mylevel\", ' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n'''\nenv = make(des_file=\"mylevel.des\")\n";

const BROKEN_CELL: &[&str] = &[
    "import minihack\n",
    "des_file = \"\"\"\n",
    "MAZE: \"mylevel\", ' '\n",
    "GEOMETRY:center,center\n",
    "MAP\n",
    "...\n",
    "ENDMAP\n",
    "MONSTER: ('D', \"grene dragon\"), (1,0)\n",
    "\"\"\"\n",
];

const TOWER_DES: &str = "MAZE: \"tower\", ' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\nOBJECT: ('(', \"chest\"), (1,0)\nMONSTER: ('@', \"shopkeper\"), (0,0)\n";

/// A project folder: `env.py`, `levels.ipynb` (a markdown cell, a good code
/// cell with its source as one string, a broken one as a list of lines),
/// `plain.py` (no level), `good.py` and `tower.des`.
fn project(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("levls-e2e-mhpy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let notebook = json!({
        "cells": [
            {"cell_type": "markdown", "metadata": {}, "source": ["# MAZE: \"x\", ' '\n", "MONSTER: nothing\n"]},
            {"cell_type": "code", "metadata": {}, "execution_count": null, "outputs": [],
             "source": GOOD_PY},
            {"cell_type": "code", "metadata": {}, "execution_count": null, "outputs": [],
             "source": BROKEN_CELL},
        ],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5
    });
    let files = [
        ("env.py", ENV_PY.to_string()),
        (
            "levels.ipynb",
            serde_json::to_string_pretty(&notebook).unwrap(),
        ),
        ("plain.py", "print('no level here')\n".to_string()),
        ("good.py", GOOD_PY.to_string()),
        ("tower.des", TOWER_DES.to_string()),
    ];
    for (file, text) in files {
        std::fs::write(dir.join(file), text).unwrap();
    }
    dir
}

fn check(dir: &Path, args: &[&str]) -> Output {
    Command::new(LEVLS)
        .arg("check")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run levls check")
}

/// The 1-based line of `text` holding `needle` (the only one).
fn line_of(text: &str, needle: &str) -> usize {
    let lines: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains(needle))
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(lines.len(), 1, "{needle:?} on lines {lines:?}");
    lines[0]
}

/// What a diagnostic's range covers on its line of `text` (columns 1-based, in characters).
fn covered(text: &str, d: &Value) -> String {
    let line = text
        .lines()
        .nth(d["line"].as_u64().unwrap() as usize - 1)
        .unwrap();
    let start = d["column"].as_u64().unwrap() as usize - 1;
    let end = d["end_column"].as_u64().unwrap() as usize - 1;
    line.chars().skip(start).take(end - start).collect()
}

fn errors_of<'a>(all: &'a [Value], file: &str) -> Vec<&'a Value> {
    all.iter()
        .filter(|d| d["file"] == file && d["severity"] == "error")
        .collect()
}

#[test]
fn a_minihack_folder_reports_every_embedded_level_at_its_place_in_the_python_file() {
    let dir = project("folder");
    let out = check(&dir, &["--format", "json", "."]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let all: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();

    let env = errors_of(&all, "./env.py");
    let mut lines: Vec<u64> = env.iter().map(|d| d["line"].as_u64().unwrap()).collect();
    lines.sort();
    let mut expected: Vec<u64> = ["\"red dragn\"", "aple", "blak dragon"]
        .iter()
        .map(|n| line_of(ENV_PY, n) as u64)
        .collect();
    expected.sort();
    assert_eq!(lines, expected, "{env:#?}");
    for (d, name) in env.iter().zip(["red dragn", "aple", "blak dragon"]) {
        assert!(covered(ENV_PY, d).contains(name), "{d:#}");
        assert!(d.get("cell").is_none(), "{d:#}");
        assert_eq!(d["format"], "nethack");
    }
    // The f-string's `{name}` and `{monster}` are left unchecked.
    for d in all.iter().filter(|d| d["file"] == "./env.py") {
        assert!(!covered(ENV_PY, d).contains('{'), "{d:#}");
    }

    let notebook = errors_of(&all, "./levels.ipynb");
    assert_eq!(notebook.len(), 1, "{notebook:#?}");
    let cell: String = BROKEN_CELL.concat();
    assert_eq!(notebook[0]["cell"], 3);
    assert_eq!(
        notebook[0]["line"].as_u64().unwrap() as usize,
        line_of(&cell, "grene dragon")
    );
    assert!(covered(&cell, notebook[0]).contains("grene dragon"));

    let tower = errors_of(&all, "./tower.des");
    assert_eq!(
        tower
            .iter()
            .map(|d| d["line"].as_u64().unwrap() as usize)
            .collect::<Vec<_>>(),
        [line_of(TOWER_DES, "shopkeper")],
        "{tower:#?}"
    );
    for quiet in ["./plain.py", "./good.py"] {
        assert!(all.iter().all(|d| d["file"] != quiet), "{quiet}: {all:#?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_human_output_shows_python_lines_and_notebook_cells() {
    let dir = project("human");
    let out = check(&dir, &["env.py", "levels.ipynb", "plain.py"]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let red = line_of(ENV_PY, "\"red dragn\"");
    assert!(
        stdout.contains(&format!("env.py:{red}:")) && stdout.contains("red dragn"),
        "{stdout}"
    );
    let grene = line_of(&BROKEN_CELL.concat(), "grene dragon");
    assert!(
        stdout.contains(&format!("levels.ipynb:cell 3:{grene}:")),
        "{stdout}"
    );
    assert!(!stdout.contains("plain.py"), "{stdout}");
    let summary = String::from_utf8(out.stderr).unwrap();
    assert!(summary.contains("checked 3 files: 4 error(s)"), "{summary}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn python_files_with_no_broken_level_pass_and_say_nothing() {
    let dir = project("quiet");
    for file in ["plain.py", "good.py"] {
        let out = check(&dir, &[file]);
        assert_eq!(out.status.code(), Some(0), "{file}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "", "{file}");
        let out = check(&dir, &["--format", "json", file]);
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "[]", "{file}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The string assigned to `name` in `file`, as Python itself reads it.
fn python_constant(file: &Path, name: &str) -> String {
    let program = format!(
        "import ast, sys\n\
         tree = ast.parse(open(sys.argv[1]).read())\n\
         for node in tree.body:\n\
         \x20   if isinstance(node, ast.Assign) and node.targets[0].id == {name:?}:\n\
         \x20       sys.stdout.write(ast.literal_eval(node.value))\n"
    );
    let out = Command::new("python3")
        .args(["-c", &program])
        .arg(file)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn lev_comp_refuses_the_level_taken_out_of_python_on_the_line_levls_reports() {
    let dir = project("oracle");
    let work = dir.join("lev_comp");
    std::fs::create_dir_all(&work).unwrap();
    let out = check(&dir, &["--format", "json", "env.py"]);
    let all: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    let reported: Vec<usize> = errors_of(&all, "env.py")
        .iter()
        .map(|d| d["line"].as_u64().unwrap() as usize)
        .collect();
    for (name, broken) in [("GOOD_DES", false), ("BROKEN_DES", true)] {
        let level = python_constant(&dir.join("env.py"), name);
        assert!(level.contains("MAZE:"), "{name}: {level:?}");
        let des = work.join("mylevel.des");
        std::fs::write(&des, &level).unwrap();
        let verdict = crate::minihack::lev_comp(Path::new(LEV_COMP), &des, &work);
        // The string starts on the line of `NAME = """`.
        let first = line_of(ENV_PY, &format!("{name} = "));
        let last = first + level.lines().count();
        let inside: Vec<usize> = reported
            .iter()
            .copied()
            .filter(|l| (first..=last).contains(l))
            .collect();
        match verdict {
            None => {
                assert!(!broken, "{name}: lev_comp accepts it");
                assert!(inside.is_empty(), "{name}: levls errs on {inside:?}");
            }
            Some(line) => {
                assert!(broken, "{name}: lev_comp refuses it on line {line}");
                assert_eq!(inside, [first + line as usize - 1], "{name}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
