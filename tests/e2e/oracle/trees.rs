//! The variants' source trees, materialised outside the repository for the
//! tests that read a level inside its tree: from `LEVLS_VARIANT_TREES/<variant>`
//! when that holds a copy, else from a fetched git mirror of the variant
//! (`LEVLS_VARIANT_MIRRORS`, default `/work/.mirror`, as `fetch
//! github:OWNER/REPO` leaves it) at the commit of
//! `shared/corpus/nethack/variant-trees/README.md`, by `git archive` of the
//! folders lev_comp's names come from and of `dat/`. Nothing of a variant
//! is in the repository; without both the tests skip, saying so.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Each variant: its repository (`owner/name`), the commit of the shared
/// README, and the folder its game is kept in inside the repository.
const SOURCES: &[(&str, &str, &str, &str)] = &[
    (
        "dnethack",
        "Chris-plus-alphanumericgibberish/dnethack",
        "17bc64f77ac566e7b90c0c6c6652e2a5f3a995c0",
        "dnethack-3.4.3/",
    ),
    (
        "slashem",
        "mistydemeo/slashem",
        "b441f0f8f938db721fa4c0dd250495226b1bfcb7",
        "slashem/",
    ),
    (
        "unnethack",
        "UnNetHack/UnNetHack",
        "24dce72794d4313a9a0bd53d898169cca7fba2ba",
        "",
    ),
    (
        "splicehack",
        "NullCGT/SpliceHack",
        "2851c397b0bf3affa96e788e2ecd8dd463e4dd25",
        "",
    ),
    (
        "xnethack",
        "copperwater/xNetHack",
        "9fc298eb88a2cadd27bf4ec207f7fbc7e65e51c3",
        "",
    ),
];

/// The game folder of `variant`'s tree (the one holding `src/`, `util/`,
/// `dat/`), or why there is none.
pub fn game_folder(variant: &str) -> Result<PathBuf, String> {
    let &(_, repository, commit, prefix) = SOURCES
        .iter()
        .find(|s| s.0 == variant)
        .ok_or_else(|| format!("no sources known for {variant}"))?;
    if let Some(trees) = std::env::var_os("LEVLS_VARIANT_TREES") {
        let game = Path::new(&trees).join(variant).join(prefix);
        return if game.join("src/monst.c").is_file() {
            Ok(game)
        } else {
            Err(format!(
                "no tree at {} (LEVLS_VARIANT_TREES)",
                game.display()
            ))
        };
    }
    let mirrors = std::env::var_os("LEVLS_VARIANT_MIRRORS")
        .map_or_else(|| PathBuf::from("/work/.mirror"), PathBuf::from);
    let mirror = mirrors.join(repository.replace('/', "+")).join("repo");
    if !mirror.is_dir() {
        return Err(format!(
            "no mirror of {repository} at {} (fetch github:{repository}, or set \
             LEVLS_VARIANT_MIRRORS or LEVLS_VARIANT_TREES)",
            mirror.display()
        ));
    }
    let top = std::env::temp_dir().join(format!("levls-variant-trees/{variant}-{}", &commit[..8]));
    let game = top.join(prefix);
    if game.join("src/monst.c").is_file() && game.join("dat").is_dir() {
        return Ok(game);
    }
    let _ = std::fs::remove_dir_all(&top);
    std::fs::create_dir_all(&top).unwrap();
    // Only these folders: some repositories' large binaries (tile sets) are
    // not in a mirror.
    let folders: Vec<String> = ["src", "include", "util", "dat"]
        .iter()
        .map(|f| format!("{prefix}{f}"))
        .collect();
    let archive = Command::new("git")
        .arg("-C")
        .arg(&mirror)
        .args(["archive", "--format=tar", commit])
        .args(&folders)
        .output()
        .map_err(|e| format!("git: {e}"))?;
    if !archive.status.success() {
        return Err(format!(
            "git archive {commit} in {}: {}",
            mirror.display(),
            String::from_utf8_lossy(&archive.stderr)
        ));
    }
    let mut tar = Command::new("tar")
        .arg("-x")
        .arg("-C")
        .arg(&top)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| format!("tar: {e}"))?;
    use std::io::Write;
    tar.stdin
        .take()
        .unwrap()
        .write_all(&archive.stdout)
        .unwrap();
    if !tar.wait().map_err(|e| format!("tar: {e}"))?.success() {
        return Err(format!("tar could not unpack {variant}'s sources"));
    }
    Ok(game)
}
