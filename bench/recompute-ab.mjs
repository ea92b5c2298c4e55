// Recompute only, A/B: the recompute part of bench/measure.mjs for one or more built dist/
// folders, interleaved so every build sees the same machine load (this machine is shared and
// its load drifts). Each round measures every preset on every build, at full speed and with
// the CPU 4× slower; the report gives each round's p95 and the median of the rounds.
// Not part of scripts/bench.sh: a tool for judging a change to the page's edit path without
// the full benchmark.
//
//   node bench/recompute-ab.mjs [--rounds N] [--edits N] [--slow-edits N] [--presets a,b]
//        [--viewport WxH] label=path/to/dist [label=path/to/dist ...]
//
// --viewport 1280x4000 keeps the whole results, charts included, in view.
import { launch } from '../tests/e2e/lib/browser.mjs';
import { startGzipServer } from './gzip-server.mjs';
import { recompute } from './recompute.mjs';
import { SLOW_CPU } from './throttle.mjs';
import { median, pct } from './stats.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const [value] = args.splice(i, 2).slice(1);
  return value;
};
const ROUNDS = Number(opt('rounds', 3));
const EDITS = Number(opt('edits', 200));
const SLOW_EDITS = Number(opt('slow-edits', 100));
const PRESETS = opt('presets', 'short-training,traffic-spike,dev-test,shift-fleet,custom').split(',');
const VIEWPORT = opt('viewport', null)?.split('x').map(Number);
const viewport = VIEWPORT ? { width: VIEWPORT[0], height: VIEWPORT[1] } : undefined;
const builds = args.map((a) => {
  const [label, root] = a.includes('=') ? a.split('=') : [a, a];
  return { label, root };
});
if (!builds.length) throw new Error('usage: node bench/recompute-ab.mjs label=dist [label=dist ...]');

const progress = (msg) => process.stderr.write(`[recompute-ab] ${msg}\n`);
for (const b of builds) b.server = await startGzipServer({ root: b.root });
const browser = await launch();
// results[label][speed][preset] = [p95 of each round]
const results = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const preset of PRESETS) {
    for (const [speed, edits, profile] of [['full', EDITS, null], ['4x', SLOW_EDITS, SLOW_CPU]]) {
      for (const b of builds) {
        progress(`round ${round + 1}/${ROUNDS} ${preset} ${speed} ${b.label}`);
        const t = await recompute(browser, `${b.server.url}?preset=${preset}&lang=en&cur=CNY&h=24`, edits, profile, viewport);
        const r = (((results[b.label] ??= {})[speed] ??= {})[preset] ??= { p95: [], median: [] });
        r.p95.push(pct(t, 0.95));
        r.median.push(median(t));
      }
    }
  }
}
await browser.close();
await Promise.all(builds.map((b) => b.server.close()));

const f = (x) => x.toFixed(1);
console.log(`${ROUNDS} rounds; full speed ${EDITS} edits, CPU 4× slower ${SLOW_EDITS} edits${viewport ? `; window ${viewport.width}×${viewport.height}` : ''}; p95 (median of rounds, each round's) and median`);
console.log('');
console.log(`| preset | speed | ${builds.map((b) => `${b.label} p95 | ${b.label} median`).join(' | ')} |`);
console.log(`| --- | --- | ${builds.map(() => '---: | ---:').join(' | ')} |`);
for (const preset of PRESETS) {
  for (const speed of ['full', '4x']) {
    const cells = builds.map((b) => {
      const r = results[b.label][speed][preset];
      return `${f(median(r.p95))} (${r.p95.map(f).join(', ')}) | ${f(median(r.median))}`;
    });
    console.log(`| ${preset} | ${speed} | ${cells.join(' | ')} |`);
  }
}
