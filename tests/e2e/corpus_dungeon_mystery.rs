//! Every parameter set of `../shared/corpus/dungeon-mystery/` (each one generates a floor with
//! the real library), checked with `levls check`: no errors, and no warnings either, since none
//! of them sets a value that does something its author would not mean.

use crate::{check_json as check, shared, LEVLS};
use std::path::{Path, PathBuf};
use std::process::Command;

fn corpus() -> PathBuf {
    shared().join("corpus/dungeon-mystery")
}

fn json_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            json_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
}

#[test]
fn every_corpus_file_is_detected_by_content_and_checks_clean() {
    let mut files = Vec::new();
    json_files(&corpus(), &mut files);
    files.sort();
    assert_eq!(files.len(), 7, "{files:?}");
    for file in &files {
        let (code, diagnostics) = check(file);
        let shown: Vec<&serde_json::Value> = diagnostics
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["severity"] == "error" || d["severity"] == "warning")
            .collect();
        // 0: detected (a plain `.json`, so by content) and no error.
        assert_eq!(code, 0, "{}: {diagnostics:#}", file.display());
        assert!(shown.is_empty(), "{}: {shown:#?}", file.display());
    }
}

#[test]
fn a_whole_directory_check_finds_the_corpus_files() {
    let out = Command::new(LEVLS)
        .arg("check")
        .arg(corpus())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    // SOURCES.md is not JSON and is left alone; the seven settings files are checked.
    assert!(
        stderr.contains("checked 7 files: 0 error(s), 0 warning(s), 0 hint(s)"),
        "{stderr}"
    );
}

#[test]
fn a_broken_copy_of_the_demo_export_fails_where_it_is_broken() {
    let original = std::fs::read_to_string(
        corpus().join("dungeoneer/dungeoneer-settings.default-export.json"),
    )
    .unwrap();
    let broken = original
        .replacen("\"layout\": 0,", "\"layout\": \"3\",", 1)
        .replacen("\"maze_room_chance\": 0,", "\"maze_room_chance\": 40,", 1);
    let dir = std::env::temp_dir().join(format!("levls-dm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("broken.dungeoneer.json");
    std::fs::write(&path, broken).unwrap();
    let (code, diagnostics) = check(&path);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, 1, "{diagnostics:#}");
    let codes: Vec<(&str, u64)> = diagnostics
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["code"].as_str().unwrap(), d["line"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        codes,
        [
            ("dungeon-mystery::wrong-type", 3),
            ("dungeon-mystery::maze-without-setting", 14)
        ],
        "{diagnostics:#}"
    );
}
