//! Knowledge learned from a corpus of cards: which script idiom goes with which rules-text
//! template (or with which other script fact), and how reliably.
//!
//! Rules text is templated ("Whenever ~ deals combat damage to a player", "you may", "Activate
//! only as a sorcery") and nearly every card writes a template's script the same way. The miner
//! (`mine`) reads a corpus as *units* (Forge: an ability, trigger, static or replacement with the
//! sub-abilities it runs; Wagic: a card), each with its *antecedents* (the templates of its text,
//! and some facts of its script) and its *facts* (what its script does: trigger mode, the
//! parameters that shape it, its zones, its optional flag...), and keeps the associations
//! `antecedent => fact` that hold on at least `min_support` cards with at least `min_confidence`.
//! A unit that has the antecedent and lacks the fact is a deviant, and deviants are where bugs
//! are ("bugs as deviant behavior", Engler et al., 2001). Deviations that recur among the
//! corpus's own deviants (a fact that most of them share and few conforming units have) are kept
//! with the association as its *exceptions*: a unit with an exception fact is not reported.
//!
//! The associations are data (`model/data/<dialect>/learned/<label>.tsv`), written by `cardlint
//! learn` from a card folder, shipped per engine version like the vocabularies, and read back by
//! `Idioms::parse`. `forge` and `wagic` turn one file into units; the rules look the units'
//! antecedents up (`Idioms::rules_for`) and report the facts they lack (`Deviation`).

pub mod forge;
pub mod text;
pub mod wagic;

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::OnceLock;

/// The header line of the data files.
pub const FORMAT: &str = "# cardlint learned idioms v1";

/// The thresholds of a mining run.
#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// Distinct cards that must hold the antecedent.
    pub min_support: usize,
    /// Share of the units with the antecedent that must hold the fact.
    pub min_confidence: f64,
    /// A fact shared by at least this many of an association's deviants may become an exception.
    pub min_exception: usize,
    /// An exception fact's share among the units with antecedent and exception fact that hold
    /// the consequent must stay below this.
    pub exception_confidence: f64,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            min_support: 20,
            min_confidence: 0.97,
            min_exception: 2,
            exception_confidence: 0.9,
        }
    }
}

/// One unit of a corpus, as the miner reads it.
#[derive(Clone, Debug, Default)]
pub struct Unit {
    /// The card the unit belongs to (for support, counted in distinct cards, and examples).
    pub card: String,
    /// Its antecedents (templates and script facts), each once.
    pub antecedents: Vec<String>,
    /// What its script does: every fact (the eligible ones are consequents; all of them may be
    /// exceptions).
    pub facts: Vec<String>,
}

/// One learned association.
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    pub antecedent: String,
    pub fact: String,
    /// Units with the antecedent.
    pub support: u32,
    /// Units with the antecedent that hold the fact.
    pub holds: u32,
    /// Cards with the antecedent.
    pub cards: u32,
    /// A card that holds both (for messages).
    pub example: String,
}

impl Rule {
    pub fn confidence(&self) -> f64 {
        if self.support == 0 {
            0.0
        } else {
            f64::from(self.holds) / f64::from(self.support)
        }
    }
}

/// What a mining run read.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub files: usize,
    pub cards: usize,
    pub units: usize,
    pub antecedents_kept: usize,
    pub associations: usize,
}

/// What a mining run keeps: the associations, and for each fact the features (facts or
/// antecedents) that excuse a unit lacking it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Mined {
    pub rules: Vec<Rule>,
    pub exceptions: std::collections::BTreeMap<String, Vec<String>>,
}

/// Mine the associations of a corpus. Deterministic: the result depends only on the units (in
/// any order) and the parameters.
///
/// `eligible` says which facts may be consequents, `pair` which antecedent may predict which
/// fact. Exceptions are learned per fact, over the deviants of all its associations together: a
/// feature (a fact or an antecedent) that at least `min_exception` of them share, and that the
/// units the associations cover hold with the fact less than `exception_confidence` of the time
/// (a trigger of a card in the command zone, a sentence saying "if ~ is in your graveyard").
pub fn mine(
    units: &[Unit],
    params: Params,
    eligible: impl Fn(&str) -> bool,
    pair: impl Fn(&str, &str) -> bool,
) -> Mined {
    // Intern features (antecedents and facts share one space) and cards.
    let mut ids: HashMap<&str, u32> = HashMap::new();
    let mut names: Vec<&str> = Vec::new();
    let mut card_ids: HashMap<&str, u32> = HashMap::new();
    let mut unit_card: Vec<u32> = Vec::with_capacity(units.len());
    let mut unit_facts: Vec<Vec<u32>> = Vec::with_capacity(units.len());
    let mut unit_features: Vec<Vec<u32>> = Vec::with_capacity(units.len());
    let mut by_ant: HashMap<u32, Vec<u32>> = HashMap::new();
    for (ui, u) in units.iter().enumerate() {
        let next = card_ids.len() as u32;
        unit_card.push(*card_ids.entry(u.card.as_str()).or_insert(next));
        let mut fs: Vec<u32> = u
            .facts
            .iter()
            .map(|f| intern(&mut ids, &mut names, f.as_str()))
            .collect();
        fs.sort_unstable();
        fs.dedup();
        let mut ants: Vec<u32> = u
            .antecedents
            .iter()
            .map(|a| intern(&mut ids, &mut names, a.as_str()))
            .collect();
        ants.sort_unstable();
        ants.dedup();
        for &a in &ants {
            by_ant.entry(a).or_default().push(ui as u32);
        }
        let mut all = fs.clone();
        all.extend_from_slice(&ants);
        all.sort_unstable();
        all.dedup();
        unit_facts.push(fs);
        unit_features.push(all);
    }
    let eligible_fact: Vec<bool> = names.iter().map(|f| eligible(f)).collect();
    let has = |u: u32, f: u32| unit_facts[u as usize].binary_search(&f).is_ok();

    let mut ants: Vec<(u32, Vec<u32>)> = by_ant.into_iter().collect();
    ants.sort_unstable_by_key(|(a, _)| names[*a as usize]);
    let mut rules: Vec<(Rule, u32)> = Vec::new();
    let mut members_of: Vec<u32> = Vec::new();
    let mut counts: Vec<u32> = vec![0; names.len()];
    let mut touched: Vec<u32> = Vec::new();
    for (ai, (a, members)) in ants.iter().enumerate() {
        let mut cards: Vec<u32> = members.iter().map(|&u| unit_card[u as usize]).collect();
        cards.sort_unstable();
        cards.dedup();
        if cards.len() < params.min_support {
            continue;
        }
        let n = members.len() as u32;
        for &u in members {
            for &f in &unit_facts[u as usize] {
                if !eligible_fact[f as usize] {
                    continue;
                }
                if counts[f as usize] == 0 {
                    touched.push(f);
                }
                counts[f as usize] += 1;
            }
        }
        touched.sort_unstable();
        for &f in &touched {
            let k = counts[f as usize];
            if f64::from(k) / f64::from(n) < params.min_confidence
                || !pair(names[*a as usize], names[f as usize])
            {
                continue;
            }
            // The example: the alphabetically first card that holds both.
            let example = members
                .iter()
                .filter(|&&u| has(u, f))
                .map(|&u| units[u as usize].card.as_str())
                .min()
                .unwrap_or_default();
            rules.push((
                Rule {
                    antecedent: names[*a as usize].to_string(),
                    fact: names[f as usize].to_string(),
                    support: n,
                    holds: k,
                    cards: cards.len() as u32,
                    example: example.to_string(),
                },
                f,
            ));
            members_of.push(ai as u32);
        }
        for &f in &touched {
            counts[f as usize] = 0;
        }
        touched.clear();
    }
    // Exceptions, per fact, over the union of its associations' units.
    let mut by_fact: HashMap<u32, Vec<usize>> = HashMap::new();
    for (i, (_, f)) in rules.iter().enumerate() {
        by_fact.entry(*f).or_default().push(i);
    }
    let mut exceptions = std::collections::BTreeMap::new();
    for (&f, rs) in &by_fact {
        let mut covered: Vec<u32> = rs
            .iter()
            .flat_map(|&i| ants[members_of[i] as usize].1.iter().copied())
            .collect();
        covered.sort_unstable();
        covered.dedup();
        let deviants: Vec<u32> = covered.iter().copied().filter(|&u| !has(u, f)).collect();
        if deviants.len() < params.min_exception {
            continue;
        }
        let mut shared: HashMap<u32, u32> = HashMap::new();
        for &u in &deviants {
            for &g in &unit_features[u as usize] {
                *shared.entry(g).or_insert(0) += 1;
            }
        }
        let mut found: Vec<&str> = Vec::new();
        for (g, kd) in shared {
            if (kd as usize) < params.min_exception || g == f {
                continue;
            }
            let kc = covered
                .iter()
                .filter(|&&u| has(u, f) && unit_features[u as usize].binary_search(&g).is_ok())
                .count() as f64;
            if kc / (kc + f64::from(kd)) < params.exception_confidence {
                found.push(names[g as usize]);
            }
        }
        if !found.is_empty() {
            found.sort_unstable();
            exceptions.insert(
                names[f as usize].to_string(),
                found.into_iter().map(String::from).collect(),
            );
        }
    }
    let mut rules: Vec<Rule> = rules.into_iter().map(|(r, _)| r).collect();
    prune(&mut rules);
    rules.sort_by(|a, b| {
        (a.antecedent.as_str(), a.fact.as_str()).cmp(&(b.antecedent.as_str(), b.fact.as_str()))
    });
    let kept: std::collections::BTreeSet<&str> = rules.iter().map(|r| r.fact.as_str()).collect();
    exceptions.retain(|f: &String, _| kept.contains(f.as_str()));
    Mined { rules, exceptions }
}

fn intern<'u>(ids: &mut HashMap<&'u str, u32>, names: &mut Vec<&'u str>, s: &'u str) -> u32 {
    if let Some(&id) = ids.get(s) {
        return id;
    }
    let id = names.len() as u32;
    names.push(s);
    ids.insert(s, id);
    id
}

/// Split an antecedent into its scope (`T:cond`, `AB`, `T#`...) and its template or fact.
pub fn split_antecedent(a: &str) -> (&str, &str) {
    match a.find(['|', '#']) {
        Some(i) => (&a[..=i], &a[i + 1..]),
        None => ("", a),
    }
}

/// Drop an association whose antecedent is a template implied by another antecedent of the
/// same scope with the same fact: the more general one already reports every such unit.
fn prune(rules: &mut Vec<Rule>) {
    let mut by_fact: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, r) in rules.iter().enumerate() {
        by_fact.entry(r.fact.as_str()).or_default().push(i);
    }
    let mut drop = vec![false; rules.len()];
    for members in by_fact.values() {
        let mut set: HashMap<&str, usize> = HashMap::new();
        for &i in members {
            set.insert(rules[i].antecedent.as_str(), i);
        }
        for &i in members {
            let a = rules[i].antecedent.as_str();
            let (scope, template) = split_antecedent(a);
            if !scope.ends_with('|') {
                continue;
            }
            let general = sub_templates(template)
                .into_iter()
                .any(|g| g != template && set.contains_key(format!("{scope}{g}").as_str()));
            if general {
                drop[i] = true;
            }
        }
    }
    let mut i = 0;
    rules.retain(|_| {
        let keep = !drop[i];
        i += 1;
        keep
    });
}

/// Every template a template implies (itself included).
fn sub_templates(template: &str) -> Vec<String> {
    let (anchored, body) = match template.strip_prefix("^ ") {
        Some(b) => (true, b),
        None => (false, template),
    };
    let words: Vec<&str> = body.split(' ').collect();
    let n = words.len();
    let mut out = Vec::new();
    if anchored {
        for len in 1..=n {
            out.push(format!("^ {}", words[..len].join(" ")));
        }
    }
    for len in text::MIN_NGRAM..=n {
        for start in 0..=n - len {
            out.push(words[start..start + len].join(" "));
        }
    }
    out
}

/// A set of learned associations, as loaded from a data file.
#[derive(Debug, Default)]
pub struct Idioms {
    /// `# label:` of the file (`2020`, `2016`...).
    pub label: String,
    pub rules: Vec<Rule>,
    /// Per fact, the features that excuse a unit lacking it.
    pub exceptions: std::collections::BTreeMap<String, Vec<String>>,
    /// The lookups by antecedent, built at the first lookup: the shipped set is parsed whole
    /// and only a restricted copy of it is looked up (`restricted`).
    by_antecedent: std::sync::OnceLock<ByAntecedent>,
    /// What a Forge unit's facts are looked up by (built at the first lookup).
    forge_lookups: std::sync::OnceLock<forge::Lookups>,
}

/// An `Idioms`' lookups by antecedent.
#[derive(Debug)]
struct ByAntecedent {
    /// The indexes of the associations of each antecedent.
    rules: crate::forge::vocab::Map<String, Vec<u32>>,
    /// Hashes (`text::hash_antecedent`) of every antecedent and exception feature: a unit's
    /// templates are built as strings only when their hash is here.
    needed: crate::forge::vocab::Set<u64>,
}

/// The first column of an exception line.
const EXCEPT: &str = "!except";

impl Idioms {
    pub fn new(label: impl Into<String>, mined: Mined) -> Idioms {
        Idioms {
            label: label.into(),
            rules: mined.rules,
            exceptions: mined.exceptions,
            by_antecedent: std::sync::OnceLock::new(),
            forge_lookups: std::sync::OnceLock::new(),
        }
    }

    fn by_antecedent(&self) -> &ByAntecedent {
        self.by_antecedent.get_or_init(|| {
            let mut rules: crate::forge::vocab::Map<String, Vec<u32>> = Default::default();
            for (i, r) in self.rules.iter().enumerate() {
                rules
                    .entry(r.antecedent.clone())
                    .or_default()
                    .push(i as u32);
            }
            let needed = self
                .rules
                .iter()
                .map(|r| text::hash_antecedent(&r.antecedent))
                .chain(
                    self.exceptions
                        .values()
                        .flatten()
                        .map(|e| text::hash_antecedent(e)),
                )
                .collect();
            ByAntecedent { rules, needed }
        })
    }

    /// The associations whose fact `keep` accepts, with their facts' exceptions: what a rule
    /// that reports only some facts looks up (fewer antecedents: fewer units to read).
    pub fn restricted(&self, keep: impl Fn(&str) -> bool) -> Idioms {
        let rules: Vec<Rule> = self
            .rules
            .iter()
            .filter(|r| keep(&r.fact))
            .cloned()
            .collect();
        let exceptions = self
            .exceptions
            .iter()
            .filter(|(f, _)| keep(f))
            .map(|(f, e)| (f.clone(), e.clone()))
            .collect();
        Idioms::new(self.label.clone(), Mined { rules, exceptions })
    }

    /// Whether an antecedent or exception feature with this hash may be known.
    pub fn may_know(&self, hash: u64) -> bool {
        self.by_antecedent().needed.contains(&hash)
    }

    /// What the facts of Forge units are looked up by under these idioms.
    pub fn forge_lookups(&self) -> &forge::Lookups {
        self.forge_lookups.get_or_init(|| forge::Lookups::new(self))
    }

    /// The associations whose antecedent is `antecedent`.
    pub fn rules_for(&self, antecedent: &str) -> impl Iterator<Item = &Rule> {
        self.by_antecedent()
            .rules
            .get(antecedent)
            .into_iter()
            .flatten()
            .map(|&i| &self.rules[i as usize])
    }

    /// The features that excuse a unit lacking `fact`.
    pub fn exceptions_of(&self, fact: &str) -> &[String] {
        self.exceptions.get(fact).map_or(&[], Vec::as_slice)
    }

    /// Read a data file (`FORMAT`).
    pub fn parse(text: &str) -> Result<Idioms, String> {
        let mut label = String::new();
        let mut mined = Mined::default();
        let mut lines = text.lines();
        match lines.next() {
            Some(first) if first.trim_end() == FORMAT => {}
            _ => {
                return Err(format!(
                    "not a learned-idioms file (first line must be `{FORMAT}`)"
                ));
            }
        }
        for (n, line) in lines.enumerate() {
            let line = line.trim_end_matches('\r');
            if let Some(rest) = line.strip_prefix("# label:") {
                label = rest.trim().to_string();
                continue;
            }
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let mut cols = line.split('\t');
            if let Some(rest) = line.strip_prefix(EXCEPT) {
                let mut cols = rest.trim_start_matches('\t').split('\t');
                let fact = cols.next().unwrap_or_default().to_string();
                mined
                    .exceptions
                    .entry(fact)
                    .or_default()
                    .extend(cols.map(String::from));
                continue;
            }
            let mut next = || cols.next();
            let (
                Some(antecedent),
                Some(fact),
                Some(support),
                Some(holds),
                Some(cards),
                Some(example),
            ) = (next(), next(), next(), next(), next(), next())
            else {
                return Err(format!("line {}: expected 6 tab-separated columns", n + 2));
            };
            let num = |s: &str| {
                s.parse::<u32>()
                    .map_err(|_| format!("line {}: `{s}` is not a count", n + 2))
            };
            mined.rules.push(Rule {
                antecedent: antecedent.to_string(),
                fact: fact.to_string(),
                support: num(support)?,
                holds: num(holds)?,
                cards: num(cards)?,
                example: example.to_string(),
            });
        }
        Ok(Idioms::new(label, mined))
    }

    /// Write a data file: header, summary comments, one association a line, then one line of
    /// exceptions per fact.
    pub fn write(&self, dialect: &str, summary: &Summary, params: Params) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{FORMAT}");
        let _ = writeln!(out, "# dialect: {dialect}");
        let _ = writeln!(out, "# label: {}", self.label);
        let _ = writeln!(
            out,
            "# read: {} files, {} cards, {} units; kept {} antecedents with at least {} cards, {} associations with confidence >= {:.3}, exceptions for {} facts",
            summary.files,
            summary.cards,
            summary.units,
            summary.antecedents_kept,
            params.min_support,
            self.rules.len(),
            params.min_confidence,
            self.exceptions.len()
        );
        let _ = writeln!(
            out,
            "# columns: antecedent, fact, units with the antecedent, of them holding the fact, cards with the antecedent, an example card; `{EXCEPT}` lines: fact, the features that excuse its absence"
        );
        for r in &self.rules {
            let _ = writeln!(
                out,
                "{}\t{}\t{}\t{}\t{}\t{}",
                r.antecedent, r.fact, r.support, r.holds, r.cards, r.example
            );
        }
        for (fact, features) in &self.exceptions {
            let _ = write!(out, "{EXCEPT}\t{fact}");
            for e in features {
                let _ = write!(out, "\t{e}");
            }
            out.push('\n');
        }
        out
    }
}

/// The shipped Forge idioms (learned from the 2020 card corpus), parsed on first use.
pub fn forge_shipped() -> &'static Idioms {
    static CELL: OnceLock<Idioms> = OnceLock::new();
    CELL.get_or_init(|| {
        Idioms::parse(include_str!("../../data/forge/learned/2020.tsv"))
            .expect("the shipped Forge idioms parse")
    })
}

/// The shipped Wagic idioms (learned from the 2016 primitives), parsed on first use.
pub fn wagic_shipped() -> &'static Idioms {
    static CELL: OnceLock<Idioms> = OnceLock::new();
    CELL.get_or_init(|| {
        Idioms::parse(include_str!("../../data/wagic/learned/2016.tsv"))
            .expect("the shipped Wagic idioms parse")
    })
}

/// Idioms read from a file of the user's (`cardlint learn -o FILE`, named in the config), with a
/// digest of its text (part of the cache key of every file checked with them).
#[derive(Clone, Copy, Debug)]
pub struct LoadedIdioms {
    pub idioms: &'static Idioms,
    pub digest: u64,
}

/// Reads a learned-idioms file for `dialect` (`forge`, `wagic`). Each distinct text is parsed
/// once per process and kept for its life (a language server that reloads its config does not
/// parse or keep the same file twice).
pub fn load(path: &std::path::Path, dialect: &str) -> Result<LoadedIdioms, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text =
        String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8 text", path.display()))?;
    let named = text
        .lines()
        .take(8)
        .find_map(|l| l.strip_prefix("# dialect:"))
        .map(str::trim);
    if let Some(named) = named
        && named != dialect
    {
        return Err(format!(
            "{}: idioms learned from {named} cards, not {dialect}",
            path.display()
        ));
    }
    let digest = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    static LOADED: std::sync::Mutex<Vec<(u64, &'static Idioms)>> =
        std::sync::Mutex::new(Vec::new());
    let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, idioms)) = loaded.iter().find(|(d, _)| *d == digest) {
        return Ok(LoadedIdioms { idioms, digest });
    }
    let idioms = Idioms::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let idioms: &'static Idioms = Box::leak(Box::new(idioms));
    loaded.push((digest, idioms));
    Ok(LoadedIdioms { idioms, digest })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(card: &str, ants: &[&str], facts: &[&str]) -> Unit {
        Unit {
            card: card.into(),
            antecedents: ants.iter().map(|s| s.to_string()).collect(),
            facts: facts.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn mines_associations_with_support_confidence_and_exceptions() {
        let mut units = Vec::new();
        for i in 0..40 {
            units.push(unit(
                &format!("Card {i:02}"),
                &["T|^ whenever you"],
                &["zones=B"],
            ));
        }
        // Two deviants share a fact that explains them; one deviant alone does not.
        units.push(unit("Odd A", &["T|^ whenever you"], &["self"]));
        units.push(unit("Odd B", &["T|^ whenever you"], &["self"]));
        let params = Params {
            min_confidence: 0.9,
            ..Params::default()
        };
        let mined = mine(&units, params, |f| f != "self", |_, _| true);
        let r = mined.rules.iter().find(|r| r.fact == "zones=B").unwrap();
        assert_eq!((r.support, r.holds, r.cards), (42, 40, 42));
        assert_eq!(r.example, "Card 00");
        assert_eq!(mined.exceptions["zones=B"], vec!["self".to_string()]);
        // Below the support threshold nothing is kept.
        let few = mine(&units[..10], params, |_| true, |_, _| true);
        assert!(few.rules.is_empty());
    }

    #[test]
    fn prunes_implied_templates_and_round_trips() {
        let mut units = Vec::new();
        for i in 0..30 {
            units.push(unit(
                &format!("C{i}"),
                &["T|^ whenever you", "T|^ whenever you cast"],
                &["f"],
            ));
        }
        let mined = mine(&units, Params::default(), |_| true, |_, _| true);
        let ants: Vec<_> = mined.rules.iter().map(|r| r.antecedent.as_str()).collect();
        assert_eq!(ants, vec!["T|^ whenever you"]);
        let idioms = Idioms::new("test", mined);
        let text = idioms.write("forge", &Summary::default(), Params::default());
        let back = Idioms::parse(&text).unwrap();
        assert_eq!(back.rules, idioms.rules);
        assert_eq!(back.exceptions, idioms.exceptions);
        assert_eq!(back.label, "test");
        assert_eq!(back.rules_for("T|^ whenever you").count(), 1);
        assert!(Idioms::parse("nonsense").is_err());
    }
}
