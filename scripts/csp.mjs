// Trunk post-build hook: adds a Content-Security-Policy to the release index.html that allows
// nothing beyond the app's own files — plus what WebAssembly needs ('wasm-unsafe-eval') and a
// hash of each inline script (Trunk's loader, the service worker's registration). Debug builds
// (trunk serve) are left alone: Trunk injects an auto-reload script and WebSocket there.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('csp.mjs: TRUNK_STAGING_DIR is not set (run it as a Trunk hook)');
  process.exit(1);
}
if (process.env.TRUNK_PROFILE !== 'release') process.exit(0);

const file = path.join(dir, 'index.html');
const html = fs.readFileSync(file, 'utf8');
const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
  (m) => `'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`,
);
export const policy = [
  "default-src 'none'",
  `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(' ')}`.trim(),
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "frame-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');
const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
if (html.includes('http-equiv="Content-Security-Policy"')) process.exit(0);
fs.writeFileSync(file, html.replace(/<head>/, `<head>\n    ${meta}`));
console.log(`csp.mjs: policy with ${hashes.length} inline script hash(es) added`);
