#!/bin/sh
# Deep-labelled self-play for the evaluation (issue 14): every position of games from random openings labelled by
# a depth-8 search, or by an exact solve from 20 empties, written as gzip chunks of 100 games to train/data/d8e20
# (committed to git: they cost hours and are a few MB). Resumable: chunks already there are skipped, so a stopped
# run, or a fresh machine with the committed chunks, continues where it stopped.
#
#   nohup nice -n 19 scripts/train-data.sh > train-data.log 2>&1 &
#
# CHUNKS (default 1200, i.e. 120,000 games) is where it stops; THREADS (2) the generator threads. It runs a copy
# of the binary from RUN (outside the build directory, which other builds replace while it runs).
set -eu
CHUNKS=${CHUNKS:-1200}
THREADS=${THREADS:-2}
RUN=${RUN:-/tmp/reversi-train-run}
cargo build --release --bin reversi-train
mkdir -p "$RUN"
cp "${CARGO_TARGET_DIR:-target}/release/reversi-train" "$RUN/reversi-train"
exec "$RUN/reversi-train" selfplay --dir train/data/d8e20 --weights train/baseline.weights --chunks "$CHUNKS" \
  --chunk-games 100 --threads "$THREADS" --seed 1 --random 4-16 --depth 8 --exact 20 --noise 0.1
