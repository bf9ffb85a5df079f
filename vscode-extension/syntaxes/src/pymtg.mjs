// TextMate grammar for Python-MTG card files (data/m15_cards.txt, data/cube_cards.txt...):
// `###` separators, a card name, tab-indented sections of Python expressions. Levels count tabs
// only, so leading spaces are marked invalid. See shared/spec/pymtg/README.md.

import { captures, commentRules, re, scoper, words } from "./common.mjs";
import { vocab } from "./vocab.mjs";

const scope = scoper("pymtg");
const include = (name) => ({ include: `#${name}` });

const TRIGGERS = vocab("pymtg", "trigger-conditions.tsv");
const SHORTCUTS = vocab("pymtg", "target-shortcuts.tsv");
const SCOPES = vocab("pymtg", "static-scopes.tsv");
const EFFECT_NAMES = vocab("pymtg", "effect-names.tsv");
const KEYWORDS = ["lambda", "and", "or", "not", "if", "else", "for", "in", "is", "None", "True", "False"];
const NAMES = ["self", "targets", "is_legal_target", "p", "eff"];
const MODULES = ["mana", "triggers", "abilities", "permanent", "utils", "math", "re"];

/** A section: its level-1 header, then the lines two or more tabs deep (and blank or comment lines). */
function section(header, patterns) {
  return {
    name: scope(`meta.section.${header.toLowerCase()}`),
    begin: re`^(\t)(${header}:)\s*$`,
    beginCaptures: captures(null, scope("keyword.control.section")),
    while: re`^(?:(?=\t\t)|(?=[\t ]*#)|[\t ]*$)`,
    patterns: [include("comment"), include("space-indent"), ...patterns, include("python")],
  };
}

export const grammar = {
  name: "Python-MTG card file",
  scopeName: "source.pymtg",
  patterns: [include("card"), include("comment"), include("text")],
  repository: {
    ...commentRules("pymtg", { indented: true }),

    text: { match: re`^.+$`, name: scope("comment.block.preamble") },

    card: {
      // A separator (`###` and whatever follows), then the card name on the next line.
      begin: re`^(###.*)$`,
      beginCaptures: captures(scope("meta.separator.card", "punctuation.definition.separator")),
      end: re`^(?=###)`,
      patterns: [
        { match: re`^(?!\s|#)(.+)$`, name: scope("entity.name.type.card") },
        include("comment"),
        include("space-indent"),
        section("Abilities", [include("ability-line"), include("sub-header")]),
        section("Targets", [include("sub-header"), include("shortcut")]),
        section("Triggers", [include("trigger-line"), include("sub-header")]),
        section("Aura", [include("sub-header")]),
        section("StaticEffects", [include("static-scope")]),
        include("python"),
      ],
    },

    "space-indent": {
      // The loader counts leading tabs only: spaces there misplace the line.
      match: re`^(\t*)( +)(?=[^\s#])`,
      captures: captures(null, scope("invalid.illegal.indentation")),
    },

    "sub-header": {
      match: re`^(\t{2,})(Targets:|Prompt:|Conditioned On:|If:)\s*$`,
      captures: captures(null, scope("keyword.other.sub-header")),
    },

    "ability-line": {
      // `COST: EFFECT` at level 2: the cost is split on `, `.
      begin: re`^(\t\t)(?!\t)([^:\n]*)(:)`,
      beginCaptures: captures(
        null,
        {
          patterns: [
            { match: re`\bT\b`, name: scope("constant.language.tap") },
            { match: re`\b[Pp]ay\s+[\dX]+\s+life\b`, name: scope("constant.other.cost.life") },
            { match: re`Sacrifice ~`, name: scope("constant.other.cost.sacrifice") },
            { match: re`(?:X|\d|\([WUBRGC2]/[WUBRGC]\)|[WUBRGC])+`, name: scope("constant.other.mana") },
            { match: ", ", name: scope("punctuation.separator.cost") },
          ],
        },
        scope("punctuation.separator.cost-effect"),
      ),
      end: "$",
      patterns: [include("python")],
    },

    "trigger-line": {
      match: re`^(\t\t)(?!\t)(${words(TRIGGERS)})\s*$`,
      captures: captures(null, scope("support.constant.trigger-condition")),
    },

    shortcut: {
      match: re`^(\t\t)(?!\t)(['"])(${words(SHORTCUTS)})(\2)\s*$`,
      captures: captures(
        null,
        scope("string.quoted.shortcut", "punctuation.definition.string.begin"),
        scope("string.quoted.shortcut", "support.constant.target-shortcut"),
        scope("string.quoted.shortcut", "punctuation.definition.string.end"),
      ),
    },

    "static-scope": {
      match: re`^(\t\t)(?!\t)(['"])(${words(SCOPES)})(\2)\s*$`,
      captures: captures(
        null,
        scope("string.quoted.scope", "punctuation.definition.string.begin"),
        scope("string.quoted.scope", "support.constant.static-scope"),
        scope("string.quoted.scope", "punctuation.definition.string.end"),
      ),
    },

    python: {
      patterns: [
        { match: re`(?<=\S)\s*(#.*)$`, captures: captures(scope("invalid.deprecated.inline-hash")) },
        include("string"),
        { match: re`\b${words(KEYWORDS)}\b`, name: scope("keyword.control.python") },
        { match: re`\b${words(NAMES)}\b`, name: scope("variable.language") },
        { match: re`\b${words(MODULES)}\b(?=\s*\.)`, name: scope("support.module") },
        { match: re`(?<=\.)\s*([A-Za-z_]\w*)(?=\s*\()`, captures: captures(scope("entity.name.function.method")) },
        { match: re`(?<=\.)\s*([A-Za-z_]\w*)`, captures: captures(scope("variable.other.property")) },
        { match: re`\b\d+(?:\.\d+)?\b`, name: scope("constant.numeric") },
        { match: re`[-+*/%<>=!]=?|//`, name: scope("keyword.operator") },
      ],
    },

    string: {
      patterns: [
        {
          // 'modifyPT', 'gainAbility': the effect names the engine reads back.
          match: re`(['"])(${words(EFFECT_NAMES)})(\1)`,
          captures: captures(
            scope("string.quoted", "punctuation.definition.string.begin"),
            scope("string.quoted", "support.constant.effect-name"),
            scope("string.quoted", "punctuation.definition.string.end"),
          ),
        },
        {
          match: re`([rRbBuUfF]{0,2})(')(?:[^'\\]|\\.)*(')|([rRbBuUfF]{0,2})(")(?:[^"\\]|\\.)*(")`,
          name: scope("string.quoted"),
        },
      ],
    },
  },
};
