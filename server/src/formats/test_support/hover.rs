//! Hover as `[hovered text]` then the markdown, or `(no hover)`; the variant keeps older
//! snapshots as they were written.

use super::{show_range, Fixtures};
use expect_test::Expect;

impl Fixtures<'_> {
    /// The hover at the fixture's `$0`.
    pub fn check_hover(&self, fixture: &str, expect: Expect) {
        let (text, hover) = self.open_at(fixture, |file, offset| self.format.hover(file, offset));
        let shown = hover.map_or("(no hover)".to_string(), |h| {
            format!("[{}]\n{}", &text[h.range], h.markdown)
        });
        self.assert(&shown, expect);
    }

    /// The hover as `line:col-line:col hovered text` then the markdown, or `(none)` (the NetHack
    /// 3.6 snapshots).
    pub fn check_hover_located(&self, fixture: &str, expect: Expect) {
        let (text, hover) = self.open_at(fixture, |file, offset| self.format.hover(file, offset));
        let shown = hover.map_or("(none)".to_string(), |h| {
            format!(
                "{} {}\n{}",
                show_range(&text, &h.range),
                &text[h.range.clone()],
                h.markdown
            )
        });
        self.assert(&shown, expect);
    }
}
