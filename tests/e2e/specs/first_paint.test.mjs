// The first paint (issue 29, crates/first-paint, src/start.rs): a calculator link's result is
// printed as plain HTML by the page's first module, before the app's module is fetched, then the
// app takes the page over. Its numbers are the app's, a hostile link prints inert in it, it
// needs nothing of the app's module, and without the first module the app prints it itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, painted } from '../lib/fixture.mjs';

const app = useApp();
/** The app's main module and the first module, as scripts/split.mjs and first-paint.mjs name them. */
const APP_MODULE = /\/gpu-cost-lab-[0-9a-f]+_bg\.wasm$/;
const FIRST_MODULE = /\/first-paint-[0-9a-f]+_bg\.wasm$/;

/** Init script: the first paint's headline and row totals when it first appears. */
function recordFirstPaint() {
  new MutationObserver((_, obs) => {
    const total = document.querySelector('[data-testid=first-total]');
    if (!total) return;
    window.__firstPaint = {
      total: total.textContent,
      who: document.querySelector('[data-testid=first-headline] .who').textContent,
      rows: [...document.querySelectorAll('[data-testid=first-row-total]')].map((td) => [td.closest('tr').dataset.seller, td.textContent]),
    };
    obs.disconnect();
  }).observe(document, { childList: true, subtree: true });
}

for (const query of ['?preset=dev-test&lang=en&cur=CNY', '?preset=custom&lang=zh', '?l=V100*4&h=72&cp=~mine:V100:od:0.01:CNY&ovh=lots&lang=en']) {
  test(`the first paint shows the numbers the app then shows (${query})`, async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript(recordFirstPaint);
    await page.goto(app.server.url + query);
    await page.waitForSelector('main#main [data-testid=headline]', { timeout: 20000 });
    await painted(page);
    const first = await page.evaluate(() => window.__firstPaint);
    assert.ok(first, 'a first paint was shown');
    assert.equal(first.total, await page.getByTestId('cheapest-total').textContent());
    assert.equal(first.who, await page.getByTestId('cheapest-provider').textContent());
    const rows = await page.$$eval('table.comparison tr[data-seller] [data-testid=row-total]', (tds) =>
      tds.map((td) => [td.closest('tr').dataset.seller, td.textContent]),
    );
    assert.deepEqual(first.rows, rows);
    assert.equal(await page.locator('#first-paint, #boot').count(), 0, 'the app replaced the first paint');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/** Init script: what the first paint holds when it first appears (before the app replaces it). */
function inspectFirstPaint() {
  new MutationObserver((_, obs) => {
    const paint = document.getElementById('first-paint');
    if (!paint) return;
    window.__firstPaint = {
      who: paint.querySelector('[data-testid=first-headline] .who')?.textContent,
      live: paint.querySelectorAll('img, script, iframe, [onerror], [onmouseover]').length,
      notice: paint.querySelector('.notice')?.textContent ?? '',
    };
    obs.disconnect();
  }).observe(document, { childList: true, subtree: true });
}

const NAME = '<img src=x onerror="window.__pwned=1">';
const SCRIPT = '"><script>window.__pwned=1</script>';
const HOSTILE = `?lang=en&l=T4*1&h=10&cp=~${encodeURIComponent(NAME)}:T4:od:0.01:USD&h=${encodeURIComponent(SCRIPT)}&${encodeURIComponent(SCRIPT)}=${encodeURIComponent(NAME)}`;

/** A context whose pages record dialogs (an alert would be script from the link). */
async function watchedPage() {
  const context = await app.browser.newContext();
  const page = await context.newPage();
  const dialogs = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    d.dismiss();
  });
  return { context, page, dialogs };
}

test('a hostile link prints inert in the first paint, as in the app after it', async () => {
  const { context, page, dialogs } = await watchedPage();
  await page.addInitScript(inspectFirstPaint);
  await page.goto(app.server.url + HOSTILE);
  await page.waitForSelector('main#main [data-testid=headline]', { timeout: 20000 });
  await painted(page);
  const first = await page.evaluate(() => window.__firstPaint);
  assert.ok(first, 'a first paint was shown');
  assert.equal(first.who, NAME, 'the name is shown as text');
  assert.equal(first.live, 0, 'no element or handler from the link');
  assert.match(first.notice, /ignored/, 'the notice names the rejected parameters');
  assert.equal(await page.getByTestId('cheapest-provider').textContent(), NAME, 'the app shows the same name');
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.deepEqual(dialogs, []);
  await context.close();
});

test("the first paint needs nothing of the app's module: it is printed, inert, when that cannot be fetched", async () => {
  const { context, page, dialogs } = await watchedPage();
  const fetched = [];
  page.on('request', (r) => fetched.push(r.url()));
  await page.route(APP_MODULE, (route) => route.abort());
  await page.goto(app.server.url + HOSTILE);
  await page.waitForSelector('[data-testid=first-headline]', { timeout: 20000 });
  assert.ok(fetched.some((u) => FIRST_MODULE.test(u)), `the first module was fetched: ${fetched.join(' ')}`);
  assert.equal(await page.locator('[data-testid=first-headline] .who').textContent(), NAME);
  assert.equal(await page.locator('#first-paint img, #first-paint script').count(), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.deepEqual(dialogs, []);
  assert.equal(await page.locator('main#main').count(), 0, 'the app did not mount');
  await context.close();
});

test('without the first module the app prints the first paint itself and takes over', async () => {
  const { context, page, dialogs } = await watchedPage();
  await page.addInitScript(inspectFirstPaint);
  await page.route(FIRST_MODULE, (route) => route.abort());
  await page.goto(app.server.url + HOSTILE);
  await page.waitForSelector('main#main [data-testid=headline]', { timeout: 20000 });
  const first = await page.evaluate(() => window.__firstPaint);
  assert.ok(first, 'a first paint was shown');
  assert.equal(first.who, NAME);
  assert.equal(first.live, 0);
  assert.equal(await page.getByTestId('cheapest-provider').textContent(), NAME);
  assert.deepEqual(dialogs, []);
  await context.close();
});

test("the app's module is fetched once the first paint is printed, not beside the first module", async () => {
  const context = await app.browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    new MutationObserver((_, obs) => {
      if (!document.getElementById('first-paint')) return;
      window.__firstPaintAt = performance.now();
      obs.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(app.server.url + '?preset=short-training&lang=en');
  await page.waitForSelector('main#main [data-testid=headline]', { timeout: 20000 });
  const { paintedAt, appFetchedAt } = await page.evaluate((source) => {
    const appModule = new RegExp(source);
    const entry = performance.getEntriesByType('resource').find((e) => appModule.test(e.name));
    return { paintedAt: window.__firstPaintAt, appFetchedAt: entry?.startTime };
  }, APP_MODULE.source);
  assert.ok(paintedAt !== undefined && appFetchedAt !== undefined, `both happened (${paintedAt}, ${appFetchedAt})`);
  assert.ok(appFetchedAt >= paintedAt, `the app's module was asked for at ${appFetchedAt} ms, the first paint came at ${paintedAt} ms`);
  await context.close();
});

// Side by side (1280), one column on a tablet or laptop (1024) and on a phone (360): in one
// column the form used to arrive above the results and push them out of view (0.35-0.55).
for (const [query, width, height] of [
  ['?preset=short-training&lang=en', 1280, 720],
  ['?preset=custom&lang=zh', 1280, 720],
  ['?preset=custom&lang=zh', 1024, 768],
  ['?preset=traffic-spike&lang=en', 1024, 768],
  ['?preset=custom&lang=en', 360, 780],
]) {
  test(`nothing moves when the app takes over and its later parts arrive (${query}, ${width}×${height})`, async () => {
    const context = await app.browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(app.server.url + query);
    // The app, its export bar and the form: every part that used to push the results down.
    await page.waitForSelector('main#main [data-testid=headline]', { timeout: 20000 });
    await page.waitForSelector('[data-testid=export-csv]', { timeout: 20000 });
    await page.waitForSelector('.inputs .lines', { timeout: 20000 });
    await painted(page);
    const shifts = await page.evaluate(() => window.__shifts);
    const cls = shifts.reduce((a, b) => a + b, 0);
    // The loading line giving way to the first paint shifts ~0.012; the promise line and the
    // export bar arriving above the results shifted 0.2-0.5 before their places were held.
    assert.ok(cls <= 0.1, `layout shift ${cls.toFixed(3)} (${shifts.map((s) => s.toFixed(3)).join(', ')})`);
    await context.close();
  });
}
