//! The Wagic rules, one module each; `RULES` is the list the registry reads.

use super::WagicRule;
use crate::rule;

mod amount_mismatch;
mod attachment_subtype_missing;
pub(crate) mod card_text;
mod cost_brace;
mod cost_loose_text;
mod cost_mismatch;
mod counter_cost_mismatch;
mod duplicate_definition;
mod duplicate_id;
mod foreign_card_name;
mod grade_conflict;
mod grade_gated_primitive;
mod idiom_missing;
mod invalid_id;
mod invalid_power_toughness;
mod keyword_not_in_text;
mod keyword_not_scripted;
mod limit_without_colon;
mod lord_placement;
mod lord_scope;
mod macro_definition;
mod malformed_target;
mod may_not_scripted;
mod misread_key;
mod missing_key;
mod misspelt_effect;
mod misspelt_subtype;
mod misspelt_target_type;
mod name_position;
mod repeated_key;
mod target_semicolon;
mod text_after_block_line;
mod text_target_type_mismatch;
mod transforms_field;
mod trigger_origin_missing;
mod ueot_missing;
mod undefined_macro;
mod unknown_ability;
mod unknown_alias;
mod unknown_color;
mod unknown_cost_symbol;
mod unknown_effect;
mod unknown_grade;
mod unknown_key;
mod unknown_rarity;
mod unknown_restriction;
mod unknown_target_attribute;
mod unknown_token_id;
mod unknown_trigger;
mod unknown_zone;
mod unresolved_primitive;

pub(crate) static RULES: &[WagicRule] = &[
    rule!(unknown_key),
    rule!(misread_key),
    rule!(missing_key),
    rule!(invalid_id),
    rule!(duplicate_id),
    rule!(unknown_rarity),
    rule!(unknown_grade),
    rule!(grade_conflict),
    rule!(grade_gated_primitive),
    rule!(unresolved_primitive),
    rule!(duplicate_definition),
    rule!(unknown_ability),
    rule!(unknown_color),
    rule!(cost_brace),
    rule!(cost_loose_text),
    rule!(unknown_cost_symbol),
    rule!(invalid_power_toughness),
    rule!(unknown_effect),
    rule!(unknown_trigger),
    rule!(unknown_zone),
    rule!(malformed_target),
    rule!(unknown_target_attribute),
    rule!(unknown_restriction),
    rule!(lord_placement),
    rule!(transforms_field),
    rule!(name_position),
    rule!(macro_definition),
    rule!(undefined_macro),
    rule!(text_after_block_line),
    rule!(unknown_token_id),
    rule!(repeated_key),
    rule!(misspelt_subtype),
    rule!(misspelt_target_type),
    rule!(keyword_not_scripted),
    rule!(keyword_not_in_text),
    rule!(cost_mismatch),
    rule!(lord_scope),
    rule!(may_not_scripted),
    rule!(amount_mismatch),
    rule!(misspelt_effect),
    rule!(idiom_missing),
    rule!(counter_cost_mismatch),
    rule!(limit_without_colon),
    rule!(unknown_alias),
    rule!(ueot_missing),
    rule!(trigger_origin_missing),
    rule!(target_semicolon),
    rule!(foreign_card_name),
    rule!(attachment_subtype_missing),
    rule!(text_target_type_mismatch),
];
