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
}

export type Lookup =
  | { found: true; path: string; source: "setting" | "PATH" | "cargo" }
  | { found: false; message: string };

/** The default command name, looked up on PATH when the setting is empty. */
export const DEFAULT_COMMAND = "cardlint";

export function findServer(ctx: LookupContext): Lookup {
  const configured = ctx.configured?.trim() ?? "";
  if (configured !== "") {
    return fromSetting(configured, ctx);
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
  return {
    found: false,
    message:
      "cardlint: the language server binary `cardlint` was not found on PATH nor in " +
      `${path.join(cargoHome, "bin")}. Install it (\`cargo install --locked --git ` +
      "https://github.com/cardlint/cardlint cardlint`) or set `cardlint.server.path`.",
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
