// Trunk post-build hook, run after csp.mjs: writes this build into the release dist/sw.js (copied
// from public/sw.js) — the names of every file it must cache and a version that changes whenever
// any file of the build does, so the browser installs a new worker and drops the old cache.
// Debug builds (trunk serve) are left alone: their sw.js keeps BUILD = null and removes itself.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('sw.mjs: TRUNK_STAGING_DIR is not set (run it as a Trunk hook)');
  process.exit(1);
}
if (process.env.TRUNK_PROFILE !== 'release') process.exit(0);

const PLACEHOLDER = 'const BUILD = null;';
const swFile = path.join(dir, 'sw.js');
const sw = fs.existsSync(swFile) ? fs.readFileSync(swFile, 'utf8') : '';
if (sw.split(PLACEHOLDER).length !== 2) {
  console.error(`sw.mjs: ${swFile} must contain "${PLACEHOLDER}" once (is public/sw.js copied?)`);
  process.exit(1);
}

// Every file of the build, "/"-separated and relative to sw.js; the page itself is "./".
const files = fs
  .readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile())
  .map((e) => path.relative(dir, path.join(e.parentPath ?? e.path, e.name)).split(path.sep).join('/'))
  .sort();
const hash = createHash('sha256');
for (const f of files) hash.update(`${f}\0`).update(fs.readFileSync(path.join(dir, f))).update('\0');
// The spend review's worker and the modules of the parts the calculator does not build by
// itself (named "-ondemand-" by scripts/split.mjs) are not part of what the first result
// waits for (`later`): the page fetches them when they are opened, and the worker caches them
// after the build's own files, each on its own, so that a visitor who never opened them online
// can open them offline after one visit (issue 28). That costs every visitor their download,
// once, after the page has loaded (the worker is registered then), except one who asked the
// browser to save data.
const ON_DEMAND = /^review-worker|-ondemand-/;
const own = files.filter((f) => f !== 'sw.js' && f !== 'index.html');
const build = {
  version: hash.digest('hex').slice(0, 16),
  files: own.filter((f) => !ON_DEMAND.test(f)),
  later: own.filter((f) => ON_DEMAND.test(f)),
};
if (!files.includes('index.html')) {
  console.error('sw.mjs: no index.html in the build');
  process.exit(1);
}
fs.writeFileSync(swFile, sw.replace(PLACEHOLDER, `const BUILD = ${JSON.stringify(build)};`));
console.log(`sw.mjs: version ${build.version}, page + ${build.files.length} files, ${build.later.length} on demand`);
