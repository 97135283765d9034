//! One file per LSP request: thin adapters from LSP types to the pure
//! analysis functions of [`crate::formats`].

pub mod code_action;
pub mod completion;
pub mod diagnostics;
pub mod document_info;
pub mod folding;
pub mod formatting;
pub mod hover;
pub mod inlay_hints;
pub mod navigation;
pub mod render;
pub mod semantic_tokens;
pub mod symbols;
pub mod workspace_symbols;
