// The extension in a real editor: installs the packed .vsix into a clean code-server (no cardlint
// settings, so the server packaged in the .vsix must run), opens the fixture workspace in a headless
// Chromium driven by playwright-core, and checks what a user sees in that folder, which opens in
// Restricted Mode as a new user's does: before any file is opened, the Problems panel lists
// cardlint's findings for the Forge and Wagic files (the extension starts on the folder's layout,
// `workspaceContains:`, and the server lints the workspace); they stay once files are open; a
// hover over a Forge parameter shows cardlint's documentation; Go to Symbol in Workspace finds a
// card that is not open and opens it; Fix All applies the safe fixes of a card; Format Document
// lays a card out as `cardlint format` does; no error
// notification is shown; changing `cardlint.trace.server` restarts the client without a reload
// and the trace channel shows the messages;
// then, with `cardlint.server.path` set to a program that is not cardlint, exactly one error
// notification says so, and its Open Settings opens that setting on the Remote tab where it
// lives; and with no server at all, one notification says that.
//
// Run by ../../e2e.sh, which installs what it needs (see there). Environment:
//   CARDLINT_VSIX         the packed extension
//   CARDLINT_CODE_SERVER  the code-server launcher (bin/code-server of its npm package)
//   CARDLINT_PLAYWRIGHT   the playwright-core package directory
//   CARDLINT_CHROMIUM     the browser (default /usr/bin/chromium)
// On failure, a screenshot and the logs are kept under a directory in /tmp, printed at the end.

import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const vsix = need("CARDLINT_VSIX");
const codeServer = need("CARDLINT_CODE_SERVER");
const { chromium } = createRequire(path.join(need("CARDLINT_PLAYWRIGHT"), "package.json"))("playwright-core");
const browserPath = process.env.CARDLINT_CHROMIUM || "/usr/bin/chromium";

/** Generous: the first start of code-server and of the extension host is slow on a busy machine. */
const LONG = 180_000;
const SHORT = 60_000;

/** What the Problems panel must show: a file, a rule code and a word of the message. */
const EXPECTED = [
  { file: "ember_herald.txt", code: "F150", words: "Battlefeld" },
  { file: "_cards.dat", code: "W111", words: "flyng" },
  { file: "storm_wisp.txt", code: "F130", words: "DBDraw" },
];
/** A card no editor opens, found by Go to Symbol in Workspace. */
const SYMBOL = { query: "Storm Wisp", file: "storm_wisp.txt", container: "forge" };
/** Fix All on the Forge card: its safe fix (F150's `Battlefield`) is applied. */
const FIX_ALL = { file: "ember_herald.txt", before: "Battlefeld", after: "Destination$ Battlefield" };
/** Format Document on a Forge card written without spaces around its `|`. */
const FORMAT = { file: "tidy_tide.txt", before: "Draw|NumCards$ 1|Cost$ U", after: "Draw | NumCards$ 1 | Cost$ U" };
/** The hover over `NumDmg$` on line 6 of the Forge card. */
const HOVER = { file: "ember_herald.txt", word: "NumDmg", expect: ["NumDmg$", "parameter", "Read by DealDamage"] };

function need(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`e2e: ${name} is not set (run vscode-extension/e2e.sh)`);
    process.exit(2);
  }
  return value;
}

const work = mkdtempSync(path.join(os.tmpdir(), "cardlint-e2e-run-"));

/** The User settings that keep the window quiet and deterministic. */
const quietSettings = {
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": false,
  "extensions.ignoreRecommendations": true,
  "workbench.enableExperiments": false,
  "editor.hover.delay": 300,
  // The folder opens in Restricted Mode, as a new user's does, without the modal question.
  "security.workspace.trust.startupPrompt": "never",
};

const dirs = {
  workspace: path.join(work, "workspace"),
  user: path.join(work, "user-data"),
  extensions: path.join(work, "extensions"),
  home: path.join(work, "home"),
  browser: path.join(work, "chromium-profile"),
};
for (const dir of Object.values(dirs)) {
  mkdirSync(dir, { recursive: true });
}
cpSync(path.join(here, "workspace"), dirs.workspace, { recursive: true });

// A clean environment: its own HOME and XDG directories, and no `cardlint` on PATH (a server found
// there instead of the packaged one would hide a broken package).
const env = {
  ...process.env,
  HOME: dirs.home,
  XDG_CONFIG_HOME: path.join(dirs.home, ".config"),
  XDG_DATA_HOME: path.join(dirs.home, ".local", "share"),
  XDG_CACHE_HOME: path.join(dirs.home, ".cache"),
  PATH: (process.env.PATH ?? "")
    .split(":")
    .filter((dir) => dir !== "" && !existsSync(path.join(dir, "cardlint")))
    .join(":"),
};
delete env.CARGO_HOME;
delete env.VSCODE_IPC_HOOK_CLI;

const started = Date.now();
const step = (what) => console.log(`e2e [${((Date.now() - started) / 1000).toFixed(1)}s] ${what}`);

let server;
let context;
let page;
let failed = false;
try {
  step(`installing ${path.basename(vsix)} into a clean code-server`);
  const install = spawnSync(
    codeServer,
    ["--install-extension", vsix, "--extensions-dir", dirs.extensions, "--user-data-dir", dirs.user],
    { env, encoding: "utf8", timeout: LONG },
  );
  if (install.status !== 0) {
    throw new Error(`code-server --install-extension failed (${install.status}):\n${install.stdout}\n${install.stderr}`);
  }
  const installed = readdirSync(dirs.extensions).filter((name) => name.startsWith("cardlint.cardlint-"));
  if (installed.length !== 1) {
    throw new Error(`expected one cardlint extension in ${dirs.extensions}, found ${JSON.stringify(readdirSync(dirs.extensions))}`);
  }
  const bundled = path.join(dirs.extensions, installed[0], "server", "cardlint");
  if (!existsSync(bundled)) {
    throw new Error(`the installed extension has no server/cardlint: is ${vsix} a platform package?`);
  }

  // Only settings that keep the window quiet and deterministic; none of cardlint's.
  writeSettings(quietSettings);

  step("starting code-server");
  server = await startCodeServer();
  step(`code-server listens on ${server.url}`);

  context = await chromium.launchPersistentContext(dirs.browser, {
    executablePath: browserPath,
    headless: true,
    viewport: { width: 1600, height: 1000 },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  context.setDefaultTimeout(SHORT);
  page = context.pages()[0] ?? (await context.newPage());
  page.on("pageerror", (error) => console.log(`e2e: page error: ${error.message}`));

  await page.goto(`${server.url}?folder=${encodeURIComponent(dirs.workspace)}`);
  await page.locator(".monaco-workbench").waitFor({ timeout: LONG });
  // The explorer lists the workspace once the folder is open.
  await page.locator(".explorer-folders-view .monaco-list-row").first().waitFor({ timeout: LONG });
  // An untrusted folder: the extension supports it in a limited way (workspace server settings
  // ignored), and everything below must work there.
  await page.locator(".statusbar-item", { hasText: "Restricted Mode" }).first().waitFor({ timeout: SHORT });
  step("workbench is up, in Restricted Mode");

  // No file is open: the extension started on the folder's layout and the server linted every
  // card file of the workspace, so the Problems panel fills by itself.
  if ((await page.locator(".tabs-container .tab").count()) !== 0) {
    throw new Error("an editor is open before the test opened any file");
  }
  await page.keyboard.press("Control+Shift+M");
  const panel = page.locator(".markers-panel");
  await panel.waitFor({ state: "visible" });
  await waitForProblems(panel, "with no file open");
  step(`Problems panel with no file open:\n${indent(await panel.innerText())}`);
  if (process.env.CARDLINT_E2E_SCREENSHOT_UNOPENED) {
    await page.screenshot({ path: process.env.CARDLINT_E2E_SCREENSHOT_UNOPENED });
  }

  await openFile("_cards.dat", "Cinder Imp");
  await openFile("ember_herald.txt", "Ember Herald");
  step("Forge and Wagic files are open");

  // The Problems panel: every expected finding, under its file.
  await page.keyboard.press("Control+Shift+M");
  await panel.waitFor({ state: "visible" });
  await waitForProblems(panel, "with the files open");
  const problems = await panel.innerText();
  step(`Problems panel:\n${indent(problems)}`);
  for (const e of EXPECTED) {
    const row = page.locator(".markers-panel .monaco-list-row", { hasText: e.words });
    const label = (await row.first().getAttribute("aria-label")) ?? "";
    if (!label.includes(e.code) && !(await row.first().innerText()).includes(e.code)) {
      throw new Error(`the problem about ${e.words} does not carry the code ${e.code}: ${label}`);
    }
  }

  // Hover over a Forge parameter, with the mouse as a user would.
  await focusEditor(HOVER.file);
  const token = page
    .locator(".editor-group-container.active .monaco-editor .view-line span span", { hasText: HOVER.word })
    .first();
  await token.waitFor({ state: "visible" });
  const box = await token.boundingBox();
  const text = (await token.textContent()) ?? "";
  if (box === null) {
    throw new Error(`no box for the token ${text}`);
  }
  const charWidth = box.width / Math.max(text.length, 1);
  const x = box.x + (text.indexOf(HOVER.word) + 2.5) * charWidth;
  const y = box.y + box.height / 2;
  const hover = page.locator(".monaco-hover:not(.hidden) .monaco-hover-content");
  await page.mouse.move(x - charWidth, y);
  await page.mouse.move(x, y, { steps: 3 });
  try {
    await page.waitForFunction(
      (words) => {
        const hovers = [...document.querySelectorAll(".monaco-hover")].filter((h) => h.offsetParent !== null);
        return hovers.some((h) => words.every((w) => h.innerText.includes(w)));
      },
      HOVER.expect,
      { timeout: SHORT, polling: 250 },
    );
  } catch (error) {
    const shown = (await hover.allInnerTexts()).join("\n---\n");
    throw new Error(`no cardlint hover over ${HOVER.word} (expected ${JSON.stringify(HOVER.expect)}); shown: ${shown || "nothing"}\n${error}`);
  }
  step(`hover over ${HOVER.word}:\n${indent((await hover.allInnerTexts()).join("\n"))}`);
  await page.mouse.move(5, 5);

  // Go to Symbol in Workspace (Ctrl+T): a card that no editor has opened, with its dialect.
  await page.keyboard.press("Control+T");
  const quick = page.locator(".quick-input-widget input");
  await quick.waitFor({ state: "visible" });
  await quick.fill(`#${SYMBOL.query}`);
  const symbolRow = page.locator(".quick-input-widget .monaco-list-row", { hasText: SYMBOL.query }).first();
  try {
    await symbolRow.waitFor({ timeout: SHORT });
  } catch (error) {
    const rows = await page.locator(".quick-input-widget .monaco-list-row").allInnerTexts();
    throw new Error(`Go to Symbol in Workspace does not find ${SYMBOL.query}; shown: ${JSON.stringify(rows)}\n${error}`);
  }
  const symbolText = await symbolRow.innerText();
  if (!symbolText.includes(SYMBOL.container)) {
    throw new Error(`the symbol ${SYMBOL.query} does not name its dialect ${SYMBOL.container}: ${symbolText}`);
  }
  await page.keyboard.press("Enter");
  await page.locator(".tabs-container .tab.active", { hasText: SYMBOL.file }).waitFor();
  step(`workspace symbol ${JSON.stringify(SYMBOL.query)}: ${symbolText.replace(/\s+/g, " ")} -> ${SYMBOL.file} opened`);

  // Fix All (source.fixAll.cardlint): the safe fix of the Forge card is applied, its problem goes.
  await focusEditor(FIX_ALL.file);
  await page.keyboard.press("F1");
  await quick.waitFor({ state: "visible" });
  await quick.fill(">Fix All");
  await page.locator(".quick-input-widget .monaco-list-row", { hasText: "Fix All" }).first().waitFor();
  await page.keyboard.press("Enter");
  try {
    await page
      .locator(".editor-group-container.active .monaco-editor .view-lines", { hasText: FIX_ALL.after })
      .waitFor({ timeout: SHORT });
    await page.waitForFunction(
      (word) => !(document.querySelector(".markers-panel")?.innerText ?? "").includes(word),
      FIX_ALL.before,
      { timeout: SHORT, polling: 250 },
    );
  } catch (error) {
    throw new Error(`Fix All did not fix ${FIX_ALL.before} in ${FIX_ALL.file}; Problems:\n${await panel.innerText()}\n${error}`);
  }
  step(`Fix All: ${FIX_ALL.file} now reads ${JSON.stringify(FIX_ALL.after)}, and its problem is gone`);
  // Back to the text on disk, so that the reload below finds no unsaved editor.
  await page.keyboard.press("Control+Z");
  await page.locator(".editor-group-container.active .monaco-editor .view-lines", { hasText: FIX_ALL.before }).waitFor();

  // Format Document: cardlint's layout (`cardlint format`) is applied to the open card.
  await openFile(FORMAT.file, FORMAT.before);
  await page.keyboard.press("F1");
  await quick.waitFor({ state: "visible" });
  await quick.fill(">Format Document");
  await page.locator(".quick-input-widget .monaco-list-row", { hasText: "Format Document" }).first().waitFor();
  await page.keyboard.press("Enter");
  try {
    await page
      .locator(".editor-group-container.active .monaco-editor .view-lines", { hasText: FORMAT.after })
      .waitFor({ timeout: SHORT });
  } catch (error) {
    throw new Error(`Format Document did not lay out ${FORMAT.file}:\n${await notificationTexts()}\n${error}`);
  }
  step(`Format Document: ${FORMAT.file} now reads ${JSON.stringify(FORMAT.after)}`);
  await page.keyboard.press("Control+Z");
  await page.locator(".editor-group-container.active .monaco-editor .view-lines", { hasText: FORMAT.before }).waitFor();
  // Closed again: the editors restored by the reload below are the ones they were before.
  await page.keyboard.press("Control+W");
  await page.locator(".tabs-container .tab", { hasText: FORMAT.file }).waitFor({ state: "detached" });

  // The extension's log says which server it started: the packaged one.
  const log = await waitForLog(/starting .* \(cardlint [^)]*found via (\w+)\)/);
  const via = /found via (\w+)/.exec(log)[1];
  if (via !== "bundled") {
    throw new Error(`the extension started a server found via ${via}, not the packaged one:\n${log}`);
  }
  step("the packaged server runs (log: found via bundled)");

  // `cardlint.trace.server` takes effect without a window reload: the client starts again.
  // (Written to the Remote settings: code-server notices changes of that file on disk.)
  const starts = (text) => (text.match(/starting .* \(cardlint /g) ?? []).length;
  const before = starts(log);
  writeSettings({ "cardlint.trace.server": "messages" }, "Machine");
  await waitForLog(new RegExp(`(starting .* \\(cardlint [^]*){${before + 1}}`));
  await waitForLog(/Sending request 'initialize/, /cardlint Trace\.log$/);
  step("changing cardlint.trace.server restarted the client (no reload), and the trace shows the messages");

  // No error notification so far (a new user with no settings sees none).
  const toasts = await notificationTexts();
  if (toasts.some((t) => /cardlint/i.test(t))) {
    throw new Error(`unexpected cardlint notification: ${JSON.stringify(toasts)}`);
  }

  // A wrong server: `cardlint.server.path` names a program that is not cardlint. The extension
  // restarts on the change and says so once, in one notification. code-server's window is remote,
  // so the setting (machine-overridable) goes in the Remote settings (`Machine/settings.json`).
  step("setting cardlint.server.path to a program that is not cardlint");
  const wrong = "/bin/echo";
  writeSettings({ "cardlint.server.path": wrong }, "Machine");
  try {
    await page.waitForFunction(
      () => [...document.querySelectorAll(".notifications-toasts .notification-toast")].some((t) => /is not cardlint/.test(t.innerText)),
      null,
      { timeout: LONG, polling: 250 },
    );
  } catch (error) {
    throw new Error(`no notification about the wrong server; shown: ${JSON.stringify(await notificationTexts())}\n${error}`);
  }
  const after = (await notificationTexts()).filter((t) => /cardlint/i.test(t));
  step(`notification:\n${indent(after.join("\n---\n"))}`);
  if (after.length !== 1) {
    throw new Error(`expected one cardlint notification, got ${after.length}: ${JSON.stringify(after)}`);
  }
  if (!after[0].includes(wrong) || !/Open Settings/.test(after[0])) {
    throw new Error(`the notification should name ${wrong} and offer Open Settings: ${after[0]}`);
  }

  // Open Settings opens the setting where it lives: the value is in the Remote settings of
  // code-server's (remote) window, so the Remote tab, searched for that one setting.
  await page
    .locator(".notifications-toasts .notification-toast", { hasText: wrong })
    .locator(".monaco-button", { hasText: "Open Settings" })
    .click();
  const settingsEditor = page.locator(".settings-editor");
  await settingsEditor.waitFor({ timeout: SHORT });
  let shownSettings = {};
  try {
    await page.waitForFunction(
      () => /cardlint\.server\.path/.test(document.querySelector(".settings-editor .settings-header")?.innerText ?? ""),
      null,
      { timeout: SHORT, polling: 250 },
    );
    await page.locator(".settings-editor .setting-item-contents", { hasText: "Path" }).first().waitFor({ timeout: SHORT });
  } finally {
    shownSettings = await page.evaluate(() => ({
      header: document.querySelector(".settings-editor .settings-header")?.innerText ?? "",
      tab: [...document.querySelectorAll(".settings-editor .settings-tabs-widget .action-label.checked")].map((e) => e.innerText).join("|"),
      items: [...document.querySelectorAll(".settings-editor .setting-item-contents .setting-item-title")].map((e) => e.innerText).join("|"),
    }));
    step(`Open Settings: ${JSON.stringify(shownSettings)}`);
  }
  if (!/Remote/.test(shownSettings.tab)) {
    throw new Error(`Open Settings should open the Remote tab, where the setting lives: ${JSON.stringify(shownSettings)}`);
  }
  await page.keyboard.press("Control+W");

  // No server at all: a package without one (the installed server removed), no setting, and no
  // `cardlint` on PATH nor in ~/.cargo/bin. After a reload, one notification says so; it does not
  // claim that User settings do not apply, which is true of desktop remote windows, not code-server.
  step("removing the packaged server, and reloading the window");
  writeSettings({}, "Machine");
  renameSync(bundled, `${bundled}.removed`);
  await page.reload();
  await page.locator(".monaco-workbench").waitFor({ timeout: LONG });
  await openFile("ember_herald.txt", "Ember Herald");
  try {
    await page.waitForFunction(
      () => [...document.querySelectorAll(".notifications-toasts .notification-toast")].some((t) => /no language server/.test(t.innerText)),
      null,
      { timeout: LONG, polling: 250 },
    );
  } catch (error) {
    throw new Error(`no notification about the missing server; shown: ${JSON.stringify(await notificationTexts())}\n${error}`);
  }
  const missing = (await notificationTexts()).filter((t) => /cardlint/i.test(t));
  step(`notification:\n${indent(missing.join("\n---\n"))}`);
  if (missing.length !== 1) {
    throw new Error(`expected one cardlint notification, got ${missing.length}: ${JSON.stringify(missing)}`);
  }
  if (!/Open Settings/.test(missing[0]) || /does not apply/.test(missing[0])) {
    throw new Error(`the notification should offer Open Settings, and not say User settings do not apply: ${missing[0]}`);
  }
  step("ok");
} catch (error) {
  failed = true;
  console.error(`e2e: FAILED: ${error instanceof Error ? error.stack ?? error.message : error}`);
  if (page !== undefined) {
    const shot = path.join(work, "failure.png");
    try {
      await page.screenshot({ path: shot });
      console.error(`e2e: screenshot ${shot}`);
    } catch (e) {
      console.error(`e2e: no screenshot: ${e}`);
    }
  }
} finally {
  if (process.env.CARDLINT_E2E_SCREENSHOT && page !== undefined && !failed) {
    await page.screenshot({ path: process.env.CARDLINT_E2E_SCREENSHOT }).catch(() => {});
  }
  await context?.close().catch(() => {});
  await server?.stop();
}

if (failed) {
  console.error(`e2e: logs under ${dirs.user}/logs and ${path.join(work, "code-server.log")}; kept ${work}`);
  process.exit(1);
}
rmSync(work, { recursive: true, force: true });
console.log(`e2e: passed in ${((Date.now() - started) / 1000).toFixed(1)}s`);

// --- helpers

/** Writes the User settings (or the Remote settings: `Machine`) of the code-server. */
function writeSettings(settings, scope = "User") {
  const file = path.join(dirs.user, scope, "settings.json");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(settings, null, 2));
}

function indent(text) {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => `    ${line}`)
    .join("\n");
}

/** Starts code-server on a free port of 127.0.0.1; resolves with its address once it listens. */
function startCodeServer() {
  const logPath = path.join(work, "code-server.log");
  const args = [
    "--auth",
    "none",
    "--bind-addr",
    "127.0.0.1:0",
    "--user-data-dir",
    dirs.user,
    "--extensions-dir",
    dirs.extensions,
    "--disable-telemetry",
    "--disable-update-check",
    "--disable-getting-started-override",
    "--ignore-last-opened",
  ];
  const child = spawn(codeServer, args, { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let out = "";
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        resolve();
        return;
      }
      child.once("exit", () => resolve());
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        resolve();
      }
      setTimeout(() => {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {}
      }, 10_000).unref();
    }).finally(() => writeFileSync(logPath, out));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`code-server did not start within ${LONG / 1000}s:\n${out}`));
    }, LONG);
    const onData = (chunk) => {
      out += chunk;
      const m = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m !== null) {
        clearTimeout(timer);
        resolve({ url: m[1], stop });
      }
    };
    child.stdout.setEncoding("utf8").on("data", onData);
    child.stderr.setEncoding("utf8").on("data", onData);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`code-server exited (${code ?? signal}):\n${out}`));
    });
  });
}

/** Waits until the Problems panel lists every expected finding, under its file. */
async function waitForProblems(panel, when) {
  try {
    await page.waitForFunction(
      (expected) => {
        const text = document.querySelector(".markers-panel")?.innerText ?? "";
        return expected.every((e) => text.includes(e.file) && text.includes(e.code) && text.includes(e.words));
      },
      EXPECTED,
      { timeout: LONG, polling: 250 },
    );
  } catch (error) {
    throw new Error(`the Problems panel ${when} does not list every expected problem:\n${await panel.innerText()}\n${error}`);
  }
}

/** Opens a workspace file by Quick Open and waits until the editor shows `content`. */
async function openFile(name, content) {
  const input = page.locator(".quick-input-widget input");
  // Right after a reload the workbench may still be restoring editors and take the key press:
  // pressed again until Quick Open shows.
  for (let attempt = 0; ; attempt++) {
    await page.keyboard.press("Control+P");
    try {
      await input.waitFor({ state: "visible", timeout: 5_000 });
      break;
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
  await input.fill(name);
  await page.locator(".quick-input-widget .monaco-list-row", { hasText: name }).first().waitFor();
  await page.keyboard.press("Enter");
  await page.locator(".tabs-container .tab.active", { hasText: name }).waitFor();
  await page.locator(".editor-group-container.active .monaco-editor .view-lines", { hasText: content }).waitFor();
}

/** Makes the tab of `name` the active editor. */
async function focusEditor(name) {
  await page.locator(".tabs-container .tab", { hasText: name }).first().click();
  await page.locator(".tabs-container .tab.active", { hasText: name }).waitFor();
}

async function notificationTexts() {
  return page.locator(".notifications-toasts .notification-toast").allInnerTexts();
}

/** A log written under the logs directory (by default the extension's: the `cardlint` output channel). */
async function waitForLog(pattern, name = /(^|[-.])cardlint\.log$/) {
  const deadline = Date.now() + SHORT;
  for (;;) {
    const text = findLogs(path.join(dirs.user, "logs"), name)
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    if (pattern.test(text)) {
      return text;
    }
    if (Date.now() > deadline) {
      throw new Error(`the cardlint log never matched ${pattern}:\n${text || "(no cardlint log file)"}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function findLogs(dir, pattern) {
  if (!existsSync(dir)) {
    return [];
  }
  const found = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      found.push(...findLogs(full, pattern));
    } else if (pattern.test(name)) {
      found.push(full);
    }
  }
  return found;
}
