//! W115: a `{...}` cost group that the engine cannot read as intended.

use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use crate::wagic::code::CodeView;
use syntax::wagic::ast::ManaSymbol;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W115",
    name: "unknown-cost-symbol",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A cost group the engine reads as 0 mana, or whose target is never closed.",
    explanation: "Each `{...}` group of a cost is read on its own: `w u b r g` are coloured mana, a group is \
otherwise dispatched on its first letter (`t` tap, `s` sacrifice, `e` exile, `c(...)` counters, `d` \
discard, `l` life...), and what remains must be a number, a hybrid of two symbols (`{2r}`, `{wu}`) or \
`{unattach}`. Anything else is read as a number by `atoi` and adds 0 mana, silently (`{}`, `{2/r}`). In a \
group that takes a target, `(` must be closed: `{s(creature|mybattlefield}` builds no target chooser and \
sacrifices the card itself.",
    bad: "[card]\nname=Odd Price\nauto={2/R}:damage:1 target(creature)\ntype=Artifact\n[/card]",
    good: "[card]\nname=Odd Price\nauto={2R}:damage:1 target(creature)\ntype=Artifact\n[/card]",
    ..RuleMeta::BASE
};

/// Why the engine cannot read a group (lowercased inner text), if it cannot.
pub(crate) fn problem(inner: &str) -> Option<&'static str> {
    let s = inner.trim_start();
    let Some(first) = s.chars().next() else {
        return Some("an empty group: Wagic reads it as 0 mana (a stray brace?)");
    };
    if matches!(s, "w" | "u" | "b" | "r" | "g") {
        return None;
    }
    if first == 'p' && !s.starts_with("p(") {
        return Some(
            "Phyrexian mana is written `{p(<color>)}`: Wagic reads this group as another cost",
        );
    }
    if first == 'h' && s != "h" && !s.starts_with("h(") {
        return Some(
            "a group starting with `h` is a return-to-hand cost: Wagic does not read half mana or this symbol",
        );
    }
    if "xvtsehldmnkpiqc".contains(first) {
        let open = s.bytes().filter(|&b| b == b'(').count();
        let close = s.bytes().filter(|&b| b == b')').count();
        if open > close {
            return Some(
                "this `(` is never closed: Wagic builds no target chooser, so the cost applies to the card itself",
            );
        }
        return None;
    }
    if s == "unattach" || s.trim_end().bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let hybrid = |c: u8| c.is_ascii_digit() || b"xgurbwcp".contains(&c);
    if s.len() == 2 && s.bytes().all(hybrid) {
        return None;
    }
    Some("Wagic does not know this cost symbol: it reads it as a number, which adds 0 mana")
}

fn check_symbol(symbol: &ManaSymbol, view: Option<&CodeView>, sink: &mut Sink<'_>) {
    let inner = symbol.inner_text().to_ascii_lowercase();
    if !symbol.is_closed() && !inner.contains('(') {
        return; // W113 reports the brace
    }
    let Some(why) = problem(&inner) else { return };
    let message = format!("`{{{inner}}}`: {why}");
    match view {
        Some(v) => {
            v.report(sink, symbol.range(), message);
        }
        None => {
            sink.report(symbol.range(), message);
        }
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        for entry in card.entries.iter().filter(|entry| entry.meaning.is_cost()) {
            let Some(cost) = entry.cost() else { continue };
            for symbol in cost.symbols() {
                check_symbol(&symbol, None, sink);
            }
        }
    }
    for view in ctx.code_views().filter(|v| v.has("{")) {
        for auto in view.all(syntax::wagic::ast::Auto::cast) {
            if let Some(cost) = auto.cost() {
                for symbol in cost.symbols() {
                    check_symbol(&symbol, Some(view), sink);
                }
            }
        }
        // Costs inside `upcost[...]`, `cumulativeupcost[...]`, `upcostmulti[...]`, `pay(...)`.
        if !view.has("upcost") && !view.has("pay") {
            continue;
        }
        for call in view.all(syntax::wagic::ast::Call::cast).filter(|c| {
            ["upcost", "cumulativeupcost", "upcostmulti", "pay"]
                .iter()
                .any(|n| crate::wagic::code::call_named(c, n))
        }) {
            for symbol in call.syntax().descendants().filter_map(ManaSymbol::cast) {
                check_symbol(&symbol, Some(view), sink);
            }
        }
    }
    let _ = Severity::Error;
}
