//! F190: a name only one Forge version knows (2020 fork or upstream), or one renamed upstream.

use super::key_text;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::Version;
use model::forge::script::Role;
use model::forge::vocab::{Versions, Word};
use syntax::TextRange;
use syntax::forge::ast::CostItem;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F190",
    name: "version-specific-name",
    dialect: Some(Dialect::FORGE),
    group: Group::Compatibility,
    severity: Severity::Hint,
    fix: FixAvailability::Sometimes,
    summary: "A line key, ApiType, mode, event, zone, keyword, counter, cost part or layout that only the 2020 Forge or only upstream Forge knows.",
    explanation: "cardlint accepts both the 2020 Forge vocabulary and the current upstream one. A name \
that only one of them knows works there and is ignored or rejected by the other: `AI:` lines are upstream \
only, `FlipACoin` was renamed `FlipCoin`, the `ETBTapped` static mode and `Hideaway` without an amount \
are 2020 forms. Switch this hint off (`--ignore F190`) when you target one version only.",
    bad: "Name:Lucky Charm\nManaCost:1\nTypes:Artifact\nA:AB$ FlipACoin | Cost$ 1 T | WinSubAbility$ DBDraw | SpellDescription$ Flip a coin. If you win the flip, draw a card.\nSVar:DBDraw:DB$ Draw | NumCards$ 1",
    good: "Name:Lucky Charm\nManaCost:1\nTypes:Artifact\nA:AB$ Draw | Cost$ 1 T | NumCards$ 1 | SpellDescription$ Draw a card.",
    ..RuleMeta::BASE
};

fn report(sink: &mut Sink<'_>, range: TextRange, what: &str, word: &Word) {
    if !word.status.is_version_specific() {
        return;
    }
    // The versions whose facts hold the word, when they say more than the curated status (a
    // word today's Forge dropped may still be read by the 2022 engine).
    let known = if word.versions.is_empty() || word.versions == Versions::ALL {
        word.status.known_by().to_string()
    } else if word.versions.has(Version::Latest) {
        format!("only {}", word.versions.describe())
    } else {
        format!(
            "only {}; today's Forge no longer reads it",
            word.versions.describe()
        )
    };
    let d = sink.report(
        range,
        format!("the {what} `{}` is known to {known}", word.name),
    );
    if let Some(new) = word.renamed {
        d.with_note(format!("upstream Forge renamed it `{new}`"));
        d.with_fix(Fix::unsafe_(
            format!("use the upstream name `{new}`"),
            vec![Edit::replace(range, new)],
        ));
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    // Checked against one Forge version, a name is known or unknown to it (the unknown-name
    // rules say which versions read it); the hint is for the every-version default.
    if ctx.vocab.is_one_version() {
        return;
    }
    let model = &ctx.model;
    for info in &model.lines {
        let key = key_text(model, info);
        if let (Some(range), Some(k)) = (info.key, info.known_key) {
            report(sink, range, "line key", &k.word);
        }
        if key == "AlternateMode" {
            let range = info.value;
            let value = model.slice(range).trim();
            if ["Adventure", "Modal", "Omen", "Prepare", "Specialize"]
                .iter()
                .any(|m| m.eq_ignore_ascii_case(value))
            {
                sink.report(
                    range,
                    format!("the layout `{value}` is known to only upstream Forge (after 2020)"),
                );
            }
        }
    }
    for kw in &model.keywords {
        if let Some(&range) = kw.pieces.first()
            && let Some(m) = ctx.vocab.keywords().find(model.slice(range).trim())
        {
            report(sink, range, "keyword", &m.keyword.word);
        }
    }
    for rec in &model.records {
        if let Some(kp) = rec.kind_param {
            let range = rec.params[kp].value_range;
            let value = rec.kind_value;
            let found = match rec.role {
                Role::Ability => ctx
                    .vocab
                    .api_types()
                    .get_ignore_case(value)
                    .map(|w| ("ApiType", w)),
                Role::Trigger => ctx
                    .vocab
                    .trigger_modes()
                    .get_ignore_case(value)
                    .map(|w| ("trigger mode", w)),
                Role::Static => ctx
                    .vocab
                    .static_modes()
                    .get_ignore_case(value)
                    .map(|w| ("static mode", w)),
                Role::Replacement => ctx
                    .vocab
                    .replacement_events()
                    .get_ignore_case(value)
                    .map(|w| ("replacement event", w)),
                _ => None,
            };
            if let Some((what, word)) = found {
                report(sink, range, what, word);
            }
        }
        for p in &rec.params {
            let Some(cost) = model.cost(rec, p) else {
                continue;
            };
            for item in cost.items() {
                let range = match &item {
                    CostItem::Part(part) => match part.name() {
                        Some(t) => t.text_range(),
                        None => continue,
                    },
                    CostItem::Word(t) => t.text_range(),
                };
                if let Some(part) = ctx.vocab.cost_part(model.slice(range)) {
                    report(sink, range, "cost part", &part.word);
                }
            }
        }
    }
    for found in ctx.zones() {
        if let Some(w) = ctx.vocab.zones().get_ignore_case(found.word) {
            report(sink, found.range, "zone", w);
        }
    }
    for found in ctx.counters() {
        if let Some(c) = ctx.vocab.counter_type(found.word) {
            report(sink, found.range, "counter type", &c.word);
        }
    }
}
