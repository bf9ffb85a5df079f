//! Forge cards built from the typed AST (`syntax::forge::ast`): faces with their lines, records
//! with their params (as Forge splits them: last one wins), and SVars (per face).

use crate::core::mana::{self, Mana};
use std::collections::HashMap;
use syntax::TextRange;
use syntax::forge::ast;

/// One `Key$ Value` of a record.
#[derive(Clone, Debug)]
pub struct Param {
    pub key: String,
    pub value: String,
    pub key_range: TextRange,
    pub value_range: TextRange,
}

/// A parameter record (`A:`, `T:`, `S:`, `R:` lines and record SVars).
#[derive(Clone, Debug, Default)]
pub struct Rec {
    pub params: Vec<Param>,
    /// The record's text range.
    pub range: TextRange,
}

impl Rec {
    /// The param Forge's effects read: exact key, the last one wins.
    pub fn get(&self, key: &str) -> Option<&Param> {
        self.params.iter().rev().find(|p| p.key == key)
    }

    /// Keys read while the ability is built are looked up case-insensitively.
    pub fn get_ci(&self, key: &str) -> Option<&Param> {
        self.params
            .iter()
            .rev()
            .find(|p| p.key.eq_ignore_ascii_case(key))
    }

    pub fn value(&self, key: &str) -> Option<&str> {
        self.get(key).map(|p| p.value.as_str())
    }

    pub fn has(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// The record type and ApiType (`AB`, `SP`, `ST`, `DB`), in Forge's order.
    pub fn api(&self) -> Option<(&'static str, &Param)> {
        for kind in ["AB", "SP", "ST", "DB"] {
            if let Some(p) = self.get_ci(kind) {
                return Some((kind, p));
            }
        }
        None
    }

    /// `Mode$` of a trigger or static record.
    pub fn mode(&self) -> Option<&Param> {
        self.get("Mode")
    }

    pub fn is_ability(&self) -> bool {
        self.api().is_some()
    }

    pub fn is_trigger(&self) -> bool {
        self.get("Mode").is_some() && self.api().is_none()
    }
}

/// `SVar:Name:value`.
#[derive(Clone, Debug)]
pub struct SVar {
    pub name: String,
    pub value: String,
    pub name_range: TextRange,
    pub value_range: TextRange,
    pub rec: Option<Rec>,
}

/// One face of a card.
#[derive(Clone, Debug, Default)]
pub struct Face {
    pub name: String,
    pub name_range: TextRange,
    /// Type words as written.
    pub types: Vec<String>,
    pub mana: Mana,
    pub colors: u8,
    pub power: Option<String>,
    pub toughness: Option<String>,
    pub loyalty: Option<i32>,
    pub keywords: Vec<(String, TextRange)>,
    pub abilities: Vec<Rec>,
    pub triggers: Vec<Rec>,
    pub statics: Vec<Rec>,
    pub replacements: Vec<Rec>,
    pub svars: HashMap<String, SVar>,
    /// `Oracle:` text and its range.
    pub oracle: Option<(String, TextRange)>,
    /// The whole face's range (for findings about the card).
    pub range: TextRange,
}

impl Face {
    pub fn has_type(&self, t: &str) -> bool {
        self.types.iter().any(|x| x.eq_ignore_ascii_case(t))
    }

    pub fn is_permanent(&self) -> bool {
        !self.has_type("Instant") && !self.has_type("Sorcery")
    }

    pub fn has_keyword(&self, k: &str) -> bool {
        self.keywords.iter().any(|(w, _)| {
            w.split(':')
                .next()
                .is_some_and(|x| x.eq_ignore_ascii_case(k))
        })
    }
}

/// A Forge card as the engine plays it.
#[derive(Clone, Debug, Default)]
pub struct ForgeCard {
    pub name: String,
    pub faces: Vec<Face>,
}

fn record_of(record: &ast::Record) -> Rec {
    let params = record
        .params()
        .filter_map(|p| {
            let key = p.key()?;
            Some(Param {
                key: key.text().trim().to_string(),
                value: p.value_text().trim().to_string(),
                key_range: key.text_range(),
                value_range: p.value_range(),
            })
        })
        .collect();
    Rec {
        params,
        range: record.range(),
    }
}

/// The colours of a Forge mana cost.
fn parse_mana_cost(text: &str) -> Mana {
    let mut m = Mana::new();
    if text.trim() == "no cost" {
        return m;
    }
    for word in text.split_whitespace() {
        let w = word.to_ascii_uppercase();
        if let Ok(n) = w.parse::<i32>() {
            m.add_color(mana::COLORLESS, n);
            continue;
        }
        if w == "X" {
            m.x += 1;
            continue;
        }
        let letters: Vec<char> = w.chars().filter(|c| "WUBRGC".contains(*c)).collect();
        if letters.len() == 1 && !w.contains('/') && w.len() == 1 {
            if let Some(c) = mana::color_of_letter(letters[0] as u8) {
                m.add_color(c, 1);
            }
        } else if !letters.is_empty() {
            // Hybrid or Phyrexian: count as one mana of each named colour for colours.
            let mut h = Mana::new();
            for l in letters {
                if let Some(c) = mana::color_of_letter(l as u8) {
                    h.add_color(c, 1);
                }
            }
            for c in 1..mana::NB_COLORS {
                if h.get(c) > 0 {
                    m.hybrids.push(mana::Hybrid {
                        c1: c,
                        n1: 1,
                        c2: mana::COLORLESS,
                        n2: 2,
                    });
                    break;
                }
            }
        }
    }
    m
}

/// Builds a card from its parsed file.
pub fn build(tree: &ast::SourceFile) -> ForgeCard {
    let mut card = ForgeCard::default();
    let mut face = Face::default();
    let mut started = false;
    let mut colors_line: Option<String> = None;
    let finish = |mut face: Face, colors: Option<String>, card: &mut ForgeCard| {
        face.colors = match colors {
            Some(c) => {
                let mut bits = 0u8;
                for piece in c.split(',') {
                    let idx = match piece.trim().to_ascii_lowercase().as_str() {
                        "white" | "w" => Some(mana::WHITE),
                        "blue" | "u" => Some(mana::BLUE),
                        "black" | "b" => Some(mana::BLACK),
                        "red" | "r" => Some(mana::RED),
                        "green" | "g" => Some(mana::GREEN),
                        _ => None,
                    };
                    if let Some(i) = idx {
                        bits |= 1 << i;
                    }
                }
                bits
            }
            None => mana::colors_of_cost(&face.mana),
        };
        card.faces.push(face);
    };
    for line in tree.lines() {
        use syntax::forge::SyntaxKind as K;
        match line.kind() {
            K::ALTERNATE_LINE => {
                if started {
                    let f = std::mem::take(&mut face);
                    finish(f, colors_line.take(), &mut card);
                }
                started = false;
                continue;
            }
            K::ERROR_LINE => continue,
            _ => {}
        }
        let Some(key) = line.key_text() else { continue };
        let value = line.value_text();
        if face.range.is_empty() {
            face.range = line.range();
        } else {
            face.range = face.range.cover(line.range());
        }
        match (line.kind(), key.as_str()) {
            (_, "Name") => {
                face.name = value.trim().to_string();
                face.name_range = line.value_range();
                started = true;
            }
            (K::MANA_COST_LINE, _) => face.mana = parse_mana_cost(&value),
            (_, "Types") => face.types = value.split_whitespace().map(String::from).collect(),
            (_, "PT") => {
                if let Some((p, t)) = value.trim().split_once('/') {
                    face.power = Some(p.to_string());
                    face.toughness = Some(t.to_string());
                }
            }
            (_, "Oracle") => face.oracle = Some((value.to_string(), line.value_range())),
            (_, "Loyalty") => face.loyalty = value.trim().parse().ok(),
            (_, "Colors") => colors_line = Some(value.trim().to_string()),
            (K::KEYWORD_LINE, _) => face
                .keywords
                .push((value.trim().to_string(), line.value_range())),
            (K::ABILITY_LINE, _) => {
                if let Some(r) = line.record() {
                    face.abilities.push(record_of(&r));
                }
            }
            (K::TRIGGER_LINE, _) => {
                if let Some(r) = line.record() {
                    face.triggers.push(record_of(&r));
                }
            }
            (K::STATIC_LINE, _) => {
                if let Some(r) = line.record() {
                    face.statics.push(record_of(&r));
                }
            }
            (K::REPLACEMENT_LINE, _) => {
                if let Some(r) = line.record() {
                    face.replacements.push(record_of(&r));
                }
            }
            (K::SVAR_LINE, _) => {
                let Some(name) = line.svar_name() else {
                    continue;
                };
                let rec = line.record().map(|r| record_of(&r));
                let value = match &rec {
                    Some(r) => {
                        let text = r.range;
                        let _ = text;
                        line.syntax()
                            .children()
                            .find(|n| n.kind() == K::RECORD)
                            .map(|n| n.text().to_string())
                            .unwrap_or_default()
                    }
                    None => line
                        .svar_expr()
                        .map(|e| e.syntax().text().to_string())
                        .unwrap_or_else(|| svar_plain_value(&line)),
                };
                let value_range = match &rec {
                    Some(r) => r.range,
                    None => line
                        .svar_expr()
                        .map(|e| e.range())
                        .unwrap_or_else(|| TextRange::empty(line.trimmed_range().end())),
                };
                face.svars.insert(
                    name.text().to_string(),
                    SVar {
                        name: name.text().to_string(),
                        value: value.trim().to_string(),
                        name_range: name.text_range(),
                        value_range,
                        rec,
                    },
                );
            }
            _ => {}
        }
    }
    if started || !face.name.is_empty() {
        finish(face, colors_line, &mut card);
    }
    card.name = card
        .faces
        .first()
        .map(|f| f.name.clone())
        .unwrap_or_default();
    card
}

/// The text after `SVar:Name:` when it is neither a record nor an expression.
fn svar_plain_value(line: &ast::Line) -> String {
    let text = line.syntax().text().to_string();
    let mut parts = text.splitn(3, ':');
    parts.next();
    parts.next();
    parts.next().unwrap_or("").trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> ForgeCard {
        let parse = syntax::forge::parse(text);
        build(&ast::SourceFile::cast(parse.syntax()).unwrap())
    }

    #[test]
    fn faces_records_and_svars() {
        let c = card(
            "Name:Test Shock\nManaCost:R\nTypes:Instant\nA:SP$ DealDamage | Cost$ R | ValidTgts$ Any | NumDmg$ 2 | SubAbility$ DBDraw\nSVar:DBDraw:DB$ Draw | NumCards$ 1\nSVar:X:Count$xPaid\nSVar:Picture:http://x\n",
        );
        let f = &c.faces[0];
        assert_eq!(f.name, "Test Shock");
        assert_eq!(f.colors, 1 << mana::RED);
        let a = &f.abilities[0];
        assert_eq!(a.api().unwrap().1.value, "DealDamage");
        assert_eq!(a.value("NumDmg"), Some("2"));
        assert!(f.svars["DBDraw"].rec.as_ref().unwrap().is_ability());
        assert_eq!(f.svars["X"].value, "Count$xPaid");
        assert_eq!(f.svars["Picture"].value, "http://x");
    }

    #[test]
    fn alternate_face() {
        let c = card("Name:Front\nTypes:Creature\nALTERNATE\nName:Back\nTypes:Creature\n");
        assert_eq!(c.faces.len(), 2);
        assert_eq!(c.faces[1].name, "Back");
    }
}
