//! Where `scripts/install-dungeon-mystery` puts the dungeon-mystery package,
//! for the tests and the bench that draw generated floors (shared with the
//! unit tests and the bench through `#[path]`).

use std::path::PathBuf;

/// `LEVLS_DUNGEON_MYSTERY`, else `${LEVLS_TOOLS:-~/.cache/levls}/dungeon-mystery`.
pub fn dungeon_mystery_dir() -> PathBuf {
    std::env::var_os("LEVLS_DUNGEON_MYSTERY")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            std::env::var_os("LEVLS_TOOLS")
                .map(PathBuf::from)
                .unwrap_or_else(|| {
                    PathBuf::from(std::env::var_os("HOME").unwrap_or_default()).join(".cache/levls")
                })
                .join("dungeon-mystery")
        })
}

/// [`dungeon_mystery_dir`], which must hold the package: fails (never
/// skips) when it is not there.
#[allow(dead_code)] // the bench only needs the folder
pub fn dungeon_mystery_package() -> PathBuf {
    let dir = dungeon_mystery_dir();
    assert!(
        dir.join("node_modules/dungeon-mystery/package.json")
            .is_file()
            || dir.join("package.json").is_file(),
        "the dungeon-mystery package is not in {}: run scripts/install-dungeon-mystery",
        dir.display()
    );
    dir
}
