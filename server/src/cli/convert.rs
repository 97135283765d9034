//! `levls convert --to TARGET FILE… --out-dir DIR`: each file's parts
//! converted into the target format (NetHack `.des` levels → NetHack 5.0
//! Lua scripts), one file each, through [`Format::conversions`].

use crate::formats::{self, Conversion, Format, Settings, SourceFile};
use crate::text::{Encoding, LineIndex};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub struct ConvertOptions<'a> {
    /// The target's name (`nethack-5.0`).
    pub to: &'a str,
    pub out_dir: &'a Path,
    /// The setting flags (`--nethack-dialect`, …): they beat a `levls.toml`.
    pub flags: Settings,
}

/// Converts every file; exit 0 when everything converted, 1 when some
/// construct could not be (the files are written all the same, saying so
/// in comments), 2 on usage or I/O errors.
pub fn convert(paths: &[PathBuf], options: ConvertOptions) -> ExitCode {
    let mut incomplete = false;
    let mut failed = false;
    let mut written: HashMap<PathBuf, PathBuf> = HashMap::new();
    if let Err(e) = std::fs::create_dir_all(options.out_dir) {
        eprintln!("levls convert: {}: {e}", options.out_dir.display());
        return ExitCode::from(2);
    }
    for path in paths {
        match convert_file(path, &options) {
            Ok((conversions, text)) => {
                let lines = LineIndex::new(&text);
                for c in conversions {
                    let out = options.out_dir.join(&c.file_name);
                    if let Some(earlier) = written.get(&out) {
                        eprintln!(
                            "levls convert: {}: {} was already written from {}; not overwritten",
                            path.display(),
                            out.display(),
                            earlier.display()
                        );
                        failed = true;
                        continue;
                    }
                    if let Err(e) = std::fs::write(&out, &c.text) {
                        eprintln!("levls convert: {}: {e}", out.display());
                        failed = true;
                        continue;
                    }
                    written.insert(out.clone(), path.clone());
                    println!(
                        "{}: wrote {}{}",
                        path.display(),
                        out.display(),
                        if c.unconverted.is_empty() {
                            String::new()
                        } else {
                            format!(" ({} constructs not converted)", c.unconverted.len())
                        }
                    );
                    for (range, why) in &c.unconverted {
                        let (line, column) = lines.position(&text, range.start, Encoding::Chars);
                        eprintln!(
                            "{}:{}:{}: cannot convert: {why}",
                            path.display(),
                            line + 1,
                            column + 1
                        );
                        incomplete = true;
                    }
                }
            }
            Err(message) => {
                eprintln!("levls convert: {message}");
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::from(2)
    } else if incomplete {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The conversions of one file to the target, with its text (for messages).
fn convert_file(
    path: &Path,
    options: &ConvertOptions,
) -> Result<(Vec<Conversion>, String), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if bytes.len() > formats::MAX_FILE_BYTES {
        return Err(format!("{}: too large to convert", path.display()));
    }
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let project = formats::settings::project::Finder::default().settings_for(path)?;
    let settings = options.flags.clone().or(&project);
    let format: &dyn Format = formats::detect(Some(path), None, &text)
        .ok_or_else(|| format!("{}: not a level file levls knows", path.display()))?
        .format;
    let tree = formats::parse(format, &text);
    let file = SourceFile {
        text: &text,
        tree: &tree,
        path: Some(path),
        settings: &settings,
        memo: None,
        history: None,
        workspace: None,
    };
    let all = format.conversions(&file, None);
    if all.is_empty() {
        return Err(format!(
            "{}: levls converts no {} file",
            path.display(),
            format.display_name()
        ));
    }
    let (chosen, others): (Vec<Conversion>, Vec<Conversion>) =
        all.into_iter().partition(|c| c.target == options.to);
    if chosen.is_empty() {
        let mut targets: Vec<&str> = others.iter().map(|c| c.target).collect();
        targets.dedup();
        return Err(format!(
            "{}: no conversion to `{}` (this file converts to: {})",
            path.display(),
            options.to,
            targets.join(", ")
        ));
    }
    Ok((chosen, text))
}
