//! Fixture tests for the Wagic extractor: small C++ files written for these tests (invented code
//! that only mimics the shape of an engine: the same file, class and function names, none of its
//! text) exercise each pattern the extractor reads, the errors and the TSV form.

use std::path::Path;

use extract::ExtractError;
use extract::wagic::{Lookup, WagicExtraction, WagicKind, extract, reads};

mod common;
use common::TempDir;

fn rows(x: &WagicExtraction, kind: WagicKind) -> Vec<String> {
    x.of(kind)
        .map(|r| format!("{}/{}", r.name, r.detail))
        .collect()
}

#[track_caller]
fn expect(x: &WagicExtraction, kind: WagicKind, name: &str, detail: &str) {
    assert!(
        x.of(kind).any(|r| r.name == name && r.detail == detail),
        "no {kind} {name:?}/{detail}; have {:?}",
        rows(x, kind)
    );
}

#[track_caller]
fn absent(x: &WagicExtraction, kind: WagicKind, name: &str) {
    assert!(
        !x.of(kind).any(|r| r.name == name),
        "unexpected {kind} {name:?}: {:?}",
        rows(x, kind)
    );
}

const DEFINITIONS: &str = r#"
// Invented tables.
const char* Constants::MTGBasicAbilities[] = {
    "glide", // 0
    "stomp",
    /* "ghost", */ "swampstride",
    "fast" "hands"
};
const char* Constants::MTGPhaseCodeNames[] =
{
    "dawn",
    "noon",
    "dusk"
};
const string Constants::kSpecialWord = "special";
"#;

const DEFINITIONS_H: &str = r#"
class Constants {
  enum
  {
      MTG_COLOR_TEAL = 0,
      MTG_COLOR_PINK = 1,
      MTG_NB_COLORS = 2
  };
};
"#;

fn tree() -> TempDir {
    let t = TempDir::new("tree");
    t.write("engine/src/MTGDefinitions.cpp", DEFINITIONS)
        .write("engine/include/MTGDefinitions.h", DEFINITIONS_H);
    t
}

#[test]
fn tables_keep_their_order_and_index() {
    let t = tree();
    let x = extract(t.path()).unwrap();
    assert_eq!(
        rows(&x, WagicKind::BasicAbility),
        ["glide/0", "stomp/1", "swampstride/2", "fasthands/3"]
    );
    let first = x.of(WagicKind::BasicAbility).next().unwrap();
    assert_eq!(first.location, "engine/src/MTGDefinitions.cpp:4");
    assert_eq!(rows(&x, WagicKind::Phase), ["dawn/0", "noon/1", "dusk/2"]);
    expect(&x, WagicKind::Color, "teal", "0");
    expect(&x, WagicKind::Color, "pink", "1");
    assert_eq!(x.of(WagicKind::Color).count(), 2);
}

#[test]
fn zones_pair_names_with_ids_and_read_the_chooser_and_the_mover() {
    let t = tree();
    t.write(
        "engine/src/MTGGameZones.cpp",
        r#"
int MTGGameZone::zoneStringToId(string zoneName)
{
    const char * strings[] = { "mypile", "pile",
        "theirpile" };
    int values[] = { MY_PILE, PILE, THEIR_PILE };
    for (int i = 0; i < 3; ++i)
        if (zoneName.compare(strings[i]) == 0) return values[i];
    return 0;
}
"#,
    )
    .write(
        "engine/src/TargetChooser.cpp",
        r#"
TargetChooser * TargetChooserFactory::createTargetChooser(string s, MTGCardInstance * card)
{
    string zoneName = s;
    if (zoneName.compare("*") == 0) { all(); }
    else if (zoneName == "bothpiles") { both(); }
    string attribute = s;
    if (attribute.find("shiny") != string::npos) shiny();
    else if (attribute.find(")") != string::npos) noop();
    return NULL;
}
"#,
    )
    .write(
        "engine/src/AllAbilities.cpp",
        r#"
MTGGameZone * AAMover::destinationZone(Targetable * target)
{
    if (destination == "formerpile") return NULL;
    return NULL;
}
"#,
    );
    let x = extract(t.path()).unwrap();
    expect(&x, WagicKind::Zone, "mypile", "id:MY_PILE");
    expect(&x, WagicKind::Zone, "theirpile", "id:THEIR_PILE");
    expect(&x, WagicKind::Zone, "*", "target");
    expect(&x, WagicKind::Zone, "bothpiles", "target");
    expect(&x, WagicKind::Zone, "formerpile", "moveto");
    expect(&x, WagicKind::TargetRestriction, "shiny", "contains");
    // Punctuation that cuts the text is no word.
    absent(&x, WagicKind::TargetRestriction, ")");
}

#[test]
fn factory_tests_follow_helpers_constants_and_pieces_of_the_text() {
    let t = tree();
    t.write(
        "engine/src/MTGAbility.cpp",
        r#"
const string kFamily[] = { "clan(", "tribe(" };

TriggeredAbility * AbilityFactory::parseTrigger(string s, string, int id)
{
    bool once = (s.find("onlyonce") != string::npos);
    if (TargetChooser * tc = parseSimpleTC(s, "bumped", card)) return NULL;
    vector<string> modes = split(inner, ',');
    if (modes[0] == "sideways") return NULL;
    return NULL;
}

MTGAbility * AbilityFactory::parseMagicLine(string s, int id)
{
    // s.find("commented") is no test
    found = s.find("zap:");
    vector<string> splitTrigger = parseBetween(s, "@", ":");
    if (splitTrigger.size() && splitTrigger[1].find("limiter{") != string::npos) {}
    vector<string> splitGift = parseBetween(s, "gift ", " giftend", false);
    for (size_t i = 0; i < 2; ++i)
    {
        const string& keyword = kFamily[i];
        if (s.find(keyword) == 0) {}
    }
    if (s.find(Constants::kSpecialWord) != string::npos) {}
    string piece = s.substr(3);
    if (piece.find("inner") != string::npos) {}
    if (StartsWith(s, "lead")) {}
    if (other.find("unrelated") != string::npos) {}
    return NULL;
}

int AbilityFactory::parseRestriction(string s)
{
    if (s.find("mornings") != string::npos) return 1;
    return 0;
}
"#,
    );
    let x = extract(t.path()).unwrap();
    expect(&x, WagicKind::Trigger, "onlyonce", "contains");
    expect(&x, WagicKind::Trigger, "bumped(", "contains");
    // The factory's own test of the `@...:` text.
    expect(&x, WagicKind::Trigger, "limiter{", "contains");
    expect(&x, WagicKind::Effect, "zap:", "contains");
    expect(&x, WagicKind::Effect, "gift ", "contains");
    expect(&x, WagicKind::Effect, " giftend", "contains");
    expect(&x, WagicKind::Effect, "clan(", "prefix");
    expect(&x, WagicKind::Effect, "tribe(", "prefix");
    expect(&x, WagicKind::Effect, "special", "contains");
    expect(&x, WagicKind::Effect, "inner", "contains");
    expect(&x, WagicKind::Effect, "lead", "prefix");
    expect(&x, WagicKind::Restriction, "mornings", "contains");
    absent(&x, WagicKind::Effect, "commented");
    absent(&x, WagicKind::Effect, "unrelated");
    // `modes` is not a variable of parseTrigger's text.
    absent(&x, WagicKind::Trigger, "sideways");
}

#[test]
fn card_keys_by_letter_literal_and_zone() {
    let t = tree();
    t.write(
        "engine/src/MTGDeck.cpp",
        r#"
int MTGAllCards::processConfLine(string &s, MTGCard *card)
{
    const string key = s.substr(0, 3);
    switch (key[0])
    {
    case 'h':
        if (key == "hue") {}
        else if (StartsWith(key, "hook")) {}
        break;
    case 'w': //weight
        if (s.find("wgt") != string::npos) {}
        break;
    default:
        break;
    }
    return 0;
}

void MTGSetInfo::processConfLine(string line)
{
    string key = line;
    if (key.compare("era") == 0) {}
}

int AbilityFactory::getAbilities(MTGCardInstance * card)
{
    string text = card->magicTexts["attic"];
    return 0;
}
"#,
    );
    let x = extract(t.path()).unwrap();
    expect(&x, WagicKind::Key, "h", "card:letter");
    expect(&x, WagicKind::Key, "w", "card:letter");
    expect(&x, WagicKind::Key, "hue", "card:h:exact");
    expect(&x, WagicKind::Key, "hook", "card:h:prefix");
    expect(&x, WagicKind::Key, "wgt", "card:w:contains");
    expect(&x, WagicKind::Key, "era", "meta:exact");
    expect(&x, WagicKind::Key, "autoattic", "card:auto:exact");
    let k = |name: &str, detail: &str, word: &str| reads(Lookup::Key, name, detail, word);
    assert!(k("wgt", "card:w:contains", "wgtx"));
    assert!(!k("wgt", "card:w:contains", "hwgt"));
}

#[test]
fn inline_class_methods_are_found() {
    let t = tree();
    t.write(
        "engine/include/AllAbilities.h",
        r#"
class WParsedInt
{
public:
    int intValue;
private:
    void init(string s, Spell * spell)
    {
        if (s == "pebbles") intValue = 1;
        else if (s.find("heap:") != string::npos) intValue = 2;
    }
};
"#,
    );
    let x = extract(t.path()).unwrap();
    expect(&x, WagicKind::Variable, "pebbles", "exact");
    expect(&x, WagicKind::Variable, "heap:", "contains");
    // The 2016-style tree has no `extendedParse`: the extraction says so.
    assert!(x.warnings.iter().any(|w| w.contains("extendedParse")));
}

#[test]
fn errors_and_partial_trees() {
    match extract(Path::new("/no/such/wagic/tree")) {
        Err(ExtractError::NotFound(_)) => {}
        other => panic!("expected NotFound, got {other:?}"),
    }
    let empty = TempDir::new("empty");
    empty.write("README.txt", "nothing here");
    match extract(empty.path()) {
        Err(e @ ExtractError::NotWagic(_)) => assert!(e.to_string().contains("MTGDefinitions")),
        other => panic!("expected NotWagic, got {other:?}"),
    }
    // Only the definitions: the tables, and a warning per missing reader.
    let t = tree();
    let x = extract(t.path()).unwrap();
    assert_eq!(x.files, 2);
    assert!(x.warnings.iter().any(|w| w.contains("parseMagicLine")));
    assert!(x.warnings.iter().any(|w| w.contains("zoneStringToId")));
}

#[test]
fn tsv_round_trips_and_digest_follows_the_content() {
    let t = tree();
    let x = extract(t.path()).unwrap();
    let text = x.to_tsv("fixture");
    assert!(text.starts_with("# cardlint wagic vocabulary v1\n# label: fixture\n"));
    assert!(text.contains("basic-ability\tglide\t0\tengine/src/MTGDefinitions.cpp:4\n"));
    assert_eq!(WagicExtraction::from_tsv(&text).unwrap(), x);
    t.write(
        "engine/src/MTGDefinitions.cpp",
        &DEFINITIONS.replace("stomp", "stamp"),
    );
    let y = extract(t.path()).unwrap();
    assert_ne!(x.digest, y.digest);
    expect(&y, WagicKind::BasicAbility, "stamp", "1");
}
