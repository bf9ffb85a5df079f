#!/usr/bin/env python3
"""Held-out measure for the Wagic lint: historical fixes.

A card defined (by `name=`, once) in both the 2016 Wagic corpus and the 2026 head, whose block
changed between the two, was fixed or reworked by the card scripters in between. The measure
asks how many of those changed cards the linter flags on a line that later changed (the 2016
line was removed or rewritten), with any rule and with error-level rules, and how many
error-level findings remain on the 2026 versions of the same cards (ideally few: they are the
fixed cards).

    bench/heldout_wagic.py --before OLD_BIN --after NEW_BIN [--corpus DIR] [--rules W133,...]
    bench/heldout_wagic.py --before-json old.json --after-json new.json [--corpus DIR]

OLD_BIN / NEW_BIN are `cardlint` binaries (run as `check --no-cache --format json` over the
corpus); `--rules` also prints the counts of the listed rules alone. Nothing from the corpus is
printed but counts (and card names with `--list`).
"""

import argparse
import difflib
import glob
import json
import os
import subprocess
import sys

OLD = "upstream-2016-06-29-140ee7b"
NEW = "upstream-head-2026-06-26-37115e1-partial"


def blocks(root):
    """name -> [(path, first line, [lines])] for every `[card]` block with a `name=` (1-based)."""
    out = {}
    for path in sorted(glob.glob(os.path.join(root, "sets", "**", "*"), recursive=True)):
        if not (path.endswith(".txt") or path.endswith(".dat")) or not os.path.isfile(path):
            continue
        text = open(path, "rb").read().decode("utf-8", "replace")
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        start = None
        for i, line in enumerate(lines):
            s = line.strip()
            if s.startswith("[card]"):
                start = i
            elif s.startswith("[/card]") and start is not None:
                body = lines[start + 1:i]
                name = None
                for b in body:
                    b = b.strip()
                    if b.startswith("name="):
                        name = b[5:].strip()
                defines = any(
                    b.strip().startswith(("auto", "abilities=", "text=", "type="))
                    for b in body)
                if name and defines:
                    out.setdefault(name, []).append((path, start + 2, body))
                start = None
    return out


def run(binary, corpus):
    r = subprocess.run([binary, "check", "--no-cache", "--format", "json", corpus],
                       capture_output=True, check=False)
    return json.loads(r.stdout)


def by_place(report):
    """(snapshot-relative path, line) -> [diagnostic]."""
    out = {}
    for d in report["diagnostics"]:
        p = d["path"].replace("\\", "/")
        i = p.find("upstream-")
        if i < 0:
            continue
        out.setdefault((p[i:], d["line"]), []).append(d)
    return out


def rel(path):
    p = path.replace("\\", "/")
    return p[p.find("upstream-"):]


def measure(changed, report, rules):
    places = by_place(report)
    any_hit = err_hit = rule_hit = block_hit = 0
    new_errors = 0
    hit_names = []
    for name, (old, new, lines_changed) in changed.items():
        path, first, _ = old
        ds = [d for ln in lines_changed for d in places.get((rel(path), first + ln), [])]
        _, _, obody = old
        if any(places.get((rel(path), first + ln)) for ln in range(len(obody))):
            block_hit += 1
        if ds:
            any_hit += 1
            hit_names.append(name)
        if any(d["severity"] == "error" for d in ds):
            err_hit += 1
        if rules and any(d["code"] in rules for d in ds):
            rule_hit += 1
        npath, nfirst, nbody = new
        for ln in range(len(nbody)):
            new_errors += sum(1 for d in places.get((rel(npath), nfirst + ln), [])
                              if d["severity"] == "error")
    return any_hit, err_hit, rule_hit, block_hit, new_errors, hit_names


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--before")
    ap.add_argument("--after")
    ap.add_argument("--before-json")
    ap.add_argument("--after-json")
    ap.add_argument("--corpus", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "corpus", "wagic"))
    ap.add_argument("--rules", default="")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    if not os.path.isdir(os.path.join(a.corpus, OLD)):
        print(f"no Wagic corpus at {a.corpus}: nothing measured")
        return 0
    old = blocks(os.path.join(a.corpus, OLD))
    new = blocks(os.path.join(a.corpus, NEW))
    changed = {}
    for name in sorted(set(old) & set(new)):
        if len(old[name]) != 1 or len(new[name]) != 1:
            continue
        ob = [x.strip() for x in old[name][0][2]]
        nb = [x.strip() for x in new[name][0][2]]
        if ob == nb:
            continue
        sm = difflib.SequenceMatcher(a=ob, b=nb, autojunk=False)
        kept = set()
        for blk in sm.get_matching_blocks():
            kept.update(range(blk.a, blk.a + blk.size))
        lines_changed = [i for i in range(len(ob)) if i not in kept]
        if not lines_changed:
            continue  # only lines added: nothing in the 2016 block was wrong on a line
        changed[name] = (old[name][0], new[name][0], lines_changed)
    both = len(set(old) & set(new))
    print(f"cards defined once in both snapshots: {both}; changed with a 2016 line removed or rewritten: {len(changed)}")
    rules = {r.strip() for r in a.rules.split(",") if r.strip()}
    reports = []
    for label, binary, js in (("before", a.before, a.before_json), ("after", a.after, a.after_json)):
        if js:
            reports.append((label, json.load(open(js))))
        elif binary:
            reports.append((label, run(binary, a.corpus)))
    print("| run | changed cards with a finding on a changed line (any rule) | (error level) | (rules "
          + (",".join(sorted(rules)) or "-") + ") | (anywhere in the 2016 block) | error findings on their 2026 versions |")
    print("| --- | --- | --- | --- | --- | --- |")
    for label, report in reports:
        any_hit, err_hit, rule_hit, block_hit, new_errors, names = measure(changed, report, rules)
        print(f"| {label} | {any_hit} / {len(changed)} | {err_hit} | {rule_hit if rules else '-'} "
              f"| {block_hit} | {new_errors} |")
        if a.list:
            for n in names:
                print(f"  {label}: {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
