//! Ability code as the engine reads it: the ability values of a file, their macro expansions
//! (parsed once per file, shared by every rule), and the engine's literal tests.

use super::index::{Library, Macro};
use crate::diagnostic::{Diagnostic, Sink};
use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};
use model::wagic::vocab;
use std::sync::LazyLock;
use syntax::TextRange;
use syntax::wagic::ast::{self, Entry};
use syntax::wagic::{KeyMeaning, SyntaxKind, SyntaxNode};

/// One ability value of a card (`auto=`, `auto<zone>=`, `anyzone=`...).
pub struct CodeLine {
    pub entry: Entry,
    pub meaning: KeyMeaning,
    pub auto: ast::Auto,
    /// The trees the rules check: the value itself, or the lines of its macro expansion.
    pub views: Vec<CodeView>,
}

/// Where the findings of a macro expansion go.
pub struct MacroUse {
    /// The first macro use of the value.
    pub at: TextRange,
    /// The note added to each finding: which macros, and the expansion.
    pub note: String,
    /// The expanded text (lowercased).
    pub text: String,
}

/// One tree of ability code, its lowercased text, and where its findings go.
pub struct CodeView {
    pub auto: ast::Auto,
    /// The tree's text, lowercased (ASCII, so offsets match): rules test it before walking nodes.
    pub text: String,
    pub expansion: Option<std::rc::Rc<MacroUse>>,
}

impl CodeView {
    fn new(auto: ast::Auto, text: String, expansion: Option<std::rc::Rc<MacroUse>>) -> CodeView {
        CodeView {
            auto,
            text,
            expansion,
        }
    }

    /// The lowercased text of a node of this tree.
    pub fn text_of(&self, range: TextRange) -> &str {
        let base = self.auto.range().start();
        &self.text[range - base]
    }

    /// Whether the (lowercased) text contains `needle`: a cheap test before walking the tree.
    pub fn has(&self, needle: &str) -> bool {
        memchr::memmem::find(self.text.as_bytes(), needle.as_bytes()).is_some()
    }

    /// Every node of the tree (the root included) that `cast` accepts, in preorder.
    pub fn all<'v, T: 'v>(
        &'v self,
        cast: impl Fn(SyntaxNode) -> Option<T> + 'v,
    ) -> impl Iterator<Item = T> + 'v {
        self.auto.syntax().descendants().filter_map(cast)
    }

    /// Ranges in this tree are ranges of the file (not of a macro expansion).
    pub fn in_source(&self) -> bool {
        self.expansion.is_none()
    }

    /// The file range to report a range of this tree at.
    pub fn map(&self, range: TextRange) -> TextRange {
        self.expansion.as_ref().map_or(range, |e| e.at)
    }

    /// Reports a finding of this tree; in a macro expansion it goes to the macro use, with a
    /// note, and fixes are dropped (they would edit the expansion, not the file).
    pub fn report<'s>(
        &self,
        sink: &'s mut Sink<'_>,
        range: TextRange,
        message: impl Into<String>,
    ) -> Reported<'s> {
        let d = sink.report(self.map(range), message);
        if let Some(e) = &self.expansion {
            d.with_note(e.note.clone());
        }
        Reported {
            diagnostic: d,
            fixable: self.in_source(),
        }
    }
}

/// A reported diagnostic that takes a fix only when the finding is in the file's own text.
pub struct Reported<'s> {
    pub diagnostic: &'s mut Diagnostic,
    fixable: bool,
}

impl Reported<'_> {
    pub fn with_fix(self, fix: crate::diagnostic::Fix) -> Self {
        if self.fixable {
            self.diagnostic.with_fix(fix);
        }
        self
    }

    pub fn with_note(self, note: impl Into<String>) -> Self {
        self.diagnostic.with_note(note);
        self
    }

    pub fn with_severity(self, severity: crate::diagnostic::Severity) -> Self {
        self.diagnostic.with_severity(severity);
        self
    }
}

/// Every ability value of a file, with macro uses expanded and parsed.
pub fn collect(text: &str, cards: &[super::CardView], library: Option<&Library>) -> Vec<CodeLine> {
    let mut out = Vec::new();
    for card in cards {
        for entry in &card.entries {
            let meaning = entry.meaning;
            if !meaning.is_ability() {
                continue;
            }
            let Some(auto) = entry.auto() else { continue };
            let views = match library.and_then(|lib| expand_line(text, &auto, lib)) {
                Some((expansion, autos)) => {
                    let expansion = std::rc::Rc::new(expansion);
                    autos
                        .into_iter()
                        .map(|a| {
                            let text = a.syntax().text().to_string().to_ascii_lowercase();
                            CodeView::new(a, text, Some(expansion.clone()))
                        })
                        .collect()
                }
                None => vec![CodeView::new(
                    auto.clone(),
                    text[auto.range()].to_ascii_lowercase(),
                    None,
                )],
            };
            out.push(CodeLine {
                entry: entry.node.clone(),
                meaning,
                auto,
                views,
            });
        }
    }
    out
}

/// The macros of `library` used in a text, as (macro, byte range in the text).
pub fn macro_uses<'l>(text: &str, library: &'l Library) -> Vec<(&'l Macro, usize, usize)> {
    let Some(matcher) = &library.macro_matcher else {
        return Vec::new();
    };
    matcher
        .find_overlapping_iter(text)
        .map(|m| (&library.macros[m.pattern().as_usize()], m.start(), m.end()))
        .collect()
}

fn expand_line(
    file_text: &str,
    auto: &ast::Auto,
    library: &Library,
) -> Option<(MacroUse, Vec<ast::Auto>)> {
    let text = &file_text[auto.range()];
    let uses = macro_uses(text, library);
    let (_, first_start, first_end) = *uses.first()?;
    let base = usize::from(auto.range().start());
    let mut names: Vec<String> = uses.iter().map(|(m, _, _)| m.name.clone()).collect();
    names.dedup();
    let expanded = expand(&text.to_ascii_lowercase(), &library.macros);
    let autos = expanded
        .split('\n')
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| {
            let parse = syntax::wagic::parse_ability(l);
            parse.syntax().children().find_map(ast::Auto::cast)
        })
        .collect();
    let note = format!(
        "in the expansion of macro `{}`: {}",
        names.join("`, `"),
        expanded.lines().next().unwrap_or_default()
    );
    Some((
        MacroUse {
            at: super::range(base + first_start, base + first_end),
            note,
            text: expanded,
        },
        autos,
    ))
}

/// The engine's macro expansion of one (lowercased) text: every macro once, in definition
/// order; plain substring replacement; arguments up to the first `)`, split on `,`; an argument
/// count that does not match leaves the text unchanged.
pub fn expand(text: &str, macros: &[Macro]) -> String {
    let mut s = text.to_string();
    for m in macros {
        if m.name.is_empty() || !s.contains(&m.name) {
            continue;
        }
        if m.params.is_empty() {
            s = s.replace(&m.name, &m.body);
            continue;
        }
        let call = format!("{}(", m.name);
        let before = s.clone();
        let mut pos = 0;
        while let Some(found) = s[pos..].find(&call) {
            let at = pos + found;
            let args_start = at + call.len();
            let Some(close) = s[args_start..].find(')').map(|i| args_start + i) else {
                break;
            };
            let args: Vec<&str> = s[args_start..close].split(',').collect();
            if args.len() != m.params.len() {
                s = before;
                break;
            }
            let mut body = m.body.clone();
            for (p, a) in m.params.iter().zip(&args) {
                if !p.is_empty() {
                    body = body.replace(p.as_str(), a);
                }
            }
            s = format!("{}{}{}", &s[..at], body, &s[close + 1..]);
            pos = at + body.len();
        }
    }
    s
}

/// The macro matcher of a library (ASCII case-insensitive: the engine lowercases ability text).
pub fn macro_matcher(macros: &[Macro]) -> Option<AhoCorasick> {
    if macros.is_empty() {
        return None;
    }
    AhoCorasickBuilder::new()
        .ascii_case_insensitive(true)
        .build(macros.iter().map(|m| {
            if m.name.is_empty() {
                // An empty name matches nothing useful; keep the index aligned.
                "\u{0}\u{0}"
            } else {
                m.name.as_str()
            }
        }))
        .ok()
}

// ---------------------------------------------------------------------------------------------
// The engine's literal tests on one fragment of ability code.

/// What the effect tests of the engine make of a fragment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recognition {
    /// Some construct takes it.
    Known,
    /// Only a word the current engine no longer reads (with that word).
    Removed(&'static str),
    /// Nothing matches: the engine drops the fragment.
    Unknown,
    /// Nothing is left once `name(...)` and the target are taken out.
    Empty,
}

struct Literal {
    text: String,
    close: bool,
    unless: Vec<&'static str>,
}

/// Every literal that makes a fragment recognised: effect words (with their engine literal),
/// effect-stage constructs, structures, rule words.
static LITERALS: LazyLock<(AhoCorasick, Vec<Literal>)> = LazyLock::new(|| {
    let mut lits: Vec<Literal> = Vec::new();
    for w in vocab::effects().words() {
        if w.is_removed() {
            continue;
        }
        let kind = w.attr("kind").unwrap_or_default();
        let text = match (kind, w.attr("match")) {
            ("effect", Some(m)) | (_, Some(m)) if w.word != "p/t" => m.replace("\\s", " "),
            ("rule", None) => w.word.to_string(),
            _ => continue,
        };
        if text.is_empty() || text == "<basic ability>" {
            continue;
        }
        lits.push(Literal {
            text,
            close: w.attr("match-close").is_some(),
            unless: w
                .attr("unless")
                .map(|u| u.split('|').collect())
                .unwrap_or_default(),
        });
    }
    for s in STRUCTURES {
        lits.push(Literal {
            text: (*s).to_string(),
            close: false,
            unless: Vec::new(),
        });
    }
    lits.push(Literal {
        text: "/".to_string(),
        close: false,
        unless: Vec::new(),
    });
    let ac = AhoCorasickBuilder::new()
        .match_kind(MatchKind::Standard)
        .build(lits.iter().map(|l| l.text.as_str()))
        .expect("literal automaton");
    (ac, lits)
});

/// Structures that take the fragment before the effect tests (their inner ability is checked
/// on its own where the tree has it).
const STRUCTURES: &[&str] = &[
    "lord(",
    "all(",
    "foreach(",
    "aslongas(",
    "teach(",
    "this(",
    "thisforeach(",
    "while(",
    "pay(",
    "pay[[",
    "upcost[",
    "upcostmulti[",
    "cumulativeupcost[",
    "phaseaction[",
    "phaseactionmulti[",
    "flipacoin",
    "rolld",
    "dynamicability<!",
    "chooseaname",
    "activatechooseacolor",
    "activatechooseatype",
    "tutorial(",
    "message(",
    "soulbond ",
    "replacedraw ",
    "and!(",
    "ability$!",
    "grant ",
    "reveal:",
    "scry:",
    "transforms((",
];

/// Prefixes the engine tests only at the start of a fragment; the rest is parsed again.
const LEADING: &[&str] = &[
    "may ",
    "choice ",
    "ueot ",
    "emblem ",
    "activate ",
    "chooseacolor ",
    "chooseatype ",
    "notpaid",
    "paidmana",
    "kicker ",
    "alternative ",
    "buyback ",
    "flashback ",
    "retrace ",
    "facedown ",
    "suspended ",
    "overload ",
    "bestow ",
];

/// Removes the first `word(...)` (through the first `)`), keeping the text around in place.
pub fn cut_call(text: &str, word: &str) -> String {
    if !text.contains(word) {
        return text.to_string();
    }
    let pat = format!("{word}(");
    let mut search = 0;
    while let Some(i) = text[search..].find(&pat).map(|i| search + i) {
        // `target(` must not be the end of `notatarget(`.
        let boundary = i == 0 || !text.as_bytes()[i - 1].is_ascii_alphanumeric();
        if boundary {
            let end = text[i..].find(')').map_or(text.len(), |j| i + j + 1);
            return format!("{}{}", &text[..i], &text[end..]);
        }
        search = i + pat.len();
    }
    text.to_string()
}

/// The basic ability (or removed one) starting at position 0 or 1 of `text`.
pub fn leading_basic_ability(text: &str) -> Option<&'static vocab::Word> {
    let words = vocab::basic_abilities().words();
    for start in 0..=1 {
        let Some(rest) = text.get(start..) else { break };
        if let Some(w) = words
            .iter()
            .filter(|w| rest.starts_with(w.word))
            .max_by_key(|w| w.word.len())
        {
            return Some(w);
        }
    }
    None
}

/// Whether the engine's effect tests take a (lowercased) fragment. Lenient: `name(...)` and the
/// target are cut out and the rest trimmed, as a new parser call would.
pub fn recognise(fragment: &str) -> Recognition {
    let text = cut_call(fragment, "name");
    let text = cut_call(&text, "notatarget");
    let text = cut_call(&text, "target");
    let text = text.trim();
    if text.split_whitespace().all(|w| PREFIXES.contains(&w)) {
        return Recognition::Empty;
    }
    // `if <condition> then <ability>`: the ability decides.
    if (text.starts_with("if ") || text.starts_with("ifnot "))
        && let Some(then) = text.find(" then ")
    {
        return recognise(&text[then + 6..]);
    }
    for prefix in LEADING {
        if let Some(rest) = text.strip_prefix(prefix) {
            return recognise(rest);
        }
    }
    let (ac, lits) = &*LITERALS;
    for m in ac.find_overlapping_iter(text) {
        let lit = &lits[m.pattern().as_usize()];
        if lit.close && !text[m.end()..].contains(')') {
            continue;
        }
        if lit.unless.iter().any(|u| text.contains(u)) {
            continue;
        }
        return Recognition::Known;
    }
    if let Some(w) = leading_basic_ability(text) {
        return if w.is_removed() {
            Recognition::Removed(w.word)
        } else {
            Recognition::Known
        };
    }
    let first = text
        .trim_start_matches('-')
        .split(|c: char| !c.is_ascii_alphanumeric() && c != ':')
        .next()
        .unwrap_or_default();
    if let Some(w) = vocab::effects().get(first).filter(|w| w.is_removed()) {
        return Recognition::Removed(w.word);
    }
    if first == "land:" || first.starts_with("land:") {
        return Recognition::Removed("land:");
    }
    // Words that only modify another effect, alone, still build nothing.
    Recognition::Unknown
}

/// Whether a call has this (lowercase) name.
pub fn call_named(call: &ast::Call, name: &str) -> bool {
    call.name()
        .is_some_and(|n| n.text().eq_ignore_ascii_case(name))
}

/// The text of a node, lowercased the way the engine lowercases ability code.
pub fn lower(node: &SyntaxNode) -> String {
    node.text().to_string().to_ascii_lowercase()
}

/// Every effect of a tree, nested abilities included.
pub fn effects(auto: &ast::Auto) -> impl Iterator<Item = ast::Effect> + use<> {
    auto.syntax().descendants().filter_map(ast::Effect::cast)
}

/// Every node of a kind in a tree.
pub fn nodes(auto: &ast::Auto, kind: SyntaxKind) -> impl Iterator<Item = SyntaxNode> + use<> {
    auto.syntax()
        .descendants()
        .filter(move |n| n.kind() == kind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::source::FileId;
    use syntax::TextSize;

    fn mac(name: &str, params: &[&str], body: &str) -> Macro {
        Macro {
            name: name.into(),
            params: params.iter().map(|p| p.to_string()).collect(),
            body: body.into(),
            at: super::super::Location {
                file: 0 as FileId,
                range: TextRange::empty(TextSize::from(0)),
            },
        }
    }

    #[test]
    fn expansion_follows_the_engine() {
        let macros = vec![
            mac("__cyc__", &["$c"], "{$c},{cycle}:draw:1"),
            mac("_two_", &[], "draw:1\\ndraw:1"),
        ];
        assert_eq!(
            expand("autohand=__cyc__({2})", &macros),
            "autohand={{2}},{cycle}:draw:1"
        );
        assert_eq!(expand("__cyc__(1,2)", &macros), "__cyc__(1,2)");
        assert_eq!(expand("x _two_", &macros), "x draw:1\\ndraw:1");
    }

    #[test]
    fn fragments_are_recognised_like_the_engine() {
        assert_eq!(recognise("damage:2"), Recognition::Known);
        assert_eq!(recognise("-flying"), Recognition::Known);
        assert_eq!(recognise("flying"), Recognition::Known);
        assert_eq!(recognise("1/1 ueot"), Recognition::Known);
        assert_eq!(recognise("twist"), Recognition::Removed("twist"));
        assert_eq!(
            recognise("opponentshroud"),
            Recognition::Removed("opponentshroud")
        );
        assert_eq!(recognise("gain flying"), Recognition::Unknown);
        assert_eq!(
            recognise("name(nothing) target(creature)"),
            Recognition::Empty
        );
        assert_eq!(
            recognise("transforms((,newability[x]))"),
            Recognition::Known
        );
        assert_eq!(recognise("moveto(hand"), Recognition::Unknown);
        assert_eq!(recognise("equipment"), Recognition::Unknown);
        assert_eq!(recognise("may draw:1"), Recognition::Known);
        assert_eq!(recognise("may gain flying"), Recognition::Unknown);
        assert_eq!(recognise("if spent({r}) then life:2"), Recognition::Known);
        assert_eq!(
            recognise("card from your graveyard if its value"),
            Recognition::Unknown
        );
    }
}

/// The fragment with the bodies the engine cuts out before it looks at the rest (step 3 of its
/// parser: `ability$!...!$`, `and!(...)!`, `transforms((...))`, `grant ... grantend`,
/// `reveal: ... revealend`, `scry: ... scryend`, `chooseaname ... chooseend`) blanked with spaces,
/// so that offsets still match.
static CUTOUT_OPENERS: LazyLock<AhoCorasick> = LazyLock::new(|| {
    AhoCorasick::new([
        "ability$!",
        "and!(",
        "grant ",
        "reveal:",
        "scry:",
        "chooseaname",
        "transforms((",
        "pay(",
        "pay[[",
        "limit^",
    ])
    .expect("cut-out openers")
});

pub fn blank_cutouts(text: &str) -> String {
    if !CUTOUT_OPENERS.is_match(text) {
        return text.to_string();
    }
    let mut bytes = text.as_bytes().to_vec();
    let blank = |from: usize, to: usize, bytes: &mut Vec<u8>| {
        for b in &mut bytes[from..to.min(text.len())] {
            *b = b' ';
        }
    };
    for (open, close) in [
        ("ability$!", "!$"),
        ("and!(", ")!"),
        ("grant ", " grantend"),
        ("reveal:", " revealend"),
        ("scry:", " scryend"),
        ("chooseaname", " chooseend"),
    ] {
        let mut from = 0;
        while let Some(i) = text[from..].find(open).map(|i| from + i) {
            let body = i + open.len();
            let end = text[body..].find(close).map_or(text.len(), |j| body + j);
            blank(body, end, &mut bytes);
            from = end.max(body);
        }
    }
    if let Some((body, end)) = transforms_body(text) {
        blank(body, end, &mut bytes);
    }
    // `pay(<cost>) <ability>` and `pay[[<cost>]] <ability>`: the ability is stored for later;
    // `limit^<ability>^<n>`: a side ability.
    if let Some(i) = text.find("pay(") {
        let close = text[i..].find(')').map_or(text.len(), |j| i + j + 1);
        blank(close, text.len(), &mut bytes);
    }
    if let Some(i) = text.find("pay[[") {
        let space = text[i..].find(' ').map_or(text.len(), |j| i + j);
        blank(space, text.len(), &mut bytes);
    }
    if let Some(i) = text.find("limit^") {
        blank(i, text.len(), &mut bytes);
    }
    String::from_utf8(bytes).unwrap_or_else(|_| text.to_string())
}

/// The pieces of an `ability$!...!$` body (separated by ` _ `), with their offsets; any other
/// text is one piece.
pub fn segments(text: &str) -> Vec<(usize, &str)> {
    if !text.contains(" _ ") {
        return vec![(0, text)];
    }
    // Separators inside a nested body belong to that body.
    let blanked = blank_cutouts(text);
    let mut out = Vec::new();
    let mut start = 0;
    while let Some(i) = blanked[start..].find(" _ ").map(|i| start + i) {
        out.push((start, &text[start..i]));
        start = i + 3;
    }
    out.push((start, &text[start..]));
    out
}

/// The body of the first `transforms((...))`: from after `((` to before the `))` that closes it
/// (nested `transforms((` are balanced).
pub fn transforms_body(text: &str) -> Option<(usize, usize)> {
    let start = text.find("transforms((")? + "transforms((".len();
    let mut depth = 1;
    let mut pos = start;
    // The next of each at or after `pos`, searched again only once `pos` has passed it: a
    // search from every position would make a long nest quadratic.
    let find = |pat: &str, pos: usize| text[pos..].find(pat).map(|i| pos + i);
    let (mut next_open, mut next_close) = (find("transforms((", pos), find("))", pos));
    loop {
        if next_open.is_some_and(|o| o < pos) {
            next_open = find("transforms((", pos);
        }
        if next_close.is_some_and(|c| c < pos) {
            next_close = find("))", pos);
        }
        match (next_open, next_close) {
            (Some(o), Some(c)) if o < c => {
                depth += 1;
                pos = o + "transforms((".len();
            }
            (_, Some(c)) => {
                depth -= 1;
                if depth == 0 {
                    return Some((start, c));
                }
                pos = c + 2;
            }
            (_, None) => return Some((start, text.len())),
        }
    }
}

/// What the lord-family test of the engine does with a fragment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LordShape {
    /// No lord-family keyword, or a this-family keyword wins.
    Fine,
    /// A form the engine understands: the keyword applies the ability at `start..end`.
    Wraps { start: usize, end: usize },
    /// The keyword at `at..at+len` is at the start, and nothing follows its `)`.
    NoAbility { at: usize, len: usize },
    /// The keyword at `at..at+len` is never closed.
    Unclosed { at: usize, len: usize },
    /// The text `start..end` before the keyword is ignored (the ability is the text after `)`).
    /// `limit` is set when the text after `)` is only a `limit:`, which some readings of the
    /// engine take out before this test.
    Ignored {
        start: usize,
        end: usize,
        keyword: &'static str,
        limit: bool,
    },
}

const LORDS: [&str; 5] = ["lord(", "foreach(", "aslongas(", "teach(", "all("];
const THISES: [&str; 3] = ["this(", "thisforeach(", "while("];

/// Words that the engine consumes before it reaches the lord family (prefixes and cost
/// conditions), so that text made only of them before `all(...)` is not lost.
const PREFIXES: &[&str] = &[
    "may",
    "choice",
    "ueot",
    "activate",
    "emblem",
    "notpaid",
    "paidmana",
    "kicker",
    "alternative",
    "buyback",
    "flashback",
    "retrace",
    "facedown",
    "suspended",
    "overload",
    "bestow",
    "chooseacolor",
    "chooseatype",
    "chooseaname",
    "chooseanameopp",
    "activatechooseacolor",
    "activatechooseatype",
    "myturnonly",
    "opponentturnonly",
    "assorcery",
    "oneshot",
    "forever",
    "dontremove",
    "forcedalive",
];

/// Words that close a construct the engine reads before the lord family.
const TERMINATORS: &[&str] = &[
    "chooseend",
    "activatechooseend",
    "grantend",
    "revealend",
    "scryend",
    "afterrevealedend",
    "optiononeend",
    "optiontwoend",
];

/// Whether a word is a phase restriction (`myupkeeponly`, `opponentdrawonly`, `endonly`).
fn phase_restriction(word: &str) -> bool {
    word.strip_suffix("only").is_some_and(|w| {
        let w = w
            .strip_prefix("my")
            .or_else(|| w.strip_prefix("opponent"))
            .unwrap_or(w);
        vocab::phases().knows(w)
    })
}

/// Removes every `word(...)` / `word{...}` / `word[...]` call (through the matching closer).
fn cut_all(text: &str, word: &str, open: char, close: char) -> String {
    let mut out = text.to_string();
    let pat = format!("{word}{open}");
    let mut from = 0;
    while let Some(i) = out[from..].find(&pat).map(|i| from + i) {
        let mut depth = 0;
        let mut end = out.len();
        for (j, c) in out[i..].char_indices() {
            if c == open {
                depth += 1;
            } else if c == close {
                depth -= 1;
                if depth == 0 {
                    end = i + j + c.len_utf8();
                    break;
                }
            }
        }
        out.replace_range(i..end, " ");
        from = i;
    }
    out
}

fn find_word(text: &str, kw: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find(kw).map(|i| from + i) {
        // `all(` inside `removeall(`...: the engine searches substrings, but these words are
        // written with a leading boundary in practice; keep only boundaries.
        let ok = i == 0 || !text.as_bytes()[i - 1].is_ascii_alphanumeric();
        if ok {
            return Some(i);
        }
        from = i + 1;
    }
    None
}

/// The ability a lord-family keyword applies, as offsets into `fragment`, after a `{cost}:`
/// in front of it (`aslongas(...) {3}{b}:damage:3`).
pub fn lord_inner(fragment: &str) -> Option<(usize, usize)> {
    let LordShape::Wraps { start, end } = lord_shape(fragment) else {
        return None;
    };
    let inner = &fragment[start..end];
    let skip = if inner.starts_with('{') {
        inner.find("}:").map_or(0, |i| i + 2)
    } else {
        0
    };
    let lead = inner[skip..].len() - inner[skip..].trim_start().len();
    Some((start + skip + lead, end))
}

/// The engine's lord-family reading of a (lowercased, trimmed) fragment.
pub fn lord_shape(fragment: &str) -> LordShape {
    if !LORDS.iter().any(|kw| fragment.contains(kw)) {
        return LordShape::Fine;
    }
    let text = blank_cutouts(fragment);
    let lords: Vec<(usize, &'static str)> = LORDS
        .iter()
        .filter_map(|kw| find_word(&text, kw).map(|i| (i, *kw)))
        .collect();
    if lords.is_empty() {
        return LordShape::Fine;
    }
    // The this-family wins when it comes before the last lord-family keyword (list order).
    let last_in_list = lords.last().map(|(i, _)| *i).unwrap_or(0);
    let this_pos = THISES.iter().filter_map(|kw| find_word(&text, kw)).min();
    if this_pos.is_some_and(|p| p < last_in_list) {
        return LordShape::Fine;
    }
    let (at, kw) = *lords.iter().min_by_key(|(i, _)| *i).expect("non-empty");
    let arg = at + kw.len();
    let Some(close) = text[arg..].find(')').map(|i| arg + i) else {
        return LordShape::Unclosed {
            at,
            len: kw.len() - 1,
        };
    };
    // What follows the keyword's `)`, without the words that end constructs read earlier.
    let mut after: Vec<&str> = text[close + 1..].split_whitespace().collect();
    while after.last().is_some_and(|w| TERMINATORS.contains(w)) {
        after.pop();
    }
    let after_start = close + 1 + (text[close + 1..].len() - text[close + 1..].trim_start().len());
    let after_end = if after.is_empty() {
        after_start
    } else {
        let last = after[after.len() - 1];
        let p = last.as_ptr() as usize - text.as_ptr() as usize;
        p + last.len()
    };
    if after.is_empty() {
        if at == 0 {
            return LordShape::NoAbility {
                at,
                len: kw.len() - 1,
            };
        }
        let before = &text[..at];
        let lead = before.len() - before.trim_start().len();
        return LordShape::Wraps {
            start: lead,
            end: before.trim_end().len(),
        };
    }
    if at == 0 {
        return LordShape::Wraps {
            start: after_start,
            end: after_end,
        };
    }
    let limit = after[0].starts_with("limit:");
    // What stands before the keyword, once the engine's earlier steps took their part.
    let before = &text[..at];
    let mut rest = before.to_string();
    if let Some(then) = rest.find(" then ")
        && (rest.trim_start().starts_with("if ") || rest.trim_start().starts_with("ifnot "))
    {
        rest = rest[then + 6..].to_string();
    }
    for word in ["name", "notatarget", "target", "tutorial", "message"] {
        rest = cut_all(&rest, word, '(', ')');
    }
    rest = cut_all(&rest, "restriction", '{', '}');
    rest = cut_all(&rest, "phaseactionmulti", '[', ']');
    rest = cut_all(&rest, "upcostmulti", '[', ']');
    let remaining = rest
        .split_whitespace()
        .filter(|w| {
            !PREFIXES.contains(w)
                && !phase_restriction(w)
                && !w.starts_with("limit:")
                && w.bytes().any(|b| b.is_ascii_alphanumeric())
        })
        .count();
    if remaining == 0 {
        return LordShape::Wraps {
            start: after_start,
            end: after_end,
        };
    }
    let start = before.len() - before.trim_start().len();
    LordShape::Ignored {
        start,
        end: before.trim_end().len(),
        keyword: kw,
        limit,
    }
}

#[cfg(test)]
mod lord_tests {
    use super::*;

    #[test]
    fn lord_family_placement() {
        assert_eq!(
            lord_shape("lord(creature) 1/1"),
            LordShape::Wraps { start: 15, end: 18 }
        );
        assert_eq!(
            lord_shape("-1/-1 all(creature)"),
            LordShape::Wraps { start: 0, end: 5 }
        );
        assert!(matches!(
            lord_shape("may all(creature) destroy"),
            LordShape::Wraps { .. }
        ));
        assert_eq!(
            lord_shape("foreach(|mybattlefield)"),
            LordShape::NoAbility { at: 0, len: 7 }
        );
        assert_eq!(
            lord_shape("-1/-1 all(creature|battlefield) ueot"),
            LordShape::Ignored {
                start: 0,
                end: 5,
                keyword: "all(",
                limit: false
            }
        );
        assert_eq!(
            lord_shape("frozen all(creature) frozen"),
            LordShape::Ignored {
                start: 0,
                end: 6,
                keyword: "all(",
                limit: false
            }
        );
        assert!(matches!(
            lord_shape("chooseatype all(creature[chosentype]) bury chooseend"),
            LordShape::Wraps { .. }
        ));
        assert!(matches!(
            lord_shape("bury all(creature) chooseend"),
            LordShape::Wraps { .. }
        ));
        assert!(matches!(
            lord_shape("flipacoin loseability sacrifice all(this) loseabilityend flipend"),
            LordShape::Ignored { .. }
        ));
        assert!(matches!(
            lord_shape("damage:1 all(creature,player) limit:1"),
            LordShape::Ignored { limit: true, .. }
        ));
        assert_eq!(
            lord_shape("pay({1}) draw:1 all(player) ueot"),
            LordShape::Fine
        );
        assert_eq!(
            lord_shape("lord(creature[flying] doesnotuntap"),
            LordShape::Unclosed { at: 0, len: 4 }
        );
        assert_eq!(
            lord_shape("thisforeach(variable{x}) damage:1 all(creature)"),
            LordShape::Fine
        );
        assert_eq!(lord_shape("removeallcounters(all)"), LordShape::Fine);
        assert_eq!(
            lord_shape("transforms((,newability[all(creature) destroy])) forever"),
            LordShape::Fine
        );
    }
}
