#!/bin/sh
# Deep-labelled self-play for the evaluation (issue 14): every position of games from random openings labelled by
# a depth-8 search, or by an exact solve from 20 empties, written as gzip chunks of 100 games (committed to git: they
# cost hours and are a few MB). Resumable: chunks already there are skipped, so a stopped run, or a fresh machine
# with the committed chunks, continues where it stopped.
#
#   nohup nice -n 19 scripts/train-data.sh > train-data.log 2>&1 &
#
# Each generation searches with better weights than the one before, so its labels are better (GEN, default 2):
#   1: crates/train/data/d8e20, searched with crates/train/weights/baseline.weights (8,400 games, seed 1);
#   2: crates/train/data/d8e20g2, searched with crates/train/weights/gen2.weights, the fit on generation 1's first 6,800 games (seed 2,
#      so its openings are new).
# CHUNKS (default 1200, i.e. 120,000 games) is where it stops; THREADS (2) the generator threads. It runs a copy
# of the binary from RUN (outside the build directory, which other builds replace while it runs).
set -eu
GEN=${GEN:-2}
CHUNKS=${CHUNKS:-1200}
THREADS=${THREADS:-2}
RUN=${RUN:-/tmp/reversi-train-run}
case "$GEN" in
  1) DIR=crates/train/data/d8e20 WEIGHTS=crates/train/weights/baseline.weights SEED=1 ;;
  2) DIR=crates/train/data/d8e20g2 WEIGHTS=crates/train/weights/gen2.weights SEED=2 ;;
  *) echo "GEN must be 1 or 2" >&2; exit 2 ;;
esac
cargo build --release -p train
mkdir -p "$RUN"
cp "${CARGO_TARGET_DIR:-target}/release/reversi-train" "$RUN/reversi-train"
exec "$RUN/reversi-train" selfplay --dir "$DIR" --weights "$WEIGHTS" --chunks "$CHUNKS" \
  --chunk-games 100 --threads "$THREADS" --seed "$SEED" --random 4-16 --depth 8 --exact 20 --noise 0.1
