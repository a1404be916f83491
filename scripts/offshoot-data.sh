#!/bin/sh
# Offshoots for the evaluation: from every position of the committed self-play games (all three generations) one to
# three random plies, the position reached labelled by a depth-8 search with the best weights so far (an exact solve
# from 14 empties), written as one gzip position chunk per source chunk (about 5,000 positions, 70 KB; committed to
# git). A search per position instead of a played game per 48: some 180,000 positions an hour a thread at nice 19 on
# the loaded machine, against self-play's 20,000. Resumable: chunks already there are skipped, so a stopped run, or
# a fresh machine with the committed chunks, continues where it stopped.
#
#   nohup nice -n 19 scripts/offshoot-data.sh > offshoot-data.log 2>&1 &
#
# THREADS (2) the generator threads; WEIGHTS (crates/train/weights/potential12-g3x3.weights) label the positions; DIR
# (crates/train/data/off-d8) holds the chunks; SOURCES (the three generations' folders, comma-separated) hold the games
# they start from. It runs a copy of the binary from RUN (outside the build directory, which other builds replace
# while it runs). SEED, DEPTH, EXACT and SELECTIVITY (4, 8, 14, 5 = unpruned) are the
# label searches'; the depth-10 offshoots of docs/training.md are made by
#
#   git show 37b57ff:crates/engine/data/eval.weights > target/refit.weights
#   WEIGHTS=target/refit.weights DIR=crates/train/data/off-d10 SEED=5 DEPTH=10 EXACT=16 SELECTIVITY=2 \
#       nohup nice -n 19 scripts/offshoot-data.sh > offshoot-data.log 2>&1 &
set -eu
THREADS=${THREADS:-2}
WEIGHTS=${WEIGHTS:-crates/train/weights/potential12-g3x3.weights}
DIR=${DIR:-crates/train/data/off-d8}
RUN=${RUN:-/tmp/reversi-offshoots-run}
SEED=${SEED:-4}
DEPTH=${DEPTH:-8}
EXACT=${EXACT:-14}
SELECTIVITY=${SELECTIVITY:-5}
SOURCES=${SOURCES:-crates/train/data/d8e20,crates/train/data/d8e20g2,crates/train/data/d10e20g3}
cargo build --release -p train
mkdir -p "$RUN"
cp "${CARGO_TARGET_DIR:-target}/release/reversi-train" "$RUN/reversi-train"
exec "$RUN/reversi-train" offshoots --dir "$DIR" --weights "$WEIGHTS" \
  --sources "$SOURCES" \
  --threads "$THREADS" --seed "$SEED" --plies 1-3 --depth "$DEPTH" --exact "$EXACT" --selectivity "$SELECTIVITY"
