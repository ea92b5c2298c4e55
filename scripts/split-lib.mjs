// The pure half of scripts/split.mjs: reading the splitter's loader and rewriting Trunk's
// index.html, with no file system or tools, so tests can run it on any input
// (tests/e2e/specs/split_hook.test.mjs runs it on fixtures for several public URLs, and on the
// real splitter's output of the release build: the contract that the loader reads as expected).

/** A split module whose name starts with this is fetched only when its part is opened. */
export const ON_DEMAND = 'ondemand_';

/**
 * The URL Trunk writes into index.html for a file of the build: the public URL (`--public-url`,
 * `public_url` in Trunk.toml, `TRUNK_PUBLIC_URL` in a hook) followed by the file's name. Trunk
 * ends a public URL with "/" whatever was passed; this does too, so both spellings agree.
 */
export function assetUrl(publicUrl, file) {
  const base = publicUrl === undefined || publicUrl === '' ? './' : publicUrl;
  return `${base.endsWith('/') ? base : `${base}/`}${file}`;
}

/**
 * The split modules the loader defines: `{ module, file, deps }` for each
 * `export const __wasm_split_load_<module> = wrapAsyncCb(makeLoad(<fetch of file>, [deps]))`,
 * and `chunks`, each shared chunk variable (`const __chunk_<n> = makeLoad(<fetch>, [])`) with
 * its file, or null for an empty chunk (nothing to fetch). Throws when the format is not the
 * one this reads, so a changed splitter fails the build instead of caching the wrong files.
 */
export function readLoader(loader) {
  const fileOf = (body) => /new URL\("\.\/([^"]+)"/.exec(body)?.[1] ?? null;
  const chunks = new Map(
    [...loader.matchAll(/const (__chunk_\d+) = makeLoad\(([\s\S]*?)\n, \[\]\);/g)].map((m) => [m[1], fileOf(m[2])]),
  );
  const modules = [
    ...loader.matchAll(
      /export const __wasm_split_load_([a-z_]+?)(?:_\d+)? = wrapAsyncCb\(makeLoad\(([\s\S]*?)\n, \[([^\]]*)\]\)\);/g,
    ),
  ].map(([, module, body, deps]) => ({
    module,
    file: fileOf(body),
    deps: deps
      .split(',')
      .map((d) => d.trim())
      .filter(Boolean),
  }));
  if (modules.length === 0 || chunks.size === 0) {
    throw new Error('cannot read the split points from the loader; has its format changed?');
  }
  for (const { module, file, deps } of modules) {
    if (!file) throw new Error(`cannot find the file of split module ${module} in the loader`);
    for (const dep of deps) {
      if (!chunks.has(dep)) throw new Error(`${module} waits for ${dep}, which the loader does not define`);
    }
  }
  return { modules, chunks };
}

/**
 * The module files the calculator page loads after its first result: each split module not
 * named ON_DEMAND and the shared chunks it waits for.
 */
export function calculatorModules(loader) {
  const { modules, chunks } = readLoader(loader);
  const files = new Set();
  for (const { module, file, deps } of modules) {
    if (module.startsWith(ON_DEMAND)) continue;
    files.add(file);
    for (const dep of deps) if (chunks.get(dep)) files.add(chunks.get(dep));
  }
  if (files.size === 0) throw new Error('no split module for the calculator (see src/pages/calc/later.rs)');
  return files;
}

/**
 * The loader with each module's fetch given a catch: the loader starts a module's fetch, then
 * waits for the modules it needs first; when one of those fails (offline), the fetch is never
 * awaited and its failure would surface as an unhandled rejection. The part reports the
 * failure already (src/parts.rs). `expected` is the number of fetches there must be.
 */
export function catchModuleFetches(loader, expected) {
  const fetches = /const src = fetch\(new URL\("[^"]+", import\.meta\.url\)\);/g;
  const found = (loader.match(fetches) ?? []).length;
  if (found !== expected) {
    throw new Error(`expected ${expected} module fetches in the loader, found ${found}; has its format changed?`);
  }
  return loader.replace(fetches, (statement) => `${statement} src.catch(() => {});`);
}

/**
 * Trunk's index.html naming the split build's files: every reference to `renames`' keys (Trunk's
 * file names) written as the public URL plus the new name, and the integrity hash of each
 * preload of a new file recomputed by `integrityOf(name)`. Throws when a file to rename is not
 * referenced, since then the page would load the unsplit module.
 */
export function rewriteIndexHtml(html, publicUrl, renames, integrityOf) {
  let out = html;
  for (const [from, to] of Object.entries(renames)) {
    const was = assetUrl(publicUrl, from);
    if (!out.includes(was)) throw new Error(`expected "${was}" in index.html; has Trunk's output changed?`);
    out = out.split(was).join(assetUrl(publicUrl, to));
  }
  const renamed = new Set(Object.values(renames));
  const prefix = assetUrl(publicUrl, '');
  return out.replace(/<link\b[^>]*>/g, (tag) => {
    const href = /href="([^"]+)"/.exec(tag)?.[1];
    if (!href || !href.startsWith(prefix) || !/integrity="/.test(tag)) return tag;
    const file = href.slice(prefix.length);
    if (!renamed.has(file)) return tag;
    return tag.replace(/integrity="[^"]*"/, `integrity="${integrityOf(file)}"`);
  });
}
