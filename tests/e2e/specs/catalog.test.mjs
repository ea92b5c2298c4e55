// The catalog browser, driven in Chromium: filters change rows and the link; reload keeps them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, params } from '../lib/fixture.mjs';

const app = useApp();
const ready = { readySelector: '[data-testid=row-count]' };

async function rowCount(page) {
  const text = await page.textContent('[data-testid=row-count]');
  const match = text.match(/\/\s*([\d,]+)/);
  return Number(match[1].replace(/,/g, ''));
}

test('the catalog opens from the site root and from a sub-path', async () => {
  for (const subPath of [false, true]) {
    const { page, errors, context } = await app.open('?view=catalog&lang=en', { ...ready, subPath });
    assert.ok((await page.locator('tr[data-offer]').count()) > 0, 'rows are shown');
    assert.match(new URL(page.url()).pathname, subPath ? /^\/tools\/gpu-cost\/$/ : /^\/$/);
    assert.deepEqual(errors.filter((e) => !e.includes('favicon')), []);
    await context.close();
  }
});

test('filtering changes the rows and the link, and reload keeps both', async () => {
  const { page, context } = await app.open('?view=catalog&lang=en', ready);
  const all = await rowCount(page);

  await page.getByTestId('filter-gpu').selectOption('A100-80GB');
  await page.getByTestId('need-spot').check();
  await page.waitForFunction(() => location.search.includes('need=spot'));
  const filtered = await rowCount(page);
  assert.ok(filtered > 0 && filtered < all, `expected fewer rows: ${filtered} of ${all}`);
  const q = params(page);
  assert.equal(q.get('gpu'), 'A100-80GB');
  assert.equal(q.get('need'), 'spot');
  for (const text of await page.locator('tr[data-offer] td:nth-child(2)').allTextContents()) {
    assert.match(text, /A100 80GB/);
  }
  const firstBefore = await page.locator('tr[data-offer]').first().getAttribute('data-offer');

  await page.reload();
  await page.waitForSelector('[data-testid=row-count]');
  assert.equal(await rowCount(page), filtered, 'same rows after reload');
  assert.equal(await page.getByTestId('filter-gpu').inputValue(), 'A100-80GB');
  assert.ok(await page.getByTestId('need-spot').isChecked());
  assert.equal(await page.locator('tr[data-offer]').first().getAttribute('data-offer'), firstBefore);
  await context.close();
});

test('sorting by a column header reverses on a second press and lands in the link', async () => {
  const { page, context } = await app.open('?view=catalog&lang=en&gpu=H100', ready);
  const header = page.getByRole('button', { name: /On-demand per GB/ });
  await header.click();
  await page.waitForFunction(() => location.search.includes('sort=od-gb'));
  await header.click();
  await page.waitForFunction(() => location.search.includes('order=desc'));
  const th = page.locator('th[aria-sort=descending]');
  assert.equal(await th.count(), 1);
  await context.close();
});

test('the filters work with the keyboard alone', async () => {
  const { page, context } = await app.open('?view=catalog&lang=en', ready);
  await page.getByTestId('filter-text').focus();
  await page.keyboard.type('g4dn');
  await page.waitForFunction(() => location.search.includes('q=g4dn'));
  await page.keyboard.press('Tab'); // "must offer: spot"
  await page.keyboard.press('Tab'); // "must offer: reserved"
  await page.keyboard.press('Space');
  await page.waitForFunction(() => location.search.includes('need=reserved'));
  const names = await page.locator('tr[data-offer] .instance').allTextContents();
  assert.ok(names.length > 0);
  assert.ok(names.every((n) => n.includes('g4dn')), names.join(', '));
  await context.close();
});

test('a 360-pixel phone shows cards without horizontal scrolling', async () => {
  const { page, context } = await app.open('?view=catalog&lang=zh', {
    ...ready,
    viewport: { width: 360, height: 740 },
    locale: 'zh-CN',
  });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  await context.close();
});

test('a link with a bad value opens, names the parameter and keeps the rest', async () => {
  const attack = encodeURIComponent('<img src=x onerror="window.__injected=1">');
  const { page, context } = await app.open(
    `?view=catalog&lang=en&gpu=T4&mem=${attack}&sort=price&q=${attack}`,
    ready,
  );
  const dialogs = [];
  page.on('dialog', (d) => dialogs.push(d.message()));
  const notice = await page.getByTestId('ignored-params').textContent();
  assert.match(notice, /mem=/);
  assert.match(notice, /sort=/);
  assert.equal(await page.getByTestId('filter-gpu').inputValue(), 'T4');
  assert.equal(await page.locator('main img, .notice img').count(), 0, 'markup from the link was rendered');
  assert.equal(await page.evaluate(() => window.__injected), undefined, 'injected handler ran');
  assert.deepEqual(dialogs, []);
  await context.close();
});
