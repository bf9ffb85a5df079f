//! Typed views over Python-MTG syntax nodes. Accessors return `Option`s: the tree may be broken.

use super::kind::{PymtgLanguage, SyntaxKind, SyntaxNode, SyntaxToken};
use crate::ast_support::{ast_node, child_token, child_tokens};
use rowan::TextRange;

/// A Python expression of a Python-MTG file.
pub type Expr = crate::pyast::PyExpr<PymtgLanguage>;
pub type Args = crate::pyast::PyArgs<PymtgLanguage>;

/// The text of the tokens of `kind` directly in `node`, joined by one space as the loader joins
/// continuation lines.
fn joined(node: &SyntaxNode, kind: SyntaxKind) -> String {
    child_tokens(node, kind)
        .map(|t| t.text().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn first_expr(node: &SyntaxNode) -> Option<Expr> {
    node.children().find_map(Expr::cast)
}

ast_node!(SourceFile, SOURCE_FILE);
ast_node!(
    /// The lines before the first separator.
    Preamble,
    PREAMBLE
);
ast_node!(Card, CARD);
ast_node!(CardName, CARD_NAME);
ast_node!(Section, SECTION);
ast_node!(Effect, EFFECT);
ast_node!(Ability, ABILITY);
ast_node!(Cost, COST);
ast_node!(Criterion, CRITERION);
ast_node!(Prompt, PROMPT);
ast_node!(Trigger, TRIGGER);
ast_node!(SubHeader, SUB_HEADER);
ast_node!(Condition, CONDITION);
ast_node!(StaticEffect, STATIC_EFFECT);
ast_node!(StaticScope, STATIC_SCOPE);
ast_node!(StaticValue, STATIC_VALUE);
ast_node!(DroppedLine, DROPPED_LINE);

impl SourceFile {
    pub fn bom(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::BOM)
    }

    pub fn preamble(&self) -> Option<Preamble> {
        self.0.children().find_map(Preamble::cast)
    }

    pub fn cards(&self) -> impl Iterator<Item = Card> + use<> {
        self.0.children().filter_map(Card::cast)
    }

    /// Every token of `kind` in the file.
    pub fn tokens(&self, kind: SyntaxKind) -> impl Iterator<Item = SyntaxToken> + use<> {
        self.0
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(move |t| t.kind() == kind)
    }
}

/// What a section is, by its header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SectionKind {
    /// Spell effects: lines before any header, or after a level-1 line that is no header.
    Spell,
    Abilities,
    Targets,
    Triggers,
    Aura,
    StaticEffects,
}

impl Card {
    pub fn separator(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::SEPARATOR)
    }

    pub fn name(&self) -> Option<CardName> {
        self.0.children().find_map(CardName::cast)
    }

    /// The card name as the loader reads it (continuation lines joined by a space).
    pub fn name_text(&self) -> Option<String> {
        self.name().map(|n| n.text())
    }

    pub fn sections(&self) -> impl Iterator<Item = Section> + use<> {
        self.0.children().filter_map(Section::cast)
    }

    /// Whether the card has anything after its name (is scripted).
    pub fn is_scripted(&self) -> bool {
        self.sections().next().is_some()
    }

    /// The card's nodes of one kind, at any depth.
    pub fn descendants<N>(
        &self,
        cast: fn(SyntaxNode) -> Option<N>,
    ) -> impl Iterator<Item = N> + use<N> {
        self.0.descendants().filter_map(cast)
    }
}

impl CardName {
    pub fn text(&self) -> String {
        joined(&self.0, SyntaxKind::TEXT)
    }

    /// The name's physical lines after the first (the loader appended them to the name).
    pub fn continuation_lines(&self) -> Vec<SyntaxToken> {
        child_tokens(&self.0, SyntaxKind::TEXT).skip(1).collect()
    }
}

impl Section {
    pub fn header(&self) -> Option<SyntaxToken> {
        self.0
            .children()
            .find(|n| n.kind() == SyntaxKind::SECTION_HEADER)
            .and_then(|n| child_token(&n, SyntaxKind::HEADER))
    }

    pub fn kind(&self) -> SectionKind {
        match self.header().as_ref().map(|t| t.text()) {
            Some("Abilities:") => SectionKind::Abilities,
            Some("Targets:") => SectionKind::Targets,
            Some("Triggers:") => SectionKind::Triggers,
            Some("Aura:") => SectionKind::Aura,
            Some("StaticEffects:") => SectionKind::StaticEffects,
            _ => SectionKind::Spell,
        }
    }

    pub fn card(&self) -> Option<Card> {
        self.0.parent().and_then(Card::cast)
    }
}

impl Effect {
    pub fn expr(&self) -> Option<Expr> {
        first_expr(&self.0)
    }

    /// Where the effect is: spell (a `SECTION` parent of kind Spell), ability, trigger, aura.
    pub fn context(&self) -> EffectContext {
        let Some(parent) = self.0.parent() else {
            return EffectContext::Spell;
        };
        match parent.kind() {
            SyntaxKind::ABILITY => EffectContext::Ability,
            SyntaxKind::TRIGGER => EffectContext::Trigger,
            SyntaxKind::SECTION => match Section::cast(parent).map(|s| s.kind()) {
                Some(SectionKind::Aura) => EffectContext::Aura,
                _ => EffectContext::Spell,
            },
            _ => EffectContext::Spell,
        }
    }

    pub fn card(&self) -> Option<Card> {
        self.0.ancestors().find_map(Card::cast)
    }
}

/// Where an effect is evaluated, which decides the names in scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EffectContext {
    Spell,
    Ability,
    Trigger,
    Aura,
}

impl Ability {
    pub fn cost(&self) -> Option<Cost> {
        self.0.children().find_map(Cost::cast)
    }

    pub fn colon(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::COLON)
    }

    /// The character after `:` that the loader skips.
    pub fn skipped(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::SKIPPED)
    }

    pub fn effect(&self) -> Option<Effect> {
        self.0.children().find_map(Effect::cast)
    }

    pub fn criteria(&self) -> impl Iterator<Item = Criterion> + use<> {
        self.0.children().filter_map(Criterion::cast)
    }
}

impl Cost {
    pub fn pieces(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        child_tokens(&self.0, SyntaxKind::COST_PIECE)
    }

    pub fn text(&self) -> String {
        self.0.text().to_string()
    }
}

impl Criterion {
    pub fn expr(&self) -> Option<Expr> {
        first_expr(&self.0)
    }

    /// The shortcut, when the criterion is one quoted string.
    pub fn shortcut(&self) -> Option<String> {
        self.expr().and_then(|e| e.string_value())
    }
}

impl Trigger {
    pub fn name_token(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::TRIGGER_NAME)
    }

    /// The condition name as the loader looks it up (continuations joined by a space).
    pub fn name_text(&self) -> String {
        joined(&self.0, SyntaxKind::TRIGGER_NAME)
    }

    /// The range of the whole condition name (continuations included).
    pub fn name_range(&self) -> Option<TextRange> {
        let mut tokens = child_tokens(&self.0, SyntaxKind::TRIGGER_NAME);
        let first = tokens.next()?.text_range();
        Some(tokens.fold(first, |r, t| r.cover(t.text_range())))
    }

    pub fn effects(&self) -> impl Iterator<Item = Effect> + use<> {
        self.0.children().filter_map(Effect::cast)
    }

    pub fn conditions(&self) -> impl Iterator<Item = Condition> + use<> {
        self.0.children().filter_map(Condition::cast)
    }

    pub fn criteria(&self) -> impl Iterator<Item = Criterion> + use<> {
        self.0.children().filter_map(Criterion::cast)
    }
}

impl Condition {
    pub fn expr(&self) -> Option<Expr> {
        first_expr(&self.0)
    }
}

impl SubHeader {
    pub fn text(&self) -> String {
        joined(&self.0, SyntaxKind::SUBHEADER)
    }
}

impl StaticEffect {
    pub fn scope(&self) -> Option<StaticScope> {
        self.0.children().find_map(StaticScope::cast)
    }

    pub fn values(&self) -> Vec<StaticValue> {
        self.0.children().filter_map(StaticValue::cast).collect()
    }
}

impl StaticScope {
    pub fn expr(&self) -> Option<Expr> {
        first_expr(&self.0)
    }
}

impl StaticValue {
    pub fn expr(&self) -> Option<Expr> {
        first_expr(&self.0)
    }
}

impl DroppedLine {
    pub fn text(&self) -> String {
        joined(&self.0, SyntaxKind::TEXT)
    }
}
