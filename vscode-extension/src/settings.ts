// Where a cardlint setting lives, so that "Open Settings" opens the tab that holds it (or, when
// it is set nowhere, the tab where setting it takes effect) on that one setting, and which
// setting changes need the language server started again.

/** The values of one setting per scope (what `WorkspaceConfiguration.inspect` returns). */
export interface SettingValues {
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

/** The window the extension runs in. */
export interface Window {
  /** A remote window (`vscode.env.remoteName` is set): SSH, containers, WSL, code-server. */
  remote: boolean;
  /** Desktop VS Code (not a web UI such as code-server). */
  desktop: boolean;
}

/** The command that opens the Settings editor on the tab where `values` say the setting lives. */
export function settingsCommand(values: SettingValues | undefined, window: Window): string {
  if (values?.workspaceFolderValue !== undefined) {
    return "workbench.action.openFolderSettings";
  }
  if (values?.workspaceValue !== undefined) {
    return "workbench.action.openWorkspaceSettings";
  }
  // A remote window reads machine settings from its Remote tab; code-server applies a User value
  // too, so a value already there is where it lives.
  if (window.remote && (window.desktop || values?.globalValue === undefined)) {
    return "workbench.action.openRemoteSettings";
  }
  return "workbench.action.openGlobalSettings";
}

/** The Settings editor's search for exactly one setting. */
export function settingQuery(id: string): string {
  return `@id:${id}`;
}

/** The settings whose change needs the language server started again (they are read at its start). */
export const RESTART_SETTINGS = ["cardlint.server", "cardlint.simulation", "cardlint.trace.server", "cardlint.inlayHints"];
