#!/usr/bin/env python3
"""Benchmark of a keystroke in the language server with the requests VS Code sends after it, on the
4 MB Wagic primitives file (mtg.txt), and of the first save after opening it.

The server runs over stdio as VS Code drives it (with the capabilities VS Code declares: a nested
outline, token deltas, related information): the Wagic tree is the workspace folder; mtg.txt is
opened and the server left to settle (its CPU time, from /proc/<pid>/stat, stops growing: whatever it
does in the background after an open is done then). The first save is timed the same way, and the
problems of the cards nobody edited are compared before and after it. Then each keystroke is, as VS
Code sends it: `didChange` (one character typed inside a card, or deleted again), `codeAction` at the
cursor (the light bulb), `documentSymbol` twice (outline and breadcrumbs) and `semanticTokens`
(`full/delta` against the last result when the server offers deltas, else `full`). The keystroke's
CPU is the server's CPU time from the `didChange` until it is idle again; its diagnostics latency is
the time from the `didChange` to that version's `publishDiagnostics`.

Targets (issue 26): a keystroke <= 0.15 s server CPU (median of 10), diagnostics p95 <= 20 ms; the
first save after opening <= 0.5 s CPU with no new findings on unedited cards.

    bench/lsp_mix.py                                  # target/release/cardlint (built first)
    bench/lsp_mix.py --no-build --binary /tmp/cardlint-old --keystrokes 20
"""
import argparse
import os
import random
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp  # noqa: E402  (bench/lsp.py: the stdio client)

cpu_seconds, wait_idle = lsp.cpu_seconds, lsp.wait_idle

# What VS Code says it supports, as far as the server reads it: the outline nested, token deltas,
# related information and versions on diagnostics, code action literals.
VSCODE = {
    "window": {"workDoneProgress": True},
    "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}},
    "textDocument": {
        "documentSymbol": {"hierarchicalDocumentSymbolSupport": True},
        "semanticTokens": {
            "requests": {"range": True, "full": {"delta": True}},
            "tokenTypes": ["keyword", "parameter", "property", "string", "number", "comment", "function", "type", "enumMember", "variable", "operator"],
            "tokenModifiers": ["declaration", "deprecated", "readonly"],
            "formats": ["relative"],
        },
        "publishDiagnostics": {"relatedInformation": True, "versionSupport": False},
        "codeAction": {
            "codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["", "quickfix", "source", "source.fixAll"]}},
            "isPreferredSupport": True,
        },
    },
}


class Client:
    """Requests and the diagnostics of one document, over `lsp.Server`."""

    def __init__(self, server, u):
        self.server = server
        self.u = u
        self.diagnostics = []
        self.version = 0
        self.answers = {}

    def _see(self, at, m):
        if "method" in m and "id" in m:
            self.server.send({"jsonrpc": "2.0", "id": m["id"], "result": None})
        elif m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == self.u:
            self.diagnostics = m["params"]["diagnostics"]
            self.version = max(self.version, m["params"].get("version") or 0)
            self.published_at = at
        elif "id" in m and "method" not in m:
            self.answers[m["id"]] = m

    def pump(self, until, timeout=120):
        deadline = time.time() + timeout
        while not until():
            at, m = self.server.messages.get(timeout=max(0.001, deadline - time.time()))
            self._see(at, m)

    def drain(self):
        while True:
            try:
                at, m = self.server.messages.get_nowait()
            except Exception:
                return
            self._see(at, m)

    def call(self, method, params):
        return self.server.request(method, params)

    def answer(self, ident):
        self.pump(lambda: ident in self.answers)
        m = self.answers.pop(ident)
        if "error" in m:
            raise RuntimeError(f"request {ident} failed: {m['error']}")
        return m.get("result")


def card_of(diag, starts):
    """The index of the card (a `[card]` line number) a diagnostic is in."""
    line = diag["range"]["start"]["line"]
    lo, hi = 0, len(starts)
    while lo < hi:
        mid = (lo + hi) // 2
        if starts[mid] <= line:
            lo = mid + 1
        else:
            hi = mid
    return lo - 1


def keyed(diags, starts, edited):
    """The problems of the cards not in `edited`, as comparable keys (card, code, message, line offset)."""
    out = []
    for d in diags:
        card = card_of(d, starts)
        if card in edited:
            continue
        offset = d["range"]["start"]["line"] - (starts[card] if card >= 0 else 0)
        out.append((card, d.get("code"), d["message"], offset))
    return sorted(out, key=repr)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(lsp.ROOT, "target", "release", "cardlint"))
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--keystrokes", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--server-log", default=os.devnull, help="append the server's stderr to this file")
    args = parser.parse_args()
    lsp.SERVER_LOG = args.server_log
    if not os.path.isfile(lsp.WAGIC_FILE):
        print(f"skipped: no Wagic corpus at {lsp.WAGIC_FILE}")
        return 0
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--locked", "-q"], cwd=lsp.ROOT, check=True)
    rng = random.Random(args.seed)
    server = lsp.Server(args.binary)
    pid = server.proc.pid
    server.start(lsp.WAGIC_ROOT, VSCODE)
    wait_idle(pid, quiet=0.5)
    text = lsp.decode(open(lsp.WAGIC_FILE, "rb").read())
    lines = text.split("\n")
    starts = [i for i, l in enumerate(lines) if l.strip() == "[card]"]
    u = lsp.uri(lsp.WAGIC_FILE)
    client = Client(server, u)
    opened_cpu = cpu_seconds(pid)
    server.notify("textDocument/didOpen", {"textDocument": {"uri": u, "languageId": "wagic", "version": 1, "text": text}})
    client.pump(lambda: client.version >= 1)
    settled = wait_idle(pid)
    client.drain()
    print(f"open mtg.txt and settle:      {settled - opened_cpu:6.2f} s CPU; problems {len(client.diagnostics)}")
    before = keyed(client.diagnostics, starts, set())
    t0 = cpu_seconds(pid)
    server.notify("textDocument/didSave", {"textDocument": {"uri": u}})
    t1 = wait_idle(pid)
    client.drain()
    after = keyed(client.diagnostics, starts, set())
    new = [k for k in after if k not in set(before)]
    gone = [k for k in before if k not in set(after)]
    save_ok = t1 - t0 <= 0.5 and not new and not gone
    print(
        f"first save after opening:     {t1 - t0:6.2f} s CPU; problems {len(before)} -> {len(after)} "
        f"({len(new)} new, {len(gone)} gone) (target <= 0.5 s, none new: {'ok' if save_ok else 'MISSED'})"
    )
    for k in new[:5]:
        print(f"  new: card at line {starts[k[0]] + 1}: {k[1]} {k[2]}")

    delta = False
    probe = client.call("textDocument/semanticTokens/full", {"textDocument": {"uri": u}})
    tokens = client.answer(probe)
    result_id = (tokens or {}).get("resultId")
    if result_id is not None:
        delta = True
    candidates = [i for i, l in enumerate(lines) if l.startswith(("text=", "auto=")) and l.isascii() and len(l) > 8]
    version = 1
    cpus, latencies = [], []
    pending = None
    mode = "full/delta" if delta else "full"
    for k in range(args.keystrokes * 2):
        time.sleep(rng.uniform(0.05, 0.2))
        if pending is None:
            line = rng.choice(candidates)
            col = rng.randint(len(lines[line]) // 2, len(lines[line]))
            change = {"range": {"start": {"line": line, "character": col}, "end": {"line": line, "character": col}}, "text": "x"}
            pending = (line, col)
        else:
            line, col = pending
            change = {"range": {"start": {"line": line, "character": col}, "end": {"line": line, "character": col + 1}}, "text": ""}
            pending = None
        version += 1
        start_cpu = cpu_seconds(pid)
        sent = time.perf_counter()
        server.notify("textDocument/didChange", {"textDocument": {"uri": u, "version": version}, "contentChanges": [change]})
        here = {"start": {"line": line, "character": col}, "end": {"line": line, "character": col}}
        ids = [
            client.call("textDocument/codeAction", {"textDocument": {"uri": u}, "range": here, "context": {"diagnostics": [], "triggerKind": 2}}),
            client.call("textDocument/documentSymbol", {"textDocument": {"uri": u}}),
            client.call("textDocument/documentSymbol", {"textDocument": {"uri": u}}),
        ]
        if delta:
            ids.append(client.call("textDocument/semanticTokens/full/delta", {"textDocument": {"uri": u}, "previousResultId": result_id}))
        else:
            ids.append(client.call("textDocument/semanticTokens/full", {"textDocument": {"uri": u}}))
        client.pump(lambda: client.version >= version)
        latencies.append(client.published_at - sent)
        results = [client.answer(i) for i in ids]
        tokens = results[-1] or {}
        if delta:
            result_id = tokens.get("resultId", result_id)
        cpus.append(wait_idle(pid, quiet=0.3) - start_cpu)
    server.stop()
    cpu_median = statistics.median(cpus)
    ms = sorted(x * 1000 for x in latencies)
    p95 = lsp.percentile(ms, 95)
    print(
        f"keystroke ({mode}):  CPU median {cpu_median:.3f} s, max {max(cpus):.3f} s over {len(cpus)} "
        f"(target <= 0.15 s: {'ok' if cpu_median <= 0.15 else 'MISSED'})"
    )
    print(
        f"diagnostics latency:          p50 {lsp.percentile(ms, 50):.1f} ms, p95 {p95:.1f} ms "
        f"(target <= 20 ms: {'ok' if p95 <= 20 else 'MISSED'})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
