#!/usr/bin/env python3
"""Runs the fuzz campaign (`cardlint-fuzz`, release build) for each dialect and prints a summary.

    bench/fuzz_campaign.py --seconds 1800            # 30 minutes per dialect, the five dialects
    bench/fuzz_campaign.py --seconds 120 --dialects forge wagic --seed 7

Each dialect runs on its own (one core); its jobs (each target on each kind of file) share its
budget in turns. A failure is minimised and written to fuzz/regressions/<dialect>/ (commit it
with the fix); a case that runs past --hang-seconds is kept as a `hang` input and ends that
dialect's run. Exit status 1 when anything failed.
"""

import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIALECTS = ["forge", "wagic", "pymtg", "netrunner", "rulescript"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1800, help="budget per dialect")
    ap.add_argument("--dialects", nargs="+", default=DIALECTS, choices=DIALECTS)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hang-seconds", type=float, default=60)
    ap.add_argument("--no-build", action="store_true", help="use the binary already built")
    args = ap.parse_args()

    target_dir = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    binary = os.path.join(target_dir, "release", "cardlint-fuzz")
    if not args.no_build:
        subprocess.run(
            ["cargo", "build", "--release", "-p", "cardlint-fuzz"], cwd=ROOT, check=True
        )
    rows = []
    statuses = {}
    for dialect in args.dialects:
        cmd = [
            binary,
            "--dialect", dialect,
            "--seconds", str(args.seconds),
            "--seed", str(args.seed),
            "--hang-seconds", str(args.hang_seconds),
        ]
        print("$ " + " ".join(cmd), flush=True)
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True)
        for line in proc.stdout:
            if line.startswith("RESULT\t"):
                rows.append(line.rstrip("\n").split("\t")[1:])
            else:
                print(line, end="", flush=True)
        statuses[dialect] = proc.wait()
        if statuses[dialect] not in (0, 1, 3):
            # A crash no handler sees (a stack overflow): a run of no time keeps the input it
            # left in target/fuzz-inflight-<dialect>.bin as a regression.
            subprocess.run([binary, "--dialect", dialect, "--seconds", "0"], cwd=ROOT)

    print()
    print("Summary (cases/s per CPU second; slowest = the longest single case)")
    header = ("dialect", "target", "kind", "cases", "cases/s", "cpu_s", "slowest_ms", "failures")
    fmt = "{:<11} {:<9} {:<18} {:>10} {:>9} {:>8} {:>10} {:>8}"
    print(fmt.format(*header))
    total_cases = total_cpu = total_failures = 0
    for dialect, target, kind, cases, cpu, _wall, slowest, failures in rows:
        cases, cpu, failures = int(cases), float(cpu), int(failures)
        total_cases += cases
        total_cpu += cpu
        total_failures += failures
        rate = cases / cpu if cpu > 0 else 0.0
        print(fmt.format(dialect, target, kind, cases, f"{rate:.1f}", f"{cpu:.1f}", slowest, failures))
    print(fmt.format("total", "", "", total_cases, "", f"{total_cpu:.1f}", "", total_failures))
    bad = {d: s for d, s in statuses.items() if s != 0}
    for dialect, status in bad.items():
        why = "a hang (input kept)" if status == 3 else f"a crash, exit status {status} (input kept)"
        print(f"{dialect}: {why}")
    print(f"failures: {total_failures}" + (f"; runs that did not end well: {len(bad)}" if bad else ""))
    return 1 if total_failures or bad else 0


if __name__ == "__main__":
    sys.exit(main())
