// What else a buyer weighs (issue 32): the comparison can be kept to kinds of provider and a
// least compute SLA from the calculator's form and the link (`kind=`, `sla=`), an SLA floor
// that no source can prove says why the table is empty, and every provider row says how new
// its prices are, marked when over a year old — in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, params } from '../lib/fixture.mjs';
import { cli, pageTotals } from '../lib/totals.mjs';

const app = useApp();
const ready = { readySelector: '[data-testid=headline]' };
const form = '[data-testid=provider-filter]';

/** The catalog kinds `gpucost estimate` reports as served for a query string, by seller. */
function servedBy(query) {
  return cli(query).providers.filter((p) => p.status === 'served');
}

test('kind=enterprise&sla=99.9 keeps the clouds whose SLA a source states, fills the form and keeps the link', async () => {
  const query = '?preset=dev-test&kind=enterprise&sla=99.9&cur=CNY&lang=en';
  const { page, context, errors } = await app.open(query, ready);
  await page.waitForSelector(form);
  assert.equal(await page.getByTestId('provider-kind').inputValue(), 'enterprise');
  assert.equal(await page.getByTestId('min-sla').inputValue(), '99.9');
  // AWS and Azure serve dev/test (Google Cloud has no A10); each cites its SLA page.
  const expected = Object.fromEntries(servedBy(query).map((p) => [p.provider, p.total]));
  assert.deepEqual(Object.keys(expected).sort(), ['aws', 'azure']);
  assert.deepEqual(await pageTotals(page), expected);
  assert.match(await page.getByTestId('provider-filter-hint').textContent(), /A provider is kept only when a source proves it qualifies/);
  // The link is written with the kinds `enterprise` stands for.
  await page.waitForFunction(() => new URLSearchParams(location.search).get('kind') === 'hyperscaler,china-cloud');
  assert.equal(params(page).get('sla'), '99.9');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an SLA floor above every sourced SLA says why the table is empty', async () => {
  const query = '?preset=dev-test&kind=enterprise&sla=99.999&cur=CNY&lang=en';
  const { page, context, errors } = await app.open(query, { readySelector: '[data-testid=warnings]' });
  const warnings = await page.getByTestId('warnings').textContent();
  assert.match(warnings, /No provider's SLA of at least 99\.999 % is known from a source/);
  assert.equal(await page.locator('table.comparison tr[data-seller]').count(), 0, 'no catalog row is proven');
  assert.deepEqual(servedBy(query), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('choosing enterprise clouds and an SLA floor in the form rewrites the link; zero clears it', async () => {
  // Short training is served by a marketplace (Vast.ai) and neoclouds as well as enterprise
  // clouds, and by the user's own ¥8/GPU-hour quote, which every filter keeps.
  const { page, context } = await app.open('?preset=short-training&cur=CNY&lang=en', ready);
  await page.waitForSelector(form);
  assert.equal(await page.getByTestId('provider-kind').inputValue(), '');
  assert.equal(await page.locator('table.comparison tr[data-seller=vast]').count(), 1);
  await page.getByTestId('provider-kind').selectOption('enterprise');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('kind') === 'hyperscaler,china-cloud');
  await page.waitForSelector('table.comparison tr[data-seller=vast]', { state: 'detached' });
  const expected = Object.fromEntries(servedBy('?' + params(page).toString()).map((p) => [p.provider, p.total]));
  assert.ok(Object.keys(expected).length >= 3, JSON.stringify(expected));
  for (const seller of Object.keys(expected)) assert.ok(!['vast', 'runpod', 'lambda', 'compshare'].includes(seller), seller);
  assert.deepEqual(await pageTotals(page), expected);
  assert.match(await page.getByTestId('placement-note').textContent(), /only providers of kind hyperscaler/i);

  // The form takes two decimals: 100 is the one floor above every sourced SLA (99.99 %).
  await page.getByTestId('min-sla').fill('100');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('sla') === '100');
  await page.waitForSelector('[data-testid=warnings]');
  assert.match(await page.getByTestId('warnings').textContent(), /No provider's SLA of at least 100 %/);
  await page.getByTestId('min-sla').fill('101');
  assert.equal(await page.getByTestId('min-sla').getAttribute('aria-invalid'), 'true');
  await page.getByTestId('min-sla').fill('0');
  await page.waitForFunction(() => !new URLSearchParams(location.search).has('sla'));
  await page.getByTestId('provider-kind').selectOption('');
  await page.waitForFunction(() => !new URLSearchParams(location.search).has('kind'));
  await page.waitForSelector('table.comparison tr[data-seller=vast]');
  await context.close();
});

test('the form and the empty table read in Chinese', async () => {
  const { page, context } = await app.open('?preset=dev-test&kind=enterprise&sla=99.999&cur=CNY&lang=zh', {
    readySelector: '[data-testid=warnings]',
    locale: 'zh-CN',
  });
  await page.waitForSelector(form);
  assert.match(await page.locator(`${form} legend`).textContent(), /比较哪些供应商/);
  assert.match(await page.getByTestId('provider-kind').locator('option:checked').textContent(), /仅企业云/);
  assert.match(await page.getByTestId('warnings').textContent(), /没有任何供应商的 SLA 有来源可查且不低于 99\.999%/);
  await context.close();
});

test('hostile kind= and sla= values are named in the notice and not applied', async () => {
  const { page, context, errors } = await app.open('?preset=short-training&kind=%3Cimg%20src=x%3E&sla=1000&cur=CNY&lang=en', ready);
  const notice = await page.getByTestId('ignored-params').textContent();
  for (const name of ['kind=', 'sla=']) assert.ok(notice.includes(name), `${name}: ${notice}`);
  assert.equal(await page.locator('main img, .notice img').count(), 0, 'markup from the link was rendered');
  await page.waitForSelector(form);
  assert.equal(await page.getByTestId('provider-kind').inputValue(), '');
  assert.equal(await page.getByTestId('min-sla').inputValue(), '0', 'no floor');
  assert.equal(await page.locator('table.comparison tr[data-seller=vast]').count(), 1, 'every provider is kept');
  assert.deepEqual(errors, []);
  await context.close();
});

test("every row says its newest price date, and an over-a-year-old one is marked, in both languages", async () => {
  const words = {
    en: { prefix: /^prices (of|no newer than) \d{4}-\d{2}-\d{2}$/, stale: 'newest price over a year old' },
    zh: { prefix: /^价格(日期|不晚于) \d{4}-\d{2}-\d{2}$/, stale: '最新价格已超过一年' },
  };
  for (const lang of ['en', 'zh']) {
    const query = `?preset=short-training&cur=CNY&lang=${lang}`;
    const { page, context } = await app.open(query, { ...ready, locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
    const served = servedBy(query);
    assert.ok(served.some((p) => p.stale), 'some served provider has old prices');
    for (const p of served) {
      if (p.prices_as_of === '') continue; // a quote of the user's has no catalog date
      const row = page.locator(`table.comparison tr[data-seller="${p.provider}"]`);
      const date = (await row.getByTestId('row-prices-as-of').textContent()).trim();
      assert.match(date, words[lang].prefix, `${lang} ${p.provider}`);
      assert.ok(date.endsWith(p.prices_as_of.replace('<=', '')), `${p.provider}: ${date} vs ${p.prices_as_of}`);
      const badges = await row.locator('.badge').allTextContents();
      assert.equal(badges.includes(words[lang].stale), p.stale, `${lang} ${p.provider}: ${badges}`);
    }
    await context.close();
  }
});

test('cert=iso27001 keeps the providers whose own page states ISO/IEC 27001, ticks the box, and the box rewrites the link', async () => {
  const query = '?preset=short-training&cert=iso27001&cur=CNY&lang=en';
  const { page, context, errors } = await app.open(query, ready);
  await page.waitForSelector(form);
  assert.equal(await page.getByTestId('iso-27001').isChecked(), true);
  const expected = Object.fromEntries(servedBy(query).map((p) => [p.provider, p.total]));
  assert.ok(Object.keys(expected).includes('azure'), JSON.stringify(expected));
  for (const seller of Object.keys(expected)) {
    assert.ok(['azure', 'ibm', 'tencent-intl', 'huawei'].includes(seller) || seller.startsWith('custom:'), seller);
  }
  assert.deepEqual(await pageTotals(page), expected);
  assert.match(await page.getByTestId('placement-note').textContent(), /only providers a source states hold ISO\/IEC 27001/i);
  await page.getByTestId('iso-27001').uncheck();
  await page.waitForFunction(() => !new URLSearchParams(location.search).has('cert'));
  await page.waitForSelector('table.comparison tr[data-seller=aws]');
  await page.getByTestId('iso-27001').check();
  await page.waitForFunction(() => new URLSearchParams(location.search).get('cert') === 'iso27001');
  await page.waitForSelector('table.comparison tr[data-seller=aws]', { state: 'detached' });
  assert.deepEqual(errors, []);
  await context.close();
});

test("the catalog browser lists each provider's certifications with the page cited, or 'not found', in both languages", async () => {
  const { page, context } = await app.open('?view=catalog&lang=en', { readySelector: '[data-testid=provider-facts]' });
  const facts = (id) => page.locator(`[data-testid=provider-facts] li[data-provider="${id}"]`).textContent();
  assert.match(await facts('azure'), /Certifications: ISO\/IEC 27001 \(Azure compliance offering ISO\/IEC 27001:2013/);
  assert.match(await facts('gcp'), /Certifications: ISO\/IEC 27017 \(Google Cloud compliance, ISO 27017.*; ISO 27001: not found in a source/);
  assert.match(await facts('lambda'), /ISO 27001 and other certifications: not found/);
  // Huawei Cloud has no sourced price, yet its cited certifications are listed.
  assert.match(await facts('huawei'), /no sourced price: enter your own quote.*Certifications: ISO\/IEC 27001:2013 \(HUAWEI CLOUD Security Compliance/);
  await context.close();
  const zh = await app.open('?view=catalog&lang=zh', { readySelector: '[data-testid=provider-facts]', locale: 'zh-CN' });
  const text = await zh.page.locator('[data-testid=provider-facts] li[data-provider="do"]').textContent();
  assert.match(text, /认证：SOC 2 Type II（DigitalOcean, SOC 2 compliance article.*）；SOC 3（/);
  assert.match(text, /；ISO 27001：资料中未找到/);
  await zh.context.close();
});
