#!/bin/sh
# Retrain the pattern evaluation from scratch with the project's own pipeline and install it as
# assets/eval.weights. Everything is seeded: the same code gives the same weights.
#
#   nice -n 10 scripts/retrain.sh            # GAMES=3000 per seed, two seeds, three bootstrap rounds
#
# Self-play data is cached in target/train (delete it to regenerate). About 35 minutes of one core here.
set -eu
GAMES=${GAMES:-3000}
ROUNDS=${ROUNDS:-3}
DIR=target/train
cargo build --release --bin reversi-train --bin reversi-engine
T=target/release/reversi-train
mkdir -p "$DIR"

# 1. Self-play: 8-20 uniformly random opening moves, then depth-2 search (hand-set eval) with softmax slips
#    (T = 1 disc), perfect play from 16 empties. Labels: the final result, exact from 16 empties.
DATA=""
for SEED in 1 2; do
  [ -f "$DIR/games$SEED.bin" ] || $T generate --games "$GAMES" --seed "$SEED" --exact 16 --out "$DIR/games$SEED.bin"
  DATA="$DATA${DATA:+,}$DIR/games$SEED.bin"
done

# 2. First fit on the game results.
FIT="--ridge 40 --prune 0.5 --window 2 --epochs 200"
$T fit --data "$DATA" $FIT --out "$DIR/round0.weights"

# 3. Bootstrap: relabel the positions before 16 empties with depth-4 searches on the previous weights, refit.
PREV="$DIR/round0.weights"
ROUND=1
while [ "$ROUND" -le "$ROUNDS" ]; do
  $T relabel --data "$DATA" --weights "$PREV" --depth 4 --exact 16 --out "$DIR/round$ROUND.bin"
  $T fit --data "$DIR/round$ROUND.bin" $FIT --out "$DIR/round$ROUND.weights"
  PREV="$DIR/round$ROUND.weights"
  ROUND=$((ROUND + 1))
done
cp "$PREV" assets/eval.weights

# 4. Strength check against the hand-set evaluation (uses the weights just written).
target/release/reversi-engine match --games 400 --a pattern:4 --b hand:4 --weights assets/eval.weights
