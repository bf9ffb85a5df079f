//! Features of a long document computed card by card and kept between requests: an edit changes
//! one top-level child of the tree (a Wagic `[card]` block), the others keep their green nodes,
//! so the outline and the semantic tokens of every other card are reused as they were.
//!
//! A child is known by the address of its green data; the cache holds a clone of the child, so the
//! address cannot be reused by another node while it is a key. Each pass keeps only the children of
//! the tree it saw: the cache never holds more than one tree's worth.

use crate::features::{SemanticToken, Symbol};
use rowan::{GreenNode, NodeOrToken};
use std::collections::HashMap;
use std::sync::Arc;
use syntax::{TextRange, TextSize};

type Child = NodeOrToken<GreenNode, rowan::GreenToken>;

/// What was computed for each top-level child of a tree, with offsets relative to the child:
/// one entry per child of the last tree seen, in its order.
pub(crate) struct ChildCache<T> {
    entries: Vec<Entry<T>>,
}

struct Entry<T> {
    key: usize,
    child: Child,
    value: Arc<T>,
}

impl<T> Default for ChildCache<T> {
    fn default() -> Self {
        ChildCache {
            entries: Vec::new(),
        }
    }
}

fn address(child: NodeOrToken<&rowan::GreenNodeData, &rowan::GreenTokenData>) -> usize {
    match child {
        NodeOrToken::Node(n) => n as *const rowan::GreenNodeData as usize,
        NodeOrToken::Token(t) => t as *const rowan::GreenTokenData as usize,
    }
}

/// How far past the expected place an unchanged child is looked for: an edit replaces, inserts
/// or removes a few children, so the rest follow in the same order a few places on.
const LOOKAHEAD: usize = 16;

impl<T> ChildCache<T> {
    /// Each top-level child of `root` whose range `keep` accepts, with its start and what
    /// `compute` gives for it: a root of `root`'s kind holding that child alone (so its offsets
    /// start at 0). Computed for a child not seen in the last pass, else taken from the cache.
    ///
    /// The last pass's entries are matched in order (an unchanged child is where it was, or a
    /// few places on), so a pass costs no lookup per child; a child found nowhere near is
    /// computed again, and children equal to one computed in this pass (interned tokens) share
    /// its value.
    pub(crate) fn map(
        &mut self,
        root: &GreenNode,
        keep: impl Fn(TextRange) -> bool,
        mut compute: impl FnMut(GreenNode) -> T,
    ) -> Vec<(TextSize, Arc<T>)> {
        let mut old: Vec<Option<Entry<T>>> = std::mem::take(&mut self.entries)
            .into_iter()
            .map(Some)
            .collect();
        let mut next: Vec<Entry<T>> = Vec::with_capacity(old.len());
        let mut fresh: HashMap<usize, (Child, Arc<T>)> = HashMap::new();
        let mut out = Vec::new();
        let mut offset = TextSize::from(0);
        let mut j = 0;
        for child in root.children() {
            let start = offset;
            offset += child.text_len();
            let key = address(child);
            let near = (j..old.len().min(j + LOOKAHEAD))
                .find(|&p| old[p].as_ref().is_some_and(|e| e.key == key));
            let known = match near {
                Some(p) => {
                    j = p + 1;
                    old[p].take().map(|e| (e.child, e.value))
                }
                None => fresh.get(&key).map(|(c, v)| (c.clone(), v.clone())),
            };
            let kept = keep(TextRange::new(start, offset));
            let (child, value) = match known {
                Some(entry) => entry,
                // Not asked for: left out of the cache (computed when it is asked).
                None if !kept => continue,
                None => {
                    let owned = child.to_owned();
                    let alone = GreenNode::new(root.kind(), [owned.clone()]);
                    let value = Arc::new(compute(alone));
                    fresh.insert(key, (owned.clone(), value.clone()));
                    (owned, value)
                }
            };
            if kept {
                out.push((start, value.clone()));
            }
            next.push(Entry { key, child, value });
        }
        self.entries = next;
        out
    }

    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }
}

/// The per-card caches of an open document.
#[derive(Default)]
pub(crate) struct CardCaches {
    pub symbols: ChildCache<Vec<Symbol>>,
    pub tokens: ChildCache<Vec<SemanticToken>>,
}

/// `symbol` moved `by` bytes (its children too).
pub(crate) fn shift_symbol(symbol: &Symbol, by: TextSize) -> Symbol {
    Symbol {
        name: symbol.name.clone(),
        detail: symbol.detail.clone(),
        kind: symbol.kind,
        range: symbol.range + by,
        selection: symbol.selection + by,
        children: symbol
            .children
            .iter()
            .map(|c| shift_symbol(c, by))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> GreenNode {
        syntax::wagic::parse(text).green().clone()
    }

    #[test]
    fn only_new_children_are_computed() {
        let text = "[card]\nname=A\n[/card]\n[card]\nname=B\n[/card]\n";
        let old = parse(text);
        let mut cache = ChildCache::<String>::default();
        let mut count = 0;
        let first = cache.map(
            &old,
            |_| true,
            |g| {
                count += 1;
                g.to_string()
            },
        );
        let n = first.len();
        // Children that are one green element (an interned token) are computed once.
        let distinct = count;
        assert!(distinct <= n, "{distinct} {n}");
        assert_eq!(
            first
                .iter()
                .map(|(at, v)| format!("{}:{}", u32::from(*at), v))
                .collect::<String>(),
            "0:[card]\nname=A\n[/card]21:\n22:[card]\nname=B\n[/card]43:\n"
        );
        // A tree whose first card is new: the rest is reused (the same green children).
        let card = parse("[card]\nname=Ab\n[/card]\n");
        let edited = old.replace_child(0, card.children().next().unwrap().to_owned());
        let again = cache.map(
            &edited,
            |_| true,
            |g| {
                count += 1;
                g.to_string()
            },
        );
        assert_eq!(count, distinct + 1);
        assert_eq!(again[2].0, TextSize::from(23));
        assert_eq!(*again[2].1, "[card]\nname=B\n[/card]");
        assert_eq!(cache.len(), n);
        // A range: only the children inside are answered, the others stay cached.
        let inside = cache.map(
            &edited,
            |r| r.start() > TextSize::from(0),
            |_| unreachable!(),
        );
        assert_eq!(inside.len(), n - 1);
        assert_eq!(cache.len(), n);
        // A card inserted, one removed: the others are found a few places on or back.
        let c = parse("[card]\nname=C\n[/card]\n");
        let mut kids: Vec<Child> = edited.children().map(|c| c.to_owned()).collect();
        kids.insert(2, c.children().next().unwrap().to_owned());
        kids.remove(0);
        let moved = GreenNode::new(edited.kind(), kids);
        let before = count;
        let third = cache.map(
            &moved,
            |_| true,
            |g| {
                count += 1;
                g.to_string()
            },
        );
        assert_eq!(count, before + 1, "only the new card is computed");
        assert_eq!(
            third
                .iter()
                .map(|(at, v)| format!("{}:{}", u32::from(*at), v))
                .collect::<String>(),
            "0:\n1:[card]\nname=C\n[/card]22:[card]\nname=B\n[/card]43:\n"
        );
    }
}
