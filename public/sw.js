// Quire's service worker: lets a document page that was open on this device load again
// without a network, so its offline edits (kept in IndexedDB by the editor) can be seen,
// continued and merged later. Pages are network-first (always fresh when online); build
// assets under /_next/static are immutable (hashed names), so cache-first.
// Registered by src/lib/offline-pages.ts; cleared at sign-out.

const PAGES = "quire-pages-v1";
const ASSETS = "quire-assets-v1";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set([PAGES, ASSETS]);
      for (const key of await caches.keys()) if (!current.has(key)) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

const isDocumentPage = (url) => /^\/w\/[^/]+\/d\/[^/]+$/.test(url.pathname);
const isBuildAsset = (url) => url.pathname.startsWith("/_next/static/");

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(page(request, url));
  else if (isBuildAsset(url)) event.respondWith(asset(request));
});

async function page(request, url) {
  try {
    const response = await fetch(request);
    if (isDocumentPage(url) && response.ok && response.type === "basic") {
      const cache = await caches.open(PAGES);
      await cache.put(url.href, response.clone());
    }
    return response;
  } catch {
    const cached = await caches.match(url.href, { cacheName: PAGES, ignoreSearch: true, ignoreVary: true });
    return cached ?? offlinePage();
  }
}

async function asset(request) {
  const cached = await caches.match(request, { cacheName: ASSETS, ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(ASSETS);
    await cache.put(request, response.clone());
  }
  return response;
}

// The page lists what it loaded before this worker controlled it (the first visit), so a
// later offline load finds every script and style, and its own HTML.
self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || data.type !== "keep-for-offline" || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      for (const href of data.urls.slice(0, 500)) {
        let url;
        try {
          url = new URL(href, self.location.origin);
        } catch {
          continue;
        }
        if (url.origin !== self.location.origin) continue;
        try {
          if (isBuildAsset(url)) {
            if (!(await caches.match(url.href, { cacheName: ASSETS }))) await asset(new Request(url.href));
          } else if (isDocumentPage(url)) {
            const response = await fetch(url.href, { credentials: "same-origin", redirect: "manual" });
            if (response.ok && response.type === "basic") await (await caches.open(PAGES)).put(url.href, response);
          }
        } catch {
          // Offline already, or the server is away: the next visit tries again.
        }
      }
      event.source?.postMessage({ type: "kept-for-offline" });
    })(),
  );
});

function offlinePage() {
  const html = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Offline · Quire</title><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<h1 style="font-size:1.25rem">You're offline</h1>
<p>This page hasn't been opened on this device before, so it can't be shown without a network.
Documents you had open here still open, and what you write in them is kept on this device until you reconnect.</p>
<p><a href="">Try again</a></p></body></html>`;
  return new Response(html, { status: 503, headers: { "content-type": "text/html; charset=utf-8" } });
}
