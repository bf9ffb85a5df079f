//! F180: a script that lacks the idiom nearly every card with the same rules-text template (or
//! the same script shape) writes, learned from a corpus (`model::learn`).

use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{Model, RecordInfo, Role};
use model::learn::forge::{Departure, Deviation, Unit, fact_key, fact_parts};
use model::learn::{Rule, split_antecedent};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F180",
    name: "idiom-missing",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A record whose description holds a rules-text template (`Whenever you cast a spell`, `you may`, `Activate only as a sorcery`), or whose script has a shape, that nearly every card scripts with an idiom this record lacks or contradicts.",
    explanation: "Rules text is templated, and the cards that share a template nearly all script it \
the same way: triggers that say \"Whenever you cast a spell\" have `TriggerZones$ Battlefield`, \
loyalty abilities have `Planeswalker$ True`, a replacement of a permanent (\"If you would ...\") has \
`ActiveZones$ Battlefield`. cardlint learned these associations from a corpus of cards (`cardlint \
learn`; the shipped set from Forge's 2020 cards): a template (the card's name, numbers, colours and \
mana abstracted, reminder text and ability words such as `Landfall —` dropped) or a script fact that at least 20 cards hold, with a script \
fact that at least 97% of them hold. A record that holds the template but lacks the fact (or has \
the fact's parameter with another value, or writes a `Valid...$` parameter without the property \
nearly all of them give it: `.YouCtrl` for \"under your control\", `.Other` for \"another\", \
`.nonToken` for \"nontoken\") departs from what nearly every card does, and departures \
are where bugs are: a trigger that fires from the hand, an ability Forge does not treat as a loyalty \
ability, an effect that never runs. Departures that recur among the corpus's own cards (all sharing \
some other fact, such as a trigger on the card itself) are learned as exceptions and not reported.\n\n\
The message names the template, how many cards hold it and the fact, and one of them. A fix adds \
the parameter when the idiom is one `Key$ Value` the record lacks (unsafe: read the card first). \
Some departures are right (a card that really works differently): suppress them with a comment \
giving the reason.",
    bad: "Name:Spell Echo Sprite\nManaCost:1 U\nTypes:Creature Faerie\nPT:1/1\nT:Mode$ SpellCast | ValidCard$ Instant,Sorcery | ValidActivatingPlayer$ You | Execute$ TrigScry | TriggerDescription$ Whenever you cast an instant or sorcery spell, scry 1.\nSVar:TrigScry:DB$ Scry | ScryNum$ 1\nOracle:Whenever you cast an instant or sorcery spell, scry 1.",
    good: "Name:Spell Echo Sprite\nManaCost:1 U\nTypes:Creature Faerie\nPT:1/1\nT:Mode$ SpellCast | ValidCard$ Instant,Sorcery | ValidActivatingPlayer$ You | TriggerZones$ Battlefield | Execute$ TrigScry | TriggerDescription$ Whenever you cast an instant or sorcery spell, scry 1.\nSVar:TrigScry:DB$ Scry | ScryNum$ 1\nOracle:Whenever you cast an instant or sorcery spell, scry 1.",
    since: "0.3.0",
    yields_to: &[
        "F119", "F130", "F133", "F166", "F167", "F168", "F169", "F170", "F171", "F185", "F186",
        "F187", "F203", "F204",
    ],
    ..RuleMeta::BASE
};

/// What records of a role are called.
fn units_word(scope: &str) -> String {
    let role = scope
        .trim_end_matches(['|', '#'])
        .split(':')
        .next()
        .unwrap_or("");
    match role.strip_prefix('g') {
        Some(inner) if !inner.is_empty() => format!("{} held in SVars", role_units(inner)),
        _ => role_units(role).to_string(),
    }
}

fn role_units(role: &str) -> &'static str {
    match role {
        "AB" => "activated abilities",
        "SP" => "spells",
        "DB" => "sub-abilities",
        "ST" => "static triggers",
        "T" => "triggers",
        "S" => "static abilities",
        "R" => "replacement effects",
        _ => "records",
    }
}

fn role_word(rec: &RecordInfo<'_>) -> &'static str {
    match rec.role {
        Role::Ability => "ability",
        Role::Trigger => "trigger",
        Role::Static => "static ability",
        Role::Replacement => "replacement effect",
        _ => "record",
    }
}

/// A script fact as a phrase (`TriggerZones$ Battlefield`, `.YouCtrl` in `ValidCard$`).
fn fact_phrase(fact: &str) -> String {
    let (c, api, body) = fact_parts(fact);
    let core = if let Some(kind) = body.strip_prefix("kind=") {
        return format!("a `{kind}` effect");
    } else if let Some(k) = body.strip_prefix("has:") {
        format!("`{k}$`")
    } else if let Some((k, prop)) = body.split_once("~.") {
        format!("`.{prop}` in `{k}$`")
    } else if let Some((k, v)) = body.split_once('=') {
        format!("`{k}$ {v}`")
    } else {
        format!("`{body}`")
    };
    match (c, api) {
        ('C', Some("*")) => format!("{core} on an effect they run"),
        ('C', Some(a)) => format!("{core} on their `{a}` effect"),
        _ => core,
    }
}

/// What the record lacks, as a phrase.
fn lack_phrase(model: &Model<'_>, dev: &Deviation<'_>, unit: &Unit<'_>) -> String {
    let (c, api, body) = fact_parts(&dev.rule.fact);
    if let Departure::Contradicts(places) = &dev.departure {
        let (r, p) = places[0];
        let param = &model.records[r].params[p];
        return format!("this one has `{}$ {}`", param.key, param.value.trim());
    }
    let head = &model.records[unit.head];
    if let Some(kind) = body.strip_prefix("kind=") {
        return format!("this {} runs no `{kind}` effect", role_word(head));
    }
    let key = fact_key(body).unwrap_or(body);
    let whose = match (c, api) {
        ('C', Some("*")) => return format!("no effect this {} runs has `{key}$`", role_word(head)),
        ('C', Some(a)) => format!("its `{a}` effect"),
        _ => format!("this {}", role_word(head)),
    };
    let target = &model.records[dev.records[0]];
    if let Some((_, prop)) = body.split_once("~.")
        && target.param(key).is_some()
    {
        return format!("{whose}'s `{key}$` has no `.{prop}`");
    }
    format!("{whose} has no `{key}$`")
}

/// What the antecedent is, as a phrase ("triggers whose text has \"whenever you cast\"").
fn antecedent_phrase(rule: &Rule) -> String {
    let (scope, what) = split_antecedent(&rule.antecedent);
    let units = units_word(scope);
    if scope.ends_with('|') {
        let template = what.strip_prefix("^ ").unwrap_or(what);
        let opens = if what.starts_with("^ ") {
            "opens with"
        } else {
            "has"
        };
        format!("{units} whose text {opens} \"{template}\"")
    } else {
        let fact = what.strip_prefix("S:").unwrap_or(what);
        let phrase = if let Some(kind) = fact.strip_prefix("kind=") {
            return format!("`{kind}` {units}");
        } else if let Some(part) = fact.strip_prefix("cost:") {
            format!("a `{part}` cost")
        } else {
            fact_phrase(&format!("H:{fact}"))
        };
        format!("{units} with {phrase}")
    }
}

/// The `Key$ Value` insertion that adds a missing `K=V` fact to a record.
fn insertion(model: &Model<'_>, rec: &RecordInfo<'_>, fact: &str) -> Option<(Edit, String)> {
    let (_, _, body) = fact_parts(fact);
    if body.starts_with("kind=") || body.starts_with("has:") || body.contains('~') {
        return None;
    }
    let (key, value) = body.split_once('=')?;
    let _ = model;
    let text = format!("{key}$ {value}");
    // Before the descriptions at the end of the record, else after its last piece.
    let first_desc = rec.params.iter().position(|p| {
        matches!(
            p.key,
            "SpellDescription" | "TriggerDescription" | "Description" | "StackDescription"
        )
    });
    let edit = match first_desc {
        Some(i) if i > 0 => Edit::insert(rec.params[i].range.start(), format!("{text} | ")),
        _ => Edit::insert(rec.params.last()?.range.end(), format!(" | {text}")),
    };
    Some((edit, text))
}

/// The parameters whose absence this rule reports: when and where an ability works, how long its
/// effect lasts, whether Forge treats it as a loyalty ability or an "enters with" replacement.
/// Their absence leaves a default (any zone, forever, not a loyalty ability...) that is rarely what
/// the text means. Who and what an ability applies to (`ValidTgts$`, `Defined$`, `Origin$`, Valid
/// properties) varies legitimately from card to card and is not reported; "you may" is
/// `optional-trigger-without-decider`'s.
const REPORTED: &[&str] = &[
    "TriggerZones",
    "ActiveZones",
    "AffectedZone",
    "SorcerySpeed",
    "ActivationZone",
    "PlayerTurn",
    "OpponentTurn",
    "ActivationLimit",
    "Duration",
    "Planeswalker",
    "ETB",
    "ResolvedLimit",
    "Optional",
];

/// Whether the rule reports a deviation: a missing parameter of `REPORTED`, or an effect the
/// text names when a trigger or replacement runs none.
fn reported(model: &Model<'_>, unit: &Unit<'_>, dev: &Deviation<'_>) -> bool {
    if dev.departure != Departure::Missing {
        return false;
    }
    let head = &model.records[unit.head];
    let (_, _, body) = fact_parts(&dev.rule.fact);
    if body.starts_with("kind=") {
        // An ability does something itself; a trigger or replacement only through what it runs.
        // A reference that names nothing is `undefined-svar`'s: here, one that is not written.
        return matches!(head.role, Role::Trigger | Role::Replacement)
            && !head
                .params
                .iter()
                .any(|p| model::forge::script::ABILITY_KEYS.contains(&p.key));
    }
    let Some(key) = fact_key(body) else {
        return false;
    };
    // A property a parameter lacks is reported only when the parameter is written: without it,
    // the record chooses its objects another way.
    if let Some((_, prop)) = body.split_once("~.") {
        let written = dev.records.iter().all(|&r| {
            model.records[r].param(key).is_some_and(|p| {
                let base = p.value.trim().split(['.', ',']).next().unwrap_or_default();
                // A plane's "you" is the player who rolled (`ActivePlayerCtrl`), as F170 reads it;
                // a static on players (`Affected$ You`: "Creatures you control can boast twice")
                // has no cards to restrict.
                let plane_you = prop == "YouCtrl" && p.value.contains("ActivePlayerCtrl");
                let players = matches!(base, "You" | "Player" | "Opponent");
                !(plane_you || players)
            })
        });
        if !written {
            return false;
        }
    }
    // A trigger about the card itself (`ValidCard$ Card.Self`) works from the zone its mode
    // implies: it needs no `TriggerZones$`.
    if key == "TriggerZones"
        && head
            .params
            .iter()
            .any(|p| p.key.starts_with("Valid") && is_self(p.value))
    {
        return false;
    }
    reported_body(body)
}

/// Properties a learned `Valid...$ ~.<property>` fact may be reported for: who controls or owns
/// the objects, whether the card itself is among them, tokens. Other properties say less about
/// what the text means (`.Creature` against `Permanent.Creature`) and are not reported.
const REPORTED_PROPERTIES: &[&str] = &["YouCtrl", "OppCtrl", "YouOwn", "Other", "nonToken"];

/// Whether a fact body is one the rule reports: a parameter of `REPORTED`, or a `Valid...$`
/// parameter lacking a property of `REPORTED_PROPERTIES`.
fn reported_body(body: &str) -> bool {
    if let Some((key, prop)) = body.split_once("~.") {
        let key = key.strip_prefix("has:").unwrap_or(key);
        return (key.starts_with("Valid") || key == "Affected")
            && REPORTED_PROPERTIES.contains(&prop);
    }
    fact_key(body).is_some_and(|k| REPORTED.contains(&k)) && !body.contains('~')
}

/// `Card.Self`, `Self`, `Creature.Self+...`: the card itself.
fn is_self(value: &str) -> bool {
    value.split(',').any(|alt| {
        let alt = alt.trim();
        alt == "Self"
            || alt
                .split_once('.')
                .is_some_and(|(_, props)| props.split('+').any(|p| p == "Self"))
    })
}

/// Whether the rule may report a fact (see `reported` for the rest).
fn reportable(fact: &str) -> bool {
    let (_, _, body) = fact_parts(fact);
    body.starts_with("kind=") || reported_body(body)
}

/// The shipped idioms whose facts the rule may report, restricted once.
fn idioms_of(all: &'static model::learn::Idioms) -> &'static model::learn::Idioms {
    static SHIPPED: std::sync::OnceLock<model::learn::Idioms> = std::sync::OnceLock::new();
    if std::ptr::eq(all, model::learn::forge_shipped()) {
        SHIPPED.get_or_init(|| all.restricted(reportable))
    } else {
        all
    }
}

/// The parameters some idioms may find missing, whether they name effects (`C:kind=`), and
/// the parameters some idioms may find lacking a property (`ValidCard` for
/// `ValidCard~.YouCtrl`).
#[derive(Default)]
struct Predicts {
    keys: Vec<String>,
    kinds: bool,
    prop_keys: Vec<String>,
}

impl Predicts {
    fn add(&mut self, fact: &str) {
        let (_, _, body) = fact_parts(fact);
        if body.starts_with("kind=") {
            self.kinds = true;
        } else if body.contains("~.") {
            // A property a parameter may lack: reported only when the parameter is written
            // (`reported`), so the unit must be read when it is.
            if let Some(k) = fact_key(body)
                && !self.prop_keys.iter().any(|x| x == k)
            {
                self.prop_keys.push(k.to_string());
            }
        } else if let Some(k) = fact_key(body)
            && !self.keys.iter().any(|x| x == k)
        {
            self.keys.push(k.to_string());
        }
    }
}

/// What the idioms predict: per role tag (`T`, `AB`, `gS`...), and per antecedent (by its
/// `hash_antecedent`).
#[derive(Default)]
struct Relevant {
    by_tag: std::collections::HashMap<String, Predicts>,
    by_antecedent: model::forge::vocab::Map<u64, Predicts>,
}

fn compute_relevant(idioms: &model::learn::Idioms) -> Relevant {
    let mut out = Relevant::default();
    for r in &idioms.rules {
        let (scope, _) = split_antecedent(&r.antecedent);
        let tag = scope
            .split([':', '|', '#'])
            .next()
            .unwrap_or_default()
            .to_string();
        out.by_tag.entry(tag).or_default().add(&r.fact);
        out.by_antecedent
            .entry(model::learn::text::hash_antecedent(&r.antecedent))
            .or_default()
            .add(&r.fact);
    }
    out
}

fn relevant(idioms: &'static model::learn::Idioms) -> &'static Relevant {
    static SHIPPED: std::sync::OnceLock<Relevant> = std::sync::OnceLock::new();
    static OTHERS: std::sync::Mutex<Vec<(usize, &'static Relevant)>> =
        std::sync::Mutex::new(Vec::new());
    if std::ptr::eq(idioms, idioms_of(model::learn::forge_shipped())) {
        return SHIPPED.get_or_init(|| compute_relevant(idioms));
    }
    let key = idioms as *const _ as usize;
    let mut others = OTHERS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, r)) = others.iter().find(|(k, _)| *k == key) {
        return r;
    }
    let r: &'static Relevant = Box::leak(Box::new(compute_relevant(idioms)));
    others.push((key, r));
    r
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let idioms = idioms_of(ctx.idioms());
    if idioms.rules.is_empty() {
        return;
    }
    let model = &ctx.model;
    let relevant = relevant(idioms);
    // Whether a unit may lack a fact some idioms predict (`predicts`): a reported fact can be
    // missing only if the unit runs nothing (for an effect), the fact is a property of a
    // parameter some record of its chain has, or no record of its chain has the fact's
    // parameter (nor a longer variant).
    let may_lack = |head: usize, chain: &[usize], predicts: &mut dyn Iterator<Item = &Predicts>| {
        let rec = &model.records[head];
        let runs_nothing = std::cell::OnceCell::new();
        let runs_nothing = || {
            *runs_nothing.get_or_init(|| {
                matches!(rec.role, Role::Trigger | Role::Replacement)
                    && !rec
                        .params
                        .iter()
                        .any(|p| model::forge::script::ABILITY_KEYS.contains(&p.key))
            })
        };
        let has = |key: &str| {
            chain.iter().any(|&r| {
                model.records[r].params.iter().any(|p| {
                    p.has_dollar
                        && p.key.len() >= key.len()
                        && p.key.as_bytes()[p.key.len() - key.len()..]
                            .eq_ignore_ascii_case(key.as_bytes())
                })
            })
        };
        let self_trigger = std::cell::OnceCell::new();
        let self_trigger = || {
            *self_trigger.get_or_init(|| {
                rec.params
                    .iter()
                    .any(|p| p.key.starts_with("Valid") && is_self(p.value))
            })
        };
        for p in predicts {
            if (p.kinds && runs_nothing())
                || p.prop_keys.iter().any(|k| has(k))
                || p.keys
                    .iter()
                    .any(|k| !(has(k) || (k.as_str() == "TriggerZones" && self_trigger())))
            {
                return true;
            }
        }
        false
    };
    // Before reading a unit's text: can any fact the role's idioms predict be missing?
    let want = |head: usize, chain: &[usize]| {
        let tag = model::learn::forge::unit_tag(&model.records[head]);
        let Some(p) = relevant.by_tag.get(tag) else {
            return false;
        };
        may_lack(head, chain, &mut std::iter::once(p))
    };
    // Once its antecedents are known: can any fact their idioms predict be missing?
    let keep = |head: usize, chain: &[usize], hashes: &[u64]| {
        may_lack(
            head,
            chain,
            &mut hashes.iter().filter_map(|h| relevant.by_antecedent.get(h)),
        )
    };
    let units = model::learn::forge::units_kept(model, idioms, want, keep);
    for dev in model::learn::forge::deviations(model, &units, idioms) {
        let unit = &units[dev.unit];
        if !reported(model, unit, &dev) {
            continue;
        }
        let rule = dev.rule;
        let lack = lack_phrase(model, &dev, unit);
        let message = format!(
            "{} script {} ({} of {}, e.g. {}); {lack}",
            antecedent_phrase(rule),
            fact_phrase(&rule.fact),
            rule.holds,
            rule.support,
            rule.example,
        );
        for (i, &r) in dev.records.iter().enumerate() {
            let rec = &model.records[r];
            let range = match &dev.departure {
                Departure::Contradicts(places) => {
                    let (_, p) = places[i.min(places.len() - 1)];
                    rec.params[p].range
                }
                Departure::Missing => rec
                    .kind_param
                    .map_or(model.lines[rec.line].range, |k| rec.params[k].range),
            };
            let d = sink.report(range, message.clone());
            if let Some(seg) = dev.segment.and_then(|s| unit.segments.get(s)) {
                d.with_note(format!("the text: \"{}\"", seg.text));
            }
            if dev.departure == Departure::Missing
                && let Some((edit, text)) = insertion(model, rec, &rule.fact)
            {
                d.with_fix(Fix::unsafe_(format!("add `{text}`"), vec![edit]));
            }
        }
    }
}
