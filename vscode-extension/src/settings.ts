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
}

/**
 * The command that opens the Settings editor on the tab where a machine-overridable setting
 * lives: the folder or workspace tab when it is set there; in a remote window the Remote tab,
 * which holds the machine settings (the User tab of a remote window does not list them, even
 * in code-server, where `inspect` reports a Remote value as `globalValue`); else the User tab.
 */
export function settingsCommand(values: SettingValues | undefined, window: Window): string {
  if (values?.workspaceFolderValue !== undefined) {
    return "workbench.action.openFolderSettings";
  }
  if (values?.workspaceValue !== undefined) {
    return "workbench.action.openWorkspaceSettings";
  }
  return window.remote ? "workbench.action.openRemoteSettings" : "workbench.action.openGlobalSettings";
}

/** The Settings editor's search for exactly one setting. */
export function settingQuery(id: string): string {
  return `@id:${id}`;
}

/** The settings whose change needs the language server started again (they are read at its start). */
export const RESTART_SETTINGS = ["cardlint.server", "cardlint.simulation", "cardlint.trace.server", "cardlint.inlayHints"];
