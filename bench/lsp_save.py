#!/usr/bin/env python3
"""Benchmark of a save in the language server: the CPU time `cardlint lsp` spends on one edit and
the save after it, on the 4 MB Wagic primitives file (mtg.txt), and whether the number of problems
shown jumps between the keystroke and the save.

The server runs over stdio as an editor drives it: the Wagic tree is the workspace folder, mtg.txt
is opened and saved once (the first save plays every card), then each round types one character
into a card, waits for that version's diagnostics, saves, and waits until the server is idle (its
CPU time, read from /proc/<pid>/stat, stops growing). The CPU time of the round is the difference
of /proc/<pid>/stat's utime+stime (all the server's threads) before the edit and after the save.

Target (the issue "The VS Code extension a card scripter installs and forgets"): one edit + save
costs at most 0.5 s of CPU.

    bench/lsp_save.py                              # target/release/cardlint (built first)
    bench/lsp_save.py --no-build --binary /tmp/cardlint-old --rounds 5
"""
import argparse
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp  # noqa: E402  (bench/lsp.py: the stdio client)

cpu_seconds, wait_idle = lsp.cpu_seconds, lsp.wait_idle


class Tracker:
    """The last diagnostics published for one document."""

    def __init__(self, server, u):
        self.server = server
        self.u = u
        self.last = []

    def drain(self):
        while True:
            try:
                _, m = self.server.messages.get_nowait()
            except Exception:
                return self.last
            self._see(m)

    def _see(self, m):
        if "method" in m and "id" in m:
            self.server.send({"jsonrpc": "2.0", "id": m["id"], "result": None})
        if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == self.u:
            self.last = m["params"]["diagnostics"]

    def wait_version(self, version, timeout=120):
        deadline = time.time() + timeout
        while time.time() < deadline:
            _, m = self.server.messages.get(timeout=deadline - time.time())
            self._see(m)
            if (
                m.get("method") == "textDocument/publishDiagnostics"
                and m["params"]["uri"] == self.u
                and (m["params"].get("version") or 0) >= version
            ):
                return self.last
        raise TimeoutError("no diagnostics")


def count(diags, code=None):
    return sum(1 for d in diags if code is None or d.get("code") == code)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(lsp.ROOT, "target", "release", "cardlint"))
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not os.path.isfile(lsp.WAGIC_FILE):
        print(f"skipped: no Wagic corpus at {lsp.WAGIC_FILE}")
        return 0
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--locked", "-q"], cwd=lsp.ROOT, check=True)
    rng = random.Random(args.seed)
    server = lsp.Server(args.binary)
    pid = server.proc.pid
    server.start(lsp.WAGIC_ROOT)
    text = lsp.decode(open(lsp.WAGIC_FILE, "rb").read())
    lines = text.split("\n")
    u = lsp.uri(lsp.WAGIC_FILE)
    server.notify("textDocument/didOpen", {"textDocument": {"uri": u, "languageId": "wagic", "version": 1, "text": text}})
    track = Tracker(server, u)
    track.wait_version(1)
    wait_idle(pid)
    t0 = cpu_seconds(pid)
    server.notify("textDocument/didSave", {"textDocument": {"uri": u}})
    t1 = wait_idle(pid)
    first = track.drain()
    print(f"first save (every card played):  {t1 - t0:6.2f} s CPU; problems {count(first)}, of which G101 {count(first, 'G101')}")
    candidates = [i for i, l in enumerate(lines) if l.startswith("text=") and l.isascii()]
    version = 1
    cpu = []
    jumps = []
    for r in range(args.rounds):
        before = count(track.drain())
        line = rng.choice(candidates)
        col = len(lines[line])
        start = cpu_seconds(pid)
        version += 1
        server.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": u, "version": version},
                "contentChanges": [
                    {"range": {"start": {"line": line, "character": col}, "end": {"line": line, "character": col}}, "text": "x"}
                ],
            },
        )
        typed = count(track.wait_version(version))
        server.notify("textDocument/didSave", {"textDocument": {"uri": u}})
        end = wait_idle(pid)
        saved = count(track.drain())
        # The quiet second that wait_idle waits costs nothing; the polling costs the client only.
        cpu.append(end - start)
        jumps.append((before, typed, saved))
        print(f"round {r + 1}: edit + save {end - start:6.2f} s CPU; problems before {before}, after the keystroke {typed}, after the save {saved}")
        lines[line] += "x"
    server.stop()
    worst = max(cpu)
    print(f"edit + save CPU: mean {sum(cpu) / len(cpu):.2f} s, max {worst:.2f} s (target <= 0.5 s: {'ok' if worst <= 0.5 else 'MISSED'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
