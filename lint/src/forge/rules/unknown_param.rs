//! F117: a parameter that the record's readers do not read.

use super::scope::{ParamClass, where_read};
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::facts::FactKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F117",
    name: "unknown-param",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A parameter that the ApiType, trigger mode, static mode or replacement event of its record does not read.",
    explanation: "Forge stores every `Key$ Value` piece and each effect reads only the keys it knows: a key \
it does not read is silently ignored. Often that is harmless (a trigger key such as `Static$` pasted into \
an ability), sometimes it is the very thing the card needed (`Player$` instead of `ValidPlayer$` on a \
`Phase` trigger, so it fires on every player's turn). Keys read by nothing at all that are near misses of \
a key the record reads are reported by `misspelt-param` instead.",
    bad: "Name:Tidal Insight\nManaCost:1 U\nTypes:Sorcery\nA:SP$ Draw | Cost$ 1 U | NumCards$ 2 | Static$ True | SpellDescription$ Draw two cards.",
    good: "Name:Tidal Insight\nManaCost:1 U\nTypes:Sorcery\nA:SP$ Draw | Cost$ 1 U | NumCards$ 2 | SpellDescription$ Draw two cards.",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let classes = ctx.classes();
    for (ri, rec) in ctx.model.records.iter().enumerate() {
        let Some(scopes) = &classes.scopes[ri] else {
            continue;
        };
        for (pi, p) in rec.params.iter().enumerate() {
            if !matches!(classes.params[ri][pi], ParamClass::Unknown) {
                continue;
            }
            let key = p.key;
            let message = if ctx.vocab.params().read_anywhere(key) {
                let versions =
                    ctx.version_clause(FactKind::Param, &format!("{}\t{key}", scopes.scope_key()));
                match where_read(ctx.vocab, key) {
                    Some(w) => format!(
                        "Forge ignores `{key}$` here: {} do not read it ({w}){versions}",
                        scopes.what()
                    ),
                    None => format!(
                        "Forge ignores `{key}$` here: {} do not read it{versions}",
                        scopes.what()
                    ),
                }
            } else {
                format!(
                    "Forge ignores `{key}$`: no part of Forge reads a parameter of that name{}",
                    ctx.version_clause(FactKind::Param, &format!("*\t{key}"))
                )
            };
            sink.report(p.key_range, message);
        }
    }
}
