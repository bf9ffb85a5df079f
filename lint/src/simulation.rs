//! The rules of the simulation (`cardlint simulate`, `cardlint check --simulate`): what the
//! headless engine finds when it plays each card. Codes `G1xx`. The checks themselves are in the
//! `engine` crate; this registry gives every kind of runtime failure a stable code and its
//! documentation, so that its findings print and filter like any other diagnostic.
//!
//! The examples need the engine, so they start with `# workspace example` (the linter-only
//! example test skips them) and the engine's tests prove them.

use crate::diagnostic::Severity;
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, Pass, RuleMeta};

pub static INTERNAL_ERROR: RuleMeta = RuleMeta {
    code: "G100",
    name: "internal-error",
    dialect: None,
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "cardlint itself failed on this file or card (a bug in cardlint, not necessarily in the file).",
    explanation: "When cardlint panics while it parses, lints or plays one file (or one card of a Wagic \
file), that file is skipped, the run goes on with the others, and this diagnostic marks it, with the \
panic's message, so that the problem can be reported to cardlint. The language server does the same \
for an open document (until its next edit) and goes on serving the others. The file may well be right; nothing \
about it (or about the card) was checked. It is an error so that a run never passes without checking \
everything; it is reported even under `--select`, unless ignored by its code or name.",
    bad: "# workspace example\n# (any card on which cardlint fails)\nName:Crash Test\nTypes:Creature\nPT:1/1",
    good: "# workspace example\nName:Crash Test\nTypes:Creature\nPT:1/1",
    pass: Pass::Simulation,
    ..RuleMeta::BASE
};

pub static NOT_SIMULATED: RuleMeta = RuleMeta {
    code: "G101",
    name: "not-simulated",
    dialect: None,
    group: Group::Suspicious,
    severity: Severity::Info,
    fix: FixAvailability::None,
    summary: "Part of the card uses something the engine cannot simulate yet.",
    explanation: "The engine plays the effects it knows and reports the others with this note: that part \
of the card was not played, so runtime failures in it cannot be found. This says nothing about whether the \
card is right.",
    bad: "# workspace example\nName:Strength Swap\nManaCost:1 U\nTypes:Instant\nA:SP$ ExchangePower | Cost$ 1 U | ValidTgts$ Creature | TargetMin$ 2 | TargetMax$ 2",
    good: "# workspace example\nName:Quick Study\nManaCost:U\nTypes:Sorcery\nA:SP$ Draw | Cost$ U | NumCards$ 1",
    pass: Pass::Simulation,
    ..RuleMeta::BASE
};

pub static STEP_BUDGET: RuleMeta = RuleMeta {
    code: "G102",
    name: "step-budget-exceeded",
    dialect: None,
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "Playing the card did not finish within the step budget: something loops.",
    explanation: "The engine stops a card after a fixed number of steps. A card that reaches the limit \
usually has an effect that keeps triggering itself, or a repeat without an end; in the real engine the game \
hangs or the stack never empties.",
    bad: "# workspace example\n[card]\nname=Echo Loop\ntype=Enchantment\nauto=@tapped(*):untap all(creature)\nauto=@untapped(*):tap all(creature)\n[/card]",
    good: "# workspace example\n[card]\nname=Echo Loop\ntype=Enchantment\nauto=@tapped(creature|mybattlefield):life:1\n[/card]",
    pass: Pass::Simulation,
    ..RuleMeta::BASE
};

pub static NO_LEGAL_TARGET: RuleMeta = RuleMeta {
    code: "G103",
    name: "no-legal-target",
    dialect: None,
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "No object in any game can be this target, so the spell or ability can never be used.",
    explanation: "The engine looks for a legal target among the objects of a seeded game and, failing \
that, among every card of the pool. A target that nothing can satisfy (a type no card has, a list the \
engine's target chooser rejects) makes Forge and Wagic refuse to cast the spell or activate the ability, \
silently.",
    bad: "# workspace example\nName:Aim Wide\nManaCost:R\nTypes:Instant\nA:SP$ DealDamage | Cost$ R | ValidTgts$ Creture | NumDmg$ 2",
    good: "# workspace example\nName:Aim Wide\nManaCost:R\nTypes:Instant\nA:SP$ DealDamage | Cost$ R | ValidTgts$ Creature | NumDmg$ 2",
    pass: Pass::Simulation,
    ..RuleMeta::BASE
};

pub static UNPAYABLE_COST: RuleMeta = RuleMeta {
    code: "G104",
    name: "unpayable-cost",
    dialect: None,
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A cost no object can pay, so the ability can never be activated.",
    explanation: "Costs such as `Sac<1/...>`, `Discard<1/...>` or Wagic's `{s(...)}` need an object of \
the given kind. When no card can be that kind, the engine never lets the ability be activated.",
    bad: "# workspace example\nName:Grim Offering\nManaCost:B\nTypes:Enchantment\nA:AB$ Draw | Cost$ Sac<1/Creture> | NumCards$ 2",
    good: "# workspace example\nName:Grim Offering\nManaCost:B\nTypes:Enchantment\nA:AB$ Draw | Cost$ Sac<1/Creature> | NumCards$ 2",
    pass: Pass::Simulation,
    ..RuleMeta::BASE
};

pub static DEFINED_NOTHING: RuleMeta = RuleMeta {
    code: "G105",
    name: "defined-resolves-to-nothing",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A `Defined$`-style reference that resolves to no object when the ability runs.",
    explanation: "`Defined$ Targeted` needs an ability of the chain with targets, `Triggered<Key>` needs \
a trigger whose mode provides that object, `Remembered` needs something that remembers, `Enchanted` an \
Aura. Otherwise Forge resolves the reference to nothing and the effect does nothing, without a word.",
    bad: "# workspace example\nName:Lost Aim\nManaCost:1 R\nTypes:Sorcery\nA:SP$ DealDamage | Cost$ 1 R | Defined$ Targeted | NumDmg$ 3",
    good: "# workspace example\nName:Lost Aim\nManaCost:1 R\nTypes:Sorcery\nA:SP$ DealDamage | Cost$ 1 R | ValidTgts$ Creature | NumDmg$ 3",
    pass: Pass::Simulation,
    ..RuleMeta::BASE
};

pub static CHAIN_LOOP: RuleMeta = RuleMeta {
    code: "G106",
    name: "ability-chain-loop",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A SubAbility chain that leads back to one of its own abilities.",
    explanation: "Forge builds an ability's chain by following `SubAbility$` (and the branch keys) \
recursively, without checking for cycles. A chain that comes back to an ability already in it never ends: \
the card cannot be built or its resolution never finishes.",
    bad: "# workspace example\nName:Endless Echo\nManaCost:U\nTypes:Instant\nA:SP$ Draw | Cost$ U | NumCards$ 1 | SubAbility$ DBAgain\nSVar:DBAgain:DB$ Scry | ScryNum$ 1 | SubAbility$ DBAgain",
    good: "# workspace example\nName:Endless Echo\nManaCost:U\nTypes:Instant\nA:SP$ Draw | Cost$ U | NumCards$ 1 | SubAbility$ DBAgain\nSVar:DBAgain:DB$ Scry | ScryNum$ 1",
    pass: Pass::Simulation,
    ..RuleMeta::BASE
};

pub static COUNT_UNEVALUABLE: RuleMeta = RuleMeta {
    code: "G107",
    name: "amount-not-evaluable",
    dialect: None,
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "An amount the engine cannot evaluate, so it counts as 0.",
    explanation: "Forge evaluates amounts through SVars and `Count$` words; Wagic through its parsed \
integers. A missing SVar, a `Count$` word Forge does not know, or a Wagic variable it does not know all \
evaluate to 0 without a message: the damage, life or cards of the effect are lost.",
    bad: "# workspace example\nName:Counted Blast\nManaCost:R\nTypes:Instant\nA:SP$ DealDamage | Cost$ R | ValidTgts$ Any | NumDmg$ X\nSVar:X:Count$YourLifeTotl",
    good: "# workspace example\nName:Counted Blast\nManaCost:R\nTypes:Instant\nA:SP$ DealDamage | Cost$ R | ValidTgts$ Any | NumDmg$ X\nSVar:X:Count$YourLifeTotal",
    pass: Pass::Simulation,
    ..RuleMeta::BASE
};

pub static MISSING_PARAM: RuleMeta = RuleMeta {
    code: "G108",
    name: "effect-missing-parameter",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "An effect lacks a parameter it needs to do anything.",
    explanation: "Some effects cannot work without a parameter: `PutCounter` needs `CounterType$`, \
`Mana` needs `Produced$`, `ChangeZone` a `Destination$`, `DealDamage` a `NumDmg$`... Without it Forge \
fails when the ability resolves, or the amount is 0.",
    bad: "# workspace example\nName:Growth Rune\nManaCost:G\nTypes:Instant\nA:SP$ PutCounter | Cost$ G | ValidTgts$ Creature | CounterNum$ 2",
    good: "# workspace example\nName:Growth Rune\nManaCost:G\nTypes:Instant\nA:SP$ PutCounter | Cost$ G | ValidTgts$ Creature | CounterType$ P1P1 | CounterNum$ 2",
    pass: Pass::Simulation,
    ..RuleMeta::BASE
};

pub static EXECUTE_NOT_ABILITY: RuleMeta = RuleMeta {
    code: "G109",
    name: "execute-not-ability",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A trigger whose `Execute$` SVar is missing or is not an ability.",
    explanation: "When a trigger fires, Forge runs the ability its `Execute$` names. If that SVar does \
not exist on the face, or holds something other than an ability record (`DB$ ...`), the trigger does \
nothing; Forge only logs a warning when it fires.",
    bad: "# workspace example\nName:Silent Herald\nManaCost:1 W\nTypes:Creature\nPT:2/2\nT:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigLife\nSVar:TrigLife:Count$YourLifeTotal",
    good: "# workspace example\nName:Silent Herald\nManaCost:1 W\nTypes:Creature\nPT:2/2\nT:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigLife\nSVar:TrigLife:DB$ GainLife | LifeAmount$ 2",
    pass: Pass::Simulation,
    ..RuleMeta::BASE
};

pub static TOKEN_NOT_FOUND: RuleMeta = RuleMeta {
    code: "G110",
    name: "token-not-found",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A token made from a card id or name that no card of the pool has: no token is created.",
    explanation: "`token(<id>)` and `token(<name>)` copy a card of the collection. When no card has that \
id or name, Wagic creates nothing (an id it cannot find gives an error token). The check needs the whole \
pool, primitives and set files.",
    bad: "# workspace example\n[card]\nname=Lost Summoner\ntype=Sorcery\nauto=token(Imaginary Beast)\n[/card]",
    good: "# workspace example\n[card]\nname=Lost Summoner\ntype=Sorcery\nauto=token(Beast,creature beast,3/3,green)\n[/card]",
    pass: Pass::Simulation,
    ..RuleMeta::BASE
};

pub static UNKNOWN_ZONE: RuleMeta = RuleMeta {
    code: "G111",
    name: "move-to-unknown-zone",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "`moveto(...)` names a zone the engine does not know, so the card does not move.",
    explanation: "When the effect resolves, Wagic looks the zone name up; an unknown name (a typo such as \
`mygraveyrd`) moves nothing, silently.",
    bad: "# workspace example\n[card]\nname=Lost Return\ntype=Sorcery\ntarget=creature\nauto=moveto(ownerhandd)\n[/card]",
    good: "# workspace example\n[card]\nname=Lost Return\ntype=Sorcery\ntarget=creature\nauto=moveto(ownerhand)\n[/card]",
    pass: Pass::Simulation,
    ..RuleMeta::BASE
};

pub static TEXT_MISMATCH: RuleMeta = RuleMeta {
    code: "G112",
    name: "play-contradicts-text",
    dialect: None,
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A plain sentence of the rules text (`draw two cards`, `each opponent loses 2 life`, `exile target creature`, `you may ...`) that the card's play contradicts.",
    explanation: "The engine logs what each play did (cards moved and where, life gained and lost per \
player, damage dealt and to whom, cards drawn, discarded and milled per player, counters, tokens, \
optional choices offered) and holds the \
log against the text of the ability played: Forge's `SpellDescription$`/`TriggerDescription$` (the \
`Oracle:` of a one-ability instant or sorcery without one), Wagic's `text=` of an instant or sorcery \
and the `When ~ enters the battlefield` sentences of a permanent (the finding goes on the one `auto=` \
line that acts as the card is cast, else on `text=`). Only unambiguous sentences are read: `draw N \
cards`, `(target|each) opponent discards N cards`, `mill N cards` (and `put the top N cards of your \
library into your graveyard`), `you gain N life`, `(target|each) opponent loses N life`, `~ deals N \
damage to ...`, `create N P/T ... tokens`, `put N +1/+1 counters on ...`, `destroy target ...` (when the \
text names no other destination), `exile ...`, `return ... to its owner's hand` (with the \
zone it names: `from your graveyard`, `of your library`), and, for Forge triggers, `you may <verb>`; \
`A, then B` is read as two clauses; numbers as printed (`a`, `one`..`ten`, digits); a sentence with \
`X`, `for each`, `if`, `unless`, `instead`, `or`... is skipped. Where the engine lets the player choose \
(a target player, the creature an Aura enchants), the play takes the opponent's side first, so a \
`draw a card` that follows the target is seen making the opponent draw. An amount written as a literal \
in the ability is the static rules' (F171, W138): here an amount is compared only when the engine \
computed it (an SVar, a variable). What it finds is a wrong player (`each opponent` but the controller \
lost the life or discarded; `draw two cards` on a Forge ability that targets a player; a Wagic `draw:1` \
or `life:N` that follows the spell's target), a wrong zone (`exile` but the card went to the graveyard; \
`destroy` but it was exiled or returned to a hand; `from your \
graveyard` but the script's target is on the battlefield), an optional effect that is mandatory (`you \
may` with no `OptionalDecider$`), or an amount through an SVar that says otherwise.",
    bad: "# workspace example\nName:Quick Study\nManaCost:2 U\nTypes:Instant\nA:SP$ Draw | Cost$ 2 U | NumCards$ X | SpellDescription$ Draw two cards.\nSVar:X:Number$3\nOracle:Draw two cards.",
    good: "# workspace example\nName:Quick Study\nManaCost:2 U\nTypes:Instant\nA:SP$ Draw | Cost$ 2 U | NumCards$ X | SpellDescription$ Draw two cards.\nSVar:X:Number$2\nOracle:Draw two cards.",
    pass: Pass::Simulation,
    ..RuleMeta::BASE
};

/// The simulation's rules, in code order.
pub static RULES: &[&RuleMeta] = &[
    &INTERNAL_ERROR,
    &NOT_SIMULATED,
    &STEP_BUDGET,
    &NO_LEGAL_TARGET,
    &UNPAYABLE_COST,
    &DEFINED_NOTHING,
    &CHAIN_LOOP,
    &COUNT_UNEVALUABLE,
    &MISSING_PARAM,
    &EXECUTE_NOT_ABILITY,
    &TOKEN_NOT_FOUND,
    &UNKNOWN_ZONE,
    &TEXT_MISMATCH,
];

/// Adds a file's simulation findings to its lint findings, except those on exactly the text a
/// lint finding covers: the same mistake seen twice (an `Execute$` naming no SVar, say), where
/// the lint's finding says it first, with its fix.
pub fn add_to_lint(
    lint: &mut Vec<crate::Diagnostic>,
    simulation: impl IntoIterator<Item = crate::Diagnostic>,
) {
    let seen: std::collections::HashSet<_> = lint.iter().map(|d| d.range).collect();
    lint.extend(simulation.into_iter().filter(|d| !seen.contains(&d.range)));
}
