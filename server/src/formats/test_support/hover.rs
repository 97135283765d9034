//! Hover as `[hovered text]` then the markdown, or `(no hover)`.

use super::Fixtures;
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
}
