// Shared set-up for the end-to-end specs: one server for dist/ and one browser per file.
import { after, before } from 'node:test';
import { startServer } from './server.mjs';
import { launch, openPage } from './browser.mjs';

/** Registers before/after hooks; returns an object filled in once they ran. */
export function useApp() {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer();
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  /** Opens `query` (e.g. "?view=catalog") and waits until the app has rendered. */
  env.open = async (query = '', options = {}) => {
    const base = options.subPath ? env.server.subUrl : env.server.url;
    const opened = await openPage(env.browser, base + query, options);
    await opened.page.waitForSelector(options.readySelector ?? 'main#main > *', { timeout: 20000 });
    await painted(opened.page);
    return opened;
  };
  return env;
}

/** The query string of the page's URL, as URLSearchParams. */
export function params(page) {
  return new URL(page.url()).searchParams;
}

/**
 * Waits until any pending address-bar write has happened: the page writes the link at most
 * every 150 ms (src/web.rs), so "the link did not change" is only meaningful after that.
 */
export async function linkSettled(page) {
  await page.waitForTimeout(300);
}

/**
 * Waits until the page has painted its first screen and built what it defers until then
 * (recommendation, charts, export bar, saved scenarios: `AppState::painted` in src/app.rs),
 * their code included. The app's own frame-then-task was queued first, so it has run once
 * ours has.
 */
export async function painted(page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  // Parts whose code a release build fetches after the first paint (src/parts.rs) say
  // "Loading…" until it has arrived and they are built.
  await page.waitForFunction(() => !document.querySelector('.part-loading'), null, { timeout: 20000 });
}
