//! Forge units: an ability, trigger, static ability or replacement effect with the sub-abilities
//! it runs, its text (its own description, or the first one down its chain) and its facts.
//!
//! Facts are strings: `H:` facts of the head record, `C:<ApiType>/` and `C:*/` facts of the
//! records it runs (`SubAbility$`, `Execute$`, `ReplaceWith$`...), `C:kind=<ApiType>` for an
//! effect somewhere in the chain. A record's facts: `role=` (`AB`, `SP`, `DB`, `ST`, `T`, `S`,
//! `R`), `kind=` (ApiType, mode or event), `has:<Key>` for each parameter, `<Key>=<Value>` for
//! short values without digits, `<Key>~<Base>` and `<Key>~.<Property>` for the alternatives of a
//! Valid expression, `cost:<Part>` for the parts of `Cost$`.
//!
//! Antecedents: the templates of the unit's text, scoped by the head's role and the sentence's
//! part (`T:cond|^ whenever you cast`, `AB|you may`), and some facts of the head
//! (`T#S:kind=SpellCast`, `AB#S:cost:LOYALTY`, `SP#S:has:RememberChanged`).

use super::text::{self, Segment};
use super::{Idioms, Rule};
use crate::forge::script::{ABILITY_KEYS, Model, Origin, RecordInfo, RefKind, Role};
use std::collections::{BTreeSet, HashMap};

/// Records followed from one head, at most (bounded work on pathological chains).
const MAX_CHAIN: usize = 48;

/// Parameters that never make facts (texts, prompts, AI hints).
const SKIP: &[&str] = &[
    "SpellDescription",
    "TriggerDescription",
    "Description",
    "StackDescription",
    "TgtPrompt",
    "ChoiceTitle",
    "AILogic",
    "AITgts",
    "AIPreference",
    "PrecostDesc",
    "CostDesc",
    "ValidDescription",
    "References",
    "ChangeTypeDesc",
    "SelectPrompt",
    "OptionQuestion",
    "SpellDescription",
    "LegacyImage",
];

/// Parameters whose facts may be consequents: the ones that shape what an ability does or when
/// it applies (zones, optional-ness, restrictions, who and what it applies to).
const SHAPING: &[&str] = &[
    "TriggerZones",
    "ActiveZones",
    "EffectZone",
    "AffectedZone",
    "Origin",
    "Destination",
    "OptionalDecider",
    "Optional",
    "SorcerySpeed",
    "ActivationZone",
    "PlayerTurn",
    "OpponentTurn",
    "ActivationLimit",
    "ActivationPhases",
    "Duration",
    "TargetMin",
    "Planeswalker",
    "Ultimate",
    "Mandatory",
    "Phase",
    "ValidPlayer",
    "ValidActivatingPlayer",
    "IsPresent",
    "CheckSVar",
    "Defined",
    "DefinedPlayer",
    "ValidCard",
    "ValidTgts",
    "Affected",
    "ValidCards",
    "ValidTarget",
    "ValidSource",
    "TgtZone",
    "Hidden",
    "ChangeNum",
    "Tapped",
    "ETB",
    "GainControl",
    "IsCurse",
    "Reveal",
    "Shuffle",
    "ResolvedLimit",
    "Secondary",
    "Static",
    "ForgetOnMoved",
    "RememberObjects",
];

/// Parameters whose mere presence may be a consequent (`has:`): those whose absence leaves a
/// default that is rarely what the text means. The others (who and what an ability applies to:
/// `ValidTgts$`, `Defined$`, `Origin$`...) have alternatives, and only their values are idioms.
const HAS: &[&str] = &[
    "TriggerZones",
    "ActiveZones",
    "EffectZone",
    "AffectedZone",
    "OptionalDecider",
    "Optional",
    "SorcerySpeed",
    "ActivationZone",
    "PlayerTurn",
    "OpponentTurn",
    "ActivationLimit",
    "Duration",
    "Planeswalker",
    "Ultimate",
    "Mandatory",
    "ETB",
    "IsCurse",
    "Secondary",
    "ResolvedLimit",
    "ForgetOnMoved",
];

/// Keys read as Valid expressions (their alternatives make `~` facts).
fn valid_key(key: &str) -> bool {
    key.starts_with("Valid")
        || matches!(
            key,
            "Affected"
                | "ChangeType"
                | "Defined"
                | "TargetType"
                | "Choices"
                | "ChangeValid"
                | "IsPresent"
                | "PresentPlayer"
        )
}

/// Whether a fact may be a consequent.
pub fn eligible(fact: &str) -> bool {
    let Some(body) = fact.strip_prefix("H:").or_else(|| fact.strip_prefix("C:")) else {
        return false;
    };
    if let Some(kind) = body.strip_prefix("kind=") {
        // An effect in the chain; the head's own kind is what its text is matched by.
        return fact.starts_with("C:") && !kind.is_empty();
    }
    let body = match body.split_once('/') {
        Some((_, rest)) => rest,
        None => body,
    };
    if body.starts_with("role=") || body.starts_with("kind=") || body.starts_with("cost:") {
        return false;
    }
    if let Some(key) = body.strip_prefix("has:") {
        return HAS.contains(&key);
    }
    let key = body.split(['=', '~']).next().unwrap_or(body);
    if !SHAPING.contains(&key) {
        return false;
    }
    // Base types of Valid expressions vary with the card; properties (`.YouCtrl`) are idioms.
    !body.contains('~') || body.contains("~.")
}

/// Whether an antecedent may predict a fact: a head's own parameters predict only what it
/// runs (`C:`), never its own other parameters.
pub fn pair_eligible(antecedent: &str, fact: &str) -> bool {
    !(antecedent.contains("#S:has:") && fact.starts_with("H:"))
}

/// The role tag of a record.
fn role_tag(rec: &RecordInfo<'_>) -> &'static str {
    match rec.role {
        Role::Ability => match rec.ability_kind() {
            Some(k) if k.eq_ignore_ascii_case("AB") => "AB",
            Some(k) if k.eq_ignore_ascii_case("SP") => "SP",
            Some(k) if k.eq_ignore_ascii_case("ST") => "ST",
            _ => "DB",
        },
        Role::Trigger => "T",
        Role::Static => "S",
        Role::Replacement => "R",
        Role::AiHint | Role::Unknown => "?",
    }
}

/// The kind of a record as the vocabulary spells it (ApiType, mode or event), else as written.
fn kind_name<'a>(rec: &RecordInfo<'a>) -> &'a str {
    let v = rec.vocab;
    let known = match rec.role {
        Role::Ability => v.api_types().get_ignore_case(rec.kind_value),
        Role::Trigger => v.trigger_modes().get_ignore_case(rec.kind_value),
        Role::Static => v.static_modes().get_ignore_case(rec.kind_value),
        Role::Replacement => v.replacement_events().get_ignore_case(rec.kind_value),
        _ => None,
    };
    match known {
        Some(w) => w.name,
        None => rec.kind_value,
    }
}

/// The facts of one record (without prefix).
pub fn record_facts(model: &Model<'_>, rec: &RecordInfo<'_>) -> Vec<String> {
    let mut out = vec![
        format!("role={}", role_tag(rec)),
        format!("kind={}", kind_name(rec)),
    ];
    for (i, p) in rec.params.iter().enumerate() {
        if !p.has_dollar || p.shadowed || Some(i) == rec.kind_param || p.key.is_empty() {
            continue;
        }
        let key = p.key;
        if SKIP.contains(&key) {
            continue;
        }
        out.push(format!("has:{key}"));
        if ABILITY_KEYS.contains(&key) {
            continue;
        }
        let value = p.value.trim();
        if key == "Cost" {
            cost_facts(value, &mut out);
            continue;
        }
        if !value.is_empty()
            && value.len() <= 40
            && (!value.bytes().any(|b| b.is_ascii_digit()) || value == "True" || value == "False")
        {
            out.push(format!("{key}={value}"));
        }
        if valid_key(key) {
            for alt in value.split(',').take(16) {
                let alt = alt.trim();
                let (base, props) = match alt.split_once('.') {
                    Some((b, p)) => (b, Some(p)),
                    None => (alt, None),
                };
                let base = base.split(' ').next().unwrap_or(base);
                if !base.is_empty() {
                    out.push(format!("{key}~{base}"));
                }
                for prop in props.into_iter().flat_map(|p| p.split('+')).take(16) {
                    let prop = strip_comparison(prop.split(' ').next().unwrap_or(prop));
                    if !prop.is_empty() {
                        out.push(format!("{key}~.{prop}"));
                    }
                }
            }
        }
    }
    let _ = model;
    out.sort_unstable();
    out.dedup();
    out
}

/// `powerGE2` → `powerGE`, `cmcLEX` → `cmcLE`: the comparison without its operand.
fn strip_comparison(prop: &str) -> &str {
    for op in ["EQ", "NE", "LT", "LE", "GT", "GE"] {
        if let Some(i) = prop.find(op)
            && i > 0
            && prop.len() > i + 2
        {
            return &prop[..i + 2];
        }
    }
    prop
}

fn cost_facts(cost: &str, out: &mut Vec<String>) {
    for part in cost.split_whitespace().take(32) {
        if let Some(lt) = part.find('<') {
            let name = &part[..lt];
            if !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphabetic()) {
                out.push(format!("cost:{name}"));
            }
            if part.contains("LOYALTY") {
                out.push("cost:LOYALTY".into());
            }
        } else if part == "T" || part == "Q" {
            out.push(format!("cost:{part}"));
        }
    }
}

/// One unit of a file.
pub struct Unit<'m> {
    /// The head record (index into `Model::records`).
    pub head: usize,
    /// The records it runs, head first.
    pub chain: Vec<usize>,
    /// The text the unit is matched by.
    pub segments: Vec<Segment<'m>>,
    /// Antecedents, each with the segment it comes from (`None`: a script fact).
    pub antecedents: Vec<(String, Option<usize>)>,
    /// Every fact (`H:` and `C:`).
    pub facts: BTreeSet<String>,
}

impl Unit<'_> {
    /// Whether the unit holds a fact, on the record the fact names or, for a parameter, on the
    /// other side of the chain (`Duration$ Permanent` on the head or on an effect it runs).
    pub fn holds(&self, fact: &str) -> bool {
        if self.facts.contains(fact) {
            return true;
        }
        let (c, api, body) = fact_parts(fact);
        if body.starts_with("kind=") || body.starts_with("role=") {
            return false;
        }
        let twin = match (c, api) {
            ('H', _) => format!("C:*/{body}"),
            _ => format!("H:{body}"),
        };
        if self.facts.contains(&twin) {
            return true;
        }
        // A more specific variant of the key (`GameActivationLimit$` for `ActivationLimit$`).
        if let Some(key) = body.strip_prefix("has:") {
            let prefix = match (c, api) {
                ('H', _) => "H:has:".to_string(),
                (_, Some(a)) => format!("C:{a}/has:"),
                _ => "C:*/has:".to_string(),
            };
            return self.facts.iter().any(|f| {
                f.strip_prefix(prefix.as_str())
                    .is_some_and(|k| k.len() > key.len() && k.ends_with(key))
            });
        }
        false
    }

    /// Whether the unit holds an antecedent.
    pub fn has_antecedent(&self, a: &str) -> bool {
        self.antecedents
            .binary_search_by(|(x, _)| x.as_str().cmp(a))
            .is_ok()
    }
}

/// The description of a record, if any.
pub fn description<'a>(rec: &RecordInfo<'a>) -> Option<&'a str> {
    ["SpellDescription", "TriggerDescription", "Description"]
        .iter()
        .find_map(|k| rec.param(k).map(|p| p.value))
        .filter(|d| !d.trim().is_empty() && !d.trim().eq_ignore_ascii_case("None"))
}

/// The records a record runs, head first (breadth first, each once).
fn chain(
    model: &Model<'_>,
    refs_by_record: &HashMap<usize, Vec<usize>>,
    head: usize,
) -> Vec<usize> {
    let mut out = vec![head];
    let mut i = 0;
    while i < out.len() && out.len() < MAX_CHAIN {
        let r = out[i];
        i += 1;
        for &ri in refs_by_record.get(&r).into_iter().flatten() {
            let rf = &model.refs[ri];
            let Some(s) = model.resolve(rf.face, rf.name) else {
                continue;
            };
            if let Some(rec) = model.svars[s].record
                && !out.contains(&rec)
                && out.len() < MAX_CHAIN
            {
                out.push(rec);
            }
        }
    }
    out
}

/// The units of a file.
pub fn units<'m>(model: &'m Model<'m>) -> Vec<Unit<'m>> {
    let mut refs_by_record: HashMap<usize, Vec<usize>> = HashMap::new();
    for (i, rf) in model.refs.iter().enumerate() {
        if let Some(rec) = rf.record
            && rf.kind == RefKind::Ability
            && !rf.shadowed
        {
            refs_by_record.entry(rec).or_default().push(i);
        }
    }
    let mut out = Vec::new();
    for (ri, rec) in model.records.iter().enumerate() {
        if matches!(rec.role, Role::AiHint | Role::Unknown) {
            continue;
        }
        let head = match rec.origin {
            Origin::Line(_) => true,
            Origin::Svar(_) => !matches!(rec.role, Role::Ability) || description(rec).is_some(),
        };
        if !head {
            continue;
        }
        let chain = chain(model, &refs_by_record, ri);
        let Some(text) = chain.iter().find_map(|&r| description(&model.records[r])) else {
            continue;
        };
        let names = face_names(model, rec.face);
        let names: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
        let segments = text::segments(text, &names, rec.role == Role::Trigger);
        // A record held in an SVar (a charm's mode, a trigger an effect grants) is learned apart
        // from the card's own lines: its idioms differ (no `TriggerZones$` on a granted trigger).
        let tag = match rec.origin {
            Origin::Svar(_) => format!("g{}", role_tag(rec)),
            Origin::Line(_) => role_tag(rec).to_string(),
        };
        let mut facts = BTreeSet::new();
        for t in face_types(model, rec.face) {
            facts.insert(format!("F:type={t}"));
        }
        let head_facts = record_facts(model, rec);
        for f in &head_facts {
            facts.insert(format!("H:{f}"));
        }
        for &r in &chain[1..] {
            let sub = &model.records[r];
            let kind = kind_name(sub);
            for f in record_facts(model, sub) {
                if f.starts_with("role=") {
                    continue;
                }
                if f.starts_with("kind=") {
                    facts.insert(format!("C:{f}"));
                } else {
                    facts.insert(format!("C:*/{f}"));
                }
                facts.insert(format!("C:{kind}/{f}"));
            }
        }
        let mut antecedents: Vec<(String, Option<usize>)> = Vec::new();
        for (si, seg) in segments.iter().enumerate() {
            for t in text::templates(&seg.words) {
                antecedents.push((format!("{tag}{}|{t}", seg.part.tag()), Some(si)));
            }
        }
        for f in &head_facts {
            if f.starts_with("kind=") || f.starts_with("cost:") || f.starts_with("has:") {
                antecedents.push((format!("{tag}#S:{f}"), None));
            }
        }
        antecedents.sort();
        antecedents.dedup_by(|a, b| a.0 == b.0);
        out.push(Unit {
            head: ri,
            chain,
            segments,
            antecedents,
            facts,
        });
    }
    out
}

/// The words of a face's `Types:` line (at most 16).
fn face_types<'a>(model: &Model<'a>, face: usize) -> Vec<&'a str> {
    model
        .lines
        .iter()
        .filter(|l| l.face == face)
        .find(|l| l.key.is_some_and(|k| model.slice(k) == "Types"))
        .map(|l| model.slice(l.value).split_whitespace().take(16).collect())
        .unwrap_or_default()
}

/// The names a face's text may call it by: its name and, for a legendary name with a comma,
/// the part before the comma.
fn face_names(model: &Model<'_>, face: usize) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(name) = model.faces.get(face).and_then(|f| f.name) {
        let name = name.trim();
        if !name.is_empty() {
            out.push(name.to_string());
            if let Some((short, _)) = name.split_once(',')
                && short.len() >= 3
            {
                out.push(short.to_string());
            }
        }
    }
    out
}

/// The miner's view of a file: its units with their antecedents and facts.
pub fn mine_units(model: &Model<'_>, card: &str) -> Vec<super::Unit> {
    units(model)
        .into_iter()
        .map(|u| super::Unit {
            card: card.to_string(),
            antecedents: u.antecedents.into_iter().map(|(a, _)| a).collect(),
            facts: u.facts.into_iter().collect(),
        })
        .collect()
}

/// How a unit departs from an association.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Departure {
    /// The fact is absent.
    Missing,
    /// The fact is `Key=Value` and these records have `Key` with another value (indices into
    /// `Model::records`, with the param index).
    Contradicts(Vec<(usize, usize)>),
}

/// One deviation of a unit from a learned association.
pub struct Deviation<'i> {
    /// Index into the file's units.
    pub unit: usize,
    pub rule: &'i Rule,
    /// The segment the antecedent comes from (`None`: a script fact).
    pub segment: Option<usize>,
    pub departure: Departure,
    /// Where to report: records (indices into `Model::records`) the fact belongs on.
    pub records: Vec<usize>,
}

/// The parts of a fact: `H` or `C`, the ApiType it is about (`*` any, `None` for `C:kind=`),
/// and the body (`has:Key`, `Key=Value`, `Key~.Prop`, `kind=Api`).
pub fn fact_parts(fact: &str) -> (char, Option<&str>, &str) {
    if let Some(body) = fact.strip_prefix("H:") {
        return ('H', None, body);
    }
    let body = fact.strip_prefix("C:").unwrap_or(fact);
    if body.starts_with("kind=") {
        return ('C', None, body);
    }
    match body.split_once('/') {
        Some((api, rest)) => ('C', Some(api), rest),
        None => ('C', None, body),
    }
}

/// The key of a fact body (`TriggerZones` of `has:TriggerZones` and `TriggerZones=Battlefield`).
pub fn fact_key(body: &str) -> Option<&str> {
    if let Some(k) = body.strip_prefix("has:") {
        return Some(k);
    }
    if body.starts_with("kind=") {
        return None;
    }
    body.split(['=', '~']).next()
}

/// The deviations of a file's units from a set of idioms, one per unit and fact (the most
/// confident association), with redundant ones dropped: `has:K` when `K=V` is reported for the
/// same records, `C:*/` when the same fact is reported for a named ApiType, facts about an
/// ApiType the chain lacks when `C:kind=` of it is reported.
pub fn deviations<'m, 'i>(
    model: &'m Model<'m>,
    units: &[Unit<'m>],
    idioms: &'i Idioms,
) -> Vec<Deviation<'i>> {
    let mut out: Vec<Deviation<'i>> = Vec::new();
    for (ui, unit) in units.iter().enumerate() {
        let mut best: HashMap<&str, (&'i Rule, Option<usize>)> = HashMap::new();
        for (a, seg) in &unit.antecedents {
            for r in idioms.rules_for(a) {
                if unit.holds(&r.fact) {
                    continue;
                }
                if idioms
                    .exceptions_of(&r.fact)
                    .iter()
                    .any(|e| unit.facts.contains(e) || unit.has_antecedent(e))
                {
                    continue;
                }
                let better = match best.get(r.fact.as_str()) {
                    None => true,
                    Some((old, _)) => {
                        (r.confidence(), r.cards, std::cmp::Reverse(&r.antecedent))
                            > (
                                old.confidence(),
                                old.cards,
                                std::cmp::Reverse(&old.antecedent),
                            )
                    }
                };
                if better {
                    best.insert(r.fact.as_str(), (r, *seg));
                }
            }
        }
        if best.is_empty() {
            continue;
        }
        let facts: Vec<&str> = {
            let mut f: Vec<&str> = best.keys().copied().collect();
            f.sort_unstable();
            f
        };
        for fact in &facts {
            let (c, api, body) = fact_parts(fact);
            // Redundant: the same key with a value is reported.
            if let Some(key) = body.strip_prefix("has:") {
                let prefix = match (c, api) {
                    ('H', _) => "H:".to_string(),
                    (_, Some(a)) => format!("C:{a}/"),
                    _ => "C:".to_string(),
                };
                if facts.iter().any(|f| {
                    f.strip_prefix(prefix.as_str())
                        .is_some_and(|b| b.strip_prefix(key).is_some_and(|r| r.starts_with('=')))
                }) {
                    continue;
                }
            }
            if c == 'C'
                && api == Some("*")
                && facts.iter().any(|f| {
                    let (c2, a2, b2) = fact_parts(f);
                    c2 == 'C' && a2.is_some_and(|a| a != "*") && b2 == body
                })
            {
                continue;
            }
            if c == 'C'
                && let Some(a) = api
                && a != "*"
                && facts.contains(&format!("C:kind={a}").as_str())
            {
                continue;
            }
            // Another effect may do what the text says (`PumpAll` for "get +1/+1"): an effect
            // is missing only when the unit runs none at all.
            if body.starts_with("kind=") && unit.chain.len() > 1 {
                continue;
            }
            let (rule, seg) = best[fact];
            let (departure, records) = place(model, unit, c, api, body);
            out.push(Deviation {
                unit: ui,
                rule,
                segment: seg,
                departure,
                records,
            });
        }
    }
    out
}

/// Whether a written value is the idiom's value or narrows it (`Card.Self+wasCast` for
/// `Card.Self`).
fn extends(written: &str, value: &str) -> bool {
    written == value
        || written
            .strip_prefix(value)
            .is_some_and(|rest| rest.starts_with('+') || rest.starts_with('.'))
}

/// Where a fact belongs, and whether the unit contradicts it there.
fn place(
    model: &Model<'_>,
    unit: &Unit<'_>,
    c: char,
    api: Option<&str>,
    body: &str,
) -> (Departure, Vec<usize>) {
    let targets: Vec<usize> = match (c, api) {
        ('H', _) => vec![unit.head],
        (_, Some(a)) if a != "*" => unit.chain[1..]
            .iter()
            .copied()
            .filter(|&r| kind_name(&model.records[r]) == a)
            .collect(),
        _ => vec![unit.head],
    };
    let targets = if targets.is_empty() {
        vec![unit.head]
    } else {
        targets
    };
    if let Some((key, value)) = body.split_once('=')
        && !body.starts_with("kind=")
        && !key.contains('~')
    {
        let mut contradicting = Vec::new();
        for &r in &targets {
            let rec = &model.records[r];
            if let Some(pi) = rec
                .params
                .iter()
                .rposition(|p| p.has_dollar && p.key == key && !p.shadowed)
                && !extends(rec.params[pi].value.trim(), value)
            {
                contradicting.push((r, pi));
            }
        }
        if !contradicting.is_empty() {
            let records = contradicting.iter().map(|&(r, _)| r).collect();
            return (Departure::Contradicts(contradicting), records);
        }
    }
    (Departure::Missing, targets)
}

/// The miner's units of one card file (read against every shipped Forge version's words).
pub fn file_units(text: &str, fallback_name: &str) -> Vec<super::Unit> {
    let parse = syntax::forge::parse(text);
    let Some(tree) = syntax::forge::ast::SourceFile::cast(parse.syntax()) else {
        return Vec::new();
    };
    let vocab = crate::forge::versions::any_version();
    let model = Model::build(text, &tree, false, vocab);
    let card = model
        .faces
        .iter()
        .find_map(|f| f.name)
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .unwrap_or(fallback_name)
        .to_string();
    mine_units(&model, &card)
}
