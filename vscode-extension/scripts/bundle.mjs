// Bundles the extension (and, with --tests, the unit tests) with esbuild.
//   node scripts/bundle.mjs               out/extension.js with a source map
//   node scripts/bundle.mjs --production  out/extension.js minified, as packaged in the .vsix
//   node scripts/bundle.mjs --tests       out/test/*.test.js, run by `node --test`

import { build } from "esbuild";
import { readdirSync } from "node:fs";

const production = process.argv.includes("--production");
const tests = process.argv.includes("--tests");

const common = {
  bundle: true,
  platform: "node",
  format: "cjs",
  // VS Code 1.91 runs extensions on Node 20.
  target: "node20",
  logLevel: "warning",
};

if (tests) {
  const entryPoints = readdirSync("test/unit")
    .filter((name) => name.endsWith(".test.ts"))
    .map((name) => `test/unit/${name}`);
  await build({ ...common, entryPoints, outdir: "out/test", sourcemap: "inline" });
} else {
  await build({
    ...common,
    entryPoints: ["src/extension.ts"],
    outfile: "out/extension.js",
    external: ["vscode"],
    minify: production,
    sourcemap: !production,
  });
}
