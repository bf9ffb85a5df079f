//! Fixture tests: small Java trees written for these tests (invented classes that only mimic the
//! shape of an engine) exercise each pattern the extractor reads, the errors and the TSV form.

use extract::{ExtractError, Extraction, Kind, extract, source_digest};

mod common;
use common::TempDir;

fn has(x: &Extraction, kind: Kind, name: &str, detail: &str) -> bool {
    x.rows
        .iter()
        .any(|r| r.kind == kind && r.name == name && r.detail == detail)
}

fn names(x: &Extraction, kind: Kind) -> Vec<String> {
    x.of(kind)
        .map(|r| format!("{}/{}", r.name, r.detail))
        .collect()
}

#[track_caller]
fn expect(x: &Extraction, kind: Kind, name: &str, detail: &str) {
    assert!(
        has(x, kind, name, detail),
        "missing {kind} {name} / {detail}; have {:?}",
        names(x, kind)
    );
}

#[track_caller]
fn reject(x: &Extraction, kind: Kind, name: &str, detail: &str) {
    assert!(
        !has(x, kind, name, detail),
        "unexpected {kind} {name} / {detail}"
    );
}

// An invented engine: the ApiType enum and its effect classes.
fn engine_core(t: &TempDir) {
    t.write(
        "game/ability/ApiType.java",
        r#"package forge.game.ability;
import forge.game.ability.effects.*;
/** Invented for the tests. */
public enum ApiType {
    Smash (SmashEffect.class),
    Zap (ZapEffect.class, false);
    ApiType(Class<?> c) { this(c, true); }
    ApiType(Class<?> c, boolean b) { }
}
"#,
    )
    .write(
        "game/ability/SpellAbilityEffect.java",
        r#"package forge.game.ability;
public abstract class SpellAbilityEffect {
    protected static List<Card> getDefinedCardsOrTargeted(SpellAbility sa, String definedParam) {
        return pick(sa, definedParam);
    }
    private static List<Card> pick(SpellAbility sa, String p) { return sa.hasParam(p) ? null : null; }
    protected String describe(SpellAbility sa) { return sa.getParam("StackDescription"); }
}
"#,
    )
    .write(
        "game/ability/effects/SmashBase.java",
        r#"package forge.game.ability.effects;
public abstract class SmashBase extends SpellAbilityEffect {
    static final String FURY = "Fury";
    protected void base(SpellAbility sa, String x) {
        if (sa.hasParam(FURY)) { }
        String y = sa.getParamOrDefault("Noise", "loud");
        String k = "Dyn" + x;
        sa.getParam(k);
    }
}
"#,
    )
    .write(
        "game/ability/effects/SmashEffect.java",
        r#"package forge.game.ability.effects;
public class SmashEffect extends SmashBase {
    public void resolve(SpellAbility sa) {
        sa.getParam("Power");
        getDefinedCardsOrTargeted(sa, "Victims");
        ZapEffect.shared(sa);
        String mode = sa.hasParam("Loud") ? "A" : "B";
        for (final String key : ORDER) { sa.hasParam(key); }
    }
    static final java.util.List<String> ORDER = Lists.newArrayList("First", // a comment
        "Second");
}
"#,
    )
    .write(
        "game/ability/effects/ZapEffect.java",
        r#"package forge.game.ability.effects;
public class ZapEffect extends SmashBase {
    static void shared(SpellAbility sa) { sa.getParam("Spark"); }
    public void resolve(SpellAbility sa) { sa.getParam(cond() ? "Left" : "Right"); }
}
"#,
    );
}

fn engine_rest(t: &TempDir) {
    t.write(
        "ai/SpellApiToAi.java",
        r#"package forge.ai;
public enum SpellApiToAi {
    Converter;
    private final Map<ApiType, Class<? extends SpellAbilityAi>> apiToClass = Maps.newEnumMap(ImmutableMap
            .<ApiType, Class<? extends SpellAbilityAi>>builder()
            .put(ApiType.Smash, SmashAi.class)
            .put(ApiType.Zap, SmashAi.class)
            .build());
}
"#,
    )
    .write(
        "ai/ability/SmashAi.java",
        r#"package forge.ai.ability;
public class SmashAi extends SpellAbilityAi {
    protected boolean canPlay(Player ai, SpellAbility sa) {
        final Map<String, String> params = sa.getMapParams();
        return params.containsKey("AIHint") && sa.hasParam("AILogic") && sa.hasParam("Spark");
    }
}
"#,
    )
    .write(
        "ai/ComputerUtil.java",
        r#"package forge.ai;
public class ComputerUtil {
    static boolean check(SpellAbility sa, Map<String, Object> runParams) {
        runParams.get("NotAParam");
        return sa.hasParam("PlayMain1");
    }
}
"#,
    )
    .write(
        "game/trigger/TriggerType.java",
        r#"package forge.game.trigger;
public enum TriggerType {
    Bonked(TriggerBonked.class),
    BonkedAll(TriggerBonked.class);
    TriggerType(Class<? extends Trigger> c) { }
}
"#,
    )
    .write(
        "game/trigger/TriggerBonked.java",
        r#"package forge.game.trigger;
public class TriggerBonked extends Trigger {
    public boolean performTest(Map<AbilityKey, Object> runParams) {
        if (!getParam("Origin").equals("Anywhere")) { }
        return hasParam("ValidBonker");
    }
    public void setTriggeringObjects(SpellAbility sa, Map<AbilityKey, Object> runParams) {
        sa.setTriggeringObject(AbilityKey.Card, runParams.get(AbilityKey.Card));
        sa.setTriggeringObjectsFrom(runParams, AbilityKey.Player, AbilityKey.Amount);
        more(sa);
    }
    private void more(SpellAbility sa) { sa.setTriggeringObject("Bonker", null); }
}
"#,
    )
    .write(
        "game/trigger/Trigger.java",
        r#"package forge.game.trigger;
public abstract class Trigger extends CardTraitBase {
    boolean common() { return hasParam("TriggerZones"); }
}
"#,
    )
    .write(
        "game/replacement/ReplacementType.java",
        r#"package forge.game.replacement;
public enum ReplacementType { Bonk(ReplaceBonk.class); ReplacementType(Class<?> c) { } }
"#,
    )
    .write(
        "game/replacement/ReplaceBonk.java",
        r#"package forge.game.replacement;
public class ReplaceBonk extends ReplacementEffect {
    public ReplaceBonk(Map<String, String> map, Card host) { if (map.containsKey("Layer")) { } }
    public boolean canReplace() { return mapParams.containsKey("ValidCard"); }
}
"#,
    )
    .write(
        "game/CardTraitBase.java",
        r#"package forge.game;
public abstract class CardTraitBase {
    protected Map<String, String> mapParams;
    public String getParam(String key) { return mapParams.get(key); }
    public boolean hasParam(String key) { return mapParams.containsKey(key); }
    public boolean matchesValidParam(String param, Object o) { return hasParam(param); }
    boolean req() { return hasParam("CheckSVar"); }
}
"#,
    )
    .write(
        "game/staticability/StaticAbility.java",
        r#"package forge.game.staticability;
public class StaticAbility extends CardTraitBase {
    public final boolean applyAbility(final String mode, final Card card) {
        if (!getParam("Mode").equals(mode)) { return false; }
        if (mode.equals("CantBonk")) { return StaticAbilityCantBonk.applyIt(this, card); }
        return false;
    }
    boolean layer() { return getParam("Mode").equals("Continuous") && hasParam("Affected"); }
}
"#,
    )
    .write(
        "game/staticability/StaticAbilityCantBonk.java",
        r#"package forge.game.staticability;
public class StaticAbilityCantBonk {
    static String MODE = "CantBonk";
    static boolean applyIt(StaticAbility stAb, Card card) { return stAb.matchesValidParam("ValidBonker", card); }
    static boolean any(Card c) {
        for (final StaticAbility stAb : c.getStaticAbilities()) {
            if (!stAb.getParam("Mode").equals(MODE)) { continue; }
        }
        return false;
    }
}
"#,
    )
    .write(
        "game/staticability/StaticAbilityContinuous.java",
        r#"package forge.game.staticability;
public class StaticAbilityContinuous {
    static void apply(StaticAbility stAb) { stAb.hasParam("AddPower"); }
}
"#,
    )
    .write(
        "game/card/Card.java",
        r#"package forge.game.card;
public class Card {
    boolean canBonk(List<String> kws) {
        for (StaticAbility stAb : getStaticAbilities()) { stAb.applyAbility("CantBonk", this); }
        for (final String keyword : kws) { if (keyword.startsWith("Bonkproof")) { return false; } }
        return !hasKeyword("CARDNAME can't bonk.");
    }
    boolean other(Trigger t) { return "Attacks".equals(t.getParam("Mode")); }
}
"#,
    )
    .write(
        "game/card/CardProperty.java",
        r#"package forge.game.card;
public class CardProperty {
    public static boolean cardHasProperty(Card card, String property, Player sc, Card source) {
        if (helper(property)) { return true; }
        if (property.equals("Bonked")) { return true; }
        else if (property.startsWith("bonkedBy ")) { return property.endsWith("Thrice"); }
        String rest = property.substring(3);
        if (rest.equals("NotAProperty")) { }
        return false;
    }
    private static boolean helper(String p) { return p.endsWith("Twice"); }
}
"#,
    )
    .write(
        "game/player/PlayerProperty.java",
        r#"package forge.game.player;
public class PlayerProperty {
    public static boolean playerHasProperty(Player p, String property, Player sc) {
        switch (property) { case "Bonker": return true; default: return false; }
    }
}
"#,
    )
    .write(
        "game/ForgeScript.java",
        r#"package forge.game;
public class ForgeScript {
    public static boolean spellAbilityHasProperty(SpellAbility sa, String property, Player sc) {
        return property.equals("Bonking");
    }
    public static boolean cardStateHasProperty(CardState cs, String property, Player sc) {
        return "Shiny".equals(property);
    }
}
"#,
    )
    .write(
        "game/keyword/Keyword.java",
        r#"package forge.game.keyword;
public enum Keyword {
    UNDEFINED(SimpleKeyword.class, false, ""),
    FIRST_STRIKE(SimpleKeyword.class, true, "Hits first."),
    BONK_BACK("Bonk back", KeywordWithAmount.class, false, "Bonks %d.");
    Keyword(Class<?> c, boolean b, String r) { }
    Keyword(String d, Class<?> c, boolean b, String r) { }
}
"#,
    )
    .write(
        "game/card/CounterEnumType.java",
        r#"package forge.game.card;
public enum CounterEnumType {
    P1P1("+1/+1", "+1/+1", 1, 2, 3),
    BONK("BONK", 1, 2, 3);
    CounterEnumType(final String name, final String counterOnCardDisplayName, int r, int g, int b) { }
    CounterEnumType(final String counterOnCardDisplayName, int r, int g, int b) { }
}
"#,
    )
    .write(
        "game/zone/ZoneType.java",
        r#"package forge.game.zone;
public enum ZoneType {
    Hand(true), Battlefield(false);
    ZoneType(boolean hidden) { }
    public static ZoneType smartValueOf(final String value) {
        if ("All".equals(value)) { return null; }
        return null;
    }
}
"#,
    )
    .write(
        "game/phase/PhaseType.java",
        r#"package forge.game.phase;
public enum PhaseType {
    UNTAP("Untap"),
    MAIN1("Main, precombat", "Main1");
    public final String nameForScripts;
    PhaseType(String name) { this(name, name); }
    PhaseType(String name, String scriptName) { nameForScripts = scriptName; }
}
"#,
    )
    .write(
        "game/cost/Cost.java",
        r#"package forge.game.cost;
public class Cost {
    public Cost(String parse, boolean ability) {
        for (String part : parse.split(" ")) {
            if (part.equals("T")) { tap = true; }
            CostPart cp = parseCostPart(part);
        }
    }
    private static CostPart parseCostPart(String parse) {
        if (parse.startsWith("Bonk<")) { return new CostBonk(parse); }
        if (parse.equals("Q")) { return new CostUntap(); }
        if (parse.equals("T")) { return new CostTap(); }
        return null;
    }
    String describe(String type) { return type.startsWith("another") ? "" : type; }
}
"#,
    )
    .write(
        "game/ability/AbilityUtils.java",
        r#"package forge.game.ability;
public class AbilityUtils {
    public static CardCollection getDefinedCards(Card host, String def, SpellAbility sa) {
        String defined = (def == null) ? "Self" : def;
        final String[] parts = defined.split("\\.", 2);
        defined = parts[0];
        if (defined.equals("Self")) { }
        else if (defined.startsWith("Bonked")) { }
        else if ("Enchanted".equals(defined.substring(9))) { }
        return tail(defined);
    }
    private static CardCollection tail(String d) { if (d.endsWith("Victim")) { } return null; }
    public static PlayerCollection getDefinedPlayers(Card c, String def, SpellAbility sa) {
        if (def.equals("You")) { }
        return null;
    }
    public static int xCount(Card c, String expression, CardTraitBase ctb) {
        final String[] l = expression.split("/");
        if (l[0].startsWith("Count$")) { l[0] = l[0].substring(6); }
        final String[] sq = l[0].split("\\.");
        if (sq[0].contains("Bonks")) { }
        if (sq[1].equals("ALL")) { }
        return 0;
    }
}
"#,
    )
    .write(
        "card/CardRules.java",
        r#"package forge.card;
public final class CardRules {
    public static class Reader {
        public final void parseLine(final String line) {
            int colonPos = line.indexOf(':');
            String key = colonPos > 0 ? line.substring(0, colonPos) : line;
            String value = colonPos > 0 ? line.substring(1 + colonPos).trim() : null;
            switch (key.charAt(0)) {
                case 'N':
                    if ("Name".equals(key)) { }
                    break;
            }
            switch (key) { case "Bonk": break; default: break; }
            if ("no cost".equals(value)) { }
        }
    }
}
"#,
    )
    // Code outside the engine and the GUI/player packages is not read.
    .write(
        "gui/Screen.java",
        "package forge.toolbox;\nclass Screen { void f(SpellAbility sa) { sa.getParam(\"GuiOnly\"); } }\n",
    );
}

#[test]
fn reads_every_pattern() {
    let t = TempDir::new("full");
    engine_core(&t);
    engine_rest(&t);
    let x = extract(t.path()).unwrap();
    assert_eq!(x.java_files, 29);
    assert_eq!(x.parsed_files, 28);

    expect(&x, Kind::Api, "Smash", "SmashEffect");
    expect(&x, Kind::Api, "Zap", "ZapEffect");
    expect(&x, Kind::ApiAi, "Smash", "SmashAi");
    expect(&x, Kind::ApiAi, "Zap", "SmashAi");
    expect(&x, Kind::Trigger, "Bonked", "TriggerBonked");
    expect(&x, Kind::Replacement, "Bonk", "ReplaceBonk");

    // Static modes: a literal compared in the root class, a mode-parameter method and the class
    // its branch calls, a constant of the handler class.
    expect(&x, Kind::Static, "CantBonk", "StaticAbilityCantBonk");
    expect(&x, Kind::Static, "Continuous", "StaticAbilityContinuous");
    reject(&x, Kind::Static, "Attacks", "");

    expect(&x, Kind::Keyword, "First Strike", "SimpleKeyword");
    expect(&x, Kind::Keyword, "Bonk back", "KeywordWithAmount");
    assert!(!x.of(Kind::Keyword).any(|r| r.name == "Undefined"));
    expect(&x, Kind::KeywordInternal, "CARDNAME can't bonk.", "");
    expect(&x, Kind::KeywordInternal, "Bonkproof", "");

    expect(&x, Kind::Counter, "P1P1", "+1/+1");
    expect(&x, Kind::Counter, "BONK", "");
    expect(&x, Kind::Zone, "Hand", "enum");
    expect(&x, Kind::Zone, "All", "special");
    expect(&x, Kind::Zone, "Anywhere", "special");
    expect(&x, Kind::Phase, "UNTAP", "enum");
    expect(&x, Kind::Phase, "Untap", "name");
    expect(&x, Kind::Phase, "Main1", "name");
    reject(&x, Kind::Phase, "Main, precombat", "name");

    expect(&x, Kind::Cost, "Bonk", "CostBonk");
    expect(&x, Kind::Cost, "Q", "CostUntap");
    expect(&x, Kind::Cost, "T", "CostTap");
    assert!(!x.of(Kind::Cost).any(|r| r.name == "another"));

    expect(&x, Kind::Defined, "Self", "exact:card");
    expect(&x, Kind::Defined, "Bonked", "prefix:card");
    expect(&x, Kind::Defined, "Victim", "suffix:card");
    expect(&x, Kind::Defined, "You", "exact:player");
    assert!(!x.of(Kind::Defined).any(|r| r.name == "Enchanted"));
    expect(&x, Kind::Count, "Bonks", "contains");
    expect(&x, Kind::Count, "Count$", "prefix");
    assert!(!x.of(Kind::Count).any(|r| r.name == "ALL"));

    expect(&x, Kind::ValidCard, "Bonked", "exact");
    expect(&x, Kind::ValidCard, "bonkedBy", "prefix");
    expect(&x, Kind::ValidCard, "Twice", "suffix");
    // A test nested in a branch that already tested the value refines the outer word.
    assert!(!x.of(Kind::ValidCard).any(|r| r.name == "Thrice"));
    expect(&x, Kind::ValidCard, "Shiny", "exact");
    assert!(!x.of(Kind::ValidCard).any(|r| r.name == "NotAProperty"));
    expect(&x, Kind::ValidPlayer, "Bonker", "exact");
    expect(&x, Kind::ValidSpell, "Bonking", "exact");

    expect(&x, Kind::TriggerVar, "Card", "Bonked");
    expect(&x, Kind::TriggerVar, "Amount", "BonkedAll");
    expect(&x, Kind::TriggerVar, "Bonker", "Bonked");
    expect(&x, Kind::LineKey, "Name", "");
    expect(&x, Kind::LineKey, "Bonk", "");
    assert!(!x.of(Kind::LineKey).any(|r| r.name == "no cost"));

    // Params: the effect class, its superclasses (shared by both ApiTypes), a reader
    // discovered in the root, a static helper of another specific class, constants, ternaries,
    // loops over literal lists, the AI class and its param map.
    expect(&x, Kind::Param, "Power", "api:Smash");
    reject(&x, Kind::Param, "Power", "api:Zap");
    // Read by the effect and by its AI class: the effect's location is kept, so the rules do
    // not take it for a key only the AI reads.
    for api in ["api:Smash", "api:Zap"] {
        let spark = x
            .rows
            .iter()
            .find(|r| r.kind == Kind::Param && r.name == "Spark" && r.detail == api)
            .unwrap();
        assert!(
            spark.location.contains("ZapEffect"),
            "{api}: {}",
            spark.location
        );
    }
    expect(&x, Kind::Param, "Fury", "api:Smash");
    expect(&x, Kind::Param, "Fury", "api:Zap");
    expect(&x, Kind::Param, "Noise", "api:Zap");
    expect(&x, Kind::Param, "Victims", "api:Smash");
    expect(&x, Kind::Param, "Spark", "api:Smash");
    expect(&x, Kind::Param, "Spark", "api:Zap");
    expect(&x, Kind::Param, "Left", "api:Zap");
    expect(&x, Kind::Param, "Right", "api:Zap");
    expect(&x, Kind::Param, "First", "api:Smash");
    expect(&x, Kind::Param, "Second", "api:Smash");
    expect(&x, Kind::Param, "Loud", "api:Smash");
    expect(&x, Kind::Param, "AIHint", "api:Smash");
    expect(&x, Kind::Param, "AILogic", "api:Zap");
    expect(&x, Kind::Param, "StackDescription", "common:ability");
    expect(&x, Kind::Param, "PlayMain1", "common:ai");
    expect(&x, Kind::Param, "ValidBonker", "trigger:Bonked");
    expect(&x, Kind::Param, "Origin", "trigger:BonkedAll");
    expect(&x, Kind::Param, "TriggerZones", "common:trigger");
    expect(&x, Kind::Param, "ValidCard", "replacement:Bonk");
    expect(&x, Kind::Param, "Layer", "replacement:Bonk");
    expect(&x, Kind::Param, "ValidBonker", "static:CantBonk");
    expect(&x, Kind::Param, "AddPower", "static:Continuous");
    expect(&x, Kind::Param, "Affected", "common:static");
    // `CardTraitBase` reading its own params: every kind of record.
    expect(&x, Kind::Param, "CheckSVar", "common:any");
    for bad in ["NotAParam", "GuiOnly", "key", "Dyn"] {
        assert!(
            !x.of(Kind::Param).any(|r| r.name == bad),
            "{bad} is no param"
        );
    }
    assert!(
        x.warnings.iter().any(|w| w.contains("built at run time")),
        "{:?}",
        x.warnings
    );

    // Locations are relative, `/`-separated, with 1-based lines.
    let api = x.of(Kind::Api).next().unwrap();
    assert_eq!(api.location, "game/ability/ApiType.java:5");

    // Deterministic: sorted by kind, then name, then detail, without duplicates.
    let mut sorted = x.rows.clone();
    sorted.sort_by(|a, b| (a.kind, &a.name, &a.detail).cmp(&(b.kind, &b.name, &b.detail)));
    sorted.dedup_by(|a, b| (a.kind, &a.name, &a.detail) == (b.kind, &b.name, &b.detail));
    assert_eq!(sorted, x.rows);
    assert_eq!(extract(t.path()).unwrap(), x);
}

// Shared classes read params of several kinds of record: the static type of what a read is
// called on decides its scope.
fn typed_reads(t: &TempDir) {
    t.write(
        "game/spellability/SpellAbility.java",
        r#"package forge.game.spellability;
public abstract class SpellAbility extends CardTraitBase {
    public SpellAbility getRootAbility() { return this; }
    public boolean isLoud() { return hasParam("LoudSpell"); }
}
"#,
    )
    .write(
        "game/spellability/AbilitySub.java",
        "package forge.game.spellability;\npublic class AbilitySub extends SpellAbility { }\n",
    )
    .write(
        "game/ability/AbilityFactory.java",
        r#"package forge.game.ability;
public final class AbilityFactory {
    public static Map<String, String> getMapParams(final String text) { return null; }
}
"#,
    )
    .write(
        "game/trigger/TriggerHandler.java",
        r#"package forge.game.trigger;
public class TriggerHandler {
    public static Map<String, String> parseParams(final String text) { return null; }
}
"#,
    )
    .write(
        "game/CardTraitBase.java",
        r#"package forge.game;
public abstract class CardTraitBase {
    protected Map<String, String> mapParams;
    public String getParam(String key) { return mapParams.get(key); }
    public boolean hasParam(String key) { return mapParams.containsKey(key); }
    public boolean matchesValidParam(String param, Object o) { return hasParam(param); }
    boolean req() { return hasParam("CheckSVar"); }
    public final boolean isSecondary() { return this.mapParams.containsKey("Secondary"); }
    protected boolean meetsCommonRequirements(Map<String, String> params) {
        if (params.containsKey("FatefulHour")) { return false; }
        return !hasParam("LifeAmount");
    }
}
"#,
    )
    .write(
        "game/GameActionUtil.java",
        r#"package forge.game;
public final class GameActionUtil {
    public static int manaBonus(final SpellAbility sa, AbilitySub sub) {
        if (sa.hasParam("Bonus")) { return 2; }
        if (sub.getRootAbility().hasParam("RootOnly")) { return 3; }
        final Map<String, String> params = sa.getMapParams();
        return params.containsKey("BonusProduced") ? 1 : 0;
    }
    static boolean sides(Trigger t, ReplacementEffect re, Object o) {
        return t.hasParam("TrigSide") || re.hasParam("RepSide") || ((Trigger) o).hasParam("Casted");
    }
}
"#,
    )
    .write(
        "game/card/CardPlayOption.java",
        r#"package forge.game.card;
public class CardPlayOption {
    private final StaticAbility sta;
    public boolean ignoresType() { return sta.hasParam("MayPlayIgnoreType"); }
    void all(List<StaticAbility> l) { l.forEach(x -> x.getParam("LambdaKey")); }
}
"#,
    )
    .write(
        "game/card/CardFactoryUtil.java",
        r#"package forge.game.card;
public class CardFactoryUtil {
    static void altCost(Card card, String text) {
        final Map<String, String> params = AbilityFactory.getMapParams(text);
        if (params.containsKey("References")) { }
        if (TriggerHandler.parseParams(text).containsKey("TrigText")) { }
    }
    static void copyStates(Card c, CardTraitBase ctb) { ctb.getParam("NewName"); }
    static void describe(CardTraitBase ctb) { ctb.hasParam("LockIn"); }
    static void callers(SpellAbility sa, Trigger t) {
        copyStates(null, sa);
        describe(sa);
        describe(t);
    }
    static boolean flag(Card c, String k) { return k.isEmpty(); }
    void use(Card c) { flag(c, "EngineFlag"); }
}
"#,
    )
    .write(
        "game/trigger/TriggerBonked.java",
        r#"package forge.game.trigger;
public class TriggerBonked extends Trigger {
    public boolean performTest(Map<AbilityKey, Object> runParams) {
        if (!getParam("Origin").equals("Anywhere")) { }
        return hasParam("ValidBonker");
    }
    boolean castBy(SpellAbility cast) { return cast.hasParam("Embalmed"); }
}
"#,
    )
    .write(
        "ai/ability/SmashAi.java",
        r#"package forge.ai.ability;
public class SmashAi extends SpellAbilityAi {
    protected boolean canPlay(Player ai, SpellAbility sa) {
        final Map<String, String> params = sa.getMapParams();
        return params.containsKey("AIHint") && sa.hasParam("AILogic");
    }
    boolean wary(Trigger trig) { return trig.hasParam("TrigCheck"); }
}
"#,
    )
    .write(
        "ai/ComputerUtilCard.java",
        r#"package forge.ai;
public class ComputerUtilCard {
    static boolean f(SpellAbility sa, StaticAbility st) {
        return sa.hasParam("AIPreference") && st.hasParam("AIStaticHint");
    }
}
"#,
    )
    // The human player's code (forge-gui) reads params too; desktop screens mostly do not.
    .write(
        "forge-gui/src/main/java/forge/player/HumanAnnounce.java",
        r#"package forge.player;
public class HumanAnnounce {
    private final SpellAbility ability;
    boolean announce() {
        String kind = ability.getParam("AnnounceKind");
        SpellAbility current = ability;
        if (current.hasParam("ChooserOfTarget")) { }
        return flag(ability, "ShowPrompt") && !ability.getHostCard().hasKeyword("CARDNAME gui only.");
    }
    static boolean flag(SpellAbility sa, String key) { return sa.hasParam(key); }
    static boolean chosen(StaticAbility st) { return st.hasParam("GuiStaticKey"); }
    void untyped(Object o) { ((SpellAbility) o).getParam("CastRead"); }
}
"#,
    )
    .write(
        "forge-gui-desktop/src/main/java/forge/screens/match/MatchView.java",
        r#"package forge.screens.match;
public class MatchView {
    boolean f(Card c) { return c.hasKeyword("CARDNAME view only."); }
}
"#,
    );
}

#[test]
fn reads_are_classified_by_what_they_read() {
    let t = TempDir::new("typed");
    engine_core(&t);
    engine_rest(&t);
    typed_reads(&t);
    let x = extract(t.path()).unwrap();
    // 29 + 10 new files; the GUI file without params and `forge.toolbox` are not parsed.
    assert_eq!(x.java_files, 39);
    assert_eq!(x.parsed_files, 37);

    // Typed receivers in shared classes: a SpellAbility (or subclass, or a method returning
    // one), a StaticAbility field, a Trigger, a ReplacementEffect (known by name only).
    expect(&x, Kind::Param, "Bonus", "common:ability");
    expect(&x, Kind::Param, "BonusProduced", "common:ability");
    expect(&x, Kind::Param, "RootOnly", "common:ability");
    expect(&x, Kind::Param, "LoudSpell", "common:ability");
    expect(&x, Kind::Param, "MayPlayIgnoreType", "common:static");
    expect(&x, Kind::Param, "TrigSide", "common:trigger");
    expect(&x, Kind::Param, "RepSide", "common:replacement");
    for (k, wrong) in [
        ("Bonus", "common:trait"),
        ("MayPlayIgnoreType", "common:global"),
    ] {
        reject(&x, Kind::Param, k, wrong);
    }
    // Untyped receivers keep the package rule.
    expect(&x, Kind::Param, "Casted", "common:trait");
    expect(&x, Kind::Param, "LambdaKey", "common:global");
    // Maps parsed from a trait's text: the kind of the parsing factory.
    expect(&x, Kind::Param, "References", "common:ability");
    reject(&x, Kind::Param, "References", "common:global");
    expect(&x, Kind::Param, "TrigText", "common:trigger");

    // CardTraitBase: its own params are read for every record; a `Map params` argument (and
    // the rest of that method) for triggers, statics and replacements.
    expect(&x, Kind::Param, "Secondary", "common:any");
    expect(&x, Kind::Param, "CheckSVar", "common:any");
    expect(&x, Kind::Param, "FatefulHour", "common:trait");
    expect(&x, Kind::Param, "LifeAmount", "common:trait");
    reject(&x, Kind::Param, "LifeAmount", "common:any");
    // A CardTraitBase parameter: what the callers pass.
    expect(&x, Kind::Param, "NewName", "common:ability");
    expect(&x, Kind::Param, "LockIn", "common:any");

    // Specific classes reading another kind of record.
    expect(&x, Kind::Param, "Embalmed", "common:ability");
    reject(&x, Kind::Param, "Embalmed", "trigger:Bonked");
    expect(&x, Kind::Param, "ValidBonker", "trigger:Bonked");
    expect(&x, Kind::Param, "TrigCheck", "common:trigger");
    reject(&x, Kind::Param, "TrigCheck", "api:Smash");
    expect(&x, Kind::Param, "AIHint", "api:Smash");

    // The AI: abilities' params are `common:ai`, other kinds their own.
    expect(&x, Kind::Param, "AIPreference", "common:ai");
    expect(&x, Kind::Param, "AIStaticHint", "common:static");

    // GUI/player code: typed reads and its own reader helpers; nothing else is taken from it,
    // and its readers do not leak into the engine.
    expect(&x, Kind::Param, "AnnounceKind", "common:ability");
    expect(&x, Kind::Param, "ChooserOfTarget", "common:ability");
    expect(&x, Kind::Param, "ShowPrompt", "common:ability");
    expect(&x, Kind::Param, "GuiStaticKey", "common:static");
    expect(&x, Kind::Param, "CastRead", "common:global");
    assert!(!x.of(Kind::Param).any(|r| r.name == "EngineFlag"));
    assert!(
        !x.of(Kind::KeywordInternal)
            .any(|r| r.name.contains("gui only") || r.name.contains("view only"))
    );
    let gui = x
        .rows
        .iter()
        .filter(|r| r.location.starts_with("forge-gui"))
        .map(|r| r.kind)
        .collect::<Vec<_>>();
    assert!(
        !gui.is_empty() && gui.iter().all(|k| *k == Kind::Param),
        "{gui:?}"
    );
}

#[test]
fn tsv_round_trips_and_digest_matches() {
    let t = TempDir::new("tsv");
    engine_core(&t);
    engine_rest(&t);
    let x = extract(t.path()).unwrap();
    let text = x.to_tsv("fixture");
    assert!(text.starts_with("# cardlint forge vocabulary v1\n# label: fixture\n"));
    assert_eq!(Extraction::from_tsv(&text).unwrap(), x);
    let (digest, n) = source_digest(t.path()).unwrap();
    assert_eq!(digest, x.digest);
    assert_eq!(n, x.parsed_files);
    // Any change to an engine file changes the digest; GUI files do not count.
    t.write(
        "gui/Screen.java",
        "package forge.toolbox;\nclass Screen {}\n",
    );
    assert_eq!(source_digest(t.path()).unwrap().0, digest);
    // A GUI/player file that reads no params is not scanned either; one that does is.
    t.write(
        "gui/Prompt.java",
        "package forge.screens.match;\nclass Prompt {}\n",
    );
    assert_eq!(source_digest(t.path()).unwrap().0, digest);
    t.write(
        "gui/Prompt.java",
        "package forge.screens.match;\nclass Prompt { void f(SpellAbility sa) { sa.hasParam(\"X\"); } }\n",
    );
    let (d2, n2) = source_digest(t.path()).unwrap();
    assert_ne!(d2, digest);
    assert_eq!(n2, n + 1);
    t.write(
        "gui/Prompt.java",
        "package forge.screens.match;\nclass Prompt {}\n",
    );
    t.write(
        "game/zone/ZoneType.java",
        "package forge.game.zone;\nenum ZoneType { Hand }\n",
    );
    assert_ne!(source_digest(t.path()).unwrap().0, digest);
}

#[test]
fn todays_static_mode_enum() {
    let t = TempDir::new("modern");
    engine_core(&t);
    t.write(
        "game/staticability/StaticAbilityMode.java",
        "package forge.game.staticability;\npublic enum StaticAbilityMode { Continuous, CantZap, MustZap; }\n",
    )
    .write(
        "game/staticability/StaticAbilityZapRules.java",
        r#"package forge.game.staticability;
public class StaticAbilityZapRules {
    static boolean cant(Card c) {
        for (StaticAbility stAb : c.getStaticAbilities()) {
            if (!stAb.checkMode(StaticAbilityMode.CantZap)) { continue; }
            if (stAb.hasParam("ValidZapper")) { return true; }
        }
        return c.getStaticAbilities().stream().anyMatch(s -> s.checkMode(StaticAbilityMode.MustZap));
    }
}
"#,
    );
    let x = extract(t.path()).unwrap();
    expect(&x, Kind::Static, "CantZap", "StaticAbilityZapRules");
    expect(&x, Kind::Static, "MustZap", "StaticAbilityZapRules");
    expect(&x, Kind::Static, "Continuous", "");
    expect(&x, Kind::Param, "ValidZapper", "static:CantZap");
    expect(&x, Kind::Param, "ValidZapper", "static:MustZap");
}

#[test]
fn not_forge_and_not_found() {
    let t = TempDir::new("notforge");
    t.write("src/App.java", "package org.example;\nclass App {}\n")
        .write(
            "game/ability/Other.java",
            "package forge.game.ability;\nclass Other {}\n",
        );
    match extract(t.path()) {
        Err(ExtractError::NotForge(why)) => assert!(why.contains("ApiType"), "{why}"),
        other => panic!("expected NotForge, got {other:?}"),
    }
    let missing = t.path().join("nope");
    match extract(&missing) {
        Err(e @ ExtractError::NotFound(_)) => assert!(e.to_string().contains("nope")),
        other => panic!("expected NotFound, got {other:?}"),
    }
    let file = t.path().join("src/App.java");
    assert!(matches!(extract(&file), Err(ExtractError::NotForge(_))));
    assert!(matches!(
        source_digest(&missing),
        Err(ExtractError::NotFound(_))
    ));
}

#[test]
fn half_a_checkout_warns() {
    let t = TempDir::new("half");
    engine_core(&t);
    let x = extract(t.path()).unwrap();
    expect(&x, Kind::Api, "Smash", "SmashEffect");
    expect(&x, Kind::Param, "Power", "api:Smash");
    let all = x.warnings.join("\n");
    for what in [
        "SpellApiToAi",
        "TriggerType",
        "ReplacementType",
        "Keyword",
        "CardRules",
    ] {
        assert!(all.contains(what), "no warning about {what}: {all}");
    }
}

#[test]
fn bad_java_never_panics() {
    let t = TempDir::new("bad");
    engine_core(&t);
    let deep = format!(
        "package forge.game;\nclass Deep {{ String s = {}\"x\"{}; void f() {{ g({}); }} }}\n",
        "(".repeat(5000),
        ")".repeat(5000),
        "a + ".repeat(20000) + "b"
    );
    t.write("game/Broken.java", "package forge.game;\nclass { ((( void }} enum X { A(, }")
        .write_bytes(
            "game/Binary.java",
            b"package forge.game.card;\n\xff\xfe\x00class \xc3\x28 { void f() { hasKeyword(\"\xff\"); } }",
        )
        .write("game/Empty.java", "")
        .write("game/Deep.java", &deep)
        .write(
            "game/ability/effects/Half.java",
            "package forge.game.ability.effects;\npublic class Half extends { void f(SpellAbility sa) { sa.getParam(\"Half\"",
        );
    let x = extract(t.path()).unwrap();
    expect(&x, Kind::Api, "Smash", "SmashEffect");
    assert_eq!(x.java_files, 10);
}

// What effects compare a param's value with: the value rows.
#[test]
fn reads_value_domains() {
    let t = TempDir::new("values");
    engine_core(&t);
    t.write(
        "game/ability/ApiType.java",
        r#"package forge.game.ability;
import forge.game.ability.effects.*;
public enum ApiType {
    Smash (SmashEffect.class), Zap (ZapEffect.class), Tally (TallyEffect.class),
    Herd (HerdEffect.class), Wait (WaitEffect.class);
    ApiType(Class<?> c) { }
}
"#,
    )
    .write(
        "game/zone/ZoneType.java",
        r#"package forge.game.zone;
public enum ZoneType {
    Hand, Pasture;
    public static ZoneType smartValueOf(final String value) {
        if ("All".equals(value)) { return null; }
        for (final ZoneType v : ZoneType.values()) {
            if (v.name().compareToIgnoreCase(value.trim()) == 0) { return v; }
        }
        throw new IllegalArgumentException("No zone " + value);
    }
    public static List<ZoneType> listValueOf(final String values) {
        final List<ZoneType> result = new ArrayList<>();
        for (final String s : values.split("[, ]+")) { result.add(ZoneType.smartValueOf(s)); }
        return result;
    }
}
"#,
    )
    // An if/else chain on a local, a switch, a default value, a prefix whose branch hands the
    // value on, a value handed on (open), a presence test.
    .write(
        "game/ability/effects/TallyEffect.java",
        r#"package forge.game.ability.effects;
public class TallyEffect extends SpellAbilityEffect {
    public void resolve(SpellAbility sa) {
        String type = sa.getParam("Type");
        if (type.equals("Count")) { a(); } else if ("Sum".equals(type)) { b(); }
        switch (sa.getParamOrDefault("Mode", "Plain")) {
            case "Plain": break;
            case "Fancy": break;
            default: throw new IllegalStateException("no mode");
        }
        final String when = sa.getParam("When");
        if (when.startsWith("Until")) { later(when.substring(6)); } else if (when.equals("Now")) { a(); }
        final String who = sa.getParam("Who");
        if ("You".equals(who)) { a(); } else { tell(who); }
        boolean loud = sa.hasParam("Loud") && sa.getParam("Loud").equalsIgnoreCase("Yes");
    }
}
"#,
    )
    // Enum parses: one that throws, one in a `try`, a list parse.
    .write(
        "game/ability/effects/HerdEffect.java",
        r#"package forge.game.ability.effects;
public class HerdEffect extends SpellAbilityEffect {
    public void resolve(SpellAbility sa) {
        ZoneType to = ZoneType.smartValueOf(sa.getParam("To"));
        try {
            ZoneType from = ZoneType.smartValueOf(sa.getParam("From"));
        } catch (IllegalArgumentException e) { }
        List<ZoneType> via = ZoneType.listValueOf(sa.getParam("Via"));
    }
}
"#,
    )
    .write(
        "game/ability/effects/WaitEffect.java",
        r#"package forge.game.ability.effects;
public class WaitEffect extends SpellAbilityEffect {
    public void resolve(SpellAbility sa) {
        if (sa.hasParam("Type")) { a(); }
        String mode = sa.getParam("Mode");
        describe(mode);
    }
}
"#,
    );
    let x = extract(t.path()).unwrap();
    let v = |name: &str, detail: &str| expect(&x, Kind::Value, name, detail);
    v("Type", "api:Tally exact Count");
    v("Type", "api:Tally exact Sum");
    v("Type", "api:Tally outside ignores");
    v("Mode", "api:Tally exact Plain");
    v("Mode", "api:Tally exact Fancy");
    v("Mode", "api:Tally default Plain");
    v("Mode", "api:Tally outside throws");
    v("When", "api:Tally prefix Until");
    v("When", "api:Tally exact Now");
    v("Loud", "api:Tally ignore-case Yes");
    // `tell(who)` in the else branch: an open use.
    assert!(!x.of(Kind::Value).any(|r| r.name == "Who"));
    v("To", "api:Herd enum ZoneType ignore-case");
    v("To", "api:Herd exact All");
    v("To", "api:Herd outside throws");
    v("From", "api:Herd outside ignores");
    v("Via", "api:Herd enum ZoneType ignore-case list \"[, ]+\"");
    v("enum:ZoneType", "constant Pasture");
    // Wait tests `Type$` only for presence: a row, since Tally compares it. Its `Mode$` is
    // handed on: no row.
    v("Type", "api:Wait presence -");
    reject(&x, Kind::Value, "Mode", "api:Wait presence -");
    assert!(
        !x.of(Kind::Value)
            .any(|r| r.name == "Mode" && r.detail.starts_with("api:Wait"))
    );
}

/// What issue 25 asked the extraction to see: a counter wrapper that makes new kinds, SVars
/// named by a parameter, a comparison with a run-time value beside comparisons with words, and
/// a constant keyword text (built by concatenation) compared with a keyword's written text.
#[test]
fn reads_run_time_names_and_lenient_parses() {
    let t = TempDir::new("runtime");
    engine_core(&t);
    t.write(
        "game/card/CounterEnumType.java",
        "package forge.game.card;\npublic enum CounterEnumType { CHARGE, GLYPH; }\n",
    )
    .write(
        "game/card/CounterType.java",
        r#"package forge.game.card;
public class CounterType {
    static ImmutableList<String> keywordCounter = ImmutableList.of("Flying", "First Strike");
    public static CounterType get(String s) { return null; }
    public static CounterType getType(String name) {
        try {
            return get(CounterEnumType.valueOf(name));
        } catch (final IllegalArgumentException ex) {
            return get(name);
        }
    }
}
"#,
    )
    .write(
        "game/ability/effects/SmashEffect.java",
        r#"package forge.game.ability.effects;
public class SmashEffect extends SpellAbilityEffect {
    public void resolve(SpellAbility sa) {
        Card host = sa.getHostCard();
        if (sa.hasParam("TallySVar")) {
            host.setSVar(sa.getParam("TallySVar"), "3");
        }
        final String phase = sa.getParam("When");
        final String current = sa.getActivatingPlayer().getPhase();
        if (phase.equals("Battle")) { return; }
        if (!phase.equals(current)) { return; }
    }
}
"#,
    )
    .write(
        "game/GameActionUtil.java",
        r#"package forge.game;
public class GameActionUtil {
    static void costs(Card c) {
        String kw = "As an extra cost," +
                " you may pay more.";
        for (KeywordInterface ki : c.getKeywords()) {
            if (kw.equals(ki.getOriginal())) { return; }
        }
    }
}
"#,
    );
    let x = extract(t.path()).unwrap();
    expect(&x, Kind::Counter, "*", "new-kind");
    expect(&x, Kind::Counter, "First Strike", "keyword");
    expect(&x, Kind::Value, "TallySVar", "api:Smash sets-svar -");
    expect(&x, Kind::Value, "When", "api:Smash exact Battle");
    expect(&x, Kind::Value, "When", "api:Smash outside runtime");
    expect(
        &x,
        Kind::KeywordInternal,
        "As an extra cost, you may pay more.",
        "",
    );
}

/// The 2020 fork's counter enum throws on another name: no `new-kind` row.
#[test]
fn a_counter_enum_alone_makes_no_new_kinds() {
    let t = TempDir::new("strict-counters");
    engine_core(&t);
    t.write(
        "game/card/CounterType.java",
        "package forge.game.card;\npublic enum CounterType { CHARGE, GLYPH; }\n",
    );
    let x = extract(t.path()).unwrap();
    expect(&x, Kind::Counter, "CHARGE", "");
    reject(&x, Kind::Counter, "*", "new-kind");
}
