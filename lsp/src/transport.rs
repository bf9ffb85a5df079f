//! A guard between stdio and tower-lsp-server's transport.
//!
//! tower-lsp-server stops reading after the first message it cannot decode (a body that is no
//! JSON, a JSON value that is no JSON-RPC message, a header without `Content-Length`), and a
//! frame whose `Content-Length` is wrong leaves it out of step with the stream for good. The
//! guard reads the frames itself (`Decoder`), passes well-formed messages on, re-framed, and
//! answers the others with the protocol's error (`-32700` parse error, `-32600` invalid request,
//! `-32601` for `$/` requests, which the server does not implement) so that the server carries on.
//!
//! The guard also reroutes requests whose answer is large (a 4 MB document's outline): it hands
//! them to the server as a notification of another name that carries the request's id, and the
//! server writes the answer itself (`send`), serialised straight from its types. Through
//! tower-lsp-server, an answer becomes a `serde_json::Value` first and is written from it: for an
//! outline of 12,000 cards, most of a keystroke's processor time. The notification keeps the
//! request's place in the server's one-at-a-time order (after the edits before it).
//!
//! The decoder resynchronises after a malformed frame: it drops bytes up to the next
//! `Content-Length:` header. A body that holds such a header line (with its raw line break, which
//! no JSON text can hold) was shorter than its `Content-Length` said: it is dropped and reading
//! resumes at that header. A length above the limit is refused without reading the body into
//! memory.

use serde_json::{Value, json};
use std::sync::Arc;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::sync::Mutex;
use tower_lsp_server::jsonrpc::{Request, Response};

/// The largest body the guard accepts; a frame that announces more is refused.
pub const MAX_BODY: usize = 64 << 20;

/// The most a header section (or a line that may be one) may hold before it is dropped as garbage.
pub const MAX_HEADER: usize = 8 * 1024;

/// How much the guard reads from stdin at a time.
const CHUNK: usize = 64 * 1024;

const CONTENT_LENGTH: &[u8] = b"content-length:";

/// What the decoder found in the stream.
#[derive(Debug, PartialEq, Eq)]
pub enum Event {
    /// The body of a frame (not checked: it may be no JSON).
    Message(Vec<u8>),
    /// Bytes that are no frame, dropped up to the next header; the reason is for the log.
    Malformed(&'static str),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Before a header section.
    Header,
    /// Within a body of that many bytes.
    Body(usize),
    /// Dropping bytes up to the next `Content-Length:`.
    Skip,
}

/// Splits a byte stream into frames (`Content-Length: n`, other headers, an empty line, `n`
/// bytes). Feed it with `push`, then take events with `next` until `None`. It never holds more
/// than about `max_body` bytes plus what one `push` brought.
pub struct Decoder {
    buf: Vec<u8>,
    state: State,
    max_body: usize,
    /// In `Body`: how far the buffer was searched for a header.
    scanned: usize,
}

impl Decoder {
    pub fn new(max_body: usize) -> Decoder {
        Decoder {
            buf: Vec::new(),
            state: State::Header,
            max_body,
            scanned: 0,
        }
    }

    pub fn push(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    /// Bytes held, waiting for the rest of a frame.
    pub fn buffered(&self) -> usize {
        self.buf.len()
    }

    /// At the end of the stream: what is left of a frame, if anything.
    pub fn finish(&mut self) -> Option<Event> {
        let pending = match self.state {
            State::Body(_) => true,
            State::Header => self.buf.iter().any(|b| !b.is_ascii_whitespace()),
            State::Skip => false,
        };
        self.buf.clear();
        self.state = State::Header;
        pending.then_some(Event::Malformed("the stream ended inside a frame"))
    }

    /// Starts dropping bytes up to the next header; `from` bytes are dropped at once (at least
    /// one, so that a malformed header is not found again).
    fn skip(&mut self, from: usize, why: &'static str) -> Option<Event> {
        self.buf
            .drain(..from.clamp(1, self.buf.len().max(1)).min(self.buf.len()));
        self.state = State::Skip;
        Some(Event::Malformed(why))
    }

    /// The next event, if the bytes pushed so far hold one.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Event> {
        loop {
            match self.state {
                State::Skip => match find_ci(&self.buf, CONTENT_LENGTH, 0) {
                    Some(at) => {
                        self.buf.drain(..at);
                        self.state = State::Header;
                    }
                    None => {
                        // Keep what may be the start of a header cut by the end of the buffer.
                        let keep = CONTENT_LENGTH.len() - 1;
                        let drop = self.buf.len().saturating_sub(keep);
                        self.buf.drain(..drop);
                        return None;
                    }
                },
                State::Body(length) => match header_in_body(&self.buf, self.scanned, length) {
                    Scan::Found(at) => {
                        self.buf.drain(..at);
                        self.state = State::Header;
                        return Some(Event::Malformed("a body shorter than its Content-Length"));
                    }
                    Scan::Upto(scanned) if self.buf.len() < length || scanned < length => {
                        self.scanned = scanned;
                        return None;
                    }
                    Scan::Upto(_) => {
                        let rest = self.buf.split_off(length);
                        let body = std::mem::replace(&mut self.buf, rest);
                        self.state = State::Header;
                        return Some(Event::Message(body));
                    }
                },
                State::Header => {
                    let blank = self
                        .buf
                        .iter()
                        .take_while(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
                        .count();
                    self.buf.drain(..blank);
                    if self.buf.is_empty() {
                        return None;
                    }
                    match parse_headers(&self.buf, self.max_body) {
                        Headers::Incomplete if self.buf.len() > MAX_HEADER => {
                            return self.skip(1, "a header section too long");
                        }
                        Headers::Incomplete => return None,
                        Headers::Garbage(at) => {
                            return self.skip(at, "bytes that are no header");
                        }
                        Headers::Done { end, length } => {
                            self.buf.drain(..end);
                            match length {
                                Length::Valid(length) => {
                                    self.state = State::Body(length);
                                    self.scanned = 0;
                                }
                                Length::TooLarge => {
                                    self.state = State::Skip;
                                    return Some(Event::Malformed(
                                        "a Content-Length above the limit",
                                    ));
                                }
                                Length::Missing => {
                                    self.state = State::Skip;
                                    return Some(Event::Malformed(
                                        "a header without a valid Content-Length",
                                    ));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

enum Length {
    Valid(usize),
    TooLarge,
    Missing,
}

enum Headers {
    Incomplete,
    /// Not a header section; the garbage starts at this offset (0, or the line that is no header).
    Garbage(usize),
    /// The section ends at `end` (after its empty line).
    Done {
        end: usize,
        length: Length,
    },
}

fn is_token(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
}

/// Whether `line` (without its line break) is or may become `Name: value`.
fn header_like(line: &[u8]) -> bool {
    match line.iter().position(|&b| b == b':') {
        Some(colon) => colon > 0 && line[..colon].iter().all(|&b| is_token(b)),
        None => line.iter().all(|&b| is_token(b)),
    }
}

fn parse_headers(buf: &[u8], max_body: usize) -> Headers {
    let mut pos = 0;
    let mut length = Length::Missing;
    loop {
        let Some(nl) = buf[pos..].iter().position(|&b| b == b'\n') else {
            let partial = buf[pos..].strip_suffix(b"\r").unwrap_or(&buf[pos..]);
            return if header_like(partial) {
                Headers::Incomplete
            } else {
                Headers::Garbage(pos)
            };
        };
        let mut line = &buf[pos..pos + nl];
        if let [rest @ .., b'\r'] = line {
            line = rest;
        }
        let end = pos + nl + 1;
        if line.is_empty() {
            return Headers::Done { end, length };
        }
        if !header_like(line) || !line.contains(&b':') {
            return Headers::Garbage(pos);
        }
        let colon = line.iter().position(|&b| b == b':').unwrap_or(0);
        if line[..colon].eq_ignore_ascii_case(b"content-length") {
            let value = line[colon + 1..].trim_ascii();
            length = if value.is_empty() || !value.iter().all(u8::is_ascii_digit) {
                Length::Missing
            } else {
                // Digits only: a value that does not fit is above any limit.
                match std::str::from_utf8(value)
                    .ok()
                    .and_then(|v| v.parse::<u64>().ok())
                {
                    Some(n) if n <= max_body as u64 => Length::Valid(n as usize),
                    _ => Length::TooLarge,
                }
            };
        }
        pos = end;
    }
}

enum Scan {
    Found(usize),
    /// Nothing yet; the search may resume here.
    Upto(usize),
}

/// Looks in a body for a header line (`Content-Length: <digits>` and a raw line break) that
/// starts within its first `length` bytes. No JSON text holds one: the body is then shorter than
/// announced. `Upto` tells where the search may resume: before `length` when a header may start
/// there but what came so far does not tell.
fn header_in_body(buf: &[u8], from: usize, length: usize) -> Scan {
    let needle = CONTENT_LENGTH.len();
    // Only matches that start inside the body (and what came so far).
    let end = buf.len().min(length);
    let window = &buf[..(end + needle - 1).min(buf.len())];
    let mut from = from;
    while let Some(at) = find_ci(window, CONTENT_LENGTH, from) {
        let rest = &buf[at + needle..];
        let spaces = rest
            .iter()
            .take_while(|b| matches!(b, b' ' | b'\t'))
            .count();
        let digits = rest[spaces..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let tail = &rest[spaces + digits..];
        let tail_spaces = tail
            .iter()
            .take_while(|b| matches!(b, b' ' | b'\t' | b'\r'))
            .count();
        match tail.get(tail_spaces) {
            // Cut by the end of what came so far: look again when more comes.
            None => return Scan::Upto(at),
            Some(b'\n') if digits > 0 => return Scan::Found(at),
            Some(_) => from = at + 1,
        }
    }
    // What came so far may end with the start of a header.
    for start in end.saturating_sub(needle - 1).max(from)..end {
        let tail = &buf[start..];
        if tail.len() < needle && CONTENT_LENGTH[..tail.len()].eq_ignore_ascii_case(tail) {
            return Scan::Upto(start);
        }
    }
    Scan::Upto(end.max(from))
}

/// The first case-insensitive occurrence of `needle` in `hay` at or after `from`.
fn find_ci(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if from >= hay.len() {
        return None;
    }
    // Candidates are found by their first byte (either case) with memchr: a 4 MB body is
    // scanned in a few hundred microseconds instead of compared window by window.
    let (first, rest) = needle.split_first()?;
    let (lower, upper) = (first.to_ascii_lowercase(), first.to_ascii_uppercase());
    memchr::memchr2_iter(lower, upper, &hay[from..])
        .map(|p| p + from)
        .find(|&at| {
            hay.get(at + 1..at + needle.len())
                .is_some_and(|w| w.eq_ignore_ascii_case(rest))
        })
}

/// Requests the guard reroutes, and the notification each becomes: its params are
/// `{"id": the request's id, "params": the request's params}`.
pub const REROUTED: [(&str, &str); 1] =
    [("textDocument/documentSymbol", "cardlint/documentSymbol")];

/// What the guard has seen of the session's life cycle, to reroute only between `initialize`
/// and `shutdown` (outside, tower-lsp-server answers the protocol's errors itself).
#[derive(Default)]
pub struct Route {
    initialized: bool,
    shut_down: bool,
}

impl Route {
    /// The body to forward instead of `request`'s (`None`: forward it as it is).
    pub fn reroute(&mut self, request: &Request) -> Option<Vec<u8>> {
        match request.method() {
            "initialize" => self.initialized = true,
            "shutdown" => self.shut_down = true,
            _ => {}
        }
        let id = request.id()?;
        if !self.initialized || self.shut_down {
            return None;
        }
        let (_, to) = REROUTED
            .iter()
            .find(|(from, _)| *from == request.method())?;
        let body = json!({
            "jsonrpc": "2.0",
            "method": to,
            "params": {"id": id, "params": request.params().cloned().unwrap_or(Value::Null)},
        });
        serde_json::to_vec(&body).ok()
    }
}

/// Writes the answer to a rerouted request: `result` is its JSON text, `Err` the protocol's
/// error (code and message).
pub async fn send<O: AsyncWrite + Unpin>(
    output: &Mutex<O>,
    id: &Value,
    result: std::result::Result<&[u8], (i64, &str)>,
) {
    let body = match result {
        Ok(result) => {
            let mut body = Vec::with_capacity(result.len() + 64);
            body.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"id\":");
            let _ = serde_json::to_writer(&mut body, id);
            body.extend_from_slice(b",\"result\":");
            body.extend_from_slice(result);
            body.push(b'}');
            body
        }
        Err((code, message)) => error_body(id.clone(), code, message),
    };
    write_frame(output, &body).await;
}

/// Writes a notification from the server (`params` serialised straight from its type).
pub async fn notify<O: AsyncWrite + Unpin>(
    output: &Mutex<O>,
    method: &str,
    params: &impl serde::Serialize,
) {
    let mut body = Vec::with_capacity(256);
    body.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"method\":");
    let _ = serde_json::to_writer(&mut body, method);
    body.extend_from_slice(b",\"params\":");
    if serde_json::to_writer(&mut body, params).is_err() {
        return;
    }
    body.push(b'}');
    write_frame(output, &body).await;
}

/// Writes `body` framed, without copying it into one buffer with its header (an outline is
/// megabytes).
async fn write_frame<O: AsyncWrite + Unpin>(output: &Mutex<O>, body: &[u8]) {
    let head = header(body.len());
    let mut out = output.lock().await;
    let _ = out.write_all(head.as_bytes()).await;
    let _ = out.write_all(body).await;
    let _ = out.flush().await;
}

fn header(length: usize) -> String {
    format!("Content-Length: {length}\r\n\r\n")
}

fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = header(body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

/// The body of an error response.
fn error_body(id: Value, code: i64, message: &str) -> Vec<u8> {
    let body = json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}});
    serde_json::to_vec(&body).unwrap_or_default()
}

fn error_response(id: Value, code: i64, message: &str) -> Vec<u8> {
    frame(&error_body(id, code, message))
}

/// What tower-lsp-server's codec decodes a body into: its own message type is private, and is
/// this untagged pair of its public types, in this order. Parsing through the same untagged
/// enum matters: it buffers the value first, with serde_json's nesting limit (a direct
/// `Request` parse skips unknown fields without one).
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum Incoming {
    Response(#[allow(dead_code)] Response),
    Request(Request),
}

/// `Ok` when tower-lsp-server can decode the body and should see it; otherwise the error
/// response to send. The codec stops reading at the first body it cannot decode, so only what
/// it decodes (`Incoming`, parsed from the same text) is forwarded: a numeric id beyond `i64`,
/// a repeated key, nesting beyond the limit are answered here. The codec reads the body as
/// UTF-8 first (serde skips the bytes of a key it ignores unchecked), so does the guard.
pub fn screen(body: &[u8]) -> Result<(), Vec<u8>> {
    screen_message(body).map(|_| ())
}

/// `screen`, with the request it read (`None` for a response from the client).
fn screen_message(body: &[u8]) -> Result<Option<Request>, Vec<u8>> {
    let Ok(text) = std::str::from_utf8(body) else {
        return Err(error_response(Value::Null, -32700, "Parse error"));
    };
    match serde_json::from_str::<Incoming>(text) {
        Ok(Incoming::Response(_)) => return Ok(None),
        Ok(Incoming::Request(request)) => {
            let params_ok = request
                .params()
                .is_none_or(|p| p.is_object() || p.is_array() || p.is_null());
            // `$/` requests are optional: one the server does not implement is answered
            // "method not found" (tower-lsp-server would drop it unanswered). `$/`
            // notifications go on (and are ignored unless known, like `$/cancelRequest`).
            match request.id() {
                Some(id) if params_ok && request.method().starts_with("$/") => {
                    let id = serde_json::to_value(id).unwrap_or(Value::Null);
                    let message = format!("Method not found: {}", request.method());
                    return Err(error_response(id, -32601, &message));
                }
                _ if params_ok => return Ok(Some(request)),
                _ => {}
            }
        }
        Err(_) => {}
    }
    let value: Value = match serde_json::from_slice(body) {
        Ok(value) => value,
        Err(_) => return Err(error_response(Value::Null, -32700, "Parse error")),
    };
    let id = value
        .get("id")
        .filter(|id| id.is_null() || id.is_string() || id.is_i64() || id.is_u64())
        .cloned()
        .unwrap_or(Value::Null);
    Err(error_response(id, -32600, "Invalid request"))
}

/// Copies well-formed frames from `input` to `server_in`, answering the others on `output`;
/// with `reroute`, the requests of `REROUTED` go on as their notifications.
pub async fn guard_input<R, W, O>(
    mut input: R,
    mut server_in: W,
    output: Arc<Mutex<O>>,
    reroute: bool,
) where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
    O: AsyncWrite + Unpin,
{
    let mut decoder = Decoder::new(MAX_BODY);
    let mut route = Route::default();
    let mut chunk = vec![0; CHUNK];
    // When the bytes of the frame being read began to arrive (for `CARDLINT_PROFILE`).
    let mut frame_began = None;
    'read: loop {
        let n = input.read(&mut chunk).await.unwrap_or(0);
        if decoder.buffered() == 0 {
            frame_began = crate::profile::now();
        }
        let mut events = Vec::new();
        if n == 0 {
            events.extend(decoder.finish());
        } else {
            decoder.push(&chunk[..n]);
            while let Some(event) = decoder.next() {
                events.push(event);
            }
        }
        for event in events {
            let answer = match event {
                Event::Malformed(why) => {
                    eprintln!("cardlint: dropped malformed input: {why}");
                    error_response(Value::Null, -32700, "Parse error")
                }
                Event::Message(body) => {
                    // Large frames (a document opened) are timed for `CARDLINT_PROFILE`.
                    let large = body.len() > 1 << 16;
                    if large {
                        crate::profile::since("guard: large frame read", frame_began);
                    }
                    let screened = {
                        let _span = large.then(|| crate::profile::Span::start("guard: screen"));
                        screen_message(&body)
                    };
                    match screened {
                        Ok(request) => {
                            let rerouted =
                                request.filter(|_| reroute).and_then(|r| route.reroute(&r));
                            let body = rerouted.as_deref().unwrap_or(&body);
                            if server_in.write_all(&frame(body)).await.is_err() {
                                break 'read;
                            }
                            if large {
                                crate::profile::since("guard: large frame forwarded", frame_began);
                            }
                            continue;
                        }
                        Err(answer) => answer,
                    }
                }
            };
            let mut out = output.lock().await;
            let _ = out.write_all(&answer).await;
            let _ = out.flush().await;
        }
        if n == 0 {
            break;
        }
    }
    let _ = server_in.shutdown().await;
}

/// Copies the server's frames to `output`, whole (so that errors of `guard_input` never land
/// inside one).
pub async fn relay_output<R, O>(mut server_out: R, output: Arc<Mutex<O>>)
where
    R: AsyncRead + Unpin,
    O: AsyncWrite + Unpin,
{
    let mut decoder = Decoder::new(usize::MAX);
    let mut chunk = vec![0; CHUNK];
    loop {
        let n = server_out.read(&mut chunk).await.unwrap_or(0);
        if n == 0 {
            return;
        }
        decoder.push(&chunk[..n]);
        while let Some(event) = decoder.next() {
            let Event::Message(body) = event else {
                continue;
            };
            let mut out = output.lock().await;
            if out.write_all(&frame(&body)).await.is_err() || out.flush().await.is_err() {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::{Config, FileFailurePersistence, RngSeed, TestRunner};

    #[test]
    fn checks_messages() {
        assert!(screen(br#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#).is_ok());
        assert!(screen(br#"{"jsonrpc":"2.0","method":"initialized"}"#).is_ok());
        assert!(screen(br#"{"jsonrpc":"2.0","id":"a","result":null}"#).is_ok());
        let parse = String::from_utf8(screen(b"{not json").unwrap_err()).unwrap();
        assert!(parse.contains("-32700") && parse.contains("\"id\":null"));
        let invalid = String::from_utf8(screen(br#"{"id":3}"#).unwrap_err()).unwrap();
        assert!(invalid.contains("-32600") && invalid.contains("\"id\":3"));
        assert!(screen(br#"[1,2]"#).is_err());
        assert!(screen(br#"{"jsonrpc":"2.0","id":1.5,"method":"x"}"#).is_err());
        let dollar =
            String::from_utf8(screen(br#"{"jsonrpc":"2.0","id":7,"method":"$/x"}"#).unwrap_err())
                .unwrap();
        assert!(
            dollar.contains("-32601") && dollar.contains("\"id\":7"),
            "{dollar}"
        );
        assert!(
            screen(br#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#).is_ok()
        );
    }

    /// The outline request goes on as its notification only between `initialize` and
    /// `shutdown`, with its id and params; other messages are left alone.
    #[test]
    fn reroutes_the_outline_in_session() {
        let request = |body: &str| screen_message(body.as_bytes()).unwrap().unwrap();
        let outline = r#"{"jsonrpc":"2.0","id":"o1","method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///a.txt"}}}"#;
        let mut route = Route::default();
        assert_eq!(route.reroute(&request(outline)), None, "before initialize");
        let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#;
        assert_eq!(route.reroute(&request(init)), None);
        let hover = r#"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{}}"#;
        assert_eq!(route.reroute(&request(hover)), None);
        let note = r#"{"jsonrpc":"2.0","method":"textDocument/documentSymbol","params":{}}"#;
        assert_eq!(
            route.reroute(&request(note)),
            None,
            "a notification has no answer"
        );
        let rerouted: Value =
            serde_json::from_slice(&route.reroute(&request(outline)).unwrap()).unwrap();
        assert_eq!(
            rerouted,
            json!({"jsonrpc": "2.0", "method": "cardlint/documentSymbol", "params": {
                "id": "o1", "params": {"textDocument": {"uri": "file:///a.txt"}}}})
        );
        // What the guard forwards, the server's codec reads.
        assert!(screen(&serde_json::to_vec(&rerouted).unwrap()).is_ok());
        let shutdown = r#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#;
        assert_eq!(route.reroute(&request(shutdown)), None);
        assert_eq!(route.reroute(&request(outline)), None, "after shutdown");
    }

    /// The answer to a rerouted request is one frame of a JSON-RPC response.
    #[test]
    fn sends_answers_framed() {
        let out = Mutex::new(Vec::new());
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime.block_on(send(&out, &json!("o1"), Ok(br#"[{"name":"A"}]"#)));
        runtime.block_on(send(&out, &json!(4), Err((-32602, "bad params"))));
        let bytes = out.into_inner();
        let events = decode(&bytes, 7, MAX_BODY);
        let bodies: Vec<Value> = messages(&events)
            .iter()
            .map(|b| serde_json::from_slice(b).unwrap())
            .collect();
        assert_eq!(
            bodies,
            [
                json!({"jsonrpc": "2.0", "id": "o1", "result": [{"name": "A"}]}),
                json!({"jsonrpc": "2.0", "id": 4, "error": {"code": -32602, "message": "bad params"}}),
            ]
        );
    }

    /// Bodies whose JSON looks like a message but that tower-lsp-server's codec cannot decode
    /// (one such body forwarded stops the server reading): each is answered instead.
    #[test]
    fn forwards_only_what_the_server_decodes() {
        for body in [
            &br#"{"jsonrpc":"2.0","id":18446744073709551615,"method":"x"}"#[..],
            br#"{"jsonrpc":"2.0","id":1,"id":2,"method":"x"}"#,
            br#"{"jsonrpc":"2.0","method":"x","method":"y"}"#,
            b"{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":{\"a\":\"\\ud800\"}}",
            b"{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"other\":{\"\xfe\":1}}",
            &[
                &br#"{"jsonrpc":"2.0","method":"x","other":"#[..],
                &b"[".repeat(300),
                &b"]".repeat(300),
                b"}",
            ]
            .concat(),
        ] {
            let shown = String::from_utf8_lossy(body);
            let answer = screen(body).expect_err(&shown);
            let answer = String::from_utf8(answer).unwrap();
            assert!(
                answer.contains("-32600") || answer.contains("-32700"),
                "{shown}: {answer}"
            );
        }
    }

    const VALID: &[u8] = br#"{"jsonrpc":"2.0","id":5,"method":"shutdown"}"#;

    fn framed(body: &[u8]) -> Vec<u8> {
        frame(body)
    }

    /// Everything the decoder makes of `input` (pushed in pieces of `step` bytes).
    fn decode(input: &[u8], step: usize, max_body: usize) -> Vec<Event> {
        let mut decoder = Decoder::new(max_body);
        let mut events = Vec::new();
        for piece in input.chunks(step.max(1)) {
            decoder.push(piece);
            while let Some(event) = decoder.next() {
                events.push(event);
            }
            assert!(decoder.buffered() <= max_body.max(MAX_HEADER) + step.max(1) + 64);
        }
        events.extend(decoder.finish());
        events
    }

    fn messages(events: &[Event]) -> Vec<&[u8]> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Message(m) => Some(m.as_slice()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn frames_and_resynchronisation() {
        let good = framed(VALID);
        let cases: Vec<(&str, Vec<u8>)> = vec![
            (
                "too short",
                [&b"Content-Length: 10\r\n\r\n"[..], VALID].concat(),
            ),
            (
                "too long",
                [&b"Content-Length: 1000\r\n\r\n"[..], VALID].concat(),
            ),
            (
                "no length",
                [&b"Content-Type: application/json\r\n\r\n"[..], VALID].concat(),
            ),
            ("no header", VALID.to_vec()),
            (
                "u64 max",
                [&b"Content-Length: 18446744073709551615\r\n\r\n"[..], VALID].concat(),
            ),
            (
                "huge",
                [&b"Content-Length: 100000000000000\r\n\r\n"[..], VALID].concat(),
            ),
            (
                "beyond u64",
                [
                    &b"Content-Length: 99999999999999999999999\r\n\r\n"[..],
                    VALID,
                ]
                .concat(),
            ),
            (
                "negative",
                [&b"Content-Length: -5\r\n\r\n"[..], VALID].concat(),
            ),
            ("garbage", b"\x00\xff\xfe garbage \r\n\r\n".to_vec()),
        ];
        for (what, bad) in cases {
            for step in [1, 7, 4096] {
                let events = decode(&[bad.clone(), good.clone()].concat(), step, MAX_BODY);
                assert!(
                    events.iter().any(|e| matches!(e, Event::Malformed(_))) || what == "too short",
                    "{what}: {events:?}"
                );
                assert_eq!(
                    messages(&events).last(),
                    Some(&VALID),
                    "{what} (step {step}): {events:?}"
                );
            }
        }
        // Two good frames, headers in any order and case, extra blank lines between.
        let two = [
            &b"content-type: x\r\ncontent-length: 44\r\n\r\n"[..],
            VALID,
            b"\r\n\nContent-Length:44\n\n",
            VALID,
        ]
        .concat();
        let events = decode(&two, 3, MAX_BODY);
        assert_eq!(messages(&events), vec![VALID, VALID], "{events:?}");
        assert!(!events.iter().any(|e| matches!(e, Event::Malformed(_))));
        // A body may speak of Content-Length (in a JSON string, without a raw line break).
        let body = br#"{"jsonrpc":"2.0","method":"x","params":{"t":"Content-Length: 3\r\n"}}"#;
        let events = decode(&framed(body), 5, MAX_BODY);
        assert_eq!(messages(&events), vec![&body[..]]);
    }

    /// Random streams, and valid frames mutated, never make the decoder panic or hold more than
    /// its limit; a valid frame after a blank line that follows them is always decoded.
    #[test]
    fn fuzzed_streams() {
        const LIMIT: usize = 2048;
        let cases = std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(2000);
        let config = Config {
            cases,
            rng_seed: RngSeed::Fixed(0x00c0_ffee),
            failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
            ..Config::default()
        };
        let pieces = prop_oneof![
            proptest::collection::vec(any::<u8>(), 0..64),
            Just(b"Content-Length: ".to_vec()),
            Just(b"content-length:".to_vec()),
            Just(b"\r\n".to_vec()),
            Just(b"\r\n\r\n".to_vec()),
            Just(b"Content-Type: application/vscode-jsonrpc\r\n".to_vec()),
            (0u64..u64::MAX).prop_map(|n| n.to_string().into_bytes()),
            (0u64..4096).prop_map(|n| n.to_string().into_bytes()),
            Just(framed(VALID)),
            Just(VALID.to_vec()),
        ];
        let stream = (
            proptest::collection::vec(pieces, 0..24),
            1usize..300,
            proptest::collection::vec((any::<usize>(), any::<u8>()), 0..4),
        );
        let mut runner = TestRunner::new(config);
        runner
            .run(&stream, |(pieces, step, flips)| {
                let mut garbage: Vec<u8> = pieces.concat();
                for (at, byte) in flips {
                    if !garbage.is_empty() {
                        let at = at % garbage.len();
                        garbage[at] = byte;
                    }
                }
                // Garbage alone: no panic, bounded.
                decode(&garbage, step, LIMIT);
                // A frame follows: after a newline (which ends a header line the garbage may
                // have left open) it is always decoded.
                let input = [garbage, b"\r\n".to_vec(), framed(VALID)].concat();
                let events = decode(&input, step, LIMIT);
                let found = messages(&events);
                prop_assert_eq!(found.last(), Some(&VALID), "{:?}", events);
                Ok(())
            })
            .unwrap();
    }
}
