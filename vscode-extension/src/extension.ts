// The VS Code client of the cardlint language server: starts `cardlint lsp` over stdio
// for Forge and Wagic documents, and restarts it on request or when its settings change.

import * as os from "node:os";
import * as vscode from "vscode";
import { LanguageClient, type LanguageClientOptions, type ServerOptions, State } from "vscode-languageclient/node";
import { LANGUAGES } from "./languages";
import { findServer } from "./server";
import { TraceChannel } from "./trace";

const SELECTOR = LANGUAGES.flatMap((language) => [
  { scheme: "file", language },
  { scheme: "untitled", language },
]);

let client: LanguageClient | undefined;
let output: vscode.LogOutputChannel;
let traceChannel: TraceChannel;
let status: vscode.LanguageStatusItem;
let configWatcher: vscode.FileSystemWatcher;
// Starts and stops run one at a time, in the order they were asked for.
let queue: Promise<void> = Promise.resolve();

export function activate(context: vscode.ExtensionContext): Promise<void> {
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
      if (event.affectsConfiguration("cardlint.server")) {
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

async function start(): Promise<void> {
  const config = vscode.workspace.getConfiguration("cardlint");
  const workspaceFolder = firstFolder();
  const lookup = findServer({
    configured: config.get<string>("server.path"),
    workspaceFolder,
    env: process.env,
    platform: process.platform,
    homedir: os.homedir(),
  });
  if (!lookup.found) {
    showStatus("not found", vscode.LanguageStatusSeverity.Error, lookup.message);
    output.error(lookup.message);
    void offerHelp(lookup.message);
    return;
  }

  const args = ["lsp", ...config.get<string[]>("server.extraArgs", [])];
  const commandLine = [lookup.path, ...args].join(" ");
  output.info(`starting ${commandLine} (found via ${lookup.source})`);
  showStatus("starting", vscode.LanguageStatusSeverity.Information, commandLine, true);

  // No `transport`: the client would then add a `--stdio` argument, and `cardlint lsp` talks over stdio anyway.
  const serverOptions: ServerOptions = {
    command: lookup.path,
    args,
    options: { cwd: workspaceFolder },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: SELECTOR,
    outputChannel: output,
    traceOutputChannel: traceChannel,
    synchronize: { fileEvents: configWatcher },
  };
  const next = new LanguageClient("cardlint", "cardlint", serverOptions, clientOptions);
  next.onDidChangeState((event) => {
    if (client !== next) {
      return;
    }
    if (event.newState === State.Running) {
      const version = next.initializeResult?.serverInfo?.version;
      showStatus(version ? `running ${version}` : "running", vscode.LanguageStatusSeverity.Information, commandLine);
    } else if (event.newState === State.Stopped) {
      showStatus("stopped", vscode.LanguageStatusSeverity.Warning, commandLine);
    }
  });
  client = next;
  try {
    await next.start();
  } catch (error) {
    // The client has already shown a notification that leads to the output; add the likely cause there.
    const message =
      `the language server \`${commandLine}\` did not start: ${errorText(error)}. ` +
      "Check that this cardlint is recent enough to have the `lsp` command.";
    output.error(message);
    showStatus("failed", vscode.LanguageStatusSeverity.Error, message);
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

async function offerHelp(message: string): Promise<void> {
  const choice = await vscode.window.showErrorMessage(message, "Open Settings", "Show Output");
  if (choice === "Open Settings") {
    await vscode.commands.executeCommand("workbench.action.openSettings", "cardlint.server");
  } else if (choice === "Show Output") {
    output.show();
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
