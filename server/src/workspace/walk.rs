//! How levls walks a folder, for `levls check DIR` and the server's index
//! alike: as the project's own tools do (the `ignore` crate, ripgrep's
//! walker, rather than a hand-written one). Hidden files and folders, what
//! `.gitignore`/`.ignore` files exclude (in a Git checkout or not) and
//! Python environments are skipped, so `levls check .` in a MiniHack
//! project reads the project's files, not the thousands of `.py` files of
//! its `.venv`. Symlinks are not followed: no loops.

use std::path::Path;

/// The entries under `dir`, in file-name order.
pub fn walker(dir: &Path) -> ignore::Walk {
    ignore::WalkBuilder::new(dir)
        .require_git(false)
        .follow_links(false)
        .sort_by_file_name(|a, b| a.cmp(b))
        .filter_entry(|entry| {
            !(entry.file_type().is_some_and(|t| t.is_dir()) && is_environment(entry.path()))
        })
        .build()
}

/// A folder of installed packages, not of the project: a Python virtual
/// environment (it has `pyvenv.cfg`, whatever its name), `site-packages`,
/// `node_modules`, `__pycache__` (a folder's entry only).
fn is_environment(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    matches!(name, "site-packages" | "node_modules" | "__pycache__")
        || path.join("pyvenv.cfg").is_file()
}
