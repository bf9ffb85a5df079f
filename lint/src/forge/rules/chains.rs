//! The ability chains of a face (each ability's parent and next through `SubAbility$`, the
//! modes of a modal ability), shared by the rules that read what runs after what.

use crate::forge::Ctx;
use model::forge::script::{Model, Role};

/// Whether the file is checked against Forge 2020 alone (by its shipped vocabulary or its source):
/// the engine whose `Targeted` takes the nearest targets and whose effects do not compare a card's
/// timestamp.
pub(crate) fn checked_against_2020(ctx: &Ctx<'_>) -> bool {
    use model::forge::vocab::{Origin as VocabOrigin, Version};
    match &ctx.vocab.origin {
        VocabOrigin::Shipped(v) => *v == Version::V2020,
        VocabOrigin::Source { digest, .. } => {
            model::forge::versions::shipped_source_digest(Version::V2020) == Some(*digest)
        }
        VocabOrigin::AnyVersion => false,
    }
}

/// The ability chains of one face: each ability record's parent (through `SubAbility$`).
pub(crate) struct Chains {
    /// Record index → the record whose `SubAbility$` names it.
    pub(crate) parent: Vec<Option<usize>>,
    /// Record index → the next record of its chain.
    pub(crate) next: Vec<Option<usize>>,
    /// Record index of a chain's root → the sibling modes of a modal ability that can choose
    /// several modes (`Charm` with `CharmNum$` above one), when the root is one of them.
    pub(crate) modes: Vec<Option<Vec<usize>>>,
}

pub(crate) fn record_of(model: &Model<'_>, face: usize, name: &str) -> Option<usize> {
    model
        .resolve(face, name.trim())
        .and_then(|s| model.svars[s].record)
        .filter(|&r| model.records[r].role == Role::Ability)
}

impl Chains {
    pub(crate) fn build(model: &Model<'_>) -> Chains {
        let n = model.records.len();
        let mut parent = vec![None; n];
        let mut next = vec![None; n];
        let mut modes = vec![None; n];
        for (i, rec) in model.records.iter().enumerate() {
            if rec.role != Role::Ability {
                continue;
            }
            if let Some(j) = rec
                .param("SubAbility")
                .and_then(|sub| record_of(model, rec.face, sub.value))
                .filter(|&j| j != i && parent[j].is_none())
            {
                parent[j] = Some(i);
                next[i] = Some(j);
            }
            if rec.kind_value.eq_ignore_ascii_case("Charm") {
                let several = rec
                    .param("CharmNum")
                    .is_some_and(|p| p.value.trim().parse::<u32>().map_or(true, |k| k > 1));
                if !several {
                    continue;
                }
                let choices: Vec<usize> = rec
                    .param("Choices")
                    .map(|p| {
                        p.value
                            .split(',')
                            .filter_map(|c| record_of(model, rec.face, c))
                            .collect()
                    })
                    .unwrap_or_default();
                for &c in &choices {
                    modes[c] = Some(choices.clone());
                }
            }
        }
        Chains {
            parent,
            next,
            modes,
        }
    }

    pub(crate) fn root(&self, mut r: usize) -> usize {
        let mut steps = 0;
        while let Some(p) = self.parent[r] {
            r = p;
            steps += 1;
            if steps > self.parent.len() {
                break;
            }
        }
        r
    }

    pub(crate) fn chain(&self, root: usize) -> Vec<usize> {
        let mut out = vec![root];
        let mut r = root;
        while let Some(n) = self.next[r] {
            if out.contains(&n) {
                break;
            }
            out.push(n);
            r = n;
        }
        out
    }
}
