// The benchmark's wasm (bench/pkg, `make bench-wasm`) solving FFO positions in Node, whose V8 compiles wasm as
// Chromium's does: for timing two wasm builds by CPU time on a loaded machine, and for profiling the wasm
// (`node --cpu-prof`, or `perf record` with `node --perf-prof`), neither of which a page in a browser makes easy.
//
//   node bench/solve-in-node.mjs [pkg folder=bench/pkg] [FFO range=40-44, within 40-49]
//
// Prints per position the move, score, nodes and seconds, then the totals.

import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const BENCH = dirname(fileURLToPath(import.meta.url));
const pkg = resolve(process.argv[2] ?? join(BENCH, 'pkg'));
const range = (process.argv[3] ?? '40-44').match(/^(\d+)(?:-(\d+))?$/);
const [from, to] = range ? [Number(range[1]), Number(range[2] ?? range[1])] : [];
if (!range || from < 40 || to > 49 || from > to) {
  console.error(`bad FFO range '${process.argv[3]}': use one within 40-49\nusage: node bench/solve-in-node.mjs [pkg] [40-49]`);
  process.exit(2);
}

const engine = await import(pathToFileURL(join(pkg, 'wasm_bench.js')).href);
await engine.default({ module_or_path: readFileSync(join(pkg, 'wasm_bench_bg.wasm')) });
const lines = readFileSync(join(BENCH, 'ffo40-49.obf'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !/^[%#]/.test(l.trim()));

let [nodes, seconds] = [0, 0];
for (let number = from; number <= to; number++) {
  // The page's clock is not Node's (the export reads `window.performance`): timed here.
  const start = performance.now();
  const answer = JSON.parse(engine.solve_obf(lines[number - 40]));
  const elapsed = (performance.now() - start) / 1000;
  if (answer.error) throw new Error(`#${number}: ${answer.error}`);
  if (answer.score !== answer.expected) throw new Error(`#${number}: score ${answer.score}, not ${answer.expected}`);
  console.log(`#${number} ${answer.move ?? 'pass'} ${answer.score} ${answer.nodes} nodes ${elapsed.toFixed(2)} s`);
  [nodes, seconds] = [nodes + answer.nodes, seconds + elapsed];
}
console.log(`total ${nodes} nodes ${seconds.toFixed(2)} s`);
