//! The diagnostic codes agree with the docs and with the checks that give them.

use crate::formats::codes::check::{agree, Table};

#[test]
fn codes_agree_with_the_docs_and_the_source() {
    agree(&Table::of(&super::super::NetHack));
}
