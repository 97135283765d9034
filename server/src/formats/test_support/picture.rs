//! Pictures as [`Picture::snapshot`](crate::formats::picture::Picture::snapshot) writes them:
//! title and size, glyphs, markers, legend; one after the other. The variants keep older
//! snapshots as they were written.

use super::Fixtures;
use crate::formats::picture::Picture;
use expect_test::Expect;

impl Fixtures<'_> {
    /// Every picture of `text`, drawn with its own diagnostics.
    pub fn check_pictures(&self, text: &str, expect: Expect) {
        let shown: String = self.pictures(text).iter().map(Picture::snapshot).collect();
        self.assert(&shown, expect);
    }

    /// [`Fixtures::check_pictures`] without the blanks at the end of each line (a row of blank
    /// slots would not survive the snapshot).
    pub fn check_pictures_trimmed(&self, text: &str, expect: Expect) {
        let shown: String = self
            .pictures(text)
            .iter()
            .flat_map(|p| {
                p.snapshot()
                    .lines()
                    .map(|l| format!("{}\n", l.trim_end()))
                    .collect::<Vec<_>>()
            })
            .collect();
        self.assert(&shown, expect);
    }

    /// Every picture of `text` as `title WxH` then its
    /// [`sketch`](crate::formats::picture::Picture::sketch) (glyphs, edges, markers; no legend),
    /// a blank line between two (the NetHack snapshots).
    pub fn check_picture_sketches(&self, text: &str, expect: Expect) {
        let shown: Vec<String> = self
            .pictures(text)
            .iter()
            .map(|p| format!("{} {}x{}\n{}", p.title, p.width, p.height, p.sketch()))
            .collect();
        self.assert(&shown.join("\n"), expect);
    }

    /// Every picture of `text`, drawn with its own diagnostics.
    pub fn pictures(&self, text: &str) -> Vec<Picture> {
        self.open(text, |file| {
            self.format.pictures(file, &self.format.diagnostics(file))
        })
    }
}
