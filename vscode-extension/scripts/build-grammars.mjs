// Writes syntaxes/<dialect>.tmLanguage.json from the sources in syntaxes/src/, after checking
// that every regex compiles with Oniguruma (the engine VS Code uses) and every include resolves.
//   node scripts/build-grammars.mjs          write the JSON files
//   node scripts/build-grammars.mjs --check  fail if a JSON file is not up to date (CI)

import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { dialects } from "../syntaxes/src/dialects.mjs";

const require = createRequire(import.meta.url);
const onig = require("vscode-oniguruma");
const root = fileURLToPath(new URL("..", import.meta.url));
const check = process.argv.includes("--check");

const wasm = readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm"));
await onig.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));

let failed = false;
for (const { id, grammar } of dialects) {
  const problems = validate(grammar);
  for (const problem of problems) {
    console.error(`${id}: ${problem}`);
  }
  if (problems.length > 0) {
    failed = true;
    continue;
  }
  const file = `syntaxes/${id}.tmLanguage.json`;
  const text = render(id, grammar);
  if (check) {
    let current = "";
    try {
      current = readFileSync(root + file, "utf8");
    } catch {
      // missing: reported below
    }
    if (current !== text) {
      console.error(`${file} is not up to date with syntaxes/src/${id}.mjs: run \`npm run grammars\``);
      failed = true;
    }
  } else {
    writeFileSync(root + file, text);
    console.log(`wrote ${file}`);
  }
}
process.exit(failed ? 1 : 0);

function render(id, grammar) {
  const out = {
    information_for_contributors: [
      `Generated from syntaxes/src/${id}.mjs by \`npm run grammars\`: edit the source, not this file.`,
    ],
    ...grammar,
  };
  return JSON.stringify(out, null, 2) + "\n";
}

function validate(grammar) {
  const problems = [];
  const repository = grammar.repository ?? {};
  const visit = (rule, where) => {
    if (rule === null || typeof rule !== "object") {
      problems.push(`${where}: not a rule`);
      return;
    }
    for (const key of ["match", "begin", "end", "while"]) {
      if (rule[key] !== undefined) {
        compile(rule[key], `${where}.${key}`);
      }
    }
    if (rule.include !== undefined) {
      const target = rule.include;
      if (target.startsWith("#") && !(target.slice(1) in repository)) {
        problems.push(`${where}: include ${target} names no repository rule`);
      }
    }
    if (rule.match !== undefined && rule.patterns !== undefined) {
      problems.push(`${where}: a match rule cannot have patterns (use captures)`);
    }
    for (const key of ["captures", "beginCaptures", "endCaptures", "whileCaptures"]) {
      for (const [group, capture] of Object.entries(rule[key] ?? {})) {
        visit(capture, `${where}.${key}[${group}]`);
      }
    }
    (rule.patterns ?? []).forEach((child, index) => visit(child, `${where}.patterns[${index}]`));
  };
  // vscode-oniguruma does not report syntax errors: a broken regex matches the empty string at
  // the start of any text. So does a regex that can match nothing, which stalls the tokenizer.
  // Either is reported.
  const compile = (source, where) => {
    const scanner = new onig.OnigScanner([source]);
    const text = new onig.OnigString("\u0001");
    const found = scanner.findNextMatchSync(text, 0);
    if (found !== null && found.captureIndices[0].start === 0 && found.captureIndices[0].end === 0) {
      problems.push(`${where}: invalid regex, or one that matches the empty string: /${source}/`);
    }
    text.dispose();
    scanner.dispose();
  };
  (grammar.patterns ?? []).forEach((rule, index) => visit(rule, `patterns[${index}]`));
  for (const [name, rule] of Object.entries(repository)) {
    visit(rule, `repository.${name}`);
  }
  return problems;
}
