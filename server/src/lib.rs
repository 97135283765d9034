//! levls: a language server and checker for hand-written game level files.
//!
//! - [`formats`]: one module per format (parse → analyse → answer), no LSP; the settings
//!   they declare ([`formats::settings`]), read from flags, `levls.toml` and the editor.
//! - [`lsp`]: the language server; knows LSP, knows no format.
//! - [`cli`]: `levls check` and `levls render`, sharing the same analysis as the server.
//! - [`render`]: map pictures (built by the formats) as SVG and HTML.
//! - [`workspace`]: the index of a workspace's files and their facts, for
//!   answers across files (server and `levls check` alike).
//! - [`text`]: line index and position conversions, the only place that counts columns.

pub mod cli;
pub mod formats;
pub mod lsp;
pub mod render;
pub mod text;
pub mod workspace;

#[cfg(test)]
mod house_rules;
