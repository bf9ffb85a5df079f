// TextMate grammar for Wagic card files (sets/<SET>/_cards.dat, sets/primitives/*.txt, _macros.txt).
// `[card]` ... `[/card]` blocks of `key=value` lines; the ability language of `auto=` lines is
// case-insensitive (the engine lowercases it), keys are not. See shared/spec/wagic/README.md.

import { captures, commentRules, re, scoper, words } from "./common.mjs";

const scope = scoper("wagic");
const include = (name) => ({ include: `#${name}` });

// Zone names usable after `|` in a target and in moveto(...); an unknown one is silently dropped
// by the engine, so only these are highlighted.
const ZONE_BASES = [
  "battlefield", "commandzone", "exile", "graveyard", "hand", "inplay", "library", "removedfromgame", "reveal",
  "sideboard", "stack", "temp",
];
const ZONE_PREFIXES = ["my", "opponent", "owner", "targetcontroller", "targetedpersons", "targetowner"];
const ZONE_COMPOUNDS = [
  "mybattlefieldhand", "mycastingzone", "mycommandplay", "mygraveexile", "mygravelibrary", "myhandexilegrave",
  "myhandlibrary", "mynonplaynonexile", "myrestrictedcastingzone", "myzones", "nonbattlezone", "opponentcastingzone",
  "opponentcommandplay", "opponentgraveexile", "opponentgravelibrary", "opponenthandexilegrave",
  "opponenthandlibrary", "opponentnonplaynonexile", "opponentrestrictedcastingzone", "opponentzones",
  "previousbattlefield", "targetedpersonsremovefromgame",
];
const ZONE = re`(?:${words(ZONE_PREFIXES)}?${words(ZONE_BASES)}|${words(ZONE_COMPOUNDS)})`;

// Basic abilities (abilities= and gained/lost keywords in ability code); the engine finds them by substring.
const BASIC_ABILITIES = `absorb|adventure|affinityallcreatures|affinityalldeadcreatures|affinityartifacts|
affinityattackingcreatures|affinitybasiclandtypes|affinitycontrollercreatures|affinityenchantments|affinityforests|
affinitygravecreatures|affinitygraveinstsorc|affinitygreencreatures|affinityislands|affinitymountains|
affinityopponentcreatures|affinityparty|affinityplains|affinityswamps|affinitytwoalldeadcreatures|
affinitytwobasiclandtypes|anytypeofmana|anytypeofmanaability|asflash|auraward|backgroundpartner|banding|boast|
bottomlibrarydeath|canattack|canbecommander|canblocktapped|canloyaltyasinst|canloyaltytwice|
canplayartifactlibrarytop|canplayauraequiplibrarytop|canplaycreaturelibrarytop|canplayenchantmentlibrarytop|
canplayfromexile|canplayfromgraveyard|canplayfromlibrarytop|canplayinstantsorcerylibrarytop|canplaylandlibrarytop|
cantattack|cantbesacrified|cantblock|cantchangelife|cantcrew|cantlifelose|cantlose|cantmilllose|cantpaylife|
cantpwattack|cantregen|canttransform|cantwin|changeling|cloud|combattoughness|conduited|controllershroud|
counterdeath|countershroud|cycling|daybound|deathtouch|decayed|defender|desertlandwalk|dethrone|devoid|
discardtoplaybyopponent|doesnotuntap|double strike|doublefacedeath|dungeoncompleted|energyshroud|eqpasinst|
evadebigger|exalted|exiledeath|expshroud|fear|first strike|flanking|flash|flyersonly|flying|foresthome|forestwalk|
foretell|gaineddoublefacedeath|gainedexiledeath|gainedhanddeath|handdeath|hasaftermath|hasdisturb|hasnokicker|
hasotherkicker|hasreplicate|hasstrive|haste|hexproof|hiddenface|horsemanship|hydra|indestructible|infect|
inplaydeath|inplaytapdeath|intimidate|isconspiracy|islandhome|islandwalk|isprey|legendarylandwalk|
legendruleremove|leyline|librarydeath|libraryeater|lifefaker|lifelink|lure|madness|menace|mentor|modular|
mountainhome|mountainwalk|mustattack|mustblock|mutate|mygcreatureexiler|mygraveexiler|necroed|nightbound|
noactivatedability|nodamageremoved|nodefensedamage|nodietrg|nodngopp|nodngplr|noentertrg|nofizzle|
nofizzle alternative|nolegend|nolifegain|nolifegainopponent|noloyaltydamage|nomanaability|nomaxhand|
nomovetrigger|nonbasiclandwalk|noncombatvigor|nonight|nosolo|notapability|offering|oneblocker|onlymanaability|
oppgcreatureexiler|oppgraveexiler|oppnomaxhand|overload|partner|perpetualdeathtouch|perpetuallifelink|persist|
phantom|phasing|plainshome|plainswalk|playershroud|poisondamager|poisoneighttoxic|poisonfivetoxic|
poisonfourtoxic|poisonninetoxic|poisonseventoxic|poisonshroud|poisonsixtoxic|poisontentoxic|poisonthreetoxic|
poisontoxic|poisontwotoxic|protection from black|protection from blue|protection from green|protection from red|
protection from white|protectionfromcoloredspells|prowess|reach|reachshadow|replacescry|retrace|shackler|shadow|
showcontrollerhand|showfromtoplibrary|showopponenthand|showopponenttoplibrary|shroud|shufflelibrarydeath|skulk|
snowforestlandwalk|snowislandlandwalk|snowlandwalk|snowmountainlandwalk|snowplainslandwalk|snowswamplandwalk|
soulbond|spellmastery|split second|storm|strong|sunburst|swamphome|swampwalk|tempflashback|threeblockers|
tokenizer|totemarmor|training|trample|treason|trinisphere|twoboast|twodngtrg|unblockable|undamageable|undying|
unearth|vigilance|vigor|weak|wilting|wither|zerocast`
  .replace(/\s*\n\s*/g, "")
  .split("|");

// Effect words of ability code, as the ability parser tests for them.
const EFFECTS = `add|affinity|altercost|alterdevoffset|alterenergy|alterexperience|altermutationcounter|alterpoison|
altersurvoffset|alteryidarocount|attach|attackcost|attackpwcost|becomes|becomesmonarch|becomesringbearer|blink|block|
blockcost|bloodthirst|bottomoflibrary|bstw|bury|bushido|cantbeblockedby|cantbeblockerof|cantbetargetof|cascade|
castcard|changecost|clone|combatspiritlink|completedungeon|conjure|connect|copy|counter|countershroud|countertrack|
create|damage|deplete|destroy|discard|doboast|doforetell|donothing|dotrain|doubleside|draw|duplicatecounters|epic|
equip|evolve|exchangelife|exert|exploits|explores|fading|fizzle|fizzleto|flanker|flip|fog|forcefield|freeze|frozen|
haunt|hiddenmoveto|hmodifer|imprint|ingest|life|lifeleech|lifeset|loseabilities|losesatype|losesubtypesof|
manafaceup|manifest|maxcast|maxlevel|maxplay|meld|meldfrom|modbenchant|morph|moverandom|moveto|mutateover|
mutateunder|mutationover|mutationunder|newhook|newtarget|ninjutsu|out|phasealter|phaseout|placefromthetop|poolsave|
prevent|preventallcombatdamage|preventalldamage|preventallnoncombatdamage|producecolor|produceextra|proliferate|
propagate|protection from|provoke|rampage|readytofight|reconfigure|reduceto|regenerate|rehook|reject|remake|
removeallcounters|removefromcombat|removemana|removesinglecountertype|resetdamage|retarget|sacrifice|serumpowder|
setblocker|sethand|shackle|shuffle|spellmover|spiritlink|steal|surveil|swap|taketheinitiative|tap|theringtempts|
token|transforms|turns|untap|vanishing|wingame`
  .replace(/\s*\n\s*/g, "")
  .split("|");

// Words that shape an ability rather than do something: prefixes, choices, conditions, menus.
const STRUCTURE = [
  "may", "choice", "if", "ifnot", "then", "else", "activate", "emblem", "grant", "grantend", "chooseacolor",
  "chooseatype", "chooseaname", "chooseanameopp", "chooseend", "activatechooseacolor", "activatechooseatype",
  "activatechooseend", "flipacoin", "flipend", "rolld4", "rolld6", "rolld8", "rolld10", "rolld12", "rolld20",
  "rolld4end", "rolld6end", "rolld8end", "rolld10end", "rolld12end", "rolld20end", "winability", "winabilityend",
  "loseability", "loseabilityend", "reveal", "revealend", "scry", "scryend", "soulbond", "replacedraw",
  "opponentreplacedraw", "limit", "tutorial", "message", "afterrevealed", "afterrevealedend",
];
// Line prefixes: the rest applies only if the spell was paid that way.
const COST_CONDITIONS = [
  "alternative", "bestow", "buyback", "facedown", "flashback", "kicker", "notpaid", "overload", "paidmana",
  "retrace", "suspended",
];
// this(...), lord(...) and their family: conditions and continuous effects over a target.
const LORD_FAMILY = ["lord", "all", "foreach", "aslongas", "teach", "this", "thisforeach", "while"];
const DURATIONS = [
  "ueot", "oneshot", "forever", "uynt", "uent", "dontremove", "forcedalive", "other", "nonstatic", "terminate",
  "livingweapon", "noevent", "notrg", "noreplace", "withenchant", "doesntempty",
];
const PLAYERS = ["controller", "opponent", "targetcontroller", "targetedplayer", "owner"];
const TARGET_WORDS = [
  "this", "mytgt", "targetedplayer", "player", "mysource", "sourcecard", "abilitycontroller", "anytarget",
  "mychild", "mytotem", "myeqp", "mycurses", "proliferation", "propagation", "blockable", "pairable", "dredgeable",
];
// Phase code names, found by substring in trigger texts (`@each my upkeep:`, `@next endofturn:`).
const PHASES = [
  "beginofturn", "untap", "upkeep", "draw", "firstmain", "combatbegins", "attackers", "blockers", "combatdamage",
  "combatends", "secondmain", "endofturn", "end", "cleanup", "beforenextturn",
];
const TRIGGER_MODIFIERS = [
  "each", "next", "my", "opponent", "targetcontroller", "targetedplayer", "once", "sourcenottap", "sourcetap",
  "turnlimited", "suspended", "opponentpoisoned", "dontremove", "nocost",
];
// One-word restrictions (restrictions=, restriction{...}, if ... then); `<...>only` words are matched by shape.
const RESTRICTIONS = [
  "assorcery", "casted", "coven", "deadcreart", "deadpermanent", "delirium", "didattack", "didblock",
  "didcombatdamagetofoe", "didnotcastnontoken", "didntattack", "discardbyopponent", "geared", "gravecast", "hasdead",
  "hasdefender", "hasexerted", "lastturn", "librarycast", "madnessplayed", "miracle", "morbid",
  "morecardsthanopponent", "never", "notdelirum", "notexerted", "oppoattacked", "opponentdamagedbycombat",
  "outnumbered", "paid", "prowl", "raid", "rebound", "revolt", "sidecast", "spent", "thisturn", "trainer",
  "zerodead", "commandzonecast", "exilecast", "copiedacard",
];
const SUPERTYPES = ["basic", "legendary", "ongoing", "snow", "world"];
const CARD_TYPES = [
  "artifact", "battle", "conspiracy", "creature", "enchantment", "instant", "kindred", "land", "phenomenon", "plane",
  "planeswalker", "scheme", "sorcery", "tribal", "emblem",
];

/** A `key=value` line whose value is read with `patterns`. */
function keyLine(key, patterns, { contentName } = {}) {
  const rule = {
    begin: re`^(${key})(=)`,
    beginCaptures: captures(scope("keyword.other.key"), scope("punctuation.separator.key-value")),
    end: "$",
    patterns,
  };
  if (contentName !== undefined) {
    rule.contentName = contentName;
  }
  return rule;
}

/** A `word(` ... `)` construct whose word gets `wordScope` and whose arguments are ability code. */
function call(wordRegex, wordScope, { name, argsPatterns = [include("ability")] } = {}) {
  const rule = {
    begin: re`(?i)\b(?<!\$)(${wordRegex})(\()`,
    beginCaptures: captures(wordScope, scope("punctuation.section.arguments.begin")),
    end: re`(\))|$`,
    endCaptures: captures(scope("punctuation.section.arguments.end")),
    patterns: argsPatterns,
  };
  if (name !== undefined) {
    rule.name = name;
  }
  return rule;
}

/** An opening and a closing token around ability code, like `newability[` ... `]` or `ability$!` ... `!$`. */
function wrapper(open, close, openScope, patterns = [include("ability")]) {
  return {
    begin: re`(?i)${open}`,
    beginCaptures: captures(openScope, scope("punctuation.section.block.begin")),
    end: re`(${close})|$`,
    endCaptures: captures(scope("punctuation.section.block.end")),
    patterns,
  };
}

export const grammar = {
  name: "Wagic card code",
  scopeName: "source.wagic",
  patterns: [
    include("macro-definition"),
    include("comment"),
    include("block-header"),
    include("key-lines"),
  ],
  repository: {
    ...commentRules("wagic", { indented: false }),

    "macro-definition": {
      // #AUTO_DEFINE __CYCLING__($cost) $cost{cycle}:name(cycling) draw:1
      name: scope("meta.preprocessor.macro"),
      begin: re`^(#AUTO_DEFINE)(?= )\s*([^\s(]*)(?:(\()([^)]*)(\)))?`,
      beginCaptures: captures(
        scope("keyword.control.directive.define"),
        scope("entity.name.function.macro"),
        scope("punctuation.definition.parameters.begin"),
        {
          patterns: [
            { match: re`[^,\s]+`, name: scope("variable.parameter.macro") },
            { match: ",", name: scope("punctuation.separator.parameters") },
          ],
        },
        scope("punctuation.definition.parameters.end"),
      ),
      end: "$",
      patterns: [
        { match: re`\\n`, name: scope("constant.character.escape") },
        { match: re`\$\w+`, name: scope("variable.parameter.macro") },
        include("ability"),
      ],
    },

    "block-header": {
      // [card], [/card], [meta], [/meta]: any line starting with `[` opens a block, `[/` closes it.
      match: re`^(\[)(/)?([^\]]*)(\])?(.*)$`,
      name: scope("meta.block-header"),
      captures: captures(
        scope("punctuation.definition.section.begin"),
        scope("punctuation.definition.section.close"),
        scope("entity.name.section"),
        scope("punctuation.definition.section.end"),
      ),
    },

    "key-lines": {
      // Keys are case-sensitive and never trimmed: `Power=` and ` power=` are both lost.
      patterns: [
        {
          match: re`^(name|primitive|backside|partner)(=)(.*)$`,
          captures: captures(
            scope("keyword.other.key"),
            scope("punctuation.separator.key-value"),
            scope("entity.name.type.card"),
          ),
        },
        keyLine("id|power|toughness|modular|alias|total", [include("number")]),
        {
          match: re`^(rarity|grade|doublefaced)(=)(.*)$`,
          captures: captures(
            scope("keyword.other.key"),
            scope("punctuation.separator.key-value"),
            scope("constant.language.value"),
          ),
        },
        keyLine("color", [include("colors")]),
        keyLine("type", [include("types")]),
        keyLine("subtype", [{ match: re`\S+`, name: scope("entity.name.type.subtype") }]),
        keyLine("abilities", [include("basic-ability-list")]),
        keyLine("text", [include("rules-text")], { contentName: scope("string.unquoted.text") }),
        keyLine("target", [include("target-spec")]),
        {
          begin: re`^(suspend)(\()(\d*)(\))(=)`,
          beginCaptures: captures(
            scope("keyword.other.key"),
            scope("punctuation.section.arguments.begin"),
            scope("constant.numeric.integer"),
            scope("punctuation.section.arguments.end"),
            scope("punctuation.separator.key-value"),
          ),
          end: "$",
          patterns: [include("cost-value")],
        },
        keyLine("mana|kicker|other|buyback|flashback|retrace|bestow|facedown", [include("cost-value")]),
        keyLine("restrictions?|otherrestriction", [include("restrictions")]),
        keyLine("auto[a-z]*|anyzone|crewbonus|phasedoutbonus|aicode|dredge", [include("ability")]),
        {
          match: re`^(author|block|year|orderindex)(=)(.*)$`,
          captures: captures(
            scope("keyword.other.key"),
            scope("punctuation.separator.key-value"),
            scope("string.unquoted.value"),
          ),
        },
      ],
    },

    ability: {
      patterns: [
        include("macro-use"),
        include("trigger"),
        include("brace-block"),
        include("cost-group"),
        { match: re`(?<=\})(:)`, captures: captures(scope("punctuation.separator.cost")) },
        include("ability-constructs"),
        // token(...)*3: several tokens.
        { match: re`(?<=\))(\*)(?=[\w$])`, captures: captures(scope("keyword.operator.arithmetic")) },
        include("target-spec"),
        { match: re`&&?`, name: scope("keyword.operator.logical.and") },
        {
          // transforms((...,setpower=2,settoughness=x))
          match: re`(?i)\b(?<!\$)(setpower|settoughness)(=)`,
          captures: captures(scope("keyword.other.effect"), scope("keyword.operator.assignment")),
        },
        {
          match: re`(?i)\b(?<!\$)${words(COST_CONDITIONS)}(?=\s)`,
          name: scope("keyword.control.cost-condition"),
        },
        { match: re`(?i)\b(?<!\$)${words(STRUCTURE)}(?![\w$])`, name: scope("keyword.control") },
        { match: re`(?i)\b(?<!\$)${words(DURATIONS)}(?![\w$])`, name: scope("storage.modifier") },
        { match: re`(?i)\b(?<!\$)${words(PLAYERS)}(?![\w$])`, name: scope("variable.language.player") },
        {
          match: re`(?i)\b(?<!\$)(${words(EFFECTS)})(?:(:)|(?![\w$]))`,
          captures: captures(scope("keyword.other.effect"), scope("punctuation.separator.effect")),
        },
        include("basic-ability"),
        include("power-toughness"),
        include("number"),
      ],
    },

    "macro-use": {
      // __CYCLING__({2}), _DIES_: uppercase names between underscores, by convention.
      match: re`\b_{1,2}[A-Z0-9]+(?:_[A-Z0-9]+)*_{1,2}(?![A-Za-z0-9])`,
      name: scope("entity.name.function.macro"),
    },

    trigger: {
      // @movedto(creature|mygraveyard) from(mybattlefield):  -- the trigger runs to the first `:`.
      name: scope("meta.trigger"),
      begin: re`(@)([A-Za-z]*)`,
      beginCaptures: captures(scope("keyword.control.trigger"), scope("keyword.control.trigger")),
      end: re`(:)|$`,
      endCaptures: captures(scope("punctuation.separator.trigger")),
      patterns: [
        include("brace-block"),
        {
          begin: re`\G(\()`,
          beginCaptures: captures(scope("punctuation.section.arguments.begin")),
          end: re`(\))|$`,
          endCaptures: captures(scope("punctuation.section.arguments.end")),
          patterns: [include("ability")],
        },
        call(re`[a-z][a-z0-9]*`, scope("entity.name.function")),
        include("target-spec"),
        { match: re`(?i)(?<![a-z])${words(TRIGGER_MODIFIERS)}(?![a-z])`, name: scope("storage.modifier.trigger") },
        { match: re`(?i)(?:my|opponent)?${words(PHASES)}(?![a-z])`, name: scope("support.constant.phase") },
        include("number"),
      ],
    },

    "ability-constructs": {
      patterns: [
        wrapper(re`(ability\$!)()`, re`!\$`, scope("keyword.control")),
        wrapper(re`(and!)(\()`, re`\)!`, scope("keyword.control")),
        wrapper(re`(dynamicability)(<!)`, re`!>`, scope("keyword.control")),
        wrapper(re`\b(pay)(\[\[)`, re`\]\]`, scope("keyword.control")),
        wrapper(
          re`\b(newability|phaseaction|phaseactionmulti|upcost|upcostmulti|cumulativeupcost)(\[)`,
          re`\]`,
          scope("entity.name.function"),
        ),
        {
          // name(<menu text>): the text shown in the ability menu.
          match: re`(?i)\b(?<!\$)(name)(\()([^)]*)(\))`,
          captures: captures(
            scope("entity.name.function"),
            scope("punctuation.section.arguments.begin"),
            scope("string.unquoted.name"),
            scope("punctuation.section.arguments.end"),
          ),
        },
        call(re`target|notatarget`, scope("keyword.other.target"), { name: scope("meta.target") }),
        call(words(LORD_FAMILY), scope("keyword.control")),
        call(words(EFFECTS), scope("keyword.other.effect")),
        call(re`[a-z][a-z0-9_$]*`, scope("entity.name.function")),
        {
          begin: re`(\()`,
          beginCaptures: captures(scope("punctuation.section.parens.begin")),
          end: re`(\))|$`,
          endCaptures: captures(scope("punctuation.section.parens.end")),
          patterns: [include("ability")],
        },
      ],
    },

    "target-spec": {
      // [other ][<count>]type[[attributes]][,type...][|zone[,zone...]]
      patterns: [
        include("zone-list"),
        include("target-attributes"),
        {
          match: re`(?i)(<)(upto:|anyamount)?([^<>\s]*)(>)`,
          captures: captures(
            scope("punctuation.definition.count.begin"),
            scope("keyword.other.count"),
            { patterns: [include("number")] },
            scope("punctuation.definition.count.end"),
          ),
        },
        { match: re`\*`, name: scope("constant.language.any") },
        { match: re`(?i)\b(?<!\$)${words(TARGET_WORDS)}(?![\w$])`, name: scope("variable.language.target") },
        { match: re`,`, name: scope("punctuation.separator.comma") },
      ],
    },

    "zone-list": {
      match: re`(\|)([A-Za-z*]+(?:[,^][A-Za-z*]+)*)`,
      captures: captures(scope("punctuation.separator.zone"), {
        patterns: [
          { match: re`(?i)(?<![A-Za-z])(?:${ZONE}|\*)(?![A-Za-z])`, name: scope("support.constant.zone") },
          { match: re`[,^]`, name: scope("punctuation.separator.comma") },
        ],
      }),
    },

    "target-attributes": {
      // creature[-black;tapped], creature[power<=2&toughness>=3]
      name: scope("meta.target-attributes"),
      begin: re`(\[)`,
      beginCaptures: captures(scope("punctuation.definition.attributes.begin")),
      end: re`(\])|$`,
      endCaptures: captures(scope("punctuation.definition.attributes.end")),
      patterns: [
        { match: ";", name: scope("keyword.operator.logical.or") },
        { match: "&", name: scope("keyword.operator.logical.and") },
        { match: re`(?<![\w])-(?=[A-Za-z])`, name: scope("keyword.operator.logical.not") },
        { match: re`<=|>=|=|<|>`, name: scope("keyword.operator.comparison") },
        include("number"),
        { match: re`[A-Za-z_][\w ]*?(?=\s*(?:[;&\]=<>!(]|$))`, name: scope("entity.other.attribute-name") },
        include("ability-constructs"),
      ],
    },

    "cost-group": {
      // {2}{R}{T}, {s(creature|mybattlefield)}, {l:2}, {c(1/1,-1)}: one cost part per group.
      name: scope("meta.cost"),
      begin: re`(\{)`,
      beginCaptures: captures(scope("punctuation.definition.cost.begin")),
      end: re`(\})|$`,
      endCaptures: captures(scope("punctuation.definition.cost.end")),
      patterns: [
        { match: re`(?i)\G(?:[wubrgc]|[wubrgcx0-9][wubrgcxp]|x{1,2})(?=\})`, name: scope("constant.other.mana") },
        { match: re`(?i)\G(p)(\()([wubrg])(\))`, captures: captures(
          scope("constant.other.mana"),
          scope("punctuation.section.arguments.begin"),
          scope("constant.other.mana"),
          scope("punctuation.section.arguments.end"),
        ) },
        { match: re`\G\d+(?=\})`, name: scope("constant.numeric.integer") },
        { match: re`(?i)\G[tq](?=\})`, name: scope("constant.language.tap") },
        { match: re`(?i)\G(\$\w+)`, name: scope("variable.parameter.macro") },
        { match: re`(?i)\G([a-z][a-z0-9]*)`, captures: captures(scope("support.function.cost")) },
        { match: ":", name: scope("punctuation.separator.key-value") },
        {
          begin: re`(\()`,
          beginCaptures: captures(scope("punctuation.section.arguments.begin")),
          end: re`(\))|$`,
          endCaptures: captures(scope("punctuation.section.arguments.end")),
          patterns: [include("ability")],
        },
        include("target-spec"),
        include("power-toughness"),
        include("number"),
      ],
    },

    "brace-block": {
      // restriction{...}, counter{...}, variable{...}: braces that hold no cost.
      begin: re`(?i)\b(?<!\$)(restriction|counter|variable)(\{)`,
      beginCaptures: captures(scope("keyword.control"), scope("punctuation.section.braces.begin")),
      end: re`(\})|$`,
      endCaptures: captures(scope("punctuation.section.braces.end")),
      patterns: [include("brace-inner"), include("restriction-words"), include("ability")],
    },

    "brace-inner": {
      begin: re`(\{)`,
      beginCaptures: captures(scope("punctuation.section.braces.begin")),
      end: re`(\})|$`,
      endCaptures: captures(scope("punctuation.section.braces.end")),
      patterns: [include("brace-inner"), include("restriction-words"), include("ability")],
    },

    "cost-value": {
      patterns: [
        { match: re`(?i)(?<==)multi`, name: scope("keyword.control") },
        include("cost-group"),
        include("ability-constructs"),
      ],
    },

    restrictions: {
      patterns: [include("restriction-words"), include("ability")],
    },

    "restriction-words": {
      patterns: [
        {
          match: re`(?i)(~)(lessthan|morethan|equalto|lessorequal|moreorequal)(~)`,
          captures: captures(
            scope("punctuation.definition.operator"),
            scope("keyword.operator.comparison"),
            scope("punctuation.definition.operator"),
          ),
        },
        { match: re`(?i)\b(?<!\$)\w*only(?![\w$])`, name: scope("keyword.other.restriction") },
        { match: re`(?i)\b(?<!\$)${words(RESTRICTIONS)}(?![\w$])`, name: scope("keyword.other.restriction") },
      ],
    },

    "basic-ability": {
      // flying, -flying (lose it), first strike
      match: re`(?i)(?:\B(-)|\b(?<![$-]))(${words(BASIC_ABILITIES)})(?![\w$])`,
      captures: captures(scope("keyword.operator.logical.not"), scope("support.constant.ability")),
    },

    "basic-ability-list": {
      patterns: [
        { match: ",", name: scope("punctuation.separator.comma") },
        include("basic-ability"),
      ],
    },

    "power-toughness": {
      match: re`(?i)(?<![\w/$])[+-]?(?:\d+|x{1,2})/[+-]?(?:\d+|x{1,2})(?![\w/])`,
      name: scope("constant.numeric.power-toughness"),
    },

    number: {
      match: re`(?<![\w.$])[+-]?\d+(?![\w])`,
      name: scope("constant.numeric.integer"),
    },

    colors: {
      patterns: [
        { match: ",", name: scope("punctuation.separator.comma") },
        { match: re`[A-Za-z]+`, name: scope("support.constant.color") },
      ],
    },

    types: {
      patterns: [
        { match: re`(?i)\b${words(SUPERTYPES)}\b`, name: scope("storage.modifier.supertype") },
        { match: re`(?i)\b${words(CARD_TYPES)}\b`, name: scope("storage.type.card-type") },
        { match: re`\S+`, name: scope("entity.name.type.subtype") },
      ],
    },

    "rules-text": {
      // text=: display only; `--` separates paragraphs by convention, {T} {2}{R} are symbols.
      patterns: [
        { match: "--", name: scope("punctuation.separator.paragraph") },
        { match: re`\{[^{}\s]{1,5}\}`, name: scope("constant.other.symbol") },
      ],
    },
  },
};
