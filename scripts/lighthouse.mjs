// The first visit as the web measures it: Lighthouse 12.2.3 (package.json) loads the built site, served as GitHub
// Pages serves it (gzip, its caching headers: tests/e2e/server.mjs with { pages: true }), three times on its mobile
// profile (slow 4G: 1.6 Mbps, 150 ms; a 4x slower CPU) and three times on its desktop one, and this prints the median
// of each figure. A benchmark, not a test: it fails only when Lighthouse cannot run. It drives Debian's Chromium
// (CHROME_PATH, /usr/bin/chromium unless set) and never downloads a browser.
//
//   node scripts/lighthouse.mjs [dir=dist] [runs=3]      (make lighthouse)

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startServer } from '../tests/e2e/server.mjs';

const [dir = 'dist', runsArg = '3'] = process.argv.slice(2);
const runs = Number(runsArg);
const LIGHTHOUSE = new URL('../node_modules/.bin/lighthouse', import.meta.url).pathname;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(join(dir, 'index.html'))) {
  console.error(`lighthouse: no ${dir}/index.html (build the site first: make site)`);
  process.exit(1);
}
if (!existsSync(LIGHTHOUSE) || !existsSync(CHROME_PATH)) {
  console.error(`lighthouse: needs ${LIGHTHOUSE} (make setup) and Chromium at ${CHROME_PATH}`);
  process.exit(1);
}

const FIGURES = [
  ['performance', (r) => Math.round(r.categories.performance.score * 100), (v) => String(v)],
  ['FCP', (r) => r.audits['first-contentful-paint'].numericValue, seconds],
  ['LCP', (r) => r.audits['largest-contentful-paint'].numericValue, seconds],
  ['TBT', (r) => r.audits['total-blocking-time'].numericValue, (v) => `${Math.round(v)} ms`],
  ['interactive', (r) => r.audits.interactive.numericValue, seconds],
  ['bytes', (r) => r.audits['total-byte-weight'].numericValue, (v) => `${Math.round(v / 1024)} KiB`],
];

function seconds(ms) {
  return `${(ms / 1000).toFixed(2)} s`;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(url, preset) {
  const out = await mkdtemp(join(tmpdir(), 'reversi-lighthouse-'));
  try {
    const report = join(out, 'report.json');
    const flags = [
      url,
      '--quiet',
      '--only-categories=performance',
      '--output=json',
      `--output-path=${report}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ];
    await promisify(execFile)(LIGHTHOUSE, flags, { env: { ...process.env, CHROME_PATH }, maxBuffer: 1 << 26 });
    return JSON.parse(await readFile(report, 'utf8'));
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

const server = await startServer(dir, 0, { pages: true });
try {
  for (const preset of ['mobile', 'desktop']) {
    const reports = [];
    for (let run = 1; run <= runs; run++) {
      const report = await measure(server.url, preset);
      const line = FIGURES.map(([name, read, show]) => `${name} ${show(read(report))}`).join(', ');
      console.log(`${preset} run ${run}: ${line}`);
      reports.push(report);
    }
    const line = FIGURES.map(([name, read, show]) => `${name} ${show(median(reports.map(read)))}`).join(', ');
    console.log(`${preset} median of ${runs}: ${line}`);
  }
} finally {
  await server.close();
}
