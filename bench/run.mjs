// `make bench`: the engine natively (target/release/reversi-engine) and as wasm in headless Chromium (bench/index.html)
// in one run, with the browser/native ratio:
// - perft from the start position, the leaf counts checked against the published table;
// - exact solves of FFO endgame positions: per position score, move, nodes, time and nodes/s on both sides, then
//   totals. #40-#49 come from bench/ffo40-49.obf, the far harder #50-#59 from lines 11-20 of the shared reference
//   file fforum-40-59.obf (read in place from the nearest shared/reference/ beside the project). Each score must be
//   the file's, each move one the file scores best, and both sides must visit the same nodes (the search is
//   deterministic).
//
//   node bench/run.mjs [perft depth=12, 0 skips] [perft runs=1] [FFO range=40-49, e.g. 40-44, 45, 50-59; none skips]
//
// The Makefile builds both sides first. BENCH_PAGE=<folder> serves another copy of the page (its own pkg/), to time two
// wasm builds against the same native runs. Native and browser runs alternate, so a change in the machine's load hits
// both alike; with perft runs > 1 perft quotes medians (each FFO position is solved once per side).

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../tests/e2e/helpers.mjs';
import { startServer } from '../tests/e2e/server.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
// Cargo's target directory, wherever CARGO_TARGET_DIR puts it.
const ENGINE = join(process.env.CARGO_TARGET_DIR || join(ROOT, 'target'), 'release/reversi-engine');
// Aart Bik's "Perft for Reversi" counts (pass = ply), depths 1-14.
const PERFT = [
  4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216, 3_005_288, 24_571_284, 212_258_800, 1_939_886_636, 18_429_641_748,
  184_042_084_512,
];
// FFO #40-#49 in order, in the project; #50-#59 are lines 11-20 of the shared file (FForum #40-#59).
const FFO_FILE = join(ROOT, 'bench/ffo40-49.obf');
const FFO_FIRST = 40;
const FFO_SHARED = 'shared/reference/fforum-40-59.obf';
const FFO_LAST = 59;

function usage(why) {
  console.error(`${why}\nusage: node bench/run.mjs [perft depth 0-${PERFT.length}] [runs >= 1] [FFO range 40-59 | none]`);
  process.exit(2);
}

const depth = Number(process.argv[2] ?? 12);
const runs = Number(process.argv[3] ?? 1);
const range = process.argv[4] ?? '40-49';
if (!(Number.isInteger(depth) && depth >= 0 && depth <= PERFT.length)) usage(`bad perft depth '${process.argv[2]}'`);
if (!(Number.isInteger(runs) && runs >= 1)) usage(`bad run count '${process.argv[3]}'`);
const positions = ffoPositions(range);
const pageDir = process.env.BENCH_PAGE || join(ROOT, 'bench');
if (!existsSync(join(pageDir, 'pkg/wasm_bench.js'))) usage(`no built page in ${pageDir}: it needs pkg/ (make bench-wasm)`);

/** The position lines of an OBF file (no blank lines or comments). */
function obfLines(file) {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() && !/^[%#]/.test(l.trim()));
}

/** FFO #40-#59's OBF lines: #50-#59 only when the shared file is found, else a clear stop. */
function ffoLines(needShared) {
  const lines = obfLines(FFO_FILE);
  if (!needShared) return lines;
  // The project's parent folders, nearest first (a git worktree sits deeper than the checkout).
  const shared = [1, 2, 3].map((up) => join(ROOT, ...Array(up).fill('..'), FFO_SHARED)).find((f) => existsSync(f));
  if (shared === undefined) usage(`FFO #50-#59 are read from ../${FFO_SHARED}, which is not there`);
  const hard = obfLines(shared).slice(10, 20);
  if (hard.length !== 10) usage(`../${FFO_SHARED} does not hold #50-#59 on lines 11-20`);
  return [...lines, ...hard];
}

/** The OBF lines of an FFO range ("40-44", "45", "50-59" or "none"), each with its number and best-scored moves. */
function ffoPositions(text) {
  if (text === 'none') return [];
  const match = text.match(/^(\d+)(?:-(\d+))?$/);
  const [from, to] = match ? [Number(match[1]), Number(match[2] ?? match[1])] : [];
  if (!match || from < FFO_FIRST || to > FFO_LAST || from > to) {
    usage(`bad FFO range '${text}': use ${FFO_FIRST}-${FFO_LAST}`);
  }
  const lines = ffoLines(to >= 50);
  return lines.slice(from - FFO_FIRST, to - FFO_FIRST + 1).map((line, i) => {
    const scored = [...line.matchAll(/([A-Ha-h][1-8]|PA):([+-]?\d+)/g)].map((m) => [m[1].toLowerCase(), Number(m[2])]);
    const expected = Math.max(...scored.map(([, s]) => s));
    return { number: from + i, line, expected, best: scored.filter(([, s]) => s === expected).map(([mv]) => mv) };
  });
}

const median = (xs) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)];

function nativePerft() {
  const out = execFileSync(ENGINE, ['perft', String(depth)], { encoding: 'utf8' });
  const match = out.match(/(\d+) leaves in ([\d.]+) s/);
  if (!match) throw new Error(`unexpected reversi-engine output: ${out}`);
  return { leaves: Number(match[1]), seconds: Number(match[2]) };
}

/** `reversi-engine solve` on a one-line file: { score, move, nodes, seconds }. */
function nativeSolve(line, dir) {
  const file = join(dir, 'position.obf');
  writeFileSync(file, `${line}\n`);
  const out = execFileSync(ENGINE, ['solve', file], { encoding: 'utf8' });
  // "line move score expected nodes seconds Mnodes/s"
  const match = out.match(/^\s*1\s+(\S+)\s+([+-]?\d+)\s+\S+\s+(\d+)\s+([\d.]+)/m);
  if (!match) throw new Error(`unexpected reversi-engine output: ${out}`);
  return { move: match[1], score: Number(match[2]), nodes: Number(match[3]), seconds: Number(match[4]) };
}

/** Opens the bench page in headless Chromium; resolves to { perft(), solve(line), close() }. */
async function openBenchPage() {
  const server = await startServer(pageDir);
  const browser = await launchChromium('desktop');
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.goto(server.url);
  await page.waitForFunction(() => window.benchReady === true);
  return {
    async perft() {
      const { leaves, ms } = await page.evaluate((d) => window.bench.perft(d), depth);
      return { leaves, seconds: ms / 1000 };
    },
    async solve(line) {
      const answer = await page.evaluate((l) => window.bench.solveObf(l), line);
      if (answer.error) throw new Error(`solve_obf: ${answer.error}`);
      return { move: answer.move ?? 'pass', score: answer.score, nodes: answer.nodes, seconds: answer.ms / 1000 };
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

function reportPerft(where, results) {
  const expected = PERFT[depth - 1];
  const seconds = median(results.map((r) => r.seconds));
  const leaves = results[0].leaves;
  const ok = results.every((r) => r.leaves === expected);
  const rate = (leaves / seconds / 1e6).toFixed(1);
  console.log(
    `${where.padEnd(9)} perft ${depth}: ${leaves.toLocaleString('en')} leaves in ${seconds.toFixed(3)} s ` +
      `(${rate} M leaves/s)${runs > 1 ? `, median of ${runs}` : ''} — ${ok ? 'matches' : 'DIFFERS FROM'} the ` +
      `published ${expected.toLocaleString('en')}`,
  );
  return ok;
}

async function benchPerft(page) {
  const runsNative = [];
  const runsBrowser = [];
  for (let i = 0; i < runs; i++) {
    runsNative.push(nativePerft());
    runsBrowser.push(await page.perft());
  }
  const ok = [reportPerft('native', runsNative), reportPerft('chromium', runsBrowser)].every(Boolean);
  const ratios = runsBrowser.map((b, i) => b.seconds / runsNative[i].seconds);
  console.log(`ratio    chromium/native time: ${median(ratios).toFixed(2)}×${runs > 1 ? ' (median of the run pairs)' : ''}`);
  return ok;
}

const mnps = (nodes, seconds) => (nodes / seconds / 1e6).toFixed(1).padStart(6);
const secs = (s) => s.toFixed(2).padStart(8);
const signed = (n) => (n > 0 ? `+${n}` : String(n));

/** Solves each position natively then in the page, printing a row as soon as both are done. */
async function benchFfo(page) {
  const dir = mkdtempSync(join(tmpdir(), 'reversi-bench-'));
  console.log(`\nFFO #${positions[0].number}-#${positions.at(-1).number}, exact solve, one thread, 64 MB table`);
  console.log(
    '   #  move  score          nodes |  native s  Mn/s | chromium s  Mn/s | ratio',
  );
  const totals = { nodes: 0, native: 0, browser: 0 };
  let problems = 0;
  try {
    for (const p of positions) {
      const native = nativeSolve(p.line, dir);
      const browser = await page.solve(p.line);
      const issues = [];
      if (native.score !== p.expected || browser.score !== p.expected) issues.push(`score not ${p.expected}`);
      if (!p.best.includes(native.move) || !p.best.includes(browser.move)) issues.push(`best: ${p.best.join(' ')}`);
      if (native.nodes !== browser.nodes || native.move !== browser.move) {
        issues.push(`chromium differs: ${browser.move} ${browser.nodes} nodes`);
      }
      problems += issues.length > 0;
      console.log(
        `${String(p.number).padStart(4)}  ${native.move.padStart(4)}  ${signed(native.score).padStart(5)}` +
          `  ${native.nodes.toLocaleString('en').padStart(13)} | ${secs(native.seconds)}  ${mnps(native.nodes, native.seconds)} |` +
          `   ${secs(browser.seconds)}  ${mnps(browser.nodes, browser.seconds)} | ${(browser.seconds / native.seconds).toFixed(2)}×` +
          (issues.length ? `  MISMATCH (${issues.join('; ')})` : ''),
      );
      totals.nodes += native.nodes;
      totals.native += native.seconds;
      totals.browser += browser.seconds;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `total             ${totals.nodes.toLocaleString('en').padStart(14)} | ${secs(totals.native)}  ` +
      `${mnps(totals.nodes, totals.native)} |   ${secs(totals.browser)}  ${mnps(totals.nodes, totals.browser)} | ` +
      `${(totals.browser / totals.native).toFixed(2)}×`,
  );
  console.log(problems === 0 ? 'every score exact, every move a best one, same nodes on both sides' : `${problems} MISMATCH`);
  return problems === 0;
}

const page = await openBenchPage();
let ok = true;
try {
  if (depth > 0) ok = (await benchPerft(page)) && ok;
  if (positions.length > 0) ok = (await benchFfo(page)) && ok;
} finally {
  await page.close();
}
if (!ok) process.exit(1);
