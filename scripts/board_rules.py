"""Othello's rules on sets of squares (0 = a1 … 63 = h8), for the scripts that walk games over NBoard
(same-positions.py, midgame-choices.py)."""
import random

DIRECTIONS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def flips(mover, other, square):
    row, col, flipped = square // 8, square % 8, set()
    for dr, dc in DIRECTIONS:
        line, r, c = [], row + dr, col + dc
        while 0 <= r < 8 and 0 <= c < 8 and r * 8 + c in other:
            line.append(r * 8 + c)
            r, c = r + dr, c + dc
        if line and 0 <= r < 8 and 0 <= c < 8 and r * 8 + c in mover:
            flipped.update(line)
    return flipped


def legal(mover, other):
    return [s for s in range(64) if s not in mover and s not in other and flips(mover, other, s)]


def play(mover, other, square):
    """The position after the move, from the next mover's side."""
    flipped = flips(mover, other, square)
    return other - flipped, mover | flipped | {square}


def square_of(name):
    """`f5` (or `F5`) as a square number."""
    return "abcdefgh".index(name[0].lower()) + 8 * (int(name[1]) - 1)


def opening(seed, plies=8):
    """The position after `plies` random moves from the start, seeded: (mover, other)."""
    rng, mover, other = random.Random(seed), {28, 35}, {27, 36}
    for _ in range(plies):
        moves = legal(mover, other)
        mover, other = play(mover, other, rng.choice(moves)) if moves else (other, mover)
    return mover, other


def walk_game(seed, choose):
    """Plays the game from `opening(seed)` to its end: at each position with a move to play, `choose(mover, other,
    moves)` gives the square played (passes are made here)."""
    mover, other = opening(seed)
    while True:
        moves = legal(mover, other)
        if not moves:
            mover, other = other, mover
            if not legal(mover, other):
                return
            continue
        mover, other = play(mover, other, choose(mover, other, moves))
