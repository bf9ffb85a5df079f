//! The one place where parsers feed rowan: tokens are (kind, length) steps over the text.
//! Parsers never copy strings; this builder slices the input as it goes.

use crate::{ErrorKind, SyntaxError};
use rowan::{GreenNode, GreenToken, NodeOrToken, TextRange, TextSize};

/// A file keeps at most this many syntax errors of one kind; the others are counted and
/// summed up in one more error (a generated line of a million brackets costs thousands of
/// errors, not a million).
pub const MAX_ERRORS_PER_KIND: usize = 4096;

/// Runs a parser over `text` with a builder, and returns the tree and its errors.
pub(crate) fn build<'t>(
    text: &'t str,
    parse: impl FnOnce(&mut Builder<'t>),
) -> (GreenNode, Vec<SyntaxError>) {
    let mut b = Builder::new(text);
    parse(&mut b);
    b.finish_tree()
}

pub(crate) struct Builder<'t> {
    text: &'t str,
    pos: usize,
    /// Open nodes: their kind and where their children start in `children`.
    parents: Vec<(rowan::SyntaxKind, usize)>,
    children: Vec<NodeOrToken<GreenNode, GreenToken>>,
    errors: Vec<SyntaxError>,
    /// Per error kind: errors kept, errors dropped past `MAX_ERRORS_PER_KIND`, the first drop.
    error_counts: Vec<(ErrorKind, usize, usize, TextRange)>,
}

impl<'t> Builder<'t> {
    fn new(text: &'t str) -> Self {
        Builder {
            text,
            pos: 0,
            parents: Vec::new(),
            children: Vec::with_capacity(64),
            errors: Vec::new(),
            error_counts: Vec::new(),
        }
    }

    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    pub(crate) fn start(&mut self, kind: impl Into<rowan::SyntaxKind>) {
        self.parents.push((kind.into(), self.children.len()));
    }

    /// Where a node may later be opened around the children emitted from now on.
    pub(crate) fn checkpoint(&self) -> usize {
        self.children.len()
    }

    /// Opens a node whose first child is the one emitted right after `checkpoint`.
    pub(crate) fn start_at(&mut self, checkpoint: usize, kind: impl Into<rowan::SyntaxKind>) {
        debug_assert!(
            self.parents
                .last()
                .is_none_or(|(_, first)| *first <= checkpoint),
            "checkpoint before the open node"
        );
        self.parents.push((kind.into(), checkpoint));
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
        // Every token is its own allocation: a cache of shared tokens (tried, interning the
        // short ones) cost more CPU in lookups and reference counts than it saved, and the
        // tree is dropped with its file.
        let token = GreenToken::new(kind, text);
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
        let at = match self.error_counts.iter().position(|c| c.0 == kind) {
            Some(at) => at,
            None => {
                self.error_counts.push((kind, 0, 0, range));
                self.error_counts.len() - 1
            }
        };
        let count = &mut self.error_counts[at];
        if count.1 >= MAX_ERRORS_PER_KIND {
            if count.2 == 0 || range.start() < count.3.start() {
                count.3 = range;
            }
            count.2 += 1;
            return;
        }
        count.1 += 1;
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
        for &(kind, _, dropped, range) in &self.error_counts {
            if dropped > 0 {
                errors.push(SyntaxError {
                    kind,
                    range,
                    message: format!("{dropped} more syntax errors of this kind are not listed"),
                });
            }
        }
        errors.sort_by_key(|e| (e.range.start(), e.range.end()));
        let root = match self.children.pop() {
            Some(NodeOrToken::Node(node)) if self.children.is_empty() => node,
            _ => panic!("a parser must build exactly one root node"),
        };
        (root, errors)
    }
}
