//! W164: a target type of several words (which Wagic can only match as a card name) that names
//! another card than this one, which this card's text never mentions: a copy-paste leftover.

use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::code::CodeView;
use crate::wagic::index::{Library, normalize_name};
use crate::wagic::{CardView, Ctx};
use syntax::wagic::KeyMeaning;
use syntax::wagic::ast::TargetSpec;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W164",
    name: "foreign-card-name",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A target or `lord`/`all`/`foreach`/`aslongas` type of several words (`arbor elf`) names a card other than this one, and this card's text never mentions it: probably left over from the card the script was copied from.",
    explanation: "Wagic looks each type of a target up as a card type or, failing that, as a card name; \
no type has several words, so `target(arbor elf)` or `aslongas(arbor elf|mybattlefield)` finds only \
cards named Arbor Elf. A card that means itself (`aslongas(this card's name|...)`) or a card its text \
names (`named ...`) is fine; any other name is almost always a leftover of the card the script was \
copied from, and the ability then watches the wrong card. The rule reports a type of two or more words \
(`other` aside) that is not this card's name, not in its `text=`, and is either the name of a card of \
the library (set files and primitives checked together) or, without them, not made only of type words.",
    bad: "[card]\nname=Ember Warden\ntext=When Ember Warden enters the battlefield, sacrifice it unless you control another red creature.\nauto=aslongas(cinder imp|mybattlefield) sacrifice oneshot\nmana={1}{R}\ntype=Creature\nsubtype=Elemental\npower=3\ntoughness=3\n[/card]",
    good: "[card]\nname=Ember Warden\ntext=When Ember Warden enters the battlefield, sacrifice it unless you control another red creature.\nauto=aslongas(other creature[red]|mybattlefield) sacrifice oneshot <1\nmana={1}{R}\ntype=Creature\nsubtype=Elemental\npower=3\ntoughness=3\n[/card]",
    ..RuleMeta::BASE
};

/// The calls whose argument is a target chooser's list of types.
const CALLS: &[&str] = &[
    "target",
    "notatarget",
    "lord",
    "all",
    "foreach",
    "aslongas",
    "thisforeach",
    "teach",
    "movedto",
    "from",
];

/// Whether every word is a card type (then the phrase is a mistake of another kind).
fn all_type_words(phrase: &str) -> bool {
    let types = model::forge::vocab::types();
    phrase.split_whitespace().all(|w| {
        let w = w.trim_start_matches("non");
        types.names().any(|t| t.eq_ignore_ascii_case(w))
    })
}

/// The block of a definition (from its `[card]` to its `[/card]` line), lower case.
fn block_text(files: &[model::source::SourceFile], at: crate::wagic::Location) -> String {
    let Some(file) = files.get(at.file) else {
        return String::new();
    };
    let text = file.text();
    let at = usize::from(at.range.start()).min(text.len());
    let start = text[..at].rfind("[card]").unwrap_or(0);
    let end = text[at..].find("[/card]").map_or(text.len(), |i| at + i);
    text[start..end].to_lowercase()
}

/// Whether the named card speaks of this one (`spells named ...`) or has the phrase as its
/// whole subtype (`Urza's Mine`): then the name is a deliberate reference.
fn linked(block: &str, own: &str, phrase: &str) -> bool {
    normalize_name(block).contains(own)
        || block
            .lines()
            .any(|l| l.trim_end().strip_prefix("subtype=") == Some(phrase))
}

#[allow(clippy::too_many_arguments)]
fn check_spec(
    spec: &TargetSpec,
    view: Option<&CodeView>,
    prose: &Prose<'_>,
    library: Option<&Library>,
    files: &[model::source::SourceFile],
    sink: &mut Sink<'_>,
) {
    for t in spec.types() {
        let raw = t.name_text();
        let lower = raw.trim().to_ascii_lowercase();
        let phrase = lower.strip_prefix("other ").unwrap_or(&lower).trim();
        if !phrase.contains(' ')
            || phrase.split_whitespace().count() > 5
            || !phrase
                .chars()
                .all(|c| c.is_alphabetic() || matches!(c, ' ' | '\'' | '-' | ','))
        {
            continue;
        }
        let norm = normalize_name(phrase);
        let (own, text) = prose.get();
        if norm == own || text.contains(&norm) {
            continue;
        }
        let known = library.filter(|l| l.has_primitives && l.has_sets && !l.incomplete);
        let card = known
            .and_then(|l| l.normalized.get(&norm))
            .and_then(|keys| {
                keys.first()
                    .and_then(|k| known.and_then(|l| l.definition(k)))
            });
        let message = match (known, card) {
            (Some(_), Some(def)) if linked(&block_text(files, def.at), own, phrase) => continue,
            (Some(_), Some(def)) => format!(
                "`{phrase}` names the card {}, which this card's text never mentions: Wagic reads a type of several words as a card name, so this looks for that card",
                def.name
            ),
            (Some(_), None) => continue,
            (None, _) if all_type_words(phrase) => continue,
            (None, _) => format!(
                "`{phrase}` can only match a card of that name (Wagic has no type of several words), and this card's text never mentions it"
            ),
        };
        let lead = raw.len() - raw.trim_start().len();
        let start = usize::from(t.syntax().text_range().start()) + lead;
        let range = crate::wagic::range(start, start + raw.trim().len());
        match view {
            Some(v) => {
                v.report(sink, range, message);
            }
            None => {
                sink.report(range, message);
            }
        }
    }
}

/// The card's own name (its `name=`, else its `primitive=`), normalised.
fn own_name(card: &CardView) -> String {
    let name = card
        .value_of(KeyMeaning::Name)
        .or_else(|| card.value_of(KeyMeaning::Primitive))
        .unwrap_or_default();
    normalize_name(&name)
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        // A card without rules text (a token, a placeholder) says nothing to compare with.
        if super::card_text::text_of(card).is_none() {
            continue;
        }
        let prose = Prose {
            card,
            names: std::cell::OnceCell::new(),
        };
        for entry in card
            .entries
            .iter()
            .filter(|entry| entry.meaning == KeyMeaning::Target)
        {
            if let Some(spec) = entry.target() {
                check_spec(&spec, None, &prose, ctx.library, ctx.files, sink);
            }
        }
        for line in ctx.card_code(card) {
            for view in &line.views {
                for spec in view.all(TargetSpec::cast) {
                    let call = spec
                        .syntax()
                        .parent()
                        .and_then(|args| args.parent())
                        .and_then(syntax::wagic::ast::Call::cast);
                    if !call
                        .as_ref()
                        .is_some_and(|c| c.is_closed() && CALLS.contains(&c.name_lower().as_str()))
                    {
                        continue;
                    }
                    check_spec(&spec, Some(view), &prose, ctx.library, ctx.files, sink);
                }
            }
        }
    }
}

/// A card's own name and prose (`own_name`, `text_without_code`), read on first use: only a
/// type of several words is compared with them, and most cards have none.
struct Prose<'c> {
    card: &'c CardView,
    names: std::cell::OnceCell<(String, String)>,
}

impl Prose<'_> {
    fn get(&self) -> (&str, &str) {
        let (own, text) = self
            .names
            .get_or_init(|| (own_name(self.card), text_without_code(self.card)));
        (own, text)
    }
}

/// The card's prose: every value that is not ability code or a target (its text, names,
/// types), normalised, so that a name the script uses and the text mentions is found.
fn text_without_code(card: &CardView) -> String {
    let mut out = String::new();
    for e in &card.entries {
        if e.meaning.is_ability() || e.meaning == KeyMeaning::Target {
            continue;
        }
        out.push_str(&normalize_name(&e.value_text()));
        out.push(' ');
    }
    out
}
