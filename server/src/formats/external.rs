//! Running a user's program (node for dungeon-mystery, Python for MiniHack)
//! with a time limit: the input written, both outputs read, and the program
//! killed past the limit, so that a stuck program cannot stop levls.

use std::io::{Read, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// What a program that ran to its end left.
pub struct Finished {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub status: std::io::Result<ExitStatus>,
}

impl Finished {
    /// The first line of stderr that says something ("" if none).
    pub fn first_error_line(&self) -> String {
        String::from_utf8_lossy(&self.stderr)
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .to_string()
    }

    /// The exit status, as words.
    pub fn status_text(&self) -> String {
        self.status
            .as_ref()
            .map_or_else(|e| e.to_string(), |s| s.to_string())
    }
}

/// Why a program gave no output.
pub enum Stopped {
    /// It could not be started (`NotFound`: no such program).
    NotStarted(std::io::Error),
    /// It wrote no complete output within the limit, and was killed.
    TimedOut,
}

/// Run `command` with `input` on its stdin; its output once it closed it,
/// waiting at most `timeout` in all (a program that lingers after closing
/// its output is killed at the limit, its output kept).
pub fn run(mut command: Command, input: String, timeout: Duration) -> Result<Finished, Stopped> {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(Stopped::NotStarted)?;
    // Write, read and wait on threads, so that a stuck program cannot stop us.
    let mut stdin = child.stdin.take().expect("piped");
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut out = Vec::new();
        let _ = stdout.read_to_end(&mut out);
        let _ = sender.send(out);
    });
    let errors = std::thread::spawn(move || {
        let mut err = Vec::new();
        let _ = stderr.read_to_end(&mut err);
        err
    });
    let started = Instant::now();
    let Ok(stdout) = receiver.recv_timeout(timeout) else {
        let _ = child.kill();
        let _ = child.wait();
        return Err(Stopped::TimedOut);
    };
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Ok(status),
            Ok(None) if started.elapsed() < timeout => std::thread::sleep(Duration::from_millis(5)),
            Ok(None) => {
                let _ = child.kill();
                break child.wait();
            }
            Err(e) => break Err(e),
        }
    };
    let _ = writer.join();
    let stderr = errors.join().unwrap_or_default();
    Ok(Finished {
        stdout,
        stderr,
        status,
    })
}

/// The last few answers of a program, most recent first (an editor asks
/// again on every change; a program start costs tens of milliseconds to
/// seconds).
pub struct Recent<K, V> {
    entries: std::collections::VecDeque<(K, V)>,
    size: usize,
}

impl<K: PartialEq, V: Clone> Recent<K, V> {
    pub const fn new(size: usize) -> Self {
        Recent {
            entries: std::collections::VecDeque::new(),
            size,
        }
    }

    /// The answer to `key`, which becomes the most recent.
    pub fn get(&mut self, key: &K) -> Option<V> {
        let i = self.entries.iter().position(|(k, _)| k == key)?;
        let hit = self.entries.remove(i)?;
        let answer = hit.1.clone();
        self.entries.push_front(hit);
        Some(answer)
    }

    /// Keep `answer` to `key`, forgetting the oldest past the size.
    pub fn put(&mut self, key: K, answer: V) {
        self.entries.retain(|(k, _)| k != &key);
        self.entries.push_front((key, answer));
        self.entries.truncate(self.size);
    }
}
