// Trunk's post-build hook (Trunk.toml): writes a fingerprint of the built site into its service worker, so every
// deploy that changes any file changes sw.js too. The browser compares sw.js byte for byte when it checks for a new
// version; without this, the worker would stay the same from deploy to deploy and an installed app would never hear
// of a new version. The fingerprint is a SHA-256 over every other file's path and content, in path order. It also
// lists the files no page references, which the app fetches later: the engine's data files (data/, put there by
// scripts/engine-data.mjs) and the code of the parts loaded on first use (lazy/, scripts/split-wasm.mjs); the worker
// caches them with the rest, so the app works offline after the first visit. Online play's module is the exception
// (ON_DEMAND_FILES): it needs the network anyway, so it is fetched when a player first goes online and kept from then
// on, and a first visit does not download it.
//
//   node scripts/stamp-sw.mjs [dir]   (dir defaults to $TRUNK_STAGING_DIR, where trunk's hooks run)

import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { ON_DEMAND } from './site-files.mjs';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('usage: node scripts/stamp-sw.mjs DIR (or run as a trunk hook, which sets TRUNK_STAGING_DIR)');
  process.exit(2);
}
const WORKER = join(dir, 'sw.js');
const STAMP = /^const BUILD = '[^']*';$/m;
const LATER_STAMP = /^const LATER_FILES = \[[^\]]*\];$/m;
const ON_DEMAND_STAMP = /^const ON_DEMAND_FILES = \[[^\]]*\];$/m;


async function files(root) {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .filter((path) => path !== WORKER)
    .sort();
}

const hash = createHash('sha256');
const later = [];
const onDemand = [];
for (const path of await files(dir)) {
  const name = relative(dir, path).split(sep).join('/');
  hash.update(name + '\0');
  hash.update(await readFile(path));
  if (ON_DEMAND.test(name)) onDemand.push(name);
  else if (name.startsWith('data/') || name.startsWith('lazy/')) later.push(name);
}
const build = hash.digest('hex').slice(0, 16);
const worker = await readFile(WORKER, 'utf8');
for (const [stamp, line] of [
  [STAMP, "const BUILD = '…';"],
  [LATER_STAMP, 'const LATER_FILES = […];'],
  [ON_DEMAND_STAMP, 'const ON_DEMAND_FILES = […];'],
]) {
  if (!stamp.test(worker)) {
    console.error(`stamp-sw: ${WORKER} has no line "${line}" to stamp`);
    process.exit(1);
  }
}
const list = (name, files) => `const ${name} = [${files.map((file) => `'${file}'`).join(', ')}];`;
await writeFile(WORKER, worker.replace(STAMP, `const BUILD = '${build}';`).replace(LATER_STAMP, list('LATER_FILES', later))
    .replace(ON_DEMAND_STAMP, list('ON_DEMAND_FILES', onDemand)),
);
console.log(`stamp-sw: sw.js build ${build}, precached later ${later.join(', ') || 'none'}; on demand ${onDemand.join(', ') || 'none'}`);
