//! dgn_comp's reading of a `dungeon.def`: its grammar statement by statement
//! over [`scanner`]'s tokens, and its checks with its own bookkeeping (the
//! slots of levels and branches it keeps, reused after a refused one), so
//! every file it accepts reads clean here and every file it refuses gets the
//! error on the line it names. A statement's checks run when its grammar
//! rule is reduced: at its last token, or, when it may still go on (an
//! optional chance, a branch's type or direction), once the next token is
//! read, on that token's line. dgn_comp stops at the first syntax error and
//! at its fatal errors; the statements after those are still read (for the
//! editor), but say nothing.

use super::makedefs::{self, Dialect, FaultKind};
use super::scanner::{Descriptor, Keyword, Lexeme, Scanner, Token, Word};
use crate::formats::{Diagnostic, Severity};
use std::ops::Range;

/// dgn_comp's limits (vanilla `global.h` and `dgn_file.h`).
pub const MAXLEVEL: i32 = 32;
pub const MAXDUNGEON: i32 = 16;
pub const LEV_LIMIT: i32 = 50;
pub const BRANCH_LIMIT: i32 = 32;

/// What each written token of a statement is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Keyword,
    Colon,
    /// A dungeon's or a level's name.
    Name,
    Bones,
    /// The level a chained level or branch is placed from.
    ChainFrom,
    /// The dungeon a branch leads to.
    Target,
    /// `@` (placed in the dungeon) or `+` (from the chain level).
    Placement,
    Open,
    Base,
    Comma,
    Range,
    Close,
    Chance,
    /// How many variants an RNDLEVEL picks from.
    Variants,
    BranchType,
    Direction,
    Descriptor,
    Entry,
    Protofile,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    pub role: Role,
    pub range: Range<usize>,
    pub token: Token,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    pub keyword: Keyword,
    /// From the keyword to the last token read for it.
    pub range: Range<usize>,
    pub parts: Vec<Part>,
}

impl Statement {
    pub fn part(&self, role: Role) -> Option<&Part> {
        self.parts.iter().find(|p| p.role == role)
    }

    /// The integer written in a slot.
    pub fn integer(&self, role: Role) -> Option<i32> {
        match self.part(role)?.token {
            Token::Integer(n) => Some(n),
            _ => None,
        }
    }

    /// The text of a string slot, without its quotes.
    pub fn string<'t>(&self, text: &'t str, role: Role) -> Option<&'t str> {
        let part = self.part(role)?;
        (part.token == Token::String)
            .then(|| text.get(part.range.start + 1..part.range.end - 1))
            .flatten()
    }
}

/// dgn_comp's reading of one file.
pub struct Reading {
    pub dialect: Dialect,
    pub statements: Vec<Statement>,
    pub controls: Vec<makedefs::Control>,
    pub diagnostics: Vec<Diagnostic>,
}

pub fn read(text: &str) -> Reading {
    let dialect = Dialect::of(text);
    let prepared = makedefs::prepare(text, dialect);
    let mut compiler = Compiler::new(text, &prepared.text);
    for fault in &prepared.faults {
        let (code, message) = match &fault.kind {
            FaultKind::UnknownOption(option) => (
                "dungeon-def::unknown-control",
                format!(
                    "`%{option}` is no makedefs option: 3.4.3's makedefs knows `%REINCARNATION` only, and stops here (makedefs: Unknown control option)"
                ),
            ),
            FaultKind::Conditional(what) => (
                "dungeon-def::conditional",
                format!("makedefs refuses this conditional line ({what})"),
            ),
        };
        compiler.diagnostics.push(Diagnostic::new(
            Severity::Error,
            code,
            fault.range.clone(),
            message,
        ));
    }
    // makedefs stops before dgn_comp runs: nothing dgn_comp says is shown.
    compiler.silent = !prepared.faults.is_empty();
    compiler.file();
    Reading {
        dialect,
        statements: compiler.statements,
        controls: prepared.controls,
        diagnostics: compiler.diagnostics,
    }
}

#[derive(Clone, Default)]
struct LevelSlot {
    name: String,
    chance: i32,
    chain: i32,
}

#[derive(Clone, Default)]
struct BranchSlot {
    name: String,
    chain: i32,
}

#[derive(Clone, Default)]
struct DungeonSlot {
    name: String,
    levels: i32,
    branches: i32,
}

struct Compiler<'a> {
    source: &'a str,
    scanner: Scanner<'a>,
    /// The next token, once read.
    lookahead: Option<Lexeme>,
    /// The last token read.
    last: Option<Lexeme>,
    statements: Vec<Statement>,
    diagnostics: Vec<Diagnostic>,
    /// dgn_comp has stopped: read on for the editor, report nothing.
    silent: bool,
    dungeons: Vec<DungeonSlot>,
    levels: Vec<LevelSlot>,
    branches: Vec<BranchSlot>,
    n_dgns: i32,
    n_levs: i32,
    n_brs: i32,
    in_dungeon: bool,
}

/// Where a statement's checks report: its own range, and the line dgn_comp names.
#[derive(Clone)]
struct At {
    range: Range<usize>,
    line: usize,
}

impl<'a> Compiler<'a> {
    fn new(source: &'a str, prepared: &'a [u8]) -> Self {
        Compiler {
            source,
            scanner: Scanner::new(prepared),
            lookahead: None,
            last: None,
            statements: Vec::new(),
            diagnostics: Vec::new(),
            silent: false,
            dungeons: vec![DungeonSlot::default(); MAXDUNGEON as usize + 2],
            levels: vec![LevelSlot::default(); LEV_LIMIT as usize + 2],
            branches: vec![BranchSlot::default(); BRANCH_LIMIT as usize + 2],
            n_dgns: -1,
            n_levs: -1,
            n_brs: -1,
            in_dungeon: false,
        }
    }

    fn peek(&mut self) -> &Lexeme {
        if self.lookahead.is_none() {
            self.lookahead = Some(self.scanner.next_lexeme());
        }
        self.lookahead.as_ref().expect("just read")
    }

    fn take(&mut self) -> Lexeme {
        self.peek();
        let lexeme = self.lookahead.take().expect("peeked");
        self.last = Some(lexeme.clone());
        lexeme
    }

    /// The physical line (1-based) of a byte offset of the source.
    fn physical_line(&self, offset: usize) -> usize {
        1 + self.source.as_bytes()[..offset.min(self.source.len())]
            .iter()
            .filter(|b| **b == b'\n')
            .count()
    }

    fn error(&mut self, code: &'static str, at: &At, message: String, dgn_comp: &str) {
        if self.silent {
            return;
        }
        let line = if self.physical_line(at.range.start) == at.line {
            String::new()
        } else {
            format!("line {}: ", at.line)
        };
        self.diagnostics.push(Diagnostic::new(
            Severity::Error,
            code,
            at.range.clone(),
            format!("{message} (dgn_comp: {line}{dgn_comp})"),
        ));
    }

    fn file(&mut self) {
        let mut any = false;
        loop {
            let lexeme = self.take();
            match lexeme.token {
                Token::End => break,
                Token::Keyword(keyword) => {
                    any = true;
                    self.statement(keyword, lexeme);
                }
                _ => {
                    self.syntax_error(&lexeme, None);
                    self.resync();
                }
            }
        }
        // The file's rule: reduced at its end, after every statement.
        if any && self.n_dgns < 0 {
            let end = self.source.len();
            let line = self.last.as_ref().map_or(1, |l| l.line);
            let at = At {
                range: end..end,
                line: self.scanner_line_at_end(line),
            };
            self.error(
                "dungeon-def::no-dungeon",
                &at,
                "no `DUNGEON:` line: a dungeon description needs at least one dungeon".into(),
                "FATAL - no dungeons were defined.",
            );
        }
    }

    fn scanner_line_at_end(&self, fallback: usize) -> usize {
        self.last
            .as_ref()
            .filter(|l| l.token == Token::End)
            .map_or(fallback, |l| l.line)
    }

    /// After a syntax error: on to the next keyword, reading silently.
    fn resync(&mut self) {
        self.silent = true;
        while !matches!(self.peek().token, Token::Keyword(_) | Token::End) {
            self.take();
        }
    }

    fn syntax_error(&mut self, lexeme: &Lexeme, expected: Option<&str>) {
        let range = if lexeme.token == Token::End {
            self.source.len()..self.source.len()
        } else {
            lexeme.range.clone()
        };
        let found = self.describe(lexeme);
        let message = match expected {
            Some(expected) => format!("expected {expected}, found {found}"),
            None => match lexeme.token {
                Token::Char(c) if c.is_ascii_alphabetic() => {
                    let word = self.word_at(lexeme.range.start);
                    match super::vocabulary::closest_keyword(&word) {
                        Some(near) => format!("`{word}` is not a keyword: did you mean `{near}`?"),
                        None => format!("`{word}` is not a keyword"),
                    }
                }
                Token::Char(b'#') => {
                    "a comment must start in the first column (`#` elsewhere is not a comment)"
                        .into()
                }
                _ => format!("expected a keyword such as `LEVEL:`, found {found}"),
            },
        };
        let range = match (lexeme.token, expected) {
            (Token::Char(c), None) if c.is_ascii_alphabetic() => {
                let word = self.word_at(range.start);
                range.start..range.start + word.len()
            }
            _ => range,
        };
        let at = At {
            range,
            line: lexeme.line,
        };
        let code = if expected.is_none()
            && matches!(lexeme.token, Token::Char(c) if c.is_ascii_alphabetic())
        {
            "dungeon-def::unknown-keyword"
        } else {
            "dungeon-def::syntax"
        };
        self.error(code, &at, message, "syntax error");
    }

    /// The word (letters, digits, `_`) that starts at `offset`.
    fn word_at(&self, offset: usize) -> String {
        self.source[offset..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    }

    fn describe(&self, lexeme: &Lexeme) -> String {
        match lexeme.token {
            Token::End => "the end of the file".into(),
            Token::Char(b'\r') => "a carriage return".into(),
            Token::Char(c) if c.is_ascii_graphic() => {
                if c.is_ascii_alphabetic() {
                    format!("`{}`", self.word_at(lexeme.range.start))
                } else {
                    format!("`{}`", c as char)
                }
            }
            Token::Char(c) => format!("byte 0x{c:02x}"),
            _ => format!("`{}`", &self.source[lexeme.range.clone()]),
        }
    }

    /// Reads one token that must be `want`; a syntax error (and silence) if not.
    fn expect(&mut self, statement: &mut Statement, role: Role, expected: &str) -> Option<Lexeme> {
        let lexeme = self.peek().clone();
        let fits = match role {
            Role::Colon => lexeme.token == Token::Char(b':'),
            Role::Open => lexeme.token == Token::Char(b'('),
            Role::Comma => lexeme.token == Token::Char(b','),
            Role::Close => lexeme.token == Token::Char(b')'),
            Role::Placement => matches!(lexeme.token, Token::Char(b'@' | b'+')),
            Role::Name | Role::Bones | Role::ChainFrom | Role::Target | Role::Protofile => {
                lexeme.token == Token::String
            }
            Role::Base | Role::Range | Role::Chance | Role::Variants | Role::Entry => {
                matches!(lexeme.token, Token::Integer(_))
            }
            Role::Descriptor => matches!(lexeme.token, Token::Word(Word::Descriptor(_))),
            Role::BranchType | Role::Direction | Role::Keyword => false,
        };
        if !fits {
            self.syntax_error(&lexeme, Some(expected));
            self.resync();
            return None;
        }
        let lexeme = self.take();
        statement.parts.push(Part {
            role,
            range: lexeme.range.clone(),
            token: lexeme.token,
        });
        statement.range.end = lexeme.range.end;
        Some(lexeme)
    }

    /// Reads the next token into `role` if it is an integer.
    fn optional_integer(&mut self, statement: &mut Statement, role: Role) -> Option<Lexeme> {
        matches!(self.peek().token, Token::Integer(_))
            .then(|| self.expect(statement, role, "a number"))
            .flatten()
    }

    fn statement(&mut self, keyword: Keyword, first: Lexeme) {
        let mut statement = Statement {
            keyword,
            range: first.range.clone(),
            parts: vec![Part {
                role: Role::Keyword,
                range: first.range.clone(),
                token: first.token,
            }],
        };
        let read = self.statement_parts(keyword, &mut statement);
        self.statements.push(statement.clone());
        if let Some(at) = read {
            self.act(&statement, &at);
        }
    }

    /// The statement's tokens, after its keyword; where its rule is reduced
    /// (None after a syntax error).
    fn statement_parts(&mut self, keyword: Keyword, s: &mut Statement) -> Option<At> {
        use Keyword::*;
        self.expect(s, Role::Colon, "`:` after the keyword")?;
        let end = match keyword {
            Dungeon => {
                self.expect(s, Role::Name, "the dungeon's name, a string")?;
                self.bones(s)?;
                self.couple(s, false)?;
                self.optional_integer(s, Role::Chance)
            }
            Entry => Some(self.expect(s, Role::Entry, "the entry level, a number")?),
            Protofile => {
                Some(self.expect(s, Role::Protofile, "the prototype file's name, a string")?)
            }
            Description | LevelDesc | Alignment | LevAlign => {
                let lexeme = self.expect(
                    s,
                    Role::Descriptor,
                    "a descriptor such as `mazelike` or `lawful`",
                )?;
                self.check_descriptor(keyword, &lexeme, s);
                Some(lexeme)
            }
            Level | RndLevel | ChainLevel | RndChainLevel => {
                self.expect(s, Role::Name, "the level's name, a string")?;
                self.bones(s)?;
                let chained = matches!(keyword, ChainLevel | RndChainLevel);
                if chained {
                    self.expect(
                        s,
                        Role::ChainFrom,
                        "the name of the level it chains from, a string",
                    )?;
                }
                let placement = if chained { "`+`" } else { "`@`" };
                self.placement(s, placement)?;
                self.couple(s, chained)?;
                if matches!(keyword, RndLevel | RndChainLevel) {
                    self.expect(s, Role::Variants, "the number of variants, a number")?;
                    match self.optional_integer(s, Role::Variants) {
                        // Two numbers: the first is the chance.
                        Some(second) => {
                            let first = s.parts.iter().rposition(|p| p.role == Role::Variants);
                            if let Some(i) = first.and_then(|i| i.checked_sub(1)) {
                                s.parts[i].role = Role::Chance;
                            }
                            Some(second)
                        }
                        None => None,
                    }
                } else {
                    self.optional_integer(s, Role::Chance)
                }
            }
            Branch | ChainBranch => {
                self.expect(
                    s,
                    Role::Target,
                    "the name of the dungeon it leads to, a string",
                )?;
                let chained = keyword == ChainBranch;
                if chained {
                    self.expect(
                        s,
                        Role::ChainFrom,
                        "the name of the level it chains from, a string",
                    )?;
                }
                self.placement(s, if chained { "`+`" } else { "`@`" })?;
                self.couple(s, chained)?;
                if let Token::Word(Word::Stair | Word::NoUp | Word::NoDown | Word::Portal) =
                    self.peek().token
                {
                    let lexeme = self.take();
                    s.parts.push(Part {
                        role: Role::BranchType,
                        range: lexeme.range.clone(),
                        token: lexeme.token,
                    });
                    s.range.end = lexeme.range.end;
                }
                if let Token::Word(Word::Up | Word::Down) = self.peek().token {
                    let lexeme = self.take();
                    s.parts.push(Part {
                        role: Role::Direction,
                        range: lexeme.range.clone(),
                        token: lexeme.token,
                    });
                    s.range.end = lexeme.range.end;
                    Some(lexeme)
                } else {
                    None
                }
            }
        };
        // Reduced at its last token, or with the next one read.
        let line = match end {
            Some(lexeme) => lexeme.line,
            None => self.peek().line,
        };
        // A token that cannot follow is the next statement's syntax error,
        // after this one's checks have run.
        Some(At {
            range: s.range.clone(),
            line,
        })
    }

    fn placement(&mut self, s: &mut Statement, expected: &str) -> Option<()> {
        let want = if expected == "`+`" { b'+' } else { b'@' };
        if self.peek().token != Token::Char(want) {
            let lexeme = self.peek().clone();
            self.syntax_error(&lexeme, Some(expected));
            self.resync();
            return None;
        }
        self.expect(s, Role::Placement, expected).map(|_| ())
    }

    /// The bones tag: one character, or `none`.
    fn bones(&mut self, s: &mut Statement) -> Option<()> {
        let lexeme = self.expect(
            s,
            Role::Bones,
            "the bones letter, a one-character string or \"none\"",
        )?;
        let inner = &self.source.as_bytes()[lexeme.range.start + 1..lexeme.range.end - 1];
        if inner.len() != 1 && inner != b"none" {
            let at = At {
                range: lexeme.range.clone(),
                line: lexeme.line,
            };
            self.error(
                "dungeon-def::bones-letter",
                &at,
                format!(
                    "the bones letter must be one character or \"none\", not {} bytes: this {} gets no bones files",
                    inner.len(),
                    if s.keyword == Keyword::Dungeon { "dungeon" } else { "level" }
                ),
                "Bones marker must be a single char, or \"none\"!",
            );
        }
        Some(())
    }

    /// `(base, range)`: placed in the dungeon (`@`) or relative (`+`, and a dungeon's size).
    fn couple(&mut self, s: &mut Statement, relative: bool) -> Option<()> {
        let open = self.expect(s, Role::Open, "`(`")?;
        let base = self.expect(s, Role::Base, "the base level, a number")?;
        self.expect(s, Role::Comma, "`,`")?;
        let range = self.expect(s, Role::Range, "the random range, a number")?;
        let close = self.expect(s, Role::Close, "`)`")?;
        let (Token::Integer(b), Token::Integer(r)) = (base.token, range.token) else {
            return Some(());
        };
        let at = |part: &Lexeme| At {
            range: part.range.clone(),
            line: close.line,
        };
        let relative = relative || s.keyword == Keyword::Dungeon;
        if !(-MAXLEVEL..=MAXLEVEL).contains(&b) {
            let (kind, said) = if relative {
                ("Rel", "Rel base out of dlevel range - zeroing!")
            } else {
                ("Abs", "Abs base out of dlevel range - zeroing!")
            };
            let _ = kind;
            self.error(
                "dungeon-def::base-out-of-range",
                &at(&base),
                format!("the base {b} is outside -{MAXLEVEL}..{MAXLEVEL}, the levels a dungeon may have"),
                said,
            );
        } else if !relative
            && (r < -1
                || if b < 0 {
                    MAXLEVEL + b + r + 1 > MAXLEVEL
                } else {
                    b + r > MAXLEVEL
                })
        {
            let message = if r < -1 {
                format!(
                    "the range {r} is below -1 (-1: anywhere from the base to the dungeon's end)"
                )
            } else {
                format!("the base {b} plus the range {r} reaches past level {MAXLEVEL}, the deepest a dungeon may have")
            };
            self.error(
                "dungeon-def::range-out-of-range",
                &at(&range),
                message,
                "Abs range out of dlevel range - zeroing!",
            );
        }
        let _ = open;
        Some(())
    }

    fn check_descriptor(&mut self, keyword: Keyword, lexeme: &Lexeme, s: &Statement) {
        let Token::Word(Word::Descriptor(d)) = lexeme.token else {
            return;
        };
        let v = d.value();
        let at = At {
            range: lexeme.range.clone(),
            line: lexeme.line,
        };
        let word = &self.source[lexeme.range.clone()];
        let _ = s;
        match keyword {
            Keyword::Description if v <= Descriptor::Town.value() || v >= Descriptor::Chaotic.value() => self.error(
                "dungeon-def::illegal-description",
                &at,
                format!("`{word}` does not describe a dungeon: DESCRIPTION takes `hellish`, `mazelike` or `roguelike`"),
                "Illegal description - ignoring!",
            ),
            Keyword::LevelDesc if v >= Descriptor::Chaotic.value() => self.error(
                "dungeon-def::illegal-description",
                &at,
                format!("`{word}` is an alignment: LEVELDESC takes `town`, `hellish`, `mazelike`, `roguelike` (LEVALIGN sets the alignment)"),
                "Illegal description - ignoring!",
            ),
            Keyword::Alignment | Keyword::LevAlign if v != 0 && v < Descriptor::Chaotic.value() => self.error(
                "dungeon-def::illegal-alignment",
                &at,
                format!("`{word}` is not an alignment: {} takes `lawful`, `neutral`, `chaotic`, `unaligned` or `noalign`", self.source[s.range.start..].split(':').next().unwrap_or_default()),
                "Illegal alignment - ignoring!",
            ),
            _ => {}
        }
    }

    /// dgn_comp's action for a statement read whole: its bookkeeping and checks.
    fn act(&mut self, s: &Statement, at: &At) {
        use Keyword::*;
        match s.keyword {
            Dungeon => {
                self.n_dgns += 1;
                if self.n_dgns > MAXDUNGEON {
                    self.fatal(
                        "dungeon-def::too-many-dungeons",
                        at,
                        format!("more than {} dungeons: dgn_comp stops here", MAXDUNGEON + 1),
                        &format!("FATAL - Too many dungeons (limit: {MAXDUNGEON})."),
                    );
                    return;
                }
                self.in_dungeon = true;
                let name = s
                    .string(self.source, Role::Name)
                    .unwrap_or_default()
                    .to_string();
                if let Some(slot) = self.dungeon_slot() {
                    *slot = DungeonSlot {
                        name,
                        levels: 0,
                        branches: 0,
                    };
                }
            }
            Level | RndLevel => {
                if !self.init_level(s, at) {
                    return;
                }
                if let Some(slot) = self.dungeon_slot() {
                    slot.levels += 1;
                }
            }
            ChainLevel | RndChainLevel => {
                if !self.init_level(s, at) {
                    return;
                }
                let chain = self.chain(s, at);
                self.levels[self.n_levs as usize].chain = chain;
                if self.check_level(s, at) {
                    if let Some(slot) = self.dungeon_slot() {
                        slot.levels += 1;
                    }
                } else {
                    self.n_levs -= 1;
                }
            }
            Branch | ChainBranch => {
                self.n_brs += 1;
                if self.n_brs > BRANCH_LIMIT {
                    self.fatal(
                        "dungeon-def::too-many-branches",
                        at,
                        format!(
                            "more than {} branches: dgn_comp stops here",
                            BRANCH_LIMIT + 1
                        ),
                        "FATAL - Too many special levels defined.",
                    );
                    return;
                }
                let name = s
                    .string(self.source, Role::Target)
                    .unwrap_or_default()
                    .to_string();
                let chain = if s.keyword == ChainBranch {
                    self.chain(s, at)
                } else {
                    -1
                };
                self.branches[self.n_brs as usize] = BranchSlot { name, chain };
                if self.check_branch(s, at) {
                    if let Some(slot) = self.dungeon_slot() {
                        slot.branches += 1;
                    }
                } else {
                    self.n_brs -= 1;
                }
            }
            Entry | Protofile | Description | LevelDesc | Alignment | LevAlign => {}
        }
    }

    fn dungeon_slot(&mut self) -> Option<&mut DungeonSlot> {
        usize::try_from(self.n_dgns)
            .ok()
            .and_then(|i| self.dungeons.get_mut(i))
    }

    fn fatal(&mut self, code: &'static str, at: &At, message: String, said: &str) {
        self.error(code, at, message, said);
        self.silent = true;
    }

    fn init_level(&mut self, s: &Statement, at: &At) -> bool {
        self.n_levs += 1;
        if self.n_levs > LEV_LIMIT {
            self.fatal(
                "dungeon-def::too-many-levels",
                at,
                format!(
                    "more than {} special levels: dgn_comp stops here",
                    LEV_LIMIT + 1
                ),
                "FATAL - Too many special levels defined.",
            );
            return false;
        }
        let chance = s.integer(Role::Chance).unwrap_or(100);
        self.levels[self.n_levs as usize] = LevelSlot {
            name: s
                .string(self.source, Role::Name)
                .unwrap_or_default()
                .to_string(),
            chance,
            chain: -1,
        };
        true
    }

    /// The slot of the level a statement chains from, among the current
    /// dungeon's levels (itself included); -2 if none has that name.
    fn chain(&mut self, s: &Statement, at: &At) -> i32 {
        let name = s.string(self.source, Role::ChainFrom).unwrap_or_default();
        if name.is_empty() {
            return -1;
        }
        let levels = usize::try_from(self.n_dgns)
            .ok()
            .map_or(0, |i| self.dungeons[i].levels);
        let first = self.n_levs - levels + 1;
        for i in first.max(0)..=self.n_levs {
            if self.levels.get(i as usize).is_some_and(|l| l.name == name) {
                return i;
            }
        }
        let range = s
            .part(Role::ChainFrom)
            .map_or(at.range.clone(), |p| p.range.clone());
        self.error(
            "dungeon-def::unknown-chain-level",
            &At {
                range,
                line: at.line,
            },
            format!("no level \"{name}\" in this dungeon before here to chain from"),
            "Can't locate the specified chain level.",
        );
        -2
    }

    fn check_level(&mut self, s: &Statement, at: &At) -> bool {
        if !self.in_dungeon {
            self.error(
                "dungeon-def::outside-dungeon",
                at,
                "a level before the first `DUNGEON:` line".into(),
                "Level defined outside of dungeon.",
            );
            return false;
        }
        let n = self.n_levs as usize;
        let name = self.levels[n].name.clone();
        if self.levels[..n].iter().any(|l| l.name == name) {
            let range = s
                .part(Role::Name)
                .map_or(at.range.clone(), |p| p.range.clone());
            self.error(
                "dungeon-def::duplicate-level",
                &At {
                    range,
                    line: at.line,
                },
                format!("a level named \"{name}\" is defined above"),
                "Duplicate level name.",
            );
            return false;
        }
        let chain = self.levels[n].chain;
        if chain == -2 {
            // Reported with the name it could not find.
            return false;
        }
        if chain != -1 {
            if self.levels[chain as usize].chance != 100 {
                self.error("dungeon-def::chain-from-probabilistic", at, format!("\"{}\" may not exist (its chance is {}%): a level can only chain from a level that always does", self.levels[chain as usize].name, self.levels[chain as usize].chance), "Level cannot chain from a probabilistic level.");
                return false;
            }
            if chain as usize == n {
                self.error(
                    "dungeon-def::chain-to-itself",
                    at,
                    "a level cannot chain from itself".into(),
                    "A level cannot chain to itself!",
                );
                return false;
            }
        }
        true
    }

    fn check_branch(&mut self, s: &Statement, at: &At) -> bool {
        if !self.in_dungeon {
            self.error(
                "dungeon-def::outside-dungeon",
                at,
                "a branch before the first `DUNGEON:` line".into(),
                "Branch defined outside of dungeon.",
            );
            return false;
        }
        let name = self.branches[self.n_brs as usize].name.clone();
        let earlier = self.n_dgns.max(0) as usize;
        if self.dungeons[..earlier].iter().any(|d| d.name == name) {
            let range = s
                .part(Role::Target)
                .map_or(at.range.clone(), |p| p.range.clone());
            self.error("dungeon-def::reverse-branch", &At { range, line: at.line }, format!("\"{name}\" is defined above: a branch may only lead to a dungeon defined later"), "Reverse branching not allowed.");
            return false;
        }
        // dgn_comp looks at the branch in the slot numbered like the current
        // dungeon, not at this one (a slot never written reads as chain 0).
        let looked_at = self
            .branches
            .get(self.n_dgns.max(0) as usize)
            .map_or(0, |b| b.chain);
        if looked_at == -2 {
            if self.branches[self.n_brs as usize].chain != -2 {
                self.error(
                    "dungeon-def::unknown-chain-level",
                    at,
                    "dgn_comp reads the chain of another branch here, which names no level".into(),
                    "Invaild branch chain reference.",
                );
            }
            return false;
        }
        if looked_at != -1 {
            let from = &self.levels[looked_at as usize];
            if from.chance != 100 {
                let message = format!("\"{}\" may not exist (its chance is {}%): a branch can only chain from a level that always does", from.name, from.chance);
                self.error(
                    "dungeon-def::chain-from-probabilistic",
                    at,
                    message,
                    "Branch cannot chain from a probabilistic level.",
                );
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests;
