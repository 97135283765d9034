//! What the top level of a message that cannot be decoded says about itself:
//! its `id`, and whether it has a `method` or a `result`/`error`. A cheap
//! forward scan with no regular expression that stops at the first byte it
//! does not understand, so whatever it reports was read from well-formed
//! JSON before the fault (clients write `id` before `params`).

use serde_json::Value;

/// What the scan found before it stopped.
#[derive(Debug, Default, PartialEq)]
pub struct Found {
    /// A top-level `id` that is an integer or a string (the ids JSON-RPC answers to).
    pub id: Option<Value>,
    /// A top-level `method` key: a request or a notification.
    pub method: bool,
    /// A top-level `result` or `error` key: the client's answer to one of ours.
    pub response: bool,
}

impl Found {
    /// The id to answer with: none for what looks like a response, whose id
    /// counts the server's requests, not the client's.
    pub fn reply_id(&self) -> Option<Value> {
        if self.response && !self.method {
            None
        } else {
            self.id.clone()
        }
    }
}

pub fn scan(bytes: &[u8]) -> Found {
    let mut scanner = Scanner { bytes, at: 0 };
    let mut found = Found::default();
    let _ = scanner.top_level(&mut found);
    found
}

struct Scanner<'a> {
    bytes: &'a [u8],
    at: usize,
}

/// The scan cannot go on (bad or missing bytes): keep what was found.
struct Stop;

impl Scanner<'_> {
    fn top_level(&mut self, found: &mut Found) -> Result<(), Stop> {
        self.expect(b'{')?;
        loop {
            self.skip_space();
            let key = self.string()?;
            self.skip_space();
            self.expect(b':')?;
            self.skip_space();
            // What the key says counts even if its value is cut short.
            match &self.bytes[key.clone()] {
                b"\"method\"" => found.method = true,
                b"\"result\"" | b"\"error\"" => found.response = true,
                _ => {}
            }
            let value = self.value()?;
            if &self.bytes[key] == b"\"id\"" {
                found.id = id(&self.bytes[value]);
            }
            self.skip_space();
            match self.next()? {
                b',' => continue,
                b'}' => return Ok(()),
                _ => return Err(Stop),
            }
        }
    }

    fn next(&mut self) -> Result<u8, Stop> {
        let byte = *self.bytes.get(self.at).ok_or(Stop)?;
        self.at += 1;
        Ok(byte)
    }

    fn expect(&mut self, byte: u8) -> Result<(), Stop> {
        self.skip_space();
        (self.next()? == byte).then_some(()).ok_or(Stop)
    }

    fn skip_space(&mut self) {
        while matches!(self.bytes.get(self.at), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            self.at += 1;
        }
    }

    /// A string token, quotes included.
    fn string(&mut self) -> Result<std::ops::Range<usize>, Stop> {
        let start = self.at;
        if self.next()? != b'"' {
            return Err(Stop);
        }
        loop {
            match self.next()? {
                b'"' => return Ok(start..self.at),
                b'\\' => {
                    self.next()?;
                }
                // Raw control characters are not JSON.
                0..=0x1f => return Err(Stop),
                _ => {}
            }
        }
    }

    /// Any value, its extent; nested ones are walked by counting brackets.
    fn value(&mut self) -> Result<std::ops::Range<usize>, Stop> {
        let start = self.at;
        match *self.bytes.get(self.at).ok_or(Stop)? {
            b'"' => return self.string(),
            b'{' | b'[' => {}
            _ => {
                while matches!(
                    self.bytes.get(self.at),
                    Some(b'-' | b'+' | b'.' | b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z')
                ) {
                    self.at += 1;
                }
                return if self.at > start {
                    Ok(start..self.at)
                } else {
                    Err(Stop)
                };
            }
        }
        let mut depth = 0usize;
        loop {
            match *self.bytes.get(self.at).ok_or(Stop)? {
                b'"' => {
                    self.string()?;
                    continue;
                }
                b'{' | b'[' => depth += 1,
                b'}' | b']' => {
                    depth -= 1;
                    if depth == 0 {
                        self.at += 1;
                        return Ok(start..self.at);
                    }
                }
                _ => {}
            }
            self.at += 1;
        }
    }
}

/// An id JSON-RPC can answer to: an integer (as the server reads ids) or a string.
fn id(token: &[u8]) -> Option<Value> {
    match serde_json::from_slice::<Value>(token).ok()? {
        Value::Number(n) if n.is_i64() => Some(Value::Number(n)),
        Value::String(s) => Some(Value::String(s)),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
