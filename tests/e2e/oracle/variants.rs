//! The variants' own lev_comps as judges: each variant's shipped levels,
//! one-name typos of them ([`super::typos`]) and, for the 3.6-style
//! grammars, edits that use or drop the forms those grammars disagree on
//! ([`super::grammar_edits`]), judged by the verdicts of that
//! variant's lev_comp, built from its sources at the commit of
//! `shared/corpus/nethack/variant-trees/README.md` and recorded in
//! `verdicts-<variant>.tsv` (`ok`, `warning` on the typo's line, or `REJ`).
//! `LEVLS_ORACLE_RECORD_VARIANT=<variant>=/path/to/lev_comp[,…]` runs those
//! binaries and rewrites their files.
//!
//! levls checks every file with `--variant <variant>`; only the typo's line
//! is judged (the shipped files' own false errors are another matter, counted
//! and printed): where lev_comp rejects, levls must have an error on
//! lev_comp's line; where it warns, at least a warning on it; where it says
//! nothing, neither. The figures are the share of typos agreeing so, and of
//! those with the same severity as lev_comp's, leaving out the few an error
//! of the shipped level on the same line hides. docs/formats/nethack.md, *The
//! variants' own lev_comps*.

use super::grammar_edits;
use super::lev_comp::{self, des_files, Recorded, Verdict};
use super::levls::{self, Levls};
use super::mutate::{seed_for, Lcg};
use super::typos::{self, Names, Pools};
use super::{finish, long_mode, recorded_tsv, scratch, UNCHANGED};
use crate::{repo_root, shared};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Each variant with a built-in profile, and the vanilla version whose `.des`
/// dialect its lev_comp reads (its vanilla-only names are that version's).
const VARIANTS: &[(&str, &str)] = &[
    ("dnethack", "3.4.3"),
    ("slashem", "3.4.3"),
    ("unnethack", "3.6"),
    ("splicehack", "3.6"),
    ("xnethack", "3.6"),
];
/// Typos per accepted shipped file: recorded (and checked in the long mode),
/// and checked in the default run (a prefix: each kind once).
const TYPOS_PER_FILE: usize = 8;
const TYPOS_PER_FILE_DEFAULT: usize = 4;
const SEED: u64 = 23;
/// The figures below these fail the test.
const AGREEMENT_THRESHOLD: f64 = 100.0;
const SEVERITY_THRESHOLD: f64 = 100.0;
/// Typos whose severity an error of the shipped level hides, at most (a
/// profile that errs on most lines of its own levels would hide them all).
const HIDDEN_THRESHOLD: f64 = 5.0;

/// A file of the variant's set: a shipped level or a typo of one.
struct Input {
    source: String,
    /// `(unchanged)` for a shipped level.
    what: String,
    /// The typo's line.
    line: Option<u64>,
    path: PathBuf,
    hash: String,
}

fn names_dir() -> PathBuf {
    repo_root().join("server/src/formats/nethack/names/data")
}

/// The pools of `variant`'s typos from levls' name tables.
fn pools(variant: &str, base: &str) -> Pools {
    let dir = names_dir();
    let table = |v: &str| Names::read(&dir.join(format!("variants/{v}.tsv")));
    let vanilla = |version: &str| Names::read(&dir.join(format!("names-{version}.tsv")));
    let others: Vec<Names> = VARIANTS
        .iter()
        .filter(|(v, _)| *v != variant)
        .map(|(v, _)| table(v))
        .collect();
    Pools::new(
        &table(variant),
        &vanilla(base),
        &[vanilla("3.4.3"), vanilla("3.6")],
        &others,
    )
}

fn dat(variant: &str) -> PathBuf {
    shared().join(format!("corpus/nethack/variant-trees/{variant}/dat"))
}

/// The shipped levels, then `per_file` typos of each one its lev_comp
/// accepts (by the shared VERDICTS.tsv), written under `out` (with copies
/// of the shipped levels when `copy_shipped`: to check them from there).
fn inputs(
    variant: &str,
    base: &str,
    per_file: usize,
    out: &Path,
    copy_shipped: bool,
) -> Vec<Input> {
    std::fs::create_dir_all(out).unwrap();
    let shipped = des_files(&dat(variant));
    let verdicts = recorded_tsv(&dat(variant).join("../VERDICTS.tsv"), "verdict");
    let pools = pools(variant, base);
    let [monsters, objects] = pools.sizes();
    eprintln!(
        "{variant}: typos drawn from {} vanilla-only and {} other-variant monster names, {} and {} object names",
        monsters.0, monsters.1, objects.0, objects.1
    );
    let mut all: Vec<Input> = Vec::new();
    let mut typos = Vec::new();
    for path in &shipped {
        let text = std::fs::read_to_string(path).unwrap();
        let source = path.file_name().unwrap().to_string_lossy().to_string();
        let checked = if copy_shipped {
            let copy = out.join(&source);
            std::fs::write(&copy, &text).unwrap();
            copy
        } else {
            path.clone()
        };
        all.push(Input {
            source: source.clone(),
            what: UNCHANGED.to_string(),
            line: None,
            path: checked,
            hash: lev_comp::text_hash(&text),
        });
        if !verdicts[&source].0 {
            continue;
        }
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let mut rng = Lcg::new(seed_for(&stem, SEED));
        // A 3.6-style grammar is also judged on the forms the variants'
        // grammars disagree on.
        let edits = if base == "3.6" {
            grammar_edits::edits(&text)
        } else {
            Vec::new()
        };
        let named = typos::typos(&text, per_file, &mut rng, &pools)
            .into_iter()
            .enumerate()
            .map(|(i, t)| (format!("t{i:02}"), t));
        let grammar = edits
            .into_iter()
            .enumerate()
            .map(|(i, t)| (format!("g{i:02}"), t));
        for (name, typo) in named.chain(grammar) {
            let path = out.join(format!("{stem}.{name}.des"));
            std::fs::write(&path, &typo.text).unwrap();
            typos.push(Input {
                source: source.clone(),
                what: typo.what,
                line: Some(typo.line),
                path,
                hash: lev_comp::text_hash(&typo.text),
            });
        }
    }
    all.extend(typos);
    all
}

/// `variant → lev_comp` from `LEVLS_ORACLE_RECORD_VARIANT`.
fn to_record() -> HashMap<String, PathBuf> {
    let Ok(value) = std::env::var("LEVLS_ORACLE_RECORD_VARIANT") else {
        return HashMap::new();
    };
    value
        .split(',')
        .map(|pair| {
            let (variant, binary) = pair.split_once('=').unwrap_or_else(|| {
                panic!("LEVLS_ORACLE_RECORD_VARIANT: {pair:?} is not <variant>=/path/to/lev_comp")
            });
            assert!(
                VARIANTS.iter().any(|(v, _)| *v == variant),
                "LEVLS_ORACLE_RECORD_VARIANT: no variant {variant:?}"
            );
            (variant.to_string(), PathBuf::from(binary))
        })
        .collect()
}

/// Runs `binary` (the variant's lev_comp) on every input and rewrites
/// `verdicts-<variant>.tsv`. A shipped level's warning is its first; a
/// typo's is the one on its line, if any.
fn record(variant: &str, binary: &Path, inputs: &[Input], scratch: &Path) {
    let paths: Vec<&Path> = inputs.iter().map(|i| i.path.as_path()).collect();
    let runs = lev_comp::run_all(binary, &paths, &scratch.join("record"));
    let mut rows = Vec::new();
    for (input, (oracle, warnings)) in inputs.iter().zip(&runs) {
        let verdict = Verdict::of(oracle).unwrap_or_else(|| {
            panic!(
                "{} [{}]: {} timed out",
                input.source,
                input.what,
                binary.display()
            )
        });
        let warning = warnings.iter().find(|w| {
            input
                .line
                .is_none_or(|line| lev_comp::message_line(w) == Some(line))
        });
        let verdict = match warning {
            Some(w) if verdict.accepted => Verdict::warned(w),
            _ => verdict,
        };
        rows.push((
            input.source.clone(),
            input.what.clone(),
            input.hash.clone(),
            verdict,
        ));
    }
    let path = lev_comp::recorded_path(variant);
    lev_comp::write_recorded(&path, &rows);
    eprintln!(
        "recorded {} verdicts of {} into {}",
        rows.len(),
        binary.display(),
        path.display()
    );
}

/// The line a typo is judged on: lev_comp's, except where lev_comp finds a
/// statement cut short only at the token that starts the next line (`SPILL:
/// random, 'L', north` then `}`: `syntax error at "}"`): levls says so on
/// the statement's own line, where the argument is missing.
fn judged_line(oracle: &Verdict, typo_line: u64) -> u64 {
    match oracle.line {
        Some(line) if line == typo_line + 1 && oracle.message.contains("syntax error") => typo_line,
        Some(line) => line,
        None => typo_line,
    }
}

/// How levls answers a typo on `line`: the strongest of the diagnostics the
/// typo added there (the shipped level's own, `before`, are not its answer),
/// against lev_comp's verdict. Returns (agrees, same severity, how): where
/// lev_comp rejects, levls must err on the line; where it warns, at least
/// warn; where it says nothing, add nothing. The severity is not judged
/// (`None`) where levls adds nothing to an error the shipped level already
/// has on the line: that error hides the name.
fn judged(
    oracle: &Verdict,
    line: u64,
    ours: &Levls,
    before: &Levls,
) -> (bool, Option<bool>, &'static str) {
    let on_line = |l: &Levls| -> Vec<(bool, String)> {
        l.flagged
            .iter()
            .filter(|f| f.line == line)
            .map(|f| (f.error, f.code.clone()))
            .collect()
    };
    let mut added = on_line(ours);
    for old in on_line(before) {
        if let Some(i) = added.iter().position(|a| *a == old) {
            added.remove(i);
        }
    }
    let added_error = added.iter().any(|(error, _)| *error);
    let answer = match (added_error, added.is_empty()) {
        (true, _) => "error",
        (false, false) => "warning",
        (false, true) => "nothing",
    };
    let already_errs = on_line(before).iter().any(|(error, _)| *error);
    match (oracle.accepted, oracle.warning, answer) {
        (false, _, "error") | (true, true, "warning") | (true, false, "nothing") => {
            (true, Some(true), "agree")
        }
        (false, _, "nothing") | (true, true, "nothing") if already_errs => (
            true,
            None,
            "hidden: levls adds nothing to the error the shipped level has on the line",
        ),
        (false, _, "warning") => (
            false,
            Some(false),
            "levls only warns where lev_comp rejects",
        ),
        (false, _, _) => (
            false,
            Some(false),
            "levls says nothing where lev_comp rejects",
        ),
        (true, true, "error") => (true, Some(false), "levls errs where lev_comp warns"),
        (true, true, _) => (
            false,
            Some(false),
            "levls says nothing where lev_comp warns",
        ),
        (true, false, _) => (
            false,
            Some(false),
            "levls flags a typo lev_comp accepts silently",
        ),
    }
}

/// The figures of one variant: typos (agreeing, all), their severities
/// (the same, judged), shipped levels (levls finds no error, all).
struct Figures {
    agree: usize,
    typos: usize,
    same_severity: usize,
    judged_severity: usize,
    clean: usize,
    shipped: usize,
}

fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        100.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// Checks one variant against its recorded verdicts, running `levls check`
/// with `options` (`how` says what they are, for the figures): its figures,
/// printed, and its problems.
fn compare(
    variant: &str,
    inputs: &[Input],
    options: &[&str],
    how: &str,
    problems: &mut Vec<String>,
) -> Figures {
    let recorded = lev_comp::read_recorded(&lev_comp::recorded_path(variant));
    let shared_verdicts = recorded_tsv(&dat(variant).join("../VERDICTS.tsv"), "verdict");
    let mut cases: Vec<(&Input, Verdict)> = Vec::new();
    for input in inputs {
        let key = (input.source.clone(), input.what.clone());
        match recorded.get(&key) {
            Some(Recorded { hash, verdict }) if *hash == input.hash => {
                cases.push((input, verdict.clone()));
            }
            _ => problems.push(format!(
                "{variant}: {} [{}]: no verdict of {variant}'s lev_comp recorded for this text; \
                 re-record: LEVLS_ORACLE_RECORD_VARIANT={variant}=/path/to/lev_comp \
                 cargo test -p levls --test e2e oracle_nethack_variants",
                input.source, input.what
            )),
        }
    }
    // The recorded shipped verdicts are the shared VERDICTS.tsv's: the same
    // compiler.
    for (input, verdict) in cases.iter().filter(|(i, _)| i.line.is_none()) {
        let (ok, cells) = &shared_verdicts[&input.source];
        let message = lev_comp::message_text(cells.get(2).map_or("", String::as_str));
        if *ok != verdict.accepted || message != verdict.message {
            problems.push(format!(
                "{variant}/{}: recorded {verdict:?}, but VERDICTS.tsv says {} {message:?}: \
                 was it recorded with {variant}'s lev_comp?",
                input.source,
                if *ok { "ok" } else { "REJ" }
            ));
        }
    }
    let paths: Vec<&Path> = cases.iter().map(|(i, _)| i.path.as_path()).collect();
    let batches = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    let ours = levls::check_all_with(&paths, options, batches);
    let shipped: HashMap<&str, &Levls> = cases
        .iter()
        .filter(|(i, _)| i.line.is_none())
        .map(|(i, _)| (i.source.as_str(), &ours[&i.path]))
        .collect();
    let mut figures = Figures {
        agree: 0,
        typos: 0,
        same_severity: 0,
        judged_severity: 0,
        clean: 0,
        shipped: 0,
    };
    // kind of typo → lev_comp's verdict → how many.
    let mut by_oracle: BTreeMap<&str, BTreeMap<&str, usize>> = BTreeMap::new();
    let mut categories: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (input, oracle) in &cases {
        let levls = &ours[&input.path];
        let Some(typo_line) = input.line else {
            figures.shipped += 1;
            figures.clean += levls.accepted as usize;
            continue;
        };
        figures.typos += 1;
        let kind = input.what.split(' ').nth(1).unwrap_or("");
        *by_oracle
            .entry(kind)
            .or_default()
            .entry(match (oracle.accepted, oracle.warning) {
                (false, _) => "REJ",
                (true, true) => "warning",
                (true, false) => "ok",
            })
            .or_default() += 1;
        let line = judged_line(oracle, typo_line);
        let (agree, same, how) = judged(oracle, line, levls, shipped[input.source.as_str()]);
        figures.agree += agree as usize;
        figures.same_severity += (same == Some(true)) as usize;
        figures.judged_severity += same.is_some() as usize;
        if same == Some(true) {
            continue;
        }
        let codes: Vec<&str> = levls
            .flagged
            .iter()
            .filter(|f| f.line == line)
            .map(|f| f.code.as_str())
            .collect();
        let category = how.to_string();
        let example = format!(
            "{} [{}]: lev_comp line {line}: {} | levls {codes:?}",
            input.source, input.what, oracle.message
        );
        if !agree {
            problems.push(format!("{variant} ({how}): {category}: {example}"));
        }
        categories.entry(category).or_default().push(example);
    }
    eprintln!("\n== {variant}: levls {how} vs {variant}'s lev_comp (recorded)");
    eprintln!(
        "typos {} (lev_comp's verdicts by kind: {by_oracle:?}); agree on the typo's line {}/{} = {:.2} %, same severity {}/{} = {:.2} % ({} hidden by an error of the shipped level)",
        figures.typos,
        figures.agree,
        figures.typos,
        percent(figures.agree, figures.typos),
        figures.same_severity,
        figures.judged_severity,
        percent(figures.same_severity, figures.judged_severity),
        figures.typos - figures.judged_severity
    );
    eprintln!(
        "shipped levels: {} of {} get no error from levls (not asserted here)",
        figures.clean, figures.shipped
    );
    for (category, examples) in &categories {
        eprintln!("  {:>4}  {category}", examples.len());
        for example in examples.iter().take(5) {
            eprintln!("        {example}");
        }
    }
    figures
}

#[test]
fn oracle_nethack_variants() {
    let started = Instant::now();
    let scratch = scratch("oracle-variants");
    let recording = to_record();
    let mut problems = Vec::new();
    let mut summary = Vec::new();
    for &(variant, base) in VARIANTS {
        let per_file = if long_mode() || recording.contains_key(variant) {
            TYPOS_PER_FILE
        } else {
            TYPOS_PER_FILE_DEFAULT
        };
        let inputs = inputs(variant, base, per_file, &scratch.join(variant), false);
        if let Some(binary) = recording.get(variant) {
            record(variant, binary, &inputs, &scratch);
        }
        if !lev_comp::recorded_path(variant).is_file() {
            eprintln!(
                "{variant}: no recorded verdicts ({}); record them with \
                 LEVLS_ORACLE_RECORD_VARIANT={variant}=/path/to/lev_comp",
                lev_comp::recorded_path(variant).display()
            );
            continue;
        }
        let how = format!("--variant {variant}");
        let figures = compare(
            variant,
            &inputs,
            &["--variant", variant],
            &how,
            &mut problems,
        );
        let (agree, same) = (
            percent(figures.agree, figures.typos),
            percent(figures.same_severity, figures.judged_severity),
        );
        if agree < AGREEMENT_THRESHOLD {
            problems.push(format!(
                "{variant}: agreement on the typos' lines {agree:.2} % is below {AGREEMENT_THRESHOLD} %"
            ));
        }
        let hidden = percent(figures.typos - figures.judged_severity, figures.typos);
        if hidden > HIDDEN_THRESHOLD {
            problems.push(format!(
                "{variant}: {hidden:.2} % of the typos are hidden by an error levls gives on their line of the shipped level (at most {HIDDEN_THRESHOLD} %)"
            ));
        }
        if same < SEVERITY_THRESHOLD {
            problems.push(format!(
                "{variant}: same severity on the typos' lines {same:.2} % is below {SEVERITY_THRESHOLD} %"
            ));
        }
        summary.push(format!(
            "{variant}: {} typos, agree {agree:.2} %, same severity {same:.2} % ({} hidden); shipped levels without a levls error {}/{}",
            figures.typos,
            figures.typos - figures.judged_severity,
            figures.clean,
            figures.shipped
        ));
    }
    std::fs::remove_dir_all(&scratch).ok();
    eprintln!();
    for line in &summary {
        eprintln!("{line}");
    }
    finish(started, problems);
}

/// Inside its own source tree, with no `--variant`, a variant's level gets
/// the names and vocabulary levls reads from that tree (`names/tree/`): the
/// shipped levels its lev_comp accepts get no error, and each typo is judged
/// as in [`oracle_nethack_variants`]. The levels are written into a folder
/// of the tree's `dat/`, the tree materialised outside the repository
/// ([`super::trees`]); without its sources a variant is skipped, saying so.
#[test]
fn oracle_nethack_variants_in_their_trees() {
    let started = Instant::now();
    let mut problems = Vec::new();
    let mut summary = Vec::new();
    for &(variant, base) in VARIANTS {
        let game = match super::trees::game_folder(variant) {
            Ok(game) => game,
            Err(why) => {
                eprintln!("{variant}: skipped, its source tree is not here: {why}");
                continue;
            }
        };
        if !lev_comp::recorded_path(variant).is_file() {
            continue;
        }
        let per_file = if long_mode() {
            TYPOS_PER_FILE
        } else {
            TYPOS_PER_FILE_DEFAULT
        };
        let out = game
            .join("dat")
            .join(format!("levls-oracle-{}", std::process::id()));
        let inputs = inputs(variant, base, per_file, &out, true);
        let how = format!("inside its tree {}", game.display());
        let figures = compare(variant, &inputs, &[], &how, &mut problems);
        std::fs::remove_dir_all(&out).ok();
        let accepted = recorded_tsv(&dat(variant).join("../VERDICTS.tsv"), "verdict")
            .values()
            .filter(|(ok, _)| *ok)
            .count();
        if figures.clean < accepted {
            problems.push(format!(
                "{variant}: inside its tree, {} of the {accepted} shipped levels its lev_comp \
                 accepts get no error from levls",
                figures.clean
            ));
        }
        let (agree, same) = (
            percent(figures.agree, figures.typos),
            percent(figures.same_severity, figures.judged_severity),
        );
        if agree < AGREEMENT_THRESHOLD || same < SEVERITY_THRESHOLD {
            problems.push(format!(
                "{variant}: inside its tree, agreement {agree:.2} %, same severity {same:.2} %"
            ));
        }
        summary.push(format!(
            "{variant} in its tree: {} typos, agree {agree:.2} %, same severity {same:.2} %; \
             shipped levels without a levls error {}/{} ({accepted} accepted by its lev_comp)",
            figures.typos, figures.clean, figures.shipped
        ));
    }
    eprintln!();
    for line in &summary {
        eprintln!("{line}");
    }
    finish(started, problems);
}
