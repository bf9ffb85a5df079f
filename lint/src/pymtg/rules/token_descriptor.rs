use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::pymtg::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::pymtg::vocab;
use syntax::pymtg::ast;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "P112",
    name: "token-descriptor",
    dialect: Some(Dialect::PYMTG),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A `create_token` descriptor the engine cannot read.",
    explanation: "`create_token` reads its first argument as `'P/T colour Subtype...'` for a creature \
(one digit each for power and toughness, an optional trailing `artifact`) or `'colour Subtype... type'` \
for another token (the last word a card type such as `artifact` or `enchantment`). Colours are \
`colorless`, `white`, `blue`, `black`, `red` and `green`, in lower case. Anything else fails with a \
`KeyError` when the token is made.",
    bad: "##############################\nRaise the Alarm\n\tself.controller.create_token('1/1 White Soldier', 2)",
    good: "##############################\nRaise the Alarm\n\tself.controller.create_token('1/1 white Soldier', 2)",
    ..RuleMeta::BASE
};

const CARD_TYPES: &[&str] = &[
    "artifact",
    "creature",
    "enchantment",
    "instant",
    "land",
    "planeswalker",
    "sorcery",
    "tribal",
];

/// What is wrong with a descriptor, if anything (following `MTG/token.py`).
pub(crate) fn problem(descriptor: &str) -> Option<String> {
    let colors = vocab::token_colors();
    let words: Vec<&str> = descriptor.split(' ').collect();
    let b = descriptor.as_bytes();
    let creature = b.len() >= 4
        && b[0].is_ascii_digit()
        && b[1] == b'/'
        && b[2].is_ascii_digit()
        && b[3] == b' ';
    if creature {
        let color = words.get(1).copied().unwrap_or("");
        let rest_ok = words.len() > 2
            && words[2..]
                .iter()
                .all(|w| w.bytes().all(|c| c.is_ascii_alphabetic()))
            && !words[2].is_empty();
        if !colors.knows(color) {
            return Some(format!(
                "`{color}` is not a token colour (colorless, white, blue, black, red, green)"
            ));
        }
        if !rest_ok {
            return Some(
                "a creature token needs its subtypes after the colour (`1/1 white Soldier`)".into(),
            );
        }
        return None;
    }
    if descriptor.contains('/') {
        return Some(
            "power and toughness are read as one digit each (`1/1`); anything else is read as a non-creature token and fails".into(),
        );
    }
    let color = words[0];
    if !colors.knows(color) {
        return Some(format!(
            "`{color}` is not a token colour (colorless, white, blue, black, red, green)"
        ));
    }
    let last = words.last().copied().unwrap_or("");
    if words.len() < 2 || !CARD_TYPES.contains(&last.to_ascii_lowercase().as_str()) {
        return Some(format!(
            "a non-creature token ends with its card type (`colorless Clue artifact`); `{last}` is not one"
        ));
    }
    None
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in ctx.tree.cards() {
        for stmt in crate::pymtg::expression_statements(ctx, &card) {
            for call in stmt.descendants().filter_map(ast::Expr::cast) {
                let Some((callee, args)) = call.call() else {
                    continue;
                };
                if callee
                    .attr()
                    .is_none_or(|(_, n)| n.text() != "create_token")
                {
                    continue;
                }
                let Some(first) = args.positional().into_iter().next() else {
                    continue;
                };
                let Some(descriptor) = first.string_value() else {
                    continue;
                };
                if let Some(problem) = problem(&descriptor) {
                    sink.report(
                        first.range(),
                        format!("`create_token` cannot read `{descriptor}`: {problem}; the game fails when the token is made"),
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::problem;

    #[test]
    fn descriptors() {
        assert_eq!(problem("1/1 white Soldier"), None);
        assert_eq!(problem("2/2 black Zombie artifact"), None);
        assert_eq!(problem("colorless Clue artifact"), None);
        assert!(problem("1/1 White Soldier").is_some());
        assert!(problem("10/10 green Wurm").is_some());
        assert!(problem("colorless Clue").is_some());
        assert!(problem("1/1 white").is_some());
    }
}
