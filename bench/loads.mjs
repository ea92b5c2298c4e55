// Page loads under a profile (bench/throttle.mjs): a cold load, a second visit with the HTTP
// cache warm, and a reload offline. Each returns what the protocol and the page saw; the
// report (bench/mobile.mjs) turns that into numbers against budgets.
import { emulate, goOffline, recordNetwork } from './throttle.mjs';

// Bounds: a load that takes longer than this has failed, not merely been slow (the slowest
// expected load, 600 KB at 200 KB/s with a 4× slower CPU, takes well under 15 s).
const LOAD_TIMEOUT = 60_000;
const IDLE_MAX = 20_000;

/** Init script: the time (page clock, from navigation start) at which `sel` is first in the
 * DOM. The same observer as measure.mjs's unthrottled loads. */
function watch(sel) {
  new MutationObserver((_, obs) => {
    if (document.querySelector(sel)) {
      window.__ready = performance.now();
      obs.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Init script for the diagnostic load: when WebAssembly.instantiateStreaming is called and
 * settles, and whether the glue fell back to instantiate(bytes) (a wrong Content-Type makes
 * wasm-bindgen do that, and then the compile waits for the last byte). */
function watchWasm() {
  const log = (window.__wasm = []);
  for (const name of ['instantiateStreaming', 'compileStreaming', 'instantiate']) {
    const orig = WebAssembly[name];
    if (typeof orig !== 'function') continue;
    WebAssembly[name] = function (...args) {
      const rec = { name, arg: args[0]?.constructor?.name ?? typeof args[0], at: performance.now(), settled: null, ok: null };
      log.push(rec);
      return orig.apply(this, args).then(
        (r) => {
          Object.assign(rec, { settled: performance.now(), ok: true });
          return r;
        },
        (e) => {
          Object.assign(rec, { settled: performance.now(), ok: false, error: String(e) });
          throw e;
        },
      );
    };
  }
}

/** Waits for the observer's mark. Polling once every 250 ms (not every frame) keeps the
 * waiting out of the slowed CPU's budget; the time itself is taken in the page. A page that
 * never shows the mark fails the run, with the page's errors and failed requests. */
async function readyTime({ page, net, errors }, url, selector, timeout = LOAD_TIMEOUT) {
  try {
    await page.waitForFunction(() => window.__ready !== undefined, null, { polling: 250, timeout });
  } catch (e) {
    const failed = net.requests().filter((r) => r.failed || r.status >= 400).map((r) => `${r.url}: ${r.failed ?? r.status}`);
    const why = [...errors, ...failed].map((x) => `\n  ${x}`).join('');
    throw new Error(`the page did not show ${selector} within ${timeout / 1000} s: ${url}${why}\n${e.message.split('\n')[0]}`);
  }
  return page.evaluate(() => window.__ready);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits until no request has started or ended for `quiet` ms (bounded by IDLE_MAX). */
async function networkIdle(net, quiet) {
  const start = Date.now();
  while (net.quietFor() < quiet) {
    if (Date.now() - start > IDLE_MAX) return false;
    await sleep(100);
  }
  return true;
}

/**
 * The protocol's requests, each with `end` (when its response ended, page clock, from
 * Resource/Navigation Timing, the same clock as the ready mark), `before` (ended before the
 * mark), `sameOrigin` and `network` (false for data: and blob: URLs, which cost no bytes).
 * A request with no timing entry counts as before the mark: the bytes budget errs high.
 */
async function annotate(page, requests, readyMs) {
  const { origin, entries } = await page.evaluate(() => ({
    origin: location.origin,
    entries: [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((e) => ({
      name: e.name,
      start: e.startTime,
      end: e.responseEnd,
    })),
  }));
  return requests.map((r) => {
    const i = entries.findIndex((e) => e.name === r.url);
    const t = i >= 0 ? entries.splice(i, 1)[0] : null;
    const network = /^https?:/.test(r.url);
    return {
      ...r,
      network,
      sameOrigin: !network || new URL(r.url).origin === origin,
      start: t?.start ?? null,
      end: t?.end ?? null,
      before: t ? t.end <= readyMs : true,
    };
  });
}

/** A new page in `context` with the mark's observer and the profile applied before it
 * navigates; resolves to { page, net, cdp, errors }. */
async function preparedPage(context, selector, profile, { diagnose = false } = {}) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  await page.addInitScript(watch, selector);
  if (diagnose) await page.addInitScript(watchWasm);
  const cdp = await emulate(page, profile);
  return { page, net: recordNetwork(cdp), cdp, errors };
}

/**
 * One load of `url` in a fresh context (empty HTTP cache) under `profile`. With `idle`, waits
 * after the mark until the network has been quiet that many ms, so `requests` holds
 * everything the page ever fetches. Resolves to { ms, requests, idle, wasm }.
 */
export async function coldLoad(browser, url, selector, profile, { idle = 0, diagnose = false } = {}) {
  const context = await browser.newContext();
  try {
    const tab = await preparedPage(context, selector, profile, { diagnose });
    const { page, net } = tab;
    await page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT });
    const ms = await readyTime(tab, url, selector);
    const quiet = idle ? await networkIdle(net, idle) : null;
    const requests = await annotate(page, net.requests(), ms);
    const wasm = diagnose ? await page.evaluate(() => window.__wasm) : null;
    return { ms, requests, idle: quiet, wasm };
  } finally {
    await context.close();
  }
}

/**
 * A first visit, then a second in a new tab of the same context (the HTTP cache and the
 * browser's compiled-code cache warm, as for a phone user coming back), both under
 * `profile`. Resolves to the second visit's { ms, requests }.
 */
export async function secondVisit(browser, url, selector, profile) {
  const context = await browser.newContext();
  try {
    const first = await preparedPage(context, selector, profile);
    await first.page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT });
    await readyTime(first, url, selector);
    await networkIdle(first.net, 1000);
    await first.page.close();
    const second = await preparedPage(context, selector, profile);
    const { page, net } = second;
    await page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT });
    const ms = await readyTime(second, url, selector);
    return { ms, requests: await annotate(page, net.requests(), ms) };
  } finally {
    await context.close();
  }
}

/** Whether any request after the first `from` got a response from the server (which an
 * offline reload must not). */
const reachedNetwork = (net, from) => net.requests().slice(from).some((r) => r.wireStatus !== null);

/**
 * Loads `url` once, then takes the context offline and reloads. Resolves to { shown, ms,
 * error, serviceWorkers, reached }: whether the mark appeared again, the number of service
 * workers the first visit registered (what could make it appear), and whether the reload
 * reached the server all the same (then the offline switch did not work: the result is void).
 */
export async function offlineReload(browser, url, selector, profile) {
  const context = await browser.newContext();
  try {
    const tab = await preparedPage(context, selector, profile);
    const { page, net, cdp } = tab;
    await page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT });
    await readyTime(tab, url, selector);
    await networkIdle(net, 1000);
    const serviceWorkers = await page.evaluate(async () =>
      navigator.serviceWorker ? (await navigator.serviceWorker.getRegistrations()).length : 0,
    );
    await context.setOffline(true);
    await goOffline(cdp);
    const served = net.requests().length;
    try {
      await page.reload({ waitUntil: 'commit', timeout: 15_000 });
      const ms = await readyTime(tab, url, selector, 15_000);
      return { shown: true, ms, error: null, serviceWorkers, reached: reachedNetwork(net, served) };
    } catch (e) {
      return { shown: false, ms: null, error: e.message.split('\n')[0], serviceWorkers, reached: reachedNetwork(net, served) };
    }
  } finally {
    await context.close();
  }
}
