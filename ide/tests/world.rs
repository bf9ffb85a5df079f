//! The analysis API the language server drives: a workspace of invented Forge and Wagic files,
//! open documents, edits, and every editor feature.

use ide::{CompletionKind, FileEvent, TokenKind, World};
use std::path::{Path, PathBuf};
use syntax::TextSize;

const EMBER: &str = "Name:Ember Caller
ManaCost:2 R
Types:Creature Goblin Shaman
PT:2/2
T:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefeld | ValidCard$ Card.Self | Execute$ TrigToken | TriggerDescription$ When CARDNAME enters, create a 1/1 red Elemental creature token.
SVar:TrigToken:DB$ Token | TokenScript$ r_1_1_elemental | TokenAmount$ X
SVar:X:Count$xPaid
A:AB$ DealDamage | Cost$ R T | ValidTgts$ Creature.YouCtrl | NumDmg$ 1 | SpellDescription$ CARDNAME deals 1 damage to target creature you control.
Oracle:When Ember Caller enters, create a 1/1 red Elemental creature token.\\n{R}, {T}: Ember Caller deals 1 damage to target creature you control.
";

const TOKEN: &str = "Name:Ember Token
ManaCost:no cost
Colors:red
Types:Creature Elemental
PT:1/1
Oracle:
";

const MACROS: &str = "#AUTO_DEFINE __BURN__($n) damage:$n target(creature,player)\n";

const CARDS: &str = "[card]
name=Cinder Imp
auto=__BURN__(2)
auto=@movedto(this|graveyard) from(battlefield):damage:1 target(creature[fliyng]|battlefield)
type=Creature
subtype=Imp
mana={1}{R}
power=1
toughness=1
[/card]
[card]
name=Frost Wisp
abilities=flying
auto={T}:tap target(creature)
type=Creature
subtype=Spirit
mana={U}
power=1
toughness=1
[/card]
";

const SET_A: &str = "[meta]
name=Test Set
[/meta]
[card]
primitive=Cinder Imp
id=9001
rarity=C
[/card]
[card]
primitive=Frost Wisp
id=9002
rarity=C
[/card]
";

const SET_B: &str = "[card]\nprimitive=Frost Wisp\nid=9002\nrarity=U\n[/card]\n";

struct Fixture {
    root: PathBuf,
}

impl Fixture {
    fn new(name: &str) -> Fixture {
        let root =
            std::env::temp_dir().join(format!("cardlint-analysis-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for (path, text) in [
            ("cardsfolder/e/ember_caller.txt", EMBER),
            ("tokenscripts/r_1_1_elemental.txt", TOKEN),
            ("sets/primitives/_macros.txt", MACROS),
            ("sets/primitives/cards.txt", CARDS),
            ("sets/TST/_cards.dat", SET_A),
            ("sets/TSU/_cards.dat", SET_B),
        ] {
            let p = root.join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        Fixture { root }
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.root.join(rel)
    }

    /// A world with the fixture's folder scanned.
    fn world(&self) -> World {
        let mut world = World::new();
        world.set_folders(vec![self.root.clone()]);
        let scan = World::scan(vec![self.root.clone()]);
        assert_eq!(scan.file_count(), 6);
        world.install(scan);
        world
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// The offset of `needle` in `text`, plus `shift`.
fn at(text: &str, needle: &str, shift: usize) -> TextSize {
    let i = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in text"));
    TextSize::from((i + shift) as u32)
}

fn settle(world: &mut World) {
    while world.has_background_work() {
        world.background_step();
    }
}

fn codes(world: &mut World, path: &Path) -> Vec<&'static str> {
    world
        .diagnostics(path)
        .unwrap()
        .iter()
        .map(|d| d.rule.code)
        .collect()
}

fn labels(items: &[ide::Completion]) -> Vec<&str> {
    items.iter().map(|c| c.label.as_str()).collect()
}

fn open(world: &mut World, path: &Path, text: &str) {
    world.open(path.to_path_buf(), None, text.to_string(), 1);
    settle(world);
}

/// Replaces the first `find` with `replace` in an open document.
fn edit(world: &mut World, path: &Path, version: i32, find: &str, replace: &str) -> String {
    let text = world.text(path).unwrap().to_string();
    let start = text.find(find).unwrap();
    let index = world.line_index(path).unwrap();
    let s = index.line_col_utf16(TextSize::from(start as u32));
    let e = index.line_col_utf16(TextSize::from((start + find.len()) as u32));
    world
        .change(path, version, vec![(Some((s, e)), replace.to_string())])
        .unwrap();
    world.text(path).unwrap().to_string()
}

#[test]
fn forge_diagnostics_follow_edits() {
    let fx = Fixture::new("forge-diags");
    let mut world = fx.world();
    let path = fx.path("cardsfolder/e/ember_caller.txt");
    open(&mut world, &path, EMBER);
    assert_eq!(codes(&mut world, &path), vec!["F150"]);
    edit(&mut world, &path, 2, "Battlefeld", "Battlefield");
    assert!(codes(&mut world, &path).is_empty());
    // A reference to a token script that does not exist (a slip of the one the folder holds).
    edit(&mut world, &path, 3, "r_1_1_elemental", "r_1_1_elemnetal");
    assert!(
        codes(&mut world, &path).contains(&"F161"),
        "{:?}",
        codes(&mut world, &path)
    );
    // Malformed positions are clamped, not refused.
    let far = syntax::LineCol {
        line: 999,
        col: 999,
    };
    world
        .change(&path, 4, vec![(Some((far, far)), "\n".into())])
        .unwrap();
    assert!(world.text(&path).unwrap().ends_with("you control.\n\n"));
    assert!(world.change(Path::new("/nowhere.txt"), 1, vec![]).is_err());
}

#[test]
fn forge_completion() {
    let fx = Fixture::new("forge-complete");
    let mut world = fx.world();
    let path = fx.path("cardsfolder/e/ember_caller.txt");
    open(&mut world, &path, EMBER);
    // Line keys at the start of a line.
    let items = world.complete(&path, at(EMBER, "PT:2/2", 1));
    assert!(labels(&items).contains(&"PT"));
    assert!(items.iter().all(|c| c.kind == CompletionKind::Key));
    // ApiTypes after AB$.
    let items = world.complete(&path, at(EMBER, "DealDamage", 4));
    assert!(labels(&items).contains(&"DealDamage"));
    assert!(labels(&items).contains(&"Destroy"));
    // The params DealDamage reads, after `|`.
    let items = world.complete(&path, at(EMBER, "| NumDmg$", 2));
    assert!(labels(&items).contains(&"NumDmg"), "{:?}", labels(&items));
    let numdmg = items.iter().find(|c| c.label == "NumDmg").unwrap();
    assert_eq!(numdmg.insert.as_deref(), Some("NumDmg$ "));
    // Trigger modes after Mode$, zones after Destination$.
    let items = world.complete(&path, at(EMBER, "ChangesZone", 3));
    assert!(labels(&items).contains(&"ChangesZone"));
    let items = world.complete(&path, at(EMBER, "Battlefeld", 3));
    assert!(labels(&items).contains(&"Battlefield"));
    assert!(labels(&items).contains(&"Graveyard"));
    // SVar names where a reference goes.
    let items = world.complete(&path, at(EMBER, "TrigToken |", 2));
    assert!(labels(&items).contains(&"TrigToken"));
    assert!(labels(&items).contains(&"X"));
    // Valid properties after a `.`.
    let items = world.complete(&path, at(EMBER, "YouCtrl", 2));
    assert!(labels(&items).contains(&"YouCtrl"));
    // Count$ keys.
    let items = world.complete(&path, at(EMBER, "xPaid", 1));
    assert!(labels(&items).contains(&"xPaid"), "{:?}", labels(&items));
    // Token scripts.
    let items = world.complete(&path, at(EMBER, "r_1_1_elemental", 2));
    assert!(labels(&items).contains(&"r_1_1_elemental"));
    // Keywords on a K: line, phases on a Phase$ param, counters on CounterType$.
    let text = edit(
        &mut world,
        &path,
        2,
        "Oracle:",
        "K:Fly\nA:AB$ PutCounter | CounterType$ P1P1 | ActivationPhases$ Main1\nOracle:",
    );
    let items = world.complete(&path, at(&text, "K:Fly", 4));
    assert!(labels(&items).contains(&"Flying"));
    let items = world.complete(&path, at(&text, "P1P1", 2));
    assert!(labels(&items).contains(&"P1P1"));
    let items = world.complete(&path, at(&text, "Main1", 2));
    assert!(labels(&items).contains(&"Main1"), "{:?}", labels(&items));
}

#[test]
fn forge_hover_definition_references_rename() {
    let fx = Fixture::new("forge-nav");
    let mut world = fx.world();
    let path = fx.path("cardsfolder/e/ember_caller.txt");
    open(&mut world, &path, EMBER);
    let hover = world.hover(&path, at(EMBER, "DealDamage", 2)).unwrap();
    assert!(
        hover.markdown.contains("**DealDamage**"),
        "{}",
        hover.markdown
    );
    assert!(hover.markdown.contains("NumDmg"), "{}", hover.markdown);
    let hover = world
        .hover(&path, at(EMBER, "Execute$ TrigToken", 12))
        .unwrap();
    assert!(hover.markdown.contains("DB$ Token"), "{}", hover.markdown);
    let hover = world.hover(&path, at(EMBER, "ValidCard", 2)).unwrap();
    assert!(hover.markdown.contains("ValidCard$"), "{}", hover.markdown);
    let hover = world.hover(&path, at(EMBER, "r_1_1_elemental", 2)).unwrap();
    assert!(hover.markdown.contains("Ember Token"), "{}", hover.markdown);
    let hover = world.hover(&path, at(EMBER, "Types:", 1)).unwrap();
    assert!(hover.markdown.contains("**Types**"), "{}", hover.markdown);
    // Definitions: an SVar, a token script.
    let defs = world.definition(&path, at(EMBER, "Execute$ TrigToken", 12));
    assert_eq!(defs.len(), 1);
    assert_eq!(defs[0].range.start(), at(EMBER, "TrigToken:DB", 0));
    let defs = world.definition(&path, at(EMBER, "r_1_1_elemental", 2));
    assert_eq!(defs.len(), 1);
    assert!(
        world
            .path(defs[0].file)
            .ends_with("tokenscripts/r_1_1_elemental.txt")
    );
    // References of an SVar, with and without its definition.
    let refs = world.references(&path, at(EMBER, "TokenAmount$ X", 13), true);
    assert_eq!(refs.len(), 2, "{refs:?}");
    let refs = world.references(&path, at(EMBER, "TokenAmount$ X", 13), false);
    assert_eq!(refs.len(), 1);
    // References of a token script from the script file.
    let token = fx.path("tokenscripts/r_1_1_elemental.txt");
    open(&mut world, &token, TOKEN);
    let refs = world.references(&token, TextSize::from(2), false);
    assert_eq!(refs.len(), 1, "{refs:?}");
    // Rename an SVar across its file.
    let range = world.prepare_rename(&path, at(EMBER, "TokenAmount$ X", 13));
    assert_eq!(range.unwrap().map(|r| u32::from(r.len())), Some(1));
    let edits = world
        .rename(&path, at(EMBER, "TokenAmount$ X", 13), "Amount")
        .unwrap();
    assert_eq!(edits.len(), 2);
    assert!(edits.iter().all(|e| e.edit.new_text == "Amount"));
    assert!(
        world
            .rename(&path, at(EMBER, "TokenAmount$ X", 13), "9bad")
            .is_err()
    );
    assert!(
        world
            .rename(&path, at(EMBER, "Ember Caller", 1), "Other")
            .is_err()
    );
}

#[test]
fn forge_outline_tokens_and_fixes() {
    let fx = Fixture::new("forge-outline");
    let mut world = fx.world();
    let path = fx.path("cardsfolder/e/ember_caller.txt");
    open(&mut world, &path, EMBER);
    let symbols = world.symbols(&path);
    assert_eq!(symbols.len(), 1);
    assert_eq!(symbols[0].name, "Ember Caller");
    let children: Vec<&str> = symbols[0]
        .children
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    assert!(children.contains(&"T: ChangesZone"), "{children:?}");
    assert!(children.contains(&"AB$ DealDamage"), "{children:?}");
    assert!(children.contains(&"TrigToken"), "{children:?}");
    let tokens = world.semantic_tokens(&path, None);
    assert!(tokens.iter().any(|t| t.kind == TokenKind::Property));
    assert!(tokens.iter().any(|t| t.kind == TokenKind::Keyword));
    assert!(
        tokens
            .windows(2)
            .all(|w| w[0].range.end() <= w[1].range.start())
    );
    let range = syntax::TextRange::new(at(EMBER, "Battlefeld", 0), at(EMBER, "Battlefeld", 3));
    let actions = world.code_actions(&path, range);
    assert_eq!(actions.len(), 1);
    assert_eq!(actions[0].edits[0].new_text, "Battlefield");
    assert!(actions[0].preferred);
}

#[test]
fn wagic_features() {
    let fx = Fixture::new("wagic");
    let mut world = fx.world();
    let cards = fx.path("sets/primitives/cards.txt");
    open(&mut world, &cards, CARDS);
    assert_eq!(codes(&mut world, &cards), vec!["W121"]);
    // Keys, triggers, zones, target attributes, basic abilities, macros.
    let items = world.complete(&cards, at(CARDS, "type=Creature", 1));
    assert!(labels(&items).contains(&"type"));
    let items = world.complete(&cards, at(CARDS, "movedto", 2));
    assert!(labels(&items).contains(&"movedto"), "{:?}", labels(&items));
    let items = world.complete(&cards, at(CARDS, "graveyard)", 2));
    assert!(
        labels(&items).contains(&"graveyard"),
        "{:?}",
        labels(&items)
    );
    let items = world.complete(&cards, at(CARDS, "fliyng", 2));
    assert!(labels(&items).contains(&"tapped"), "{:?}", labels(&items));
    assert!(labels(&items).contains(&"flying"));
    let items = world.complete(&cards, at(CARDS, "flying\n", 3));
    assert!(labels(&items).contains(&"flying"));
    let items = world.complete(&cards, at(CARDS, "tap target", 2));
    assert!(labels(&items).contains(&"tap"), "{:?}", labels(&items));
    assert!(labels(&items).contains(&"__BURN__"));
    let items = world.complete(&cards, at(CARDS, "__BURN__", 3));
    assert_eq!(labels(&items), vec!["__BURN__"]);
    // Hover: a key, an effect, a macro's expansion.
    let hover = world.hover(&cards, at(CARDS, "subtype", 1)).unwrap();
    assert!(hover.markdown.contains("**subtype**"));
    let hover = world.hover(&cards, at(CARDS, "damage:1", 2)).unwrap();
    assert!(hover.markdown.contains("**damage**"), "{}", hover.markdown);
    let hover = world.hover(&cards, at(CARDS, "__BURN__", 3)).unwrap();
    assert!(
        hover.markdown.contains("damage:2 target(creature,player)"),
        "{}",
        hover.markdown
    );
    // The macro's definition, and its uses.
    let defs = world.definition(&cards, at(CARDS, "__BURN__", 3));
    assert_eq!(defs.len(), 1);
    assert!(world.path(defs[0].file).ends_with("_macros.txt"));
    let refs = world.references(&cards, at(CARDS, "__BURN__", 3), true);
    assert_eq!(refs.len(), 2, "{refs:?}");
    // Outline, folding, tokens.
    let symbols = world.symbols(&cards);
    let names: Vec<&str> = symbols.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, vec!["Cinder Imp", "Frost Wisp"]);
    assert_eq!(world.folding(&cards).len(), 2);
    let tokens = world.semantic_tokens(&cards, None);
    assert!(tokens.iter().any(|t| t.kind == TokenKind::Event));
    assert!(tokens.iter().any(|t| t.kind == TokenKind::Macro));
    // References of a card: its definition and the set entries naming it.
    let refs = world.references(&cards, at(CARDS, "Frost Wisp", 2), true);
    assert_eq!(refs.len(), 3, "{refs:?}");
}

#[test]
fn wagic_primitives_and_ids_across_files() {
    let fx = Fixture::new("wagic-cross");
    let mut world = fx.world();
    let set = fx.path("sets/TST/_cards.dat");
    open(&mut world, &set, SET_A);
    let hover = world.hover(&set, at(SET_A, "Frost Wisp", 2)).unwrap();
    assert!(
        hover.markdown.contains("abilities=flying"),
        "{}",
        hover.markdown
    );
    let defs = world.definition(&set, at(SET_A, "Frost Wisp", 2));
    assert_eq!(defs.len(), 1);
    assert!(world.path(defs[0].file).ends_with("cards.txt"));
    let items = world.complete(&set, at(SET_A, "Frost Wisp", 3));
    assert_eq!(labels(&items), vec!["Frost Wisp"]);
    assert_eq!(items[0].kind, CompletionKind::Reference);
    let refs = world.references(&set, at(SET_A, "9002", 1), true);
    assert_eq!(refs.len(), 2, "{refs:?}");

    // The second set repeats id 9002; the duplicate goes when the first set changes it.
    let other = fx.path("sets/TSU/_cards.dat");
    open(&mut world, &other, SET_B);
    assert_eq!(codes(&mut world, &other), vec!["W104"]);
    edit(&mut world, &set, 2, "id=9002", "id=9003");
    world.diagnostics(&set);
    settle(&mut world);
    assert!(codes(&mut world, &other).is_empty());
    // A change on disk (file watching) of a file that is not open.
    world.close(&set);
    settle(&mut world);
    assert_eq!(codes(&mut world, &other), vec!["W104"]);
    std::fs::write(
        fx.path("sets/TST/_cards.dat"),
        SET_A.replace("9002", "9004"),
    )
    .unwrap();
    world.files_changed(vec![(fx.path("sets/TST/_cards.dat"), FileEvent::Changed)]);
    settle(&mut world);
    assert!(codes(&mut world, &other).is_empty());
    std::fs::remove_file(fx.path("sets/TST/_cards.dat")).unwrap();
    world.files_changed(vec![(fx.path("sets/TST/_cards.dat"), FileEvent::Deleted)]);
    settle(&mut world);
    assert!(codes(&mut world, &other).is_empty());
    let publications = world.take_publications();
    assert!(publications.iter().any(|p| p.path == other));
}

#[test]
fn an_index_job_overtaken_by_an_edit_is_dropped() {
    let fx = Fixture::new("wagic-job");
    let mut world = fx.world();
    let set = fx.path("sets/TST/_cards.dat");
    let other = fx.path("sets/TSU/_cards.dat");
    open(&mut world, &set, SET_A);
    open(&mut world, &other, SET_B);
    settle(&mut world);
    assert_eq!(codes(&mut world, &other), vec!["W104"]);
    // The first set drops the duplicate id: a rebuild is due, taken as a job (off the world).
    edit(&mut world, &set, 2, "id=9002", "id=9003");
    world.diagnostics(&set);
    let job = world.index_job().expect("a rebuild is due");
    // Meanwhile the id comes back: the job's index is out of date and is not installed.
    edit(&mut world, &set, 3, "id=9003", "id=9002");
    world.finish_index_job(job.run());
    assert!(world.has_background_work(), "the rebuild is still due");
    settle(&mut world);
    assert_eq!(codes(&mut world, &other), vec!["W104"]);
    // A job that nothing overtook is installed.
    edit(&mut world, &set, 4, "id=9002", "id=9007");
    world.diagnostics(&set);
    let job = world.index_job().expect("a rebuild is due");
    world.finish_index_job(job.run());
    settle(&mut world);
    assert!(codes(&mut world, &other).is_empty());
    assert!(world.index_job().is_none());
}

#[test]
fn wagic_edits_stay_equal_to_a_full_check() {
    let fx = Fixture::new("wagic-edits");
    let mut world = fx.world();
    let cards = fx.path("sets/primitives/cards.txt");
    open(&mut world, &cards, CARDS);
    let edits = [
        ("fliyng", "flying"),
        ("damage:1", "damage:1 && draw:2"),
        ("name=Frost Wisp", "name=Frost Wisps"),
        ("[/card]\n[card]", "[/card]\n# between\n[card]"),
        ("toughness=1\n[/card]\n#", "toughness=1\n#"),
    ];
    for (version, (find, replace)) in edits.iter().enumerate() {
        edit(&mut world, &cards, version as i32 + 2, find, replace);
        world.diagnostics(&cards);
        settle(&mut world);
        let got: Vec<String> = world
            .diagnostics(&cards)
            .unwrap()
            .iter()
            .map(|d| format!("{} {:?} {}", d.rule.code, d.range, d.message))
            .collect();
        // The same text checked from scratch, in a world of its own.
        let text = world.text(&cards).unwrap().to_string();
        std::fs::write(&cards, &text).unwrap();
        let mut fresh = fx.world();
        open(&mut fresh, &cards, &text);
        let want: Vec<String> = fresh
            .diagnostics(&cards)
            .unwrap()
            .iter()
            .map(|d| format!("{} {:?} {}", d.rule.code, d.range, d.message))
            .collect();
        assert_eq!(got, want, "after {find:?}");
    }
}

/// An invented card with a Destroy spell, the cursor after `A:SP$ Destroy | `.
const GLOOM: &str =
    "Name:Gloom Test Card\nManaCost:1 B\nTypes:Sorcery\nA:SP$ Destroy | \nOracle:\n";

#[test]
fn forge_param_completion_is_ranked_by_relevance() {
    let fx = Fixture::new("forge-rank");
    let mut world = fx.world();
    let path = fx.path("cardsfolder/g/gloom_test_card.txt");
    open(&mut world, &path, GLOOM);
    let items = world.complete(&path, at(GLOOM, "Destroy | ", 10));
    let got = labels(&items);
    assert_eq!(got.first(), Some(&"ValidTgts"), "{got:?}");
    // Destroy's own parameters before the ones every ability reads.
    let pos = |l: &str| got.iter().position(|x| *x == l).unwrap();
    assert!(pos("NoRegen") < pos("ActivationLimit"), "{got:?}");
    // Editors keep the order and match on the name.
    let sort: Vec<&str> = items.iter().map(|c| c.sort.as_deref().unwrap()).collect();
    assert!(sort.windows(2).all(|w| w[0] < w[1]), "{sort:?}");
    assert!(
        items
            .iter()
            .all(|c| c.filter.as_deref() == Some(c.label.as_str()))
    );
    // Typing `Valid`: what an editor keeps, in its sortText order.
    let mut valid: Vec<&ide::Completion> = items
        .iter()
        .filter(|c| c.filter.as_deref().unwrap().starts_with("Valid"))
        .collect();
    valid.sort_by_key(|c| c.sort.clone());
    assert_eq!(valid[0].label, "ValidTgts");
    // (`ValidActivatingPlayer$`, an AI hint, when the vocabulary has it, comes after.)
    let vl: Vec<&str> = valid.iter().map(|c| c.label.as_str()).collect();
    if let Some(i) = vl.iter().position(|x| *x == "ValidActivatingPlayer") {
        assert!(i > 0, "{vl:?}");
    }
}

#[test]
fn forge_hover_is_written_for_scripters() {
    let fx = Fixture::new("forge-hover-plain");
    let mut world = fx.world();
    let path = fx.path("cardsfolder/g/gloom_test_card.txt");
    let text = GLOOM.replace("Destroy | ", "Destroy | ValidTgts$ Creature | Cost$ 1");
    open(&mut world, &path, &text);
    let md = world
        .hover(&path, at(&text, "ValidTgts", 2))
        .unwrap()
        .markdown;
    // What it does, the values it takes (the most used first), which records read it.
    assert!(md.contains("What the ability may target"), "{md}");
    assert!(md.contains("The most used bases: `Creature`"), "{md}");
    assert!(md.contains("Read by Destroy"), "{md}");
    assert!(
        md.contains("Forge versions: 2020, 2022 and today's."),
        "{md}"
    );
    for internal in [
        "AbilityFactory",
        "universal",
        "AI (general)",
        ".java",
        "Effect",
    ] {
        assert!(!md.contains(internal), "{md}");
    }
    let md = world.hover(&path, at(&text, "Cost$", 1)).unwrap().markdown;
    assert!(md.contains("Read by every ability."), "{md}");
    let md = world
        .hover(&path, at(&text, "Destroy", 2))
        .unwrap()
        .markdown;
    assert!(md.contains("**Destroy** — ApiType"), "{md}");
    assert!(md.contains("Parameters: `ValidTgts$`"), "{md}");
    assert!(!md.contains("DestroyEffect"), "{md}");
    // `Defined$`: DestroyAi reads it, and so does the code every ability's effect shares to
    // find what it acts on: a parameter, not an AI hint.
    let (params, hints) = md.split_once("Hints for the computer player").unwrap();
    assert!(params.contains("`Defined$`"), "{md}");
    assert!(!hints.contains("`Defined$`"), "{md}");
    assert!(hints.contains("`AILogic$`"), "{md}");
}

/// A parameter's hover shows a line of the user's own cards using it, of the same kind of
/// record when one does (never the line under the cursor, never a shipped line).
#[test]
fn forge_param_hover_shows_an_example_from_the_workspace() {
    let fx = Fixture::new("forge-hover-example");
    let mut world = fx.world();
    let path = fx.path("cardsfolder/g/gloom_test_card.txt");
    let text = GLOOM.replace("Destroy | ", "Destroy | ValidTgts$ Creature | NumDmg$ 2");
    open(&mut world, &path, &text);
    // Ember Caller's DealDamage line is the workspace's only other `ValidTgts$`.
    let md = world
        .hover(&path, at(&text, "ValidTgts", 2))
        .unwrap()
        .markdown;
    assert!(md.contains("Example, from `ember_caller.txt`"), "{md}");
    assert!(
        md.contains("A:AB$ DealDamage | Cost$ R T | ValidTgts$ Creature.YouCtrl"),
        "{md}"
    );
    // `Execute$`: only the trigger line of Ember Caller has one.
    let other = fx.path("cardsfolder/o/other_card.txt");
    let text2 = "Name:Other Card\nManaCost:1\nTypes:Artifact\nA:AB$ Destroy | Cost$ 1 | Defined$ Self | SpellDescription$ Destroy it.\nOracle:\n";
    open(&mut world, &other, text2);
    let md = world.hover(&path, at(&text, "NumDmg", 2)).unwrap().markdown;
    assert!(md.contains("A number, or the name of an SVar"), "{md}");
    assert!(md.contains("NumDmg$ 1"), "{md}");
    // A Destroy record's `Defined$`: the other Destroy line is the example, not the trigger.
    let md = world
        .hover(&other, at(text2, "Defined$", 2))
        .unwrap()
        .markdown;
    assert!(md.contains("Read by every ability"), "{md}");
    assert!(!md.contains("hint for the AI"), "{md}");
    // The only line with it is the cursor's: no example.
    assert!(!md.contains("Example"), "{md}");
    assert!(md.contains("the most used: `"), "{md}");
}

/// Inlay hints: an SVar's `Count$` expression in words, at its definition and where an amount
/// names it; the `Triggered*` objects of a trigger's mode.
#[test]
fn forge_inlay_hints() {
    let fx = Fixture::new("forge-inlay");
    let mut world = fx.world();
    let path = fx.path("cardsfolder/e/ember_caller.txt");
    // (`References$ X` copies X by name: no hint there.)
    let text = EMBER
        .replace("NumDmg$ 1 |", "NumDmg$ Y |")
        .replace("TokenAmount$ X", "TokenAmount$ X | References$ X")
        + "SVar:Y:Count$Valid Creature.YouCtrl\nSVar:Z:Count$Valid Creature.sharesColorWith\n";
    open(&mut world, &path, &text);
    let hints = world.inlay_hints(&path, None);
    let shown: Vec<(usize, &str)> = hints
        .iter()
        .map(|h| (usize::from(h.position), h.label.as_str()))
        .collect();
    let after = |needle: &str| text.find(needle).unwrap() + needle.len();
    assert!(
        shown.contains(&(after("SVar:X:Count$xPaid"), "= X paid")),
        "{shown:?}"
    );
    assert!(
        shown.contains(&(after("TokenAmount$ X"), "= X paid")),
        "{shown:?}"
    );
    assert!(
        shown.contains(&(after("NumDmg$ Y"), "= number of creatures you control")),
        "{shown:?}"
    );
    // Nothing for what it cannot state.
    assert!(!shown.iter().any(|(_, l)| l.contains("sharesColorWith")));
    assert_eq!(
        shown.iter().filter(|(_, l)| l.starts_with('=')).count(),
        4,
        "{shown:?}"
    );
    // The mode's hover lists them too.
    let md = world
        .hover(&path, at(&text, "ChangesZone", 2))
        .unwrap()
        .markdown;
    assert!(md.contains("Provides: `TriggeredCard`"), "{md}");
    let trigger = hints
        .iter()
        .find(|h| usize::from(h.position) == after("Mode$ ChangesZone"))
        .unwrap();
    assert!(trigger.label.starts_with("→ Triggered"), "{trigger:?}");
    assert!(
        trigger
            .tooltip
            .as_deref()
            .unwrap()
            .contains("`TriggeredCard`"),
        "{trigger:?}"
    );
    // A range: only the hints inside it.
    let line = at(&text, "SVar:X", 0);
    let r = ide::syntax::TextRange::new(line, at(&text, "A:AB$", 0));
    let inside = world.inlay_hints(&path, Some(r));
    assert_eq!(inside.len(), 1, "{inside:?}");
    assert_eq!(inside[0].label, "= X paid");
}

const SWEEP: &str = "Name:Test Sweep
ManaCost:2 B
Types:Sorcery
A:SP$ PumpAll | ValidCards$ Creature | NumAtt$ -Amt | NumDef$ -Amt | SubAbility$ DBDraw | SpellDescription$ Creatures get -Amt/-Amt.
SVar:DBDraw:DB$ Draw | NumCards$ Half | ConditionCheckSVar$ Big | ConditionSVarCompare$ GE2
SVar:Amt:Count$Valid Creature.YouCtrl/Plus.Bonus
SVar:Bonus:Number$1
SVar:Half:SVar$Amt/HalfUp
SVar:Big:Count$Compare Amt GEBonus.1.0
SVar:PlayMain1:TRUE
";

/// The texts at `ranges` of `text`.
fn texts(text: &str, locations: &[ide::Location]) -> Vec<String> {
    locations
        .iter()
        .map(|l| text[std::ops::Range::<usize>::from(l.range)].to_string())
        .collect()
}

#[test]
fn forge_svar_references_inside_expressions_and_amounts() {
    let fx = Fixture::new("forge-svar-refs");
    let mut world = fx.world();
    let path = fx.path("cardsfolder/t/test_sweep.txt");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, SWEEP).unwrap();
    open(&mut world, &path, SWEEP);
    // From the definition and from each kind of use, the same list: the definition, the signed
    // amounts, `SVar$Amt`, `Count$Compare Amt`; not the description.
    let expected = [
        at(SWEEP, "-Amt |", 1),
        at(SWEEP, "NumDef$ -Amt", 9),
        at(SWEEP, "SVar:Amt", 5),
        at(SWEEP, "SVar$Amt", 5),
        at(SWEEP, "Compare Amt", 8),
    ];
    for from in expected {
        let refs = world.references(&path, from, true);
        let starts: Vec<TextSize> = refs.iter().map(|l| l.range.start()).collect();
        assert_eq!(starts, expected, "from {from:?}: {:?}", texts(SWEEP, &refs));
        assert!(texts(SWEEP, &refs).iter().all(|t| t == "Amt"));
    }
    assert_eq!(world.references(&path, expected[0], false).len(), 4);
    // A math operand and the right side of a comparison.
    let refs = world.references(&path, at(SWEEP, "Plus.Bonus", 6), true);
    assert_eq!(refs.len(), 3, "{:?}", texts(SWEEP, &refs));
    let defs = world.definition(&path, at(SWEEP, "GEBonus", 3));
    assert_eq!(defs[0].range.start(), at(SWEEP, "SVar:Bonus", 5));
    // The chain keys.
    let refs = world.references(&path, at(SWEEP, "SubAbility$ DBDraw", 13), true);
    assert_eq!(refs.len(), 2);
    let refs = world.references(&path, at(SWEEP, "NumCards$ Half", 11), true);
    assert_eq!(refs.len(), 2);

    // Rename changes every one of them, and the description stays as written.
    assert_eq!(
        world
            .prepare_rename(&path, at(SWEEP, "SVar$Amt", 6))
            .unwrap()
            .map(|r| r.start()),
        Some(at(SWEEP, "SVar$Amt", 5))
    );
    let edits = world
        .rename(&path, at(SWEEP, "Compare Amt", 9), "Total")
        .unwrap();
    assert_eq!(edits.len(), 5);
    let mut renamed = SWEEP.to_string();
    let mut sorted: Vec<_> = edits.iter().map(|e| e.edit.clone()).collect();
    sorted.sort_by_key(|e| std::cmp::Reverse(e.range.start()));
    for e in sorted {
        renamed.replace_range(std::ops::Range::<usize>::from(e.range), &e.new_text);
    }
    assert!(renamed.contains("SVar:Total:Count$Valid"));
    assert!(renamed.contains("NumAtt$ -Total | NumDef$ -Total"));
    assert!(renamed.contains("SVar$Total/HalfUp"));
    assert!(renamed.contains("Compare Total GEBonus"));
    assert!(renamed.contains("get -Amt/-Amt."));

    // Refused: a bad name, a name the face has, a name Forge reads, renaming one Forge reads.
    let err = world
        .rename(&path, at(SWEEP, "SVar:Amt", 6), "9 lives")
        .unwrap_err();
    assert!(err.contains("not an SVar name"), "{err}");
    assert!(!err.contains('`'), "plain text: {err}");
    let err = world
        .rename(&path, at(SWEEP, "SVar:Amt", 6), "Bonus")
        .unwrap_err();
    assert!(err.contains("already has an SVar"), "{err}");
    let err = world
        .rename(&path, at(SWEEP, "SVar:Amt", 6), "AIPreference")
        .unwrap_err();
    assert!(err.contains("by name"), "{err}");
    let err = world
        .prepare_rename(&path, at(SWEEP, "PlayMain1", 2))
        .unwrap_err();
    assert!(err.contains("by name"), "{err}");
    assert_eq!(
        world.prepare_rename(&path, at(SWEEP, "Sorcery", 2)),
        Ok(None)
    );
}

#[test]
fn forge_x_is_renamed_only_without_an_x_cost() {
    let fx = Fixture::new("forge-x");
    let mut world = fx.world();
    let path = fx.path("cardsfolder/e/ember_caller.txt");
    // The fixture's X is an ordinary name ...
    open(&mut world, &path, EMBER);
    assert!(
        world
            .prepare_rename(&path, at(EMBER, "TokenAmount$ X", 13))
            .unwrap()
            .is_some()
    );
    // ... until the card pays X.
    let text = edit(&mut world, &path, 2, "ManaCost:2 R", "ManaCost:X R");
    let err = world
        .prepare_rename(&path, at(&text, "TokenAmount$ X", 13))
        .unwrap_err();
    assert!(err.contains("'X'"), "{err}");
    assert!(
        world
            .rename(&path, at(&text, "TokenAmount$ X", 13), "Amount")
            .is_err()
    );
}

#[test]
fn wagic_macro_and_card_name_references_and_rename() {
    let fx = Fixture::new("wagic-rename");
    let mut world = fx.world();
    let cards = fx.path("sets/primitives/cards.txt");
    let macros = fx.path("sets/primitives/_macros.txt");
    open(&mut world, &cards, CARDS);
    // A macro: its definition and its use, from either.
    let refs = world.references(&cards, at(CARDS, "__BURN__", 3), true);
    assert_eq!(refs.len(), 2, "{refs:?}");
    let refs = world.references(&macros, at(MACROS, "__BURN__", 3), false);
    assert_eq!(refs.len(), 1, "{refs:?}");
    assert_eq!(refs[0].range.start(), at(CARDS, "__BURN__", 0));
    assert_eq!(
        world
            .prepare_rename(&cards, at(CARDS, "__BURN__", 3))
            .unwrap()
            .map(|r| r.len()),
        Some(TextSize::from(8))
    );
    let edits = world
        .rename(&cards, at(CARDS, "__BURN__", 3), "_SCORCH_")
        .unwrap();
    assert_eq!(edits.len(), 2);
    assert!(edits.iter().any(|e| world.path(e.file) == macros));
    assert!(edits.iter().all(|e| e.edit.new_text == "_SCORCH_"));
    let err = world
        .rename(&cards, at(CARDS, "__BURN__", 3), "two words")
        .unwrap_err();
    assert!(err.contains("not a macro name"), "{err}");

    // A card name: the definition and every `primitive=` naming it, across the library.
    let set = fx.path("sets/TST/_cards.dat");
    let refs = world.references(&cards, at(CARDS, "Frost Wisp", 2), true);
    assert_eq!(refs.len(), 3, "{refs:?}");
    open(&mut world, &set, SET_A);
    assert_eq!(
        world
            .prepare_rename(&set, at(SET_A, "Frost Wisp", 2))
            .unwrap()
            .map(|r| r.len()),
        Some(TextSize::of("Frost Wisp"))
    );
    let edits = world
        .rename(&set, at(SET_A, "Frost Wisp", 2), "Frost Wraith")
        .unwrap();
    assert_eq!(edits.len(), 3, "{edits:?}");
    let files: std::collections::BTreeSet<_> = edits.iter().map(|e| e.file).collect();
    assert_eq!(files.len(), 3);
    let err = world
        .rename(&set, at(SET_A, "Frost Wisp", 2), "Cinder Imp")
        .unwrap_err();
    assert!(err.contains("already defines a card"), "{err}");
    assert!(
        world
            .rename(&set, at(SET_A, "Frost Wisp", 2), " Padded")
            .is_err()
    );
    // Nothing to rename on a key.
    assert_eq!(world.prepare_rename(&set, at(SET_A, "rarity", 1)), Ok(None));
}

#[test]
fn wagic_single_underscore_macros_are_found() {
    let fx = Fixture::new("wagic-underscore");
    let mut world = fx.world();
    let macros = fx.path("sets/primitives/_macros.txt");
    let text = format!("{MACROS}#AUTO_DEFINE _GROW_ counter(1/1)\n");
    std::fs::write(&macros, &text).unwrap();
    world.files_changed(vec![(macros.clone(), FileEvent::Changed)]);
    settle(&mut world);
    let cards = fx.path("sets/primitives/cards.txt");
    let with_use = CARDS.replace("auto={T}:tap target(creature)", "auto=_GROW_");
    open(&mut world, &cards, &with_use);
    let defs = world.definition(&cards, at(&with_use, "_GROW_", 2));
    assert_eq!(defs.len(), 1, "{defs:?}");
    assert_eq!(world.path(defs[0].file), macros);
    let refs = world.references(&cards, at(&with_use, "_GROW_", 2), true);
    assert_eq!(refs.len(), 2, "{refs:?}");
}

/// A large Wagic document (a few thousand cards, parsed in two halves and linted in the
/// background after its first cards): once settled, its findings equal those of a fresh check,
/// on opening and after edits near its start, middle and end.
/// 3,000 primitives (over 256 KB: parsed and linted in steps) named `<name> Test Wisp <i>`;
/// every 500th has a misspelt ability (found only by the background lint).
fn large_wagic_text(name: &str) -> String {
    let mut text = String::new();
    for i in 0..3000 {
        let ability = if i % 500 == 499 { "fliyng" } else { "flying" };
        text.push_str(&format!(
            "[card]\nname={name} Test Wisp {i}\nabilities={ability}\ntype=Creature\nsubtype=Spirit\nmana={{1}}{{U}}\npower=1\ntoughness=1\n[/card]\n"
        ));
    }
    assert!(text.len() > 256 * 1024);
    text
}

#[test]
fn large_wagic_documents_settle_to_a_full_check() {
    let fx = Fixture::new("wagic-large");
    let mut world = fx.world();
    let cards = fx.path("sets/primitives/cards.txt");
    let text = large_wagic_text("Large");
    let full = |fx: &Fixture, text: &str| -> Vec<String> {
        std::fs::write(&cards, text).unwrap();
        let mut fresh = fx.world();
        open(&mut fresh, &cards, text);
        fresh
            .diagnostics(&cards)
            .unwrap()
            .iter()
            .map(|d| format!("{} {:?} {}", d.rule.code, d.range, d.message))
            .collect()
    };
    open(&mut world, &cards, &text);
    let got = |world: &mut World| -> Vec<String> {
        world
            .diagnostics(&cards)
            .unwrap()
            .iter()
            .map(|d| format!("{} {:?} {}", d.rule.code, d.range, d.message))
            .collect()
    };
    let want = full(&fx, &text);
    assert_eq!(want.iter().filter(|d| d.contains("fliyng")).count(), 6);
    assert_eq!(got(&mut world), want, "after opening");
    let edits = [
        (
            "name=Large Test Wisp 3\n",
            "name=Large Test Wisp 3\nauto=twist\n",
        ),
        ("Wisp 1700\nabilities=flying", "Wisp 1700\nabilities=flyng"),
        // A type word that another card's target names enters the library, then leaves it.
        (
            "name=Large Test Wisp 7\n",
            "name=Large Test Wisp 7\nauto=lord(creature[goblinx]) +1/+1\n",
        ),
        (
            "Wisp 2000\nabilities=flying\ntype=Creature\n",
            "Wisp 2000\nabilities=flying\ntype=Creature Goblinx\n",
        ),
        ("type=Creature Goblinx\n", "type=Creature Goblin\n"),
        (
            "name=Large Test Wisp 2999\n",
            "name=Large Test Wisp 2999\n[card]\n",
        ),
    ];
    for (version, (find, replace)) in edits.iter().enumerate() {
        let text = edit(&mut world, &cards, version as i32 + 2, find, replace);
        world.diagnostics(&cards);
        settle(&mut world);
        assert_eq!(got(&mut world), full(&fx, &text), "after {find:?}");
    }
    // Edited before its background work ran (only its first cards are parsed then): the
    // edited text is analysed whole.
    let mut early = fx.world();
    early.open(cards.clone(), None, text.clone(), 1);
    let first = got(&mut early);
    assert!(first.len() < want.len());
    let edited = edit(
        &mut early,
        &cards,
        2,
        "Wisp 2998\nabilities=flying",
        "Wisp 2998\nabilities=flyng",
    );
    early.diagnostics(&cards);
    settle(&mut early);
    assert_eq!(got(&mut early), full(&fx, &edited), "after an early edit");
}

/// A large Wagic file that is not open is linted in steps of cards (its rest parsed on a thread
/// of its own); what is published for it equals its findings when open, and a small closed
/// file's findings are published beside it.
#[test]
fn large_closed_wagic_files_are_published_whole() {
    let fx = Fixture::new("wagic-large-closed");
    let cards = fx.path("sets/primitives/cards.txt");
    let text = large_wagic_text("Closed");
    std::fs::write(&cards, &text).unwrap();
    std::fs::write(
        fx.path("sets/TSU/_cards.dat"),
        "[card]\nprimitive=No Such Card\nid=9002\nrarity=U\n[/card]\n",
    )
    .unwrap();
    let key = |d: &lint::Diagnostic| format!("{} {:?} {}", d.rule.code, d.range, d.message);

    let mut world = fx.world();
    world.set_workspace_diagnostics(true);
    settle(&mut world);
    let publications = world.take_publications();
    let published: Vec<String> = publications
        .iter()
        .find(|p| p.path == cards)
        .expect("the large file's findings are published")
        .diagnostics
        .iter()
        .map(key)
        .collect();
    assert!(
        publications
            .iter()
            .any(|p| p.path.ends_with("sets/TSU/_cards.dat") && !p.diagnostics.is_empty())
    );

    let mut opened = fx.world();
    open(&mut opened, &cards, &text);
    settle(&mut opened);
    let want: Vec<String> = opened
        .diagnostics(&cards)
        .unwrap()
        .iter()
        .map(key)
        .collect();
    assert_eq!(want.iter().filter(|d| d.contains("fliyng")).count(), 6);
    assert_eq!(published, want);
}

fn symbol_names(world: &mut World, query: &str) -> Vec<(String, &'static str, String)> {
    world
        .workspace_symbols(query, 50)
        .into_iter()
        .map(|s| {
            (
                s.name,
                s.dialect.name(),
                world.relative_path(s.file).display().to_string(),
            )
        })
        .collect()
}

/// Workspace symbols: every card of the workspace by name, Forge faces and Wagic blocks (not the
/// set entries that only point at a primitive, not `[meta]` names), ranked, with the range of
/// the name; they follow edits of open documents (Forge whole, Wagic in place), files changed
/// on disk and deleted ones.
#[test]
fn workspace_symbols_find_every_card_by_name() {
    let fx = Fixture::new("workspace-symbols");
    let mut world = fx.world();
    let all = symbol_names(&mut world, "");
    let mut names: Vec<&str> = all.iter().map(|(n, _, _)| n.as_str()).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        ["Cinder Imp", "Ember Caller", "Ember Token", "Frost Wisp"],
        "{all:?}"
    );
    assert_eq!(
        symbol_names(&mut world, "ember"),
        [
            (
                "Ember Token".to_string(),
                "forge",
                "tokenscripts/r_1_1_elemental.txt".to_string()
            ),
            (
                "Ember Caller".to_string(),
                "forge",
                "cardsfolder/e/ember_caller.txt".to_string()
            ),
        ]
    );
    // Word prefix, then letters in order.
    assert_eq!(symbol_names(&mut world, "wisp")[0].0, "Frost Wisp");
    assert_eq!(
        symbol_names(&mut world, "wisp")[0].2,
        "sets/primitives/cards.txt"
    );
    let sub = world.workspace_symbols("cndimp", 10);
    assert_eq!(sub.len(), 1);
    assert_eq!(sub[0].rank, ide::Rank::Subsequence);
    assert_eq!(&CARDS[sub[0].range], "Cinder Imp");

    // A Forge document renamed in the editor.
    let ember = fx.path("cardsfolder/e/ember_caller.txt");
    open(&mut world, &ember, EMBER);
    edit(
        &mut world,
        &ember,
        2,
        "Name:Ember Caller",
        "Name:Ember Herald",
    );
    assert_eq!(symbol_names(&mut world, "ember caller"), []);
    let herald = world.workspace_symbols("ember herald", 10);
    assert_eq!(herald[0].rank, ide::Rank::Exact);
    assert_eq!(
        &world.text(&ember).unwrap()[herald[0].range],
        "Ember Herald"
    );

    // A Wagic document edited in place: a card added above the others moves their names.
    let cards = fx.path("sets/primitives/cards.txt");
    open(&mut world, &cards, CARDS);
    edit(
        &mut world,
        &cards,
        2,
        "[card]\nname=Cinder Imp",
        "[card]\nname=Ash Sprite\ntype=Creature\n[/card]\n[card]\nname=Cinder Imp",
    );
    let text = world.text(&cards).unwrap().to_string();
    for name in ["Ash Sprite", "Cinder Imp", "Frost Wisp"] {
        let found = world.workspace_symbols(name, 5);
        assert_eq!(found[0].name, name);
        assert_eq!(&text[found[0].range], name);
    }

    // On disk: a new card file, and a deleted one.
    let storm = fx.path("cardsfolder/s/storm_wisp.txt");
    std::fs::create_dir_all(storm.parent().unwrap()).unwrap();
    std::fs::write(&storm, "Name:Storm Wisp\nManaCost:U\nTypes:Instant\n").unwrap();
    world.files_changed(vec![(storm.clone(), FileEvent::Created)]);
    let wisps: Vec<String> = symbol_names(&mut world, "wisp")
        .into_iter()
        .map(|(n, _, _)| n)
        .collect();
    assert_eq!(wisps, ["Frost Wisp", "Storm Wisp"]);
    std::fs::remove_file(&storm).unwrap();
    world.files_changed(vec![(storm, FileEvent::Deleted)]);
    assert_eq!(symbol_names(&mut world, "storm"), []);
}

/// `source.fixAll`: every safe fix of the document at once, as `cardlint check --fix` takes
/// them; the fixed text has no safe fix left, and a document without one gets none.
#[test]
fn fix_all_takes_every_safe_fix_at_once() {
    const TWIN: &str = "Name:Twin Fixer
ManaCost:1 R
Types:Creature Goblin
PT:1/1
T:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefeld | ValidCard$ Card.Self | Execute$ TrigDraw | TriggerDescription$ When CARDNAME enters, draw a card.
SVar:TrigDraw:DB$ Draw | Defined$ You | NumCards$ 1
A:AB$ DealDamage | Cost$ T | ValidTgts$ Creature | NumDmg$ 1 | ActivationZone$ Graveyrd | SpellDescription$ CARDNAME deals 1 damage to target creature.
K:Flyng
Oracle:When Twin Fixer enters, draw a card.\\n{T}: Twin Fixer deals 1 damage to target creature.
";
    let fx = Fixture::new("fix-all");
    let mut world = fx.world();
    let path = fx.path("cardsfolder/t/twin_fixer.txt");
    open(&mut world, &path, TWIN);
    let all = world.fix_all(&path).expect("safe fixes");
    assert_eq!(all.fixes, 3, "{all:?}");
    assert!(
        all.edits
            .windows(2)
            .all(|w| w[0].range.end() <= w[1].range.start())
    );
    let mut fixed = TWIN.to_string();
    for e in all.edits.iter().rev() {
        fixed.replace_range(std::ops::Range::<usize>::from(e.range), &e.new_text);
    }
    assert!(fixed.contains("Destination$ Battlefield |"), "{fixed}");
    assert!(fixed.contains("ActivationZone$ Graveyard |"), "{fixed}");
    assert!(fixed.contains("\nK:Flying\n"), "{fixed}");
    world.change(&path, 2, vec![(None, fixed.clone())]).unwrap();
    settle(&mut world);
    assert_eq!(world.fix_all(&path), None);
    assert_eq!(codes(&mut world, &path), Vec::<&str>::new(), "{fixed}");
    // Not a document of the world: nothing.
    assert_eq!(world.fix_all(&fx.path("nowhere.txt")), None);
}

/// The labels in the order an editor shows them (by `sortText`, then label).
fn shown(items: &[ide::Completion]) -> Vec<(String, ide::CompletionKind)> {
    let mut items: Vec<&ide::Completion> = items.iter().collect();
    items.sort_by(|a, b| {
        let key = |c: &ide::Completion| c.sort.clone().unwrap_or_else(|| c.label.clone());
        key(a).cmp(&key(b))
    });
    items.iter().map(|c| (c.label.clone(), c.kind)).collect()
}

/// Value completion ranked by what the parameter takes (issue 26): the types scripters target
/// most after `ValidTgts$ ` (Creature in the first five, not Abian, Ability...), the players and
/// objects `Defined$` most often names, the properties most used after `.`; after Wagic
/// `auto=`, the effects cards use, and no macro or structure symbol in the first five.
#[test]
fn value_completion_is_ranked_by_what_the_parameter_takes() {
    let fx = Fixture::new("value-rank");
    let mut world = fx.world();
    let forge = "Name:Rank Test\nManaCost:B\nTypes:Sorcery\nA:SP$ Destroy | ValidTgts$  | SpellDescription$ Destroy.\nSVar:DBDraw:DB$ Draw | Defined$  | NumCards$ 1\nS:Mode$ Continuous | Affected$ Creature. | AddPower$ 1\nOracle:\n";
    let path = fx.path("cardsfolder/r/rank_test.txt");
    open(&mut world, &path, forge);
    let tgts = shown(&world.complete(&path, at(forge, "ValidTgts$ ", 11)));
    let first: Vec<&str> = tgts.iter().take(5).map(|(l, _)| l.as_str()).collect();
    assert!(first.contains(&"Creature"), "{first:?}");
    assert_eq!(first[0], "Creature", "{first:?}");
    assert!(!first.contains(&"Abian"), "{first:?}");
    let defined = shown(&world.complete(&path, at(forge, "Defined$ ", 9)));
    let first: Vec<&str> = defined.iter().take(5).map(|(l, _)| l.as_str()).collect();
    assert!(first.contains(&"You"), "{first:?}");
    let props = shown(&world.complete(&path, at(forge, "Creature. ", 9)));
    let first: Vec<&str> = props.iter().take(5).map(|(l, _)| l.as_str()).collect();
    assert!(first.contains(&"YouCtrl"), "{first:?}");

    let cards = fx.path("sets/primitives/cards.txt");
    let text = CARDS.replace("auto={T}:tap target(creature)", "auto=");
    open(&mut world, &cards, &text);
    let items = world.complete(&cards, at(&text, "auto=\n", 5));
    let auto = shown(&items);
    assert!(
        auto.iter()
            .any(|(l, k)| l == "__BURN__" && *k == ide::CompletionKind::Macro),
        "the library's macro is offered: {auto:?}"
    );
    let first = &auto[..5];
    assert!(
        first.iter().all(|(l, k)| *k != ide::CompletionKind::Macro
            && l.starts_with(|c: char| c.is_ascii_alphabetic())),
        "{first:?}"
    );
    // Macros come last.
    let last_word = auto
        .iter()
        .rposition(|(_, k)| *k != ide::CompletionKind::Macro)
        .unwrap();
    assert!(
        auto[last_word + 1..]
            .iter()
            .all(|(_, k)| *k == ide::CompletionKind::Macro)
    );
    assert!(
        items
            .iter()
            .all(|c| c.filter.as_deref() == Some(c.label.as_str()))
    );
}

/// Value completion after `target(`, a trigger's `@movedTo(` and `|`: the target words and the
/// zones, the most used first (issue 26: nothing popped up after `@movedTo(`).
#[test]
fn wagic_targets_and_zones_are_offered_in_calls() {
    let fx = Fixture::new("wagic-calls");
    let mut world = fx.world();
    let cards = fx.path("sets/primitives/cards.txt");
    let first = |world: &mut World, probe: &str| -> Vec<String> {
        let text = CARDS.replace("auto={T}:tap target(creature)", probe);
        open(world, &cards, &text);
        let items = world.complete(&cards, at(&text, probe, probe.len()));
        shown(&items).into_iter().take(3).map(|(l, _)| l).collect()
    };
    assert_eq!(
        first(&mut world, "auto=@movedTo("),
        ["*", "this", "creature"]
    );
    assert_eq!(
        first(&mut world, "auto=@movedTo(mytgt|mygraveyard) from("),
        ["*", "this", "creature"]
    );
    assert_eq!(
        first(&mut world, "auto=destroy target("),
        ["creature", "*", "land"]
    );
    assert_eq!(
        first(&mut world, "auto=@movedTo(creature|"),
        ["battlefield", "graveyard", "mybattlefield"]
    );
    assert_eq!(
        first(
            &mut world,
            "auto=@movedTo(this|graveyard) from(battlefield):damage:1 target("
        ),
        ["creature", "*", "land"]
    );
    // Hover on a target word says what it selects.
    let text = CARDS.replace(
        "auto={T}:tap target(creature)",
        "auto={T}:tap target(mytgt)",
    );
    open(&mut world, &cards, &text);
    let md = world.hover(&cards, at(&text, "mytgt", 1)).unwrap().markdown;
    assert!(md.contains("**mytgt** — target"), "{md}");
}

/// A Wagic ability word's hover shows a line of the user's own cards that uses it.
#[test]
fn wagic_hover_shows_an_example_from_the_workspace() {
    let fx = Fixture::new("wagic-hover-example");
    let mut world = fx.world();
    let cards = fx.path("sets/primitives/cards.txt");
    open(&mut world, &cards, CARDS);
    // `tap` is used on the cursor's line only: no example.
    let md = world
        .hover(&cards, at(CARDS, "tap target", 1))
        .unwrap()
        .markdown;
    assert!(md.contains("**tap** — effect"), "{md}");
    assert!(!md.contains("Example"), "{md}");
    let more = fx.path("sets/primitives/more.txt");
    let text = "[card]\nname=Tap Test\ntext=Tap target creature.\nauto={1}:tap target(creature[-tapped])\ntype=Sorcery\n[/card]\n";
    open(&mut world, &more, text);
    let md = world
        .hover(&cards, at(CARDS, "tap target", 1))
        .unwrap()
        .markdown;
    assert!(md.contains("Example, from `more.txt`"), "{md}");
    assert!(
        md.contains("auto={1}:tap target(creature[-tapped])"),
        "{md}"
    );
    // Not a `text=` line, and not a word inside another (`untap`).
    assert!(!md.contains("Tap target creature."), "{md}");
}

/// Player parameters take players (`OptionalDecider$`, ChangeZone's `DefinedPlayer$`), player
/// Valid items take player properties, SVar parameters the card's SVars.
#[test]
fn forge_players_and_svars_are_offered_where_the_engine_reads_them() {
    let fx = Fixture::new("forge-players");
    let mut world = fx.world();
    let path = fx.path("cardsfolder/p/player_test.txt");
    let text = "Name:Player Test\nManaCost:B\nTypes:Sorcery\nA:SP$ DealDamage | ValidTgts$ Player.  | NumDmg$ 2 | OptionalDecider$  | SubAbility$  | SpellDescription$ Ouch.\nSVar:DBDraw:DB$ ChangeZone | Origin$ Library | Destination$ Hand | DefinedPlayer$  | References$ DBDraw,  | ChangeNum$ X\nSVar:X:Count$xPaid\nOracle:\n";
    open(&mut world, &path, text);
    let labels_at = |world: &mut World, needle: &str| -> Vec<String> {
        shown(&world.complete(&path, at(text, needle, needle.len())))
            .into_iter()
            .map(|(l, _)| l)
            .collect()
    };
    let decider = labels_at(&mut world, "OptionalDecider$ ");
    assert!(decider[..3].contains(&"You".to_string()), "{decider:?}");
    assert!(!decider.contains(&"Self".to_string()), "{decider:?}");
    let defined = labels_at(&mut world, "DefinedPlayer$ ");
    assert!(defined.contains(&"You".to_string()), "{defined:?}");
    assert!(!defined.contains(&"Equipped".to_string()), "{defined:?}");
    let props = labels_at(&mut world, "Player.");
    assert!(props.contains(&"IsPoisoned".to_string()), "{props:?}");
    assert!(!props.contains(&"YouCtrl".to_string()), "{props:?}");
    for needle in ["SubAbility$ ", "References$ DBDraw, "] {
        let svars = labels_at(&mut world, needle);
        assert_eq!(svars, ["DBDraw", "X"], "{needle}");
    }
}
