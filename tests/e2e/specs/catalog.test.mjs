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

/** GPUs per instance of each shown row, from its offer cell (`8 × NVIDIA A100 40GB · 320 GiB`). */
async function gpusPerRow(page) {
  const texts = await page.locator('tr[data-offer] .gpus').allTextContents();
  return texts.map((t) => Number(t.split('×')[0].trim().replace(/,/g, '')));
}

test('choosing a place writes it into the link and every row shows that country', async () => {
  const { page, context } = await app.open('?view=catalog&lang=en', ready);
  const all = await rowCount(page);
  const before = (await page.getByTestId('row-place').allTextContents()).map((t) => t.trim());
  assert.ok(before.some((t) => t !== 'CN'), 'without a place, rows of other countries are shown');

  await page.getByLabel('Place').selectOption({ label: 'Mainland China' });
  await page.waitForFunction(() => location.search.includes('place=cn'));
  assert.equal(params(page).get('place'), 'cn');
  const n = await rowCount(page);
  assert.ok(n > 0 && n < all, `expected fewer rows: ${n} of ${all}`);
  const cells = (await page.getByTestId('row-place').allTextContents()).map((t) => t.trim());
  assert.equal(cells.length, Math.min(n, 100));
  assert.deepEqual([...new Set(cells)], ['CN']);

  await page.reload();
  await page.waitForSelector('[data-testid=row-count]');
  assert.equal(await page.getByTestId('filter-place').inputValue(), 'cn');
  assert.equal(await rowCount(page), n, 'same rows after reload');
  await context.close();
});

test('a link asking for 8 GPUs per machine shows only such machines, and the field edits it', async () => {
  const { page, context } = await app.open('?view=catalog&lang=en&gpm=8', ready);
  const field = page.getByLabel('GPUs per machine, at least');
  assert.equal(await field.inputValue(), '8');
  const eight = await rowCount(page);
  const gpus = await gpusPerRow(page);
  assert.ok(gpus.length > 0, 'rows are shown');
  assert.ok(gpus.every((g) => g >= 8), `fewer than 8 GPUs: ${gpus.filter((g) => g < 8)}`);

  await field.fill('');
  await page.waitForFunction(() => !location.search.includes('gpm='));
  assert.ok((await rowCount(page)) > eight, 'clearing the field shows every machine');
  assert.ok((await gpusPerRow(page)).some((g) => g < 8));

  await field.fill('16');
  await page.waitForFunction(() => location.search.includes('gpm=16'));
  assert.ok((await gpusPerRow(page)).every((g) => g >= 16));

  await field.fill('65');
  assert.equal(await field.getAttribute('aria-invalid'), 'true');
  assert.match(await page.locator('#filter-gpm-error').textContent(), /1–64/);
  await page.waitForTimeout(300);
  assert.equal(params(page).get('gpm'), '16', 'an out-of-range number is not applied');
  await context.close();
});

test('the Chinese catalog labels the place filter, the machine-size field and the place column', async () => {
  const { page, context } = await app.open('?view=catalog&lang=zh&prov=hyperbolic', {
    ...ready,
    locale: 'zh-CN',
  });
  const place = page.getByLabel('地域位置');
  assert.equal(await place.inputValue(), 'any');
  const options = (await place.locator('option').allTextContents()).map((t) => t.trim());
  for (const want of ['不限', '中国大陆', '中国大陆以外', '欧洲']) assert.ok(options.includes(want), options.join(', '));
  assert.equal(await page.getByLabel('每台机器 GPU 数，至少').count(), 1);
  assert.equal(await page.getByRole('columnheader', { name: '地域位置' }).count(), 1);
  // Hyperbolic's one region has no known place: the cell says so, in Chinese.
  const cells = await page.getByTestId('row-place').allTextContents();
  assert.ok(cells.length > 0);
  for (const c of cells) assert.match(c, /^\s*1 个位置未知\s*$/);
  await context.close();
});

test('a link with an unknown place and too many GPUs per machine names both and still filters', async () => {
  const { page, errors, context } = await app.open('?view=catalog&lang=en&place=mars&gpm=999', ready);
  const notice = await page.getByTestId('ignored-params').textContent();
  assert.match(notice, /place=/);
  assert.match(notice, /mars/);
  assert.match(notice, /gpm=/);
  assert.match(notice, /999/);
  assert.equal(await page.getByTestId('filter-place').inputValue(), 'any');
  assert.equal(await page.getByTestId('filter-gpm').inputValue(), '');
  const all = await rowCount(page);
  assert.ok(all > 0, 'rows are shown');

  await page.getByTestId('filter-place').selectOption('eu');
  await page.waitForFunction(() => location.search.includes('place=eu'));
  assert.ok((await rowCount(page)) < all, 'choosing Europe leaves fewer rows');
  assert.equal(params(page).get('gpm'), null);
  assert.deepEqual(errors.filter((e) => !e.includes('favicon')), []);
  await context.close();
});

// Issue 33: the GPU facts table shows FP8 dense throughput where gpu_specs.csv records it
// (H20: 296 TFLOPS, PG_ELECFANS_H20) and "—" where the row has none (A100: no FP8 path).
test('the GPU facts table shows FP8 throughput where the datasheet has it and a dash elsewhere', async () => {
  const { page, context } = await app.open('?view=catalog&lang=en', ready);
  const facts = page.getByTestId('gpu-facts');
  await facts.evaluate((e) => { e.open = true; });
  assert.match(await facts.locator('summary').textContent(), /dense tensor throughput/);
  const heads = await facts.locator('th').allTextContents();
  assert.ok(heads.includes('FP8 dense (TFLOPS)'), heads.join(' | '));
  assert.equal(await facts.locator('tr[data-gpu=H20] [data-testid=gpu-fp8]').textContent(), '296');
  assert.equal(await facts.locator('tr[data-gpu=A100-80GB] [data-testid=gpu-fp8]').textContent(), '—');
  assert.ok((await facts.locator('tr[data-gpu=H20] .sources a, tr[data-gpu=H20] .sources span').count()) > 0);
  await page.getByTestId('lang').selectOption('zh');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.ok((await facts.locator('th').allTextContents()).includes('FP8 稠密（TFLOPS）'));
  await context.close();
});
