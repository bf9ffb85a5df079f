//! F161: `TokenScript$` naming a token script that the workspace does not have.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::split_items;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F161",
    name: "unresolved-token-script",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "`TokenScript$` names a token script that is not in the checked `tokenscripts/` folder.",
    explanation: "Upstream Forge creates tokens from the scripts in `res/tokenscripts/`, named without \
`.txt` (`TokenScript$ w_1_1_soldier`, comma-separated for several). A name with no script creates no \
token. The check runs only when the checked files include a `tokenscripts` folder. A folder of fewer \
than 100 scripts is taken for a partial copy (a sample, a fork's own few tokens; Forge's folder holds \
hundreds): a name missing from it is reported only when it is one edit from a script the folder holds \
with the same colour and numbers. \
Since even a large folder may be partial, it is a warning.",
    bad: "# workspace example: needs a tokenscripts folder\nName:Muster Call\nManaCost:1 W\nTypes:Sorcery\nA:SP$ Token | Cost$ 1 W | TokenScript$ w_1_1_soldeir | SpellDescription$ Create a 1/1 white Soldier creature token.",
    good: "# workspace example: needs a tokenscripts folder\nName:Muster Call\nManaCost:1 W\nTypes:Sorcery\nA:SP$ Token | Cost$ 1 W | TokenScript$ w_1_1_soldier | SpellDescription$ Create a 1/1 white Soldier creature token.",
    ..RuleMeta::BASE
};

/// Scripts a checked `tokenscripts` folder holds at least to be taken for the whole of Forge's
/// (its own holds hundreds; a sample or a fork's custom tokens a handful).
const WHOLE_FOLDER: usize = 100;

/// Whether `name` is one edit from a script name with the same colour field and the same
/// numbers (`w_1_1_soldeir` for `w_1_1_soldier`; `r_1_1_rat` beside `b_1_1_rat` is another
/// token, not a slip).
fn misspells_one<'a>(name: &str, scripts: impl Iterator<Item = &'a str>) -> bool {
    let colour = |n: &str| n.split('_').next().unwrap_or("").to_string();
    let numbers = |n: &str| n.chars().filter(char::is_ascii_digit).collect::<String>();
    let (c, n) = (colour(name), numbers(name));
    scripts
        .into_iter()
        .any(|s| model::suggest::distance(name, s) == 1 && colour(s) == c && numbers(s) == n)
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let scripts = &ctx.index.token_scripts;
    if scripts.is_empty() {
        return;
    }
    let partial = scripts.len() < WHOLE_FOLDER;
    for rec in &ctx.model.records {
        for p in &rec.params {
            if !p.has_dollar || p.key != "TokenScript" {
                continue;
            }
            for (name, range) in split_items(p.value, p.value_range.start(), ',') {
                // ReplaceToken's `Chosen`: the token chosen while it resolves (upstream
                // compares the word before it looks a script up).
                let chosen =
                    name == "Chosen" && rec.kind_value.eq_ignore_ascii_case("ReplaceToken");
                if scripts.contains_key(name) || chosen {
                    continue;
                }
                // In a partial folder only a misspelling of a script it holds is sure.
                if partial && !misspells_one(name, scripts.keys().map(|s| s.as_str())) {
                    continue;
                }
                let d = sink.report(
                    range,
                    format!("no token script `{name}` in the checked `tokenscripts` folder: no token is created"),
                );
                let names: Vec<&str> = scripts.keys().map(|s| s.as_str()).collect();
                super::with_suggestion(d, super::word_fix(name, range, names.iter().copied()));
                if let Some(fix) = d.fix.as_mut() {
                    fix.applicability = crate::Applicability::Unsafe;
                }
            }
        }
    }
}
