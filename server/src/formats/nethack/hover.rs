//! placeholder, being written
use crate::formats::{HoverInfo, SourceFile};
pub fn hover(_file: &SourceFile, _offset: usize) -> Option<HoverInfo> {
    None
}
