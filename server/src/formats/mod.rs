//! Formats: everything that knows a level-file format, and nothing that knows LSP.
//!
//! Each format is a module with the same shape (parse → analyse → answer
//! queries) behind the [`Format`] trait. Everything here speaks byte offsets
//! into the document text; the LSP layer converts them to positions.

pub mod cap;
pub mod codes;
pub mod derf;
mod detect;
pub mod dungeon_def;
pub mod dungeon_mystery;
#[cfg(test)]
mod editor_languages;
pub mod embedded;
pub mod external;
pub mod facts;
pub mod fix_judge;
pub mod frupal;
pub mod nethack;
pub mod nethack_dungeon_lua;
pub mod nethack_lua;
pub mod picture;
pub mod settings;
mod suggest;
#[cfg(test)]
pub mod test_support;
pub mod wuas;

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use detect::{detect, Detection};
pub use settings::Settings;
pub use suggest::closest;

/// Where an answer points: a byte range of a file. `file: None` is the file
/// the question was asked about; an answer that reaches into another file (a
/// `dungeon.def` naming a `.des`, a game's definitions file) names it by path,
/// with the range in that file's own text. The LSP layer makes URIs and
/// positions of both.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub file: Option<PathBuf>,
    pub range: Range<usize>,
}

impl Location {
    /// A range of the file the question was asked about.
    pub fn here(range: Range<usize>) -> Self {
        Location { file: None, range }
    }

    /// A range of another file.
    pub fn in_file(path: impl Into<PathBuf>, range: Range<usize>) -> Self {
        Location {
            file: Some(path.into()),
            range,
        }
    }

    /// Ranges of the file the question was asked about.
    pub fn all_here(ranges: Vec<Range<usize>>) -> Vec<Self> {
        ranges.into_iter().map(Location::here).collect()
    }
}

/// A parsed document as a format sees it: the text, its syntax tree and where it lives.
pub struct SourceFile<'a> {
    pub text: &'a str,
    pub tree: &'a tree_sitter::Tree,
    /// The file's path, when it has one (used for extension-dependent rules).
    pub path: Option<&'a Path>,
    /// What the user configured (LSP settings, `levls check` options, `levls.toml`).
    pub settings: &'a Settings,
    /// Where a format may keep what it read of this very version for the next
    /// query (the server keeps one per document version; `levls check` none).
    pub memo: Option<&'a Memo>,
    /// The open document's earlier versions, as the format remembers them
    /// (the server keeps one [`History`] per open document; `levls check` none).
    pub history: Option<Past<'a>>,
    /// The other files of the workspace, as the index knows them, for
    /// answers that reach across files (None: the file is seen alone).
    pub workspace: Option<&'a dyn facts::Workspace>,
}

/// What a format read from one version of a document, kept for the next
/// query on the same version. Holds one value, of the format's choosing.
#[derive(Default)]
pub struct Memo(std::sync::OnceLock<Box<dyn std::any::Any + Send + Sync>>);

impl Memo {
    /// The kept value, computed by `init` the first time; None if another
    /// type is kept (the caller then computes its own).
    pub fn get_or_init<T: Send + Sync + 'static>(&self, init: impl FnOnce() -> T) -> Option<&T> {
        self.0.get_or_init(|| Box::new(init())).downcast_ref()
    }
}

/// What a format carries from one version of an open document to the next,
/// so that an answer may depend on how the text came to be and not only on
/// what it is now (NetHack: the dialect it settled on, which a half-typed
/// line must not flip). Holds one value, of the format's choosing, with the
/// version it was decided for; the server never looks inside.
#[derive(Default)]
pub struct History(std::sync::Mutex<Option<(i32, Box<dyn std::any::Any + Send + Sync>)>>);

/// One version of an open document, with its [`History`].
#[derive(Clone, Copy)]
pub struct Past<'a> {
    pub history: &'a History,
    pub version: i32,
}

impl Past<'_> {
    /// The format's state for this version: decided once per version by
    /// `decide`, from the state of the latest earlier version (None when
    /// there is none: the document was just opened, or kept another type).
    /// Every query on the version then gets the same state. A version older
    /// than the one kept (a stale snapshot) is decided from the kept state
    /// but not kept.
    pub fn carry<T: Clone + Send + Sync + 'static>(
        &self,
        decide: impl FnOnce(Option<&T>) -> T,
    ) -> T {
        let mut kept = self.history.0.lock().unwrap_or_else(|e| e.into_inner());
        let earlier = kept
            .as_ref()
            .and_then(|(version, state)| Some((*version, state.downcast_ref::<T>()?)));
        match earlier {
            Some((version, state)) if version == self.version => state.clone(),
            Some((version, state)) if version > self.version => decide(Some(state)),
            earlier => {
                let state = decide(earlier.map(|(_, state)| state));
                *kept = Some((self.version, Box::new(state.clone())));
                state
            }
        }
    }
}

impl SourceFile<'_> {
    /// What `read` makes of this version, read once: kept in the server's
    /// memo when there is one, else in `keep` (the caller's, for one query).
    pub fn read_once<'f, T: Send + Sync + 'static>(
        &'f self,
        keep: &'f mut Option<T>,
        read: impl Fn() -> T,
    ) -> &'f T {
        if let Some(kept) = self.memo.and_then(|memo| memo.get_or_init(&read)) {
            return kept;
        }
        keep.get_or_insert_with(read)
    }

    /// [`SourceFile::read_once`] for a reading shared beyond one query: kept
    /// in the server's memo when there is one, else read for this caller.
    pub fn read_shared<T: Send + Sync + 'static>(&self, read: impl Fn(&str) -> T) -> Arc<T> {
        let shared = || Arc::new(read(self.text));
        match self.memo.and_then(|memo| memo.get_or_init(shared)) {
            Some(kept) => kept.clone(),
            None => shared(),
        }
    }

    /// The lower-cased extension of the file, if any.
    pub fn extension(&self) -> Option<String> {
        self.path
            .and_then(|p| p.extension())
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
    Information,
    Hint,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Information => "info",
            Severity::Hint => "hint",
        }
    }
}

/// One text replacement, in byte offsets of the current text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    pub range: Range<usize>,
    pub new_text: String,
}

/// A quick fix attached to a diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub title: String,
    pub edits: Vec<Edit>,
    /// Certain enough to be applied with "fix all" / the preferred action.
    pub preferred: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub range: Range<usize>,
    pub severity: Severity,
    /// Stable code such as `derf::unknown-flag`, documented in `docs/formats/`.
    pub code: &'static str,
    pub message: String,
    pub fixes: Vec<Fix>,
}

impl Diagnostic {
    pub fn new(
        severity: Severity,
        code: &'static str,
        range: Range<usize>,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            range,
            severity,
            code,
            message: message.into(),
            fixes: Vec::new(),
        }
    }

    /// "Did you mean …?" for a name close to a known one: the question
    /// added to the message (`shown`: the known name as the message quotes
    /// it) and a fix that writes `new_text` over `range`.
    pub fn with_suggestion(
        mut self,
        shown: &str,
        range: Range<usize>,
        new_text: &str,
        preferred: bool,
    ) -> Self {
        self.message.push_str(&format!("; did you mean {shown}?"));
        self.with_fix(
            format!("Change to {shown}"),
            vec![Edit {
                range,
                new_text: new_text.to_string(),
            }],
            preferred,
        )
    }

    pub fn with_fix(mut self, title: impl Into<String>, edits: Vec<Edit>, preferred: bool) -> Self {
        self.fixes.push(Fix {
            title: title.into(),
            edits,
            preferred,
        });
        self
    }
}

/// What a format keeps between two analyses of one open document, so that
/// the next keystroke re-analyses only what changed. Each format puts its own
/// type in it; the LSP layer keeps one per document and never looks inside.
#[derive(Default)]
pub struct AnalysisCache(Option<Box<dyn std::any::Any + Send>>);

impl AnalysisCache {
    /// The format's state, created empty on first use (or when another type was
    /// kept: a document whose format changed).
    pub fn get<T: Default + Send + 'static>(&mut self) -> &mut T {
        if !self.0.as_ref().is_some_and(|b| b.is::<T>()) {
            self.0 = Some(Box::new(T::default()));
        }
        self.0
            .as_mut()
            .and_then(|b| b.downcast_mut::<T>())
            .expect("just set to T")
    }
}

/// Markdown shown on hover, with the span it describes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HoverInfo {
    pub range: Range<usize>,
    pub markdown: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompletionKind {
    Keyword,
    Constant,
    Class,
    Value,
    Snippet,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    pub label: String,
    pub kind: CompletionKind,
    /// One line shown next to the label.
    pub detail: Option<String>,
    pub documentation: Option<String>,
    /// The text that replaces `replace` (defaults to the label).
    pub insert_text: Option<String>,
    /// The span the completion replaces (the partial word under the cursor).
    pub replace: Range<usize>,
    /// `insert_text` is an LSP snippet (`${1:0}` placeholders), not plain text.
    pub snippet: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    File,
    Module,
    Namespace,
    Property,
    Field,
    Constant,
    String,
    Object,
    Struct,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    pub detail: Option<String>,
    pub kind: SymbolKind,
    /// The whole construct.
    pub range: Range<usize>,
    /// The part to highlight when the symbol is selected (inside `range`).
    pub selection: Range<usize>,
    pub children: Vec<Symbol>,
}

/// What a highlighted word is, for semantic highlighting. The LSP layer maps
/// each to a standard semantic token type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SemanticKind {
    /// A name the game defines elsewhere: a WUAS space name.
    Type,
    /// A short id that stands for a definition: a WUAS token id.
    EnumMember,
    /// A modifier of the word before it: a WUAS attribute id.
    Property,
    /// A name that marks one place: a WUAS label.
    Label,
    Keyword,
    Number,
    /// The remaining kinds name their LSP token type: NetHack map cells use
    /// them so each terrain gets a colour of its own.
    Function,
    Operator,
    Macro,
    String,
    Variable,
    Comment,
}

impl Symbol {
    /// A symbol without children.
    pub fn leaf(
        name: String,
        detail: Option<String>,
        kind: SymbolKind,
        range: Range<usize>,
        selection: Range<usize>,
    ) -> Symbol {
        Symbol {
            name,
            detail,
            kind,
            range,
            selection,
            children: Vec::new(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoldKind {
    Region,
    Comment,
}

/// A foldable region, as byte offsets of its first and last lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fold {
    pub range: Range<usize>,
    pub kind: FoldKind,
}

/// A short label shown inline after `offset` (e.g. the terrain under a coordinate).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlayHint {
    pub offset: usize,
    pub label: String,
    pub tooltip: Option<String>,
}

/// A text made from part of a file in another format (`levls convert`, the
/// editor's "Convert" action): NetHack's `.des` levels as 5.0 Lua scripts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conversion {
    /// The target's name, as `levls convert --to` takes it (`nethack-5.0`).
    pub target: &'static str,
    /// What the editor's action says ("Convert this level to NetHack 5.0 Lua").
    pub title: String,
    /// The new file's name, to go beside the source (`minetn-1.lua`).
    pub file_name: String,
    pub text: String,
    /// What could not be converted faithfully: where, and why (the text
    /// says so in a comment too).
    pub unconverted: Vec<(Range<usize>, String)>,
    /// The part of the file it comes from (a level).
    pub range: Range<usize>,
}

/// What a format provides. The LSP layer and the CLI only ever talk to this.
///
/// In four groups: who it is and how its files are recognised (`name` …
/// `language`); what it declares (`settings`, `codes`); its analysis
/// (`diagnostics`); and the editor's answers (`hover` … `pictures`), each
/// answering nothing by default, so a format implements what it has. One
/// trait with defaults rather than a trait per capability: every caller asks
/// every format the same way, and an answer a format lacks costs nothing.
pub trait Format: Send + Sync + 'static {
    /// Short stable name: `derf`.
    fn name(&self) -> &'static str;
    /// Human name: `DERF (Dungeon Engine Room File)`.
    fn display_name(&self) -> &'static str;
    /// LSP `languageId`s that select this format.
    fn language_ids(&self) -> &'static [&'static str];
    /// Lower-case file extensions, without the dot. One may hold a dot (`dungeoneer.json`):
    /// a file name ending with `.<it>` matches; the longest match wins.
    fn extensions(&self) -> &'static [&'static str];
    /// Does this text look like this format (first line or content)?
    fn sniff(&self, text: &str) -> bool;
    /// Extensions (no dot) whose files may be in this format or not, as
    /// their content says, and whose telling sign may come late (a Lua
    /// level's first `des.` call after its functions): `levls check` reads
    /// the whole of such a file before it gives up on it.
    fn content_extensions(&self) -> &'static [&'static str] {
        &[]
    }
    /// Is a file with one of [`Format::extensions`] really in this format? An
    /// extension shared with another language (`.des` is also Crawl's) can be
    /// refused on its content, so such files are left alone.
    fn claims(&self, _text: &str) -> bool {
        true
    }
    /// The tree-sitter grammar.
    fn language(&self) -> tree_sitter::Language;
    /// Whether the format's answers read the syntax tree. One that reads its
    /// text by itself is not parsed ([`reparse`] gives it the tree of an
    /// empty text): an open document's reparse at every key, and its tree,
    /// most of its memory, would serve nothing. The grammar stays for editors.
    fn reads_tree(&self) -> bool {
        true
    }
    /// The settings this format reads ([`settings`]): the server and
    /// `levls check` read them for it from every source.
    fn settings(&self) -> &'static [crate::formats::settings::Setting] {
        &[]
    }
    /// Every diagnostic code the format gives, each declared once (its `codes.rs`).
    fn codes(&self) -> &'static [codes::Code];

    fn diagnostics(&self, file: &SourceFile) -> Vec<Diagnostic>;
    /// The same diagnostics as [`Format::diagnostics`], for the next version of
    /// a document whose previous analysis left `cache`: a format that can
    /// re-analyse only the parts that changed does so (NetHack: per level).
    fn diagnostics_incremental(
        &self,
        file: &SourceFile,
        _cache: &mut AnalysisCache,
    ) -> Vec<Diagnostic> {
        self.diagnostics(file)
    }
    /// The fixes of `target` (one of `all`, the file's diagnostics) worth
    /// offering: only those that remove their diagnostic and add no error
    /// ([`fix_judge`]). By default each fix is applied and the whole file
    /// checked again; a format with cheaper ways (NetHack: per level) overrides.
    fn helpful_fixes(
        &self,
        file: &SourceFile,
        all: &[Diagnostic],
        target: &Diagnostic,
    ) -> Vec<Fix> {
        judge_fixes(self, file, all, target)
    }
    /// The default [`Format::helpful_fixes`] for every diagnostic of the
    /// file at once (`levls check`). A format that overrides `helpful_fixes`
    /// overrides this too.
    /// Within [`fix_judge::JUDGED_BYTES_AT_LEAST`]'s budget: past it, the
    /// later fixes are not offered, so a file of many fixable errors is
    /// not checked again once per fix. The same edits offered for many
    /// diagnostics (WUAS's "Format the document" on every misaligned box)
    /// are checked once, and cost little after that.
    fn keep_helpful_fixes(&self, file: &SourceFile, diagnostics: &mut [Diagnostic]) {
        let before = diagnostics.to_vec();
        let mut budget = file.text.len().max(fix_judge::JUDGED_BYTES_AT_LEAST);
        let mut judged = std::collections::HashSet::new();
        let checked = std::cell::RefCell::new(std::collections::HashMap::new());
        let check = |text: &str| -> Vec<Diagnostic> {
            if let Some(found) = checked.borrow().get(text) {
                return Vec::clone(found);
            }
            let found = recheck(self.language(), self.reads_tree(), file, text, |f| {
                self.diagnostics(f)
            });
            checked.borrow_mut().insert(text.to_string(), found.clone());
            found
        };
        for (d, target) in diagnostics.iter_mut().zip(&before) {
            if target.fixes.is_empty() {
                continue;
            }
            // Edits already judged for an earlier diagnostic are not checked
            // again: only applied and compared, about a 32nd of the cost.
            let edits: Vec<String> = target
                .fixes
                .iter()
                .map(|f| format!("{:?}", f.edits))
                .collect();
            let new = edits.iter().filter(|e| !judged.contains(*e)).count();
            let again = edits.len() - new;
            let cost = file.text.len() * new + (file.text.len() / 32).max(1) * again;
            if cost > budget {
                d.fixes.clear();
                continue;
            }
            budget -= cost;
            judged.extend(edits);
            d.fixes = fix_judge::helpful_fixes(file.text, &before, target, &check);
        }
    }
    fn hover(&self, _file: &SourceFile, _offset: usize) -> Option<HoverInfo> {
        None
    }
    fn completions(&self, _file: &SourceFile, _offset: usize) -> Vec<Completion> {
        Vec::new()
    }
    fn symbols(&self, _file: &SourceFile) -> Vec<Symbol> {
        Vec::new()
    }
    fn folds(&self, _file: &SourceFile) -> Vec<Fold> {
        Vec::new()
    }
    /// Where the name under the cursor is defined (in this file or another).
    fn definition(&self, _file: &SourceFile, _offset: usize) -> Vec<Location> {
        Vec::new()
    }
    /// Every use of the name under the cursor, its definitions included when asked.
    fn references(
        &self,
        _file: &SourceFile,
        _offset: usize,
        _include_definitions: bool,
    ) -> Vec<Location> {
        Vec::new()
    }
    /// The span of a renameable name under the cursor.
    fn prepare_rename(&self, _file: &SourceFile, _offset: usize) -> Option<Range<usize>> {
        None
    }
    /// The edits that rename the name under the cursor, or why it cannot be renamed.
    fn rename(
        &self,
        _file: &SourceFile,
        _offset: usize,
        _new_name: &str,
    ) -> Result<Vec<Edit>, String> {
        Err("nothing to rename here".into())
    }
    /// The same as [`Format::rename`], for a name other files use too: the
    /// edits of every file, each with its place (what the editor asks).
    fn rename_across(
        &self,
        file: &SourceFile,
        offset: usize,
        new_name: &str,
    ) -> Result<Vec<(Location, String)>, String> {
        Ok(self
            .rename(file, offset, new_name)?
            .into_iter()
            .map(|e| (Location::here(e.range), e.new_text))
            .collect())
    }
    /// Inline hints for the byte range shown in the editor.
    fn inlay_hints(&self, _file: &SourceFile, _range: Range<usize>) -> Vec<InlayHint> {
        Vec::new()
    }
    /// The edits that lay the document out canonically, or None when it
    /// cannot be formatted safely.
    fn format(&self, _file: &SourceFile) -> Option<Vec<Edit>> {
        None
    }
    /// Files beside the document whose contents change this format's
    /// answers (NetHack: a variant's sources), as glob patterns the editor
    /// is asked to watch.
    fn watched_files(&self) -> &'static [&'static str] {
        &[]
    }
    /// One of [`Format::watched_files`] changed on disk: forget what was read
    /// from it, so the next analysis reads it again. Whether it was read (so
    /// the open documents are analysed again).
    fn file_changed(&self, _path: &std::path::Path) -> bool {
        false
    }
    /// The extensions (lower-case, no dot) of the files whose facts other
    /// files depend on: the workspace index reads every such file it finds
    /// (and asks the editor to watch them). Empty: nothing to index.
    fn indexed_extensions(&self) -> &'static [&'static str] {
        &[]
    }
    /// What this file says that others depend on ([`facts`]).
    fn facts(&self, _file: &SourceFile) -> Option<facts::Facts> {
        None
    }
    /// The same facts read from the text alone, for a format that needs
    /// no parse for them (the index then reads thousands of files fast).
    fn facts_of_text(&self, _text: &str) -> Option<facts::Facts> {
        None
    }
    /// The diagnostics of a file that come from other files: read from its
    /// facts and the others' (never its tree), so a closed file gets them
    /// too, and a change elsewhere updates them.
    fn cross_diagnostics(
        &self,
        _path: &Path,
        _facts: &facts::Facts,
        _workspace: &dyn facts::Workspace,
    ) -> Vec<Diagnostic> {
        Vec::new()
    }
    /// A short note on how this file is read, for the editor's status line
    /// (NetHack: the dialect in force and why).
    fn status(&self, _file: &SourceFile) -> Option<String> {
        None
    }
    /// Words to highlight by meaning, in file order, each within one line.
    fn semantic_tokens(&self, _file: &SourceFile) -> Vec<(Range<usize>, SemanticKind)> {
        Vec::new()
    }
    /// The pictures of the file's maps (`levls render`, the editors' previews); `diagnostics` (the file's, as
    /// [`Format::diagnostics`] gives them) become markers on their cells.
    fn pictures(&self, _file: &SourceFile, _diagnostics: &[Diagnostic]) -> Vec<picture::Picture> {
        Vec::new()
    }
    /// The pictures, or why there are none although the format draws this
    /// file (dungeon-mystery: its generator cannot run). The CLI and the
    /// editor show the reason; formats that draw from the text alone keep
    /// the default.
    fn pictures_or_reason(
        &self,
        file: &SourceFile,
        diagnostics: &[Diagnostic],
    ) -> Result<Vec<picture::Picture>, String> {
        Ok(self.pictures(file, diagnostics))
    }
    /// [`Format::pictures_or_reason`] one picture at a time, in order, until
    /// `each` says stop (returns false): for a caller that keeps only what it
    /// takes from each picture. A format whose pictures are large all at once
    /// (WUAS: a 5 MB board's are a hundred megabytes) makes them one by one.
    fn each_picture(
        &self,
        file: &SourceFile,
        diagnostics: &[Diagnostic],
        each: &mut dyn FnMut(picture::Picture) -> bool,
    ) -> Result<(), String> {
        for p in self.pictures_or_reason(file, diagnostics)? {
            if !each(p) {
                break;
            }
        }
        Ok(())
    }
    /// The file's parts converted into other formats ([`Conversion`]): all of
    /// them, or only the one holding byte `at` (the editor's cursor: a code
    /// action request comes with each cursor move, and converts one part).
    fn conversions(&self, _file: &SourceFile, _at: Option<usize>) -> Vec<Conversion> {
        Vec::new()
    }
    /// `count` levels generated from the text by the game itself (NetHack:
    /// the user's MiniHack), one picture each, or why there are none (the
    /// game's own message). Slow: run it off the editor's async workers.
    fn samples(&self, _file: &SourceFile, _count: usize) -> Result<Vec<picture::Picture>, String> {
        Err(format!(
            "{} files have no generated samples (levls samples NetHack levels with MiniHack)",
            self.display_name()
        ))
    }
}

/// The largest document levls analyses. Level files are kilobytes; past
/// this size a file is refused with one located diagnostic instead of
/// spending seconds and gigabytes on it.
pub const MAX_FILE_BYTES: usize = 32 * 1024 * 1024;

/// The diagnostic for a file over [`MAX_FILE_BYTES`].
pub fn too_large(len: usize) -> Diagnostic {
    Diagnostic::new(
        Severity::Error,
        "levls::file-too-large",
        0..0,
        format!(
            "this file is {:.1} MB; levls checks files up to {} MB and skips this one",
            len as f64 / 1_048_576.0,
            MAX_FILE_BYTES / 1_048_576
        ),
    )
}

/// Where the word that ends at `offset` starts: just after the last blank
/// between `line_start` and `offset` (completion replaces that word).
pub fn word_start(text: &str, line_start: usize, offset: usize) -> usize {
    text[line_start..offset]
        .char_indices()
        .rev()
        .find(|(_, c)| c.is_whitespace())
        .map_or(line_start, |(i, c)| line_start + i + c.len_utf8())
}

impl Completion {
    /// The text the item puts in the document when its placeholders keep
    /// their defaults: what a client without snippets inserts.
    pub fn inserted_text(&self) -> String {
        let text = self.insert_text.as_deref().unwrap_or(&self.label);
        if self.snippet {
            snippet_defaults(text)
        } else {
            text.to_string()
        }
    }
}

/// A snippet as plain text, for clients that cannot expand placeholders:
/// `${1:0}` becomes `0`, `$0` and `$1` disappear.
pub fn snippet_defaults(snippet: &str) -> String {
    let mut out = String::new();
    let mut rest = snippet;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        rest = &rest[at + 1..];
        if let Some(inner) = rest.strip_prefix('{') {
            let end = inner.find('}').unwrap_or(inner.len());
            let body = &inner[..end];
            out.push_str(body.split_once(':').map_or("", |(_, default)| default));
            rest = inner.get(end + 1..).unwrap_or("");
        } else {
            rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
        }
    }
    out.push_str(rest);
    out
}

/// Every format levls knows, in detection order.
pub fn registry() -> &'static [&'static dyn Format] {
    static FORMATS: [&dyn Format; 8] = [
        &derf::Derf,
        &frupal::Frupal,
        &wuas::Wuas,
        &dungeon_mystery::DungeonMystery,
        // Before NetHack: its `LEVEL:` lines would pass for a level's header.
        &dungeon_def::DungeonDef,
        &nethack::NetHack,
        &nethack_lua::NetHackLua,
        &nethack_dungeon_lua::NetHackDungeonLua,
    ];
    &FORMATS
}

/// Look a format up by its short name.
pub fn by_name(name: &str) -> Option<&'static dyn Format> {
    registry().iter().copied().find(|f| f.name() == name)
}

/// Parse `text` from scratch with the format's grammar.
pub fn parse(format: &dyn Format, text: &str) -> tree_sitter::Tree {
    reparse(format, text, None)
}

/// The diagnostics of `text`, a changed version of `file`, read the same way
/// (same path and settings, nothing remembered from `file`).
fn recheck(
    language: tree_sitter::Language,
    reads_tree: bool,
    file: &SourceFile,
    text: &str,
    diagnostics: impl Fn(&SourceFile) -> Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    let tree = parse_with(language, reads_tree, text, None);
    diagnostics(&SourceFile {
        text,
        tree: &tree,
        path: file.path,
        settings: file.settings,
        memo: None,
        history: None,
        workspace: None,
    })
}

/// Parse `text`, reusing the unchanged parts of `old` (already `edit`ed to match `text`).
pub fn reparse(
    format: &dyn Format,
    text: &str,
    old: Option<&tree_sitter::Tree>,
) -> tree_sitter::Tree {
    parse_with(format.language(), format.reads_tree(), text, old)
}

/// The default [`Format::helpful_fixes`]: each fix of `target` applied and
/// the whole file checked again ([`fix_judge`]).
pub fn judge_fixes<F: Format + ?Sized>(
    format: &F,
    file: &SourceFile,
    all: &[Diagnostic],
    target: &Diagnostic,
) -> Vec<Fix> {
    if target.fixes.is_empty() {
        return Vec::new();
    }
    let check = |text: &str| {
        recheck(format.language(), format.reads_tree(), file, text, |f| {
            format.diagnostics(f)
        })
    };
    fix_judge::helpful_fixes(file.text, all, target, &check)
}

/// [`reparse`] with a format's grammar and its [`Format::reads_tree`].
fn parse_with(
    language: tree_sitter::Language,
    reads_tree: bool,
    text: &str,
    old: Option<&tree_sitter::Tree>,
) -> tree_sitter::Tree {
    let (text, old) = if reads_tree { (text, old) } else { ("", None) };
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&language)
        .expect("grammar ABI matches tree-sitter");
    parser
        .parse(text, old)
        .expect("parse without timeout or cancellation")
}

#[cfg(test)]
mod tests;
