#!/usr/bin/env python3
"""Benchmark: checking one named file in its project's context, against `rg -c '\\$'` over the
whole tree, alternating runs in one go (machines are shared and noisy: the ratio of medians is the
figure that matters).

By default: one Wagic set file of the 2016 snapshot in ../shared/corpus/wagic, with a warm result
cache (a first run fills it), against ripgrep over the whole Wagic corpus.

    bench/context.py                                  # the default file and tree, 11 rounds
    bench/context.py --file PATH --tree PATH          # any file and tree
    bench/context.py --cardlint-args "check --no-cache --format json"   # cold
"""
import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "..", "shared", "corpus")


def run(cmd, env=None):
    """Runs cmd with output discarded; returns (seconds, exit code)."""
    start = time.perf_counter()
    code = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env).returncode
    return time.perf_counter() - start, code


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    wagic = os.path.join(CORPUS, "wagic")
    parser.add_argument("--file", default=os.path.join(wagic, "upstream-2016-06-29-140ee7b", "sets", "TSP", "_cards.dat"))
    parser.add_argument("--tree", default=wagic, help="the tree ripgrep reads")
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--cardlint-args", default="check --format json")
    parser.add_argument("--cardlint", default=os.path.join(ROOT, "target", "release", "cardlint"))
    parser.add_argument("--no-build", action="store_true", help="use the binary as it is")
    args = parser.parse_args()

    if not os.path.exists(args.file) or not os.path.exists(args.tree):
        print(f"notice: {args.file} or {args.tree} is absent; nothing to measure", file=sys.stderr)
        return 0
    if shutil.which("rg") is None:
        print("ripgrep (rg) is needed: apt-get install ripgrep", file=sys.stderr)
        return 2
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)

    cache = tempfile.mkdtemp(prefix="cardlint-bench-")
    env = dict(os.environ, CARDLINT_CACHE_DIR=cache)
    ours = [args.cardlint, *shlex.split(args.cardlint_args), args.file]
    theirs = ["rg", "-c", "\\$", args.tree]
    try:
        _, code = run(ours, env)  # fills the cache and the page cache
        run(theirs)
        a, b = [], []
        for i in range(args.rounds):
            pair = [(ours, a, env), (theirs, b, None)]
            if i % 2:
                pair.reverse()
            for cmd, times, e in pair:
                times.append(run(cmd, e)[0])
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    ma, mb = statistics.median(a), statistics.median(b)
    print("| what | median |")
    print("| --- | ---: |")
    print(f"| cardlint {args.cardlint_args} {os.path.relpath(args.file)} | {ma * 1000:.1f} ms |")
    print(f"| rg -c '\\$' {os.path.relpath(args.tree)} | {mb * 1000:.1f} ms |")
    print(f"\nratio {ma / mb:.2f} (cardlint exit {code}, {args.rounds} rounds)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
