#!/usr/bin/env python3
"""Parameters Forge reads only when another parameter is present.

Reads the Java sources of one or more Forge engine trees and lists each script parameter `B`
every read of which (`getParam("B")`, `hasParam("B")`, `getParamOrDefault("B", ...)`) sits inside
an `if (x.hasParam("A")) { ... }` block: without `A$`, Forge never reads `B$`. Only the rules
engine is read (folders named `game`, or `forge-game`); the AI's own reads do not make a card
behave. A pair is kept when it holds in every tree given.

    bench/guarded_params.py ../shared/corpus/forge-engine-src/reeforge-2020 \\
        ../shared/corpus/forge-engine-src/upstream-2022 > model/data/forge/guarded-params.tsv

The output (names only: facts about what the engine reads) is model/data/forge/guarded-params.tsv.
A block is found by counting braces, which string literals holding braces could mislead: the
pairs are read by hand before they are shipped.
"""
import os
import re
import sys
from collections import defaultdict

GUARD = re.compile(
    r'if\s*\(\s*\w+\.(?:hasParam|containsKey)\("(\w+)"\)\s*\)\s*\{'
)
READ = re.compile(r'\b(?:getParam|hasParam|getParamOrDefault|containsKey)\("(\w+)"')


def engine_files(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        parts = dirpath.replace(os.sep, "/").split("/")
        if "ai" in parts or not ("game" in parts or "forge-game" in parts):
            continue
        for name in sorted(filenames):
            if name.endswith(".java"):
                yield os.path.join(dirpath, name)


def block_end(src, start):
    depth = 1
    i = start
    while i < len(src) and depth:
        c = src[i]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        i += 1
    return i


def guarded(root):
    """param -> (guards common to all its reads, files reading it)"""
    common = {}
    files = defaultdict(set)
    for path in engine_files(root):
        src = open(path, encoding="utf-8", errors="replace").read()
        blocks = [(m.end(), block_end(src, m.end()), m.group(1)) for m in GUARD.finditer(src)]
        for m in READ.finditer(src):
            param, at = m.group(1), m.start()
            guards = {g for s, e, g in blocks if s <= at < e and g != param}
            common[param] = guards if param not in common else common[param] & guards
            files[param].add(os.path.basename(path)[: -len(".java")])
    return common, files


def main():
    roots = sys.argv[1:]
    if not roots:
        sys.exit(__doc__)
    results = [guarded(r) for r in roots]
    print("# Forge parameters read only when another parameter is present: every read of `param` in the")
    print("# rules engine sits inside `if (hasParam(\"needs\"))`. Made by bench/guarded_params.py from the")
    print("# 2020 (lzybluee/Reeforge) and 2022 (Card-Forge/forge) engine sources; kept when true in both.")
    print("# columns: param<TAB>needs<TAB>read in (classes)")
    params = set.intersection(*(set(c) for c, _ in results))
    for param in sorted(params):
        needs = set.intersection(*(c[param] for c, _ in results))
        where = sorted(set().union(*(f[param] for _, f in results)))
        for need in sorted(needs):
            print(f"{param}\t{need}\t{','.join(where)}")


if __name__ == "__main__":
    main()
