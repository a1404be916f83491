// Trunk's post-build hook (Trunk.toml), first of the chain: cuts the app's wasm into the main module and the modules
// of the parts loaded on first use (src/effects/lazy_code.rs), and puts them in the site under names made from their
// content, as trunk names its own files.
//
// Trunk 0.21 has no step between its link and its wasm-bindgen, so this redoes the tail from the linked wasm (which
// build.rs links with relocations when the `split` feature is on): wasm-split-cli cuts it into the main module, one
// module per split and shared chunks, and writes their loader (imported by the glue); wasm-bindgen binds the main
// module (keeping the exports the other modules import); wasm-opt -O optimises every module, as trunk does its one
// (the main module more: CRITICAL, below).
// The main module's imports from the glue get short names in both (scripts/wasm-imports.mjs), and the loader makes
// every part wait for the parts' stylesheets (PART_STYLES, below). The results replace trunk's glue and wasm in the
// staging directory:
//   reversi-H.js, reversi-H_bg.wasm     the glue and the main module (H: a hash of every module and the loader);
//   split-loader-H.js                   the loader, preloaded with the glue (index.html) since the glue imports it;
//   lazy/NAME-h.wasm                    each split module and chunk (h: a hash of its content), fetched by the loader.
// index.html's references follow, and scripts/stamp-sw.mjs lists lazy/ for the service worker.
// A build without the feature (no split functions) finds nothing to split and leaves trunk's files alone.
//
//   node scripts/split-wasm.mjs [dir]   (dir defaults to $TRUNK_STAGING_DIR, where trunk's hooks run)
//   SPLIT_WASM_NAMES=DIR also keeps the modules before wasm-opt, with their function names, in DIR (for twiggy).

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PART_STYLE_LINK } from './site-files.mjs';
import { shortenImports } from './wasm-imports.mjs';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('usage: node scripts/split-wasm.mjs DIR (or run as a trunk hook, which sets TRUNK_STAGING_DIR)');
  process.exit(2);
}
const profile = process.env.TRUNK_PROFILE === 'debug' ? 'debug' : 'release';
const targetDir = process.env.CARGO_TARGET_DIR ?? new URL('../target', import.meta.url).pathname;
const LINKED = join(targetDir, 'wasm32-unknown-unknown', profile, 'reversi.wasm');
// What the macro names the loader's import (wasm_split_helpers' placeholder module, rewritten by the splitter).
const SPLIT_IMPORT = '__wasm_split_placeholder__';

/** The loader's `partStyles()` and `nextTask()`. `partStyles()` switches on index.html's stylesheets of the parts
 * loaded on first use (`data-lazy`, disabled so that the first paint neither waits for them nor downloads them) and
 * settles once each has loaded or failed. A part whose stylesheet failed still comes (unstyled beats not at all),
 * and the next part asked for tries that stylesheet again. `nextTask()` resolves in a task of its own (a message, as
 * src/effects/next_task.rs does). */
const PART_STYLES = `
let partStylesLoading;
function partStyles() {
    partStylesLoading ??= Promise.all([...document.querySelectorAll("link[data-lazy]")].map((link) => {
        if (!link.disabled && link.sheet) return true;
        // One that failed is asked for afresh, by a new element in its place.
        const sheet = link.disabled ? link : link.cloneNode();
        const loaded = new Promise((resolve) => {
            sheet.addEventListener("load", () => resolve(true), { once: true });
            sheet.addEventListener("error", () => resolve(false), { once: true });
        });
        if (sheet === link) link.disabled = false;
        else link.replaceWith(sheet);
        // A browser that loaded it while it was disabled has it now, and fires no second load.
        return sheet.sheet ? true : loaded;
    })).then((loaded) => {
        if (loaded.includes(false)) partStylesLoading = undefined;
    });
    return partStylesLoading;
}

function nextTask() {
    return new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        channel.port2.postMessage(undefined);
    });
}
`;

const hash = (...parts) => {
  const digest = createHash('sha256');
  for (const part of parts) digest.update(part);
  return digest.digest('hex').slice(0, 16);
};
const run = (command, args) => execFileSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });

const linked = await readFile(LINKED);
if (!linked.includes(Buffer.from(SPLIT_IMPORT))) {
  // Nothing loads later, so the parts' stylesheets load with the page.
  const page = join(dir, 'index.html');
  const html = (await readFile(page, 'utf8')).replaceAll(PART_STYLE_LINK, (tag) =>
    tag.replace(' data-lazy', '').replace(' disabled', ''),
  );
  await writeFile(page, html);
  console.log(`split-wasm: ${LINKED} has no split functions; the site keeps one module`);
  process.exit(0);
}

const work = await mkdtemp(join(tmpdir(), 'split-wasm-'));
try {
  run('wasm-split-cli', [LINKED, join(work, 'split'), '--target', 'web', '--out-name', 'reversi']);
  run('wasm-bindgen', [
    '--target', 'web', '--no-typescript', '--keep-lld-exports', '--no-demangle',
    '--out-dir', join(work, 'bound'), '--out-name', 'reversi', join(work, 'split', 'reversi.wasm'),
  ]);
  if (process.env.SPLIT_WASM_NAMES) {
    await cp(join(work, 'split'), process.env.SPLIT_WASM_NAMES, { recursive: true });
    await cp(join(work, 'bound', 'reversi_bg.wasm'), join(process.env.SPLIT_WASM_NAMES, 'reversi_bg.wasm'));
  }
  // The main module's imports from the glue get short names, in both (scripts/wasm-imports.mjs).
  const bound = shortenImports(await readFile(join(work, 'bound', 'reversi_bg.wasm')), './reversi_bg.js');
  await writeFile(join(work, 'bound', 'reversi_bg.wasm'), bound.bytes);
  const optimise = (input, output, ...more) => run('wasm-opt', ['-O', ...more, input, '-o', output]);
  // The main module, on the critical path, has -O run until it gains nothing more (1.5 KiB gzip for 25 s of build)
  // and no producers' or target features' notes.
  const CRITICAL = ['--converge', '--strip-producers', '--strip-target-features'];
  optimise(join(work, 'bound', 'reversi_bg.wasm'), join(work, 'reversi_bg.wasm'), ...CRITICAL);
  const lazy = [];
  for (const name of (await readdir(join(work, 'split'))).sort()) {
    if (!name.endsWith('.wasm') || name === 'reversi.wasm') continue;
    const optimised = join(work, name);
    optimise(join(work, 'split', name), optimised);
    const bytes = await readFile(optimised);
    const stem = name.slice(0, -'.wasm'.length);
    lazy.push({ from: `./${name}`, to: `lazy/${stem}-${hash(bytes)}.wasm`, bytes });
  }

  const main = await readFile(join(work, 'reversi_bg.wasm'));
  let loader = await readFile(join(work, 'split', '__wasm_split.js'), 'utf8');
  for (const { from, to } of lazy) loader = replaceAll(loader, `"${from}"`, `"./${to}"`, 'the loader');
  const build = hash(main, ...lazy.map(({ bytes }) => bytes), loader);
  const names = { glue: `reversi-${build}.js`, wasm: `reversi-${build}_bg.wasm`, loader: `split-loader-${build}.js` };
  loader = replaceAll(loader, '"./reversi.js"', `"./${names.glue}"`, 'the loader');
  // Every part waits for the parts' stylesheets too, which the first part asked for switches on (index.html). The
  // app's call, switching the stylesheets on, starting the fetches (the side panels' module and its eight chunks)
  // and the app hearing of its module each take a task of their own: on a phone any two together were a long task
  // after the board (docs/benchmarks.md, "First visit").
  loader = replaceAll(
    loader,
    'await callee();',
    'await nextTask();\n            const styles = partStyles();\n            await nextTask();\n            await Promise.all([callee(), styles]);\n            await nextTask();',
    'the loader',
  );
  loader += PART_STYLES;
  let glue = await readFile(join(work, 'bound', 'reversi.js'), 'utf8');
  // The glue's imports of the loader move to its new name; the keys of the wasm's imports keep the name the wasm asks for.
  glue = replaceAll(glue, 'from "./__wasm_split.js"', `from "./${names.loader}"`, 'the glue');
  glue = glue.replaceAll('reversi_bg.wasm', names.wasm);
  for (const [from, to] of bound.renames) {
    // Each is one property of the glue's imports object; any other mention would now name nothing.
    if (glue.split(from).length !== 2) throw new Error(`split-wasm: the glue mentions the import ${from} other than once`);
    glue = replaceAll(glue, `${from}: function(`, `${to}: function(`, 'the glue');
  }

  // Trunk's own glue and wasm give way to these.
  let html = await readFile(join(dir, 'index.html'), 'utf8');
  for (const name of await readdir(dir)) {
    const trunks = /^reversi-[0-9a-f]+(_bg\.wasm|\.js)$/.exec(name);
    if (!trunks) continue;
    html = replaceAll(html, name, trunks[1] === '.js' ? names.glue : names.wasm, 'index.html');
    await rm(join(dir, name));
  }
  const preload = new RegExp(`<link rel="modulepreload" href="([^"]*)${names.glue}"[^>]*>`);
  const glueTag = preload.exec(html);
  if (!glueTag) throw new Error('split-wasm: index.html has no modulepreload of the glue (Trunk.toml pattern_preload)');
  html = html.replace(glueTag[0], `${glueTag[0]}\n<link rel="modulepreload" href="${glueTag[1]}${names.loader}" crossorigin="anonymous" />`);

  await rm(join(dir, 'lazy'), { recursive: true, force: true });
  await mkdir(join(dir, 'lazy'));
  await writeFile(join(dir, names.wasm), main);
  await writeFile(join(dir, names.glue), glue);
  await writeFile(join(dir, names.loader), loader);
  for (const { to, bytes } of lazy) await writeFile(join(dir, to), bytes);
  await writeFile(join(dir, 'index.html'), html);
  console.log(`split-wasm: ${names.wasm}, ${names.loader}, ${lazy.map(({ to }) => to).join(', ')}`);
} finally {
  await rm(work, { recursive: true, force: true });
}

/** `text` with every `from` replaced by `to`; a missing one is an error, since the file would then point at a name
 * that is not in the site. */
function replaceAll(text, from, to, where) {
  if (!text.includes(from)) throw new Error(`split-wasm: ${where} does not mention ${from}`);
  return text.replaceAll(from, to);
}
