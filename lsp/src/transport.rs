//! A guard between stdio and tower-lsp-server's transport.
//!
//! tower-lsp-server stops reading after the first message it cannot decode (a body that is no
//! JSON, a JSON value that is no JSON-RPC message, a header without `Content-Length`), and the
//! server then exits. The guard reads the frames itself, passes well-formed messages on, and
//! answers the others with the protocol's error (`-32700` parse error, `-32600` invalid
//! request) so that the server carries on.

use serde_json::{Value, json};
use std::sync::Arc;
use tokio::io::{
    AsyncBufRead, AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt,
};
use tokio::sync::Mutex;

/// The most a header section may hold before it is dropped as garbage.
const MAX_HEADER_LINE: usize = 8 * 1024;

/// One frame read from a stream.
enum Frame {
    Body(Vec<u8>),
    /// Headers that ended without a usable `Content-Length`.
    BadHeader,
    Eof,
}

async fn read_frame<R: AsyncBufRead + Unpin>(reader: &mut R) -> std::io::Result<Frame> {
    let mut length: Option<usize> = None;
    let mut seen = false;
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = (&mut *reader)
            .take(MAX_HEADER_LINE as u64)
            .read_until(b'\n', &mut line)
            .await?;
        if n == 0 {
            return Ok(Frame::Eof);
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        if text.is_empty() {
            if !seen {
                continue;
            }
            return match length {
                Some(length) => {
                    let mut body = vec![0; length];
                    reader.read_exact(&mut body).await?;
                    Ok(Frame::Body(body))
                }
                None => Ok(Frame::BadHeader),
            };
        }
        seen = true;
        if let Some((name, value)) = text.split_once(':')
            && name.trim().eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().ok();
        }
    }
}

fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

fn error_response(id: Value, code: i64, message: &str) -> Vec<u8> {
    let body = json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}});
    frame(&serde_json::to_vec(&body).unwrap_or_default())
}

/// `Ok` when tower-lsp-server can decode the body; otherwise the error response to send.
fn check(body: &[u8]) -> Result<(), Vec<u8>> {
    let value: Value = match serde_json::from_slice(body) {
        Ok(value) => value,
        Err(_) => return Err(error_response(Value::Null, -32700, "Parse error")),
    };
    let id = value.get("id").cloned();
    let id_ok = id
        .as_ref()
        .is_none_or(|id| id.is_null() || id.is_string() || id.is_i64() || id.is_u64());
    let ok = value.is_object()
        && value.get("jsonrpc").and_then(Value::as_str) == Some("2.0")
        && id_ok
        && match value.get("method") {
            Some(method) => {
                method.is_string()
                    && value
                        .get("params")
                        .is_none_or(|p| p.is_object() || p.is_array() || p.is_null())
            }
            None => id.is_some() && (value.get("result").is_some() || value.get("error").is_some()),
        };
    if ok {
        Ok(())
    } else {
        let id = id.filter(|_| id_ok).unwrap_or(Value::Null);
        Err(error_response(id, -32600, "Invalid request"))
    }
}

/// Copies well-formed frames from `input` to `server_in`, answering the others on `output`.
pub async fn guard_input<R, W, O>(input: R, mut server_in: W, output: Arc<Mutex<O>>)
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
    O: AsyncWrite + Unpin,
{
    let mut reader = tokio::io::BufReader::new(input);
    loop {
        let answer = match read_frame(&mut reader).await {
            Ok(Frame::Eof) | Err(_) => break,
            Ok(Frame::BadHeader) => error_response(Value::Null, -32700, "Parse error"),
            Ok(Frame::Body(body)) => match check(&body) {
                Ok(()) => {
                    if server_in.write_all(&frame(&body)).await.is_err() {
                        break;
                    }
                    continue;
                }
                Err(answer) => answer,
            },
        };
        let mut out = output.lock().await;
        let _ = out.write_all(&answer).await;
        let _ = out.flush().await;
    }
    let _ = server_in.shutdown().await;
}

/// Copies the server's frames to `output`, whole (so that errors of `guard_input` never land
/// inside one).
pub async fn relay_output<R, O>(server_out: R, output: Arc<Mutex<O>>)
where
    R: AsyncRead + Unpin,
    O: AsyncWrite + Unpin,
{
    let mut reader = tokio::io::BufReader::new(server_out);
    while let Ok(Frame::Body(body)) = read_frame(&mut reader).await {
        let mut out = output.lock().await;
        if out.write_all(&frame(&body)).await.is_err() || out.flush().await.is_err() {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_messages() {
        assert!(check(br#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#).is_ok());
        assert!(check(br#"{"jsonrpc":"2.0","method":"initialized"}"#).is_ok());
        assert!(check(br#"{"jsonrpc":"2.0","id":"a","result":null}"#).is_ok());
        let parse = String::from_utf8(check(b"{not json").unwrap_err()).unwrap();
        assert!(parse.contains("-32700") && parse.contains("\"id\":null"));
        let invalid = String::from_utf8(check(br#"{"id":3}"#).unwrap_err()).unwrap();
        assert!(invalid.contains("-32600") && invalid.contains("\"id\":3"));
        assert!(check(br#"[1,2]"#).is_err());
        assert!(check(br#"{"jsonrpc":"2.0","id":1.5,"method":"x"}"#).is_err());
    }
}
