// A tiny static file server for the built site (dist/) and the benchmark page: Node's http module, 127.0.0.1 only.
//
//   import { startServer } from './server.mjs';
//   const server = await startServer('dist');          // a free port chosen by the OS
//   server.url                                          // 'http://127.0.0.1:41234/'
//   server.requests                                     // ['/', '/start.js', …]: every path asked for, in order
//   server.serve('other/dir');                          // from now on, another directory (a new deploy)
//   await server.close();
//
// From the shell (what `make serve` runs): node tests/e2e/server.mjs dist 8080 [pages]
//
// It serves files as GitHub Pages would: `/` and directories map to index.html, the right MIME type for each file
// (application/wasm lets the browser stream-compile; a service worker must be served as JavaScript), no caching
// headers so every test run sees the fresh build, and nothing outside the root. With { pages: true } (what the
// Lighthouse benchmark measures, scripts/lighthouse.mjs) it also compresses as Pages does (gzip to a client that
// accepts it) and sends Pages' caching headers (ten minutes, with an ETag).

import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.obf': 'text/plain; charset=utf-8',
  '.bin': 'application/octet-stream',
};

async function resolveFile(root, urlPath) {
  const decoded = decodeURIComponent(urlPath.split('?')[0]);
  const path = normalize(join(root, decoded));
  if (path !== root && !path.startsWith(root + sep)) return null; // ".." escapes the root
  const info = await stat(path).catch(() => null);
  if (info?.isDirectory()) return resolveFile(root, join(decoded, 'index.html'));
  return info?.isFile() ? path : null;
}

/** What Pages does to a response: gzip when the client accepts it, ten minutes of caching, an ETag. */
function asPages(req, headers, body) {
  const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
  const common = { ...headers, 'cache-control': 'max-age=600', etag, vary: 'Accept-Encoding' };
  if (req.headers['if-none-match'] === etag) return { status: 304, headers: common, body: Buffer.alloc(0) };
  if (!/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) return { status: 200, headers: common, body };
  const zipped = gzipSync(body, { level: 9 });
  return { status: 200, headers: { ...common, 'content-encoding': 'gzip', 'content-length': zipped.length }, body: zipped };
}

/**
 * Serves `dir` on 127.0.0.1:`port` (0 = any free port), as Pages would with `pages` (compressed, cached).
 * Resolves to { url, port, requests, serve(dir), close() }.
 */
export async function startServer(dir, port = 0, { pages = false } = {}) {
  let root = resolve(dir);
  // Every request's path in order, for tests that count what was downloaded.
  const requests = [];
  const server = createServer(async (req, res) => {
    requests.push(new URL(req.url, 'http://x').pathname);
    try {
      const file = await resolveFile(root, new URL(req.url, 'http://x').pathname);
      if (!file) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${req.url}\n`);
        return;
      }
      const plain = await readFile(file);
      const headers = {
        'content-type': MIME[extname(file)] ?? 'application/octet-stream',
        'content-length': plain.length,
        'cache-control': 'no-cache',
      };
      const reply = pages ? asPages(req, headers, plain) : { status: 200, headers, body: plain };
      res.writeHead(reply.status, reply.headers);
      res.end(req.method === 'HEAD' ? undefined : reply.body);
    } catch (error) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(`bad request: ${error.message}\n`);
    }
  });
  await new Promise((ok, fail) => server.once('error', fail).listen(port, '127.0.0.1', ok));
  const actual = server.address().port;
  return {
    url: `http://127.0.0.1:${actual}/`,
    port: actual,
    requests,
    serve: (next) => {
      root = resolve(next);
    },
    close: () => new Promise((ok) => server.close(ok)),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [dir = 'dist', port = '8080', mode] = process.argv.slice(2);
  const { url } = await startServer(dir, Number(port), { pages: mode === 'pages' });
  console.log(`serving ${dir}/ at ${url} (Ctrl+C to stop)`);
}
