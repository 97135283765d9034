//! levls: a language server and checker for hand-written game level files.
//!
//! - [`formats`]: one module per format (parse → analyse → answer), no LSP.
//! - [`lsp`]: the language server; knows LSP, knows no format.
//! - [`cli`]: `levls check`, sharing the same analysis as the server.
//! - [`text`]: line index and position conversions, the only place that counts columns.

pub mod cli;
pub mod formats;
pub mod lsp;
pub mod text;
