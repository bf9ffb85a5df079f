// TextMate grammar for Forge card scripts (cardsfolder/**/*.txt, tokenscripts/*.txt).
// One `Key:Value` per line; records are `Key$ Value` pieces joined by `|` (see
// shared/spec/forge/README.md). Vocabulary that changes between Forge versions (ApiTypes,
// trigger modes, properties) is highlighted by position, not checked: the server does that.

import { captures, commentRules, re, scoper, words } from "./common.mjs";

const scope = scoper("forge");

// Values of a piece run to the next `|` or the end of the line.
const PIECE_END = re`(?=\|)|$`;
// A piece key starts the record or follows a `|`.
const PIECE_START = re`(?:(?<=[|:])|^)\s*`;

const SUPERTYPES = ["Basic", "Legendary", "Ongoing", "Snow", "World", "Elite", "Host"];
const CARD_TYPES = [
  "Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Emblem", "Enchantment", "Instant", "Kindred",
  "Land", "Phenomenon", "Plane", "Planeswalker", "Scheme", "Sorcery", "Tribal", "Vanguard",
];
// Cost parts as Forge's Cost parser knows them (`Name<fields>`); a misspelt part silently becomes mana.
const COST_PARTS = [
  "AddCounter", "AddMana", "Behold", "BeholdExile", "Blight", "ChooseCard", "ChooseColor", "ChooseCreatureType",
  "CollectEvidence", "DamageYou", "Discard", "Draw", "Enlist", "Exert", "Exile", "ExileAnyGrave",
  "ExileCtrlOrGrave", "ExiledMoveToGrave", "ExileFromGrave", "ExileFromHand", "ExileFromStack", "ExileFromTop",
  "ExileSameGrave", "FlipCoin", "Forage", "GainControl", "GainLife", "Mana", "Mill", "PayEnergy", "PayLife",
  "PayShards", "PromiseGift", "PutCardToLibFromBattlefield", "PutCardToLibFromGrave", "PutCardToLibFromHand",
  "PutCardToLibFromSameGrave", "RemoveAnyCounter", "Return", "Reveal", "RevealChosen", "RevealFromExile",
  "RevealOrChoose", "RollDice", "Sac", "SubCounter", "tapXType", "Unattach", "untapYType", "Waterbend",
];
// Line keys with no value grammar of their own (see shared/spec/forge/line-keys.txt).
const PLAIN_KEYS = ["AltName", "CopyFaceFrom", "Draft", "Lights", "SETCOLORID", "SetInfo"];
// Record types and the ApiTypes whose `Choices$` names SVars rather than cards.
const RECORD_TYPE = re`(?i:AB|SP|DB|ST)`;
const CHOICE_APIS = re`(?i:Charm|GenericChoice|VillainousChoice|Vote|AssignGroup)`;

// Which record keys hold which kind of value; matched exactly, as the effects read them.
const KEYS = {
  cost: re`\w*Cost`,
  valid: re`Valid\w*|Affected|ChangeType|IsPresent\d?|ConditionPresent|TargetType`,
  svars: re`\w*SubAbilit(?:y|ies)|Execute|ReplaceWith|Abilities|Triggers|StaticAbilities|ReplacementEffects|Replacements|AddAbility|AddTrigger|AddStaticAbility|AddReplacementEffects|AddSVars?|SVars|sVars|References|DelayedTrigger|\w*CheckSVar|FallbackAbility|RegenerationAbility|ReturnAbility|GiftAbility|VoteTiedAbility|MatchedAbility|UnmatchedAbility|Lowest|Highest|NotLowest|ChosenPile|UnchosenPile|GuessCorrect|GuessWrong`,
  description: re`\w*Description|\w*Desc|\w*Prompt|ChoiceTitle|\w*Message`,
  zones: re`Origin|Destination|\w*Zones?`,
  phases: re`\w*Phases?`,
  comparison: re`\w*Compare`,
  defined: re`Defined\w*|\w+Defined|RememberObjects|OptionalDecider|UnlessPayer|TargetingPlayer`,
  amount: re`Num\w*|\w+Num|\w*Amount|TargetM(?:in|ax)|(?:Add|Set)?(?:Power|Toughness)`,
  keywords: re`KW|\w*Keywords?`,
  counter: re`\w*CounterType`,
};

/** A record piece `Key$ value` whose value is read with `patterns`. */
function piece(key, patterns, { keyScope = scope("entity.other.attribute-name"), contentName } = {}) {
  const rule = {
    begin: re`${PIECE_START}(${key})\s*(\$)`,
    beginCaptures: captures(keyScope, scope("punctuation.separator.key-value")),
    end: PIECE_END,
    patterns,
  };
  if (contentName !== undefined) {
    rule.contentName = contentName;
  }
  return rule;
}

/** A line `Key:value` whose value is read with `patterns`. */
function line(key, patterns, { contentName, keyScope = scope("keyword.other.key") } = {}) {
  const rule = {
    begin: re`^\s*(${key})(:)`,
    beginCaptures: captures(keyScope, scope("punctuation.separator.key-value")),
    end: "$",
    patterns,
  };
  if (contentName !== undefined) {
    rule.contentName = contentName;
  }
  return rule;
}

const include = (name) => ({ include: `#${name}` });

export const grammar = {
  name: "Forge card script",
  scopeName: "source.forge",
  patterns: [
    include("comment"),
    include("face-separator"),
    include("lines"),
  ],
  repository: {
    ...commentRules("forge", { indented: true }),

    "face-separator": {
      patterns: [
        { match: re`^\s*(ALTERNATE)\s*$`, captures: captures(scope("keyword.control.face-separator")) },
        {
          match: re`^\s*(SPECIALIZE)(:)(.*)$`,
          captures: captures(
            scope("keyword.control.face-separator"),
            scope("punctuation.separator.key-value"),
            scope("support.constant.color"),
          ),
        },
      ],
    },

    lines: {
      patterns: [
        {
          match: re`^\s*(Name|MeldPair|FlavorName)(:)(.*)$`,
          captures: captures(
            scope("keyword.other.key"),
            scope("punctuation.separator.key-value"),
            scope("entity.name.type.card"),
          ),
        },
        line("ManaCost", [include("mana-cost")]),
        line("Types", [include("types")]),
        line("PT", [include("power-toughness")]),
        line("Loyalty|Defense|HandLifeModifier", [include("power-toughness")]),
        line("Colors", [include("colors")]),
        line("Oracle|Text", [include("rules-text")], { contentName: scope("string.unquoted.oracle") }),
        line("K", [include("keyword")]),
        line("[ATSR]", [include("record")]),
        include("svar-line"),
        line("DeckHints|DeckNeeds|DeckHas", [include("deck-hints")]),
        line("AlternateMode", [{ match: re`\w+`, name: scope("support.constant.layout") }]),
        line("AI", [
          { match: ":", name: scope("punctuation.separator.key-value") },
          { match: re`\w+`, name: scope("support.constant.ai") },
        ]),
        {
          // Variant:<VariantName>:<any line> (upstream): the line applies to that variant.
          begin: re`^\s*(Variant)(:)([^:]*)(:)?`,
          beginCaptures: captures(
            scope("keyword.other.key"),
            scope("punctuation.separator.key-value"),
            scope("entity.name.tag.variant"),
            scope("punctuation.separator.key-value"),
          ),
          end: "$",
        },
        line(words(PLAIN_KEYS), []),
      ],
    },

    "svar-line": {
      // SVar:<Name>:<value>; the value's kind shows only from how it is referenced, so guess from its shape.
      begin: re`^\s*(SVar)(:)([^:]*)(:)?`,
      beginCaptures: captures(
        scope("keyword.other.key"),
        scope("punctuation.separator.key-value"),
        scope("entity.name.function.svar"),
        scope("punctuation.separator.key-value"),
      ),
      end: "$",
      patterns: [
        {
          begin: re`\G(?=\s*(?:${RECORD_TYPE}|Mode|Event)\s*\$)`,
          end: "(?=$)",
          patterns: [include("record")],
        },
        { match: re`\G\s*(https?://\S+)`, captures: captures(scope("markup.underline.link")) },
        {
          begin: re`\G(?=\s*[A-Za-z]\w*\s*\$)`,
          end: "(?=$)",
          patterns: [include("expression")],
        },
        include("scalar"),
      ],
    },

    record: {
      patterns: [
        {
          // In charms and other choice effects, Choices$ names the SVars to choose from.
          begin: re`(?:(?<=[|:])|^)(?=\s*${RECORD_TYPE}\s*\$\s*${CHOICE_APIS}\b)`,
          end: "(?=$)",
          patterns: [piece("Choices", [include("svar-names")]), include("record-pieces")],
        },
        include("record-pieces"),
      ],
    },

    "record-pieces": {
      patterns: [
        { match: re`\|`, name: scope("punctuation.separator.record") },
        piece(RECORD_TYPE, [{ match: re`\G\s*([A-Za-z]\w*)`, captures: captures(scope("support.class.api-type")) }], {
          keyScope: scope("keyword.control.record-type"),
        }),
        piece("Mode", [{ match: re`\G\s*([A-Za-z]\w*)`, captures: captures(scope("support.class.mode")) }]),
        piece("Event", [{ match: re`\G\s*([A-Za-z]\w*)`, captures: captures(scope("support.class.event")) }]),
        piece(KEYS.cost, [include("cost")]),
        piece("Choices", [include("valid")]),
        piece(KEYS.valid, [include("valid")]),
        piece(KEYS.svars, [include("svar-names")]),
        piece(KEYS.description, [include("rules-text")], { contentName: scope("string.unquoted.description") }),
        piece(KEYS.zones, [include("zones")]),
        piece(KEYS.phases, [include("phases")]),
        piece(KEYS.comparison, [include("comparison")]),
        piece(KEYS.defined, [include("defined")]),
        piece(KEYS.amount, [include("amount")]),
        piece(KEYS.keywords, [include("keyword-list")]),
        piece(KEYS.counter, [{ match: re`\w+`, name: scope("support.constant.counter") }]),
        piece(re`[A-Za-z][\w]*`, [include("scalar")]),
      ],
    },

    "mana-cost": {
      patterns: [
        { match: re`\bno cost\b`, name: scope("constant.language.no-cost") },
        include("mana-symbol"),
      ],
    },

    "mana-symbol": {
      // 3, X, W, W/U, WU, 2/W, 2W, P/W, PW, W/P, S, C: one space-separated token each.
      match: re`(?<![^\s:$<])(?:(\d+)|(X|[WUBRGCS]|[WUBRGC2P]/[WUBRGCP]|[WUBRG]{2}|[2P][WUBRG]|[WUBRG]P))(?![^\s|:>])`,
      captures: captures(scope("constant.numeric.integer"), scope("constant.other.mana")),
    },

    cost: {
      patterns: [
        {
          // Sac<1/Creature.Other/another creature>: amount / what / description.
          match: re`\b(${words(COST_PARTS)})(<)([^/>]*)(?:(/)([^/>]*))?(?:(/)([^>]*))?(>)`,
          captures: captures(
            scope("support.function.cost-part"),
            scope("punctuation.definition.cost-part.begin"),
            { patterns: [include("amount")] },
            scope("punctuation.separator.field"),
            { patterns: [include("valid")] },
            scope("punctuation.separator.field"),
            { name: scope("string.unquoted.description"), patterns: [include("rules-text")] },
            scope("punctuation.definition.cost-part.end"),
          ),
        },
        { match: re`(?<![^\s:$])(T|Q|Untap)(?![^\s|:])`, captures: captures(scope("constant.language.tap")) },
        { match: re`(?<![^\s:$])(Mandatory|XCantBe0|XMin\d+)(?![^\s|:])`, captures: captures(scope("storage.modifier.cost")) },
        include("mana-symbol"),
      ],
    },

    valid: {
      // Creature.YouCtrl+nonLand,Artifact: `,` = or, `.` starts the properties, `+` = and, `!` = not.
      patterns: [
        { match: ",", name: scope("keyword.operator.logical.or") },
        { match: "!", name: scope("keyword.operator.logical.not") },
        { match: re`(?<![\w.+])(CARDNAME|NICKNAME)\b`, name: scope("variable.language.cardname") },
        { match: re`(?<![\w.+])[A-Za-z_]\w*`, name: scope("support.type.valid-base") },
        include("valid-properties"),
      ],
    },

    "valid-properties": {
      patterns: [
        { match: re`\.`, name: scope("punctuation.accessor") },
        { match: re`\+`, name: scope("keyword.operator.logical.and") },
        {
          // Everything up to the next `+`, `,` or `|` is one property, dots and spaces included.
          match: re`(?<=[.+])[^+,|/>]+`,
          captures: { 0: { name: scope("support.constant.property"), patterns: [include("property-parts")] } },
        },
      ],
    },

    "property-parts": {
      patterns: [
        {
          match: re`(?<=[.+])(counters_)(LT|LE|EQ|NE|GE|GT)(\d+|[A-Za-z]\w*?)(_)(\w+)`,
          captures: captures(
            null,
            scope("keyword.operator.comparison"),
            { patterns: [include("number-or-svar")] },
            null,
            scope("support.constant.counter"),
          ),
        },
        {
          match: re`(?<=[.+])(cmc|power|toughness|totalPT_?|loyalty|defense)(LT|LE|EQ|NE|GE|GT|M2)(\w+)`,
          captures: captures(null, scope("keyword.operator.comparison"), { patterns: [include("number-or-svar")] }),
        },
        { match: re`(?<=[.+])(non)(?=[A-Z])`, captures: captures(scope("keyword.operator.logical.not")) },
      ],
    },

    defined: {
      // Defined$ Targeted, TriggeredCard, Player.Opponent, Remembered.Creature, Valid Creature.YouCtrl
      patterns: [
        {
          begin: re`\G\s*(Valid\w*)\s+`,
          beginCaptures: captures(scope("variable.language.defined")),
          end: "(?=[|])|$",
          patterns: [include("valid")],
        },
        { match: ",", name: scope("punctuation.separator.comma") },
        { match: re`(?<![\w.+])[A-Za-z_]\w*`, name: scope("variable.language.defined") },
        include("valid-properties"),
      ],
    },

    "svar-names": {
      patterns: [
        { match: re`[,&]`, name: scope("punctuation.separator.list") },
        // RollDice: ResultSubAbilities$ 1-9:SVarA,10-20:SVarB
        {
          match: re`(\d+(?:-\d+)?)(:)`,
          captures: captures(scope("constant.numeric.integer"), scope("punctuation.separator.key-value")),
        },
        { match: re`[A-Za-z_]\w*`, name: scope("entity.name.function.svar") },
      ],
    },

    "number-or-svar": {
      patterns: [
        { match: re`[+-]?\d+`, name: scope("constant.numeric.integer") },
        { match: re`[A-Za-z_]\w*`, name: scope("entity.name.function.svar") },
      ],
    },

    amount: {
      patterns: [
        { begin: re`(?=\b[A-Za-z]\w*\$)`, end: PIECE_END, patterns: [include("expression")] },
        { match: re`([+-])?(\d+)\b`, captures: captures(scope("keyword.operator.sign"), scope("constant.numeric.integer")) },
        { match: re`([+-])?([A-Za-z_]\w*)`, captures: captures(scope("keyword.operator.sign"), scope("entity.name.function.svar")) },
      ],
    },

    comparison: {
      // SVarCompare$ GE2, PresentCompare$ EQX
      patterns: [
        {
          match: re`\G\s*(LT|LE|EQ|NE|GE|GT|M2)(\w*)`,
          captures: captures(scope("keyword.operator.comparison"), { patterns: [include("number-or-svar")] }),
        },
      ],
    },

    expression: {
      // Count$CardsInYourHand/Plus.2, Number$1, SVar$X, TriggeredCard$CardPower, Count$Compare X GE1.1.0
      patterns: [
        {
          match: re`([A-Za-z]\w*)(\$)([A-Za-z_]\w*)?`,
          captures: captures(
            scope("support.function.expression"),
            scope("punctuation.separator.key-value"),
            scope("support.constant.count-key"),
          ),
        },
        {
          match: re`(/)([A-Za-z]+)(?:(\.)([+-]?\w+))?`,
          captures: captures(
            scope("keyword.operator.math"),
            scope("support.function.math"),
            scope("punctuation.accessor"),
            { patterns: [include("number-or-svar")] },
          ),
        },
        {
          match: re`\b(LT|LE|EQ|NE|GE|GT)([+-]?\d+|[A-Z]\w*)`,
          captures: captures(scope("keyword.operator.comparison"), { patterns: [include("number-or-svar")] }),
        },
        { match: re`(?<![\w.])[+-]?\d+\b`, name: scope("constant.numeric.integer") },
      ],
    },

    zones: {
      patterns: [
        { match: ",", name: scope("punctuation.separator.comma") },
        { match: re`[A-Za-z]+`, name: scope("support.constant.zone") },
      ],
    },

    phases: {
      // Phase$ Upkeep, ActivationPhases$ Upkeep->Main2, Phase$ End of Turn
      patterns: [
        { match: "->", name: scope("keyword.operator.range") },
        { match: ",", name: scope("punctuation.separator.comma") },
        { match: re`[A-Za-z0-9]+(?:\s+(?!->)[A-Za-z0-9]+)*`, name: scope("support.constant.phase") },
      ],
    },

    "keyword-list": {
      // KW$ Flying & First Strike, TokenKeywords$ Trample<>Haste
      patterns: [
        { match: re`&|<>`, name: scope("punctuation.separator.list") },
        {
          match: re`[^&|<\s][^&|<]*?(?=\s*(?:&|<>|\||$))`,
          captures: { 0: { name: scope("support.constant.keyword"), patterns: [include("cardname")] } },
        },
      ],
    },

    keyword: {
      // K:Flying, K:Equip:2, K:Kicker:1 G, K:Protection from red, K:etbCounter:P1P1:2
      patterns: [
        { match: re`\G\s*([^:]+)`, captures: captures(scope("support.constant.keyword")) },
        { match: ":", name: scope("punctuation.separator.key-value") },
        include("cost"),
        include("cardname"),
      ],
    },

    "deck-hints": {
      // DeckHints:Type$Spirit|Arcane & Ability$Graveyard
      patterns: [
        {
          match: re`(\w+)\s*(\$)`,
          captures: captures(scope("entity.other.attribute-name"), scope("punctuation.separator.key-value")),
        },
        { match: re`\|`, name: scope("keyword.operator.logical.or") },
        { match: "&", name: scope("keyword.operator.logical.and") },
      ],
    },

    types: {
      patterns: [
        { match: re`\b${words(SUPERTYPES)}\b`, name: scope("storage.modifier.supertype") },
        { match: re`\b${words(CARD_TYPES)}\b`, name: scope("storage.type.card-type") },
        { match: re`[^\s]+`, name: scope("entity.name.type.subtype") },
      ],
    },

    "power-toughness": {
      patterns: [
        { match: "/", name: scope("punctuation.separator.power-toughness") },
        { match: re`[^/\s]+`, name: scope("constant.numeric.power-toughness") },
      ],
    },

    colors: {
      patterns: [
        { match: ",", name: scope("punctuation.separator.comma") },
        { match: re`[A-Za-z]+`, name: scope("support.constant.color") },
      ],
    },

    "rules-text": {
      // Oracle and description texts: \n line breaks, {T} {2}{R} symbols, CARDNAME.
      patterns: [
        { match: re`\\[nr]`, name: scope("constant.character.escape") },
        { match: re`\{[^{}\s]{1,5}\}`, name: scope("constant.other.symbol") },
        include("cardname"),
      ],
    },

    cardname: {
      match: re`\b(?:CARDNAME|NICKNAME)\b`,
      name: scope("variable.language.cardname"),
    },

    scalar: {
      patterns: [
        { match: re`\b(?:True|False|TRUE|FALSE|true|false)\b`, name: scope("constant.language.boolean") },
        { match: re`(?<![\w.])[+-]?\d+(?![\w.])`, name: scope("constant.numeric.integer") },
        include("cardname"),
      ],
    },
  },
};
