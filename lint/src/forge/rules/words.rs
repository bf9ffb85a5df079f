//! Where vocabulary words sit in a file: zone and phase lists, counter names, keywords. Shared
//! by the `unknown-*` rules and `version-specific-name`.

use model::forge::script::{Model, Role};
use syntax::forge::SyntaxKind;
use syntax::forge::ast::{CostField, CostItem};
use syntax::{TextRange, TextSize};

/// Params whose value is a list of zones.
pub const ZONE_KEYS: &[&str] = &[
    "TriggerZones",
    "ActiveZones",
    "EffectZone",
    "AffectedZone",
    "ActivationZone",
    "TgtZone",
    "PresentZone",
    "PresentZone2",
    "ConditionZone",
    "Origin",
    "Destination",
    "DestinationZone",
    "DestinationZone2",
    "FoundDestination",
    "RevealedDestination",
    "ChoiceZone",
    "PumpZone",
    "SourceZone",
    "OriginAlternative",
];

/// Params whose value is a list of phases (with `A->B` ranges).
pub const PHASE_KEYS: &[&str] = &[
    "Phase",
    "ActivationPhases",
    "ConditionPhases",
    "ExtraPhase",
    "AfterPhase",
    "Phases",
    "ActivePhases",
];

/// A word found in a value.
pub struct Found<'a> {
    pub word: &'a str,
    pub range: TextRange,
    /// The param key (or keyword, cost part) it came from.
    pub from: &'a str,
    pub face: usize,
}

fn span(start: TextSize, s: usize, e: usize) -> TextRange {
    TextRange::new(
        start + TextSize::from(s as u32),
        start + TextSize::from(e as u32),
    )
}

/// Every zone word of a zone param.
pub fn zones<'a>(model: &Model<'a>) -> Vec<Found<'a>> {
    let mut out = Vec::new();
    for rec in &model.records {
        let api = if rec.role == Role::Ability {
            rec.kind_value
        } else {
            ""
        };
        for p in &rec.params {
            if !p.has_dollar || !ZONE_KEYS.contains(&p.key) {
                continue;
            }
            // Counter's Destination$ is a word list of its own (TopOfLibrary...).
            if p.key == "Destination" && api.eq_ignore_ascii_case("Counter") {
                continue;
            }
            for (s, e) in super::split_words(p.value, &[',']) {
                out.push(Found {
                    word: &p.value[s..e],
                    range: span(p.value_range.start(), s, e),
                    from: p.key,
                    face: rec.face,
                });
            }
        }
    }
    out
}

/// Every phase item of a phase param: list items split on `,` and `->`.
pub fn phases<'a>(model: &Model<'a>) -> Vec<Found<'a>> {
    let mut out = Vec::new();
    for rec in &model.records {
        for p in &rec.params {
            if !p.has_dollar || !PHASE_KEYS.contains(&p.key) {
                continue;
            }
            let value = p.value;
            let mut offset = 0;
            for item in value.split(',') {
                let mut inner = 0;
                for part in item.split("->") {
                    let lead = part.len() - part.trim_start().len();
                    let word = part.trim();
                    if !word.is_empty() {
                        let s = offset + inner + lead;
                        out.push(Found {
                            word,
                            range: span(p.value_range.start(), s, s + word.len()),
                            from: p.key,
                            face: rec.face,
                        });
                    }
                    inner += part.len() + 2;
                }
                offset += item.len() + 1;
            }
        }
    }
    out
}

/// Every counter name: `CounterType$` values, counter fields of cost parts, `etbCounter`.
pub fn counters<'a>(model: &Model<'a>) -> Vec<Found<'a>> {
    let mut out = Vec::new();
    for rec in &model.records {
        for p in &rec.params {
            if !p.has_dollar {
                continue;
            }
            if p.key == "CounterType" || p.key == "ValidCounterType" {
                // A comma list (Forge splits at `,` only: `Double Strike` is one name).
                for (s, e) in super::split_list(p.value, ',') {
                    out.push(Found {
                        word: &p.value[s..e],
                        range: span(p.value_range.start(), s, e),
                        from: p.key,
                        face: rec.face,
                    });
                }
            }
            if let Some(cost) = model.cost(rec, p) {
                for item in cost.items() {
                    let CostItem::Part(part) = item else { continue };
                    let Some(name) = part.name() else { continue };
                    let name_text = model.slice(name.text_range());
                    if !matches!(name_text, "AddCounter" | "SubCounter") {
                        continue;
                    }
                    if let Some(CostField::Text(t)) = part.fields().get(1) {
                        let r = t.text_range();
                        out.push(Found {
                            word: model.slice(r).trim(),
                            range: r,
                            from: name_text,
                            face: rec.face,
                        });
                    }
                }
            }
        }
    }
    for kw in &model.keywords {
        let pieces = &kw.pieces;
        if pieces.len() >= 2 && model.slice(pieces[0]).trim() == "etbCounter" {
            let r = pieces[1];
            out.push(Found {
                word: model.slice(r).trim(),
                range: r,
                from: "etbCounter",
                face: model.lines[kw.line].face,
            });
        }
    }
    out
}

/// A Valid alternative and where it sits.
pub struct ValidSite<'a> {
    pub base: &'a str,
    pub base_range: TextRange,
    pub props: Vec<(&'a str, TextRange)>,
    /// The param key, or the cost part name for Valid fields of costs.
    pub from: &'a str,
    /// Inside a cost part (`Sac<1/Creature.Other>`), where a few special words are accepted.
    pub in_cost: bool,
    /// Index of the record in `Model::records`.
    pub record: usize,
}

/// Splits one alternative `[!]Base[.prop+prop]` (at `start`) into base and properties.
fn split_alternative(alt: &str, start: TextSize) -> (&str, TextRange, Vec<(&str, TextRange)>) {
    let lead = alt.len() - alt.trim_start().len();
    let body = alt.trim();
    let bang = usize::from(body.starts_with('!'));
    let body_start = lead + bang;
    let body = &body[bang..];
    let (base, rest) = match body.find('.') {
        Some(dot) => (&body[..dot], Some((dot + 1, &body[dot + 1..]))),
        None => (body, None),
    };
    let base_range = span(start, body_start, body_start + base.len());
    let mut props = Vec::new();
    if let Some((offset, rest)) = rest {
        let mut pos = body_start + offset;
        for prop in rest.split('+') {
            let plead = prop.len() - prop.trim_start().len();
            let text = prop.trim();
            props.push((text, span(start, pos + plead, pos + plead + text.len())));
            pos += prop.len() + 1;
        }
    }
    (base, base_range, props)
}

/// Every Valid alternative of every record (params and cost-part fields). Cost-part fields are
/// split on `;` (and on `,` unless they name a card, whose name may hold a comma).
pub fn valids<'a>(model: &Model<'a>) -> Vec<ValidSite<'a>> {
    let mut out = Vec::new();
    for (ri, rec) in model.records.iter().enumerate() {
        for p in &rec.params {
            if !p.has_dollar {
                continue;
            }
            match p.value_kind {
                Some(SyntaxKind::VALID_LIST) => {
                    // The parser splits alternatives on `,`, the base at the first `.` and the
                    // properties on `+`: the same split on the value text, without visiting
                    // every token of the tree.
                    let mut offset = 0usize;
                    for alt in p.value.split(',') {
                        if !alt.trim().is_empty() {
                            let at = p.value_range.start() + TextSize::from(offset as u32);
                            let (base, base_range, props) = split_alternative(alt, at);
                            out.push(ValidSite {
                                base,
                                base_range,
                                props,
                                from: p.key,
                                in_cost: false,
                                record: ri,
                            });
                        }
                        offset += alt.len() + 1;
                    }
                }
                Some(SyntaxKind::COST) => {
                    let Some(cost) = model.cost(rec, p) else {
                        continue;
                    };
                    for item in cost.items() {
                        let CostItem::Part(part) = item else { continue };
                        let name = part
                            .name()
                            .map(|t| model.slice(t.text_range()))
                            .unwrap_or("");
                        for field in part.fields() {
                            let CostField::Valid(list) = field else {
                                continue;
                            };
                            let range = list.syntax().text_range();
                            let text = model.slice(range);
                            let mut offset = 0usize;
                            for piece in text.split(';') {
                                let alts: Vec<(usize, &str)> = if piece.contains("named") {
                                    vec![(0, piece)]
                                } else {
                                    let mut v = Vec::new();
                                    let mut o = 0;
                                    for a in piece.split(',') {
                                        v.push((o, a));
                                        o += a.len() + 1;
                                    }
                                    v
                                };
                                for (o, alt) in alts {
                                    if alt.trim().is_empty() {
                                        continue;
                                    }
                                    let at = range.start() + TextSize::from((offset + o) as u32);
                                    let (base, base_range, props) = split_alternative(alt, at);
                                    out.push(ValidSite {
                                        base,
                                        base_range,
                                        props,
                                        from: name,
                                        in_cost: true,
                                        record: ri,
                                    });
                                }
                                offset += piece.len() + 1;
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }
    out
}
