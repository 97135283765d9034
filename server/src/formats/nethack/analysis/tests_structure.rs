//! Fixture tests for the structure and arguments checks.

use super::super::{arguments, structure};
use crate::formats::nethack::syntax;

fn render(text: &str) -> String {
    let tree = crate::formats::parse(&crate::formats::nethack::NetHack, text);
    let doc = syntax::read(text, &tree);
    let mut out = Vec::new();
    structure::check(text, &doc, &mut out);
    arguments::check(text, &doc, &mut out);
    out.sort_by_key(|d| (d.range.start, d.range.end));
    out.iter()
        .map(|d| {
            format!(
                "{} {}: {}\n",
                crate::formats::test_support::show_range(text, &d.range),
                d.code,
                d.message
            )
        })
        .collect()
}

#[test]
fn smoke() {
    assert_eq!(render("MAZE:\"a\",random\nNOMAP\n"), "");
}
