// Trunk's post-build hook (Trunk.toml), before stamp-sw.mjs: puts the engine's data files (its evaluation weights and
// opening book) into the site under data/, each named after its fingerprint as the app asks for it
// (crates/engine/src/shipped.rs, `DataFile::file_name`), e.g. data/eval-0123456789abcdef.weights. The name changes
// with the content, so caches keep a file for good and a new file never meets an old copy. The fingerprint is the
// engine's FNV-1a (crates/engine/src/fingerprint.rs); the engine checks the bytes it is given against it.
//
//   node scripts/engine-data.mjs [dir]   (dir defaults to $TRUNK_STAGING_DIR, where trunk's hooks run)

import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('usage: node scripts/engine-data.mjs DIR (or run as a trunk hook, which sets TRUNK_STAGING_DIR)');
  process.exit(2);
}
const ENGINE_DATA = new URL('../crates/engine/data/', import.meta.url);
const FILES = [
  { source: 'eval.weights', stem: 'eval', extension: 'weights' },
  { source: 'book.bin', stem: 'book', extension: 'bin' },
];

/** FNV-1a, 64 bits, as crates/engine/src/fingerprint.rs computes it. */
export function fingerprint(bytes) {
  const mask = (1n << 64n) - 1n;
  let hash = 0xcbf29ce484222325n;
  for (const byte of bytes) hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & mask;
  return hash.toString(16).padStart(16, '0');
}

const out = join(dir, 'data');
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
for (const { source, stem, extension } of FILES) {
  const bytes = await readFile(new URL(source, ENGINE_DATA));
  const name = `${stem}-${fingerprint(bytes)}.${extension}`;
  await writeFile(join(out, name), bytes);
  console.log(`engine-data: data/${name} (${bytes.length} bytes)`);
}
