// A static server for the benchmark that sends files the way a real static host does, so
// the mobile numbers count the bytes a phone really downloads: gzip at level 6 (zlib's
// default, which common hosts use) for text and WASM, the right Content-Type
// (application/wasm, or the browser cannot compile the module while it downloads), and
// validators and cache headers so a second visit can use the HTTP cache.
// tests/e2e/lib/server.mjs sends raw bytes with no-store, which is right for tests and
// would overstate a phone's download about threefold.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { TYPES } from '../tests/e2e/lib/server.mjs';

const COMPRESSED = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg']);
// Trunk's filehash: a name that changes whenever the content does may be cached for good.
// Trunk writes the 64-bit hash without leading zeros, so it has up to 16 hex digits, not
// always 16 (the blank page's build had 15).
const HASHED = /-[0-9a-f]{12,16}(?:_bg)?\.[a-z0-9]+$/;

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full) : [full];
  });
}

/** Every file under `root`, read and compressed once (compressing per request would put
 * seconds of CPU into the measured loads on this 2-core machine). */
function prepare(root) {
  const files = new Map();
  for (const file of walk(root)) {
    const ext = path.extname(file);
    const raw = fs.readFileSync(file);
    const tag = createHash('sha256').update(raw).digest('hex').slice(0, 20);
    const gzip = COMPRESSED.has(ext) ? zlib.gzipSync(raw, { level: 6 }) : null;
    const rel = '/' + path.relative(root, file).split(path.sep).join('/');
    files.set(rel, {
      raw,
      gzip,
      type: TYPES[ext] ?? 'application/octet-stream',
      // One validator per representation, as a host that stores both would send.
      etag: `"${tag}"`,
      gzipEtag: `"${tag}-gz"`,
      cacheControl: HASHED.test(rel) ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
  }
  return files;
}

/** Starts the server on 127.0.0.1 and a free port; resolves to { url, requests, files,
 * close }. `requests` lists what was served: { path (with the query), status, encoding,
 * bytes (of the body), at (Date.now()) }, so a load can account for requests the page's own
 * DevTools session does not see (a service worker's). */
export async function startGzipServer({ root }) {
  if (!fs.existsSync(path.join(root, 'index.html'))) throw new Error(`gzip-server: no index.html in ${root} (build it first)`);
  const files = prepare(root);
  const requests = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const logged = (status, encoding, bytes) => requests.push({ path: url.pathname + url.search, status, encoding, bytes, at: Date.now() });
    let rel = decodeURIComponent(url.pathname);
    if (rel.endsWith('/')) rel += 'index.html';
    // Only the files read at start-up are served: no path reaches the file system.
    const f = files.get(rel);
    if (!f || (req.method !== 'GET' && req.method !== 'HEAD')) {
      logged(f ? 405 : 404, null, 0);
      res.writeHead(f ? 405 : 404, { 'content-type': 'text/plain' }).end(f ? 'method not allowed' : 'not found');
      return;
    }
    const gz = f.gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const etag = gz ? f.gzipEtag : f.etag;
    const headers = {
      'content-type': f.type,
      'cache-control': f.cacheControl,
      etag,
      vary: 'Accept-Encoding',
    };
    const inm = req.headers['if-none-match'];
    if (inm && inm.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}`)) {
      logged(304, null, 0);
      res.writeHead(304, headers).end();
      return;
    }
    const body = gz ? f.gzip : f.raw;
    if (gz) headers['content-encoding'] = 'gzip';
    headers['content-length'] = body.length;
    logged(200, gz ? 'gzip' : null, body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    files,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(resolve);
      }),
  };
}
