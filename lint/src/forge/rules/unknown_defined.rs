//! F162: a `Defined$`-style value that is no Defined word.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::Vocabulary;
use model::forge::facts::FactKind;
use model::forge::script::Role;
use model::forge::vocab::{self, Match};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F162",
    name: "unknown-defined",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "`Defined$` (or any parameter Forge resolves as a Defined value: `DefinedPlayer$`, `Defender$`, `Chooser$`, `RememberObjects$`...) whose value is not a Defined word, such as a Valid expression `Card.Self`.",
    explanation: "`Defined$` takes words that name objects — `Self`, `You`, `Targeted`, `Remembered`, \
`TriggeredCard`, `Enchanted`... optionally filtered (`Remembered.Creature`) — or, for players, a player \
expression (`Player.Opponent`). A card Valid expression such as `Card.Self` or `Creature.IsRemembered` is \
not one of them: it resolves to nothing and the effect acts on nothing. That case is an error (a \
warning on `Sacrifice`, which picks what to sacrifice with `SacValid$`, and on triggers, statics and \
replacements); other unknown words are warnings. Every parameter the engine passes to its Defined \
resolver is checked (`model/data/forge/defined-params.tsv`, per ApiType: `Defender$` of `MustAttack`, \
`Chooser$`, `DefinedPlayer$`, `TokenOwner$`, `OptionalDecider$` of triggers...).",
    bad: "Name:Sun Lance\nManaCost:2 W\nTypes:Creature Human Knight\nPT:2/2\nA:AB$ Pump | Cost$ W | Defined$ Card.Self | KW$ First Strike | SpellDescription$ CARDNAME gains first strike until end of turn.",
    good: "Name:Sun Lance\nManaCost:2 W\nTypes:Creature Human Knight\nPT:2/2\nA:AB$ Pump | Cost$ W | Defined$ Self | KW$ First Strike | SpellDescription$ CARDNAME gains first strike until end of turn.",
    ..RuleMeta::BASE
};

/// The role name `defined-params.tsv` uses for a record.
fn role_name(role: Role) -> Option<&'static str> {
    match role {
        Role::Ability => Some("ability"),
        Role::Trigger => Some("trigger"),
        Role::Static => Some("static"),
        Role::Replacement => Some("replacement"),
        Role::AiHint | Role::Unknown => None,
    }
}

/// Placeholders the engine replaces before the ability is built.
const PLACEHOLDERS: &[&str] = &["ShieldEffectTarget"];

fn known(vocab: &Vocabulary, value: &str) -> bool {
    let defined = vocab.defined();
    let head_end = value.find(['.', ' ']).unwrap_or(value.len());
    let head = &value[..head_end];
    if defined.exact(head).is_some() || PLACEHOLDERS.contains(&head) {
        return true;
    }
    if defined.matching(head).is_some() || defined.prefix_of(value, Match::Prefix).is_some() {
        return true;
    }
    let players = vocab.player_refs();
    if players
        .exact(head)
        .is_some_and(|w| w.kind != "valid-property")
        || players.prefix_of(value, Match::Prefix).is_some()
        || players
            .matching(head)
            .is_some_and(|w| w.kind != "valid-property")
    {
        return true;
    }
    // Player expressions: `Player`, `Player.Opponent`, `You`, `Opponent`.
    matches!(head, "Player" | "Opponent" | "You" | "EnchantedController")
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for rec in &model.records {
        let Some(role) = role_name(rec.role) else {
            continue;
        };
        for p in &rec.params {
            if !p.has_dollar
                || p.shadowed
                || vocab::defined_param(role, rec.kind_value, p.key).is_none()
            {
                continue;
            }
            let items: Vec<(&str, syntax::TextRange)> = if p.key == "RememberObjects" {
                model::forge::script::split_items(p.value, p.value_range.start(), ',')
            } else {
                vec![(p.value.trim(), p.value_range)]
            };
            for (value, range) in items {
                if value.is_empty() || known(ctx.vocab, value) {
                    continue;
                }
                let head = &value[..value.find(['.', ' ']).unwrap_or(value.len())];
                let card_valid = head == "Card"
                    || head == "card"
                    || head == "Permanent"
                    || vocab::types().contains(head);
                if card_valid {
                    let d = sink.report(
                        range,
                        format!("`{value}` is a Valid expression, not a Defined value: `{}$` resolves it to nothing", p.key),
                    );
                    d.with_note("Defined$ takes words such as Self, Targeted, Remembered, TriggeredCard; filter them with a dot: Remembered.Creature");
                    // Sacrifice picks what is sacrificed with SacValid$ (default: the card
                    // itself), so a wrong Defined$ there rarely changes play.
                    let effect_reads = rec.role == Role::Ability
                        && !rec.kind_value.eq_ignore_ascii_case("Sacrifice");
                    if effect_reads {
                        d.with_severity(Severity::Error);
                    } else {
                        d.with_note("Sacrifice chooses what is sacrificed with `SacValid$`");
                    }
                } else {
                    sink.report(
                        range,
                        format!(
                            "`{value}` is not a Defined value Forge knows: `{}$` probably resolves to nothing{}",
                            p.key,
                            ctx.version_clause(FactKind::Defined, value)
                        ),
                    );
                }
            }
        }
    }
}
