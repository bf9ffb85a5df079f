//! W151: a counter cost (`{C(0/0,1,Charge)}`) that puts or removes another number of counters
//! than the card's text says its cost does ("Remove a charge counter from ~:").

use super::card_text;
use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use syntax::wagic::KeyMeaning;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W151",
    name: "counter-cost-mismatch",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Always,
    summary: "A counter cost `{C(p/t,n,Name)}` whose `n` is not what the text's cost says: \"Remove a charge counter from ~:\" is `{C(0/0,-1,Charge)}`, a positive `n` puts counters instead.",
    explanation: "In a cost, `{C(0/0,n,Name)}` puts `n` counters named `Name` on the card (a negative \
`n` removes them, and the ability cannot be activated without enough). The text says which: \
\"Remove three charge counters from ~:\" is `-3`, \"Put a -1/-1 counter on ~:\" is `1`. A sign or a \
count that differs makes the ability free to activate (a cost that adds counters is always payable) \
or harder than printed. The rule compares the counter costs of the card's code with the cost parts \
(before `:`) of its text that remove or put counters of the same name, when there is one such \
part; `X`, `any number` and `all` are left alone. The fix writes the text's count (unsafe: the text may be the wrong one).",
    bad: "[card]\nname=Spark Cell\ntext={T}: Put a charge counter on Spark Cell. -- Remove a charge counter from Spark Cell: Add {R}.\nauto={T}:counter(0/0,1,Charge)\nauto={C(0/0,1,Charge)}:Add{R}\nmana={2}\ntype=Artifact\n[/card]",
    good: "[card]\nname=Spark Cell\ntext={T}: Put a charge counter on Spark Cell. -- Remove a charge counter from Spark Cell: Add {R}.\nauto={T}:counter(0/0,1,Charge)\nauto={C(0/0,-1,Charge)}:Add{R}\nmana={2}\ntype=Artifact\n[/card]",
    since: "0.3.0",
    ..RuleMeta::BASE
};

/// The counter counts the text's cost parts (before `:`) remove (negative) or put (positive),
/// by lower-cased counter name.
fn text_costs(text: &card_text::Text) -> Vec<(String, i64)> {
    let mut out = Vec::new();
    for line in &text.lines {
        for sentence in &line.sentences {
            let Some(colon) = sentence.find(':') else {
                continue;
            };
            let cost = sentence[..colon].to_ascii_lowercase();
            for part in cost.split(',') {
                let words: Vec<&str> = part.split_whitespace().collect();
                let (sign, rest) = match words.first() {
                    Some(&"remove") => (-1, &words[1..]),
                    Some(&"put") => (1, &words[1..]),
                    _ => continue,
                };
                // `<n> <name...> counter(s) from|on ...`
                let Some(c) = rest
                    .iter()
                    .position(|w| *w == "counter" || *w == "counters")
                else {
                    continue;
                };
                if c < 2 {
                    continue;
                }
                let Some(n) = crate::common::printed_number(rest[0], 18) else {
                    continue;
                };
                let name = rest[1..c].join(" ");
                out.push((name, sign * n));
            }
        }
    }
    out
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let text = ctx.file.text();
    for card in &ctx.cards {
        let Some(value) = card_text::text_of(card) else {
            continue;
        };
        let costs = text_costs(value);
        if costs.is_empty() {
            continue;
        }
        for e in &card.entries {
            if !matches!(e.meaning, KeyMeaning::Auto | KeyMeaning::AutoZone) {
                continue;
            }
            let range = e.value_range();
            let code = &text[usize::from(range.start())..usize::from(range.end())];
            // Only the cost: before the first `:` outside braces and parentheses.
            let mut depth = 0i32;
            let end = code
                .char_indices()
                .find(|&(_, c)| {
                    match c {
                        '{' | '(' | '[' => depth += 1,
                        '}' | ')' | ']' => depth -= 1,
                        _ => {}
                    }
                    c == ':' && depth == 0
                })
                .map_or(0, |(i, _)| i);
            let mut from = 0;
            while let Some(i) = code[from..end]
                .find("{C(")
                .or_else(|| code[from..end].find("{c("))
            {
                let start = from + i;
                let Some(close) = code[start..end].find(")}") else {
                    break;
                };
                let inner = &code[start + 3..start + close];
                from = start + close + 2;
                let fields: Vec<&str> = inner.split(',').map(str::trim).collect();
                let [_, n, name] = fields.as_slice() else {
                    continue;
                };
                let Ok(n) = n.parse::<i64>() else {
                    continue;
                };
                let lname = name.to_ascii_lowercase();
                let matching: Vec<i64> = costs
                    .iter()
                    .filter(|(c, _)| *c == lname)
                    .map(|(_, k)| *k)
                    .collect();
                let [expected] = matching.as_slice() else {
                    continue;
                };
                if n == *expected {
                    continue;
                }
                let n_at = start + 3 + inner.find(',').map_or(0, |i| i + 1);
                let n_len = inner.split(',').nth(1).map_or(0, |s| s.len());
                let n_range = crate::wagic::range(
                    usize::from(range.start()) + n_at,
                    usize::from(range.start()) + n_at + n_len,
                );
                let verb = if *expected < 0 { "remove" } else { "put" };
                let d = sink.report(
                    crate::wagic::range(
                        usize::from(range.start()) + start,
                        usize::from(range.start()) + start + close + 2,
                    ),
                    format!(
                        "this cost {} {} {name} counter(s), but the text's cost says to {verb} {}",
                        if n < 0 { "removes" } else { "puts" },
                        n.abs(),
                        expected.abs()
                    ),
                );
                d.with_fix(crate::diagnostic::Fix::unsafe_(
                    format!("write `{expected}`"),
                    vec![crate::diagnostic::Edit::replace(
                        n_range,
                        expected.to_string(),
                    )],
                ));
            }
        }
    }
}
