// package.json, the grammars, the language configurations and the fixtures must agree: every
// dialect has a language, a grammar with the right scope, a configuration and grammar tests.

import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, it } from "node:test";
import { LANGUAGES } from "../../src/languages";

// The tests run from the extension folder (npm run test:unit).
const root = process.cwd();
const manifest = readJson("package.json");

interface Language {
  id: string;
  configuration?: string;
  filenames?: string[];
  filenamePatterns?: string[];
}
interface Grammar {
  language: string;
  scopeName: string;
  path: string;
}

function readJson(file: string): any {
  return JSON.parse(fs.readFileSync(path.join(root, file), "utf8"));
}

describe("contributions", () => {
  const languages: Language[] = manifest.contributes.languages;
  const grammars: Grammar[] = manifest.contributes.grammars;

  it("declares exactly the languages the client sends to the server", () => {
    assert.deepEqual(languages.map((l) => l.id).sort(), [...LANGUAGES].sort());
  });

  for (const id of LANGUAGES) {
    it(`${id}: has a grammar, a configuration and grammar tests`, () => {
      const language = languages.find((l) => l.id === id)!;
      const grammar = grammars.find((g) => g.language === id);
      assert.ok(grammar, `no grammar for ${id}`);
      assert.equal(grammar.scopeName, `source.${id}`);
      assert.equal(grammar.path, `./syntaxes/${id}.tmLanguage.json`);
      assert.equal(readJson(grammar.path).scopeName, grammar.scopeName);

      assert.ok(language.configuration, `no language configuration for ${id}`);
      const configuration = readJson(language.configuration);
      assert.equal(configuration.comments.lineComment, "#");
      new RegExp(configuration.wordPattern);

      const fixtures = fs.readdirSync(path.join(root, "test", "grammar", id)).filter((f) => f.includes(".test."));
      assert.ok(fixtures.length > 0, `no grammar tests in test/grammar/${id}`);
      for (const fixture of fixtures) {
        const header = fs.readFileSync(path.join(root, "test", "grammar", id, fixture), "utf8").split("\n")[0];
        assert.match(header, new RegExp(`^# SYNTAX TEST "source\\.${id}"`), `${fixture}: header names another grammar`);
      }
    });
  }

  it("associates the engines' folder layouts with the dialects", () => {
    const patterns = (id: string) => languages.find((l) => l.id === id)?.filenamePatterns ?? [];
    assert.ok(patterns("forge").includes("**/cardsfolder/**/*.txt"));
    assert.ok(patterns("forge").includes("**/tokenscripts/*.txt"));
    assert.ok(patterns("wagic").includes("**/sets/*/_cards.dat"));
    assert.ok(patterns("wagic").includes("**/sets/primitives/*.txt"));
  });

  it("associates the OCTGN script modules and Python-MTG card files with their dialects", () => {
    const patterns = (id: string) => languages.find((l) => l.id === id)?.filenamePatterns ?? [];
    assert.ok(patterns("pymtg").includes("**/data/*_cards.txt"));
    assert.ok(patterns("netrunner").includes("**/Scripts/CardScripts.py"));
    assert.ok(patterns("rulescript").includes("**/Scripts/card_rules.py"));
  });

  it("starts when a folder holds an engine's layout, before any card is opened", () => {
    // Without it the Problems panel stays empty until a card file is opened (issue 26).
    const events: string[] = manifest.activationEvents;
    const contains = events.filter((e) => e.startsWith("workspaceContains:")).map((e) => e.slice("workspaceContains:".length));
    for (const layout of [
      "**/cardsfolder/**/*.txt",
      "**/sets/primitives/*.txt",
      "**/_cards.dat",
      "**/Scripts/CardScripts.py",
      "**/Scripts/card_rules.py",
      "**/cardlint.toml",
    ]) {
      assert.ok(contains.includes(layout), `no workspaceContains:${layout}`);
    }
    // Every file a language claims by its name or path starts the server too.
    for (const language of languages) {
      for (const pattern of language.filenamePatterns ?? []) {
        assert.ok(contains.includes(pattern), `${language.id}: ${pattern} does not start the server`);
      }
      for (const name of language.filenames ?? []) {
        assert.ok(contains.includes(`**/${name}`), `${language.id}: ${name} does not start the server`);
      }
    }
    // Patterns relative to a folder (workspaceContains has no leading slash) and no duplicates.
    assert.ok(contains.every((p) => !p.startsWith("/")));
    assert.equal(new Set(contains).size, contains.length);
  });

  it("offers the documented settings and commands", () => {
    const settings = manifest.contributes.configuration.properties;
    assert.equal(settings["cardlint.server.path"].type, "string");
    assert.equal(settings["cardlint.server.extraArgs"].type, "array");
    assert.deepEqual(settings["cardlint.trace.server"].enum, ["off", "messages", "verbose"]);
    const commands = manifest.contributes.commands.map((c: { command: string }) => c.command);
    assert.ok(commands.includes("cardlint.restartServer"));
    // Settings that choose what to run are ignored in untrusted workspaces.
    assert.deepEqual(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations, [
      "cardlint.server.path",
      "cardlint.server.extraArgs",
    ]);
  });
});
