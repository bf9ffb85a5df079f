//! F199: an ability that targets an opponent but names the player of its effect `Opponent`
//! (every opponent) instead of the target.

use crate::diagnostic::{Edit, Fix, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::Role;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F199",
    name: "target-player-not-used",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: crate::diagnostic::Severity::Warning,
    fix: FixAvailability::Always,
    summary: "An ability with `ValidTgts$ Opponent` (or `Player`) whose `TokenOwner$`, `NewController$`, `Chooser$`, `Defined$`... is `Opponent`: that names every opponent, not the one targeted.",
    explanation: "`Opponent` as a player word is every opponent of the ability's controller. In a game \
of two it is the targeted player too, so the card seems to work; with more players, \"target opponent \
creates a token\" gives one to each opponent, \"target opponent gains control\" hands the permanents to \
the first opponent, whoever was targeted. When the ability targets a player, the player its effect is \
about is `Targeted` (`TargetedPlayer`). The rule looks at the player keys of records whose targets are \
players only: `Defined$`, `DefinedPlayer$`, `TokenOwner$`, `NewController$`, `Chooser$`, `Controller$`, \
`Placer$`. The fix writes `Targeted` (unsafe: read the card).",
    bad: "Name:Hippo Gift\nManaCost:G\nTypes:Sorcery\nA:SP$ Token | Cost$ G | ValidTgts$ Opponent | TgtPrompt$ Select target opponent | TokenScript$ g_1_1_hippo | TokenOwner$ Opponent | SpellDescription$ Target opponent creates a 1/1 green Hippo creature token.\nOracle:Target opponent creates a 1/1 green Hippo creature token.",
    good: "Name:Hippo Gift\nManaCost:G\nTypes:Sorcery\nA:SP$ Token | Cost$ G | ValidTgts$ Opponent | TgtPrompt$ Select target opponent | TokenScript$ g_1_1_hippo | TokenOwner$ Targeted | SpellDescription$ Target opponent creates a 1/1 green Hippo creature token.\nOracle:Target opponent creates a 1/1 green Hippo creature token.",
    ..RuleMeta::BASE
};

/// Keys naming the player an effect is about.
const PLAYER_KEYS: &[&str] = &[
    "Defined",
    "DefinedPlayer",
    "TokenOwner",
    "NewController",
    "Chooser",
    "Controller",
    "Placer",
];

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for rec in &ctx.model.records {
        if rec.role != Role::Ability {
            continue;
        }
        let Some(valid) = rec.param("ValidTgts") else {
            continue;
        };
        let players_only = valid.value.split(',').all(|v| {
            matches!(
                v.trim().split(['.', '+']).next().unwrap_or(""),
                "Opponent" | "Player"
            )
        });
        if !players_only {
            continue;
        }
        for p in &rec.params {
            if !p.has_dollar || p.shadowed || !PLAYER_KEYS.contains(&p.key) {
                continue;
            }
            let value = p.value.trim();
            if !matches!(value, "Opponent" | "Player.Opponent") {
                continue;
            }
            let d = sink.report(
                p.value_range,
                format!(
                    "the ability targets a player (`ValidTgts$ {}`), but `{}$ {value}` names every opponent, not the one targeted: with more than two players the effect reaches the wrong ones",
                    valid.value.trim(),
                    p.key
                ),
            );
            d.with_fix(Fix::unsafe_(
                "write `Targeted`",
                vec![Edit::replace(p.value_range, "Targeted")],
            ));
        }
    }
}
