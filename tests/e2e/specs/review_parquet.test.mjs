// Parquet bills in the page (issue 30): the CUR 2.0 and Azure samples of docs/examples, as the
// providers export them in Parquet (tests/fixtures, written by make_parquet.py), are read by
// the worker and give the same summary and exports as their CSV — and as `gpucost review`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useApp } from '../lib/fixture.mjs';
import { GPUCOST } from '../lib/totals.mjs';

const app = useApp();
const here = path.dirname(fileURLToPath(import.meta.url));
const EXAMPLES = path.resolve(here, '../../../docs/examples');
const FIXTURES = path.resolve(here, '../../fixtures');
const ready = { readySelector: '[data-testid=review-file]' };

async function pick(page, file) {
  await page.getByTestId('review-file').setInputFiles(file);
  await page.waitForSelector('[data-testid=review-summary], [data-testid=review-error]', { timeout: 30000 });
}

async function exported(page) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('review-export-json').click()]);
  const review = JSON.parse(await fs.readFile(await dl.path(), 'utf8'));
  delete review.file;
  return review;
}

for (const [csv, parquet] of [
  ['aws-cur2.csv', 'aws-cur2.parquet'],
  ['azure-cost-details.csv', 'azure-cost-details.parquet'],
]) {
  test(`${parquet} is reviewed in the page as its CSV is`, async () => {
    const { page, context, errors } = await app.open('?view=review&lang=en&cur=USD', ready);
    assert.match(await page.getByTestId('review-file').getAttribute('accept'), /\.parquet/);
    await pick(page, path.join(EXAMPLES, csv));
    const fromCsv = await page.getByTestId('review-summary').textContent();
    const csvJson = await exported(page);
    await pick(page, path.join(FIXTURES, parquet));
    await page.waitForFunction(
      (name) => document.body.textContent.includes(name),
      parquet,
      { timeout: 30000 },
    );
    assert.equal(await page.getByTestId('review-error').count(), 0);
    const fromParquet = await page.getByTestId('review-summary').textContent();
    assert.equal(fromParquet.replaceAll(parquet, csv), fromCsv);
    const parquetJson = await exported(page);
    assert.deepEqual(parquetJson, csvJson);
    assert.ok(Number(parquetJson.rows) > 5 && parquetJson.skipped === 0);
    // And the command line's review of the same Parquet file.
    const today = new Date().toISOString().slice(0, 10);
    const cli = JSON.parse(
      execFileSync(GPUCOST, ['review', path.join(FIXTURES, parquet), '--format', 'json', '--today', today], {
        encoding: 'utf8',
      }),
    );
    delete cli.file;
    assert.deepEqual(parquetJson, cli);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
