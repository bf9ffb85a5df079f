//! F117: a parameter that the record's readers do not read.

use super::scope::{ParamClass, RecordScopes, family, where_read};
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::facts::FactKind;
use model::forge::script::{ParamInfo, RecordInfo, Role};
use model::forge::vocab::{Version, Versions};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F117",
    name: "unknown-param",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A parameter that the ApiType, trigger mode, static mode or replacement event of its record does not read.",
    explanation: "Forge stores every `Key$ Value` piece and each effect reads only the keys it knows: a key \
it does not read is silently ignored. Often that is harmless (a trigger key such as `Static$` pasted into \
an ability), sometimes it is the very thing the card needed (`Player$` instead of `ValidPlayer$` on a \
`Phase` trigger, so it fires on every player's turn). Keys read by nothing at all that are near misses of \
a key the record reads are reported by `misspelt-param` instead.\n\nWhen the record's own ApiType, mode \
or event reads a key like the one written, the message names it: a near miss, the Valid form of the word \
(`Player$` → `ValidPlayer$`), a key of the same family (the Valid expressions and `Affected$`, zones, \
durations, phases), or a key whose values include the word written (`Permanent$ True` → `Duration$ \
Permanent`). When one key is clear the finding carries an unsafe fix (the key renamed, or the word written \
as its value). A key of another kind of record (a trigger's `ValidCard$` on an ability) gets no \
suggestion: the piece is misplaced, not misnamed.\n\nOn a static ability, trigger or replacement, a Valid \
key that only the code shared by every record of that kind reads (for other modes: the AI, the \
`MayPlay` restrictions) while its own mode matches cards with another one is reported too (`Affected$` \
on `Mode$ CrewValue`, which reads `ValidCard$`). So is a key that, for this record, only the AI's code \
reads (`Affected$` on `Mode$ CantAttack`: the AI looks at it for every static, the static itself \
never does), when the record's own reader takes a key like it.\n\nVersions: checked against one Forge (`[forge] \
engine`), a key that Forge does not read here is reported, and the message says which versions do. In \
the default mode (every shipped version at once) a key any version reads here is accepted, as for every \
other word; a key that only older versions read here, while every version reads it for other records, \
is a hint (\"only Forge 2020 reads `Keywords$` on CopyPermanent abilities\"), like \
`version-specific-name`: the file may target that older Forge, where the key works. A key that only \
Forge 2020 reads, set to `True`, whose meaning later versions read as a value of another key \
(`Permanent$ True`, `UntilYourNextTurn$ True` → `Duration$ ...`) is a warning even in the default \
mode: every Forge since 2021 ignores it, so a permanent effect ends with the turn there (unsafe fix: \
the new form, which Forge 2020 ignores). So is a key only Forge 2020 reads, read by nothing at all \
since, when the record's reader today reads a near name (`PhaseInOrOutAll$` → `PhaseInOrOut$`). Pin a \
newer engine \
to have it reported as a warning.",
    bad: "Name:Tidal Insight\nManaCost:1 U\nTypes:Sorcery\nA:SP$ Draw | Cost$ 1 U | NumCards$ 2 | Static$ True | SpellDescription$ Draw two cards.",
    good: "Name:Tidal Insight\nManaCost:1 U\nTypes:Sorcery\nA:SP$ Draw | Cost$ 1 U | NumCards$ 2 | SpellDescription$ Draw two cards.",
    ..RuleMeta::BASE
};

/// " ; they read `ValidCard$`" (or two or three keys), and a fix when one key is clear.
fn instead(candidates: &[&str]) -> String {
    match candidates {
        [] => String::new(),
        [one] => format!("; they read `{one}$`"),
        more => {
            let keys: Vec<String> = more.iter().take(3).map(|k| format!("`{k}$`")).collect();
            format!("; they read {}", keys.join(" or "))
        }
    }
}

/// The fix when one candidate is clear: rename the key, or write the key as the candidate's
/// value (`Permanent$ True` → `Duration$ Permanent`); none when the value may not fit.
fn key_fix(
    d: &mut crate::diagnostic::Diagnostic,
    scopes: &RecordScopes,
    p: &ParamInfo<'_>,
    candidates: &[&str],
) {
    let [one] = candidates else { return };
    match scopes.rewrite(p.key, one) {
        Some(true) => {
            d.with_fix(Fix::unsafe_(
                format!("write `{one}$ {}`", p.key),
                vec![Edit::replace(p.range, format!("{one}$ {}", p.key))],
            ));
        }
        Some(false) => {
            d.with_fix(Fix::unsafe_(
                format!("use `{one}$`"),
                vec![Edit::replace(p.key_range, *one)],
            ));
        }
        None => {}
    }
}

/// A record's scopes in each shipped version (`Version::ALL` order); `None` when a version
/// does not know the record's kind. Made once per record, at its first use.
type VersionScopes = Option<Vec<(Version, RecordScopes)>>;

fn version_scopes(rec: &RecordInfo<'_>) -> VersionScopes {
    Version::ALL
        .into_iter()
        .map(|v| RecordScopes::of_in(rec, model::forge::versions::shipped(v)).map(|s| (v, s)))
        .collect()
}

/// The shipped versions whose scopes of this record read `key`, and whether every version
/// reads it in another scope too; `None` when a version does not know the record's kind.
fn readers_by_version(by_version: &VersionScopes, key: &str) -> Option<(Versions, bool)> {
    let mut here = Versions::NONE;
    let mut elsewhere_everywhere = true;
    for (v, scopes) in by_version.as_ref()? {
        if scopes.reads(key) {
            here = here.with(*v);
        }
        let elsewhere = scopes
            .vocab()
            .params()
            .by_param
            .get(key)
            .is_some_and(|ss| ss.iter().any(|s| !scopes.names().any(|n| n == *s)));
        elsewhere_everywhere &= elsewhere;
    }
    Some((here, elsewhere_everywhere))
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let classes = ctx.classes();
    for (ri, rec) in ctx.model.records.iter().enumerate() {
        let Some(scopes) = &classes.scopes[ri] else {
            continue;
        };
        let by_version = std::cell::OnceCell::new();
        for (pi, p) in rec.params.iter().enumerate() {
            let key = p.key;
            match classes.params[ri][pi] {
                ParamClass::Unknown => {}
                ParamClass::Fine if p.has_dollar && rec.kind_param != Some(pi) => {
                    shared_only(ctx, rec, scopes, &by_version, p, sink);
                    continue;
                }
                _ => continue,
            }
            if ctx.vocab.params().read_anywhere(key) {
                let versions =
                    ctx.version_clause(FactKind::Param, &format!("{}\t{key}", scopes.scope_key()));
                let candidates = if scopes.kind_reads(key) {
                    scopes.intended(rec, key)
                } else {
                    Vec::new()
                };
                let message = match where_read(ctx.vocab, key) {
                    Some(w) => format!(
                        "Forge ignores `{key}$` here: {} do not read it ({w}){}{versions}",
                        scopes.what(),
                        instead(&candidates)
                    ),
                    None => format!(
                        "Forge ignores `{key}$` here: {} do not read it{}{versions}",
                        scopes.what(),
                        instead(&candidates)
                    ),
                };
                let d = sink.report(p.key_range, message);
                key_fix(d, scopes, p, &candidates);
            } else {
                let candidates = scopes.intended(rec, key);
                let d = sink.report(
                    p.key_range,
                    format!(
                        "Forge ignores `{key}$`: no part of Forge reads a parameter of that name{}{}",
                        instead(&candidates).replacen("; they", &format!("; {}", scopes.what()), 1),
                        ctx.version_clause(FactKind::Param, &format!("*\t{key}"))
                    ),
                );
                key_fix(d, scopes, p, &candidates);
            }
        }
    }
}

/// A key the record's readers take, but not the way its author meant:
/// - on a static ability, trigger or replacement, a Valid-family key that only the code shared
///   by every record of its kind reads (for other modes) while its own mode reads another one
///   (`Affected$` on `Mode$ CrewValue`, which reads `ValidCard$`);
/// - checked against every shipped version, a key only older versions read here while every
///   version reads it elsewhere (a hint: the file may target the older Forge).
fn shared_only(
    ctx: &Ctx<'_>,
    rec: &RecordInfo<'_>,
    scopes: &RecordScopes,
    by_version: &std::cell::OnceCell<VersionScopes>,
    p: &ParamInfo<'_>,
    sink: &mut Sink<'_>,
) {
    let key = p.key;
    let trait_record = matches!(rec.role, Role::Static | Role::Trigger | Role::Replacement);
    let valid = |c: &str| family(c) == Some("valid");
    if trait_record && valid(key) && !scopes.own_reads(key) && scopes.pool_has(rec, key, valid) {
        let candidates: Vec<&str> = scopes
            .intended(rec, key)
            .into_iter()
            .filter(|c| valid(c))
            .collect();
        if candidates.len() == 1 {
            let d = sink.report(
                p.key_range,
                format!(
                    "Forge ignores `{key}$` here: {} do not read it (only code shared by every {} reads it, for other modes){}",
                    scopes.what(),
                    noun_of(rec.role),
                    instead(&candidates)
                ),
            );
            key_fix(d, scopes, p, &candidates);
            return;
        }
    }
    // Read here by the AI's code alone, while another reader of the engine takes it: the AI
    // looks at it, the effect ignores it.
    if !scopes.own_reads(key) && scopes.only_ai_reads(key) && ctx.vocab.params().read_anywhere(key)
    {
        let candidates: Vec<&str> = scopes
            .intended(rec, key)
            .into_iter()
            .filter(|c| !scopes.only_ai_reads(c))
            .collect();
        if !candidates.is_empty() {
            let d = sink.report(
                p.key_range,
                format!(
                    "Forge ignores `{key}$` here: {} do not read it (only the AI's code looks at it){}",
                    scopes.what(),
                    instead(&candidates)
                ),
            );
            key_fix(d, scopes, p, &candidates);
            return;
        }
    }
    if ctx.vocab.is_one_version() {
        return;
    }
    // Most keys today's Forge reads here: known from the rows' masks, without the versions'
    // scopes.
    if scopes.shipped_reads(key, Version::Latest) {
        return;
    }
    let Some((here, elsewhere)) =
        readers_by_version(by_version.get_or_init(|| version_scopes(rec)), key)
    else {
        return;
    };
    if here.is_empty() || here.has(Version::Latest) {
        return;
    }
    let newest = model::forge::versions::shipped(Version::Latest);
    let newest_scopes = RecordScopes::of_in(rec, newest);
    // A key Forge 2020 alone reads that became a value of another key which the later versions
    // read here (`Permanent$ True` → `Duration$ Permanent`): upstream ignores the key, so the
    // effect silently changes (a permanent pump ends with the turn).
    let value_home = (here == Versions::NONE.with(Version::V2020)
        && p.value.trim().eq_ignore_ascii_case("True"))
    .then(|| {
        // Today's Forge hands some values on without comparing them: 2022's words tell.
        let s = RecordScopes::of_in(rec, model::forge::versions::shipped(Version::V2022))?;
        let own = s.own()?;
        let mut homes: Vec<&'static str> = own
            .params
            .keys()
            .copied()
            .filter(|c| *c != key && s.rewrite(key, c) == Some(true))
            .collect();
        homes.sort_unstable();
        (homes.len() == 1).then(|| homes[0])
    })
    .flatten();
    // Likewise a key Forge 2020 alone reads, that no later version reads anywhere, and that the
    // record's reader in today's Forge reads under a near name (`PhaseInOrOutAll$` →
    // `PhaseInOrOut$`): renamed upstream.
    let retired = here == Versions::NONE.with(Version::V2020)
        && [Version::V2022, Version::Latest].into_iter().all(|v| {
            !model::forge::versions::shipped(v)
                .params()
                .read_anywhere(key)
        });
    let renamed = (retired && value_home.is_none())
        .then(|| {
            let s = newest_scopes.as_ref()?;
            // A near name among the keys the record's own reader takes, before the costlier
            // ranking (most retired keys, `References$`, have none).
            let own = s.own()?;
            if !near_name_in(own, key) {
                return None;
            }
            match s.intended(rec, key).as_slice() {
                [one] if model::suggest::did_you_mean(key, [*one]).is_some() => Some(*one),
                _ => None,
            }
        })
        .flatten();
    if !elsewhere && value_home.is_none() && renamed.is_none() {
        return;
    }
    let ignoring = Version::ALL
        .into_iter()
        .filter(|v| !here.has(*v))
        .fold(Versions::NONE, |acc, v| acc.with(v));
    if let Some(new_key) = renamed {
        let d = sink.report(
            p.key_range,
            format!(
                "only Forge 2020 reads `{key}$`: {} read no parameter of that name, and on {} they read `{new_key}$`",
                ignoring.describe(),
                scopes.what(),
            ),
        );
        if rec.param(new_key).is_none() {
            d.with_fix(Fix::unsafe_(
                format!("rename it `{new_key}$` (read since 2021; Forge 2020 ignores it)"),
                vec![Edit::replace(p.key_range, new_key)],
            ));
        }
        return;
    }
    if let Some(home) = value_home {
        let d = sink.report(
            p.key_range,
            format!(
                "only Forge 2020 reads `{key}$` on {}: {} read `{home}$ {key}` instead, and there `{key}$ {}` changes nothing",
                scopes.what(),
                ignoring.describe(),
                p.value.trim()
            ),
        );
        if rec.param(home).is_none() {
            d.with_fix(Fix::unsafe_(
                format!("write `{home}$ {key}` (read since 2021; Forge 2020 ignores it)"),
                vec![Edit::replace(p.range, format!("{home}$ {key}"))],
            ));
        }
        return;
    }
    let candidates = newest_scopes
        .map(|s| s.intended(rec, key))
        .unwrap_or_default();
    let verb = if here.iter().count() == 1 {
        "reads"
    } else {
        "read"
    };
    let d = sink.report(
        p.key_range,
        format!(
            "only {} {verb} `{key}$` on {}: {} ignore it here{}",
            here.describe(),
            scopes.what(),
            ignoring.describe(),
            instead(&candidates)
        ),
    );
    // No fix: the older versions read the key as written.
    d.with_severity(Severity::Hint);
}

/// Whether a scope reads a key of a name near `key`, remembered per thread (the same retired
/// keys, `References$` first, come back on thousands of cards).
fn near_name_in(scope: &'static model::forge::vocab::Scope, key: &str) -> bool {
    thread_local! {
        static SEEN: std::cell::RefCell<std::collections::HashMap<(usize, String), bool>> =
            std::cell::RefCell::new(std::collections::HashMap::new());
    }
    let id = scope as *const _ as usize;
    if let Some(known) = SEEN.with(|m| m.borrow().get(&(id, key.to_string())).copied()) {
        return known;
    }
    let near = model::suggest::did_you_mean(key, scope.params.keys().copied()).is_some();
    SEEN.with(|m| m.borrow_mut().insert((id, key.to_string()), near));
    near
}

fn noun_of(role: Role) -> &'static str {
    match role {
        Role::Static => "static ability",
        Role::Trigger => "trigger",
        Role::Replacement => "replacement",
        _ => "record",
    }
}
