//! The semantic model of one Forge card script, built once per file from the syntax tree: faces
//! (split by `ALTERNATE`), each face's SVar table, every parameter record (from `A:`/`T:`/`S:`/`R:`
//! lines and record-shaped SVars) with its role, and every reference from a parameter or keyword
//! to an SVar. Rules read this instead of walking the tree again.
//!
//! The model reads the tree's green layer (kinds and lengths, no allocation) below the line
//! nodes: creating a red node for every token costs more than parsing. Rules that need typed
//! nodes below a line (cost parts, SVar expressions) get them on demand (`Model::cost`,
//! `Model::expr`).

use super::vocab::Map as HashMap;
use super::vocab::{self, Vocabulary};
use rowan::{GreenNodeData, NodeOrToken};
use syntax::forge::ast;
use syntax::forge::{ForgeLanguage, SyntaxKind};
use syntax::{TextRange, TextSize};

/// One child of a green node: its kind, its range in the file, and the node when it is one.
struct GreenChild<'g> {
    kind: SyntaxKind,
    range: TextRange,
    node: Option<&'g GreenNodeData>,
}

/// The children of a green node starting at `start`, with their ranges.
fn green_children(node: &GreenNodeData, start: TextSize) -> impl Iterator<Item = GreenChild<'_>> {
    let mut offset = start;
    node.children().map(move |el| {
        let len = el.text_len();
        let range = TextRange::at(offset, len);
        offset += len;
        let (kind, node) = match el {
            NodeOrToken::Node(n) => (n.kind(), Some(n)),
            NodeOrToken::Token(t) => (t.kind(), None),
        };
        GreenChild {
            kind: <ForgeLanguage as rowan::Language>::kind_from_raw(kind),
            range,
            node,
        }
    })
}

/// One line of the file.
pub struct LineInfo {
    pub line: ast::Line,
    pub kind: SyntaxKind,
    pub face: usize,
    /// The key token's range (missing on error lines).
    pub key: Option<TextRange>,
    /// The trimmed range of the whole line.
    pub range: TextRange,
    /// The value after `Key:` (for `SVar:` lines, after the name and second colon); empty at the
    /// end of the line when there is none.
    pub value: TextRange,
    /// The key as the vocabulary knows it (exactly), if it does.
    pub known_key: Option<&'static vocab::LineKey>,
}

/// A `K:` line: its `:`-separated pieces (the keyword first).
pub struct KeywordLine {
    pub line: usize,
    pub pieces: Vec<TextRange>,
}

/// One face of a card: the lines between separators.
pub struct Face<'a> {
    /// Index of the first line of the face (the separator line for faces after the first).
    pub first_line: usize,
    /// One past the last line.
    pub end_line: usize,
    /// The first `Name:` line of the face, if any.
    pub name_line: Option<usize>,
    pub name: Option<&'a str>,
    /// SVar name → indices into `Model::svars`, in file order.
    pub svars: HashMap<&'a str, Vec<usize>>,
}

/// An `SVar:Name:value` line.
pub struct SvarDef<'a> {
    pub name: &'a str,
    pub name_range: TextRange,
    pub line: usize,
    pub face: usize,
    /// The value text after the second colon (empty when there is none).
    pub value: &'a str,
    pub value_range: TextRange,
    /// Whether the line has a second colon.
    pub has_value: bool,
    /// The record held by the value, if it is record-shaped.
    pub record: Option<usize>,
    /// Whether the value is an expression (`Count$...`); see `Model::expr`.
    pub is_expr: bool,
}

/// Where a record is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// An `A:`, `T:`, `S:` or `R:` line (index into `Model::lines`).
    Line(usize),
    /// The value of an SVar (index into `Model::svars`).
    Svar(usize),
}

/// What a record is, by where it is written and how it is referenced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// `AB$`/`SP$`/`DB$`/`ST$` records.
    Ability,
    Trigger,
    Static,
    Replacement,
    /// A record-shaped SVar that the AI reads by its fixed name (`AIRollPlanarDieParams`).
    AiHint,
    /// A `Mode$` SVar that nothing references and whose mode does not tell.
    Unknown,
}

impl Role {
    pub fn describe(self) -> &'static str {
        match self {
            Role::Ability => "ability",
            Role::Trigger => "trigger",
            Role::Static => "static ability",
            Role::Replacement => "replacement effect",
            Role::AiHint => "AI hint",
            Role::Unknown => "record",
        }
    }
}

/// One `Key$ Value` piece of a record.
pub struct ParamInfo<'a> {
    /// The kind of the value node the parser gave it (`VALUE`, `COST`, `VALID_LIST`).
    pub value_kind: Option<SyntaxKind>,
    /// The key as written (for a piece without `$`, the whole piece).
    pub key: &'a str,
    pub key_range: TextRange,
    pub has_dollar: bool,
    pub value: &'a str,
    pub value_range: TextRange,
    /// The whole piece, trimmed.
    pub range: TextRange,
    /// A later param of the same record has the same key, so Forge never sees this one.
    pub shadowed: bool,
}

/// Empty pieces of a record: `| |`, a `|` first or last.
#[derive(Default)]
pub struct EmptyPieces {
    /// From the `|` before the empty piece to the `|` after it.
    pub between: Vec<TextRange>,
    /// A `|` that ends the record.
    pub trailing: Option<TextRange>,
}

/// A parameter record.
pub struct RecordInfo<'a> {
    pub face: usize,
    pub origin: Origin,
    pub role: Role,
    /// The line the record is written on.
    pub line: usize,
    /// Index of the record-type param (`AB`, `SP`, `DB`, `ST`) for abilities, or of `Mode`/`Event`.
    pub kind_param: Option<usize>,
    /// The ApiType (abilities) or mode/event (traits), as written.
    pub kind_value: &'a str,
    pub params: Vec<ParamInfo<'a>>,
    pub empty_pieces: EmptyPieces,
    /// The vocabulary the file is checked against.
    pub vocab: &'static Vocabulary,
}

impl<'a> RecordInfo<'a> {
    /// The param Forge uses for `key` (the last one wins), compared exactly.
    pub fn param(&self, key: &str) -> Option<&ParamInfo<'a>> {
        self.params
            .iter()
            .rev()
            .find(|p| p.has_dollar && p.key == key)
    }

    /// The param Forge uses for `key`, compared ignoring case.
    pub fn param_ignore_case(&self, key: &str) -> Option<&ParamInfo<'a>> {
        self.params
            .iter()
            .rev()
            .find(|p| p.has_dollar && p.key.eq_ignore_ascii_case(key))
    }

    /// Whether Forge reads this record's keys ignoring case when building it (abilities and
    /// replacements use a case-insensitive map; 2020 triggers and statics do not).
    pub fn keys_ignore_case(&self) -> bool {
        matches!(self.role, Role::Ability | Role::Replacement)
    }

    /// The record-type key (`AB`, `SP`, `DB`, `ST`) of an ability.
    pub fn ability_kind(&self) -> Option<&'a str> {
        match self.role {
            Role::Ability => self.kind_param.map(|i| self.params[i].key),
            _ => None,
        }
    }

    /// The ApiType as the vocabulary knows it (ignoring case), for abilities.
    pub fn api(&self) -> Option<&'static vocab::Word> {
        match self.role {
            Role::Ability => self.vocab.api_types().get_ignore_case(self.kind_value),
            _ => None,
        }
    }
}

/// What an SVar reference expects to find.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefKind {
    /// An ability record (`SubAbility$`, `Execute$`, `ReplaceWith$`, chapter keywords...).
    Ability,
    Trigger,
    Static,
    Replacement,
    /// A name copied onto a created object (`References$`, `SVars$`, `AddSVar$`).
    Copy,
    /// A number (`NumDmg$ X`, `etbCounter:P1P1:X`).
    Amount,
}

impl RefKind {
    pub fn describe(self) -> &'static str {
        match self {
            RefKind::Ability => "an ability",
            RefKind::Trigger => "a trigger",
            RefKind::Static => "a static ability",
            RefKind::Replacement => "a replacement effect",
            RefKind::Copy => "an SVar to copy",
            RefKind::Amount => "a number",
        }
    }

    /// Whether a missing target leaves a part of the card without effect.
    pub fn is_structural(self) -> bool {
        matches!(
            self,
            RefKind::Ability | RefKind::Trigger | RefKind::Static | RefKind::Replacement
        )
    }
}

/// How a parameter names SVars.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListSep {
    /// One name.
    Single,
    /// Names separated by `,`.
    Comma,
    /// Names separated by `&` (with spaces around).
    Amp,
}

/// A reference to an SVar.
pub struct SvarRef<'a> {
    pub face: usize,
    pub line: usize,
    /// The record holding the param (none for `K:` lines).
    pub record: Option<usize>,
    /// The param index in that record.
    pub param: Option<usize>,
    /// The param key or keyword name the reference comes from.
    pub from: &'a str,
    pub name: &'a str,
    pub range: TextRange,
    pub kind: RefKind,
    pub sep: ListSep,
    /// The param is shadowed by a later one with the same key: Forge never follows this reference.
    pub shadowed: bool,
}

/// Bit flags: which kinds of lines reach an SVar through ability references.
pub mod reach {
    pub const ABILITY_LINE: u8 = 1;
    pub const TRIGGER_LINE: u8 = 2;
    pub const STATIC_LINE: u8 = 4;
    pub const REPLACEMENT_LINE: u8 = 8;
    pub const KEYWORD_LINE: u8 = 16;
}

/// The model of one file.
pub struct Model<'a> {
    pub text: &'a str,
    pub lines: Vec<LineInfo>,
    pub faces: Vec<Face<'a>>,
    pub svars: Vec<SvarDef<'a>>,
    pub records: Vec<RecordInfo<'a>>,
    pub refs: Vec<SvarRef<'a>>,
    /// `K:` lines and their pieces.
    pub keywords: Vec<KeywordLine>,
    /// `ALTERNATE` lines (indices into `lines`).
    pub alternate_lines: Vec<usize>,
    /// `AlternateMode:` lines.
    pub alternate_mode_lines: Vec<usize>,
    /// For each SVar: which kinds of lines reach it through references (`reach` flags).
    pub reached_from: Vec<u8>,
    /// For each SVar: how often its name appears as a word in the face outside its own line
    /// (in any value, keyword or description), the loosest notion of "referenced".
    mentions: std::cell::OnceCell<Vec<u32>>,
    /// The typed cost nodes of the file, by value range (see `cost`).
    costs: std::cell::OnceCell<Vec<(TextRange, ast::Cost)>>,
    /// For each line: the SVar it defines, if it is an `SVar:` line.
    pub line_svar: Vec<Option<usize>>,
    /// Whether the file is a token script (under `tokenscripts/`).
    pub is_token_script: bool,
    /// The vocabulary of the Forge version the file is checked against.
    pub vocab: &'static Vocabulary,
}

/// Keys whose value names one ability SVar.
pub const ABILITY_KEYS: &[&str] = &[
    "SubAbility",
    "Execute",
    "WinSubAbility",
    "OtherwiseSubAbility",
    "ChooseNumberSubAbility",
    "Lowest",
    "Highest",
    "HeadsSubAbility",
    "TailsSubAbility",
    "LoseSubAbility",
    "TrueSubAbility",
    "FalseSubAbility",
    "ChosenPile",
    "UnchosenPile",
    "RepeatSubAbility",
    "FallbackAbility",
    "ChooseSubAbility",
    "CantChooseSubAbility",
    "PreventionSubAbility",
    "BidSubAbility",
    "NotLowest",
    "GuessCorrect",
    "GuessWrong",
    "MatchedAbility",
    "UnmatchedAbility",
    "RegenerationAbility",
    "ReturnAbility",
    "GiftAbility",
    "VoteSubAbility",
    "VoteTiedAbility",
    "ReplaceWith",
    "ExtraTurnDelayedTriggerExcute",
];

/// The reference shape of a param key, if it names SVars.
/// Chain keys are compared ignoring case when `ignore_case` is set (abilities and replacements
/// are built from a case-insensitive map).
pub fn ref_shape(key: &str, api: &str, ignore_case: bool) -> Option<(RefKind, ListSep)> {
    use ListSep::*;
    use RefKind::*;
    let chain = if ignore_case {
        ABILITY_KEYS.iter().any(|k| k.eq_ignore_ascii_case(key))
    } else {
        ABILITY_KEYS.contains(&key)
    };
    if chain {
        return Some((Ability, Single));
    }
    Some(match key {
        "Abilities" | "TokenAbilities" | "AddAbilities" => (Ability, Comma),
        "RegenerationTrigger" | "Tied" | "ActivationResolveSub" => (Ability, Single),
        "Choices"
            if ["Charm", "GenericChoice", "AssignGroup", "VillainousChoice"]
                .iter()
                .any(|a| a.eq_ignore_ascii_case(api)) =>
        {
            (Ability, Comma)
        }
        "AddAbility" => (Ability, Amp),
        "DelayedTrigger" | "ExtraTurnDelayedTrigger" => (Trigger, Single),
        "Triggers" | "TokenTriggers" | "AddTriggers" => (Trigger, Comma),
        "AddTrigger" => (Trigger, Amp),
        "StaticAbilities" | "staticAbilities" | "TokenStaticAbilities" => (Static, Comma),
        "AddStaticAbility" => (Static, Amp),
        "ReplacementEffects" | "Replacements" => (Replacement, Comma),
        "AddReplacementEffects" => (Replacement, Amp),
        "References" | "SVars" | "sVars" | "TokenSVars" | "AddSVars" => (Copy, Comma),
        "AddSVar" => (Copy, Amp),
        _ => return None,
    })
}

/// Parameters whose value is a number or the name of an SVar holding one.
pub const AMOUNT_KEYS: &[&str] = &[
    "NumDmg",
    "LifeAmount",
    "NumCards",
    "Amount",
    "TargetMax",
    "TargetMin",
    "TokenAmount",
    "CounterNum",
    "ChangeNum",
    "NumAtt",
    "NumDef",
    "DigNum",
    "ScryNum",
    "SurveilNum",
    "NumTurns",
    "MaxRepeat",
    "RevealNumber",
    "CheckSVar",
    "ConditionCheckSVar",
    "RepeatCheckSVar",
    "CheckSecondSVar",
    "SetPower",
    "SetToughness",
    "AddPower",
    "AddToughness",
    "TokenPower",
    "TokenToughness",
];

/// SVar names the engine or the AI reads by name: an SVar with one of these names is never dead
/// code, and a reference to one of the engine-made ones is never missing.
pub const ENGINE_SVARS: &[&str] = &[
    "AIRollPlanarDieParams",
    "TrigNotTribute",
    "GiftAbility",
    "RolledWalk",
    "RolledChaos",
    "ChosenX",
    "PayX",
    "X",
    "Y",
    "Targeting",
    "SacMe",
    "EndOfTurnLeavePlay",
    "DestroyWhenDamaged",
    "AIPreference",
    "PlayMain1",
    "NeedsToPlay",
    "NeedsToPlayVar",
    "StoredTransform",
    "TriggerFizzled",
    "FullCost",
    "AltCost",
    "OblivionRing",
    "TrigExile",
];

/// Splits `text` (starting at `start`) on `sep`, trimming each item; empty items are skipped.
pub fn split_items(text: &str, start: TextSize, sep: char) -> Vec<(&str, TextRange)> {
    let mut out = Vec::new();
    let mut offset = 0usize;
    for piece in text.split(sep) {
        let lead = piece.len() - piece.trim_start().len();
        let item = piece.trim();
        if !item.is_empty() {
            let s = start + TextSize::from((offset + lead) as u32);
            out.push((item, TextRange::at(s, TextSize::of(item))));
        }
        offset += piece.len() + sep.len_utf8();
    }
    out
}

impl<'a> Model<'a> {
    pub fn build(
        text: &'a str,
        tree: &ast::SourceFile,
        is_token_script: bool,
        vocab: &'static Vocabulary,
    ) -> Model<'a> {
        let slice = |r: TextRange| &text[usize::from(r.start())..usize::from(r.end())];
        let mut model = Model {
            text,
            lines: Vec::new(),
            faces: vec![Face {
                first_line: 0,
                end_line: 0,
                name_line: None,
                name: None,
                svars: HashMap::default(),
            }],
            svars: Vec::new(),
            records: Vec::new(),
            refs: Vec::new(),
            keywords: Vec::new(),
            alternate_lines: Vec::new(),
            alternate_mode_lines: Vec::new(),
            reached_from: Vec::new(),
            mentions: std::cell::OnceCell::new(),
            costs: std::cell::OnceCell::new(),
            line_svar: Vec::new(),
            is_token_script,
            vocab,
        };
        let mut face = 0usize;
        for line in tree.lines() {
            let index = model.lines.len();
            let kind = line.kind();
            // One pass over the line's children (green): key, SVar name, colons, value node,
            // trimmed ends.
            let mut key = None;
            let mut svar_name = None;
            let mut colons = 0u8;
            let mut value_node: Option<(&GreenNodeData, TextRange)> = None;
            let mut first: Option<TextRange> = None;
            let mut last: Option<TextRange> = None;
            let line_range = line.range();
            let green = line.syntax().green();
            for child in green_children(&green, line_range.start()) {
                let r = child.range;
                match child.kind {
                    SyntaxKind::WHITESPACE | SyntaxKind::NEWLINE => continue,
                    SyntaxKind::KEY => key = Some(r),
                    SyntaxKind::SVAR_NAME => svar_name = Some(r),
                    SyntaxKind::COLON => colons += 1,
                    _ => {}
                }
                if let (Some(n), None) = (child.node, value_node) {
                    value_node = Some((n, r));
                }
                first.get_or_insert(r);
                last = Some(r);
            }
            let range = match (first, last) {
                (Some(f), Some(l)) => f.cover(l),
                _ => line_range,
            };
            let value = value_node.map_or(TextRange::empty(range.end()), |(_, r)| r);
            let key_text = key.map(slice).unwrap_or("");
            let starts_face = match kind {
                SyntaxKind::ALTERNATE_LINE => {
                    model.alternate_lines.push(index);
                    // A second ALTERNATE stays on the second face.
                    face == 0
                }
                SyntaxKind::PROPERTY_LINE => key_text == "SPECIALIZE",
                _ => false,
            };
            if starts_face {
                model.faces[face].end_line = index;
                face = model.faces.len();
                model.faces.push(Face {
                    first_line: index,
                    end_line: index,
                    name_line: None,
                    name: None,
                    svars: HashMap::default(),
                });
            }
            if key_text == "Name" && model.faces[face].name_line.is_none() {
                model.faces[face].name_line = Some(index);
                model.faces[face].name = Some(slice(value).trim());
            }
            if key_text == "AlternateMode" {
                model.alternate_mode_lines.push(index);
            }
            model.lines.push(LineInfo {
                line: line.clone(),
                kind,
                face,
                key,
                range,
                value,
                known_key: vocab.line_keys().get(key_text),
            });
            model.line_svar.push(None);
            match kind {
                SyntaxKind::ABILITY_LINE
                | SyntaxKind::TRIGGER_LINE
                | SyntaxKind::STATIC_LINE
                | SyntaxKind::REPLACEMENT_LINE => {
                    if let Some((record, at)) = value_node
                        .filter(|(n, _)| n.kind() == rowan::SyntaxKind(SyntaxKind::RECORD as u16))
                    {
                        let role = match kind {
                            SyntaxKind::ABILITY_LINE => Role::Ability,
                            SyntaxKind::TRIGGER_LINE => Role::Trigger,
                            SyntaxKind::STATIC_LINE => Role::Static,
                            _ => Role::Replacement,
                        };
                        let rec = build_record(
                            text,
                            record,
                            at.start(),
                            face,
                            Origin::Line(index),
                            role,
                            index,
                            vocab,
                        );
                        model.records.push(rec);
                    }
                }
                SyntaxKind::KEYWORD_LINE => {
                    if let Some((n, at)) = value_node {
                        let pieces = green_children(n, at.start())
                            .filter(|c| c.kind == SyntaxKind::TEXT)
                            .map(|c| c.range)
                            .collect();
                        model.keywords.push(KeywordLine {
                            line: index,
                            pieces,
                        });
                    }
                }
                SyntaxKind::SVAR_LINE => {
                    let Some(name_range) = svar_name else {
                        continue;
                    };
                    let has_value = colons >= 2;
                    let value_range = if has_value {
                        value
                    } else {
                        TextRange::empty(range.end())
                    };
                    let svar_index = model.svars.len();
                    let mut def = SvarDef {
                        name: slice(name_range),
                        name_range,
                        line: index,
                        face,
                        value: slice(value_range),
                        value_range,
                        has_value,
                        record: None,
                        is_expr: false,
                    };
                    let value_kind = value_node
                        .map(|(n, _)| <ForgeLanguage as rowan::Language>::kind_from_raw(n.kind()));
                    match (value_node, value_kind) {
                        (Some((record, at)), Some(SyntaxKind::RECORD)) => {
                            def.record = Some(model.records.len());
                            let mut rec = build_record(
                                text,
                                record,
                                at.start(),
                                face,
                                Origin::Svar(svar_index),
                                Role::Unknown,
                                index,
                                vocab,
                            );
                            let first = rec.params.first().map_or("", |p| p.key.trim());
                            rec.role = if ["AB", "SP", "DB", "ST"]
                                .iter()
                                .any(|k| k.eq_ignore_ascii_case(first))
                            {
                                Role::Ability
                            } else if first.eq_ignore_ascii_case("Event") {
                                Role::Replacement
                            } else if def.name == "AIRollPlanarDieParams" {
                                Role::AiHint
                            } else {
                                Role::Unknown
                            };
                            finish_record(&mut rec);
                            model.records.push(rec);
                        }
                        (_, Some(SyntaxKind::EXPR)) => def.is_expr = true,
                        _ => {}
                    }
                    model.faces[face]
                        .svars
                        .entry(def.name)
                        .or_default()
                        .push(svar_index);
                    model.line_svar[index] = Some(svar_index);
                    model.svars.push(def);
                }
                _ => {}
            }
        }
        let total = model.lines.len();
        model.faces[face].end_line = total;
        model.collect_refs();
        model.settle_roles();
        model.compute_reach();
        model
    }

    /// The typed cost node of a `Cost$`-like param, made on first use from the line's node.
    pub fn cost(&self, record: &RecordInfo<'a>, param: &ParamInfo<'a>) -> Option<ast::Cost> {
        if param.value_kind != Some(SyntaxKind::COST) {
            return None;
        }
        let costs = self.costs.get_or_init(|| {
            let mut costs = Vec::new();
            for rec in &self.records {
                for p in &rec.params {
                    if p.value_kind == Some(SyntaxKind::COST)
                        && let Some(c) = self
                            .node_at(rec.line, p.value_range, SyntaxKind::COST)
                            .and_then(ast::Cost::cast)
                    {
                        costs.push((p.value_range, c));
                    }
                }
            }
            costs
        });
        let _ = record;
        costs
            .iter()
            .find(|(r, _)| *r == param.value_range)
            .map(|(_, c)| c.clone())
    }

    /// The typed expression of an SVar whose value is one (`Count$...`), made on demand.
    pub fn expr(&self, svar: usize) -> Option<ast::Expr> {
        let def = &self.svars[svar];
        if !def.is_expr {
            return None;
        }
        self.node_at(def.line, def.value_range, SyntaxKind::EXPR)
            .and_then(ast::Expr::cast)
    }

    /// The node of `kind` covering `range` on line `line`.
    fn node_at(
        &self,
        line: usize,
        range: TextRange,
        kind: SyntaxKind,
    ) -> Option<syntax::forge::SyntaxNode> {
        let start = match self.lines[line].line.syntax().covering_element(range) {
            NodeOrToken::Node(n) => n,
            NodeOrToken::Token(t) => t.parent()?,
        };
        start.ancestors().find(|n| n.kind() == kind)
    }

    /// How often an SVar's name appears as a word in its face outside its own line (in any
    /// value, keyword or description): the loosest notion of "referenced". Counted on first use.
    pub fn mentions(&self, svar: usize) -> u32 {
        self.mentions.get_or_init(|| self.count_mentions())[svar]
    }

    /// Counts, per face, the words that are SVar names of that face, outside `SVar:` names.
    fn count_mentions(&self) -> Vec<u32> {
        let mut mentions = vec![0u32; self.svars.len()];
        let mut own: Vec<u32> = vec![0; self.svars.len()];
        for face in &self.faces {
            if face.svars.is_empty() {
                continue;
            }
            let mut counts: HashMap<&str, u32> = HashMap::default();
            // Most words of a face name no SVar: a word is looked up only when one of the
            // face's names starts with its first byte and has its length.
            let mut firsts = [false; 256];
            let mut lengths = 0u64;
            for name in face.svars.keys() {
                if let Some(&b) = name.as_bytes().first() {
                    firsts[usize::from(b)] = true;
                }
                lengths |= 1 << name.len().min(63);
            }
            let may_name =
                |w: &[u8]| firsts[usize::from(w[0])] && lengths & (1 << w.len().min(63)) != 0;
            for (li, info) in self.lines[face.first_line..face.end_line]
                .iter()
                .enumerate()
            {
                let li = face.first_line + li;
                // For SVar lines, only the value mentions other names.
                let (text, def) = if info.kind == SyntaxKind::SVAR_LINE {
                    match self.line_svar[li] {
                        Some(d) => (self.svars[d].value, Some(d)),
                        None => continue,
                    }
                } else {
                    (
                        &self.text[usize::from(info.range.start())..usize::from(info.range.end())],
                        None,
                    )
                };
                // Bytes, not chars: a word is ASCII, and a byte of another char ends one.
                for word in text
                    .as_bytes()
                    .split(|b| !(b.is_ascii_alphanumeric() || *b == b'_'))
                    .filter(|w| !w.is_empty() && may_name(w))
                {
                    let start = word.as_ptr() as usize - text.as_ptr() as usize;
                    let word = &text[start..start + word.len()];
                    if face.svars.contains_key(word) {
                        *counts.entry(word).or_default() += 1;
                        if let Some(d) = def
                            && self.svars[d].name == word
                        {
                            own[d] += 1;
                        }
                    }
                }
            }
            for defs in face.svars.values() {
                for &d in defs {
                    let total = counts.get(self.svars[d].name).copied().unwrap_or(0);
                    mentions[d] = total.saturating_sub(own[d]);
                }
            }
        }
        mentions
    }

    fn collect_refs(&mut self) {
        let mut refs = Vec::new();
        for (ri, rec) in self.records.iter().enumerate() {
            let api = if rec.role == Role::Ability {
                rec.kind_value
            } else {
                ""
            };
            let is_vote = api.eq_ignore_ascii_case("Vote");
            for (pi, p) in rec.params.iter().enumerate() {
                if !p.has_dollar || p.value.is_empty() {
                    continue;
                }
                let shape = if is_vote
                    && p.key.starts_with("Vote")
                    && !self.vocab.params().reads("Vote", p.key)
                    && p.key.len() > 4
                {
                    Some((RefKind::Ability, ListSep::Single))
                } else if p.key == "ResultSubAbilities" {
                    // `1-9:SVarA,10-20:SVarB`
                    for (item, range) in split_items(p.value, p.value_range.start(), ',') {
                        if let Some(colon) = item.find(':') {
                            let name = item[colon + 1..].trim();
                            if !name.is_empty() {
                                let start = range.end() - TextSize::of(name);
                                refs.push(SvarRef {
                                    face: rec.face,
                                    line: rec.line,
                                    record: Some(ri),
                                    param: Some(pi),
                                    from: p.key,
                                    name,
                                    range: TextRange::at(start, TextSize::of(name)),
                                    kind: RefKind::Ability,
                                    sep: ListSep::Comma,
                                    shadowed: p.shadowed,
                                });
                            }
                        }
                    }
                    None
                } else if AMOUNT_KEYS.contains(&p.key)
                    && rec.role == Role::Ability
                    && is_svar_name(p.value.trim())
                    || (matches!(p.key, "CheckSVar" | "ConditionCheckSVar")
                        && is_svar_name(p.value.trim()))
                {
                    Some((RefKind::Amount, ListSep::Single))
                } else {
                    ref_shape(p.key, api, rec.keys_ignore_case())
                };
                let Some((kind, sep)) = shape else {
                    continue;
                };
                let items = match sep {
                    ListSep::Single if kind == RefKind::Amount => {
                        split_items(p.value, p.value_range.start(), '\u{0}')
                    }
                    ListSep::Single => {
                        vec![(p.value, p.value_range)]
                    }
                    ListSep::Comma => split_items(p.value, p.value_range.start(), ','),
                    ListSep::Amp => split_items(p.value, p.value_range.start(), '&'),
                };
                for (name, range) in items {
                    refs.push(SvarRef {
                        face: rec.face,
                        line: rec.line,
                        record: Some(ri),
                        param: Some(pi),
                        from: p.key,
                        name,
                        range,
                        kind,
                        sep,
                        shadowed: p.shadowed,
                    });
                }
            }
        }
        // Keyword lines.
        for kw in &self.keywords {
            let li = kw.line;
            let info = &self.lines[li];
            let texts: Vec<(&'a str, TextRange)> = kw
                .pieces
                .iter()
                .map(|&r| (&self.text[usize::from(r.start())..usize::from(r.end())], r))
                .collect();
            let Some(&(name, _)) = texts.first() else {
                continue;
            };
            let mut push = |piece: usize, kind: RefKind, sep: ListSep| {
                if let Some(&(value, range)) = texts.get(piece) {
                    let items = match sep {
                        ListSep::Comma => split_items(value, range.start(), ','),
                        _ => split_items(value, range.start(), '\u{0}'),
                    };
                    for (item, r) in items {
                        if kind == RefKind::Amount && !is_svar_name(item) {
                            continue;
                        }
                        refs.push(SvarRef {
                            face: info.face,
                            line: li,
                            record: None,
                            param: None,
                            from: name,
                            name: item,
                            range: r,
                            kind,
                            sep,
                            shadowed: false,
                        });
                    }
                }
            };
            match name.trim() {
                "ETBReplacement" => push(2, RefKind::Ability, ListSep::Single),
                "etbCounter" => push(2, RefKind::Amount, ListSep::Single),
                "Saga" | "Chapter" => push(2, RefKind::Ability, ListSep::Comma),
                "MayEffectFromOpeningHand" | "Haunt" => push(1, RefKind::Ability, ListSep::Single),
                "Class" => {
                    // `K:Class:<level>:<cost>:AddTrigger$ Name` (several joined with `&`).
                    if let Some(&(value, range)) = texts.get(3) {
                        for (item, r) in split_items(value, range.start(), '&') {
                            if let Some((k, v)) = item.split_once('$') {
                                let k = k.trim();
                                let shape = ref_shape(k, "", false);
                                let v_trim = v.trim();
                                if let (Some((kind, _)), false) = (shape, v_trim.is_empty()) {
                                    let start = r.end() - TextSize::of(v_trim);
                                    refs.push(SvarRef {
                                        face: info.face,
                                        line: li,
                                        record: None,
                                        param: None,
                                        from: name,
                                        name: v_trim,
                                        range: TextRange::at(start, TextSize::of(v_trim)),
                                        kind,
                                        sep: ListSep::Single,
                                        shadowed: false,
                                    });
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        self.refs = refs;
    }

    /// Decides the role of `Mode$` SVars: by how they are referenced, else by the mode name.
    fn settle_roles(&mut self) {
        let mut wanted: HashMap<usize, RefKind> = HashMap::default();
        for r in &self.refs {
            if matches!(r.kind, RefKind::Trigger | RefKind::Static)
                && let Some(&def) = self.faces[r.face]
                    .svars
                    .get(r.name)
                    .and_then(|defs| defs.last())
            {
                wanted.entry(def).or_insert(r.kind);
            }
        }
        for (i, def) in self.svars.iter().enumerate() {
            let Some(ri) = def.record else {
                continue;
            };
            let rec = &mut self.records[ri];
            if rec.role != Role::Unknown {
                continue;
            }
            rec.role = match wanted.get(&i) {
                Some(RefKind::Trigger) => Role::Trigger,
                Some(RefKind::Static) => Role::Static,
                _ => {
                    let mode = rec.kind_value;
                    let is_static = self.vocab.static_modes().get_ignore_case(mode).is_some();
                    let is_trigger = self.vocab.trigger_modes().get_ignore_case(mode).is_some();
                    match (is_trigger, is_static) {
                        (true, false) => Role::Trigger,
                        (false, true) => Role::Static,
                        _ => Role::Unknown,
                    }
                }
            };
        }
    }

    /// Which kinds of lines reach each SVar through references (transitively). Passing through
    /// a trigger (a trigger record, or the `Execute$` of a delayed trigger) makes what follows
    /// reached from a trigger; likewise for statics and replacements.
    fn compute_reach(&mut self) {
        let mut reached = vec![0u8; self.svars.len()];
        let mut stack: Vec<(usize, u8)> = Vec::new();
        let mut out_refs: HashMap<usize, Vec<(usize, Option<u8>)>> = HashMap::default();
        for (i, r) in self.refs.iter().enumerate() {
            if r.shadowed || !r.kind.is_structural() {
                continue;
            }
            let Some(target) = self.resolve(r.face, r.name) else {
                continue;
            };
            let record = r.record.map(|ri| &self.records[ri]);
            let via = record.and_then(|rec| match rec.role {
                Role::Trigger => Some(reach::TRIGGER_LINE),
                Role::Static => Some(reach::STATIC_LINE),
                Role::Replacement => Some(reach::REPLACEMENT_LINE),
                Role::Ability
                    if (r.from.eq_ignore_ascii_case("Execute")
                        && ["DelayedTrigger", "ImmediateTrigger"]
                            .iter()
                            .any(|a| a.eq_ignore_ascii_case(rec.kind_value)))
                        || r.from.contains("Trigger") =>
                {
                    // Delayed, reflexive and regeneration triggers run what they name.
                    Some(reach::TRIGGER_LINE)
                }
                _ => None,
            });
            match record.map(|rec| rec.origin) {
                Some(Origin::Svar(from)) => out_refs.entry(from).or_default().push((i, via)),
                Some(Origin::Line(li)) => {
                    let line_bit = match self.lines[li].kind {
                        SyntaxKind::ABILITY_LINE => reach::ABILITY_LINE,
                        SyntaxKind::TRIGGER_LINE => reach::TRIGGER_LINE,
                        SyntaxKind::STATIC_LINE => reach::STATIC_LINE,
                        _ => reach::REPLACEMENT_LINE,
                    };
                    stack.push((target, via.unwrap_or(line_bit)));
                }
                None => stack.push((target, reach::KEYWORD_LINE)),
            }
        }
        while let Some((svar, bits)) = stack.pop() {
            if reached[svar] & bits == bits {
                continue;
            }
            reached[svar] |= bits;
            if let Some(outs) = out_refs.get(&svar) {
                for &(ri, via) in outs {
                    let r = &self.refs[ri];
                    if let Some(target) = self.resolve(r.face, r.name) {
                        stack.push((target, via.unwrap_or(bits)));
                    }
                }
            }
        }
        self.reached_from = reached;
    }

    /// The SVar definition Forge uses for `name` on `face` (the last one).
    pub fn resolve(&self, face: usize, name: &str) -> Option<usize> {
        self.faces
            .get(face)?
            .svars
            .get(name)
            .and_then(|defs| defs.last().copied())
    }

    /// An SVar of `face` whose name differs from `name` only by case.
    pub fn resolve_ignore_case(&self, face: usize, name: &str) -> Option<&SvarDef<'a>> {
        self.faces.get(face)?.svars.iter().find_map(|(k, defs)| {
            (k.eq_ignore_ascii_case(name))
                .then(|| defs.last().map(|&i| &self.svars[i]))
                .flatten()
        })
    }

    pub fn slice(&self, range: TextRange) -> &'a str {
        &self.text[usize::from(range.start())..usize::from(range.end())]
    }

    /// For each record, its references to abilities (`SubAbility$`, `Execute$`, branches) that
    /// Forge follows (indices into `refs`).
    pub fn ability_refs_by_record(&self) -> Vec<Vec<usize>> {
        let mut out: Vec<Vec<usize>> = vec![Vec::new(); self.records.len()];
        for (i, rf) in self.refs.iter().enumerate() {
            if let Some(rec) = rf.record
                && rf.kind == RefKind::Ability
                && !rf.shadowed
            {
                out[rec].push(i);
            }
        }
        out
    }

    /// The records `head` runs, head first (breadth first, each once, at most `max`), through
    /// `ability_refs_by_record`.
    pub fn runs(&self, refs_by_record: &[Vec<usize>], head: usize, max: usize) -> Vec<usize> {
        let mut out = vec![head];
        let mut i = 0;
        while i < out.len() && out.len() < max {
            let r = out[i];
            i += 1;
            for &ri in refs_by_record.get(r).into_iter().flatten() {
                let rf = &self.refs[ri];
                let Some(s) = self.resolve(rf.face, rf.name) else {
                    continue;
                };
                if let Some(rec) = self.svars[s].record
                    && !out.contains(&rec)
                    && out.len() < max
                {
                    out.push(rec);
                }
            }
        }
        out
    }

    /// The record an SVar holds.
    pub fn svar_record(&self, svar: usize) -> Option<&RecordInfo<'a>> {
        self.svars[svar].record.map(|r| &self.records[r])
    }

    /// The text of the line holding a record.
    pub fn record_line(&self, record: &RecordInfo<'a>) -> &LineInfo {
        &self.lines[record.line]
    }
}

/// Whether a text is an SVar name rather than a number (`X`, `TgtNum`, not `3` or `-1`).
pub fn is_svar_name(text: &str) -> bool {
    let first = text.as_bytes().first().copied().unwrap_or(b'0');
    (first.is_ascii_alphabetic() || first == b'_')
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

#[allow(clippy::too_many_arguments)]
fn build_record<'a>(
    text: &'a str,
    record: &GreenNodeData,
    start: TextSize,
    face: usize,
    origin: Origin,
    role: Role,
    line: usize,
    vocab: &'static Vocabulary,
) -> RecordInfo<'a> {
    let slice = |r: TextRange| &text[usize::from(r.start())..usize::from(r.end())];
    let mut params: Vec<ParamInfo<'a>> = Vec::with_capacity(8);
    let mut empty_pieces = EmptyPieces::default();
    let mut last_pipe: Option<TextRange> = None;
    let mut content = false;
    for child in green_children(record, start) {
        match child.kind {
            SyntaxKind::PIPE => {
                let r = child.range;
                if !content {
                    let start = last_pipe.map_or(r.start(), |l| l.start());
                    empty_pieces.between.push(TextRange::new(start, r.end()));
                }
                last_pipe = Some(r);
                content = false;
                continue;
            }
            SyntaxKind::WHITESPACE => continue,
            _ => content = true,
        }
        let (Some(param), SyntaxKind::PARAM) = (child.node, child.kind) else {
            continue;
        };
        let range = child.range;
        let mut key_range = None;
        let mut dollar = false;
        let mut value: Option<(SyntaxKind, TextRange)> = None;
        for c in green_children(param, range.start()) {
            match c.kind {
                SyntaxKind::PARAM_KEY => key_range = Some(c.range),
                SyntaxKind::DOLLAR => dollar = true,
                k if c.node.is_some() => value = Some((k, c.range)),
                _ => {}
            }
        }
        let key_range = key_range.unwrap_or_else(|| TextRange::empty(range.start()));
        let value_range = match (value, dollar) {
            (Some((_, r)), true) => r,
            _ => TextRange::empty(range.end()),
        };
        params.push(ParamInfo {
            key: slice(key_range),
            key_range,
            has_dollar: dollar,
            value: slice(value_range),
            value_range,
            range,
            shadowed: false,
            value_kind: value.map(|(k, _)| k),
        });
    }
    if let (Some(r), false) = (last_pipe, content) {
        empty_pieces.trailing = Some(r);
    }
    let mut rec = RecordInfo {
        face,
        origin,
        role,
        line,
        kind_param: None,
        kind_value: "",
        params,
        empty_pieces,
        vocab,
    };
    finish_record(&mut rec);
    rec
}

/// Marks shadowed params and finds the record-type param, by the record's role.
fn finish_record(rec: &mut RecordInfo<'_>) {
    let params = &mut rec.params;
    // Later params win: mark the earlier ones with the same key (records are short, so a
    // quadratic scan over at most a few dozen keys is cheaper than hashing).
    // A record with very many params (a generated file) takes a set of the keys seen from the
    // end instead, so that its cost stays linear.
    let ignore_case = matches!(rec.role, Role::Ability | Role::Replacement);
    if params.len() > 64 {
        let mut seen: std::collections::HashSet<std::borrow::Cow<'_, str>> =
            std::collections::HashSet::new();
        for p in params.iter_mut().rev() {
            if !p.has_dollar || p.key.is_empty() {
                p.shadowed = false;
                continue;
            }
            let key = if ignore_case && p.key.bytes().any(|b| b.is_ascii_uppercase()) {
                std::borrow::Cow::Owned(p.key.to_ascii_lowercase())
            } else {
                std::borrow::Cow::Borrowed(p.key)
            };
            p.shadowed = !seen.insert(key);
        }
    } else {
        for i in 0..params.len() {
            let p = &params[i];
            if !p.has_dollar || p.key.is_empty() {
                params[i].shadowed = false;
                continue;
            }
            let later = params[i + 1..].iter().any(|q| {
                q.has_dollar
                    && if ignore_case {
                        q.key.eq_ignore_ascii_case(p.key)
                    } else {
                        q.key == p.key
                    }
            });
            params[i].shadowed = later;
        }
    }
    let kind_param = match rec.role {
        Role::Ability => ["AB", "SP", "ST", "DB"].iter().find_map(|k| {
            params
                .iter()
                .rposition(|p| p.has_dollar && p.key.eq_ignore_ascii_case(k))
        }),
        Role::Replacement => params
            .iter()
            .rposition(|p| p.has_dollar && p.key == "Event"),
        _ => params.iter().rposition(|p| p.has_dollar && p.key == "Mode"),
    };
    // SVars whose first key is Mode/Event keep them as their kind param.
    let kind_param = kind_param.or_else(|| {
        params
            .iter()
            .rposition(|p| p.has_dollar && (p.key == "Mode" || p.key == "Event"))
            .filter(|_| matches!(rec.origin, Origin::Svar(_)))
    });
    rec.kind_param = kind_param;
    rec.kind_value = kind_param.map(|i| params[i].value.trim()).unwrap_or("");
}
