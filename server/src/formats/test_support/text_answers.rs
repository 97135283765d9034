//! Answers about the text itself: formatting (the formatted text, or `refused`), inlay hints
//! (written into their lines as `⟨label⟩`) and semantic tokens (`range "text" Kind`, one a line).

use super::{apply_edits, show_range, Fixtures};
use expect_test::Expect;
use std::ops::Range;

impl Fixtures<'_> {
    /// The text the formatter makes of `text`, or `refused`.
    pub fn check_format(&self, text: &str, expect: Expect) {
        self.assert(&self.formatted(text).unwrap_or_else(|e| e), expect);
    }

    /// The text the formatter makes of `text` (through the `Format` trait), or why it refused.
    pub fn formatted(&self, text: &str) -> Result<String, String> {
        match self.open(text, |file| self.format.format(file)) {
            Some(edits) => Ok(apply_edits(text, &edits)),
            None => Err("refused".into()),
        }
    }

    /// The lines of `text` that got hints in `range`, each hint written in as `⟨label⟩`.
    pub fn check_inlay_hints(&self, text: &str, range: Range<usize>, expect: Expect) {
        self.assert(&self.inlay_hints(text, range, false), expect);
    }

    /// [`Fixtures::check_inlay_hints`], then each hint's position and tooltip.
    pub fn check_inlay_hints_and_tooltips(&self, text: &str, range: Range<usize>, expect: Expect) {
        self.assert(&self.inlay_hints(text, range, true), expect);
    }

    fn inlay_hints(&self, text: &str, range: Range<usize>, tooltips: bool) -> String {
        let hints = self.open(text, |file| self.format.inlay_hints(file, range));
        let mut shown = text.to_string();
        for h in hints.iter().rev() {
            shown.insert_str(h.offset, &format!("⟨{}⟩", h.label));
        }
        let mut out: String = shown
            .lines()
            .filter(|l| l.contains('⟨'))
            .map(|l| format!("{l}\n"))
            .collect();
        for h in hints.iter().filter(|_| tooltips) {
            out.push_str(&format!(
                "{}: {}\n",
                show_range(text, &(h.offset..h.offset)),
                h.tooltip.as_deref().unwrap_or("")
            ));
        }
        out
    }

    /// Each hint in `range` as `line:col label — tooltip`, one a line (the NetHack snapshots).
    pub fn check_inlay_hint_list(&self, text: &str, range: Range<usize>, expect: Expect) {
        let hints = self.open(text, |file| self.format.inlay_hints(file, range));
        let shown: String = hints
            .iter()
            .map(|h| {
                let at = show_range(text, &(h.offset..h.offset));
                let at = at.split('-').next().unwrap_or_default();
                format!(
                    "{at} {} — {}\n",
                    h.label,
                    h.tooltip.as_deref().unwrap_or("")
                )
            })
            .collect();
        self.assert(&shown, expect);
    }

    /// The semantic tokens of `text` in file order.
    pub fn check_semantic_tokens(&self, text: &str, expect: Expect) {
        let tokens = self.open(text, |file| self.format.semantic_tokens(file));
        let shown: String = tokens
            .iter()
            .map(|(r, k)| format!("{} {:?} {:?}\n", show_range(text, r), &text[r.clone()], k))
            .collect();
        self.assert(&shown, expect);
    }
}
