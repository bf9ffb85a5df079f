//! The Forge rules, one module each; `RULES` is the list the registry reads. Codes `F100`-`F199`.
//! Helpers shared by several rules live here.

use super::ForgeRule;
use crate::diagnostic::{Diagnostic, Edit, Fix};
use crate::rule;
use model::forge::script::{LineInfo, Model};
use syntax::forge::SyntaxKind;
use syntax::{TextRange, TextSize};

mod api_type_case;
mod chains;
mod controller_outside_battlefield;
mod cost_description_mismatch;
mod cost_type_comma;
mod description_contradicts_text;
mod dies_trigger_any_origin;
mod duplicate_param;
mod duplicate_svar;
mod empty_param;
mod enchanted_type_mismatch;
mod enters_effect_without_etb;
mod granted_keyword_not_in_text;
mod idiom_missing;
mod keyword_arity;
mod line_before_name;
mod malformed_comparison;
mod malformed_cost;
mod malformed_mana_cost;
mod missing_cost;
mod missing_oracle;
mod missing_record_kind;
mod missing_required_key;
mod misspelt_line_key;
mod misspelt_param;
mod multi_face_structure;
mod name_list_in_single_param;
mod optional_decider_not_in_text;
mod optional_payment_not_scripted;
mod optional_trigger_without_decider;
mod oracle;
mod param_key_case;
mod param_needs_param;
mod permanent_duration_contradicts_text;
mod piece_without_dollar;
mod pseudo_comment;
mod public_choice_optional;
mod referenced_svar_unused;
mod remembered_not_forgotten;
mod repeated_line_key;
mod replacement_without_active_zone;
pub mod scope;
mod scripted_other_not_in_text;
mod self_outside_affected_zone;
pub(crate) mod spell_cost_mismatch;
mod stale_self_from_graveyard;
mod stale_target_after_move;
mod svar_cycle;
mod svar_name_case;
mod svar_without_value;
mod target_player_not_used;
mod targeted_takes_chain_targets;
mod targets_without_text_target;
mod text_activation_cost_mismatch;
mod text_controller_not_scripted;
mod text_granted_keyword_not_scripted;
mod text_keyword_not_scripted;
mod text_number_mismatch;
mod text_other_not_scripted;
mod text_search_type_not_scripted;
mod text_target_player_not_scripted;
mod text_target_type_not_scripted;
mod token_script_mismatch;
mod trailing_whitespace;
mod trigger_object_not_provided;
mod trigger_reference_outside_trigger;
mod undefined_amount_svar;
mod undefined_svar;
mod unknown_api_type;
mod unknown_count_key;
mod unknown_counter_type;
mod unknown_defined;
mod unknown_granted_keyword;
mod unknown_keyword;
mod unknown_line_key;
mod unknown_param;
mod unknown_param_value;
mod unknown_phase;
mod unknown_replacement_event;
mod unknown_static_mode;
mod unknown_trigger_mode;
mod unknown_type_word;
pub mod unknown_valid_base;
mod unknown_valid_property;
mod unknown_zone;
mod unresolved_svar_copy;
mod unresolved_token_script;
mod unused_svar;
mod version_specific_name;
pub mod words;
mod wrapped_line;

pub(crate) static RULES: &[ForgeRule] = &[
    rule!(unknown_line_key),
    rule!(misspelt_line_key),
    rule!(wrapped_line),
    rule!(pseudo_comment),
    rule!(missing_required_key),
    rule!(line_before_name),
    rule!(repeated_line_key),
    rule!(multi_face_structure),
    rule!(unknown_type_word),
    rule!(trailing_whitespace),
    rule!(unknown_api_type),
    rule!(api_type_case),
    rule!(missing_record_kind),
    rule!(missing_cost),
    rule!(unknown_trigger_mode),
    rule!(unknown_static_mode),
    rule!(unknown_replacement_event),
    rule!(unknown_param),
    rule!(misspelt_param),
    rule!(param_key_case),
    rule!(duplicate_param),
    rule!(piece_without_dollar),
    rule!(empty_param),
    rule!(undefined_svar),
    rule!(svar_name_case),
    rule!(unresolved_svar_copy),
    rule!(name_list_in_single_param),
    rule!(undefined_amount_svar),
    rule!(duplicate_svar),
    rule!(unused_svar),
    rule!(svar_without_value),
    rule!(svar_cycle),
    rule!(trigger_reference_outside_trigger),
    rule!(unknown_zone),
    rule!(unknown_phase),
    rule!(unknown_counter_type),
    rule!(unknown_keyword),
    rule!(keyword_arity),
    rule!(malformed_cost),
    rule!(malformed_mana_cost),
    rule!(unknown_valid_property),
    rule!(unknown_valid_base),
    rule!(unknown_count_key),
    rule!(malformed_comparison),
    rule!(unresolved_token_script),
    rule!(unknown_defined),
    rule!(version_specific_name),
    rule!(trigger_object_not_provided),
    rule!(controller_outside_battlefield),
    rule!(spell_cost_mismatch),
    rule!(text_keyword_not_scripted),
    rule!(text_activation_cost_mismatch),
    rule!(optional_trigger_without_decider),
    rule!(text_other_not_scripted),
    rule!(text_controller_not_scripted),
    rule!(text_number_mismatch),
    rule!(missing_oracle),
    rule!(unknown_param_value),
    rule!(idiom_missing),
    rule!(description_contradicts_text),
    rule!(public_choice_optional),
    rule!(referenced_svar_unused),
    rule!(remembered_not_forgotten),
    rule!(unknown_granted_keyword),
    rule!(self_outside_affected_zone),
    rule!(enters_effect_without_etb),
    rule!(param_needs_param),
    rule!(enchanted_type_mismatch),
    rule!(cost_type_comma),
    rule!(cost_description_mismatch),
    rule!(token_script_mismatch),
    rule!(granted_keyword_not_in_text),
    rule!(targeted_takes_chain_targets),
    rule!(optional_payment_not_scripted),
    rule!(optional_decider_not_in_text),
    rule!(text_target_type_not_scripted),
    rule!(target_player_not_used),
    rule!(text_search_type_not_scripted),
    rule!(text_granted_keyword_not_scripted),
    rule!(text_target_player_not_scripted),
    rule!(dies_trigger_any_origin),
    rule!(replacement_without_active_zone),
    rule!(permanent_duration_contradicts_text),
    rule!(targets_without_text_target),
    rule!(stale_self_from_graveyard),
    rule!(stale_target_after_move),
    rule!(scripted_other_not_in_text),
];

/// What several rules compute from the model, computed once per file on first use.
#[derive(Default)]
pub(crate) struct Cache<'a> {
    classes: std::cell::OnceCell<scope::Classes>,
    valids: std::cell::OnceCell<Vec<words::ValidSite<'a>>>,
    shapes: std::cell::OnceCell<Vec<LineShape>>,
    zones: std::cell::OnceCell<Vec<words::Found<'a>>>,
    counters: std::cell::OnceCell<Vec<words::Found<'a>>>,
    oracle_lines: std::cell::OnceCell<Vec<Vec<oracle::TextLine<'a>>>>,
    group_pairs: std::cell::OnceCell<Vec<oracle::GroupPair>>,
}

impl<'a> super::Ctx<'a> {
    /// The scopes of every record and the class of every param.
    pub(crate) fn classes(&self) -> &scope::Classes {
        self.cache
            .classes
            .get_or_init(|| scope::Classes::compute(&self.model))
    }

    /// The shape of every line (`model.lines` order).
    pub(crate) fn shape(&self, line: usize) -> LineShape {
        self.cache.shapes.get_or_init(|| {
            self.model
                .lines
                .iter()
                .map(|info| line_shape(&self.model, info))
                .collect()
        })[line]
    }

    /// Every zone word of a zone param.
    pub(crate) fn zones(&self) -> &[words::Found<'a>] {
        self.cache.zones.get_or_init(|| words::zones(&self.model))
    }

    /// Every counter name (params, cost parts, `etbCounter`).
    pub(crate) fn counters(&self) -> &[words::Found<'a>] {
        self.cache
            .counters
            .get_or_init(|| words::counters(&self.model))
    }

    /// The lines of a face's rules text (`oracle::lines`), split once for every rule.
    pub(crate) fn oracle_lines(&self, face: usize) -> &[oracle::TextLine<'a>] {
        let all = self.cache.oracle_lines.get_or_init(|| {
            (0..self.model.faces.len())
                .map(|face| oracle::lines(&self.model, face))
                .collect()
        });
        all.get(face).map_or(&[], Vec::as_slice)
    }

    /// The group sentences of the rules text and the records they pair with
    /// (`oracle::group_pairs`), read once for every rule.
    pub(crate) fn group_pairs(&self) -> &[oracle::GroupPair] {
        self.cache
            .group_pairs
            .get_or_init(|| oracle::group_pairs(self))
    }

    /// The learned idioms the file is compared with.
    pub(crate) fn idioms(&self) -> &'static model::learn::Idioms {
        self.idioms
    }

    /// Every Valid alternative of the file.
    pub(crate) fn valids(&self) -> &[words::ValidSite<'a>] {
        self.cache.valids.get_or_init(|| words::valids(&self.model))
    }
}

/// How a line is shaped, before its key is looked at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LineShape {
    /// Starts with `//`: meant as a comment.
    PseudoComment,
    /// Starts with `|` or with a `Key$` piece: the rest of a record wrapped by hand.
    Continuation,
    Normal,
}

pub(crate) fn line_shape(model: &Model<'_>, info: &LineInfo) -> LineShape {
    if info.kind == SyntaxKind::ALTERNATE_LINE {
        return LineShape::Normal;
    }
    let text = model.slice(info.range);
    if text.starts_with("//") {
        return LineShape::PseudoComment;
    }
    if text.starts_with('|') {
        return LineShape::Continuation;
    }
    // `SpellDescription$ ...` on a line of its own: the first word ends with `$`.
    let head = text.split([':', ' ', '|']).next().unwrap_or("");
    if head.len() > 1
        && head.ends_with('$')
        && head[..head.len() - 1]
            .bytes()
            .all(|b| b.is_ascii_alphanumeric())
    {
        return LineShape::Continuation;
    }
    LineShape::Normal
}

/// The key text of a line (empty when it has none).
pub(crate) fn key_text<'a>(model: &Model<'a>, info: &LineInfo) -> &'a str {
    info.key.map(|r| model.slice(r)).unwrap_or("")
}

/// The words of a face's `Types:` line(s) (`Legendary`, `Creature`, `Elf`...).
pub(crate) fn face_type_words<'a>(model: &Model<'a>, face: usize) -> Vec<&'a str> {
    model
        .lines
        .iter()
        .filter(|l| l.face == face && key_text(model, l) == "Types")
        .flat_map(|l| model.slice(l.value).split_whitespace())
        .collect()
}

/// A fix replacing `range` with `word` when it is the only near miss among `candidates`
/// (safe), else the closest one (unsafe), else none.
pub(crate) fn word_fix<'c>(
    word: &str,
    range: TextRange,
    candidates: impl IntoIterator<Item = &'c str>,
) -> Option<(Fix, &'c str)> {
    let candidates: Vec<&'c str> = candidates.into_iter().collect();
    if let Some(best) = model::suggest::unique_near_miss(word, candidates.iter().copied()) {
        return Some((
            Fix::safe(
                format!("replace with `{best}`"),
                vec![Edit::replace(range, best)],
            ),
            best,
        ));
    }
    model::suggest::did_you_mean(word, candidates.iter().copied()).map(|best| {
        (
            Fix::unsafe_(
                format!("replace with `{best}`"),
                vec![Edit::replace(range, best)],
            ),
            best,
        )
    })
}

/// Attaches a did-you-mean fix (and says so in the message's note).
pub(crate) fn with_suggestion(d: &mut Diagnostic, fix: Option<(Fix, &str)>) {
    if let Some((fix, best)) = fix {
        d.with_note(format!("did you mean `{best}`?"));
        d.with_fix(fix);
    }
}

/// A sub-range of `range` by byte offsets inside it.
pub(crate) fn sub_range(range: TextRange, start: usize, len: usize) -> TextRange {
    TextRange::at(
        range.start() + TextSize::from(start as u32),
        TextSize::from(len as u32),
    )
}

/// Byte spans of the words of `text`, split on whitespace and `seps` (empty ones skipped).
pub(crate) fn split_words(text: &str, seps: &[char]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut begin = None;
    for (i, c) in text.char_indices() {
        if seps.contains(&c) || c.is_whitespace() {
            if let Some(b) = begin.take() {
                out.push((b, i));
            }
        } else if begin.is_none() {
            begin = Some(i);
        }
    }
    if let Some(b) = begin {
        out.push((b, text.len()));
    }
    out
}

/// The pieces of a `sep`-separated list as byte ranges, blanks around each piece trimmed and
/// empty pieces skipped (spaces inside a piece stay: `First Strike`).
pub(crate) fn split_list(text: &str, sep: char) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for piece in text.split(sep) {
        let lead = piece.len() - piece.trim_start().len();
        let trimmed = piece.trim();
        if !trimmed.is_empty() {
            out.push((start + lead, start + lead + trimmed.len()));
        }
        start += piece.len() + sep.len_utf8();
    }
    out
}

/// The 1-based line number of an offset, for notes.
pub(crate) fn line_number(text: &str, offset: TextSize) -> usize {
    let end = usize::from(offset).min(text.len());
    memchr::memchr_iter(b'\n', &text.as_bytes()[..end]).count() + 1
}

/// Whether a token of a mana cost is a mana symbol Forge reads: a number, `W U B R G C S X`,
/// a hybrid (`W/U`, `WU`, `2/W`, `C/W`), or a Phyrexian symbol (`P/W`, `W/P`, `W/U/P`).
pub(crate) fn is_mana_symbol(token: &str) -> bool {
    if !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    let chars: Vec<char> = token.chars().filter(|c| *c != '/').collect();
    if chars.is_empty() || chars.len() != token.len() - token.matches('/').count() {
        return false;
    }
    let colour = |c: char| "WUBRG".contains(c);
    match chars.as_slice() {
        [c] => "WUBRGCSX".contains(*c),
        [a, b] => {
            // `H` marks Phyrexian mana in upstream scripts (`GH`).
            (colour(*a) && colour(*b) && a != b)
                || (colour(*a) || colour(*b))
                    && [*a, *b].iter().any(|c| matches!(c, '2' | 'P' | 'C' | 'H'))
        }
        [a, b, c] => {
            let colours = [*a, *b, *c].iter().filter(|c| colour(**c)).count();
            let p = [*a, *b, *c].contains(&'P');
            p && colours == 2
        }
        _ => false,
    }
}
