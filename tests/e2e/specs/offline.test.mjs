// The service worker (public/sw.js, filled in by scripts/sw.mjs): after one visit the page
// works with the network off, a second visit is answered from the cache, nothing ever goes to
// another origin, and a new build replaces the old cache. The first tests run the generated
// worker in Node against a fake cache; the others drive the real dist/ in Chromium.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { useApp, painted } from '../lib/fixture.mjs';
import { startServer, DIST } from '../lib/server.mjs';

const app = useApp();
const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../..');
const TEMPLATE = path.join(ROOT, 'public/sw.js');
const temporary = [];
after(() => temporary.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** Runs scripts/sw.mjs on `dir` as Trunk would after a build with `profile`. */
function postBuild(dir, profile = 'release') {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/sw.mjs')], {
    env: { ...process.env, TRUNK_STAGING_DIR: dir, TRUNK_PROFILE: profile },
    stdio: 'pipe',
  });
}

/** The BUILD constant of a generated sw.js. */
function buildOf(source) {
  const m = source.match(/^const BUILD = (.*);$/m);
  assert.ok(m, 'sw.js declares BUILD');
  return JSON.parse(m[1]);
}

/** A small fake build, as Trunk writes it to its staging directory. */
function fakeBuild() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-build-'));
  temporary.push(dir);
  fs.mkdirSync(path.join(dir, 'snippets/app-0123'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!DOCTYPE html><title>v1</title>');
  fs.writeFileSync(path.join(dir, 'app-1111111111111111.js'), 'export default 1;');
  fs.writeFileSync(path.join(dir, 'app-1111111111111111_bg.wasm'), Buffer.from([0, 97, 115, 109]));
  fs.writeFileSync(path.join(dir, 'style-2222222222222222.css'), 'body{}');
  fs.writeFileSync(path.join(dir, 'snippets/app-0123/inline0.js'), 'export {};');
  fs.writeFileSync(path.join(dir, 'app-1111111111111111-ondemand-catalog_page_1.wasm'), Buffer.from([0, 97, 115, 109]));
  fs.copyFileSync(TEMPLATE, path.join(dir, 'sw.js'));
  return dir;
}

/**
 * Loads a sw.js into a sandbox with a fake CacheStorage and network, registered at `scope` on
 * http://app.test. Returns the sandbox's handles: events to fire, caches to inspect.
 */
function loadWorker(source, scope = 'http://app.test/tools/gpu-cost/', seed = {}, { failing = [], saveData = false } = {}) {
  const listeners = {};
  const store = new Map();
  for (const [name, urls] of Object.entries(seed)) store.set(name, new Map(urls.map((u) => [u, new Response('old')])));
  const fetched = [];
  const state = { unregistered: false, skippedWaiting: false };
  const caches = {
    keys: async () => [...store.keys()],
    delete: async (name) => store.delete(name),
    open: async (name) => {
      if (!store.has(name)) store.set(name, new Map());
      const entries = store.get(name);
      return {
        put: async (url, response) => void entries.set(String(url), response),
        match: async (key) => entries.get(String(key))?.clone(),
      };
    },
  };
  const self = {
    location: new URL('sw.js', scope),
    registration: {
      scope,
      unregister: async () => void (state.unregistered = true),
    },
    skipWaiting: async () => void (state.skippedWaiting = true),
    addEventListener: (type, fn) => void (listeners[type] = fn),
    navigator: { connection: { saveData } },
  };
  const network = async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input.url;
    fetched.push({ url, cache: init.cache });
    if (failing.includes(url)) return new Response('busy', { status: 503 });
    return new Response(`network ${url}`, { status: 200 });
  };
  vm.runInNewContext(source, { self, caches, fetch: network, URL, Response, Request, Set, Promise });
  /** Fires an extendable event; resolves once everything it waited on has settled. */
  const fire = async (type, fields = {}) => {
    const waits = [];
    let responded = null;
    const event = { ...fields, waitUntil: (p) => waits.push(p), respondWith: (p) => (responded = p) };
    listeners[type]?.(event);
    await Promise.all(waits);
    return responded;
  };
  return { listeners, store, fetched, state, fire };
}

test('sw.mjs writes the build’s files and a version that changes with any file', () => {
  const dir = fakeBuild();
  postBuild(dir);
  const first = buildOf(fs.readFileSync(path.join(dir, 'sw.js'), 'utf8'));
  assert.match(first.version, /^[0-9a-f]{16}$/);
  assert.deepEqual(first.files, [
    'app-1111111111111111.js',
    'app-1111111111111111_bg.wasm',
    'snippets/app-0123/inline0.js',
    'style-2222222222222222.css',
  ]);
  assert.deepEqual(first.later, ['app-1111111111111111-ondemand-catalog_page_1.wasm'], 'on-demand modules are not cached at install');

  const again = fakeBuild();
  fs.writeFileSync(path.join(again, 'index.html'), '<!DOCTYPE html><title>v2</title>');
  postBuild(again);
  const second = buildOf(fs.readFileSync(path.join(again, 'sw.js'), 'utf8'));
  assert.notEqual(second.version, first.version, 'a changed index.html is a new version');

  const debug = fakeBuild();
  postBuild(debug, 'debug');
  const kept = fs.readFileSync(path.join(debug, 'sw.js'), 'utf8');
  assert.equal(kept, fs.readFileSync(TEMPLATE, 'utf8'), 'debug builds keep the template');
});

test('the released dist/sw.js names exactly the files of dist/ the page loads', () => {
  const names = fs
    .readdirSync(DIST, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(DIST, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((f) => f !== 'sw.js' && f !== 'index.html')
    .sort();
  const build = buildOf(fs.readFileSync(path.join(DIST, 'sw.js'), 'utf8'));
  // The spend review's worker and the modules of the parts the calculator does not build by
  // itself are "later": the page fetches them when opened, the worker caches them after the rest.
  const onDemand = names.filter((f) => f.startsWith('review-worker') || f.includes('-ondemand-'));
  assert.deepEqual(onDemand.filter((f) => f.startsWith('review-worker')), ['review-worker.js', 'review-worker_bg.wasm', 'review-worker_loader.js']);
  if (names.some((f) => f.endsWith('-split.js'))) {
    for (const part of ['catalog_page', 'review_page', 'more_settings']) {
      assert.ok(onDemand.some((f) => new RegExp(`-ondemand-${part}[_.]`).test(f)), `${part} is a later part`);
    }
    for (const part of ['calculator', 'scenario_form']) {
      assert.ok(build.files.some((f) => new RegExp(`-[0-9a-f]{16}-${part}[_.]`).test(f)), `${part} is cached at install`);
    }
  }
  assert.deepEqual(build.files, names.filter((f) => !onDemand.includes(f)));
  assert.deepEqual(build.later, onDemand);
  for (const ext of ['.js', '.wasm', '.css']) assert.ok(names.some((f) => f.endsWith(ext)), `a ${ext} file in dist/`);
});

test('the worker caches its build on install and deletes only its own older caches on activate', async () => {
  const dir = fakeBuild();
  postBuild(dir);
  const source = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
  const { version, files, later } = buildOf(source);
  const scope = 'http://app.test/tools/gpu-cost/';
  const mine = (v) => `gpu-cost-lab ${scope} ${v}`;
  const sw = loadWorker(source, scope, {
    [mine('0000000000000000')]: [scope],
    'gpu-cost-lab http://app.test/other/ 0000000000000000': ['http://app.test/other/'],
    'the-host-site': ['http://app.test/'],
  });

  await sw.fire('install');
  const page = scope;
  // The later parts too, so that they open offline after one visit (issue 28).
  assert.ok(later.length > 0);
  const urls = [page, ...files.map((f) => scope + f), ...later.map((f) => scope + f)];
  assert.deepEqual([...sw.store.get(mine(version)).keys()].sort(), urls.sort());
  assert.equal(sw.fetched.find((f) => f.url === page).cache, 'no-cache', 'the page is revalidated, not taken from the HTTP cache');
  assert.ok(sw.state.skippedWaiting);

  await sw.fire('activate');
  assert.deepEqual([...sw.store.keys()].sort(), [
    'gpu-cost-lab http://app.test/other/ 0000000000000000',
    mine(version),
    'the-host-site',
  ]);
});

test('the worker answers only this build’s files, the page with any query string', async () => {
  const dir = fakeBuild();
  postBuild(dir);
  const scope = 'http://app.test/tools/gpu-cost/';
  const sw = loadWorker(fs.readFileSync(path.join(dir, 'sw.js'), 'utf8'), scope);
  await sw.fire('install');
  sw.fetched.length = 0;
  const answer = async (url, init) => {
    const response = await sw.fire('fetch', { request: new Request(url, init) });
    return response && (await response).text();
  };

  assert.equal(await answer(`${scope}?preset=dev-test&cur=CNY`), `network ${scope}`);
  assert.equal(await answer(`${scope}index.html?preset=dev-test`), `network ${scope}`);
  assert.equal(await answer(`${scope}app-1111111111111111_bg.wasm`), `network ${scope}app-1111111111111111_bg.wasm`);
  assert.equal(sw.fetched.length, 0, 'answered from the cache');

  // A later part was cached at install: answered from the cache too.
  const later = `${scope}app-1111111111111111-ondemand-catalog_page_1.wasm`;
  assert.equal(await answer(later), `network ${later}`);
  assert.equal(sw.fetched.length, 0, 'answered from the cache');

  for (const [url, init] of [
    ['https://cdn.example.com/tools/gpu-cost/app-1111111111111111.js'],
    [`http://app.test/docs/embed-example.html`],
    [`${scope}other.html`],
    [`${scope}app-1111111111111111.js?v=2`],
    [`${scope}?preset=dev-test`, { method: 'POST', body: 'x' }],
  ]) {
    assert.equal(await sw.fire('fetch', { request: new Request(url, init) }), null, `${url} is left to the browser`);
  }
});

test('a later part the install could not fetch, or skipped to save data, is cached when first opened', async () => {
  const dir = fakeBuild();
  postBuild(dir);
  const scope = 'http://app.test/tools/gpu-cost/';
  const later = `${scope}app-1111111111111111-ondemand-catalog_page_1.wasm`;
  for (const options of [{ failing: [later] }, { saveData: true }]) {
    const sw = loadWorker(fs.readFileSync(path.join(dir, 'sw.js'), 'utf8'), scope, {}, options);
    await sw.fire('install');
    assert.ok(sw.state.skippedWaiting, `${JSON.stringify(options)}: the build installs all the same`);
    const [cache] = sw.store.values();
    assert.ok(!cache.has(later), 'not cached at install');
    sw.fetched.length = 0;
    options.failing?.pop();
    const response = await sw.fire('fetch', { request: new Request(later) });
    assert.equal(await (await response).text(), `network ${later}`);
    assert.ok(cache.has(later), 'cached once opened');
  }
});

test('a debug build’s worker removes itself and its caches', async () => {
  const scope = 'http://app.test/';
  const sw = loadWorker(fs.readFileSync(TEMPLATE, 'utf8'), scope, {
    [`gpu-cost-lab ${scope} 1234`]: [scope],
    'the-host-site': [scope],
  });
  await sw.fire('install');
  await sw.fire('activate');
  assert.ok(sw.state.unregistered);
  assert.deepEqual([...sw.store.keys()], ['the-host-site']);
  assert.equal(sw.listeners.fetch, undefined);
});

/** Resolves once the service worker of a page (or frame) is active; fails after `ms`. */
async function workerActive(page, ms = 20000) {
  await page.evaluate(async (ms) => {
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('no service worker became active')), ms));
    const active = (async () => {
      const worker = (await navigator.serviceWorker.ready).active;
      while (worker.state !== 'activated') await new Promise((r) => worker.addEventListener('statechange', r, { once: true }));
    })();
    await Promise.race([active, timeout]);
  }, ms);
}

/** Opens `url` in a new page of `context` and waits for the first result. */
async function visit(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('[data-testid=headline]', { timeout: 20000 });
  await painted(page);
  return { page, errors };
}

for (const where of ['site root', 'sub-path']) {
  test(`after one visit the page works with the network off (${where})`, async () => {
    const base = where === 'site root' ? app.server.url : app.server.subUrl;
    const context = await app.browser.newContext({ locale: 'en-US' });
    const { page, errors } = await visit(context, `${base}?preset=dev-test&lang=en`);
    const online = await page.getByTestId('headline').textContent();
    await workerActive(page);

    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('[data-testid=headline]', { timeout: 20000 });
    assert.equal(await page.getByTestId('headline').textContent(), online);
    // Another link (the scenario is in the query string) opens from the same cached page.
    await page.goto(`${base}?preset=short-training&cur=CNY&lang=en`);
    await page.waitForSelector('[data-testid=headline]', { timeout: 20000 });
    assert.match(await page.getByTestId('cheapest-total').textContent(), /^¥/);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// A new user who opened only the calculator could not open the catalog, the review or the
// folded settings offline (issue 28): the worker now caches them after the build's own files.
test('after one visit, the catalog, the spend review (a bill read) and the folded settings open offline, never opened online', async () => {
  for (const [lang, more] of [['en', 'More settings'], ['zh', '更多设置']]) {
    const context = await app.browser.newContext({ locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
    const { page, errors } = await visit(context, `${app.server.url}?preset=dev-test&lang=${lang}`);
    await workerActive(page);

    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('[data-testid=headline]', { timeout: 20000 });
    await page.getByText(more).click();
    await page.getByTestId('add-discount').waitFor();
    await page.getByTestId('nav-catalog').click();
    await page.getByTestId('row-count').waitFor();
    await page.getByTestId('nav-review').click();
    await page.locator('#review-heading').waitFor();
    await page.getByTestId('review-file').setInputFiles(path.join(ROOT, 'docs/examples/aws-cur-legacy.csv'));
    await page.getByTestId('review-summary').waitFor({ timeout: 30000 });
    assert.equal(await page.getByTestId('part-unavailable').count(), 0);
    assert.deepEqual(errors, [], lang);
    await context.close();
  }
});

test('offline, a part whose code is not cached says it cannot be loaded, the page goes on, and it loads once online', async () => {
  const split = fs.readdirSync(DIST).some((f) => f.endsWith('-split.js'));
  const context = await app.browser.newContext({ locale: 'en-US' });
  const { page, errors } = await visit(context, `${app.server.url}?preset=dev-test&lang=en`);
  await workerActive(page);
  // As if the install could not fetch the catalog browser's code (a flaky network).
  await page.evaluate(async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) if (request.url.includes('-ondemand-catalog_page')) await cache.delete(request);
    }
  });
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('[data-testid=headline]', { timeout: 20000 });
  await page.getByTestId('nav-catalog').click();
  if (split) {
    await page.getByTestId('part-unavailable').waitFor();
  } else {
    await page.getByTestId('row-count').waitFor();
  }
  await page.getByTestId('nav-calc').click();
  await page.waitForSelector('[data-testid=headline]');
  assert.match(await page.getByTestId('headline').textContent(), /\S/);

  // Back online, opening the catalog again fetches it.
  await context.setOffline(false);
  await page.getByTestId('nav-catalog').click();
  await page.getByTestId('row-count').waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('framed by the embedding example, the calculator works and caches itself for its directory', async () => {
  const context = await app.browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(app.server.docsUrl + 'embed-example.html');
  const frame = page.frameLocator('iframe[data-gpu-cost-lab]');
  await frame.getByTestId('headline').waitFor({ timeout: 20000 });
  const calculator = page.frames().find((f) => f.url().startsWith(app.server.subUrl));
  await workerActive(calculator);
  const scope = await calculator.evaluate(async () => (await navigator.serviceWorker.getRegistration()).scope);
  assert.equal(scope, app.server.subUrl, 'the worker covers the calculator, not the host page');
  assert.equal(await page.evaluate(() => navigator.serviceWorker.controller), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a second visit is answered by the service worker, and nothing goes to another origin', async () => {
  const context = await app.browser.newContext({ locale: 'en-US' });
  const origin = new URL(app.server.url).origin;
  const everything = []; // the pages' requests and the worker's own
  context.on('request', (r) => everything.push(r.url()));
  const first = await visit(context, `${app.server.subUrl}?preset=dev-test&cur=CNY&lang=en`);
  await workerActive(first.page);
  await first.page.close();

  const served = app.server.requests.length;
  const page = await context.newPage();
  const own = [];
  page.on('requestfinished', async (r) => {
    if (!/^(blob|data):/.test(r.url())) own.push({ url: r.url(), worker: (await r.response())?.fromServiceWorker() });
  });
  await page.goto(`${app.server.subUrl}?preset=shift-fleet&cur=USD&lang=en`);
  await page.waitForSelector('[data-testid=headline]', { timeout: 20000 });
  await painted(page);
  await page.waitForTimeout(500); // for any request the page or the worker would make late

  const kinds = own.map((r) => path.extname(new URL(r.url).pathname) || 'page');
  for (const kind of ['page', '.js', '.wasm', '.css']) assert.ok(kinds.includes(kind), `second visit loaded a ${kind}: ${kinds}`);
  assert.deepEqual(own.filter((r) => !r.worker), [], 'every request of the second visit came from the service worker');
  const server = app.server.requests.slice(served);
  assert.deepEqual(server.filter((p) => p !== '/tools/gpu-cost/sw.js'), [], 'the server saw only the check for a new sw.js');
  const elsewhere = everything.filter((u) => !/^(blob|data):/.test(u) && new URL(u).origin !== origin);
  assert.deepEqual(elsewhere, [], 'requests to another origin');
  await context.close();
});

test('a new build replaces the old one: served stale once, then fresh, and the old cache is gone', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-dist-'));
  temporary.push(root);
  fs.cpSync(DIST, root, { recursive: true });
  const server = await startServer({ root });
  const context = await app.browser.newContext({ locale: 'en-US' });
  const cacheNames = (page) => page.evaluate(() => caches.keys());
  const newBuild = (page) => page.evaluate(() => document.querySelector('meta[name=test-build]') !== null);
  try {
    const url = `${server.url}?preset=dev-test&lang=en`;
    const first = await visit(context, url);
    await workerActive(first.page);
    const [oldCache] = await cacheNames(first.page);
    assert.match(oldCache, / [0-9a-f]{16}$/);
    await first.page.close();

    // Deploy a new build: another index.html, and the sw.js sw.mjs writes for it.
    const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
    fs.writeFileSync(path.join(root, 'index.html'), html.replace('<head>', '<head><meta name="test-build" content="new" />'));
    fs.copyFileSync(TEMPLATE, path.join(root, 'sw.js'));
    postBuild(root);
    const { version } = buildOf(fs.readFileSync(path.join(root, 'sw.js'), 'utf8'));

    const second = await visit(context, url);
    assert.equal(await newBuild(second.page), false, 'the second visit is answered from the cache at once');
    // Meanwhile the worker found the new sw.js, which caches the new build and drops the old.
    await second.page.evaluate(async (v) => {
      for (let i = 0; i < 200; i++) {
        const names = await caches.keys();
        if (names.length === 1 && names[0].endsWith(` ${v}`)) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`the new build's cache never replaced the old: ${await caches.keys()}`);
    }, version);
    await second.page.close();

    const third = await visit(context, url);
    assert.equal(await newBuild(third.page), true, 'the next visit shows the new build');
    assert.ok(!(await cacheNames(third.page)).includes(oldCache));
    assert.deepEqual([...first.errors, ...second.errors, ...third.errors], []);
  } finally {
    await context.close();
    await server.close();
  }
});
