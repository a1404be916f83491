// What the main thread runs from navigation to the first interactive board, on a phone's profile: the built site
// served as Pages serves it, opened in Debian's Chromium at a phone's size with Lighthouse's mobile throttling applied
// for real (the CPU 4x slower, slow 4G: 1.6 Mbps down, 150 ms), traced with V8's sampling profiler. It lists every
// main-thread task over the threshold (CPU time) with the trace's own events in it and the functions the samples fell
// in, and the longest task; the same for the 3 s after the board (the rest of the page, the engine's data). A
// measurement to find long tasks (docs/benchmarks.md, "First visit"), not a test.
//
//   node scripts/start-tasks.mjs [dir=dist] [threshold ms=50] [cpu slowdown=4] [device=phone]
//
// BETWEEN=markA,markB keeps only the samples between two performance marks of an instrumented build (where a part of
// the start goes), MATCH=regex only the functions it matches, and BY=regex also counts each sample under the innermost
// function it matches (BY=reversi: which of the app's functions the library code below it works for).
//
// Function names: trunk's release wasm has none. Profile a copy of the site whose wasm keeps them (`wasm-bindgen` on
// target/wasm32-unknown-unknown/release/reversi.wasm, then `wasm-opt -O -g`, copied over the site's `_bg.wasm`).

import { startServer } from '../tests/e2e/server.mjs';
import { emulateSlow4G, launchChromium } from '../tests/e2e/helpers.mjs';

const [dir = 'dist', thresholdArg = '50', slowdownArg = '4', device = 'phone'] = process.argv.slice(2);
const threshold = Number(thresholdArg);
const slowdown = Number(slowdownArg);
/** How long the trace goes on after the board is interactive (ms). */
const AFTER_MS = 3000;

const server = await startServer(dir, 0, { pages: true });
const browser = await launchChromium(device);
try {
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await emulateSlow4G(cdp);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'v8.execute',
        'v8.wasm',
        // The sampler's own cost (it logs every function V8 compiles) stretches the tasks: NO_SAMPLES=1 leaves it out.
        ...(process.env.NO_SAMPLES ? [] : ['disabled-by-default-v8.cpu_profiler']),
      ],
    },
    transferMode: 'ReportEvents',
  });
  await page.goto(server.url);
  await page.locator('[data-square="f5"].playable').waitFor({ timeout: 120_000 });
  await page.evaluate(() => performance.mark('board-interactive'));
  // What follows the board (the rest of the page, the engine's data) counts for Lighthouse's blocking time too.
  await page.waitForTimeout(AFTER_MS);
  await cdp.send('Tracing.end');
  await complete;
  report(events, server.url);
} finally {
  await browser.close();
  await server.close();
}

function report(events, url) {
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(url));
  const interactive = events.find((e) => e.name === 'board-interactive');
  const start = events.find((e) => e.name === 'navigationStart' && e.pid === parse.pid)?.ts ?? parse.ts;
  const onMain = (e) => e.pid === parse.pid && e.tid === parse.tid;
  const ms = (us) => (us / 1000).toFixed(1);
  const samples = profileSamples(events.filter((e) => e.pid === parse.pid), parse.tid);
  const tasks = events.filter((e) => e.name === 'RunTask' && onMain(e) && e.ts < interactive.ts);
  const cpu = (task) => task.tdur ?? task.dur;
  const longest = tasks.reduce((a, b) => (cpu(b) > cpu(a) ? b : a));
  console.log(
    `${tasks.length} main-thread tasks before the first interactive board (${ms(interactive.ts - start)} ms after ` +
      `navigation, CPU ${slowdown}x slower); the longest ${ms(cpu(longest))} ms of CPU`,
  );
  const after = events.filter((e) => e.name === 'RunTask' && onMain(e) && e.ts >= interactive.ts);
  const longestAfter = after.reduce((a, b) => (cpu(b) > cpu(a) ? b : a));
  console.log(
    `${after.length} tasks in the ${AFTER_MS / 1000} s after it; the longest ${ms(cpu(longestAfter))} ms of CPU, ` +
      `${after.filter((t) => cpu(t) >= threshold * 1000).length} over ${threshold} ms`,
  );
  for (const task of [...tasks, ...after].filter((t) => cpu(t) >= threshold * 1000)) {
    console.log(`\ntask at ${ms(task.ts - start)} ms: ${ms(cpu(task))} ms CPU (${ms(task.dur)} ms wall)`);
    const inside = events.filter(
      (e) => onMain(e) && e !== task && e.ph === 'X' && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur,
    );
    for (const e of inside.filter((e) => e.dur >= 2000 && !/^V8\.|^v8\.callFunction$/.test(e.name))) {
      const data = e.args?.data ?? e.args?.beginData ?? {};
      const what = String(data.functionName || data.url || data.type || '').slice(0, 80);
      console.log(`  +${ms(e.ts - task.ts)} ${e.name} ${ms(e.dur)} ms ${what}`);
    }
    const marks = events.filter((e) => e.cat?.includes('user_timing') && e.ts >= task.ts && e.ts <= task.ts + task.dur);
    for (const e of marks) console.log(`  +${ms(e.ts - task.ts)} mark ${e.name}`);
    const lazy = inside.filter((e) => e.name === 'wasm.CompileLazy').reduce((sum, e) => sum + e.dur, 0);
    if (lazy) console.log(`  wasm.CompileLazy (V8 compiling wasm functions on their first call): ${ms(lazy)} ms`);
    const [from, to] = (process.env.BETWEEN ?? '').split(',').map((name) => marks.find((e) => e.name === name)?.ts);
    const within = samples.filter(
      (s) => s.ts >= (from ?? task.ts) && s.ts <= (to ?? task.ts + task.dur),
    );
    const inclusive = new Map();
    for (const { stack } of within) for (const name of new Set(stack)) inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
    const top = [...inclusive].sort((a, b) => b[1] - a[1]).filter(([name]) => name && !/^\(/.test(name));
    if (!within.length) continue;
    console.log(`  ${within.length} samples; the functions they fell in (share of the task's samples):`);
    const own = process.env.MATCH ? top.filter(([name]) => new RegExp(process.env.MATCH).test(name)) : top;
    const self = new Map();
    for (const { stack } of within) self.set(stack[0] || '(anonymous)', (self.get(stack[0] || '(anonymous)') ?? 0) + 1);
    const leaves = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40) / 2);
    console.log(`  where they stopped: ${leaves.map(([name, n]) => `${name.slice(0, 60)} ${((100 * n) / within.length).toFixed(0)} %`).join('; ')}`);
    for (const [name, n] of own.slice(0, Number(process.env.TOP ?? 40))) console.log(`    ${((100 * n) / within.length).toFixed(0).padStart(3)} % ${name.slice(0, 150)}`);
    if (process.env.BY) {
      // Each sample counted once, under the innermost function BY matches (e.g. the app's own: which of its parts the
      // library code below it works for).
      const by = new RegExp(process.env.BY);
      const under = new Map();
      for (const { stack } of within) {
        const name = stack.find((frame) => by.test(frame)) ?? '(none)';
        under.set(name, (under.get(name) ?? 0) + 1);
      }
      console.log(`  by the innermost function matching ${by}:`);
      for (const [name, n] of [...under].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40))) {
        console.log(`    ${((100 * n) / within.length).toFixed(0).padStart(3)} % ${name.slice(0, 150)}`);
      }
    }
  }
}

/** The sampling profiler's samples on thread `tid`: [{ ts, stack: [leaf … root function names] }]. */
function profileSamples(events, tid) {
  const profiles = events.filter((e) => e.name === 'Profile' && e.tid === tid);
  const out = [];
  for (const profile of profiles) {
    const nodes = new Map();
    let ts = profile.args.data.startTime;
    for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id)) {
      const data = chunk.args.data;
      for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const deltas = data.timeDeltas ?? [];
      (data.cpuProfile?.samples ?? []).forEach((id, i) => {
        ts += deltas[i] ?? 0;
        const stack = [];
        for (let node = nodes.get(id); node; node = nodes.get(node.parent)) stack.push(node.callFrame.functionName);
        out.push({ ts, stack });
      });
    }
  }
  return out;
}
