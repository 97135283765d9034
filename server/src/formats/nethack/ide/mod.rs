//! The editor's answers, one folder or file per answer. Each entry takes the
//! document and the dialect it is read in; where the dialects differ, the
//! entry's small match picks the part that knows (3.6's scripting constructs:
//! variables, blocks, selections) and the rest is shared.

pub(super) mod completion;
pub(super) mod hover;
pub(super) mod inlay;
pub(super) mod navigation;
pub(super) mod outline;
pub(super) mod semantic;
mod slots;

#[cfg(test)]
mod tests;
