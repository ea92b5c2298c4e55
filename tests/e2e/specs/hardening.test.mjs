// Hardening: hostile links, no network after load, the Content-Security-Policy, accessibility
// (axe-core) and a keyboard-only walk through a whole scenario.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useApp, painted } from '../lib/fixture.mjs';
import { openPage } from '../lib/browser.mjs';
import { DIST } from '../lib/server.mjs';

const app = useApp();
const here = path.dirname(fileURLToPath(import.meta.url));
const AXE = fs.readFileSync(path.resolve(here, '../node_modules/axe-core/axe.min.js'), 'utf8');

const html = encodeURIComponent('<img src=x onerror="window.__pwned=1">');
const script = encodeURIComponent('<script>window.__pwned=1</script>');
const js = encodeURIComponent('javascript:window.__pwned=1');
const big = '9'.repeat(400);

// [query, parameters the notice must name]
const HOSTILE = [
  [`?h=${html}`, ['h=']],
  [`?l=${script}`, ['l=']],
  [`?l=T4*${html}`, ['l=']],
  [`?cp=${html}`, ['cp=']],
  [`?cp=~${html}:T4:od:1:CNY`, []],
  [`?refl=${script}&ref=100CNY`, []],
  [`?budget=${html}`, ['budget=']],
  [`?disc=${html}`, ['disc=']],
  [`?op=${html}`, ['op=']],
  [`?tz=${html}`, ['tz=']],
  [`?pay=${html}`, ['pay=']],
  [`?cmp=${html}`, ['cmp=']],
  [`?preset=${script}`, ['preset=']],
  [`?view=${js}`, ['view=']],
  [`?lang=${html}`, ['lang=']],
  [`?cur=${html}`, ['cur=']],
  [`?fx=${html}`, ['fx=']],
  [`?task=${html}`, ['task=']],
  [`?task=serve&model=${html}`, ['model=']],
  [`?frame=${html}&embed=1`, ['frame=']],
  [`?${html}=1`, []],
  [`?h=-72`, ['h=']],
  [`?h=${big}`, ['h=']],
  [`?l=T4*${big}`, ['l=']],
  [`?fx=NaN`, ['fx=']],
  [`?fx=Infinity`, ['fx=']],
  [`?ovh=1e309`, ['ovh=']],
  [`?lead=-1`, ['lead=']],
  [`?h=72&h=10&h=5`, ['“h”']],
  [`?preset=dev-test&preset=short-training`, ['“preset”']],
  [`?unknown=1&another=2`, ['unknown', 'another']],
  [`?l=%E4%B8%FF*4&cp=%FF%FE`, ['l=', 'cp=']],
  [`?view=catalog&gpu=${html}&q=${script}&region=${html}`, ['gpu=']],
  [`?v=99&preset=dev-test`, ['v=99']],
  [`?geo=${html}`, ['geo=']],
  [`?cpu=${html}&ram=${big}`, ['cpu=', 'ram=']],
  [`?l=V100*4/${html}`, ['l=']],
  [`?l=V100*4/${big}`, ['l=']],
  [`?view=catalog&place=${script}&gpm=${big}`, ['place=', 'gpm=']],
  [`?a=${'x'.repeat(100 * 1024)}`, ['first']],
  // Batch jobs (issue 31): markup, a hostile GPU, huge and impossible values, stray attributes.
  [`?j=${script}`, ['j=']],
  [`?j=${html}*1x1h,due:2`, ['j=']],
  [`?j=T4*${html}`, ['j=']],
  [`?j=T4*1x1h,due:${big}`, ['j=']],
  [`?j=T4*${big}x1h,due:2`, ['j=']],
  [`?j=T4*1x1h,due:2,${html}`, ['j=']],
  [`?h=24&j=T4*1x30h,due:24`, ['j=']],
  [`?h=24&j=T4*1x1h,from:30,due:24`, ['j=']],
  // A team name: too long or with a control character, the line is refused by name; a short
  // one with markup is kept as text (the pool shows it in its sentences and table).
  [`?l=T4*4,team:${html}`, ['l=']],
  [`?l=T4*4,team:a%1B%5B2J`, ['l=']],
  [`?l=T4*4,team:`, ['l=']],
  [`?h=720&cmp=tencent&l=T4~${'0x8_4x12_0x12_4x12_0x12_4x12_0x12_4x12_0x12_4x12_0x12_4x12_0x12_4x12_0x4'},team:${encodeURIComponent('<img src=x onerror=__pwned=1>')}&l=T4~${'3x8_0x12_3x12_0x12_3x12_0x12_3x12_0x12_3x12_0x12_3x12_0x12_3x12_0x12_3x4'},team:ads`, []],
];

test(`${HOSTILE.length} hostile links open, run no injected code, and name what they ignored`, async () => {
  assert.ok(HOSTILE.length >= 30);
  const context = await app.browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    errors.push(`dialog: ${d.message()}`);
    d.dismiss();
  });
  for (const [query, names] of HOSTILE) {
    await page.goto(app.server.url + query + (query.includes('lang=') ? '' : '&lang=en'));
    await page.waitForSelector('main#main > *', { timeout: 20000 });
    await page.waitForSelector('[data-testid=headline], [data-testid=row-count]');
    const notice = (await page.locator('[data-testid=ignored-params]').textContent().catch(() => '')) ?? '';
    for (const name of names) assert.ok(notice.includes(name), `${query.slice(0, 80)}: notice lacks ${name}: ${notice}`);
    assert.equal(await page.evaluate(() => window.__pwned), undefined, `${query.slice(0, 80)} ran injected code`);
    assert.equal(await page.locator('main img, .notice img, main script').count(), 0, `${query.slice(0, 80)} rendered markup`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('after loading, the page asks only for its own files while a user works through it', async () => {
  const { page, context } = await app.open('?lang=en&cur=CNY', { readySelector: '[data-testid=headline]' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const late = [];
  page.on('request', (r) => {
    if (!/^(blob|data):/.test(r.url())) late.push(r.url());
  });
  for (const preset of ['traffic-spike', 'dev-test', 'shift-fleet', 'custom', 'short-training']) {
    await page.getByTestId(`preset-${preset}`).click();
    await page.waitForFunction((p) => location.search.includes(p) || p === 'short-training', preset);
  }
  await page.getByTestId('hours').fill('96');
  await page.getByTestId('allow-spot').uncheck();
  await page.getByTestId('lang').selectOption('zh');
  await page.getByTestId('currency').selectOption('USD');
  await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
  await page.getByTestId('export-md').click();
  await page.getByTestId('copy-link').click();
  await page.locator('details.more > summary').click();
  await page.getByTestId('nav-catalog').click();
  await page.getByTestId('filter-gpu').selectOption('T4');
  await page.getByTestId('nav-review').click();
  await page.getByTestId('nav-calc').click();
  await page.waitForSelector('[data-testid=headline]');
  // The parts the first result does not need are fetched when first shown (src/later.rs):
  // each from the page's own origin and a file of the build, nothing else.
  const origin = new URL(app.server.url).origin;
  const built = new Set(fs.readdirSync(DIST));
  const foreign = late.filter((u) => new URL(u).origin !== origin || !built.has(new URL(u).pathname.slice(1)));
  assert.deepEqual(foreign, [], 'requests after load that are not files of the build');
  const modules = late.filter((u) => u.endsWith('.wasm'));
  if (fs.readdirSync(DIST).some((f) => /-split\.js$/.test(f))) {
    for (const part of ['more_settings', 'catalog_page', 'review_page']) {
      assert.ok(modules.some((u) => new RegExp(`-${part}[_.]`).test(u)), `${part} loaded on demand: ${modules.join(', ')}`);
    }
  } else {
    assert.deepEqual(late, [], 'an unsplit build asks for nothing after load');
  }
  await context.close();
});

test('a Content-Security-Policy allows only the app’s own files, and holds', async () => {
  const { page, context } = await app.open('?preset=dev-test&lang=en', { readySelector: '[data-testid=headline]' });
  const policy = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert.match(policy, /default-src 'none'/);
  assert.match(policy, /script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/=]+'/);
  assert.doesNotMatch(policy, /unsafe-inline|\*|https?:/);
  await page.evaluate(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective));
  });
  // Normal use raises no violation...
  await page.getByTestId('preset-custom').click();
  await page.getByTestId('nav-catalog').click();
  await page.getByTestId('nav-calc').click();
  await page.waitForSelector('[data-testid=headline]');
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  // ...and an injected inline script is refused.
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__pwned = 1';
    document.body.append(s);
  });
  await page.waitForFunction(() => window.__violations.length > 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  await context.close();
});

async function axeViolations(page) {
  await page.evaluate(AXE);
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help, target: v.nodes[0]?.target }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

test('the accessibility check itself catches a planted violation', async () => {
  const { page, context } = await app.open('?preset=dev-test&lang=en', { readySelector: '[data-testid=headline]' });
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.id = 'planted';
    document.querySelector('main').append(button); // a button without a name
  });
  const violations = await axeViolations(page);
  assert.ok(violations.some((v) => v.id === 'button-name'), JSON.stringify(violations));
  await context.close();
});

for (const [name, query, selector] of [
  ['calculator', '?preset=dev-test', '[data-testid=headline]'],
  ['catalog browser', '?view=catalog', '[data-testid=row-count]'],
  ['embed mode', '?preset=custom&embed=1&lock=1', '[data-testid=headline]'],
]) {
  for (const lang of ['en', 'zh']) {
    for (const scheme of ['light', 'dark']) {
      test(`axe finds no serious or critical violation: ${name}, ${lang}, ${scheme}`, async () => {
        const opened = await openPage(app.browser, `${app.server.url}${query}&lang=${lang}`, { colorScheme: scheme });
        await opened.page.waitForSelector(selector);
        await painted(opened.page);
        const violations = await axeViolations(opened.page);
        assert.deepEqual(violations, [], JSON.stringify(violations, null, 1));
        await opened.context.close();
      });
    }
  }
}

test('a whole scenario can be built with the keyboard alone', async () => {
  const { page, context } = await app.open('?lang=en&cur=CNY', { readySelector: '[data-testid=headline]' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const focusOn = async (testid, max = 80) => {
    for (let i = 0; i < max; i++) {
      if (await page.evaluate((id) => document.activeElement?.dataset?.testid === id, testid)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${testid}`);
  };
  await focusOn('preset-dev-test');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.search.includes('preset=dev-test'));
  await focusOn('line-0-gpu');
  await page.keyboard.press('End'); // the last GPU model in the list
  await page.waitForFunction(() => new URLSearchParams(location.search).getAll('l').length === 2);
  await focusOn('line-1-grid-pattern-businesshours');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => new URLSearchParams(location.search).getAll('l')[1]?.startsWith('T4~0x9_10x9'));
  await focusOn('allow-spot');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('pay') === 'reserved,monthly');
  await focusOn('copy-link');
  await page.keyboard.press('Enter');
  await page.getByText('Link copied').waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), page.url());
  assert.match(await page.getByTestId('cheapest-total').textContent(), /^¥/);
  await context.close();
});
