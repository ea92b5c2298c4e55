// Serving from traffic (issue 31): a line states its load and the page derives its GPUs — the
// traffic-spike preset from 500 and 5,000 requests/s at 100 per T4 — with the autoscaling
// lever, the form's load fields in both languages, and the same totals as `gpucost estimate`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, params } from '../lib/fixture.mjs';
import { cli, pageTotals } from '../lib/totals.mjs';

const app = useApp();
const ready = { readySelector: '[data-testid=headline]' };

/** Served totals of `gpucost estimate` for the page's current link, by seller. */
function cliTotals(page) {
  const json = cli('?' + params(page).toString());
  return Object.fromEntries(json.providers.filter((p) => p.status === 'served').map((p) => [p.provider, p.total]));
}

test('traffic-spike derives its 50 T4s from its load, and the form edits the load', async () => {
  const { page, context, errors } = await app.open('?preset=traffic-spike&cur=CNY&lang=en', ready);
  await page.waitForSelector('[data-testid=line-1-rate]');
  assert.equal(await page.getByTestId('line-1-shape').inputValue(), 'load');
  assert.equal(await page.getByTestId('line-1-rate').inputValue(), '5000');
  assert.equal(await page.getByTestId('line-1-per-gpu').inputValue(), '100');
  assert.match(await page.getByTestId('serving').textContent(), /up to 50 × NVIDIA T4 for 5,000 requests\/s peak/);
  assert.match(await page.getByTestId('savings').textContent(), /Autoscaling with the load instead of peak sizing/);
  assert.deepEqual(await pageTotals(page), cliTotals(page));

  await page.getByTestId('line-1-headroom').fill('20');
  await page.waitForFunction(() => new URLSearchParams(location.search).getAll('l').some((l) => l.includes(',room:20')));
  await page.waitForFunction(() => /up to 60 × NVIDIA T4/.test(document.querySelector('[data-testid=serving]').textContent));
  assert.deepEqual(await pageTotals(page), cliTotals(page));
  // Refused by name, never applied: no GPU serves zero requests.
  await page.getByTestId('line-1-per-gpu').fill('0');
  assert.equal(await page.getByTestId('line-1-per-gpu').getAttribute('aria-invalid'), 'true');
  assert.ok(params(page).getAll('l').some((l) => l.includes(',per:100')));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a line turned into a serving line reads in Chinese', async () => {
  const { page, context } = await app.open('?preset=custom&cur=CNY&lang=zh', ready);
  await page.waitForSelector('[data-testid=line-0-shape]');
  await page.getByTestId('line-0-shape').selectOption('load');
  await page.waitForSelector('[data-testid=line-0-rate]');
  await page.getByTestId('line-0-rate').fill('500');
  await page.getByTestId('line-0-per-gpu').fill('100');
  await page.waitForFunction(() => new URLSearchParams(location.search).getAll('l').some((l) => l.startsWith('A100-80GB*500rps,per:100')));
  await page.waitForFunction(() => /最多 5 × /.test(document.querySelector('[data-testid=serving]')?.textContent ?? ''));
  assert.match(await page.locator('label:has([data-testid=line-0-rate])').textContent(), /峰值每秒请求数/);
  assert.deepEqual(await pageTotals(page), cliTotals(page));
  await context.close();
});

test("a serving line's load changes shape: its window is typed and its weekly curve painted, in both languages", async () => {
  const { page, context, errors } = await app.open('?preset=traffic-spike&cur=CNY&lang=en', ready);
  await page.waitForSelector('[data-testid=line-1-load-shape]');
  assert.equal(await page.getByTestId('line-1-load-shape').inputValue(), 'window');
  assert.equal(await page.getByTestId('line-1-start').inputValue(), '20:00');
  // The promotion starts an hour later: the window moves, the link says so, the CLI agrees.
  await page.getByTestId('line-1-start').fill('21:00');
  await page.getByTestId('line-1-start').dispatchEvent('change');
  await page.waitForFunction(() => new URLSearchParams(location.search).getAll('l').some((l) => l.includes('rps@21:00+4h')));
  assert.deepEqual(await pageTotals(page), cliTotals(page));

  await page.getByTestId('line-1-load-shape').selectOption('weekly');
  await page.waitForSelector('[data-testid=line-1-load-grid]');
  assert.match(await page.locator('label:has([data-testid=line-1-load-grid-brush])').textContent(), /Paint % of peak/);
  assert.match(await page.locator('[data-testid=line-1-load-grid] [data-hour="9"]').getAttribute('aria-label'), /Mon 09:00, 100 % of peak/);
  // A brush above 100 % paints 100 %: a curve is a share of the peak.
  await page.getByTestId('line-1-load-grid-brush').fill('250');
  assert.equal(await page.getByTestId('line-1-load-grid-brush').inputValue(), '100');
  await page.getByTestId('line-1-load-grid-brush').fill('30');
  await page.getByTestId('line-1-load-grid-pattern-allweek').click();
  await page.waitForFunction(() => new URLSearchParams(location.search).getAll('l').some((l) => l.includes('rps~30x168')));
  assert.deepEqual(await pageTotals(page), cliTotals(page));
  // The week chart: 30 % of 5,000 requests/s at 100 per T4 needs 15 T4s every hour, against
  // 50 sized for the peak.
  // Attached, not visible: a flat week draws a path with no height.
  await page.waitForSelector('[data-testid=chart-week-2] path.running', { state: 'attached' });
  assert.match(await page.locator('[data-testid=chart-week-2] path.running').getAttribute('d'), /^M44\.0,/);
  assert.match(await page.getByTestId('chart-week-2').textContent(), /Line 2 · NVIDIA T4: GPUs over a typical week/);
  assert.match(await page.getByTestId('chart-week-2').textContent(), /A fleet sized for the peak/);

  await page.getByTestId('lang').selectOption('zh');
  await page.waitForFunction(() => /峰值的 30%/.test(document.querySelector('[data-testid=line-1-load-grid] [data-hour="9"]')?.getAttribute('aria-label') ?? ''));
  assert.match(await page.locator('label:has([data-testid=line-1-load-shape])').textContent(), /负载时段/);
  await page.waitForFunction(() => /需求 2 · NVIDIA T4：典型一周的 GPU 数/.test(document.querySelector('[data-testid=chart-week-2]')?.textContent ?? ''));
  assert.deepEqual(errors, []);
  await context.close();
});

test("a serving line takes its per-GPU capacity from the recommendation, in both languages", async () => {
  // Without a described workload there is nothing to take, and the hint says what to do.
  const spike = await app.open('?preset=traffic-spike&cur=CNY&lang=en', ready);
  await spike.page.waitForSelector('[data-testid=line-1-per-gpu-basis]');
  assert.match(await spike.page.getByTestId('line-1-per-gpu-basis').textContent(), /Describe an online-serving workload/);
  assert.equal(await spike.page.getByTestId('line-1-per-gpu-model').count(), 0);
  await spike.context.close();

  // BERT-Large within 100 ms: MLPerf Inference v4.0 measured 25,120.77 samples/s on 8 × L40S.
  const link = '?v=2&l=L40S*5000rps,per:100&h=24&task=serve&model=bert-large&prec=fp16&in=384&out=1&rate=100req&lat=100&cur=CNY&lang=en';
  const { page, context, errors } = await app.open(link, ready);
  await page.waitForSelector('[data-testid=line-0-per-gpu-model]');
  assert.equal(await page.getByTestId('line-0-per-gpu-model').textContent(), 'From the recommendation: 3,140 requests/s per GPU');
  assert.match(await page.getByTestId('line-0-per-gpu-basis').textContent(), /pessimistic end .*measured: MLPerf Inference v4\.0 closed/);
  // The typed number stays until the user takes the model's.
  assert.equal(await page.getByTestId('line-0-per-gpu').inputValue(), '100');
  assert.match(await page.getByTestId('serving').textContent(), /up to 50 × /);
  await page.getByTestId('line-0-per-gpu-model').click();
  await page.waitForFunction(() => new URLSearchParams(location.search).getAll('l').some((l) => l === 'L40S*5000rps,per:3140'));
  await page.waitForFunction(() => /up to 2 × /.test(document.querySelector('[data-testid=serving]').textContent));
  assert.equal(await page.getByTestId('line-0-per-gpu').inputValue(), '3140');
  assert.deepEqual(await pageTotals(page), cliTotals(page));

  await page.getByTestId('lang').selectOption('zh');
  await page.waitForFunction(() => document.querySelector('[data-testid=line-0-per-gpu-model]')?.textContent === '采用推荐模型估算：每块 GPU 3,140 请求/秒');
  assert.match(await page.getByTestId('line-0-per-gpu-basis').textContent(), /保守端.*实测：MLPerf Inference v4\.0 closed/);
  assert.deepEqual(errors, []);
  await context.close();
});
