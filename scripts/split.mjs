// Trunk post-build hook, run first (before csp.mjs and sw.mjs): splits the release page's wasm
// so that the first result waits only for the code it needs (issue 16).
//
// A release build marks the functions of src/pages/later.rs and src/pages/calc/later.rs as
// split points (build.rs). Trunk has no step for splitting (trunk-rs/trunk#1022), so this hook
// redoes its last steps from Cargo's linked module, which keeps the relocations the splitter
// needs:
//   1. wasm-split-cli (crate wasm_split_cli_support) cuts it into the main module, one module
//      per split point and shared chunks, plus the JavaScript that loads them on demand;
//   2. wasm-bindgen writes the main module's glue, keeping the linker's exports the chunks use;
//   3. wasm-opt -Oz (the npm package binaryen, as Trunk uses) shrinks every module;
//   4. every file gets the build's content hash in its name, and index.html (its module script,
//      preloads and their integrity hashes) names the new files in place of Trunk's, under the
//      build's public URL (`--public-url`, TRUNK_PUBLIC_URL), whatever it is.
// A build without split points (no `gpucost_split`) is left as Trunk wrote it. What this reads
// from generated files is in scripts/split-lib.mjs, tested on the real splitter's output.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSize, kb, only, run } from './hook-tools.mjs';
import { ON_DEMAND, calculatorModules, catchModuleFetches, rewriteIndexHtml } from './split-lib.mjs';

const NAME = 'gpu-cost-lab';
const PLACEHOLDER = '__wasm_split_placeholder__';

try {
  main();
} catch (e) {
  console.error(`split.mjs: ${e.message}`);
  process.exitCode = 1;
}

function main() {
  const dir = process.env.TRUNK_STAGING_DIR;
  if (!dir) fail('TRUNK_STAGING_DIR is not set (run it as a Trunk hook)');
  if (process.env.TRUNK_PROFILE !== 'release') return;

  const source = process.env.TRUNK_SOURCE_DIR ?? process.cwd();
  const targetDir = path.resolve(source, process.env.CARGO_TARGET_DIR ?? 'target');
  const linked = path.join(targetDir, 'wasm32-unknown-unknown', 'release', `${NAME}.wasm`);
  if (!fs.existsSync(linked)) fail(`no linked module at ${linked}`);
  if (!fs.readFileSync(linked).includes(PLACEHOLDER)) {
    console.log('split.mjs: the module has no split points; left as Trunk built it');
    return;
  }

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gpucost-split-'));
  try {
    const splitDir = path.join(work, 'split');
    const glueDir = path.join(work, 'glue');
    const outDir = path.join(work, 'out');
    for (const d of [splitDir, glueDir, outDir]) fs.mkdirSync(d);

    run('wasm-split-cli', ['--target', 'web', '--out-name', NAME, linked, splitDir]);
    run('wasm-bindgen', [
      '--target', 'web', '--keep-lld-exports', '--no-typescript',
      '--out-dir', glueDir, '--out-name', NAME, path.join(splitDir, `${NAME}.wasm`),
    ]);

    // Every output file under its final role: the main glue and module, the loader, the chunks.
    // -Oz as Trunk runs it; the producers section (which tools made the file) is of no use to
    // the page, and with one module per part it would be sent thirty times.
    // GPUCOST_WASM_NAMES=1 keeps the name section (-g), for a profile that names functions
    // (bench/recompute-profile.mjs); the files are then about twice as large.
    const names = process.env.GPUCOST_WASM_NAMES === '1' ? ['-g'] : [];
    const wasmOpt = (from, to) => run('wasm-opt', ['-Oz', ...names, '--strip-producers', from, '-o', to]);
    wasmOpt(path.join(glueDir, `${NAME}_bg.wasm`), path.join(outDir, 'main.wasm'));
    fs.copyFileSync(path.join(glueDir, `${NAME}.js`), path.join(outDir, 'main.js'));
    fs.copyFileSync(path.join(splitDir, '__wasm_split.js'), path.join(outDir, 'loader.js'));
    const chunks = fs.readdirSync(splitDir).filter((f) => f.endsWith('.wasm') && f !== `${NAME}.wasm`);
    for (const chunk of chunks) wasmOpt(path.join(splitDir, chunk), path.join(outDir, chunk));

    // One hash over everything: the main glue names the loader, which names the main glue and the
    // chunks, so no file's name can depend on its own content alone. Any change renames them all.
    const hash = createHash('sha256');
    for (const f of fs.readdirSync(outDir).sort()) hash.update(f).update(fs.readFileSync(path.join(outDir, f)));
    const h = hash.digest('hex').slice(0, 16);
    const finalName = {
      'main.js': `${NAME}-${h}.js`,
      'main.wasm': `${NAME}-${h}_bg.wasm`,
      'loader.js': `${NAME}-${h}-split.js`,
    };
    // A split module whose name starts with ON_DEMAND (`part! { in ondemand_…; … }`,
    // src/parts.rs) is fetched only when a visitor opens its part; every other one on every
    // calculator visit, right after the first result. The files only the other parts load are
    // named "-ondemand-": the service worker caches them after the build's own (scripts/sw.mjs).
    const calculator = calculatorModules(fs.readFileSync(path.join(outDir, 'loader.js'), 'utf8'));
    for (const chunk of chunks) {
      const role = calculator.has(chunk) ? '' : 'ondemand-';
      finalName[chunk] = `${NAME}-${h}-${role}${chunk.replace(/^split_/, '').replace(ON_DEMAND, '')}`;
    }

    // The loader imports the main glue and fetches the chunks; the main glue imports the loader.
    let loader = replaceAll(fs.readFileSync(path.join(outDir, 'loader.js'), 'utf8'), [
      [`"./${NAME}.js"`, `"./${finalName['main.js']}"`],
      ...chunks.map((c) => [`"./${c}"`, `"./${finalName[c]}"`]),
    ]);
    loader = catchModuleFetches(loader, chunks.length);
    // Only the import statements: the import object keeps the module name the wasm asks for.
    const glue = replaceAll(fs.readFileSync(path.join(outDir, 'main.js'), 'utf8'), [
      ['from "./__wasm_split.js"', `from "./${finalName['loader.js']}"`],
    ]);
    fs.writeFileSync(path.join(outDir, 'loader.js'), loader);
    fs.writeFileSync(path.join(outDir, 'main.js'), glue);

    // Trunk's one-module files give way to the split ones.
    const trunkJs = only(fs.readdirSync(dir).filter((f) => new RegExp(`^${NAME}-[0-9a-f]+\\.js$`).test(f)), 'glue file from Trunk');
    const trunkWasm = only(fs.readdirSync(dir).filter((f) => new RegExp(`^${NAME}-[0-9a-f]+_bg\\.wasm$`).test(f)), 'module file from Trunk');
    fs.rmSync(path.join(dir, trunkJs));
    fs.rmSync(path.join(dir, trunkWasm));
    for (const [from, to] of Object.entries(finalName)) fs.copyFileSync(path.join(outDir, from), path.join(dir, to));

    // Subresource integrity of the preloads, as Trunk wrote it for its own files.
    const htmlFile = path.join(dir, 'index.html');
    const sri = (file) => `sha384-${createHash('sha384').update(fs.readFileSync(path.join(dir, file))).digest('base64')}`;
    const html = rewriteIndexHtml(
      fs.readFileSync(htmlFile, 'utf8'),
      process.env.TRUNK_PUBLIC_URL,
      { [trunkJs]: finalName['main.js'], [trunkWasm]: finalName['main.wasm'] },
      sri,
    );
    fs.writeFileSync(htmlFile, html);

    const gz = (f) => gzipSize(dir, f);
    const sum = (list) => list.reduce((total, c) => total + gz(finalName[c]), 0);
    const opened = chunks.filter((c) => !calculator.has(c));
    console.log(
      `split.mjs: first load ${kb(gz(finalName['main.wasm']))} gzip; after it, ${calculator.size} modules ` +
        `of the calculator (${kb(sum([...calculator]))}) and ${opened.length} fetched when their part is opened (${kb(sum(opened))})`,
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function replaceAll(text, pairs) {
  for (const [from, to] of pairs) {
    if (!text.includes(from)) fail(`expected "${from}" in a generated file; has the splitter's output changed?`);
    text = text.split(from).join(to);
  }
  return text;
}

function fail(message) {
  throw new Error(message);
}
