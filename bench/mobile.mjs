// Issue 16's measurements ("Fast on a phone"): what a phone user waits for, under the mobile
// lab profile, beside the blank Leptos page served the same way. Returns the report's
// Markdown lines and the budget rows of its summary; measure.mjs prints them.
import { coldLoad, secondVisit, offlineReload } from './loads.mjs';
import { median, min, max } from './stats.mjs';

export const BUDGETS = {
  firstResultMs: 2500,
  firstResultStretchMs: 1500,
  firstResultToBlank: 3.6,
  bytesBefore: 300 * 1024,
  bytesEver: 600 * 1024,
  secondVisitToBlank: 1.5,
  // Issue 29 ("The first number in 1.5 s on a phone").
  firstNumberMs: 1500,
  firstNumberToBlank: 2,
  bytesBeforeFirstNumber: 200 * 1024,
  takeoverCls: 0.1,
};
/** The app's headline. */
const HEADLINE = '[data-testid=headline]';
/** The first number: the first paint's headline (src/start.rs), or the app's when there is no
 * first paint (a build before issue 29). "First result" below is this one. */
const FIRST_NUMBER = '[data-testid=first-headline], [data-testid=headline]';
const BLANK_READY = '[data-testid=ready]';

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
/** "1.64–1.72 s": the unit once, after the second number. */
const range = (xs, f) => (min(xs) === max(xs) ? f(min(xs)) : `${f(min(xs)).replace(/ \S+$/, '')}–${f(max(xs))}`);
const yes = (ok) => (ok ? 'met' : '**not met**');
const progress = (msg) => process.stderr.write(`[bench] ${msg}\n`);
const short = (url) => {
  const u = new URL(url);
  return (u.pathname + u.search).replace(/-[0-9a-f]{12,16}/, '-…');
};

/** Bytes on the wire, the number of requests, and whether all went to the page's origin. */
function wire(requests, onlyBefore = false) {
  const net = requests.filter((r) => r.network && (!onlyBefore || r.before));
  return {
    bytes: net.reduce((a, r) => a + r.bytes, 0),
    count: net.length,
    sameOrigin: net.every((r) => r.sameOrigin),
    failed: net.filter((r) => r.failed).length,
  };
}

/** All of a load with its service worker's requests: those the server saw beyond the
 * page's own (bodies as the server's log has them), and their origins. */
function everything(load, origin) {
  const page = wire(load.requests);
  const worker = load.worker.served;
  const workerBytes = worker.reduce((a, r) => a + r.bytes, 0);
  return {
    ...page,
    bytes: page.bytes + workerBytes,
    workerBytes,
    workerCount: worker.length,
    count: page.count + worker.length,
    sameOrigin: page.sameOrigin && load.worker.urls.every((u) => new URL(u).origin === origin),
    state: load.worker.state,
  };
}

/**
 * Runs every measurement of the issue. `pages` lists [name, url] of the page's presets;
 * `blankUrl` is the blank page on the same kind of server; `served` and `blankServed` are
 * those servers' logs (bench/gzip-server.mjs), which see a service worker's requests. `runs` cold loads per preset, each
 * right after a cold load of the blank page (as measure.mjs's againstBlank does: both see the
 * same machine load), and as many second visits.
 */
export async function measureMobile(browser, { pages, blankUrl, served, blankServed, profile, runs }) {
  const lines = [];
  const budgets = [];
  const log = (line = '') => lines.push(line);

  // 1 and 2: cold loads. The first run of each preset also waits for the network to be quiet
  // for 3 s after the result, for "everything the page ever fetches".
  const cold = [];
  for (const [name, url] of pages) {
    progress(`mobile: cold loads of ${name}`);
    const ours = [];
    const blank = [];
    for (let i = 0; i < runs; i++) {
      blank.push(await coldLoad(browser, blankUrl, BLANK_READY, profile, { idle: i === 0 ? 3000 : 0, served: blankServed }));
      ours.push(await coldLoad(browser, url, FIRST_NUMBER, profile, { idle: i === 0 ? 3000 : 0, served, app: true }));
    }
    cold.push({ name, url, ours, blank });
  }
  const ms = (loads) => loads.map((l) => l.ms);

  log(`### Time to first result on the ${profile.name}`);
  log('');
  log(`Cold (a fresh browser context each load), gzip as a host sends it; median of ${runs} and min–max, each load of the page right after one of the blank page.`);
  log('');
  log("First result: the first number on the screen (the first paint's headline, or the app's without one). App: the app's own headline (it has taken over). CLS: the layout shifts from navigation until 1 s after the app's headline, its form and every part it builds by itself are in place, the largest of the runs. Jump: how far the headline moved when the app replaced the first paint (CSS px, the largest of the runs; — without a first paint).");
  log('');
  log('| page | first result | min–max | app | blank page, same runs | min–max | ratio to blank (medians) | CLS | jump |');
  log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const c of cold) {
    const [o, b] = [median(ms(c.ours)), median(ms(c.blank))];
    c.median = o;
    c.ratio = o / b;
    const taken = c.ours.map((l) => l.takeover);
    const apps = taken.map((t) => t?.app).filter((t) => t !== null && t !== undefined);
    c.cls = Math.max(...taken.map((t) => t?.cls ?? 0));
    const jumps = taken.map((t) => t?.jump).filter((j) => j !== null && j !== undefined);
    c.jump = jumps.length ? Math.max(...jumps) : null;
    const app = apps.length ? s(median(apps)) : '—';
    log(`| ${c.name} | ${s(o)} | ${range(ms(c.ours), s)} | ${app} | ${s(b)} | ${range(ms(c.blank), s)} | ${c.ratio.toFixed(2)}× | ${c.cls.toFixed(3)} | ${c.jump === null ? '—' : `${c.jump.toFixed(0)} px`} |`);
  }
  const slowest = cold.reduce((a, c) => (c.median > a.median ? c : a));
  const worstRatio = cold.reduce((a, c) => (c.ratio > a.ratio ? c : a));
  const medians = `medians ${range(cold.map((c) => c.median), s)}`;
  budgets.push({
    budget: `first result, mobile, cold, every preset ≤ ${s(BUDGETS.firstResultMs)}`,
    measured: `${s(slowest.median)} (${slowest.name}); ${medians}`,
    met: slowest.median <= BUDGETS.firstResultMs,
  });
  budgets.push({
    budget: `first result ≤ ${BUDGETS.firstResultToBlank}× the blank page (same profile)`,
    measured: `${worstRatio.ratio.toFixed(2)}× (${worstRatio.name})`,
    met: worstRatio.ratio <= BUDGETS.firstResultToBlank,
  });
  budgets.push({
    budget: `issue 29: first number ≤ ${s(BUDGETS.firstNumberMs)}, every preset and a custom link`,
    measured: `${s(slowest.median)} (${slowest.name}); ${medians}`,
    met: slowest.median <= BUDGETS.firstNumberMs,
  });
  budgets.push({
    budget: `issue 29: first number ≤ ${BUDGETS.firstNumberToBlank}× the blank page (same run)`,
    measured: `${worstRatio.ratio.toFixed(2)}× (${worstRatio.name})`,
    met: worstRatio.ratio <= BUDGETS.firstNumberToBlank,
  });
  const worstCls = cold.reduce((a, c) => (c.cls > a.cls ? c : a));
  budgets.push({
    budget: `issue 29: layout shift while the app takes over ≤ ${BUDGETS.takeoverCls}`,
    measured: `CLS ${worstCls.cls.toFixed(3)} (${worstCls.name}, the largest of any run)`,
    met: worstCls.cls <= BUDGETS.takeoverCls,
  });
  budgets.push({
    budget: `stretch: first result ≤ ${s(BUDGETS.firstResultStretchMs)}`,
    measured: `${s(slowest.median)} (${slowest.name})`,
    met: slowest.median <= BUDGETS.firstResultStretchMs,
  });

  log('');
  log('### Bytes on the wire (mobile profile)');
  log('');
  log("The protocol's `encodedDataLength` of each response the page's session sees (headers and gzip body as received). Before the first result: responses that ended (Resource Timing's responseEnd) before the headline was in the DOM. Everything: the first run, after its service worker (if any) was active and the network quiet for 3 s; it adds the requests of the service worker, which the page's session does not see, with their bodies as the server sent them (its script, its precache; made without the profile's throttle). KB = 1024 bytes.");
  log('');
  log("| page | before the first result | min–max over the runs | everything | of which the service worker's | requests | all to its own origin | service worker |");
  log('| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |');
  const bytesRow = (name, loads, origin) => {
    const befores = loads.map((l) => wire(l.requests, true).bytes);
    const ever = everything(loads[0], origin);
    const idle = loads[0].idle ? '' : ' (network not quiet within 20 s)';
    const failed = ever.failed ? ` (${ever.failed} failed)` : '';
    const worker = ever.workerCount ? `${kb(ever.workerBytes)} in ${ever.workerCount}` : '—';
    log(`| ${name} | ${kb(median(befores))} | ${range(befores, kb)} | ${kb(ever.bytes)}${idle} | ${worker} | ${ever.count}${failed} | ${ever.sameOrigin ? 'yes' : '**no**'} | ${ever.state} |`);
    return { name, before: max(befores), ever };
  };
  const bytes = cold.map((c) => bytesRow(c.name, c.ours, new URL(c.url).origin));
  bytesRow('blank page', cold[0].blank, new URL(blankUrl).origin);
  const mostBefore = bytes.reduce((a, b) => (b.before > a.before ? b : a));
  const mostEver = bytes.reduce((a, b) => (b.ever.bytes > a.ever.bytes ? b : a));
  budgets.push({
    budget: `bytes before the first result ≤ ${kb(BUDGETS.bytesBefore)} gzipped`,
    measured: `${kb(mostBefore.before)} (${mostBefore.name}, the most in any run)`,
    met: mostBefore.before <= BUDGETS.bytesBefore,
  });
  budgets.push({
    budget: `issue 29: bytes before the first number ≤ ${kb(BUDGETS.bytesBeforeFirstNumber)} gzipped`,
    measured: `${kb(mostBefore.before)} (${mostBefore.name}, the most in any run)`,
    met: mostBefore.before <= BUDGETS.bytesBeforeFirstNumber,
  });
  budgets.push({
    budget: `everything the page fetches ≤ ${kb(BUDGETS.bytesEver)} gzipped`,
    measured: `${kb(mostEver.ever.bytes)} (${mostEver.name})`,
    met: mostEver.ever.bytes <= BUDGETS.bytesEver,
  });
  const counts = bytes.map((b) => b.ever.count);
  budgets.push({
    budget: "every request to the page's own origin",
    measured: `${range(counts, String)} requests per load, ${bytes.every((b) => b.ever.sameOrigin) ? 'all' : '**not all**'} to its origin`,
    met: bytes.every((b) => b.ever.sameOrigin),
  });

  // Where the wait goes: one more cold load of the first preset that also watches how the
  // WASM is compiled (kept out of the timed runs above).
  progress('mobile: diagnostic load');
  const [firstName, firstUrl] = pages[0];
  const diag = await coldLoad(browser, firstUrl, FIRST_NUMBER, profile, { idle: 3000, diagnose: true, served, app: true });
  log('');
  log(`#### Where the wait goes (${firstName}, one more cold load; headline at ${s(diag.ms)})`);
  log('');
  log('| request | type | status | encoding | on the wire | requested at | ended at | before the result |');
  log('| --- | --- | ---: | --- | ---: | ---: | ---: | --- |');
  for (const r of diag.requests) {
    const at = (t) => (t === null ? '—' : `${(t / 1000).toFixed(2)} s`);
    const name = r.network ? short(r.url) : r.url.slice(0, 30) + '…';
    log(`| ${name} | ${r.mimeType ?? r.type ?? ''} | ${r.failed ?? r.status ?? ''} | ${r.encoding ?? '—'} | ${kb(r.bytes)} | ${at(r.start)} | ${at(r.end)} | ${r.before ? 'yes' : 'no'} |`);
  }
  for (const r of diag.worker.served) {
    log(`| ${r.path.replace(/-[0-9a-f]{12,16}/, '-…')} (service worker; body as sent) | | ${r.status} | ${r.encoding ?? '—'} | ${kb(r.bytes)} | — | — | no |`);
  }
  log('');
  for (const w of diag.wasm ?? []) {
    const settled = w.settled === null ? 'never settled' : `${w.ok ? 'resolved' : `failed (${w.error})`} at ${s(w.settled)}`;
    log(`- \`WebAssembly.${w.name}(${w.arg})\` called at ${s(w.at)}, ${settled}.`);
  }
  // The largest of what the first number waited for (the app's module now comes after it).
  const largest = diag.requests.filter((r) => r.network && r.before).reduce((a, r) => (r.bytes > a.bytes ? r : a), { bytes: -1, end: null });
  if (largest.end !== null) {
    log(`- The largest response before the first number, ${short(largest.url)} (${kb(largest.bytes)}), ended at ${s(largest.end)}, ${((100 * largest.end) / diag.ms).toFixed(0)} % of the way to the headline; ${s(diag.ms - largest.end)} passed between its last byte and the headline.`);
  }
  const at = (t) => (t === null ? 'not within the load' : `at ${s(t)}`);
  if (diag.phases) {
    log(`- After the result: the scenario form was in place ${at(diag.phases.form)}, and every part the calculator builds by itself (no "Loading…" left) ${at(diag.phases.parts)}.`);
  }
  const streamed = (diag.wasm ?? []).some((w) => w.name === 'instantiateStreaming' && w.ok);
  const fellBack = (diag.wasm ?? []).some((w) => w.name === 'instantiate' && w.arg === 'ArrayBuffer');
  log(`- Streaming compile: ${streamed && !fellBack ? 'yes (instantiateStreaming resolved, no fallback to instantiate(bytes))' : '**no**'}.`);

  // 4: second visits, interleaved with the blank page's the same way.
  const second = [];
  for (const [name, url] of pages) {
    progress(`mobile: second visits of ${name}`);
    const ours = [];
    const blank = [];
    for (let i = 0; i < runs; i++) {
      blank.push(await secondVisit(browser, blankUrl, BLANK_READY, profile, { served: blankServed }));
      ours.push(await secondVisit(browser, url, FIRST_NUMBER, profile, { served }));
    }
    second.push({ name, ours, blank });
  }
  log('');
  log(`### Second visit on the ${profile.name}`);
  log('');
  log(`A first visit (and its service worker, if any, active), then the same address in a new tab of the same browser context (HTTP cache warm: hashed files immutable, index.html revalidated). Median of ${runs} and min–max, interleaved with the blank page's second visits. The requests are those of the first run: the page's, by where they were answered, and what reached the server until the headline (a service worker's update check included).`);
  log('');
  log('| page | first result | min–max | blank page, same runs | ratio to blank | on the wire | page requests: HTTP cache / service worker / revalidated (304) / downloaded (200) | the server saw |');
  log('| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |');
  for (const v of [...second, { name: 'blank page', ours: second[0].blank, blank: second[0].blank }]) {
    const [o, b] = [median(ms(v.ours)), median(ms(v.blank))];
    v.ratio = o / b;
    const reqs = v.ours[0].requests.filter((r) => r.network);
    const count = (f) => reqs.filter(f).length;
    const where = [
      count((r) => r.wireStatus === null && !r.fromServiceWorker && r.fromCache),
      count((r) => r.wireStatus === null && r.fromServiceWorker),
      count((r) => r.wireStatus === 304),
      count((r) => r.wireStatus === 200),
    ].join(' / ');
    const sawList = v.ours[0].served.map((r) => `${r.path.replace(/-[0-9a-f]{12,16}/, '-…')} ${r.status}`).join(', ') || 'nothing';
    log(`| ${v.name} | ${s(o)} | ${range(ms(v.ours), s)} | ${s(b)} | ${v.ratio.toFixed(2)}× | ${kb(wire(reqs).bytes)} | ${where} | ${sawList} |`);
  }
  const worstSecond = second.reduce((a, v) => (v.ratio > a.ratio ? v : a));
  budgets.push({
    budget: `second visit ≤ ${BUDGETS.secondVisitToBlank}× the blank page's second visit`,
    measured: `${worstSecond.ratio.toFixed(2)}× (${worstSecond.name}: ${s(median(ms(worstSecond.ours)))} against ${s(median(ms(worstSecond.blank)))})`,
    met: worstSecond.ratio <= BUDGETS.secondVisitToBlank,
  });

  // 5: offline after one visit.
  progress('mobile: offline reload');
  const off = await offlineReload(browser, firstUrl, HEADLINE, profile, { served });
  log('');
  log('### Offline after one visit');
  log('');
  log(`${firstName}: one visit on the mobile profile, then the context offline and a reload. Service worker after the visit: ${off.state}.`);
  if (off.reached) log('**Void**: the reload reached the server although the page was offline.');
  else log(off.shown ? `The headline appeared after ${s(off.ms)}.` : `The headline did not appear: ${off.error}`);
  budgets.push({
    budget: 'offline after one visit: the result appears',
    measured: off.reached
      ? 'void: the offline reload reached the server'
      : off.shown
        ? `shown after ${s(off.ms)}`
        : `not shown (service worker: ${off.state}; ${off.error.replace(/\|/g, '/')})`,
    met: off.reached ? null : off.shown,
  });

  return { lines, budgets };
}
