// Measures the built page in headless Chromium and prints a Markdown report, with a summary
// of the budgets of issue 16 ("Fast on a phone") at the top. Used by scripts/bench.sh (not
// part of the test run). How each number is measured:
//
// Mobile lab profile (bench/throttle.mjs): 1.6 Mbps down, 750 kbps up, 150 ms RTT, CPU 4×
// slower, applied through the DevTools protocol (Network.emulateNetworkConditions,
// Emulation.setCPUThrottlingRate) before each navigation. The page and the blank Leptos page
// are served by bench/gzip-server.mjs the way a static host sends them: gzip -6 for text and
// WASM, application/wasm, hashed files `immutable`, index.html `no-cache` with an ETag.
// - First result (mobile): navigation start to the first number in the DOM, the first paint's
//   `[data-testid=first-headline]` or the app's `[data-testid=headline]` (a MutationObserver
//   init script; the blank page's `[data-testid=ready]`); also when the app's headline came,
//   the layout shift until 1 s after it and how far the headline moved (issue 29), in a fresh
//   context (cold cache); BENCH_MOBILE_RUNS loads per preset (default 5), each right after
//   a cold load of the blank page; median, min–max, and the ratio of the medians.
// - Bytes: the protocol's Network.loadingFinished encodedDataLength (headers and gzip body)
//   per request of the page's session; "before the first result" sums the responses whose
//   Resource Timing responseEnd precedes the headline (same clock), "everything" all
//   requests of the first run once its service worker (if any) is active and the network
//   has been quiet for 3 s, plus the worker's own requests (its script, its precache: the
//   page's session does not see them) with their bodies from the server's log. Also the
//   request count and their origins.
// - Where the wait goes: one more cold load that lists each request's timing and wraps
//   WebAssembly.instantiateStreaming to show whether the module compiled while streaming.
// - Second visit: a first visit (its service worker active), then the same address in a
//   new tab of the same context (HTTP cache warm), timed like the first result; against the
//   blank page's second visit; where each request was answered.
// - Offline: one visit (its service worker active), then the network offline (the page's
//   CDP session and context.setOffline) and a reload: does the headline come?
// - Recompute on the slowed CPU: the full-speed measurement below with only the CPU slowed
//   4×, BENCH_SLOW_EDITS edits (default 100); p95 per preset.
// Unthrottled, as before issue 16 (the server of tests/e2e, raw files, over loopback):
// - First load: every file index.html names, compressed with gzip -9 and brotli -11.
// - Time to first result against the blank page and the floor (the engine and catalog with
//   no UI framework, bench/floor), BENCH_RUNS cold loads each (default 9), interleaved.
// - Recompute: BENCH_EDITS edits (default 200) of the hours field, one per frame, each from
//   the input event to the last DOM mutation in the results; median, p95 and the halves.
// Native: the output of `cargo bench -p gpucost-core --bench estimate`, when scripts/bench.sh
// passes it in BENCH_NATIVE; the budget is judged on the slowest preset's p95.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { startServer } from '../tests/e2e/lib/server.mjs';
import { launch } from '../tests/e2e/lib/browser.mjs';
import { startGzipServer } from './gzip-server.mjs';
import { measureMobile } from './mobile.mjs';
import { recompute } from './recompute.mjs';
import { MOBILE, SLOW_CPU } from './throttle.mjs';
import { median, pct } from './stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
// BENCH_DIST=dir: measure that build instead of dist/ (e.g. a variant kept aside).
const DIST = path.resolve(process.env.BENCH_DIST ?? path.resolve(here, '../dist'));
const BLANK = path.resolve(here, 'blank/dist');
const FLOOR = path.resolve(here, 'floor/dist');
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const EDITS = Number(process.env.BENCH_EDITS ?? 200);
const MOBILE_RUNS = Number(process.env.BENCH_MOBILE_RUNS ?? 5);
const SLOW_EDITS = Number(process.env.BENCH_SLOW_EDITS ?? 100);
const NATIVE = process.env.BENCH_NATIVE;
// Issue 16's budgets measured here; the rest are in bench/mobile.mjs.
const RECOMPUTE_P95_MS = 4;
const SLOW_RECOMPUTE_P95_MS = 16;
const NATIVE_MS = 1;
const PRESETS = ['short-training', 'traffic-spike', 'dev-test', 'shift-fleet', 'custom'];
// A link of one's own (issue 29's "custom link"): four V100s for three days, a quote of the
// user's and a parameter the page rejects (its notice is part of the first paint).
const CUSTOM_LINK = '?l=V100*4&h=72&cp=~mine:V100:od:0.01:CNY&ovh=lots&lang=en&cur=CNY';
// BENCH_MOBILE_ONLY=1: only the mobile lab profile's measurements (the loopback, recompute and
// native sections are skipped). BENCH_BEFORE_DIST=dir: also measure that build (e.g. the
// commit before a change) on the mobile profile in the same run, its pages named "(before)".
const MOBILE_ONLY = process.env.BENCH_MOBILE_ONLY === '1';
const BEFORE_DIST = process.env.BENCH_BEFORE_DIST;

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

const progress = (msg) => process.stderr.write(`[bench] ${msg}\n`);
const server = await startServer();
const blankServer = await startServer({ root: BLANK });
const floorServer = await startServer({ root: FLOOR });
const gzipServer = await startGzipServer({ root: DIST });
const gzipBlankServer = await startGzipServer({ root: BLANK });
const browser = await launch();
// The report is printed at the end, so that the summary of the budgets can lead it.
const lines = [];
const budgets = [];
const log = (s = '') => lines.push(s);

const files = firstLoad(DIST);
log('### First load');
log('');
log('| file | raw | gzip | brotli |');
log('| --- | ---: | ---: | ---: |');
for (const f of files) log(`| ${f.name.replace(/-[0-9a-f]{12,16}/, '-…')} | ${kb(f.raw)} | ${kb(f.gzip)} | ${kb(f.brotli)} |`);
const total = (list, k) => list.reduce((a, f) => a + f[k], 0);
log(`| **total** | ${kb(total(files, 'raw'))} | **${kb(total(files, 'gzip'))}** | ${kb(total(files, 'brotli'))} |`);
log('');
log('| first load of | gzip | brotli |');
log('| --- | ---: | ---: |');
// The page's files are compressed once, above; brotli -11 of its 2 MB takes seconds.
for (const [name, list] of [
  ['the page', files],
  ...(fs.existsSync(path.join(FLOOR, 'index.html')) ? [['the floor: engine and catalog, no UI framework (bench/floor)', firstLoad(FLOOR)]] : []),
  ['the blank Leptos page (bench/blank)', firstLoad(BLANK)],
]) {
  log(`| ${name} | ${kb(total(list, 'gzip'))} | ${kb(total(list, 'brotli'))} |`);
}

progress('mobile lab profile');
const beforeServer = BEFORE_DIST ? await startGzipServer({ root: path.resolve(BEFORE_DIST) }) : null;
const mobilePages = (url, suffix = '') => [
  ...PRESETS.map((preset) => [`${preset}${suffix}`, `${url}?preset=${preset}&lang=en&cur=CNY`]),
  [`custom link${suffix}`, `${url}${CUSTOM_LINK}`],
];
const mobile = await measureMobile(browser, {
  pages: mobilePages(gzipServer.url),
  blankUrl: gzipBlankServer.url,
  served: gzipServer.requests,
  blankServed: gzipBlankServer.requests,
  profile: MOBILE,
  runs: MOBILE_RUNS,
});
lines.push('', ...mobile.lines);
budgets.push(...mobile.budgets);
if (beforeServer) {
  // The same measurements of the build before, after this one's (its budgets are not judged).
  progress('mobile lab profile, the build before');
  const before = await measureMobile(browser, {
    pages: mobilePages(beforeServer.url, ' (before)'),
    blankUrl: gzipBlankServer.url,
    served: beforeServer.requests,
    blankServed: gzipBlankServer.requests,
    profile: MOBILE,
    runs: MOBILE_RUNS,
  });
  lines.push('', `## The build before (${BEFORE_DIST}), same run`, '', ...before.lines);
  log('');
  log('| budget | the build before |');
  log('| --- | --- |');
  for (const b of before.budgets) log(`| ${b.budget} | ${b.measured} |`);
}

if (MOBILE_ONLY) {
  await browser.close();
  await Promise.all([server, blankServer, floorServer, gzipServer, gzipBlankServer, beforeServer].filter(Boolean).map((s) => s.close()));
}

if (!MOBILE_ONLY) {
progress('loopback, full speed');
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
/** The preset with the highest p95, for the summary. */
const worstP95 = (rows) => rows.reduce((a, r) => (r.p95 > a.p95 ? r : a));
const fast = [];
for (const preset of PRESETS) {
  progress(`recompute ${preset}`);
  const t = await recompute(browser, `${server.url}?preset=${preset}&lang=en&cur=CNY&h=24`, EDITS);
  const [cold, warm] = [t.slice(0, t.length >> 1), t.slice(t.length >> 1)];
  fast.push({ preset, p95: pct(t, 0.95) });
  log(`| ${preset} | ${ms(median(t))} | ${ms(pct(t, 0.95))} | ${ms(median(cold))} / ${ms(pct(cold, 0.95))} | ${ms(median(warm))} / ${ms(pct(warm, 0.95))} |`);
}
const fastWorst = worstP95(fast);
budgets.push({
  budget: `recompute p95 ≤ ${RECOMPUTE_P95_MS} ms per edit, full speed`,
  measured: `${ms(fastWorst.p95)} (${fastWorst.preset}); p95s ${ms(Math.min(...fast.map((r) => r.p95)))}–${ms(fastWorst.p95)}`,
  met: fastWorst.p95 <= RECOMPUTE_P95_MS,
});

log('');
log(`### Recompute per input change on the slowed CPU (${SLOW_CPU.name}, ${SLOW_EDITS} edits, measured as above)`);
log('');
log('| preset | median | p95 | max |');
log('| --- | ---: | ---: | ---: |');
const slow = [];
for (const preset of PRESETS) {
  progress(`recompute ${preset}, ${SLOW_CPU.name}`);
  const t = await recompute(browser, `${server.url}?preset=${preset}&lang=en&cur=CNY&h=24`, SLOW_EDITS, SLOW_CPU);
  slow.push({ preset, p95: pct(t, 0.95) });
  log(`| ${preset} | ${ms(median(t))} | ${ms(pct(t, 0.95))} | ${ms(Math.max(...t))} |`);
}
const slowWorst = worstP95(slow);
budgets.push({
  budget: `recompute p95 ≤ ${SLOW_RECOMPUTE_P95_MS} ms per edit, CPU 4× slower`,
  measured: `${ms(slowWorst.p95)} (${slowWorst.preset}); p95s ${ms(Math.min(...slow.map((r) => r.p95)))}–${ms(slowWorst.p95)}`,
  met: slowWorst.p95 <= SLOW_RECOMPUTE_P95_MS,
});
await browser.close();
await Promise.all([server, blankServer, floorServer, gzipServer, gzipBlankServer, beforeServer].filter(Boolean).map((s) => s.close()));
}

if (NATIVE) {
  const text = fs.readFileSync(NATIVE, 'utf8').trim();
  log('');
  log('### Native estimate (cargo bench --profile native -p gpucost-core --bench estimate)');
  log('');
  log(text);
  budgets.push(nativeBudget(text));
}

/** The slowest preset's p95 from the native bench's table (| preset | median | p95 | …). */
function nativeBudget(text) {
  const rows = [...text.matchAll(/^\| ([a-z-]+) \| ([\d.]+) ms \| ([\d.]+) ms \|/gm)].map((m) => ({ preset: m[1], median: +m[2], p95: +m[3] }));
  const budget = `native full estimate ≤ ${NATIVE_MS} ms`;
  if (rows.length === 0) return { budget, measured: 'no table in the native bench output', met: null };
  const w = rows.reduce((a, r) => (r.p95 > a.p95 ? r : a));
  return { budget, measured: `p95 ${w.p95.toFixed(3)} ms, median ${w.median.toFixed(3)} ms (${w.preset}, the slowest p95)`, met: w.p95 <= NATIVE_MS };
}

const summary = [
  '## Summary: the budgets of issue 16 ("Fast on a phone")',
  '',
  `Mobile lab profile: ${MOBILE.name.replace(/^mobile lab profile: /, '')}; files gzipped as a static host sends them. Details below.`,
  '',
  '| budget | measured | met? |',
  '| --- | --- | --- |',
  ...budgets.map((b) => `| ${b.budget} | ${b.measured} | ${b.met === null ? '?' : b.met ? 'met' : '**not met**'} |`),
  ...(NATIVE ? [] : ['| native full estimate ≤ 1 ms | printed by the cargo bench step below | |']),
  '',
];
const report = [...summary, ...lines].join('\n') + '\n';
process.stdout.write(report);
if (process.env.BENCH_OUT) fs.writeFileSync(process.env.BENCH_OUT, report);
