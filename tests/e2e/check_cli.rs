//! `levls check` on files on disk: exit codes, human and JSON output.

use crate::{repo_root, LEVLS};
use std::path::Path;
use std::process::{Command, Output};

fn check(args: &[&str], dir: &Path) -> Output {
    Command::new(LEVLS)
        .arg("check")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run levls check")
}

#[test]
fn examples_check_clean() {
    let out = check(&["examples/"], &repo_root());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    let summary = String::from_utf8_lossy(&out.stderr);
    assert!(
        summary.contains("0 error(s), 0 warning(s), 0 hint(s)"),
        "{summary}"
    );
}

/// Each one-mistake room gets exactly the diagnostics in its `.out` file
/// (`UPDATE_EXPECT=1` rewrites them).
#[test]
fn bad_rooms_match_their_expected_output() {
    let root = repo_root();
    let dir = root.join("tests/fixtures/derf/bad");
    let mut rooms: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "derf"))
        .collect();
    rooms.sort();
    assert!(rooms.len() >= 10);
    let mut mismatches = Vec::new();
    for room in rooms {
        let relative = room
            .strip_prefix(&root)
            .unwrap()
            .to_str()
            .unwrap()
            .to_string();
        let out = check(&[&relative], &root);
        assert_eq!(out.status.code(), Some(1), "{relative} has an error");
        let actual = String::from_utf8(out.stdout).unwrap();
        let expected_path = room.with_extension("out");
        if std::env::var_os("UPDATE_EXPECT").is_some() {
            std::fs::write(&expected_path, &actual).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if actual != expected {
            mismatches.push(format!(
                "--- {relative}\nexpected:\n{expected}\nactual:\n{actual}"
            ));
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn json_output_and_exit_codes() {
    let dir = tempdir("json");
    std::fs::write(
        dir.join("hall.der"),
        "DERF:0.1.0\nHall\nShort.\nLong.\nFlags: +north_exit +bos\n",
    )
    .unwrap();
    std::fs::create_dir_all(dir.join("nested")).unwrap();
    // Found by content in a directory, though not by extension.
    std::fs::write(
        dir.join("nested/cave.txt"),
        "DERF:0.2.0\nCave\nShort.\nLong.\nFlags: +north_exit\n",
    )
    .unwrap();
    // Not a level file: skipped inside directories.
    std::fs::write(dir.join("nested/notes.txt"), "shopping list\n").unwrap();
    let out = check(&["--format", "json", "."], &dir);
    assert_eq!(out.status.code(), Some(1));
    let diagnostics: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    let found: Vec<(String, String, u64, u64)> = diagnostics
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["file"].as_str().unwrap().to_string(),
                d["code"].as_str().unwrap().to_string(),
                d["line"].as_u64().unwrap(),
                d["column"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            (
                "./hall.der".to_string(),
                "derf::unknown-flag".to_string(),
                5,
                21
            ),
            (
                "./nested/cave.txt".to_string(),
                "derf::unknown-minor-version".to_string(),
                1,
                6
            ),
        ]
    );
    assert_eq!(diagnostics[0]["severity"], "error");
    assert_eq!(diagnostics[0]["fixes"][0]["title"], "Change to `boss`");

    // Warnings alone exit 0.
    let out = check(&["nested/cave.txt"], &dir);
    assert_eq!(out.status.code(), Some(0));
    let human = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        human,
        "nested/cave.txt:1:6: warning[derf::unknown-minor-version]: DERF version 0.2.0 is unknown: Dungeon Engine reads it as 0.1.0 and warns; the room may not load correctly\n  |\n1 | DERF:0.2.0\n  |      ^^^^^\n"
    );

    // Missing paths and files in no known format are usage/IO errors: exit 2, the rest still checked.
    let out = check(&["missing.derf", "nested/notes.txt", "hall.der"], &dir);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("missing.derf") && stderr.contains("notes.txt: not a level file"),
        "{stderr}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("derf::unknown-flag"));

    let out = Command::new(LEVLS).arg("check").output().unwrap();
    assert_eq!(out.status.code(), Some(2), "no paths is a usage error");
}

#[test]
fn carets_count_characters_not_bytes() {
    let dir = tempdir("carets");
    std::fs::write(
        dir.join("é.derf"),
        "DERF:0.1.0\nHall\nShort.\nLong.\nFlags: +north_exit\nContainers: chest\nchést:🐉\n",
    )
    .unwrap();
    let out = check(&["é.derf"], &dir);
    let human = String::from_utf8(out.stdout).unwrap();
    assert!(
        human.starts_with("é.derf:7:1: error[derf::undeclared-container]"),
        "{human}"
    );
    assert!(human.contains("7 | chést:🐉\n  | ^^^^^\n"), "{human}");
}

fn tempdir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("levls-e2e-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A FIFO among the paths would block a naive read forever: it is named and
/// skipped, and the other files are still checked.
#[test]
fn a_fifo_is_skipped_not_read() {
    let dir = tempdir("fifo");
    let fifo = dir.join("pipe.derf");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    std::fs::write(
        dir.join("hall.derf"),
        "DERF:0.1.0\nHall\nShort.\nLong.\nFlags: +north_exit +bos\n",
    )
    .unwrap();
    let out = check(&["pipe.derf", "hall.derf", "."], &dir);
    assert_eq!(
        out.status.code(),
        Some(2),
        "a usage/IO problem was reported"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("pipe.derf: not a regular file"), "{stderr}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("derf::unknown-flag"));
}

/// Hostile files: a 40 MB file is refused with the limit named; a single
/// 10 MB line, NUL bytes and invalid UTF-8 are checked without trouble.
#[test]
fn huge_and_binary_files() {
    let dir = tempdir("hostile");
    let mut big = String::from("DERF:0.1.0\nHall\nShort.\n");
    while big.len() < 40 * 1024 * 1024 {
        big.push_str("A very long description line that goes on and on.\n");
    }
    std::fs::write(dir.join("big.derf"), &big).unwrap();
    let out = check(&["big.derf"], &dir);
    assert_eq!(out.status.code(), Some(1));
    let human = String::from_utf8_lossy(&out.stdout);
    assert!(
        human.contains("error[levls::file-too-large]") && human.contains("up to 32 MB"),
        "{human}"
    );

    let one_line = format!(
        "DERF:0.1.0\nHall\nShort.\n{}\nFlags: +north_exit\n",
        "x".repeat(10 * 1024 * 1024)
    );
    std::fs::write(dir.join("line.derf"), one_line).unwrap();
    let mut binary = b"DERF:0.1.0\nHall\n\x00\x01\xff\xfe\nFlags: +north_exit \x00\n".to_vec();
    binary.extend(std::iter::repeat_n(0u8, 1000));
    std::fs::write(dir.join("binary.derf"), binary).unwrap();
    let frupal_line = format!(
        "Frupal_Kingdom:\nterrain: 2 2\n..\n..\nstart: 0 0\ndiamonds: 1 1\nclue: 1 0 {}\n",
        "word ".repeat(2 * 1024 * 1024)
    );
    std::fs::write(dir.join("line.fmap"), frupal_line).unwrap();
    for file in ["line.derf", "binary.derf", "line.fmap"] {
        let out = check(&[file], &dir);
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{file}: {:?}",
            out.status
        );
    }
}

/// A symlink loop inside a directory is not followed: the check ends and
/// finds the real rooms.
#[test]
fn a_directory_symlink_loop_is_not_followed() {
    let dir = tempdir("loop");
    std::fs::create_dir_all(dir.join("rooms")).unwrap();
    std::os::unix::fs::symlink("..", dir.join("rooms/up")).unwrap();
    std::fs::write(
        dir.join("rooms/hall.derf"),
        "DERF:0.1.0\nHall\nShort.\nLong.\nFlags: +north_exit\n",
    )
    .unwrap();
    let out = check(&["."], &dir);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("checked 1 file"));
}

/// `levls check` over the whole shared corpus (hundreds of files of every
/// format) prints the same thing, in the same order, on one thread and on
/// many, in both output formats.
#[test]
fn parallel_check_prints_the_same_in_the_same_order() {
    let corpus = crate::shared().join("corpus");
    let run = |jobs: &str, format: &str| {
        let out = std::process::Command::new(LEVLS)
            .args(["check", "--jobs", jobs, "--format", format])
            .arg(&corpus)
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap())
    };
    for format in ["human", "json"] {
        let (code, one) = run("1", format);
        let (code_many, many) = run("4", format);
        assert_eq!(code, code_many);
        assert!(one.len() > 10_000, "{format}: {} bytes", one.len());
        assert!(one == many, "{format}: -j1 and -j4 differ");
    }
    let (_, json) = run("3", "json");
    let list: serde_json::Value = serde_json::from_str(&json).unwrap();
    let files: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["file"].as_str().unwrap())
        .collect();
    let mut sorted = files.clone();
    sorted.dedup();
    let mut unique = sorted.clone();
    unique.sort();
    unique.dedup();
    // Each file's diagnostics come together, files in the walk's sorted order.
    assert_eq!(sorted, unique);
}

/// `levls check .` in a MiniHack project reads the project's files: not the
/// `.py` files of its virtual environment (found by its `pyvenv.cfg`, not its
/// name), `node_modules`, hidden folders or what `.gitignore` leaves out. A
/// file named on the command line is checked wherever it is.
#[test]
fn a_project_walk_skips_hidden_ignored_and_installed_files() {
    let dir = tempdir("project");
    let broken = "DERF:0.1.0\nHall\nShort.\nLong.\nFlags: +north_exit +bos\n";
    let level_py =
        "des_file = \"\"\"MAZE: \"mylevel\", ' '\nMONSTER: ('D', \"red dragn\"), random\n\"\"\"\n";
    for (path, text) in [
        ("src/hall.derf", broken),
        ("src/env.py", level_py),
        ("env/pyvenv.cfg", "home = /usr/bin\n"),
        ("env/lib/site.py", level_py),
        ("node_modules/pkg/a.derf", broken),
        (".cache/b.derf", broken),
        ("build/c.derf", broken),
        (".gitignore", "build/\n"),
    ] {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let files = |out: Output| -> Vec<String> {
        let list: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let mut files: Vec<String> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["file"].as_str().unwrap().to_string())
            .collect();
        files.dedup();
        files
    };
    let out = check(&["--format", "json", "."], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(files(out), ["./src/env.py", "./src/hall.derf"]);
    let out = check(&["--format", "json", "build/c.derf"], &dir);
    assert_eq!(files(out), ["build/c.derf"]);
}
