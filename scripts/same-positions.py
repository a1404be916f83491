#!/usr/bin/env python3
"""Two engines' nodes per second on the same positions, in CPU time (issue 31: why a match's nodes/s differ).

Both engines run as `PROGRAM nboard --level master` at `set movetime SECONDS` and are given every position of a game
(A's moves are played; who thinks first alternates), so neither sees a position the other did not. Per move it prints
`seed empties side move nodes wall-s cpu-s legal-moves | status`, the CPU time read from /proc around each `go`, and
at the end each side's nodes per move and per second by empties band: solver nodes run several times faster than
midgame nodes, so a total over a match depends on which moves each side spent its time on.

    B=$(scripts/baseline.sh)
    nice python3 scripts/same-positions.py target/release/reversi-engine "$B" --movetime 1 --games 3
"""
import argparse
import os
import time
from collections import defaultdict

from board_rules import square_of, walk_game
from nboard_engine import NBoardEngine

TICKS = os.sysconf("SC_CLK_TCK")
BANDS = [(45, 60), (30, 44), (25, 29), (19, 24), (0, 18)]


class Engine(NBoardEngine):
    def cpu_seconds(self):
        fields = open(f"/proc/{self.proc.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS

    def go(self, mover, other):
        self.set_mover_position(mover, other)
        cpu, wall = self.cpu_seconds(), time.time()
        self.send("go")
        status, nodes, move = "", 0.0, None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit("an engine exited")
            line = line.strip()
            if line.startswith("status depth") or line.startswith("status solved"):
                status = line[len("status "):]
            elif line.startswith("=== "):
                move, wall = line[4:].split("/")[0], time.time() - wall
                self.send("ping 1")  # its nodestats line comes before the pong
            elif line.startswith("nodestats "):
                nodes = float(line.split()[1])
            elif line == "pong 1":
                return move, status, nodes, wall, self.cpu_seconds() - cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--movetime", default="1")
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    engines = {"A": Engine(args.a, args.movetime, nice=10), "B": Engine(args.b, args.movetime, nice=10)}
    totals = defaultdict(lambda: [0, 0.0, 0.0, 0.0])  # moves, nodes, wall, cpu
    for seed in range(1, args.games + 1):
        ply = 0

        def choose(mover, other, moves):
            nonlocal ply
            empties = 64 - len(mover) - len(other)
            order = "AB" if ply % 2 == 0 else "BA"
            answers = {side: engines[side].go(mover, other) for side in order}
            for side in "AB":
                move, status, nodes, wall, cpu = answers[side]
                print(f"{seed} {empties} {side} {move} {nodes:.0f} {wall:.3f} {cpu:.2f} {len(moves)} | {status}",
                      flush=True)
                if len(moves) > 1:
                    band = next(b for b in BANDS if b[0] <= empties <= b[1])
                    for key in (band, "all"):
                        total = totals[key, side]
                        total[0] += 1
                        total[1] += nodes
                        total[2] += wall
                        total[3] += cpu
            ply += 1
            return square_of(answers["A"][0])

        walk_game(seed, choose)
    for key in BANDS + ["all"]:
        name = "all" if key == "all" else f"{key[0]}-{key[1]} empties"
        parts = []
        for side in "AB":
            moves, nodes, wall, cpu = totals[key, side]
            if moves:
                parts.append(f"{side}: {moves} moves, {nodes / moves / 1e6:.2f} M nodes a move, "
                             f"{wall / moves:.3f} s, {nodes / max(cpu, 1e-9) / 1e6:.1f} M nodes/s CPU")
        print(f"{name}: " + "; ".join(parts))


main()
