//! Definition, references and prepare-rename as the ranges they find (`line:col-line:col text`,
//! one a line); rename as the lines it changes, or `refused: reason`.

use super::{apply_edits, render_locations, render_ranges, Fixtures};
use expect_test::Expect;

impl Fixtures<'_> {
    /// Where the name at the fixture's `$0` is defined.
    pub fn check_definition(&self, fixture: &str, expect: Expect) {
        let (text, found) =
            self.open_at(fixture, |file, offset| self.format.definition(file, offset));
        self.assert(&render_locations(&text, &found), expect);
    }

    /// Where the name at the fixture's `$0` is used (and defined, when asked).
    pub fn check_references(&self, fixture: &str, include_definitions: bool, expect: Expect) {
        let (text, found) = self.open_at(fixture, |file, offset| {
            self.format.references(file, offset, include_definitions)
        });
        self.assert(&render_locations(&text, &found), expect);
    }

    /// The range a rename at the fixture's `$0` would change, if any.
    pub fn check_prepare_rename(&self, fixture: &str, expect: Expect) {
        let (text, found) = self.open_at(fixture, |file, offset| {
            self.format.prepare_rename(file, offset)
        });
        self.assert(&render_ranges(&text, found.as_slice()), expect);
    }

    /// The lines a rename to `new_name` changes, as `line: new text`, or why it was refused.
    pub fn check_rename(&self, fixture: &str, new_name: &str, expect: Expect) {
        self.check_renamed(fixture, new_name, expect, |text, renamed| {
            text.lines()
                .zip(renamed.lines())
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .map(|(i, (_, b))| format!("{}: {b}\n", i + 1))
                .collect()
        });
    }

    /// The lines of the renamed text that `shown` keeps (changed or not), or why the rename
    /// was refused: for formats whose snapshots list every line of the kind a rename touches.
    pub fn check_rename_showing(
        &self,
        shown: impl Fn(&str) -> bool,
        fixture: &str,
        new_name: &str,
        expect: Expect,
    ) {
        self.check_renamed(fixture, new_name, expect, |_, renamed| {
            renamed
                .lines()
                .filter(|l| shown(l))
                .map(|l| format!("{l}\n"))
                .collect()
        });
    }

    fn check_renamed(
        &self,
        fixture: &str,
        new_name: &str,
        expect: Expect,
        show: impl FnOnce(&str, &str) -> String,
    ) {
        let (text, renamed) = self.open_at(fixture, |file, offset| {
            self.format.rename(file, offset, new_name)
        });
        let shown = match renamed {
            Err(reason) => format!("refused: {reason}"),
            Ok(edits) => show(&text, &apply_edits(&text, &edits)),
        };
        self.assert(&shown, expect);
    }
}
