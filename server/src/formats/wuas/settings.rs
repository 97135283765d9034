//! The WUAS setting: the game's definitions JSON, when a datafile names none
//! in its metadata (`definitions.rs` has the whole lookup order).

use crate::formats::settings::{Kind, Setting};

pub const DEFINITIONS: Setting = Setting {
    section: "wuas",
    toml_section: "wuas",
    key: "definitions",
    kind: Kind::Path,
    help: "The WUAS definitions JSON to check space, token, item and attribute names against \
           (a datafile's `definitions` metadata beats it).",
    flag: Some("wuas-definitions"),
};

pub const ALL: &[Setting] = &[DEFINITIONS];
