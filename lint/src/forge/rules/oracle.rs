//! Reading a face's `Oracle:` rules text, for the rules comparing script and text (F166-F171).

use model::forge::script::{LineInfo, Model, Role};
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
    let colon = model::search::find(line.text, ": ")?;
    let cost = &line.text[..colon];
    if !cost.starts_with('{') {
        return None;
    }
    brace_cost(cost).map(|c| (c, cost))
}

/// The sentence of a trigger's text up to its first full stop.
pub(crate) fn first_sentence(text: &str) -> &str {
    let end = model::search::find(text, ". ").map_or(text.len(), |i| i + 1);
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
    model::search::find(sentence, ", you may ").map(|i| i + 2)
}

/// A text with its parenthesised reminder text removed (spaces before it too).
pub(crate) fn strip_reminder(text: &str) -> String {
    // Most texts have no reminder: copied whole (the loop below would push every character).
    if !text.contains('(') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => {
                depth += 1;
                let kept = out.trim_end().len();
                out.truncate(kept);
            }
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// The sentences of a text line (split after `.`, `!` or `?` followed by a space, or at the end),
/// trimmed.
pub(crate) fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for i in memchr::memchr3_iter(b'.', b'!', b'?', bytes) {
        if bytes.get(i + 1) == Some(&b' ') {
            out.push(text[start..=i].trim());
            start = i + 1;
        }
    }
    let last = text[start..].trim();
    if !last.is_empty() {
        out.push(last);
    }
    out.retain(|s| !s.is_empty());
    out
}

/// The effect part of a sentence: after the first `, ` of a sentence that opens with a
/// condition (`When`, `Whenever`, `At`, `If`, `As long as`...), else the whole sentence.
pub(crate) fn effect_clause(sentence: &str) -> &str {
    const OPENERS: &[&str] = &[
        "When ",
        "Whenever ",
        "At ",
        "If ",
        "As long as ",
        "As ",
        "Until ",
        "During ",
        "Each time ",
        "Otherwise",
        "Then ",
    ];
    if OPENERS.iter().any(|o| sentence.starts_with(o))
        && let Some(i) = model::search::find(sentence, ", ")
    {
        return &sentence[i + 2..];
    }
    sentence
}

/// A number as rules text writes it: up to four digits, or `a`/`an`/`one` to `ten`.
pub(crate) fn number_word(word: &str) -> Option<i64> {
    crate::common::printed_number(word, 4)
}

/// A literal integer parameter value (`3`, `+2`, `-1`): `None` for SVar names and expressions.
pub(crate) fn literal(value: &str) -> Option<i64> {
    let v = value.trim();
    let digits = v.strip_prefix(['+', '-']).unwrap_or(v);
    if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    v.strip_prefix('+').unwrap_or(v).parse().ok()
}

/// The description each record goes by: its own `Description$`, `SpellDescription$` or
/// `TriggerDescription$`, else that of the record that runs it (`Execute$`, `SubAbility$`).
pub(crate) fn descriptions<'a>(model: &Model<'a>) -> Vec<Option<&'a str>> {
    let own = |r: &model::forge::script::RecordInfo<'a>| {
        ["Description", "SpellDescription", "TriggerDescription"]
            .iter()
            .find_map(|k| r.param(k))
            .map(|p| p.value)
            .filter(|v| !v.trim().is_empty())
    };
    let mut out: Vec<Option<&'a str>> = model.records.iter().map(own).collect();
    // Follow `Execute$`/`SubAbility$` links a few levels deep.
    for _ in 0..8 {
        let mut changed = false;
        for r in &model.refs {
            if r.kind != model::forge::script::RefKind::Ability
                || !matches!(r.from, "Execute" | "SubAbility")
            {
                continue;
            }
            let Some(src) = r.record else { continue };
            let Some(desc) = out[src] else { continue };
            let Some(svar) = model.resolve(r.face, r.name) else {
                continue;
            };
            let Some(target) = model.svars[svar].record else {
                continue;
            };
            if out[target].is_none() {
                out[target] = Some(desc);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    out
}

/// The subject of a sentence `<subject> get(s)/have/has/gain(s) ...` about a group of objects
/// (`Other Elf creatures you control`), as a slice of the sentence.
pub(crate) struct GroupSubject<'a> {
    pub text: &'a str,
    /// It opens with `Other`, `All other` or `Each other`.
    pub other: bool,
    /// It holds `you control`.
    pub you_control: bool,
}

/// The group subject of one sentence, if the sentence's effect clause opens with one.
pub(crate) fn group_subject(sentence: &str) -> Option<GroupSubject<'_>> {
    const VERBS: &[&str] = &["get", "gets", "have", "has", "gain", "gains"];
    const REJECT: &[&str] = &[
        "cardname",
        "it",
        "its",
        "this",
        "that",
        "those",
        "these",
        "target",
        "targets",
        "enchanted",
        "equipped",
        "and",
        "or",
        "player",
        "players",
        "opponent",
        "opponents",
        "except",
        "named",
        "they",
        "he",
        "she",
        "each",
        "you",
        "your",
        "but",
        "if",
        "until",
        "as",
        "then",
        "chosen",
        "attached",
        "—",
        "-",
        "may",
        "can't",
        "cards",
    ];
    let clause = effect_clause(sentence);
    let base = clause.as_ptr() as usize - sentence.as_ptr() as usize;
    let words: Vec<(usize, &str)> = super::split_words(clause, &[])
        .into_iter()
        .map(|(s, e)| (s, &clause[s..e]))
        .collect();
    let verb = words.iter().take(9).position(|(_, w)| VERBS.contains(w))?;
    if verb == 0 {
        return None;
    }
    let subject = &words[..verb];
    let lower: Vec<String> = subject
        .iter()
        .map(|(_, w)| w.to_ascii_lowercase())
        .collect();
    let each = lower[0] == "each";
    let mut skip = usize::from(matches!(lower[0].as_str(), "all" | "each"));
    if skip == lower.len() {
        return None;
    }
    if skip == 1 && lower.get(1).is_some_and(|w| w == "other") {
        skip = 2;
    }
    let other = skip == 2 || lower[skip] == "other";
    let you_control = lower.windows(2).any(|w| w[0] == "you" && w[1] == "control");
    // Reject everything but plain group nouns, adjectives and a final "you control".
    for (i, w) in lower.iter().enumerate() {
        if i < skip {
            continue;
        }
        let is_you_control = (w == "you" && lower.get(i + 1).is_some_and(|n| n == "control"))
            || (w == "control" && i > 0 && lower[i - 1] == "you");
        if is_you_control {
            continue;
        }
        if REJECT.contains(&w.as_str()) || w.contains(['"', ',', ':', '.', '\'']) {
            return None;
        }
        if w == "control" || w == "controls" {
            return None;
        }
    }
    if !other && !you_control {
        return None;
    }
    // A group: `each <noun>` or a plural noun (`creatures`, `Elves`, `Slivers`).
    if !each && !lower[skip..].iter().any(|w| w.ends_with('s')) {
        return None;
    }
    let start = subject[0].0;
    let end = subject[verb - 1].0 + subject[verb - 1].1.len();
    Some(GroupSubject {
        text: &sentence[base + start..base + end],
        other,
        you_control,
    })
}

/// A group effect the rules text describes and the script record that the text describes: a
/// `Continuous` static's `Affected$` or a `PumpAll`'s `ValidCards$`, paired with a sentence of the
/// face's `Oracle:` text by the record's description holding the sentence's subject.
pub(crate) struct GroupPair {
    pub sentence: String,
    pub subject_other: bool,
    pub subject_you_control: bool,
    /// The params (record and param index) of every record whose description holds the subject
    /// (a description may cover several sentences, and a spell's sub-abilities share it).
    pub params: Vec<(usize, usize)>,
    /// Whether the face is an instant or a sorcery (never in a group of permanents itself).
    pub spell: bool,
}

impl GroupPair {
    /// The params with an alternative that lacks a property satisfying `pred`, with that
    /// alternative and its offset; none when one of the records has it (the text is scripted).
    pub(crate) fn unscripted<'m, 'a>(
        &self,
        model: &'m Model<'a>,
        pred: impl Fn(&str) -> bool + Copy,
    ) -> Vec<(&'m model::forge::script::ParamInfo<'a>, usize, &'a str)> {
        let found: Vec<_> = self
            .params
            .iter()
            .map(|&(r, p)| &model.records[r].params[p])
            .map(|p| (p, alternatives_without(p.value, pred)))
            .collect();
        if found.iter().any(|(_, alt)| alt.is_none()) {
            return Vec::new();
        }
        found
            .into_iter()
            .filter_map(|(p, alt)| alt.map(|(at, alt)| (p, at, alt)))
            .collect()
    }
}

/// Whether an alternative of a Valid value names the card itself (`Card.Self`): such a record
/// applies to the card, not to the group the text names.
fn names_self(value: &str) -> bool {
    value.split(',').any(|alt| {
        alt.split_once('.').is_some_and(|(_, props)| {
            props
                .split('+')
                .any(|p| p.trim().eq_ignore_ascii_case("Self"))
        })
    })
}

/// The group param of a record a group sentence may describe: a `Continuous` static's
/// `Affected$` or a `PumpAll`'s `ValidCards$`, as its index among the record's params.
fn group_param(rec: &model::forge::script::RecordInfo<'_>) -> Option<usize> {
    // The param Forge uses: the last one of the key (`RecordInfo::param`, `param_ignore_case`).
    let last = |matches: fn(&str) -> bool| {
        rec.params
            .iter()
            .rposition(|p| p.has_dollar && matches(p.key))
    };
    match rec.role {
        Role::Static if rec.kind_value.eq_ignore_ascii_case("Continuous") => {
            last(|k| k == "Affected")
        }
        Role::Ability if rec.kind_value.eq_ignore_ascii_case("PumpAll") => {
            last(|k| k.eq_ignore_ascii_case("ValidCards"))
        }
        _ => None,
    }
}

/// Every group sentence of the file's rules text with the records it pairs with (computed once
/// per file: `Ctx::group_pairs`).
pub(crate) fn group_pairs(ctx: &crate::forge::Ctx<'_>) -> Vec<GroupPair> {
    let model = &ctx.model;
    let mut out = Vec::new();
    let mut descs = None;
    for face in 0..model.faces.len() {
        // Without a record a sentence could pair with, the face's text is not read.
        if !model
            .records
            .iter()
            .any(|r| r.face == face && group_param(r).is_some())
        {
            continue;
        }
        let lines = ctx.oracle_lines(face);
        let spell = model.lines.iter().any(|l| {
            l.face == face && super::key_text(model, l) == "Types" && {
                let v = model.slice(l.value);
                v.split_whitespace()
                    .any(|w| w == "Instant" || w == "Sorcery")
            }
        });
        for line in lines {
            let text = strip_reminder(effect_of_line(line.text));
            for sentence in sentences(&text) {
                let Some(subject) = group_subject(sentence) else {
                    continue;
                };
                let needle = subject.text.to_ascii_lowercase();
                let descs = descs.get_or_insert_with(|| descriptions(model));
                // A description that renders the sentence without its `Other` (`Legendary
                // creatures you control have ...` for `Other legendary creatures you control
                // have ...`: text changed after the script was written) pairs when no
                // description holds the whole subject and it is the only one.
                let bare = needle.strip_prefix("other ").filter(|_| subject.other);
                let mut params = Vec::new();
                let mut stale = Vec::new();
                for (ri, rec) in model.records.iter().enumerate() {
                    if rec.face != face {
                        continue;
                    }
                    let Some(pi) = group_param(rec) else {
                        continue;
                    };
                    let Some(desc) = descs[ri] else { continue };
                    if names_self(rec.params[pi].value) {
                        continue;
                    }
                    let desc = desc.to_ascii_lowercase();
                    if desc.contains(&needle) {
                        params.push((ri, pi));
                    } else if let Some(bare) = bare
                        && desc.starts_with(bare)
                        && desc[bare.len()..].starts_with(' ')
                        && !desc.contains("other")
                    {
                        stale.push((ri, pi));
                    }
                }
                if params.is_empty() && stale.len() == 1 {
                    params = stale;
                }
                if !params.is_empty() {
                    out.push(GroupPair {
                        sentence: sentence.to_string(),
                        subject_other: subject.other,
                        subject_you_control: subject.you_control,
                        params,
                        spell,
                    });
                }
            }
        }
    }
    out
}

/// The `,`-separated alternatives of a Valid value with their byte offsets, and whether any of
/// their `.`/`+` properties satisfies `pred`.
pub(crate) fn alternatives_without(
    value: &str,
    pred: impl Fn(&str) -> bool,
) -> Option<(usize, &str)> {
    let mut offset = 0;
    for alt in value.split(',') {
        let lead = alt.len() - alt.trim_start().len();
        let body = alt.trim();
        let props = body.split_once('.').map_or("", |(_, p)| p);
        if !body.is_empty() && !props.split('+').any(|p| pred(p.trim())) {
            return Some((offset + lead, body));
        }
        offset += alt.len() + 1;
    }
    None
}

/// A line of rules text without the cost of an activated ability (`{1}{W}, {T}: `,
/// `Sacrifice a creature: `) or the label of a mode or chapter (`I — `, `• `).
pub(crate) fn effect_of_line(text: &str) -> &str {
    let text = text.trim_start_matches(['•', ' ']);
    if let Some(i) = model::search::find(text, " — ")
        && i <= 12
    {
        return &text[i + " — ".len()..];
    }
    match model::search::find(text, ": ") {
        Some(i) if i < 80 && !text[..i].contains(['"', '.']) => &text[i + 2..],
        _ => text,
    }
}
