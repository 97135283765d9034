//! Tree-sitter grammar for NetHack dungeon descriptions (`dungeon.def`, the input of dgn_comp).
//!
//! ```
//! let mut parser = tree_sitter::Parser::new();
//! parser.set_language(&tree_sitter_dungeon_def::LANGUAGE.into()).unwrap();
//! let tree = parser.parse("DUNGEON: \"The Dungeons of Doom\" \"D\" (25, 5)\nLEVEL: \"oracle\" \"O\" @ (5, 5)\n", None).unwrap();
//! assert!(!tree.root_node().has_error());
//! ```

use tree_sitter_language::LanguageFn;

extern "C" {
    fn tree_sitter_dungeon_def() -> *const ();
}

/// The tree-sitter [`LanguageFn`] for NetHack dungeon descriptions.
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_dungeon_def) };

/// The syntax-highlighting query.
pub const HIGHLIGHTS_QUERY: &str = include_str!("../../queries/highlights.scm");

/// The content of `node-types.json`.
pub const NODE_TYPES: &str = include_str!("../../src/node-types.json");

#[cfg(test)]
mod tests {
    #[test]
    fn grammar_loads_and_highlights_query_compiles() {
        let language: tree_sitter::Language = super::LANGUAGE.into();
        let mut parser = tree_sitter::Parser::new();
        parser
            .set_language(&language)
            .expect("load the dungeon.def grammar");
        tree_sitter::Query::new(&language, super::HIGHLIGHTS_QUERY).expect("highlights.scm");
    }
}
