#!/bin/sh
# The evaluation's pipeline (issue 14), from scratch or resuming: each stage skips what already exists.
#
#   nice -n 19 scripts/retrain.sh
#
# 1. Bootstrap, only when crates/train/weights/baseline.weights is missing: self-play with the hand-set evaluation (depth 2,
#    softmax slips, perfect from 16 empties) labelled by the game results, a first fit, then three rounds of
#    relabelling with depth-4 searches on the previous weights, each refitted (about 35 minutes of one core). Its
#    result is the first evaluation, which the deep-labelled self-play searches with.
# 2. Deep-labelled self-play (scripts/train-data.sh): chunks of 100 games per generation (crates/train/data/d8e20, then
#    crates/train/data/d8e20g2, searched with better weights), labelled by depth-8 searches and exact solves from 20
#    empties. Hours; resumable; the chunks are committed to git.
# 3. The fit on every chunk, written to target/train/new.weights, with the per-phase error table on held-out games
#    against the baseline. It goes to crates/engine/data/eval.weights only by hand, after it beats the baseline in a match.
set -eu
export CHUNKS=${CHUNKS:-1200}
DIR=target/train
cargo build --release -p train -p cli
T=${CARGO_TARGET_DIR:-target}/release/reversi-train
mkdir -p "$DIR"

if [ ! -f crates/train/weights/baseline.weights ]; then
  DATA=""
  for SEED in 1 2; do
    [ -f "$DIR/games$SEED.bin" ] || $T generate --games 3000 --seed "$SEED" --exact 16 --out "$DIR/games$SEED.bin"
    DATA="$DATA${DATA:+,}$DIR/games$SEED.bin"
  done
  FIT="--ridge 40 --epochs 200 --baseline none --prior none"
  $T fit --data "$DATA" $FIT --out "$DIR/round0.weights"
  for ROUND in 1 2 3; do
    $T relabel --data "$DATA" --weights "$DIR/round$((ROUND - 1)).weights" --depth 4 --exact 16 --out "$DIR/round$ROUND.bin"
    $T fit --data "$DIR/round$ROUND.bin" $FIT --out "$DIR/round$ROUND.weights"
  done
  cp "$DIR/round3.weights" crates/train/weights/baseline.weights
fi

GEN=1 CHUNKS=84 scripts/train-data.sh
GEN=2 scripts/train-data.sh

$T fit --out "$DIR/new.weights"   # the defaults: every generation, 12 phases, prior crates/train/weights/gen3.weights
