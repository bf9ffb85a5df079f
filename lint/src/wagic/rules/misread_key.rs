//! W101: a key the card reader takes for another one (it tests only a few characters).

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use model::suggest;
use syntax::wagic::KeyMeaning;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W101",
    name: "misread-key",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A key that Wagic reads as another key, because it tests only its first characters.",
    explanation: "Wagic dispatches most keys on their first one to four characters: every `p` key whose \
second letter is `r` is `primitive=`, every `c` key is `color=`, every `n` key is `name=`, every `s` key is \
`subtype=`, every `m` key is `mana=`. A misspelt key is therefore often read anyway: `primitve=` still \
works (a warning: write it properly), but `note=` overwrites the name, `set=` adds a subtype and \
`protection=` turns the card into a set entry (an error).",
    bad: "[card]\nprimitve=Forest\nid=9001\nrarity=L\n[/card]",
    good: "[card]\nprimitive=Forest\nid=9001\nrarity=L\n[/card]",
    ..RuleMeta::BASE
};

/// Whether `key` is a proper spelling of what the engine reads it as.
fn canonical(key: &str, meaning: KeyMeaning) -> bool {
    match meaning {
        KeyMeaning::Restrictions => key == "restriction" || key == "restrictions",
        KeyMeaning::Suspend => key
            .strip_prefix("suspend(")
            .and_then(|r| r.strip_suffix(')'))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())),
        KeyMeaning::AutoZone | KeyMeaning::Ignored | KeyMeaning::Unknown => true,
        m => m.canonical_key() == Some(key),
    }
}

fn spelling(meaning: KeyMeaning) -> &'static str {
    match meaning {
        KeyMeaning::Suspend => "suspend(<turns>)",
        KeyMeaning::Restrictions => "restrictions",
        m => m.canonical_key().unwrap_or("?"),
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        for entry in &card.entries {
            let Some(key) = entry.key() else { continue };
            let text = key.text();
            let meaning = entry.meaning;
            if canonical(text, meaning) {
                continue;
            }
            let want = spelling(meaning);
            let close = meaning != KeyMeaning::Suspend
                && suggest::distance(text, want) <= if want.len() > 6 { 2 } else { 1 };
            if close {
                sink.report(
                    key.text_range(),
                    format!(
                        "`{text}` is misspelt; Wagic still reads it as `{want}=` because it tests only the first letters"
                    ),
                )
                .with_severity(Severity::Warning)
                .with_fix(Fix::safe(
                    format!("write `{want}`"),
                    vec![Edit::replace(key.text_range(), want)],
                ));
            } else {
                let why = match meaning {
                    KeyMeaning::FaceDown => " (the line contains `facedown`)".to_string(),
                    KeyMeaning::Suspend => " (the line contains `suspend`)".to_string(),
                    KeyMeaning::Rarity => " (the line contains `rar`)".to_string(),
                    _ => String::new(),
                };
                let d = sink.report(
                    key.text_range(),
                    format!("Wagic reads `{text}=` as `{want}=`{why}: this line does not do what it says"),
                );
                if let Some(k) = suggest::unique_near_miss(text, super::unknown_key::card_keys()) {
                    d.with_note(format!("did you mean `{k}`?"));
                }
            }
        }
    }
}
