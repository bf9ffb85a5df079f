//! F195: `Defined$ Targeted` in an ability whose chain has another target of the same kind: since
//! 2021 Forge's `Targeted` takes the targets of every ability in the chain, not the nearest one.

use super::chains::{Chains, checked_against_2020};
use crate::diagnostic::{Edit, Fix, Related, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{Model, Origin, RecordInfo, Role};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F195",
    name: "targeted-takes-chain-targets",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "`Defined$ Targeted` (`TargetedPlayer`, `TargetedController`...) in an ability that has its own target, or in a mode of a modal spell, while another ability of the chain targets too: upstream Forge resolves `Targeted` to the targets of every ability of the chain.",
    explanation: "Since 2021, Forge resolves `Targeted` (and `TargetedPlayer`, `TargetedController`, \
`TargetedOwner`) to the targets of the whole chain, the root ability and every `SubAbility$` after it; \
Forge 2020 took the targets of the nearest ability that targets. When two abilities of a chain target \
the same kind of object (two creatures, two players), `Targeted` takes both: 'Target creature gets \
+2/+0; target creature gets -0/-2' pumps and shrinks both, and a mode of a modal spell (`Charm` with \
`CharmNum$ 2`) acts on the targets of the other chosen mode too. An ability's own targets are \
`ThisTargetedCard`/`ThisTargetedPlayer`; the targets of the nearest ability before it are \
`ParentTarget`. The rule reports `Targeted` in an ability that targets itself, and in a mode whose \
chain and another mode both target the same kind; an ability without targets of its own after two \
targeting ones ('Destroy target creature and target land') is left alone, since taking every target \
is what it usually means. It is silent when the file is checked against Forge 2020. The fix \
(unsafe: read the card) writes the `ThisTargeted...` or `ParentTarget` word.",
    bad: "Name:Split Verdict\nManaCost:1 W B\nTypes:Sorcery\nA:SP$ Pump | Cost$ 1 W B | ValidTgts$ Creature | TgtPrompt$ Select target creature | NumAtt$ +2 | RememberObjects$ Targeted | SubAbility$ DBShrink | SpellDescription$ Target creature gets +2/+0 until end of turn. Target creature gets -0/-2 until end of turn.\nSVar:DBShrink:DB$ Pump | ValidTgts$ Creature | TgtPrompt$ Select another target creature | TargetUnique$ True | NumDef$ -2 | IsCurse$ True\nOracle:Target creature gets +2/+0 until end of turn. Target creature gets -0/-2 until end of turn.",
    good: "Name:Split Verdict\nManaCost:1 W B\nTypes:Sorcery\nA:SP$ Pump | Cost$ 1 W B | ValidTgts$ Creature | TgtPrompt$ Select target creature | NumAtt$ +2 | RememberObjects$ ThisTargetedCard | SubAbility$ DBShrink | SpellDescription$ Target creature gets +2/+0 until end of turn. Target creature gets -0/-2 until end of turn.\nSVar:DBShrink:DB$ Pump | ValidTgts$ Creature | TgtPrompt$ Select another target creature | TargetUnique$ True | NumDef$ -2 | IsCurse$ True\nOracle:Target creature gets +2/+0 until end of turn. Target creature gets -0/-2 until end of turn.",
    ..RuleMeta::BASE
};

/// What a target or a `Targeted` word stands for.
const CARD: u8 = 1;
const PLAYER: u8 = 2;
const SPELL: u8 = 4;

/// The `Targeted` words that take the targets of the whole chain upstream, and what of them.
fn use_kinds(value: &str) -> Option<u8> {
    Some(match value {
        "Targeted" => CARD | PLAYER | SPELL,
        "TargetedPlayer" => PLAYER,
        "TargetedCard" => CARD,
        "TargetedController" | "TargetedOwner" => CARD | SPELL,
        _ => return None,
    })
}

/// What a record targets (`ValidTgts$`), as kind bits.
fn target_kinds(rec: &RecordInfo<'_>) -> u8 {
    let Some(valid) = rec.param("ValidTgts") else {
        return 0;
    };
    if rec
        .param("TargetType")
        .is_some_and(|t| t.value.contains("Spell") || t.value.contains("Activated"))
    {
        return SPELL;
    }
    let mut kinds = 0;
    for item in valid.value.split(',') {
        let base = item.trim().split(['.', '+']).next().unwrap_or("");
        kinds |= match base {
            "" => 0,
            "Player" | "Opponent" | "You" => PLAYER,
            "Any" => CARD | PLAYER,
            _ => CARD,
        };
    }
    kinds
}

/// The name a message gives a record: its SVar name, or the line's key.
fn record_name(model: &Model<'_>, r: usize) -> String {
    match model.records[r].origin {
        Origin::Svar(s) => format!("`{}`", model.svars[s].name),
        Origin::Line(_) => "the `A:` ability".to_string(),
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    if checked_against_2020(ctx) {
        return;
    }
    let users = model.records.iter().any(|r| {
        r.role == Role::Ability
            && r.params
                .iter()
                .any(|p| p.key != "ValidTgts" && use_kinds(p.value.trim()).is_some())
    });
    if !users {
        return;
    }
    let chains = Chains::build(model);
    let kinds: Vec<u8> = model.records.iter().map(target_kinds).collect();
    for (r, rec) in model.records.iter().enumerate() {
        if rec.role != Role::Ability {
            continue;
        }
        for p in &rec.params {
            if !p.has_dollar || p.shadowed || p.key == "ValidTgts" {
                continue;
            }
            let value = p.value.trim();
            let Some(wanted) = use_kinds(value) else {
                continue;
            };
            let root = chains.root(r);
            // What `Targeted` meant here: this ability's targets, else the nearest ones before it.
            let mut meant = kinds[r] & wanted;
            let mut up = chains.parent[r];
            let mut steps = 0;
            while meant == 0 && steps <= model.records.len() {
                let Some(a) = up else { break };
                meant = kinds[a] & wanted;
                up = chains.parent[a];
                steps += 1;
            }
            if meant == 0 {
                continue;
            }
            // The other targeting abilities whose targets `Targeted` takes too.
            let others: Vec<usize> = match &chains.modes[root] {
                Some(modes) => modes
                    .iter()
                    .filter(|&&m| m != root)
                    .flat_map(|&m| chains.chain(m))
                    .filter(|&x| kinds[x] & meant != 0)
                    .collect(),
                // In one chain, only an ability with targets of its own is sure to mean them.
                None if kinds[r] & wanted != 0 => chains
                    .chain(root)
                    .into_iter()
                    .filter(|&x| x != r && kinds[x] & meant != 0)
                    .collect(),
                None => Vec::new(),
            };
            // Every one of them keeps its own targets the same way (`RememberObjects$ Targeted`
            // on each): taking them all here adds nothing.
            let same_everywhere = others.iter().all(|&x| {
                model.records[x]
                    .param(p.key)
                    .is_some_and(|q| q.value.trim() == value)
            });
            if others.is_empty() || same_everywhere {
                continue;
            }
            let own = kinds[r] & wanted;
            let word = if own != 0 {
                match (value, own) {
                    ("TargetedController", _) => Some("ThisTargetedController"),
                    (_, PLAYER) => Some("ThisTargetedPlayer"),
                    (_, CARD) if value != "TargetedOwner" => Some("ThisTargetedCard"),
                    _ => None,
                }
            } else {
                match value {
                    "TargetedController" => Some("ParentTargetedController"),
                    "Targeted" | "TargetedPlayer" | "TargetedCard" => Some("ParentTarget"),
                    _ => None,
                }
            };
            let other = others[0];
            let whose = if chains.modes[root].is_some() {
                "another chosen mode"
            } else {
                "another ability of the chain"
            };
            let d = sink.report(
                p.value_range,
                format!(
                    "upstream Forge resolves `{}$ {value}` to the targets of the whole chain, here also those of {} ({whose}): {}",
                    p.key,
                    record_name(model, other),
                    match word {
                        Some(w) => format!("`{w}` names only the ones meant here"),
                        None => "name only the ones meant here".to_string(),
                    }
                ),
            );
            let other_rec = &model.records[other];
            if let Some(v) = other_rec.param("ValidTgts") {
                d.with_related(Related::here(v.range, "the other target"));
            }
            if let Some(w) = word {
                d.with_fix(Fix::unsafe_(
                    format!("write `{w}`"),
                    vec![Edit::replace(p.value_range, w)],
                ));
            }
        }
    }
}
