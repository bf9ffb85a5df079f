//! The Wagic card database, built the way the engine's reader builds it:
//! primitives files first then set folders, first definition wins, `primitive=` resolves against
//! what is already registered, grades gate files and cards, macros are global.
//! Cards come from the typed AST of `syntax::wagic` (the linter's parse).

use crate::core::game::Keywords;
use crate::core::mana::{self, Mana};
use model::{FileId, SourceFile};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use syntax::TextRange;
use syntax::wagic::KeyMeaning;
use syntax::wagic::ast;

/// One ability line of a card, with where it came from.
#[derive(Clone, Debug)]
pub struct AutoLine {
    /// `""` for `auto=`, else the zone suffix (`hand`, `graveyard`...).
    pub zone: String,
    /// Lower-cased, as the engine stores it.
    pub text: String,
    pub file: Option<FileId>,
    pub range: TextRange,
}

/// A card definition ("primitive").
#[derive(Clone, Debug, Default)]
pub struct Primitive {
    pub name: String,
    pub lc_name: String,
    pub mana: Mana,
    pub mana_text: String,
    pub kicker: Option<String>,
    pub other: Option<String>,
    pub buyback: Option<String>,
    pub flashback: Option<String>,
    pub retrace: Option<String>,
    pub facedown: Option<String>,
    pub bestow: Option<String>,
    pub suspend: Option<(i32, String)>,
    /// Type and subtype words, lower case, in order.
    pub types: Vec<String>,
    pub colors: u8,
    pub power: i32,
    pub toughness: i32,
    pub basic: Keywords,
    pub autos: Vec<AutoLine>,
    /// `target=` (lower-cased): the spell's targets.
    pub target: Option<String>,
    pub restrictions: Option<String>,
    pub other_restrictions: Option<String>,
    pub alias: i32,
    pub text: String,
    /// Where the `text=` value is (for the witness's findings).
    pub text_range: Option<TextRange>,
    pub grade: u8,
    pub file: Option<FileId>,
    pub range: TextRange,
    /// Where the `target=` value is (for diagnostics).
    pub target_range: Option<TextRange>,
    pub name_range: Option<TextRange>,
}

impl Primitive {
    pub fn has_type(&self, t: &str) -> bool {
        self.types.iter().any(|x| x == t)
    }

    /// The ability text of one zone (`""` is the battlefield), lines joined by newlines.
    pub fn magic_text(&self, zone: &str) -> String {
        let mut out = String::new();
        for line in self.autos.iter().filter(|l| l.zone == zone) {
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&line.text);
        }
        out
    }

    pub fn is_permanent(&self) -> bool {
        !self.has_type("instant") && !self.has_type("sorcery")
    }
}

/// A `#AUTO_DEFINE` macro.
#[derive(Clone, Debug)]
pub struct Macro {
    pub name: String,
    pub params: Vec<String>,
    pub body: String,
}

/// All definitions and printings, in load order.
#[derive(Default, Debug)]
pub struct Db {
    /// Definitions by registration key (the name, or the id as text for inline set entries).
    pub primitives: HashMap<String, Arc<Primitive>>,
    /// Printings: id → definition.
    pub cards: BTreeMap<i32, Arc<Primitive>>,
    /// Lower-case name → lowest id.
    pub by_name: HashMap<String, i32>,
    pub macros: Vec<Macro>,
    /// Definitions in load order (for simulation).
    pub definitions: Vec<Arc<Primitive>>,
    /// The creature types of the pool, in the order they are first met (built when first
    /// asked: the menu of `chooseatype`).
    pub creature_types: std::sync::OnceLock<Vec<String>>,
}

/// The maximum grade the engine loads by default (Borderline).
pub const DEFAULT_MAX_GRADE: u8 = 1;

pub fn grade_of(value: &str) -> u8 {
    match value.as_bytes().get(2).map(|b| b.to_ascii_lowercase()) {
        Some(b'r') => 1,
        Some(b'o') => 2,
        Some(b'a') => 3,
        Some(b's') => 4,
        Some(b'n') => 5,
        _ => 0,
    }
}

/// The order in which the engine reads files: primitives (by file name), then set folders.
pub fn load_order(files: &[SourceFile], ids: &mut [FileId]) {
    ids.sort_by_key(|&id| {
        let path = files[id].path_string();
        let prim = path.contains("/primitives/") || path.starts_with("primitives/");
        (!prim, path)
    });
}

/// Type words that are no creature type.
const NOT_CREATURE_TYPES: [&str; 13] = [
    "creature",
    "legendary",
    "artifact",
    "enchantment",
    "land",
    "tribal",
    "snow",
    "basic",
    "world",
    "instant",
    "sorcery",
    "planeswalker",
    "token",
];

impl Db {
    /// MTGAllCards::getCreatureValuesById (approximated: the subtypes of the pool's creatures,
    /// in load order).
    pub fn creature_types(&self) -> &[String] {
        self.creature_types.get_or_init(|| {
            let mut seen = std::collections::HashSet::new();
            let mut out = Vec::new();
            for p in &self.definitions {
                if !p.has_type("creature") {
                    continue;
                }
                for t in &p.types {
                    if !t.is_empty()
                        && !NOT_CREATURE_TYPES.contains(&t.as_str())
                        && seen.insert(t.clone())
                    {
                        out.push(t.clone());
                    }
                }
            }
            out
        })
    }

    /// Reads the given files in load order.
    pub fn load(files: &[SourceFile], ids: &[FileId], max_grade: u8) -> Db {
        let mut ids = ids.to_vec();
        load_order(files, &mut ids);
        let mut db = Db::default();
        for id in ids {
            db.read_file(&files[id], Some(id), max_grade);
        }
        db
    }

    /// Reads one file (its blocks are added after what is already there).
    pub fn read_file(&mut self, file: &SourceFile, file_id: Option<FileId>, max_grade: u8) {
        let parse = syntax::wagic::parse(file.text());
        let Some(tree) = ast::SourceFile::cast(parse.syntax()) else {
            return;
        };
        for m in tree.macro_defs() {
            self.add_macro(&m);
        }
        if let Some(line) = tree.grade_lines().next() {
            let text = line.syntax().text().to_string();
            let c = text
                .chars()
                .nth(8)
                .map(|c| c.to_string())
                .unwrap_or_default();
            if grade_of(&format!("xx{c}")) > max_grade {
                return;
            }
        }
        for block in tree.cards() {
            self.read_block(&block, file_id, max_grade);
        }
    }

    fn add_macro(&mut self, m: &ast::MacroDef) {
        let Some(name) = m.name() else { return };
        let name = name.text().to_ascii_lowercase();
        if self.macros.iter().any(|x| x.name == name) {
            return;
        }
        let params = m
            .param_names()
            .iter()
            .map(|t| t.text().to_ascii_lowercase())
            .collect();
        let body = m
            .body()
            .map(|b| b.text().to_ascii_lowercase().replace("\\n", "\n"))
            .unwrap_or_default();
        self.macros.push(Macro { name, params, body });
    }

    fn read_block(&mut self, block: &ast::CardBlock, file: Option<FileId>, max_grade: u8) {
        let mut def = Primitive {
            file,
            range: block.range(),
            ..Primitive::default()
        };
        let mut has_def = false;
        let mut id: Option<i32> = None;
        let mut primitive_ref: Option<String> = None;
        let mut has_entry = false;
        let mut color_set = false;
        for entry in block.entries() {
            let meaning = entry.meaning();
            let value = entry.value_text();
            let lower = value.to_ascii_lowercase();
            match meaning {
                KeyMeaning::Id => {
                    has_entry = true;
                    id = Some(atoi(&value));
                    continue;
                }
                KeyMeaning::Rarity => {
                    has_entry = true;
                    continue;
                }
                KeyMeaning::Primitive => {
                    has_entry = true;
                    primitive_ref = Some(value);
                    continue;
                }
                KeyMeaning::Grade => {
                    def.grade = grade_of(&value);
                    continue;
                }
                KeyMeaning::Ignored | KeyMeaning::Unknown => continue,
                _ => {}
            }
            has_def = true;
            match meaning {
                KeyMeaning::Name => {
                    def.lc_name = value.to_lowercase();
                    def.name = value;
                    def.name_range = Some(entry.value_range());
                }
                KeyMeaning::Mana => {
                    def.mana_text.push_str(&lower);
                    def.mana.add(&Mana::parse_wagic_groups(&lower));
                }
                KeyMeaning::Kicker => def.kicker = Some(lower),
                KeyMeaning::Other => def.other = Some(lower),
                KeyMeaning::Buyback => def.buyback = Some(lower),
                KeyMeaning::Flashback => def.flashback = Some(lower),
                KeyMeaning::Retrace => def.retrace = Some(lower),
                KeyMeaning::FaceDown => def.facedown = Some(lower),
                KeyMeaning::Bestow => def.bestow = Some(lower),
                KeyMeaning::Suspend => {
                    let key = entry.key_text();
                    let turns = key
                        .find('(')
                        .map(|i| atoi(&key[i + 1..]))
                        .unwrap_or_default();
                    def.suspend = Some((turns, lower));
                }
                KeyMeaning::Color => {
                    let mut first = true;
                    for piece in lower.split(',') {
                        if let Some(c) = mana::COLOR_NAMES.iter().position(|n| *n == piece) {
                            if first && !color_set {
                                def.colors = 0;
                            }
                            def.colors |= 1 << c;
                        }
                        first = false;
                    }
                    color_set = true;
                }
                KeyMeaning::Type | KeyMeaning::Subtype => {
                    for w in value.split(' ').filter(|w| !w.is_empty()) {
                        def.types.push(w.to_lowercase());
                    }
                }
                KeyMeaning::Power => def.power = atoi(&value),
                KeyMeaning::Toughness => def.toughness = atoi(&value),
                KeyMeaning::Text => {
                    def.text = value;
                    def.text_range = Some(entry.value_range());
                }
                KeyMeaning::Target => {
                    def.target = Some(lower);
                    def.target_range = Some(entry.value_range());
                }
                KeyMeaning::Abilities => {
                    for piece in lower.split(',') {
                        if let Some(i) = basic_ability_in(piece) {
                            def.basic.set(i, true);
                        }
                    }
                }
                KeyMeaning::Restrictions => def.restrictions = Some(value),
                KeyMeaning::OtherRestriction => def.other_restrictions = Some(value),
                KeyMeaning::Alias => def.alias = atoi(&value),
                KeyMeaning::Auto | KeyMeaning::AutoZone => {
                    let key = entry.key_text();
                    let zone = key.strip_prefix("auto").unwrap_or("").to_string();
                    def.autos.push(AutoLine {
                        zone,
                        text: lower,
                        file,
                        range: entry.value_range(),
                    });
                }
                KeyMeaning::AnyZone => {
                    for zone in [
                        "",
                        "hand",
                        "library",
                        "graveyard",
                        "stack",
                        "exile",
                        "commandzone",
                        "reveal",
                        "sideboard",
                    ] {
                        def.autos.push(AutoLine {
                            zone: zone.to_string(),
                            text: lower.clone(),
                            file,
                            range: entry.value_range(),
                        });
                    }
                }
                _ => {}
            }
        }
        if def.grade > max_grade {
            return;
        }
        if has_def {
            if !color_set {
                def.colors = mana::colors_of_cost(&def.mana);
            }
            if def.has_type("land") || def.has_type("artifact") {
                def.colors |= 1;
            }
        }
        let own: Option<Arc<Primitive>> = if has_def {
            let key = match id {
                Some(id) => id.to_string(),
                None => def.name.clone(),
            };
            let def = Arc::new(def);
            if let std::collections::hash_map::Entry::Vacant(e) = self.primitives.entry(key) {
                e.insert(def.clone());
                self.definitions.push(def.clone());
            }
            Some(def)
        } else {
            None
        };
        if has_entry {
            let resolved = own.or_else(|| {
                primitive_ref
                    .as_ref()
                    .and_then(|name| self.primitives.get(name).cloned())
            });
            let (Some(id), Some(def)) = (id, resolved) else {
                return;
            };
            if self.cards.contains_key(&id) {
                return;
            }
            let lc = def.lc_name.clone();
            self.cards.insert(id, def);
            let e = self.by_name.entry(lc).or_insert(id);
            if id < *e {
                *e = id;
            }
        }
    }

    /// `Rules::getMTGId`: a number, `*`, or a card name (lowest id of that name; `Name (SET)` ignores the set).
    pub fn mtg_id(&self, text: &str) -> i32 {
        let n = atoi(text);
        if n != 0 {
            return n;
        }
        if text == "*" {
            return -1;
        }
        let lower = text.to_lowercase();
        let name = match lower.find(" (") {
            Some(i) => &lower[..i],
            None => lower.as_str(),
        };
        self.by_name.get(name).copied().unwrap_or(0)
    }

    pub fn by_id(&self, id: i32) -> Option<&Arc<Primitive>> {
        self.cards.get(&id)
    }

    pub fn by_lc_name(&self, name: &str) -> Option<(i32, &Arc<Primitive>)> {
        let id = *self.by_name.get(name)?;
        Some((id, self.cards.get(&id)?))
    }

    /// A definition by name, even when no set prints it.
    pub fn definition(&self, name: &str) -> Option<&Arc<Primitive>> {
        self.primitives.get(name).or_else(|| {
            let lc = name.to_lowercase();
            self.by_lc_name(&lc).map(|(_, p)| p)
        })
    }

    /// Expands the macros over an ability text: each macro once, in definition order.
    pub fn expand_macros(&self, text: &str) -> String {
        let mut s = text.to_string();
        for m in &self.macros {
            if m.name.is_empty() {
                continue;
            }
            if m.params.is_empty() {
                if s.contains(&m.name) {
                    s = s.replace(&m.name, &m.body);
                }
                continue;
            }
            let head = format!("{}(", m.name);
            let mut out = String::new();
            let mut rest = s.as_str();
            let mut changed = false;
            while let Some(i) = rest.find(&head) {
                let after = &rest[i + head.len()..];
                let Some(close) = after.find(')') else {
                    break;
                };
                let args: Vec<&str> = after[..close].split(',').collect();
                if args.len() != m.params.len() {
                    return s;
                }
                let mut body = m.body.clone();
                for (p, a) in m.params.iter().zip(&args) {
                    body = body.replace(p.as_str(), a);
                }
                out.push_str(&rest[..i]);
                out.push_str(&body);
                rest = &after[close + 1..];
                changed = true;
            }
            if changed {
                out.push_str(rest);
                s = out;
            }
        }
        s
    }
}

/// `abilities=` matching: the highest-index table entry contained in the piece.
pub fn basic_ability_in(piece: &str) -> Option<usize> {
    let table = super::basic::BASIC_ABILITIES;
    (0..table.len()).rev().find(|&i| piece.contains(table[i]))
}

/// C's `atoi`: optional spaces and sign, then digits; 0 if none.
pub fn atoi(s: &str) -> i32 {
    let s = s.trim_start();
    let (neg, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let mut n: i64 = 0;
    for b in digits.bytes() {
        if !b.is_ascii_digit() {
            break;
        }
        n = (n * 10 + i64::from(b - b'0')).min(i64::from(i32::MAX));
    }
    (if neg { -n } else { n }) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::Dialect;

    fn db(files: &[(&str, &str)]) -> Db {
        let files: Vec<SourceFile> = files
            .iter()
            .map(|(p, t)| SourceFile::from_text(*p, Dialect::WAGIC, *t))
            .collect();
        let ids: Vec<usize> = (0..files.len()).collect();
        Db::load(&files, &ids, DEFAULT_MAX_GRADE)
    }

    #[test]
    fn primitives_then_sets_first_wins() {
        let d = db(&[
            (
                "sets/ZZZ/_cards.dat",
                "[card]\nprimitive=Test Bear\nid=12\nrarity=C\n[/card]\n[card]\nprimitive=Test Bear\nid=5\n[/card]\n",
            ),
            (
                "sets/primitives/a.txt",
                "[card]\nname=Test Bear\nmana={1}{G}\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n[card]\nname=Test Bear\nmana={5}\n[/card]\n",
            ),
        ]);
        let (id, bear) = d.by_lc_name("test bear").unwrap();
        assert_eq!(id, 5);
        assert_eq!(bear.mana.converted(), 2);
        assert_eq!(bear.types, vec!["creature", "bear"]);
        assert_eq!(bear.colors, 1 << mana::GREEN);
        assert_eq!(d.mtg_id("Test Bear"), 5);
        assert_eq!(d.mtg_id("12"), 12);
    }

    #[test]
    fn macros_expand_with_parameters() {
        let d = db(&[(
            "sets/primitives/_macros.txt",
            "#AUTO_DEFINE __CYC__($cost) $cost{cycle}:draw:1\n#AUTO_DEFINE _X_ life:1\n",
        )]);
        assert_eq!(d.expand_macros("__cyc__({2})"), "{2}{cycle}:draw:1");
        assert_eq!(d.expand_macros("_x_ && _x_"), "life:1 && life:1");
    }

    #[test]
    fn abilities_match_by_substring_from_the_top() {
        let flying = basic_ability_in(" flying").unwrap();
        assert_eq!(super::super::basic::BASIC_ABILITIES[flying], "flying");
        assert!(basic_ability_in("doublestrike").is_none());
    }
}
