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
# (crates/train/data/off-d8) holds the chunks. It runs a copy of the binary from RUN (outside the build directory,
# which other builds replace while it runs).
set -eu
THREADS=${THREADS:-2}
WEIGHTS=${WEIGHTS:-crates/train/weights/potential12-g3x3.weights}
DIR=${DIR:-crates/train/data/off-d8}
RUN=${RUN:-/tmp/reversi-offshoots-run}
cargo build --release -p train
mkdir -p "$RUN"
cp "${CARGO_TARGET_DIR:-target}/release/reversi-train" "$RUN/reversi-train"
exec "$RUN/reversi-train" offshoots --dir "$DIR" --weights "$WEIGHTS" \
  --sources crates/train/data/d8e20,crates/train/data/d8e20g2,crates/train/data/d10e20g3 \
  --threads "$THREADS" --seed 4 --plies 1-3 --depth 8 --exact 14
