//! Inputs: a fixture mutated by a few random steps (flips, insertions of syntax-laden pieces and
//! non-ASCII text, deletions, duplicated slices, long repetitions, lines spliced from another
//! fixture), and for the LSP target, byte streams of frames and garbage made from fixtures.

use crate::{Kind, Rng};

/// Pieces that matter to every dialect's reader.
const COMMON: &[&[u8]] = &[
    b"|",
    b"$",
    b"$ ",
    b":",
    b"=",
    b"\n",
    b"\r\n",
    b"\r",
    b"\t",
    b" ",
    b"(",
    b")",
    b"[",
    b"]",
    b"{",
    b"}",
    b"<",
    b">",
    b"\"",
    b"'",
    b"'''",
    b"\"\"\"",
    b"&&",
    b"@",
    b"~",
    b"#",
    b"\\",
    b",",
    b";",
    b".",
    b"+",
    b"-",
    b"!",
    b"0",
    b"-1",
    b"99999999999999999999",
    b"caf\xc3\xa9",
    b"\xe2\x80\x94",
    b"\xf0\x9f\x82\xa1",
    b"\xcc\x81",
    b"\xff",
    b"\xe9",
    b"\x00",
    b"\xef\xbb\xbf",
    b"\xc3",
    b"-----",
    b"+++++",
    b".....",
    b"=====",
    b"&amp;",
    b"&#",
    b"<card",
];

/// Pieces that matter to one dialect.
fn dialect_pieces(dialect: &str) -> &'static [&'static [u8]] {
    match dialect {
        "forge" => &[
            b"A:SP$ ",
            b"A:AB$ ",
            b"SVar:",
            b"SVar:X:Count$",
            b"DB$ ",
            b"T:Mode$ ",
            b"S:Mode$ ",
            b"R:Event$ ",
            b"K:",
            b"| Defined$ ",
            b"| ValidTgts$ ",
            b"| SubAbility$ ",
            b"| Execute$ ",
            b"| Cost$ ",
            b"Charm",
            b"| Choices$ ",
            b"| TgtPrompt$ ",
            b"ALTERNATE",
            b"Name:",
            b"ManaCost:",
            b"Types:",
            b"Oracle:",
            b"PT:",
            b"Creature",
            b".YouCtrl",
            b"+nonToken",
            b"Remembered",
            b"Targeted",
            b"X",
            b"Count$xPaid",
            b"AlternateMode:",
            b"TokenScript$ ",
            b"Amount$ ",
            b"NumDmg$ ",
        ],
        "wagic" => &[
            b"[card]",
            b"[/card]",
            b"auto=",
            b"target=",
            b"newability[",
            b"ability$!",
            b"!$",
            b"transforms((",
            b"))",
            b"&&",
            b"{T}",
            b"{2}{R}",
            b"may ",
            b"choice ",
            b"foreach(",
            b"lord(",
            b"aslongas(",
            b"this(",
            b"all(",
            b"name=",
            b"primitive=",
            b"id=",
            b"mana=",
            b"type=",
            b"subtype=",
            b"power=",
            b"toughness=",
            b"text=",
            b"abilities=",
            b"#AUTO_",
            b"__",
            b"@movedTo(",
            b"|myBattlefield)",
            b"creature[",
            b"counter(1/1",
            b"draw:",
            b"damage:",
            b"-1/-1",
            b"ueot",
            b"restriction{",
            b"castcard(",
            b"dynamicability<!",
            b"!>",
            b"alternative=",
            b"buyback=",
            b"kicker=",
            b"token(",
            b"*",
        ],
        "pymtg" => &[
            b"def ", b"lambda ", b"return ", b"class ", b"    ", b"\n    ", b"'''", b"\"", b"'",
            b"()", b"(x, y)", b"[0]", b"**", b"//", b"if ", b" else ", b" for ", b" in ", b"Name:",
            b"Cost:", b"Types:", b"Text:", b"effects", b"target", b"None",
        ],
        "netrunner" => &[
            b"||",
            b"$$",
            b"-",
            b"=====",
            b"-----",
            b".....",
            b"+++++",
            b"ENDSCRIPTS",
            b"ScriptsLocal = '''",
            b"onPlay:",
            b"whileRezzed:",
            b"atTurnStart:",
            b"Gain",
            b"Credits",
            b"Lose",
            b"-isOptional",
            b"-isSubroutine",
            b"-onOpponent",
            b"&amp;",
            b"&lt;",
            b"&gt;",
            b"&quot;",
            b"&#x",
            b"<property name=\"AutoScript\" value=\"",
            b"<property name=\"AutoAction\" value=\"",
            b"\"/>",
            b"<card id=\"",
            b"</card>",
            b"Retrieve",
            b"Draw",
            b"Put",
            b"Remove",
            b"Tokens",
            b"{",
            b"}",
        ],
        "rulescript" => &[
            b"RulesDict = {}\n",
            b"RulesDict[\"",
            b"\"] = \"\"\"\n",
            b"\n\"\"\"\n",
            b"target = ",
            b"action = ",
            b"auto = ",
            b"ability = ",
            b"label = ",
            b"var = ",
            b"@",
            b"::",
            b"<1>",
            b"<**>",
            b"[cost<=3]",
            b"characters@oppRing",
            b"caf\xc3\xa9@arena",
            b";",
            b"to(",
            b"destroy",
            b"{F}",
            b"if ",
            b"\\n",
            b"\\\"",
            b"\\x4",
            b"\\u00e9",
            b"<property",
            b"name=\"",
            b"/>",
        ],
        _ => &[],
    }
}

/// What mutates the files of one kind.
pub struct Generator {
    pub seeds: Vec<Vec<u8>>,
    pub pieces: Vec<&'static [u8]>,
    /// The most times a piece or slice is repeated in one step.
    pub max_repeat: usize,
}

/// The largest input made (longer ones are cut).
pub const MAX_INPUT: usize = 256 * 1024;

impl Generator {
    pub fn new(kind: &Kind, max_repeat: usize) -> Generator {
        let mut pieces: Vec<&'static [u8]> = COMMON.to_vec();
        pieces.extend_from_slice(dialect_pieces(kind.dialect.name()));
        Generator {
            seeds: crate::seeds(kind),
            pieces,
            max_repeat,
        }
    }

    /// A mutated file.
    pub fn file(&self, rng: &mut Rng) -> Vec<u8> {
        if self.seeds.is_empty() {
            return Vec::new();
        }
        let mut bytes = rng.pick(&self.seeds).clone();
        let steps = rng.range(1, 8);
        for _ in 0..steps {
            self.mutate(rng, &mut bytes);
        }
        bytes.truncate(MAX_INPUT);
        bytes
    }

    fn mutate(&self, rng: &mut Rng, bytes: &mut Vec<u8>) {
        let at = |rng: &mut Rng, len: usize| rng.below(len + 1);
        match rng.below(9) {
            0 if !bytes.is_empty() => {
                let i = rng.below(bytes.len());
                bytes[i] = rng.next_u64() as u8;
            }
            0..=2 => {
                let i = at(rng, bytes.len());
                let piece = *rng.pick(&self.pieces);
                bytes.splice(i..i, piece.iter().copied());
            }
            3 => {
                let i = at(rng, bytes.len());
                let end = (i + rng.range(1, 40)).min(bytes.len());
                bytes.drain(i..end);
            }
            4 => {
                let i = at(rng, bytes.len());
                let end = (i + rng.range(1, 200)).min(bytes.len());
                let slice = bytes[i..end].to_vec();
                for _ in 0..rng.range(1, 8) {
                    bytes.splice(end..end, slice.iter().copied());
                }
            }
            5 => {
                // A line of another fixture.
                let other = rng.pick(&self.seeds);
                let lines: Vec<&[u8]> = other.split_inclusive(|&b| b == b'\n').collect();
                if !lines.is_empty() {
                    let line = *rng.pick(&lines);
                    let i = at(rng, bytes.len());
                    bytes.splice(i..i, line.iter().copied());
                }
            }
            6 => {
                // A piece repeated: nesting, long chains, long words.
                let piece = *rng.pick(&self.pieces);
                let n = rng.range(2, self.max_repeat.max(2));
                let i = at(rng, bytes.len());
                let run: Vec<u8> = piece.repeat(n);
                bytes.splice(i..i, run);
            }
            7 => {
                // A line of this file repeated, or moved.
                let lines: Vec<Vec<u8>> = bytes
                    .split_inclusive(|&b| b == b'\n')
                    .map(<[u8]>::to_vec)
                    .collect();
                if !lines.is_empty() {
                    let line = rng.pick(&lines).clone();
                    let i = at(rng, bytes.len());
                    for _ in 0..rng.range(1, 4) {
                        bytes.splice(i..i, line.iter().copied());
                    }
                }
            }
            _ => {
                // A slice of the file cut short (an unfinished block at the end).
                if !bytes.is_empty() {
                    let end = rng.below(bytes.len());
                    bytes.truncate(end.max(1));
                }
            }
        }
    }

    /// A byte stream for the LSP decoder: frames carrying fixture text, frames with wrong
    /// lengths or cut short, headers, garbage (mutated fixtures, random bytes).
    pub fn stream(&self, rng: &mut Rng) -> Vec<u8> {
        let mut out = Vec::new();
        for _ in 0..rng.range(1, 16) {
            match rng.below(14) {
                12 | 13 => {
                    // A message that is JSON but maybe no JSON-RPC the server can decode.
                    let body = message_body(rng);
                    out.extend(frame(&body, body.len()));
                }
                0 | 1 => {
                    let body = self.open_body(rng);
                    out.extend(frame(&body, body.len()));
                }
                2 => {
                    // A wrong length.
                    let body = self.open_body(rng);
                    let delta = rng.range(1, 40);
                    let len = if rng.one_in(2) {
                        body.len().saturating_sub(delta)
                    } else {
                        body.len() + delta
                    };
                    out.extend(frame(&body, len));
                }
                3 => {
                    // Cut short.
                    let body = self.open_body(rng);
                    let framed = frame(&body, body.len());
                    let cut = rng.below(framed.len());
                    out.extend_from_slice(&framed[..cut]);
                }
                4 => {
                    let n: u64 = match rng.below(4) {
                        0 => rng.below(64) as u64,
                        1 => rng.below(10_000) as u64,
                        2 => u64::MAX - rng.below(3) as u64,
                        _ => rng.next_u64(),
                    };
                    let header = *rng.pick(&[
                        &b"Content-Length: "[..],
                        b"content-length:",
                        b"CONTENT-LENGTH:\t",
                        b"Content-Length:  ",
                    ]);
                    out.extend_from_slice(header);
                    out.extend(n.to_string().bytes());
                    let end: &&[u8] = rng.pick(HEADER_ENDS);
                    out.extend_from_slice(end);
                }
                5 => {
                    let piece: &&[u8] = rng.pick(HEADER_PIECES);
                    out.extend_from_slice(piece);
                }
                6 => {
                    for _ in 0..rng.below(64) {
                        out.push(rng.next_u64() as u8);
                    }
                }
                7 => out.extend(frame(VALID, VALID.len())),
                _ => {
                    // A slice of a fixture, maybe mutated.
                    if !self.seeds.is_empty() {
                        let mut seed = rng.pick(&self.seeds).clone();
                        if rng.one_in(2) {
                            self.mutate(rng, &mut seed);
                        }
                        let start = rng.below(seed.len());
                        let end = (start + rng.range(1, 300)).min(seed.len());
                        out.extend_from_slice(&seed[start..end]);
                    }
                }
            }
        }
        for _ in 0..rng.below(4) {
            if !out.is_empty() {
                let i = rng.below(out.len());
                out[i] = rng.next_u64() as u8;
            }
        }
        out
    }

    /// A `didOpen` notification carrying a slice of a fixture.
    fn open_body(&self, rng: &mut Rng) -> Vec<u8> {
        let text = if self.seeds.is_empty() {
            String::new()
        } else {
            let seed = rng.pick(&self.seeds);
            let end = rng.below(seed.len().min(1500) + 1);
            String::from_utf8_lossy(&seed[..end]).into_owned()
        };
        serde_json::to_vec(&serde_json::json!({
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": "file:///fuzz.txt", "languageId": "forge", "version": 1, "text": text}}
        }))
        .unwrap_or_default()
    }
}

/// A JSON-RPC message put together from odd parts: ids of every JSON type and size, methods
/// (`$/` ones too) that may be no string, params of every type, keys repeated or missing,
/// results and errors of any shape, deep nesting.
fn message_body(rng: &mut Rng) -> Vec<u8> {
    const IDS: &[&str] = &[
        "1",
        "0",
        "-1",
        "9223372036854775807",
        "9223372036854775808",
        "18446744073709551615",
        "-9223372036854775809",
        "1e3",
        "1.5",
        "\"a\"",
        "\"\"",
        "null",
        "true",
        "[]",
        "{}",
        "\"\\ud800\"",
    ];
    const METHODS: &[&str] = &[
        "\"initialize\"",
        "\"shutdown\"",
        "\"textDocument/hover\"",
        "\"textDocument/didChange\"",
        "\"workspace/symbol\"",
        "\"$/cancelRequest\"",
        "\"$/setTrace\"",
        "\"$/x\"",
        "\"\"",
        "1",
        "null",
        "[\"x\"]",
    ];
    const VALUES: &[&str] = &[
        "{}",
        "[]",
        "null",
        "1",
        "\"s\"",
        "{\"textDocument\":{\"uri\":\"file:///fuzz.txt\"},\"position\":{\"line\":0,\"character\":0}}",
        "{\"code\":-32600,\"message\":\"m\"}",
        "{\"code\":1.5,\"message\":\"m\"}",
        "{\"code\":1}",
        "{\"id\":1}",
    ];
    let mut fields: Vec<String> = Vec::new();
    if !rng.one_in(8) {
        let version = *rng.pick(&["\"2.0\"", "\"2.0\"", "\"1.0\"", "2", "null"]);
        fields.push(format!("\"jsonrpc\":{version}"));
    }
    for key in ["id", "method", "params", "result", "error"] {
        let present = match key {
            "result" | "error" => rng.one_in(4),
            _ => !rng.one_in(3),
        };
        for _ in 0..if present {
            1 + usize::from(rng.one_in(8))
        } else {
            0
        } {
            let value = match key {
                "id" => rng.pick(IDS).to_string(),
                "method" => rng.pick(METHODS).to_string(),
                _ if rng.one_in(16) => {
                    let depth = rng.range(1, 400);
                    format!("{}1{}", "[".repeat(depth), "]".repeat(depth))
                }
                _ => rng.pick(VALUES).to_string(),
            };
            fields.push(format!("\"{key}\":{value}"));
        }
    }
    // Keys in any order.
    for i in (1..fields.len()).rev() {
        fields.swap(i, rng.below(i + 1));
    }
    format!("{{{}}}", fields.join(",")).into_bytes()
}

const HEADER_ENDS: &[&[u8]] = &[b"\r\n", b"\r\n\r\n", b"\n\n", b"", b"\r"];

const HEADER_PIECES: &[&[u8]] = &[
    b"\r\n",
    b"\n",
    b"\r",
    b"\r\n\r\n",
    b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n",
    b"X-Other: 1\r\n",
    b"Content-Length",
    b": ",
];

/// A message every stream ends with.
pub const VALID: &[u8] = br#"{"jsonrpc":"2.0","id":5,"method":"shutdown"}"#;

/// `Content-Length: len`, a blank line, the body.
pub fn frame(body: &[u8], len: usize) -> Vec<u8> {
    let mut out = format!("Content-Length: {len}\r\n\r\n").into_bytes();
    out.extend_from_slice(body);
    out
}
