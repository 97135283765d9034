use super::{cap, MORE};
use crate::formats::{Diagnostic, Severity};

/// One diagnostic per line of `text`, with the severity its line names.
fn one_per_line(text: &str) -> Vec<Diagnostic> {
    let mut start = 0;
    text.split_inclusive('\n')
        .map(|line| {
            let severity = match line.trim() {
                "error" => Severity::Error,
                "warning" => Severity::Warning,
                _ => Severity::Hint,
            };
            let d = Diagnostic::new(severity, "test::x", start..start + 1, line.trim());
            start += line.len();
            d
        })
        .collect()
}

#[test]
fn under_the_limit_everything_is_shown_and_nothing_added() {
    let text = "error\nwarning\n";
    let all = one_per_line(text);
    let capped = cap(text, &all, 2);
    assert_eq!(capped.shown.len(), 2);
    assert!(capped.more.is_none());
}

#[test]
fn errors_are_kept_first_and_the_rest_is_summed_up_at_the_first_left_out() {
    let text = "hint\nwarning\nerror\nhint\nerror\nwarning\nerror\n";
    let all = one_per_line(text);
    let capped = cap(text, &all, 3);
    let shown: Vec<_> = capped.shown.iter().map(|d| d.range.start).collect();
    // The three errors, in the order of the text.
    assert_eq!(shown, vec![13, 24, 38]);
    let more = capped.more.expect("a diagnostic for the rest");
    assert_eq!(more.code, MORE);
    // The worst left out is a warning, the first of them on line 2.
    assert_eq!(more.severity, Severity::Warning);
    assert_eq!(more.range, 5..6);
    assert_eq!(
        more.message,
        "4 more diagnostics not shown (2 warning, 2 hint); the first is on line 2: warning"
    );
}

#[test]
fn the_published_list_is_the_limit_plus_one() {
    let text = "error\n".repeat(50);
    let all = one_per_line(&text);
    let published = cap(&text, &all, 10).into_vec();
    assert_eq!(published.len(), 11);
    assert_eq!(published[10].code, MORE);
    assert!(published[10].message.contains("on line 11"));
}
