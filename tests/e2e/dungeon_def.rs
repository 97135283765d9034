//! `dungeon.def` against the real toolchain: every real file of
//! `../shared/corpus/nethack/dungeon-def/` gets its recorded verdict (in its
//! own dialect), and one-edit mutants of the real files are judged by
//! Debian's dgn_comp 3.6.6, run live: levls must give the same verdict, and
//! an error on the line dgn_comp names (or name that line, when dgn_comp
//! counts lines differently: a string across lines, a check it runs at the
//! next token).

use crate::oracle::mutate::{seed_for, Lcg};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Debian's NetHack 3.6.6 dgn_comp (nethack-common).
pub(crate) const DGN_COMP: &str = "/usr/lib/games/nethack/dgn_comp";
/// Mutants of a file dgn_comp accepts, and of one it already rejects (a
/// variant past vanilla's limits: most of its mutants are rejected anyway).
const MUTANTS_OF_ACCEPTED: usize = 150;
const MUTANTS_OF_REJECTED: usize = 20;
const AGREEMENT_AT_LEAST: f64 = 99.5;

fn corpus() -> PathBuf {
    crate::shared().join("corpus/nethack/dungeon-def")
}

/// The real files, with `(verdict_366, verdict_343, first message 3.6.6, first message 3.4.3)`.
fn verdicts() -> Vec<(String, [String; 4])> {
    let text = std::fs::read_to_string(corpus().join("VERDICTS.tsv")).expect("VERDICTS.tsv");
    text.lines()
        .skip(1)
        .map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            let cell = |i: usize| cells.get(i).copied().unwrap_or("").to_string();
            (cell(0), [cell(1), cell(2), cell(3), cell(4)])
        })
        .collect()
}

/// The line a dgn_comp message names (`FILE : line N : …`).
fn named_line(message: &str) -> Option<usize> {
    let (_, rest) = message.split_once(" : line ")?;
    rest.split(' ').next()?.parse().ok()
}

struct Verdict {
    accepted: bool,
    /// Each error: its line and message.
    errors: Vec<(usize, String)>,
}

impl Verdict {
    /// An error on `line`, or one that says dgn_comp names `line`.
    fn has_error_at(&self, line: usize) -> bool {
        let named = format!("(dgn_comp: line {line}:");
        self.errors
            .iter()
            .any(|(l, message)| *l == line || message.contains(&named))
    }
}

/// What the game finds as it starts, not dgn_comp: left out of the comparison.
const GAME_CHECKS: &[&str] = &["dungeon-def::unknown-branch"];

/// `levls check --format json` over `files` (dgn_comp's checks only).
fn levls(files: &[PathBuf]) -> Vec<Verdict> {
    let output = Command::new(crate::LEVLS)
        .args(["check", "--format", "json", "--all"])
        .args(files)
        .output()
        .expect("levls check");
    let list: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let list = list.as_array().expect("a list");
    files
        .iter()
        .map(|file| {
            let errors: Vec<(usize, String)> = list
                .iter()
                .filter(|d| Path::new(d["file"].as_str().unwrap()) == file.as_path())
                .filter(|d| d["severity"] == "error")
                .filter(|d| !GAME_CHECKS.contains(&d["code"].as_str().unwrap_or("")))
                .map(|d| {
                    (
                        d["line"].as_u64().unwrap() as usize,
                        d["message"].as_str().unwrap().to_string(),
                    )
                })
                .collect();
            Verdict {
                accepted: errors.is_empty(),
                errors,
            }
        })
        .collect()
}

/// dgn_comp on `text`, after 3.6's `makedefs -e` (which drops the lines
/// that start with `#`, kept here as empty lines so the numbers stay):
/// whether it accepted, and the line its first error names.
pub(crate) fn dgn_comp(text: &str, dir: &Path) -> (bool, Option<usize>, String) {
    std::fs::create_dir_all(dir).unwrap();
    let prepared: String = text
        .split_inclusive('\n')
        .map(|line| {
            if line.starts_with('#') {
                if line.ends_with('\n') {
                    "\n"
                } else {
                    ""
                }
            } else {
                line
            }
        })
        .collect();
    std::fs::write(dir.join("dungeon.pdf"), prepared).unwrap();
    let output = Command::new(DGN_COMP)
        .arg("dungeon.pdf")
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("dgn_comp runs");
    std::fs::remove_dir_all(dir).ok();
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    let first = stderr.lines().next().unwrap_or("").to_string();
    (output.status.success(), named_line(&first), first)
}

/// Deterministic one-edit variations of a dungeon description: the slips an
/// author makes in a keyword, a string, a number, a word, the punctuation or
/// the order of lines.
fn mutants(name: &str, text: &str, count: usize) -> Vec<(String, String)> {
    let mut rng = Lcg::new(seed_for(name, 22));
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let statements: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with(|c: char| c.is_ascii_uppercase()))
        .collect();
    let mut out = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < count * 20 {
        tries += 1;
        let at = rng.pick(&statements);
        let line = lines[at];
        let body = line.trim_end_matches(['\n', '\r']);
        let kind = rng.below(12);
        let bytes: Vec<usize> = body.char_indices().map(|(i, _)| i).collect();
        let pick = |rng: &mut Lcg, f: &dyn Fn(char) -> bool| -> Option<usize> {
            let spots: Vec<usize> = body
                .char_indices()
                .filter(|(_, c)| f(*c))
                .map(|(i, _)| i)
                .collect();
            (!spots.is_empty()).then(|| rng.pick(&spots))
        };
        let (edited, what): (String, String) = match kind {
            // A byte deleted.
            0 => {
                let i = rng.pick(&bytes);
                (
                    format!("{}{}", &body[..i], &body[i + 1..]),
                    format!("delete byte {i}"),
                )
            }
            // A byte doubled.
            1 => {
                let i = rng.pick(&bytes);
                (
                    format!("{}{}", &body[..i + 1], &body[i..]),
                    format!("double byte {i}"),
                )
            }
            // A number changed.
            2 => {
                let Some(i) = pick(&mut rng, &|c| c.is_ascii_digit()) else {
                    continue;
                };
                let new = rng.pick(&[
                    "0", "1", "-1", "-2", "33", "-33", "40", "100", "99", "7", "32", "-32", "12",
                ]);
                let end = i + body[i..]
                    .find(|c: char| !c.is_ascii_digit())
                    .unwrap_or(body.len() - i);
                (
                    format!("{}{new}{}", &body[..i], &body[end..]),
                    format!("number at {i} → {new}"),
                )
            }
            // A quote lost or added.
            3 => {
                let Some(i) = pick(&mut rng, &|c| c == '"') else {
                    continue;
                };
                (
                    format!("{}{}", &body[..i], &body[i + 1..]),
                    format!("drop quote at {i}"),
                )
            }
            // A keyword misspelt (a letter swapped with the next).
            4 => {
                let end = body.find(':').unwrap_or(0);
                if end < 3 {
                    continue;
                }
                let i = rng.below(end - 1);
                let mut b = body.as_bytes().to_vec();
                b.swap(i, i + 1);
                (
                    String::from_utf8(b).unwrap(),
                    format!("swap keyword letters {i}"),
                )
            }
            // A bones letter or name changed.
            5 => {
                let new = rng.pick(&[
                    "\"OO\"",
                    "\"\"",
                    "\"none\"",
                    "\"x\"",
                    "\"oracle\"",
                    "\"castle\"",
                    "\"Sokoban\"",
                    "\"The Gnomish Mines\"",
                ]);
                let quotes: Vec<usize> = body.match_indices('"').map(|(i, _)| i).collect();
                if quotes.len() < 2 {
                    continue;
                }
                let k = rng.below(quotes.len() / 2) * 2;
                let (a, b) = (quotes[k], quotes[k + 1]);
                (
                    format!("{}{new}{}", &body[..a], &body[b + 1..]),
                    format!("string at {a} → {new}"),
                )
            }
            // A word swapped for another.
            6 => {
                let words = [
                    "up",
                    "down",
                    "portal",
                    "no_up",
                    "no_down",
                    "stair",
                    "town",
                    "mazelike",
                    "hellish",
                    "roguelike",
                    "lawful",
                    "neutral",
                    "chaotic",
                    "noalign",
                    "unaligned",
                    "gtown",
                    "Up",
                ];
                let Some((i, w)) = words
                    .iter()
                    .filter_map(|w| body.find(&format!(" {w}")).map(|i| (i + 1, *w)))
                    .next()
                    .or_else(|| {
                        words
                            .iter()
                            .filter_map(|w| body.find(&format!("\t{w}")).map(|i| (i + 1, *w)))
                            .next()
                    })
                else {
                    // No word: add one at the end.
                    let new = rng.pick(&words);
                    out.push((
                        format!("append {new} at line {}", at + 1),
                        replace_line(&lines, at, &format!("{body} {new}")),
                    ));
                    continue;
                };
                let new = rng.pick(&words);
                (
                    format!("{}{new}{}", &body[..i], &body[i + w.len()..]),
                    format!("word {w} → {new}"),
                )
            }
            // Punctuation lost.
            7 => {
                let Some(i) = pick(&mut rng, &|c| {
                    matches!(c, ':' | '(' | ')' | ',' | '@' | '+')
                }) else {
                    continue;
                };
                (
                    format!("{}{}", &body[..i], &body[i + 1..]),
                    format!("drop punctuation at {i}"),
                )
            }
            // The line deleted, doubled, or moved up.
            8 => (String::new(), "delete the line".into()),
            9 => (format!("{body}\n{body}"), "double the line".into()),
            10 => {
                if at == 0 {
                    continue;
                }
                let mut moved: Vec<&str> = lines.clone();
                moved.swap(at - 1, at);
                out.push((format!("swap lines {} and {}", at, at + 1), moved.concat()));
                continue;
            }
            // A trailing comment or number.
            _ => {
                let new = rng.pick(&[" # note", " 50", " 0", " -1", " 1 2"]);
                (format!("{body}{new}"), format!("append {new:?}"))
            }
        };
        let mutant = if edited.is_empty() {
            lines
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != at)
                .map(|(_, l)| *l)
                .collect()
        } else {
            replace_line(&lines, at, &edited)
        };
        if mutant != text {
            out.push((format!("{what} at line {}", at + 1), mutant));
        }
    }
    out
}

/// A folder removed when the test ends, pass or fail.
struct Scratch(PathBuf);

impl Scratch {
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

fn replace_line(lines: &[&str], at: usize, with: &str) -> String {
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        if i == at {
            out.push_str(with);
            out.push_str(&line[line.trim_end_matches(['\n', '\r']).len()..]);
        } else {
            out.push_str(line);
        }
    }
    out
}

#[test]
fn dungeon_def_real_files_get_their_recorded_verdicts_in_their_own_dialect() {
    let rows = verdicts();
    assert!(rows.len() >= 24, "the corpus has its 24 files");
    let files: Vec<PathBuf> = rows.iter().map(|(f, _)| corpus().join(f)).collect();
    let found = levls(&files);
    let mut wrong = Vec::new();
    for ((file, [v366, v343, m366, m343]), verdict) in rows.iter().zip(&found) {
        let text = std::fs::read_to_string(corpus().join(file)).unwrap();
        // A `%` control line makes it a 3.4.3 file: its own toolchain's verdict.
        let old = text.lines().any(|l| l.starts_with('%'));
        let (want, message) = if old { (v343, m343) } else { (v366, m366) };
        let accepted = want == "ok";
        let line_ok = named_line(message).is_none_or(|line| verdict.has_error_at(line));
        if verdict.accepted != accepted || (!accepted && !line_ok) {
            wrong.push(format!(
                "{file}: want {want} {message:?}, levls {:?}",
                verdict.errors
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn dungeon_def_mutants_agree_with_dgn_comp() {
    if !Path::new(DGN_COMP).exists() {
        eprintln!("SKIPPED: {DGN_COMP} is not installed (Debian's nethack-common ships it)");
        return;
    }
    let scratch =
        Scratch(std::env::temp_dir().join(format!("levls-dungeon-def-{}", std::process::id())));
    std::fs::create_dir_all(scratch.path()).unwrap();
    let mut cases = Vec::new();
    for (file, [v366, ..]) in verdicts() {
        let text = std::fs::read_to_string(corpus().join(&file)).unwrap();
        // The 3.6 dialect only: dgn_comp 3.6.6 runs after 3.6's makedefs.
        if text
            .lines()
            .any(|l| l.starts_with('%') || l.starts_with('^'))
        {
            continue;
        }
        for (i, (what, mutant)) in mutants(
            &file,
            &text,
            if v366 == "ok" {
                MUTANTS_OF_ACCEPTED
            } else {
                MUTANTS_OF_REJECTED
            },
        )
        .into_iter()
        .enumerate()
        {
            let path = scratch.path().join(format!("{i:03}-{file}"));
            std::fs::write(&path, &mutant).unwrap();
            cases.push((format!("{file}: {what}"), path, mutant));
        }
    }
    let files: Vec<PathBuf> = cases.iter().map(|(_, p, _)| p.clone()).collect();
    let found = levls(&files);
    let (mut agree, mut rejected) = (0, 0);
    let mut disagree = Vec::new();
    for (i, ((what, _, mutant), verdict)) in cases.iter().zip(&found).enumerate() {
        let (accepted, line, message) = dgn_comp(mutant, &scratch.path().join(format!("run{i}")));
        rejected += usize::from(!accepted);
        let same = verdict.accepted == accepted
            && (accepted || line.is_none_or(|line| verdict.has_error_at(line)));
        if same {
            agree += 1;
        } else {
            disagree.push(format!(
                "{what}: dgn_comp {:?}, levls {:?}",
                if accepted { "ok" } else { &message },
                verdict.errors
            ));
        }
    }
    let total = cases.len();
    let rate = 100.0 * agree as f64 / total as f64;
    println!(
        "dungeon.def mutants: {total} ({rejected} rejected by dgn_comp 3.6.6), agreement {agree}/{total} = {rate:.2} %"
    );
    for d in &disagree {
        println!("  {d}");
    }
    assert!(total >= 300, "hundreds of mutants: {total}");
    assert!(
        rate >= AGREEMENT_AT_LEAST,
        "agreement {rate:.2} % < {AGREEMENT_AT_LEAST} %"
    );
}
