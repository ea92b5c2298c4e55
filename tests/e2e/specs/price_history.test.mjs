// Price history in the catalog browser (issue 32 §3): where the catalog keeps an older dated
// price of an offer (CompShare's 2025 notices, Alibaba's 2024-10 price file), the row says
// "was … on …" and a small SVG chart (#price-history-chart) draws every dated price — the
// real data, in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp } from '../lib/fixture.mjs';

const app = useApp();
const ready = { readySelector: '[data-testid=row-count]' };

test("CompShare's RTX 4090: 'was' under its source and a chart of its three dated prices", async () => {
  const { page, context, errors } = await app.open('?view=catalog&lang=en&cur=CNY&prov=compshare&gpu=RTX4090', ready);
  const row = page.locator('tr[data-offer="compshare/单卡 4090-24G"]');
  assert.match(await row.getByTestId('price-history').textContent(), /^was ¥2\.08\/h on 2025-10-01, ¥1\.67\/h on 2025-12-31$/);
  const chart = page.locator('svg#price-history-chart');
  await chart.waitFor();
  assert.match(await page.getByTestId('price-history-figure').locator('figcaption').textContent(), /^Price history of CompShare \(UCloud\) 单卡 4090/);
  const tips = await chart.locator('circle title').allTextContents();
  assert.deepEqual(tips, ['¥2.08/h on 2025-10-01', '¥1.67/h on 2025-12-31', '¥1.66/h on 2026-05-13 (current)']);
  assert.equal(await chart.locator('path.history').count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test("Alibaba's 2024-10-10 price is charted beside its 2024-12-30 one, in Chinese", async () => {
  const { page, context } = await app.open('?view=catalog&lang=zh&prov=alibaba', { ...ready, locale: 'zh-CN' });
  const chart = page.locator('svg#price-history-chart');
  await chart.waitFor();
  const tips = await chart.locator('circle title').allTextContents();
  assert.equal(tips.length, 2, tips.join(' | '));
  assert.match(tips[0], /^2024年10月10日：¥[0-9.]+\/时$/);
  assert.match(tips[1], /^2024年12月30日：¥[0-9.]+\/时（当前）$/);
  assert.match(await page.getByTestId('price-history-figure').locator('figcaption').textContent(), /的历史价格/);
  assert.ok((await page.getByTestId('price-history').count()) > 0);
  await context.close();
});

test('no chart where no listed offer has a history', async () => {
  const { page, context } = await app.open('?view=catalog&lang=en&prov=lambda', ready);
  assert.equal(await page.locator('#price-history-chart').count(), 0);
  await context.close();
});
