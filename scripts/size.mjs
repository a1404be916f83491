// What a first visit downloads: every file of the built site (the service worker precaches them all), gzipped as a
// static host would serve them. Prints per-file and total bytes, and fails when the total exceeds the 1 MB budget;
// run by the Makefile after `trunk build`.
//
//   node scripts/size.mjs [dir=dist]

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

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

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`.padStart(11);
let raw = 0;
let gzip = 0;
console.log(`${'raw'.padStart(11)} ${'gzip'.padStart(11)}  file`);
for (const file of files) {
  const bytes = readFileSync(file);
  const zipped = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzip += zipped;
  console.log(`${kb(bytes.length)} ${kb(zipped)}  ${relative(root, file)}`);
}
console.log(`${kb(raw)} ${kb(gzip)}  total: a first visit downloads ${gzip} bytes gzipped (${files.length} files)`);
if (gzip > BUDGET_BYTES) {
  console.error(`size: ${gzip} bytes gzipped is over the ${BUDGET_BYTES}-byte budget for a first visit`);
  process.exit(1);
}
