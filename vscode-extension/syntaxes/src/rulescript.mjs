// TextMate grammar for OCTGN RuleScript (Card Fighters' Clash card_rules.py): `RulesDict[...]`
// entries whose triple-quoted strings hold `key = value` rule lines: targets, actions with costs,
// events, conditions, commands, zones and durations. Rules are case-insensitive (the engine
// lower-cases them), so is this grammar. See shared/spec/rulescript/README.md.

import { captures, commentRules, re, scoper, words } from "./common.mjs";
import { vocab } from "./vocab.mjs";

const scope = scoper("rulescript");
const include = (name) => ({ include: `#${name}` });

const KEYS = vocab("rulescript", "keys.tsv");
const COMMANDS = vocab("rulescript", "commands.tsv");
const ABILITIES = vocab("rulescript", "abilities.tsv");
const ZONES = vocab("rulescript", "zones.tsv");
const FILTERS = vocab("rulescript", "filters.tsv");
const RESTRICTIONS = vocab("rulescript", "restrictions.tsv");
const NAMES = vocab("rulescript", "expression-names.tsv");

export const grammar = {
  name: "RuleScript",
  scopeName: "source.rulescript",
  patterns: [include("xml"), include("entry"), include("comment"), include("python-string")],
  repository: {
    ...commentRules("rulescript", { indented: true }),

    "python-string": {
      patterns: [
        { begin: re`[rRuU]?"""`, end: re`"""`, name: scope("string.quoted.triple") },
        { begin: re`[rRuU]?'''`, end: re`'''`, name: scope("string.quoted.triple") },
        { match: re`[rRuU]?"(?:[^"\\\n]|\\.)*"|[rRuU]?'(?:[^'\\\n]|\\.)*'`, name: scope("string.quoted") },
      ],
    },

    entry: {
      // RulesDict["<guid>"] = """ ... """
      begin: re`^(RulesDict)(\[)(["'])([^"']*)(\3)(\])\s*(=)\s*[rRuU]?(""")`,
      beginCaptures: captures(
        scope("variable.other.rules"),
        scope("punctuation.section.brackets.begin"),
        scope("punctuation.definition.string.begin"),
        scope("constant.other.guid"),
        scope("punctuation.definition.string.end"),
        scope("punctuation.section.brackets.end"),
        scope("keyword.operator.assignment"),
        scope("punctuation.definition.string.begin"),
      ),
      end: re`"""`,
      endCaptures: { 0: { name: scope("punctuation.definition.string.end") } },
      contentName: scope("meta.rule"),
      patterns: [include("comment"), include("label-line"), include("rule-line")],
    },

    "label-line": {
      match: re`(?i)^\s*(label)\s*(=)\s*(.*)$`,
      captures: captures(scope("keyword.other.key"), scope("punctuation.separator.key-value"), scope("string.unquoted.label")),
    },

    "rule-line": {
      begin: re`(?i)^\s*(${words(KEYS)})\s*(=)`,
      beginCaptures: captures(scope("keyword.other.key"), scope("punctuation.separator.key-value")),
      end: "$",
      patterns: [
        { match: re`#.*$`, name: scope("comment.line.number-sign") },
        include("cost"),
        include("event"),
        include("condition"),
        { match: re`(?i)\b(to|target|from)(\??)(?=\()`, captures: captures(scope("keyword.other.target"), scope("keyword.operator.optional")) },
        { match: re`(?i)\b(${words(COMMANDS)})(\??)(?=\s*\()`, captures: captures(scope("support.function.command"), scope("keyword.operator.optional")) },
        { match: re`(?i)(?<![\w\]])([+-])(${words(ABILITIES)})\b`, captures: captures(scope("keyword.operator.ability"), scope("support.constant.ability")) },
        { match: re`(?i)\b${words(ABILITIES)}\b`, name: scope("support.constant.ability") },
        { match: re`(?i)(@)((?:my|opp|ctrl|same|any)?${words(ZONES)})\b`, captures: captures(scope("punctuation.definition.zone"), scope("support.constant.zone")) },
        { match: re`(?i)\b(?:my|opp)?${words(RESTRICTIONS)}\b`, name: scope("storage.modifier.duration") },
        { match: re`(?i)\b${words(FILTERS)}\b`, name: scope("support.type.filter") },
        { match: re`(?i)\b${words(NAMES)}\b`, name: scope("variable.language") },
        { match: re`&&|\|\||&|;`, name: scope("keyword.operator.joiner") },
        { match: re`"[^"]*"|'[^']*'`, name: scope("string.quoted") },
        { match: re`:=`, name: scope("keyword.operator.assignment") },
        { match: re`\b\d+\b`, name: scope("constant.numeric") },
      ],
    },

    cost: {
      // {F}{S(^character)}{D(2)}:
      match: re`(?i)(\{)([fsde])(?:(\()([^)}]*)(\)))?(\})`,
      captures: captures(
        scope("punctuation.definition.cost.begin"),
        scope("constant.language.cost"),
        scope("punctuation.section.arguments.begin"),
        scope("string.unquoted.argument"),
        scope("punctuation.section.arguments.end"),
        scope("punctuation.definition.cost.end"),
      ),
    },

    event: {
      // ~myEndPhase:once~ or ?oppCanBlock:this?
      match: re`([~?])([A-Za-z]+(?::[A-Za-z]+)?(?:\s*,\s*[A-Za-z]+(?::[A-Za-z]+)?)*)(\1)`,
      captures: captures(scope("punctuation.definition.event"), scope("entity.name.event"), scope("punctuation.definition.event")),
    },

    condition: {
      // [[may 'Question']], [[if expr]], [[elif expr]], [[else]]
      begin: re`(?i)(\[\[)\s*(may|if|elif|else)?`,
      beginCaptures: captures(scope("punctuation.section.condition.begin"), scope("keyword.control.conditional")),
      end: re`\]\]|$`,
      endCaptures: { 0: { name: scope("punctuation.section.condition.end") } },
      patterns: [
        { match: re`'[^']*'|"[^"]*"`, name: scope("string.quoted") },
        { match: re`(?i)\b(and|or|not|in|all)\b`, name: scope("keyword.operator.logical") },
        { match: re`(?i)\b${words(NAMES)}\b`, name: scope("variable.language") },
        { match: re`\b\d+\b`, name: scope("constant.numeric") },
      ],
    },

    xml: {
      patterns: [
        { match: re`<\?.*?\?>`, name: scope("meta.tag.preprocessor.xml") },
        { begin: re`<!--`, end: re`-->`, name: scope("comment.block.xml") },
        {
          begin: re`(</?)([\w:.-]+)`,
          beginCaptures: captures(scope("punctuation.definition.tag.begin"), scope("entity.name.tag")),
          end: re`(/?>)`,
          endCaptures: captures(scope("punctuation.definition.tag.end")),
          patterns: [
            { match: re`([\w:.-]+)(=)`, captures: captures(scope("entity.other.attribute-name"), scope("punctuation.separator.key-value")) },
            { match: re`"[^"]*"|'[^']*'`, name: scope("string.quoted") },
          ],
        },
      ],
    },
  },
};
