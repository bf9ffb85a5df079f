// Which Settings tab "Open Settings" opens, and which setting changes restart the server.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { RESTART_SETTINGS, settingQuery, settingsCommand } from "../../src/settings";

const local = { remote: false };
const remote = { remote: true };

describe("settingsCommand", () => {
  it("opens the folder or workspace tab that holds a value", () => {
    assert.equal(settingsCommand({ workspaceFolderValue: "x" }, local), "workbench.action.openFolderSettings");
    assert.equal(settingsCommand({ workspaceValue: "x", globalValue: "y" }, remote), "workbench.action.openWorkspaceSettings");
  });

  it("opens the Remote tab in a remote window, which lists the machine settings", () => {
    assert.equal(settingsCommand({}, remote), "workbench.action.openRemoteSettings");
    assert.equal(settingsCommand(undefined, remote), "workbench.action.openRemoteSettings");
    // code-server reports a Remote value as the global one: still the Remote tab.
    assert.equal(settingsCommand({ globalValue: "x" }, remote), "workbench.action.openRemoteSettings");
  });

  it("opens the User tab in a local window", () => {
    assert.equal(settingsCommand({ globalValue: "x" }, local), "workbench.action.openGlobalSettings");
    assert.equal(settingsCommand({}, local), "workbench.action.openGlobalSettings");
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
