//! Whether a frame's body is a JSON-RPC message tower-lsp-server can take:
//! if so, the message written anew (so that what it decodes is exactly what
//! we checked: duplicate keys resolved, nothing it would choke on); if not,
//! the answer JSON-RPC 2.0 asks for.

use super::id_scan;
use serde::Deserialize;
use serde_json::Value;
use tower_lsp_server::jsonrpc::{Request, Response};

/// JSON-RPC 2.0: the bytes are not JSON (or not UTF-8, or nested too deep).
pub const PARSE_ERROR: i64 = -32700;
/// JSON-RPC 2.0: JSON, but not a request, a notification or a response.
pub const INVALID_REQUEST: i64 = -32600;

/// How deep a message may nest: serde_json's own recursion limit, which
/// tower-lsp-server's decoder applies too. No LSP message comes near it.
pub const MAX_DEPTH: usize = 128;

/// A message dropped, and what to tell the client.
#[derive(Debug, PartialEq)]
pub struct Refusal {
    pub code: i64,
    pub why: String,
    /// The id to answer with (`null` when none was recovered).
    pub id: Option<Value>,
    /// False for what must not be answered: a notification (JSON-RPC
    /// answers none) or a broken response (its id is one of ours).
    pub answer: bool,
}

impl Refusal {
    /// Refuse bytes that could not be decoded, answering with the id the scan recovers.
    pub fn undecodable(code: i64, why: String, body: &[u8]) -> Self {
        Refusal {
            code,
            why,
            id: id_scan::scan(body).reply_id(),
            answer: true,
        }
    }

    /// The JSON-RPC error response, framed.
    pub fn reply(&self) -> Vec<u8> {
        let message = serde_json::json!({
            "jsonrpc": "2.0",
            "id": self.id.clone().unwrap_or(Value::Null),
            "error": { "code": self.code, "message": format!("levls: message dropped: {}", self.why) },
        });
        super::frame(&serde_json::to_vec(&message).expect("a JSON value serialises"))
    }
}

/// The message to pass on (unframed), or why not.
pub fn check(body: &[u8]) -> Result<Vec<u8>, Refusal> {
    if body.is_empty() {
        return Err(Refusal::undecodable(
            PARSE_ERROR,
            "an empty message body is not JSON".into(),
            body,
        ));
    }
    let value: Value = serde_json::from_slice(body).map_err(|e| {
        let why = if e.to_string().starts_with("recursion limit exceeded") {
            format!("the message nests deeper than {MAX_DEPTH} levels ({e})")
        } else {
            format!("the message is not JSON in UTF-8 ({e})")
        };
        Refusal::undecodable(PARSE_ERROR, why, body)
    })?;
    let Value::Object(fields) = value else {
        let what = match value {
            Value::Array(_) => "an array (JSON-RPC batches are not part of LSP)",
            Value::String(_) => "a string",
            Value::Number(_) => "a number",
            Value::Bool(_) => "a boolean",
            _ => "null",
        };
        return Err(invalid(
            format!("a message must be an object, not {what}"),
            None,
            true,
        ));
    };
    let id = fields.get("id").and_then(|id| match id {
        Value::Number(n) if n.is_i64() => Some(id.clone()),
        Value::String(_) => Some(id.clone()),
        _ => None,
    });
    let has_id = fields.contains_key("id");
    let method = fields
        .get("method")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let value = Value::Object(fields);
    if let Some(method) = method {
        return match Request::deserialize(value) {
            Ok(request) => Ok(serde_json::to_vec(&request).expect("a request serialises")),
            // A broken notification gets no answer, a broken request one.
            Err(e) => Err(invalid(
                format!("`{method}` is not a valid JSON-RPC request: {e}"),
                id,
                has_id,
            )),
        };
    }
    let Value::Object(fields) = &value else {
        unreachable!("built as an object above")
    };
    if fields.contains_key("result") || fields.contains_key("error") {
        return match Response::deserialize(value) {
            Ok(response) => Ok(serde_json::to_vec(&response).expect("a response serialises")),
            Err(e) => Err(invalid(
                format!("not a valid JSON-RPC response: {e}"),
                None,
                false,
            )),
        };
    }
    if fields.contains_key("method") {
        return Err(invalid("`method` must be a string".into(), id, has_id));
    }
    Err(invalid(
        "a message needs a `method` (request, notification) or a `result` or `error` (response)"
            .into(),
        id,
        true,
    ))
}

fn invalid(why: String, id: Option<Value>, answer: bool) -> Refusal {
    Refusal {
        code: INVALID_REQUEST,
        why,
        id,
        answer,
    }
}

#[cfg(test)]
mod tests;
