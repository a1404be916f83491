// Trunk's post-build hook (Trunk.toml), after split-wasm.mjs and before stamp-sw.mjs (which fingerprints the result):
// minifies the scripts and stylesheets index.html names, the critical path's text (docs/benchmarks.md, "First
// visit"). Trunk's own `minify` would also rewrite index.html, which the other hooks read, and never sees the files
// split-wasm.mjs writes, so esbuild (pinned in package.json) does it here:
//   the glue, start.js and theme.js     whole (names, syntax and space);
//   the split loader                    space only: scripts/size.mjs reads its definitions to tell which modules the
//                                       start fetches after the board;
//   every stylesheet                    whole;
//   index.html                          its comments only (they explain the page to its readers, not to browsers).
// Each file keeps its name: its content changes with its source as before, and the same source gives the same bytes.
//
//   node scripts/minify-site.mjs [dir]   (dir defaults to $TRUNK_STAGING_DIR, where trunk's hooks run)

import { transform } from 'esbuild';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('usage: node scripts/minify-site.mjs DIR (or run as a trunk hook, which sets TRUNK_STAGING_DIR)');
  process.exit(2);
}

const page = join(dir, 'index.html');
const html = await readFile(page, 'utf8');
const named = new Set([...html.matchAll(/(?:src|href|data-glue)="(?:\.\/)?([^"?#:]+\.(?:js|css))"/g)].map((match) => match[1]));
const WHOLE = { minify: true };
const SPACE_ONLY = { minifyWhitespace: true };

let before = 0;
let after = 0;
for (const name of named) {
  const path = join(dir, name);
  const source = await readFile(path, 'utf8');
  const loader = name.endsWith('.css') ? 'css' : 'js';
  const level = /^split-loader-/.test(name) ? SPACE_ONLY : WHOLE;
  // No format and no target: each file stays the kind it is (modules, theme.js a classic script), and no syntax or
  // CSS feature is rewritten for older browsers.
  const { code } = await transform(source, { loader, ...level, legalComments: 'none', charset: 'utf8' });
  await writeFile(path, code);
  before += Buffer.byteLength(source);
  after += Buffer.byteLength(code);
}
const bare = html.replaceAll(/\s*<!--[\s\S]*?-->/g, '');
await writeFile(page, bare);
before += Buffer.byteLength(html);
after += Buffer.byteLength(bare);
console.log(`minify-site: index.html and ${named.size} files, ${before} bytes to ${after}`);
