//! `levls render FILE`: pictures of a file's maps, as one HTML page (every
//! map) or as SVG (the first map), to standard output or to a file.

use crate::formats::{self, SourceFile};
use crate::render;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum RenderAs {
    /// Every map of the file on one self-contained page.
    Html,
    /// The first map only, as a standalone SVG.
    Svg,
}

/// Render `path`; exit 0, or 2 (with a message on stderr) when the file
/// cannot be read or written, or its format draws no picture (or says why it
/// cannot: dungeon-mystery without node or its package).
pub fn render(path: &Path, format: RenderAs, out: Option<&Path>) -> ExitCode {
    match run(path, format, out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("levls render: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(path: &Path, format: RenderAs, out: Option<&Path>) -> Result<(), String> {
    let len = std::fs::metadata(path).map_or(0, |m| m.len() as usize);
    if len > formats::MAX_FILE_BYTES {
        return Err(format!("{}: too large to render", path.display()));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let detection = formats::detect(Some(path), None, &text)
        .ok_or_else(|| format!("{}: not a level file levls knows", path.display()))?;
    let tree = formats::parse(detection.format, &text);
    // The same settings as `levls check` (a `levls.toml`), so the markers agree with it.
    let settings = super::config::Finder::default().settings_for(path)?;
    let pictures = detection
        .format
        .pictures_or_reason(&SourceFile {
            text: &text,
            tree: &tree,
            path: Some(path),
            settings: &settings,
            memo: None,
        })
        .map_err(|why| format!("{}: {why}", path.display()))?;
    if pictures.is_empty() {
        let why = match detection.format.name() {
            "frupal" => "this Frupal map has no readable `terrain:` grid to draw".to_string(),
            "nethack" => "this NetHack file has no MAP block to draw".to_string(),
            _ => format!(
                "{} files have no map picture yet (levls draws Frupal maps, NetHack MAP blocks \
                 and dungeon-mystery floors)",
                detection.format.display_name()
            ),
        };
        return Err(format!("{}: {why}", path.display()));
    }
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let output = match format {
        RenderAs::Html => render::html::html(&name, &pictures),
        RenderAs::Svg => render::svg::svg(&pictures[0]),
    };
    match out {
        Some(out) => std::fs::write(out, output).map_err(|e| format!("{}: {e}", out.display())),
        None => std::io::stdout()
            .lock()
            .write_all(output.as_bytes())
            .map_err(|e| format!("standard output: {e}")),
    }
}
