// What a team lead reads about a commitment is what the exports say (issue 28): with 4 × A10
// in mainland China and reserved allowed, the headline was a 3-year all-upfront reservation's
// monthly share, the ¥261,540 paid on day one said nowhere, and the chart started it at ¥0
// and claimed it beat on-demand after ~4 h; now the chart starts it at what day one costs. On dev/test the chart claimed a break-even its
// lines never showed, cut "730 h" to "730 l" and read its ticks ¥4.8k, ¥9.7k.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp } from '../lib/fixture.mjs';
import { cli } from '../lib/totals.mjs';

const app = useApp();
const ready = { readySelector: '[data-testid=headline]' };
const A10 = '?l=A10*4&geo=cn&pay=reserved&cur=CNY';

/** The cumulative chart's legend, crossing labels and tick labels. */
async function chart(page) {
  await page.getByTestId('chart-cumulative').waitFor();
  return page.getByTestId('chart-cumulative').evaluate((fig) => ({
    legend: [...fig.querySelectorAll('ul.legend li')].map((li) => li.textContent),
    crossings: [...fig.querySelectorAll('svg g.crossing text')].map((t) => t.textContent),
    ticks: [...fig.querySelectorAll('svg text.tick')].map((t) => t.textContent),
  }));
}

// The chart starts the reservation at the ¥261,540.03 paid on day one, so within the month it
// never meets on-demand and claims no break-even; its legend says the month's share.
for (const [lang, term, upfront, share] of [
  ['en', '3-year term', '¥261,540.03 up front', '¥7,265.00 of it this period'],
  ['zh', '3 年期', '预付 ¥261,540.03', '本期计入 ¥7,265.00'],
]) {
  test(`4 × A10 in mainland China: the headline, the row and the chart say the commitment the export says (${lang})`, async () => {
    const query = `${A10}&lang=${lang}`;
    const { page, context, errors } = await app.open(query, ready);
    const exported = cli(query).providers[0];
    assert.equal(exported.provider, 'aws-china');
    assert.equal(exported.commitments[0].upfront, '261540.03');
    assert.equal(await page.getByTestId('cheapest-total').textContent(), '¥7,265.00');
    assert.equal(await page.getByTestId('headline-commitment').textContent(), exported.commitment);
    // The phone's bottom bar and the live region say the term with the total.
    const spoken = await page.getByTestId('spoken-summary').textContent();
    assert.ok(spoken.includes('¥7,265.00') && spoken.includes(upfront), spoken);
    const row = page.locator('tr[data-seller=aws-china]');
    assert.equal(await row.getByTestId('row-commitment').textContent(), exported.commitment);
    assert.ok(exported.commitment.includes(term), exported.commitment);
    // One line, so its line items say the row's words under its charges.
    await row.locator('button[aria-controls]').click();
    assert.equal(await page.locator('#details-aws-china p.commitment').textContent(), exported.commitment);
    const c = await chart(page);
    const reserved = c.legend.find((l) => l.includes(upfront));
    assert.ok(reserved && reserved.includes(term) && reserved.includes(share), `${c.legend}`);
    assert.deepEqual(c.crossings, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('dev/test claims no break-even its lines do not show, and its axes read whole', async () => {
  const { page, context } = await app.open('?preset=dev-test&pay=reserved&cur=CNY&lang=en', ready);
  // The cheapest plan is hourly: nothing is committed, so the headline says nothing of a term.
  assert.equal(await page.getByTestId('headline-commitment').count(), 0);
  const c = await chart(page);
  assert.deepEqual(c.crossings, []);
  assert.ok(c.ticks.includes('730 h'), `${c.ticks}`);
  const money = c.ticks.filter((t) => t.startsWith('¥'));
  // The reserved line starts at its whole upfront, far above a month of on-demand: the scale
  // stops at 2.5 × the cheapest total (¥16,330.84) and the legend says the line runs past it.
  assert.deepEqual(money, ['¥0', '¥15k', '¥30k', '¥45k', '¥60k']);
  assert.ok(c.legend.some((l) => l.startsWith('Reserved') && /scale/.test(l)), `${c.legend}`);
  await context.close();
});
