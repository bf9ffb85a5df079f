// How the extension finds the `cardlint` binary: setting, PATH, ~/.cargo/bin, and the messages
// it shows when there is none.

import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, describe, it } from "node:test";
import { atLeast, findServer, judgeVersionOutput, MIN_SERVER_VERSION, type LookupContext } from "../../src/server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "cardlint-vscode-"));
after(() => fs.rmSync(root, { recursive: true, force: true }));

function executable(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "#!/bin/sh\n");
  fs.chmodSync(file, 0o755);
  return file;
}

function context(overrides: Partial<LookupContext>): LookupContext {
  return {
    configured: "",
    workspaceFolder: undefined,
    env: { PATH: "" },
    platform: "linux",
    homedir: path.join(root, "home-empty"),
    ...overrides,
  };
}

describe("findServer on POSIX", { skip: process.platform === "win32" }, () => {
  const bin = path.join(root, "bin");
  const onPath = executable(path.join(bin, "cardlint"));
  const other = executable(path.join(root, "other", "cardlint-dev"));
  const notExecutable = path.join(root, "plain", "cardlint");
  fs.mkdirSync(path.dirname(notExecutable), { recursive: true });
  fs.writeFileSync(notExecutable, "");
  fs.chmodSync(notExecutable, 0o644);

  it("uses cardlint from PATH when the setting is empty", () => {
    const found = findServer(context({ env: { PATH: `${path.join(root, "nowhere")}:${bin}` } }));
    assert.deepEqual(found, { found: true, path: onPath, source: "PATH" });
  });

  it("treats a blank setting as empty", () => {
    const found = findServer(context({ configured: "   ", env: { PATH: bin } }));
    assert.deepEqual(found, { found: true, path: onPath, source: "PATH" });
  });

  it("falls back to ~/.cargo/bin, then CARGO_HOME/bin", () => {
    const home = path.join(root, "home");
    const cargo = executable(path.join(home, ".cargo", "bin", "cardlint"));
    assert.deepEqual(findServer(context({ homedir: home })), { found: true, path: cargo, source: "cargo" });

    const cargoHome = path.join(root, "cargo-home");
    const fromCargoHome = executable(path.join(cargoHome, "bin", "cardlint"));
    assert.deepEqual(findServer(context({ homedir: home, env: { PATH: "", CARGO_HOME: cargoHome } })), {
      found: true,
      path: fromCargoHome,
      source: "cargo",
    });
  });

  it("explains how to install or configure cardlint when it is nowhere", () => {
    const found = findServer(context({ env: { PATH: path.join(root, "nowhere") } }));
    assert.equal(found.found, false);
    assert.match(!found.found ? found.message : "", /not found on PATH.*cargo install.*cardlint\.server\.path/s);
  });

  it("prefers the packaged server to PATH, and the setting to both", () => {
    const bundled = executable(path.join(root, "extension", "server", "cardlint"));
    assert.deepEqual(findServer(context({ bundled, env: { PATH: bin } })), { found: true, path: bundled, source: "bundled" });
    assert.deepEqual(findServer(context({ bundled, configured: other, env: { PATH: bin } })), {
      found: true,
      path: other,
      source: "setting",
    });
    // A package without a server (another platform's, or a universal one) falls back to PATH.
    const absent = path.join(root, "extension-universal", "server", "cardlint");
    assert.deepEqual(findServer(context({ bundled: absent, env: { PATH: bin } })), { found: true, path: onPath, source: "PATH" });
  });

  it("says when the User setting is ignored by a remote window", () => {
    const found = findServer(context({ ignoredUserValue: "/opt/cardlint", env: { PATH: path.join(root, "nowhere") } }));
    assert.match(!found.found ? found.message : "", /\/opt\/cardlint.*does not apply in this remote window.*Remote settings/s);
    assert.doesNotMatch(!found.found ? found.message : "", /or set `cardlint\.server\.path`/);
  });

  it("uses an absolute path from the setting, and says why it cannot", () => {
    assert.deepEqual(findServer(context({ configured: other })), { found: true, path: other, source: "setting" });

    const missing = findServer(context({ configured: path.join(root, "missing", "cardlint") }));
    assert.match(!missing.found ? missing.message : "", /does not exist/);
    const directory = findServer(context({ configured: bin }));
    assert.match(!directory.found ? directory.message : "", /is not a file/);
    const plain = findServer(context({ configured: notExecutable }));
    assert.match(!plain.found ? plain.message : "", /is not executable/);
  });

  it("resolves relative paths and ${workspaceFolder} against the first folder", () => {
    const relative = findServer(context({ configured: "other/cardlint-dev", workspaceFolder: root }));
    assert.deepEqual(relative, { found: true, path: other, source: "setting" });
    const variable = findServer(context({ configured: "${workspaceFolder}/other/cardlint-dev", workspaceFolder: root }));
    assert.deepEqual(variable, { found: true, path: other, source: "setting" });

    const noFolder = findServer(context({ configured: "other/cardlint-dev" }));
    assert.match(!noFolder.found ? noFolder.message : "", /no folder is open/);
    const noFolderVariable = findServer(context({ configured: "${workspaceFolder}/cardlint" }));
    assert.match(!noFolderVariable.found ? noFolderVariable.message : "", /no folder is open/);
  });

  it("expands ~ to the home folder", () => {
    const found = findServer(context({ configured: "~/other/cardlint-dev", homedir: root }));
    assert.deepEqual(found, { found: true, path: other, source: "setting" });
  });

  it("looks a bare command name up on PATH", () => {
    const found = findServer(context({ configured: "cardlint-dev", env: { PATH: path.dirname(other) } }));
    assert.deepEqual(found, { found: true, path: other, source: "PATH" });
    const missing = findServer(context({ configured: "cardlint-nope", env: { PATH: bin } }));
    assert.match(!missing.found ? missing.message : "", /no such command was found on PATH/);
  });
});

describe("findServer with Windows conventions", () => {
  // The file system is the real one; only PATH, PATHEXT and the execute bit follow the platform.
  it("tries the PATHEXT extensions and reads the Path variable", () => {
    const dir = path.join(root, "win");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "cardlint.exe"), "");
    const found = findServer(context({ platform: "win32", env: { Path: `C:\\nowhere;${dir}`, PATHEXT: ".COM;.EXE" } }));
    assert.deepEqual(found, { found: true, path: path.join(dir, "cardlint.exe"), source: "PATH" });
  });
});

describe("the server's version", () => {
  it("compares versions by number", () => {
    assert.ok(atLeast(MIN_SERVER_VERSION));
    assert.ok(atLeast("0.10.0", "0.2.0"));
    assert.ok(atLeast("1.0.0", "0.2.0"));
    assert.ok(!atLeast("0.1.9", "0.2.0"));
    assert.ok(!atLeast("nonsense", "0.2.0"));
  });

  it("explains a binary that is not cardlint, too old, or broken, in one sentence", () => {
    assert.deepEqual(judgeVersionOutput("/x/cardlint", `cardlint ${MIN_SERVER_VERSION}\n`), { version: MIN_SERVER_VERSION });
    const old = judgeVersionOutput("/x/cardlint", "cardlint 0.1.0\n");
    assert.equal(old.version, "0.1.0");
    assert.match(old.problem ?? "", /is cardlint 0\.1\.0; this extension needs .* or newer/);
    assert.match(judgeVersionOutput("/bin/ls", "ls (GNU coreutils) 9.1\n").problem ?? "", /is not cardlint/);
    assert.match(judgeVersionOutput("/x/cardlint", undefined, "EACCES").problem ?? "", /failed \(EACCES\)/);
  });
});
