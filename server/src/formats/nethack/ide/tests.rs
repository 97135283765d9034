//! Every editor answer on every real 3.6 level, never panicking.

use crate::formats::nethack::tests::NETHACK;
use crate::formats::nethack::NetHack;
use crate::formats::test_support::corpus_files;
use crate::formats::Format;

/// Hover, completion and definition at every offset of every 3.6 corpus
/// file never panic (a sample of offsets in the larger files).
#[test]
fn never_panics_on_the_3_6_corpus() {
    let mut files = 0;
    for path in corpus_files("nethack/3.6", "des") {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        files += 1;
        NETHACK.open(&text, |f| {
            let step = (text.len() / 60).max(1);
            for offset in (0..=text.len()).step_by(step) {
                let _ = NetHack.hover(f, offset);
                let _ = NetHack.completions(f, offset);
                let _ = NetHack.definition(f, offset);
                let _ = NetHack.references(f, offset, true);
                let _ = NetHack.prepare_rename(f, offset);
            }
            assert!(!NetHack.symbols(f).is_empty(), "{:?}", path);
            let _ = NetHack.folds(f);
        });
    }
    assert_eq!(files, 24);
}
