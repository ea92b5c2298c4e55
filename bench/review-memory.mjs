// Peak memory of the spend review in the page (issue 26): each large hostile input of
// BENCHMARKS.md's native table (written by crates/gpucost-review/tests/hostile/generate_large.py)
// is picked on ?view=review in Chromium, and the renderer process's high-water mark of resident
// memory (VmHWM in /proc, Linux) is read before the pick and after the result: the page and its
// review worker share that process, and wasm memory is never returned, so the rise is the
// worker's peak. Each input gets a fresh browser, so one input's peak cannot hide another's.
//
// Usage: node bench/review-memory.mjs   (after `trunk build --release`; needs dist/, python3)
//        REVIEW_INPUTS=a.parquet,b.csv node bench/review-memory.mjs   (those files instead)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../tests/e2e/lib/server.mjs';
import { launch } from '../tests/e2e/lib/browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'review-memory-'));
const given = process.env.REVIEW_INPUTS?.split(',').filter(Boolean);
if (!given) execFileSync('python3', [path.join(root, 'crates/gpucost-review/tests/hostile/generate_large.py')], { cwd: dir });
const inputs = given ? given.map((f) => [path.basename(f), path.resolve(f)]) : [
  ['aws-cur-legacy.csv (reference sample)', path.join(root, 'docs/examples/aws-cur-legacy.csv')],
  ['gzip bomb, 1 GiB of zeros', path.join(dir, 'bomb-zeros.csv.gz')],
  ['gzip bomb, 1.5 GB of valid rows', path.join(dir, 'bomb-rows.csv.gz')],
  ['row 0001–9999', path.join(dir, 'year-9999.csv')],
  ['200,000 distinct values', path.join(dir, 'distinct-200k.csv')],
  ['10,000 tag columns', path.join(dir, 'tags-10k.csv')],
  ['1,900 tag columns × 2,000 rows', path.join(dir, 'tags-1900.csv')],
  ['unterminated quote, then 46 MB', path.join(dir, 'unterminated-quote.csv')],
];

/** VmHWM (peak resident set) in kB of every Chromium renderer process, by pid. */
function renderers() {
  const out = new Map();
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('--type=renderer')) continue;
      const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (hwm) out.set(pid, Number(hwm[1]));
    } catch {
      // The process ended while we read it.
    }
  }
  return out;
}

const server = await startServer();
console.log('| input | size | renderer peak before the pick | after the result | rise | time | result |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
try {
  for (const [name, file] of inputs) {
    const browser = await launch();
    try {
      const before = renderers();
      const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
      await page.goto(`${server.url}?view=review&lang=en&cur=USD`);
      await page.waitForSelector('[data-testid=review-file]');
      // Let the page settle, then find its renderer (the one that was not there before).
      await page.waitForTimeout(500);
      const mine = [...renderers().keys()].filter((pid) => !before.has(pid));
      const peak = () => Math.max(...mine.map((pid) => renderers().get(pid) ?? 0));
      const start = peak();
      const t0 = Date.now();
      await page.getByTestId('review-file').setInputFiles(file);
      await page.waitForSelector('[data-testid=review-summary], [data-testid=review-error]', { timeout: 600_000 });
      const seconds = ((Date.now() - t0) / 1000).toFixed(1);
      const end = peak();
      const problem = (await page.locator('[data-testid=review-error], [data-testid=review-problems] li, [data-testid=review-folded] li').first().textContent().catch(() => '')) ?? '';
      const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;
      const size = `${(fs.statSync(file).size / 1e6).toFixed(1)} MB`;
      console.log(`| ${name} | ${size} | ${mb(start)} | ${mb(end)} | ${mb(end - start)} | ${seconds} s | ${problem.replace(/\|/g, '\\|').slice(0, 90) || 'reviewed'} |`);
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
