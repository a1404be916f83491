#!/usr/bin/env bash
# Installs everything the build and the tests need, skipping what is already there at the right version.
# Safe to run again: a second run compiles no tools.
#   bash scripts/setup.sh               everything: build tools and the test browser
#   bash scripts/setup.sh --no-browser  only what building the site needs (the Pages workflow)
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
# wasm-bindgen-cli must match the wasm-bindgen crate in Cargo.lock exactly.
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/version = |"/,""); print; exit}' Cargo.lock)
export PATH="$HOME/.cargo/bin:$PATH"

log() { printf '\033[1msetup:\033[0m %s\n' "$*"; }

case "${1:-}" in
  "") BROWSER=yes ;;
  --no-browser) BROWSER=no ;;
  *) echo "usage: $0 [--no-browser]" >&2; exit 2 ;;
esac

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# The tool builds are slow; run them side by side and without LTO (their speed does not matter).
pids=()
if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
  log "installing trunk $TRUNK_VERSION"
  CARGO_PROFILE_RELEASE_LTO=off cargo install trunk --version "$TRUNK_VERSION" --locked --force &
  pids+=($!)
fi
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  # Not --locked: its lock file names a crate version the registry lacks.
  CARGO_PROFILE_RELEASE_LTO=off cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force &
  pids+=($!)
fi
# wasm-split-cli cuts the site's wasm into the main module and the modules loaded on first use
# (scripts/split-wasm.mjs): the release that pairs with Leptos' wasm_split_helpers 0.2.3 in Cargo.lock.
WASM_SPLIT_VERSION=0.2.3
if ! cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
  log "installing wasm-split-cli $WASM_SPLIT_VERSION"
  CARGO_PROFILE_RELEASE_LTO=off cargo install wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --locked \
    --features build-binary --force &
  pids+=($!)
fi

# The test browser and driver, and coturn: the end-to-end tests' TURN server on loopback (tests/e2e/turn-server.mjs
# starts its turnserver by hand; the package's own service is not needed).
apt_packages=()
if [ "$BROWSER" = yes ]; then
  [ -x /usr/bin/chromium ] || apt_packages+=(chromium)
  [ -x /usr/bin/chromedriver ] || apt_packages+=(chromium-driver)
  [ -x /usr/bin/turnserver ] || apt_packages+=(coturn)
fi
if [ "${#apt_packages[@]}" -gt 0 ]; then
  log "installing Debian's ${apt_packages[*]}"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${apt_packages[@]}" >/dev/null
fi

# npm: binaryen (wasm-opt for trunk, found through node_modules/.bin), esbuild (scripts/minify-site.mjs, the site's
# scripts and stylesheets), playwright-core, @axe-core/playwright (the accessibility checks in the end-to-end tests)
# and lighthouse (`make lighthouse`); none downloads a browser: they drive Debian's /usr/bin/chromium.
if ! npm ls --depth=0 >/dev/null 2>&1 || [ ! -x node_modules/.bin/wasm-opt ] || [ ! -x node_modules/.bin/esbuild ] \
  || [ ! -f node_modules/axe-core/axe.min.js ]; then
  log "installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
fi

for pid in "${pids[@]}"; do wait "$pid"; done

log "fetching crates"
cargo fetch --quiet
# The end-to-end tests' Nostr relay on loopback and its event publisher (tests/e2e/relay.mjs): a debug build, about
# a minute of compiling once.
if [ "$BROWSER" = yes ]; then
  log "building the test relay"
  cargo build --quiet -p test-relay
fi
ready="$(trunk --version), $(wasm-bindgen --version), wasm-opt $(node_modules/.bin/wasm-opt --version | awk '{print $3}')"
# Debian's chromium launcher script complains on stderr about its own arguments; the version line is on stdout.
[ "$BROWSER" = no ] || ready="$ready, $(chromium --version 2>/dev/null), coturn $(turnserver --version 2>/dev/null)"
log "ready: $ready"
