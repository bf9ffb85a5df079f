//! Rules every dialect shares: how the bytes decode, and the structural errors parsers record.
//! Codes `E0xx`. The dialect linters call `check_source` and `syntax_diagnostics`.

use crate::diagnostic::{Diagnostic, Edit, Fix, Severity};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::source::SourceFile;
use syntax::{Encoding, ErrorKind, SyntaxError, TextRange, TextSize};

pub static INVALID_UTF8: RuleMeta = RuleMeta {
    code: "E001",
    name: "invalid-utf8",
    dialect: None,
    group: Group::Syntax,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "The file is not valid UTF-8; the bytes that are not were read as Latin-1.",
    explanation: "Forge reads card scripts as UTF-8 and turns invalid bytes into replacement characters. \
Wagic compares names byte for byte, so `Æther` written in Latin-1 (one byte) and in UTF-8 (two bytes) are \
two different names, and a `primitive=` written in one encoding does not find a card written in the other. \
Save card files as UTF-8.",
    bad: "# saved as Latin-1\n[card]\nname=\u{c6}ther Gust\n[/card]",
    good: "# saved as UTF-8\n[card]\nname=\u{c6}ther Gust\n[/card]",
    ..RuleMeta::BASE
};

pub static BYTE_ORDER_MARK: RuleMeta = RuleMeta {
    code: "E002",
    name: "byte-order-mark",
    dialect: None,
    group: Group::Syntax,
    severity: Severity::Error,
    fix: FixAvailability::Always,
    summary: "The file starts with a byte-order mark, which the engines read as text.",
    explanation: "Neither engine skips a byte-order mark. In Forge it becomes part of the first key \
(`\\u{feff}Name`), so the `Name` line is ignored and the card fails to load. In Wagic the first line no \
longer starts with `[`, so the first `[card]` is not seen: that card is lost and its `[/card]` opens a \
block instead. Remove the mark (save as UTF-8 without BOM).",
    bad: "\u{feff}Name:Shock\nManaCost:R\nTypes:Instant",
    good: "Name:Shock\nManaCost:R\nTypes:Instant",
    ..RuleMeta::BASE
};

pub static CONTROL_CHARACTER: RuleMeta = RuleMeta {
    code: "E003",
    name: "control-character",
    dialect: None,
    group: Group::Syntax,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A control character (such as NUL) in the text.",
    explanation: "Control characters other than tab and line breaks are invisible in editors and are \
never meaningful in card scripts. Forge trims them at the ends of lines but keeps them inside values; \
Wagic keeps them everywhere, so a name or keyword containing one matches nothing.",
    bad: "Name:Null\u{0}Byte\nTypes:Artifact",
    good: "Name:Null Byte\nTypes:Artifact",
    ..RuleMeta::BASE
};

pub static UNRECOGNIZED_LINE: RuleMeta = RuleMeta {
    code: "E010",
    name: "unrecognized-line",
    dialect: None,
    group: Group::Syntax,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A line that the engine's reader does not accept, and skips.",
    explanation: "Forge skips a line without `Key:`; Wagic skips a line of a card block without `=`. \
Neither says so. Often this is a line wrapped by hand, or a key whose `:`/`=` was forgotten, and \
whatever it held is lost.",
    bad: "Name:Lost Colon\nManaCost:U\nTypes:Sorcery\nOracle Draw two cards.",
    good: "Name:Lost Colon\nManaCost:U\nTypes:Sorcery\nOracle:Draw two cards.",
    ..RuleMeta::BASE
};

pub static UNBALANCED_BRACKET: RuleMeta = RuleMeta {
    code: "E011",
    name: "unbalanced-bracket",
    dialect: None,
    group: Group::Syntax,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "An opening bracket without its closing one, or the reverse.",
    explanation: "Brackets delimit costs (`{...}`), arguments (`(...)`), restrictions (`[...]`) and \
cost parts (`<...>`). The engines look for the next closing character without checking the balance, so \
a missing or extra bracket silently moves where a cost, target or argument ends: the ability is misread \
or dropped.",
    bad: "[card]\nname=Stray Paren\nauto={T}:damage:1 target(creature))\ntype=Artifact\n[/card]",
    good: "[card]\nname=Stray Paren\nauto={T}:damage:1 target(creature)\ntype=Artifact\n[/card]",
    ..RuleMeta::BASE
};

pub static UNCLOSED_BLOCK: RuleMeta = RuleMeta {
    code: "E012",
    name: "unclosed-block",
    dialect: Some(Dialect::WAGIC),
    group: Group::Syntax,
    severity: Severity::Error,
    fix: FixAvailability::Always,
    summary: "A `[card]` block that the file never closes with `[/card]`.",
    explanation: "Wagic only registers a card when it reads `[/card]`. At the end of the file the \
half-read card is kept, and its keys are merged into the first card of the next file the engine reads: \
this card is lost and another one is corrupted.",
    bad: "[card]\nname=Open Ended\ntype=Instant",
    good: "[card]\nname=Open Ended\ntype=Instant\n[/card]",
    ..RuleMeta::BASE
};

pub static NESTED_BLOCK: RuleMeta = RuleMeta {
    code: "E013",
    name: "nested-block",
    dialect: Some(Dialect::WAGIC),
    group: Group::Syntax,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A `[card]` line inside a card block that is still open.",
    explanation: "Inside a block Wagic treats `[card]` as an unreadable line and carries on: the two \
cards are merged into one, the later keys overwriting the earlier ones. The first card is missing its \
`[/card]`.",
    bad: "[card]\nname=First\n[card]\nname=Second\n[/card]",
    good: "[card]\nname=First\n[/card]\n[card]\nname=Second\n[/card]",
    ..RuleMeta::BASE
};

pub static TEXT_OUTSIDE_BLOCK: RuleMeta = RuleMeta {
    code: "E014",
    name: "text-outside-block",
    dialect: Some(Dialect::WAGIC),
    group: Group::Syntax,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "Text outside any `[card]` block (or a `[meta]` line without `=`), which Wagic skips.",
    explanation: "Outside blocks Wagic reads only block headers, `#AUTO_DEFINE` lines and a file-level \
`grade=` line; everything else is skipped without a word. Keys written there do nothing. Use `#` for \
comments.",
    bad: "name=Lost Key\n[card]\nname=Real Card\n[/card]",
    good: "# a comment\n[card]\nname=Real Card\n[/card]",
    ..RuleMeta::BASE
};

pub static NESTING_TOO_DEEP: RuleMeta = RuleMeta {
    code: "E015",
    name: "nesting-too-deep",
    dialect: None,
    group: Group::Syntax,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "Brackets nested deeper, or a line longer, than cardlint analyses.",
    explanation: "Past a nesting depth of 48 cardlint keeps the text but stops building structure for \
it, so rules do not look inside. No real card nests this deep; this is almost always runaway brackets. \
Likewise a line longer than 64 KiB (Forge, Wagic) is kept as one piece of text and not checked: the \
longest line of a real card file is a few kilobytes, and this bounds what any line can cost.",
    bad: "[card]\nname=Deep\nauto=((((((((((((((((((((((((((((((((((((((((((((((((((x))))))))))))))))))))))))))))))))))))))))))))))))))\n[/card]",
    good: "[card]\nname=Deep\nauto=draw:1\n[/card]",
    ..RuleMeta::BASE
};

/// The diagnostic that stands for a failure (a panic) of the analysis of one document (`G100`,
/// as for a file the CLI fails on).
pub fn internal_error(message: &str) -> Diagnostic {
    Diagnostic::new(
        &crate::simulation::INTERNAL_ERROR,
        TextRange::empty(TextSize::from(0)),
        format!("internal error while analysing this file (a bug in cardlint): {message}"),
    )
}

/// The message of a caught panic.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string())
}

/// The shared rules, in code order.
pub static RULES: &[&RuleMeta] = &[
    &INVALID_UTF8,
    &BYTE_ORDER_MARK,
    &CONTROL_CHARACTER,
    &UNRECOGNIZED_LINE,
    &UNBALANCED_BRACKET,
    &UNCLOSED_BLOCK,
    &NESTED_BLOCK,
    &TEXT_OUTSIDE_BLOCK,
    &NESTING_TOO_DEEP,
];

/// Encoding, byte-order mark and control characters.
pub fn check_source(file: &SourceFile, out: &mut Vec<Diagnostic>) {
    check_source_with(file, true, out);
}

/// Whether `text` holds a control character that `check_source` reports.
pub fn has_control_characters(text: &str) -> bool {
    text.as_bytes()
        .chunks(64)
        .any(|chunk| chunk.iter().fold(false, |any, &b| any | is_control(b)))
}

fn is_control(b: u8) -> bool {
    b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r')
}

/// `check_source`; `controls`: look for control characters (a caller that knows the text has
/// none, as an open document kept edit by edit does, skips the scan).
pub fn check_source_with(file: &SourceFile, controls: bool, out: &mut Vec<Diagnostic>) {
    let text = file.text();
    if file.source.encoding() == Encoding::Latin1Fallback {
        let runs = file.source.fallback_ranges();
        if let Some(first) = runs.first() {
            let mut d = Diagnostic::new(
                &INVALID_UTF8,
                *first,
                format!(
                    "this file is not valid UTF-8: {} byte{} read as Latin-1",
                    runs.iter().map(|r| u32::from(r.len()) / 2).sum::<u32>(),
                    if runs.len() == 1 && u32::from(first.len()) == 2 {
                        ""
                    } else {
                        "s"
                    }
                ),
            );
            if runs.len() > 1 {
                d.notes
                    .push(format!("{} places in all; this is the first", runs.len()));
            }
            out.push(d);
        }
    }
    let bom_message = crate::dialect::plugin(file.dialect)
        .and_then(|p| p.bom_message())
        .unwrap_or_default();
    if file.source.has_bom() && !bom_message.is_empty() {
        let range = TextRange::at(TextSize::from(0), TextSize::of('\u{feff}'));
        let message = bom_message;
        let mut d = Diagnostic::new(&BYTE_ORDER_MARK, range, message);
        d.fix = Some(Fix::safe(
            "remove the byte-order mark",
            vec![Edit::delete(range)],
        ));
        out.push(d);
    }
    if !controls {
        return;
    }
    let mut reported = 0;
    // Chunks with a branch-free test first (the compiler vectorises it): most text has none.
    for (c, chunk) in text.as_bytes().chunks(64).enumerate() {
        if !chunk.iter().fold(false, |any, &b| any | is_control(b)) {
            continue;
        }
        for (j, &b) in chunk.iter().enumerate() {
            if !is_control(b) {
                continue;
            }
            let i = c * 64 + j;
            if reported < 5 {
                let range = TextRange::at(TextSize::from(i as u32), TextSize::from(1));
                out.push(Diagnostic::new(
                    &CONTROL_CHARACTER,
                    range,
                    format!("control character U+{:04X} in the text", b),
                ));
            }
            reported += 1;
        }
    }
}

/// The diagnostics of the syntax errors a parser recorded in `text`.
pub fn syntax_diagnostics(text: &str, errors: &[SyntaxError], out: &mut Vec<Diagnostic>) {
    for error in errors {
        let rule = match error.kind {
            ErrorKind::UnrecognizedLine => &UNRECOGNIZED_LINE,
            ErrorKind::UnbalancedBracket => &UNBALANCED_BRACKET,
            ErrorKind::UnclosedBlock => &UNCLOSED_BLOCK,
            ErrorKind::NestedBlock => &NESTED_BLOCK,
            ErrorKind::TextOutsideBlock => &TEXT_OUTSIDE_BLOCK,
            ErrorKind::TooDeep => &NESTING_TOO_DEEP,
            // Embedded expressions: each dialect's own rules report them.
            ErrorKind::InvalidExpression => continue,
        };
        let mut d = Diagnostic::new(rule, error.range, error.message.clone());
        if error.kind == ErrorKind::UnclosedBlock {
            d.fix = Some(close_block_at_end(text));
        }
        out.push(d);
    }
}

/// Whether `word` occurs in `text` as a whole word (no letter or digit on either side).
pub(crate) fn has_whole_word(text: &str, word: &str) -> bool {
    model::search::find_all(text, word).any(|i| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// The words of the only `target` phrase of a lower-case rules text when it is a list of the
/// given type words (`target artifact or enchantment`, `target creature, planeswalker, or
/// battle`), in order; `None` when the text says `target` more than once, or the phrase is a
/// compound (`target artifact creature`, `target instant or sorcery card`) or names no type.
pub(crate) fn target_phrase_types<'t>(text: &str, types: &[&'t str]) -> Option<Vec<&'t str>> {
    let mut found = model::search::find_all(text, "target");
    let at = found.next()?;
    if found.next().is_some() {
        return None;
    }
    let rest = text[at + "target".len()..].strip_prefix(' ')?;
    let words: Vec<&str> = rest
        .split(|c: char| !c.is_ascii_alphabetic() && c != ',')
        .filter(|w| !w.is_empty())
        .collect();
    // Words that continue a compound: another type, or what the types qualify.
    let compound = |w: &str| {
        types.contains(&w)
            || matches!(
                w,
                "permanent" | "permanents" | "spell" | "spells" | "card" | "cards"
            )
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i].trim_end_matches(',');
        if w == "or" && !out.is_empty() {
            i += 1;
            continue;
        }
        let Some(&t) = types.iter().find(|t| **t == w) else {
            break;
        };
        out.push(t);
        let comma = words[i].ends_with(',');
        i += 1;
        // The phrase goes on after `,` or `or`.
        let next = words.get(i).map(|n| n.trim_end_matches(','));
        if !comma && next != Some("or") {
            if next.is_some_and(compound) {
                return None;
            }
            break;
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The line ending a text uses: its first one (`\r\n`, a lone `\r` or `\n`), so that a fix
/// that adds a line keeps the file's style.
pub fn line_ending(text: &str) -> &'static str {
    match memchr::memchr2(b'\r', b'\n', text.as_bytes()) {
        Some(i) if text[i..].starts_with("\r\n") => "\r\n",
        Some(i) if text.as_bytes()[i] == b'\r' => "\r",
        _ => "\n",
    }
}

/// Appends `[/card]` at the end of the file: unsafe, since the card may have been meant to end
/// earlier.
fn close_block_at_end(text: &str) -> Fix {
    let eol = line_ending(text);
    let at = TextSize::of(text);
    let needs_break = !(text.ends_with('\n') || text.is_empty());
    let insert = if needs_break {
        format!("{eol}[/card]{eol}")
    } else {
        format!("[/card]{eol}")
    };
    Fix::unsafe_(
        "close the block at the end of the file",
        vec![Edit::insert(at, insert)],
    )
}

/// A word of rules text without the punctuation around it (`2.` `"a"` `3,`).
pub(crate) fn bare_word(word: &str) -> &str {
    word.trim_matches(|c: char| matches!(c, '.' | ',' | ';' | ':' | '"' | '\''))
}

/// A signed change of power and toughness as rules text prints it: `+N/-M` -> (N, -M), each with
/// its sign and up to three digits (the Forge and Wagic rules-text checks).
pub(crate) fn signed_pt(word: &str) -> Option<(i64, i64)> {
    let (a, b) = word.split_once('/')?;
    let num = |s: &str| -> Option<i64> {
        let (sign, d) = if let Some(d) = s.strip_prefix('+') {
            (1, d)
        } else if let Some(d) = s.strip_prefix('-') {
            (-1, d)
        } else {
            return None;
        };
        if d.is_empty() || d.len() > 3 || !d.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        d.parse::<i64>().ok().map(|n| sign * n)
    };
    Some((num(a)?, num(b)?))
}

/// A number as rules text prints it: `a`/`an`, `zero` to `ten`, or up to `max_digits` digits
/// (the Forge and Wagic rules-text checks).
pub(crate) fn printed_number(word: &str, max_digits: usize) -> Option<i64> {
    const WORDS: &[&str] = &[
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    let w = word.to_ascii_lowercase();
    if w == "a" || w == "an" {
        return Some(1);
    }
    if let Some(i) = WORDS.iter().position(|x| *x == w) {
        return Some(i as i64);
    }
    if !w.is_empty() && w.len() <= max_digits && w.bytes().all(|b| b.is_ascii_digit()) {
        return w.parse().ok();
    }
    None
}

/// Drops, from `out[first..]`, the findings of rules with `yields_to` when a finding of one of
/// those rules lies in the same unit (`unit_of` maps a byte offset to its record or card; `None`
/// outside any).
pub fn apply_yields(
    out: &mut Vec<crate::diagnostic::Diagnostic>,
    first: usize,
    unit_of: impl Fn(syntax::TextSize) -> Option<usize>,
) {
    if !out[first..].iter().any(|d| !d.rule.yields_to.is_empty()) {
        return;
    }
    let taken: Vec<(&'static str, Option<usize>)> = out[first..]
        .iter()
        .map(|d| (d.rule.code, unit_of(d.range.start())))
        .collect();
    let mut i = 0;
    out.retain(|d| {
        let k = i;
        i += 1;
        if k < first || d.rule.yields_to.is_empty() {
            return true;
        }
        let unit = unit_of(d.range.start());
        unit.is_none()
            || !taken
                .iter()
                .any(|(code, u)| *u == unit && d.rule.yields_to.contains(code))
    });
}
