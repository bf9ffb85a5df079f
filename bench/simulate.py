#!/usr/bin/env python3
"""Benchmark of the headless engine: `cardlint simulate --stats` over the corpora.

Reports, per tree, the cards played, the average time per card (CPU time of the plays summed
over threads, divided by the cards; target: under 1 ms), the wall time of the whole run, the
share of cards fully exercised (every ability, trigger and static played, nothing the engine
cannot simulate yet), crashes and step-budget stops, and the count of findings per rule. It
also replays Wagic's test suite when the 2016 snapshot is present. A script, not a test: the
machine is shared and timings are noisy, so take the median of a few rounds.

    bench/simulate.py                   # both corpora under ../shared/corpus, 3 rounds
    bench/simulate.py --rounds 5 PATH   # any trees
    CARDLINT_CORPUS=/elsewhere/corpus bench/simulate.py
"""
import argparse
import collections
import json
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STATS = re.compile(
    r"simulate: (\d+) cards .*fully exercised (\d+) \(([\d.]+)%\); crashed (\d+); step budget (\d+)"
)
TIME = re.compile(r"simulate: ([\d.]+) ms per card .*wall ([\d.]+) s")
SUITE = re.compile(r"(\d+) passed, (\d+) failed")


def simulate(cardlint, path):
    start = time.perf_counter()
    proc = subprocess.run(
        [cardlint, "simulate", "--stats", "--format", "json", path],
        capture_output=True,
        text=True,
    )
    wall = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        sys.exit(f"cardlint simulate {path} exited with {proc.returncode}:\n{proc.stderr[-2000:]}")
    stats, timing = STATS.search(proc.stderr), TIME.search(proc.stderr)
    if not stats or not timing:
        sys.exit(f"no --stats lines in the output:\n{proc.stderr[-2000:]}")
    return stats, float(timing.group(1)), wall, proc.stdout


def rules_of(json_text):
    counts = collections.Counter()
    try:
        report = json.loads(json_text)
    except json.JSONDecodeError:
        return counts
    for d in report.get("diagnostics", []) if isinstance(report, dict) else []:
        counts[(d.get("code"), d.get("severity"))] += 1
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", help="trees to simulate (default: the Forge and Wagic corpora)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-build", action="store_true", help="use target/release/cardlint as it is")
    args = parser.parse_args()

    # CARDLINT_CORPUS points elsewhere (a git worktree beside the main checkout, for example).
    corpus = os.environ.get("CARDLINT_CORPUS") or os.path.join(ROOT, "..", "shared", "corpus")
    paths = args.paths or [os.path.join(corpus, "forge"), os.path.join(corpus, "wagic")]
    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        print(f"notice: missing {', '.join(missing)}; nothing to measure", file=sys.stderr)
        return 0
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    cardlint = os.path.join(ROOT, "target", "release", "cardlint")

    print("| tree | cards | ms per card (median) | wall s (median) | fully exercised | crashed | step budget |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    findings = {}
    for path in paths:
        per_card, walls = [], []
        for _ in range(args.rounds):
            stats, ms, wall, out = simulate(cardlint, path)
            per_card.append(ms)
            walls.append(wall)
        findings[path] = rules_of(out)
        cards, full, share, crashed, budget = stats.groups()
        print(
            f"| {os.path.basename(os.path.normpath(path))} | {cards} | {statistics.median(per_card):.3f} "
            f"| {statistics.median(walls):.2f} | {full} ({share}%) | {crashed} | {budget} |"
        )
    print()
    print("| tree | rule | severity | findings |")
    print("| --- | --- | --- | ---: |")
    for path, counts in findings.items():
        for (code, severity), n in sorted(counts.items(), key=lambda kv: str(kv[0])):
            print(f"| {os.path.basename(os.path.normpath(path))} | {code} | {severity} | {n} |")

    suite = os.path.join(corpus, "wagic", "upstream-2016-06-29-140ee7b", "test", "_tests.txt")
    if os.path.exists(suite):
        proc = subprocess.run([cardlint, "simulate", "--wagic-tests", suite], capture_output=True, text=True)
        m = SUITE.search(proc.stdout)
        print()
        print(f"Wagic test suite replay: {m.group(0) if m else 'no result line'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
