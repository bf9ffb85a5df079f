#!/usr/bin/env python3
"""The performance budget: times `cardlint check` cold (`--no-cache`) and warm (a primed cache)
against ripgrep (`rg -c '\\$'`) over the same files, `cardlint simulate` per card, and the start-up
of a one-card check, in one run, as ratios; fails (exit 1) when a ratio passes its budget.

    bench/budget.py                        # the corpora beside the checkout, the release binary
    bench/budget.py --rounds 7 --report    # more pairs; print the table, never fail
    bench/budget.py --trees forge          # one tree

Ratios, not times: the machine is shared, so each figure is the median of per-pair ratios of
runs taken in turn (cardlint, rg, cardlint, rg...), which holds when the machine's speed drifts.
The budgets are the figures measured when they were set times about 1.4: loose enough for a
noisy machine, tight enough that a 1.5x regression fails. Trees that are absent are skipped
with a notice (CI has the corpora beside its clone; `CARDLINT_CORPUS` points elsewhere).
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# name: (path below the corpus, budgets). Budgets: cold and warm check / rg (wall), simulate /
# rg (wall) and the simulation's CPU milliseconds per card (from `--stats`).
TREES = {
    # Forge cold: 8.0 was set before the learned and rules-text rules of issue 24 (F180-F184,
    # F173), which cost ~35% more CPU; measured 6.7-7.5 on 2026-11-29. Raised so that CI keeps
    # catching a 1.5x regression from today; the speed target itself (issue 27) is still open.
    "forge": ("forge/cardsfolder", {"cold": 10.5, "warm": 2.5, "simulate": 13.0, "ms_per_card": 0.12}),
    # Wagic: rg takes ~20 ms over these 131 files, so the ratios are large and move with the
    # machine; recalibrated from 47-58 (cold) and 41-79 (simulate, wall: the per-card CPU figure
    # is the steady one) measured by this script on
    # 2026-11-29, the first figures set (12, 30) having never been met by this script.
    "wagic": ("wagic/upstream-2016-06-29-140ee7b", {"cold": 80.0, "warm": 2.5, "simulate": 150.0, "ms_per_card": 0.35}),
}
# A one-card check (`--no-context`, no cache) against rg over that file, and its CPU seconds.
STARTUP = {"ratio": 12.0, "cpu_ms": 40.0}


def timed(cmd, env=None):
    """Wall seconds and CPU seconds of one run, output discarded."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, _, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def ratio(ours, theirs, rounds, env=None):
    """Median over `rounds` pairs of ours/theirs (wall), after one warm-up of each."""
    timed(ours, env)
    timed(theirs)
    ratios, cpus = [], []
    for _ in range(rounds):
        wall, cpu = timed(ours, env)
        their_wall, _ = timed(theirs)
        ratios.append(wall / max(their_wall, 1e-4))
        cpus.append(cpu)
    return statistics.median(ratios), statistics.median(cpus)


def per_card(cardlint, path):
    out = subprocess.run([cardlint, "simulate", "--stats", path], capture_output=True, text=True)
    for line in out.stderr.splitlines() + out.stdout.splitlines():
        if "ms per card" in line:
            return float(line.split("simulate:")[1].split("ms per card")[0])
    return float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cardlint", default=os.path.join(ROOT, "target/release/cardlint"))
    parser.add_argument("--corpus", default=os.environ.get("CARDLINT_CORPUS", os.path.join(ROOT, "..", "shared", "corpus")))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--attempts", type=int, default=3, help="measurements of a figure past its budget before it fails")
    parser.add_argument("--trees", nargs="*", default=list(TREES))
    parser.add_argument("--report", action="store_true", help="print the figures, never fail")
    args = parser.parse_args()
    if shutil.which("rg") is None:
        print("notice: ripgrep (rg) is not installed: the budget is not checked")
        return 0
    if not os.path.exists(args.cardlint):
        sys.exit(f"no binary at {args.cardlint} (cargo build --release)")
    rows, over = [], []

    def check(name, figure, measure, budget):
        """Measures a figure; one past its budget is measured again, up to `--attempts` in
        all, and the best attempt counts: a build on the other core slows one attempt, a
        regression slows them all."""
        value = measure()
        attempts = 1
        while value > budget and attempts < args.attempts:
            value = min(value, measure())
            attempts += 1
        ok = value <= budget
        rows.append((name, figure, value, budget, "ok" if ok else "OVER", attempts))
        if not ok:
            over.append(f"{name} {figure}")

    cache = tempfile.mkdtemp(prefix="cardlint-budget-")
    env = dict(os.environ, CARDLINT_CACHE_DIR=cache)
    try:
        for name in args.trees:
            rel, budget = TREES[name]
            path = os.path.join(args.corpus, rel)
            if not os.path.isdir(path):
                print(f"notice: {path} is absent: the {name} budget is skipped")
                continue
            rg = ["rg", "-c", "\\$", path]
            cold = [args.cardlint, "check", "--no-cache", "--format", "json", path]
            check(name, "cold check / rg", lambda: ratio(cold, rg, args.rounds)[0], budget["cold"])
            warm = [args.cardlint, "check", "--format", "json", path]
            check(name, "warm check / rg", lambda: ratio(warm, rg, args.rounds, env)[0], budget["warm"])
            sim = [args.cardlint, "simulate", "--format", "json", path]
            check(name, "simulate / rg", lambda: ratio(sim, rg, max(1, args.rounds // 2))[0], budget["simulate"])
            check(name, "simulate ms per card (CPU)", lambda: per_card(args.cardlint, path), budget["ms_per_card"])
            card = os.path.join(path, "a", "abundance.txt")
            if name == "forge" and os.path.isfile(card):
                one = [args.cardlint, "check", "--no-cache", "--no-context", card]
                rg_one = ["rg", "-c", "\\$", card]
                check("start-up", "one card / rg", lambda: ratio(one, rg_one, args.rounds * 2)[0], STARTUP["ratio"])
                check("start-up", "one card CPU ms", lambda: ratio(one, rg_one, args.rounds * 2)[1] * 1000, STARTUP["cpu_ms"])
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    print("| tree | figure | measured | budget | | attempts |")
    print("|---|---|---:|---:|---|---:|")
    for name, figure, value, budget, verdict, attempts in rows:
        print(f"| {name} | {figure} | {value:.3f} | {budget:.3f} | {verdict} | {attempts} |")
    if over and not args.report:
        print(f"over budget: {', '.join(over)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
