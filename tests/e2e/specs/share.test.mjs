// Share, embed and export in Chromium: links need no server, the embed example resizes its
// frame, exports equal the screen, bad files and bad storage lose nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { useApp, linkSettled } from '../lib/fixture.mjs';
import { openPage } from '../lib/browser.mjs';
import { GPUCOST, pageTotals } from '../lib/totals.mjs';

const app = useApp();
const ready = { readySelector: '[data-testid=headline]' };

/** A download's text; a CSV must start with the UTF-8 byte-order mark, which is taken off. */
async function download(page, testid) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  const text = await fs.readFile(await dl.path(), 'utf8');
  if (!testid.endsWith('csv')) return text;
  assert.ok(text.startsWith('\uFEFF'), `${testid} starts with a UTF-8 byte-order mark for Excel`);
  return text.slice(1);
}

test('a copied link opened in a fresh browser shows the same totals', async () => {
  const { page, context } = await app.open('?preset=short-training&cur=CNY&lang=en', ready);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByText('More settings').click();
  await page.getByTestId('add-price').click();
  await page.getByTestId('price-0-amount').fill('3.3');
  await page.getByTestId('add-discount').click();
  await page.waitForFunction(() => location.search.includes('disc='));
  const totals = await pageTotals(page);
  await page.getByTestId('copy-link').click();
  await page.getByText('Link copied').waitFor();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(link, /cp=.*disc=/);

  const fresh = await openPage(app.browser, link, { locale: 'zh-CN' });
  await fresh.page.waitForSelector('[data-testid=headline]');
  assert.deepEqual(await pageTotals(fresh.page), totals);
  assert.equal(await fresh.page.evaluate(() => localStorage.length), 0, 'nothing came from storage');
  await fresh.context.close();
  await context.close();
});

test('the embedding example page resizes its frame and shows the snippet scenario', async () => {
  const opened = await openPage(app.browser, app.server.docsUrl + 'embed-example.html');
  const { page } = opened;
  const frameEl = page.locator('iframe[data-gpu-cost-lab]');
  await page.waitForFunction(() => document.querySelector('iframe').getBoundingClientRect().height > 400);
  const frame = page.frameLocator('iframe[data-gpu-cost-lab]');
  await frame.locator('[data-testid=headline]').waitFor();
  // Locked: results only, in yuan, for the dev/test preset.
  assert.equal(await frame.locator('section.inputs').count(), 0);
  assert.match(await frame.getByTestId('cheapest-total').textContent(), /^¥/);
  const inner = await frame.locator('body').evaluate((b) => document.documentElement.scrollHeight);
  const outer = (await frameEl.boundingBox()).height;
  assert.ok(Math.abs(inner - outer) <= 2, `frame ${outer}px vs content ${inner}px`);
  const full = await frame.getByTestId('open-full').getAttribute('href');
  assert.match(full, /preset=dev-test/);
  assert.doesNotMatch(full, /embed=1|lock=1/);
  assert.deepEqual(opened.errors, []);
  await opened.context.close();
});

test('the embed dialog writes a snippet for the current scenario with a live preview', async () => {
  const { page, context } = await app.open('?preset=traffic-spike&cur=CNY&lang=en', ready);
  await page.getByTestId('embed-open').click();
  await page.getByTestId('embed-lock').check();
  const snippet = await page.getByTestId('embed-snippet').inputValue();
  assert.match(snippet, /embed=1&amp;lock=1/);
  assert.match(snippet, /preset=traffic-spike/);
  assert.match(snippet, /gpu-cost-lab:height/);
  const preview = page.frameLocator('[data-testid=embed-preview]');
  await preview.locator('[data-testid=headline]').waitFor();
  assert.equal(await preview.locator('section.inputs').count(), 0);
  await context.close();
});

test('CSV and JSON exports carry exactly the numbers on screen', async () => {
  const query = '?preset=dev-test&cur=CNY&lang=en&disc=azure:10';
  const { page, context } = await app.open(query, ready);
  const totals = await pageTotals(page);

  const rawJson = await download(page, 'export-json');
  const json = JSON.parse(rawJson);
  const fromJson = Object.fromEntries(json.providers.filter((p) => p.status === 'served').map((p) => [p.provider, p.total]));
  assert.deepEqual(fromJson, totals);
  const cli = execFileSync(GPUCOST, ['estimate', page.url(), '--format', 'json'], { encoding: 'utf8' });
  assert.equal(rawJson, cli, 'the page JSON is byte for byte gpucost estimate --format json');

  const csv = (await download(page, 'export-csv')).trim().split('\n');
  const header = csv[0].split(',');
  const col = (name) => header.indexOf(name);
  const byProvider = {};
  for (const line of csv.slice(1)) {
    const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g).map((c) => c.replace(/,$/, '').replace(/^"|"$/g, ''));
    if (cells[col('status')] !== 'served') continue;
    byProvider[cells[col('provider')]] ??= { total: cells[col('total')], sum: 0 };
    byProvider[cells[col('provider')]].sum += Number(cells[col('amount')]);
  }
  for (const [provider, total] of Object.entries(totals)) {
    assert.equal(byProvider[provider].total, total, provider);
    assert.ok(Math.abs(byProvider[provider].sum - Number(total)) < 0.005, `${provider} items sum to the total`);
  }
  await context.close();
});

// A shared link whose custom price was named `=HYPERLINK("evil.example","x")` put that formula
// in the CSV download, live in any spreadsheet that opened it (issue 26).
test('the CSV of a link with a formula-like custom price name carries it as text', async () => {
  const name = encodeURIComponent('=HYPERLINK("evil.example","x")');
  const query = `?l=T4*1&h=3&cp=~${name}:T4:od:0.1:USD&cur=USD&lang=en`;
  const { page, context } = await app.open(query, ready);
  const csv = await download(page, 'export-csv');
  assert.match(csv, /"'=HYPERLINK\(""evil\.example"",""x""\)"/, 'the name is kept, made inert');
  const plainNumber = /^[-+]?\d[\d,]*(\.\d+)?$/;
  for (const line of csv.trim().split('\n')) {
    const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g).map((c) => c.replace(/,$/, '').replace(/^"|"$/g, ''));
    for (const cell of cells) {
      assert.ok(!/^[=+\-@\t\r＝＋－＠]/.test(cell) || plainNumber.test(cell), `a live cell: ${cell}`);
    }
  }
  await context.close();
});

test('printing shows the results with the line items of every provider and none of the controls', async () => {
  const { page, context } = await app.open('?preset=dev-test&cur=CNY&lang=en', ready);
  const served = await page.locator('table.comparison > tbody > tr[data-seller]').count();
  assert.equal(await page.locator('.line-plan').count(), 0, 'line items are built only when asked for');
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await page.emulateMedia({ media: 'print' });
  await page.waitForFunction((n) => document.querySelectorAll('tr.details-row .line-plan').length >= n, served);
  const visible = (selector) => page.locator(selector).first().isVisible();
  assert.ok(await visible('.line-plan'), 'line items print');
  assert.ok(await visible('[data-testid=headline]'));
  for (const hidden of ['section.inputs', '.export-bar', '[data-testid=copy-link]', '.presets']) {
    assert.equal(await visible(hidden), false, `${hidden} is not printed`);
  }
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.waitForFunction(() => document.querySelectorAll('.line-plan').length === 0);
  await context.close();
});

/** The prices message once it matches `pattern` (it fails the test after 5 s). */
async function messageMatching(page, pattern) {
  const handle = await page.waitForFunction(
    (source) => {
      const text = document.querySelector('[data-testid=prices-message]')?.textContent ?? '';
      return new RegExp(source).test(text) && text;
    },
    pattern.source,
    { timeout: 5000 },
  );
  return handle.jsonValue();
}

test('a malformed prices file is refused with its problems named and nothing lost', async () => {
  const { page, context } = await app.open('?preset=short-training&cur=CNY&lang=en', ready);
  await page.getByText('More settings').click();
  const url = page.url();
  const bad = JSON.stringify({
    format: 'gpu-cost-lab/prices',
    version: 1,
    prices: [{ provider: 'alibaba', gpu: 'A10', mode: 'od', amount: 'lots', currency: 'CNY' }],
    discounts: [{ provider: 'nobody', percent: 5 }],
  });
  await page.getByTestId('prices-import').setInputFiles({ name: 'prices.json', mimeType: 'application/json', buffer: Buffer.from(bad) });
  // Reading the file is asynchronous: wait for the message rather than read it at once.
  const message = await messageMatching(page, /not imported/);
  assert.match(message, /not imported: prices\[0\].*lots.*discounts\[0\]\.provider/);
  await linkSettled(page);
  assert.equal(page.url(), url, 'the scenario is unchanged');
  assert.equal(await page.locator('.price-row').count(), 1, 'the existing quote is kept');

  await page.getByTestId('prices-import').setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{oops') });
  assert.match(await messageMatching(page, /not JSON/), /not JSON/);

  const exported = await download(page, 'prices-export');
  await page.getByTestId('price-0-remove').click();
  await page.waitForFunction(() => location.search.includes('cp=none'));
  await page.getByTestId('prices-import').setInputFiles({ name: 'p.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
  await page.waitForFunction(() => !location.search.includes('cp=none'));
  assert.equal(page.url(), url, 'importing the exported file restores the prices');
  await context.close();
});

test('a corrupt saved entry is reported and skipped; nothing else is lost', async () => {
  const context = await app.browser.newContext({ locale: 'en-US' });
  await context.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('gpu-cost-lab:scenario:aaa', '{this is not json');
    localStorage.setItem(
      'gpu-cost-lab:scenario:bbb',
      JSON.stringify({ v: 1, name: 'Trading desk', query: 'v=1&preset=shift-fleet&cur=CNY', saved: '2026-11-01' }),
    );
    localStorage.setItem('another-app', 'keep me');
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(app.server.url + '?preset=dev-test&cur=CNY&lang=en');
  await page.waitForSelector('[data-testid=headline]');
  assert.match(await page.getByTestId('saved-unreadable').textContent(), /could not be read.*1/);
  assert.equal(await page.getByTestId('saved-entry').count(), 1);

  await page.getByTestId('save-name').fill('CI');
  await page.getByTestId('save').click();
  assert.equal(await page.getByTestId('saved-entry').count(), 2);
  await page.getByRole('link', { name: 'Trading desk', exact: true }).click();
  await page.waitForFunction(() => location.search.includes('preset=shift-fleet'));
  await page.getByTestId('saved-rename').nth(1).fill('Desk');
  await page.getByTestId('saved-rename').nth(1).press('Enter');
  await page.getByRole('link', { name: 'Desk', exact: true }).waitFor();

  const stored = await page.evaluate(() => ({ ...localStorage }));
  assert.equal(stored['gpu-cost-lab:scenario:aaa'], '{this is not json', 'the corrupt entry is left as it was');
  assert.equal(stored['another-app'], 'keep me');
  await page.getByTestId('saved-delete').first().click();
  assert.equal(await page.getByTestId('saved-entry').count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link too long for chat apps is warned about', async () => {
  const name = (i) => `Quote from our reseller, number ${String(i).padStart(2, '0')}`.padEnd(40, '.');
  const prices = Array.from({ length: 32 }, (_, i) => `cp=${encodeURIComponent(`~${name(i)}:A100-80GB:od:${i + 1}.25:CNY`)}`).join('&');
  const { page, context } = await app.open(`?preset=custom&cur=CNY&lang=en&${prices}`, ready);
  assert.ok(page.url().length > 2000);
  await page.getByTestId('long-link').waitFor();
  await context.close();
});
