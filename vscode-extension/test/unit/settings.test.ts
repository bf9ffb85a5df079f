// Which Settings tab "Open Settings" opens, and which setting changes restart the server.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { RESTART_SETTINGS, settingQuery, settingsCommand } from "../../src/settings";

const local = { remote: false, desktop: true };
const remoteDesktop = { remote: true, desktop: true };
const codeServer = { remote: true, desktop: false };

describe("settingsCommand", () => {
  it("opens the tab that holds a value", () => {
    assert.equal(settingsCommand({ workspaceFolderValue: "x" }, local), "workbench.action.openFolderSettings");
    assert.equal(settingsCommand({ workspaceValue: "x", globalValue: "y" }, remoteDesktop), "workbench.action.openWorkspaceSettings");
    assert.equal(settingsCommand({ globalValue: "x" }, local), "workbench.action.openGlobalSettings");
    assert.equal(settingsCommand({ globalValue: "x" }, codeServer), "workbench.action.openGlobalSettings");
  });

  it("opens the Remote tab in a remote window when the setting is set nowhere", () => {
    assert.equal(settingsCommand({}, remoteDesktop), "workbench.action.openRemoteSettings");
    assert.equal(settingsCommand(undefined, codeServer), "workbench.action.openRemoteSettings");
    assert.equal(settingsCommand({}, local), "workbench.action.openGlobalSettings");
  });

  it("opens the Remote tab when desktop VS Code ignores a User value", () => {
    assert.equal(settingsCommand({ globalValue: "x" }, remoteDesktop), "workbench.action.openRemoteSettings");
  });
});

describe("settings", () => {
  it("searches for exactly one setting", () => {
    assert.equal(settingQuery("cardlint.server.path"), "@id:cardlint.server.path");
  });

  it("restarts the server when its trace or hints setting changes", () => {
    assert.ok(RESTART_SETTINGS.includes("cardlint.trace.server"));
    assert.ok(RESTART_SETTINGS.includes("cardlint.inlayHints"));
  });
});
