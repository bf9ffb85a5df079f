//! Typed views over Netrunner syntax nodes. Accessors return `Option`s: the tree may be broken.

use super::kind::{SyntaxKind, SyntaxNode, SyntaxToken};
use super::parser::KINDS;
use crate::ast_support::{ast_node, child_token, xml_attr, xml_attr_value};

ast_node!(SourceFile, SOURCE_FILE);
ast_node!(ScriptTable, SCRIPT_TABLE);
ast_node!(Entry, ENTRY);
ast_node!(EndEntry, END_ENTRY);
ast_node!(Card, CARD);
ast_node!(Property, PROPERTY);
ast_node!(Script, SCRIPT);
ast_node!(Alternative, ALTERNATIVE);
ast_node!(Prefix, PREFIX);
ast_node!(Part, PART);
ast_node!(Command, COMMAND);
ast_node!(Modulator, MODULATOR);
ast_node!(BraceArg, BRACE_ARG);
ast_node!(AngleArg, ANGLE_ARG);
ast_node!(EffectList, EFFECT_LIST);

/// Which field a script is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// `AutoScript`: triggered and continuous scripts.
    AutoScript,
    /// `AutoAction`: actions the player uses (with a cost prefix).
    AutoAction,
}

ast_node!(
    /// An `AutoScript` or `AutoAction` field, in the table or in a set file.
    Field,
    AUTO_SCRIPT | AUTO_ACTION
);

impl Field {
    pub fn kind(&self) -> FieldKind {
        if self.0.kind() == SyntaxKind::AUTO_ACTION {
            FieldKind::AutoAction
        } else {
            FieldKind::AutoScript
        }
    }

    pub fn script(&self) -> Option<Script> {
        self.0.children().find_map(Script::cast)
    }

    /// The table entry this field belongs to, if it is in `CardScripts.py`.
    pub fn entry(&self) -> Option<Entry> {
        self.0.parent().and_then(Entry::cast)
    }

    /// The set-file card this field belongs to, if it is in a `set.xml`.
    pub fn card(&self) -> Option<Card> {
        self.0.ancestors().find_map(Card::cast)
    }
}

impl SourceFile {
    pub fn bom(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::BOM)
    }

    pub fn table(&self) -> Option<ScriptTable> {
        self.0.descendants().find_map(ScriptTable::cast)
    }

    /// Every AutoScript and AutoAction field of the file.
    pub fn fields(&self) -> impl Iterator<Item = Field> + use<> {
        self.0.descendants().filter_map(Field::cast)
    }

    pub fn cards(&self) -> impl Iterator<Item = Card> + use<> {
        self.0.descendants().filter_map(Card::cast)
    }
}

impl ScriptTable {
    pub fn entries(&self) -> impl Iterator<Item = Entry> + use<> {
        self.0.children().filter_map(Entry::cast)
    }

    pub fn end(&self) -> Option<EndEntry> {
        self.0.children().find_map(EndEntry::cast)
    }
}

impl Entry {
    /// The card name (a comment to the engine).
    pub fn name(&self) -> Option<SyntaxToken> {
        self.0
            .children()
            .find(|n| n.kind() == SyntaxKind::ENTRY_NAME)
            .and_then(|n| child_token(&n, SyntaxKind::TABLE_TEXT))
    }

    pub fn guid(&self) -> Option<SyntaxToken> {
        self.0
            .children()
            .find(|n| n.kind() == SyntaxKind::ENTRY_GUID)
            .and_then(|n| child_token(&n, SyntaxKind::GUID))
    }

    pub fn fields(&self) -> impl Iterator<Item = Field> + use<> {
        self.0.children().filter_map(Field::cast)
    }

    /// Separators of the entry (`-----`, `+++++`).
    pub fn separators(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        self.0
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| t.kind() == SyntaxKind::SEPARATOR)
    }

    /// Whether the entry has its two `-----` separators (name, GUID, scripts).
    pub fn is_complete(&self) -> bool {
        self.separators().filter(|t| t.text() == "-----").count() >= 2
    }

    /// Parts of the entry the engine never reads (past the expected separators).
    pub fn ignored(&self) -> impl Iterator<Item = SyntaxNode> + use<> {
        self.0
            .children()
            .filter(|n| n.kind() == SyntaxKind::IGNORED)
    }
}

impl Card {
    fn tag(&self) -> Option<SyntaxNode> {
        self.0.children().find(|n| n.kind() == SyntaxKind::XML_TAG)
    }

    /// An attribute of the `<card>` tag, as written (entities not decoded).
    pub fn attr(&self, name: &str) -> Option<SyntaxToken> {
        attr_value(&self.tag()?, name)
    }

    pub fn properties(&self) -> impl Iterator<Item = Property> + use<> {
        self.0.children().filter_map(Property::cast)
    }

    /// The value of the property called `name`, as written.
    pub fn property(&self, name: &str) -> Option<String> {
        self.properties()
            .find(|p| p.name().is_some_and(|n| n.text() == name))
            .and_then(|p| p.value_text())
    }
}

/// The value token of attribute `name` of a tag node.
fn attr_value(tag: &SyntaxNode, name: &str) -> Option<SyntaxToken> {
    xml_attr_value(tag, KINDS, name)
}

impl Property {
    pub fn name(&self) -> Option<SyntaxToken> {
        attr_value(&self.0, "name")
    }

    /// The `value` attribute as written (for script properties, the script's text).
    pub fn value_text(&self) -> Option<String> {
        let attr = xml_attr(&self.0, KINDS, "value")?;
        let text: String = attr
            .children_with_tokens()
            .skip_while(|e| e.kind() != SyntaxKind::QUOTE)
            .skip(1)
            .take_while(|e| e.kind() != SyntaxKind::QUOTE)
            .map(|e| e.to_string())
            .collect();
        Some(text)
    }
}

impl Script {
    pub fn alternatives(&self) -> impl Iterator<Item = Alternative> + use<> {
        self.0.children().filter_map(Alternative::cast)
    }

    pub fn field(&self) -> Option<Field> {
        self.0.parent().and_then(Field::cast)
    }
}

impl Alternative {
    pub fn prefix(&self) -> Option<Prefix> {
        self.0.children().find_map(Prefix::cast)
    }

    pub fn parts(&self) -> impl Iterator<Item = Part> + use<> {
        self.0.children().filter_map(Part::cast)
    }

    pub fn field(&self) -> Option<Field> {
        self.0
            .parent()
            .and_then(|s| s.parent())
            .and_then(Field::cast)
    }
}

impl Prefix {
    pub fn word(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::PREFIX_WORD)
    }
}

impl Part {
    pub fn command(&self) -> Option<Command> {
        self.0.children().find_map(Command::cast)
    }

    pub fn modulators(&self) -> impl Iterator<Item = Modulator> + use<> {
        self.0.children().filter_map(Modulator::cast)
    }

    /// Whether the part sits inside `<a,b>` (a nested effect).
    pub fn is_nested(&self) -> bool {
        self.0
            .parent()
            .is_some_and(|p| p.kind() == SyntaxKind::EFFECT_LIST)
    }

    /// The alternative the part belongs to (for nested parts, the outer one).
    pub fn alternative(&self) -> Option<Alternative> {
        self.0.ancestors().find_map(Alternative::cast)
    }
}

impl Command {
    /// The command's text without its brace and angle groups (`Gain3Credits`).
    pub fn head_text(&self) -> String {
        self.0
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .map(|t| t.text().to_string())
            .collect()
    }

    pub fn brace(&self) -> Option<BraceArg> {
        self.0.children().find_map(BraceArg::cast)
    }

    pub fn angle(&self) -> Option<AngleArg> {
        self.0.children().find_map(AngleArg::cast)
    }
}

impl Modulator {
    pub fn name(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::MOD_NAME)
    }

    pub fn dash(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::DASH)
    }

    pub fn brace(&self) -> Option<BraceArg> {
        self.0.children().find_map(BraceArg::cast)
    }

    pub fn angle(&self) -> Option<AngleArg> {
        self.0.children().find_map(AngleArg::cast)
    }

    /// The tokens after the name (outside groups): stray text such as a trailing `$`.
    pub fn rest_tokens(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        self.0
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| !matches!(t.kind(), SyntaxKind::DASH | SyntaxKind::MOD_NAME))
    }
}

impl BraceArg {
    pub fn text(&self) -> Option<SyntaxToken> {
        child_token(&self.0, SyntaxKind::BRACE_TEXT)
    }

    pub fn is_closed(&self) -> bool {
        child_token(&self.0, SyntaxKind::R_BRACE).is_some()
    }
}

impl AngleArg {
    pub fn sides(&self) -> Vec<EffectList> {
        self.0.children().filter_map(EffectList::cast).collect()
    }

    pub fn commas(&self) -> usize {
        self.0
            .children_with_tokens()
            .filter(|e| e.kind() == SyntaxKind::COMMA)
            .count()
    }

    pub fn is_closed(&self) -> bool {
        child_token(&self.0, SyntaxKind::R_ANGLE).is_some()
    }
}

impl EffectList {
    pub fn parts(&self) -> impl Iterator<Item = Part> + use<> {
        self.0.children().filter_map(Part::cast)
    }
}
