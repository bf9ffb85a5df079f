//! W126: `#AUTO_DEFINE` lines the engine misreads, or that hang it.

use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use crate::wagic::index::macro_facts;
use syntax::wagic::ast::MacroDef;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W126",
    name: "macro-definition",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A `#AUTO_DEFINE` without a name, a name another macro rewrites, or a malformed parameter list.",
    explanation: "`#AUTO_DEFINE NAME replacement`: the name ends at the first space. Without that space the \
engine registers a macro with an EMPTY name, and expanding it loops forever the first time a card's \
abilities are built (the game hangs). Macros are applied in definition order by plain substring \
replacement, so an earlier macro whose name is contained in a later one's name (`_X_` in `__X__`) \
rewrites every use of the later one. Parameters run to the first `)` and the replacement starts two \
characters after it (one space expected); parameters are substituted in order by substring, so `$c` \
before `$cost` breaks `$cost`. A second definition of a name is ignored (first wins).",
    bad: "#AUTO_DEFINE __DRAW_TWO__\n[card]\nname=Idle\ntype=Artifact\n[/card]",
    good: "#AUTO_DEFINE __DRAW_TWO__ draw:2\n[card]\nname=Idle\ntype=Artifact\n[/card]",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let Some(facts) = ctx.facts.filter(|_| ctx.file_level) else {
        return;
    };
    let text = ctx.file.text();
    // The index knows where the definitions are: find their nodes without walking the file.
    let defs = facts.index.macros.iter().filter_map(|m| {
        match ctx.tree.syntax().covering_element(m.line) {
            syntax::wagic::SyntaxElement::Node(n) => n.ancestors().find_map(MacroDef::cast),
            syntax::wagic::SyntaxElement::Token(t) => t.parent_ancestors().find_map(MacroDef::cast),
        }
    });
    for def in defs {
        let range = def.range();
        let facts = macro_facts(text, range.start().into(), range.end().into());
        let name_range = def.name().map_or(range, |n| n.text_range());
        if facts.name.is_empty() {
            sink.report(
                name_range,
                "this macro has no name followed by a space: Wagic registers an empty macro name, and expanding it loops forever (the game hangs)",
            );
            continue;
        }
        if !def.params_closed() {
            sink.report(
                def.params().map_or(range, |p| p.text_range()),
                "this parameter list is never closed: Wagic takes the whole line as parameters and the macro has no replacement",
            );
            continue;
        }
        if let Some(skipped) = def.skipped_char() {
            sink.report(
                skipped.text_range(),
                "Wagic skips the character right after `)`: put one space between `)` and the replacement",
            )
            .with_severity(Severity::Warning);
        }
        for (i, p) in facts.params.iter().enumerate() {
            if let Some(later) = facts.params[i + 1..]
                .iter()
                .find(|q| q.contains(p.as_str()))
            {
                sink.report(
                    name_range,
                    format!("parameter `{p}` is substituted before `{later}`, which contains it: `{later}` is broken in the replacement"),
                );
            }
        }
        let Some(library) = ctx.library else { continue };
        let here = crate::wagic::Location {
            file: ctx.file_id,
            range: name_range,
        };
        let position = library.macro_lines.iter().position(|m| m.at == here);
        if let Some(first) = library.macros.iter().find(|m| m.name == facts.name)
            && first.at != here
        {
            sink.report(
                name_range,
                format!("macro `{}` is already defined: Wagic keeps the first definition and ignores this one", facts.name),
            )
            .with_severity(Severity::Warning)
            .with_note(format!("first defined at {}", ctx.describe(first.at)))
            .with_related(ctx.related(first.at, "the definition Wagic keeps"));
            continue;
        }
        let Some(position) = position else { continue };
        for earlier in &library.macro_lines[..position] {
            if !earlier.name.is_empty()
                && earlier.name != facts.name
                && facts.name.contains(earlier.name.as_str())
                && library.macros.iter().any(|m| m.at == earlier.at)
            {
                sink.report(
                    name_range,
                    format!(
                        "the earlier macro `{}` is contained in this name: Wagic expands it first and rewrites every use of `{}`",
                        earlier.name, facts.name
                    ),
                )
                .with_note(format!("`{}` is defined at {}", earlier.name, ctx.describe(earlier.at)))
                .with_related(ctx.related(earlier.at, format!("the macro {} is defined here", earlier.name)));
                break;
            }
        }
    }
}
