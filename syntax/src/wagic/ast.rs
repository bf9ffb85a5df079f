//! Typed views over Wagic syntax nodes. Accessors return `Option`s: the tree may be broken.

use super::keys::{KeyMeaning, key_meaning_by};
use super::kind::{SyntaxKind, SyntaxNode, SyntaxToken};
use crate::ast_support::{ast_node, child_token, child_tokens};
use rowan::TextRange;

ast_node!(SourceFile, SOURCE_FILE);
ast_node!(CardBlock, CARD_BLOCK);
ast_node!(MetaBlock, META_BLOCK);
ast_node!(Entry, ENTRY);
ast_node!(GradeLine, GRADE_LINE);
ast_node!(MacroDef, MACRO_DEF);
ast_node!(StrayLine, STRAY_LINE);
ast_node!(BadLine, BAD_LINE);
ast_node!(
    /// Ability code: the value of `auto=` and friends, or a nested ability.
    Auto,
    AUTO
);
ast_node!(Trigger, TRIGGER);
ast_node!(Cost, COST);
ast_node!(CostValue, COST_VALUE);
ast_node!(ManaSymbol, MANA_SYMBOL);
ast_node!(Effect, EFFECT);
ast_node!(Condition, CONDITION);
ast_node!(Call, CALL);
ast_node!(TargetSpec, TARGET_SPEC);
ast_node!(TargetCount, TARGET_COUNT);
ast_node!(TargetType, TARGET_TYPE);
ast_node!(TargetRestrictions, TARGET_RESTRICTIONS);
ast_node!(ZoneList, ZONE_LIST);
ast_node!(AbilityList, ABILITY_LIST);
ast_node!(WordList, WORD_LIST);
ast_node!(RestrictionList, RESTRICTION_LIST);
ast_node!(Restriction, RESTRICTION);
ast_node!(NestedAbility, NESTED_ABILITY);

impl SourceFile {
    pub fn bom(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::BOM)
    }

    pub fn cards(&self) -> impl Iterator<Item = CardBlock> + use<> {
        self.0.children().filter_map(CardBlock::cast)
    }

    pub fn meta_blocks(&self) -> impl Iterator<Item = MetaBlock> + use<> {
        self.0.children().filter_map(MetaBlock::cast)
    }

    pub fn grade_lines(&self) -> impl Iterator<Item = GradeLine> + use<> {
        self.0.children().filter_map(GradeLine::cast)
    }

    pub fn stray_lines(&self) -> impl Iterator<Item = StrayLine> + use<> {
        self.0.descendants().filter_map(StrayLine::cast)
    }

    /// Every macro definition, inside blocks or not.
    pub fn macro_defs(&self) -> impl Iterator<Item = MacroDef> + use<> {
        self.0.descendants().filter_map(MacroDef::cast)
    }

    /// Every comment token, inside blocks or not.
    pub fn comments(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        self.0
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| t.kind() == SyntaxKind::COMMENT)
    }
}

impl CardBlock {
    pub fn open(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::BLOCK_OPEN)
    }

    pub fn close(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::BLOCK_CLOSE)
    }

    pub fn entries(&self) -> impl Iterator<Item = Entry> + use<> {
        self.0.children().filter_map(Entry::cast)
    }

    /// The last entry whose key means `meaning` (the engine keeps the last one for most keys).
    pub fn entry(&self, meaning: KeyMeaning) -> Option<Entry> {
        self.entries().filter(|e| e.meaning() == meaning).last()
    }

    /// The value of the last entry meaning `meaning`, as the engine stores it (untrimmed).
    pub fn value_of(&self, meaning: KeyMeaning) -> Option<String> {
        self.entry(meaning).map(|e| e.value_text())
    }

    pub fn bad_lines(&self) -> impl Iterator<Item = BadLine> + use<> {
        self.0.children().filter_map(BadLine::cast)
    }
}

impl MetaBlock {
    pub fn entries(&self) -> impl Iterator<Item = Entry> + use<> {
        self.0.children().filter_map(Entry::cast)
    }

    pub fn close(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::BLOCK_CLOSE)
    }
}

impl Entry {
    pub fn key(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::KEY)
    }

    pub fn key_text(&self) -> String {
        self.key().map(|k| k.text().to_string()).unwrap_or_default()
    }

    /// Whether the entry sits in a `[meta]` block.
    pub fn in_meta(&self) -> bool {
        self.0
            .parent()
            .is_some_and(|p| p.kind() == SyntaxKind::META_BLOCK)
    }

    /// What the card reader does with this key (card blocks only).
    pub fn meaning(&self) -> KeyMeaning {
        // The line's text is built only for the keys whose meaning depends on it.
        let key = self.key();
        key_meaning_by(key.as_ref().map_or("", |k| k.text()), |word| {
            crate::node_text(&self.0).contains(word)
        })
    }

    /// The value node, if the value is not empty.
    pub fn value(&self) -> Option<SyntaxNode> {
        self.0.children().next()
    }

    pub fn value_text(&self) -> String {
        self.value()
            .map(|v| crate::node_text(&v))
            .unwrap_or_default()
    }

    /// The value's range, or an empty range after `=` when the value is empty.
    pub fn value_range(&self) -> TextRange {
        self.value()
            .map_or_else(|| TextRange::empty(self.range().end()), |v| v.text_range())
    }

    pub fn auto(&self) -> Option<Auto> {
        self.value().and_then(Auto::cast)
    }

    pub fn cost(&self) -> Option<CostValue> {
        self.value().and_then(CostValue::cast)
    }

    pub fn target(&self) -> Option<TargetSpec> {
        self.value().and_then(TargetSpec::cast)
    }

    pub fn ability_list(&self) -> Option<AbilityList> {
        self.value().and_then(AbilityList::cast)
    }

    pub fn word_list(&self) -> Option<WordList> {
        self.value().and_then(WordList::cast)
    }

    pub fn restriction_list(&self) -> Option<RestrictionList> {
        self.value().and_then(RestrictionList::cast)
    }
}

impl GradeLine {
    pub fn key(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::KEY)
    }

    pub fn value_text(&self) -> String {
        self.0
            .children()
            .next()
            .map(|v| crate::node_text(&v))
            .unwrap_or_default()
    }
}

impl MacroDef {
    pub fn name(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::MACRO_NAME)
    }

    pub fn params(&self) -> Option<SyntaxNode> {
        self.0
            .children()
            .find(|n| n.kind() == SyntaxKind::MACRO_PARAMS)
    }

    /// The parameter names, as written.
    pub fn param_names(&self) -> Vec<SyntaxToken> {
        self.params()
            .map(|p| child_tokens(&p, SyntaxKind::WORD).collect())
            .unwrap_or_default()
    }

    pub fn params_closed(&self) -> bool {
        self.params()
            .is_none_or(|p| child_token(&p, SyntaxKind::R_PAREN).is_some())
    }

    /// The replacement text (the last `TEXT` token).
    pub fn body(&self) -> Option<SyntaxToken> {
        child_tokens(&self.0, SyntaxKind::TEXT).last()
    }

    /// The token the engine skips between `)` and the replacement when it is not a space.
    pub fn skipped_char(&self) -> Option<SyntaxToken> {
        let texts: Vec<_> = child_tokens(&self.0, SyntaxKind::TEXT).collect();
        (texts.len() == 2).then(|| texts[0].clone())
    }
}

impl Auto {
    pub fn trigger(&self) -> Option<Trigger> {
        self.0.children().find_map(Trigger::cast)
    }

    pub fn cost(&self) -> Option<Cost> {
        self.0.children().find_map(Cost::cast)
    }

    pub fn effects(&self) -> impl Iterator<Item = Effect> + use<> {
        self.0.children().filter_map(Effect::cast)
    }

    /// The `&&` separators (as pairs of `&` tokens, first of each pair).
    pub fn effect_separators(&self) -> usize {
        child_tokens(&self.0, SyntaxKind::AMP).count() / 2
    }

    /// Whether the effects are separated by `&&` (stops at the first `&&`; `effect_separators`
    /// walks them all).
    pub fn has_effect_separators(&self) -> bool {
        child_tokens(&self.0, SyntaxKind::AMP).nth(1).is_some()
    }
}

impl Trigger {
    /// Whether the trigger text ends with `:` (otherwise the engine reads no trigger).
    pub fn has_colon(&self) -> bool {
        child_token(&self.0, SyntaxKind::COLON).is_some()
    }

    /// The trigger text between `@` and `:`.
    pub fn body_range(&self) -> TextRange {
        let range = self.range();
        let start = range.start() + rowan::TextSize::from(1);
        let end = if self.has_colon() {
            range.end() - rowan::TextSize::from(1)
        } else {
            range.end()
        };
        TextRange::new(start, end.max(start))
    }

    pub fn calls(&self) -> impl Iterator<Item = Call> + use<> {
        self.0.children().filter_map(Call::cast)
    }
}

impl Cost {
    pub fn symbols(&self) -> impl Iterator<Item = ManaSymbol> + use<> {
        self.0.children().filter_map(ManaSymbol::cast)
    }
}

impl CostValue {
    pub fn symbols(&self) -> impl Iterator<Item = ManaSymbol> + use<> {
        self.0.children().filter_map(ManaSymbol::cast)
    }

    /// Tokens of the cost outside `{...}` groups and calls (text the engine ignores).
    pub fn loose_tokens(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        self.0
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| t.kind() != SyntaxKind::WHITESPACE)
    }
}

impl ManaSymbol {
    /// The text between `{` and `}`.
    pub fn inner_text(&self) -> String {
        let text = crate::node_text(&self.0);
        let inner = text.strip_prefix('{').unwrap_or(&text);
        inner.strip_suffix('}').unwrap_or(inner).to_string()
    }

    pub fn is_closed(&self) -> bool {
        child_token(&self.0, SyntaxKind::R_BRACE).is_some()
    }

    pub fn inner_range(&self) -> TextRange {
        let r = self.range();
        let one = rowan::TextSize::from(1);
        let end = if self.is_closed() {
            r.end() - one
        } else {
            r.end()
        };
        TextRange::new((r.start() + one).min(end), end)
    }
}

impl Effect {
    pub fn condition(&self) -> Option<Condition> {
        self.0.children().find_map(Condition::cast)
    }

    pub fn calls(&self) -> impl Iterator<Item = Call> + use<> {
        self.0.children().filter_map(Call::cast)
    }

    /// The words directly in the effect (not inside calls or groups).
    pub fn words(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        child_tokens(&self.0, SyntaxKind::WORD)
    }
}

impl Call {
    pub fn name(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::WORD)
    }

    /// The name in lower case (the engine lowercases ability text).
    pub fn name_lower(&self) -> String {
        self.name()
            .map(|n| n.text().to_ascii_lowercase())
            .unwrap_or_default()
    }

    /// The bracket group after the name.
    pub fn group(&self) -> Option<SyntaxNode> {
        self.0.children().next()
    }

    pub fn is_closed(&self) -> bool {
        self.group().is_some_and(|g| {
            g.last_token().is_some_and(|t| {
                matches!(
                    t.kind(),
                    SyntaxKind::R_PAREN | SyntaxKind::R_BRACK | SyntaxKind::R_BRACE
                )
            }) && g.children_with_tokens().count() > 1
        })
    }

    pub fn target(&self) -> Option<TargetSpec> {
        self.group()?.children().find_map(TargetSpec::cast)
    }

    pub fn zones(&self) -> Option<ZoneList> {
        self.group()?.children().find_map(ZoneList::cast)
    }

    /// The text inside the brackets.
    pub fn args_text(&self) -> String {
        let Some(group) = self.group() else {
            return String::new();
        };
        let text = crate::node_text(&group);
        let mut inner = &text[1.min(text.len())..];
        if self.is_closed() {
            inner = &inner[..inner.len().saturating_sub(1)];
        }
        inner.to_string()
    }
}

impl TargetSpec {
    pub fn count(&self) -> Option<TargetCount> {
        self.0.children().find_map(TargetCount::cast)
    }

    pub fn types(&self) -> impl Iterator<Item = TargetType> + use<> {
        self.0.children().filter_map(TargetType::cast)
    }

    pub fn zones(&self) -> Option<ZoneList> {
        self.0.children().find_map(ZoneList::cast)
    }

    pub fn pipe(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::PIPE)
    }
}

impl TargetType {
    /// The type words before any `[...]`, joined as written (`Plague Rats`, `creature`, `*`).
    pub fn name_text(&self) -> String {
        let mut out = String::new();
        for element in self.0.children_with_tokens() {
            match element {
                rowan::NodeOrToken::Token(t) => out.push_str(t.text()),
                rowan::NodeOrToken::Node(_) => break,
            }
        }
        out
    }

    pub fn restrictions(&self) -> Option<TargetRestrictions> {
        self.0.children().find_map(TargetRestrictions::cast)
    }
}

impl TargetRestrictions {
    /// The attributes between `[` and `]`, split on `;` and `&`, with their ranges.
    pub fn attributes(&self) -> Vec<(String, TextRange)> {
        let mut out = Vec::new();
        let mut current = String::new();
        let mut range: Option<TextRange> = None;
        for element in self.0.children_with_tokens() {
            let (kind, text, r) = match &element {
                rowan::NodeOrToken::Token(t) => (t.kind(), t.text().to_string(), t.text_range()),
                rowan::NodeOrToken::Node(n) => (n.kind(), crate::node_text(n), n.text_range()),
            };
            match kind {
                SyntaxKind::L_BRACK if range.is_none() && current.is_empty() && out.is_empty() => {}
                SyntaxKind::SEMI | SyntaxKind::AMP | SyntaxKind::R_BRACK => {
                    if let Some(r) = range.take() {
                        out.push((std::mem::take(&mut current), r));
                    }
                }
                _ => {
                    current.push_str(&text);
                    range = Some(range.map_or(r, |x| x.cover(r)));
                }
            }
        }
        if let Some(r) = range {
            out.push((current, r));
        }
        out
    }
}

impl ZoneList {
    /// The zone words (split on `,` and `^`), with their ranges.
    pub fn zones(&self) -> Vec<(String, TextRange)> {
        let mut out = Vec::new();
        let mut current = String::new();
        let mut range: Option<TextRange> = None;
        for element in self.0.children_with_tokens() {
            let (kind, text, r) = match &element {
                rowan::NodeOrToken::Token(t) => (t.kind(), t.text().to_string(), t.text_range()),
                rowan::NodeOrToken::Node(n) => (n.kind(), crate::node_text(n), n.text_range()),
            };
            match kind {
                SyntaxKind::COMMA | SyntaxKind::CARET => {
                    if let Some(r) = range.take() {
                        out.push((std::mem::take(&mut current), r));
                    }
                }
                SyntaxKind::WHITESPACE => {}
                _ => {
                    current.push_str(&text);
                    range = Some(range.map_or(r, |x| x.cover(r)));
                }
            }
        }
        if let Some(r) = range {
            out.push((current, r));
        }
        out
    }
}

impl AbilityList {
    /// Each comma-separated piece (trimmed of spaces) with its range.
    pub fn pieces(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        child_tokens(&self.0, SyntaxKind::TEXT)
    }
}

impl WordList {
    /// Words (type lists) or comma pieces (colours).
    pub fn items(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        self.0
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| matches!(t.kind(), SyntaxKind::WORD | SyntaxKind::TEXT))
    }
}

impl RestrictionList {
    pub fn restrictions(&self) -> impl Iterator<Item = Restriction> + use<> {
        self.0.children().filter_map(Restriction::cast)
    }
}

impl NestedAbility {
    pub fn auto(&self) -> Option<Auto> {
        self.0.children().find_map(Auto::cast)
    }
}
