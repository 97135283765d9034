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
