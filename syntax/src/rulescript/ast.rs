//! Typed views over RuleScript syntax nodes. Accessors return `Option`s: the tree may be broken.

use super::kind::{RulescriptLanguage, SyntaxKind, SyntaxNode, SyntaxToken};
use super::parser::KINDS;
use crate::ast_support::{ast_node, child_token, child_tokens, xml_attr_value};

/// A Python expression of a rule (a condition, a variable's value, a selector's argument).
pub type Expr = crate::pyast::PyExpr<RulescriptLanguage>;

ast_node!(SourceFile, SOURCE_FILE);
ast_node!(RuleEntry, RULE_ENTRY);
ast_node!(RuleText, RULE_TEXT);
ast_node!(BlankLine, BLANK_LINE);
ast_node!(RuleLine, RULE_LINE);
ast_node!(TargetList, TARGET_LIST);
ast_node!(Target, TARGET);
ast_node!(Types, TYPES);
ast_node!(Type, TYPE);
ast_node!(Filters, FILTERS);
ast_node!(Filter, FILTER);
ast_node!(Zone, ZONE);
ast_node!(Selector, SELECTOR);
ast_node!(Action, ACTION);
ast_node!(Costs, COSTS);
ast_node!(Cost, COST);
ast_node!(Events, EVENTS);
ast_node!(Event, EVENT);
ast_node!(Statement, STATEMENT);
ast_node!(Condition, CONDITION);
ast_node!(Command, COMMAND);
ast_node!(Arg, ARG);
ast_node!(AbilityChange, ABILITY_CHANGE);
ast_node!(TargetClause, TARGET_CLAUSE);
ast_node!(AbilityList, ABILITY_LIST);
ast_node!(VarDef, VAR_DEF);
ast_node!(Label, LABEL);
ast_node!(Card, CARD);
ast_node!(Property, PROPERTY);

impl SourceFile {
    pub fn entries(&self) -> impl Iterator<Item = RuleEntry> + use<> {
        self.0.children().filter_map(RuleEntry::cast)
    }

    pub fn cards(&self) -> impl Iterator<Item = Card> + use<> {
        self.0.descendants().filter_map(Card::cast)
    }
}

impl RuleEntry {
    /// The GUID key as written (between the quotes).
    pub fn guid(&self) -> Option<SyntaxToken> {
        self.0
            .children()
            .find(|n| n.kind() == SyntaxKind::RULE_KEY)
            .and_then(|n| child_token(&n, SyntaxKind::GUID))
    }

    pub fn text(&self) -> Option<RuleText> {
        self.0.children().find_map(RuleText::cast)
    }

    /// The comment line right above the entry (`# <Name>'s <ABILITY>`), if any.
    pub fn comment_above(&self) -> Option<SyntaxToken> {
        let mut t = self.0.first_token()?.prev_token();
        let mut newlines = 0;
        while let Some(tok) = t {
            match tok.kind() {
                SyntaxKind::NEWLINE => {
                    newlines += 1;
                    if newlines > 1 {
                        return None;
                    }
                }
                SyntaxKind::WHITESPACE => {}
                SyntaxKind::COMMENT => return Some(tok),
                _ => return None,
            }
            t = tok.prev_token();
        }
        None
    }
}

impl RuleText {
    pub fn lines(&self) -> impl Iterator<Item = RuleLine> + use<> {
        self.0.children().filter_map(RuleLine::cast)
    }

    pub fn blank_lines(&self) -> impl Iterator<Item = BlankLine> + use<> {
        self.0.children().filter_map(BlankLine::cast)
    }
}

impl RuleLine {
    pub fn key(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::KEY)
    }

    /// The key as the engine compares it (lower case).
    pub fn key_text(&self) -> Option<String> {
        self.key().map(|k| k.text().to_ascii_lowercase())
    }

    pub fn eq(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::EQ)
    }

    /// The value node (target list, action, abilities, variables, label, value).
    pub fn value(&self) -> Option<SyntaxNode> {
        self.0.children().next()
    }

    pub fn action(&self) -> Option<Action> {
        self.0.children().find_map(Action::cast)
    }

    pub fn targets(&self) -> impl Iterator<Item = Target> + use<> {
        self.0
            .children()
            .filter(|n| n.kind() == SyntaxKind::TARGET_LIST)
            .flat_map(|l| l.children().filter_map(Target::cast))
    }

    pub fn abilities(&self) -> Option<AbilityList> {
        self.0.children().find_map(AbilityList::cast)
    }

    pub fn label(&self) -> Option<Label> {
        self.0.children().find_map(Label::cast)
    }

    pub fn comment(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::COMMENT)
    }
}

impl Target {
    pub fn types(&self) -> impl Iterator<Item = Type> + use<> {
        self.0
            .children()
            .filter(|n| n.kind() == SyntaxKind::TYPES)
            .flat_map(|t| t.children().filter_map(Type::cast))
    }

    pub fn filters(&self) -> impl Iterator<Item = Filter> + use<> {
        self.0
            .children()
            .filter(|n| n.kind() == SyntaxKind::FILTERS)
            .flat_map(|f| f.children().filter_map(Filter::cast))
    }

    pub fn zone(&self) -> Option<Zone> {
        self.0.children().find_map(Zone::cast)
    }

    pub fn selector(&self) -> Option<Selector> {
        self.0.children().find_map(Selector::cast)
    }
}

impl Type {
    /// The word (`character`, `characters`, `warrior`), if it is not quoted or `*`.
    pub fn word(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::WORD)
    }

    pub fn quoted(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::QUOTED)
    }
}

impl Filter {
    pub fn word(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::WORD)
    }

    pub fn sign(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::SIGN)
    }

    pub fn cmp(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::CMP)
    }
}

impl Zone {
    pub fn word(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::WORD)
    }
}

impl Selector {
    pub fn word(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::WORD)
    }

    pub fn expr(&self) -> Option<Expr> {
        self.0.children().find_map(Expr::cast)
    }
}

impl Action {
    pub fn costs(&self) -> impl Iterator<Item = Cost> + use<> {
        self.0
            .children()
            .filter(|n| n.kind() == SyntaxKind::COSTS)
            .flat_map(|c| c.children().filter_map(Cost::cast))
    }

    pub fn events(&self) -> impl Iterator<Item = Event> + use<> {
        self.0
            .children()
            .filter_map(Events::cast)
            .flat_map(|e| e.0.children().filter_map(Event::cast))
    }

    pub fn events_node(&self) -> Option<Events> {
        self.0.children().find_map(Events::cast)
    }

    pub fn statements(&self) -> impl Iterator<Item = Statement> + use<> {
        self.0.children().filter_map(Statement::cast)
    }

    /// The key of the line (`action` or `auto`).
    pub fn key(&self) -> Option<String> {
        self.0
            .parent()
            .and_then(RuleLine::cast)
            .and_then(|l| l.key_text())
    }
}

impl Events {
    /// The delimiter (`~` or `?`).
    pub fn delimiter(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::EVENT_DELIM)
    }
}

impl Cost {
    /// The cost letter(s) (`F`, `S`, `D`...).
    pub fn word(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::WORD)
    }

    pub fn target(&self) -> Option<Target> {
        self.0.children().find_map(Target::cast)
    }

    pub fn number(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::NUMBER)
    }

    pub fn has_parens(&self) -> bool {
        child_token(&self.0, SyntaxKind::L_PAREN).is_some()
    }

    /// Text after the argument, before `}`.
    pub fn trailing(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::TEXT)
    }
}

impl Event {
    /// `prefix+name` (`myEndPhase`, `oppCanBlock`).
    pub fn name(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::WORD)
    }

    /// The word after `:` (`this`, `once`...).
    pub fn suffix(&self) -> Option<SyntaxToken> {
        child_tokens(&self.0, SyntaxKind::WORD).nth(1)
    }
}

impl Statement {
    pub fn conditions(&self) -> impl Iterator<Item = Condition> + use<> {
        self.0.children().filter_map(Condition::cast)
    }

    pub fn commands(&self) -> impl Iterator<Item = Command> + use<> {
        self.0.children().filter_map(Command::cast)
    }

    pub fn ability_changes(&self) -> impl Iterator<Item = AbilityChange> + use<> {
        self.0.children().filter_map(AbilityChange::cast)
    }

    pub fn target_clauses(&self) -> impl Iterator<Item = TargetClause> + use<> {
        self.0.children().filter_map(TargetClause::cast)
    }

    /// Bare words (restrictions such as `ueot`, or words the engine ignores).
    pub fn words(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        child_tokens(&self.0, SyntaxKind::WORD)
    }

    pub fn action(&self) -> Option<Action> {
        self.0.parent().and_then(Action::cast)
    }
}

impl Condition {
    /// `may`, `if`, `elif`, `else` (as written).
    pub fn keyword(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::WORD)
    }

    pub fn expr(&self) -> Option<Expr> {
        self.0.children().find_map(Expr::cast)
    }

    pub fn is_closed(&self) -> bool {
        child_token(&self.0, SyntaxKind::COND_CLOSE).is_some()
    }
}

impl Command {
    pub fn name(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::WORD)
    }

    pub fn args(&self) -> Vec<Arg> {
        self.0
            .children()
            .filter(|n| n.kind() == SyntaxKind::ARG_LIST)
            .flat_map(|l| l.children().filter_map(Arg::cast))
            .collect()
    }
}

impl Arg {
    pub fn text(&self) -> String {
        self.0.text().to_string()
    }
}

impl AbilityChange {
    pub fn sign(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::SIGN)
    }

    pub fn word(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::WORD)
    }
}

impl TargetClause {
    pub fn name(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::WORD)
    }

    pub fn target(&self) -> Option<Target> {
        self.0.children().find_map(Target::cast)
    }
}

impl AbilityList {
    pub fn words(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        child_tokens(&self.0, SyntaxKind::WORD)
    }
}

impl VarDef {
    pub fn name(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::WORD)
    }

    pub fn expr(&self) -> Option<Expr> {
        self.0.children().find_map(Expr::cast)
    }
}

impl Label {
    pub fn text(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::TEXT)
    }
}

/// The value token of attribute `name` of a tag node.
fn attr_value(tag: &SyntaxNode, name: &str) -> Option<SyntaxToken> {
    xml_attr_value(tag, KINDS, name)
}

impl Card {
    /// An attribute of the `<card>` tag, as written.
    pub fn attr(&self, name: &str) -> Option<SyntaxToken> {
        let tag = self
            .0
            .children()
            .find(|n| n.kind() == SyntaxKind::XML_TAG)?;
        attr_value(&tag, name)
    }

    /// A property's value, as written.
    pub fn property(&self, name: &str) -> Option<SyntaxToken> {
        self.0
            .children()
            .filter_map(Property::cast)
            .find(|p| attr_value(&p.0, "name").is_some_and(|n| n.text() == name))
            .and_then(|p| attr_value(&p.0, "value"))
    }
}
