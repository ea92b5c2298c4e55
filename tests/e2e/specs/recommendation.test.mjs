// The hardware recommendation in Chromium: the custom preset ranks GPUs with cost ranges and
// adds the rightsizing lever; the workload form writes the link (and refuses invalid values
// inline without touching it); the Chinese panel is in Chinese; a phone shows it unscrolled.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, params, linkSettled } from '../lib/fixture.mjs';

const app = useApp();
const ready = { readySelector: '[data-testid=recommendation]' };
const CUSTOM = '?preset=custom&cur=CNY&lang=en';

test('the custom preset ranks GPUs with cost ranges, prices and their basis', async () => {
  const { page, context, errors } = await app.open(CUSTOM, ready);
  const panel = page.getByTestId('recommendation');
  const gpus = panel.getByTestId('reco-gpu');
  const shown = await gpus.count();
  assert.ok(shown >= 2 && shown <= 6, `${shown} GPUs shown`);
  for (let i = 0; i < shown; i++) {
    const gpu = gpus.nth(i);
    assert.match(await gpu.getByTestId('reco-cost').textContent(), /^¥[\d,.]+(–¥[\d,.]+)? per 1M requests$/);
    assert.match(await gpu.getByTestId('reco-basis').textContent(), /^(measured|modelled) +\S/);
    assert.match(await gpu.getByTestId('reco-price').textContent(), /¥[\d,.]+\/GPU-h/);
  }
  assert.match(await panel.getByTestId('reco-memory-total').textContent(), /^[\d.–]+ GiB$/);
  assert.ok((await panel.locator('[data-testid=reco-rules] li[data-rule]').count()) >= 5);
  const lever = page.locator('[data-testid=savings] li[data-lever=rightsizing]');
  assert.equal(await lever.count(), 1);
  assert.match(await lever.textContent(), /Rightsizing to the recommended GPU/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('switching the task to fine-tuning keeps the model and changes the link and the panel', async () => {
  const { page, context } = await app.open(CUSTOM, ready);
  const before = await page.getByTestId('reco-workload').textContent();
  assert.match(before, /^Online serving · Llama 3 8B/);
  await page.getByTestId('workload-task').selectOption('finetune');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('task') === 'finetune');
  await page.waitForFunction(
    (b) => document.querySelector('[data-testid=reco-workload]')?.textContent !== b,
    before,
  );
  // The model stays (full fine-tuning can use it); the sizes become the task's defaults.
  assert.match(await page.getByTestId('reco-workload').textContent(), /^Full fine-tune · Llama 3 8B · FP16\/BF16 · 88K samples × 2 epochs/);
  assert.equal(await page.getByTestId('workload-model').inputValue(), 'llama-3-8b');
  const top = page.getByTestId('reco-gpu').first();
  assert.match(await top.getByTestId('reco-cost').textContent(), / per run$/);
  assert.match(await top.getByTestId('reco-time').textContent(), /h to finish/);
  assert.equal(await page.getByTestId('workload-samples').inputValue(), '88K');
  assert.equal(await page.getByTestId('workload-rate').count(), 0, 'serving fields are gone');
  assert.match(await page.getByTestId('workload-precision-hint').textContent(), /FP8, INT8, FP4, INT4 unavailable/);
  await context.close();
});

test('an invalid workload value is flagged inline and does not change the link', async () => {
  const { page, context } = await app.open(CUSTOM, ready);
  const url = page.url();
  const rate = page.getByTestId('workload-rate');
  await rate.fill('-5');
  assert.equal(await rate.getAttribute('aria-invalid'), 'true');
  assert.match(await page.locator('#workload-rate-error').textContent(), /Enter a number in range 0\.001–1000000/);
  // In range on its own, but prompt plus output would exceed Llama 3 8B's context.
  await page.getByTestId('workload-in').fill('8000');
  assert.match(await page.locator('#workload-in-error').textContent(), /within 8192 tokens/);
  await linkSettled(page);
  assert.equal(page.url(), url);
  await rate.fill('20');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('rate') === '20req');
  assert.equal(await rate.getAttribute('aria-invalid'), 'false');
  assert.equal(params(page).get('in'), null, 'the refused prompt length was not written');
  await context.close();
});

test('unchecking the workload removes the panel and the link says so', async () => {
  const { page, context } = await app.open(CUSTOM, ready);
  await page.getByTestId('workload-on').uncheck();
  await page.waitForFunction(() => new URLSearchParams(location.search).get('task') === 'none');
  await page.getByTestId('recommendation').waitFor({ state: 'detached' });
  await page.getByTestId('workload-on').check();
  await page.waitForFunction(() => !new URLSearchParams(location.search).has('task'));
  await page.getByTestId('recommendation').waitFor();
  await context.close();
});

test('the Chinese panel has no English headings', async () => {
  const { page, context } = await app.open(CUSTOM, ready);
  await page.getByTestId('lang').selectOption('zh');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  const panel = page.getByTestId('recommendation');
  for (const d of await panel.locator('details').all()) await d.evaluate((e) => { e.open = true; });
  const headings = (await panel.locator('h3, h4, summary, dt, .unit, .badge, .verdict').allInnerTexts()).filter((h) => h.trim());
  assert.ok(headings.length > 20);
  for (const h of headings) assert.match(h, /[\u4e00-\u9fff]/, `not in Chinese: ${h}`);
  const text = await panel.innerText();
  for (const english of ['Which GPU', 'Memory needed', 'Ranked GPUs', 'per 1M requests', 'GPUs left out', 'Rules of thumb', 'Assumptions', 'Throughput', 'Caveats', 'Online serving']) {
    assert.ok(!text.includes(english), `still in English: ${english}`);
  }
  assert.match(await panel.getByTestId('reco-workload').textContent(), /^在线推理服务/);
  const form = await page.getByTestId('workload').innerText();
  assert.ok(!form.includes('Describe the workload'), 'the form is translated too');
  await context.close();
});

test('a 360-pixel phone shows the recommendation without horizontal scrolling', async () => {
  const { page, context } = await app.open('?preset=custom&cur=CNY&lang=en', {
    ...ready,
    viewport: { width: 360, height: 740 },
  });
  for (const d of await page.locator('[data-testid=recommendation] details').all()) await d.evaluate((e) => { e.open = true; });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
  await context.close();
});

// Issue 28: a card says the machines its price rents, a serving fleet's month, and "use this"
// puts the GPU, the machines and the count into the first line (an engine edit: the link
// follows) and moves focus there, in both languages.
for (const [lang, fleet, monthly] of [
  ['en', /^[\d,]+ machines? × [\d.]+ GPUs? = [\d,.]+ × \S/, /^¥[\d,.]+ a month \(730 h at 10 requests\/s/],
  ['zh', /^[\d,]+ 台 × 每台 [\d.]+ 块 = [\d,.]+ 块 \S/, /^每月 ¥[\d,.]+（730 小时，每秒 10 个请求/],
]) {
  test(`"use this" puts the recommended machines into the line and the link (${lang})`, async () => {
    const { page, context, errors } = await app.open(`?preset=custom&cur=CNY&lang=${lang}`, ready);
    const cards = page.getByTestId('reco-gpu');
    for (let i = 0; i < (await cards.count()); i++) {
      assert.match(await cards.nth(i).getByTestId('reco-fleet').textContent(), fleet);
      assert.match(await cards.nth(i).getByTestId('reco-monthly').textContent(), monthly);
    }
    // A card whose plan rents machines of several GPUs, where there is one.
    let card = cards.first();
    for (const c of await cards.all()) {
      if (Number(await c.getByTestId('reco-use').getAttribute('data-per-machine')) > 1) { card = c; break; }
    }
    const button = card.getByTestId('reco-use');
    const [gpu, gpus, perMachine] = await Promise.all(
      ['data-gpu', 'data-gpus', 'data-per-machine'].map((a) => button.getAttribute(a)),
    );
    assert.ok(gpu && Number(gpus) > 0, `${gpu} × ${gpus}`);
    const fleetText = await card.getByTestId('reco-fleet').textContent();
    assert.ok(fleetText.includes(`= ${Number(gpus).toLocaleString('en-US')} `), `${fleetText} says ${gpus} GPUs`);
    await button.click();
    const line = `${gpu}*${gpus}${perMachine ? `/${perMachine}` : ''}`;
    await page.waitForFunction((l) => new URLSearchParams(location.search).getAll('l').join() === l, line);
    assert.equal(await page.getByTestId('line-0-gpu').inputValue(), gpu);
    assert.equal(Number((await page.getByTestId('line-0-count').inputValue()).replace(/,/g, '')), Number(gpus));
    if (perMachine) assert.equal(await page.getByTestId('line-0-per-machine').inputValue(), perMachine);
    await page.waitForFunction(() => document.activeElement?.dataset.testid === 'line-0-gpu');
    assert.deepEqual(errors, []);
    await context.close();
  });
}
