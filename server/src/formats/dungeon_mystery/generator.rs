//! The real dungeon-mystery generator, run by `node` on the user's install of
//! the package (GPL-3.0-or-later: levls runs it, it does not ship it).
//!
//! [`generate`] sends the parameters and the seed to `generate.cjs` (levls's
//! own script, run as `node -e`), waits at most [`TIMEOUT`], and reads back
//! the floor. Results are kept in a small process-wide cache, since the
//! editor asks for a picture on every change and a node start costs
//! 50–100 ms.

use crate::formats::external::{self, Recent, Stopped};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::Duration;

const SCRIPT: &str = include_str!("generate.cjs");

/// How long one floor may take; the library normally needs milliseconds.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// The floors kept (a few documents, or the last versions of one).
const CACHE_SIZE: usize = 4;

/// One run of the generator: what it needs and where to find it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The parameter file's text (valid JSON: the caller checked).
    pub params: String,
    pub seed: u32,
    /// The `node` command or path.
    pub node: PathBuf,
    /// The folder named by the settings or `LEVLS_DUNGEON_MYSTERY`.
    pub package: Option<PathBuf>,
    /// The parameter file's folder, where node's own lookup starts.
    pub from: Option<PathBuf>,
    /// How long node may take ([`TIMEOUT`]; tests shorten it).
    pub timeout: Duration,
}

impl Request {
    /// The node and package folder from `settings`, else from the environment
    /// (`LEVLS_NODE`, `LEVLS_DUNGEON_MYSTERY`), else `node` on the PATH and
    /// node's own lookup.
    pub fn new(
        params: String,
        seed: u32,
        settings: &crate::formats::Settings,
        file: Option<&Path>,
    ) -> Request {
        let env = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        Request {
            params,
            seed,
            node: settings
                .path(&super::settings::NODE)
                .map(Path::to_path_buf)
                .or_else(|| env("LEVLS_NODE").map(PathBuf::from))
                .unwrap_or_else(|| PathBuf::from("node")),
            package: settings
                .path(&super::settings::PACKAGE)
                .map(Path::to_path_buf)
                .or_else(|| env("LEVLS_DUNGEON_MYSTERY").map(PathBuf::from)),
            from: file
                .and_then(|f| std::path::absolute(f).ok())
                .and_then(|f| f.parent().map(Path::to_path_buf)),
            timeout: TIMEOUT,
        }
    }
}

/// A generated floor, row by row.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Floor {
    pub width: usize,
    pub height: usize,
    /// `rows[y][x]`.
    pub rows: Vec<Vec<Tile>>,
    /// Where the player starts, the stairs and the hidden stairs (from the
    /// generation callback: the map itself does not mark the player).
    #[serde(default)]
    pub player: Option<(usize, usize)>,
    #[serde(default)]
    pub stairs: Option<(usize, usize)>,
    #[serde(default)]
    pub hidden_stairs: Option<(usize, usize)>,
    /// 1 Secret Bazaar, 2 Secret Room (0: none).
    #[serde(default)]
    pub hidden_stairs_type: i64,
    /// Every attempt failed and the library fell back to a one-room monster house.
    #[serde(default)]
    pub fallback: bool,
}

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Tile {
    /// `wall`, `open`, `secondary` (water or lava) or `chasm`.
    pub terrain: String,
    /// 255 not a room (hallway or wall), 254 a hallway anchor, else the room's number.
    pub room: i64,
    #[serde(default)]
    pub stairs: bool,
    #[serde(default)]
    pub item: bool,
    #[serde(default)]
    pub trap: bool,
    #[serde(default)]
    pub monster: bool,
    /// Inside the Kecleon shop.
    #[serde(default)]
    pub shop: bool,
    /// Inside a monster house.
    #[serde(default)]
    pub house: bool,
    /// A wall nothing breaks (the map's border).
    #[serde(default)]
    pub impassable: bool,
}

/// What the script answers.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum Answer {
    Floor(Floor),
    Error(String),
}

/// Why there is no floor, and whether asking again with the same request
/// could give one (node or the package installed meanwhile).
struct Failure {
    message: String,
    lasting: bool,
}

type Cached = Recent<Request, Result<Arc<Floor>, String>>;

fn cache() -> &'static Mutex<Cached> {
    static CACHE: Mutex<Cached> = Mutex::new(Recent::new(CACHE_SIZE));
    &CACHE
}

/// The floor for `request`, from the cache or from a run of node.
pub fn generate(request: &Request) -> Result<Arc<Floor>, String> {
    if let Some(answer) = cache()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(request)
    {
        return answer;
    }
    // Not under the lock: another document may be drawn meanwhile.
    let answer = run(request);
    let result = answer.map(Arc::new).map_err(|f| (f.message, f.lasting));
    let mut cache = cache().lock().unwrap_or_else(|e| e.into_inner());
    match result {
        Ok(floor) => {
            cache.put(request.clone(), Ok(floor.clone()));
            Ok(floor)
        }
        Err((message, lasting)) => {
            if lasting {
                cache.put(request.clone(), Err(message.clone()));
            }
            Err(message)
        }
    }
}

/// A run of node past the cache (to show that the same request gives the same floor).
#[cfg(test)]
pub fn generate_uncached(request: &Request) -> Result<Floor, String> {
    run(request).map_err(|f| f.message)
}

fn run(request: &Request) -> Result<Floor, Failure> {
    let passing = |message: String| Failure {
        message,
        lasting: false,
    };
    let params: serde_json::Value =
        serde_json::from_str(request.params.trim_start_matches('\u{feff}')).map_err(|e| {
            Failure {
                message: format!("the parameters are not JSON: {e}"),
                lasting: true,
            }
        })?;
    let input = serde_json::json!({
        "params": params,
        "seed": request.seed,
        "package": request.package,
        "from": request.from,
    })
    .to_string();
    let node = request.node.display().to_string();
    let mut command = Command::new(&request.node);
    command
        .arg("-e")
        .arg(SCRIPT)
        // VS Code hands over its own Electron binary as node; this makes it
        // behave as node, and real node ignores it.
        .env("ELECTRON_RUN_AS_NODE", "1");
    let finished =
        external::run(command, input, request.timeout).map_err(|stopped| match stopped {
            Stopped::NotStarted(e) => passing(if e.kind() == std::io::ErrorKind::NotFound {
                format!(
                    "`{node}` was not found: dungeon-mystery pictures need Node.js; install it, \
                 or set LEVLS_NODE (or the dungeonMystery.node setting) to its path"
                )
            } else {
                format!("`{node}` could not be started: {e}")
            }),
            Stopped::TimedOut => Failure {
                message: format!(
                    "dungeon-mystery took more than {:?} on these parameters and was stopped",
                    request.timeout
                ),
                lasting: true,
            },
        })?;
    let line = String::from_utf8_lossy(&finished.stdout);
    match serde_json::from_str::<Answer>(line.trim()) {
        Ok(Answer::Floor(floor)) => check(floor).map_err(passing),
        // The script's own errors: the package is missing or refused the parameters.
        Ok(Answer::Error(message)) => Err(passing(message)),
        Err(_) => {
            let why = finished.first_error_line();
            Err(passing(format!(
                "`{node}` did not run the generator ({}){}{why}",
                finished.status_text(),
                if why.is_empty() { "" } else { ": " }
            )))
        }
    }
}

/// A floor of the shape it claims, so that drawing it cannot go wrong.
fn check(floor: Floor) -> Result<Floor, String> {
    let sound = floor.rows.len() == floor.height
        && floor.rows.iter().all(|r| r.len() == floor.width)
        && floor.width > 0;
    if sound {
        Ok(floor)
    } else {
        Err("dungeon-mystery answered with a malformed floor".to_string())
    }
}

#[cfg(test)]
mod tests;
