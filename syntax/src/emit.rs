//! Building a tree over text that the engine reads after decoding it (XML attribute values with
//! entities, Python string literals with escapes): parsers work on the decoded text, and this
//! emitter maps their offsets back to the host file, so that every token covers the original
//! bytes and every error points at the host file.

use crate::ErrorKind;
use crate::builder::Builder;

pub(crate) struct Emitter<'a, 't> {
    pub(crate) b: &'a mut Builder<'t>,
    /// Offset in the host text of decoded offset 0.
    base: usize,
    /// Host offset (relative to `base`) of each decoded byte offset, one past the end included;
    /// `None` when the decoded text is the host text itself.
    map: Option<&'a [u32]>,
    /// The decoded offset reached so far.
    pos: usize,
}

impl<'a, 't> Emitter<'a, 't> {
    /// An emitter over host text starting at the builder's position, decoded with `map`.
    pub(crate) fn new(b: &'a mut Builder<'t>, map: Option<&'a [u32]>) -> Self {
        let base = b.pos();
        Emitter {
            b,
            base,
            map,
            pos: 0,
        }
    }

    /// The host offset of a decoded offset.
    pub(crate) fn host(&self, decoded: usize) -> usize {
        self.base
            + match self.map {
                Some(map) => map
                    .get(decoded)
                    .or(map.last())
                    .map_or(decoded, |&o| o as usize),
                None => decoded,
            }
    }

    /// The decoded offset reached so far.
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    pub(crate) fn start(&mut self, kind: impl Into<rowan::SyntaxKind>) {
        self.b.start(kind);
    }

    pub(crate) fn finish(&mut self) {
        self.b.finish();
    }

    pub(crate) fn checkpoint(&self) -> usize {
        self.b.checkpoint()
    }

    pub(crate) fn start_at(&mut self, checkpoint: usize, kind: impl Into<rowan::SyntaxKind>) {
        self.b.start_at(checkpoint, kind);
    }

    /// A token from the current position up to the decoded offset `end` (nothing if empty).
    pub(crate) fn token_to(&mut self, kind: impl Into<rowan::SyntaxKind>, end: usize) {
        if end <= self.pos {
            return;
        }
        let host_end = self.host(end);
        self.b.token_to(kind, host_end);
        self.pos = end;
    }

    /// A token of `len` decoded bytes.
    pub(crate) fn token(&mut self, kind: impl Into<rowan::SyntaxKind>, len: usize) {
        let end = self.pos + len;
        self.token_to(kind, end);
    }

    /// An error over the decoded range `start..end`.
    pub(crate) fn error(
        &mut self,
        kind: ErrorKind,
        start: usize,
        end: usize,
        message: impl Into<String>,
    ) {
        let (s, e) = (self.host(start), self.host(end));
        self.b.error(kind, s, e, message);
    }
}
