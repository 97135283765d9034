//! What `makedefs -e` does to a source tree's `dungeon.def` before dgn_comp
//! reads it, kept line for line and byte for byte (what it drops becomes
//! blanks), so dgn_comp's reading of the result points into the user's text.
//!
//! Both dialects drop lines that start with `#`. 3.4.3's makedefs keeps the
//! rest of a `%REINCARNATION` line (the option is on in a default build) and
//! stops at any other `%` option; 3.6's has no `%` lines (dgn_comp then meets
//! the `%`) but conditional lines: `^?ID` / `^!ID` (if / if not), `^:`
//! (else), `^.` (end), `^#` (a comment), `^^` (a literal `^`).

use std::ops::Range;

/// The two toolchains: their dgn_comp is the same program, their makedefs differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    V343,
    V36,
}

impl Dialect {
    pub fn label(self) -> &'static str {
        match self {
            Dialect::V343 => "3.4.3",
            Dialect::V36 => "3.6",
        }
    }

    /// The dialect a file's control lines show: its first `%` line means
    /// 3.4.3, its first `^` line 3.6; a file with neither reads the same in
    /// both (the compilers are one program), and is called 3.6.
    pub fn of(text: &str) -> Dialect {
        text.lines()
            .find_map(|line| match line.as_bytes().first() {
                Some(b'%') => Some(Dialect::V343),
                Some(b'^') => Some(Dialect::V36),
                _ => None,
            })
            .unwrap_or(Dialect::V36)
    }
}

/// The 3.4.3 makedefs options a `%` line may name, with whether a default
/// build turns them on.
pub const CONTROL_OPTIONS: &[(&str, bool)] = &[("REINCARNATION", true)];

/// A fault of the makedefs step, on one line (a byte range of it).
#[derive(Debug, PartialEq, Eq)]
pub struct Fault {
    pub range: Range<usize>,
    pub kind: FaultKind,
}

#[derive(Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// 3.4.3: a `%` option makedefs does not know (it stops there).
    UnknownOption(String),
    /// 3.6: a conditional makedefs refuses (its own words).
    Conditional(String),
}

/// A `%REINCARNATION`-style prefix or a whole control line: what makedefs
/// reads but dgn_comp never sees (kept for highlighting and hover).
#[derive(Debug, PartialEq, Eq)]
pub struct Control {
    pub range: Range<usize>,
    /// Whether the lines it governs reach dgn_comp.
    pub kept: bool,
}

/// The text dgn_comp reads, of the same length as the source.
pub struct Prepared {
    pub text: Vec<u8>,
    pub controls: Vec<Control>,
    pub faults: Vec<Fault>,
}

pub fn prepare(source: &str, dialect: Dialect) -> Prepared {
    let mut text = source.as_bytes().to_vec();
    let mut controls = Vec::new();
    let mut faults = Vec::new();
    let mut conditions = Conditions::default();
    let mut start = 0;
    while start < source.len() {
        let end = source[start..]
            .find('\n')
            .map_or(source.len(), |i| start + i);
        let line = &source[start..end];
        let blank = |text: &mut Vec<u8>, from: usize| {
            text[from..end].iter_mut().for_each(|b| {
                if *b != b'\r' {
                    *b = b' '
                }
            })
        };
        let writing = conditions.writing();
        match (dialect, line.as_bytes().first()) {
            (Dialect::V36, Some(b'^')) if !line[1..].starts_with(|c: char| c.is_whitespace()) => {
                if let Some(fault) = conditions.control(&line[1..]) {
                    faults.push(Fault {
                        range: start..end,
                        kind: FaultKind::Conditional(fault),
                    });
                }
                if line.as_bytes().get(1) == Some(&b'^') {
                    // `^^` is a line that starts with one literal `^`.
                    text[start] = b' ';
                } else {
                    blank(&mut text, start);
                    controls.push(Control {
                        range: start..end,
                        kept: conditions.writing(),
                    });
                }
            }
            _ if !writing => blank(&mut text, start),
            (_, Some(b'#')) => blank(&mut text, start),
            (Dialect::V343, Some(b'%')) => {
                let option = CONTROL_OPTIONS
                    .iter()
                    .find(|(name, _)| line[1..].starts_with(name));
                match option {
                    Some((name, on)) => {
                        let prefix = start..start + 1 + name.len();
                        controls.push(Control {
                            range: prefix.clone(),
                            kept: *on,
                        });
                        if *on {
                            blank(&mut text, start);
                            text[prefix.end..end]
                                .copy_from_slice(&source.as_bytes()[prefix.end..end]);
                        } else {
                            blank(&mut text, start);
                        }
                    }
                    None => {
                        let word: String = line[1..]
                            .chars()
                            .take_while(|c| !c.is_whitespace())
                            .collect();
                        faults.push(Fault {
                            range: start..end,
                            kind: FaultKind::UnknownOption(word),
                        });
                        blank(&mut text, start);
                    }
                }
            }
            _ => {}
        }
        start = end + 1;
    }
    if conditions.depth() > 0 {
        faults.push(Fault {
            range: source.len()..source.len(),
            kind: FaultKind::Conditional(format!(
                "{} unterminated conditional level{}",
                conditions.depth(),
                if conditions.depth() == 1 { "" } else { "s" }
            )),
        });
    }
    Prepared {
        text,
        controls,
        faults,
    }
}

/// 3.6 makedefs' stack of conditionals. Which identifiers a build defines
/// is generated from its configuration: levls reads every `^?ID` as defined
/// (the lines of its first branch reach dgn_comp) and every `^!ID` as not.
struct Conditions {
    /// Per open conditional: whether the enclosing lines were written,
    /// whether its else branch is written, and whether `^:` was seen. The
    /// first frame is the file itself (a `^:` there turns writing off).
    stack: Vec<(bool, bool, bool)>,
    skipping: bool,
}

impl Default for Conditions {
    fn default() -> Self {
        Conditions {
            stack: vec![(true, false, false)],
            skipping: false,
        }
    }
}

impl Conditions {
    fn writing(&self) -> bool {
        !self.skipping
    }

    fn depth(&self) -> usize {
        self.stack.len() - 1
    }

    fn control(&mut self, rest: &str) -> Option<String> {
        let writing = !self.skipping;
        match rest.as_bytes().first() {
            Some(b'#') | Some(b'^') => None,
            Some(b'.') if self.depth() == 0 => Some("unmatched ^. (endif)".into()),
            Some(b'.') => {
                let (outer, _, _) = self.stack.pop().expect("depth > 0");
                self.skipping = !outer;
                None
            }
            Some(b'?') | Some(b'!') => {
                if rest[1..].trim().is_empty() {
                    return Some("missing identifier".into());
                }
                let then = rest.starts_with('?');
                self.stack.push((writing, writing && !then, false));
                self.skipping = !(writing && then);
                None
            }
            Some(b':') => {
                let top = self.stack.last_mut().expect("the file's frame");
                let fault = top.2.then(|| "multiple : for same conditional".into());
                top.2 = true;
                self.skipping = !top.1;
                fault
            }
            other => Some(format!(
                "unknown control ^{}",
                other.map_or(String::new(), |&b| (b as char).to_string())
            )),
        }
    }
}

#[cfg(test)]
mod tests;
