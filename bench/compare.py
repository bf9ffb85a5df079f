#!/usr/bin/env python3
"""Benchmark: `cardlint check` against `rg -c '\\$'` over the same trees, alternating runs.

Machines are shared and noisy, so the figure that matters is the ratio of medians measured in one
run, not the absolute times. Peak memory is read per process with wait4.

    bench/compare.py                          # both corpora under ../shared/corpus, 11 rounds
    bench/compare.py --rounds 21 PATH [PATH]  # any trees
    bench/compare.py --cardlint-args "simulate"  # another subcommand
"""
import argparse
import os
import shlex
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(cmd):
    """Runs cmd with output discarded; returns (seconds, peak RSS in MB, exit code)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    return elapsed, usage.ru_maxrss / 1024.0, os.waitstatus_to_exitcode(status)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", help="trees to check (default: the Forge and Wagic corpora)")
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--cardlint-args", default="check --format json", help="cardlint arguments before the path")
    parser.add_argument("--no-build", action="store_true", help="use target/release/cardlint as it is")
    args = parser.parse_args()

    corpus = os.path.join(ROOT, "..", "shared", "corpus")
    paths = args.paths or [os.path.join(corpus, "forge"), os.path.join(corpus, "wagic")]
    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        print(f"notice: missing {', '.join(missing)}; nothing to measure", file=sys.stderr)
        return 0
    if subprocess.run(["rg", "--version"], capture_output=True).returncode != 0:
        print("ripgrep (rg) is needed: apt-get install ripgrep", file=sys.stderr)
        return 2
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    cardlint = os.path.join(ROOT, "target", "release", "cardlint")

    print(f"| tree | cardlint median | rg median | ratio | cardlint peak RSS | exit |")
    print(f"| --- | ---: | ---: | ---: | ---: | ---: |")
    for path in paths:
        ours = [cardlint, *shlex.split(args.cardlint_args), path]
        theirs = ["rg", "-c", "\\$", path]
        run(ours), run(theirs)  # warm the file cache
        a, b, rss, codes = [], [], [], set()
        for i in range(args.rounds):
            pair = [(ours, a), (theirs, b)] if i % 2 == 0 else [(theirs, b), (ours, a)]
            for cmd, times in pair:
                t, mem, code = run(cmd)
                times.append(t)
                if cmd is ours:
                    rss.append(mem)
                    codes.add(code)
        ma, mb = statistics.median(a), statistics.median(b)
        name = os.path.relpath(path, ROOT)
        print(f"| {name} | {ma * 1000:.0f} ms | {mb * 1000:.0f} ms | {ma / mb:.2f}x | {max(rss):.0f} MB | {sorted(codes)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
