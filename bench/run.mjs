// `make bench`: perft from the start position natively (target/release/reversi-engine) and as wasm in headless
// Chromium (bench/index.html), the leaf counts checked against the published table, and the browser/native ratio.
//
//   node bench/run.mjs [depth=12] [runs=1]   (the Makefile builds both first; with runs > 1 it quotes medians)

import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../tests/e2e/helpers.mjs';
import { startServer } from '../tests/e2e/server.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
// Aart Bik's "Perft for Reversi" counts (pass = ply), depths 1-14.
const PERFT = [
  4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216, 3_005_288, 24_571_284, 212_258_800, 1_939_886_636, 18_429_641_748,
  184_042_084_512,
];

const depth = Number(process.argv[2] ?? 12);
const runs = Number(process.argv[3] ?? 1);
if (!(depth >= 1 && depth <= PERFT.length && runs >= 1)) {
  console.error(`usage: node bench/run.mjs [depth 1-${PERFT.length}] [runs >= 1]`);
  process.exit(2);
}
const expected = PERFT[depth - 1];
const median = (xs) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)];

function nativePerft() {
  const out = execFileSync(join(ROOT, 'target/release/reversi-engine'), ['perft', String(depth)], { encoding: 'utf8' });
  const match = out.match(/(\d+) leaves in ([\d.]+) s/);
  if (!match) throw new Error(`unexpected reversi-engine output: ${out}`);
  return { leaves: Number(match[1]), seconds: Number(match[2]) };
}

/** Opens the bench page in headless Chromium; resolves to { perft(), close() }. */
async function openBenchPage() {
  const server = await startServer(join(ROOT, 'bench'));
  const browser = await launchChromium('desktop');
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.goto(server.url);
  await page.waitForFunction(() => window.benchReady === true);
  return {
    async perft() {
      const { leaves, ms } = await page.evaluate((d) => window.bench.perft(d), depth);
      return { leaves, seconds: ms / 1000 };
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

function report(where, results) {
  const seconds = median(results.map((r) => r.seconds));
  const leaves = results[0].leaves;
  const ok = results.every((r) => r.leaves === expected);
  const rate = (leaves / seconds / 1e6).toFixed(1);
  console.log(
    `${where.padEnd(9)} perft ${depth}: ${leaves.toLocaleString('en')} leaves in ${seconds.toFixed(3)} s ` +
      `(${rate} M leaves/s)${runs > 1 ? `, median of ${runs}` : ''} — ${ok ? 'matches' : 'DIFFERS FROM'} the ` +
      `published ${expected.toLocaleString('en')}`,
  );
  return { seconds, ok };
}

// Native and browser runs alternate, so a change in the machine's load hits both sides alike.
const page = await openBenchPage();
const runsNative = [];
const runsBrowser = [];
try {
  for (let i = 0; i < runs; i++) {
    runsNative.push(nativePerft());
    runsBrowser.push(await page.perft());
  }
} finally {
  await page.close();
}
const native = report('native', runsNative);
const browser = report('chromium', runsBrowser);
const ratios = runsBrowser.map((b, i) => b.seconds / runsNative[i].seconds);
console.log(`ratio    chromium/native time: ${median(ratios).toFixed(2)}×${runs > 1 ? ' (median of the run pairs)' : ''}`);
if (!native.ok || !browser.ok) process.exit(1);
