//! A small synchronous LSP client that drives the real `levls --stdio` binary over pipes.
//! Set `LEVLS_E2E_TRACE=1` to print every message sent and received to stderr.

// Each test uses only some helpers; the rest must not warn in the test crate.
#![allow(dead_code)]

use serde_json::{json, Value};
use std::collections::VecDeque;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How long to wait for any one response or notification.
const TIMEOUT: Duration = Duration::from_secs(20);
/// How long the server may take to exit after `exit`.
const EXIT_TIMEOUT: Duration = Duration::from_secs(10);

/// Options for the `initialize` request sent by [`TestServer::start_with`].
#[derive(Debug, Clone)]
pub struct InitOptions {
    /// Offered `general.positionEncodings`, most preferred first.
    pub position_encodings: Vec<String>,
    /// Workspace root, sent as `rootUri` and as the only workspace folder.
    pub root: Option<PathBuf>,
    /// Sent as `textDocument.completion.completionItem.snippetSupport`.
    pub snippet_support: bool,
    /// Sent as `initializationOptions` (omitted when `None`).
    pub initialization_options: Option<Value>,
    /// Sent as `processId`; `None` sends this test process's id.
    pub process_id: Option<u32>,
    /// Extra environment variables for the server process.
    pub env: Vec<(String, String)>,
    /// Sent as `workspace.didChangeWatchedFiles.dynamicRegistration`: the
    /// client watches the files the server registers for.
    pub watch_files: bool,
    /// Sent as `window.workDoneProgress`: the client shows `$/progress`.
    pub work_done_progress: bool,
    /// Sent as `workspace.workspaceEdit` (omitted when `None`): whether the
    /// client applies `documentChanges` and which resource operations.
    pub workspace_edit: Option<Value>,
    /// Sent as `textDocument.diagnostic`: the client pulls diagnostics (as
    /// VS Code does from servers that offer it; the bench's peer servers).
    pub pull_diagnostics: bool,
}

impl Default for InitOptions {
    /// Offers `["utf-8", "utf-16"]`, no workspace root, no snippets and no initialization options.
    fn default() -> Self {
        let position_encodings = vec!["utf-8".into(), "utf-16".into()];
        Self {
            position_encodings,
            root: None,
            snippet_support: false,
            initialization_options: None,
            process_id: None,
            env: Vec::new(),
            watch_files: false,
            work_done_progress: false,
            workspace_edit: None,
            pull_diagnostics: false,
        }
    }
}

/// One message from the reader thread, or why the stream broke.
type Incoming = Result<Value, String>;

/// A running `levls --stdio` child and the client end of its connection.
pub struct TestServer {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<Incoming>,
    stderr: Arc<Mutex<Vec<u8>>>,
    next_id: i64,
    queue: VecDeque<Value>,
    server_requests: Vec<Value>,
    stderr_shown: bool,
    /// The `result` of the server's `initialize` response.
    pub initialize_result: Value,
}

impl TestServer {
    /// Spawns `bin --stdio` and initializes it with [`InitOptions::default`].
    pub fn start(bin: &str) -> Self {
        Self::start_with(bin, InitOptions::default())
    }

    /// Spawns `bin --stdio`, sends `initialize` built from `opts`, then `initialized`.
    pub fn start_with(bin: &str, opts: InitOptions) -> Self {
        let mut child = Command::new(bin)
            .envs(opts.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .arg("--stdio")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("failed to spawn `{bin} --stdio`: {e}"));
        let mut stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let (tx, rx) = mpsc::channel();
        // Stops at EOF (dropping tx tells the waiter) or after forwarding a framing error.
        thread::spawn(move || {
            while let Some(msg) = read_message(&mut stdout) {
                let broken = msg.is_err();
                if tx.send(msg).is_err() || broken {
                    break;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let (sink, mut pipe) = (Arc::clone(&stderr), child.stderr.take().expect("stderr"));
        // Keep the server's log so a failing test can show it.
        thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n @ 1..) = pipe.read(&mut buf) {
                sink.lock().unwrap().extend(&buf[..n]);
            }
        });
        let mut server = TestServer {
            stdin: child.stdin.take(),
            child,
            rx,
            stderr,
            next_id: 0,
            queue: VecDeque::new(),
            server_requests: Vec::new(),
            stderr_shown: false,
            initialize_result: Value::Null,
        };
        let root_uri = opts.root.as_deref().map(file_uri);
        let folders = opts.root.as_deref().map(|path| {
            let name = path
                .file_name()
                .map_or("root".into(), |n| n.to_string_lossy());
            json!([{ "uri": file_uri(path), "name": name }])
        });
        let mut params = json!({
            "processId": opts.process_id.unwrap_or_else(std::process::id),
            "clientInfo": { "name": "levls-e2e" },
            "rootUri": root_uri,
            "workspaceFolders": folders,
            "capabilities": {
                "general": { "positionEncodings": opts.position_encodings },
                "workspace": { "configuration": true, "workspaceFolders": true },
                "textDocument": {
                    "completion": { "completionItem": { "snippetSupport": opts.snippet_support } },
                    "hover": { "contentFormat": ["markdown", "plaintext"] },
                    "codeAction": { "codeActionLiteralSupport": { "codeActionKind": { "valueSet": [
                        "", "quickfix", "refactor", "refactor.extract", "refactor.inline",
                        "refactor.rewrite", "source", "source.organizeImports", "source.fixAll"
                    ] } } },
                    // wait_diagnostics_version relies on the server sending `version`.
                    "publishDiagnostics": { "relatedInformation": true, "versionSupport": true }
                }
            }
        });
        if opts.watch_files {
            params["capabilities"]["workspace"]["didChangeWatchedFiles"] =
                json!({ "dynamicRegistration": true });
        }
        if opts.work_done_progress {
            params["capabilities"]["window"] = json!({ "workDoneProgress": true });
        }
        if opts.pull_diagnostics {
            params["capabilities"]["textDocument"]["diagnostic"] =
                json!({ "dynamicRegistration": false });
        }
        if let Some(edit) = opts.workspace_edit {
            params["capabilities"]["workspace"]["workspaceEdit"] = edit;
        }
        if let Some(options) = opts.initialization_options {
            params["initializationOptions"] = options;
        }
        server.initialize_result = server.request_ok("initialize", params);
        server.notify("initialized", json!({}));
        server
    }

    /// The position encoding the server chose (`capabilities.positionEncoding`, default "utf-16").
    /// The server process's id (the bench reads its memory from /proc).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn position_encoding(&self) -> String {
        let chosen = &self.initialize_result["capabilities"]["positionEncoding"];
        chosen.as_str().unwrap_or("utf-16").to_owned()
    }

    /// Everything the server has written to stderr so far.
    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.stderr.lock().unwrap()).into_owned()
    }

    /// Server→client requests received so far (each already answered).
    pub fn server_requests(&self) -> &[Value] {
        &self.server_requests
    }

    /// Removes and returns all queued notifications (full messages) without waiting.
    pub fn drain_notifications(&mut self) -> Vec<Value> {
        self.queue.drain(..).collect()
    }

    /// Sends a request and returns the full response object (`result` or `error`).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.send_request(method, params);
        let deadline = Instant::now() + TIMEOUT;
        let what = format!("the response to `{method}` (id {id})");
        loop {
            let msg = self.recv(deadline, &what);
            if let Some(resp) = self.dispatch(msg) {
                if resp["id"] == id {
                    return resp;
                }
                // The client is synchronous, so any other id (e.g. null) is a protocol bug.
                self.fail(format!("unexpected response awaiting {what}: {resp}"));
            }
        }
    }

    /// The next response, whatever its id (server requests are answered and
    /// notifications queued meanwhile).
    pub fn next_response(&mut self) -> Value {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let msg = self.recv(deadline, "a response");
            if let Some(resp) = self.dispatch(msg) {
                return resp;
            }
        }
    }

    /// Writes `bytes` to the server's stdin as they are: broken frames, or
    /// part of a frame too big to build at once.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open until drop");
        if let Err(e) = stdin.write_all(bytes).and_then(|()| stdin.flush()) {
            self.fail(format!("writing to the server's stdin failed: {e}"));
        }
    }

    /// Sends a request and returns its `result`, panicking if the server answered with `error`.
    pub fn request_ok(&mut self, method: &str, params: Value) -> Value {
        let resp = self.request(method, params);
        if let Some(err) = resp.get("error") {
            self.fail(format!("`{method}` failed: {err}"));
        }
        resp.get("result").cloned().unwrap_or(Value::Null)
    }

    /// Sends a request without waiting for its answer, as an editor does: its
    /// id, to cancel it (`$/cancelRequest`) or to find its answer among those
    /// [`TestServer::next_message`] returns.
    pub fn send_request(&mut self, method: &str, params: Value) -> i64 {
        self.next_id += 1;
        let id = self.next_id;
        self.send(
            json!({ "jsonrpc": "2.0", "id": id, "method": method }),
            params,
        );
        id
    }

    /// The next response or notification (oldest queued first), or `None` if
    /// none comes before `deadline`. The server's own requests are answered
    /// on the way.
    pub fn next_message(&mut self, deadline: Instant) -> Option<Value> {
        loop {
            if let Some(queued) = self.queue.pop_front() {
                return Some(queued);
            }
            let msg = self.recv_before(deadline, "the next message")?;
            if let Some(resp) = self.dispatch(msg) {
                return Some(resp);
            }
        }
    }

    /// Sends a notification.
    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method }), params);
    }

    /// Sends `textDocument/didOpen` with version 1.
    pub fn open(&mut self, uri: &str, language_id: &str, text: &str) {
        let doc = json!({ "uri": uri, "languageId": language_id, "version": 1, "text": text });
        self.notify("textDocument/didOpen", json!({ "textDocument": doc }));
    }

    /// Sends `textDocument/didChange` with the given raw `contentChanges`.
    pub fn change(&mut self, uri: &str, version: i32, changes: Vec<Value>) {
        let doc = json!({ "uri": uri, "version": version });
        let params = json!({ "textDocument": doc, "contentChanges": changes });
        self.notify("textDocument/didChange", params);
    }

    /// Sends `textDocument/didClose`.
    pub fn close(&mut self, uri: &str) {
        let params = json!({ "textDocument": { "uri": uri } });
        self.notify("textDocument/didClose", params);
    }

    /// Returns (and consumes) the params of the next `method` notification matching `pred`.
    pub fn wait_notification(&mut self, method: &str, pred: impl Fn(&Value) -> bool) -> Value {
        let what = format!("a `{method}` notification");
        self.next_notification(method, pred, Instant::now() + TIMEOUT, &what)
    }

    /// Returns the params of the next `textDocument/publishDiagnostics` for `uri`.
    pub fn wait_diagnostics(&mut self, uri: &str) -> Value {
        self.wait_notification("textDocument/publishDiagnostics", |p| p["uri"] == uri)
    }

    /// Skips `uri`'s older diagnostics and returns the first published for `version`.
    pub fn wait_diagnostics_version(&mut self, uri: &str, version: i32) -> Value {
        let (deadline, method) = (Instant::now() + TIMEOUT, "textDocument/publishDiagnostics");
        let what = format!("diagnostics for {uri} at version {version}");
        loop {
            let params = self.next_notification(method, |p| p["uri"] == uri, deadline, &what);
            match params["version"].as_i64() {
                Some(v) if v == i64::from(version) => return params,
                // A newer version means the wanted one will never come: fail fast.
                Some(v) if v > i64::from(version) => {
                    self.fail(format!("got version {v} while awaiting {what}: {params}"))
                }
                _ => {}
            }
        }
    }

    /// Sends `shutdown` and `exit`, then waits (10 s) for the process to end.
    pub fn shutdown_and_exit(mut self) -> ExitStatus {
        self.request_ok("shutdown", Value::Null);
        self.exit()
    }

    /// Sends `exit` (without `shutdown` unless sent before) and waits for the process.
    pub fn exit(mut self) -> ExitStatus {
        self.notify("exit", Value::Null);
        self.wait_for_exit()
    }

    /// Waits for the server process to end by itself.
    pub fn wait_for_exit(&mut self) -> ExitStatus {
        let deadline = Instant::now() + EXIT_TIMEOUT;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return status,
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(20)),
                Ok(None) => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    self.fail(format!("no exit within {EXIT_TIMEOUT:?} of `exit`"));
                }
                Err(e) => self.fail(format!("waiting for the server process failed: {e}")),
            }
        }
    }

    /// Takes the first matching notification from the queue, else reads until one arrives.
    fn next_notification(
        &mut self,
        method: &str,
        pred: impl Fn(&Value) -> bool,
        deadline: Instant,
        what: &str,
    ) -> Value {
        let matches = |m: &Value| m["method"] == method && pred(&m["params"]);
        if let Some(i) = self.queue.iter().position(matches) {
            return self.queue.remove(i).expect("found above")["params"].take();
        }
        loop {
            let msg = self.recv(deadline, what);
            if let Some(resp) = self.dispatch(msg) {
                self.fail(format!("unexpected response while awaiting {what}: {resp}"));
            }
            // dispatch queued any new notification at the back.
            if self.queue.back().is_some_and(matches) {
                return self.queue.pop_back().expect("checked above")["params"].take();
            }
        }
    }

    /// Answers server requests, queues notifications and returns responses.
    fn dispatch(&mut self, msg: Value) -> Option<Value> {
        match (msg.get("id"), msg.get("method").and_then(Value::as_str)) {
            (Some(id), Some(method)) => {
                let result = match msg["params"]["items"].as_array() {
                    Some(items) if method == "workspace/configuration" => {
                        Value::Array(vec![Value::Null; items.len()])
                    }
                    _ => Value::Null,
                };
                let reply = json!({ "jsonrpc": "2.0", "id": id, "result": result });
                self.server_requests.push(msg);
                self.send(reply, Value::Null);
                None
            }
            (None, Some(_)) => {
                self.queue.push_back(msg);
                None
            }
            _ => Some(msg),
        }
    }

    /// Receives one message before `deadline`, panicking with context otherwise.
    fn recv(&mut self, deadline: Instant, what: &str) -> Value {
        match self.recv_before(deadline, what) {
            Some(msg) => msg,
            None => self.fail(format!("timed out after {TIMEOUT:?} awaiting {what}")),
        }
    }

    /// Receives one message before `deadline` (`None` after it), panicking
    /// with context if the stream broke.
    fn recv_before(&mut self, deadline: Instant, what: &str) -> Option<Value> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.rx.recv_timeout(left) {
            Ok(Ok(msg)) => {
                trace("<--", &msg);
                Some(msg)
            }
            Ok(Err(e)) => self.fail(format!("protocol error while awaiting {what}: {e}")),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                // Give the stderr thread a moment to collect the server's last words.
                thread::sleep(Duration::from_millis(200));
                let state = match self.child.try_wait() {
                    Ok(Some(status)) => format!("server exited with {status}"),
                    _ => "server still running".to_owned(),
                };
                self.fail(format!("stdout closed while awaiting {what} ({state})"))
            }
        }
    }

    /// Writes one framed message to the server's stdin, adding `params` unless null.
    fn send(&mut self, mut msg: Value, params: Value) {
        if !params.is_null() {
            msg["params"] = params;
        }
        trace("-->", &msg);
        let body = msg.to_string();
        let stdin = self.stdin.as_mut().expect("stdin is open until drop");
        let res = write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len())
            .and_then(|()| stdin.flush());
        if let Err(e) = res {
            self.fail(format!("writing to the server's stdin failed: {e}"));
        }
    }

    /// Panics with `msg` followed by the server's stderr.
    fn fail(&mut self, msg: String) -> ! {
        self.stderr_shown = true;
        panic!("{msg}\n----- levls stderr -----\n{}-----", self.stderr());
    }
}

impl Drop for TestServer {
    /// Kills the server if it is still running; on a test panic, prints its stderr.
    fn drop(&mut self) {
        if thread::panicking() && !self.stderr_shown {
            eprintln!("----- levls stderr -----\n{}-----", self.stderr());
        }
        self.stdin.take(); // Closing stdin lets a well-behaved server see EOF.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// Prints a message when `LEVLS_E2E_TRACE` is set.
fn trace(dir: &str, msg: &Value) {
    if std::env::var_os("LEVLS_E2E_TRACE").is_some() {
        eprintln!("{dir} {msg}");
    }
}

/// Reads one `Content-Length:` framed message; `None` on a clean EOF between messages.
fn read_message(reader: &mut impl BufRead) -> Option<Incoming> {
    let mut len = None;
    let mut at_start = true;
    loop {
        let mut line = String::new();
        match reader.read_line(&mut line) {
            Ok(0) if at_start => return None,
            Ok(0) => return Some(Err("server stdout ended inside a header".into())),
            Ok(_) => {}
            Err(e) => return Some(Err(format!("reading server stdout failed: {e}"))),
        }
        at_start = false;
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            break;
        }
        match line.split_once(':') {
            Some((name, value)) if name.trim().eq_ignore_ascii_case("content-length") => {
                len = value.trim().parse::<usize>().ok();
            }
            Some(_) => {} // Content-Type carries nothing we need.
            None => return Some(Err(format!("malformed header line {line:?} on stdout"))),
        }
    }
    let Some(len) = len else {
        return Some(Err("header without a valid Content-Length".into()));
    };
    let mut body = vec![0; len];
    if let Err(e) = reader.read_exact(&mut body) {
        return Some(Err(format!(
            "server stdout ended inside a {len}-byte body: {e}"
        )));
    }
    let text = String::from_utf8_lossy(&body);
    Some(serde_json::from_slice(&body).map_err(|e| format!("invalid JSON ({e}): {text}")))
}

/// Builds one incremental `contentChanges` entry replacing the given range with `text`.
pub fn edit(start_line: u32, start_char: u32, end_line: u32, end_char: u32, text: &str) -> Value {
    let start = json!({ "line": start_line, "character": start_char });
    let end = json!({ "line": end_line, "character": end_char });
    json!({ "range": { "start": start, "end": end }, "text": text })
}

/// Turns an absolute path into a `file:///` URI, percent-encoded like `Uri::from_file_path`.
pub fn file_uri(path: &Path) -> String {
    assert!(path.is_absolute(), "{} is not absolute", path.display());
    let path = path.to_string_lossy();
    #[cfg(windows)]
    let path = path.replace('\\', "/");
    // Windows drive paths need the extra slash: file:///C%3A/...
    let mut uri = format!("file://{}", if path.starts_with('/') { "" } else { "/" });
    // Only unreserved bytes and `/` stay literal, matching the server's own conversion.
    for &b in path.as_bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            uri.push(b as char);
        } else {
            let _ = write!(uri, "%{b:02X}");
        }
    }
    uri
}

/// Converts a byte offset in `text` to an LSP (line, character) in "utf-8", "utf-16" or "utf-32".
pub fn position_of(text: &str, marker_offset_bytes: usize, encoding: &str) -> (u32, u32) {
    let offset = marker_offset_bytes;
    assert!(text.is_char_boundary(offset), "offset {offset} is mid-char");
    let bytes = text.as_bytes();
    let (mut line, mut line_start) = (0, 0);
    for (i, &b) in bytes[..offset].iter().enumerate() {
        // LSP line breaks are \n, \r\n and a lone \r.
        if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
            (line, line_start) = (line + 1, i + 1);
        }
    }
    let prefix = &text[line_start..offset];
    let character = match encoding {
        "utf-8" => prefix.len(),
        "utf-16" => prefix.encode_utf16().count(),
        "utf-32" => prefix.chars().count(),
        other => panic!("unknown position encoding {other:?}"),
    };
    (line, u32::try_from(character).expect("fits in u32"))
}

/// The byte range of an LSP `range` object in `text`.
pub fn byte_range(text: &str, range: &Value, encoding: &str) -> std::ops::Range<usize> {
    let offset = |p: &Value| {
        offset_of(
            text,
            p["line"].as_u64().unwrap() as usize,
            p["character"].as_u64().unwrap() as usize,
            encoding,
        )
    };
    offset(&range["start"])..offset(&range["end"])
}

/// Byte offset of an LSP position (`line`, `character` in `encoding` units) in `text`.
pub fn offset_of(text: &str, line: usize, character: usize, encoding: &str) -> usize {
    let line_start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
    let mut units = 0;
    let mut bytes = line_start;
    for c in text[line_start..].chars() {
        if units >= character || c == '\n' {
            break;
        }
        units += match encoding {
            "utf-8" => c.len_utf8(),
            "utf-32" => 1,
            _ => c.len_utf16(),
        };
        bytes += c.len_utf8();
    }
    bytes
}

/// `text` with LSP `TextEdit`s (non-overlapping, positions in `encoding`) applied.
pub fn apply_edits(text: &str, edits: &[Value], encoding: &str) -> String {
    let offset = |p: &Value| {
        let (line, character) = (
            p["line"].as_u64().unwrap(),
            p["character"].as_u64().unwrap(),
        );
        offset_of(text, line as usize, character as usize, encoding)
    };
    let mut spans: Vec<(usize, usize, &str)> = edits
        .iter()
        .map(|e| {
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().unwrap(),
            )
        })
        .collect();
    spans.sort_by_key(|s| std::cmp::Reverse(s.0));
    let mut out = text.to_string();
    for (start, end, new_text) in spans {
        out.replace_range(start..end, new_text);
    }
    out
}

/// Removes the single `$0` marker from `text_with_marker`; returns the text and its byte offset.
pub fn extract_cursor(text_with_marker: &str) -> (String, usize) {
    let Some(offset) = text_with_marker.find("$0") else {
        panic!("no `$0` cursor marker in {text_with_marker:?}");
    };
    let rest = &text_with_marker[offset + 2..];
    assert!(
        !rest.contains("$0"),
        "repeated `$0` in {text_with_marker:?}"
    );
    (format!("{}{rest}", &text_with_marker[..offset]), offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Yields at most three bytes per read, like a slow pipe splitting messages anywhere.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.len().min(3).min(out.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    fn read_all(stream: &[u8]) -> Vec<Incoming> {
        let mut reader = BufReader::with_capacity(5, Trickle(stream));
        std::iter::from_fn(|| read_message(&mut reader)).collect()
    }

    #[test]
    fn framing_parses_two_messages_across_split_reads() {
        let a = r#"{"id":1,"result":"é"}"#;
        let b = r#"{"method":"m","params":[1,2]}"#;
        let stream = format!(
            "Content-Length: {}\r\n\r\n{a}content-length:{}\r\nContent-Type: x\r\n\r\n{b}",
            a.len(),
            b.len()
        );
        let got = read_all(stream.as_bytes());
        assert_eq!(got.len(), 2);
        assert_eq!(got[0], Ok(json!({ "id": 1, "result": "é" })));
        assert_eq!(got[1], Ok(json!({ "method": "m", "params": [1, 2] })));
    }

    #[test]
    fn framing_reports_broken_streams() {
        let err = |stream: &[u8]| read_all(stream).remove(0).unwrap_err();
        assert!(err(b"hello from println!\n").contains("malformed header"));
        assert!(err(b"Content-Length: 10\r\n\r\n{}").contains("10-byte body"));
        assert!(read_all(b"").is_empty());
    }

    #[test]
    fn position_of_counts_per_encoding() {
        let text = "aé😀b\nxé😀y\r\nz";
        let at = |c| text.find(c).unwrap();
        assert_eq!(position_of(text, at('b'), "utf-8"), (0, 7));
        assert_eq!(position_of(text, at('b'), "utf-16"), (0, 4));
        assert_eq!(position_of(text, at('b'), "utf-32"), (0, 3));
        assert_eq!(position_of(text, at('y'), "utf-8"), (1, 7));
        assert_eq!(position_of(text, at('y'), "utf-16"), (1, 4));
        assert_eq!(position_of(text, at('z'), "utf-16"), (2, 0));
        assert_eq!(position_of(text, text.len(), "utf-8"), (2, 1));
    }

    #[test]
    #[should_panic(expected = "mid-char")]
    fn position_of_rejects_mid_char_offsets() {
        position_of("é", 1, "utf-8");
    }

    #[test]
    fn extract_cursor_removes_marker() {
        assert_eq!(extract_cursor("ab$0cd"), ("abcd".to_owned(), 2));
        assert_eq!(extract_cursor("é$0"), ("é".to_owned(), 2));
    }

    #[test]
    #[should_panic(expected = "no `$0`")]
    fn extract_cursor_requires_marker() {
        extract_cursor("abc");
    }

    #[test]
    #[should_panic(expected = "repeated `$0`")]
    fn extract_cursor_rejects_repeats() {
        extract_cursor("a$0b$0");
    }

    #[cfg(unix)]
    #[test]
    fn file_uri_percent_encodes() {
        let uri = file_uri(Path::new("/tmp/my levels/é-1_x.derf"));
        assert_eq!(uri, "file:///tmp/my%20levels/%C3%A9-1_x.derf");
    }
}
