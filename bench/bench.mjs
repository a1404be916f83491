// The browser side of `make bench`: loads the engine's wasm exports (bench/wasm_api.rs, built into ./pkg by the
// Makefile) and exposes timed runs as `window.bench`, for bench/run.mjs to call through Playwright.
// Each entry returns plain data; add one per exported engine function worth timing.

import init, * as engine from './pkg/wasm_bench.js';

const log = document.getElementById('log');

function timed(run) {
  const start = performance.now();
  const result = run();
  return { result, ms: performance.now() - start };
}

window.bench = {
  /** Perft from the start position: { leaves, ms }. */
  perft(depth) {
    const { result, ms } = timed(() => engine.perft(depth));
    return { leaves: result, ms };
  },
  /** Exact solve of one OBF line: { score, move, nodes, ms, expected } or { error }. */
  solveObf(line) {
    return JSON.parse(engine.solve_obf(line));
  },
};

await init();
log.textContent = 'ready';
window.benchReady = true;

const depth = new URLSearchParams(location.search).get('perft');
if (depth) {
  const { leaves, ms } = window.bench.perft(Number(depth));
  log.textContent = `perft ${depth}: ${leaves} leaves in ${(ms / 1000).toFixed(3)} s`;
}
