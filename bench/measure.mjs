// Measures the built page in headless Chromium: first-load size (gzip and brotli), time to
// first result per preset against a blank Leptos page and the floor (the engine and catalog
// with no UI framework, bench/floor), and the recompute time per input change. Prints a
// Markdown report. Used by scripts/bench.sh (not part of the test run).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { startServer } from '../tests/e2e/lib/server.mjs';
import { launch } from '../tests/e2e/lib/browser.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(here, '../dist');
const BLANK = path.resolve(here, 'blank/dist');
const FLOOR = path.resolve(here, 'floor/dist');
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const EDITS = Number(process.env.BENCH_EDITS ?? 200);
const PRESETS = ['short-training', 'traffic-spike', 'dev-test', 'shift-fleet', 'custom'];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((xs.length - 1) * p))];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** Files the first load fetches: index.html and every local href/src it names. */
function firstLoad(dir) {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const names = new Set(['index.html']);
  for (const m of html.matchAll(/(?:href|src|module_or_path:)\s*=?\s*['"]\.?\/?([^'"#?]+\.(?:js|wasm|css))['"]/g)) names.add(m[1]);
  return [...names].map((name) => {
    const body = fs.readFileSync(path.join(dir, name));
    return {
      name,
      raw: body.length,
      gzip: zlib.gzipSync(body, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });
}

/** Milliseconds from navigation start until `selector` is in the page, in a fresh context. */
async function timeToSelectorOnce(browser, url, selector) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript((sel) => {
    new MutationObserver((_, obs) => {
      if (document.querySelector(sel)) {
        window.__ready = performance.now();
        obs.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  }, selector);
  await page.goto(url);
  await page.waitForFunction(() => window.__ready !== undefined, null, { timeout: 30000 });
  const t = await page.evaluate(() => window.__ready);
  await context.close();
  return t;
}

/**
 * RUNS cold loads of `url`, each right after a cold load of the blank page (and of
 * `floorUrl`, when given), so all see the same machine load (this machine is shared, and its
 * load drifts over a run). Returns the medians and the ratios to the blank page's.
 */
async function againstBlank(browser, blankUrl, url, selector, floorUrl) {
  const ours = [];
  const blank = [];
  const floor = [];
  for (let i = 0; i < RUNS; i++) {
    blank.push(await timeToSelectorOnce(browser, blankUrl, '[data-testid=ready]'));
    if (floorUrl) floor.push(await timeToSelectorOnce(browser, floorUrl, '[data-testid=headline]'));
    ours.push(await timeToSelectorOnce(browser, url, selector));
  }
  const b = median(blank);
  return {
    ours: median(ours),
    blank: b,
    ratio: median(ours) / b,
    floor: floorUrl ? median(floor) : null,
    floorRatio: floorUrl ? median(floor) / b : null,
  };
}

/** Time from an input event to the new total on screen, over EDITS edits of the hours field, in
 * the order of the edits. */
async function recompute(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('[data-testid=headline]');
  const times = await page.evaluate(async (edits) => {
    const input = document.querySelector('[data-testid=hours]');
    const results = document.querySelector('section.results');
    // A message, unlike a nested setTimeout, is not clamped to 4 ms.
    const nextTask = () => new Promise((r) => { const c = new MessageChannel(); c.port1.onmessage = r; c.port2.postMessage(0); });
    const nextFrame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const out = [];
    for (let i = 0; i < edits; i++) {
      await nextFrame();
      // The time of the last change to the results: observer callbacks run right after each
      // burst of DOM updates, so the last one marks the end of the recompute.
      let last = null;
      const observer = new MutationObserver(() => { last = performance.now(); });
      observer.observe(results, { childList: true, subtree: true, characterData: true, attributes: true });
      const t0 = performance.now();
      input.value = String(25 + (i % 97));
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await nextTask();
      await nextTask();
      observer.disconnect();
      if (last !== null) out.push(last - t0);
    }
    return out;
  }, EDITS);
  await context.close();
  return times;
}

const server = await startServer();
const blankServer = await startServer({ root: BLANK });
const floorServer = await startServer({ root: FLOOR });
const browser = await launch();
const lines = [];
const log = (s = '') => {
  lines.push(s);
  console.log(s);
};

const files = firstLoad(DIST);
log('### First load');
log('');
log('| file | raw | gzip | brotli |');
log('| --- | ---: | ---: | ---: |');
for (const f of files) log(`| ${f.name.replace(/-[0-9a-f]{16}/, '-…')} | ${kb(f.raw)} | ${kb(f.gzip)} | ${kb(f.brotli)} |`);
const total = (list, k) => list.reduce((a, f) => a + f[k], 0);
log(`| **total** | ${kb(total(files, 'raw'))} | **${kb(total(files, 'gzip'))}** | ${kb(total(files, 'brotli'))} |`);
log('');
log('| first load of | gzip | brotli |');
log('| --- | ---: | ---: |');
// The page's files are compressed once, above; brotli -11 of its 2 MB takes seconds.
for (const [name, list] of [
  ['the page', files],
  ['the floor: engine and catalog, no UI framework (bench/floor)', firstLoad(FLOOR)],
  ['the blank Leptos page (bench/blank)', firstLoad(BLANK)],
]) {
  log(`| ${name} | ${kb(total(list, 'gzip'))} | ${kb(total(list, 'brotli'))} |`);
}

log('');
log('### Time to first result (headless Chromium, loopback, cold context, median of ' + RUNS + ', each page interleaved with the blank page and the floor)');
log('');
log('| page | time to first result | blank page, same runs | ratio to blank | floor, same runs | floor to blank |');
log('| --- | ---: | ---: | ---: | ---: | ---: |');
const pages = [
  ...PRESETS.map((preset) => [preset, `?preset=${preset}&lang=en&cur=CNY`, '[data-testid=headline]', true]),
  ['(catalog browser)', '?view=catalog&lang=en', '[data-testid=row-count]', false],
];
for (const [name, query, selector, hasFloor] of pages) {
  const floorUrl = hasFloor ? `${floorServer.url}${query}` : null;
  const t = await againstBlank(browser, blankServer.url, `${server.url}${query}`, selector, floorUrl);
  const floor = hasFloor ? `${t.floor.toFixed(0)} ms | ${t.floorRatio.toFixed(2)}×` : '— | —';
  log(`| ${name} | ${t.ours.toFixed(0)} ms | ${t.blank.toFixed(0)} ms | ${t.ratio.toFixed(2)}× | ${floor} |`);
}

log('');
log(`### Recompute per input change (${EDITS} edits of the hours field of a 24-hour job: input event to the last change of the results in the DOM; layout and paint come after)`);
log('');
// The halves tell cold code from warm: V8 runs WASM in its baseline compiler first and
// recompiles the functions that turn out hot in the background, so the first edits are slower.
log('| preset | median | p95 | first half median / p95 | second half median / p95 |');
log('| --- | ---: | ---: | ---: | ---: |');
const ms = (x) => `${x.toFixed(2)} ms`;
for (const preset of PRESETS) {
  const t = await recompute(browser, `${server.url}?preset=${preset}&lang=en&cur=CNY&h=24`);
  const [cold, warm] = [t.slice(0, t.length >> 1), t.slice(t.length >> 1)];
  log(`| ${preset} | ${ms(median(t))} | ${ms(pct(t, 0.95))} | ${ms(median(cold))} / ${ms(pct(cold, 0.95))} | ${ms(median(warm))} / ${ms(pct(warm, 0.95))} |`);
}
await browser.close();
await server.close();
await blankServer.close();
await floorServer.close();
if (process.env.BENCH_OUT) fs.writeFileSync(process.env.BENCH_OUT, lines.join('\n') + '\n');
