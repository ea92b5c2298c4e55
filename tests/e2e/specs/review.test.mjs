// The spend review in Chromium: a sample bill picked on ?view=review is read by the worker and
// shows the numbers `gpucost review` prints, its exports equal the command line's, the derived
// scenario opens in the calculator, a damaged file is refused with its line named, and no
// request leaves the page's own files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useApp } from '../lib/fixture.mjs';
import { GPUCOST } from '../lib/totals.mjs';

const app = useApp();
const here = path.dirname(fileURLToPath(import.meta.url));
const EXAMPLES = path.resolve(here, '../../../docs/examples');
const ready = { readySelector: '[data-testid=review-file]' };

/** What `gpucost review` prints for a sample, in the page's settings (`extra`: more options). */
function cli(file, format, lang = 'en', extra = []) {
  const today = new Date().toISOString().slice(0, 10);
  return execFileSync(GPUCOST, ['review', file, '--format', format, '--lang', lang, '--today', today, ...extra], {
    encoding: 'utf8',
  });
}

/** Picks `file` and waits for the review (or its error). */
async function pick(page, file) {
  await page.getByTestId('review-file').setInputFiles(file);
  await page.waitForSelector('[data-testid=review-summary], [data-testid=review-error]', { timeout: 30000 });
}

/** A download's text; a CSV must start with the UTF-8 byte-order mark, which is taken off. */
async function download(page, testid) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  const text = await fs.readFile(await dl.path(), 'utf8');
  if (!testid.endsWith('csv')) return text;
  assert.ok(text.startsWith('\uFEFF'), `${testid} starts with a UTF-8 byte-order mark for Excel`);
  return text.slice(1);
}

test('a sample bill is reviewed in the page with the numbers the command line prints', async () => {
  const { page, context, errors } = await app.open('?view=review&lang=en&cur=USD', ready);
  const outside = [];
  context.on('request', (r) => {
    if (!r.url().startsWith(app.server.url) && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) outside.push(r.url());
  });
  assert.match(await page.getByTestId('review-privacy').textContent(), /never uploaded/);
  const sample = path.join(EXAMPLES, 'aws-cur-legacy.csv');
  await pick(page, sample);
  const summary = await page.getByTestId('review-summary').textContent();
  assert.match(summary, /\$53\.47/);
  assert.match(summary, /\$65\.56/);
  const table = page.getByTestId('review-by-instance');
  assert.match(await table.textContent(), /p3\.8xlarge/);
  assert.equal(await page.locator('[data-testid=review-heat] td').count(), 168);
  // The exports are the command line's, byte for byte.
  assert.equal(await download(page, 'review-export-csv'), cli(sample, 'csv'));
  assert.equal(await download(page, 'review-export-json'), cli(sample, 'json'));
  assert.deepEqual(outside, [], 'requests to another origin');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a bill with a utilization side file shows the command line’s utilization and rightsizing numbers', async () => {
  const { page, context, errors } = await app.open('?view=review&lang=en&cur=USD', ready);
  const outside = [];
  context.on('request', (r) => {
    if (!r.url().startsWith(app.server.url) && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) outside.push(r.url());
  });
  const bill = path.join(EXAMPLES, 'aws-cur-legacy.csv');
  const side = path.join(EXAMPLES, 'utilization.csv');
  // The side file first: the bill then starts one review of both.
  await page.getByTestId('review-util-file').setInputFiles(side);
  await pick(page, bill);
  await page.waitForSelector('[data-testid=review-utilization-table]');
  assert.equal(await page.getByTestId('review-low-utilization').textContent(), '$4.51');
  assert.equal(await page.getByTestId('review-unsampled').textContent(), '0 (0)');
  const rows = page.locator('[data-testid=review-utilization-table] tbody tr');
  assert.equal(await rows.count(), 3);
  assert.match(await rows.nth(0).textContent(), /i-0prod9f8e7d6c5b4a3.*88\.75 %.*97 %.*15\.1 GiB of 15\.8 GiB.*\$48\.96/);
  assert.match(await rows.nth(1).textContent(), /i-0dev5a1b2c3d4e5f6.*12 % \(low\)/);
  const lever = page.getByTestId('review-lever-table').locator('tr', { hasText: 'Rightsizing to a smaller GPU' });
  assert.match(await lever.textContent(), /\$2\.40.*4\.45%.*A10G → T4: peak 9\.5 GiB of 24 GiB/);
  // The exports are the command line's with the same side file, byte for byte.
  const extra = ['--utilization', side];
  assert.equal(await download(page, 'review-export-json'), cli(bill, 'json', 'en', extra));
  assert.equal(await download(page, 'review-export-csv'), cli(bill, 'csv', 'en', extra));
  assert.deepEqual(outside, [], 'requests to another origin');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an nvidia-smi side file needs its resource id, said in Chinese; with it, the rest is counted as unsampled', async () => {
  const { page, context, errors } = await app.open('?view=review&lang=zh&cur=USD', ready);
  const bill = path.join(EXAMPLES, 'aws-cur-legacy.csv');
  const smi = path.join(EXAMPLES, 'nvidia-smi.csv');
  await page.getByTestId('review-util-file').setInputFiles(smi);
  await pick(page, bill);
  await page.waitForSelector('[data-testid=review-error]');
  assert.match(await page.getByTestId('review-error').textContent(), /nvidia-smi\.csv，第 1 行：nvidia-smi 文件未注明来自哪台实例/);
  const resource = page.getByTestId('review-util-resource');
  await resource.fill('i-0dev5a1b2c3d4e5f6');
  await resource.blur();
  await page.waitForSelector('[data-testid=review-utilization-table]');
  assert.equal(await page.getByTestId('review-unsampled').textContent(), '2 ($49.44)');
  assert.match(await page.getByTestId('review-not-priced').textContent(), /换用显存更小的 GPU: 利用率文件没有覆盖/);
  const extra = ['--utilization', smi, '--resource', 'i-0dev5a1b2c3d4e5f6', '--cur', 'USD'];
  assert.equal(await download(page, 'review-export-json'), cli(bill, 'json', 'zh', extra));
  assert.deepEqual(errors, []);
  await context.close();
});

// Regression (issue 28): a Google Cloud bill had no savings section, no scenario link, an
// all-zero heat map beside 250 GPU-hours and a stray ": $0.00" row.
for (const [lang, first] of [['en', 'What to do first'], ['zh', '先做什么']]) {
  test(`a Google Cloud bill gets levers, a scenario link, its heat map and a summary first (${lang})`, async () => {
    const { page, context, errors } = await app.open(`?view=review&lang=${lang}&cur=USD`, ready);
    const bill = path.join(EXAMPLES, 'gcp-billing.csv');
    await pick(page, bill);
    const whatFirst = page.getByTestId('review-what-first');
    assert.match(await whatFirst.textContent(), new RegExp(first));
    assert.match(await whatFirst.textContent(), /\$506\.35/);
    assert.ok((await page.getByTestId('review-lever-table').locator('tbody tr').count()) > 0);
    assert.match(await page.getByTestId('review-open-scenario').getAttribute('href'), /^\?.*l=V100/);
    assert.ok((await page.locator('[data-testid=review-heat] td:not(.h0)').count()) > 0, 'a heat map with use');
    // What the cost table cannot tell is said, not shown as none or zero; the levers say
    // that Google bills the GPU apart from its machine.
    const unknown = lang === 'en' ? /not known/ : /无法判断/;
    assert.match(await page.getByTestId('review-always-on').textContent(), unknown);
    assert.match(await page.getByTestId('review-dev-off-hours').textContent(), unknown);
    assert.match(await page.getByTestId('review-lever-note').textContent(), /Google Cloud/);
    const items = await page.getByTestId('review-non-gpu').locator('tbody th').allTextContents();
    assert.ok(items.every((t) => t.trim() !== '' && !t.trim().startsWith(':')), JSON.stringify(items));
    assert.equal(await download(page, 'review-export-json'), cli(bill, 'json', lang, ['--cur', 'USD']));
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the derived scenario opens in the calculator', async () => {
  const { page, context } = await app.open('?view=review&lang=en&cur=USD', ready);
  await pick(page, path.join(EXAMPLES, 'aws-cur-legacy.csv'));
  const link = page.getByTestId('review-open-scenario');
  const href = await link.getAttribute('href');
  assert.match(href, /preset=custom/);
  await link.click();
  await page.waitForSelector('[data-testid=headline]');
  assert.match(page.url(), /l=V100-16GB/);
  assert.equal(await page.getByTestId('line-0-gpu').inputValue(), 'V100-16GB');
  await context.close();
});

test('the review reads in Chinese, and changing the language redoes it', async () => {
  const { page, context } = await app.open('?view=review&lang=zh&cur=CNY', ready);
  const sample = path.join(EXAMPLES, 'alibaba-bill.csv');
  await pick(page, sample);
  const report = page.getByTestId('review-report');
  assert.match(await report.textContent(), /¥127\.68/);
  assert.match(await report.textContent(), /浪费/);
  assert.equal(await download(page, 'review-export-csv'), cli(sample, 'csv', 'zh'));
  await page.getByTestId('lang').selectOption('en');
  await page.waitForFunction(() => document.querySelector('[data-testid=review-report]').textContent.includes('Waste'));
  await context.close();
});

test('a damaged line is named and skipped; a file that is no bill is refused; the page keeps working', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'review-'));
  const lines = (await fs.readFile(path.join(EXAMPLES, 'aws-cur-legacy.csv'), 'utf8')).split('\n');
  lines[3] = lines[3].replace(',1.006,1.006,', ',1.006,lots,');
  const damaged = path.join(dir, 'damaged.csv');
  await fs.writeFile(damaged, lines.join('\n'));
  const notes = path.join(dir, 'notes.csv');
  await fs.writeFile(notes, 'a,b,c\n1,2,3\n');

  const { page, context, errors } = await app.open('?view=review&lang=en&cur=USD', ready);
  await pick(page, damaged);
  assert.match(await page.getByTestId('review-problems').textContent(), /damaged\.csv, line 4, column “lineItem\/UnblendedCost”/);
  await pick(page, notes);
  await page.waitForSelector('[data-testid=review-error]');
  assert.match(await page.getByTestId('review-error').textContent(), /notes\.csv: the header matches no supported bill format/);
  assert.equal(await page.getByTestId('review-summary').count(), 0, 'the old review is not shown for the new file');
  await page.getByTestId('nav-calc').click();
  await page.waitForSelector('[data-testid=headline]');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a hostile bill is shown as text, never as markup', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'review-'));
  const file = path.join(dir, 'hostile.csv');
  const evil = '<img src=x onerror=window.__pwned=1>';
  await fs.writeFile(
    file,
    `start,end,hours,provider,instance_type,gpu_model,gpus,cost,currency,tags\n` +
      `2024-05-01T00:00:00Z,2024-05-01T01:00:00Z,1,aws,g5.xlarge,,,1.006,USD,"team=${evil}"\n`,
  );
  const { page, context } = await app.open('?view=review&lang=en&cur=USD', ready);
  await pick(page, file);
  assert.match(await page.getByTestId('review-report').textContent(), /<img src=x onerror/);
  assert.equal(await page.locator('[data-testid=review-report] img').count(), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  await context.close();
});

// A cost near the decimal maximum panicked in unchecked arithmetic and took the review worker
// down with no word; formula-like tag values went live into the CSV export (issue 26).
test('a hostile bill names its problem, the worker survives, and the CSV export is inert', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'review-'));
  const file = path.join(dir, 'overflow.csv');
  const max = '79228162514264337593543950335';
  await fs.writeFile(
    file,
    `start,end,hours,provider,instance_type,gpu_model,gpus,cost,currency,tags\n` +
      `2024-05-01T00:00:00Z,2024-05-01T01:00:00Z,1,aws,g5.xlarge,,,1.006,USD,"team==HYPERLINK(""http://evil.example"",""x"")"\n` +
      `2024-05-01T01:00:00Z,2024-05-01T02:00:00Z,1,aws,g5.xlarge,,,${max},USD,team=a\n` +
      `2024-05-01T02:00:00Z,2024-05-01T03:00:00Z,1,aws,g5.xlarge,,,${max},USD,team=a\n`,
  );
  const { page, context, errors } = await app.open('?view=review&lang=en&cur=USD', ready);
  await pick(page, file);
  assert.match(await page.getByTestId('review-problems').textContent(), /overflow\.csv, line [34]/);
  const csv = await download(page, 'review-export-csv');
  assert.match(csv, /'=HYPERLINK/);
  for (const line of csv.trim().split('\n')) {
    const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g).map((c) => c.replace(/,$/, '').replace(/^"|"$/g, ''));
    for (const cell of cells) {
      assert.ok(!/^[=+\-@\t\r]/.test(cell) || /^-?\d[\d,]*(\.\d+)?$/.test(cell), `a live cell: ${cell}`);
    }
  }
  // The worker still reviews the next file.
  await page.getByTestId('review-file').setInputFiles(path.join(EXAMPLES, 'aws-cur-legacy.csv'));
  await page.waitForFunction(() => /\$53\.47/.test(document.querySelector('[data-testid=review-summary]')?.textContent ?? ''), null, { timeout: 30000 });
  assert.deepEqual(errors, []);
  await context.close();
});

// The page never asks for the review worker until a bill is picked. The service worker caches
// it in the background once the page has loaded, so the review works offline after one visit
// (issue 28): its requests are its own, not the calculator's download.
test('the review worker is not part of the calculator’s download', async () => {
  const { page, context } = await app.open('?preset=dev-test&lang=en', { readySelector: '[data-testid=headline]' });
  const fetched = [];
  context.on('request', (r) => {
    if (!r.serviceWorker()) fetched.push(r.url());
  });
  await page.waitForTimeout(500);
  const onLoad = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  assert.deepEqual([...onLoad, ...fetched].filter((u) => u.includes('review-worker')), []);
  await context.close();
});

test('a large report is read with a moving progress bar and never blocks the page', async () => {
  // 100,000 hourly CUR lines (~30 MB): a month of a 140-resource team.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'review-'));
  const file = path.join(dir, 'large-cur.csv');
  const header = (await fs.readFile(path.join(EXAMPLES, 'aws-cur-legacy.csv'), 'utf8')).split('\n')[0];
  const out = await fs.open(file, 'w');
  await out.write(header + '\n');
  const start = Date.UTC(2024, 3, 1);
  let chunk = '';
  for (let i = 0; i < 100_000; i++) {
    const t0 = new Date(start + Math.floor(i / 140) * 3_600_000).toISOString().replace('.000', '');
    const t1 = new Date(start + (Math.floor(i / 140) + 1) * 3_600_000).toISOString().replace('.000', '');
    chunk += `li${i},${t0}/${t1},1,1,Usage,${t0},${t1},AmazonEC2,USE1-BoxUsage:g5.xlarge,RunInstances,us-east-1a,i-${i % 140},1,USD,1.006,1.006,x,Amazon Elastic Compute Cloud,g5.xlarge,US East (N. Virginia),us-east-1,ml,p${i % 7},${i % 3 ? 'prod' : 'dev'}\n`;
    if (chunk.length > 1 << 20) { await out.write(chunk); chunk = ''; }
  }
  await out.write(chunk);
  await out.close();

  const { page, context } = await app.open('?view=review&lang=en&cur=USD', ready);
  await page.evaluate(() => {
    window.__longest = 0;
    window.__values = new Set();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
    }).observe({ type: 'longtask' });
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid=review-progress]');
      if (bar) window.__values.add(bar.getAttribute('value'));
    }).observe(document.querySelector('section.review'), { attributes: true, childList: true, subtree: true });
  });
  await pick(page, file);
  const { longest, values } = await page.evaluate(() => ({ longest: window.__longest, values: window.__values.size }));
  assert.ok(values >= 10, `the progress bar moved ${values} times`);
  assert.ok(longest < 200, `longest main-thread task ${longest} ms`);
  assert.match(await page.getByTestId('review-summary').textContent(), /100,000|100000/);
  await context.close();
});

test('axe finds no serious or critical violation on a review, in both languages and schemes', async () => {
  const axe = await fs.readFile(path.resolve(here, '../node_modules/axe-core/axe.min.js'), 'utf8');
  for (const [lang, colorScheme] of [['en', 'light'], ['zh', 'dark']]) {
    const context = await app.browser.newContext({ colorScheme });
    const page = await context.newPage();
    await page.goto(`${app.server.url}?view=review&lang=${lang}`);
    await page.waitForSelector('[data-testid=review-file]');
    await pick(page, path.join(EXAMPLES, 'azure-cost-details.csv'));
    await page.evaluate(axe);
    const violations = await page.evaluate(async () => {
      const r = await window.axe.run(document, { resultTypes: ['violations'] });
      return r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, help: v.help, target: v.nodes[0]?.target }));
    });
    assert.deepEqual(violations, [], `${lang} ${colorScheme}: ${JSON.stringify(violations)}`);
    await context.close();
  }
});
