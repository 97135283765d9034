//! Fixture tests for the checks lev_comp lacks.
