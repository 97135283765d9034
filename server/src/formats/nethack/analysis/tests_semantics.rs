//! Fixture tests for lev_comp's own checks.
