//! What the fuzz targets share: run every query of a format over one input,
//! checking that every span it answers with lies inside the text on char
//! boundaries, and that quick fixes, renames and formatting edits apply.

mod check;
mod convert;

pub use check::{check, check_python};
pub use convert::convert_nethack;
use levls::formats::{parse, Edit, Format, Settings, SourceFile};
use std::ops::Range;
use std::path::PathBuf;

/// Panic unless `range` is a valid span of `text`.
pub fn check_range(text: &str, range: &Range<usize>, what: &str) {
    assert!(
        range.start <= range.end && range.end <= text.len(),
        "{what}: range {range:?} outside the text (len {})",
        text.len()
    );
    assert!(
        text.is_char_boundary(range.start) && text.is_char_boundary(range.end),
        "{what}: range {range:?} not on char boundaries"
    );
}

/// A location a format answered with: one in this file must be a range of
/// its text (one file answers about itself: nothing here points elsewhere).
pub fn check_location(text: &str, location: &levls::formats::Location, what: &str) {
    assert!(
        location.file.is_none(),
        "{what}: {location:?} points into another file"
    );
    check_range(text, &location.range, what);
}

/// Apply `edits` (byte offsets into `text`) to a copy of it, checking that they
/// are in bounds, on char boundaries and do not overlap.
pub fn apply(text: &str, edits: &[Edit], what: &str) -> String {
    let mut sorted: Vec<&Edit> = edits.iter().collect();
    sorted.sort_by_key(|e| (e.range.start, e.range.end));
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for edit in sorted {
        check_range(text, &edit.range, what);
        assert!(
            edit.range.start >= at,
            "{what}: edits overlap at {:?} (previous ended at {at})",
            edit.range
        );
        out.push_str(&text[at..edit.range.start]);
        out.push_str(&edit.new_text);
        at = edit.range.end;
    }
    out.push_str(&text[at..]);
    out
}

/// The largest char boundary of `text` at or before `offset`.
fn floor_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// A few cursor offsets derived from the input's last bytes, plus both ends.
fn offsets(data: &[u8], text: &str) -> Vec<usize> {
    let mut offsets = vec![0, text.len()];
    for pair in data.rchunks_exact(2).take(3) {
        let raw = u16::from_le_bytes([pair[0], pair[1]]) as usize;
        offsets.push(floor_boundary(text, raw % (text.len() + 1)));
    }
    offsets
}

const NEW_NAMES: [&str; 5] = ["renamed", "x", "", "two words", "é"];

/// Run every query of `format` over `data` read as (lossy) UTF-8.
pub fn exercise(format: &dyn Format, data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let text: &str = &text;
    let selector = data.first().copied().unwrap_or(0) as usize;
    // A path in a folder that does not exist: extension rules apply, and no
    // WUAS definitions file is found beside it.
    let extensions = format.extensions();
    let path = match selector % (extensions.len() + 2) {
        0 => None,
        i if i <= extensions.len() => Some(PathBuf::from(format!(
            "/nonexistent-levls-fuzz/fuzz.{}",
            extensions[i - 1]
        ))),
        _ => Some(PathBuf::from("/nonexistent-levls-fuzz/fuzz")),
    };
    let tree = parse(format, text);
    let file = SourceFile {
        text,
        tree: &tree,
        path: path.as_deref(),
        settings: &Settings::NONE,
        memo: None,
        history: None,
        workspace: None,
    };

    let diagnostics = format.diagnostics(&file);
    // The fixes `levls check` offers: every diagnostic's judged (each fix
    // applied and the text checked again, within the judge's budget).
    let mut judged = diagnostics.clone();
    format.keep_helpful_fixes(&file, &mut judged);
    for diagnostic in &judged {
        for fix in &diagnostic.fixes {
            apply(text, &fix.edits, &format!("judged fix `{}`", fix.title));
        }
    }
    // dungeon-mystery pictures run node: not here.
    if format.name() != "dungeon-mystery" {
        check_pictures(text, &format.pictures(&file, &diagnostics));
    }
    for diagnostic in diagnostics {
        check_range(text, &diagnostic.range, "diagnostic");
        for fix in &diagnostic.fixes {
            let fixed = apply(text, &fix.edits, &format!("fix `{}`", fix.title));
            let fixed_tree = parse(format, &fixed);
            let fixed_file = SourceFile {
                text: &fixed,
                tree: &fixed_tree,
                path: path.as_deref(),
                settings: &Settings::NONE,
                memo: None,
                history: None,
                workspace: None,
            };
            for d in format.diagnostics(&fixed_file) {
                check_range(&fixed, &d.range, "diagnostic after a fix");
            }
        }
    }
    let mut symbols = format.symbols(&file);
    while let Some(symbol) = symbols.pop() {
        check_range(text, &symbol.range, "symbol");
        check_range(text, &symbol.selection, "symbol selection");
        assert!(
            symbol.range.start <= symbol.selection.start
                && symbol.selection.end <= symbol.range.end,
            "symbol `{}`: selection {:?} outside its range {:?}",
            symbol.name,
            symbol.selection,
            symbol.range
        );
        symbols.extend(symbol.children);
    }
    for fold in format.folds(&file) {
        check_range(text, &fold.range, "fold");
    }
    for hint in format.inlay_hints(&file, 0..text.len()) {
        check_range(text, &(hint.offset..hint.offset), "inlay hint");
    }
    for (range, _) in format.semantic_tokens(&file) {
        check_range(text, &range, "semantic token");
        assert!(
            !text[range.clone()].contains('\n'),
            "semantic token {range:?} spans lines"
        );
    }
    if let Some(edits) = format.format(&file) {
        apply(text, &edits, "format");
    }
    for offset in offsets(data, text) {
        if let Some(hover) = format.hover(&file, offset) {
            check_range(text, &hover.range, "hover");
        }
        for completion in format.completions(&file, offset) {
            check_range(text, &completion.replace, "completion");
        }
        for location in format.definition(&file, offset) {
            check_location(text, &location, "definition");
        }
        for include in [false, true] {
            for location in format.references(&file, offset, include) {
                check_location(text, &location, "reference");
            }
        }
        if let Some(range) = format.prepare_rename(&file, offset) {
            check_range(text, &range, "prepare_rename");
        }
        let new_name = NEW_NAMES[(selector + offset) % NEW_NAMES.len()];
        if let Ok(edits) = format.rename(&file, offset, new_name) {
            apply(text, &edits, "rename");
        }
    }
}

/// Frame one JSON-RPC body the way LSP does.
pub fn frame(out: &mut Vec<u8>, body: &[u8]) {
    out.extend_from_slice(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes());
    out.extend_from_slice(body);
}

/// One frame a buggy client might send, the kind chosen by `chunk`'s first
/// byte, the rest its body: a Content-Length too small or too large, none,
/// a header cut short or not ended, a huge declared length, an unknown
/// header, a body that is not JSON or not UTF-8.
fn malformed_frame(out: &mut Vec<u8>, chunk: &[u8]) {
    let Some((&kind, body)) = chunk.split_first() else {
        return;
    };
    let len = body.len();
    let header = match kind % 9 {
        0 => format!(
            "Content-Length: {}\r\n\r\n",
            len.saturating_sub(1 + len / 2)
        ),
        1 => format!("Content-Length: {}\r\n\r\n", len + 1 + len / 2),
        2 => String::new(),
        3 => format!("Content-Length: {len}\r\n"),
        4 => format!("Content-Length: {len}\n\n"),
        5 => "Content-Length: 104857600\r\n\r\n".to_string(),
        6 => format!("Content-Type: text/plain\r\nContent-Length: {len}\r\n\r\n"),
        7 => format!("Content-Length: -{len}\r\n\r\n"),
        _ => format!("content-length:{len}\r\n\r\n"),
    };
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(body);
}

/// Build the byte stream a client sends from fuzz input.
///
/// The first byte chooses the mode. Mode 0 sends the rest as raw bytes (the
/// framing codec sees anything). Otherwise the rest is split at NUL bytes;
/// after an `initialize` (UTF-8 or UTF-16 positions) and `initialized`, a chunk
/// that starts with `{` is sent as one framed message body as it is, one that
/// starts with `}` as a malformed frame ([`malformed_frame`]), and any
/// other chunk becomes a document: `didOpen` with a format's extension, then
/// every request the server answers at a position taken from the chunk, an
/// incremental `didChange`, and the requests again.
pub fn lsp_stream(data: &[u8]) -> Vec<u8> {
    let Some((&mode, rest)) = data.split_first() else {
        return Vec::new();
    };
    if mode % 4 == 0 {
        return rest.to_vec();
    }
    let mut out = Vec::new();
    let encodings = if mode % 2 == 0 {
        r#"["utf-8"]"#
    } else {
        r#"["utf-16"]"#
    };
    frame(
        &mut out,
        format!(
            r#"{{"jsonrpc":"2.0","id":0,"method":"initialize","params":{{"processId":null,"rootUri":null,"capabilities":{{"general":{{"positionEncodings":{encodings}}}}}}}}}"#
        )
        .as_bytes(),
    );
    frame(
        &mut out,
        br#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
    );
    let formats = levls::formats::registry();
    let mut id = 1;
    // At most 32 documents: each costs 25 messages, and an input of zeros
    // made thousands (a 5 s run of nothing new).
    for (n, chunk) in rest.split(|&b| b == 0).take(32).enumerate() {
        if chunk.first() == Some(&b'{') {
            frame(&mut out, chunk);
            continue;
        }
        if let Some((&b'}', tail)) = chunk.split_first() {
            malformed_frame(&mut out, tail);
            continue;
        }
        let selector = chunk.first().copied().unwrap_or(0) as usize;
        let format = formats[selector % formats.len()];
        let ext = format.extensions().first().copied().unwrap_or("dat");
        let uri = format!("file:///nonexistent-levls-fuzz/{n}.{ext}");
        let text = String::from_utf8_lossy(chunk);
        let quoted = |s: &str| levls_json_string(s);
        let lines = text.split('\n').count() as u32;
        let line = chunk.get(1).copied().unwrap_or(0) as u32 % (lines + 1);
        let character = chunk.get(2).copied().unwrap_or(0) as u32 % 40;
        let pos = format!(r#"{{"line":{line},"character":{character}}}"#);
        let doc = format!(r#"{{"uri":{}}}"#, quoted(&uri));
        frame(
            &mut out,
            format!(
                r#"{{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{{"textDocument":{{"uri":{},"languageId":{},"version":1,"text":{}}}}}}}"#,
                quoted(&uri),
                quoted(format.language_ids().first().copied().unwrap_or("plaintext")),
                quoted(&text)
            )
            .as_bytes(),
        );
        let whole = format!(
            r#"{{"start":{{"line":0,"character":0}},"end":{{"line":{lines},"character":0}}}}"#
        );
        let point = format!(r#"{{"start":{pos},"end":{pos}}}"#);
        let requests = [
            (
                "textDocument/hover",
                format!(r#"{{"textDocument":{doc},"position":{pos}}}"#),
            ),
            (
                "textDocument/completion",
                format!(r#"{{"textDocument":{doc},"position":{pos}}}"#),
            ),
            (
                "textDocument/definition",
                format!(r#"{{"textDocument":{doc},"position":{pos}}}"#),
            ),
            (
                "textDocument/references",
                format!(
                    r#"{{"textDocument":{doc},"position":{pos},"context":{{"includeDeclaration":true}}}}"#
                ),
            ),
            (
                "textDocument/prepareRename",
                format!(r#"{{"textDocument":{doc},"position":{pos}}}"#),
            ),
            (
                "textDocument/rename",
                format!(r#"{{"textDocument":{doc},"position":{pos},"newName":"renamed"}}"#),
            ),
            (
                "textDocument/documentSymbol",
                format!(r#"{{"textDocument":{doc}}}"#),
            ),
            (
                "textDocument/foldingRange",
                format!(r#"{{"textDocument":{doc}}}"#),
            ),
            (
                "textDocument/inlayHint",
                format!(r#"{{"textDocument":{doc},"range":{whole}}}"#),
            ),
            (
                "textDocument/semanticTokens/full",
                format!(r#"{{"textDocument":{doc}}}"#),
            ),
            (
                "textDocument/formatting",
                format!(
                    r#"{{"textDocument":{doc},"options":{{"tabSize":4,"insertSpaces":true}}}}"#
                ),
            ),
            (
                "textDocument/codeAction",
                format!(
                    r#"{{"textDocument":{doc},"range":{whole},"context":{{"diagnostics":[]}}}}"#
                ),
            ),
        ];
        for round in 0..2 {
            for (method, params) in &requests {
                frame(
                    &mut out,
                    format!(
                        r#"{{"jsonrpc":"2.0","id":{id},"method":"{method}","params":{params}}}"#
                    )
                    .as_bytes(),
                );
                id += 1;
            }
            if round == 0 {
                // An edit at the cursor: insert the chunk's tail there.
                let inserted = String::from_utf8_lossy(chunk.get(3..).unwrap_or_default());
                frame(
                    &mut out,
                    format!(
                        r#"{{"jsonrpc":"2.0","method":"textDocument/didChange","params":{{"textDocument":{{"uri":{},"version":2}},"contentChanges":[{{"range":{point},"text":{}}}]}}}}"#,
                        quoted(&uri),
                        quoted(&inserted)
                    )
                    .as_bytes(),
                );
            }
        }
    }
    frame(
        &mut out,
        format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"shutdown"}}"#).as_bytes(),
    );
    frame(&mut out, br#"{"jsonrpc":"2.0","method":"exit"}"#);
    out
}

/// `s` as a JSON string literal.
fn levls_json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Run the real server in-process over `input`, its answers thrown away.
pub fn serve_bytes(input: Vec<u8>) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("start the async runtime");
    runtime.block_on(levls::lsp::serve(
        std::io::Cursor::new(input),
        tokio::io::sink(),
    ));
    runtime.shutdown_background();
}

/// Every picture is whole: one cell per square in order, markers and edges
/// inside, sources on the text, and it serialises to SVG.
fn check_pictures(text: &str, pictures: &[levls::formats::picture::Picture]) {
    for p in pictures {
        assert_eq!(p.cells.len(), p.width * p.height, "{}: cells", p.title);
        for (i, c) in p.cells.iter().enumerate() {
            assert_eq!(
                (c.x, c.y),
                (i % p.width, i / p.width),
                "{}: cell order",
                p.title
            );
            if let Some(source) = &c.source {
                check_range(text, source, "picture cell source");
            }
        }
        for m in &p.markers {
            assert!(
                m.x < p.width && m.y < p.height,
                "{}: marker outside",
                p.title
            );
        }
        for e in &p.edges {
            let inside = |(x, y): (usize, usize)| x < p.width && y < p.height;
            assert!(inside(e.from) && inside(e.to), "{}: edge outside", p.title);
        }
        let svg = levls::render::svg::svg(p);
        assert_eq!(svg.matches("<g").count(), svg.matches("</g>").count());
    }
}
