//! Hover, completion and inlay-hint fixtures. (Being written.)
