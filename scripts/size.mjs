// What a first visit downloads: every file of the built site (the service worker precaches them all), gzipped as a
// static host would serve them. Prints per-file and total bytes, and the critical path: index.html and what it loads
// before the app can start (its stylesheets and scripts, the glue and the wasm it names, the modules it preloads),
// without what comes later (the engine's data in data/, the parts loaded on first use in lazy/, the worker, icons).
// Of lazy/, the side panels' module and the chunks it needs are fetched by the start itself, once the board is
// playable (src/panels/later_panels.rs), with the parts' stylesheets (index.html's `data-lazy` links, which the
// first part asked for switches on): printed on their own line. Online play's module is not part of a first
// visit: it is fetched when a player first goes online (site-files.mjs).
// Fails when the total exceeds the 1 MB budget; run by the Makefile after `trunk build`.
//
//   node scripts/size.mjs [dir=dist]

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ON_DEMAND, PART_STYLE_LINK } from './site-files.mjs';

const root = process.argv[2] ?? 'dist';
// What a first visit may download, the engine's data included.
const BUDGET_BYTES = 1_000_000;
const files = readdirSync(root, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
  .sort();
if (files.length === 0) {
  console.error(`size: no files in ${root}/ (run trunk build first)`);
  process.exit(1);
}

// The page's own references: src, href, and start.js's data-glue and data-wasm (Trunk.toml's pattern_script).
const html = readFileSync(join(root, 'index.html'), 'utf8');
const referenced = new Set(
  [...html.matchAll(/(?:src|href|data-glue|data-wasm)="(?:\.\/)?([^"?#:]+)"/g)]
    .map((match) => match[1])
    .filter((path) => /\.(js|css|wasm)$/.test(path)),
);
// The parts' stylesheets (`data-lazy`, disabled) wait for the first part asked for: the side panels, after the board.
const partStyles = new Set(
  [...html.matchAll(PART_STYLE_LINK)].map((tag) => /href="(?:\.\/)?([^"]+)"/.exec(tag[0])[1]),
);
const onCriticalPath = (path) => path === 'index.html' || (referenced.has(path) && !partStyles.has(path));
const withTheStart = new Set([...sidePanelFiles(), ...partStyles]);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`.padStart(11);
let raw = 0;
let gzip = 0;
let critical = 0;
let lazy = 0;
let onDemand = 0;
let afterTheBoard = 0;
console.log(`${'raw'.padStart(11)} ${'gzip'.padStart(11)}  file`);
for (const file of files) {
  const bytes = readFileSync(file);
  const zipped = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzip += zipped;
  const path = relative(root, file).split('\\').join('/');
  if (onCriticalPath(path)) critical += zipped;
  if (path.startsWith('lazy/')) lazy += zipped;
  if (ON_DEMAND.test(path)) onDemand += zipped;
  if (withTheStart.has(path)) afterTheBoard += zipped;
  const note = onCriticalPath(path)
    ? '  (critical path)'
    : withTheStart.has(path)
      ? '  (with the start, after the board)'
      : ON_DEMAND.test(path)
        ? '  (on demand)'
        : '';
  console.log(`${kb(bytes.length)} ${kb(zipped)}  ${path}${note}`);
}
console.log(`${''.padStart(11)} ${kb(critical)}  critical path: ${critical} bytes gzipped`);
if (lazy) console.log(`${''.padStart(11)} ${kb(lazy)}  parts loaded on first use (lazy/): ${lazy} bytes gzipped`);
if (afterTheBoard) {
  console.log(`${''.padStart(11)} ${kb(afterTheBoard)}  of which the start's, after the board (the side panels and the parts' stylesheets): ${afterTheBoard} bytes gzipped`);
}
if (onDemand) console.log(`${''.padStart(11)} ${kb(onDemand)}  of which online play's, on demand: ${onDemand} bytes gzipped`);
const firstVisit = gzip - onDemand;
console.log(`${kb(raw)} ${kb(gzip)}  total: a first visit downloads ${firstVisit} bytes gzipped (${files.length} files)`);
if (firstVisit > BUDGET_BYTES) {
  console.error(`size: ${firstVisit} bytes gzipped is over the ${BUDGET_BYTES}-byte budget for a first visit`);
  process.exit(1);
}

/** The side panels' module and the chunks it needs, as the split loader (scripts/split-wasm.mjs) names them: its
 * `__wasm_split_load_side_panels` fetches the module after its dependencies, `__chunk_N`, each defined with its file. */
function sidePanelFiles() {
  const loaderName = [...referenced].find((path) => /^split-loader-[0-9a-f]+\.js$/.test(path));
  if (!loaderName) return new Set();
  const loader = readFileSync(join(root, loaderName), 'utf8');
  const fileOf = (definition) => /new URL\(\s*"\.\/([^"]+)"/.exec(definition)?.[1];
  const load = /export const __wasm_split_load_side_panels\s*=\s*([\s\S]*?)\]\)\);/.exec(loader);
  if (!load) return new Set();
  const files = new Set([fileOf(load[1])]);
  for (const [, chunk] of load[1].matchAll(/(__chunk_\d+)\b/g)) {
    const definition = new RegExp(`const ${chunk}\\s*=\\s*makeLoad\\(\\(\\)\\s*=>\\s*\\{([^}]*)`).exec(loader);
    if (definition) files.add(fileOf(definition[1]));
  }
  return files;
}
