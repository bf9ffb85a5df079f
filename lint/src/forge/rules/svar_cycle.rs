//! F138: a `SubAbility$` chain that leads back to itself.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::Origin;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F138",
    name: "svar-cycle",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A `SubAbility$` chain that returns to an SVar already in the chain.",
    explanation: "Forge builds sub-ability chains recursively when it builds the card and does not check \
for cycles: a chain that leads back to one of its own records recurses until the stack overflows, and \
the card cannot be built. Repeat effects have their own keys (`RepeatSubAbility$`).",
    bad: "Name:Endless Echo\nManaCost:1 U\nTypes:Sorcery\nA:SP$ Draw | Cost$ 1 U | NumCards$ 1 | SubAbility$ DBScry | SpellDescription$ Draw a card, then scry 1.\nSVar:DBScry:DB$ Scry | ScryNum$ 1 | SubAbility$ DBAgain\nSVar:DBAgain:DB$ Draw | NumCards$ 1 | SubAbility$ DBScry",
    good: "Name:Endless Echo\nManaCost:1 U\nTypes:Sorcery\nA:SP$ Draw | Cost$ 1 U | NumCards$ 1 | SubAbility$ DBScry | SpellDescription$ Draw a card, then scry 1.\nSVar:DBScry:DB$ Scry | ScryNum$ 1",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    // The SubAbility$ edge out of each SVar: (target SVar, reference index).
    let mut next: Vec<Option<(usize, usize)>> = vec![None; model.svars.len()];
    let mut path: Vec<usize> = Vec::new();
    for (ri, r) in model.refs.iter().enumerate() {
        if r.shadowed || !r.from.eq_ignore_ascii_case("SubAbility") {
            continue;
        }
        let Some(Origin::Svar(from)) = r.record.map(|i| model.records[i].origin) else {
            continue;
        };
        if let Some(target) = model.resolve(r.face, r.name) {
            next[from] = Some((target, ri));
        }
    }
    // Each SVar has at most one SubAbility edge: walk the functional graph, colouring nodes.
    let mut state = vec![0u8; model.svars.len()]; // 0 new, 1 on the current path, 2 done
    for start in 0..model.svars.len() {
        if state[start] != 0 {
            continue;
        }
        path.clear();
        let mut node = start;
        loop {
            if state[node] == 1 {
                // A cycle: report at the reference that closes it (out of the last node).
                if let Some((_, ri)) = path.last().and_then(|&n| next[n]) {
                    let r: &model::forge::script::SvarRef<'_> = &model.refs[ri];
                    sink.report(
                        r.range,
                        format!("this `SubAbility$` leads back to `{}`: the chain never ends and Forge cannot build the card", r.name),
                    );
                }
                break;
            }
            if state[node] == 2 {
                break;
            }
            state[node] = 1;
            path.push(node);
            match next[node] {
                Some((target, _)) => node = target,
                None => break,
            }
        }
        for &n in &path {
            state[n] = 2;
        }
    }
}
