#!/usr/bin/env python3
"""Where two engines' midgame moves differ, which is better by deeper searches (issue 31: where are the discs lost?).

Both engines run as `PROGRAM nboard --level master` at `set movetime SECONDS` and are given every position of a game
(8 random plies, then A's moves are played), so both answer the same positions. Where their moves differ, each
REFERENCE engine (`PROGRAM nboard --level master` at REF_SECONDS) scores the position after each of the two moves;
a move's loss is the better move's score minus its own. A reference favours moves its own evaluation likes, so give
both engines as references and read both. Prints per empties band, per reference, how often the moves differed and
the discs A and B lost against each other there, per position of the band.

    B=$(scripts/baseline.sh)
    nice python3 scripts/midgame-choices.py 0.1 2 target/release/reversi-engine "$B" --games 20
"""
import argparse
from collections import defaultdict

from board_rules import play, square_of, walk_game
from nboard_engine import NBoardEngine

BANDS = [(45, 52), (37, 44), (30, 36), (24, 29)]


class Engine(NBoardEngine):
    def go(self, mover, other):
        """The engine's move and its score for the side to move, in discs."""
        self.set_mover_position(mover, other)
        self.send("go")
        for line in self.proc.stdout:
            if line.startswith("=== "):
                move, score = line[4:].split("/")[:2]
                return move.lower(), float(score)
        raise SystemExit(f"{self.program} exited without a move")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("movetime")
    parser.add_argument("ref_movetime")
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    players = {"A": Engine(args.a, args.movetime), "B": Engine(args.b, args.movetime)}
    references = {"A": Engine(args.a, args.ref_movetime), "B": Engine(args.b, args.ref_movetime)}
    # per (band, reference): positions, differing moves, A's discs lost, B's discs lost
    totals = defaultdict(lambda: [0, 0, 0.0, 0.0])
    for seed in range(1, args.games + 1):

        def choose(mover, other, moves):
            empties = 64 - len(mover) - len(other)
            band = next((b for b in BANDS if b[0] <= empties <= b[1]), None)
            if len(moves) == 1:
                return moves[0]
            if band is None:
                return square_of(players["A"].go(mover, other)[0])
            chosen = {side: players[side].go(mover, other)[0] for side in "AB"}
            for name, reference in references.items():
                total = totals[band, name]
                total[0] += 1
                if chosen["A"] == chosen["B"]:
                    continue
                score = {side: -reference.go(*play(mover, other, square_of(chosen[side])))[1] for side in "AB"}
                best = max(score.values())
                total[1] += 1
                total[2] += best - score["A"]
                total[3] += best - score["B"]
                print(f"{seed} {empties} A {chosen['A']} {score['A']:+.0f} B {chosen['B']} {score['B']:+.0f} "
                      f"(reference {name})", flush=True)
            return square_of(chosen["A"])

        walk_game(seed, choose)
    for band in BANDS:
        for name in references:
            positions, differing, a_lost, b_lost = totals[band, name]
            if positions:
                print(f"{band[0]}-{band[1]} empties, reference {name}: {positions} positions, moves differ in "
                      f"{differing}; discs lost per position A {a_lost / positions:.2f}, B {b_lost / positions:.2f}")
    for engine in list(players.values()) + list(references.values()):
        engine.close()


main()
