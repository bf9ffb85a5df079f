// Helpers shared by the dialect grammars: regex building, scope naming, and the
// `# cardlint: ignore[...]` suppression comments that every dialect understands.

/** Template tag for regexes: backslashes stay as written. */
export const re = String.raw;

/** An alternation of literal words, longest first so that a prefix never wins over a longer word. */
export function words(list) {
  const escaped = [...new Set(list)]
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+"));
  return `(?:${escaped.join("|")})`;
}

/** Returns a function that appends the dialect to a scope name: scope("keyword.other") -> "keyword.other.forge". */
export function scoper(dialect) {
  return (...names) => names.map((name) => `${name}.${dialect}`).join(" ");
}

/** Builds `captures` objects from a list: captures(scopeA, scopeB) -> {1: {name: scopeA}, 2: {name: scopeB}}. */
export function captures(...items) {
  const out = {};
  items.forEach((item, index) => {
    if (item === null || item === undefined) {
      return;
    }
    out[index + 1] = typeof item === "string" ? { name: item } : item;
  });
  return out;
}

/**
 * A `#` comment line, with the suppression directive highlighted.
 * `indented`: whether leading whitespace is allowed before the `#` (Forge trims lines, Wagic does not).
 */
export function commentRules(dialect, { indented }) {
  const scope = scoper(dialect);
  return {
    comment: {
      name: scope("comment.line.number-sign"),
      begin: indented ? re`^\s*(#)` : re`^(#)`,
      beginCaptures: captures(scope("punctuation.definition.comment")),
      end: "$",
      patterns: [{ include: "#suppression" }],
    },
    suppression: {
      // # cardlint: ignore[E010, unknown-line-key] reason
      name: scope("meta.directive.suppression"),
      match: re`(?<=#)\s*(cardlint:)\s*(ignore(?:-file)?)(\[)([^\]]*)(\])`,
      captures: captures(
        scope("keyword.other.directive.cardlint"),
        scope("keyword.control.directive.suppression"),
        scope("punctuation.definition.list.begin"),
        {
          patterns: [
            { match: re`[A-Za-z][A-Za-z0-9-]*`, name: scope("constant.other.rule-code") },
            { match: ",", name: scope("punctuation.separator.comma") },
          ],
        },
        scope("punctuation.definition.list.end"),
      ),
    },
  };
}
