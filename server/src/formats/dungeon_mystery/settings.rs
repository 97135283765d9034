//! The dungeon-mystery settings: how to run the user's install of the GPL
//! generator that draws a parameter file's floor (`generator.rs`).

use crate::formats::settings::{Kind, Setting};

pub const NODE: Setting = Setting {
    section: "dungeonMystery",
    toml_section: "dungeon-mystery",
    key: "node",
    kind: Kind::Command,
    help: "The `node` that runs the dungeon-mystery generator for pictures (default: \
           `LEVLS_NODE`, else `node` on the `PATH`). May be an Electron binary.",
    flag: None,
};

pub const PACKAGE: Setting = Setting {
    section: "dungeonMystery",
    toml_section: "dungeon-mystery",
    key: "package",
    kind: Kind::Path,
    help: "A folder holding the `dungeon-mystery` package (the package itself or a folder with \
           `node_modules/dungeon-mystery`; default: `LEVLS_DUNGEON_MYSTERY`, then `node_modules` \
           from the file's folder up, then npm's global folder).",
    flag: None,
};

pub const ALL: &[Setting] = &[NODE, PACKAGE];
