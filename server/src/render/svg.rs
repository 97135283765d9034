//! One [`Picture`] as a standalone SVG: a monospace grid of cells (a
//! background rectangle and a glyph each, with the cell's tooltip), markers
//! as outlined cells with their message as tooltip, and the legend below.
//! The same picture always gives the same text.

use super::{escape, MarkerKind, Picture};
use std::fmt::Write;

pub const CELL_WIDTH: usize = 12;
pub const CELL_HEIGHT: usize = 18;
/// The legend's line height.
const LINE: usize = 20;

fn marker_colour(kind: MarkerKind) -> &'static str {
    match kind {
        MarkerKind::Error => "#ff1744",
        MarkerKind::Warning => "#ffc400",
        MarkerKind::Candidate => "#00e5ff",
    }
}

pub fn svg(picture: &Picture) -> String {
    let (cw, ch) = (CELL_WIDTH, CELL_HEIGHT);
    let map_width = picture.width * cw;
    let map_height = picture.height * ch;
    let legend_top = map_height + 8;
    // A monospace glyph of 14 px is about 8.4 px wide: 9 leaves room.
    let longest = picture
        .legend
        .iter()
        .map(|e| e.meaning.chars().count())
        .chain(std::iter::once(40))
        .max()
        .unwrap_or(0);
    let width = map_width.max(cw + 6 + longest * 9);
    let kinds: Vec<MarkerKind> = [
        MarkerKind::Error,
        MarkerKind::Warning,
        MarkerKind::Candidate,
    ]
    .into_iter()
    .filter(|k| picture.markers.iter().any(|m| m.kind == *k))
    .collect();
    let height = legend_top + (picture.legend.len() + kinds.len()) * LINE + 4;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="monospace" font-size="14">"#
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&picture.title));
    let _ = writeln!(out, r#"<g class="cells" text-anchor="middle">"#);
    for cell in &picture.cells {
        let (x, y) = (cell.x * cw, cell.y * ch);
        let _ = write!(
            out,
            r#"<g class="cell" data-x="{}" data-y="{}""#,
            cell.x, cell.y
        );
        if let Some(source) = &cell.source {
            let _ = write!(out, r#" data-source="{}-{}""#, source.start, source.end);
        }
        out.push('>');
        if let Some(tooltip) = &cell.tooltip {
            let _ = write!(out, "<title>{}</title>", escape(tooltip));
        }
        let _ = write!(
            out,
            r#"<rect x="{x}" y="{y}" width="{cw}" height="{ch}" fill="{}"/>"#,
            cell.bg
        );
        if !cell.glyph.is_whitespace() {
            let _ = write!(
                out,
                r#"<text x="{}" y="{}" fill="{}">{}</text>"#,
                x + cw / 2,
                y + ch - 5,
                cell.fg,
                escape(&cell.glyph.to_string())
            );
        }
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n");
    if !picture.edges.is_empty() {
        let _ = writeln!(
            out,
            r#"<g class="edges" stroke-width="2" stroke-linecap="round" opacity="0.8">"#
        );
        let centre = |(x, y): (usize, usize)| (x * cw + cw / 2, y * ch + ch / 2);
        for e in &picture.edges {
            let ((x1, y1), (x2, y2)) = (centre(e.from), centre(e.to));
            let _ = write!(
                out,
                r#"<line class="edge" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{}">"#,
                e.colour
            );
            if let Some(tooltip) = &e.tooltip {
                let _ = write!(out, "<title>{}</title>", escape(tooltip));
            }
            out.push_str("</line>\n");
        }
        out.push_str("</g>\n");
    }
    let _ = writeln!(out, r#"<g class="markers" fill="none" stroke-width="2">"#);
    for m in &picture.markers {
        let _ = writeln!(
            out,
            r#"<rect class="marker {}" data-x="{}" data-y="{}" x="{}" y="{}" width="{}" height="{}" stroke="{}" pointer-events="all"><title>{}</title></rect>"#,
            m.kind.as_str(),
            m.x,
            m.y,
            m.x * cw + 1,
            m.y * ch + 1,
            cw - 2,
            ch - 2,
            marker_colour(m.kind),
            escape(&m.message)
        );
    }
    out.push_str("</g>\n");
    let _ = writeln!(out, r#"<g class="legend">"#);
    for (i, entry) in picture.legend.iter().enumerate() {
        let y = legend_top + i * LINE;
        let _ = writeln!(
            out,
            r##"<rect x="0" y="{y}" width="{cw}" height="{ch}" fill="{}"/><text x="{}" y="{}" fill="{}" text-anchor="middle">{}</text><text x="{}" y="{}" fill="#333333">{}</text>"##,
            entry.bg,
            cw / 2,
            y + ch - 5,
            entry.fg,
            escape(&entry.glyph.to_string()),
            cw + 6,
            y + ch - 5,
            escape(&entry.meaning)
        );
    }
    for (i, kind) in kinds.iter().enumerate() {
        let y = legend_top + (picture.legend.len() + i) * LINE;
        let _ = writeln!(
            out,
            r##"<rect x="1" y="{}" width="{}" height="{}" fill="none" stroke="{}" stroke-width="2"/><text x="{}" y="{}" fill="#333333">{} (outlined; see its tooltip)</text>"##,
            y + 1,
            cw - 2,
            ch - 2,
            marker_colour(*kind),
            cw + 6,
            y + ch - 5,
            match kind {
                MarkerKind::Error => "error",
                MarkerKind::Warning => "warning",
                MarkerKind::Candidate => "candidate place",
            }
        );
    }
    out.push_str("</g>\n</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::super::{escape, MarkerKind, Picture, Style};
    use super::svg;

    const FLOOR: Style = Style {
        glyph: '<',
        fg: "#ffffff",
        bg: "#000000",
        meaning: "a <b> & \"c\"",
    };

    #[test]
    fn escape_covers_markup_and_quotes() {
        assert_eq!(
            escape(r#"<a href="x">'&'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
        assert_eq!(escape("bell\u{7}"), "bell\u{fffd}");
    }

    #[test]
    fn glyphs_titles_tooltips_and_legend_are_escaped() {
        let mut p = Picture::new("<&>", 2, 1, FLOOR);
        p.draw(1, 0, FLOOR, Some("x < y & \"z\"".into()), Some(3..4));
        p.mark(0, 0, MarkerKind::Error, "bad <thing>");
        let s = svg(&p);
        assert!(s.contains("<title>&lt;&amp;&gt;</title>"), "{s}");
        assert!(s.contains(">&lt;</text>"), "{s}");
        assert!(
            s.contains("<title>x &lt; y &amp; &quot;z&quot;</title>"),
            "{s}"
        );
        assert!(s.contains("<title>bad &lt;thing&gt;</title>"), "{s}");
        assert!(s.contains("a &lt;b&gt; &amp; &quot;c&quot;"), "{s}");
        assert!(s.contains(r#"data-source="3-4""#), "{s}");
        assert!(!s.contains("class=\"edges\""), "no edges, no group: {s}");
        assert!(!s.contains("<b>"), "{s}");
        assert_eq!(s.matches(r#"class="cell""#).count(), 2);
        assert_eq!(s, svg(&p), "deterministic");
    }

    #[test]
    fn edges_join_cell_centres_over_the_cells() {
        let mut p = Picture::new("g", 3, 2, FLOOR);
        p.connect((0, 0), (2, 1), "#123456", Some("a--b".into()));
        p.connect((0, 0), (3, 0), "#123456", None);
        assert_eq!(p.edges.len(), 1, "an edge leaving the picture is dropped");
        let s = svg(&p);
        assert!(
            s.contains(r##"<line class="edge" x1="6" y1="9" x2="30" y2="27" stroke="#123456"><title>a--b</title></line>"##),
            "{s}"
        );
        assert!(s.find("class=\"edges\"") > s.find("class=\"cells\""));
        assert!(p.sketch().contains("edge (0,0)-(2,1)"));
    }
}
