//! The checks that turn a Forge record into findings before it resolves: costs, targets,
//! `Defined$` references, amounts and `Count$` keys, the parameters its ApiType needs.
//!
//! A `Defined$` reference is judged over the whole play (`Sim::defined`): it is reported only if
//! no path through the face ever resolves it.

use super::board::zone_of;
use super::build::{Face, Param, Rec};
use super::effects::entry;
use super::sim::{Origin, Sim, Tgt};
use super::valid::Tri;
use crate::core::game::Zone;
use crate::findings::{Finding, Kind};
use syntax::TextRange;

/// Values of amount params that the engine sets itself, or that are words rather than SVars.
const SPECIAL_AMOUNTS: &[&str] = &[
    "All",
    "Any",
    "PreventedDamage",
    "RepeatCounterAmount",
    "Remembered",
    "AFLifeLost",
    "XChoice",
    "ChosenNumber",
    "Count",
    "Random",
];

/// Whole values of cost parts that are not Valid expressions.
const SPECIAL_COST_VALUES: &[&str] = &[
    "Hand",
    "SameColor",
    "Random",
    "LastDrawn",
    "Tgt",
    "TgtChoose",
    "OriginalHost",
    "Imprinted",
    "Remembered",
    "Equipped",
    "Enchanted",
    "TopOfLibrary",
    "Creature.Other",
    "XChoice",
];

/// Params whose value is a Defined reference.
const DEFINED_KEYS: &[&str] = &[
    "Defined",
    "DefinedPlayer",
    "DefinedCards",
    "ConditionDefined",
    "UnlessPayer",
    "OptionalDecider",
];

/// Params whose value is an amount.
const AMOUNT_KEYS: &[&str] = &[
    "NumDmg",
    "NumCards",
    "LifeAmount",
    "CounterNum",
    "Amount",
    "TokenAmount",
    "NumAtt",
    "NumDef",
    "ChangeNum",
    "DigNum",
    "ScryNum",
    "NumTurns",
];

/// What the face can ever make a `Defined$` word resolve to: something remembered, imprinted,
/// enchanted or equipped. Without it, `Defined$ Remembered` and the like resolve to nothing.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Resolvable {
    pub remember: bool,
    pub imprint: bool,
    pub attach: bool,
    pub equip: bool,
}

impl Resolvable {
    pub(super) fn of(face: &Face) -> Resolvable {
        let all_keys = face_keys(face);
        Resolvable {
            remember: all_keys.iter().any(|k| k.contains("Remember"))
                || face_mentions(face, "Remember")
                || face_apis(face)
                    .iter()
                    .any(|a| entry(a).is_some_and(|e| e.remembers)),
            imprint: all_keys.iter().any(|k| k.contains("Imprint"))
                || face_mentions(face, "Imprint"),
            attach: face.has_type("Aura")
                || face.has_keyword("Bestow")
                || face.has_keyword("Enchant")
                || all_keys.iter().any(|k| k == "Attach")
                || face.has_type("Fortification"),
            equip: face.has_type("Equipment")
                || face.has_keyword("Equip")
                || face.has_keyword("Reconfigure")
                || all_keys.iter().any(|k| k == "Attach"),
        }
    }
}

impl Sim<'_> {
    /// Checks a record about to resolve, in the order the play meets them: its cost (when a
    /// player casts or activates it), its targets (choosing the first legal one for the
    /// effect), its `Defined$` and `RememberObjects$` references, its amounts, the parameters
    /// its ApiType needs. Returns whether the record itself targets.
    pub(super) fn check_record(
        &mut self,
        rec: &Rec,
        api: &str,
        api_range: TextRange,
        origin: &Origin,
    ) -> bool {
        if origin.played
            && let Some(cost) = rec.get_ci("Cost")
        {
            self.check_cost(cost);
        }
        let mut here_targets = false;
        if let Some(tgts) = rec.get_ci("ValidTgts") {
            here_targets = true;
            self.check_targets(rec, api, tgts);
        }
        // With `RelativeTarget$` or `DamageSource$`, Defined resolves relative to another
        // object, so `Enchanted` need not be this card's.
        let relative = rec.get("RelativeTarget").is_some() || rec.get("DamageSource").is_some();
        for key in DEFINED_KEYS {
            if let Some(p) = rec.get(key) {
                self.check_defined(p, origin, here_targets, relative);
            }
        }
        if let Some(p) = rec.get("RememberObjects") {
            for piece in p.value.split(',') {
                let mut single = p.clone();
                single.value = piece.trim().to_string();
                self.check_defined(&single, origin, here_targets, false);
            }
        }
        // `Announce$ X`: the player names X on casting, which overwrites the SVar X.
        let announced: Vec<String> = rec
            .value("Announce")
            .map(|a| a.split(',').map(|w| w.trim().to_string()).collect())
            .unwrap_or_default();
        for key in AMOUNT_KEYS {
            if let Some(p) = rec.get(key)
                && !announced.iter().any(|a| a == p.value.trim())
            {
                self.check_amount(p, origin);
            }
        }
        self.check_required(rec, api, api_range);
        here_targets
    }

    pub(super) fn check_cost(&mut self, cost: &Param) {
        for part in split_cost(&cost.value) {
            let Some(open) = part.find('<') else { continue };
            let name = &part[..open];
            let inner = part[open + 1..].trim_end_matches('>');
            let fields: Vec<&str> = inner.split('/').collect();
            let (zones, only_you): (&[Zone], bool) = match name {
                "Sac" | "tapXType" | "untapYType" | "Return" => (&[Zone::Battlefield], true),
                "Discard" | "Reveal" | "ExileFromHand" => (&[Zone::Hand], true),
                "ExileFromGrave" => (&[Zone::Graveyard], true),
                "Exile" => (&[Zone::Battlefield], true),
                _ => continue,
            };
            let Some(valid) = fields.get(1).map(|v| v.trim()) else {
                continue;
            };
            if matches!(valid, "CARDNAME" | "Self" | "Card.Self" | "NICKNAME")
                || SPECIAL_COST_VALUES.contains(&valid)
            {
                continue;
            }
            // In costs `;` separates alternatives too.
            let valid = valid.replace(';', ",");
            let valid = valid.as_str();
            if matches!(name, "Discard")
                && matches!(valid, "Hand" | "Random" | "LastDrawn" | "Card")
            {
                continue;
            }
            let t = self.ctx().exists(valid, zones, only_you.then_some(0));
            if t == Tri::False {
                self.find(Finding::new(
                    Kind::UnpayableCost,
                    cost.value_range,
                    format!(
                        "no object can pay `{part}`: nothing can be `{valid}`, so this ability can never be activated"
                    ),
                ));
            }
        }
    }

    pub(super) fn check_targets(&mut self, rec: &Rec, api: &str, tgts: &Param) {
        let zones_in =
            |p: &Param| -> Vec<Zone> { p.value.split([',', ' ']).filter_map(zone_of).collect() };
        let mut zones: Vec<Zone> = rec.get_ci("TgtZone").map(zones_in).unwrap_or_default();
        // A ChangeZone that targets cards targets them in its `Origin$`, whatever `TgtZone$`
        // says (Forge sets the target zone from it when the ability is built).
        if api.eq_ignore_ascii_case("ChangeZone") || api.eq_ignore_ascii_case("ChangeZoneAll") {
            let players = (0..2).any(|p| self.ctx().player(&tgts.value, p) != Tri::False);
            let origin = rec.get_ci("Origin").map(zones_in).unwrap_or_default();
            if !players && !origin.is_empty() {
                zones = origin;
            }
        }
        let zones = if zones.is_empty() {
            vec![Zone::Battlefield]
        } else {
            zones
        };
        let t = self.ctx().exists(&tgts.value, &zones, None);
        if t == Tri::False {
            self.find(Finding::new(
                Kind::NoLegalTarget,
                tgts.value_range,
                format!(
                    "no object can be a target `{}`: Forge offers no legal target, so the spell or ability can never be played",
                    tgts.value
                ),
            ));
        }
        // Choose the first legal target for the play: the opponent first, as for cards, so
        // that an ability that may target either player is seen acting on the one its text
        // may not mean.
        self.targets.clear();
        for p in [1, 0] {
            if self.ctx().player(&tgts.value, p) == Tri::True {
                self.targets.push(Tgt::Player(p));
                return;
            }
        }
        for p in [1, 0] {
            for &z in &zones {
                for &c in self.game.players[p].zone(z) {
                    if self.ctx().card(&tgts.value, c) == Tri::True {
                        self.targets.push(Tgt::Card(c));
                        return;
                    }
                }
            }
        }
    }

    pub(super) fn check_defined(
        &mut self,
        p: &Param,
        origin: &Origin,
        here_targets: bool,
        relative: bool,
    ) {
        let value = p.value.trim();
        let head: &str = value.split(['.', ' ', '&']).next().unwrap_or("");
        let targets = origin.targets || here_targets;
        let verdict: Option<(bool, String)> = if matches!(
            head,
            "Targeted"
                | "TargetedCard"
                | "TargetedPlayer"
                | "TargetedController"
                | "TargetedOwner"
                | "TargetedAndYou"
                | "TargetedObjects"
                | "TargetedSource"
        ) {
            Some((
                targets,
                format!(
                    "`{}$ {value}` resolves to nothing: neither this ability nor any ability before it in its chain has targets (`ValidTgts$`)",
                    p.key
                ),
            ))
        } else if head == "ParentTarget" {
            Some((
                origin.targets,
                format!(
                    "`{}$ {value}` resolves to nothing: no ability before this one in its chain has targets",
                    p.key
                ),
            ))
        } else if let Some(rest) = head.strip_prefix("Triggered") {
            match &origin.trigger_mode {
                None => Some((
                    false,
                    format!(
                        "`{}$ {value}` resolves to nothing: this ability is not run by a trigger, so there is no triggered object",
                        p.key
                    ),
                )),
                Some(mode) if mode.starts_with("Replacement:") => Some((true, String::new())),
                Some(mode) => match self.words.trigger_variables(mode) {
                    None => Some((true, String::new())),
                    Some(keys) => {
                        let copied = origin
                            .copied_modes
                            .iter()
                            .filter_map(|m| self.words.trigger_variables(m))
                            .flatten()
                            .any(|k| rest.starts_with(k));
                        let unknown_copied = origin
                            .copied_modes
                            .iter()
                            .any(|m| self.words.trigger_variables(m).is_none());
                        let provided =
                            copied || unknown_copied || keys.iter().any(|k| rest.starts_with(k));
                        Some((
                            provided,
                            format!(
                                "`{}$ {value}` resolves to nothing: a `Mode$ {mode}` trigger provides {}",
                                p.key,
                                keys.iter()
                                    .map(|k| format!("Triggered{k}"))
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ),
                        ))
                    }
                },
            }
        } else if head.starts_with("Remembered") || head == "DirectRemembered" {
            Some((
                self.resolvable.remember,
                format!(
                    "`{}$ {value}` resolves to nothing: nothing on this card remembers an object (no `Remember...$` parameter)",
                    p.key
                ),
            ))
        } else if head.starts_with("Imprinted") {
            Some((
                self.resolvable.imprint,
                format!(
                    "`{}$ {value}` resolves to nothing: nothing on this card imprints an object (no `Imprint...$` parameter)",
                    p.key
                ),
            ))
        } else if head.starts_with("Enchanted") && !relative {
            Some((
                self.resolvable.attach,
                format!(
                    "`{}$ {value}` resolves to nothing: this card is not an Aura and never attaches to anything",
                    p.key
                ),
            ))
        } else if head.starts_with("Equipped") {
            Some((
                self.resolvable.equip,
                format!(
                    "`{}$ {value}` resolves to nothing: this card is not an Equipment and never attaches to anything",
                    p.key
                ),
            ))
        } else {
            None
        };
        if let Some((ok, message)) = verdict {
            let entry = self.defined.entry(p.value_range).or_insert((false, None));
            if ok {
                entry.0 = true;
            } else if entry.1.is_none() {
                entry.1 = Some(Finding::new(Kind::DefinedNothing, p.value_range, message));
            }
        }
    }

    pub(super) fn check_amount(&mut self, p: &Param, origin: &Origin) {
        let v = p.value.trim().trim_start_matches(['+', '-']);
        if v.is_empty() || v.parse::<i32>().is_ok() {
            return;
        }
        if v.contains('$') {
            self.check_expression(v, p.value_range, origin);
            return;
        }
        match self.face.svars.get(v) {
            None => {
                if v == "ChosenX"
                    || v.starts_with("Cost")
                    || v.starts_with("VoteNum")
                    || SPECIAL_AMOUNTS.contains(&v)
                    || v == "X" && self.face.mana.x > 0
                    || face_apis(self.face)
                        .iter()
                        .any(|a| a == "flipacoin" || a == "choosenumber")
                {
                    return;
                }
                self.find(Finding::new(
                    Kind::CountUnevaluable,
                    p.value_range,
                    format!(
                        "`{}$ {}`: this face has no SVar `{v}`, so Forge counts the amount as 0",
                        p.key, p.value
                    ),
                ));
            }
            Some(sv) => {
                let value = sv.value.clone();
                let range = sv.value_range;
                self.check_expression(&value, range, origin);
            }
        }
    }

    pub(super) fn check_expression(&mut self, value: &str, range: TextRange, origin: &Origin) {
        let v = value.trim();
        if v.parse::<i32>().is_ok() {
            return;
        }
        let Some((prefix, rest)) = v.split_once('$') else {
            return;
        };
        if prefix != "Count" {
            if let Some(key) = prefix.strip_prefix("Triggered")
                && !key.is_empty()
                && let Some(mode) = &origin.trigger_mode
                && let Some(keys) = self.words.trigger_variables(mode)
                && !keys.iter().any(|k| key.starts_with(k))
            {
                self.find(Finding::new(
                    Kind::CountUnevaluable,
                    range,
                    format!("`{v}`: a `Mode$ {mode}` trigger provides no `Triggered{key}`, so the amount is 0"),
                ));
            }
            return;
        }
        let key: &str = rest.split([' ', '/', '.']).next().unwrap_or("");
        let known = self.words.count_keys().count_key_known(key);
        if !known && !key.starts_with("Triggered") && !key.starts_with("Replaced") {
            self.find(Finding::new(
                Kind::CountUnevaluable,
                range,
                format!("`Count${key}` is not a count Forge knows: it evaluates to 0"),
            ));
        }
    }

    /// The parameters the ApiType's table entry needs (`effects::Need`).
    pub(super) fn check_required(&mut self, rec: &Rec, api: &str, range: TextRange) {
        let Some(need) = entry(&api.to_ascii_lowercase()).and_then(|e| e.needs) else {
            return;
        };
        if need.unless.iter().any(|k| rec.get(k).is_some()) {
            return;
        }
        if !need
            .one_of
            .iter()
            .any(|k| rec.get(k).is_some() || rec.get_ci(k).is_some())
        {
            let wanted = need
                .one_of
                .iter()
                .map(|k| format!("`{k}$`"))
                .collect::<Vec<_>>()
                .join(" or ");
            self.find(Finding::new(
                Kind::MissingParam,
                range,
                format!(
                    "`{api}` needs {wanted} and this ability has none, {}",
                    need.otherwise
                ),
            ));
        }
    }
}

/// Every ApiType of the face, lower case.
fn face_apis(face: &Face) -> Vec<String> {
    let mut out = Vec::new();
    let recs = face
        .abilities
        .iter()
        .chain(face.svars.values().filter_map(|s| s.rec.as_ref()));
    for r in recs {
        if let Some((_, api)) = r.api() {
            out.push(api.value.to_ascii_lowercase());
        }
    }
    out
}

/// Every param key of every record of the face (svars included).
fn face_keys(face: &Face) -> Vec<String> {
    let mut keys = Vec::new();
    let mut add = |r: &Rec| {
        for p in &r.params {
            keys.push(p.key.clone());
            if let Some((_, api)) = r.api()
                && api.value.eq_ignore_ascii_case("Attach")
            {
                keys.push("Attach".into());
            }
        }
    };
    for r in face
        .abilities
        .iter()
        .chain(&face.triggers)
        .chain(&face.statics)
        .chain(&face.replacements)
    {
        add(r);
    }
    for sv in face.svars.values() {
        if let Some(r) = &sv.rec {
            add(r);
        }
    }
    keys
}

/// Whether a word occurs in keyword lines (keywords that remember or imprint by themselves).
fn face_mentions(face: &Face, word: &str) -> bool {
    face.keywords.iter().any(|(k, _)| k.contains(word))
        || face.keywords.iter().any(|(k, _)| {
            let k = k.split(':').next().unwrap_or("");
            matches!(
                k,
                "Champion" | "Haunt" | "Soulbond" | "Hideaway" | "Imprint"
            )
        })
}

/// A cost split on spaces outside `<...>`.
fn split_cost(cost: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut depth = 0;
    for ch in cost.chars() {
        match ch {
            '<' => {
                depth += 1;
                cur.push(ch);
            }
            '>' => {
                depth -= 1;
                cur.push(ch);
            }
            ' ' if depth <= 0 => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            _ => cur.push(ch),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forge::testing::{SPELL, kinds, play};

    #[test]
    fn each_check_finds_its_failure() {
        let cases: &[(&str, Kind)] = &[
            (
                "A:SP$ Destroy | Cost$ 1 R | ValidTgts$ Creture",
                Kind::NoLegalTarget,
            ),
            (
                "A:SP$ Draw | Cost$ 1 R Sac<1/Creture> | NumCards$ 1",
                Kind::UnpayableCost,
            ),
            (
                "A:SP$ Destroy | Cost$ 1 R | Defined$ Targeted",
                Kind::DefinedNothing,
            ),
            (
                "A:SP$ GainLife | Cost$ 1 R | LifeAmount$ X\nSVar:X:Count$NoSuchCount",
                Kind::CountUnevaluable,
            ),
            (
                "A:SP$ GainLife | Cost$ 1 R | LifeAmount$ Y",
                Kind::CountUnevaluable,
            ),
            (
                "A:SP$ DealDamage | Cost$ 1 R | ValidTgts$ Any",
                Kind::MissingParam,
            ),
        ];
        for (line, kind) in cases {
            let got = kinds(&format!("{SPELL}{line}\n"));
            assert!(got.contains(kind), "{line}: expected {kind:?}, got {got:?}");
        }
        // A clean card has no finding at all.
        assert!(kinds(&format!("{SPELL}A:SP$ Draw | Cost$ 1 R | NumCards$ 1\n")).is_empty());
    }

    #[test]
    fn required_parameters_come_from_the_table() {
        let (_, _, f) = play(&format!(
            "{SPELL}A:SP$ DealDamage | Cost$ 1 R | ValidTgts$ Any\n"
        ));
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].message,
            "`DealDamage` needs `NumDmg$` and this ability has none, so it deals 0 damage"
        );
        let (_, _, f) = play(&format!("{SPELL}A:SP$ Token | Cost$ 1 R\n"));
        assert!(
            f.iter()
                .any(|f| f.message.contains("needs `TokenName$` or `TokenScript$`")),
            "{f:?}"
        );
        // Either alternative will do; a waiving key makes the parameter unneeded.
        for line in [
            "A:SP$ Token | Cost$ 1 R | TokenScript$ c_1_1_spirit",
            "A:SP$ PutCounter | Cost$ 1 R | Bolster$ True | CounterNum$ 1",
            "A:SP$ RemoveCounterAll | Cost$ 1 R | AllCounterTypes$ True | ValidCards$ Creature",
            "A:SP$ Mana | Cost$ 1 R | DoubleManaInPool$ True",
        ] {
            let got = kinds(&format!("{SPELL}{line}\n"));
            assert!(!got.contains(&Kind::MissingParam), "{line}: {got:?}");
        }
        let got = kinds(&format!(
            "{SPELL}A:SP$ PutCounter | Cost$ 1 R | CounterNum$ 1\n"
        ));
        assert!(got.contains(&Kind::MissingParam), "{got:?}");
    }

    #[test]
    fn an_announced_amount_is_named_on_casting() {
        // `Announce$ X` overwrites the SVar X (a `Count$XChoice` placeholder) before it is read.
        let announced = format!(
            "{SPELL}A:SP$ DealDamage | Announce$ X | Cost$ 1 R | ValidTgts$ Creature | NumDmg$ X\nSVar:X:Count$XChoice\n"
        );
        assert!(kinds(&announced).is_empty(), "{:?}", kinds(&announced));
    }

    #[test]
    fn remembering_api_types_make_remembered_resolvable() {
        let face = |text: &str| crate::forge::testing::card(text).faces[0].clone();
        let dig = face(&format!(
            "{SPELL}A:SP$ Dig | Cost$ 1 R | DigNum$ 3 | SubAbility$ DBPump\nSVar:DBPump:DB$ Pump | Defined$ Remembered\n"
        ));
        assert!(Resolvable::of(&dig).remember);
        let draw = face(&format!("{SPELL}A:SP$ Draw | Cost$ 1 R | NumCards$ 1\n"));
        assert!(!Resolvable::of(&draw).remember);
    }
}
