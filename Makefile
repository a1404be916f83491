# Set-up, build, tests and benchmarks in one place. Every entry point installs what is missing first (scripts/setup.sh
# skips whatever is already there at the right version), so on a fresh machine `make serve` and `make test` are enough.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
# The tools setup.sh installs: trunk and wasm-bindgen in ~/.cargo/bin, wasm-opt (npm binaryen) in node_modules/.bin.
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
export TRUNK_SKIP_VERSION_CHECK := true
# wasm-bindgen-test-runner drives Debian's Chromium through this chromedriver (flags in webdriver.json).
export CHROMEDRIVER := /usr/bin/chromedriver
export WASM_BINDGEN_TEST_TIMEOUT := 300

PORT ?= 8080
BENCH_DEPTH ?= 12
BENCH_RUNS ?= 3
# FFO positions the benchmark solves: a range of #40-#59 (FFO=40-44 for a quick run, FFO=50-59 the hard half, read
# from ../shared/reference/fforum-40-59.obf), or none.
FFO ?= 40-49
E2E_TESTS = $(wildcard tests/e2e/*.test.mjs)
# Cargo's target directory, wherever CARGO_TARGET_DIR puts it.
WASM_RELEASE = $(or $(CARGO_TARGET_DIR),target)/wasm32-unknown-unknown/release

.PHONY: serve test setup site site-next test-native test-wasm test-e2e bench bench-wasm bench-page lighthouse

## make serve: build the release site and serve dist/ at http://127.0.0.1:8080
serve: site
	node tests/e2e/server.mjs dist $(PORT)

## make test: every test level — native cargo tests, wasm tests in headless Chromium, end-to-end on the built site
test: setup test-native test-wasm site site-next test-e2e

# SETUP_FLAGS=--no-browser: only the build tools (the Pages workflow builds the site without testing it).
setup:
	bash scripts/setup.sh $(SETUP_FLAGS)

## make site: the release build in dist/, then what a first visit downloads (gzip)
site: setup
	trunk build --release
	node scripts/size.mjs dist

# The same sources built again under another name (About shows "next"), as a new deploy looks to an installed app:
# tests/e2e/update.test.mjs serves dist/, then this, and expects the page to offer the new version.
site-next: setup
	REVERSI_BUILD=next trunk build --release --dist target/site-next

# FFO #40-#44 solved exactly in a release build (about 5 s of solving), every listed move of FForum #1-#19 and the
# best scores of #20-#39 (about 6 s), and the opening book checked against fresh searches: the release checks CI runs.
# The plain-memory build docs/benchmarks.md measures with is only type-checked, so it keeps compiling.
test-native: setup
	cargo test --workspace
	cargo test --release -p cli --test ffo --test fforum
	cargo test --release -p engine --test book_values
	cargo check -p engine --features plain-memory

test-wasm: setup
	cargo test --target wasm32-unknown-unknown -p reversi --test web

## make test-e2e: the end-to-end tests alone, against the dist/ already built
test-e2e:
	node --test $(E2E_TESTS)

## make lighthouse: Lighthouse's mobile and desktop runs of the dist/ already built, served gzip-compressed as GitHub
## Pages serves it: performance, FCP, LCP, TBT, interactive and bytes (median of 3 runs each). A benchmark, not a test.
lighthouse: setup
	CHROME_PATH=/usr/bin/chromium node scripts/lighthouse.mjs dist 3

## make bench: perft 12 (median of 3 alternating runs each, checked against the published count) and exact solves
## of FFO #40-#49 (per position and totals), natively and as wasm in headless Chromium
bench: setup bench-wasm
	cargo build --release -p cli --bin reversi-engine
	node bench/run.mjs $(BENCH_DEPTH) $(BENCH_RUNS) $(FFO)

# The engine's wasm exports alone (crates/engine-wasm), bound for the bench page into bench/pkg.
bench-wasm:
	cargo build --release --target wasm32-unknown-unknown -p engine-wasm
	wasm-bindgen --target web --no-typescript --out-dir bench/pkg --out-name wasm_bench $(WASM_RELEASE)/engine_wasm.wasm

## make bench-page: serve the bench page to try it by hand at http://127.0.0.1:8081/?perft=10
bench-page: bench-wasm
	node tests/e2e/server.mjs bench 8081
