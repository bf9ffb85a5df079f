// Packages the extension (`npm run package`). With `--target <platform>` (for example
// `npm run package -- --target linux-x64`) the release `cardlint` binary goes into the package
// at `server/cardlint`, and the extension runs it unless `cardlint.server.path` names another:
//   - the binary is $CARDLINT_BINARY when set, else ../target/release/cardlint, which is built
//     (`cargo build --release --locked`) when it is missing;
//   - its `--version` must match this package's version.
// Without `--target`, the package is universal and has no server (the extension then finds
// `cardlint` on PATH or in ~/.cargo/bin).

import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import * as path from "node:path";

const args = process.argv.slice(2);
const targetAt = args.indexOf("--target");
const target = targetAt >= 0 ? args[targetAt + 1] : undefined;
const manifest = JSON.parse(readFileSync("package.json", "utf8"));
const serverDir = "server";

rmSync(serverDir, { recursive: true, force: true });
if (target !== undefined) {
  const windows = target.startsWith("win32");
  const name = windows ? "cardlint.exe" : "cardlint";
  let binary = process.env.CARDLINT_BINARY;
  if (!binary) {
    binary = path.resolve("..", "target", "release", name);
    if (!existsSync(binary)) {
      console.log(`${binary} is missing: cargo build --release --locked`);
      const built = spawnSync("cargo", ["build", "--release", "--locked", "--bin", "cardlint"], {
        cwd: "..",
        stdio: "inherit",
      });
      if (built.status !== 0) {
        console.error("package: cargo build failed; set CARDLINT_BINARY to a built cardlint instead");
        process.exit(1);
      }
    }
  }
  if (!existsSync(binary)) {
    console.error(`package: no cardlint binary at ${binary}`);
    process.exit(1);
  }
  const hostTarget = `${process.platform}-${process.arch}`;
  if (target === hostTarget) {
    const version = execFileSync(binary, ["--version"], { encoding: "utf8" }).trim();
    if (version !== `cardlint ${manifest.version}`) {
      console.error(`package: ${binary} says \`${version}\`; this package is ${manifest.version}`);
      process.exit(1);
    }
  }
  mkdirSync(serverDir);
  copyFileSync(binary, path.join(serverDir, name));
  chmodSync(path.join(serverDir, name), 0o755);
  // The release profile keeps line tables for backtraces; the packaged copy does without them.
  if (target === hostTarget && !windows && spawnSync("strip", ["--version"]).status === 0) {
    spawnSync("strip", [path.join(serverDir, name)], { stdio: "inherit" });
  }
  console.log(`package: server/${name} from ${binary}`);
}

const vsce = spawnSync("vsce", ["package", "--no-dependencies", ...args], { stdio: "inherit", shell: process.platform === "win32" });
rmSync(serverDir, { recursive: true, force: true });
process.exit(vsce.status ?? 1);
