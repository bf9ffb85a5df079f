//! F163: a `Triggered<Key>` object that the trigger modes running the ability do not provide.

use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::Vocabulary;
use model::forge::script::{Model, Origin, RefKind, Role};
use std::collections::HashMap;
use syntax::forge::SyntaxKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F163",
    name: "trigger-object-not-provided",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "`TriggeredCard`, `TriggeredTarget`, `Count$TriggeredX`... under a trigger mode that does not provide that object (singular and plural included).",
    explanation: "Each trigger mode hands its ability a fixed set of objects: `Mode$ ChangesZone` provides \
`TriggeredCard`, `Mode$ ChangesZoneAll` provides `TriggeredCards`, `Mode$ Attacks` provides \
`TriggeredAttacker` and `TriggeredDefender`... (the list is the file's Forge version's, read from the \
engine's trigger classes). Any other `Triggered<Key>` resolves to nothing: the effect acts on nothing and \
a count is 0. The rule follows `Execute$` and `SubAbility$` chains (and the `Mode$` of delayed triggers) \
and reports only when every trigger that runs the ability is known and none provides the object. When \
the mode provides the singular or plural form instead (`TriggeredCard` for `TriggeredCards`), the fix \
uses it.",
    bad: "Name:Grave Chorus\nManaCost:2 B\nTypes:Creature Zombie\nPT:2/2\nT:Mode$ ChangesZoneAll | ValidCards$ Creature.YouCtrl | Origin$ Battlefield | Destination$ Graveyard | Execute$ TrigPump | TriggerZones$ Battlefield | TriggerDescription$ Whenever one or more creatures you control die, put a +1/+1 counter on each of them.\nSVar:TrigPump:DB$ PutCounter | Defined$ TriggeredCard | CounterType$ P1P1 | CounterNum$ 1",
    good: "Name:Grave Chorus\nManaCost:2 B\nTypes:Creature Zombie\nPT:2/2\nT:Mode$ ChangesZoneAll | ValidCards$ Creature.YouCtrl | Origin$ Battlefield | Destination$ Graveyard | Execute$ TrigPump | TriggerZones$ Battlefield | TriggerDescription$ Whenever one or more creatures you control die, put a +1/+1 counter on each of them.\nSVar:TrigPump:DB$ PutCounter | Defined$ TriggeredCards | CounterType$ P1P1 | CounterNum$ 1",
    ..RuleMeta::BASE
};

/// Words the engine reads by their whole literal rather than as `Triggered` + a key.
const SPECIAL: &[&str] = &[
    "TriggeredSpellManaCost",
    "TriggeredManaCostDevotion",
    "TriggeredPayingMana",
    "TriggeredManaSpent",
];

/// Suffixes the engine strips from `Triggered<Key>` (players of an object, last known copies)
/// after which a trailing `s` is read as a plural key.
const SUFFIXES: &[&str] = &[
    "",
    "LKICopy",
    "Controller",
    "Owner",
    "Opponent",
    "Opponents",
    "AndYou",
];

/// Every `Triggered<Key>` word of a value, as byte spans.
pub(crate) fn triggered_words(value: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut search = 0;
    while let Some(i) = model::search::find(&value[search..], "Triggered") {
        let start = search + i;
        let before_ok = start == 0 || !value.as_bytes()[start - 1].is_ascii_alphanumeric();
        let end = start
            + value[start..]
                .bytes()
                .take_while(|b| b.is_ascii_alphanumeric())
                .count();
        let after = &value[start + "Triggered".len()..end];
        if before_ok && after.starts_with(|c: char| c.is_ascii_uppercase()) {
            out.push((start, end));
        }
        search = end.max(start + 1);
    }
    out
}

/// Under which trigger modes each SVar's ability runs: `None` when something other than a trigger
/// of a known mode reaches it (an `A:` line, a static, a replacement, a keyword, an unknown
/// trigger), so that nothing can be said.
fn contexts<'a>(model: &Model<'a>, vocab: &Vocabulary) -> Vec<Option<Vec<&'a str>>> {
    let n = model.svars.len();
    let mut modes: Vec<Option<Vec<&'a str>>> = vec![Some(Vec::new()); n];
    let mut seen: Vec<bool> = vec![false; n];
    // Refs by the record they are written in.
    let mut by_record: HashMap<usize, Vec<usize>> = HashMap::new();
    for (i, r) in model.refs.iter().enumerate() {
        if let Some(rec) = r.record {
            by_record.entry(rec).or_default().push(i);
        }
    }
    // (svar, context): `Some(mode)` or `None` (not a known trigger).
    let mut stack: Vec<(usize, Option<&'a str>)> = Vec::new();
    let push_refs =
        |stack: &mut Vec<(usize, Option<&'a str>)>, rec_index: usize, here: Option<&'a str>| {
            let rec = &model.records[rec_index];
            for &ri in by_record.get(&rec_index).map(Vec::as_slice).unwrap_or(&[]) {
                let r = &model.refs[ri];
                if r.shadowed {
                    continue;
                }
                let Some(target) = model.resolve(r.face, r.name) else {
                    continue;
                };
                let ctx = match (rec.role, r.kind) {
                    (Role::Trigger, RefKind::Ability) if r.from.eq_ignore_ascii_case("Execute") => {
                        rec.param("Mode").map(|p| p.value.trim())
                    }
                    (Role::Ability, RefKind::Ability | RefKind::Amount)
                        if r.from.eq_ignore_ascii_case("Execute") =>
                    {
                        // A delayed trigger runs its `Execute$` under its own `Mode$`.
                        // With `CopyTriggeringObjects$` it also keeps the objects of the trigger that
                        // made it: nothing can be said.
                        if rec.kind_value.eq_ignore_ascii_case("DelayedTrigger")
                            && rec.param("CopyTriggeringObjects").is_none()
                        {
                            rec.param("Mode").map(|p| p.value.trim())
                        } else {
                            None
                        }
                    }
                    (Role::Ability, RefKind::Ability | RefKind::Amount)
                        if r.from.contains("Trigger") =>
                    {
                        None
                    }
                    (Role::Ability, RefKind::Ability | RefKind::Amount) => here,
                    (Role::Trigger, RefKind::Amount) => None,
                    _ => None,
                };
                stack.push((target, ctx));
            }
        };
    for (i, rec) in model.records.iter().enumerate() {
        if let Origin::Line(li) = rec.origin {
            let here = match model.lines[li].kind {
                SyntaxKind::TRIGGER_LINE => rec.param("Mode").map(|p| p.value.trim()),
                _ => None,
            };
            push_refs(&mut stack, i, here);
        }
    }
    // Keyword lines and anything the model reached another way.
    for (svar, bits) in model.reached_from.iter().enumerate() {
        if *bits & !model::forge::script::reach::TRIGGER_LINE != 0 {
            modes[svar] = None;
        }
    }
    let mut visited: std::collections::HashSet<(usize, Option<&'a str>)> = Default::default();
    while let Some((svar, ctx)) = stack.pop() {
        if !visited.insert((svar, ctx)) {
            continue;
        }
        seen[svar] = true;
        match ctx {
            Some(mode) if vocab.trigger_variables(mode).is_some() => {
                if let Some(list) = modes[svar].as_mut()
                    && !list.contains(&mode)
                {
                    list.push(mode);
                }
            }
            _ => modes[svar] = None,
        }
        if let Some(rec) = model.svars[svar].record {
            push_refs(&mut stack, rec, ctx);
        }
    }
    for (svar, s) in seen.iter().enumerate() {
        if !s {
            modes[svar] = None;
        }
    }
    modes
}

/// What a `Triggered<Key>` word asks of the mode: the key, read the way the engine reads it.
enum Verdict {
    Provided,
    /// No mode provides the key; the other number form when one does.
    Missing {
        key: String,
        other: Option<String>,
    },
}

fn judge(word: &str, provided: &[&str], all: &[&str]) -> Option<Verdict> {
    let rest = word.strip_prefix("Triggered")?;
    if SPECIAL.contains(&word) {
        return None;
    }
    // The engine cuts `LKICopy` wherever it is before it reads the key.
    let rest = rest.find("LKICopy").map_or(rest, |i| &rest[..i]);
    // The longest key any mode provides that starts the word.
    let key = all
        .iter()
        .filter(|k| {
            rest.starts_with(**k)
                && rest[k.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| c.is_ascii_uppercase())
        })
        .max_by_key(|k| k.len())
        .copied();
    // `Triggered<Key>s`: a plural the modes may not know at all.
    let plural = SUFFIXES.iter().find_map(|suf| {
        let stem = rest.strip_suffix(suf)?.strip_suffix('s')?;
        (!stem.is_empty() && all.contains(&stem)).then_some(stem)
    });
    let key = match (key, plural) {
        (Some(k), Some(stem)) if k.len() > stem.len() => k.to_string(),
        (_, Some(stem)) => format!("{stem}s"),
        (Some(k), None) => k.to_string(),
        (None, None) => return None,
    };
    if provided.contains(&key.as_str()) {
        return Some(Verdict::Provided);
    }
    let other = match key.strip_suffix('s') {
        Some(stem) if provided.contains(&stem) => Some(stem.to_string()),
        _ => {
            let plural = format!("{key}s");
            provided.contains(&plural.as_str()).then_some(plural)
        }
    };
    Some(Verdict::Missing { key, other })
}

/// Every key some mode of a vocabulary provides, sorted: made once per vocabulary.
fn provided_keys(vocab: &'static Vocabulary) -> &'static [&'static str] {
    type Keys = Vec<(usize, &'static [&'static str])>;
    static MADE: std::sync::Mutex<Keys> = std::sync::Mutex::new(Vec::new());
    let id = vocab as *const Vocabulary as usize;
    let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, keys)) = made.iter().find(|(v, _)| *v == id) {
        return keys;
    }
    let mut keys: Vec<&'static str> = vocab.trigger_variable_keys().collect();
    keys.sort_unstable();
    keys.dedup();
    let keys: &'static [&'static str] = Box::leak(keys.into_boxed_slice());
    made.push((id, keys));
    keys
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    if !model.records.iter().any(|r| r.role == Role::Trigger) {
        return;
    }
    let contexts = contexts(model, ctx.vocab);
    let all = provided_keys(ctx.vocab);
    // (text, range of the text) to read, with the modes that run it.
    let mut sites: Vec<(&str, syntax::TextRange, &[&str])> = Vec::new();
    for (svar, modes) in contexts.iter().enumerate() {
        let Some(modes) = modes else { continue };
        if modes.is_empty() {
            continue;
        }
        let def = &model.svars[svar];
        match def.record {
            Some(ri) => {
                let rec = &model.records[ri];
                if rec.role != Role::Ability {
                    continue;
                }
                for p in &rec.params {
                    if !p.has_dollar || p.shadowed || syntax::forge::is_text_param(p.key) {
                        continue;
                    }
                    sites.push((p.value, p.value_range, modes));
                }
            }
            None => sites.push((def.value, def.value_range, modes)),
        }
    }
    for (value, range, modes) in sites {
        for (s, e) in triggered_words(value) {
            let word = &value[s..e];
            // `TriggeredController`: a player suffix with no object before it. The engine reads
            // the object's key as the empty text between `Triggered` and the suffix, which no
            // trigger provides (2020 and 2022 alike).
            let bare = word.strip_prefix("Triggered").unwrap_or(word);
            let bare = bare.find("LKICopy").map_or(bare, |i| &bare[..i]);
            if matches!(bare, "Controller" | "Owner" | "Opponent" | "Opponents") {
                sink.report(
                    super::sub_range(range, s, e - s),
                    format!("`{word}` names no triggering object: Forge reads the object between `Triggered` and `{bare}` as empty, so it resolves to nothing"),
                )
                .with_note(format!("the object goes first: `TriggeredCard{bare}`, `TriggeredAttacker{bare}`...; `TriggeredPlayer` is the player a trigger such as `Phase` provides"));
                continue;
            }
            let mut missing = None;
            let mut provided_somewhere = false;
            for mode in modes {
                let provided = ctx.vocab.trigger_variables(mode).unwrap_or(&[]);
                match judge(word, provided, all) {
                    None => {
                        provided_somewhere = true;
                        break;
                    }
                    Some(Verdict::Provided) => {
                        provided_somewhere = true;
                        break;
                    }
                    Some(Verdict::Missing { key, other }) => {
                        missing.get_or_insert((key, other, *mode, provided));
                    }
                }
            }
            if provided_somewhere {
                continue;
            }
            let Some((key, other, mode, provided)) = missing else {
                continue;
            };
            let at = super::sub_range(range, s, e - s);
            let list = provided
                .iter()
                .map(|k| format!("Triggered{k}"))
                .collect::<Vec<_>>()
                .join(", ");
            let also = if modes.len() > 1 {
                " (nor does any other trigger that runs this ability)"
            } else {
                ""
            };
            let d = sink.report(
                at,
                format!(
                    "`Mode$ {mode}` does not provide `Triggered{key}`{also}: `{word}` resolves to nothing{}",
                    ctx.version_clause(model::forge::facts::FactKind::TriggerVar, &key)
                ),
            );
            d.with_note(format!("`Mode$ {mode}` provides {list}"));
            if let Some(other) = other
                && modes.len() == 1
            {
                let fixed =
                    word.replacen(&format!("Triggered{key}"), &format!("Triggered{other}"), 1);
                d.with_note(format!("did you mean `{fixed}`?"));
                d.with_fix(Fix::unsafe_(
                    format!("replace with `{fixed}`"),
                    vec![Edit::replace(at, fixed.clone())],
                ));
            }
        }
    }
}
