// The spend review's benchmark (issue 18): a generated Cost and Usage Report of a mid-size team
// (a million rows, three months, `crates/gpucost-review/examples/review_bench.rs`) reviewed
// natively and in the built page, in Chromium at full speed. It reports rows per second, the
// longest task on the page's main thread while the worker reads (the page must not freeze:
// budget 200 ms), how often the progress bar moved, and the worker's memory is not measured
// here (it reads 1 MiB slices and keeps per-resource sums, not rows).
//
// Usage: node bench/review.mjs [ROWS]   (after `trunk build --release`; needs dist/)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../tests/e2e/lib/server.mjs';
import { launch } from '../tests/e2e/lib/browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rows = Number(process.argv[2] ?? 1_000_000);
const example = ['run', '-q', '--profile', 'native', '-p', 'gpucost-review', '--example', 'review_bench', '--'];

const native = execFileSync('cargo', [...example, 'time', String(rows)], { cwd: root, encoding: 'utf8' }).trim();
const file = path.join(os.tmpdir(), `generated-cur-${rows}.csv`);
execFileSync('cargo', [...example, 'write', file, String(rows)], { cwd: root });
const bytes = fs.statSync(file).size;

const server = await startServer();
const browser = await launch();
try {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${server.url}?view=review&lang=en&cur=USD`);
  await page.waitForSelector('[data-testid=review-file]');
  await page.evaluate(() => {
    window.__longest = 0;
    window.__moves = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
    }).observe({ type: 'longtask', buffered: false });
    new MutationObserver(() => { window.__moves += 1; }).observe(document.querySelector('section.review'), {
      attributes: true, subtree: true, attributeFilter: ['value'],
    });
    window.__t0 = performance.now();
  });
  const t0 = Date.now();
  await page.getByTestId('review-file').setInputFiles(file);
  await page.waitForSelector('[data-testid=review-summary], [data-testid=review-error]', { timeout: 600_000 });
  const secs = (Date.now() - t0) / 1000;
  const { longest, moves } = await page.evaluate(() => ({ longest: window.__longest, moves: window.__moves }));
  const error = await page.locator('[data-testid=review-error]').count();
  if (error) throw new Error(await page.getByTestId('review-error').textContent());
  const summary = await page.getByTestId('review-summary').textContent();
  console.log(`## Spend review: ${rows.toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(1)} MB (generated CUR)`);
  console.log();
  console.log('| where | time | rows/s | longest main-thread task (budget 200 ms) | progress updates |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  console.log(`| native (\`review_bench time\`) | ${native} | | | |`);
  console.log(`| page (worker, Chromium, full speed) | ${secs.toFixed(1)} s | ${Math.round(rows / secs).toLocaleString('en')} | ${longest.toFixed(0)} ms | ${moves} |`);
  console.log();
  console.log(`Rows read per the page: ${/Rows read\s*([\d,]+)/.exec(summary)?.[1] ?? '?'}`);
} finally {
  await browser.close();
  await server.close();
  fs.rmSync(file, { force: true });
}
