// Teams and a shared pool (issue 31): two teams' T4s by day and by night are priced as one
// pool, with each team's part of its cost and the first day's demand beside the pool's, in
// both languages; the form's Team field edits the link, and the totals are gpucost's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, params } from '../lib/fixture.mjs';
import { cli, pageTotals } from '../lib/totals.mjs';

const app = useApp();
const ready = { readySelector: '[data-testid=headline]' };
const DAY = '0x8_4x12_0x12_4x12_0x12_4x12_0x12_4x12_0x12_4x12_0x12_4x12_0x12_4x12_0x4';
const NIGHT = '3x8_0x12_3x12_0x12_3x12_0x12_3x12_0x12_3x12_0x12_3x12_0x12_3x12_0x12_3x4';
// The README's link: search on 4 T4s by day, ads on 3 by night, 720 hours at Tencent Cloud.
const POOL = `?preset=custom&cur=CNY&h=720&cmp=tencent&l=T4~${DAY},team:search&l=T4~${NIGHT},team:ads`;

/** Served totals of `gpucost estimate` for the page's current link, by seller. */
function cliTotals(page) {
  const json = cli('?' + params(page).toString());
  return Object.fromEntries(json.providers.filter((p) => p.status === 'served').map((p) => [p.provider, p.total]));
}

test('two teams by day and by night share a pool, split by GPU-hours', async () => {
  const { page, context, errors } = await app.open(POOL + '&lang=en', ready);
  await page.waitForSelector('[data-testid=pool]');
  assert.match(await page.getByTestId('pool-text').textContent(), /Shared pool of NVIDIA T4 \(2 teams\).*¥9,000\.00 pooled against ¥15,750\.00 apart/);
  const teams = await page.getByTestId('pool-team').allTextContents();
  assert.equal(teams.length, 2);
  assert.match(teams[0], /^search \(line 1\).*pays ¥5,142\.86 of the pool/);
  assert.match(teams[1], /^ads \(line 2\).*pays ¥3,857\.14 of the pool/);
  assert.match(await page.locator('[data-lever=shared-pool]').textContent(), /6750\.00|6,750\.00/);
  // The first day, hour by hour: search, ads, together (4 at noon, 3 at midnight together).
  const rows = await page.locator('[data-testid=pool-day] tbody tr').allTextContents();
  assert.equal(rows.length, 3);
  assert.match(rows[2], /^Together/);
  assert.equal(await page.getByTestId('line-0-team').inputValue(), 'search');
  assert.deepEqual(await pageTotals(page), cliTotals(page));
  assert.equal(cli('?' + params(page).toString()).pools[0].teams[1].share, '3857.14');

  // One team on both lines is no pool; naming the other team again brings it back.
  await page.getByTestId('line-1-team').fill('search');
  await page.getByTestId('line-1-team').press('Tab');
  await page.waitForFunction(() => new URLSearchParams(location.search).getAll('l').every((l) => l.endsWith(',team:search')));
  await page.waitForSelector('[data-testid=pool]', { state: 'detached' });
  await page.getByTestId('line-1-team').fill('  night shift ');
  await page.getByTestId('line-1-team').press('Tab');
  await page.waitForFunction(() => new URLSearchParams(location.search).getAll('l').some((l) => l.endsWith(',team:night shift')));
  await page.waitForSelector('[data-testid=pool]');
  assert.deepEqual(await pageTotals(page), cliTotals(page));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the shared pool and the Team field read in Chinese', async () => {
  const { page, context, errors } = await app.open(POOL + '&lang=zh', ready);
  await page.waitForSelector('[data-testid=pool]');
  assert.match(await page.locator('#pool-heading').textContent(), /共享资源池/);
  assert.match(await page.getByTestId('pool-text').textContent(), /NVIDIA T4 共享资源池（2 个团队）/);
  const teams = await page.getByTestId('pool-team').allTextContents();
  assert.match(teams[0], /^search（第 1 行）.*分摊资源池 ¥5,142\.86/);
  assert.match(await page.locator('label:has([data-testid=line-0-team])').textContent(), /团队或项目/);
  assert.match(await page.locator('[data-testid=pool-day] tbody tr').last().textContent(), /^合并/);
  await page.getByTestId('line-0-team').fill('搜索');
  await page.getByTestId('line-0-team').press('Tab');
  await page.waitForFunction(() => new URLSearchParams(location.search).getAll('l')[0].endsWith(',team:搜索'));
  await page.waitForFunction(() => /^搜索（第 1 行）/.test(document.querySelector('[data-testid=pool-team]')?.textContent ?? ''));
  assert.deepEqual(await pageTotals(page), cliTotals(page));
  assert.deepEqual(errors, []);
  await context.close();
});

test("the pool's first week is drawn: each team's demand stacked under the pool, in both languages", async () => {
  const { page, context, errors } = await app.open(POOL + '&lang=en', ready);
  // Attached, not visible: a band at zero for hours draws with no height there.
  for (const sel of ['path.team-0', 'path.team-1', 'path.pool-size', 'line.apart']) {
    await page.waitForSelector(`[data-testid=pool-chart] ${sel}`, { state: 'attached' });
  }
  const chart = page.getByTestId('pool-chart');
  assert.match(await chart.locator('path.pool-size').getAttribute('d'), /^M44\.0,/);
  assert.match(await chart.locator('figcaption').textContent(), /^NVIDIA T4 pool: each team's GPUs, hour by hour over the first week$/);
  assert.equal(await chart.getAttribute('data-testid'), 'pool-chart');
  assert.equal(await chart.locator('svg').getAttribute('role'), 'img');
  assert.equal(
    await chart.locator('svg desc').textContent(),
    'Stacked hour by hour: search, ads. Together they need at most 4 GPUs at once; renting apart sizes for 7.',
  );
  const legend = await chart.locator('.legend li').allTextContents();
  assert.deepEqual(legend, ['search', 'ads', "The pool: the teams' GPUs together", "Renting apart: each team's peak, added up"]);
  assert.match(await chart.locator('svg').textContent(), /Mon.*Sun/);

  await page.getByTestId('lang').selectOption('zh');
  await page.waitForFunction(() => /资源池：第一周每小时各团队的 GPU 数/.test(document.querySelector('[data-testid=pool-chart] figcaption')?.textContent ?? ''));
  assert.match(await page.getByTestId('pool-chart').locator('svg desc').textContent(), /合并后同时最多需要 4 块 GPU；各自租用需按 7 块配置/);
  assert.match(await page.getByTestId('pool-chart').locator('svg').textContent(), /周一/);
  assert.deepEqual(errors, []);
  await context.close();
});
