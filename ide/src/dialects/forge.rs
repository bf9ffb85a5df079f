//! Editor features for Forge card scripts: completion and hover from the vocabulary (line keys,
//! ApiTypes, the parameters each reader takes, zones, phases, counters, keywords, Valid
//! properties...), SVars (value on hover, definition, references, rename), token scripts, the
//! outline of a card, folding of faces, semantic tokens.

use crate::features::{
    CardName, Completion, CompletionKind, Cursor, DialectIde, FileEdit, FileView, Fold, Hover,
    InlayHint, Location, SemanticToken, Symbol, SymbolKind, TokenKind, example_line,
    example_markdown, modifier, word_at,
};
use lint::Edit;
use lint::forge::rules::scope::RecordScopes;
use lint::forge::rules::unknown_valid_base::BASE_WORDS;
use lint::forge::rules::words::{PHASE_KEYS, ZONE_KEYS};
use lint::forge::{FileIndex, Index, Linter, is_token_script_path};
use model::forge::script::{self, Model, RecordInfo, Role};
use model::forge::vocab::{self, Status, ValuePosition, Vocabulary, Word};
use model::source::{FileId, SourceFile};
use rowan::GreenNode;
use syntax::forge::{SyntaxKind, SyntaxNode, ast};
use syntax::{SyntaxError, TextRange, TextSize};

/// The parsed file a feature reads.
struct Parsed<'a> {
    text: &'a str,
    model: Model<'a>,
}

impl<'a> Parsed<'a> {
    fn new(view: &'a FileView<'_, Linter>) -> Parsed<'a> {
        let text = view.text();
        let root = SyntaxNode::new_root(view.green.clone());
        let tree = ast::SourceFile::cast(root).expect("a Forge tree");
        let model = Model::build(
            text,
            &tree,
            is_token_script_path(&view.file().path),
            model::forge::versions::vocabulary_for(&view.config.forge_engine, &view.file().path),
        );
        Parsed { text, model }
    }

    /// The index of the line holding `offset` in `model.lines`, if a line node holds it.
    fn line_at(&self, offset: TextSize) -> Option<usize> {
        let (start, end) = line_bounds(self.text, offset);
        self.model.lines.iter().position(|l| {
            let r = l.line.range();
            usize::from(r.start()) >= start && usize::from(r.start()) <= end
        })
    }

    fn record_on_line(&self, line: usize) -> Option<&RecordInfo<'a>> {
        self.model.records.iter().find(|r| r.line == line)
    }
}

/// The start and end (before the line break) of the line holding `offset`.
fn line_bounds(text: &str, offset: TextSize) -> (usize, usize) {
    let at = usize::from(offset).min(text.len());
    let start = text[..at].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let end = text[at..].find(['\n', '\r']).map_or(text.len(), |i| at + i);
    (start, end)
}

fn range(s: usize, e: usize) -> TextRange {
    TextRange::new(TextSize::from(s as u32), TextSize::from(e as u32))
}

/// Where the cursor is, in Forge terms.
enum Site<'p> {
    /// In the key of a line (`Name`, `A`, `SVar`...).
    LineKey(TextRange),
    /// In the first piece of a `K:` line.
    Keyword(TextRange),
    /// A word of a `Types:` line.
    TypeWord(TextRange),
    /// The name of an `SVar:` line.
    SvarName(TextRange),
    /// The key of a record piece (`Cost` in `Cost$ ...`).
    ParamKey {
        rec: Option<&'p RecordInfo<'p>>,
        line_key: &'p str,
        range: TextRange,
    },
    /// A word in a record value.
    ParamValue {
        rec: Option<&'p RecordInfo<'p>>,
        line_key: &'p str,
        key: &'p str,
        range: TextRange,
        /// The character before the word (`.`, `+`, `,`, `$`...).
        after: u8,
    },
    /// A word after `Count$` in an SVar expression.
    CountKey(TextRange),
    /// The start of an SVar value that is not a record.
    SvarValue(TextRange),
    Nothing,
}

fn site<'p>(p: &'p Parsed<'p>, offset: TextSize) -> Site<'p> {
    let text = p.text;
    let (ls, le) = line_bounds(text, offset);
    let at = usize::from(offset).clamp(ls, le);
    let line = &text[ls..le];
    let lead = line.len() - line.trim_start().len();
    let Some(colon) = line.find(':') else {
        return Site::LineKey(range(ls + lead, le.max(ls + lead)));
    };
    let key_end = ls + colon;
    if at <= key_end {
        return Site::LineKey(range(ls + lead, key_end));
    }
    let key = line[lead..colon].trim();
    let value_start = key_end + 1;
    let word = word_at(text, TextSize::from(at as u32), &[]);
    let line_index = p.line_at(offset);
    let rec = line_index.and_then(|l| p.record_on_line(l));
    let record_site = |start: usize, line_key: &'p str| -> Site<'p> {
        // The piece of the record holding the cursor.
        let piece_start = text[start..at].rfind('|').map_or(start, |i| start + i + 1);
        let piece_end = text[at..le].find('|').map_or(le, |i| at + i);
        let piece = &text[piece_start..piece_end];
        match piece.find('$') {
            Some(d) if at > piece_start + d => {
                let key = text[piece_start..piece_start + d].trim();
                let w = word_at(text, TextSize::from(at as u32), &[]);
                let after = text[..usize::from(w.start())]
                    .trim_end_matches(' ')
                    .bytes()
                    .last()
                    .unwrap_or(b'$');
                Site::ParamValue {
                    rec,
                    line_key,
                    key,
                    range: w,
                    after,
                }
            }
            _ => {
                let lead = piece.len() - piece.trim_start().len();
                let key_end = piece.find('$').map_or(piece.trim_end().len(), |d| d);
                let s = piece_start + lead;
                Site::ParamKey {
                    rec,
                    line_key,
                    range: range(s, (piece_start + key_end).max(s)),
                }
            }
        }
    };
    match key {
        "A" | "T" | "S" | "R" => record_site(value_start, key_text(line, lead, colon)),
        "K" => {
            let piece_end = text[value_start..le]
                .find(':')
                .map_or(le, |i| value_start + i);
            if at <= piece_end {
                let s = value_start
                    + (text[value_start..piece_end].len()
                        - text[value_start..piece_end].trim_start().len());
                Site::Keyword(range(s, piece_end.max(s)))
            } else {
                Site::Nothing
            }
        }
        "Types" => Site::TypeWord(word),
        "SVar" => {
            let name_end = text[value_start..le]
                .find(':')
                .map_or(le, |i| value_start + i);
            if at <= name_end {
                return Site::SvarName(range(value_start, name_end));
            }
            let vs = name_end + 1;
            let value = &text[vs..le];
            if syntax::forge::is_record_text(value) {
                return record_site(vs, "SVar");
            }
            let before = &text[vs..at];
            if let Some(i) = before.find("Count$") {
                let s = vs + i + "Count$".len();
                if at >= s {
                    return Site::CountKey(word);
                }
            }
            Site::SvarValue(range(
                vs + (value.len() - value.trim_start().len()),
                at.max(vs),
            ))
        }
        _ => Site::Nothing,
    }
}

fn key_text(line: &str, lead: usize, colon: usize) -> &str {
    line[lead..colon].trim()
}

/// Markdown for a vocabulary word.
fn word_doc(what: &str, w: &Word) -> String {
    let mut out = format!("**{}** — {what}\n\n{}", w.name, w.doc);
    if w.status != Status::Both && w.status != Status::Internal {
        out.push_str(&format!("\n\nKnown to {}.", w.status.known_by()));
    }
    if let Some(r) = w.renamed {
        out.push_str(&format!(" Upstream Forge calls it `{r}`."));
    }
    out
}

fn deprecated(status: Status) -> bool {
    matches!(status, Status::Removed | Status::Interim)
}

fn word_items<'w>(
    words: impl Iterator<Item = &'w Word>,
    what: &str,
    kind: CompletionKind,
    replace: TextRange,
    suffix: &str,
) -> Vec<Completion> {
    words
        .filter(|w| !w.name.is_empty() && !w.name.contains('<'))
        .map(|w| {
            let c = Completion::new(w.name, kind, replace)
                .detail(what)
                .documentation(word_doc(what, w))
                .deprecated(deprecated(w.status));
            if suffix.is_empty() {
                c
            } else {
                c.insert(format!("{}{suffix}", w.name))
            }
        })
        .collect()
}

/// Orders value words by how many corpus cards use them in this parameter (`count`), the
/// unused ones after them alphabetically, and tells editors to keep that order (`sortText`)
/// while matching the typed text against the label (`filterText`).
fn rank_values(items: Vec<Completion>, count: impl Fn(&str) -> u32) -> Vec<Completion> {
    crate::features::ranked(items, |c| std::cmp::Reverse(count(&c.label)))
}

/// Which vocabulary a param's value words come from.
enum ValueVocab {
    Api,
    TriggerMode,
    StaticMode,
    Event,
    Zone,
    Phase,
    Counter,
    Defined,
    /// A Defined value that must name players (`DefinedPlayer$` of ChangeZone,
    /// `OptionalDecider$`).
    Player,
    ValidBase,
    ValidProperty,
    CostPart,
    Svar,
    TokenScript,
    None,
}

fn value_vocab(rec: Option<&RecordInfo<'_>>, line_key: &str, key: &str, after: u8) -> ValueVocab {
    let role = rec.map(|r| r.role);
    let api = rec.map_or("", |r| r.kind_value);
    if ["AB", "SP", "DB", "ST"]
        .iter()
        .any(|k| k.eq_ignore_ascii_case(key))
    {
        return ValueVocab::Api;
    }
    if key.eq_ignore_ascii_case("Mode") {
        return match (line_key, role) {
            ("S", _) | (_, Some(Role::Static)) => ValueVocab::StaticMode,
            _ => ValueVocab::TriggerMode,
        };
    }
    if key.eq_ignore_ascii_case("Event") {
        return ValueVocab::Event;
    }
    if key == "TokenScript" {
        return ValueVocab::TokenScript;
    }
    if ZONE_KEYS.contains(&key) {
        return ValueVocab::Zone;
    }
    if PHASE_KEYS.contains(&key) {
        return ValueVocab::Phase;
    }
    if key == "CounterType" || key == "ValidCounterType" {
        return ValueVocab::Counter;
    }
    // The engine resolves the value as a Defined value (`defined-params.tsv`): players only,
    // or any object.
    let role_name = match role {
        Some(Role::Trigger) => "trigger",
        Some(Role::Static) => "static",
        Some(Role::Replacement) => "replacement",
        _ => "ability",
    };
    // The ApiType's own reading first (ChangeZone's `DefinedPlayer$` names players).
    let specific = (role_name == "ability")
        .then(|| {
            vocab::defined_params().iter().find(|d| {
                d.param == key
                    && d.scope
                        .strip_prefix("api:")
                        .is_some_and(|a| a.eq_ignore_ascii_case(api))
            })
        })
        .flatten();
    if let Some(d) = specific.or_else(|| vocab::defined_param(role_name, api, key)) {
        if d.resolves == "player" {
            return ValueVocab::Player;
        }
        return ValueVocab::Defined;
    }
    if key.starts_with("Defined") {
        return ValueVocab::Defined;
    }
    if syntax::forge::is_cost_param(key) {
        return ValueVocab::CostPart;
    }
    if script::ref_shape(key, api, true).is_some() || script::AMOUNT_KEYS.contains(&key) {
        return ValueVocab::Svar;
    }
    if syntax::forge::is_valid_param(key) {
        return if matches!(after, b'.' | b'+') {
            ValueVocab::ValidProperty
        } else {
            ValueVocab::ValidBase
        };
    }
    ValueVocab::None
}

/// The base word of the Valid item a property at `word` belongs to (`Player` in
/// `Player.Opponent+withMore`).
fn valid_base(text: &str, word: TextRange) -> &str {
    let before = &text[..usize::from(word.start())];
    let item = before
        .rfind([' ', ',', '$', '|', '&'])
        .map_or(before, |i| &before[i + 1..]);
    item.split(['.', '+']).next().unwrap_or("")
}

/// Whether a Valid base word names players rather than cards.
fn is_player_base(base: &str) -> bool {
    matches!(base, "Player" | "Opponent" | "You" | "EnchantedController")
}

/// The params a record may take (for completion), with the scopes' rows.
fn param_candidates(
    vocab: &'static Vocabulary,
    rec: Option<&RecordInfo<'_>>,
    line_key: &str,
) -> Vec<&'static str> {
    if let Some(scopes) = rec.and_then(RecordScopes::of) {
        return scopes.candidates();
    }
    let params = vocab.params();
    let commons: &[&str] = match (line_key, rec.map(|r| r.role)) {
        ("T", _) | (_, Some(Role::Trigger)) => &["common:trigger", "common:trait"],
        ("S", _) | (_, Some(Role::Static)) => &["common:static", "common:trait"],
        ("R", _) | (_, Some(Role::Replacement)) => &["common:replacement", "common:trait"],
        _ => &["common:ability", "common:ai"],
    };
    let mut out: Vec<&'static str> = commons
        .iter()
        .filter_map(|c| params.scope(c))
        .flat_map(|s| s.params.keys().copied())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether a params-table reader is the engine's AI only (not the effect or the game rules).
fn ai_only(row: &vocab::ParamRow) -> bool {
    let ai = |r: &str| {
        let r = r.trim();
        r == "ai" || r.starts_with("AI") || r.ends_with("Ai") || r.starts_with("ComputerUtil")
    };
    row.read_by.split(',').all(ai)
}

/// The common params-table scopes every record of a scope's kind reads besides its own
/// (`Destroy` → every ability's; `trigger:Phase` → every trigger's).
fn commons_of_scope(scope_key: &str) -> &'static [&'static str] {
    match scope_key.split_once(':').map(|(kind, _)| kind) {
        Some("trigger") => &["common:trigger", "common:trait", "common:any"],
        Some("static") => &["common:static", "common:trait", "common:any"],
        Some("replacement") => &["common:replacement", "common:trait", "common:any"],
        _ => &["common:ability", "common:any"],
    }
}

/// Whether `key` is only a hint for the computer player in a record of `scope_key`: the scope's
/// own row is read by the AI only, and none of the common sets such a record reads takes it
/// outside the AI. (`Defined$` of `Destroy`: the scope's row is `DestroyAi`'s, but the code every
/// ability's effect shares resolves it, so the engine reads it.)
fn ai_hint(params: &vocab::Params, scope_key: &str, key: &str) -> bool {
    let Some(row) = params.scope(scope_key).and_then(|s| s.params.get(key)) else {
        return false;
    };
    ai_only(row)
        && !commons_of_scope(scope_key)
            .iter()
            .filter_map(|c| params.scope(c)?.params.get(key))
            .any(|r| !ai_only(r))
}

/// The record's parameter names by relevance: the ones its ApiType needs, then the ones its
/// ApiType (trigger mode, static mode, replacement event) itself reads outside the AI, then the
/// rest (the common sets, the AI's), each group by how many corpus cards use the parameter with
/// that kind of record, then by name; parameters the record already has come last.
fn rank_params<'r>(
    rec: Option<&RecordInfo<'_>>,
    typed: &str,
    candidates: Vec<&'r str>,
) -> Vec<&'r str> {
    let scopes = rec.and_then(RecordScopes::of);
    let own = scopes.as_ref().and_then(|s| s.own());
    let kind = match (&scopes, rec) {
        (Some(s), _) => s.scope_key(),
        (None, Some(r)) => r.kind_value.to_string(),
        (None, None) => String::new(),
    };
    let required: &[&str] = match rec {
        Some(r) if r.role == Role::Ability => engine::forge::effects::required_params(r.kind_value),
        _ => &[],
    };
    let frequency = vocab::param_frequency();
    let params = rec.map(|r| r.vocab.params());
    let mut keyed: Vec<_> = candidates
        .into_iter()
        .map(|k| {
            let present = rec.is_some_and(|r| k != typed && r.param(k).is_some());
            let tier = if required.contains(&k) {
                0
            } else if own.is_some_and(|s| s.params.contains_key(k))
                && !params.is_some_and(|p| ai_hint(p, &kind, k))
            {
                1
            } else {
                2
            };
            let count = frequency.count(&kind, k);
            ((present, tier, std::cmp::Reverse(count), k), k)
        })
        .collect();
    keyed.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    keyed.into_iter().map(|(_, k)| k).collect()
}

/// Record keys that give a record its kind, when it has none yet.
fn kind_keys(rec: Option<&RecordInfo<'_>>, line_key: &str) -> &'static [&'static str] {
    let has_kind = rec.is_some_and(|r| r.kind_param.is_some());
    if has_kind {
        return &[];
    }
    match line_key {
        "A" => &["SP", "AB"],
        "T" | "S" => &["Mode"],
        "R" => &["Event"],
        _ => &["DB", "Mode"],
    }
}

/// Markdown for a parameter (completion and hover): what it does, which records read it, then
/// `extra` (hover: the values it takes and an example line), then the versions that read it.
fn param_doc(vocab: &Vocabulary, rec: Option<&RecordInfo<'_>>, key: &str, extra: &str) -> String {
    let mut out = format!("**{key}$** — parameter");
    let params = vocab.params();
    // What it does: the project's doc of the parameter, else what its readers suggest.
    let rows: Vec<&vocab::ParamRow> = params
        .scopes
        .values()
        .filter_map(|s| s.params.get(key))
        .collect();
    if let Some(what) = vocab::param_purpose(key).or_else(|| param_purpose(&rows)) {
        out.push_str(&format!("\n\n{what}"));
    }
    // Which records read it: this record's kind and the common sets it reads, when they do,
    // else every kind that does.
    let scopes = rec.and_then(RecordScopes::of);
    let mine = scopes.as_ref().and_then(|s| {
        let scope_key = s.scope_key();
        let own = s.own().and_then(|o| o.params.get(key));
        let mut kinds: Vec<String> = Vec::new();
        if own.is_some_and(|r| !ai_only(r)) {
            kinds.push(record_kind(&scope_key));
        }
        for common in commons_of(rec) {
            let kind = record_kind(common);
            if !kinds.contains(&kind)
                && params
                    .scope(common)
                    .and_then(|c| c.params.get(key))
                    .is_some_and(|r| !ai_only(r))
            {
                kinds.push(kind);
            }
        }
        if !kinds.is_empty() {
            return Some(format!("Read by {}.", join_plain(&kinds)));
        }
        s.reads(key).then(|| {
            let who = if own.is_some() {
                record_kind(&scope_key)
            } else {
                "every ability".to_string()
            };
            format!("Read by {who}, by the computer player only (a hint for the AI).")
        })
    });
    match mine {
        Some(line) => out.push_str(&format!("\n\n{line}")),
        None => {
            if let Some(list) = params.by_param.get(key) {
                let mut kinds: Vec<String> = list.iter().map(|k| record_kind(k)).collect();
                kinds.sort_unstable();
                kinds.dedup();
                const MAX: usize = 8;
                let more = kinds.len().saturating_sub(MAX);
                kinds.truncate(MAX);
                if more > 0 {
                    kinds.push(format!("{more} more"));
                }
                if let Some(s) = scopes.as_ref() {
                    out.push_str(&format!(
                        "\n\nNot read by {}; read by {}.",
                        record_kind(&s.scope_key()),
                        join_plain(&kinds)
                    ));
                } else {
                    out.push_str(&format!("\n\nRead by {}.", join_plain(&kinds)));
                }
            }
        }
    }
    out.push_str(extra);
    out.push_str(&format!("\n\n{}", versions_line(key)));
    out
}

/// `word`, `word`, `word` (code spans).
fn code_list(words: &[&str]) -> String {
    words
        .iter()
        .map(|w| format!("`{w}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Zones shown on hover, the ones scripts name most first.
const COMMON_ZONES: &[&str] = &[
    "Battlefield",
    "Graveyard",
    "Hand",
    "Library",
    "Exile",
    "Stack",
    "Command",
    "Sideboard",
    "Any",
];

/// Counter types shown first on hover: the common ones, when the version knows them.
const COMMON_COUNTERS: &[&str] = &["P1P1", "M1M1", "LOYALTY", "CHARGE", "TIME", "AGE"];

/// The words most used at `position` in `key`'s values, else in every parameter's.
fn top_values(key: &str, position: ValuePosition, n: usize) -> Vec<&'static str> {
    let frequency = vocab::value_frequency();
    let own = frequency.top(key, position, n);
    if own.is_empty() {
        frequency.top("*", position, n)
    } else {
        own
    }
}

/// Which Defined words name players (`You`, `Opponent`, `TriggeredPlayer`...).
fn names_player(w: &vocab::MatchWord) -> bool {
    w.kind.contains("player") || w.word.name.ends_with("Player")
}

/// What values a parameter takes, the most used first, as a paragraph (hover).
fn param_values(
    p: &Parsed<'_>,
    rec: Option<&RecordInfo<'_>>,
    line_key: &str,
    key: &str,
    face: usize,
) -> Option<String> {
    let vocab = p.model.vocab;
    let line = match value_vocab(rec, line_key, key, b'$') {
        ValueVocab::Api => "An ApiType: the effect of the record.".to_string(),
        ValueVocab::TriggerMode => "A trigger mode: what the trigger waits for.".to_string(),
        ValueVocab::StaticMode => "A static mode.".to_string(),
        ValueVocab::Event => "A replacement event.".to_string(),
        ValueVocab::Zone => {
            let zones: Vec<&str> = COMMON_ZONES
                .iter()
                .copied()
                .filter(|z| vocab.zones().get(z).is_some())
                .collect();
            format!("A zone (several separated by commas): {}...", code_list(&zones))
        }
        ValueVocab::Phase => {
            let phases: Vec<&str> = vocab.phases().iter().map(|p| p.word.name).take(8).collect();
            format!("A phase or step: {}...", code_list(&phases))
        }
        ValueVocab::Counter => {
            let common: Vec<&str> = COMMON_COUNTERS
                .iter()
                .copied()
                .filter(|c| vocab.counter_type(c).is_some())
                .collect();
            format!("A counter type: {}...", code_list(&common))
        }
        ValueVocab::Defined => format!(
            "A Defined value; the most used: {}.",
            code_list(&top_values(key, ValuePosition::Defined, 8))
        ),
        ValueVocab::Player => {
            let players: Vec<&str> = top_values("*", ValuePosition::Defined, 40)
                .into_iter()
                .filter(|w| vocab.defined().exact(w).is_some_and(names_player))
                .take(6)
                .collect();
            format!("A player (a Defined value); the most used: {}.", code_list(&players))
        }
        ValueVocab::ValidBase | ValueVocab::ValidProperty => {
            let bases = top_values(key, ValuePosition::Base, 8);
            let properties = top_values(key, ValuePosition::Property, 8);
            let mut out = "A Valid expression: a type or base word, then properties after `.` (`+` joins them), items separated by commas.".to_string();
            if !bases.is_empty() {
                out.push_str(&format!(" The most used bases: {}", code_list(&bases)));
                if !properties.is_empty() {
                    out.push_str(&format!("; properties: {}", code_list(&properties)));
                }
                out.push('.');
            }
            out
        }
        ValueVocab::CostPart => "A cost: mana (`2 R`, `X`) and cost parts (`T`, `Sac<1/Creature>`, `PayLife<2>`), separated by spaces.".to_string(),
        ValueVocab::Svar if script::AMOUNT_KEYS.contains(&key) => {
            "A number, or the name of an SVar that holds one (`X`).".to_string()
        }
        ValueVocab::Svar => {
            let names: Vec<&str> = svar_names(p, face).into_iter().take(8).collect();
            if names.is_empty() {
                "The name of an SVar of this card.".to_string()
            } else {
                format!("The name of an SVar of this card: {}.", code_list(&names))
            }
        }
        ValueVocab::TokenScript => {
            "The name of a token script: a file of `tokenscripts/`, without `.txt`.".to_string()
        }
        ValueVocab::None => {
            let domains = rec
                .and_then(RecordScopes::of)
                .and_then(|s| s.value_domains(key))?;
            let mut words: Vec<&str> = domains
                .iter()
                .flat_map(|d| d.words.iter().map(|w| w.word))
                .filter(|w| !w.is_empty())
                .collect();
            words.dedup();
            if words.is_empty() {
                return None;
            }
            words.truncate(10);
            format!("The engine compares it with: {}.", code_list(&words))
        }
    };
    Some(line)
}

/// A line of the workspace's Forge cards that uses `key$`, for hover: a record of the same kind
/// as `rec` (`SP$ Destroy`, `Mode$ ChangesZone`) when one does, else any. Never the line at the
/// cursor.
fn param_example(
    view: &FileView<'_, Linter>,
    rec: Option<&RecordInfo<'_>>,
    key: &str,
    here: TextRange,
) -> Option<String> {
    let needle = format!("{key}$");
    let is_record = |line: &str| {
        let line = line.trim_start();
        ["A:", "T:", "S:", "R:", "SVar:"]
            .iter()
            .any(|k| line.starts_with(k))
    };
    let kind = rec.map(|r| r.kind_value.trim()).filter(|k| !k.is_empty());
    let same_kind = |line: &str| {
        kind.is_some_and(|k| {
            line.match_indices(k).any(|(i, _)| {
                line[..i].trim_end().ends_with('$')
                    && line[i + k.len()..]
                        .chars()
                        .next()
                        .is_none_or(|c| c == ' ' || c == '|')
            })
        })
    };
    let found = example_line(view, &needle, here, |l| match is_record(l) {
        false => None,
        true if same_kind(l) => Some(0),
        true => Some(1),
    })?;
    Some(example_markdown(view, found, "forge"))
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// A plain sentence on what a parameter does, from the annotations' "read by" column.
fn param_purpose(rows: &[&vocab::ParamRow]) -> Option<&'static str> {
    let has = |what: &str| rows.iter().any(|r| r.read_by.contains(what));
    Some(if has("record type") {
        "Gives the record its ApiType: the effect it has."
    } else if has("sub-ability key") {
        "Names an SVar holding another ability to run."
    } else if has("mana ability part") {
        "Part of a mana ability."
    } else if has("restriction") {
        "Limits when the ability can be activated or cast."
    } else if has("condition") {
        "A condition checked as the ability resolves: it does nothing when the condition fails."
    } else if has("CardTraitBase requirements") {
        "A requirement checked before the trigger, static ability or replacement applies."
    } else if !rows.is_empty() && rows.iter().all(|r| ai_only(r)) {
        "A hint for the computer player: it changes how the AI uses the card, not the rules."
    } else {
        return None;
    })
}

/// The common params-table scopes a record reads besides its own.
fn commons_of(rec: Option<&RecordInfo<'_>>) -> &'static [&'static str] {
    match rec.map(|r| r.role) {
        Some(Role::Ability) => &["common:ability", "common:ai", "common:mana", "common:any"],
        Some(Role::Trigger) => &["common:trigger", "common:trait", "common:any"],
        Some(Role::Static) => &["common:static", "common:trait", "common:any"],
        Some(Role::Replacement) => &["common:replacement", "common:trait", "common:any"],
        _ => &["common:any"],
    }
}

/// How hover names a params-table scope: `Destroy`, `Phase triggers`, `every ability`.
fn record_kind(scope: &str) -> String {
    match scope {
        "common:ability" | "common:ai" => "every ability".into(),
        "common:mana" => "mana abilities".into(),
        "common:trigger" => "every trigger".into(),
        "common:static" => "every static ability".into(),
        "common:replacement" => "every replacement".into(),
        "common:trait" => "every trigger, static ability and replacement".into(),
        "common:any" | "common:global" => "every record".into(),
        s => match s.split_once(':') {
            Some(("trigger", m)) => format!("{m} triggers"),
            Some(("static", m)) => format!("{m} static abilities"),
            Some(("replacement", e)) => format!("{e} replacements"),
            _ => s.to_string(),
        },
    }
}

/// "A", "A and B", "A, B and C".
fn join_plain(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Which shipped Forge versions read a parameter.
fn versions_line(key: &str) -> String {
    let names: Vec<&str> = vocab::Version::ALL
        .into_iter()
        .filter(|v| {
            model::forge::versions::shipped(*v)
                .params()
                .read_anywhere(key)
        })
        .map(version_name)
        .collect();
    versions_sentence(&names)
}

fn version_name(v: vocab::Version) -> &'static str {
    match v {
        vocab::Version::V2020 => "2020",
        vocab::Version::V2022 => "2022",
        vocab::Version::Latest => "today's",
    }
}

fn versions_sentence(names: &[&str]) -> String {
    if names.is_empty() {
        return "No shipped Forge version reads it.".into();
    }
    let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    format!("Forge versions: {}.", join_plain(&names))
}

/// Hover for a record kind (ApiType, trigger mode, static mode, replacement event): what it
/// does, which versions know it, and the parameters it reads, the most used first.
fn kind_doc(
    params: &vocab::Params,
    what: &str,
    w: &Word,
    scope: Option<&vocab::Scope>,
    scope_key: &str,
) -> String {
    let doc = plain_doc(w.doc);
    let mut out = format!("**{}** — {what}\n\n{doc}", w.name);
    if let Some(r) = w.renamed {
        out.push_str(&format!("\n\nUpstream Forge calls it `{r}`."));
    }
    let names: Vec<&str> = w.versions.iter().map(version_name).collect();
    if !names.is_empty() {
        out.push_str(&format!("\n\n{}", versions_sentence(&names)));
    }
    out + &reads_list(params, scope, scope_key)
}

/// An annotation doc, or a plain line when the word has only the generated one (which names the
/// engine's class).
fn plain_doc(doc: &str) -> String {
    let generated = doc.ends_with(')')
        && doc
            .split_once(" (")
            .is_some_and(|(_, c)| !c.contains(' ') && c.len() > 1);
    if generated || doc.is_empty() || doc.ends_with("read by the engine") {
        "No description yet.".into()
    } else {
        capitalise(doc)
    }
}

/// Markdown listing the params a reader takes: the ones it reads outside the AI, the most used
/// first, then the computer player's hints.
fn reads_list(params: &vocab::Params, scope: Option<&vocab::Scope>, scope_key: &str) -> String {
    let Some(scope) = scope else {
        return String::new();
    };
    let frequency = vocab::param_frequency();
    let mut keys: Vec<(&str, bool)> = scope
        .params
        .keys()
        .map(|k| (*k, ai_hint(params, scope_key, k)))
        .collect();
    if keys.is_empty() {
        return String::new();
    }
    keys.sort_unstable_by_key(|(k, ai)| {
        (*ai, std::cmp::Reverse(frequency.count(scope_key, k)), *k)
    });
    let list = |ai: bool| {
        keys.iter()
            .filter(|(_, a)| *a == ai)
            .map(|(k, _)| format!("`{k}$`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out = String::new();
    let main = list(false);
    if !main.is_empty() {
        out.push_str(&format!("\n\nParameters: {main}"));
    }
    let ai = list(true);
    if !ai.is_empty() {
        out.push_str(&format!("\n\nHints for the computer player: {ai}"));
    }
    out
}

fn svar_names<'a>(p: &'a Parsed<'a>, face: usize) -> Vec<&'a str> {
    let mut names: Vec<&str> = p
        .model
        .faces
        .get(face)
        .map(|f| f.svars.keys().copied().collect())
        .unwrap_or_default();
    names.sort_unstable();
    names
}

fn face_at(p: &Parsed<'_>, offset: TextSize) -> usize {
    p.line_at(offset)
        .map(|l| p.model.lines[l].face)
        .or_else(|| {
            // A new line: the face of the line before it.
            p.model
                .lines
                .iter()
                .rev()
                .find(|l| l.line.range().start() <= offset)
                .map(|l| l.face)
        })
        .unwrap_or(0)
}

/// Whether a param's value is prose or a cost rather than something that names SVars.
fn is_text_key(key: &str) -> bool {
    key.ends_with("Description")
        || key.ends_with("Desc")
        || key.ends_with("Cost")
        || matches!(key, "AILogic" | "Announce")
}

/// Every use of an SVar name on the file: the model's references (`Execute$`, `SubAbility$`,
/// `References$`, amounts, keyword arguments...), and the names read inside expressions and
/// amounts that the model does not list: `SVar$Name`, a math operand (`/Plus.Name`), the sides
/// of `Count$Compare`, and any param whose whole value (after a sign) is an SVar of the face.
/// (face, name, range), in file order, without duplicates.
fn svar_uses<'a>(p: &'a Parsed<'a>) -> Vec<(usize, &'a str, TextRange)> {
    let m = &p.model;
    let mut out: Vec<(usize, &'a str, TextRange)> =
        m.refs.iter().map(|r| (r.face, r.name, r.range)).collect();
    let defined = |face: usize, name: &str| m.resolve(face, name).is_some();
    let text = p.text;
    let mut push = |face: usize, start: usize, name: &'a str| {
        if defined(face, name) {
            out.push((face, name, range(start, start + name.len())));
        }
    };
    // Whole param values: `Power$ X`, `NumAtt$ +X`.
    for rec in &m.records {
        for param in &rec.params {
            if !param.has_dollar || is_text_key(param.key) {
                continue;
            }
            let value = param.value.trim_end();
            let lead = value.len() - value.trim_start_matches(['+', '-', ' ']).len();
            let name = &value[lead..];
            if script::is_svar_name(name) {
                push(
                    rec.face,
                    usize::from(param.value_range.start()) + lead,
                    name,
                );
            }
        }
    }
    // Expressions of SVar values.
    for def in &m.svars {
        if !def.is_expr {
            continue;
        }
        let start = usize::from(def.value_range.start());
        let value = &text[start..usize::from(def.value_range.end())];
        let Some(dollar) = value.find('$') else {
            continue;
        };
        let prefix = &value[..dollar];
        let body = &value[dollar + 1..];
        let body_at = start + dollar + 1;
        // The math suffix: `/Op.Operand`, the operand a name when it is no number.
        let (args, math) = match body.rfind('/') {
            Some(slash) => (&body[..slash], Some(slash)),
            None => (body, None),
        };
        if let Some(slash) = math
            && let Some(dot) = body[slash..].find('.')
        {
            let operand_at = slash + dot + 1;
            let operand = body[operand_at..].trim_end();
            if script::is_svar_name(operand) {
                push(def.face, body_at + operand_at, operand);
            }
        }
        if prefix == "SVar" {
            let name_len = args
                .bytes()
                .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
                .count();
            if name_len > 0 {
                push(def.face, body_at, &args[..name_len]);
            }
        } else if prefix == "Count"
            && let Some(rest) = args.strip_prefix("Compare ")
        {
            // `Count$Compare A GEB.x.y`: A, and B after the two-letter comparison.
            let rest_at = body_at + "Compare ".len();
            let mut words = rest.split(' ');
            let lhs = words.next().unwrap_or("");
            if script::is_svar_name(lhs) {
                push(def.face, rest_at, lhs);
            }
            if let Some(cmp) = words.next() {
                let cmp_at = rest_at + lhs.len() + 1;
                let cmp = cmp.split('.').next().unwrap_or("");
                if let Some(rhs) = cmp.get(2..)
                    && script::is_svar_name(rhs)
                {
                    push(def.face, cmp_at + 2, rhs);
                }
            }
        }
    }
    out.sort_by_key(|(_, _, r)| (r.start(), r.end()));
    out.dedup_by_key(|(_, _, r)| *r);
    out
}

/// The SVar reference or definition at `offset`: (face, name, range).
fn svar_at<'a>(p: &'a Parsed<'a>, offset: TextSize) -> Option<(usize, &'a str, TextRange)> {
    let hit = |r: TextRange| r.contains_inclusive(offset);
    if let Some(&found) = svar_uses(p).iter().find(|(_, _, r)| hit(*r)) {
        return Some(found);
    }
    p.model
        .svars
        .iter()
        .find(|d| hit(d.name_range))
        .map(|d| (d.face, d.name, d.name_range))
}

/// The definitions and uses of the SVar `name` of `face`, in file order.
fn svar_occurrences(
    p: &Parsed<'_>,
    face: usize,
    name: &str,
    include_declaration: bool,
) -> Vec<TextRange> {
    let mut out: Vec<TextRange> = Vec::new();
    if include_declaration {
        out.extend(
            p.model
                .svars
                .iter()
                .filter(|d| d.face == face && d.name == name)
                .map(|d| d.name_range),
        );
    }
    out.extend(
        svar_uses(p)
            .into_iter()
            .filter(|(f, n, _)| *f == face && *n == name)
            .map(|(_, _, r)| r),
    );
    out.sort_by_key(|r| r.start());
    out.dedup();
    out
}

/// Why an SVar cannot be renamed from `name` to `new_name` on `face`, if it cannot.
fn rename_refusal(p: &Parsed<'_>, face: usize, name: &str, new_name: &str) -> Option<String> {
    if !script::is_svar_name(new_name) {
        return Some(format!(
            "'{new_name}' is not an SVar name: use letters, digits and '_', not starting with a digit"
        ));
    }
    if new_name != name && p.model.resolve(face, new_name).is_some() {
        return Some(format!("this face already has an SVar '{new_name}'"));
    }
    let engine = |n: &str| script::ENGINE_SVARS.contains(&n);
    if new_name != name && engine(new_name) {
        return Some(format!(
            "Forge reads the SVar '{new_name}' by name: renaming '{name}' to it would change what the card does"
        ));
    }
    if engine(name) {
        // `X` and `Y` are ordinary names unless a cost of the face pays X.
        let pays_x = matches!(name, "X" | "Y") && face_has_x_cost(p, face);
        if pays_x || !matches!(name, "X" | "Y") {
            return Some(format!(
                "Forge reads the SVar '{name}' by name: renaming it would change what the card does"
            ));
        }
    }
    None
}

/// Whether a mana cost, a `Cost$` or a keyword line of the face holds an `X`.
fn face_has_x_cost(p: &Parsed<'_>, face: usize) -> bool {
    let m = &p.model;
    let has_x = |s: &str| {
        s.split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| w == "X" || w == "Y")
    };
    let Some(f) = m.faces.get(face) else {
        return false;
    };
    m.lines[f.first_line.min(m.lines.len())..f.end_line.min(m.lines.len())]
        .iter()
        .filter(|l| {
            l.kind == SyntaxKind::KEYWORD_LINE || l.key.is_some_and(|k| m.slice(k) == "ManaCost")
        })
        .any(|l| has_x(m.slice(l.value)))
        || m.records.iter().filter(|r| r.face == face).any(|r| {
            r.params
                .iter()
                .any(|q| q.key.ends_with("Cost") && has_x(q.value))
        })
}

/// The token script a `TokenScript$` value names at `offset`: (name, range).
fn token_script_at<'a>(p: &'a Parsed<'a>, offset: TextSize) -> Option<(&'a str, TextRange)> {
    for rec in &p.model.records {
        for param in &rec.params {
            if param.key != "TokenScript" || !param.value_range.contains_inclusive(offset) {
                continue;
            }
            return script::split_items(param.value, param.value_range.start(), ',')
                .into_iter()
                .find(|(_, r)| r.contains_inclusive(offset));
        }
    }
    None
}

impl DialectIde for Linter {
    type Doc = crate::doc::WholeDoc;

    fn parse(&self, text: &str) -> (GreenNode, Vec<SyntaxError>) {
        let parse = syntax::forge::parse(text);
        (parse.green().clone(), parse.errors().to_vec())
    }

    /// Each face's `Name:` (token scripts too).
    fn card_names(&self, file: &SourceFile) -> Vec<CardName> {
        let text = file.text();
        let mut out = Vec::new();
        let mut start = 0;
        for line in text.split_inclusive('\n') {
            let at = start;
            start += line.len();
            let indent = line.len() - line.trim_start().len();
            let Some(value) = line[indent..].strip_prefix("Name:") else {
                continue;
            };
            let name = value.trim();
            if name.is_empty() {
                continue;
            }
            let from = at + indent + "Name:".len() + (value.len() - value.trim_start().len());
            out.push(CardName {
                name: name.to_string(),
                range: TextRange::at(TextSize::from(from as u32), TextSize::of(name)),
            });
        }
        out
    }

    fn update_index(
        &self,
        index: &mut Index,
        _files: &[SourceFile],
        id: FileId,
        old: Option<&FileIndex>,
        new: Option<&FileIndex>,
    ) -> bool {
        let script = |f: Option<&FileIndex>| f.and_then(|f| f.token_script.clone());
        if script(old) != script(new) {
            // Which file a token script name finds depends on the order of the files.
            return false;
        }
        for name in old.into_iter().flat_map(|f| &f.names) {
            if let Some(ids) = index.card_names.get_mut(name) {
                ids.retain(|&i| i != id);
                if ids.is_empty() {
                    index.card_names.remove(name);
                }
            }
        }
        for name in new.into_iter().flat_map(|f| &f.names) {
            let ids = index.card_names.entry(name.clone()).or_default();
            if !ids.contains(&id) {
                ids.push(id);
                ids.sort_unstable();
            }
        }
        true
    }

    fn complete(&self, at: &Cursor<'_, Self>) -> Vec<Completion> {
        let p = Parsed::new(&at.view);
        let vocab = p.model.vocab;
        let offset = at.offset;
        // Only the part before the cursor is being typed.
        let until = |r: TextRange| TextRange::new(r.start(), r.end().max(r.start()));
        match site(&p, offset) {
            Site::LineKey(r) => word_items(
                vocab.line_keys().keys.iter().map(|k| &k.word),
                "line key",
                CompletionKind::Key,
                until(r),
                ":",
            ),
            Site::Keyword(r) => word_items(
                vocab.keywords().vocab.words().iter(),
                "keyword",
                CompletionKind::Keyword,
                r,
                "",
            ),
            Site::TypeWord(r) => vocab::types()
                .list
                .iter()
                .map(|(w, kind)| {
                    Completion::new(w.name, CompletionKind::Value, r)
                        .detail(*kind)
                        .documentation(w.doc)
                })
                .collect(),
            Site::SvarName(r) => {
                // Names referenced on this face but not defined yet.
                let face = face_at(&p, offset);
                let mut names: Vec<&str> = p
                    .model
                    .refs
                    .iter()
                    .filter(|x| x.face == face && p.model.resolve(face, x.name).is_none())
                    .map(|x| x.name)
                    .collect();
                names.sort_unstable();
                names.dedup();
                names
                    .into_iter()
                    .map(|n| {
                        Completion::new(n, CompletionKind::Variable, r)
                            .detail("referenced, not defined yet")
                            .insert(format!("{n}:"))
                    })
                    .collect()
            }
            Site::ParamKey {
                rec,
                line_key,
                range: r,
            } => {
                let mut out: Vec<Completion> = kind_keys(rec, line_key)
                    .iter()
                    .map(|k| {
                        Completion::new(*k, CompletionKind::Key, r)
                            .detail("record kind")
                            .insert(format!("{k}$ "))
                    })
                    .collect();
                let typed = p.text[r].trim();
                let ranked = rank_params(rec, typed, param_candidates(vocab, rec, line_key));
                out.extend(ranked.into_iter().map(|k| {
                    Completion::new(k, CompletionKind::Key, r)
                        .detail("parameter")
                        .documentation(param_doc(vocab, rec, k, ""))
                        .insert(format!("{k}$ "))
                }));
                // Ranked by relevance: editors keep this order (`sortText`) and match the
                // typed text against the name (`filterText`).
                for (i, c) in out.iter_mut().enumerate() {
                    c.sort = Some(format!("{i:04}"));
                    c.filter = Some(c.label.clone());
                }
                out
            }
            Site::ParamValue {
                rec,
                line_key,
                key,
                range: r,
                after,
            } => {
                let face = face_at(&p, offset);
                let frequency = vocab::value_frequency();
                match value_vocab(rec, line_key, key, after) {
                    ValueVocab::Api => word_items(
                        vocab.api_types().words().iter(),
                        "ApiType",
                        CompletionKind::Function,
                        r,
                        "",
                    ),
                    ValueVocab::TriggerMode => word_items(
                        vocab.trigger_modes().words().iter(),
                        "trigger mode",
                        CompletionKind::Function,
                        r,
                        "",
                    ),
                    ValueVocab::StaticMode => word_items(
                        vocab.static_modes().words().iter(),
                        "static mode",
                        CompletionKind::Function,
                        r,
                        "",
                    ),
                    ValueVocab::Event => word_items(
                        vocab.replacement_events().words().iter(),
                        "replacement event",
                        CompletionKind::Function,
                        r,
                        "",
                    ),
                    ValueVocab::Zone => word_items(
                        vocab.zones().words().iter(),
                        "zone",
                        CompletionKind::Value,
                        r,
                        "",
                    ),
                    ValueVocab::Phase => word_items(
                        vocab.phases().iter().map(|p| &p.word),
                        "phase",
                        CompletionKind::Value,
                        r,
                        "",
                    ),
                    ValueVocab::Counter => word_items(
                        vocab.counter_types().iter().map(|c| &c.word),
                        "counter type",
                        CompletionKind::Value,
                        r,
                        "",
                    ),
                    ValueVocab::Defined => rank_values(
                        word_items(
                            vocab.defined().list.iter().map(|w| &w.word),
                            "Defined value",
                            CompletionKind::Value,
                            r,
                            "",
                        ),
                        |w| frequency.count(key, ValuePosition::Defined, w),
                    ),
                    ValueVocab::Player => rank_values(
                        word_items(
                            vocab
                                .defined()
                                .list
                                .iter()
                                .filter(|w| names_player(w))
                                .map(|w| &w.word),
                            "player",
                            CompletionKind::Value,
                            r,
                            "",
                        ),
                        |w| frequency.count(key, ValuePosition::Defined, w),
                    ),
                    // After a player base (`Player.`, `Opponent+`): the player properties.
                    ValueVocab::ValidProperty if is_player_base(valid_base(p.text, r)) => {
                        rank_values(
                            word_items(
                                vocab
                                    .player_refs()
                                    .list
                                    .iter()
                                    .filter(|w| w.kind == "valid-property")
                                    .map(|w| &w.word),
                                "player property",
                                CompletionKind::Value,
                                r,
                                "",
                            ),
                            |w| frequency.count(key, ValuePosition::Property, w),
                        )
                    }
                    ValueVocab::ValidProperty => rank_values(
                        word_items(
                            vocab.valid_properties().list.iter().map(|w| &w.word),
                            "Valid property",
                            CompletionKind::Value,
                            r,
                            "",
                        ),
                        |w| frequency.count(key, ValuePosition::Property, w),
                    ),
                    ValueVocab::ValidBase => {
                        let mut out: Vec<Completion> = BASE_WORDS
                            .iter()
                            .filter(|w| w.as_bytes()[0].is_ascii_uppercase())
                            .map(|w| {
                                Completion::new(*w, CompletionKind::Value, r).detail("Valid base")
                            })
                            .collect();
                        out.extend(vocab::types().list.iter().map(|(w, kind)| {
                            Completion::new(w.name, CompletionKind::Value, r)
                                .detail(format!("Valid base ({kind})"))
                                .documentation(w.doc)
                        }));
                        // The types and bases most used with this parameter first.
                        rank_values(out, |w| frequency.count(key, ValuePosition::Base, w))
                    }
                    ValueVocab::CostPart => vocab
                        .cost_parts()
                        .iter()
                        .filter(|c| !c.word.name.contains('<'))
                        .map(|c| {
                            let label = if c.fields.is_empty() {
                                c.word.name.to_string()
                            } else {
                                format!("{}<{}>", c.word.name, c.fields)
                            };
                            Completion::new(label, CompletionKind::Keyword, r)
                                .detail("cost part")
                                .documentation(word_doc("cost part", &c.word))
                                .insert(if c.fields.is_empty() {
                                    c.word.name.to_string()
                                } else {
                                    format!("{}<", c.word.name)
                                })
                                .deprecated(deprecated(c.word.status))
                        })
                        .collect(),
                    ValueVocab::Svar => svar_names(&p, face)
                        .into_iter()
                        .map(|n| {
                            let def = p.model.resolve(face, n).map(|i| &p.model.svars[i]);
                            Completion::new(n, CompletionKind::Variable, r)
                                .detail("SVar")
                                .documentation(def.map_or(String::new(), |d| {
                                    format!("```forge\nSVar:{}:{}\n```", d.name, d.value)
                                }))
                        })
                        .collect(),
                    ValueVocab::TokenScript => {
                        let mut names: Vec<&String> = at.view.index.token_scripts.keys().collect();
                        names.sort_unstable();
                        names
                            .into_iter()
                            .map(|n| {
                                Completion::new(n.clone(), CompletionKind::Reference, r)
                                    .detail("token script")
                            })
                            .collect()
                    }
                    ValueVocab::None => Vec::new(),
                }
            }
            Site::CountKey(r) => word_items(
                vocab.count_keys().list.iter().map(|w| &w.word),
                "Count$ key",
                CompletionKind::Value,
                r,
                "",
            ),
            Site::SvarValue(r) => ["DB$ ", "Mode$ ", "Count$", "Number$"]
                .iter()
                .map(|k| {
                    Completion::new(k.trim_end(), CompletionKind::Key, r)
                        .detail("SVar value")
                        .insert(*k)
                })
                .collect(),
            Site::Nothing => Vec::new(),
        }
    }

    fn hover(&self, at: &Cursor<'_, Self>) -> Option<Hover> {
        let p = Parsed::new(&at.view);
        let vocab = p.model.vocab;
        let offset = at.offset;
        // An SVar: its value.
        if let Some((face, name, r)) = svar_at(&p, offset) {
            let markdown = match p.model.resolve(face, name) {
                Some(i) => {
                    let d = &p.model.svars[i];
                    let uses = svar_occurrences(&p, face, name, false).len();
                    format!(
                        "**SVar {name}**\n\n```forge\nSVar:{}:{}\n```\n\n{uses} reference{} on this face.",
                        d.name,
                        d.value,
                        if uses == 1 { "" } else { "s" }
                    )
                }
                None => format!("**SVar {name}** — not defined on this face."),
            };
            return Some(Hover { range: r, markdown });
        }
        if let Some((name, r)) = token_script_at(&p, offset) {
            let markdown = match at.view.index.token_scripts.get(name) {
                Some(&id) => {
                    let file = &at.view.files[id];
                    let head: Vec<&str> = file.text().lines().take(6).collect();
                    format!(
                        "**Token script {name}** — `{}`\n\n```forge\n{}\n```",
                        file.path_string(),
                        head.join("\n")
                    )
                }
                None => format!("**Token script {name}** — no such file under `tokenscripts/`."),
            };
            return Some(Hover { range: r, markdown });
        }
        let word = word_at(p.text, offset, &[]);
        let text = &p.text[word];
        if text.is_empty() {
            return None;
        }
        let markdown = match site(&p, offset) {
            Site::LineKey(r) => {
                let key = p.text[r].trim();
                let k = vocab.line_keys().get(key)?;
                return Some(Hover {
                    range: r,
                    markdown: format!(
                        "{}\n\n{} ({}).",
                        word_doc("line key", &k.word),
                        capitalise(&k.cardinality.replace('-', " ")),
                        if k.per_face {
                            "per face"
                        } else {
                            "for the whole card"
                        }
                    ),
                });
            }
            Site::Keyword(r) => {
                let piece = p.text[r].trim();
                let m = vocab.keywords().find(piece)?;
                let k = m.keyword;
                let mut md = word_doc("keyword", &k.word);
                if !k.shape.is_empty() {
                    md.push_str(&format!("\n\n`K:{}`", k.shape));
                }
                md.push_str(&format!("\n\nArguments: {}.", k.arity.describe()));
                md
            }
            Site::TypeWord(_) => {
                let (w, kind) = vocab::types().list.iter().find(|(w, _)| w.name == text)?;
                format!("**{}** — {kind}\n\n{}", w.name, w.doc)
            }
            Site::ParamKey {
                rec,
                line_key,
                range: r,
            } => {
                let key = p.text[r].trim();
                if key.is_empty() {
                    return None;
                }
                // For scripters: the values it takes and a line of their own cards using it.
                let mut extra = String::new();
                if let Some(values) = param_values(&p, rec, line_key, key, face_at(&p, offset)) {
                    extra.push_str(&format!("\n\n{values}"));
                }
                let (ls, le) = line_bounds(p.text, offset);
                // (A key no engine reads, a misspelling, has no example worth a search.)
                if vocab.params().read_anywhere(key)
                    && let Some(example) = param_example(&at.view, rec, key, range(ls, le))
                {
                    extra.push_str(&format!("\n\n{example}"));
                }
                return Some(Hover {
                    range: r,
                    markdown: param_doc(vocab, rec, key, &extra),
                });
            }
            Site::ParamValue {
                rec,
                line_key,
                key,
                after,
                ..
            } => {
                let params = vocab.params();
                match value_vocab(rec, line_key, key, after) {
                    ValueVocab::Api => {
                        let w = vocab.api_types().get_ignore_case(text)?;
                        kind_doc(params, "ApiType", w, params.scope(w.name), w.name)
                    }
                    ValueVocab::TriggerMode => {
                        let w = vocab.trigger_modes().get_ignore_case(text)?;
                        let key = format!("trigger:{}", w.name);
                        let mut md = kind_doc(
                            params,
                            "trigger mode",
                            w,
                            params.trigger_scope(w.name),
                            &key,
                        );
                        // What the abilities it runs can name (`Defined$ TriggeredCard`).
                        if let Some(vars) = vocab.trigger_variables(w.name)
                            && !vars.is_empty()
                        {
                            let names: Vec<String> =
                                vars.iter().map(|v| format!("`Triggered{v}`")).collect();
                            md.push_str(&format!("\n\nProvides: {}.", names.join(", ")));
                        }
                        md
                    }
                    ValueVocab::StaticMode => {
                        let w = vocab.static_modes().get_ignore_case(text)?;
                        let key = format!("static:{}", w.name);
                        kind_doc(params, "static mode", w, params.static_scope(w.name), &key)
                    }
                    ValueVocab::Event => {
                        let w = vocab.replacement_events().get_ignore_case(text)?;
                        let key = format!("replacement:{}", w.name);
                        kind_doc(
                            params,
                            "replacement event",
                            w,
                            params.replacement_scope(w.name),
                            &key,
                        )
                    }
                    ValueVocab::Zone => word_doc("zone", vocab.zones().get_ignore_case(text)?),
                    ValueVocab::Phase => word_doc("phase", vocab.phase(text)?),
                    ValueVocab::Counter => {
                        word_doc("counter type", &vocab.counter_type(text)?.word)
                    }
                    ValueVocab::Defined | ValueVocab::Player => {
                        let w = vocab.defined().exact(text)?;
                        format!(
                            "{}\n\nResolves to: {}.",
                            word_doc("Defined value", &w.word),
                            w.kind
                        )
                    }
                    ValueVocab::ValidProperty => {
                        let (list, what) = if is_player_base(valid_base(p.text, word)) {
                            (vocab.player_refs(), "player property")
                        } else {
                            (vocab.valid_properties(), "Valid property")
                        };
                        let w = list
                            .exact(text)
                            .or_else(|| list.prefix_of(text, vocab::Match::Prefix))
                            .or_else(|| list.prefix_of(text, vocab::Match::Compare))?;
                        word_doc(what, &w.word)
                    }
                    ValueVocab::ValidBase => {
                        let (w, kind) = vocab::types().list.iter().find(|(w, _)| w.name == text)?;
                        format!("**{}** — Valid base ({kind})\n\n{}", w.name, w.doc)
                    }
                    ValueVocab::CostPart => {
                        let c = vocab.cost_part(text)?;
                        let mut md = word_doc("cost part", &c.word);
                        if !c.fields.is_empty() {
                            md.push_str(&format!("\n\n`{}<{}>`", c.word.name, c.fields));
                        }
                        md
                    }
                    _ => return None,
                }
            }
            Site::CountKey(_) => {
                let list = vocab.count_keys();
                let w = list
                    .exact(text)
                    .or_else(|| list.prefix_of(text, vocab::Match::Prefix))?;
                word_doc("Count$ key", &w.word)
            }
            _ => return None,
        };
        Some(Hover {
            range: word,
            markdown,
        })
    }

    fn definition(&self, at: &Cursor<'_, Self>) -> Vec<Location> {
        let p = Parsed::new(&at.view);
        if let Some((face, name, _)) = svar_at(&p, at.offset) {
            return p
                .model
                .resolve(face, name)
                .map(|i| Location {
                    file: at.view.id,
                    range: p.model.svars[i].name_range,
                })
                .into_iter()
                .collect();
        }
        if let Some((name, _)) = token_script_at(&p, at.offset)
            && let Some(&id) = at.view.index.token_scripts.get(name)
        {
            let text = at.view.files[id].text();
            let first = text.find(['\n', '\r']).unwrap_or(text.len());
            return vec![Location {
                file: id,
                range: range(0, first),
            }];
        }
        Vec::new()
    }

    fn references(&self, at: &Cursor<'_, Self>, include_declaration: bool) -> Vec<Location> {
        let p = Parsed::new(&at.view);
        let id = at.view.id;
        if let Some((face, name, _)) = svar_at(&p, at.offset) {
            return svar_occurrences(&p, face, name, include_declaration)
                .into_iter()
                .map(|range| Location { file: id, range })
                .collect();
        }
        // A token script: every `TokenScript$` naming it (from a use, or from the script file).
        let script = token_script_at(&p, at.offset)
            .map(|(n, _)| n.to_string())
            .or_else(|| {
                is_token_script_path(&at.view.file().path)
                    .then(|| {
                        at.view
                            .file()
                            .path
                            .file_stem()?
                            .to_str()
                            .map(str::to_string)
                    })
                    .flatten()
            });
        let Some(script) = script else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if include_declaration && let Some(&def) = at.view.index.token_scripts.get(&script) {
            out.push(Location {
                file: def,
                range: TextRange::empty(TextSize::from(0)),
            });
        }
        for &file in at.view.ids {
            let text = at.view.files[file].text();
            for (i, _) in text.match_indices("TokenScript$") {
                let vs = i + "TokenScript$".len();
                let end = text[vs..]
                    .find(['|', '\n', '\r'])
                    .map_or(text.len(), |e| vs + e);
                for (name, r) in script::split_items(&text[vs..end], TextSize::from(vs as u32), ',')
                {
                    if name == script {
                        out.push(Location { file, range: r });
                    }
                }
            }
        }
        out
    }

    fn prepare_rename(&self, at: &Cursor<'_, Self>) -> Result<Option<TextRange>, String> {
        let p = Parsed::new(&at.view);
        let Some((face, name, r)) = svar_at(&p, at.offset) else {
            return Ok(None);
        };
        // The name itself must be renamable (the new one is checked by `rename`).
        match rename_refusal(&p, face, name, name) {
            Some(why) => Err(why),
            None => Ok(Some(r)),
        }
    }

    fn rename(&self, at: &Cursor<'_, Self>, new_name: &str) -> Result<Vec<FileEdit>, String> {
        let p = Parsed::new(&at.view);
        let Some((face, name, _)) = svar_at(&p, at.offset) else {
            return Err(
                "only SVars can be renamed: put the cursor on an SVar name or a use of one".into(),
            );
        };
        if let Some(why) = rename_refusal(&p, face, name, new_name) {
            return Err(why);
        }
        let ranges = svar_occurrences(&p, face, name, true);
        Ok(ranges
            .into_iter()
            .map(|r| FileEdit {
                file: at.view.id,
                edit: Edit::replace(r, new_name),
            })
            .collect())
    }

    fn symbols(&self, file: &FileView<'_, Self>) -> Vec<Symbol> {
        let p = Parsed::new(file);
        let m = &p.model;
        let mut out = Vec::new();
        for (fi, face) in m.faces.iter().enumerate() {
            let lines =
                &m.lines[face.first_line.min(m.lines.len())..face.end_line.min(m.lines.len())];
            let (Some(first), Some(last)) = (lines.first(), lines.last()) else {
                continue;
            };
            let whole = first.range.cover(last.range);
            let name_range = face.name_line.map_or(first.range, |l| m.lines[l].value);
            let mut children = Vec::new();
            for (li, info) in m.lines.iter().enumerate() {
                if info.face != fi {
                    continue;
                }
                let key = info.key.map_or("", |k| m.slice(k));
                let sym = match info.kind {
                    SyntaxKind::ABILITY_LINE
                    | SyntaxKind::TRIGGER_LINE
                    | SyntaxKind::STATIC_LINE
                    | SyntaxKind::REPLACEMENT_LINE => {
                        let rec = p.record_on_line(li);
                        let kind = rec.map_or("", |r| r.kind_value);
                        let label = match rec.and_then(|r| r.ability_kind()) {
                            Some(k) => format!("{k}$ {kind}"),
                            None => format!("{key}: {kind}"),
                        };
                        let desc = rec.and_then(|r| {
                            r.params
                                .iter()
                                .find(|x| x.key.ends_with("Description"))
                                .map(|x| x.value.to_string())
                        });
                        Some((label, desc, SymbolKind::Ability))
                    }
                    SyntaxKind::KEYWORD_LINE => Some((
                        format!("K:{}", m.slice(info.value)),
                        None,
                        SymbolKind::Ability,
                    )),
                    SyntaxKind::SVAR_LINE => m.line_svar[li].map(|s| {
                        let d = &m.svars[s];
                        (
                            d.name.to_string(),
                            Some(d.value.to_string()),
                            SymbolKind::Variable,
                        )
                    }),
                    _ => None,
                };
                if let Some((name, detail, kind)) = sym {
                    let selection = match info.kind {
                        SyntaxKind::SVAR_LINE => {
                            m.line_svar[li].map_or(info.range, |s| m.svars[s].name_range)
                        }
                        _ => info.value,
                    };
                    children.push(Symbol {
                        name,
                        detail,
                        kind,
                        range: info.range,
                        selection: if info.range.contains_range(selection) {
                            selection
                        } else {
                            info.range
                        },
                        children: Vec::new(),
                    });
                }
            }
            out.push(Symbol {
                name: face.name.unwrap_or("(no name)").to_string(),
                detail: (m.faces.len() > 1).then(|| format!("face {}", fi + 1)),
                kind: SymbolKind::Card,
                range: whole,
                selection: if whole.contains_range(name_range) {
                    name_range
                } else {
                    whole
                },
                children,
            });
        }
        out
    }

    fn inlay_hints(&self, file: &FileView<'_, Self>, range: Option<TextRange>) -> Vec<InlayHint> {
        let p = Parsed::new(file);
        super::forge_hints::hints(&p.model, range)
    }

    fn folding(&self, file: &FileView<'_, Self>) -> Vec<Fold> {
        let p = Parsed::new(file);
        let m = &p.model;
        if m.faces.len() < 2 {
            return Vec::new();
        }
        m.faces
            .iter()
            .filter_map(|face| {
                let first = m.lines.get(face.first_line)?;
                let last = m.lines.get(face.end_line.checked_sub(1)?)?;
                Some(Fold {
                    range: first.range.cover(last.range),
                    comment: false,
                })
            })
            .collect()
    }

    fn semantic_tokens(
        &self,
        file: &FileView<'_, Self>,
        _range: Option<TextRange>,
    ) -> Vec<SemanticToken> {
        let p = Parsed::new(file);
        let m = &p.model;
        let vocab = m.vocab;
        let mut tokens: Vec<SemanticToken> = Vec::new();
        let mut push = |range: TextRange, kind: TokenKind, modifiers: u32| {
            if !range.is_empty() {
                tokens.push(SemanticToken {
                    range,
                    kind,
                    modifiers,
                });
            }
        };
        let root = SyntaxNode::new_root(file.green.clone());
        for t in root
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
        {
            let r = t.text_range();
            match t.kind() {
                SyntaxKind::COMMENT => push(r, TokenKind::Comment, 0),
                SyntaxKind::KEY | SyntaxKind::PARAM_KEY => push(r, TokenKind::Property, 0),
                SyntaxKind::SVAR_NAME => push(r, TokenKind::Variable, modifier::DECLARATION),
                SyntaxKind::VALID_PROP => push(r, TokenKind::EnumMember, 0),
                SyntaxKind::WORD if t.text().bytes().all(|b| b.is_ascii_digit()) => {
                    push(r, TokenKind::Number, 0)
                }
                _ => {}
            }
        }
        for rec in &m.records {
            if let Some(i) = rec.kind_param {
                let param = &rec.params[i];
                let (kind, status) = match rec.role {
                    Role::Ability => (
                        TokenKind::Keyword,
                        vocab
                            .api_types()
                            .get_ignore_case(param.value.trim())
                            .map(|w| w.status),
                    ),
                    Role::Trigger => (
                        TokenKind::Event,
                        vocab
                            .trigger_modes()
                            .get_ignore_case(param.value.trim())
                            .map(|w| w.status),
                    ),
                    Role::Static => (
                        TokenKind::Event,
                        vocab
                            .static_modes()
                            .get_ignore_case(param.value.trim())
                            .map(|w| w.status),
                    ),
                    Role::Replacement => (
                        TokenKind::Event,
                        vocab
                            .replacement_events()
                            .get_ignore_case(param.value.trim())
                            .map(|w| w.status),
                    ),
                    _ => (TokenKind::Event, None),
                };
                let modifiers = if status.is_some_and(deprecated) {
                    modifier::DEPRECATED
                } else {
                    0
                };
                push(param.value_range, kind, modifiers);
            }
        }
        for r in &m.refs {
            push(r.range, TokenKind::Variable, 0);
        }
        for found in lint::forge::rules::words::zones(m)
            .into_iter()
            .chain(lint::forge::rules::words::phases(m))
            .chain(lint::forge::rules::words::counters(m))
        {
            push(found.range, TokenKind::EnumMember, 0);
        }
        for kw in &m.keywords {
            if let Some(first) = kw.pieces.first() {
                push(*first, TokenKind::Keyword, 0);
            }
        }
        for site in lint::forge::rules::words::valids(m) {
            push(site.base_range, TokenKind::Type, 0);
        }
        tokens.sort_by_key(|t| (t.range.start(), std::cmp::Reverse(t.range.end())));
        let mut out: Vec<SemanticToken> = Vec::with_capacity(tokens.len());
        for t in tokens {
            if out
                .last()
                .is_some_and(|last| last.range.end() > t.range.start())
            {
                continue;
            }
            out.push(t);
        }
        out
    }
}
