#!/usr/bin/env python3
"""Scores a `cardlint check --format json` report of the Wagic corpus against the truth set
(`../shared/spec/wagic/corpus-findings.tsv`) as `lint/triage/wagic.md` describes: a row counts as
flagged when one of the rules mapped to its check reports on its line. Prints, per check and
verdict, rows flagged / rows and how many at error.

    cardlint check --no-cache --format json ../shared/corpus/wagic > report.json
    bench/wagic_truth_set.py report.json [corpus-findings.tsv]
"""

import collections
import csv
import json
import os
import sys

RULES = {
    "duplicate-id": {"W104"},
    "effect-misidentified": set(),
    "primitive-above-default-grade": {"W108"},
    "text-outside-braces": {"W114"},
    "unbalanced-brace": {"W113"},
    "unknown-ability": {"W111"},
    "unknown-cost-symbol": {"W113", "W115"},
    "unknown-effect": {"W113", "W117", "W118", "W119", "W120", "W123", "W124", "W125", "W127"},
    "unknown-key": {"W100", "W101"},
    "unknown-rarity": {"W105"},
    "unknown-restriction": {"W122"},
    "unknown-target-attribute": {"W121"},
    "unknown-transforms-field": {"W124"},
    "unknown-trigger": {"W118"},
    "unknown-trigger-event": {"W118"},
    "unknown-trigger-word": {"W118"},
    "unknown-variable": {"W117", "W123", "W124"},
    "unknown-zone": {"W119"},
    "unresolved-primitive": {"W109"},
}
VERDICTS = ("mistake", "noop", "obsolete", "unsure", "not-a-mistake")


def main():
    report = json.load(open(sys.argv[1]))
    here = os.path.dirname(os.path.abspath(__file__))
    tsv = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
        here, "..", "..", "shared", "spec", "wagic", "corpus-findings.tsv")
    by_line = collections.defaultdict(list)
    for d in report["diagnostics"]:
        path = d["path"].replace("\\", "/")
        i = path.find("upstream-")
        if i < 0:
            continue
        by_line[(path[i:], d["line"])].append(d)
    table = collections.defaultdict(collections.Counter)
    for r in csv.DictReader(open(tsv), delimiter="\t"):
        rules = RULES.get(r["check"], set())
        hits = [d for d in by_line[(r["path"], int(r["line"]))] if d["code"] in rules]
        t = table[r["check"]]
        v = r["verdict"]
        t[v] += 1
        if hits:
            t[v + ":flagged"] += 1
            if any(d["severity"] == "error" for d in hits):
                t[v + ":error"] += 1
    print("| check | " + " | ".join(f"{v}: flagged (at error)" for v in VERDICTS) + " |")
    print("| --- |" + " ---: |" * len(VERDICTS))
    total = collections.Counter()
    for check in sorted(table):
        t = table[check]
        cells = []
        for v in VERDICTS:
            if not t[v]:
                cells.append("-")
                continue
            for k in ("", ":flagged", ":error"):
                total[v + k] += t[v + k]
            cells.append(f"{t[v + ':flagged']}/{t[v]} ({t[v + ':error']})")
        print(f"| `{check}` | " + " | ".join(cells) + " |")
    print()
    for v in VERDICTS:
        print(f"{v}: {total[v + ':flagged']} of {total[v]} flagged, {total[v + ':error']} at error")


if __name__ == "__main__":
    main()
