//! Which parameters a record's readers take (from `params.tsv`), and how one written parameter
//! relates to them. Shared by `unknown-param`, `misspelt-param`, `param-key-case` and
//! `piece-without-dollar`; computed once per file (see `Cache`).

use model::forge::script::{ABILITY_KEYS, Model, ParamInfo, RecordInfo, Role};
use model::forge::vocab::{Scope, Vocabulary};

/// The scopes whose params a record may take.
pub struct RecordScopes {
    scopes: [Option<&'static Scope>; 9],
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
        let vocab = rec.vocab;
        let params = vocab.params();
        let common = |name: &str| params.scope(name);
        let mut scopes: [Option<&'static Scope>; 9] = [None; 9];
        // Keys the shared trait code reads from every kind of record (`CardTraitBase`).
        scopes[7] = common("common:any");
        let (name, noun) = match rec.role {
            Role::Ability => {
                let api = rec.api()?;
                let own = params.scope(api.name);
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
                        scopes[6] = params.trigger_scope(mode.name);
                    }
                }
                (api.name, "abilities")
            }
            Role::Trigger => {
                let mode = vocab.trigger_modes().get_ignore_case(rec.kind_value)?;
                let own = params.trigger_scope(mode.name);
                scopes[0] = Some(own?);
                scopes[1] = common("common:trigger");
                scopes[2] = common("common:trait");
                (mode.name, "triggers")
            }
            Role::Static => {
                let mode = vocab.static_modes().get_ignore_case(rec.kind_value)?;
                let own = params.static_scope(mode.name);
                scopes[0] = Some(own?);
                scopes[1] = common("common:static");
                scopes[2] = common("common:trait");
                (mode.name, "static abilities")
            }
            Role::Replacement => {
                let event = vocab.replacement_events().get_ignore_case(rec.kind_value)?;
                let own = params.replacement_scope(event.name);
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
        self.scopes.iter().flatten().copied()
    }

    /// The record's own scope: what its ApiType, trigger mode, static mode or replacement event
    /// itself reads (not the common sets every such record reads).
    pub fn own(&self) -> Option<&'static Scope> {
        self.scopes[0]
    }

    pub fn reads(&self, key: &str) -> bool {
        self.iter().any(|s| s.params.contains_key(key))
    }

    /// The spelling the readers use for a key that differs only by case.
    pub fn case_variant(&self, key: &str) -> Option<&'static str> {
        let spellings = self.vocab.params().folded.get(&key.to_ascii_lowercase())?;
        spellings.iter().copied().find(|k| self.reads(k))
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
