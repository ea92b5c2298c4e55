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
