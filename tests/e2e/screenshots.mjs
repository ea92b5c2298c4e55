// Writes the screenshots in docs/screenshots/ from the built dist/: the calculator in English and
// Chinese, on a desktop and a 360-px phone. Not a test; run it after `trunk build --release`:
//   node tests/e2e/screenshots.mjs
// Chinese text needs a CJK font in the system (Debian: apt-get install fonts-noto-cjk).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './lib/server.mjs';
import { launch, openPage } from './lib/browser.mjs';
import { painted } from './lib/fixture.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.resolve(here, '../../docs/screenshots');

const SHOTS = [
  { name: 'calculator-en-desktop', query: '?preset=dev-test&lang=en&cur=USD', viewport: { width: 1280, height: 900 } },
  { name: 'calculator-zh-desktop', query: '?preset=dev-test&lang=zh&cur=CNY', viewport: { width: 1280, height: 900 } },
  { name: 'calculator-en-phone', query: '?preset=short-training&lang=en&cur=USD', viewport: { width: 360, height: 780 } },
  { name: 'calculator-zh-phone', query: '?preset=short-training&lang=zh&cur=CNY', viewport: { width: 360, height: 780 } },
  { name: 'results-en-phone', query: '?preset=short-training&lang=en&cur=USD', viewport: { width: 360, height: 780 }, scrollTo: '.results' },
  { name: 'results-zh-phone', query: '?preset=short-training&lang=zh&cur=CNY', viewport: { width: 360, height: 780 }, scrollTo: '.results' },
  { name: 'recommendation-en-desktop', query: '?preset=custom&lang=en&cur=USD', viewport: { width: 1280, height: 900 }, selector: '.reco' },
  { name: 'catalog-zh-desktop', query: '?view=catalog&lang=zh&cur=CNY&gpu=A100-80GB', viewport: { width: 1280, height: 900 } },
];

await fs.mkdir(OUT, { recursive: true });
const server = await startServer();
const browser = await launch();
try {
  for (const shot of SHOTS) {
    const { context, page, errors } = await openPage(browser, server.url + shot.query, {
      viewport: shot.viewport,
      colorScheme: 'light',
    });
    await page.waitForSelector(shot.selector ?? 'main#main > *', { timeout: 20000 });
    await painted(page);
    await page.evaluate(() => document.fonts.ready);
    if (shot.scrollTo) await page.locator(shot.scrollTo).first().evaluate((el) => el.scrollIntoView());
    const file = path.join(OUT, `${shot.name}.png`);
    if (shot.selector) await page.locator(shot.selector).first().screenshot({ path: file });
    else await page.screenshot({ path: file, fullPage: false });
    if (errors.length) throw new Error(`${shot.name}: ${errors.join('; ')}`);
    console.log(path.relative(process.cwd(), file));
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
