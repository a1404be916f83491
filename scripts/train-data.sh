#!/bin/sh
# Deep-labelled self-play for the evaluation: every position of games from random openings labelled by
# a depth-8 (generation 3: depth-10) search, or by an exact solve from 20 empties, written as gzip chunks of 100 games (committed to git: they
# cost hours and are a few MB). Resumable: chunks already there are skipped, so a stopped run, or a fresh machine
# with the committed chunks, continues where it stopped.
#
#   nohup nice -n 19 scripts/train-data.sh > train-data.log 2>&1 &
#
# Each generation searches with better weights than the one before, so its labels are better (GEN, default 3):
#   1: crates/train/data/d8e20, searched with crates/train/weights/baseline.weights (8,400 games, seed 1);
#   2: crates/train/data/d8e20g2, searched with crates/train/weights/gen2.weights, the fit on generation 1's first 6,800 games (seed 2,
#      so its openings are new);
#   3: crates/train/data/d10e20g3, searched deeper (depth 10) with the shipped weights, crates/engine/data/eval.weights
#      (the fit on generation 1 and generation 2's first 2,400 games; seed 3).
# CHUNKS (default 1200, i.e. 120,000 games) is where it stops; THREADS (2) the generator threads. It runs a copy
# of the binary from RUN (outside the build directory, which other builds replace while it runs).
set -eu
GEN=${GEN:-3}
CHUNKS=${CHUNKS:-1200}
THREADS=${THREADS:-2}
RUN=${RUN:-/tmp/reversi-train-run}
case "$GEN" in
  1) DIR=crates/train/data/d8e20 WEIGHTS=crates/train/weights/baseline.weights SEED=1 ;;
  2) DIR=crates/train/data/d8e20g2 WEIGHTS=crates/train/weights/gen2.weights SEED=2 ;;
  3) DIR=crates/train/data/d10e20g3 WEIGHTS=crates/engine/data/eval.weights SEED=3 ;;
  *) echo "GEN must be 1, 2 or 3" >&2; exit 2 ;;
esac
DEPTH=8
[ "$GEN" -lt 3 ] || DEPTH=10
cargo build --release -p train
mkdir -p "$RUN"
cp "${CARGO_TARGET_DIR:-target}/release/reversi-train" "$RUN/reversi-train"
exec "$RUN/reversi-train" selfplay --dir "$DIR" --weights "$WEIGHTS" --chunks "$CHUNKS" \
  --chunk-games 100 --threads "$THREADS" --seed "$SEED" --random 4-16 --depth "$DEPTH" --exact 20 --noise 0.1
