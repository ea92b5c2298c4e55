// The review page's "Large bills: let your warehouse aggregate" (issue 30): the query for the
// user's own table and dates is the one `gpucost review --sql` prints, byte for byte, for each
// warehouse; the copy button puts it on the clipboard; a table name that could end the query's
// quoting shows the problem instead of a query; both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { useApp } from '../lib/fixture.mjs';
import { GPUCOST } from '../lib/totals.mjs';

const app = useApp();
const ready = { readySelector: '[data-testid=review-sql]' };

/** What `gpucost review --sql` prints. */
function cli(dialect, table, from, to) {
  return execFileSync(GPUCOST, ['review', '--sql', dialect, '--table', table, '--from', from, '--to', to], { encoding: 'utf8' });
}

/** Fills the section's fields. */
async function fill(page, dialect, table, from, to) {
  await page.getByTestId('review-sql-dialect').selectOption(dialect);
  await page.getByTestId('review-sql-table').fill(table);
  await page.getByTestId('review-sql-from').fill(from);
  await page.getByTestId('review-sql-to').fill(to);
}

test('the page shows and copies the query the command line prints, for each warehouse', async () => {
  const { page, context, errors } = await app.open('?view=review&lang=en', ready);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.locator('[data-testid=review-sql] summary').click();
  assert.match(await page.locator('[data-testid=review-sql] summary').textContent(), /Large bills: let your warehouse aggregate/);
  // Before anything is typed: the example table, for the last three whole months.
  assert.match(await page.getByTestId('review-sql-query').textContent(), /FROM "cur"\."data_exports"/);
  for (const [dialect, table] of [
    ['athena', 'billing.cur2'],
    ['bigquery', 'my-project.billing.gcp_billing_export_resource_v1_0A0A0A'],
    ['duckdb', 'exports/**/*.csv.gz'],
  ]) {
    await fill(page, dialect, table, '2024-04-01', '2024-09-30');
    const shown = await page.getByTestId('review-sql-query').textContent();
    assert.equal(shown, cli(dialect, table, '2024-04-01', '2024-09-30'), dialect);
  }
  await page.getByTestId('review-sql-copy').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=review-sql]').textContent.includes('Copied'));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), cli('duckdb', 'exports/**/*.csv.gz', '2024-04-01', '2024-09-30'));
  // A hostile name is named, and no query is shown.
  await fill(page, 'athena', 'x"; DROP TABLE y; --', '2024-04-01', '2024-09-30');
  assert.match(await page.getByTestId('review-sql-error').textContent(), /cannot hold the character/);
  assert.equal(await page.getByTestId('review-sql-query').count(), 0);
  assert.deepEqual(errors, []);
});

test('the section speaks Chinese on the Chinese page', async () => {
  const { page, errors } = await app.open('?view=review&lang=zh', ready);
  await page.locator('[data-testid=review-sql] summary').click();
  assert.match(await page.locator('[data-testid=review-sql] summary').textContent(), /大账单：让数据仓库先汇总/);
  assert.match(await page.getByTestId('review-sql-copy').textContent(), /复制查询/);
  await fill(page, 'duckdb', "a'b.csv", '2024-04-01', '2024-09-30');
  assert.match(await page.getByTestId('review-sql-error').textContent(), /表名中不能有字符/);
  assert.deepEqual(errors, []);
});
