//! Shared helpers for the end-to-end tests that drive the real `levls --stdio` binary.

pub mod client;
