// The grammars to build: one module per dialect, written to syntaxes/<id>.tmLanguage.json.
// To add a dialect: write syntaxes/src/<id>.mjs exporting `grammar`, list it here, add the
// language and grammar to package.json, and add fixtures under test/grammar/<id>/.

import { grammar as forge } from "./forge.mjs";
import { grammar as netrunner } from "./netrunner.mjs";
import { grammar as pymtg } from "./pymtg.mjs";
import { grammar as rulescript } from "./rulescript.mjs";
import { grammar as wagic } from "./wagic.mjs";

export const dialects = [
  { id: "forge", grammar: forge },
  { id: "wagic", grammar: wagic },
  { id: "pymtg", grammar: pymtg },
  { id: "netrunner", grammar: netrunner },
  { id: "rulescript", grammar: rulescript },
];
