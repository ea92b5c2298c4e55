// Page loads under a profile (bench/throttle.mjs): a cold load, a second visit with the HTTP
// cache warm, and a reload offline. Each returns what the protocol and the page saw; the
// report (bench/mobile.mjs) turns that into numbers against budgets.
import { contextOptions, emulate, goOffline, recordNetwork } from './throttle.mjs';

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

/** Init script (issue 29): how the app takes the page over from its first paint. Records
 * when the app's own headline is in the DOM (`__takeover.app`), the cumulative layout shift
 * from navigation on (the Layout Instability API: the sum of every `layout-shift` entry not
 * caused by input, as Lighthouse's CLS over a short load, without session windows), and where
 * the first paint's headline and the app's stood on the screen when each appeared: their
 * distance (`jump`, CSS px) is what a reader sees move, which CLS does not count when one
 * element replaces another. */
function watchTakeover() {
  const t = (window.__takeover = { app: null, cls: 0, shifts: 0, first: null, appRect: null });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!e.hadRecentInput) {
          t.cls += e.value;
          t.shifts += 1;
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch (e) {
    t.cls = null;
  }
  const rect = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x + scrollX, y: r.y + scrollY };
  };
  new MutationObserver((_, obs) => {
    const first = document.querySelector('[data-testid=first-headline]');
    if (first && !t.first) t.first = rect(first);
    const app = document.querySelector('[data-testid=headline]');
    if (app && t.app === null) {
      t.app = performance.now();
      t.appRect = rect(app);
      obs.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Waits for the app's headline and then for its later parts, the form among them (both
 * bounded), lets the page settle for `settle` ms (layout shifts are reported after the frame
 * that caused them), and reads `watchTakeover`'s marks: { app, cls, shifts, jump } (`jump`
 * null without a first paint). The CLS so covers the form's arrival, which on the mobile
 * profile comes more than a second after the app's headline. */
async function takeover(page, settle = 1000) {
  await page.waitForFunction(() => window.__takeover?.app !== null, null, { polling: 250, timeout: LOAD_TIMEOUT }).catch(() => {});
  await page
    .waitForFunction(() => document.querySelector('.inputs input, .inputs select') && !document.querySelector('.part-loading'), null, { polling: 250, timeout: LOAD_TIMEOUT })
    .catch(() => {});
  await sleep(settle);
  return page.evaluate(() => {
    const t = window.__takeover;
    const jump = t.first && t.appRect ? Math.hypot(t.appRect.x - t.first.x, t.appRect.y - t.first.y) : null;
    return { app: t.app, cls: t.cls, shifts: t.shifts, jump };
  });
}

/** Init script for the diagnostic load: when the parts that come after the first result were
 * in place — the scenario form (its first field), and every part (no "Loading…" left once
 * the headline is there; src/parts.rs). */
function watchParts() {
  const phases = (window.__phases = { form: null, parts: null });
  new MutationObserver((_, obs) => {
    const now = performance.now();
    if (phases.form === null && document.querySelector('.inputs input, .inputs select')) phases.form = now;
    if (phases.parts === null && document.querySelector('[data-testid=headline]') && !document.querySelector('.part-loading')) {
      phases.parts = now;
    }
    if (phases.form !== null && phases.parts !== null) obs.disconnect();
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

/**
 * Watches the context for requests a service worker makes (its precache; the page's own
 * session does not see them), and the server's log for everything that reached it from
 * `from` on (the worker's script fetch included, which the protocol reports without its
 * body). Their bytes come from the server's log: bodies as sent, without headers.
 */
function watchBeyondPage(context, served) {
  const urls = [];
  context.on('request', (r) => r.serviceWorker() && urls.push({ url: r.url(), at: Date.now() }));
  const from = served?.length ?? 0;
  return {
    urls,
    served: () => served?.slice(from) ?? [],
    lastAt: () => Math.max(urls.at(-1)?.at ?? 0, served?.length > from ? served.at(-1).at : 0),
  };
}

/** Waits until no request has started or ended for `quiet` ms, in the page or beyond it
 * (bounded by IDLE_MAX). */
async function networkIdle(net, beyond, quiet) {
  const start = Date.now();
  const quietFor = () => Math.min(net.quietFor(), Date.now() - (beyond?.lastAt() ?? 0));
  while (quietFor() < quiet) {
    if (Date.now() - start > IDLE_MAX) return false;
    await sleep(100);
  }
  return true;
}

/** After a visit: waits for the page's load event and, if it registered a service worker,
 * for that worker to be active (as it is by the time a user comes back). Resolves to
 * 'none', 'active', or why not. Bounded by `limit` ms. */
async function settleServiceWorker(page, limit = 15_000) {
  return page.evaluate(async (limit) => {
    if (!('serviceWorker' in navigator)) return 'unsupported';
    const settle = async () => {
      if (document.readyState !== 'complete') await new Promise((r) => addEventListener('load', r, { once: true }));
      // The page registers its worker on load (or right after it starts): let it begin.
      await new Promise((r) => setTimeout(r, 500));
      if (!(await navigator.serviceWorker.getRegistration())) return 'none';
      await navigator.serviceWorker.ready;
      return 'active';
    };
    return Promise.race([settle(), new Promise((r) => setTimeout(() => r(`not active after ${limit / 1000} s`), limit))]);
  }, limit);
}

/** The server's log entries that the page's session did not see reach the network: the
 * service worker's requests. A page request is matched to an entry of its path and of the
 * status it got on the wire: when the worker has fetched a file whole (200) and the page then
 * revalidates it (304), the page saw the 304 and the 200's body is the worker's. */
function unseenByPage(requests, served) {
  const seen = requests.filter((r) => r.wireStatus !== null).map((r) => {
    const u = new URL(r.url);
    return `${r.wireStatus} ${u.pathname}${u.search}`;
  });
  return served.filter((s) => {
    const i = seen.indexOf(`${s.status} ${s.path}`);
    if (i < 0) return true;
    seen.splice(i, 1);
    return false;
  });
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
  await page.addInitScript(watchTakeover);
  if (diagnose) {
    await page.addInitScript(watchWasm);
    await page.addInitScript(watchParts);
  }
  const cdp = await emulate(page, profile);
  return { page, net: recordNetwork(cdp), cdp, errors };
}

/**
 * One load of `url` in a fresh context (empty HTTP cache) under `profile`. With `idle`, waits
 * after the mark for the service worker (if any) to be active and then until the network
 * has been quiet that many ms, so that `requests` (the page's) and `worker` (the service
 * worker's, from `served`, the server's log) hold everything the page ever fetches.
 * With `app` (the calculator), also waits for the app to take over from its first paint.
 * Resolves to { ms, takeover (see `takeover`; null without `app`), requests, idle, wasm, phases, worker: { state,
 * urls, served } }; `wasm`
 * and `phases` (when the form and every part were in place) only with `diagnose`.
 */
export async function coldLoad(browser, url, selector, profile, { idle = 0, diagnose = false, served = null, app = false } = {}) {
  const context = await browser.newContext(contextOptions(profile));
  try {
    const beyond = watchBeyondPage(context, served);
    const tab = await preparedPage(context, selector, profile, { diagnose });
    const { page, net } = tab;
    await page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT });
    const ms = await readyTime(tab, url, selector);
    const taken = app ? await takeover(page) : null;
    const state = idle ? await settleServiceWorker(page) : null;
    const quiet = idle ? await networkIdle(net, beyond, idle) : null;
    const requests = await annotate(page, net.requests(), ms);
    const wasm = diagnose ? await page.evaluate(() => window.__wasm) : null;
    const phases = diagnose ? await page.evaluate(() => window.__phases) : null;
    const worker = { state, urls: beyond.urls.map((u) => u.url), served: unseenByPage(requests, beyond.served()) };
    return { ms, takeover: taken, requests, idle: quiet, wasm, phases, worker };
  } finally {
    await context.close();
  }
}

/**
 * A first visit, then a second in a new tab of the same context (the HTTP cache, the
 * browser's compiled-code cache and any service worker warm, as for a phone user coming
 * back), both under `profile`. Resolves to the second visit's { ms, requests, state (of the
 * service worker after the first visit), served (what reached the server during the second
 * visit, as far as its mark) }.
 */
export async function secondVisit(browser, url, selector, profile, { served = null } = {}) {
  const context = await browser.newContext(contextOptions(profile));
  try {
    const first = await preparedPage(context, selector, profile);
    await first.page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT });
    await readyTime(first, url, selector);
    const state = await settleServiceWorker(first.page);
    await networkIdle(first.net, watchBeyondPage(context, served), 1000);
    await first.page.close();
    const from = served?.length ?? 0;
    const second = await preparedPage(context, selector, profile);
    const { page, net } = second;
    await page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT });
    const ms = await readyTime(second, url, selector);
    return { ms, requests: await annotate(page, net.requests(), ms), state, served: served?.slice(from) ?? [] };
  } finally {
    await context.close();
  }
}

/**
 * Loads `url` once (and waits for its service worker, if any, to be active), then takes the
 * context offline and reloads. Resolves to { shown, ms, error, state, reached }: whether the
 * mark appeared again, the service worker's state before going offline, and whether the
 * reload reached the server all the same (then the offline switch did not work: the result
 * is void).
 */
export async function offlineReload(browser, url, selector, profile, { served = null } = {}) {
  const context = await browser.newContext(contextOptions(profile));
  try {
    const tab = await preparedPage(context, selector, profile);
    const { page, net, cdp } = tab;
    await page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT });
    await readyTime(tab, url, selector);
    const state = await settleServiceWorker(page);
    await networkIdle(net, watchBeyondPage(context, served), 1000);
    await context.setOffline(true);
    await goOffline(cdp);
    const seen = net.requests().length;
    const from = served?.length ?? 0;
    // Whether the reload got anything from the server (which it must not, offline).
    const reached = () => net.requests().slice(seen).some((r) => r.wireStatus !== null) || (served?.length ?? 0) > from;
    try {
      await page.reload({ waitUntil: 'commit', timeout: 15_000 });
      const ms = await readyTime(tab, url, selector, 15_000);
      return { shown: true, ms, error: null, state, reached: reached() };
    } catch (e) {
      return { shown: false, ms: null, error: e.message.split('\n')[0], state, reached: reached() };
    }
  } finally {
    await context.close();
  }
}
