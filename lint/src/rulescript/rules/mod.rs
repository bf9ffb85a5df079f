//! The RuleScript rules, one module each; `RULES` is the list the registry reads.

use super::RulescriptRule;
use crate::rule;

mod blank_line;
mod condition_chain;
mod cost_syntax;
mod duplicate_guid;
mod duplicate_key;
mod duplicate_target_clause;
mod event_suffix;
mod expression;
mod guid_case;
mod hash_in_text;
mod label_count;
mod missing_effect;
mod stray_word;
mod unknown_ability;
mod unknown_card_name;
mod unknown_command;
mod unknown_event;
mod unknown_game_name;
mod unknown_guid;
mod unknown_key;
mod unknown_target_word;
mod unknown_zone;

pub(crate) static RULES: &[RulescriptRule] = &[
    rule!(blank_line),
    rule!(unknown_key),
    rule!(duplicate_key),
    rule!(unknown_command),
    rule!(unknown_ability),
    rule!(unknown_zone),
    rule!(unknown_target_word),
    rule!(unknown_event),
    rule!(event_suffix),
    rule!(label_count),
    rule!(unknown_game_name),
    rule!(condition_chain),
    rule!(expression),
    rule!(cost_syntax),
    rule!(unknown_guid),
    rule!(guid_case),
    rule!(duplicate_target_clause),
    rule!(unknown_card_name),
    rule!(hash_in_text),
    rule!(duplicate_guid),
    rule!(stray_word),
    rule!(missing_effect),
];
