use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::netrunner::{Ctx, decoded};
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::netrunner::vocab;
use syntax::netrunner::ast::{self, FieldKind};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "N100",
    name: "cost-prefix",
    dialect: Some(Dialect::NETRUNNER),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "An AutoAction alternative without a well-formed `A<n>B<n>G<n>T<0|1|2>:` cost.",
    explanation: "Each alternative of an AutoAction (the parts between `||`) starts with its cost: \
`A` clicks (classic: actions), `B` credits (classic: bits), `G` agenda points, `T` trash flag (`0` \
nothing, `1` trash the card as a cost, `2` once per turn), in that order, then `:`. The engine finds \
the cost with a pattern; a letter `O` for a zero, fields out of order, a missing digit or an \
alternative without a cost does not match, and the action cannot be used as written.",
    bad: "ScriptsLocal = '''\n=====\nRelay Clerk\n-----\nc0ffee00-0000-4000-8000-000000000110\n-----\n\n+++++\nAOB0G0T0:Gain1Credits\n.....\nENDSCRIPTS\n=====\n'''",
    good: "ScriptsLocal = '''\n=====\nRelay Clerk\n-----\nc0ffee00-0000-4000-8000-000000000110\n-----\n\n+++++\nA0B0G0T0:Gain1Credits\n.....\nENDSCRIPTS\n=====\n'''",
    ..RuleMeta::BASE
};

/// Whether a prefix is a well-formed cost.
pub(crate) fn is_cost(word: &str) -> bool {
    let b = word.as_bytes();
    let mut i = 0;
    for (n, letter) in [b'A', b'B', b'G', b'T'].into_iter().enumerate() {
        if b.get(i) != Some(&letter) {
            return false;
        }
        i += 1;
        let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 || n == 3 && !(digits == 1 && matches!(b[i], b'0' | b'1' | b'2')) {
            return false;
        }
        i += digits;
    }
    i == b.len()
}

/// Whether a prefix was meant as a cost (an `A` and cost letters and digits).
pub(crate) fn looks_like_cost(word: &str) -> bool {
    word.len() >= 4
        && word.starts_with('A')
        && word
            .bytes()
            .all(|c| matches!(c, b'A' | b'B' | b'G' | b'T' | b'O' | b'0'..=b'9'))
        && word
            .bytes()
            .filter(|c| matches!(c, b'B' | b'G' | b'T'))
            .count()
            >= 2
}

/// The cost as it was probably meant: `O` read as `0`, fields in order, missing digits as `0`.
fn repair(word: &str) -> Option<String> {
    let w = word.replace('O', "0");
    let mut fields = std::collections::HashMap::new();
    let b = w.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let letter = b[i];
        i += 1;
        let d = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        let digits = if d == 0 {
            "0".to_string()
        } else {
            w[i..i + d].to_string()
        };
        if fields.insert(letter, digits).is_some() {
            return None;
        }
        i += d;
    }
    let out: String = [b'A', b'B', b'G', b'T']
        .iter()
        .map(|l| Some(format!("{}{}", *l as char, fields.get(l)?)))
        .collect::<Option<Vec<_>>>()?
        .concat();
    (fields.len() == 4 && is_cost(&out)).then_some(out)
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for field in ctx.tree.fields() {
        if field.kind() != FieldKind::AutoAction {
            continue;
        }
        let Some(script) = field.script() else {
            continue;
        };
        let alternatives: Vec<ast::Alternative> = script.alternatives().collect();
        for (n, alt) in alternatives.iter().enumerate() {
            if alt.syntax().text().to_string().trim().is_empty() {
                continue;
            }
            match alt.prefix().and_then(|p| p.word()) {
                Some(word) => {
                    let text = decoded(word.text());
                    if is_cost(&text) {
                        continue;
                    }
                    if !looks_like_cost(&text) {
                        // A trigger here is `field-mixup`'s.
                        if vocab::triggers().get_ignore_case(&text).is_some() {
                            continue;
                        }
                    }
                    let d = sink.report(
                        word.text_range(),
                        format!(
                            "`{text}` is not a cost: write `A<clicks>B<credits>G<agenda points>T<0|1|2>` in that order; the engine cannot read this action's cost"
                        ),
                    );
                    if let Some(fixed) = repair(&text) {
                        d.with_fix(Fix::unsafe_(
                            format!("write `{fixed}`"),
                            vec![Edit::replace(word.text_range(), fixed)],
                        ));
                    }
                }
                None => {
                    let message = if n == 0 {
                        "this AutoAction has no cost prefix (`A0B0G0T0:`): the engine cannot read it as an action".to_string()
                    } else {
                        format!(
                            "alternative {} of this AutoAction has no cost prefix: every alternative needs its own `A<n>B<n>G<n>T<n>:`",
                            n + 1
                        )
                    };
                    let at = alt.range().start();
                    sink.report(alt.range(), message).with_fix(Fix::unsafe_(
                        "give it a cost of nothing, `A0B0G0T0:`",
                        vec![Edit::insert(at, "A0B0G0T0:")],
                    ));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costs() {
        assert!(is_cost("A0B0G0T0") && is_cost("A1B10G0T2"));
        assert!(
            !is_cost("AOB0G0T0")
                && !is_cost("A0B1T0G0")
                && !is_cost("A0B0G0T")
                && !is_cost("A0B0G0T3")
        );
        assert_eq!(repair("AOB0G0T0").as_deref(), Some("A0B0G0T0"));
        assert_eq!(repair("A0B1T0G0").as_deref(), Some("A0B1G0T0"));
        assert_eq!(repair("A0B0G0T").as_deref(), Some("A0B0G0T0"));
        assert!(looks_like_cost("AOB0G0T0") && !looks_like_cost("atTurnStart"));
    }
}
