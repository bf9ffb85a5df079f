#!/usr/bin/env python3
"""How many Forge cards use each parameter, per record kind: writes the counts (facts about the
corpus, no card text) to model/data/forge/param-frequency.tsv, which completion uses to rank
parameter names.

    python3 bench/param_frequency.py [CARDSFOLDER] [-o OUT] [--top N]

A record is an `A:` line, a `T:`/`S:`/`R:` line, or an `SVar:` whose value is a record
(`DB$ ...`, `Mode$ ...`). Its kind is the ApiType (`Destroy`), `trigger:<Mode>`,
`static:<Mode>` or `replacement:<Event>`, the scope names of `model/data/forge/params.tsv`.
Each (kind, param) is counted once per card.
"""
import argparse
import collections
import os
import sys

API_KEYS = {"ab", "sp", "db", "st"}


def records(text):
    for raw in text.splitlines():
        line = raw.strip()
        if len(line) < 3:
            continue
        if line[1] == ":" and line[0] in "ATSR":
            yield line[0], line[2:]
        elif line.startswith("SVar:"):
            rest = line[5:]
            _, sep, value = rest.partition(":")
            if sep:
                yield "SVar", value


def parse(body):
    params = []
    for piece in body.split("|"):
        key, sep, value = piece.partition("$")
        key = key.strip()
        if not sep or not key or " " in key:
            continue
        params.append((key, value.strip()))
    return params


def kind_of(line_key, params):
    if not params:
        return None
    key, value = params[0]
    k = key.lower()
    if k in API_KEYS:
        return value.split(" ")[0] if value else None
    if k == "mode" and value:
        if line_key == "S":
            return "static:" + value
        return "trigger:" + value
    if k == "event" and value:
        return "replacement:" + value
    return None


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("cardsfolder", nargs="?",
                    default=os.path.join(here, "..", "..", "shared", "corpus", "forge", "cardsfolder"))
    ap.add_argument("-o", "--out",
                    default=os.path.join(here, "..", "model", "data", "forge", "param-frequency.tsv"))
    ap.add_argument("--top", type=int, default=40)
    args = ap.parse_args()

    counts = collections.Counter()
    spellings = collections.defaultdict(collections.Counter)
    cards = 0
    for root, _, files in os.walk(args.cardsfolder):
        for name in files:
            if not name.endswith(".txt"):
                continue
            cards += 1
            with open(os.path.join(root, name), encoding="utf-8", errors="replace") as f:
                text = f.read()
            seen = set()
            for line_key, body in records(text):
                params = parse(body)
                kind = kind_of(line_key, params)
                if not kind:
                    continue
                folded = kind.lower()
                spellings[folded][kind] += 1
                for key, _ in params[1:]:
                    seen.add((folded, key))
            counts.update(seen)

    by_kind = collections.defaultdict(list)
    for (folded, key), n in counts.items():
        by_kind[folded].append((key, n))
    out = [
        "# Forge parameter frequency: how many cards of the corpus use each parameter in a record",
        "# of each kind (ApiType, trigger:<Mode>, static:<Mode>, replacement:<Event>); the top "
        f"{args.top} per kind (used by at least two cards).",
        f"# Counted by bench/param_frequency.py over {cards} card files of the Forge cardsfolder.",
        "# columns: kind<TAB>param<TAB>cards",
    ]
    for folded in sorted(by_kind, key=lambda k: spellings[k].most_common(1)[0][0]):
        kind = spellings[folded].most_common(1)[0][0]
        rows = sorted((r for r in by_kind[folded] if r[1] >= 2), key=lambda r: (-r[1], r[0]))[: args.top]
        out.extend(f"{kind}\t{key}\t{n}" for key, n in rows)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print(f"{cards} cards, {len(by_kind)} kinds -> {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
