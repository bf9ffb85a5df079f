//! Quick fixes for the findings that say "did you mean `X`?" without carrying a fix of their
//! own (the command line's findings stay as they are: these are offered in the editor only):
//! the word under the finding is replaced with each suggestion.

use lint::Diagnostic;

/// The words a finding suggests: the backticked words after "did you mean" in its message or
/// its notes (`did you mean `damage`?`, `did you mean `a` or `b`?`), else the double-quoted
/// ones (`did you mean "ember knight"?`).
pub fn suggestions(d: &Diagnostic) -> Vec<String> {
    let mut out = Vec::new();
    for text in std::iter::once(&d.message).chain(d.notes.iter()) {
        let Some(at) = text.find("did you mean") else {
            continue;
        };
        let rest = &text[at + "did you mean".len()..];
        let rest = rest.split(['?', '\n']).next().unwrap_or("");
        let quote = if rest.contains('`') { '`' } else { '"' };
        let mut parts = rest.split(quote);
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
    let span = std::ops::Range::<usize>::from(range);
    let word = text.get(span.clone())?;
    if word.is_empty() || word.len() > 100 {
        return None;
    }
    // A quoted name: the suggestion goes between the same quotes.
    let quote = word
        .chars()
        .next()
        .filter(|q| matches!(q, '"' | '\'') && word.len() >= 2 && word.ends_with(*q));
    if let Some(q) = quote {
        let inner = suggestion.trim_matches(q);
        if inner.is_empty() || inner.contains(['\n', '\r', q]) {
            return None;
        }
        let new_text = format!("{q}{inner}{q}");
        return (new_text != word).then_some(lint::Edit { range, new_text });
    }
    if word.chars().any(char::is_whitespace) {
        return None;
    }
    // Punctuation the suggestion shares with the text around the word stays as written: `:once`
    // for the `onec` after a `:`, `{D}` for the `X` of `{X}`.
    let mut suggestion = suggestion;
    let is_mark = |c: char| !(c.is_alphanumeric() || c == '_');
    let lead_len = suggestion.len() - suggestion.trim_start_matches(is_mark).len();
    let lead = &suggestion[..lead_len];
    if !lead.is_empty() && text[..span.start].ends_with(lead) && !word.starts_with(lead) {
        suggestion = &suggestion[lead_len..];
    }
    let trail_len = suggestion.len() - suggestion.trim_end_matches(is_mark).len();
    let trail = &suggestion[suggestion.len() - trail_len..];
    if !trail.is_empty() && text[span.end..].starts_with(trail) && !word.ends_with(trail) {
        suggestion = &suggestion[..suggestion.len() - trail_len];
    }
    if suggestion.is_empty() {
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

    #[test]
    fn keeps_the_punctuation_around_the_word() {
        // RuleScript `:onec` (the finding covers the word after the colon).
        let text = "auto = draw():onec";
        let d = finding("not an event suffix", &["did you mean `:once`?"], (14, 18));
        let [word] = suggestions(&d).try_into().unwrap();
        assert_eq!(replace_word(&d, text, &word).unwrap().new_text, "once");
        // RuleScript `{X}` (the finding covers the letter inside the braces).
        let text = "action = {X}: draw()";
        let d = finding("`X` is not a cost", &["did you mean `{D}`?"], (10, 11));
        let [word] = suggestions(&d).try_into().unwrap();
        assert_eq!(replace_word(&d, text, &word).unwrap().new_text, "D");
        // Nothing around: the suggestion as it is.
        let text = "-{X}";
        let d = finding("did you mean `-{D}`?", &[], (0, 4));
        assert_eq!(replace_word(&d, text, "-{D}").unwrap().new_text, "-{D}");
    }

    #[test]
    fn quoted_names_get_their_quotes_back() {
        let text = "target = Creature[\"Ember Knigth\"]";
        let d = finding(
            "no card is named \"Ember Knigth\"",
            &["did you mean \"ember knight\"?"],
            (18, 32),
        );
        assert_eq!(suggestions(&d), ["ember knight"]);
        let edit = replace_word(&d, text, "ember knight").unwrap();
        assert_eq!(edit.new_text, "\"ember knight\"");
        // An unquoted name with spaces: no fix.
        let d = finding("did you mean \"a b\"?", &[], (0, 17));
        assert!(replace_word(&d, text, "a b").is_none());
    }
}
