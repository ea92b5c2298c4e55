// The first paint (issue 29, src/start.rs): a calculator link's result is printed as plain HTML
// before the app renders, then the app takes the page over. Its numbers are the app's, a
// hostile link prints inert in it, and in a build that splits the app off (GPUCOST_SPLIT_APP=1)
// it stays when the app's module cannot be fetched, with the crash notice offering a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { useApp, painted } from '../lib/fixture.mjs';
import { DIST } from '../lib/server.mjs';

const app = useApp();
/** The app's own module in a build that splits it off, as scripts/split.mjs names it. */
const APP_MODULE = /-app(?:_\d+)?\.wasm$/;

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

test('a build that splits the app off keeps its first paint when the app cannot be fetched', async (t) => {
  if (!fs.readdirSync(DIST).some((f) => APP_MODULE.test(f))) return t.skip('the app is in the first module (built without GPUCOST_SPLIT_APP=1)');
  const { context, page, dialogs } = await watchedPage();
  await page.route(APP_MODULE, (route) => route.abort());
  await page.goto(app.server.url + HOSTILE);
  await page.waitForSelector('[data-testid=first-headline]', { timeout: 20000 });
  await page.waitForSelector('#crash-notice', { timeout: 20000 });
  assert.equal(await page.locator('[data-testid=first-headline] .who').textContent(), NAME);
  assert.equal(await page.locator('#first-paint img, #first-paint script').count(), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.deepEqual(dialogs, []);
  assert.equal(await page.locator('main#main').count(), 0, 'the app did not mount');
  await context.close();
});
