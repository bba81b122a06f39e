#!/usr/bin/env python3
"""Measure Ronin's default AI against every table yardstick over a field of lists.

Not part of CI (it plays hundreds of thousands of games): run it after changing the AI, with a
release build, and copy its summary into the README.

    cargo build --release
    python3 tests/ai-field.py --games 500 --out target/field

For every faction at 100, 150 and 200 points, a shooting list (`suggest --style shooty`) and a
melee list (`--style elite`), in every scenario played between two rosters, against every
yardstick (`charge`, `random`, `objective`, `shoot`), the default AI plays the list's mirror in
both seats. A cell's score is the default's wins plus half its draws over both seats, with a 95%
Wilson interval; a cell fails when the interval's lower end is 50% or less.
"""

import argparse
import json
import math
import os
import subprocess
import sys

FACTIONS = ["bandits", "bushi", "ikko-ikki", "koreans", "koryu", "ming-chinese", "peasants", "sohei"]
POINTS = [100, 150, 200]
STYLES = {"shoot": "shooty", "melee": "elite"}
SCENARIOS = ["skirmish", "capture", "duel", "defend-the-village"]
YARDSTICKS = ["charge", "random", "objective", "shoot"]


def wilson(score, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    d = 1 + z * z / n
    return ((centre - spread) / d, (centre + spread) / d)


def run(buntai, args):
    out = subprocess.run([buntai, *args], capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(f"buntai {' '.join(args)} failed ({out.returncode}):\n{out.stderr}")
    return out.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--buntai", default="target/release/buntai")
    ap.add_argument("--games", type=int, default=500, help="games a seat in each cell")
    ap.add_argument("--seed", type=int, default=99)
    ap.add_argument("--out", default="target/field", help="where the lists and results go")
    ap.add_argument("--factions", nargs="*", default=FACTIONS)
    ap.add_argument("--points", nargs="*", type=int, default=POINTS)
    ap.add_argument("--scenarios", nargs="*", default=SCENARIOS)
    ap.add_argument("--yardsticks", nargs="*", default=YARDSTICKS)
    ap.add_argument("--styles", nargs="*", default=list(STYLES))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rows = []
    for faction in a.factions:
        for points in a.points:
            for style in a.styles:
                roster = os.path.join(a.out, f"{faction}-{points}-{style}.toml")
                run(a.buntai, ["suggest", "--faction", faction, "--points", str(points),
                               "--style", STYLES[style], "--seed", "1", "-o", roster, "--force"])
                for scenario in a.scenarios:
                    for yardstick in a.yardsticks:
                        j = json.loads(run(a.buntai, [
                            "simulate", roster, roster, "--scenario", scenario,
                            "--policy-b", yardstick, "--games", str(a.games), "--swap",
                            "--seed", str(a.seed), "--format", "json"]))
                        s = j["swapped"]
                        n = 2 * j["games"]
                        wins = j["a_wins"]["count"] + s["a_wins"]["count"]  # `swapped` counts by roster
                        draws = j["draws"]["count"] + s["draws"]["count"]
                        score = wins + draws / 2
                        low, high = wilson(score, n)
                        rows.append((faction, points, style, scenario, yardstick, score / n, low, high))
                        flag = "" if low > 0.5 else "  <-- FAILS"
                        print(f"{faction:13} {points:3} {style:5} {scenario:18} {yardstick:9} "
                              f"{100 * score / n:5.1f}% ({100 * low:5.1f}-{100 * high:5.1f}){flag}",
                              flush=True)
    with open(os.path.join(a.out, "field.json"), "w") as f:
        json.dump([dict(zip(["faction", "points", "style", "scenario", "yardstick", "score",
                             "low", "high"], r)) for r in rows], f, indent=1)
    print()
    for y in a.yardsticks:
        cells = [r for r in rows if r[4] == y]
        if cells:
            worst = min(cells, key=lambda r: r[6])
            failing = sum(1 for r in cells if r[6] <= 0.5)
            print(f"against {y:9}: {len(cells)} cells, {failing} failing; lowest "
                  f"{100 * worst[5]:.1f}% (lower bound {100 * worst[6]:.1f}%) "
                  f"{worst[0]} {worst[1]} {worst[2]} {worst[3]}")
    failing = sum(1 for r in rows if r[6] <= 0.5)
    sys.exit(1 if failing else 0)


if __name__ == "__main__":
    main()
