#!/usr/bin/env python3
"""Benchmark of cardlint's cost on large pathological inputs: each case is generated at 1x, 2x
and 4x its size, checked (`cardlint check --no-cache`, or `cardlint simulate`) and timed; the
ratios of the times are printed. A linear cost about doubles from one size to the next; a
quadratic one quadruples. The same inputs, smaller, are the regression tests of
`tests/robustness.rs` (which assert on exit codes and output sizes, never on time).

    bench/linear.py                      # every case, the release binary, 3 rounds (median)
    bench/linear.py --rounds 1 forge-params wagic-target
    bench/linear.py --cardlint target/debug/cardlint --scale 0.1

A script, not a test: the machine is shared and timings are noisy.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

GUID = "c0ffee00-0000-4000-8000-000000000001"


def forge_card(body):
    return "Name:Big Card\nManaCost:R\nTypes:Instant\n" + body + "\n"


def forge_valid_tgts(n):
    # One long word in a Valid expression (300 KB at 1x).
    word = "Creatur" + "e" * n
    return {"cardsfolder/b/big_card.txt": forge_card(
        "A:SP$ DealDamage | Cost$ R | ValidTgts$ " + word + " | NumDmg$ 2")}


def forge_params(n):
    # One record with many parameters (160k at 1x).
    params = "".join(" | P%d$ x" % i for i in range(n))
    return {"cardsfolder/b/big_card.txt": forge_card("A:SP$ Draw | Cost$ R" + params)}


def forge_charm(n):
    # A chain of Charm SVars, each choosing the next (5,000 deep at 1x).
    lines = ["A:SP$ Charm | Cost$ R | Choices$ C0"]
    for i in range(n):
        lines.append("SVar:C%d:DB$ Charm | Choices$ C%d" % (i, i + 1))
    lines.append("SVar:C%d:DB$ Draw | NumCards$ 1" % n)
    return {"cardsfolder/b/big_card.txt": forge_card("\n".join(lines))}


def wagic_card(auto):
    return ("[card]\nname=Big Card\n" + auto + "\ntext=Big.\nmana={R}\ntype=Instant\n[/card]\n")


def wagic_newability(n):
    # Nested `transforms((,newability[` (140 KB at 1x).
    code = "transforms((,newability[" * n + "draw:1" + "]))" * n
    return {"sets/primitives/cards.txt": wagic_card("auto=" + code)}


def wagic_ability_nest(n):
    # Nested `ability$!` bodies.
    code = "ability$!" * n + "draw:1" + "!$" * n
    return {"sets/primitives/cards.txt": wagic_card("auto=" + code)}


def wagic_target(n):
    # One long `target=` line of unclosed brackets (10 MB at 1x).
    return {"sets/primitives/cards.txt": wagic_card("target=" + "creature[" * n + "\nauto=destroy")}


def wagic_and_chain(n):
    # A long `&&` chain of effects.
    return {"sets/primitives/cards.txt": wagic_card(
        "auto=" + "&&".join(["draw:1"] * n))}


def netrunner_stray(n):
    # Stray characters in a command (8.5 MB at 1x).
    stray = "$|" * n
    text = ("ScriptsLocal = '''\n=====\nBig Card\n-----\n" + GUID + "\n-----\n"
            "onPlay:Gain1Credits" + stray + "\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''\n")
    return {"o8g/Scripts/CardScripts.py": text}


def rulescript_targets(n):
    # A long target list with words outside ASCII.
    targets = ";".join(["café@arena"] * n)
    text = ('RulesDict = {}\nRulesDict["' + GUID + '"] = """\ntarget = ' + targets + '\n"""\n')
    return {"o8g/Scripts/card_rules.py": text}


# name: (generator, size at 1x, command)
CASES = {
    "forge-validtgts": (forge_valid_tgts, 300_000, "check"),
    "forge-params": (forge_params, 160_000, "check"),
    "forge-charm": (forge_charm, 5_000, "simulate"),
    "wagic-newability": (wagic_newability, 5_000, "check"),
    "wagic-ability-nest": (wagic_ability_nest, 12_000, "check"),
    "wagic-target": (wagic_target, 1_100_000, "check"),
    "wagic-and-chain": (wagic_and_chain, 40_000, "check"),
    "netrunner-stray": (netrunner_stray, 4_250_000, "check"),
    "rulescript-targets": (rulescript_targets, 30_000, "check"),
}


def write(folder, files):
    for rel, text in files.items():
        path = os.path.join(folder, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def run(cardlint, command, folder, timeout):
    args = [cardlint, command, "--format", "json", folder]
    if command == "check":
        args.insert(2, "--no-cache")
    start = time.perf_counter()
    try:
        proc = subprocess.run(args, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return float("inf"), None, 0
    return time.perf_counter() - start, proc.returncode, len(proc.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("cases", nargs="*", help="cases to run (default: all)")
    parser.add_argument("--cardlint", default=os.path.join(ROOT, "target/release/cardlint"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every 1x size")
    parser.add_argument("--timeout", type=float, default=300, help="seconds before a run is stopped")
    args = parser.parse_args()
    names = args.cases or list(CASES)
    for name in names:
        if name not in CASES:
            sys.exit("no case %r (cases: %s)" % (name, ", ".join(CASES)))
    print("%-20s %10s %10s %10s %8s %8s  %s" % (
        "case", "1x s", "2x s", "4x s", "2x/1x", "4x/2x", "exit, output bytes at 4x"))
    for name in names:
        generate, size, command = CASES[name]
        times = []
        last = None
        for factor in (1, 2, 4):
            with tempfile.TemporaryDirectory() as folder:
                files = generate(max(1, int(size * args.scale * factor)))
                write(folder, files)
                rounds = []
                for _ in range(args.rounds):
                    elapsed, code, out = run(args.cardlint, command, folder, args.timeout)
                    rounds.append(elapsed)
                    last = (code, out)
                    if code is None:
                        break
                times.append(statistics.median(rounds))
                if code is None:
                    break
        times += [float("inf")] * (3 - len(times))
        print("%-20s %10.3f %10.3f %10.3f %8.2f %8.2f  %s" % (
            name, times[0], times[1], times[2], times[1] / times[0], times[2] / times[1],
            "timeout" if last[0] is None else "exit %d, %d" % last))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
