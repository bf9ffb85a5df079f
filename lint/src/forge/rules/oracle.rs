//! Reading a face's `Oracle:` rules text, for the rules comparing script and text (F166-F168).

use model::forge::script::{LineInfo, Model};
use syntax::TextRange;

/// One line of rules text (`Oracle:` lines separate them with a literal `\n`).
pub(crate) struct TextLine<'a> {
    pub text: &'a str,
    pub range: TextRange,
}

/// The `Oracle:` line of a face.
pub(crate) fn oracle_line<'m>(model: &'m Model<'_>, face: usize) -> Option<&'m LineInfo> {
    model
        .lines
        .iter()
        .find(|l| l.face == face && super::key_text(model, l) == "Oracle")
}

/// The lines of a face's rules text.
pub(crate) fn lines<'a>(model: &Model<'a>, face: usize) -> Vec<TextLine<'a>> {
    let Some(info) = oracle_line(model, face) else {
        return Vec::new();
    };
    let value = model.slice(info.value);
    let mut out = Vec::new();
    let mut start = 0;
    loop {
        let end = value[start..]
            .find("\\n")
            .map_or(value.len(), |i| start + i);
        let text = &value[start..end];
        let lead = text.len() - text.trim_start().len();
        let trimmed = text.trim();
        if !trimmed.is_empty() {
            out.push(TextLine {
                text: trimmed,
                range: super::sub_range(info.value, start + lead, trimmed.len()),
            });
        }
        if end == value.len() {
            break;
        }
        start = end + 2;
    }
    out
}

/// The symbols of a rules-text cost made only of `{...}` symbols (`{1}{R}`, `{T}`, `{2}{U}, {T}`):
/// `None` when anything else is in it (words, loyalty, `Sacrifice`...).
pub(crate) fn brace_cost(text: &str) -> Option<Vec<&str>> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        rest = rest.trim_start_matches([',', ' ']);
        if rest.is_empty() {
            break;
        }
        let inner = rest.strip_prefix('{')?;
        let close = inner.find('}')?;
        out.push(&inner[..close]);
        rest = &inner[close + 1..];
    }
    (!out.is_empty()).then_some(out)
}

/// An activated ability's line: `<cost>: <effect>` with a cost of `{...}` symbols only.
pub(crate) fn activation<'a>(line: &TextLine<'a>) -> Option<(Vec<&'a str>, &'a str)> {
    let colon = line.text.find(": ")?;
    let cost = &line.text[..colon];
    if !cost.starts_with('{') {
        return None;
    }
    brace_cost(cost).map(|c| (c, cost))
}

/// The sentence of a trigger's text up to its first full stop.
pub(crate) fn first_sentence(text: &str) -> &str {
    let end = text.find(". ").map_or(text.len(), |i| i + 1);
    &text[..end]
}

/// Whether a trigger's text makes the whole ability optional: `When/Whenever/At ..., you may
/// <verb>` in its first sentence.
pub(crate) fn optional_trigger_text(text: &str) -> Option<usize> {
    let sentence = first_sentence(text);
    let starts = ["When ", "Whenever ", "At "]
        .iter()
        .any(|w| sentence.starts_with(w));
    if !starts {
        return None;
    }
    sentence.find(", you may ").map(|i| i + 2)
}
