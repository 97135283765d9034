//! End-to-end tests: the real `levls` binary, over stdio (LSP) and on files on disk (CLI).

mod support;

mod check_cli;
mod corpus_dungeon_mystery;
mod corpus_frupal;
mod corpus_wuas;
mod lsp_derf;
mod lsp_dungeon_mystery;
mod lsp_frupal;
mod lsp_frupal_info;
mod lsp_robustness;
mod lsp_wuas;
mod wuas_definitions;

pub const LEVLS: &str = env!("CARGO_BIN_EXE_levls");

/// The repository root (tests/e2e/../..).
pub fn repo_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}
