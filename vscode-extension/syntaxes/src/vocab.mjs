// The vocabularies of cardlint's data files (model/data/<dialect>/*.tsv), read when the grammars
// are built, so that highlighting and the linter know the same words.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const data = fileURLToPath(new URL("../../../model/data/", import.meta.url));

/** The words of `model/data/<dialect>/<file>` (first column; `#` lines skipped). */
export function vocab(dialect, file, { removed = false } = {}) {
  return readFileSync(`${data}${dialect}/${file}`, "utf8")
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => line.split("\t"))
    .filter((fields) => removed || fields[1] !== "removed")
    .map((fields) => fields[0]);
}
