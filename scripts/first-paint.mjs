// Trunk post-build hook, run after split.mjs (before csp.mjs and sw.mjs): builds the page's first
// module (crates/first-paint: the engine, the catalog and the first paint's printer, no UI
// framework) and makes index.html load it before the app (issue 29), so a shared link's number
// waits for that module alone instead of the app's:
//   1. cargo builds the crate's binary for wasm32 with the release profile;
//   2. wasm-bindgen writes its glue (ES module), wasm-opt -Oz shrinks it (as split.mjs does);
//   3. both files get their content hash in their names, and index.html preloads them and runs
//      them before the app (scripts/first-paint-lib.mjs, tested on fixtures).
// Debug builds (trunk serve) are left alone: the app prints the first paint itself.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadFirstModuleFirst } from './first-paint-lib.mjs';
import { gzipSize, kb, only, run } from './hook-tools.mjs';

const NAME = 'first-paint';
const APP = 'gpu-cost-lab';

try {
  main();
} catch (e) {
  console.error(`first-paint.mjs: ${e.message}`);
  process.exitCode = 1;
}

function main() {
  const dir = process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error('TRUNK_STAGING_DIR is not set (run it as a Trunk hook)');
  if (process.env.TRUNK_PROFILE !== 'release') return;

  const source = process.env.TRUNK_SOURCE_DIR ?? process.cwd();
  const targetDir = path.resolve(source, process.env.CARGO_TARGET_DIR ?? 'target');
  run('cargo', ['build', '--release', '--locked', '--target', 'wasm32-unknown-unknown', '-p', NAME, '--bin', NAME], {
    cwd: source,
  });
  const linked = path.join(targetDir, 'wasm32-unknown-unknown', 'release', `${NAME}.wasm`);

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gpucost-first-'));
  try {
    run('wasm-bindgen', ['--target', 'web', '--no-typescript', '--out-dir', work, '--out-name', NAME, linked]);
    const optimized = path.join(work, 'opt.wasm');
    run('wasm-opt', ['-Oz', '--strip-producers', path.join(work, `${NAME}_bg.wasm`), '-o', optimized]);

    const js = fs.readFileSync(path.join(work, `${NAME}.js`));
    const wasm = fs.readFileSync(optimized);
    const h = createHash('sha256').update(js).update(wasm).digest('hex').slice(0, 16);
    const first = { js: `${NAME}-${h}.js`, wasm: `${NAME}-${h}_bg.wasm` };
    fs.writeFileSync(path.join(dir, first.js), js);
    fs.writeFileSync(path.join(dir, first.wasm), wasm);

    const app = {
      js: only(fs.readdirSync(dir).filter((f) => new RegExp(`^${APP}-[0-9a-f]+\\.js$`).test(f)), "app's glue file"),
      wasm: only(fs.readdirSync(dir).filter((f) => new RegExp(`^${APP}-[0-9a-f]+_bg\\.wasm$`).test(f)), "app's module file"),
    };
    const htmlFile = path.join(dir, 'index.html');
    const sri = (file) => `sha384-${createHash('sha384').update(fs.readFileSync(path.join(dir, file))).digest('base64')}`;
    fs.writeFileSync(
      htmlFile,
      loadFirstModuleFirst(fs.readFileSync(htmlFile, 'utf8'), process.env.TRUNK_PUBLIC_URL, app, first, sri),
    );

    const gz = (f) => gzipSize(dir, f);
    console.log(
      `first-paint.mjs: the first module ${kb(gz(first.wasm))} gzip (glue ${kb(gz(first.js))}), loaded before the app's ${kb(gz(app.wasm))}`,
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
