// TextMate grammar for OCTGN Netrunner AutoScripts: the `ScriptsLocal` table of CardScripts.py
// (entries separated by `.....`, fields by `-----` and `+++++`) and the AutoScript/AutoAction
// properties of the classic game's set.xml files. Scripts: `||` alternatives, `$$` parts, a
// trigger or `A#B#G#T#` cost, a command with glued numbers, `-modulators`, `{...}` and `<a,b>`.
// See shared/spec/netrunner/README.md.

import { captures, commentRules, re, scoper, words } from "./common.mjs";
import { vocab } from "./vocab.mjs";

const scope = scoper("netrunner");
const include = (name) => ({ include: `#${name}` });

const TRIGGERS = vocab("netrunner", "triggers.tsv");
const VERBS = [...vocab("netrunner", "command-verbs.tsv"), ...vocab("netrunner", "resident-effects.tsv")];
const MODULATORS = vocab("netrunner", "modulators.tsv");

export const grammar = {
  name: "Netrunner AutoScripts",
  scopeName: "source.netrunner",
  patterns: [include("xml"), include("table"), include("comment"), include("python-string")],
  repository: {
    ...commentRules("netrunner", { indented: true }),

    "python-string": {
      match: re`[rRuU]?('''|"""|'|")(?:(?!\1).)*\1`,
      name: scope("string.quoted"),
    },

    table: {
      // ScriptsLocal = '''...'''
      begin: re`^(ScriptsLocal)\s*(=)\s*[rRuU]?(''')`,
      beginCaptures: captures(
        scope("variable.other.table"),
        scope("keyword.operator.assignment"),
        scope("punctuation.definition.string.begin"),
      ),
      end: "'''",
      endCaptures: { 0: { name: scope("punctuation.definition.string.end") } },
      patterns: [
        { match: re`^\s*(=====|-----|\+\+\+\+\+|\.\.\.\.\.)\s*$`, name: scope("meta.separator", "punctuation.separator.table") },
        { match: re`^\s*(ENDSCRIPTS)\s*$`, captures: captures(scope("keyword.control.end")) },
        { match: re`^\s*[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\s*$`, name: scope("constant.other.guid") },
        include("script"),
      ],
    },

    script: {
      patterns: [
        { match: re`\|\|`, name: scope("keyword.operator.alternative") },
        { match: re`\$\$|\+\+`, name: scope("keyword.operator.sequence") },
        {
          // A cost prefix of an AutoAction.
          match: re`(?<![\w-])(A\d+B\d+G\d+T[012])(:)`,
          captures: captures(scope("constant.other.cost"), scope("punctuation.separator.prefix")),
        },
        {
          match: re`(?<![\w-])(${words(TRIGGERS)}\w*)(:)`,
          captures: captures(scope("keyword.control.trigger"), scope("punctuation.separator.prefix")),
        },
        include("brace"),
        include("pair"),
        {
          // A modulator: `-isCost`, `-atICE_and_nonSentry`, `-perMarker{Power}`.
          match: re`(-)(${words(MODULATORS)})([\w& ]*)`,
          captures: captures(
            scope("punctuation.definition.modulator"),
            scope("variable.parameter.modulator"),
            scope("string.unquoted.argument"),
          ),
        },
        { match: re`(-)([A-Za-z]\w*)`, captures: captures(scope("punctuation.definition.modulator"), scope("invalid.deprecated.modulator")) },
        { match: re`(?<![\w-])${words(VERBS)}(?=[\dX#A-Z{<-]|\b)`, name: scope("support.function.command") },
        { match: re`\d+`, name: scope("constant.numeric") },
      ],
    },

    brace: {
      begin: re`\{`,
      beginCaptures: { 0: { name: scope("punctuation.definition.string.begin") } },
      end: re`\}|(?=\$\$|\|\||'''|")`,
      endCaptures: { 0: { name: scope("punctuation.definition.string.end") } },
      contentName: scope("string.unquoted.brace"),
    },

    pair: {
      // <success,failure>: sequences joined by ++
      begin: re`<|&lt;`,
      beginCaptures: { 0: { name: scope("punctuation.section.pair.begin") } },
      end: re`>|&gt;|(?=\$\$|\|\||'''|")`,
      endCaptures: { 0: { name: scope("punctuation.section.pair.end") } },
      patterns: [{ match: ",", name: scope("punctuation.separator.pair") }, include("script")],
    },

    xml: {
      patterns: [
        { match: re`<\?.*?\?>`, name: scope("meta.tag.preprocessor.xml") },
        { begin: re`<!--`, end: re`-->`, name: scope("comment.block.xml") },
        {
          // <property name="AutoScript" value="...">: the value is a script.
          begin: re`(<)(property)\s+(name)(=)(")(AutoScript|AutoAction)(")\s+(value)(=)(")`,
          beginCaptures: captures(
            scope("punctuation.definition.tag.begin"),
            scope("entity.name.tag"),
            scope("entity.other.attribute-name"),
            scope("punctuation.separator.key-value"),
            scope("punctuation.definition.string.begin"),
            scope("string.quoted.double", "support.constant.field"),
            scope("punctuation.definition.string.end"),
            scope("entity.other.attribute-name"),
            scope("punctuation.separator.key-value"),
            scope("punctuation.definition.string.begin"),
          ),
          end: re`(")`,
          endCaptures: captures(scope("punctuation.definition.string.end")),
          patterns: [{ match: re`&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);`, name: scope("constant.character.entity") }, include("script")],
        },
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
