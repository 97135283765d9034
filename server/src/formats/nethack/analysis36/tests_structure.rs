//! Fixture tests for the 3.6 structure and statements checks.
