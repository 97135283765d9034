//! Completion items, one a line: `label (replaced text) ⇒ insert text [snippet] — detail`
//! ([`Fixtures::check_completions`]). The variants keep older snapshots as they were written:
//! without details, one line each with `(none)` for nothing, labels only, or details only.

use super::Fixtures;
use crate::formats::Completion;
use expect_test::Expect;

impl Fixtures<'_> {
    /// The items at the fixture's `$0`, one a line (no line break after the last).
    pub fn check_completions(&self, fixture: &str, expect: Expect) {
        let (text, items) = self.completions_at(fixture);
        let shown: Vec<String> = items.iter().map(|c| item(&text, c)).collect();
        self.assert(&shown.join("\n"), expect);
    }

    /// [`Fixtures::check_completions`] with a line break after every item, and `(none)` when
    /// there is no item (the dungeon-mystery snapshots).
    pub fn check_completion_list(&self, fixture: &str, expect: Expect) {
        let (text, items) = self.completions_at(fixture);
        let shown: String = items.iter().map(|c| item(&text, c) + "\n").collect();
        self.assert(if shown.is_empty() { "(none)" } else { &shown }, expect);
    }

    /// Each item as `label (replaced text)` only, one a line (the DERF snapshots).
    pub fn check_completion_replacements(&self, fixture: &str, expect: Expect) {
        let (text, items) = self.completions_at(fixture);
        let shown: Vec<String> = items
            .iter()
            .map(|c| format!("{} ({})", c.label, &text[c.replace.clone()]))
            .collect();
        self.assert(&shown.join("\n"), expect);
    }

    /// The labels on one line; past 30 items, the first 12 and the count.
    pub fn check_completion_labels(&self, fixture: &str, expect: Expect) {
        let (_, items) = self.completions_at(fixture);
        let labels: Vec<&str> = items.iter().map(|c| c.label.as_str()).collect();
        let shown = if labels.len() > 30 {
            format!("{} … ({} in all)", labels[..12].join(" "), labels.len())
        } else {
            labels.join(" ")
        };
        self.assert(&shown, expect);
    }

    /// The number of items, then the first 12 as `label (detail)`.
    pub fn check_completion_details(&self, fixture: &str, expect: Expect) {
        let (_, items) = self.completions_at(fixture);
        let shown: Vec<String> = items
            .iter()
            .take(12)
            .map(|c| format!("{} ({})", c.label, c.detail.as_deref().unwrap_or("")))
            .collect();
        self.assert(
            &format!("{} items\n{}\n", items.len(), shown.join("\n")),
            expect,
        );
    }

    /// The items at the fixture's `$0`, and the text without it.
    pub fn completions_at(&self, fixture: &str) -> (String, Vec<Completion>) {
        self.open_at(fixture, |file, offset| {
            self.format.completions(file, offset)
        })
    }
}

/// `label (replaced text) ⇒ insert text [snippet] — detail`, each part only when there.
fn item(text: &str, c: &Completion) -> String {
    let mut line = format!("{} ({})", c.label, &text[c.replace.clone()]);
    if let Some(insert) = &c.insert_text {
        line.push_str(&format!(" ⇒ {insert}"));
    }
    if c.snippet {
        line.push_str(" [snippet]");
    }
    if let Some(detail) = &c.detail {
        line.push_str(&format!(" — {detail}"));
    }
    line
}
