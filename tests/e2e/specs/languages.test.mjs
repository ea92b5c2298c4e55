// In Chinese, no visible line of the page carries an English phrase (issue 15: the Chinese page
// showed `l=“T4*x”无法识别（应为 "x" is not a plain decimal number）`, `whole-card lease
// deposit` and `V100 quote`). Checked for every preset, described workloads and a bad link, with
// every disclosure opened. Names may stay as written: providers, GPUs, offers and instances,
// source titles, model names (the same allowance as crates/gpucost-cli/tests/languages.rs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useApp } from '../lib/fixture.mjs';

const app = useApp();
const here = path.dirname(fileURLToPath(import.meta.url));
const GPUCOST = process.env.GPUCOST_BIN ?? path.resolve(here, '../../../target/debug/gpucost');

/** What may stay as written, from the catalog the CLI embeds (the page embeds the same). */
function catalogNames() {
  const c = JSON.parse(
    execFileSync(GPUCOST, ['catalog', '--format', 'json'], { maxBuffer: 256 << 20 }).toString(),
  );
  const names = ['GPU Cost Lab'];
  // The Chinese name only: an English seller name in Chinese text is a leak.
  for (const p of c.providers) names.push(p.id, p.name_zh);
  for (const g of c.gpus) names.push(g.name);
  for (const o of c.offers) {
    names.push(o.id, o.instance);
    for (const p of o.prices) names.push(p.region);
  }
  for (const s of c.sources) names.push(s.title);
  // Benchmark suites cited by the recommendation, and the ids of their sources.
  const hw = JSON.parse(fs.readFileSync(path.resolve(here, '../../../data/hardware.json'), 'utf8'));
  for (const s of hw.suites) names.push(s.title);
  for (const s of hw.sources) names.push(s.locator);
  return names.filter(Boolean);
}

/**
 * Two or more English words in a row, after taking out quoted values, `key=` and names (whole
 * words only). A word has two or more letters, one of them lower case: abbreviations and
 * units (`GPU`, `GB`, `FP16/BF16`) are not English phrases.
 */
export function englishPhrase(line, names) {
  let text = line;
  for (const name of names) {
    let at = text.indexOf(name);
    while (at >= 0) {
      const before = text[at - 1] ?? ' ';
      const after = text[at + name.length] ?? ' ';
      if (!/[A-Za-z0-9]/.test(before) && !/[A-Za-z0-9]/.test(after)) {
        text = text.slice(0, at) + ' '.repeat(name.length) + text.slice(at + name.length);
      }
      at = text.indexOf(name, at + 1);
    }
  }
  for (const pattern of AS_WRITTEN) text = text.replace(pattern, ' ');
  text = text.replace(/[A-Za-z_][A-Za-z0-9_-]*=/g, ' ');
  const isWord = (t) =>
    /^[A-Za-z'-]+$/.test(t) && (t.match(/[A-Za-z]/g) ?? []).length >= 2 && /[a-z]/.test(t);
  // Chinese text and punctuation end a phrase: look within each stretch of ASCII only.
  for (const stretch of text.split(/[^\x00-\x7F]+/)) {
    const tokens = stretch
      .split(/\s+/)
      .map((t) => t.replace(/^[!-/:-@[-`{-~]+|[!-/:-@[-`{-~]+$/g, ''));
    let run = [];
    for (const t of [...tokens, '']) {
      if (isWord(t)) {
        run.push(t);
        continue;
      }
      if (run.length >= 2) return run.join(' ');
      run = [];
    }
  }
  return null;
}

/** What may stay as written besides names, each with why. */
const AS_WRITTEN = [
  /“[^”]*”/g, // values quoted back to the user
  /'[^']*'/g, // rows and columns of a cited benchmark file
  /模型规模：[^。]*/g, // a model's size, cited as its paper or model card writes it
  /Secure Cloud|Community Cloud/g, // RunPod's product names
];

/** Opens every disclosure and a few providers' line items, then returns the visible lines. */
async function visibleLines(page) {
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  const details = page.locator('table.comparison tr[data-seller] button.link');
  const n = Math.min(await details.count(), 3);
  for (let i = 0; i < n; i++) await details.nth(i).click();
  await page.waitForTimeout(200);
  return page.evaluate(() => document.body.innerText.split('\n').map((l) => l.trim()).filter(Boolean));
}

const LINKS = [
  '?preset=short-training',
  '?preset=traffic-spike',
  '?preset=dev-test&pay=spot,monthly',
  '?preset=shift-fleet',
  '?preset=custom',
  '?task=finetune&model=bert-large&samples=100000&epochs=3&l=A10*1&h=24',
  '?task=batch&model=llama-3-8b&tokens=100000000&deadline=24',
  '?preset=dev-test&l=T4*x&cp=abc&budget=NaN&v=99&ovh=lots&h=1.01&unknown=1',
  // A committed headline: its term, upfront and what falls after the period (issue 28).
  '?l=A10*4&geo=cn&pay=reserved&cur=CNY',
];

test('the Chinese page shows no English phrase for any preset, workload or bad link', async () => {
  const names = catalogNames();
  const found = [];
  for (const link of LINKS) {
    const { page, context } = await app.open(`${link}&lang=zh`, {
      readySelector: '[data-testid=headline]',
    });
    // Model names are names too: take them from the workload form's list.
    const models = await page.evaluate(() =>
      [...document.querySelectorAll('option')].map((o) => o.textContent.trim()),
    );
    for (const line of await visibleLines(page)) {
      const phrase = englishPhrase(line, [...names, ...models].sort((a, b) => b.length - a.length));
      if (phrase) found.push(`${link}: "${phrase}" ← ${line}`);
    }
    await context.close();
  }
  assert.deepEqual(found, []);
});

test('the checker finds the phrases that leaked before', () => {
  assert.equal(englishPhrase('l=“T4*x”无法识别（应为 "x" is not a plain decimal number）', []), 'is not');
  assert.equal(englishPhrase('以 125 TFLOPS 计算 2·N FLOPs；输入每 token 2·N', []), null, 'terms between Chinese');
  assert.equal(englishPhrase('对比您的参考金额：whole-card lease deposit', []), 'whole-card lease deposit');
  assert.equal(englishPhrase('V100 quote', []), null, 'one word is not a phrase');
  assert.equal(englishPhrase('1 × A100 · 按量 · RunPod Secure Cloud', ['RunPod Secure Cloud']), null);
});
