//! Pictures of maps as files: [`svg`] draws one [`Picture`], [`html`] puts
//! every picture of a file on one self-contained page. The pictures
//! themselves are built by the formats (`Format::pictures`), which keep the
//! model in `formats::picture` so that `formats/` depends on nothing here.

pub mod html;
pub mod png;
pub mod svg;

pub use crate::formats::picture::{Cell, Edge, LegendEntry, Marker, MarkerKind, Picture, Style};

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

#[cfg(test)]
mod tests {
    use crate::formats::{self, Settings, SourceFile};
    use std::path::{Path, PathBuf};

    fn files(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                files(&path, out);
            } else if path.extension().is_some_and(|e| e == "des" || e == "dat")
                // Frupal's 128×128 kingdoms take long in a debug build; the
                // end-to-end tests draw those.
                || path.extension().is_some_and(|e| e == "fmap")
                    && entry.metadata().is_ok_and(|m| m.len() < 8192)
            {
                out.push(path);
            }
        }
    }

    /// Every Frupal, NetHack and WUAS file of the corpus and the mutants
    /// gives pictures without panicking: one cell per square, markers and
    /// edges inside, and SVG whose tags balance.
    #[test]
    fn every_corpus_and_mutant_file_draws_sound_pictures() {
        let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared");
        let mut paths = Vec::new();
        // The variants' files are large and slow to analyse in a debug build;
        // the other NetHack files cover both dialects.
        for dir in [
            "corpus/frupal",
            "corpus/nethack/3.4.3",
            "corpus/nethack/3.6",
            "corpus/nethack/probes",
            "corpus/wuas",
            "mutants",
        ] {
            files(&shared.join(dir), &mut paths);
        }
        paths.sort();
        let mut drawn = 0;
        let mut wuas_floors = 0;
        for path in &paths {
            let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
            let Some(detection) = formats::detect(Some(path), None, &text) else {
                continue;
            };
            let tree = formats::parse(detection.format, &text);
            let file = SourceFile {
                text: &text,
                tree: &tree,
                path: Some(path),
                settings: &Settings::NONE,
                memo: None,
                history: None,
                workspace: None,
            };
            let pictures = detection
                .format
                .pictures(&file, &detection.format.diagnostics(&file));
            if detection.format.name() == "wuas" {
                wuas_floors += pictures.len();
            }
            for p in &pictures {
                let at = path.display();
                assert_eq!(p.cells.len(), p.width * p.height, "{at}: {}", p.title);
                for (i, c) in p.cells.iter().enumerate() {
                    assert_eq!((c.x, c.y), (i % p.width, i / p.width), "{at}");
                }
                assert!(p.markers.iter().all(|m| m.x < p.width && m.y < p.height));
                let inside = |(x, y): (usize, usize)| x < p.width && y < p.height;
                assert!(p.edges.iter().all(|e| inside(e.from) && inside(e.to)));
                drawn += 1;
                if p.cells.len() > 4096 || drawn % 8 != 1 {
                    // Serialising is slow in a debug build: every eighth
                    // picture is enough to check the markup.
                    continue;
                }
                let svg = super::svg::svg(p);
                assert_eq!(
                    svg.matches("<g").count(),
                    svg.matches("</g>").count(),
                    "{at}"
                );
                assert_eq!(
                    svg.matches("<title>").count(),
                    svg.matches("</title>").count()
                );
            }
        }
        if !paths.is_empty() {
            assert!(
                drawn > 50,
                "only {drawn} pictures from {} files",
                paths.len()
            );
            // 104 real boards (some of several floors) and the mutants.
            assert!(wuas_floors > 200, "only {wuas_floors} WUAS floors drawn");
        }
    }
}
