//! The comparison of levls with lev_comp for one dialect, checked one way
//! (forced or detected): the table per set, the two figures over the
//! mutants, the disagreements by category with examples, and what fails.

use super::lev_comp::Verdict;
use super::levls::{Levls, DECLINED};
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

/// Verdict agreement and same-line agreement below these fail the test.
pub(crate) const VERDICT_THRESHOLD: f64 = 99.5;
pub(crate) const SAME_LINE_THRESHOLD: f64 = 95.0;
/// How many disagreements the report prints in full, and how many categories.
const SHOWN: usize = 15;
const CATEGORIES: usize = 30;

/// One input file with the oracle's verdict.
pub(crate) struct Case {
    /// `corpus`, `splicehack`, `probes`, `mutants` or `generated`.
    pub set: &'static str,
    pub path: PathBuf,
    /// What was changed, for mutants and generated files.
    pub note: String,
    pub oracle: Verdict,
}

impl Case {
    pub fn id(&self) -> String {
        format!(
            "{}/{}",
            self.set,
            self.path.file_name().unwrap().to_string_lossy()
        )
    }
}

/// How a run is judged.
pub(crate) struct Rules<'a> {
    /// e.g. `levls --nethack-dialect 3.6 vs lev_comp 3.6.6`.
    pub title: String,
    /// The sets the two figures are measured over.
    pub measured: &'a [&'a str],
    /// Sets where every disagreement must be a decision (`set/file`, why).
    pub strict: &'a [&'a str],
    pub decisions: &'a [(&'a str, &'a str)],
}

/// The figures of one run: (agreeing, measured) for verdicts and lines.
pub(crate) struct Figures {
    pub verdicts: (usize, usize),
    pub lines: (usize, usize),
}

fn percent((part, whole): (usize, usize)) -> f64 {
    if whole == 0 {
        100.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

impl Figures {
    pub fn line(&self) -> String {
        format!(
            "verdict agreement {}/{} = {:.2} %, same line {}/{} = {:.2} %",
            self.verdicts.0,
            self.verdicts.1,
            percent(self.verdicts),
            self.lines.0,
            self.lines.1,
            percent(self.lines)
        )
    }
}

/// Prints the report of one run and returns its figures and its problems.
pub(crate) fn judge(
    rules: &Rules,
    cases: &[Case],
    levls: &HashMap<PathBuf, Levls>,
) -> (Figures, Vec<String>) {
    // set → [files, agree, levls-only errors, levls misses, oracle crashes,
    //        both reject, on the same line]
    let mut table: BTreeMap<&str, [usize; 7]> = BTreeMap::new();
    let mut categories: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut lines: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut shown = Vec::new();
    let mut problems = Vec::new();
    let mut figures = Figures {
        verdicts: (0, 0),
        lines: (0, 0),
    };
    for case in cases {
        let id = case.id();
        let ours = &levls[&case.path];
        let theirs = &case.oracle;
        let row = table.entry(case.set).or_default();
        row[0] += 1;
        row[4] += theirs.message.starts_with("crashed") as usize;
        let measured = rules.measured.contains(&case.set);
        let agree = theirs.accepted == ours.accepted;
        if measured {
            figures.verdicts.1 += 1;
            figures.verdicts.0 += agree as usize;
        }
        if case.set == "corpus" && !(theirs.accepted && ours.accepted) {
            problems.push(format!(
                "{id}: a real file must get no error: lev_comp {}, levls {} {}",
                verdict(theirs.accepted),
                verdict(ours.accepted),
                ours.first_error
            ));
        }
        let decided = rules.decisions.iter().find(|(f, _)| *f == id);
        if agree {
            row[1] += 1;
            if let (Some(theirs_line), false) = (theirs.line, theirs.accepted) {
                row[5] += 1;
                let same = ours.line == Some(theirs_line);
                row[6] += same as usize;
                if measured {
                    figures.lines.1 += 1;
                    figures.lines.0 += same as usize;
                }
                if !same {
                    let side = if ours.line < Some(theirs_line) {
                        "earlier"
                    } else {
                        "later"
                    };
                    lines
                        .entry(format!(
                            "levls {side}: {} | lev_comp: {}",
                            ours.code(),
                            message_kind(&theirs.message)
                        ))
                        .or_default()
                        .push(format!(
                            "{id} [{}] lev_comp line {theirs_line} {} | levls {}",
                            case.note, theirs.message, ours.first_error
                        ));
                }
            }
            if let Some((_, why)) = decided {
                problems.push(format!("{id}: agrees now; drop its decision ({why})"));
            }
            continue;
        }
        row[if ours.accepted { 3 } else { 2 }] += 1;
        categories
            .entry(category(theirs, ours))
            .or_default()
            .push(id.clone());
        let line = format!(
            "{id} [{}]: lev_comp {}{} | levls {} {}",
            case.note,
            verdict(theirs.accepted),
            if theirs.message.is_empty() {
                String::new()
            } else {
                format!(" line {:?}: {}", theirs.line, theirs.message)
            },
            verdict(ours.accepted),
            ours.first_error,
        );
        if show_all() || shown.iter().filter(|(set, _)| *set == case.set).count() < SHOWN {
            shown.push((case.set, line.clone()));
        }
        if decided.is_none() && rules.strict.contains(&case.set) {
            problems.push(line);
        }
    }
    for (id, _) in rules.decisions {
        if !cases.iter().any(|c| c.id() == *id) {
            problems.push(format!("{id}: a decision for a file that is not an input"));
        }
    }
    let (verdict_pct, line_pct) = (percent(figures.verdicts), percent(figures.lines));
    if verdict_pct < VERDICT_THRESHOLD {
        problems.push(format!(
            "{}: verdict agreement {verdict_pct:.2} % is below {VERDICT_THRESHOLD} %",
            rules.title
        ));
    }
    if line_pct < SAME_LINE_THRESHOLD {
        problems.push(format!(
            "{}: same-line agreement {line_pct:.2} % is below {SAME_LINE_THRESHOLD} %",
            rules.title
        ));
    }

    eprintln!("\n== {}", rules.title);
    eprintln!(
        "{:<11} {:>5} {:>6} {:>17} {:>12} {:>14} {:>11} {:>9}",
        "set",
        "files",
        "agree",
        "levls-only errors",
        "levls misses",
        "oracle crashes",
        "both reject",
        "same line"
    );
    let mut total = [0usize; 7];
    for (set, row) in &table {
        for (t, r) in total.iter_mut().zip(row) {
            *t += r;
        }
        print_row(set, row);
    }
    print_row("total", &total);
    eprintln!(
        "(levls-only error: levls rejects, lev_comp accepts; levls miss: lev_comp rejects, levls accepts; \
         same line: levls' first error on lev_comp's line)"
    );
    eprintln!(
        "measured over {}: {}",
        rules.measured.join(" + "),
        figures.line()
    );
    print_groups("disagreements by category", &categories, false);
    print_groups("both reject, on another line", &lines, true);
    if !shown.is_empty() {
        if show_all() {
            eprintln!("every disagreement:");
        } else {
            eprintln!(
                "the first {SHOWN} disagreements of each set (LEVLS_ORACLE_SHOW_ALL=1: all):"
            );
        }
        for (_, line) in &shown {
            eprintln!("  {line}");
        }
    }
    (figures, problems)
}

/// `LEVLS_ORACLE_SHOW_ALL=1`: every disagreement and every line of another
/// line, not the first few.
fn show_all() -> bool {
    std::env::var("LEVLS_ORACLE_SHOW_ALL").is_ok_and(|v| v == "1")
}

fn print_groups(title: &str, groups: &BTreeMap<String, Vec<String>>, full: bool) {
    if groups.is_empty() {
        return;
    }
    eprintln!("{title}:");
    let mut by_count: Vec<_> = groups.iter().collect();
    by_count.sort_by_key(|(c, ids)| (std::cmp::Reverse(ids.len()), c.to_string()));
    let shown = if show_all() { usize::MAX } else { CATEGORIES };
    if by_count.len() > shown {
        eprintln!("  (the {CATEGORIES} largest of {})", by_count.len());
    }
    for (category, ids) in by_count.into_iter().take(shown) {
        if full && show_all() {
            eprintln!("  {:>4}  {category}", ids.len());
            for id in ids {
                eprintln!("        {id}");
            }
        } else if full {
            eprintln!("  {:>4}  {category}\n        e.g. {}", ids.len(), ids[0]);
        } else {
            let sample: Vec<&str> = ids.iter().take(4).map(String::as_str).collect();
            eprintln!(
                "  {:>4}  {category}  (e.g. {})",
                ids.len(),
                sample.join(", ")
            );
        }
    }
}

fn print_row(set: &str, row: &[usize; 7]) {
    eprintln!(
        "{set:<11} {:>5} {:>6} {:>17} {:>12} {:>14} {:>11} {:>9}",
        row[0], row[1], row[2], row[3], row[4], row[5], row[6]
    );
}

fn verdict(accepted: bool) -> &'static str {
    if accepted {
        "ok"
    } else {
        "REJ"
    }
}

/// What a disagreement is about, for counting: lev_comp's message without
/// quoted names and numbers; levls' code.
fn category(oracle: &Verdict, levls: &Levls) -> String {
    if levls.first_error == DECLINED {
        return format!("levls misses: {DECLINED}");
    }
    if levls.accepted {
        format!("levls misses: {}", message_kind(&oracle.message))
    } else {
        format!("levls-only error: {}", levls.code())
    }
}

/// lev_comp's message as a kind: a syntax error by the kind of token it
/// stopped at, other messages without the names and numbers they quote.
fn message_kind(message: &str) -> String {
    if let Some(token) = message.strip_prefix("syntax error at ") {
        let token = token.strip_prefix('"').unwrap_or(token);
        let token = token.strip_suffix('"').unwrap_or(token);
        let kind = match token.chars().next() {
            None => "\"\" (end of line or file)",
            Some('"') => "a \"string\"",
            Some('\'') => "a 'c' character",
            Some('$') => "a $variable",
            Some('[') => "[",
            Some(c) if c.is_ascii_digit() || c == '-' => "a number",
            Some(c) if c.is_ascii_alphabetic() => {
                if token.chars().all(|c| c.is_ascii_uppercase() || c == '_') {
                    "an UPPERCASE word"
                } else {
                    "a word not all uppercase"
                }
            }
            _ => token,
        };
        return format!("syntax error at {kind}");
    }
    if message.starts_with("crashed") {
        return "crashed".to_string();
    }
    let mut out = String::new();
    let mut quoted = None;
    for c in message.chars() {
        match quoted {
            Some(q) if c == q => {
                out.push('…');
                out.push(c);
                quoted = None;
            }
            Some(_) => {}
            None if c == '"' || c == '\'' => {
                out.push(c);
                quoted = Some(c);
            }
            // Numbers too: `Coordinates (N,N) out of map range!`.
            None if c.is_ascii_digit() || c == '-' => {
                if !out.ends_with('N') {
                    out.push('N');
                }
            }
            None => out.push(c),
        }
    }
    out
}
