#!/usr/bin/env python3
"""How many discs engines give away on endgame puzzles whose every move's exact score is known (issue 31: is the
endgame where a time-per-move match is lost?).

Each ENGINE runs as `ENGINE nboard --level master` at `set movetime SECONDS`, is given each position of the FILEs
(obf lines: board, side to move, then `MOVE:SCORE` for the moves listed) and plays one move; a move's loss is the
best listed score minus its own. Prints per engine how often it found a best move and the discs it lost, in all and
per position (`?` for a move the line does not list).

    B=$(scripts/baseline.sh)
    R=../shared/reference
    python3 scripts/puzzle-choices.py 0.3 $R/fforum-20-39.obf,$R/fforum-40-59.obf target/release/reversi-engine "$B"
"""
import sys

from nboard_engine import NBoardEngine


def puzzles(path):
    """(board, side, {move: score}) for each line of an obf file."""
    out = []
    for number, line in enumerate(open(path), 1):
        fields = [f.strip() for f in line.split(';') if f.strip()]
        if not fields:
            continue
        try:
            board, side = fields[0].split()
            scores = {move.strip().lower(): int(score) for move, score in (f.split(':') for f in fields[1:])}
        except ValueError:
            sys.exit(f"{path}:{number}: not an obf line (board, side, then MOVE:SCORE fields)")
        if len(board) != 64 or side not in ('X', 'O') or not scores:
            sys.exit(f"{path}:{number}: not an obf line with scored moves")
        out.append((board, side, scores))
    return out


def choose(engine, board, side):
    """The engine's move in the position, lower case (`=== F5/...` in NBoard's protocol)."""
    engine.set_position(board.replace('X', '*'), '*' if side == 'X' else 'O')
    engine.send("go")
    for line in engine.proc.stdout:
        if line.startswith("=== "):
            return line.split()[1].split('/')[0].lower()
    sys.exit(f"{engine.program} exited without a move")


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    movetime = sys.argv[1]
    positions = [p for path in sys.argv[2].split(',') for p in puzzles(path)]
    for program in sys.argv[3:]:
        engine = NBoardEngine(program, movetime)
        losses = []
        for board, side, scores in positions:
            move = choose(engine, board, side)
            losses.append(max(scores.values()) - scores[move] if move in scores else None)
        engine.close()
        known = [loss for loss in losses if loss is not None]
        best = sum(1 for loss in known if loss == 0)
        per_position = ' '.join('?' if loss is None else str(loss) for loss in losses)
        print(f"{program} at {movetime} s: {len(positions)} positions, a best move {best} times, "
              f"{sum(known)} discs lost ({sum(known) / max(len(known), 1):.2f} a move): {per_position}")


if __name__ == "__main__":
    main()
