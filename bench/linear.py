#!/usr/bin/env python3
"""Benchmark of cardlint's cost on large pathological inputs: each case is generated at 1x, 2x,
4x and 8x its size, checked (`cardlint check --no-cache`, or `cardlint simulate`) and timed; the
ratios of the times, the exponent of time against size (1 when linear, 2 when quadratic) and the
memory per input byte (the growth of the peak RSS from 1x to 8x over the growth of the input)
are printed. Lines longer than 64 KiB are kept as one token (`syntax::MAX_LINE_LEN`), so the
single-line cases past that size time the skipping; `--scale 0.1` times the parsers below it. The same inputs, smaller, are the regression tests of
`tests/robustness.rs` (which assert on exit codes and output sizes, never on time).

    bench/linear.py                      # every case, the release binary, 3 rounds (median)
    bench/linear.py --rounds 1 forge-params wagic-target
    bench/linear.py --cardlint target/debug/cardlint --scale 0.1

A script, not a test: the machine is shared and timings are noisy.
"""
import argparse
import math
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


def forge_oracle_words(n):
    # One `Oracle:` line of `a b ` (64 KB at 1x): rules-text scans searched from every word.
    return {"cardsfolder/b/big_card.txt": forge_card("Oracle:" + "a b " * n)}


def forge_pipes(n):
    # One record of empty pieces (128 KB at 1x): a finding per piece.
    return {"cardsfolder/b/big_card.txt": forge_card("A:SP$ Draw | Cost$ R " + "|" * n)}


def wagic_and_paren(n):
    # `auto=` then `&&(` repeated (24 KB at 1x): a bracket error per `(`.
    return {"sets/primitives/cards.txt": wagic_card("auto=" + "&&(" * n)}


def wagic_mana_words(n):
    # A `mana=` line of repeated words (125 KB at 1x).
    return {"sets/primitives/cards.txt": wagic_card("mana=" + "word " * n)}


def wagic_newability_sim(n):
    # `simulate` on a creature with nested `transforms((,newability[` (2,000 deep at 8x).
    code = "transforms((,newability[" * n + "draw:1" + "]))" * n
    card = wagic_card("auto=" + code).replace("type=Instant", "type=Creature\npower=1\ntoughness=1")
    return {"sets/primitives/cards.txt": card}


def rulescript_parens(n):
    # A RuleScript target of unclosed `(` (1 MB at 1x, the 8 MB at 8x).
    text = 'RulesDict = {}\nRulesDict["' + GUID + '"] = """\ntarget = ' + "(" * n + '\n"""\n'
    return {"o8g/Scripts/card_rules.py": text}


def wagic_parens(n):
    # One `auto=` line of `(` (128 KB at 1x, the 1 MB at 8x).
    return {"sets/primitives/cards.txt": wagic_card("auto=" + "(" * n)}


def rulescript_host_parens(n):
    # A run of `(` in the Python around the rules (1 MB at 1x): one host token, not one a byte.
    return {"o8g/Scripts/card_rules.py": "RulesDict = {}\nx = " + "(" * n + "\n"}


def forge_pipes_files(n):
    # Many files each below the line limit (n files of 8 KB of `|`): findings are capped per
    # file, not per run, so memory follows the findings.
    return {"cardsfolder/b/big_card_%d.txt" % i: forge_card("A:SP$ Draw | Cost$ R " + "|" * 8_000)
            for i in range(n)}


def wagic_and_paren_cards(n):
    # n cards of 8 KB `auto=&&(` lines in one file.
    return {"sets/primitives/cards.txt": "".join(
        wagic_card("auto=" + "&&(" * 2_700).replace("Big Card", "Big Card %d" % i) for i in range(n))}


def rulescript_utf16(n):
    # A UTF-16 `card_rules.py` (2.8 MB at 1x): past 1 MiB it is one `G100`, not read.
    text = "RulesDict = {}\n" + "".join(
        'RulesDict["%s"] = """\ntarget = x\n"""\n' % GUID for _ in range(n))
    return {"o8g/Scripts/card_rules.py": text.encode("utf-16")}


# name: (generator, size at 1x, command)
CASES = {
    "forge-oracle-words": (forge_oracle_words, 16_000, "check"),
    "forge-pipes": (forge_pipes, 131_072, "check"),
    "wagic-and-paren": (wagic_and_paren, 8_000, "check"),
    "wagic-mana-words": (wagic_mana_words, 25_000, "check"),
    "wagic-newability-sim": (wagic_newability_sim, 250, "simulate"),
    "wagic-parens": (wagic_parens, 131_072, "check"),
    "rulescript-parens": (rulescript_parens, 1_048_576, "check"),
    "rulescript-host-parens": (rulescript_host_parens, 1_048_576, "check"),
    "forge-pipes-files": (forge_pipes_files, 32, "check"),
    "wagic-and-paren-cards": (wagic_and_paren_cards, 32, "check"),
    "rulescript-utf16": (rulescript_utf16, 20_000, "check"),
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
        with open(path, "wb") as f:
            f.write(text if isinstance(text, bytes) else text.encode("utf-8"))


def run(cardlint, command, folder, timeout):
    args = [cardlint, command, "--format", "json", folder]
    if command == "check":
        args.insert(2, "--no-cache")
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(args, stdout=out, stderr=subprocess.DEVNULL)
        deadline = start + timeout
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                proc.kill()
                proc.wait()
                return float("inf"), None, 0, 0
            time.sleep(0.002)
        size = out.tell()
    return time.perf_counter() - start, os.waitstatus_to_exitcode(status), size, usage.ru_maxrss * 1024


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
    print("%-22s %9s %9s %9s %9s %7s %7s %7s %9s  %s" % (
        "case", "1x s", "2x s", "4x s", "8x s", "2x/1x", "4x/2x", "8x/4x", "B/B", "exponent; exit, output bytes at 8x"))
    for name in names:
        generate, size, command = CASES[name]
        times, sizes, peaks = [], [], []
        last = None
        for factor in (1, 2, 4, 8):
            with tempfile.TemporaryDirectory() as folder:
                files = generate(max(1, int(size * args.scale * factor)))
                write(folder, files)
                sizes.append(sum(len(v) for v in files.values()))
                rounds, peak = [], 0
                for _ in range(args.rounds):
                    elapsed, code, out, rss = run(args.cardlint, command, folder, args.timeout)
                    rounds.append(elapsed)
                    peak = max(peak, rss)
                    last = (code, out)
                    if code is None:
                        break
                times.append(statistics.median(rounds))
                peaks.append(peak)
                if code is None:
                    break
        complete = len(times) == 4 and all(math.isfinite(t) for t in times)
        times += [float("inf")] * (4 - len(times))
        exponent = (math.log(times[3] / times[0]) / math.log(sizes[3] / sizes[0])
                    if complete else float("inf"))
        per_byte = ((peaks[3] - peaks[0]) / (sizes[3] - sizes[0])) if complete else float("inf")
        print("%-22s %9.3f %9.3f %9.3f %9.3f %7.2f %7.2f %7.2f %9.1f  %.2f; %s" % (
            name, times[0], times[1], times[2], times[3], times[1] / times[0],
            times[2] / times[1], times[3] / times[2], per_byte, exponent,
            "timeout" if last[0] is None else "exit %d, %d" % last))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
