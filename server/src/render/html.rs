//! Every picture of a file on one self-contained HTML page: a heading, the
//! SVG inline and the legend (inside the SVG) for each.

use super::{escape, svg::svg, Picture};
use std::fmt::Write;

pub fn html(title: &str, pictures: &[Picture]) -> String {
    with_samples(title, pictures, &[], &[])
}

/// The pictures, then beside them in one row the samples the game made
/// (`levls render --samples`), and why it made none where it failed.
pub fn with_samples(
    title: &str,
    pictures: &[Picture],
    samples: &[Picture],
    failures: &[String],
) -> String {
    let mut out = head(title);
    let row = !samples.is_empty() || !failures.is_empty();
    if row {
        out.push_str("<div class=\"levls-row\">\n");
    }
    for picture in pictures {
        section(&mut out, picture, "picture");
    }
    for picture in samples {
        section(&mut out, picture, "picture sample");
    }
    for why in failures {
        let _ = writeln!(
            out,
            "<section class=\"samples-failed\">\n<h2>No samples</h2>\n<p class=\"levls-message\">{}</p>\n</section>",
            escape(why)
        );
    }
    if row {
        out.push_str("</div>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}

fn section(out: &mut String, picture: &Picture, class: &str) {
    let _ = writeln!(out, "<section class=\"{class}\">");
    let _ = writeln!(
        out,
        "<h2>{}</h2>\n<p>{}×{} cells, {} marker(s)</p>",
        escape(&picture.title),
        picture.width,
        picture.height,
        picture.markers.len()
    );
    out.push_str(&svg(picture));
    out.push_str("</section>\n");
}

/// A page that says why there is no picture (for an editor's preview).
pub fn message(title: &str, message: &str) -> String {
    let mut out = head(title);
    let _ = writeln!(out, "<p class=\"levls-message\">{}</p>", escape(message));
    out.push_str("</body>\n</html>\n");
    out
}

/// The page up to its heading.
fn head(title: &str) -> String {
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    out.push_str(
        "<style>body{font-family:sans-serif;background:#fafafa;color:#222;margin:1em}\
section{margin-bottom:2em}svg{display:block;max-width:100%;height:auto}\
.levls-row{display:flex;flex-wrap:wrap;gap:2em;align-items:flex-start}</style>\n",
    );
    out.push_str("</head>\n<body>\n");
    let _ = writeln!(out, "<h1>{}</h1>", escape(title));
    out
}
