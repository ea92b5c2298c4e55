// Launches Debian's Chromium through playwright-core (no browser download) with the flags
// this closed network needs.
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

/** Opens a page that fails the test on any console error or uncaught exception. */
export async function openPage(browser, url, { locale = 'en-US', viewport, colorScheme } = {}) {
  const context = await browser.newContext({ locale, viewport, colorScheme });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  await page.goto(url);
  return { context, page, errors };
}
