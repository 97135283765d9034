//! `levls render` pages as a browser shows them: Debian's Chromium, headless,
//! takes a screenshot of the HTML page of one map per format; the picture
//! must not be blank, and every unmarked cell of the first map must show its
//! background colour where the SVG puts it. Chromium comes from
//! `scripts/install-tools`.

use crate::{dungeon_mystery_package, repo_root, shared, LEVLS};
use resvg::tiny_skia::Pixmap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";
/// Chromium starts and draws a page in a second or two; longer is a hang.
const TIMEOUT: Duration = Duration::from_secs(90);
const CELL: (u32, u32) = (12, 18);

struct Shot {
    image: Pixmap,
    svg: String,
}

/// Render `file` to HTML with levls, then screenshot the page in Chromium.
fn screenshot(file: &Path, name: &str) -> Shot {
    screenshot_with(file, name, &[])
}

fn screenshot_with(file: &Path, name: &str, env: &[(&str, &Path)]) -> Shot {
    assert!(
        Path::new(CHROMIUM).exists(),
        "{CHROMIUM} is missing: run scripts/install-tools (it installs Debian's chromium)"
    );
    let dir = std::env::temp_dir().join(format!("levls-chromium-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("page.html");
    let out = Command::new(LEVLS)
        .envs(env.iter().copied())
        .arg("render")
        .arg(file)
        .arg("-o")
        .arg(&page)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "levls render {}: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(&page).unwrap();
    let svg = html[html.find("<svg ").unwrap()..html.find("</svg>").unwrap()].to_string();
    let shot = dir.join("shot.png");
    let mut child = Command::new(CHROMIUM)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--disable-background-networking",
            "--force-device-scale-factor=1",
            "--window-size=1600,2400",
        ])
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("file://{}", page.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "chromium exited with {status}");
            break;
        }
        if started.elapsed() > TIMEOUT {
            child.kill().ok();
            child.wait().ok();
            panic!("chromium took over {TIMEOUT:?} on {}", page.display());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let image = Pixmap::load_png(&shot).expect("chromium wrote a PNG");
    let keep = std::env::var_os("LEVLS_KEEP_SCREENSHOTS").map(PathBuf::from);
    if let Some(keep) = keep {
        std::fs::create_dir_all(&keep).unwrap();
        std::fs::copy(&shot, keep.join(format!("{name}.png"))).unwrap();
    }
    let _ = std::fs::remove_dir_all(&dir);
    Shot { image, svg }
}

fn hex(colour: &str) -> (u8, u8, u8) {
    let v = u32::from_str_radix(colour.trim_start_matches('#'), 16).unwrap();
    ((v >> 16) as u8, (v >> 8) as u8, v as u8)
}

impl Shot {
    fn rgb(&self, x: u32, y: u32) -> (u8, u8, u8) {
        let p = self.image.pixel(x, y).unwrap();
        (p.red(), p.green(), p.blue())
    }

    /// Each cell of the first map with its background colour, and whether
    /// a marker or a line lies over it.
    fn cells(&self) -> Vec<(u32, u32, (u8, u8, u8))> {
        self.svg
            .split(r#"<g class="cell" data-x=""#)
            .skip(1)
            .map(|cell| {
                let number = |key: &str| -> u32 {
                    let at = cell.find(key).unwrap() + key.len();
                    cell[at..].split('"').next().unwrap().parse().unwrap()
                };
                let x = cell.split('"').next().unwrap().parse().unwrap();
                let fill = cell[cell.find("<rect").unwrap()..]
                    .split("fill=\"")
                    .nth(1)
                    .unwrap();
                (x, number("data-y=\""), hex(&fill[..7]))
            })
            .collect()
    }

    /// Each cell of the first map that shows a glyph, with the glyph's colour.
    fn glyphs(&self) -> Vec<(u32, u32, (u8, u8, u8))> {
        let colours = self.cells();
        self.svg
            .split(r#"<g class="cell" data-x=""#)
            .skip(1)
            .zip(colours)
            .filter_map(|(cell, (x, y, _))| {
                let text = cell.find("<text ")?;
                let fill = cell[text..].split("fill=\"").nth(1)?;
                Some((x, y, hex(&fill[..7])))
            })
            .collect()
    }

    /// Whether some pixel of cell (x, y) is near `colour` (glyphs are
    /// anti-aliased: few of their pixels have the exact colour).
    fn shows(&self, origin: (u32, u32), x: u32, y: u32, colour: (u8, u8, u8)) -> bool {
        let near = |a: u8, b: u8| a.abs_diff(b) <= 48;
        (0..CELL.1).any(|dy| {
            (0..CELL.0).any(|dx| {
                let (r, g, b) = self.rgb(origin.0 + x * CELL.0 + dx, origin.1 + y * CELL.1 + dy);
                near(r, colour.0) && near(g, colour.1) && near(b, colour.2)
            })
        })
    }

    fn marked(&self) -> Vec<(u32, u32)> {
        self.svg
            .split(r#"<rect class="marker "#)
            .skip(1)
            .map(|m| {
                let number = |key: &str| -> u32 {
                    let at = m.find(key).unwrap() + key.len();
                    m[at..].split('"').next().unwrap().parse().unwrap()
                };
                (number("data-x=\""), number("data-y=\""))
            })
            .collect()
    }

    /// Where the map's cell (0,0) starts on the screen: the first pixel, in
    /// reading order, from which the first row's and column's cells (up to
    /// 12 each) show their colours (a text's edge may have the same colour
    /// as a cell, but not that pattern).
    fn origin(&self) -> (u32, u32) {
        let cells = self.cells();
        let width = cells.iter().map(|c| c.0).max().unwrap() + 1;
        let height = cells.iter().map(|c| c.1).max().unwrap() + 1;
        let colour = |x: u32, y: u32| cells[(y * width + x) as usize].2;
        let probes: Vec<(u32, u32)> = (0..width.min(12))
            .map(|x| (x, 0))
            .chain((0..height.min(12)).map(|y| (0, y)))
            .collect();
        let (w, h) = (self.image.width(), self.image.height());
        (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .find(|&(ox, oy)| {
                probes.iter().all(|&(x, y)| {
                    let (px, py) = (ox + x * CELL.0 + 2, oy + y * CELL.1 + 2);
                    px < w && py < h && self.rgb(px, py) == colour(x, y)
                })
            })
            .expect("the map's first row and column on the screen")
    }

    /// The cells whose top-left corner (inside the glyph's margin) is not
    /// the cell's colour, and how many were looked at.
    fn wrong_cells(&self) -> (Vec<(u32, u32)>, usize) {
        let cells = self.cells();
        let marked = self.marked();
        let (ox, oy) = self.origin();
        let mut wrong = Vec::new();
        let mut looked = 0;
        for &(x, y, colour) in &cells {
            if marked.contains(&(x, y)) {
                continue;
            }
            looked += 1;
            if self.rgb(ox + x * CELL.0 + 2, oy + y * CELL.1 + 2) != colour {
                wrong.push((x, y));
            }
        }
        (wrong, looked)
    }

    /// How many distinct colours the screenshot has: a blank page has one.
    fn colours(&self) -> usize {
        let mut seen: Vec<(u8, u8, u8)> = (0..self.image.height())
            .step_by(3)
            .flat_map(|y| (0..self.image.width()).step_by(3).map(move |x| (x, y)))
            .map(|(x, y)| self.rgb(x, y))
            .collect();
        seen.sort_unstable();
        seen.dedup();
        seen.len()
    }
}

/// Most glyphs show their colour inside their cell (a marker's outline or a
/// line may hide some).
fn assert_glyphs_drawn(shot: &Shot, what: &str) {
    let origin = shot.origin();
    let glyphs = shot.glyphs();
    let missing: Vec<(u32, u32)> = glyphs
        .iter()
        .filter(|&&(x, y, colour)| !shot.shows(origin, x, y, colour))
        .map(|&(x, y, _)| (x, y))
        .collect();
    assert!(
        missing.len() * 20 <= glyphs.len(),
        "{what}: {} of {} glyphs not seen in their colour, e.g. {:?}",
        missing.len(),
        glyphs.len(),
        &missing[..missing.len().min(8)]
    );
}

fn assert_drawn(shot: &Shot, what: &str, most: f64) {
    assert!(shot.colours() > 8, "{what}: the page looks blank");
    let (wrong, looked) = shot.wrong_cells();
    assert!(looked > 20, "{what}: only {looked} cells");
    let right = 1.0 - wrong.len() as f64 / looked as f64;
    assert!(
        right >= most,
        "{what}: {} of {looked} cells have another colour on screen, e.g. {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(8)]
    );
}

#[test]
fn frupal_map_in_chromium_shows_every_cell_in_its_colour() {
    let shot = screenshot(&repo_root().join("examples/frupal/island.fmap"), "frupal");
    assert_drawn(&shot, "island.fmap", 1.0);
    assert_glyphs_drawn(&shot, "island.fmap");
    // The royal diamonds at (16,5), white on cyan.
    let (ox, oy) = shot.origin();
    assert_eq!(shot.rgb(ox + 16 * 12 + 2, oy + 5 * 18 + 2), hex("#00bcd4"));
}

#[test]
fn nethack_map_in_chromium_shows_every_cell_in_its_colour() {
    let shot = screenshot(&shared().join("corpus/nethack/3.4.3/castle.des"), "nethack");
    assert_drawn(&shot, "castle.des", 1.0);
    // NetHack draws on black: the glyphs' colours tell the terrain apart.
    assert_glyphs_drawn(&shot, "castle.des");
}

#[test]
fn wuas_floor_in_chromium_shows_its_spaces_and_edges() {
    let board = shared().join("corpus/wuas/reconstructed/2023-uncle/uncle-turn05.dat");
    let shot = screenshot(&board, "wuas");
    // Graph-edge lines may cross the corner of a cell.
    assert_drawn(&shot, "uncle-turn05.dat", 0.95);
    assert_glyphs_drawn(&shot, "uncle-turn05.dat");
}

#[test]
fn dungeon_mystery_floor_in_chromium_shows_the_generated_map() {
    let package = dungeon_mystery_package();
    let beach = shared().join("corpus/dungeon-mystery/docs-examples/beach-cave-b1f.json");
    let shot = screenshot_with(
        &beach,
        "dungeon-mystery",
        &[("LEVLS_DUNGEON_MYSTERY", package.as_path())],
    );
    assert_drawn(&shot, "beach-cave-b1f.json", 1.0);
    assert_glyphs_drawn(&shot, "beach-cave-b1f.json");
    assert_eq!(shot.cells().len(), 56 * 32);
}
