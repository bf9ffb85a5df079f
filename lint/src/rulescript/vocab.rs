//! The RuleScript vocabulary (lower case: the engine lower-cases rule lines before reading
//! them). Data files under `lint/data/rulescript/`.

use crate::vocabulary;

vocabulary!(
    /// Rule keys (`target`, `action`...).
    keys,
    "rulescript/keys.tsv"
);
vocabulary!(
    /// Effect commands (`moveTo(...)`, written in any case).
    commands,
    "rulescript/commands.tsv"
);
vocabulary!(
    /// Ability keywords (`abilities = ...`, `+ability`, `-ability`).
    abilities,
    "rulescript/abilities.tsv"
);
vocabulary!(
    /// Zones after `@`.
    zones,
    "rulescript/zones.tsv"
);
vocabulary!(
    /// Zone prefixes (`@oppRing`).
    zone_prefixes,
    "rulescript/zone-prefixes.tsv"
);
vocabulary!(
    /// `~event~` names.
    events,
    "rulescript/events.tsv"
);
vocabulary!(
    /// Event prefixes (`my`, `opp`, `any`).
    event_prefixes,
    "rulescript/event-prefixes.tsv"
);
vocabulary!(
    /// Event suffixes (`:this`, `:once`...).
    event_suffixes,
    "rulescript/event-suffixes.tsv"
);
vocabulary!(
    /// `?hook?` names.
    hooks,
    "rulescript/hooks.tsv"
);
vocabulary!(
    /// Registered filters inside `[...]`.
    filters,
    "rulescript/filters.tsv"
);
vocabulary!(
    /// Card types.
    card_types,
    "rulescript/card-types.tsv"
);
vocabulary!(
    /// Type words of a target (`character`, `players`, `*`).
    target_keywords,
    "rulescript/target-keywords.tsv"
);
vocabulary!(
    /// Durations (`ueot`...).
    restrictions,
    "rulescript/restrictions.tsv"
);
vocabulary!(
    /// Duration prefixes (`oppueot`).
    restriction_prefixes,
    "rulescript/restriction-prefixes.tsv"
);
vocabulary!(
    /// Cost letters inside `{...}`.
    cost_keywords,
    "rulescript/cost-keywords.tsv"
);
vocabulary!(
    /// `[[...]]` keywords.
    conditions,
    "rulescript/conditions.tsv"
);
vocabulary!(
    /// Names usable in expressions.
    expression_names,
    "rulescript/expression-names.tsv"
);
vocabulary!(
    /// Attributes the expression pre-processor rewrites (`.size`, `.bp`...).
    expression_attributes,
    "rulescript/expression-attributes.tsv"
);
vocabulary!(
    /// Game rules of `enableRule`, `disableRule`, `modRule`.
    game_rules,
    "rulescript/game-rules.tsv"
);
vocabulary!(
    /// Phases of `skip()`.
    phases,
    "rulescript/phases.tsv"
);
vocabulary!(
    /// States of `pileView()`.
    pile_view_states,
    "rulescript/pile-view-states.tsv"
);
vocabulary!(
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
