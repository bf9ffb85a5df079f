// An output channel for the LSP message trace, driven by the `cardlint.trace.server` setting.
// vscode-languageclient (v10+) traces only when its trace channel's log level is Trace, then
// reads `<id>.trace.server` for the detail; this channel reports Trace exactly when the setting
// is not "off", so the setting alone switches the trace on and off, as it is documented.

import * as vscode from "vscode";
import { stampLines } from "./stamp";

export class TraceChannel implements vscode.LogOutputChannel {
  private readonly channel: vscode.OutputChannel;
  private readonly levelChanged = new vscode.EventEmitter<vscode.LogLevel>();
  private level: vscode.LogLevel;

  readonly onDidChangeLogLevel = this.levelChanged.event;

  constructor(
    name: string,
    private readonly setting: () => string,
  ) {
    this.channel = vscode.window.createOutputChannel(name);
    this.level = this.levelFromSetting();
  }

  get name(): string {
    return this.channel.name;
  }

  get logLevel(): vscode.LogLevel {
    return this.level;
  }

  /** Re-reads the setting; call it when the configuration changes. */
  refresh(): void {
    const level = this.levelFromSetting();
    if (level !== this.level) {
      this.level = level;
      this.levelChanged.fire(level);
    }
  }

  private levelFromSetting(): vscode.LogLevel {
    return this.setting() === "off" ? vscode.LogLevel.Info : vscode.LogLevel.Trace;
  }

  trace(message: string, ...args: unknown[]): void {
    this.channel.appendLine(stampLines(withArgs(message, args), "trace"));
  }

  debug(message: string, ...args: unknown[]): void {
    this.channel.appendLine(stampLines(withArgs(message, args), "debug"));
  }

  info(message: string, ...args: unknown[]): void {
    this.channel.appendLine(stampLines(withArgs(message, args), "info"));
  }

  warn(message: string, ...args: unknown[]): void {
    this.channel.appendLine(stampLines(withArgs(message, args), "warning"));
  }

  error(error: string | Error, ...args: unknown[]): void {
    const message = error instanceof Error ? (error.stack ?? error.message) : error;
    this.channel.appendLine(stampLines(withArgs(message, args), "error"));
  }

  append(value: string): void {
    this.channel.append(value);
  }

  appendLine(value: string): void {
    this.channel.appendLine(value);
  }

  replace(value: string): void {
    this.channel.replace(value);
  }

  clear(): void {
    this.channel.clear();
  }

  show(preserveFocus?: boolean): void;
  show(column?: vscode.ViewColumn, preserveFocus?: boolean): void;
  show(first?: boolean | vscode.ViewColumn, preserveFocus?: boolean): void {
    this.channel.show(typeof first === "boolean" ? first : preserveFocus);
  }

  hide(): void {
    this.channel.hide();
  }

  dispose(): void {
    this.levelChanged.dispose();
    this.channel.dispose();
  }
}

function withArgs(message: string, args: unknown[]): string {
  if (args.length === 0) {
    return message;
  }
  return [message, ...args.map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg)))].join(" ");
}
