#!/usr/bin/env python3
"""Times what reading Forge vocabularies from source costs.

1. `cardlint vocab forge <tree>` over each Forge source tree of ../shared/corpus/forge-engine-src
   (the extraction, whole process).
2. Start-up with a cached vocabulary: `cardlint check` of one card inside a Forge checkout (a
   scratch copy of the 2022 tree with the card beside it, its vocabulary already cached) against
   the same card outside any checkout, runs alternating, medians and the difference.

    cargo build --release && bench/vocab.py [--runs N]
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CARDLINT = os.path.join(ROOT, "target", "release", "cardlint")
SRC = os.path.join(ROOT, "..", "shared", "corpus", "forge-engine-src")
CARD = "Name:Bench Bolt\nManaCost:R\nTypes:Instant\nA:SP$ DealDamage | Cost$ R | ValidTgts$ Any | NumDmg$ 3 | SpellDescription$ Deal 3 damage.\n"


def run(cmd, env):
    t = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    if not os.path.exists(CARDLINT):
        sys.exit("build first: cargo build --release")
    if not os.path.isdir(SRC):
        sys.exit(f"{SRC} is absent")
    work = tempfile.mkdtemp(prefix="cardlint-vocab-bench-")
    env = dict(os.environ, CARDLINT_CACHE_DIR=os.path.join(work, "cache"))
    try:
        for tree in sorted(os.listdir(SRC)):
            path = os.path.join(SRC, tree)
            if not os.path.isdir(path):
                continue
            times = [run([CARDLINT, "vocab", "forge", path, "-o", os.devnull], env) for _ in range(max(3, args.runs // 3))]
            print(f"extraction {tree}: median {statistics.median(times):.3f} s (min {min(times):.3f}, max {max(times):.3f})")
        checkout = os.path.join(work, "forge")
        for module in ("forge-game", "forge-core", "forge-ai"):
            shutil.copytree(os.path.join(SRC, "upstream-2022", module), os.path.join(checkout, module))
        inside = os.path.join(checkout, "forge-gui", "res", "cardsfolder", "b", "bench_bolt.txt")
        outside = os.path.join(work, "cards", "cardsfolder", "b", "bench_bolt.txt")
        for p in (inside, outside):
            os.makedirs(os.path.dirname(p))
            open(p, "w").write(CARD)
        run([CARDLINT, "check", "--no-cache", "-q", inside], env)  # fills the vocabulary cache
        a, b = [], []
        for _ in range(args.runs):
            a.append(run([CARDLINT, "check", "--no-cache", "-q", inside], env))
            b.append(run([CARDLINT, "check", "--no-cache", "-q", outside], env))
        ma, mb = statistics.median(a), statistics.median(b)
        print(f"one card inside the checkout (cached vocabulary): median {1000 * ma:.1f} ms")
        print(f"one card outside any checkout:                    median {1000 * mb:.1f} ms")
        print(f"start-up added by the cached vocabulary: {1000 * (ma - mb):.1f} ms")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
