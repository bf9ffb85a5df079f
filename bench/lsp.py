#!/usr/bin/env python3
"""Benchmark of the language server: the real `cardlint lsp` over stdio, driven as an editor.

Measures
  - the time to index a workspace folder at start-up (the Forge corpus by default: from the
    `initialized` notification to the end of the `$/progress` report, and the server's own
    figure in that report);
  - edit-to-diagnostics latency (p50, p95, max) on the 4 MB Wagic primitives file and on a Forge
    card: one-character edits inside cards (typed, then deleted again), each timed from the
    `didChange` to the first `publishDiagnostics` of that version, with a pause between edits
    like a typist's (so background work of the server runs between them, as in an editor).

mtg.txt is opened once the server has finished the findings of the tree's other files (it is
idle: no CPU time for half a second); `--open-at-once` opens it right after indexing instead.

Targets (issue 13): opening mtg.txt 150 ms to the first diagnostics; keystroke p95 20 ms on both
files (issue 6 asked 50 ms on the Wagic file); the Forge corpus indexed in well under a second.
Machines are shared and noisy: run it a few times.

    bench/lsp.py                        # builds target/release/cardlint first
    bench/lsp.py --no-build --edits 200 --seed 3
    CARDLINT_CORPUS=/work/shared/corpus bench/lsp.py
"""
import argparse
import json
import os
import queue
import random
import statistics
import subprocess
import sys
import threading
import time

# Where the server's stderr goes (`--server-log`).
SERVER_LOG = os.devnull
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The corpus beside the checkout, or $CARDLINT_CORPUS (for git worktrees elsewhere).
CORPUS = os.environ.get("CARDLINT_CORPUS") or os.path.join(ROOT, "..", "shared", "corpus")
WAGIC_ROOT = os.path.join(CORPUS, "wagic", "upstream-2016-06-29-140ee7b")
WAGIC_FILE = os.path.join(WAGIC_ROOT, "sets", "primitives", "mtg.txt")
FORGE_ROOT = os.path.join(CORPUS, "forge")


TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """utime + stime of a process (all its threads), in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def wait_idle(pid, quiet=1.0, poll=0.1, timeout=600):
    """Waits until the process used no CPU for `quiet` seconds; returns its CPU time then."""
    deadline = time.time() + timeout
    last = cpu_seconds(pid)
    still_since = time.time()
    while time.time() < deadline:
        time.sleep(poll)
        now = cpu_seconds(pid)
        if now != last:
            last = now
            still_since = time.time()
        elif time.time() - still_since >= quiet:
            return now
    raise TimeoutError("the server did not become idle")


def uri(path):
    return "file://" + os.path.abspath(path)


def decode(data):
    """The text an editor shows: UTF-8, else Latin-1 (as cardlint reads files)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


class Server:
    """`cardlint lsp` with a reader thread; server requests are answered with `null`."""

    def __init__(self, binary):
        self.proc = subprocess.Popen(
            [binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(SERVER_LOG, "a")
        )
        self.messages = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            body = out.read(length)
            self.messages.put((time.perf_counter(), json.loads(body)))

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def wait(self, pred, timeout=120):
        """The first message `pred` accepts, with the time it arrived."""
        deadline = time.perf_counter() + timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError("no answer from the server")
            at, message = self.messages.get(timeout=left)
            if "method" in message and "id" in message:
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            if pred(message):
                return at, message

    def start(self, folder, capabilities=None):
        """initialize + initialized; returns (seconds to index, the server's progress message).
        `capabilities`: the client's (default: progress reports only)."""
        self.request(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": uri(folder),
                "workspaceFolders": [{"uri": uri(folder), "name": os.path.basename(folder)}],
                "capabilities": capabilities or {"window": {"workDoneProgress": True}},
            },
        )
        self.wait(lambda m: m.get("id") == self.next_id and "method" not in m)
        sent = time.perf_counter()
        self.notify("initialized", {})
        at, end = self.wait(
            lambda m: m.get("method") == "$/progress" and m["params"]["value"].get("kind") == "end"
        )
        return at - sent, end["params"]["value"].get("message", "")

    def stop(self):
        try:
            self.request("shutdown", None)
            self.wait(lambda m: m.get("id") == self.next_id and "method" not in m, timeout=10)
            self.notify("exit", None)
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()


def diagnostics_of(server, u, version):
    return server.wait(
        lambda m: m.get("method") == "textDocument/publishDiagnostics"
        and m["params"]["uri"] == u
        and (m["params"].get("version") or 0) >= version
    )


def edit_session(server, path, language, edits, rng, pause, pick_line):
    """Opens `path`, makes `edits` one-character edits, returns (open seconds, latencies)."""
    text = decode(open(path, "rb").read())
    lines = text.split("\n")
    u = uri(path)
    sent = time.perf_counter()
    server.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": u, "languageId": language, "version": 1, "text": text}},
    )
    at, _ = diagnostics_of(server, u, 1)
    opened = at - sent
    candidates = [i for i, line in enumerate(lines) if pick_line(line) and line.isascii()]
    latencies = []
    version = 1
    pending = None  # (line, column) of a character typed, to delete next
    for _ in range(edits):
        time.sleep(rng.uniform(*pause))
        version += 1
        if pending is None:
            line = rng.choice(candidates)
            col = rng.randint(len(lines[line]) // 2, len(lines[line]))
            change = {
                "range": {"start": {"line": line, "character": col}, "end": {"line": line, "character": col}},
                "text": "x",
            }
            pending = (line, col)
        else:
            line, col = pending
            change = {
                "range": {"start": {"line": line, "character": col}, "end": {"line": line, "character": col + 1}},
                "text": "",
            }
            pending = None
        sent = time.perf_counter()
        server.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": u, "version": version}, "contentChanges": [change]},
        )
        at, _ = diagnostics_of(server, u, version)
        latencies.append(at - sent)
    server.notify("textDocument/didClose", {"textDocument": {"uri": u}})
    return opened, latencies


def percentile(values, p):
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(round(p / 100.0 * len(ordered) + 0.5)) - 1))
    return ordered[k]


def report(name, values, target):
    ms = [v * 1000 for v in values]
    p50, p95 = percentile(ms, 50), percentile(ms, 95)
    verdict = "ok" if p95 < target else "MISSED"
    print(
        f"{name:<28} edits={len(ms):<4} p50={p50:7.2f} ms  p95={p95:7.2f} ms  max={max(ms):7.2f} ms"
        f"  mean={statistics.mean(ms):7.2f} ms  (target p95 < {target} ms: {verdict})"
    )
    return p95 < target


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--edits", type=int, default=120, help="edits per file")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pause", default="0.02,0.25", help="pause between edits, seconds: MIN,MAX")
    parser.add_argument("--forge-card", default=os.path.join(FORGE_ROOT, "cardsfolder", "a", "archangel_avacyn_avacyn_the_purifier.txt"))
    parser.add_argument("--no-build", action="store_true", help="use target/release/cardlint as it is")
    parser.add_argument("--binary", help="the cardlint to measure (implies --no-build)")
    parser.add_argument("--server-log", default=os.devnull, help="append the server's stderr to this file")
    parser.add_argument(
        "--open-at-once",
        action="store_true",
        help="open mtg.txt as soon as the tree is indexed (while the other files' findings are computed)",
    )
    args = parser.parse_args()
    global SERVER_LOG
    SERVER_LOG = args.server_log
    if not os.path.isdir(CORPUS):
        print(f"skipped: no corpus at {CORPUS}")
        return 0
    binary = args.binary or os.path.join(ROOT, "target", "release", "cardlint")
    if not args.no_build and not args.binary:
        subprocess.run(["cargo", "build", "--release", "--locked", "-q"], cwd=ROOT, check=True)
    pause = tuple(float(x) for x in args.pause.split(","))
    rng = random.Random(args.seed)
    forge_card = args.forge_card
    if not os.path.isfile(forge_card):
        forge_card = os.path.join(FORGE_ROOT, "cardsfolder", "a", sorted(os.listdir(os.path.join(FORGE_ROOT, "cardsfolder", "a")))[0])
    ok = True

    server = Server(binary)
    seconds, message = server.start(FORGE_ROOT)
    print(f"{'index the Forge corpus':<28} {seconds * 1000:7.1f} ms from `initialized` to the end of $/progress ({message})")
    ok &= seconds < 1.0
    opened, latencies = edit_session(
        server, forge_card, "forge", args.edits, rng, pause, lambda l: ":" in l and not l.startswith("Name:")
    )
    print(f"{'open ' + os.path.basename(forge_card):<28} {opened * 1000:7.1f} ms to the first diagnostics")
    ok &= report("Forge card", latencies, 20)
    server.stop()

    server = Server(binary)
    seconds, message = server.start(WAGIC_ROOT)
    print(f"{'index the Wagic tree':<28} {seconds * 1000:7.1f} ms ({message})")
    if not args.open_at_once:
        # The findings of the tree's other files are computed after indexing: the file is
        # opened once they are (an editor left open a moment), unless asked otherwise.
        started = time.perf_counter()
        wait_idle(server.proc.pid, quiet=0.5)
        print(f"{'workspace findings settled':<28} {(time.perf_counter() - started - 0.5) * 1000:7.1f} ms after indexing")
    size = os.path.getsize(WAGIC_FILE) / 1e6
    opened, latencies = edit_session(
        server, WAGIC_FILE, "wagic", args.edits, rng, pause,
        lambda l: l.startswith(("text=", "auto=", "type=", "subtype=")),
    )
    print(f"{'open mtg.txt (%.1f MB)' % size:<28} {opened * 1000:7.1f} ms to the first diagnostics (target 150 ms)")
    ok &= opened < 0.150
    ok &= report("Wagic primitives (4 MB)", latencies, 20)
    server.stop()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
