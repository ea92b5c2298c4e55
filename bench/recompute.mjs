// Recompute per input change: edits of the hours field, each from the input event to the last
// change of the results in the DOM. Used by measure.mjs at full speed and with the CPU slowed
// (bench/throttle.mjs), where the same code measures what a slower phone waits per edit.
import { emulate } from './throttle.mjs';

/** Times `edits` edits of the hours field on `url`, in the order of the edits. With
 * `profile`, it is applied (through the DevTools protocol) before the page loads, so the
 * whole session runs on the slowed CPU. `viewport` (Playwright's `{ width, height }`) replaces
 * the default 1280×720 window: a tall one keeps the charts in view, so they are redrawn on
 * every edit (src/pages/calc/charts.rs). */
export async function recompute(browser, url, edits, profile = null, viewport = undefined) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  try {
    const page = await context.newPage();
    if (profile) await emulate(page, profile);
    await page.goto(url, { timeout: 60_000 });
    // Edits start once every part is in place: the form (its hours field) and the parts that
    // follow it come after the first result (src/parts.rs), and their loading is not an edit.
    await page.waitForFunction(
      () => document.querySelector('[data-testid=headline]') && document.querySelector('[data-testid=hours]') && !document.querySelector('.part-loading'),
      null,
      { timeout: 60_000, polling: 100 },
    );
    const run = page.evaluate(async (edits) => {
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
    }, edits);
    // Bounded: 1 s per edit is far beyond any slowdown this measures. (A run cut short is
    // rejected again when its context closes; that second rejection is expected.)
    run.catch(() => {});
    let timer;
    const limit = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`recompute: ${edits} edits took over ${edits} s: ${url}`)), 10_000 + edits * 1000);
    });
    try {
      return await Promise.race([run, limit]);
    } finally {
      clearTimeout(timer);
    }
  } finally {
    await context.close();
  }
}
