// A static file server on loopback for the built dist/, mounted both at the site root and
// under a sub-path, the way a documentation site would host the calculator. It also records
// every request it serves, so tests can prove the page fetches nothing after it has loaded.
import http from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DIST = process.env.DIST_DIR ?? path.resolve(here, '../../../dist');
/** The build made with `--public-url /tools/gpu-cost/` (scripts/test.sh), served under SUB_PATH. */
export const SUB_PATH_DIST = process.env.SUB_PATH_DIST_DIR ?? path.resolve(here, '../../../target/dist-sub-path');
export const DOCS = path.resolve(here, '../../../docs');
export const SUB_PATH = '/tools/gpu-cost/';
export const DOCS_PATH = '/docs/';

/** Content types by file ending, as a static host sends them (the benchmark's server too). */
export const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Starts the server on a free port; resolves to { url, subUrl, requests, close }. */
export async function startServer({ extraRoutes = {}, root: distRoot = DIST } = {}) {
  const requests = [];
  // Large headers, so a 100 KB hostile link reaches the page instead of failing with 431.
  const server = http.createServer({ maxHeaderSize: 512 * 1024 }, async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    requests.push(url.pathname + url.search);
    if (extraRoutes[url.pathname]) {
      const { type, body } = extraRoutes[url.pathname];
      res.writeHead(200, { 'content-type': type });
      res.end(body);
      return;
    }
    let rel = url.pathname;
    let root = distRoot;
    if (rel.startsWith(SUB_PATH)) rel = '/' + rel.slice(SUB_PATH.length);
    else if (rel.startsWith(DOCS_PATH)) {
      root = DOCS;
      rel = '/' + rel.slice(DOCS_PATH.length);
    }
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.join(root, path.normalize(rel).replace(/^([/\\])+/, ''));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await fs.readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    subUrl: `http://127.0.0.1:${port}${SUB_PATH}`,
    docsUrl: `http://127.0.0.1:${port}${DOCS_PATH}`,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
