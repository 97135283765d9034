use super::*;

/// A toy checker: every `x` is an error `x` at its byte; every `yy` an error
/// `yy`; a `?` is a warning.
fn check(text: &str) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (i, c) in text.char_indices() {
        match c {
            'x' => out.push(Diagnostic::new(Severity::Error, "x", i..i + 1, "an x")),
            '?' => out.push(Diagnostic::new(Severity::Warning, "q", i..i + 1, "a ?")),
            _ => {}
        }
    }
    for (i, _) in text.match_indices("yy") {
        out.push(Diagnostic::new(Severity::Error, "yy", i..i + 2, "a yy"));
    }
    out
}

fn fix(title: &str, range: Range<usize>, new_text: &str) -> Fix {
    Fix {
        title: title.into(),
        edits: vec![Edit {
            range,
            new_text: new_text.into(),
        }],
        preferred: true,
    }
}

fn judged(text: &str, target_at: usize, fixes: Vec<Fix>) -> Vec<String> {
    let mut before = check(text);
    let i = before
        .iter()
        .position(|d| d.range.start == target_at)
        .unwrap();
    before[i].fixes = fixes;
    helpful_fixes(text, &before, &before[i], &check)
        .into_iter()
        .map(|f| {
            format!(
                "{}{}",
                f.title,
                if f.preferred { " (preferred)" } else { "" }
            )
        })
        .collect()
}

#[test]
fn a_fix_that_removes_its_error_and_adds_none_is_kept() {
    assert_eq!(
        judged("ab x cd", 3, vec![fix("drop", 3..4, "")]),
        ["drop (preferred)"]
    );
}

#[test]
fn a_fix_that_leaves_its_error_is_dropped() {
    assert!(judged("ab x cd", 3, vec![fix("space", 4..4, " ")]).is_empty());
}

#[test]
fn a_fix_that_adds_an_error_elsewhere_is_dropped_and_the_next_candidate_kept() {
    let moves_it = Fix {
        title: "move".into(),
        edits: vec![
            Edit {
                range: 3..4,
                new_text: String::new(),
            },
            Edit {
                range: 7..7,
                new_text: "x".into(),
            },
        ],
        preferred: true,
    };
    let got = judged("ab x\ncd", 3, vec![moves_it, fix("z", 3..4, "z")]);
    assert_eq!(got, ["z (preferred)"]);
}

#[test]
fn a_fix_that_makes_an_error_of_its_own_text_is_dropped() {
    // `x` → `y` next to a `y`: the new `yy` touches the edit.
    assert!(judged("ab xy", 3, vec![fix("y", 3..4, "y")]).is_empty());
}

#[test]
fn an_error_revealed_further_along_the_same_line_is_allowed() {
    // The checker reports `yy` only when no `x` is on the line: removing the
    // `x` shows the `yy` that was there all along.
    let check = |text: &str| -> Vec<Diagnostic> {
        let mut out = Vec::new();
        let mut at = 0;
        for line in text.split_inclusive('\n') {
            if let Some(i) = line.find('x') {
                out.push(Diagnostic::new(
                    Severity::Error,
                    "x",
                    at + i..at + i + 1,
                    "x",
                ));
            } else if let Some(i) = line.find("yy") {
                out.push(Diagnostic::new(
                    Severity::Error,
                    "yy",
                    at + i..at + i + 2,
                    "yy",
                ));
            }
            at += line.len();
        }
        out
    };
    let text = "x a yy\nb";
    let mut before = check(text);
    before[0].fixes = vec![fix("drop", 0..1, "")];
    let kept = helpful_fixes(text, &before, &before[0], &check);
    assert_eq!(kept.len(), 1);
}

#[test]
fn warnings_do_not_count_as_new_errors() {
    assert_eq!(
        judged("ab x", 3, vec![fix("q", 3..4, "?")]),
        ["q (preferred)"]
    );
}

#[test]
fn only_the_first_kept_fix_is_preferred_and_duplicates_collapse() {
    let got = judged(
        "x",
        0,
        vec![
            fix("a", 0..1, "a"),
            fix("a again", 0..1, "a"),
            fix("b", 0..1, "b"),
        ],
    );
    assert_eq!(got, ["a (preferred)", "b"]);
}

#[test]
fn offsets_after_an_edit_map_back_to_the_original() {
    let edits = [Edit {
        range: 2..3,
        new_text: "four".into(),
    }];
    assert_eq!(to_original(&edits, 0), 0);
    assert_eq!(to_original(&edits, 3), 2, "inside the inserted text");
    assert_eq!(to_original(&edits, 6), 3, "just after it");
    assert_eq!(to_original(&edits, 9), 6);
}

#[test]
fn overlapping_edits_are_refused() {
    let edits = [
        Edit {
            range: 0..2,
            new_text: "a".into(),
        },
        Edit {
            range: 1..3,
            new_text: "b".into(),
        },
    ];
    assert_eq!(apply("abcd", &edits), None);
}

/// Every file the suite holds that a format reads: the repository's own
/// fixtures and examples, the shared corpus and the shared mutants.
fn every_level_file() -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                if !matches!(name.as_str(), "target" | "node_modules" | ".git") {
                    walk(&path, out);
                }
            } else if !name.ends_with(".rs") && !name.ends_with(".md") && !name.ends_with(".tsv") {
                out.push(path);
            }
        }
    }
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in ["tests", "examples", "fuzz/corpus", "server/src"] {
        walk(&repo.join(dir), &mut files);
    }
    let shared = repo.join("../shared");
    assert!(
        shared.join("corpus").is_dir(),
        "the shared corpus beside the repository"
    );
    walk(&shared.join("corpus"), &mut files);
    walk(&shared.join("mutants"), &mut files);
    files.sort();
    files
}

/// The property an editor relies on, for the files of one format (each
/// format its own test, so they run side by side): on every file, every fix
/// levls offers, once applied, removes one diagnostic of its code and leaves
/// no more errors than there were. Prints the rules' fixes kept and dropped.
fn every_offered_fix_helps(format_name: &str) {
    use crate::formats::{detect::detect, test_support::with_file};
    let errors = |ds: &[Diagnostic]| ds.iter().filter(|d| d.severity == Severity::Error).count();
    let of_code = |ds: &[Diagnostic], code: &str| ds.iter().filter(|d| d.code == code).count();
    let (mut files, mut proposed, mut kept) = (0, 0, 0);
    let mut worse = Vec::new();
    for path in every_level_file() {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Some(found) = detect(Some(&path), None, &text) else {
            continue;
        };
        let format = found.format;
        if format.name() != format_name {
            continue;
        }
        let shown = path.display().to_string();
        let offered = with_file(format, &text, &shown, |file| {
            let mut diagnostics = format.diagnostics(file);
            proposed += diagnostics.iter().map(|d| d.fixes.len()).sum::<usize>();
            format.keep_helpful_fixes(file, &mut diagnostics);
            diagnostics
        });
        files += 1;
        for target in &offered {
            for fix in &target.fixes {
                kept += 1;
                let fixed = apply(&text, &fix.edits).expect("an offered fix applies");
                let after = with_file(format, &fixed, &shown, |file| format.diagnostics(file));
                if of_code(&after, target.code) >= of_code(&offered, target.code)
                    || errors(&after) > errors(&offered)
                {
                    worse.push(format!(
                        "{shown}: {} \"{}\" for {}",
                        fix.title, target.message, target.code
                    ));
                }
            }
        }
    }
    eprintln!(
        "{format_name}: {files} files, {proposed} fixes proposed, {kept} kept, {} dropped",
        proposed - kept
    );
    assert!(files > 0, "no {format_name} file found");
    assert!(
        worse.is_empty(),
        "fixes that leave a file no better:\n{}",
        worse.join("\n")
    );
}

#[test]
fn every_offered_nethack_fix_helps() {
    every_offered_fix_helps("nethack");
}

#[test]
fn every_offered_derf_fix_helps() {
    every_offered_fix_helps("derf");
}

#[test]
fn every_offered_frupal_fix_helps() {
    every_offered_fix_helps("frupal");
}

#[test]
fn every_offered_wuas_fix_helps() {
    every_offered_fix_helps("wuas");
}

#[test]
fn every_offered_dungeon_mystery_fix_helps() {
    every_offered_fix_helps("dungeon-mystery");
}
