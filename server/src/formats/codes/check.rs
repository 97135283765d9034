//! The agreement of a table of codes with its docs page and its source:
//! every declared code is documented and emitted, every documented or
//! emitted code is declared, and the docs' table of codes shows each one's
//! declared summary and severity. One failure lists every disagreement, each
//! saying what to write where.

use super::read::{self, MdTable};
use super::Code;
use crate::formats::{registry, Format, Severity};
use std::path::{Path, PathBuf};

/// A table of codes and where its codes are documented and emitted (paths
/// relative to the repository root).
pub struct Table {
    pub prefix: &'static str,
    pub codes: &'static [Code],
    /// The file that declares `codes`.
    pub declared_in: String,
    /// The page whose table of codes lists them.
    pub doc: String,
    /// The folder whose `.rs` files emit them.
    pub source: String,
    /// Files and folders under `source` not to scan: the table itself, the checks.
    pub skip: Vec<String>,
}

impl Table {
    /// A format's: `server/src/formats/<name>/codes.rs`, `docs/formats/<name>.md`.
    pub fn of(format: &dyn Format) -> Table {
        let name = format.name();
        let source = format!("server/src/formats/{}", name.replace('-', "_"));
        Table {
            prefix: name,
            codes: format.codes(),
            declared_in: format!("{source}/codes.rs"),
            doc: format!("docs/formats/{name}.md"),
            skip: vec![format!("{source}/codes.rs")],
            source,
        }
    }

    /// levls' own, emitted anywhere in the server.
    pub fn levls() -> Table {
        Table {
            prefix: "levls",
            codes: super::LEVLS,
            declared_in: "server/src/formats/codes.rs".into(),
            doc: "docs/README.md".into(),
            source: "server/src".into(),
            skip: vec![
                "server/src/formats/codes.rs".into(),
                "server/src/formats/codes".into(),
            ],
        }
    }

    fn declares(&self, name: &str) -> Option<&'static Code> {
        self.codes.iter().find(|c| c.name == name)
    }
}

/// Fails with the list of disagreements between `table`, its page and its source.
pub fn agree(table: &Table) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut problems = Vec::new();
    declarations(table, &mut problems);
    docs(table, &root, &mut problems);
    source(table, &root, &mut problems);
    assert!(
        problems.is_empty(),
        "the codes of {} disagree with {} or {}/:\n- {}",
        table.declared_in,
        table.doc,
        table.source,
        problems.join("\n- ")
    );
}

fn prefixes() -> Vec<&'static str> {
    let mut out = vec!["levls"];
    out.extend(registry().iter().map(|f| f.name()));
    out
}

/// Any table's declaration of `name`.
fn declared_anywhere(name: &str) -> Option<&'static Code> {
    super::all().find(|c| c.name == name)
}

fn declarations(table: &Table, problems: &mut Vec<String>) {
    for (i, code) in table.codes.iter().enumerate() {
        let own = code
            .name
            .strip_prefix(table.prefix)
            .is_some_and(|n| n.starts_with("::"));
        if !own || !read::is_code(code.name, &prefixes()) {
            problems.push(format!(
                "{} declares `{}`: a code of this table is `{}::` and lower-case words joined by `-`",
                table.declared_in, code.name, table.prefix
            ));
        }
        if table.codes[..i].iter().any(|c| c.name == code.name) {
            problems.push(format!(
                "{} declares `{}` twice: remove one",
                table.declared_in, code.name
            ));
        }
    }
}

/// The severities a docs cell names (`error`, `error / warning`), or the
/// word it does not know.
fn severities(cell: &str) -> Result<Vec<Severity>, String> {
    cell.split('/')
        .map(|w| match w.trim() {
            "error" => Ok(Severity::Error),
            "warning" => Ok(Severity::Warning),
            "info" => Ok(Severity::Information),
            "hint" => Ok(Severity::Hint),
            other => Err(other.to_string()),
        })
        .collect()
}

/// What a docs row shows as the severity of `code`.
fn severity_cell(code: &Code) -> &'static str {
    code.severity.map_or("error / warning", Severity::as_str)
}

fn suggested_row(code: &Code) -> String {
    format!(
        "| `{}` | {} | {} |",
        code.name,
        severity_cell(code),
        code.summary
    )
}

/// Is `table` a table of codes: its first column the code, one a meaning?
fn is_index(table: &MdTable) -> bool {
    table.column("code") == Some(0) && table.column("meaning").is_some()
}

fn docs(table: &Table, root: &Path, problems: &mut Vec<String>) {
    let doc = &table.doc;
    let text = std::fs::read_to_string(root.join(doc)).expect("read the docs page");
    let prefixes = prefixes();
    // (line, severity cell, meaning cell) of each own code's row in the table of codes.
    let mut index_rows: Vec<(&str, usize, String, String)> = Vec::new();
    let tables = read::tables(&text);
    for t in &tables {
        let Some(code_col) = t.column("code") else {
            continue;
        };
        let severity_col = t.column("severity");
        for (line, row) in &t.rows {
            let Some(cell) = row.get(code_col) else {
                continue;
            };
            let codes = read::quoted_codes(cell, &prefixes);
            for &name in &codes {
                let own = table.declares(name);
                let declared = match own {
                    Some(code) => code,
                    None if name.starts_with("levls::") && table.prefix != "levls" => {
                        match declared_anywhere(name) {
                            Some(code) => code,
                            None => {
                                problems.push(format!(
                                    "{doc}:{line} documents `{name}`, which server/src/formats/codes.rs does not declare: declare it there if levls emits it, else remove the row"
                                ));
                                continue;
                            }
                        }
                    }
                    None if name.starts_with(&format!("{}::", table.prefix)) => {
                        problems.push(format!(
                            "{doc}:{line} documents `{name}`, which {} does not declare: declare it there if levls emits it (see {}/), else remove it from this row",
                            table.declared_in, table.source
                        ));
                        continue;
                    }
                    None => {
                        problems.push(format!(
                            "{doc}:{line} lists `{name}` of another format in a table of codes: document it on that format's page instead"
                        ));
                        continue;
                    }
                };
                if let Some(col) = severity_col {
                    let shown = row.get(col).map_or("", String::as_str);
                    match (severities(shown), declared.severity) {
                        (Err(word), _) => problems.push(format!(
                            "{doc}:{line}: the severity of `{name}` is `{word}`; write error, warning, info or hint (several joined by ` / `)"
                        )),
                        (Ok(found), Some(s)) if found != [s] => problems.push(format!(
                            "{doc}:{line}: the severity of `{name}` is `{shown}`, but {} declares it always {}: fix one of them",
                            declared_file(declared), s.as_str()
                        )),
                        _ => {}
                    }
                }
                if is_index(t) && codes.len() == 1 && own.is_some() {
                    let meaning = t.column("meaning").and_then(|c| row.get(c));
                    let severity = severity_col.and_then(|c| row.get(c));
                    index_rows.push((
                        name,
                        *line,
                        severity.cloned().unwrap_or_default(),
                        meaning.cloned().unwrap_or_default(),
                    ));
                }
            }
        }
    }
    if !tables.iter().any(is_index) {
        problems.push(format!(
            "{doc} has no table of codes: add one headed `| Code | Severity | Meaning |`, a row per code of {}",
            table.declared_in
        ));
    }
    for code in table.codes {
        let rows: Vec<_> = index_rows.iter().filter(|r| r.0 == code.name).collect();
        match rows[..] {
            [] => problems.push(format!(
                "{doc} has no row for `{}` in its table of codes (`| Code | Severity | Meaning |`); add this one:  {}",
                code.name,
                suggested_row(code)
            )),
            [(_, line, ref severity, ref meaning)] => {
                if !starts_with_words(meaning, code.summary) {
                    problems.push(format!(
                        "{doc}:{line}: the meaning of `{}` must start with its summary in {}, \"{}\": write it there, or change the summary",
                        code.name, table.declared_in, code.summary
                    ));
                }
                if code.severity.is_none() && severities(severity).is_ok_and(|s| s.len() < 2) {
                    problems.push(format!(
                        "{doc}:{line}: `{}` has no single severity ({} declares it with `Code::varies`): write each it can have, joined by ` / `",
                        code.name, table.declared_in
                    ));
                }
            }
            [_, ..] => problems.push(format!(
                "{doc} has {} rows for `{}` in its tables of codes: keep one",
                rows.len(),
                code.name
            )),
        }
    }
    // Mentions in the prose (rows were checked above).
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('|'))
    {
        for name in read::quoted_codes(line, &prefixes) {
            if declared_anywhere(name).is_none() {
                problems.push(format!(
                    "{doc}:{} mentions `{name}`, which no codes.rs declares: correct the name or remove the mention",
                    n + 1
                ));
            }
        }
    }
}

/// Does `text` start with `prefix`, ending at a word's end?
fn starts_with_words(text: &str, prefix: &str) -> bool {
    text.strip_prefix(prefix)
        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric()))
}

/// Which file declares `code`.
fn declared_file(code: &Code) -> String {
    let prefix = code.name.split("::").next().unwrap_or("");
    match registry().iter().find(|f| f.name() == prefix) {
        Some(format) => Table::of(*format).declared_in,
        None => Table::levls().declared_in,
    }
}

fn source(table: &Table, root: &Path, problems: &mut Vec<String>) {
    let prefixes = prefixes();
    let skip: Vec<PathBuf> = table.skip.iter().map(|s| root.join(s)).collect();
    let literals = read::literals(&root.join(&table.source), &skip, &prefixes);
    let shown = |file: &PathBuf| {
        let relative = file.strip_prefix(root).unwrap_or(file);
        relative.display().to_string()
    };
    for lit in &literals {
        let (file, line, name) = (shown(&lit.file), lit.line, lit.text.as_str());
        if !read::is_code(name, &prefixes) {
            problems.push(format!(
                "{file}:{line}: \"{name}…\" looks like a code built at run time; write each code whole as a literal, so it can be checked"
            ));
        } else if name.starts_with(&format!("{}::", table.prefix)) {
            if table.declares(name).is_none() {
                problems.push(format!(
                    "{file}:{line} emits `{name}`, which {} does not declare: add `Code::error(\"{name}\", \"…\")` (or warning, hint, varies) there, and its row to the table of codes in {}",
                    table.declared_in, table.doc
                ));
            }
        } else if declared_anywhere(name).is_none() {
            problems.push(format!(
                "{file}:{line} emits `{name}`, which no codes.rs declares: declare it in its format's codes.rs"
            ));
        }
    }
    for code in table.codes {
        if !literals.iter().any(|l| !l.in_test && l.text == code.name) {
            problems.push(format!(
                "{} declares `{}`, but nothing under {}/ (tests aside) emits it: remove it there and from {}, or emit it",
                table.declared_in, code.name, table.source, table.doc
            ));
        }
    }
}
