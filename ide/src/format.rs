//! Document and range formatting: the layout of `lint::format` (the CLI's `cardlint format`)
//! for an open document, as edits. The language server converts them (`lsp/src/format.rs`).

use crate::world::World;
use lint::Edit;
use std::path::Path;
use syntax::TextRange;

impl World {
    /// The edits that lay a document out as its dialect's convention: all of them, or with
    /// `range` those of the lines it touches. `None` when the file is unknown or not a card
    /// file; empty when it is formatted, when its dialect has no convention, or when the
    /// formatter refused it (it would change what the engine reads: a bug, never applied).
    pub fn format(&mut self, path: &Path, range: Option<TextRange>) -> Option<Vec<Edit>> {
        let dialect = self.dialect(path)?;
        let text = self.text(path)?;
        let edits = model::guard::catch(|| lint::format::format(dialect, text))
            .ok()
            .and_then(Result::ok)
            .unwrap_or_default();
        Some(match range {
            Some(range) => lint::format::edits_in_range(text, edits, range),
            None => edits,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::World;
    use std::path::PathBuf;
    use syntax::TextRange;

    #[test]
    fn a_forge_document_is_formatted_whole_or_in_a_range() {
        let mut world = World::new();
        let path = PathBuf::from("/w/cardsfolder/q/quiet_scholar.txt");
        let text = "Name:Quiet Scholar \nA:AB$ Draw|Cost$ T | NumCards$ 1\n";
        world.open(path.clone(), Some("forge"), text.to_string(), 1);
        let edits = world.format(&path, None).unwrap();
        let formatted = lint::format::apply(text, &edits);
        assert_eq!(
            formatted,
            "Name:Quiet Scholar\nA:AB$ Draw | Cost$ T | NumCards$ 1\n"
        );
        // Only the first line.
        let first = TextRange::new(0.into(), 19.into());
        let edits = world.format(&path, Some(first)).unwrap();
        assert_eq!(edits.len(), 1);
        assert_eq!(
            lint::format::apply(text, &edits),
            "Name:Quiet Scholar\nA:AB$ Draw|Cost$ T | NumCards$ 1\n"
        );
    }
}
