//! `levls render FILE`: pictures of a file's maps, as one HTML page (every
//! chosen map), or as SVG or PNG (one map), to standard output or to a file.

use crate::formats::{self, SourceFile};
use crate::render::{self, Picture};
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RenderAs {
    /// Every chosen map on one self-contained page.
    Html,
    /// One map, as a standalone SVG.
    Svg,
    /// One map, as a PNG image.
    Png,
}

impl RenderAs {
    /// The kind an output file's extension asks for.
    fn of_path(path: &Path) -> Option<RenderAs> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "html" | "htm" => Some(RenderAs::Html),
            "svg" => Some(RenderAs::Svg),
            "png" => Some(RenderAs::Png),
            _ => None,
        }
    }
}

/// Which maps of the file to draw.
#[derive(Clone, Debug, Default)]
pub struct Choice {
    /// A NetHack level's name (`MAZE "name"`).
    pub level: Option<String>,
    /// A WUAS floor (`floor=N`).
    pub floor: Option<String>,
}

pub struct RenderOptions<'a> {
    /// Default: from `out`'s extension, else HTML.
    pub render_as: Option<RenderAs>,
    pub out: Option<&'a Path>,
    pub choice: Choice,
}

/// Render `path`; exit 0, or 2 (with a message on stderr) when the file
/// cannot be read or written, its format draws no picture (or says why it
/// cannot: dungeon-mystery without node or its package), or no map matches
/// the choice.
pub fn render(path: &Path, options: RenderOptions) -> ExitCode {
    match run(path, options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("levls render: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(path: &Path, options: RenderOptions) -> Result<(), String> {
    let render_as = match (options.render_as, options.out) {
        (Some(kind), _) => kind,
        (None, Some(out)) => RenderAs::of_path(out).ok_or_else(|| {
            format!(
                "{}: say --as html|svg|png, or end the output's name in .html, .svg or .png",
                out.display()
            )
        })?,
        (None, None) => RenderAs::Html,
    };
    let pictures = pictures(path)?;
    let chosen =
        choose(pictures, &options.choice).map_err(|why| format!("{}: {why}", path.display()))?;
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    if render_as != RenderAs::Html && chosen.len() > 1 {
        eprintln!(
            "levls render: {}: {} maps; drew the first, \"{}\" (choose one with --level or --floor, or draw them all with --as html)",
            path.display(),
            chosen.len(),
            chosen[0].title
        );
    }
    let output = match render_as {
        RenderAs::Html => render::html::html(&name, &chosen).into_bytes(),
        RenderAs::Svg => render::svg::svg(&chosen[0]).into_bytes(),
        RenderAs::Png => render::png::png(&chosen[0])?,
    };
    match options.out {
        Some(out) => std::fs::write(out, output).map_err(|e| format!("{}: {e}", out.display())),
        None => std::io::stdout()
            .lock()
            .write_all(&output)
            .map_err(|e| format!("standard output: {e}")),
    }
}

/// The file's pictures, or why there are none.
fn pictures(path: &Path) -> Result<Vec<Picture>, String> {
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
    let settings = crate::formats::settings::project::Finder::default().settings_for(path)?;
    let file = SourceFile {
        text: &text,
        tree: &tree,
        path: Some(path),
        settings: &settings,
        memo: None,
        history: None,
    };
    let diagnostics = detection.format.diagnostics(&file);
    let pictures = detection
        .format
        .pictures_or_reason(&file, &diagnostics)
        .map_err(|why| format!("{}: {why}", path.display()))?;
    if pictures.is_empty() {
        let why = match detection.format.name() {
            "frupal" => "this Frupal map has no readable `terrain:` grid to draw".to_string(),
            "nethack" => "this NetHack file has no MAP block to draw".to_string(),
            "python" => "this Python file has no NetHack level with a MAP block to draw".to_string(),
            "wuas" => "this WUAS datafile has no board row to draw".to_string(),
            _ => format!(
                "{} files have no map picture (levls draws Frupal maps, NetHack MAP blocks, WUAS floors and dungeon-mystery floors)",
                detection.format.display_name()
            ),
        };
        return Err(format!("{}: {why}", path.display()));
    }
    Ok(pictures)
}

/// The pictures `choice` asks for (all when it asks for nothing), or why
/// none match, naming those there are.
fn choose(pictures: Vec<Picture>, choice: &Choice) -> Result<Vec<Picture>, String> {
    let available = |what: &str, key: fn(&Picture) -> Option<&String>| {
        let mut names: Vec<&str> = pictures
            .iter()
            .filter_map(key)
            .map(String::as_str)
            .collect();
        names.dedup();
        if names.is_empty() {
            format!("this file has no {what}s")
        } else {
            format!("its {what}s are {}", names.join(", "))
        }
    };
    let mut why = Vec::new();
    if let Some(level) = &choice.level {
        if !pictures.iter().any(|p| p.level.as_ref() == Some(level)) {
            why.push(format!(
                "no level named \"{level}\" ({})",
                available("level", |p| p.level.as_ref())
            ));
        }
    }
    if let Some(floor) = &choice.floor {
        if !pictures.iter().any(|p| p.floor.as_ref() == Some(floor)) {
            why.push(format!(
                "no floor {floor} ({})",
                available("floor", |p| p.floor.as_ref())
            ));
        }
    }
    if !why.is_empty() {
        return Err(why.join("; "));
    }
    Ok(pictures
        .into_iter()
        .filter(|p| {
            choice
                .level
                .as_ref()
                .is_none_or(|l| p.level.as_ref() == Some(l))
        })
        .filter(|p| {
            choice
                .floor
                .as_ref()
                .is_none_or(|f| p.floor.as_ref() == Some(f))
        })
        .collect())
}
