//! Document symbols as a tree, one a line, indented by depth:
//! `name [detail] Kind line:col-line:col (selection text)`; folds as `line:col-line:col Kind`.
//! The variants keep older snapshots as they were written.

use super::{show_range, Fixtures};
use crate::formats::Symbol;
use expect_test::Expect;

impl Fixtures<'_> {
    /// The outline of `text`; every selection must lie inside its symbol.
    pub fn check_symbols(&self, text: &str, expect: Expect) {
        let shown = self.symbol_tree(text, |s| {
            assert!(
                s.range.start <= s.selection.start && s.selection.end <= s.range.end,
                "{s:?}"
            );
            let detail = s
                .detail
                .as_ref()
                .map_or(String::new(), |d| format!(" [{d}]"));
            format!(
                "{}{detail} {:?} {} ({})",
                s.name,
                s.kind,
                show_range(text, &s.range),
                &text[s.selection.clone()]
            )
        });
        self.assert(&shown, expect);
    }

    /// The outline of `text` as `name Kind detail`, without ranges (the dungeon-mystery
    /// snapshots).
    pub fn check_symbol_kinds(&self, text: &str, expect: Expect) {
        let shown = self.symbol_tree(text, |s| {
            format!(
                "{} {:?} {}",
                s.name,
                s.kind,
                s.detail.as_deref().unwrap_or("")
            )
        });
        self.assert(&shown, expect);
    }

    /// The outline of `text` as `name [detail or -] Kind range sel selection-range` (the NetHack
    /// 3.4.3 snapshots); every selection must lie inside its symbol.
    pub fn check_symbol_ranges(&self, text: &str, expect: Expect) {
        let shown = self.symbol_tree(text, |s| {
            assert!(s.range.start <= s.selection.start && s.selection.end <= s.range.end);
            format!(
                "{} [{}] {:?} {} sel {}",
                s.name,
                s.detail.as_deref().unwrap_or("-"),
                s.kind,
                show_range(text, &s.range),
                show_range(text, &s.selection),
            )
        });
        self.assert(&shown, expect);
    }

    /// The outline of `text` as `name [detail]` only (the NetHack 3.6 snapshots).
    pub fn check_symbol_names(&self, text: &str, expect: Expect) {
        let shown = self.symbol_tree(text, |s| {
            format!("{} [{}]", s.name, s.detail.as_deref().unwrap_or(""))
        });
        self.assert(&shown, expect);
    }

    /// The folds of `text`, one a line.
    pub fn check_folds(&self, text: &str, expect: Expect) {
        let folds = self.open(text, |file| self.format.folds(file));
        let shown: String = folds
            .iter()
            .map(|f| format!("{} {:?}\n", show_range(text, &f.range), f.kind))
            .collect();
        self.assert(&shown, expect);
    }

    /// The folds' ranges on one line (the dungeon-mystery snapshots).
    pub fn check_fold_ranges(&self, text: &str, expect: Expect) {
        let folds = self.open(text, |file| self.format.folds(file));
        let shown: Vec<String> = folds.iter().map(|f| show_range(text, &f.range)).collect();
        self.assert(&shown.join(" "), expect);
    }

    /// Each symbol of `text` shown by `line`, indented two spaces a level.
    fn symbol_tree(&self, text: &str, line: impl Fn(&Symbol) -> String) -> String {
        fn walk(
            symbols: &[Symbol],
            depth: usize,
            line: &dyn Fn(&Symbol) -> String,
            out: &mut String,
        ) {
            for s in symbols {
                out.push_str(&format!("{}{}\n", "  ".repeat(depth), line(s)));
                walk(&s.children, depth + 1, line, out);
            }
        }
        let symbols = self.open(text, |file| self.format.symbols(file));
        let mut out = String::new();
        walk(&symbols, 0, &line, &mut out);
        out
    }
}
