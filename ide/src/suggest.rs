//! Quick fixes for the findings that say "did you mean `X`?" without carrying a fix of their
//! own (the command line's findings stay as they are: these are offered in the editor only):
//! the word under the finding is replaced with each suggestion.

use lint::Diagnostic;

/// The words a finding suggests: the backticked words after "did you mean" in its message or
/// its notes (`did you mean `damage`?`, `did you mean `a` or `b`?`).
pub fn suggestions(d: &Diagnostic) -> Vec<String> {
    let mut out = Vec::new();
    for text in std::iter::once(&d.message).chain(d.notes.iter()) {
        let Some(at) = text.find("did you mean") else {
            continue;
        };
        let rest = &text[at + "did you mean".len()..];
        let rest = rest.split(['?', '\n']).next().unwrap_or("");
        let mut parts = rest.split('`');
        parts.next();
        while let Some(word) = parts.next() {
            if !word.is_empty() && !out.iter().any(|w| w == word) {
                out.push(word.to_string());
            }
            parts.next();
        }
    }
    out
}

/// The edits replacing the finding's word with `suggestion`, or `None` when the finding does
/// not cover one word (then no fix is offered). A trailing `$`, `:` or `=` of the word is kept.
pub fn replace_word(d: &Diagnostic, text: &str, suggestion: &str) -> Option<lint::Edit> {
    let range = d.range;
    let word = text.get(std::ops::Range::<usize>::from(range))?;
    if word.is_empty() || word.len() > 100 || word.chars().any(char::is_whitespace) {
        return None;
    }
    let kept = word.trim_end_matches(['$', ':', '=']);
    let tail = &word[kept.len()..];
    let new_text = if suggestion.ends_with(tail) {
        suggestion.to_string()
    } else {
        format!("{suggestion}{tail}")
    };
    if new_text == word {
        return None;
    }
    Some(lint::Edit { range, new_text })
}

#[cfg(test)]
mod tests {
    use super::*;
    use syntax::TextRange;

    fn finding(message: &str, notes: &[&str], at: (u32, u32)) -> Diagnostic {
        let mut d = Diagnostic::new(
            &lint::simulation::NOT_SIMULATED,
            TextRange::new(at.0.into(), at.1.into()),
            message.to_string(),
        );
        d.notes = notes.iter().map(|n| n.to_string()).collect();
        d
    }

    #[test]
    fn reads_the_suggestions_of_message_and_notes() {
        let d = finding(
            "unknown ability `damge`: did you mean `damage`?",
            &[],
            (0, 5),
        );
        assert_eq!(suggestions(&d), ["damage"]);
        let d = finding(
            "unknown key",
            &["did you mean `ValidTgts` or `ValidCards`?"],
            (0, 5),
        );
        assert_eq!(suggestions(&d), ["ValidTgts", "ValidCards"]);
        assert!(suggestions(&finding("nothing to suggest `here`", &[], (0, 1))).is_empty());
    }

    #[test]
    fn replaces_the_word_keeping_its_separator() {
        let text = "A:SP$ Destroy | ValidTgt$ Creature";
        let d = finding("did you mean `ValidTgts`?", &[], (16, 25));
        let edit = replace_word(&d, text, "ValidTgts").unwrap();
        assert_eq!(edit.new_text, "ValidTgts$");
        // More than one word: no fix.
        let d = finding("did you mean `x`?", &[], (0, 13));
        assert!(replace_word(&d, text, "x").is_none());
    }
}
