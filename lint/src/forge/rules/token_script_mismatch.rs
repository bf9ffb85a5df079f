//! F193: `TokenScript$` naming a token whose colours, power and toughness, artifact type or
//! creature types differ from the token the rules text creates.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F193",
    name: "token-script-mismatch",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "`TokenScript$` names a token (`b_2_1_inkling_flying`) whose colours, power and toughness, artifact type or creature types differ from the token the description or rules text creates (\"a 2/1 white and black Inkling creature token\").",
    explanation: "Forge's token scripts are named for what they make: colours (`w`, `u`, `b`, `r`, `g`, \
`c` for colourless), power, toughness, `a` for an artifact, the creature types, then keywords \
(`wb_2_1_inkling_flying`, `c_1_1_a_thopter_flying`). A `Token` effect whose `TokenScript$` names another \
token than the one its description (or, when the face makes one kind of token, its rules text) \
describes creates the wrong creature. Only tokens described as `<P>/<T> <colours> <Types> [artifact] \
creature token` and script names of the shape `<colours>_<P>_<T>_...` are compared; keywords are not, \
since names abbreviate them.",
    bad: "Name:Ink Pact\nManaCost:2 W B\nTypes:Sorcery\nA:SP$ Token | TokenAmount$ 2 | TokenScript$ b_2_1_inkling_flying | SpellDescription$ Create two 2/1 white and black Inkling creature tokens with flying.\nOracle:Create two 2/1 white and black Inkling creature tokens with flying.",
    good: "Name:Ink Pact\nManaCost:2 W B\nTypes:Sorcery\nA:SP$ Token | TokenAmount$ 2 | TokenScript$ wb_2_1_inkling_flying | SpellDescription$ Create two 2/1 white and black Inkling creature tokens with flying.\nOracle:Create two 2/1 white and black Inkling creature tokens with flying.",
    ..RuleMeta::BASE
};

/// A token as rules text describes it.
#[derive(Debug, PartialEq)]
struct Described {
    text: String,
    power: String,
    toughness: String,
    colors: Vec<char>,
    artifact: bool,
    types: Vec<String>,
}

fn color_letter(word: &str) -> Option<char> {
    Some(match word {
        "white" => 'w',
        "blue" => 'u',
        "black" => 'b',
        "red" => 'r',
        "green" => 'g',
        "colorless" => 'c',
        _ => return None,
    })
}

fn is_pt(word: &str) -> bool {
    !word.is_empty() && (word == "X" || word.bytes().all(|b| b.is_ascii_digit()))
}

/// Every `<P>/<T> <colours> <Types> [artifact] creature token` of a text.
fn described(text: &str) -> Vec<Described> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find("creature token") {
        let at = from + i;
        from = at + "creature token".len();
        let mut words: Vec<&str> = text[..at].split_whitespace().collect();
        let mut artifact = false;
        if words.last() == Some(&"artifact") {
            artifact = true;
            words.pop();
        }
        if words.last() == Some(&"enchantment") {
            continue;
        }
        let mut types = Vec::new();
        while let Some(w) = words.last() {
            if w.starts_with(|c: char| c.is_ascii_uppercase())
                && w.bytes().all(|b| b.is_ascii_alphabetic())
            {
                types.push(w.to_ascii_lowercase());
                words.pop();
            } else {
                break;
            }
        }
        types.reverse();
        let mut colors = Vec::new();
        while let Some(w) = words.last() {
            let w = w.trim_end_matches(',');
            if let Some(c) = color_letter(w) {
                colors.push(c);
            } else if w != "and" {
                break;
            }
            words.pop();
        }
        colors.reverse();
        let Some((p, t)) = words.last().and_then(|w| w.split_once('/')) else {
            continue;
        };
        if types.is_empty() || colors.is_empty() || !is_pt(p) || !is_pt(t) {
            continue;
        }
        let start = text[..at]
            .rfind(*words.last().expect("checked"))
            .unwrap_or(at);
        out.push(Described {
            text: text[start..from].to_string(),
            power: p.to_ascii_lowercase(),
            toughness: t.to_ascii_lowercase(),
            colors,
            artifact,
            types,
        });
    }
    out
}

/// What a script name differs in from the described token, or `None` when the name has another
/// shape (`c_a_treasure_sac`) or agrees.
fn differences(name: &str, token: &Described) -> Option<Vec<String>> {
    let parts: Vec<&str> = name.split('_').collect();
    let [colors, p, t, rest @ ..] = parts.as_slice() else {
        return None;
    };
    if colors.is_empty()
        || !colors.chars().all(|c| "wubrgc".contains(c))
        || !is_pt(&p.to_ascii_uppercase())
        || !is_pt(&t.to_ascii_uppercase())
    {
        return None;
    }
    let mut diffs = Vec::new();
    let mut want: Vec<char> = token.colors.clone();
    want.sort_unstable();
    want.dedup();
    let mut have: Vec<char> = colors.chars().collect();
    have.sort_unstable();
    have.dedup();
    if want != have {
        diffs.push("colours".to_string());
    }
    if *p != token.power || *t != token.toughness {
        diffs.push("power and toughness".to_string());
    }
    let is_artifact = rest.first() == Some(&"a");
    if is_artifact != token.artifact {
        diffs.push("artifact type".to_string());
    }
    let missing: Vec<&str> = token
        .types
        .iter()
        .filter(|ty| !rest.contains(&ty.as_str()))
        .map(String::as_str)
        .collect();
    if !missing.is_empty() {
        diffs.push(format!("creature types (no `{}`)", missing.join("`, `")));
    }
    Some(diffs)
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    let descriptions = super::oracle::descriptions(model);
    for (i, rec) in model.records.iter().enumerate() {
        let Some(script) = rec.param("TokenScript") else {
            continue;
        };
        let name = script.value.trim();
        if name.is_empty() || name.contains(',') {
            continue;
        }
        // The record's own description (or the one it runs under) when it describes one token;
        // else the rules text, when the face makes one token and has one token-making record.
        let mut token = descriptions[i]
            .map(described)
            .filter(|d| d.len() == 1)
            .and_then(|mut d| d.pop());
        if token.is_none() {
            let makers = model
                .records
                .iter()
                .filter(|r| r.face == rec.face && r.param("TokenScript").is_some())
                .count();
            if makers == 1 {
                let mut all = Vec::new();
                for line in ctx.oracle_lines(rec.face) {
                    all.extend(described(line.text));
                }
                if all.len() == 1 {
                    token = all.pop();
                }
            }
        }
        let Some(token) = token else { continue };
        let Some(diffs) = differences(name, &token) else {
            continue;
        };
        if diffs.is_empty() {
            continue;
        }
        sink.report(
            script.value_range,
            format!(
                "`TokenScript$ {name}` differs from \"{}\" in its {}: Forge creates the token the script names",
                token.text,
                diffs.join(", ")
            ),
        )
        .with_note("token scripts are named <colours>_<power>_<toughness>_[a_]<types>_<keywords>");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_described_token() {
        let d = described("Create two 2/1 white and black Inkling creature tokens with flying.");
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].colors, vec!['w', 'b']);
        assert_eq!(d[0].types, vec!["inkling".to_string()]);
        assert_eq!(d[0].text, "2/1 white and black Inkling creature token");
        assert_eq!(differences("wb_2_1_inkling_flying", &d[0]), Some(vec![]));
        assert_eq!(
            differences("b_2_1_inkling_flying", &d[0]),
            Some(vec!["colours".to_string()])
        );
        assert_eq!(differences("c_a_treasure_sac", &d[0]), None);
    }

    #[test]
    fn artifact_and_types() {
        let d = described("create a 4/4 red and white Golem artifact creature token");
        assert!(d[0].artifact);
        assert_eq!(differences("rw_4_4_a_golem", &d[0]), Some(vec![]));
        assert_eq!(
            differences("rw_4_4_golem", &d[0]),
            Some(vec!["artifact type".to_string()])
        );
        let d =
            described("create a 4/4 white Angel Warrior creature token with flying and vigilance");
        assert_eq!(
            differences("w_4_4_angel_flying_vigilance", &d[0]),
            Some(vec!["creature types (no `warrior`)".to_string()])
        );
        assert!(described("create a token that's a copy of target creature").is_empty());
        assert!(described("Create a Food token.").is_empty());
    }
}
