use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::pymtg::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use syntax::pymtg::{SyntaxKind, ast};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "P115",
    name: "dropped-line",
    dialect: Some(Dialect::PYMTG),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A line at a level its section does not read: the loader drops it.",
    explanation: "Each section reads lines at fixed levels: `Abilities:` 2 to 4, `Targets:` 2 to 4, \
`Triggers:` 2 to 5, `Aura:` 2 and 3, `StaticEffects:` 2 and 3. A line at another level (or a \
criterion with no ability or trigger above it) is dropped without notice.",
    bad: "##############################\nBattle Mastery\n\tAura:\n\t\tself.add_ability('Double Strike')\n\t\tTargets:\n\t\t\t'creature'\n\t\t\t\t'your creature'",
    good: "##############################\nBattle Mastery\n\tAura:\n\t\tself.add_ability('Double Strike')\n\t\tTargets:\n\t\t\t'creature'",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in ctx.tree.cards() {
        for line in card.descendants(ast::DroppedLine::cast) {
            if ctx.misindented(line.syntax())
                || super::misplaced_header::is_misplaced_header(line.syntax())
            {
                continue;
            }
            let level = line
                .syntax()
                .first_token()
                .and_then(|t| t.prev_token())
                .filter(|t| t.kind() == SyntaxKind::INDENT)
                .map_or(0, |t| t.text().bytes().take_while(|b| *b == b'\t').count());
            let section = line
                .syntax()
                .ancestors()
                .find_map(ast::Section::cast)
                .and_then(|s| s.header())
                .map(|h| h.text().to_string())
                .unwrap_or_else(|| "this".to_string());
            sink.report(
                line.range(),
                format!("the loader drops this line: a line at level {level} means nothing in a `{section}` section"),
            );
        }
    }
}
