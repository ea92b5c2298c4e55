// The mobile lab profile of issue 16, applied through the Chrome DevTools Protocol, and a log
// of what the page fetched as the protocol saw it (bytes on the wire, per request).
//
// The network throttle is Chromium's own (the one DevTools and Lighthouse's "devtools" mode
// use): it adds the latency to every request and paces each response's bytes, in the
// browser's network service. It models a slow link but not TCP slow start or packet loss, so
// a real 3G-class phone does no better than this and often worse.

/** 1.6 Mbps down, 750 kbps up, 150 ms round trip, a CPU four times slower than this one, on a
 * phone's screen (Lighthouse's mobile one, 412×823): the page lays out in one column there,
 * which is where a late part can push the results down (measured as the layout shift). */
export const MOBILE = {
  name: 'mobile lab profile: 1.6 Mbps down, 750 kbps up, 150 ms RTT, CPU 4× slower, 412×823 screen',
  downloadThroughput: 1.6e6 / 8,
  uploadThroughput: 750e3 / 8,
  latency: 150,
  cpuRate: 4,
  viewport: { width: 412, height: 823 },
};

/** The browser context options `profile` asks for (its screen size, if it has one). */
export const contextOptions = (profile) => (profile?.viewport ? { viewport: profile.viewport } : {});

/** The CPU slowdown alone, for the recompute measurement (no page load in the sample). */
export const SLOW_CPU = { name: 'CPU 4× slower', cpuRate: 4 };

/**
 * Opens a CDP session on `page` and applies `profile` to it. Call it before navigating: the
 * settings stay on the page's target across navigations. Network.enable comes first so the
 * returned session reports every request of the load.
 */
export async function emulate(page, profile) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (profile.downloadThroughput) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latency,
      downloadThroughput: profile.downloadThroughput,
      uploadThroughput: profile.uploadThroughput,
    });
  }
  if (profile.cpuRate) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuRate });
  return cdp;
}

/** Takes the page offline through its own session. Playwright's context.setOffline alone is
 * not enough: the conditions this session set (online, throttled) win over it. */
export async function goOffline(cdp) {
  await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

const header = (headers, name) => {
  for (const [k, v] of Object.entries(headers ?? {})) if (k.toLowerCase() === name) return v;
  return null;
};

/**
 * Records every request the session sees: the page's, not those a service worker makes on
 * its own (its script, its precache). `requests()` lists { url, type, status, wireStatus,
 * mimeType, encoding, fromCache, fromServiceWorker, bytes (encodedDataLength: headers and
 * body as received), failed };
 * `quietFor()` is the milliseconds since the last request started or ended, or 0 while any
 * is in flight.
 */
export function recordNetwork(cdp) {
  const byId = new Map();
  let last = Date.now();
  const touch = () => (last = Date.now());
  cdp.on('Network.requestWillBeSent', (e) => {
    touch();
    // A redirect reuses the id: keep the final request (none are expected here).
    byId.set(e.requestId, { url: e.request.url, type: e.type ?? null, status: null, wireStatus: null, mimeType: null, encoding: null, fromCache: false, fromServiceWorker: false, bytes: 0, done: false, failed: null });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = byId.get(e.requestId);
    if (r) r.fromCache = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = byId.get(e.requestId);
    if (!r) return;
    r.status = e.response.status;
    r.mimeType = e.response.mimeType;
    r.encoding = header(e.response.headers, 'content-encoding');
    r.fromCache ||= Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache);
    r.fromServiceWorker = Boolean(e.response.fromServiceWorker);
  });
  // The status on the wire: a revalidated response is reported above as the cached 200, and
  // only here as the 304 the server sent.
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    const r = byId.get(e.requestId);
    if (r) r.wireStatus = e.statusCode;
  });
  cdp.on('Network.loadingFinished', (e) => {
    touch();
    const r = byId.get(e.requestId);
    if (!r) return;
    r.bytes = e.encodedDataLength;
    r.done = true;
  });
  cdp.on('Network.loadingFailed', (e) => {
    touch();
    const r = byId.get(e.requestId);
    if (!r) return;
    r.failed = e.errorText;
    r.done = true;
  });
  return {
    requests: () => [...byId.values()],
    quietFor: () => ([...byId.values()].some((r) => !r.done) ? 0 : Date.now() - last),
  };
}
