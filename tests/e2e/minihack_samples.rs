//! Samples of a random level made by the real NetHack inside the MiniHack
//! that `scripts/install-python-tools` installs (its venv's Python given as
//! the `nethack.python` setting): `levls render --samples N` and
//! `levls/render` with `samples`. The samples must differ, each must hold
//! the level's fixed MAP; a level MiniHack cannot play must show MiniHack's
//! own reason, and a Python without MiniHack must say so.

use crate::support::client::{InitOptions, TestServer};
use crate::LEVLS;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The fixed part: two rooms' walls and a fountain.
const MAP: [&str; 5] = [
    "---------------",
    "|......|......|",
    "|..{...|......|",
    "|......|......|",
    "---------------",
];

/// A level whose monsters, objects, trap, stairs and start are random.
fn random_level(name: &str) -> String {
    format!(
        "MAZE: \"{name}\", ' '\nFLAGS: premapped\nGEOMETRY: center, center\nMAP\n{}\nENDMAP\n\
         REGION: (0,0,14,4), lit, \"ordinary\"\nMONSTER: random, random\nMONSTER: random, random\n\
         MONSTER: random, random\nOBJECT: random, random\nOBJECT: random, random\n\
         OBJECT: random, random\nTRAP: random, random\nSTAIR: random, down\n",
        MAP.join("\n")
    )
}

fn python() -> PathBuf {
    crate::support::python_tools().join("bin/python")
}

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("levls-samples-e2e-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `levls render --samples N` on `text` written to `dir/file`: exit code,
/// the HTML page, stderr.
fn render(dir: &Path, file: &str, text: &str, python: &Path, n: usize) -> (i32, String, String) {
    let path = dir.join(file);
    std::fs::write(&path, text).unwrap();
    let out = Command::new(LEVLS)
        .arg("render")
        .arg(&path)
        .args(["--samples", &n.to_string(), "--nethack-python"])
        .arg(python)
        .args(["--as", "html"])
        .output()
        .unwrap();
    (
        out.status.code().expect("levls exits normally"),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Each sample section of the page: its title and its glyphs, row by row,
/// read back from the SVG's cells.
fn samples_on_page(html: &str) -> Vec<(String, Vec<String>)> {
    html.split("<section class=\"picture sample\">")
        .skip(1)
        .map(|section| {
            let title = section
                .split("<h2>")
                .nth(1)
                .unwrap()
                .split("</h2>")
                .next()
                .unwrap();
            let mut cells = Vec::new();
            for cell in section.split("<g class=\"cell\" data-x=\"").skip(1) {
                let (x, rest) = cell.split_once('"').unwrap();
                let (y, rest) = rest
                    .split_once("data-y=\"")
                    .unwrap()
                    .1
                    .split_once('"')
                    .unwrap();
                let glyph = rest
                    .split("<text")
                    .nth(1)
                    .and_then(|t| t.split_once('>'))
                    .map_or(" ".to_string(), |(_, t)| {
                        unescape(t.split("</text>").next().unwrap())
                    });
                cells.push((
                    x.parse::<usize>().unwrap(),
                    y.parse::<usize>().unwrap(),
                    glyph,
                ));
            }
            let width = cells.iter().map(|c| c.0 + 1).max().unwrap_or(0);
            let height = cells.iter().map(|c| c.1 + 1).max().unwrap_or(0);
            let mut rows = vec![vec![' '; width]; height];
            for (x, y, glyph) in cells {
                rows[y][x] = glyph.chars().next().unwrap_or(' ');
            }
            let rows = rows.into_iter().map(|r| r.into_iter().collect()).collect();
            (unescape(title), rows)
        })
        .collect()
}

/// Whether `rows` hold [`MAP`] somewhere ([`holds`]).
fn holds_map(rows: &[String]) -> bool {
    holds(rows, &MAP)
}

/// Whether `rows` hold `map` somewhere: its walls exactly, and on each of
/// its other cells its own glyph or something placed there (a monster, an
/// object, a trap, the stairs, the hero), never a wall or nothing.
fn holds(rows: &[String], map: &[&str]) -> bool {
    let grid: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    let fits = |left: usize, top: usize| {
        map.iter().enumerate().all(|(y, line)| {
            line.chars().enumerate().all(|(x, want)| {
                let Some(&seen) = grid.get(top + y).and_then(|r| r.get(left + x)) else {
                    return false;
                };
                match want {
                    '-' | '|' => seen == want,
                    _ => seen == want || !matches!(seen, '-' | '|' | ' '),
                }
            })
        })
    };
    (0..grid.len()).any(|top| (0..grid.first().map_or(0, Vec::len)).any(|left| fits(left, top)))
}

#[test]
fn three_samples_of_a_random_level_differ_and_each_holds_its_fixed_map() {
    let dir = folder("random");
    let (code, html, stderr) = render(&dir, "random.des", &random_level("mylevel"), &python(), 3);
    assert_eq!(code, 0, "{stderr}");
    // The static picture first, then the samples beside it.
    assert!(html.contains("<h2>MAZE &quot;mylevel&quot;</h2>"), "{html}");
    let samples = samples_on_page(&html);
    let titles: Vec<&str> = samples.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(
        titles,
        [
            "sample 1 (seed 1)",
            "sample 2 (seed 2)",
            "sample 3 (seed 3)"
        ]
    );
    for (title, rows) in &samples {
        assert!(
            holds_map(rows),
            "{title} lacks the fixed map:\n{}",
            rows.join("\n")
        );
        assert!(rows.iter().any(|r| r.contains('@')), "{title}: no hero");
    }
    let [a, b, c] = [&samples[0].1, &samples[1].1, &samples[2].1];
    assert!(a != b && b != c && a != c, "the samples are the same level");
    // The same text and seeds give the same levels.
    let (_, again, _) = render(&dir, "again.des", &random_level("mylevel"), &python(), 3);
    assert_eq!(samples_on_page(&again), samples);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_mazewalk_level_is_drawn_whole_and_each_sample_is_another_maze() {
    let dir = folder("maze");
    let room = ["-----------", "|.........|", "-----------"];
    let level = format!(
        "MAZE: \"mylevel\", ' '\nINIT_MAP: solidfill, ' '\nGEOMETRY: center, center\nMAP\n{}\n\
         ENDMAP\nMAZEWALK: (0,1), west\n",
        room.join("\n")
    );
    let (code, html, stderr) = render(&dir, "maze.des", &level, &python(), 2);
    assert_eq!(code, 0, "{stderr}");
    let samples = samples_on_page(&html);
    assert_eq!(samples.len(), 2);
    for (title, rows) in &samples {
        assert!(
            holds(rows, &room),
            "{title} lacks the room:\n{}",
            rows.join("\n")
        );
        // The maze is mapped, far beyond what the hero sees from the start.
        let floor = rows
            .iter()
            .flat_map(|r| r.chars())
            .filter(|c| *c == '.')
            .count();
        assert!(
            floor > 300,
            "{title}: {floor} cells of maze:\n{}",
            rows.join("\n")
        );
    }
    assert_ne!(samples[0].1, samples[1].1, "the same maze twice");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_level_lev_comp_refuses_shows_lev_comps_error_instead_of_samples() {
    let dir = folder("refused");
    let level = random_level("mylevel").replace(
        "MONSTER: random, random\nMONSTER",
        "MONSTER: ('D', \"red dragn\"), random\nMONSTER",
    );
    let line = level.lines().position(|l| l.contains("red dragn")).unwrap() + 1;
    let (code, html, stderr) = render(&dir, "refused.des", &level, &python(), 2);
    assert_eq!(code, 1, "{stderr}");
    assert!(samples_on_page(&html).is_empty());
    let said = format!("mylevel.des: line {line}, pos ");
    assert!(html.contains("<h2>No samples</h2>"), "{html}");
    assert!(html.contains("lev_comp refused the level"), "{html}");
    assert!(html.contains(&said), "{said} not in {html}");
    assert!(
        html.contains("Unknown monster (&#39;D&#39;, &quot;red dragn&quot;)!"),
        "{html}"
    );
    assert!(
        stderr.contains("no samples: lev_comp refused the level"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_level_not_named_mylevel_is_a_random_maze_and_the_page_says_so() {
    let dir = folder("unnamed");
    let (code, html, stderr) = render(&dir, "other.des", &random_level("other"), &python(), 1);
    assert_eq!(code, 1, "{stderr}");
    assert!(samples_on_page(&html).is_empty());
    assert!(html.contains("named &quot;other&quot;"), "{html}");
    assert!(
        html.contains("Couldn&#39;t load &quot;mylevel.lev&quot; - making a maze."),
        "{html}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_start_on_a_wall_is_named_on_each_sample() {
    let dir = folder("wall");
    let level = format!("{}BRANCH: (0,0,0,0), (0,0,0,0)\n", random_level("mylevel"));
    let (code, html, stderr) = render(&dir, "wall.des", &level, &python(), 2);
    assert_eq!(code, 0, "{stderr}");
    let samples = samples_on_page(&html);
    assert_eq!(samples.len(), 2);
    for (title, _) in samples {
        assert!(
            title.ends_with("— NetHack: impossible: Couldn't place lregion type 3!"),
            "{title}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_python_without_minihack_is_named_with_how_to_install_it() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder("bare");
    // The venv's own Python without its site-packages: no MiniHack.
    let bare = dir.join("python");
    std::fs::write(
        &bare,
        format!("#!/bin/sh\nexec '{}' -S \"$@\"\n", python().display()),
    )
    .unwrap();
    std::fs::set_permissions(&bare, std::fs::Permissions::from_mode(0o755)).unwrap();
    let (code, html, stderr) = render(&dir, "random.des", &random_level("mylevel"), &bare, 1);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("has no MiniHack (No module named"),
        "{stderr}"
    );
    assert!(stderr.contains("-m pip install minihack"), "{stderr}");
    assert!(stderr.contains("nethack.python"), "{stderr}");
    assert!(html.contains("has no MiniHack"), "{html}");
    // A Python that is not there at all.
    let (code, _, stderr) = render(
        &dir,
        "random.des",
        &random_level("mylevel"),
        &dir.join("none"),
        1,
    );
    assert_eq!(code, 1);
    assert!(stderr.contains("none` was not found"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn each_level_of_a_python_file_gets_its_samples_titled_by_its_first_line() {
    let dir = folder("python");
    let source = format!(
        "import gymnasium as gym\nimport minihack\n\nDES = \"\"\"\n{}\"\"\"\nenv = gym.make(\"MiniHack-Navigation-Custom-v0\", des_file=DES)\n",
        random_level("mylevel")
    );
    let (code, html, stderr) = render(&dir, "env.py", &source, &python(), 2);
    assert_eq!(code, 0, "{stderr}");
    let samples = samples_on_page(&html);
    let titles: Vec<&str> = samples.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(
        titles,
        ["line 5: sample 1 (seed 1)", "line 5: sample 2 (seed 2)"]
    );
    assert!(samples.iter().all(|(_, rows)| holds_map(rows)));
    // In a notebook, the cell (numbered among all cells) and the line in it.
    let cell = format!("DES = \"\"\"\n{}\"\"\"\n", random_level("mylevel"));
    let notebook = json!({
        "cells": [
            {"cell_type": "markdown", "metadata": {}, "source": "# A level"},
            {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null, "source": cell},
        ],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5,
    });
    let (code, html, stderr) = render(&dir, "env.ipynb", &notebook.to_string(), &python(), 1);
    assert_eq!(code, 0, "{stderr}");
    let titles: Vec<String> = samples_on_page(&html).into_iter().map(|(t, _)| t).collect();
    assert_eq!(titles, ["cell 2, line 2: sample 1 (seed 1)"]);
    // A level with no MAP block has no static picture: without samples there
    // is nothing to draw, with them its samples are the page.
    let maze = "DES = \"\"\"\nMAZE: \"mylevel\", ' '\nMAZEWALK: (1,1), west\n\"\"\"\n";
    let path = dir.join("maze.py");
    std::fs::write(&path, maze).unwrap();
    let out = Command::new(LEVLS)
        .arg("render")
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no level here has a MAP block"), "{stderr}");
    let (code, html, stderr) = render(&dir, "maze.py", maze, &python(), 1);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(samples_on_page(&html).len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

fn server() -> TestServer {
    TestServer::start_with(
        LEVLS,
        InitOptions {
            initialization_options: Some(
                json!({ "nethack": { "python": python().to_str().unwrap() } }),
            ),
            ..Default::default()
        },
    )
}

fn render_request(server: &mut TestServer, uri: &str, samples: usize) -> Value {
    server.request_ok(
        "levls/render",
        json!({"textDocument": {"uri": uri}, "include": ["text"], "samples": samples}),
    )
}

#[test]
fn the_preview_shows_samples_of_the_text_being_edited() {
    let mut server = server();
    let uri = "file:///levels/random.des";
    server.open(uri, "nethack-des", &random_level("mylevel"));
    server.wait_diagnostics_version(uri, 1);

    let answer = render_request(&mut server, uri, 3);
    assert_eq!(answer["pictures"].as_array().unwrap().len(), 1);
    let samples = answer["samples"].as_array().unwrap();
    assert_eq!(samples.len(), 3);
    let rows: Vec<Vec<String>> = samples
        .iter()
        .map(|s| serde_json::from_value(s["rows"].clone()).unwrap())
        .collect();
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(
            samples[i]["title"],
            format!("sample {} (seed {})", i + 1, i + 1)
        );
        assert!(holds_map(r), "sample {i}:\n{}", r.join("\n"));
    }
    assert!(rows[0] != rows[1] && rows[1] != rows[2]);
    assert!(answer.get("samplesMessage").is_none());
    // Asked for nothing, the preview gets no samples.
    let plain = server.request_ok(
        "levls/render",
        json!({"textDocument": {"uri": uri}, "include": ["text"]}),
    );
    assert!(plain.get("samples").is_none(), "{plain}");

    // The monster's name mistyped: the next render says what lev_comp says.
    let text = random_level("mylevel").replacen(
        "MONSTER: random, random",
        "MONSTER: ('D', \"red dragn\"), random",
        1,
    );
    server.change(uri, 2, vec![json!({ "text": text })]);
    server.wait_diagnostics_version(uri, 2);
    let broken = render_request(&mut server, uri, 3);
    assert_eq!(broken["version"], 2);
    assert!(broken.get("samples").is_none(), "{broken}");
    let why = broken["samplesMessage"].as_str().unwrap();
    assert!(
        why.contains("Unknown monster ('D', \"red dragn\")"),
        "{why}"
    );
    // The static picture is still drawn.
    assert_eq!(broken["pictures"].as_array().unwrap().len(), 1);
}
