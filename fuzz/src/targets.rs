//! The properties each target checks. A target returns `Err` with what went wrong; a panic is
//! caught by the runner (`run::check`) and is an `Err` too.

use crate::Kind;
use crate::generate::{VALID, frame};
use lint::{Diagnostic, SourceFile};
use lsp::transport::{Decoder, Event, MAX_HEADER, screen};
use std::sync::LazyLock;
use syntax::{LineIndex, SourceText, TextRange};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Target {
    Parse,
    Lint,
    Fix,
    Format,
    Simulate,
    Lsp,
}

pub const TARGETS: &[Target] = &[
    Target::Parse,
    Target::Lint,
    Target::Fix,
    Target::Format,
    Target::Simulate,
    Target::Lsp,
];

impl Target {
    pub fn name(self) -> &'static str {
        match self {
            Target::Parse => "parse",
            Target::Lint => "lint",
            Target::Fix => "fix",
            Target::Format => "format",
            Target::Simulate => "simulate",
            Target::Lsp => "lsp",
        }
    }

    pub fn from_name(name: &str) -> Option<Target> {
        TARGETS.iter().copied().find(|t| t.name() == name)
    }

    /// Whether the target runs on files of this kind (the LSP target on the first kind of each
    /// dialect: its streams are made of all the dialect's fixtures).
    pub fn applies(self, kind: &Kind) -> bool {
        match self {
            Target::Simulate => kind.simulate,
            Target::Format => lint::format::supports(kind.dialect),
            Target::Lsp => crate::KINDS
                .iter()
                .find(|k| k.dialect == kind.dialect)
                .is_some_and(|k| k.name == kind.name),
            _ => true,
        }
    }

    /// Runs the target on one input.
    pub fn check(self, kind: &Kind, bytes: &[u8]) -> Result<(), String> {
        match self {
            Target::Parse => parse(kind, bytes),
            Target::Lint => lint(kind, bytes).map(|_| ()),
            Target::Fix => fix(kind, bytes),
            Target::Format => format(kind, bytes),
            Target::Simulate => simulate(kind, bytes),
            Target::Lsp => lsp(bytes),
        }
    }
}

type Result<T, E = String> = std::result::Result<T, E>;

fn range_ok(text: &str, range: TextRange) -> bool {
    let (s, e) = (usize::from(range.start()), usize::from(range.end()));
    s <= e && e <= text.len() && text.is_char_boundary(s) && text.is_char_boundary(e)
}

fn check_range(text: &str, range: TextRange, what: &dyn Fn() -> String) -> Result<()> {
    if range_ok(text, range) {
        Ok(())
    } else {
        Err(format!(
            "{} at {range:?}: outside the text ({} bytes) or not on a character boundary",
            what(),
            text.len()
        ))
    }
}

fn tree<L: rowan::Language>(p: syntax::Parse<L>) -> (String, Vec<TextRange>) {
    (
        p.syntax().to_string(),
        p.errors().iter().map(|e| e.range).collect(),
    )
}

/// The file parser of a dialect: the tree's text and the syntax errors' ranges.
fn parse_file(dialect: &str, text: &str) -> (String, Vec<TextRange>) {
    match dialect {
        "forge" => tree(syntax::forge::parse(text)),
        "wagic" => tree(syntax::wagic::parse(text)),
        "pymtg" => tree(syntax::pymtg::parse(text)),
        "netrunner" => tree(syntax::netrunner::parse(text)),
        "rulescript" => tree(syntax::rulescript::parse(text)),
        other => panic!("no parser for {other}"),
    }
}

fn round_trip(what: &str, text: &str, (tree, errors): (String, Vec<TextRange>)) -> Result<()> {
    if tree != text {
        let at = tree
            .bytes()
            .zip(text.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        return Err(format!(
            "{what}: the tree's text differs from the input from byte {at} (tree {} bytes, input {})",
            tree.len(),
            text.len()
        ));
    }
    for range in errors {
        check_range(text, range, &|| format!("{what}: a syntax error"))?;
    }
    Ok(())
}

/// How many lines the parsers of embedded pieces see (each parse is of one line).
const PIECE_LINES: usize = 64;

/// The parsers of one line or one value: lossless too.
fn parse_pieces(dialect: &str, text: &str) -> Result<()> {
    for line in text.lines().take(PIECE_LINES) {
        match dialect {
            "forge" => round_trip(
                "the record parser",
                line,
                tree(syntax::forge::parse_record_text(line)),
            )?,
            "wagic" => {
                let value = line.split_once('=').map_or(line, |(_, v)| v);
                round_trip(
                    "the ability parser",
                    value,
                    tree(syntax::wagic::parse_ability(value)),
                )?
            }
            "pymtg" => round_trip(
                "the expression parser",
                line,
                tree(syntax::pymtg::parse_expression(line)),
            )?,
            "netrunner" => {
                for action in [false, true] {
                    round_trip(
                        "the script parser",
                        line,
                        tree(syntax::netrunner::parse_script(line, action)),
                    )?
                }
            }
            "rulescript" => round_trip(
                "the rule parser",
                line,
                tree(syntax::rulescript::parse_rule(line)),
            )?,
            _ => {}
        }
    }
    if dialect == "rulescript" {
        round_trip(
            "the rule parser",
            text,
            tree(syntax::rulescript::parse_rule(text)),
        )?;
    }
    Ok(())
}

/// The tree holds every byte of the decoded text; decoding keeps every byte of the file.
pub fn parse(kind: &Kind, bytes: &[u8]) -> Result<()> {
    let source = SourceText::decode(bytes);
    if source.to_original_bytes() != bytes {
        return Err("decoding: the original bytes are not rebuilt exactly".into());
    }
    let dialect = kind.dialect.name();
    let text = source.text();
    round_trip("the file parser", text, parse_file(dialect, text))?;
    parse_pieces(dialect, text)
}

static EVERY_RULE: LazyLock<lint::config::Config> = LazyLock::new(lint::config::Config::every_rule);

fn check_diagnostics(text: &str, diagnostics: &[Diagnostic]) -> Result<()> {
    let index = LineIndex::new(text);
    for d in diagnostics {
        if d.rule.code == "G100" {
            return Err(format!("G100: {}", d.message));
        }
        check_range(text, d.range, &|| format!("{} reports", d.rule.code))?;
        for at in [d.range.start(), d.range.end()] {
            index.line_col(at);
            index.line_col_utf16(at);
        }
        for edit in d.fix.iter().flat_map(|f| &f.edits) {
            check_range(text, edit.range, &|| {
                format!("an edit of {}'s fix", d.rule.code)
            })?;
        }
    }
    Ok(())
}

/// Lints one file with every rule on.
fn lint_file(kind: &Kind, source: SourceText) -> Result<(SourceFile, Vec<Diagnostic>)> {
    let mut file = SourceFile::new(kind.path, kind.dialect, b"");
    file.source = source;
    let files = vec![file];
    let mut results = lint::workspace::check(&files, &EVERY_RULE);
    let diagnostics = results.pop().unwrap_or_default();
    check_diagnostics(files[0].text(), &diagnostics)?;
    let [file] = <[SourceFile; 1]>::try_from(files).map_err(|_| "one file".to_string())?;
    Ok((file, diagnostics))
}

/// No panic; findings and fix edits inside the text, on character boundaries.
pub fn lint(kind: &Kind, bytes: &[u8]) -> Result<(SourceFile, Vec<Diagnostic>)> {
    lint_file(kind, SourceText::decode(bytes))
}

/// Rounds of fix-then-relint on one input.
const FIX_ROUNDS: usize = 3;

/// The safe and unsafe fixes applied together: no panic, the bytes outside the edits kept, the
/// result parses back to itself and lints without a panic; again for a few rounds.
/// The formatter never panics and never refuses (a refusal is a change of meaning or a second
/// pass that changes something: bugs); its edits are sorted and apart, keep every byte outside
/// them, and give a text it leaves alone.
pub fn format(kind: &Kind, bytes: &[u8]) -> Result<()> {
    let source = SourceText::decode(bytes);
    let text = source.text();
    let edits = lint::format::format(kind.dialect, text).map_err(|e| e.to_string())?;
    for w in edits.windows(2) {
        if w[0].range.end() > w[1].range.start() {
            return Err(format!(
                "format edits overlap or are out of order: {:?} and {:?}",
                w[0].range, w[1].range
            ));
        }
    }
    for e in &edits {
        check_range(text, e.range, &|| "a format edit".to_string())?;
    }
    let pairs: Vec<(TextRange, &str)> = edits
        .iter()
        .map(|e| (e.range, e.new_text.as_str()))
        .collect();
    let out = source.apply_edits_to_bytes(&pairs);
    let formatted = lint::format::apply(text, &edits);
    if source.encoding() == syntax::Encoding::Utf8 && SourceText::decode(&out).text() != formatted {
        return Err("the formatted file does not read as the text with the edits made".into());
    }
    let again = lint::format::format(kind.dialect, SourceText::decode(&out).text())
        .map_err(|e| format!("formatting the formatted file: {e}"))?;
    if !again.is_empty() {
        return Err(format!(
            "formatting is not idempotent: a second pass makes {} more edits (first at {:?})",
            again.len(),
            again[0].range
        ));
    }
    Ok(())
}

pub fn fix(kind: &Kind, bytes: &[u8]) -> Result<()> {
    let (mut file, mut diagnostics) = lint(kind, bytes)?;
    for round in 0..FIX_ROUNDS {
        let (edits, count) = lint::fix::choose_edits(&diagnostics, true);
        if count == 0 {
            return Ok(());
        }
        let source = &file.source;
        let text = source.text();
        let original = source.to_original_bytes();
        let pairs: Vec<(TextRange, &str)> = edits
            .iter()
            .map(|e| (e.range, e.new_text.as_str()))
            .collect();
        for w in pairs.windows(2) {
            if w[0].0.end() > w[1].0.start() {
                return Err(format!(
                    "round {round}: chosen edits overlap: {:?} and {:?}",
                    w[0].0, w[1].0
                ));
            }
        }
        let out = source.apply_edits_to_bytes(&pairs);
        // Every byte outside the edits is where it was, in order.
        let mut pos = 0usize;
        let mut at = 0usize;
        for (range, new_text) in &pairs {
            let start = source.byte_offset(range.start());
            let end = source.byte_offset(range.end());
            let kept = &original[pos..start];
            if out.get(at..at + kept.len()) != Some(kept) {
                return Err(format!(
                    "round {round}: the bytes {pos}..{start} before the edit at {range:?} are not kept"
                ));
            }
            at += kept.len() + source.encode_like(new_text).len();
            pos = end;
        }
        if out.get(at..) != Some(&original[pos..]) {
            return Err(format!(
                "round {round}: the bytes after the last edit ({pos}..) are not kept"
            ));
        }
        // On a UTF-8 file, the result is the text with the edits made.
        if source.encoding() == syntax::Encoding::Utf8 {
            let mut expected = String::with_capacity(text.len());
            let mut pos = 0;
            for (range, new_text) in &pairs {
                expected.push_str(&text[pos..usize::from(range.start())]);
                expected.push_str(new_text);
                pos = usize::from(range.end());
            }
            expected.push_str(&text[pos..]);
            if SourceText::decode(&out).text() != expected {
                return Err(format!(
                    "round {round}: the fixed file does not read as the text with the edits made"
                ));
            }
        }
        parse(kind, &out).map_err(|e| format!("round {round}: after the fixes: {e}"))?;
        let fixed = lint_file(kind, SourceText::decode(&out))
            .map_err(|e| format!("round {round}: after the fixes: {e}"))?;
        (file, diagnostics) = fixed;
    }
    Ok(())
}

/// The engine plays the file's cards: no panic, findings inside the text.
pub fn simulate(kind: &Kind, bytes: &[u8]) -> Result<()> {
    let files = vec![SourceFile::new(kind.path, kind.dialect, bytes)];
    let (mut results, stats) = engine::simulate(&files, &engine::Options::default());
    let findings = results.pop().unwrap_or_default();
    let text = files[0].text();
    for f in &findings {
        if f.kind == engine::Kind::Crashed {
            return Err(format!("G100: {}", f.message));
        }
        check_range(text, f.range, &|| format!("{} reports", f.kind.code()))?;
    }
    if stats.crashed > 0 {
        return Err(format!("{} cards crashed", stats.crashed));
    }
    Ok(())
}

/// The largest body the LSP target's decoder accepts.
const LSP_LIMIT: usize = 4096;

/// What the LSP target sends after the garbage (and a line break): every one must come out.
fn lsp_tail() -> Vec<Vec<u8>> {
    let open = serde_json::to_vec(&serde_json::json!({
        "jsonrpc": "2.0",
        "method": "textDocument/didOpen",
        "params": {"textDocument": {"uri": "file:///t.txt", "languageId": "forge", "version": 1,
            "text": "Name:Caf\u{e9}\r\nContent-Length: 3\r\n\r\nA:SP$ Draw | Cost$ R\n"}}
    }))
    .unwrap_or_default();
    vec![VALID.to_vec(), open, VALID.to_vec()]
}

/// Everything the decoder makes of `input` pushed `step` bytes at a time; `Err` when it holds
/// more than its bound.
fn decode(input: &[u8], step: usize) -> Result<Vec<Event>> {
    let mut decoder = Decoder::new(LSP_LIMIT);
    let mut events = Vec::new();
    let bound = LSP_LIMIT.max(MAX_HEADER) + step + 64;
    for piece in input.chunks(step.max(1)) {
        decoder.push(piece);
        while let Some(event) = decoder.next() {
            events.push(event);
        }
        if decoder.buffered() > bound {
            return Err(format!(
                "the decoder holds {} bytes (bound {bound}, step {step})",
                decoder.buffered()
            ));
        }
    }
    events.extend(decoder.finish());
    Ok(events)
}

/// What the guard does with one decoded body: forward it only if it is UTF-8 JSON within
/// serde_json's nesting limit (tower-lsp-server's codec reads it as a `str`, then buffers the
/// value, with that limit, to try its message kinds), else answer with exactly one well-formed
/// JSON-RPC error.
fn screened(body: &[u8]) -> Result<()> {
    let shown = || String::from_utf8_lossy(&body[..body.len().min(200)]).into_owned();
    let answer = match screen(body) {
        Ok(()) => {
            return match std::str::from_utf8(body).map(serde_json::from_str::<serde_json::Value>) {
                Ok(Ok(_)) => Ok(()),
                _ => Err(format!(
                    "the guard forwards a body that is no UTF-8 JSON: {}",
                    shown()
                )),
            };
        }
        Err(answer) => answer,
    };
    let events = decode(&answer, answer.len().max(1))?;
    let [Event::Message(reply)] = events.as_slice() else {
        return Err(format!(
            "the guard's answer to {} is not one frame",
            shown()
        ));
    };
    let reply: serde_json::Value = serde_json::from_slice(reply)
        .map_err(|e| format!("the guard's answer to {} is no JSON: {e}", shown()))?;
    let id = &reply["id"];
    let code = reply["error"]["code"].as_i64();
    let ok = reply["jsonrpc"] == "2.0"
        && (id.is_null() || id.is_string() || id.is_i64() || id.is_u64())
        && reply["error"]["message"].is_string()
        && matches!(code, Some(-32700 | -32600 | -32601));
    if !ok {
        return Err(format!("the guard answers {} with {reply}", shown()));
    }
    Ok(())
}

/// Garbage into the decoder: no panic, bounded memory; the valid frames that follow it after a
/// line break are all delivered, last and in order. Every decoded body goes through the guard's
/// screen: forwarded only when the server can read it, else answered with one JSON-RPC error.
pub fn lsp(garbage: &[u8]) -> Result<()> {
    let tail = lsp_tail();
    if let Some(body) = tail.iter().find(|body| screen(body).is_err()) {
        return Err(format!(
            "the guard answers a well-formed message instead of forwarding it: {}",
            String::from_utf8_lossy(body)
        ));
    }
    let mut input = garbage.to_vec();
    input.extend_from_slice(b"\r\n");
    for body in &tail {
        input.extend(frame(body, body.len()));
    }
    let mut steps = vec![3, 17, 256, input.len().max(1)];
    if input.len() <= 1024 {
        steps.push(1);
    }
    for step in steps {
        decode(garbage, step)?;
        let events = decode(&input, step)?;
        let messages: Vec<&[u8]> = events
            .iter()
            .filter_map(|e| match e {
                Event::Message(m) => Some(m.as_slice()),
                Event::Malformed(_) => None,
            })
            .collect();
        if step == 3 {
            for body in &messages {
                screened(body)?;
            }
        }
        let delivered = messages.len() >= tail.len()
            && messages[messages.len() - tail.len()..]
                .iter()
                .zip(&tail)
                .all(|(a, b)| *a == b.as_slice());
        if !delivered {
            let last: Vec<String> = events
                .iter()
                .rev()
                .take(6)
                .map(|e| match e {
                    Event::Message(m) => format!("message of {} bytes", m.len()),
                    Event::Malformed(why) => format!("malformed: {why}"),
                })
                .collect();
            return Err(format!(
                "step {step}: the frames after the garbage are not all delivered (last events, newest first: {last:?})"
            ));
        }
    }
    Ok(())
}
