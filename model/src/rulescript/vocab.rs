//! The RuleScript vocabulary (lower case: the engine lower-cases rule lines before reading
//! them). Data files under `model/data/rulescript/`.

use crate::vocab_data;

vocab_data!(
    /// Rule keys (`target`, `action`...).
    keys,
    "rulescript/keys.tsv"
);
vocab_data!(
    /// Effect commands (`moveTo(...)`, written in any case).
    commands,
    "rulescript/commands.tsv"
);
vocab_data!(
    /// Ability keywords (`abilities = ...`, `+ability`, `-ability`).
    abilities,
    "rulescript/abilities.tsv"
);
vocab_data!(
    /// Zones after `@`.
    zones,
    "rulescript/zones.tsv"
);
vocab_data!(
    /// Zone prefixes (`@oppRing`).
    zone_prefixes,
    "rulescript/zone-prefixes.tsv"
);
vocab_data!(
    /// `~event~` names.
    events,
    "rulescript/events.tsv"
);
vocab_data!(
    /// Event prefixes (`my`, `opp`, `any`).
    event_prefixes,
    "rulescript/event-prefixes.tsv"
);
vocab_data!(
    /// Event suffixes (`:this`, `:once`...).
    event_suffixes,
    "rulescript/event-suffixes.tsv"
);
vocab_data!(
    /// `?hook?` names.
    hooks,
    "rulescript/hooks.tsv"
);
vocab_data!(
    /// Registered filters inside `[...]`.
    filters,
    "rulescript/filters.tsv"
);
vocab_data!(
    /// Card types.
    card_types,
    "rulescript/card-types.tsv"
);
vocab_data!(
    /// Type words of a target (`character`, `players`, `*`).
    target_keywords,
    "rulescript/target-keywords.tsv"
);
vocab_data!(
    /// Durations (`ueot`...).
    restrictions,
    "rulescript/restrictions.tsv"
);
vocab_data!(
    /// Duration prefixes (`oppueot`).
    restriction_prefixes,
    "rulescript/restriction-prefixes.tsv"
);
vocab_data!(
    /// Cost letters inside `{...}`.
    cost_keywords,
    "rulescript/cost-keywords.tsv"
);
vocab_data!(
    /// `[[...]]` keywords.
    conditions,
    "rulescript/conditions.tsv"
);
vocab_data!(
    /// Names usable in expressions.
    expression_names,
    "rulescript/expression-names.tsv"
);
vocab_data!(
    /// Attributes the expression pre-processor rewrites (`.size`, `.bp`...).
    expression_attributes,
    "rulescript/expression-attributes.tsv"
);
vocab_data!(
    /// Game rules of `enableRule`, `disableRule`, `modRule`.
    game_rules,
    "rulescript/game-rules.tsv"
);
vocab_data!(
    /// Phases of `skip()`.
    phases,
    "rulescript/phases.tsv"
);
vocab_data!(
    /// States of `pileView()`.
    pile_view_states,
    "rulescript/pile-view-states.tsv"
);
vocab_data!(
    /// `::selector(...)` names.
    selectors,
    "rulescript/selectors.tsv"
);

/// A restriction word with its optional prefix (`ueot`, `oppueot`, `myuynt`).
pub fn is_restriction(word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    let bare = ["my", "opp"]
        .iter()
        .find_map(|p| w.strip_prefix(p))
        .unwrap_or(&w);
    restrictions().knows(bare)
}
