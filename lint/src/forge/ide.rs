//! Editor features for Forge card scripts: completion and hover from the vocabulary, SVars
//! (definition, references, rename), token scripts, the outline of a card, semantic tokens.

use super::{FileIndex, Index, Linter};
use crate::analysis::ide::DialectIde;
use crate::source::{FileId, SourceFile};
use rowan::GreenNode;
use syntax::SyntaxError;

impl DialectIde for Linter {
    fn parse(&self, text: &str) -> (GreenNode, Vec<SyntaxError>) {
        let parse = syntax::forge::parse(text);
        (parse.green().clone(), parse.errors().to_vec())
    }

    fn update_index(
        &self,
        index: &mut Index,
        _files: &[SourceFile],
        id: FileId,
        old: Option<&FileIndex>,
        new: Option<&FileIndex>,
    ) -> bool {
        let script = |f: Option<&FileIndex>| f.and_then(|f| f.token_script.clone());
        if script(old) != script(new) {
            // Which file a token script name finds depends on the order of the files.
            return false;
        }
        for name in old.into_iter().flat_map(|f| &f.names) {
            if let Some(ids) = index.card_names.get_mut(name) {
                ids.retain(|&i| i != id);
                if ids.is_empty() {
                    index.card_names.remove(name);
                }
            }
        }
        for name in new.into_iter().flat_map(|f| &f.names) {
            let ids = index.card_names.entry(name.clone()).or_default();
            if !ids.contains(&id) {
                ids.push(id);
                ids.sort_unstable();
            }
        }
        true
    }
}
