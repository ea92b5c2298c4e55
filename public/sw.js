// GPU Cost Lab's service worker: the second visit from the cache, and the page with the network
// off after one visit.
//
// It answers only for this build's own files — the page (with any query string: the link carries
// the scenario) and the files Trunk wrote beside it — and leaves every other request to the
// browser untouched: another page of the same site, another origin, anything not a GET.
//
// scripts/sw.mjs fills in BUILD after a release build: a version (a hash of every file of the
// build) and the file names, relative to this script. Each build is therefore a new sw.js, which
// the browser installs on the next visit: it downloads the whole new build into a cache of its
// own, takes over, and deletes the older caches of this scope. A debug build (trunk serve) keeps
// BUILD = null and the worker removes itself and its caches, so a release build you once served at
// the same address never shadows the one you are editing.
const BUILD = null;

/** Caches of this app at this scope: "gpu-cost-lab <scope> <version>". */
const PREFIX = `gpu-cost-lab ${self.registration.scope} `;

async function deleteCaches(keep) {
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== keep).map((n) => caches.delete(n)));
}

if (!BUILD) {
  self.addEventListener('install', () => self.skipWaiting());
  self.addEventListener('activate', (event) => {
    event.waitUntil(deleteCaches(null).then(() => self.registration.unregister()));
  });
} else {
  const CACHE = PREFIX + BUILD.version;
  // The page is cached under its directory's URL ("./"), the address people open and share.
  const PAGE = new URL('./', self.location.href).href;
  const FILES = new Set(BUILD.files.map((f) => new URL(f, self.location.href).href));
  // The parts the first result does not wait for (the catalog browser, the spend review and
  // its worker, the folded settings): cached after the build's own files, so a visitor can
  // open them offline after one visit without having opened them online, and otherwise the
  // first time they are fetched.
  const LATER = new Set((BUILD.later ?? []).map((f) => new URL(f, self.location.href).href));

  /** Fetches `url` for the cache: a response to keep, or null when it is not one. */
  const fetchForCache = async (url, init) => {
    let response = await fetch(url, init);
    if (!response.ok) return null;
    // A host that redirects (e.g. index.html to ./) gives a response that may not answer a
    // navigation; keep only its body and headers.
    if (response.redirected) response = new Response(await response.blob(), response);
    return response;
  };

  /**
   * Caches the later parts, each on its own: one that fails (a flaky network) is fetched when
   * it is opened instead, and does not hold the new build back. A visitor who asked the
   * browser to save data downloads them only when opened.
   */
  const cacheLater = async (cache) => {
    if (self.navigator?.connection?.saveData) return;
    await Promise.all(
      [...LATER].map(async (url) => {
        const response = await fetchForCache(url).catch(() => null);
        if (response) await cache.put(url, response);
      }),
    );
  };

  /** The cache key for a request of this build, or null when it is not one of its files. */
  const keyOf = (request) => {
    if (request.method !== 'GET') return null;
    const url = new URL(request.url);
    if (url.origin !== self.location.origin) return null;
    const path = url.origin + url.pathname;
    if (path === PAGE || path === PAGE + 'index.html') return PAGE; // any query string
    return url.search === '' && (FILES.has(path) || LATER.has(path)) ? path : null;
  };

  self.addEventListener('install', (event) => {
    event.waitUntil(
      (async () => {
        const cache = await caches.open(CACHE);
        await Promise.all(
          [PAGE, ...FILES].map(async (url) => {
            // The page may be cached by the HTTP cache under an older build; the other files'
            // names change with their contents, so a copy the browser already holds is this one.
            const response = await fetchForCache(url, { cache: url === PAGE ? 'no-cache' : 'default' });
            if (!response) throw new Error(`sw.js: ${url} did not answer with the file`);
            await cache.put(url, response);
          }),
        );
        await cacheLater(cache);
        await self.skipWaiting();
      })(),
    );
  });

  self.addEventListener('activate', (event) => {
    event.waitUntil(deleteCaches(CACHE));
  });

  // Cache first, for every file of the build, the page included. The page is still revalidated,
  // for the whole build at once: after each navigation the browser fetches sw.js past its HTTP
  // cache (its update check), and a new deploy's sw.js caches the new page together with the
  // files it names, takes over and serves the next visit (stale-while-revalidate). Caching a
  // fresh index.html alone would pair it with files this cache lacks: the next offline visit
  // would break.
  self.addEventListener('fetch', (event) => {
    const key = keyOf(event.request);
    if (!key) return;
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE);
        const cached = await cache.match(key);
        if (cached) return cached;
        const response = await fetch(event.request);
        // A later part the install could not cache, the first time: kept for offline use.
        if (LATER.has(key) && response.ok && !response.redirected) await cache.put(key, response.clone());
        return response;
      })(),
    );
  });
}
