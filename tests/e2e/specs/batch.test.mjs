// A batch queue (issue 31): the README's five jobs packed onto one RTX 4090 at CompShare and
// priced against one rental per job, the schedule and the lever in both languages, the jobs
// editor's rows (add, edit, a refused edit, remove), and the same totals as `gpucost estimate`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, params } from '../lib/fixture.mjs';
import { cli, pageTotals } from '../lib/totals.mjs';

const app = useApp();
const ready = { readySelector: '[data-testid=batch]' };
const LINK =
  '?preset=custom&cur=CNY&h=48&cmp=compshare&l=RTX4090*1&j=RTX4090*1x10h,due:24&j=RTX4090*1x12h,due:24' +
  '&j=RTX4090*1x14h,from:24,due:48&j=RTX4090*1x10h,from:24,due:48&j=RTX4090*1x2h,due:48';

/** The page's current link as `gpucost estimate` prints it. */
const cliOf = (page) => cli('?' + params(page).toString());

/** Served totals of a CLI export, by seller. */
const served = (json) =>
  Object.fromEntries(json.providers.filter((p) => p.status === 'served').map((p) => [p.provider, p.total]));

test('five jobs are packed onto one GPU, scheduled and priced as gpucost prints them', async () => {
  const { page, context, errors } = await app.open(LINK + '&lang=en', ready);
  assert.equal(
    await page.getByTestId('batch-summary').textContent(),
    'Batch queue: 5 jobs packed onto 1 × NVIDIA GeForce RTX 4090, ¥73.46 against ¥79.68 with one rental per job.',
  );
  const jobs = await page.getByTestId('batch-job').allTextContents();
  assert.equal(jobs.length, 5);
  assert.equal(jobs[0], 'Job 1: 1 GPU (GPU 1), hours 0–10 (earliest 0, due 24)');
  assert.equal(jobs[2], 'Job 5: 1 GPU (GPU 1), hours 22–24 (earliest 0, due 48)');
  const json = cliOf(page);
  assert.deepEqual(json.batch.pools[0].jobs.map((j) => j.text), jobs);
  const lever = page.locator('[data-lever=batch-packing]');
  assert.match(await lever.textContent(), /Batch jobs packed onto fewer GPUs/);
  assert.match(await lever.locator('.amount').textContent(), /6\.22/);
  assert.equal(json.savings.find((s) => s.lever === 'batch-packing').amount, '6.22');
  assert.deepEqual(await pageTotals(page), served(json));

  // The editor: five rows; a sixth job added, its hours typed, then removed.
  assert.equal(await page.getByTestId('job-4-hours').inputValue(), '2');
  await page.getByTestId('add-job').click();
  await page.waitForFunction(() => new URLSearchParams(location.search).getAll('j').length === 6);
  assert.equal(params(page).getAll('j')[5], 'RTX4090*1x1h,due:48');
  await page.getByTestId('job-5-hours').fill('3');
  await page.waitForFunction(() => new URLSearchParams(location.search).getAll('j')[5] === 'RTX4090*1x3h,due:48');
  await page.waitForFunction(() => /6 jobs/.test(document.querySelector('[data-testid=batch-summary]').textContent));
  // A start that leaves job 1 no room before its deadline is refused: the link keeps it.
  await page.getByTestId('job-0-from').fill('20');
  await page.getByTestId('job-5-remove').click();
  await page.waitForFunction(() => new URLSearchParams(location.search).getAll('j').length === 5);
  assert.equal(params(page).getAll('j')[0], 'RTX4090*1x10h,due:24');
  assert.deepEqual(await pageTotals(page), served(cliOf(page)));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the batch queue reads in Chinese', async () => {
  const { page, context, errors } = await app.open(LINK + '&lang=zh', ready);
  assert.match(
    await page.getByTestId('batch-summary').textContent(),
    /^批处理队列：5 个作业合并到 1 张 NVIDIA GeForce RTX 4090，共 ¥73\.46，每个作业单独租用则为 ¥79\.68。$/,
  );
  const jobs = await page.getByTestId('batch-job').allTextContents();
  assert.equal(jobs[0], '作业 1：1 张 GPU（GPU 1），第 0–10 小时（最早 0，截止 24）');
  assert.match(await page.locator('label:has([data-testid=job-0-due])').textContent(), /截止/);
  assert.match(await page.locator('[data-lever=batch-packing]').textContent(), /批处理作业合并到更少的 GPU/);
  assert.match(await page.getByTestId('add-job').textContent(), /添加作业/);
  assert.deepEqual(errors, []);
  await context.close();
});
