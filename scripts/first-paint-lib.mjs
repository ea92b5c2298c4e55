// The pure half of scripts/first-paint.mjs: index.html loading the first module (the engine,
// the catalog and the first paint's printer, crates/first-paint) before the app (issue 29), with
// no file system or tools, so tests can run it on any input
// (tests/e2e/specs/split_hook.test.mjs runs it on fixtures for several public URLs).
import { assetUrl } from './split-lib.mjs';

/**
 * Trunk's index.html (as scripts/split.mjs left it) loading the first module before the app:
 *   - a preload of the first module's glue and module, so both are fetched while the page is
 *     parsed, ahead of everything else the first number waits for;
 *   - no preload of the app's module, which would share the line with the first module's:
 *     the app's module is fetched once the first paint has run;
 *   - Trunk's module script imports the first module's glue and awaits it before it starts
 *     the app; a first module that cannot be fetched or fails only leaves the first paint to
 *     the app (src/main.rs prints it then).
 * `app` and `first` are `{ js, wasm }` file names; `integrityOf(name)` a file's SRI hash. Throws
 * when index.html does not read as expected, so a changed Trunk fails the build instead of
 * shipping a page that loads the app alone.
 */
export function loadFirstModuleFirst(html, publicUrl, app, first, integrityOf) {
  const url = (f) => assetUrl(publicUrl, f);
  const expect = (found, what) => {
    if (!found) throw new Error(`expected ${what} in index.html; has Trunk's output changed?`);
  };

  const appWasmPreload = new RegExp(`<link rel="preload" href="${escape(url(app.wasm))}"[^>]*>\\n?`);
  expect(appWasmPreload.test(html), `a preload of ${url(app.wasm)}`);
  let out = html.replace(appWasmPreload, '');

  const appJsPreload = new RegExp(`<link rel="modulepreload" href="${escape(url(app.js))}"[^>]*>`);
  expect(appJsPreload.test(out), `a modulepreload of ${url(app.js)}`);
  const preloads =
    `<link rel="preload" href="${url(first.wasm)}" crossorigin="anonymous" integrity="${integrityOf(first.wasm)}" as="fetch" type="application/wasm">\n` +
    `<link rel="modulepreload" href="${url(first.js)}" crossorigin="anonymous" integrity="${integrityOf(first.js)}">\n`;
  out = out.replace(appJsPreload, (tag) => preloads + tag);

  const appImport = `import init, * as bindings from '${url(app.js)}';`;
  expect(out.includes(appImport), `"${appImport}"`);
  out = out.replace(appImport, `${appImport}\nimport paintFirst from '${url(first.js)}';`);

  const appInit = 'const wasm = await init(';
  expect(out.split(appInit).length === 2, `"${appInit}" once`);
  // The same request as the preload (its integrity too), so the browser uses the preloaded bytes.
  const fetchFirst = `fetch('${url(first.wasm)}', { integrity: '${integrityOf(first.wasm)}' })`;
  return out.replace(appInit, `try { await paintFirst({ module_or_path: ${fetchFirst} }); } catch (e) {}\n${appInit}`);
}

/** `text` as a regular expression that matches it literally. */
function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
