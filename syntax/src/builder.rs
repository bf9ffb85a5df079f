//! The one place where parsers feed rowan: tokens are (kind, length) steps over the text.
//! Parsers never copy strings; this builder slices the input as it goes.

use crate::{ErrorKind, SyntaxError};
use rowan::{GreenNode, GreenToken, NodeOrToken, TextRange, TextSize};
use std::cell::RefCell;
use std::collections::HashMap;

/// Tokens at most this long are interned (punctuation, keys, common words); longer ones are
/// mostly unique (descriptions, names) and are allocated without hashing.
const INTERN_MAX_LEN: usize = 24;
/// Past this many interned tokens, a thread's cache starts afresh (bounded memory).
const INTERN_MAX_ENTRIES: usize = 1 << 16;

thread_local! {
    /// Short tokens seen before on this thread: most tokens of a card file (`|`, `$`, ` `,
    /// keys, common words) repeat across files, so they cost one lookup instead of an allocation.
    static TOKENS: RefCell<HashMap<TokenKey, GreenToken, BuildFx>> = RefCell::new(HashMap::default());
}

/// A short token's kind and text, inline (no allocation to look one up).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct TokenKey {
    kind: u16,
    len: u8,
    bytes: [u8; INTERN_MAX_LEN],
}

impl TokenKey {
    fn new(kind: u16, text: &str) -> TokenKey {
        let mut bytes = [0u8; INTERN_MAX_LEN];
        bytes[..text.len()].copy_from_slice(text.as_bytes());
        TokenKey {
            kind,
            len: text.len() as u8,
            bytes,
        }
    }
}

/// FxHash: the interned keys are short and the map is private, so a fast non-keyed hash is fine.
#[derive(Default, Clone, Copy)]
struct BuildFx;

impl std::hash::BuildHasher for BuildFx {
    type Hasher = FxHasher;
    fn build_hasher(&self) -> FxHasher {
        FxHasher(0)
    }
}

struct FxHasher(u64);

impl std::hash::Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut buf = [0u8; 8];
            buf[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(buf))
                .wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.0 = (self.0.rotate_left(5) ^ u64::from(i)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u16(&mut self, i: u16) {
        self.0 = (self.0.rotate_left(5) ^ u64::from(i)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, i: usize) {
        self.0 = (self.0.rotate_left(5) ^ i as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// Runs a parser over `text` with a builder, and returns the tree and its errors.
pub(crate) fn build<'t>(
    text: &'t str,
    parse: impl FnOnce(&mut Builder<'t>),
) -> (GreenNode, Vec<SyntaxError>) {
    let mut b = Builder::new(text);
    // The cache leaves the thread-local for the whole parse (one access instead of one a token).
    b.tokens = TOKENS.with(|cell| std::mem::take(&mut *cell.borrow_mut()));
    parse(&mut b);
    let tokens = std::mem::take(&mut b.tokens);
    TOKENS.with(|cell| *cell.borrow_mut() = tokens);
    b.finish_tree()
}

pub(crate) struct Builder<'t> {
    text: &'t str,
    pos: usize,
    /// Open nodes: their kind and where their children start in `children`.
    parents: Vec<(rowan::SyntaxKind, usize)>,
    children: Vec<NodeOrToken<GreenNode, GreenToken>>,
    errors: Vec<SyntaxError>,
    tokens: HashMap<TokenKey, GreenToken, BuildFx>,
}

impl<'t> Builder<'t> {
    fn new(text: &'t str) -> Self {
        Builder {
            text,
            pos: 0,
            parents: Vec::new(),
            children: Vec::with_capacity(64),
            errors: Vec::new(),
            tokens: HashMap::default(),
        }
    }

    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    pub(crate) fn start(&mut self, kind: impl Into<rowan::SyntaxKind>) {
        self.parents.push((kind.into(), self.children.len()));
    }

    pub(crate) fn finish(&mut self) {
        let (kind, first) = self.parents.pop().expect("finish without start");
        let node = GreenNode::new(kind, self.children.drain(first..));
        self.children.push(NodeOrToken::Node(node));
    }

    /// Emits a token covering the next `len` bytes. Empty tokens are skipped.
    pub(crate) fn token(&mut self, kind: impl Into<rowan::SyntaxKind>, len: usize) {
        if len == 0 {
            return;
        }
        let end = self.pos + len;
        let kind = kind.into();
        let text = &self.text[self.pos..end];
        let token = if len <= INTERN_MAX_LEN {
            let key = TokenKey::new(kind.0, text);
            match self.tokens.get(&key) {
                Some(token) => token.clone(),
                None => {
                    if self.tokens.len() >= INTERN_MAX_ENTRIES {
                        self.tokens.clear();
                    }
                    let token = GreenToken::new(kind, text);
                    self.tokens.insert(key, token.clone());
                    token
                }
            }
        } else {
            GreenToken::new(kind, text)
        };
        self.children.push(NodeOrToken::Token(token));
        self.pos = end;
    }

    /// Emits a token from the current position up to the absolute offset `end`.
    pub(crate) fn token_to(&mut self, kind: impl Into<rowan::SyntaxKind>, end: usize) {
        debug_assert!(end >= self.pos, "token_to goes backwards");
        let len = end.saturating_sub(self.pos);
        self.token(kind, len);
    }

    pub(crate) fn error(
        &mut self,
        kind: ErrorKind,
        start: usize,
        end: usize,
        message: impl Into<String>,
    ) {
        let range = TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32));
        self.errors.push(SyntaxError {
            kind,
            range,
            message: message.into(),
        });
    }

    fn finish_tree(mut self) -> (GreenNode, Vec<SyntaxError>) {
        debug_assert_eq!(
            self.pos,
            self.text.len(),
            "the parser did not consume all the text"
        );
        debug_assert!(self.parents.is_empty(), "unfinished nodes");
        let mut errors = std::mem::take(&mut self.errors);
        errors.sort_by_key(|e| (e.range.start(), e.range.end()));
        let root = match self.children.pop() {
            Some(NodeOrToken::Node(node)) if self.children.is_empty() => node,
            _ => panic!("a parser must build exactly one root node"),
        };
        (root, errors)
    }
}
