//! Paths as CI tools want them: relative to the current directory (the
//! repository's root in a workflow), with `/` between components.

use std::path::{Component, Path, PathBuf};

/// `path` relative to `cwd` (`..` where it lies outside), `/`-separated.
/// Nothing is resolved on disk: `a/./b` and `a/x/../b` are read as written,
/// so a symlinked checkout gives the paths the user typed. Without a `cwd`,
/// or on another drive, the path as given.
pub fn relative(cwd: Option<&Path>, path: &Path) -> String {
    let Some(cwd) = cwd else {
        return slashed(&normal(path));
    };
    let absolute = normal(&cwd.join(path));
    let base = normal(cwd);
    let (a, b): (Vec<_>, Vec<_>) = (absolute.components().collect(), base.components().collect());
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if common == 0 {
        return slashed(&absolute);
    }
    let mut out: Vec<String> = b[common..].iter().map(|_| "..".to_string()).collect();
    out.extend(
        a[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    out.join("/")
}

/// `.` left out and `x/..` taken away, as text.
fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir
                if matches!(out.components().next_back(), Some(Component::Normal(_))) =>
            {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

fn slashed(path: &Path) -> String {
    let mut start = String::new();
    let mut parts = Vec::new();
    for component in path.components() {
        match component {
            Component::Prefix(p) => start.push_str(&p.as_os_str().to_string_lossy()),
            Component::RootDir => start.push('/'),
            other => parts.push(other.as_os_str().to_string_lossy().into_owned()),
        }
    }
    start + &parts.join("/")
}

#[cfg(test)]
mod tests;
