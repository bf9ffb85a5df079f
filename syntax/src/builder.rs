//! The one place where parsers feed rowan: tokens are (kind, length) steps over the text.
//! Parsers never copy strings; this builder slices the input as it goes.

use crate::{ErrorKind, SyntaxError};
use rowan::{GreenNode, GreenNodeBuilder, NodeCache, TextRange, TextSize};
use std::cell::RefCell;

/// After this many bytes parsed on a thread, its token cache starts afresh (bounded memory).
const CACHE_RESET_BYTES: usize = 8 << 20;

thread_local! {
    /// Interned tokens and small nodes, shared by every parse on this thread: most tokens of a
    /// card file (`|`, `$`, keys, common words) have been seen before, so they cost a lookup
    /// instead of an allocation.
    static CACHE: RefCell<(NodeCache, usize)> = RefCell::new((NodeCache::default(), 0));
}

/// Runs a parser over `text` with a builder, and returns the tree and its errors.
pub(crate) fn build<'t>(
    text: &'t str,
    parse: impl FnOnce(&mut Builder<'t, '_>),
) -> (GreenNode, Vec<SyntaxError>) {
    CACHE.with(|cell| match cell.try_borrow_mut() {
        Ok(mut guard) => {
            let (cache, used) = &mut *guard;
            if *used > CACHE_RESET_BYTES {
                *cache = NodeCache::default();
                *used = 0;
            }
            *used += text.len();
            let mut b = Builder::new(text, GreenNodeBuilder::with_cache(cache));
            parse(&mut b);
            b.finish_tree()
        }
        Err(_) => {
            let mut b = Builder::new(text, GreenNodeBuilder::new());
            parse(&mut b);
            b.finish_tree()
        }
    })
}

pub(crate) struct Builder<'t, 'c> {
    text: &'t str,
    pos: usize,
    inner: GreenNodeBuilder<'c>,
    errors: Vec<SyntaxError>,
}

impl<'t, 'c> Builder<'t, 'c> {
    fn new(text: &'t str, inner: GreenNodeBuilder<'c>) -> Self {
        Builder {
            text,
            pos: 0,
            inner,
            errors: Vec::new(),
        }
    }

    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    pub(crate) fn start(&mut self, kind: impl Into<rowan::SyntaxKind>) {
        self.inner.start_node(kind.into());
    }

    pub(crate) fn finish(&mut self) {
        self.inner.finish_node();
    }

    /// Emits a token covering the next `len` bytes. Empty tokens are skipped.
    pub(crate) fn token(&mut self, kind: impl Into<rowan::SyntaxKind>, len: usize) {
        if len == 0 {
            return;
        }
        let end = self.pos + len;
        self.inner.token(kind.into(), &self.text[self.pos..end]);
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

    fn finish_tree(self) -> (GreenNode, Vec<SyntaxError>) {
        debug_assert_eq!(
            self.pos,
            self.text.len(),
            "the parser did not consume all the text"
        );
        let mut errors = self.errors;
        errors.sort_by_key(|e| (e.range.start(), e.range.end()));
        (self.inner.finish(), errors)
    }
}
