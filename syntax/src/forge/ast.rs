//! Typed views over Forge syntax nodes. Accessors return `Option`s: the tree may be broken.

use super::kind::{SyntaxKind, SyntaxNode, SyntaxToken};
use crate::ast_support::{ast_node, child_token, child_tokens};
use rowan::TextRange;

ast_node!(
    /// A whole card script.
    SourceFile,
    SOURCE_FILE
);
ast_node!(
    /// Any `Key:Value` line (also `A:`, `T:`, `SVar:`...), or `ALTERNATE`, or an unreadable line.
    Line,
    PROPERTY_LINE
        | ABILITY_LINE
        | TRIGGER_LINE
        | STATIC_LINE
        | REPLACEMENT_LINE
        | SVAR_LINE
        | KEYWORD_LINE
        | MANA_COST_LINE
        | ALTERNATE_LINE
        | ERROR_LINE
);
ast_node!(Record, RECORD);
ast_node!(Param, PARAM);
ast_node!(Value, VALUE);
ast_node!(Cost, COST);
ast_node!(CostPart, COST_PART);
ast_node!(ValidList, VALID_LIST);
ast_node!(Valid, VALID);
ast_node!(Expr, EXPR);
ast_node!(Math, MATH);
ast_node!(Keyword, KEYWORD);
ast_node!(ManaCost, MANA_COST);

impl SourceFile {
    pub fn bom(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::BOM)
    }

    /// Every line node in order (blank lines and comments are tokens, not lines).
    pub fn lines(&self) -> impl Iterator<Item = Line> + use<> {
        self.0.children().filter_map(Line::cast)
    }

    pub fn comments(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        child_tokens(&self.0, SyntaxKind::COMMENT)
    }
}

impl Line {
    pub fn kind(&self) -> SyntaxKind {
        self.0.kind()
    }

    /// The key token (`Name`, `A`, `SVar`, `ALTERNATE`...). Missing on error lines.
    pub fn key(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::KEY)
    }

    pub fn key_text(&self) -> Option<String> {
        self.key().map(|t| t.text().to_string())
    }

    /// The text of the whole line without surrounding whitespace.
    pub fn trimmed_range(&self) -> TextRange {
        let mut tokens = self
            .0
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| t.kind() != SyntaxKind::WHITESPACE);
        let first = tokens.next();
        let last = tokens.last().or_else(|| first.clone());
        match (first, last) {
            (Some(f), Some(l)) => f.text_range().cover(l.text_range()),
            _ => self.range(),
        }
    }

    /// The range of the value after `Key:` (empty at the end of the line when there is none).
    pub fn value_range(&self) -> TextRange {
        match self.0.children().next() {
            Some(node) => node.text_range(),
            None => {
                let end = self.trimmed_range().end();
                TextRange::empty(end)
            }
        }
    }

    /// The text of the value, as Forge sees it after trimming.
    pub fn value_text(&self) -> String {
        self.0
            .children()
            .next()
            .map(|n| crate::node_text(&n))
            .unwrap_or_default()
    }

    /// The record of an `A:`, `T:`, `S:`, `R:` line, or of a record-shaped `SVar:`.
    pub fn record(&self) -> Option<Record> {
        self.0.children().find_map(Record::cast)
    }

    pub fn keyword(&self) -> Option<Keyword> {
        self.0.children().find_map(Keyword::cast)
    }

    pub fn mana_cost(&self) -> Option<ManaCost> {
        self.0.children().find_map(ManaCost::cast)
    }

    pub fn value(&self) -> Option<Value> {
        self.0.children().find_map(Value::cast)
    }

    /// For `SVar:` lines: the SVar name token.
    pub fn svar_name(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::SVAR_NAME)
    }

    /// For `SVar:` lines: whether the name is followed by `:` (a value, possibly empty).
    pub fn svar_has_value_colon(&self) -> bool {
        child_tokens(&self.0, SyntaxKind::COLON).count() >= 2
    }

    pub fn svar_expr(&self) -> Option<Expr> {
        self.0.children().find_map(Expr::cast)
    }
}

impl Record {
    pub fn params(&self) -> impl Iterator<Item = Param> + use<> {
        self.0.children().filter_map(Param::cast)
    }

    /// The param Forge would use for `key` (the last one wins), compared exactly.
    pub fn param(&self, key: &str) -> Option<Param> {
        self.params()
            .filter(|p| p.key_text().as_deref() == Some(key))
            .last()
    }

    /// The record-type param (`AB$`, `SP$`, `ST$`, `DB$`) in the order Forge looks for them
    /// (case-insensitively), or `Mode$`/`Event$` for trait records.
    pub fn kind_param(&self) -> Option<Param> {
        for key in ["AB", "SP", "ST", "DB"] {
            if let Some(p) = self
                .params()
                .filter(|p| p.key_text().is_some_and(|k| k.eq_ignore_ascii_case(key)))
                .last()
            {
                return Some(p);
            }
        }
        None
    }

    /// The `|` tokens in order.
    pub fn pipes(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        child_tokens(&self.0, SyntaxKind::PIPE)
    }
}

/// The value of a param, by the shape the parser gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamValue {
    Value(Value),
    Cost(Cost),
    ValidList(ValidList),
}

impl ParamValue {
    pub fn syntax(&self) -> &SyntaxNode {
        match self {
            ParamValue::Value(v) => v.syntax(),
            ParamValue::Cost(v) => v.syntax(),
            ParamValue::ValidList(v) => v.syntax(),
        }
    }
}

impl Param {
    pub fn key(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::PARAM_KEY)
    }

    pub fn key_text(&self) -> Option<String> {
        self.key().map(|k| k.text().to_string())
    }

    pub fn dollar(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::DOLLAR)
    }

    pub fn value(&self) -> Option<ParamValue> {
        self.0.children().find_map(|n| match n.kind() {
            SyntaxKind::VALUE => Some(ParamValue::Value(Value(n))),
            SyntaxKind::COST => Some(ParamValue::Cost(Cost(n))),
            SyntaxKind::VALID_LIST => Some(ParamValue::ValidList(ValidList(n))),
            _ => None,
        })
    }

    /// The value text as Forge reads it (trimmed); empty when there is none.
    pub fn value_text(&self) -> String {
        self.value()
            .map(|v| crate::node_text(v.syntax()))
            .unwrap_or_default()
    }

    /// The range of the value, or an empty range right after `$` when it is empty.
    pub fn value_range(&self) -> TextRange {
        match self.value() {
            Some(v) => v.syntax().text_range(),
            None => TextRange::empty(self.range().end()),
        }
    }
}

impl Value {
    /// The words of the value, without separators.
    pub fn words(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        child_tokens(&self.0, SyntaxKind::WORD)
    }

    pub fn tokens(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        self.0.children_with_tokens().filter_map(|e| e.into_token())
    }
}

/// One item of a cost string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CostItem {
    Part(CostPart),
    /// A mana symbol, `T`, `Q`, a modifier word, or anything else Forge adds to the mana part.
    Word(SyntaxToken),
}

impl Cost {
    pub fn items(&self) -> impl Iterator<Item = CostItem> + use<> {
        self.0.children_with_tokens().filter_map(|e| match e {
            rowan::NodeOrToken::Node(n) => CostPart::cast(n).map(CostItem::Part),
            rowan::NodeOrToken::Token(t) if t.kind() == SyntaxKind::WORD => Some(CostItem::Word(t)),
            _ => None,
        })
    }
}

/// One `/`-separated field of a cost part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CostField {
    Text(SyntaxToken),
    Valid(ValidList),
    /// An empty field (`Sac<1//x>`), positioned where it would be.
    Empty(TextRange),
}

impl CostPart {
    pub fn name(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::WORD)
    }

    pub fn is_closed(&self) -> bool {
        child_token(&self.0, SyntaxKind::R_ANGLE).is_some()
    }

    /// The fields between `<` and `>`.
    pub fn fields(&self) -> Vec<CostField> {
        let mut fields = Vec::new();
        let mut current: Option<CostField> = None;
        let mut inside = false;
        let mut last_sep_end = self.range().start();
        for element in self.0.children_with_tokens() {
            match element {
                rowan::NodeOrToken::Token(t) => match t.kind() {
                    SyntaxKind::L_ANGLE => {
                        inside = true;
                        last_sep_end = t.text_range().end();
                    }
                    SyntaxKind::SLASH if inside => {
                        fields.push(
                            current
                                .take()
                                .unwrap_or(CostField::Empty(TextRange::empty(last_sep_end))),
                        );
                        last_sep_end = t.text_range().end();
                    }
                    SyntaxKind::R_ANGLE => {
                        inside = false;
                    }
                    SyntaxKind::TEXT if inside => current = Some(CostField::Text(t)),
                    _ => {}
                },
                rowan::NodeOrToken::Node(n) => {
                    if let Some(v) = ValidList::cast(n) {
                        current = Some(CostField::Valid(v));
                    }
                }
            }
        }
        fields.push(current.unwrap_or(CostField::Empty(TextRange::empty(last_sep_end))));
        fields
    }
}

impl CostField {
    pub fn text(&self) -> String {
        match self {
            CostField::Text(t) => t.text().to_string(),
            CostField::Valid(v) => crate::node_text(v.syntax()),
            CostField::Empty(_) => String::new(),
        }
    }

    pub fn range(&self) -> TextRange {
        match self {
            CostField::Text(t) => t.text_range(),
            CostField::Valid(v) => v.range(),
            CostField::Empty(r) => *r,
        }
    }
}

impl ValidList {
    pub fn alternatives(&self) -> impl Iterator<Item = Valid> + use<> {
        self.0.children().filter_map(Valid::cast)
    }
}

impl Valid {
    pub fn is_negated(&self) -> bool {
        child_token(&self.0, SyntaxKind::BANG).is_some()
    }

    pub fn base(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::VALID_BASE)
    }

    pub fn properties(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        child_tokens(&self.0, SyntaxKind::VALID_PROP)
    }
}

impl Expr {
    /// `Count` in `Count$xPaid`.
    pub fn prefix(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::WORD)
    }

    /// The first word after `$` (`xPaid`, `Valid`, `CardPower`...).
    pub fn key(&self) -> Option<SyntaxToken> {
        child_tokens(&self.0, SyntaxKind::WORD).nth(1)
    }

    /// The text between the key and the math suffix.
    pub fn args(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::TEXT)
    }

    pub fn math(&self) -> Option<Math> {
        self.0.children().find_map(Math::cast)
    }
}

impl Math {
    pub fn op(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::WORD)
    }

    pub fn operand(&self) -> Option<SyntaxToken> {
        child_tokens(&self.0, SyntaxKind::WORD).nth(1)
    }
}

impl Keyword {
    /// The `:`-separated pieces: the keyword itself first, then its arguments.
    pub fn pieces(&self) -> Vec<SyntaxToken> {
        child_tokens(&self.0, SyntaxKind::TEXT).collect()
    }
}

impl ManaCost {
    pub fn symbols(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        child_tokens(&self.0, SyntaxKind::WORD)
    }
}
