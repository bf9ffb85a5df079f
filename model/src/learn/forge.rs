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
use crate::forge::script::{ABILITY_KEYS, Model, Origin, RecordInfo, Role};
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
pub fn role_tag(rec: &RecordInfo<'_>) -> &'static str {
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
    let mut out = Vec::new();
    each_record_fact(rec, |_| true, &mut |_, pieces| out.push(pieces.concat()));
    let _ = model;
    out.sort_unstable();
    out.dedup();
    out
}

/// Calls `emit` with each fact of a record (without prefix) as the pieces it is the
/// concatenation of, in no set order and possibly more than once. The facts of a parameter
/// whose key `want` declines are left out, but for its `has:` fact, emitted with `false`.
fn each_record_fact<'a>(
    rec: &RecordInfo<'a>,
    want: impl Fn(&str) -> bool,
    emit: &mut impl FnMut(bool, &[&'a str]),
) {
    emit(true, &["role=", role_tag(rec)]);
    emit(true, &["kind=", kind_name(rec)]);
    for (i, p) in rec.params.iter().enumerate() {
        if !p.has_dollar || p.shadowed || Some(i) == rec.kind_param || p.key.is_empty() {
            continue;
        }
        let key = p.key;
        if SKIP.contains(&key) {
            continue;
        }
        let wanted = want(key);
        emit(wanted, &["has:", key]);
        if ABILITY_KEYS.contains(&key) {
            continue;
        }
        let value = p.value.trim();
        if key == "Cost" {
            cost_facts(value, emit);
            continue;
        }
        if !wanted {
            continue;
        }
        if !value.is_empty()
            && value.len() <= 40
            && (!value.bytes().any(|b| b.is_ascii_digit()) || value == "True" || value == "False")
        {
            emit(true, &[key, "=", value]);
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
                    emit(true, &[key, "~", base]);
                }
                for prop in props.into_iter().flat_map(|p| p.split('+')).take(16) {
                    let prop = strip_comparison(prop.split(' ').next().unwrap_or(prop));
                    if !prop.is_empty() {
                        emit(true, &[key, "~.", prop]);
                    }
                }
            }
        }
    }
}

/// `powerGE2` → `powerGE`, `cmcLEX` → `cmcLE`: the comparison without its operand.
fn strip_comparison(prop: &str) -> &str {
    for op in ["EQ", "NE", "LT", "LE", "GT", "GE"] {
        if let Some(i) = crate::search::find(prop, op)
            && i > 0
            && prop.len() > i + 2
        {
            return &prop[..i + 2];
        }
    }
    prop
}

fn cost_facts<'a>(cost: &'a str, emit: &mut impl FnMut(bool, &[&'a str])) {
    for part in cost.split_whitespace().take(32) {
        if let Some(lt) = part.find('<') {
            let name = &part[..lt];
            if !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphabetic()) {
                emit(true, &["cost:", name]);
            }
            if part.contains("LOYALTY") {
                emit(true, &["cost:LOYALTY"]);
            }
        } else if part == "T" || part == "Q" {
            emit(true, &["cost:", part]);
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
    /// Every fact (`H:` and `C:`); for a checker (`units_for`), only those of the parameters
    /// its idioms look up (`Lookups`).
    pub facts: BTreeSet<String>,
    /// For a checker, the parameters whose `has:` facts `facts` may leave out: the key, and
    /// where it is (`None` on the head, else `*` and the ApiType of a record it runs).
    pub has: Vec<(Option<&'m str>, &'m str)>,
}

/// The fact `Unit::holds` accepts in place of one (of its parts) on the other side of the
/// chain.
fn twin(c: char, api: Option<&str>, body: &str) -> String {
    match (c, api) {
        ('H', _) => format!("C:*/{body}"),
        _ => format!("H:{body}"),
    }
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
        if self.facts.contains(&twin(c, api, body)) {
            return true;
        }
        // A more specific variant of the key (`GameActivationLimit$` for `ActivationLimit$`).
        if let Some(key) = body.strip_prefix("has:") {
            let longer = |k: &str| k.len() > key.len() && k.ends_with(key);
            let (prefix, scope) = match (c, api) {
                ('H', _) => ("H:has:".to_string(), None),
                (_, Some(a)) => (format!("C:{a}/has:"), Some(a)),
                _ => ("C:*/has:".to_string(), Some("*")),
            };
            return self.has.iter().any(|&(s, k)| s == scope && longer(k))
                || self
                    .facts
                    .iter()
                    .any(|f| f.strip_prefix(prefix.as_str()).is_some_and(longer));
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

/// The units of a file, with every antecedent (the miner's view).
pub fn units<'m>(model: &'m Model<'m>) -> Vec<Unit<'m>> {
    units_filtered(model, None, |_, _| true, |_, _, _| true)
}

/// The units of a file as a set of idioms sees them: only the antecedents (and exception
/// features) the idioms know are kept, units that hold none are dropped, and so are units whose
/// head and chain `want` declines (before their text is read: a cheap test of whether any fact
/// the caller reports can be missing).
pub fn units_for<'m>(
    model: &'m Model<'m>,
    idioms: &Idioms,
    want: impl Fn(usize, &[usize]) -> bool,
) -> Vec<Unit<'m>> {
    units_filtered(model, Some(idioms), want, |_, _, _| true)
}

/// `units_for`, and units whose antecedents `keep` declines are dropped too, once their text is
/// read but before any string is built: `keep` gets the head, the chain and the hashes
/// (`text::hash_antecedent`) of the antecedents the idioms may know (a finer test than `want`'s,
/// by what the idioms of those antecedents predict).
pub fn units_kept<'m>(
    model: &'m Model<'m>,
    idioms: &Idioms,
    want: impl Fn(usize, &[usize]) -> bool,
    keep: impl Fn(usize, &[usize], &[u64]) -> bool,
) -> Vec<Unit<'m>> {
    units_filtered(model, Some(idioms), want, keep)
}

/// What a checker looks up in its units' facts (`Unit::holds` and the exceptions of
/// `deviations`): the parameter keys some looked-up fact may be about. The facts of other
/// parameters are not built (their `has:` facts only listed, for `holds`'s longer variants).
#[derive(Debug, Default)]
pub struct Lookups {
    keys: crate::forge::vocab::Set<String>,
    /// The hashes (`text::Fnv`) of the facts looked up: those of rules, their twins and the
    /// exception features.
    facts: crate::forge::vocab::Set<u64>,
}

impl Lookups {
    pub fn new(idioms: &Idioms) -> Lookups {
        let mut keys = crate::forge::vocab::Set::default();
        let mut facts = crate::forge::vocab::Set::default();
        for r in &idioms.rules {
            facts.insert(text::Fnv::of(&r.fact));
            let (c, api, body) = fact_parts(&r.fact);
            facts.insert(text::Fnv::of(&twin(c, api, body)));
        }
        for e in idioms.exceptions.values().flatten() {
            facts.insert(text::Fnv::of(e));
        }
        // A fact's twin (`Unit::holds`) has its body, hence its key.
        let looked_up = idioms
            .rules
            .iter()
            .map(|r| r.fact.as_str())
            .chain(idioms.exceptions.values().flatten().map(String::as_str));
        for fact in looked_up {
            // Every place a key may start (after `H:`, `C:`, any `/`), with and without `has:`:
            // more keys than there are is only more facts built.
            let starts = [0, 2]
                .into_iter()
                .chain(fact.match_indices('/').map(|(i, _)| i + 1));
            for start in starts {
                let Some(body) = fact.get(start..) else {
                    continue;
                };
                for body in [body, body.strip_prefix("has:").unwrap_or(body)] {
                    let key = body.split(['=', '~']).next().unwrap_or(body);
                    // Most keys recur (one per exception feature): made once.
                    if !keys.contains(key) {
                        keys.insert(key.to_string());
                    }
                }
            }
        }
        Lookups { keys, facts }
    }

    /// Whether a fact (a prefix's hash, and pieces) may be looked up.
    fn looks_up(&self, prefix: text::Fnv, pieces: &[&str]) -> bool {
        let mut h = prefix;
        for p in pieces {
            h.write(p.as_bytes());
        }
        self.facts.contains(&h.0)
    }

    /// Whether the facts of a parameter may be looked up.
    fn wants(&self, key: &str) -> bool {
        key.contains(['=', '~']) || self.keys.contains(key)
    }
}

/// The role tag of a unit's head: a record held in an SVar (a charm's mode, a trigger an effect
/// grants) is learned apart from the card's own lines (`gT`): its idioms differ (no
/// `TriggerZones$` on a granted trigger).
pub fn unit_tag(rec: &RecordInfo<'_>) -> &'static str {
    let tag = role_tag(rec);
    match rec.origin {
        Origin::Line(_) => tag,
        Origin::Svar(_) => match tag {
            "AB" => "gAB",
            "SP" => "gSP",
            "ST" => "gST",
            "DB" => "gDB",
            "T" => "gT",
            "S" => "gS",
            "R" => "gR",
            _ => "g?",
        },
    }
}

/// The pieces of a record's fact (at most three), kept until its string is needed.
#[derive(Clone, Copy)]
struct Pieces<'a> {
    pieces: [&'a str; 3],
    len: usize,
}

impl<'a> Pieces<'a> {
    fn of(pieces: &[&'a str]) -> Pieces<'a> {
        let mut out = Pieces {
            pieces: [""; 3],
            len: pieces.len().min(3),
        };
        out.pieces[..out.len].copy_from_slice(&pieces[..out.len]);
        out
    }

    fn as_slice(&self) -> &[&'a str] {
        &self.pieces[..self.len]
    }
}

/// A fact as a string: a prefix and the pieces of a record's fact.
fn joined(prefix: &str, pieces: &[&str]) -> String {
    let mut s = String::with_capacity(prefix.len() + pieces.iter().map(|p| p.len()).sum::<usize>());
    s.push_str(prefix);
    for p in pieces {
        s.push_str(p);
    }
    s
}

fn units_filtered<'m>(
    model: &'m Model<'m>,
    idioms: Option<&Idioms>,
    want: impl Fn(usize, &[usize]) -> bool,
    keep: impl Fn(usize, &[usize], &[u64]) -> bool,
) -> Vec<Unit<'m>> {
    let refs_by_record = model.ability_refs_by_record();
    let lookups = idioms.map(Idioms::forge_lookups);
    let wants = |key: &str| lookups.is_none_or(|l| l.wants(key));
    let mut names_of: Vec<Option<Vec<String>>> = vec![None; model.faces.len()];
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
        let chain = model.runs(&refs_by_record, ri, MAX_CHAIN);
        if !want(ri, &chain) {
            continue;
        }
        let Some(text) = chain.iter().find_map(|&r| description(&model.records[r])) else {
            continue;
        };
        let names: Vec<&str> = match names_of.get_mut(rec.face) {
            Some(slot) => slot
                .get_or_insert_with(|| face_names(model, rec.face))
                .iter()
                .map(|s| s.as_str())
                .collect(),
            None => Vec::new(),
        };
        let segments = text::segments(text, &names, rec.role == Role::Trigger);
        let tag = unit_tag(rec);
        // The head's facts, and its antecedents among them (`T#S:kind=SpellCast`): for a set of
        // idioms, only the pieces of those they may know (and, once the unit is kept, of the
        // facts they may look up) are kept, and strings are built once the unit is known to
        // hold an antecedent.
        let fnv = |prefix: &str| {
            let mut h = text::Fnv::new();
            h.write(prefix.as_bytes());
            h
        };
        let h_prefix = fnv("H:");
        let mut s_scope = text::Fnv::new();
        s_scope.write(tag.as_bytes());
        s_scope.write(b"#S:");
        let s_prefix = format!("{tag}#S:");
        let mut fact_antecedents: Vec<(Pieces<'m>, u64)> = Vec::new();
        let mut head_facts: Vec<Pieces<'m>> = Vec::new();
        let mut has: Vec<(Option<&'m str>, &'m str)> = Vec::new();
        each_record_fact(rec, wants, &mut |wanted, pieces| {
            let first = pieces[0];
            if first.starts_with("kind=") || first.starts_with("cost:") || first == "has:" {
                let (known, hash) = match idioms {
                    None => (true, 0),
                    Some(i) if pieces.iter().any(|p| p.contains('|')) => {
                        let h = text::hash_antecedent(&joined(&s_prefix, pieces));
                        (i.may_know(h), h)
                    }
                    Some(i) => {
                        let mut h = s_scope;
                        for p in pieces {
                            h.write(p.as_bytes());
                        }
                        (i.may_know(h.0), h.0)
                    }
                };
                if known {
                    fact_antecedents.push((Pieces::of(pieces), hash));
                }
                if first == "has:" && idioms.is_some() {
                    has.push((None, pieces[1]));
                }
            }
            if wanted {
                head_facts.push(Pieces::of(pieces));
            }
        });
        // The templates of the text the idioms may know (every one for the miner), as spans.
        let mut spans: Vec<(usize, bool, usize, usize)> = Vec::new();
        let mut hashes: Vec<u64> = Vec::new();
        let mut scope = String::new();
        for (si, seg) in segments.iter().enumerate() {
            scope.clear();
            scope.push_str(tag);
            scope.push_str(seg.part.tag());
            scope.push('|');
            if let Some(idioms) = idioms {
                for (h, anchored, s, e) in text::template_hashes(&seg.words, &scope) {
                    if idioms.may_know(h) {
                        spans.push((si, anchored, s, e));
                        hashes.push(h);
                    }
                }
            }
        }
        if idioms.is_some() {
            hashes.extend(fact_antecedents.iter().map(|(_, h)| *h));
            if hashes.is_empty() || !keep(ri, &chain, &hashes) {
                continue;
            }
        }
        let mut antecedents: Vec<(String, Option<usize>)> = Vec::new();
        for (si, seg) in segments.iter().enumerate() {
            scope.clear();
            scope.push_str(tag);
            scope.push_str(seg.part.tag());
            scope.push('|');
            if idioms.is_none() {
                for t in text::templates(&seg.words) {
                    antecedents.push((format!("{scope}{t}"), Some(si)));
                }
            }
            for &(_, anchored, s, e) in spans.iter().filter(|sp| sp.0 == si) {
                let t = text::scoped_template_text(&scope, &seg.words, anchored, s, e);
                antecedents.push((t, Some(si)));
            }
        }
        for (p, _) in &fact_antecedents {
            antecedents.push((joined(&s_prefix, p.as_slice()), None));
        }
        antecedents.sort();
        antecedents.dedup_by(|a, b| a.0 == b.0);
        // The head's facts the idioms may look up, sifted once the unit is kept.
        let head_facts = head_facts
            .iter()
            .filter(|p| lookups.is_none_or(|l| l.looks_up(h_prefix, p.as_slice())))
            .map(|p| joined("H:", p.as_slice()));
        let mut facts = BTreeSet::new();
        let f_prefix = fnv("F:type=");
        for t in face_types(model, rec.face) {
            if lookups.is_none_or(|l| l.looks_up(f_prefix, &[t])) {
                facts.insert(joined("F:type=", &[t]));
            }
        }
        facts.extend(head_facts);
        for &r in &chain[1..] {
            let sub = &model.records[r];
            let kind = kind_name(sub);
            // An ApiType with a `/` would blur where a key starts: all its facts are built.
            let whole = idioms.is_none() || kind.contains('/');
            let kind_prefix = format!("C:{kind}/");
            let (c_hash, any_hash, kind_hash) = (fnv("C:"), fnv("C:*/"), fnv(&kind_prefix));
            // Whether to build a fact (`whole`: every fact, for `holds`'s longer variants).
            let build = |prefix: text::Fnv, pieces: &[&str]| {
                whole || lookups.is_none_or(|l| l.looks_up(prefix, pieces))
            };
            each_record_fact(sub, |key| whole || wants(key), &mut |wanted, pieces| {
                if pieces[0] == "has:" && !whole {
                    has.push((Some("*"), pieces[1]));
                    has.push((Some(kind), pieces[1]));
                }
                if !wanted || pieces[0] == "role=" {
                    return;
                }
                if pieces[0] == "kind=" {
                    if build(c_hash, pieces) {
                        facts.insert(joined("C:", pieces));
                    }
                } else if build(any_hash, pieces) {
                    facts.insert(joined("C:*/", pieces));
                }
                if build(kind_hash, pieces) {
                    facts.insert(joined(&kind_prefix, pieces));
                }
            });
        }
        out.push(Unit {
            head: ri,
            chain,
            segments,
            antecedents,
            facts,
            has,
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
