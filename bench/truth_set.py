#!/usr/bin/env python3
"""Scores a `cardlint check --format json` report of the Forge corpus against the truth set
(`../shared/spec/forge/corpus-findings.tsv`), as `lint/triage/forge.md` describes: a row counts as
flagged when a rule of the row's family reports on its line (naming the row's word when it has
one). Prints, per check, how many rows of each verdict are flagged and at which severity.

    cardlint check --no-cache --format json ../shared/corpus/forge > report.json
    bench/truth_set.py report.json [corpus-findings.tsv]
"""

import collections
import csv
import json
import os
import sys

# The family of rules each check of the truth set maps to (by rule name or code).
FAMILIES = {
    "unknown-param-for-api": {"F117", "F118", "F119"},
    "unknown-param-for-trigger": {"F117", "F118", "F119"},
    "unknown-param-for-static": {"F117", "F118", "F119"},
    "unknown-param-for-replacement": {"F117", "F118", "F119"},
    "undefined-svar": {"F130", "F131", "F132", "F133", "F134", "F120"},
    "unknown-line-key": {"F100", "F101", "F102", "F103", "F190"},
    "unknown-cost-token": {"F139"},
}
# The severity each verdict calls for.
WANTED = {"mistake": "error", "noop": "warning", "obsolete": "hint"}


def main():
    report = json.load(open(sys.argv[1]))
    here = os.path.dirname(os.path.abspath(__file__))
    tsv = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
        here, "..", "..", "shared", "spec", "forge", "corpus-findings.tsv")
    by_line = collections.defaultdict(list)
    for d in report["diagnostics"]:
        path = d["path"].replace("\\", "/")
        i = path.find("cardsfolder/")
        if i < 0:
            continue
        by_line[(path[i:], d["line"])].append(d)
    rows = list(csv.DictReader(open(tsv), delimiter="\t"))
    table = collections.defaultdict(lambda: collections.Counter())
    for r in rows:
        check, verdict, word = r["check"], r["verdict"], r["word"]
        family = FAMILIES.get(check)
        hits = []
        for d in by_line[(r["path"], int(r["line"]))]:
            in_family = (d["code"] in family) if family else d["name"] == check
            if not in_family:
                continue
            key = word.split("$")[0].split(":")[0].strip() if word else ""
            if key and key not in d["message"]:
                continue
            hits.append(d)
        t = table[check]
        t[verdict] += 1
        if hits:
            t[verdict + ":flagged"] += 1
            sev = {d["severity"] for d in hits}
            if WANTED.get(verdict) in sev:
                t[verdict + ":right"] += 1
            t[verdict + ":" + "/".join(sorted(sev))] += 1
    print("| check | rows | mistake: right / flagged of N | noop | obsolete | not-a-mistake flagged | unsure flagged |")
    print("| --- | ---: | --- | --- | --- | --- | --- |")
    total = collections.Counter()
    for check in sorted(table):
        t = table[check]
        def cell(v):
            if not t[v]:
                return "–"
            total[v] += t[v]
            total[v + ":flagged"] += t[v + ":flagged"]
            total[v + ":right"] += t[v + ":right"]
            return f"{t[v + ':right']} / {t[v + ':flagged']} of {t[v]}"
        n = sum(t[v] for v in ("mistake", "noop", "obsolete", "not-a-mistake", "unsure"))
        nam = t["not-a-mistake"]
        nam_cell = f"{t['not-a-mistake:flagged']} of {nam}" if nam else "–"
        total["not-a-mistake"] += nam
        total["not-a-mistake:flagged"] += t["not-a-mistake:flagged"]
        uns = f"{t['unsure:flagged']} of {t['unsure']}" if t["unsure"] else "–"
        print(f"| `{check}` | {n} | {cell('mistake')} | {cell('noop')} | {cell('obsolete')} | {nam_cell} | {uns} |")
    print()
    for v in ("mistake", "noop", "obsolete"):
        print(f"{v}: {total[v + ':flagged']} of {total[v]} flagged, {total[v + ':right']} at the severity the verdict calls for")
    print(f"not-a-mistake: {total['not-a-mistake:flagged']} of {total['not-a-mistake']} flagged (false alarms)")


if __name__ == "__main__":
    main()
