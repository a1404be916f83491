#!/bin/sh
# Today's engine kept runnable as the opponent of issue 31's targets, however the search and weights change later:
# builds `reversi-engine` from a pinned commit into a directory outside target/ (skipped when already built) and
# prints the binary's path.
#
#   B=$(scripts/baseline.sh)
#   nice target/release/reversi-engine match --games 400 --a fixed:master --b "nboard:$B nboard --level master" \
#       --movetime 100ms,300ms
#
# The pinned commit is main's b70334d (the shipped weights crates/engine/data/eval.weights and its search) plus only
# `nboard --level`, which plays each go as match's fixed:master side does: `git diff b70334d d840339 -- crates/engine`
# is empty. BASELINE_COMMIT and BASELINE_DIR (default ~/.cache/reversi-baseline) choose another commit or place.
set -eu
COMMIT=${BASELINE_COMMIT:-d840339}
ROOT=${BASELINE_DIR:-$HOME/.cache/reversi-baseline}
cd "$(dirname "$0")/.."
FULL=$(git rev-parse --verify --quiet "$COMMIT^{commit}") || {
    echo "baseline.sh: commit $COMMIT is not in this repository (git fetch, or set BASELINE_COMMIT)" >&2
    exit 2
}
DIR=$ROOT/$FULL
BIN=$DIR/target/release/reversi-engine
if [ ! -x "$BIN" ]; then
    # A build that stopped half way starts again from a fresh copy of the sources.
    rm -rf "$DIR/src-tree"
    mkdir -p "$DIR/src-tree"
    git archive "$FULL" | tar -x -C "$DIR/src-tree"
    echo "baseline.sh: building reversi-engine of $FULL in $DIR" >&2
    (cd "$DIR/src-tree" && CARGO_TARGET_DIR="$DIR/target" nice cargo build --release --locked -p cli >&2)
fi
echo "$BIN"
