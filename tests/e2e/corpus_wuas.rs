//! The real WUAS datafile, the reconstructed boards and the one-typo
//! mutants, checked with `levls check` against the reference loader.

use crate::{check_json, shared};
use std::path::{Path, PathBuf};

fn dat_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            dat_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "dat") {
            out.push(path);
        }
    }
}

#[test]
fn every_corpus_file_the_loader_accepts_gets_no_error() {
    let mut files = Vec::new();
    dat_files(&shared().join("corpus/wuas"), &mut files);
    assert!(files.len() >= 104, "{} files", files.len());
    for file in files {
        let (code, diagnostics) = json_check(&file);
        let errors: Vec<_> = diagnostics
            .iter()
            .filter(|d| d["severity"] == "error")
            .collect();
        assert_eq!(code, 0, "{}: {errors:#?}", file.display());
    }
}

/// Codes of the validator's stage (the file's own tables, labels, edges, names):
/// the loader accepts files that have only these.
const VALIDATION_CODES: &[&str] = &[
    "wuas::undefined-token",
    "wuas::undefined-attribute",
    "wuas::duplicate-label",
    "wuas::unknown-label",
    "wuas::edge-across-floors",
    "wuas::graph-spaces",
    "wuas::unknown-space",
    "wuas::unknown-token-name",
    "wuas::unknown-item",
    "wuas::unknown-attribute-name",
];

/// Mutants the loader accepts while misreading them, which levls reports as
/// errors (docs/formats/wuas.md, "silent misreads").
const MISREAD: &[(&str, &str)] = &[(
    "new-turn03.m002.dat",
    "a doubled token line puts the last border where a space line belongs: the board ends early and the token table is read as empty",
)];

#[test]
fn mutants_agree_with_the_reference_loader() {
    let mutants = shared().join("mutants/wuas");
    let verdicts = std::fs::read_to_string(mutants.join("VERDICTS.tsv")).unwrap();
    let mut agree = 0;
    let mut disagreements = Vec::new();
    for line in verdicts.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (file, verdict) = (fields[0], fields[1]);
        let (code, diagnostics) = json_check(&mutants.join(file));
        // Recognised, with an error: a damaged header is no reason for "not a level file".
        if verdict == "REJ" && code != 1 {
            disagreements.push(format!("{file} (REJ): exit {code}, not 1"));
        }
        let load_error = diagnostics.iter().any(|d| {
            d["severity"] == "error" && !VALIDATION_CODES.contains(&d["code"].as_str().unwrap())
        });
        let misread = MISREAD.iter().any(|(f, _)| *f == file);
        if load_error == (verdict == "REJ") && !misread {
            agree += 1;
        } else if !(misread && load_error && verdict == "ok") {
            disagreements.push(format!(
                "{file} ({verdict}): {} | {}",
                fields[2],
                fields.get(3).unwrap_or(&"")
            ));
        }
    }
    eprintln!(
        "wuas mutants: {agree}/120 agree with the reference loader; {} are documented misreads",
        MISREAD.len()
    );
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
}

/// The validator's integrity and label checks need no definitions file: every
/// mutant it rejects for those gets an error from levls.
#[test]
fn mutants_the_validator_rejects_for_the_files_own_tables_get_an_error() {
    let mutants = shared().join("mutants/wuas");
    let validation = std::fs::read_to_string(mutants.join("VALIDATION.tsv")).unwrap();
    let mut checked = 0;
    for line in validation.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (file, verdict, message) = (fields[0], fields[2], fields.get(3).copied().unwrap_or(""));
        let own_tables = message.contains("Integrity error") || message.contains("space label");
        if verdict != "REJ" || !own_tables {
            continue;
        }
        let (code, diagnostics) = json_check(&mutants.join(file));
        assert_eq!(code, 1, "{file}: {message}: {diagnostics:#?}");
        checked += 1;
    }
    assert_eq!(checked, 23);
}

/// The diagnostics of `levls check` as a list.
fn json_check(path: &Path) -> (i32, Vec<serde_json::Value>) {
    let (code, diagnostics) = check_json(path);
    (code, diagnostics.as_array().unwrap().clone())
}

/// `levls check` on real boards whose version line was damaged or removed:
/// recognised by content (exit 1, not 2), one located error on that line,
/// and the rest read as before.
#[test]
fn real_boards_with_a_damaged_or_missing_version_line_exit_1_with_one_error() {
    let board = shared().join("corpus/wuas/reconstructed/2024-rocket/rocket-turn04.dat");
    let text = std::fs::read_to_string(&board).unwrap();
    assert!(text.contains("\n5\n"));
    let dir = std::env::temp_dir().join(format!("levls-wuas-version-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (damaged, code) in [
        ("\nversion 5\n", "wuas::bad-version"),
        ("\n5.0\n", "wuas::bad-version"),
        ("\n", "wuas::no-version-line"),
    ] {
        let path = dir.join("board.dat");
        std::fs::write(&path, text.replacen("\n5\n", damaged, 1)).unwrap();
        let (exit, diagnostics) = json_check(&path);
        let errors: Vec<_> = diagnostics
            .iter()
            .filter(|d| d["severity"] == "error")
            .collect();
        assert_eq!(exit, 1, "{damaged:?}: {diagnostics:#?}");
        assert_eq!(errors.len(), 1, "{damaged:?}: {errors:#?}");
        assert_eq!(errors[0]["code"], code, "{damaged:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
