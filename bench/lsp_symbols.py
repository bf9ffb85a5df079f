#!/usr/bin/env python3
"""`workspace/symbol` over stdio on the Forge and Wagic corpora (issue 26: within 50 ms on 33k
cards), timed as an editor sees it: from the request to its answer, through the real
`cardlint lsp` with both trees as workspace folders.

The server indexes both folders, then lints every file that is not open in the background
(workspace diagnostics); the queries are asked twice: while that work runs (a handler waits at
most for one background step) and once the server is idle. Each query is asked `--runs` times;
the report gives the median and the maximum, and the number of results.

    bench/lsp_symbols.py                 # builds target/release/cardlint first
    bench/lsp_symbols.py --no-build --runs 20
    CARDLINT_CORPUS=/work/shared/corpus bench/lsp_symbols.py
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp  # noqa: E402  (the Server of bench/lsp.py)

QUERIES = ["Lightning Bolt", "lightning bolt", "bolt", "goblin", "lgtnbolt", "a", "zzzzzz"]


def ask(server, query):
    sent = time.perf_counter()
    rid = server.request("workspace/symbol", {"query": query})
    at, message = server.wait(lambda m: m.get("id") == rid and "method" not in m)
    return (at - sent) * 1e3, message.get("result") or []


def measure(server, runs, label):
    print(f"{label}:")
    for query in QUERIES:
        times, found = [], []
        for _ in range(runs):
            ms, found = ask(server, query)
            times.append(ms)
        containers = sorted({s.get("containerName", "") for s in found if s["name"].lower() == query.lower()})
        exact = f", exact in {', '.join(containers)}" if containers else ""
        print(
            f"  {query!r:18} {len(found):3} results{exact}: median {statistics.median(times):6.2f} ms, "
            f"max {max(times):6.2f} ms"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--no-build", action="store_true", help="use target/release/cardlint as it is")
    parser.add_argument("--binary", help="the cardlint to measure (implies --no-build)")
    args = parser.parse_args()
    forge = os.path.join(lsp.CORPUS, "forge", "cardsfolder")
    wagic = os.path.join(lsp.CORPUS, "wagic")
    if not (os.path.isdir(forge) and os.path.isdir(wagic)):
        print(f"notice: {forge} or {wagic} is absent; skipped")
        return
    binary = args.binary or os.path.join(lsp.ROOT, "target", "release", "cardlint")
    if not (args.no_build or args.binary):
        subprocess.run(["cargo", "build", "--release", "--locked", "--quiet"], cwd=lsp.ROOT, check=True)
    server = lsp.Server(binary)
    server.request(
        "initialize",
        {
            "processId": os.getpid(),
            "rootUri": lsp.uri(forge),
            "workspaceFolders": [{"uri": lsp.uri(f), "name": os.path.basename(f)} for f in (forge, wagic)],
            "capabilities": {"window": {"workDoneProgress": True}},
        },
    )
    server.wait(lambda m: m.get("id") == server.next_id and "method" not in m)
    sent = time.perf_counter()
    server.notify("initialized", {})
    at, end = server.wait(lambda m: m.get("method") == "$/progress" and m["params"]["value"].get("kind") == "end")
    print(f"indexed in {at - sent:.2f} s: {end['params']['value'].get('message', '')}")
    measure(server, args.runs, "while the server lints the files that are not open")
    lsp.wait_idle(server.proc.pid)
    measure(server, args.runs, "idle")
    server.stop()


if __name__ == "__main__":
    main()
