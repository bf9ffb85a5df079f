#!/usr/bin/env python3
"""Held-out set of historical fixes: Forge cards whose script changed between two corpora.

A card present in both the old corpus (Forge 2020) and the new one (today's upstream sample) whose
script differs is a historical fix (or rewrite). For each such card this lints the old and the new
version with one or more `cardlint` binaries and reports, per binary:

- how many changed cards have a finding (any rule / error-level) on a line of the old version
  that the new version changed (the linter would have pointed at the fix);
- how many error-level findings the new (fixed) versions draw (they should be rare).

Cards are paired by their path under `cardsfolder/` and, failing that, by their first `Name:`
line. Lines are compared ignoring line endings and trailing spaces; an old line counts as changed
when the diff replaces or deletes it, or inserts lines right after it.

    bench/heldout_forge.py --before /path/to/main/cardlint --after target/release/cardlint \\
        [--old ../shared/corpus/forge] [--new ../shared/corpus/forge-upstream-sample]

The corpora are read where they are and copied only to a temporary folder; nothing of them is
written to the repository.
"""

import argparse
import difflib
import json
import os
import shutil
import subprocess
import sys
import tempfile


def cards(root):
    """relative path under cardsfolder -> absolute path, and first Name: -> relative path."""
    by_path, by_name = {}, {}
    base = os.path.join(root, "cardsfolder")
    for dirpath, _, files in os.walk(base):
        for f in files:
            if not f.endswith(".txt"):
                continue
            full = os.path.join(dirpath, f)
            rel = os.path.relpath(full, base)
            by_path[rel] = full
            with open(full, encoding="utf-8", errors="replace") as fh:
                for line in fh:
                    if line.startswith("Name:"):
                        by_name.setdefault(line[5:].strip().lower(), rel)
                        break
    return by_path, by_name


def read_lines(path):
    with open(path, encoding="utf-8", errors="replace") as fh:
        return [l.rstrip("\r\n").rstrip() for l in fh.read().split("\n")]


def changed_old_lines(old, new):
    """1-based numbers of the old lines the new version changed."""
    out = set()
    sm = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for tag, i1, i2, _, _ in sm.get_opcodes():
        if tag in ("replace", "delete"):
            out.update(range(i1 + 1, i2 + 1))
        elif tag == "insert":
            out.add(max(i1, 1))
    return out


def lint(binary, folder):
    """path relative to folder -> list of diagnostics."""
    proc = subprocess.run(
        [binary, "check", "--no-cache", "--isolated", "--format", "json", folder],
        capture_output=True,
        text=True,
    )
    if not proc.stdout.strip():
        sys.exit(f"{binary}: no output (exit {proc.returncode}): {proc.stderr[:500]}")
    report = json.loads(proc.stdout)
    out = {}
    for d in report.get("diagnostics", []):
        rel = os.path.relpath(d["path"], folder)
        out.setdefault(rel, []).append(d)
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    shared = os.path.join(here, "..", "..", "shared", "corpus")
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--old", default=os.path.join(shared, "forge"))
    ap.add_argument("--new", default=os.path.join(shared, "forge-upstream-sample"))
    ap.add_argument("--before", help="cardlint binary before the change (e.g. main's)")
    ap.add_argument("--after", help="cardlint binary after the change")
    args = ap.parse_args()
    if not (os.path.isdir(args.old) and os.path.isdir(args.new)):
        print(f"corpora not found ({args.old}, {args.new}): nothing measured")
        return
    old_paths, old_names = cards(args.old)
    new_paths, new_names = cards(args.new)
    pairs = {}
    for rel in new_paths:
        if rel in old_paths:
            pairs[rel] = rel
    for name, rel in new_names.items():
        if rel not in pairs and name in old_names:
            pairs[rel] = old_names[name]
    changed = []
    for new_rel, old_rel in sorted(pairs.items()):
        a, b = read_lines(old_paths[old_rel]), read_lines(new_paths[new_rel])
        if a != b:
            changed.append((old_rel, new_rel, changed_old_lines(a, b)))
    print(f"old corpus: {len(old_paths)} cards; new corpus: {len(new_paths)} cards")
    print(f"cards in both (by path or by name): {len(pairs)}; whose script changed: {len(changed)}")
    binaries = [(k, v) for k, v in (("before", args.before), ("after", args.after)) if v]
    if not changed:
        print("no historical fix to measure: the held-out set is empty")
        return
    tmp = tempfile.mkdtemp(prefix="heldout-forge-")
    try:
        for side in ("old", "new"):
            for old_rel, new_rel, _ in changed:
                rel, src = (old_rel, old_paths[old_rel]) if side == "old" else (new_rel, new_paths[new_rel])
                dst = os.path.join(tmp, side, "cardsfolder", rel)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copyfile(src, dst)
        print()
        print("| binary | changed cards | finding on a changed line | error on a changed line | errors on fixed files (cards) |")
        print("| --- | --- | --- | --- | --- |")
        for label, binary in binaries:
            old_d = lint(binary, os.path.join(tmp, "old"))
            new_d = lint(binary, os.path.join(tmp, "new"))
            any_hit = err_hit = 0
            for old_rel, _, lines in changed:
                diags = old_d.get(os.path.join("cardsfolder", old_rel), [])
                on = [d for d in diags if d["line"] in lines]
                any_hit += bool(on)
                err_hit += any(d["severity"] == "error" for d in on)
            new_errors = [d for ds in new_d.values() for d in ds if d["severity"] == "error"]
            err_cards = len({d["path"] for d in new_errors})
            print(f"| {label} | {len(changed)} | {any_hit} | {err_hit} | {len(new_errors)} ({err_cards}) |")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
