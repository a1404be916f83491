"""An engine run as `PROGRAM nboard --level master` and driven over NBoard's protocol, for the scripts that give
engines set positions (same-positions.py, puzzle-choices.py)."""
import subprocess


class NBoardEngine:
    def __init__(self, program, movetime, nice=None):
        command = [program, "nboard", "--level", "master"]
        if nice is not None:
            # nice execs the engine, so /proc/<pid> is the engine's own
            command = ["nice", "-n", str(nice)] + command
        self.program = program
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("nboard 2")
        self.send(f"set movetime {movetime}")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def set_position(self, squares, side):
        """`squares`: the 64 squares a1 to h8 as `*` (Black), `O` (White) and `-`; `side`: `*` or `O` to move."""
        self.send(f"set game (;GM[Othello]TY[8]BO[8 {squares} {side}];)")

    def set_mover_position(self, mover, other):
        """The position of two square sets (`board_rules`' form), `mover` to move as Black."""
        self.set_position("".join("*" if s in mover else "O" if s in other else "-" for s in range(64)), "*")

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()
