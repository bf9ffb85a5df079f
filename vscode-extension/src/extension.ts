// The VS Code client of the cardlint language server: starts `cardlint lsp` over stdio for the
// card languages, and restarts it on request or when its settings change. The server comes with
// the extension (`server/cardlint` in a platform package) unless `cardlint.server.path` names
// another. A missing, wrong or too old binary gives one error message, never a restart loop.

import { execFile } from "node:child_process";
import * as os from "node:os";
import * as path from "node:path";
import * as vscode from "vscode";
import {
  CloseAction,
  ErrorAction,
  type ErrorHandler,
  LanguageClient,
  type LanguageClientOptions,
  RevealOutputChannelOn,
  type ServerOptions,
  State,
} from "vscode-languageclient/node";
import { LANGUAGES } from "./languages";
import { atLeast, findServer, judgeVersionOutput, MIN_SERVER_VERSION } from "./server";
import { RESTART_SETTINGS, settingQuery, settingsCommand } from "./settings";
import { TraceChannel } from "./trace";

const SELECTOR = LANGUAGES.flatMap((language) => [
  { scheme: "file", language },
  { scheme: "untitled", language },
]);

/** A server that ran this long before it stopped is restarted once, silently. */
const RESTART_AFTER_MS = 5 * 60 * 1000;

let extensionPath = "";
let client: LanguageClient | undefined;
let output: vscode.LogOutputChannel;
let traceChannel: TraceChannel;
let status: vscode.LanguageStatusItem;
let configWatcher: vscode.FileSystemWatcher;
// One error message per start: later failures of the same start go to the log only.
let reported = false;
// Starts and stops run one at a time, in the order they were asked for.
let queue: Promise<void> = Promise.resolve();

/**
 * The client, whose own notifications (connection errors, "couldn't create connection", failed
 * requests) go to the log only: the extension shows one message of its own instead.
 */
class CardlintClient extends LanguageClient {
  override error(message: string, data?: unknown, _showNotification?: boolean | "force"): void {
    super.error(message, data, false);
  }
}

export function activate(context: vscode.ExtensionContext): Promise<void> {
  extensionPath = context.extensionPath;
  output = vscode.window.createOutputChannel("cardlint", { log: true });
  traceChannel = new TraceChannel("cardlint Trace", () => traceSetting());
  status = vscode.languages.createLanguageStatusItem("cardlint.server", SELECTOR);
  status.name = "cardlint language server";
  status.command = { title: "Restart", command: "cardlint.restartServer" };
  // One watcher for every client: the server re-reads its configuration when the file changes.
  configWatcher = vscode.workspace.createFileSystemWatcher("**/cardlint.toml");
  context.subscriptions.push(
    output,
    traceChannel,
    status,
    configWatcher,
    vscode.commands.registerCommand("cardlint.restartServer", () => restart()),
    vscode.commands.registerCommand("cardlint.showOutput", () => output.show()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("cardlint.trace.server")) {
        traceChannel.refresh();
      }
      // The server and the client read these when they start: the trace level is set up with the
      // connection, hints are offered by the server's capabilities.
      if (RESTART_SETTINGS.some((setting) => event.affectsConfiguration(setting))) {
        void restart();
      }
    }),
    // The server settings are ignored in untrusted workspaces; trusting one may change them.
    vscode.workspace.onDidGrantWorkspaceTrust(() => restart()),
  );
  return enqueue(start);
}

export function deactivate(): Promise<void> {
  return enqueue(stop);
}

function restart(): Promise<void> {
  return enqueue(async () => {
    await stop();
    await start();
  });
}

function enqueue(task: () => Promise<void>): Promise<void> {
  queue = queue.then(task, task);
  return queue;
}

/** `binary --version`, or why it could not run. */
function versionOf(binary: string): Promise<{ stdout?: string; failure?: string }> {
  return new Promise((resolve) => {
    execFile(binary, ["--version"], { timeout: 10_000, windowsHide: true }, (error, stdout) => {
      if (error) {
        const code = (error as NodeJS.ErrnoException).code;
        resolve({ failure: code !== undefined ? String(code) : error.message.split("\n")[0] });
      } else {
        resolve({ stdout: String(stdout) });
      }
    });
  });
}

async function start(): Promise<void> {
  reported = false;
  const config = vscode.workspace.getConfiguration("cardlint");
  const workspaceFolder = firstFolder();
  const inspected = config.inspect<string>("server.path");
  const configured = config.get<string>("server.path");
  // Desktop VS Code in a remote window (SSH, containers, WSL) reads this machine-overridable
  // setting from the Remote settings only. code-server (a web UI, also remote) applies its User
  // settings, which live on the server: telling its users otherwise would mislead them.
  const remoteDesktop = vscode.env.remoteName !== undefined && vscode.env.uiKind === vscode.UIKind.Desktop;
  const lookup = findServer({
    configured,
    workspaceFolder,
    env: process.env,
    platform: process.platform,
    homedir: os.homedir(),
    bundled: path.join(extensionPath, "server", process.platform === "win32" ? "cardlint.exe" : "cardlint"),
    ignoredUserValue: remoteDesktop && !configured?.trim() ? inspected?.globalValue : undefined,
    remote: remoteDesktop,
  });
  if (!lookup.found) {
    fail("not found", lookup.message);
    return;
  }

  const probe = await versionOf(lookup.path);
  const judged = judgeVersionOutput(lookup.path, probe.stdout, probe.failure);
  if (judged.problem !== undefined) {
    fail(judged.version ? "too old" : "not usable", `cardlint: ${judged.problem}`);
    return;
  }

  const args = ["lsp", ...config.get<string[]>("server.extraArgs", [])];
  const commandLine = [lookup.path, ...args].join(" ");
  output.info(`starting ${commandLine} (cardlint ${judged.version}, found via ${lookup.source})`);
  showStatus("starting", vscode.LanguageStatusSeverity.Information, commandLine, true);

  // No `transport`: the client would then add a `--stdio` argument, and `cardlint lsp` talks over stdio anyway.
  const serverOptions: ServerOptions = {
    command: lookup.path,
    args,
    options: { cwd: workspaceFolder },
  };
  let startedAt = 0;
  let restarted = false;
  const errorHandler: ErrorHandler = {
    // A few garbled messages are survivable; a stream of them means the connection is gone.
    error: (_error, _message, count) =>
      (count ?? 0) <= 3 ? { action: ErrorAction.Continue, handled: true } : { action: ErrorAction.Shutdown, handled: true },
    closed: () => {
      if (startedAt > 0 && !restarted && Date.now() - startedAt > RESTART_AFTER_MS) {
        restarted = true;
        output.warn("the language server stopped after running a while; restarting it once");
        return { action: CloseAction.Restart, handled: true };
      }
      fail(
        "stopped",
        `cardlint: the language server \`${commandLine}\` stopped unexpectedly. Its last words are in the log; ` +
          "**cardlint: Restart Language Server** starts it again.",
      );
      return { action: CloseAction.DoNotRestart, handled: true };
    },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: SELECTOR,
    outputChannel: output,
    traceOutputChannel: traceChannel,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    synchronize: { fileEvents: configWatcher },
    errorHandler,
    initializationOptions: {
      showLimits: config.get<boolean>("simulation.showLimits", false),
      inlayHints: config.get<boolean>("inlayHints", true),
    },
    initializationFailedHandler: () => false,
  };
  const next = new CardlintClient("cardlint", "cardlint", serverOptions, clientOptions);
  next.onDidChangeState((event) => {
    if (client !== next) {
      return;
    }
    if (event.newState === State.Running) {
      startedAt = Date.now();
      const version = next.initializeResult?.serverInfo?.version;
      showStatus(version ? `running ${version}` : "running", vscode.LanguageStatusSeverity.Information, commandLine);
    } else if (event.newState === State.Stopped && status.severity !== vscode.LanguageStatusSeverity.Error) {
      showStatus("stopped", vscode.LanguageStatusSeverity.Warning, commandLine);
    }
  });
  client = next;
  try {
    await next.start();
  } catch (error) {
    fail(
      "failed",
      `cardlint: the language server \`${commandLine}\` did not start (${errorText(error)}). The log says more.`,
    );
    return;
  }
  // The binary answered `--version`, but the server says which version it really is.
  const served = next.initializeResult?.serverInfo?.version;
  if (served !== undefined && !atLeast(served)) {
    fail(
      "too old",
      `cardlint: the language server \`${lookup.path}\` is version ${served}; this extension needs ${MIN_SERVER_VERSION} or newer.`,
    );
    await stop();
  }
}

async function stop(): Promise<void> {
  const current = client;
  client = undefined;
  if (current === undefined) {
    return;
  }
  try {
    await current.dispose();
  } catch (error) {
    output.warn(`stopping the language server: ${errorText(error)}`);
  }
}

/** The one error message of a failed start (or stop): in the log, the status item and a notification. */
function fail(state: string, message: string): void {
  output.error(message);
  if (reported) {
    return;
  }
  reported = true;
  showStatus(state, vscode.LanguageStatusSeverity.Error, message);
  void offerHelp(message);
}

async function offerHelp(message: string): Promise<void> {
  const choice = await vscode.window.showErrorMessage(message, "Open Settings", "Show Log");
  if (choice === "Open Settings") {
    await openSetting("cardlint.server.path");
  } else if (choice === "Show Log") {
    output.show();
  }
}

/** Opens the Settings editor on one setting, on the tab where it lives (User, Remote, Workspace). */
async function openSetting(id: string): Promise<void> {
  const values = vscode.workspace.getConfiguration().inspect(id);
  const command = settingsCommand(values, { remote: vscode.env.remoteName !== undefined });
  try {
    await vscode.commands.executeCommand(command, { query: settingQuery(id) });
  } catch (error) {
    // An editor without that command (an older one, no Remote tab): the Settings editor as it opens.
    output.warn(`${command}: ${errorText(error)}`);
    await vscode.commands.executeCommand("workbench.action.openSettings", settingQuery(id));
  }
}

function showStatus(text: string, severity: vscode.LanguageStatusSeverity, detail: string, busy = false): void {
  status.text = `cardlint: ${text}`;
  status.severity = severity;
  status.detail = detail;
  status.busy = busy;
}

function traceSetting(): string {
  return vscode.workspace.getConfiguration("cardlint").get<string>("trace.server", "off");
}

function firstFolder(): string | undefined {
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === "file");
  return folder?.uri.fsPath;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
