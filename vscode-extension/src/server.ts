// Finds the `cardlint` binary that runs the language server.
// Pure Node (no `vscode` import), so the unit tests can run it outside the editor.

import * as fs from "node:fs";
import * as path from "node:path";

export interface LookupContext {
  /** The `cardlint.server.path` setting, untrimmed; empty or undefined when unset. */
  configured: string | undefined;
  /** The first workspace folder, for relative paths and `${workspaceFolder}`. */
  workspaceFolder: string | undefined;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  homedir: string;
  /** The binary packaged with the extension (`server/cardlint`), if this package has one. */
  bundled?: string;
  /**
   * The setting as written in User settings when the window ignores it (a remote window reads
   * `machine-overridable` settings from the Remote settings): mentioned in the message.
   */
  ignoredUserValue?: string;
  /** A remote window of desktop VS Code (SSH, containers, WSL): User settings of machine scope do not apply (code-server applies them). */
  remote?: boolean;
}

export type Lookup =
  | { found: true; path: string; source: "setting" | "bundled" | "PATH" | "cargo" }
  | { found: false; message: string };

/** The default command name, looked up on PATH when the setting is empty. */
export const DEFAULT_COMMAND = "cardlint";

export function findServer(ctx: LookupContext): Lookup {
  const configured = ctx.configured?.trim() ?? "";
  if (configured !== "") {
    return fromSetting(configured, ctx);
  }
  // The binary packaged with the extension comes first: it is the version this client expects.
  if (ctx.bundled !== undefined && executableProblem(ctx.bundled, ctx.platform) === undefined) {
    return { found: true, path: ctx.bundled, source: "bundled" };
  }
  const onPath = searchPath(DEFAULT_COMMAND, ctx);
  if (onPath !== undefined) {
    return { found: true, path: onPath, source: "PATH" };
  }
  // Editors started from a desktop launcher often miss ~/.cargo/bin on PATH,
  // which is where `cargo install` puts cardlint.
  const cargoHome = ctx.env.CARGO_HOME || path.join(ctx.homedir, ".cargo");
  const fromCargo = executableIn(path.join(cargoHome, "bin"), DEFAULT_COMMAND, ctx);
  if (fromCargo !== undefined) {
    return { found: true, path: fromCargo, source: "cargo" };
  }
  const ignored = ctx.ignoredUserValue?.trim()
    ? ` Your User setting \`cardlint.server.path\` (\`${ctx.ignoredUserValue.trim()}\`) does not apply in this ` +
      "remote window: set it in the Remote settings (Preferences: Open Remote Settings)."
    : ctx.remote
      ? " In a remote window, a `cardlint.server.path` written in User settings does not apply: set it in the " +
        "Remote settings (Preferences: Open Remote Settings), or install cardlint on this machine."
      : " Install it (`cargo install --locked --git https://github.com/cardlint/cardlint cardlint`) or set " +
      "`cardlint.server.path`.";
  return {
    found: false,
    message:
      "cardlint: this package has no language server for this platform, and `cardlint` was not found on PATH nor in " +
      `${path.join(cargoHome, "bin")}.${ignored}`,
  };
}

function fromSetting(configured: string, ctx: LookupContext): Lookup {
  const expanded = expand(configured, ctx);
  if (expanded === undefined) {
    return {
      found: false,
      message: `cardlint: \`cardlint.server.path\` is \`${configured}\`, which uses \${workspaceFolder} but no folder is open.`,
    };
  }
  // A bare name is a command to look up on PATH, like in a shell.
  if (!expanded.includes("/") && !(ctx.platform === "win32" && expanded.includes("\\"))) {
    const onPath = searchPath(expanded, ctx);
    if (onPath !== undefined) {
      return { found: true, path: onPath, source: "PATH" };
    }
    return {
      found: false,
      message: `cardlint: \`cardlint.server.path\` is \`${configured}\`, and no such command was found on PATH.`,
    };
  }
  let absolute = expanded;
  if (!path.isAbsolute(expanded)) {
    if (ctx.workspaceFolder === undefined) {
      return {
        found: false,
        message: `cardlint: \`cardlint.server.path\` is the relative path \`${configured}\`, but no folder is open to resolve it against.`,
      };
    }
    absolute = path.resolve(ctx.workspaceFolder, expanded);
  }
  const problem = executableProblem(absolute, ctx.platform);
  if (problem !== undefined) {
    return { found: false, message: `cardlint: \`cardlint.server.path\` is \`${absolute}\`, which ${problem}.` };
  }
  return { found: true, path: absolute, source: "setting" };
}

/** Expands `~`, `${userHome}` and `${workspaceFolder}`; undefined when a folder is needed but absent. */
export function expand(value: string, ctx: LookupContext): string | undefined {
  let out = value;
  if (out === "~" || out.startsWith("~/") || (ctx.platform === "win32" && out.startsWith("~\\"))) {
    out = ctx.homedir + out.slice(1);
  }
  out = out.replaceAll("${userHome}", ctx.homedir);
  if (out.includes("${workspaceFolder}")) {
    if (ctx.workspaceFolder === undefined) {
      return undefined;
    }
    out = out.replaceAll("${workspaceFolder}", ctx.workspaceFolder);
  }
  return out;
}

/** The first executable named `command` in the directories of PATH. */
export function searchPath(command: string, ctx: LookupContext): string | undefined {
  const pathVar = pathVariable(ctx.env, ctx.platform) ?? "";
  const separator = ctx.platform === "win32" ? ";" : ":";
  for (const dir of pathVar.split(separator)) {
    if (dir === "") {
      continue;
    }
    const found = executableIn(dir.replace(/^"(.*)"$/, "$1"), command, ctx);
    if (found !== undefined) {
      return found;
    }
  }
  return undefined;
}

function executableIn(dir: string, command: string, ctx: LookupContext): string | undefined {
  for (const name of candidateNames(command, ctx)) {
    const candidate = path.join(dir, name);
    if (executableProblem(candidate, ctx.platform) === undefined) {
      return candidate;
    }
  }
  return undefined;
}

function candidateNames(command: string, ctx: LookupContext): string[] {
  if (ctx.platform !== "win32" || path.win32.extname(command) !== "") {
    return [command];
  }
  const extensions = (ctx.env.PATHEXT || ".COM;.EXE;.BAT;.CMD").split(";").filter((e) => e !== "");
  return extensions.map((ext) => command + ext.toLowerCase());
}

/** Why `file` cannot be run, or undefined when it can. */
function executableProblem(file: string, platform: NodeJS.Platform): string | undefined {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return "does not exist";
  }
  if (!stat.isFile()) {
    return "is not a file";
  }
  if (platform !== "win32") {
    try {
      fs.accessSync(file, fs.constants.X_OK);
    } catch {
      return "is not executable";
    }
  }
  return undefined;
}

// Windows spells the variable `Path`; environment lookups there are case-insensitive.
function pathVariable(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | undefined {
  if (platform !== "win32") {
    return env.PATH;
  }
  const key = Object.keys(env).find((k) => k.toUpperCase() === "PATH");
  return key === undefined ? undefined : env[key];
}

/** The oldest `cardlint` whose language server this extension works with. */
export const MIN_SERVER_VERSION = "0.2.0";

/** `[major, minor, patch]` of the first version number in `text` (`cardlint 0.2.0` → [0, 2, 0]). */
export function parseVersion(text: string): [number, number, number] | undefined {
  const m = /(\d+)\.(\d+)(?:\.(\d+))?/.exec(text);
  if (m === null) {
    return undefined;
  }
  return [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
}

/** Whether `version` (as printed by `cardlint --version`) is at least `minimum`. */
export function atLeast(version: string, minimum: string = MIN_SERVER_VERSION): boolean {
  const v = parseVersion(version);
  const min = parseVersion(minimum);
  if (v === undefined || min === undefined) {
    return false;
  }
  for (let i = 0; i < 3; i++) {
    if (v[i] !== min[i]) {
      return v[i] > min[i];
    }
  }
  return true;
}

/**
 * What `cardlint --version` says about a binary: its version, or why it cannot serve this
 * extension (not a cardlint, too old), in words for the one error message.
 */
export function judgeVersionOutput(binary: string, output: string | undefined, failure?: string): { version?: string; problem?: string } {
  if (output === undefined) {
    return { problem: `\`${binary} --version\` failed (${failure ?? "no output"}): this is not a working cardlint binary.` };
  }
  const line = output.trim().split(/\r?\n/)[0] ?? "";
  if (!/^cardlint\b/.test(line) || parseVersion(line) === undefined) {
    return { problem: `\`${binary}\` is not cardlint (\`--version\` printed \`${line.slice(0, 80)}\`).` };
  }
  const version = line.replace(/^cardlint\s*/, "");
  if (!atLeast(version)) {
    return {
      version,
      problem: `\`${binary}\` is cardlint ${version}; this extension needs ${MIN_SERVER_VERSION} or newer. Update it, or clear \`cardlint.server.path\` to use the server packaged with the extension.`,
    };
  }
  return { version };
}
