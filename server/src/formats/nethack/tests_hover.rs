//! Hover fixtures.
