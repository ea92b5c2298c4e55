// The release build's post-build splitting (scripts/split.mjs, its pure half scripts/split-lib.mjs)
// for any public URL (issue 29): Trunk's documented `--public-url /tools/gpu-cost/` used to fail
// the build. The first tests run the rewriting on fixtures; the contract test runs the real
// splitter on the release build's linked module and checks that what the hook reads from its
// loader is every split point the source declares; the last ones open a build made with
// `--public-url /tools/gpu-cost/` (scripts/test.sh builds it) in Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useApp, painted } from '../lib/fixture.mjs';
import { startServer, SUB_PATH, SUB_PATH_DIST } from '../lib/server.mjs';
import {
  assetUrl,
  calculatorModules,
  catchModuleFetches,
  readLoader,
  rewriteIndexHtml,
} from '../../../scripts/split-lib.mjs';
import { loadFirstModuleFirst } from '../../../scripts/first-paint-lib.mjs';

const app = useApp();
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** index.html as Trunk writes it for a release build under `publicUrl`. */
function trunkHtml(publicUrl) {
  const u = (f) => assetUrl(publicUrl, f);
  return [
    `<link rel="stylesheet" href="${u('style-aaaa.css')}" integrity="sha384-style"/>`,
    `<link rel="modulepreload" href="${u('gpu-cost-lab-1111.js')}" crossorigin="anonymous" integrity="sha384-oldjs">`,
    `<link rel="preload" href="${u('gpu-cost-lab-1111_bg.wasm')}" crossorigin="anonymous" integrity="sha384-oldwasm" as="fetch" type="application/wasm">`,
    `<script type="module">import init, * as bindings from '${u('gpu-cost-lab-1111.js')}';`,
    `const wasm = await init({ module_or_path: '${u('gpu-cost-lab-1111_bg.wasm')}' });</script>`,
  ].join('\n');
}

const RENAMES = { 'gpu-cost-lab-1111.js': 'gpu-cost-lab-2222.js', 'gpu-cost-lab-1111_bg.wasm': 'gpu-cost-lab-2222_bg.wasm' };

for (const publicUrl of ['./', '/', '/tools/gpu-cost/', 'https://docs.example.com/tools/gpu-cost/', undefined]) {
  test(`index.html names the split files under the public URL ${publicUrl ?? '(unset)'}`, () => {
    const html = rewriteIndexHtml(trunkHtml(publicUrl), publicUrl, RENAMES, (f) => `sha384-of-${f}`);
    const base = publicUrl ?? './';
    assert.ok(!html.includes('1111'), `no reference to Trunk's files is left:\n${html}`);
    assert.equal(html.split(`${base}gpu-cost-lab-2222.js`).length - 1, 2, 'the preload and the import');
    assert.ok(html.includes(`module_or_path: '${base}gpu-cost-lab-2222_bg.wasm'`));
    assert.ok(html.includes('integrity="sha384-of-gpu-cost-lab-2222.js"'));
    assert.ok(html.includes('integrity="sha384-of-gpu-cost-lab-2222_bg.wasm"'));
    assert.ok(html.includes('integrity="sha384-style"'), "a file the split does not touch keeps Trunk's hash");
  });
}

test('a public URL without its final slash names the same files as with it', () => {
  const withSlash = rewriteIndexHtml(trunkHtml('/tools/gpu-cost/'), '/tools/gpu-cost/', RENAMES, (f) => f);
  assert.equal(rewriteIndexHtml(trunkHtml('/tools/gpu-cost/'), '/tools/gpu-cost', RENAMES, (f) => f), withSlash);
});

test('the hook refuses an index.html that does not name the files it replaces', () => {
  assert.throws(
    () => rewriteIndexHtml(trunkHtml('/elsewhere/'), '/tools/gpu-cost/', RENAMES, (f) => f),
    /expected "\/tools\/gpu-cost\/gpu-cost-lab-1111\.js" in index\.html/,
  );
});

const APP_FILES = { js: 'gpu-cost-lab-2222.js', wasm: 'gpu-cost-lab-2222_bg.wasm' };
const FIRST_FILES = { js: 'first-paint-3333.js', wasm: 'first-paint-3333_bg.wasm' };

for (const publicUrl of ['./', '/tools/gpu-cost/', 'https://docs.example.com/tools/gpu-cost/', undefined]) {
  test(`index.html loads the first module before the app under the public URL ${publicUrl ?? '(unset)'}`, () => {
    const split = rewriteIndexHtml(trunkHtml(publicUrl), publicUrl, RENAMES, (f) => `sha384-of-${f}`);
    const html = loadFirstModuleFirst(split, publicUrl, APP_FILES, FIRST_FILES, (f) => `sha384-of-${f}`);
    const base = publicUrl ?? './';
    assert.ok(!/rel="preload" href="[^"]*gpu-cost-lab/.test(html), `the app's module is not preloaded:\n${html}`);
    assert.ok(html.includes(`<link rel="preload" href="${base}first-paint-3333_bg.wasm" crossorigin="anonymous" integrity="sha384-of-first-paint-3333_bg.wasm" as="fetch"`));
    assert.ok(html.includes(`<link rel="modulepreload" href="${base}first-paint-3333.js"`));
    assert.ok(html.includes(`import paintFirst from '${base}first-paint-3333.js';`));
    const paintAt = html.indexOf('await paintFirst(');
    const appAt = html.indexOf('const wasm = await init(');
    assert.ok(paintAt > 0 && paintAt < appAt, 'the first module runs before the app starts');
    assert.ok(html.includes(`fetch('${base}first-paint-3333_bg.wasm', { integrity: 'sha384-of-first-paint-3333_bg.wasm' })`), 'the same request as the preload');
    assert.ok(html.includes(`module_or_path: '${base}gpu-cost-lab-2222_bg.wasm'`), 'the app starts as before');
  });
}

test('the first module hook refuses an index.html that does not load the app as it expects', () => {
  const split = rewriteIndexHtml(trunkHtml('./'), './', RENAMES, (f) => f);
  assert.throws(() => loadFirstModuleFirst(split, '/elsewhere/', APP_FILES, FIRST_FILES, (f) => f), /expected a preload of \/elsewhere\/gpu-cost-lab-2222_bg\.wasm/);
  const noInit = split.replace('const wasm = await init(', 'await init(');
  assert.throws(() => loadFirstModuleFirst(noInit, './', APP_FILES, FIRST_FILES, (f) => f), /const wasm = await init\(/);
});

/** The split modules the source declares: `part! { in <module>; … }` at the start of a line in
 * src/ (not the macro's own doc comment, which shows the form), and the split points of every
 * split build written with the attribute itself (`cfg_attr(gpucost_split, …wasm_split(m, …))`). */
function declaredModules() {
  const found = new Set();
  for (const entry of fs.readdirSync(path.join(ROOT, 'src'), { recursive: true })) {
    if (!entry.endsWith('.rs')) continue;
    const text = fs.readFileSync(path.join(ROOT, 'src', entry), 'utf8');
    for (const m of text.matchAll(/^part! \{\s*in ([a-z_]+);/gm)) found.add(m[1]);
    for (const m of text.matchAll(/cfg_attr\(\s*gpucost_split,\s*leptos::wasm_split::wasm_split\(([a-z_]+),/g)) found.add(m[1]);
  }
  return found;
}

test("contract: the hook reads every split point the source declares from the real splitter's loader", () => {
  const linked = path.join(ROOT, 'target/wasm32-unknown-unknown/release/gpu-cost-lab.wasm');
  assert.ok(fs.existsSync(linked), `the release build's linked module (trunk build --release) at ${linked}`);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'split-contract-'));
  try {
    execFileSync('wasm-split-cli', ['--target', 'web', '--out-name', 'gpu-cost-lab', linked, out], { stdio: 'pipe' });
    const loader = fs.readFileSync(path.join(out, '__wasm_split.js'), 'utf8');
    const { modules, chunks } = readLoader(loader);

    const declared = declaredModules();
    assert.ok(declared.size >= 4, `the source declares its parts (${[...declared]})`);
    assert.deepEqual(new Set(modules.map((m) => m.module)), declared);
    const files = new Set(fs.readdirSync(out));
    for (const { module, file } of modules) assert.ok(files.has(file), `${module}'s file ${file} was written`);
    for (const [chunk, file] of chunks) if (file) assert.ok(files.has(file), `${chunk}'s file ${file} was written`);

    const modulesOut = [...files].filter((f) => f.endsWith('.wasm') && f !== 'gpu-cost-lab.wasm');
    const caught = catchModuleFetches(loader, modulesOut.length);
    assert.equal(caught.split('src.catch(() => {});').length - 1, modulesOut.length);

    const calculator = calculatorModules(loader);
    const onDemand = modules.filter((m) => m.module.startsWith('ondemand_'));
    assert.ok(onDemand.length >= 1 && calculator.size >= 1);
    for (const { file } of onDemand) assert.ok(!calculator.has(file), `${file} waits until its part is opened`);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});

test('a build with --public-url /tools/gpu-cost/ names its split files under that path', () => {
  const html = fs.readFileSync(path.join(SUB_PATH_DIST, 'index.html'), 'utf8');
  const named = [...html.matchAll(/\/tools\/gpu-cost\/(gpu-cost-lab-[0-9a-f]+(?:_bg\.wasm|\.js))/g)].map((m) => m[1]);
  assert.ok(named.length >= 3, `index.html names the module and its glue under the path:\n${html}`);
  for (const f of named) assert.ok(fs.existsSync(path.join(SUB_PATH_DIST, f)), `${f} is in the build`);
  assert.ok(fs.readdirSync(SUB_PATH_DIST).some((f) => f.endsWith('-split.js')), 'the build is split');
  const first = [...html.matchAll(/\/tools\/gpu-cost\/(first-paint-[0-9a-f]+(?:_bg\.wasm|\.js))/g)].map((m) => m[1]);
  assert.equal(new Set(first).size, 2, `index.html loads the first module's glue and module under the path:\n${html}`);
  for (const f of first) assert.ok(fs.existsSync(path.join(SUB_PATH_DIST, f)), `${f} is in the build`);
});

test('the page built for /tools/gpu-cost/ shows its first number there, then opens a part fetched on demand', async () => {
  const server = await startServer({ root: SUB_PATH_DIST });
  try {
    const context = await app.browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const link = '?preset=short-training&cur=CNY&lang=zh';
    const headline = async (url) => {
      await page.goto(url);
      await page.waitForSelector('[data-testid=headline]', { timeout: 20000 });
      await painted(page);
      return page.getByTestId('headline').textContent();
    };
    const atRoot = await headline(`${app.server.url}${link}`);
    assert.match(atRoot, /¥/);
    server.requests.length = 0;
    assert.equal(await headline(`${server.subUrl}${link}`), atRoot, 'the same first number as the default build');

    await page.goto(`${server.subUrl}?view=catalog&lang=en`);
    await page.waitForSelector('[data-testid=offers]', { timeout: 20000 });
    const outside = server.requests.filter((r) => !r.startsWith(SUB_PATH));
    assert.deepEqual(outside, [], 'every file is fetched from the public URL');
    assert.ok(server.requests.some((r) => /-ondemand-.*\.wasm$/.test(r)), 'a module fetched on demand was loaded');
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    await server.close();
  }
});
