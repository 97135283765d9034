//! Where `scripts/install-dungeon-mystery` puts the dungeon-mystery package: the one lookup the
//! unit tests, the end-to-end tests (`tests/e2e/`) and the bench share to draw generated floors.
//! levls itself finds the user's install instead ([`super::generator`]).

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
