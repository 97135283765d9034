//! One [`Picture`] as a PNG: its SVG rasterised by `resvg`, on white, with
//! the glyphs in a monospace font of the machine.

use super::{svg::svg, Picture};
use resvg::{tiny_skia, usvg};

pub fn png(picture: &Picture) -> Result<Vec<u8>, String> {
    let mut options = usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_system_fonts();
    // The SVG asks for the generic `monospace`; fontdb maps it to "Courier
    // New", which Linux machines seldom have: name one that is here.
    let preferred = ["DejaVu Sans Mono", "Liberation Mono", "Noto Sans Mono"];
    let here: Vec<String> = fonts
        .faces()
        .filter(|f| f.monospaced)
        .flat_map(|f| f.families.iter().map(|(name, _)| name.clone()))
        .collect();
    let family = preferred
        .iter()
        .find(|p| here.iter().any(|h| h == *p))
        .map(|p| p.to_string())
        .or_else(|| here.first().cloned());
    if let Some(family) = family {
        fonts.set_monospace_family(family);
    }
    let tree = usvg::Tree::from_str(&svg(picture), &options)
        .map_err(|e| format!("cannot read the drawn SVG: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("a {}×{} image is too large", size.width(), size.height()))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| format!("cannot encode the PNG: {e}"))
}

#[cfg(test)]
mod tests {
    use super::super::{svg, Picture, Style};
    use resvg::tiny_skia::Pixmap;

    const WATER: Style = Style {
        glyph: '~',
        fg: "#0d47a1",
        bg: "#2196f3",
        meaning: "water",
    };

    #[test]
    fn cells_are_painted_in_their_colours_at_their_place() {
        let mut p = Picture::new("pond", 3, 2, WATER);
        let wall = Style {
            glyph: '=',
            fg: "#616161",
            bg: "#e0e0e0",
            meaning: "wall",
        };
        p.draw(2, 1, wall, None, None);
        let bytes = super::png(&p).unwrap();
        let image = Pixmap::decode_png(&bytes).unwrap();
        let svg = svg::svg(&p);
        assert!(svg.contains(&format!(r#"width="{}""#, image.width())));
        // A corner of a cell is background, away from its glyph.
        let at = |x: u32, y: u32| {
            let c = image.pixel(x, y).unwrap();
            (c.red(), c.green(), c.blue())
        };
        let (cw, ch) = (svg::CELL_WIDTH as u32, svg::CELL_HEIGHT as u32);
        assert_eq!(at(1, 1), (0x21, 0x96, 0xf3), "water at (0,0)");
        assert_eq!(at(2 * cw + 1, ch + 1), (0xe0, 0xe0, 0xe0), "wall at (2,1)");
        // The glyph is drawn: some pixels of the cell are neither water nor
        // a blend of it with white (needs a monospace font; `scripts/install-tools`
        // installs DejaVu).
        let inked = (0..cw)
            .flat_map(|x| (0..ch).map(move |y| (x, y)))
            .filter(|&(x, y)| at(x, y) != (0x21, 0x96, 0xf3))
            .count();
        assert!(inked > 5, "the ~ glyph of (0,0) is drawn: {inked} pixels");
        // Below the map, the legend sits on white.
        assert_eq!(at(image.width() - 1, image.height() - 1), (255, 255, 255));
    }
}
