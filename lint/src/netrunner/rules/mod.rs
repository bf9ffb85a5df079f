//! The Netrunner rules, one module each; `RULES` is the list the registry reads.

use super::NetrunnerRule;
use crate::rule;

mod announce_charset;
mod cost_prefix;
mod custom_marker;
mod dash_in_restriction;
mod duplicate_guid;
mod effect_pair;
mod empty_restriction;
mod field_mixup;
mod malformed_entry;
mod modulator_case;
mod stray_characters;
mod unknown_command;
mod unknown_counter;
mod unknown_guid;
mod unknown_modulator;
mod unknown_pile;
mod unknown_trigger;

pub(crate) static RULES: &[NetrunnerRule] = &[
    rule!(cost_prefix),
    rule!(unknown_trigger),
    rule!(field_mixup),
    rule!(unknown_command),
    rule!(unknown_modulator),
    rule!(modulator_case),
    rule!(announce_charset),
    rule!(effect_pair),
    rule!(stray_characters),
    rule!(unknown_counter),
    rule!(custom_marker),
    rule!(unknown_pile),
    rule!(malformed_entry),
    rule!(duplicate_guid),
    rule!(unknown_guid),
    rule!(empty_restriction),
    rule!(dash_in_restriction),
];
