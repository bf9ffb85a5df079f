//! Which parameters a record's readers take (from `params.tsv`), and how one written parameter
//! relates to them. Shared by `unknown-param`, `misspelt-param`, `param-key-case` and
//! `piece-without-dollar`; computed once per file (see `Cache`).

use model::forge::script::{ABILITY_KEYS, Model, ParamInfo, RecordInfo, Role};
use model::forge::values::{Reaction, ValueDomain};
use model::forge::vocab::{ParamRow, Scope, Version, Vocabulary};

/// The scopes whose params a record may take.
pub struct RecordScopes {
    /// (the params table's name of the scope, the scope)
    scopes: [Option<(&'static str, &'static Scope)>; 9],
    vocab: &'static Vocabulary,
    /// The reader's name (`Destroy`, `Phase`...), and what it is (`abilities`, `triggers`...).
    pub name: &'static str,
    pub noun: &'static str,
}

impl RecordScopes {
    /// What the record is, for messages ("Destroy abilities", "Phase triggers").
    pub fn what(&self) -> String {
        format!("{} {}", self.name, self.noun)
    }

    /// The params-table key of the record's own scope (`Destroy`, `trigger:Phase`...).
    pub fn scope_key(&self) -> String {
        match self.noun {
            "triggers" => format!("trigger:{}", self.name),
            "static abilities" => format!("static:{}", self.name),
            "replacements" => format!("replacement:{}", self.name),
            _ => self.name.to_string(),
        }
    }

    /// The scopes of a record, or `None` when its reader's params are not known (the version's
    /// facts have no parameter of that ApiType, mode or event, or it is an unknown one).
    pub fn of(rec: &RecordInfo<'_>) -> Option<RecordScopes> {
        RecordScopes::of_in(rec, rec.vocab)
    }

    /// The scopes of a record as one vocabulary (`vocab`, not necessarily the file's) knows them.
    pub fn of_in(rec: &RecordInfo<'_>, vocab: &'static Vocabulary) -> Option<RecordScopes> {
        let params = vocab.params();
        let common = |name: &str| params.named(name);
        let mut scopes: [Option<(&'static str, &'static Scope)>; 9] = [None; 9];
        // Keys the shared trait code reads from every kind of record (`CardTraitBase`).
        scopes[7] = common("common:any");
        let (name, noun) = match rec.role {
            Role::Ability => {
                let api = vocab.api_types().get_ignore_case(rec.kind_value)?;
                let own = params.named(api.name);
                scopes[0] = Some(own?);
                scopes[1] = common("common:ability");
                scopes[2] = common("common:ai");
                if matches!(api.name, "Mana" | "ManaReflected") || rec.param("Produced").is_some() {
                    scopes[3] = common("common:mana");
                }
                if matches!(api.name, "DelayedTrigger" | "ImmediateTrigger") {
                    scopes[4] = common("common:trigger");
                    scopes[5] = common("common:trait");
                    if let Some(mode) = rec
                        .param_ignore_case("Mode")
                        .and_then(|p| vocab.trigger_modes().get_ignore_case(p.value.trim()))
                    {
                        scopes[6] = params.trigger_scope_named(mode.name);
                    }
                }
                (api.name, "abilities")
            }
            Role::Trigger => {
                let mode = vocab.trigger_modes().get_ignore_case(rec.kind_value)?;
                let own = params.trigger_scope_named(mode.name);
                scopes[0] = Some(own?);
                scopes[1] = common("common:trigger");
                scopes[2] = common("common:trait");
                (mode.name, "triggers")
            }
            Role::Static => {
                let mode = vocab.static_modes().get_ignore_case(rec.kind_value)?;
                let own = params.static_scope_named(mode.name);
                scopes[0] = Some(own?);
                scopes[1] = common("common:static");
                scopes[2] = common("common:trait");
                (mode.name, "static abilities")
            }
            Role::Replacement => {
                let event = vocab.replacement_events().get_ignore_case(rec.kind_value)?;
                let own = params.replacement_scope_named(event.name);
                scopes[0] = Some(own?);
                scopes[1] = common("common:replacement");
                scopes[2] = common("common:trait");
                (event.name, "replacements")
            }
            Role::AiHint | Role::Unknown => return None,
        };
        Some(RecordScopes {
            scopes,
            vocab,
            name,
            noun,
        })
    }

    fn iter(&self) -> impl Iterator<Item = &'static Scope> + '_ {
        self.scopes.iter().flatten().map(|(_, s)| *s)
    }

    /// The record's own scope: what its ApiType, trigger mode, static mode or replacement event
    /// itself reads (not the common sets every such record reads).
    pub fn own(&self) -> Option<&'static Scope> {
        self.scopes[0].map(|(_, s)| s)
    }

    /// What the record's readers do with the value of `key`.
    pub fn value_reading(&self, key: &str) -> ValueReading {
        let values = self.vocab.values();
        let mut out = Vec::new();
        let mut read = false;
        for (name, scope) in self.scopes.iter().flatten() {
            if !scope.params.contains_key(key) {
                continue;
            }
            read = true;
            match values.domain(name, key) {
                None => return ValueReading::Open,
                // Compared with a run-time value too: any value may be right.
                Some(d) if d.outside == Reaction::Runtime => return ValueReading::Open,
                Some(d) if d.presence_only => {}
                Some(d) => out.push(d),
            }
        }
        if read {
            ValueReading::Compared(out)
        } else {
            ValueReading::NotRead
        }
    }

    /// The domains of `key` in the scopes that read it and compare its value (run-time
    /// comparisons included); `None` when one of them uses it openly or none reads it.
    pub fn value_domains(&self, key: &str) -> Option<Vec<&'static ValueDomain>> {
        let values = self.vocab.values();
        let mut out = Vec::new();
        for (name, scope) in self.scopes.iter().flatten() {
            if !scope.params.contains_key(key) {
                continue;
            }
            match values.domain(name, key) {
                None => return None,
                Some(d) if d.presence_only => {}
                Some(d) => out.push(d),
            }
        }
        (!out.is_empty()).then_some(out)
    }

    /// The vocabulary the scopes come from.
    pub fn vocab(&self) -> &'static Vocabulary {
        self.vocab
    }

    pub fn reads(&self, key: &str) -> bool {
        self.iter().any(|s| s.params.contains_key(key))
    }

    /// Whether a shipped version reads `key` in one of the record's scopes (by the rows'
    /// version masks, whatever vocabulary the scopes come from).
    pub fn shipped_reads(&self, key: &str, version: Version) -> bool {
        self.iter()
            .any(|s| s.params.get(key).is_some_and(|r| r.versions.has(version)))
    }

    /// The spelling the readers use for a key that differs only by case.
    pub fn case_variant(&self, key: &str) -> Option<&'static str> {
        let spellings = self.vocab.params().folded.get(&key.to_ascii_lowercase())?;
        spellings.iter().copied().find(|k| self.reads(k))
    }

    /// Whether only the AI reads `key` for this record: its readers read it nowhere but in the
    /// AI's code (`forge-ai/`, or `forge/ai/` in older layouts), so the effect, trigger or
    /// static ignores it. Keys named for the AI (`AILogic`) are the AI's by design.
    pub fn only_ai_reads(&self, key: &str) -> bool {
        if key
            .as_bytes()
            .get(..2)
            .is_some_and(|p| p.eq_ignore_ascii_case(b"ai"))
        {
            return false;
        }
        let mut rows = self.iter().filter_map(|s| s.params.get(key)).peekable();
        rows.peek().is_some()
            && rows.all(|r: &ParamRow| {
                r.location.starts_with("forge-ai/")
                    || model::search::contains(r.location, "/forge/ai/")
            })
    }

    pub fn candidates(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> =
            self.iter().flat_map(|s| s.params.keys().copied()).collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The read-by entries of a canonical key's rows.
    pub fn read_by(&self, key: &str) -> Vec<&'static str> {
        self.iter()
            .filter_map(|s| s.params.get(key).map(|r| r.read_by))
            .collect()
    }
}

/// What a record's readers do with a parameter's value.
pub enum ValueReading {
    /// None of them reads the key.
    NotRead,
    /// One of them uses the value openly (passes it on, splits it, counts it).
    Open,
    /// They compare it with the words of these domains (none: they only test whether the key
    /// is there).
    Compared(Vec<&'static ValueDomain>),
}

/// How a written parameter relates to the record's readers.
#[derive(Clone, Copy)]
pub enum ParamClass {
    /// Read (or not checkable).
    Fine,
    /// Differs only by case from `canonical`.
    Case {
        canonical: &'static str,
        /// Read ignoring case while the ability is built: it works.
        works: bool,
        /// 2020 reads it ignoring case (restrictions, conditions); upstream does not.
        works_in_2020: bool,
    },
    /// Read by nothing, and a near miss of a key this record's readers take.
    Misspelt {
        intended: &'static str,
        unique: bool,
    },
    /// Not read by this record's readers.
    Unknown,
}

/// Keys of a created-on-the-fly shape that no list can hold.
fn dynamic_key(rec: &RecordInfo<'_>, key: &str) -> bool {
    // `Vote<choice>$` on Vote, `<Colour>Conversion$` with ManaColorConversion.
    (rec.kind_value.eq_ignore_ascii_case("Vote") && key.starts_with("Vote"))
        || (key.ends_with("Conversion") && rec.param("ManaColorConversion").is_some())
}

pub fn classify(rec: &RecordInfo<'_>, scopes: &RecordScopes, p: &ParamInfo<'_>) -> ParamClass {
    let key = p.key;
    if !p.has_dollar || key.is_empty() || scopes.reads(key) || dynamic_key(rec, key) {
        return ParamClass::Fine;
    }
    if rec
        .kind_param
        .is_some_and(|k| std::ptr::eq(&rec.params[k], p))
    {
        return ParamClass::Fine;
    }
    if let Some(canonical) = scopes.case_variant(key) {
        let read_by = scopes.read_by(canonical).join(",");
        let ability = rec.role == Role::Ability;
        let built = ability
            && (ABILITY_KEYS.contains(&canonical)
                || read_by.contains("AbilityFactory")
                || read_by.contains("record type")
                || read_by.contains("sub-ability key"));
        let restriction =
            ability && (read_by.contains("restriction") || read_by.contains("condition"));
        return ParamClass::Case {
            canonical,
            works: built,
            works_in_2020: restriction,
        };
    }
    if rec.vocab.params().read_anywhere(key) {
        return ParamClass::Unknown;
    }
    let candidates = scopes.candidates();
    if let Some(best) = model::suggest::unique_near_miss(key, candidates.iter().copied()) {
        return ParamClass::Misspelt {
            intended: best,
            unique: true,
        };
    }
    if let Some(best) = model::suggest::did_you_mean(key, candidates.iter().copied()) {
        return ParamClass::Misspelt {
            intended: best,
            unique: false,
        };
    }
    ParamClass::Unknown
}

/// The scopes of every record and the class of every param, computed once per file.
pub struct Classes {
    pub scopes: Vec<Option<RecordScopes>>,
    pub params: Vec<Vec<ParamClass>>,
}

impl Classes {
    pub fn compute(model: &Model<'_>) -> Classes {
        let scopes: Vec<Option<RecordScopes>> =
            model.records.iter().map(RecordScopes::of).collect();
        let params = model
            .records
            .iter()
            .zip(&scopes)
            .map(|(rec, s)| match s {
                Some(s) => rec.params.iter().map(|p| classify(rec, s, p)).collect(),
                None => vec![ParamClass::Fine; rec.params.len()],
            })
            .collect();
        Classes { scopes, params }
    }
}

/// A short phrase saying which readers take `key`, for "it is a ... parameter".
pub fn where_read(vocab: &Vocabulary, key: &str) -> Option<String> {
    let scopes = vocab.params().by_param.get(key)?;
    let pick = |prefix: &str| scopes.iter().find(|s| s.starts_with(prefix)).copied();
    if scopes.contains(&"common:trigger") {
        return Some("it is a trigger parameter".into());
    }
    if scopes.contains(&"common:static") {
        return Some("it is a static-ability parameter".into());
    }
    if scopes.contains(&"common:replacement") {
        return Some("it is a replacement parameter".into());
    }
    if scopes.contains(&"common:ability") {
        return Some("it is an ability parameter".into());
    }
    if let Some(s) = pick("trigger:") {
        return Some(format!("{} triggers read it", &s[8..]));
    }
    if let Some(s) = pick("static:") {
        return Some(format!("{} static abilities read it", &s[7..]));
    }
    if let Some(s) = pick("replacement:") {
        return Some(format!("{} replacements read it", &s[12..]));
    }
    let apis: Vec<&str> = scopes
        .iter()
        .filter(|s| !s.starts_with("common:"))
        .copied()
        .take(3)
        .collect();
    if apis.is_empty() {
        return None;
    }
    Some(format!("{} read it", apis.join(", ")))
}

/// What a key is for, by its name: the Valid expressions and `Affected$` (`valid`), zones,
/// durations and phases. Keys of one family stand for each other in different scopes
/// (`Affected$` on a static mode that reads `ValidCard$`).
pub fn family(key: &str) -> Option<&'static str> {
    if key.ends_with("Zone") || key.ends_with("Zones") || matches!(key, "Origin" | "Destination") {
        Some("zone")
    } else if key.starts_with("Valid") || key.starts_with("Affected") {
        Some("valid")
    } else if key.ends_with("Duration") || key.ends_with("Permanent") {
        Some("duration")
    } else if key.ends_with("Phase") || key.ends_with("Phases") {
        Some("phase")
    } else {
        None
    }
}

/// The first and last words of a CamelCase key (`DestroyPermanent` → `Destroy`, `Permanent`),
/// and whether it has more than one.
fn camel_ends(key: &str) -> (&str, &str, bool) {
    let mut starts = key
        .char_indices()
        .skip(1)
        .filter(|(_, c)| c.is_ascii_uppercase())
        .map(|(i, _)| i);
    let first_end = starts.next();
    let last_start = starts.last().or(first_end);
    (
        &key[..first_end.unwrap_or(key.len())],
        &key[last_start.unwrap_or(0)..],
        first_end.is_some(),
    )
}

/// How much `candidate` looks like what `key` was meant as: a near miss, the same family, and
/// as a tie-breaker a shared first or last word (of four letters or more, besides `Valid`).
/// Under 4 it is no candidate; a key and its negation (`Reveal`, `NoReveal`) never are.
/// `near` says whether the candidate is a near miss of the key (`suggest::near_misses`, asked
/// once for every candidate).
fn likeness(key: &str, candidate: &str, near: bool) -> u32 {
    let negation = |a: &str, b: &str| {
        ["No", "Not", "Non"]
            .iter()
            .any(|n| a.strip_prefix(n) == Some(b))
    };
    if negation(key, candidate) || negation(candidate, key) {
        return 0;
    }
    let mut score = 0;
    // `Player$` for `ValidPlayer$`: the Valid form of the same word.
    if candidate.strip_prefix("Valid") == Some(key) || key.strip_prefix("Valid") == Some(candidate)
    {
        score += 6;
    }
    if near {
        score += 8;
    }
    if family(key).is_some() && family(key) == family(candidate) {
        score += 4;
    }
    let ((a_first, a_last, several), (b_first, b_last, _)) =
        (camel_ends(key), camel_ends(candidate));
    let telling = |w: &str| w.len() >= 4 && w != "Valid";
    if telling(a_first) && a_first == b_first {
        score += 2;
    }
    if several && telling(a_last) && a_last == b_last {
        score += 1;
    }
    score
}

/// Whether a key of the record's own scope is one `intended` may offer for `key`.
fn in_pool(rec: &RecordInfo<'_>, key: &str, candidate: &str) -> bool {
    candidate != key
        && rec.param(candidate).is_none()
        && !syntax::forge::is_text_param(candidate)
        // Targeting changes what the record does; never offered in place of a key.
        && !(candidate.starts_with("Tgt")
            || candidate.starts_with("Target")
            || candidate == "ValidTgts")
}

impl RecordScopes {
    /// The keys of the record's own scope (its ApiType, mode or event) that `key` was probably
    /// meant as, the likeliest first and only those as likely: by name and by family. Keys the
    /// record already has and text keys are left out.
    pub fn intended(&self, rec: &RecordInfo<'_>, key: &str) -> Vec<&'static str> {
        if self.own().is_none() {
            return Vec::new();
        }
        // The families of the record's other keys.
        let used: Vec<&str> = rec
            .params
            .iter()
            .filter(|q| q.key != key)
            .filter_map(|q| family(q.key))
            .collect();
        let pool: Vec<&'static str> = self.intended_pool(rec, key).collect();
        let near = model::suggest::near_misses(key, pool.iter().copied());
        let mut scored: Vec<(u32, &'static str)> = pool
            .into_iter()
            .map(|c| (likeness(key, c, near.contains(&c)), c))
            // A family the record already uses elsewhere needs more than the family alone.
            .filter(|(s, c)| {
                let used = family(c).is_some_and(|f| used.contains(&f));
                *s >= if used { 6 } else { 4 }
            })
            .collect();
        scored.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
        let best = scored.first().map_or(0, |s| s.0);
        scored
            .into_iter()
            .take_while(|s| s.0 == best)
            .map(|(_, c)| c)
            .collect()
    }

    /// The keys `intended` chooses among: those of the record's own scope other than `key`,
    /// that the record does not have, neither text nor targeting keys. Every key `intended`
    /// returns is one of them (a cheap test before ranking them).
    pub fn intended_pool<'s>(
        &'s self,
        rec: &'s RecordInfo<'_>,
        key: &'s str,
    ) -> impl Iterator<Item = &'static str> + 's {
        self.own()
            .into_iter()
            .flat_map(|own| own.params.keys().copied())
            .filter(move |c| in_pool(rec, key, c))
    }

    /// Whether `intended_pool` holds a key that `pick` accepts, testing `pick` first.
    pub fn pool_has(&self, rec: &RecordInfo<'_>, key: &str, pick: impl Fn(&str) -> bool) -> bool {
        self.own()
            .is_some_and(|own| own.params.keys().any(|c| pick(c) && in_pool(rec, key, c)))
    }

    /// How `key` can be rewritten as `candidate` (one of `intended`): `Some(true)` when the
    /// key is a value the candidate's readers compare with (`Permanent$ True` → `Duration$
    /// Permanent`), `Some(false)` when only the key changes (a near miss, the Valid form of the
    /// word, another Valid key), `None` when the value may not fit.
    pub fn rewrite(&self, key: &str, candidate: &str) -> Option<bool> {
        let as_value = self.scopes.iter().flatten().any(|(name, _)| {
            self.vocab
                .values()
                .domain(name, candidate)
                .is_some_and(|d| d.words.iter().any(|w| w.word == key))
        });
        if as_value {
            return Some(true);
        }
        let near = model::suggest::did_you_mean(key, [candidate]).is_some()
            || candidate.strip_prefix("Valid") == Some(key)
            || (family(key) == Some("valid") && family(candidate) == Some("valid"));
        near.then_some(false)
    }

    /// Whether the record's own scope (not the code shared by every record of its kind) reads
    /// `key`.
    pub fn own_reads(&self, key: &str) -> bool {
        self.own().is_some_and(|s| s.params.contains_key(key))
    }

    /// Whether a scope of the record's kind (another ApiType, trigger mode, static mode or
    /// replacement event, or their shared code) reads `key`: a key of another kind of record
    /// (a trigger's `ValidCard$` on an ability) is a misplaced piece, not a misnamed key.
    pub fn kind_reads(&self, key: &str) -> bool {
        let Some(scopes) = self.vocab.params().by_param.get(key) else {
            return false;
        };
        let kind = match self.noun {
            "triggers" => "trigger",
            "static abilities" => "static",
            "replacements" => "replacement",
            _ => "",
        };
        scopes.iter().any(|s| match kind {
            "" => {
                !(s.starts_with("trigger:")
                    || s.starts_with("static:")
                    || s.starts_with("replacement:")
                    || matches!(
                        *s,
                        "common:trigger" | "common:static" | "common:replacement" | "common:trait"
                    ))
            }
            k => {
                s.strip_prefix(k).is_some_and(|r| r.starts_with(':'))
                    || *s == format!("common:{k}")
                    || *s == "common:trait"
            }
        })
    }

    /// The names of the record's scopes.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.scopes.iter().flatten().map(|(n, _)| *n)
    }
}

#[cfg(test)]
mod tests {
    use super::camel_ends;

    #[test]
    fn camel_ends_are_the_first_and_last_words() {
        assert_eq!(
            camel_ends("DestroyPermanent"),
            ("Destroy", "Permanent", true)
        );
        assert_eq!(camel_ends("ValidCardToken"), ("Valid", "Token", true));
        assert_eq!(camel_ends("Duration"), ("Duration", "Duration", false));
        assert_eq!(camel_ends("ABC"), ("A", "C", true));
        assert_eq!(camel_ends(""), ("", "", false));
    }
}
