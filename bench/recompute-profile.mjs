// Where an edit's time goes: a sampling CPU profile (Chrome DevTools Protocol) of edits of the
// hours field, as bench/recompute.mjs makes them, after a warm-up. Prints the functions with
// the most self time and the most total (inclusive) time per edit. Function names need a
// build that keeps the wasm name section: `GPUCOST_WASM_NAMES=1 trunk build --release --dist
// <dir>` (scripts/split.mjs then keeps it; the same code, about twice as large). PROFILE_OUT=file saves the profile; PROFILE_FILTER=re
// narrows the inclusive list.
//
//   node bench/recompute-profile.mjs <dist> [preset] [edits] [--slow]
import fs from 'node:fs';
import { launch } from '../tests/e2e/lib/browser.mjs';
import { startGzipServer } from './gzip-server.mjs';
import { SLOW_CPU, emulate } from './throttle.mjs';

const [root, preset = 'traffic-spike', editsArg = '200', ...flags] = process.argv.slice(2);
const EDITS = Number(editsArg);
const server = await startGzipServer({ root });
const browser = await launch();
const context = await browser.newContext();
const page = await context.newPage();
const cdp = flags.includes('--slow') ? await emulate(page, SLOW_CPU) : await context.newCDPSession(page);
await page.goto(`${server.url}?preset=${preset}&lang=en&cur=CNY&h=24`);
// As bench/recompute.mjs: edits start once the form and every part are in place.
await page.waitForFunction(
  () => document.querySelector('[data-testid=headline]') && document.querySelector('[data-testid=hours]') && !document.querySelector('.part-loading'),
  null,
  { timeout: 60_000, polling: 100 },
);

const edit = (n, from) => page.evaluate(async ([n, from]) => {
  const input = document.querySelector('[data-testid=hours]');
  const nextTask = () => new Promise((r) => { const c = new MessageChannel(); c.port1.onmessage = r; c.port2.postMessage(0); });
  const nextFrame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  for (let i = from; i < from + n; i++) {
    await nextFrame();
    input.value = String(25 + (i % 97));
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await nextTask();
    await nextTask();
  }
}, [n, from]);

await edit(100, 0);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
await cdp.send('Profiler.start');
await edit(EDITS, 100);
const { profile } = await cdp.send('Profiler.stop');
await browser.close();
await server.close();
if (process.env.PROFILE_OUT) fs.writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
const FILTER = process.env.PROFILE_FILTER ? new RegExp(process.env.PROFILE_FILTER) : null;

// Self time per node from the samples and their time deltas.
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfUs = new Map();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const name = (n) => n.callFrame.functionName || `(${n.callFrame.url.split('/').pop() || 'anonymous'})`;
const self = new Map();
const total = new Map();
for (const [id, us] of selfUs) {
  const n = byId.get(id);
  const k = name(n);
  self.set(k, (self.get(k) ?? 0) + us);
  // Inclusive: each distinct function on the stack once.
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const f = name(byId.get(cur));
    if (seen.has(f)) continue;
    seen.add(f);
    total.set(f, (total.get(f) ?? 0) + us);
  }
}
const idle = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);
const busy = [...self].filter(([k]) => !idle.has(k)).reduce((a, [, v]) => a + v, 0);
const perEdit = (us) => (us / 1000 / EDITS).toFixed(3);
console.log(`${preset}: ${EDITS} edits after 100 of warm-up; busy ${perEdit(busy)} ms/edit (excluding idle/program/gc: gc ${perEdit(self.get('(garbage collector)') ?? 0)}, program ${perEdit(self.get('(program)') ?? 0)})`);
console.log('\nself ms/edit:');
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log(`  ${perEdit(v)}  ${k.slice(0, 160)}`);
console.log('\ntotal ms/edit:');
for (const [k, v] of [...total].filter(([k]) => !FILTER || FILTER.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 70)) console.log(`  ${perEdit(v)}  ${k.slice(0, 160)}`);
