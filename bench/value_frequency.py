#!/usr/bin/env python3
"""How many cards of a corpus use each value word, per parameter: the facts completion ranks
values by (issue 26: after `ValidTgts$ ` the types scripters target first; after Wagic `auto=`
the effects cards use, not the macros). Writes names and counts only, no card text.

    python3 bench/value_frequency.py forge [CARDSFOLDER] [-o model/data/forge/value-frequency.tsv]
    python3 bench/value_frequency.py wagic [PRIMITIVES_FILE...] [-o model/data/wagic/auto-frequency.tsv]

Forge: in every record (`A:`, `T:`, `S:`, `R:`, and `SVar:` records), each parameter Forge reads
as a Valid expression (`syntax::forge::is_valid_param`) gives its items' base words
(`Creature` in `Creature.YouCtrl+nonToken`, position `base`) and property words (`YouCtrl`,
`nonToken`: `property`); each `Defined...` parameter gives its value's first word (`defined`).
Each (param, position, word) is counted once per card; the rows of all parameters together are
under the param `*`. Wagic: each vocabulary word of `model/data/wagic/effects.tsv` and
`basic-abilities.tsv`, counted once per card whose `auto=` values hold it as a word.
"""
import argparse
import collections
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CORPUS = os.environ.get("CARDLINT_CORPUS") or os.path.join(ROOT, "..", "shared", "corpus")

# syntax::forge::is_valid_param, as it reads a key (text params aside).
VALID_EXTRA = {
    "Affected", "ChangeType", "IsPresent", "IsPresent2", "ConditionPresent", "TargetType",
    "TargetsValid", "TargetValidTargeting", "RestrictFromValid", "ValidTgtsWithoutManaCost",
}
VALID_EXCLUDED = {"ValidZone", "ValidCounterType", "ValidMode", "ValidAttackersAmount", "ValidAmountEach"}
WORD = re.compile(r"^[A-Za-z][A-Za-z0-9_]*")


def is_valid_param(key):
    if key in VALID_EXCLUDED or key.endswith("Description"):
        return False
    return key.startswith("Valid") or key.endswith("Valid") or key in VALID_EXTRA


def records(text):
    for raw in text.splitlines():
        line = raw.strip()
        if len(line) >= 3 and line[1] == ":" and line[0] in "ATSR":
            yield line[2:]
        elif line.startswith("SVar:"):
            _, sep, value = line[5:].partition(":")
            if sep and "$" in value:
                yield value


def params(body):
    for piece in body.split("|"):
        key, sep, value = piece.partition("$")
        key = key.strip()
        if sep and key and " " not in key:
            yield key, value.strip()


def forge_words(key, value):
    if is_valid_param(key):
        for item in value.split(","):
            item = item.strip()
            base, dot, props = item.partition(".")
            base = base.split("+")[0].strip()
            m = WORD.match(base)
            if m:
                yield "base", m.group(0)
            if dot:
                for prop in props.split("+"):
                    m = WORD.match(prop.strip())
                    if m:
                        yield "property", m.group(0)
    elif key.startswith("Defined"):
        m = WORD.match(value)
        if m:
            yield "defined", m.group(0)


def forge(args):
    folder = args.paths[0] if args.paths else os.path.join(CORPUS, "forge", "cardsfolder")
    out = args.out or os.path.join(ROOT, "model", "data", "forge", "value-frequency.tsv")
    counts = collections.Counter()
    cards = 0
    for root, _, files in os.walk(folder):
        for name in files:
            if not name.endswith(".txt"):
                continue
            cards += 1
            with open(os.path.join(root, name), encoding="utf-8", errors="replace") as f:
                text = f.read()
            seen = set()
            for body in records(text):
                for key, value in params(body):
                    for position, word in forge_words(key, value):
                        seen.add((key, position, word))
                        seen.add(("*", position, word))
            counts.update(seen)
    groups = collections.defaultdict(list)
    for (key, position, word), n in counts.items():
        groups[(key, position)].append((word, n))
    # Parameters used by enough cards to rank their own values; the others use `*`.
    lines = [
        "# Forge value frequency: how many cards of the corpus use each word in a parameter's value:",
        "# base = the type or base word of a Valid item (Creature in Creature.YouCtrl), property = a",
        "# word after . or + (YouCtrl), defined = the first word of a Defined...$ value; param * counts",
        "# every parameter. The top rows of each group used by at least three cards.",
        f"# Counted by bench/value_frequency.py over {cards} card files of the Forge cardsfolder.",
        "# columns: param<TAB>position<TAB>word<TAB>cards",
    ]
    for (key, position) in sorted(groups):
        rows = sorted((r for r in groups[(key, position)] if r[1] >= 3), key=lambda r: (-r[1], r[0]))
        total = sum(n for _, n in rows)
        if key != "*" and total < 30:
            continue
        top = args.top * 4 if key == "*" else args.top
        lines.extend(f"{key}\t{position}\t{word}\t{n}" for word, n in rows[:top])
    write(out, lines, f"{cards} cards")


def vocab_words(name):
    words = []
    with open(os.path.join(ROOT, "model", "data", "wagic", name), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            word = line.split("\t")[0]
            if word and "<" not in word:
                words.append(word.lower())
    return words


def wagic(args):
    files = args.paths or [
        os.path.join(CORPUS, "wagic", "upstream-2016-06-29-140ee7b", "sets", "primitives", "mtg.txt")
    ]
    out = args.out or os.path.join(ROOT, "model", "data", "wagic", "auto-frequency.tsv")
    words = sorted(set(vocab_words("effects.tsv") + vocab_words("basic-abilities.tsv")))
    plain = {w for w in words if re.fullmatch(r"[a-z][a-z0-9_]*", w)}
    symbols = [w for w in words if w not in plain]
    counts = collections.Counter()
    cards = 0
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for block in re.split(r"(?im)^\[card\]", text)[1:]:
            code = "\n".join(
                line.split("=", 1)[1].lower()
                for line in block.splitlines()
                if line.lower().startswith("auto") and "=" in line
            )
            cards += 1
            if not code:
                continue
            seen = plain & set(re.findall(r"[a-z][a-z0-9_]*", code))
            seen.update(s for s in symbols if s in code)
            counts.update(seen)
    rows = sorted(((w, n) for w, n in counts.items() if n >= 3), key=lambda r: (-r[1], r[0]))
    lines = [
        "# Wagic auto= frequency: how many cards use each word of the auto= vocabulary (effects.tsv,",
        "# basic-abilities.tsv) in their auto= values; words used by at least three cards.",
        f"# Counted by bench/value_frequency.py over the {cards} [card] blocks of the Wagic primitives.",
        "# columns: word<TAB>cards",
    ]
    lines.extend(f"{w}\t{n}" for w, n in rows[: args.top * 10])
    write(out, lines, f"{cards} cards")


def write(out, lines, what):
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{what}, {len(lines)} lines -> {out}", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dialect", choices=["forge", "wagic"])
    ap.add_argument("paths", nargs="*")
    ap.add_argument("-o", "--out")
    ap.add_argument("--top", type=int, default=40)
    args = ap.parse_args()
    if args.dialect == "forge":
        forge(args)
    else:
        wagic(args)


if __name__ == "__main__":
    main()
