//! End-to-end tests: the real `levls` binary, over stdio (LSP) and on files on disk (CLI).

mod support;

mod check_cli;
mod cli_outputs;
mod corpus_dungeon_mystery;
mod corpus_frupal;
mod corpus_nethack;
mod corpus_wuas;
mod diagnostic_cap;
mod dungeon_def;
mod dungeon_lua;
mod lsp_derf;
mod lsp_document_info;
mod lsp_dungeon_mystery;
mod lsp_frupal;
mod lsp_frupal_info;
mod lsp_load;
mod lsp_minihack_python;
mod lsp_nethack;
mod lsp_nethack36;
mod lsp_nethack36_editing;
mod lsp_nethack36_slots;
mod lsp_nethack_convert;
mod lsp_nethack_lua;
mod lsp_nethack_navigation;
mod lsp_nethack_typing;
mod lsp_render;
mod lsp_robustness;
mod lsp_settings;
mod lsp_transport;
mod lsp_wuas;
mod minihack;
mod minihack_python;
mod minihack_runs;
mod minihack_samples;
mod nethack_convert;
mod nethack_convert_dump;
mod nethack_fixes;
mod nethack_limits;
mod nethack_lua_oracle;
mod nethack_source_tree;
mod nethack_variant_levels;
mod nethack_variant_profiles;
mod oracle;
mod render_chromium;
mod render_cli;
mod workspace_derf;
mod workspace_nethack;
mod wuas_definitions;

pub const LEVLS: &str = env!("CARGO_BIN_EXE_levls");

/// The repository root (tests/e2e/../..).
pub fn repo_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// `../shared` beside the repository: corpora, mutants and specs.
pub fn shared() -> std::path::PathBuf {
    repo_root().join("../shared")
}

pub use levls::formats::dungeon_mystery::test_install::dungeon_mystery_package;

/// `levls check --format json PATH`: its exit code (0 accepts, 1 rejects; anything
/// else fails the test) and the JSON array of diagnostics.
pub fn check_json(path: &std::path::Path) -> (i32, serde_json::Value) {
    let out = std::process::Command::new(LEVLS)
        .args(["check", "--format", "json"])
        .arg(path)
        .output()
        .unwrap();
    let code = out.status.code().expect("levls exits normally");
    assert!(
        code == 0 || code == 1,
        "{}: exit {code}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let diagnostics = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{}: {e}: {}",
            path.display(),
            String::from_utf8_lossy(&out.stdout)
        )
    });
    (code, diagnostics)
}
