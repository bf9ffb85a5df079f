//! W125: `name(...)` in front of a gained or lost ability, which the engine then no longer sees.

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use crate::wagic::code::{self, Recognition};
use model::wagic::vocab;
use syntax::wagic::ast::Auto;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W125",
    name: "name-position",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "`name(...)` before `-<ability>` in a trigger effect: the engine no longer finds the ability.",
    explanation: "The engine cuts `name(...)` out of the text in place and leaves the spaces around it. A \
basic ability is gained or lost only when it starts at position 0 or 1 of the text, so in a fragment \
parsed directly (a trigger's effect, a line without cost) `name(x) -flying` leaves ` -flying`, with the \
ability at position 2: nothing is built. After a `{cost}:` the effect is parsed again and trimmed, so \
that form works there. Put `name(...)` after the ability.",
    bad: "[card]\nname=Shy Lurker\nauto=@combat(attacking) source(this):name(loses shroud) -shroud ueot\ntype=Creature\npower=1\ntoughness=1\n[/card]",
    good: "[card]\nname=Shy Lurker\nauto=@combat(attacking) source(this):-shroud ueot name(loses shroud)\ntype=Creature\npower=1\ntoughness=1\n[/card]",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for view in ctx.code_views().filter(|v| v.has("name(")) {
        for auto in view.all(Auto::cast) {
            if auto.cost().is_some() || auto.has_effect_separators() {
                continue;
            }
            let Some(effect) = auto.effects().next() else {
                continue;
            };
            if effect.condition().is_some() {
                continue;
            }
            let text = view.text_of(effect.range());
            if !text.starts_with("name(") {
                continue;
            }
            let Some(close) = text.find(')') else {
                continue;
            };
            let rest = &text[close + 1..];
            let lead = rest.len() - rest.trim_start().len();
            let body = rest.trim_start();
            let (minus, word) = match body.strip_prefix('-') {
                Some(b) => (1, b),
                None => (0, body),
            };
            if lead + minus <= 1 {
                continue;
            }
            let Some(ability) = vocab::basic_abilities()
                .known()
                .filter(|w| word.starts_with(w))
                .max_by_key(|w| w.len())
            else {
                continue;
            };
            let after = &word[ability.len()..];
            if !matches!(
                code::recognise(after),
                Recognition::Unknown | Recognition::Empty
            ) {
                continue;
            }
            let shown = &body[..minus + ability.len()];
            let r = view.report(
                sink,
                effect.range(),
                format!("Wagic cuts `name(...)` out in place, which leaves `{shown}` at position {}: the ability is not recognised and nothing is built", lead + minus),
            );
            let original = effect.syntax().text().to_string();
            let name = &original[..close + 1];
            let fixed = format!("{} {}", original[close + 1..].trim(), name);
            r.with_fix(Fix::safe(
                "move `name(...)` after the ability",
                vec![Edit::replace(effect.range(), fixed)],
            ));
        }
    }
    let _ = Severity::Error;
}
