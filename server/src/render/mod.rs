//! Pictures of maps as files: [`svg`] draws one [`Picture`], [`html`] puts
//! every picture of a file on one self-contained page. The pictures
//! themselves are built by the formats (`Format::pictures`), which keep the
//! model in `formats::picture` so that `formats/` depends on nothing here.

pub mod html;
pub mod svg;

pub use crate::formats::picture::{Cell, LegendEntry, Marker, MarkerKind, Picture, Style};

/// `text` with `& < > " '` escaped, for XML text and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters other than tab and line breaks are not allowed in XML.
            c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}
