//! MiniHack's own levels (PyPI `minihack`, installed by `scripts/install-python-tools`)
//! judged by the lev_comp MiniHack runs (NetHack 3.6.7's, inside the `nle`
//! wheel): with no setting and no dialect comment, every level that lev_comp
//! accepts gets no error from levls, and every level it refuses gets an error
//! on the line lev_comp names.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The folder of a Python package of `scripts/install-python-tools`' venv.
pub(crate) fn package_dir(module: &str) -> PathBuf {
    let out = Command::new(crate::support::python_tools().join("bin/python"))
        .args([
            "-c",
            &format!("import {module}, os; print(os.path.dirname({module}.__file__))"),
        ])
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "the Python package `{module}` is missing: scripts/install-python-tools installs it ({})",
        String::from_utf8_lossy(&out.stderr)
    );
    PathBuf::from(String::from_utf8(out.stdout).unwrap().trim())
}

/// lev_comp's verdict: `None` when it accepts, else the line it names
/// (`FILE: line 3, pos 49: syntax error at "RS"`). It writes its `.lev`
/// files into the current folder, so it runs in `work`.
pub(crate) fn lev_comp(lev_comp: &Path, level: &Path, work: &Path) -> Option<u64> {
    let out = Command::new(lev_comp)
        .arg(level)
        .current_dir(work)
        .output()
        .expect("lev_comp runs");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    if out.status.success() && !said.contains(": line ") {
        return None;
    }
    let line = said
        .split(": line ")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok());
    Some(line.unwrap_or_else(|| panic!("{}: lev_comp said {said:?}", level.display())))
}

/// The lines of levls' errors for `level`, with no setting.
fn levls_error_lines(level: &Path) -> Vec<u64> {
    let out = Command::new(crate::LEVLS)
        .args(["check", "--format", "json"])
        .arg(level)
        .output()
        .unwrap();
    let diagnostics: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    diagnostics
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"] == "error")
        .filter_map(|d| d["line"].as_u64())
        .collect()
}

#[test]
fn minihacks_own_levels_agree_with_its_lev_comp() {
    let levels_dir = package_dir("minihack").join("dat");
    let lev_comp_path = package_dir("nle").join("nethackdir/lev_comp");
    let work = std::env::temp_dir().join(format!("levls-minihack-{}", std::process::id()));
    std::fs::create_dir_all(&work).unwrap();
    let mut levels: Vec<PathBuf> = std::fs::read_dir(&levels_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "des"))
        .collect();
    levels.sort();
    assert!(
        levels.len() >= 30,
        "{} levels in {}",
        levels.len(),
        levels_dir.display()
    );
    let mut problems = Vec::new();
    let mut refused = 0;
    for level in &levels {
        let name = level.file_name().unwrap().to_string_lossy().into_owned();
        let errors = levls_error_lines(level);
        match lev_comp(&lev_comp_path, level, &work) {
            None if !errors.is_empty() => problems.push(format!(
                "{name}: lev_comp accepts it; levls errs on lines {errors:?}"
            )),
            None => {}
            Some(line) => {
                refused += 1;
                if !errors.contains(&line) {
                    problems.push(format!(
                        "{name}: lev_comp refuses it on line {line}; levls errs on lines {errors:?}"
                    ));
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    eprintln!(
        "MiniHack's levels: {} checked, {refused} refused by lev_comp",
        levels.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
