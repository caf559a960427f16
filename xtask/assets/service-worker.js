// Skein's service worker. `cargo xtask dist` writes it from this template (xtask/src/pwa.rs),
// filling in the build's version and the list of every file of the build.
//
// What it does: precaches the whole app in a cache named after this build, serves the app's own
// files and the page from that cache (so the app starts without the network), removes the
// caches of older builds when it takes over, and waits to take over until the page asks
// (the page shows "Reload" and asks only when no answer is streaming).
//
// What it never does: touch a request to another origin (every provider), anything but GET,
// anything outside its scope, or any request for a file that is not part of the build.

const VERSION = '__SKEIN_BUILD__';
const FILES = __SKEIN_FILES__;

const SCOPE = new URL('./', self.location.href).href;
const PREFIX = `skein:${SCOPE}:`;
const CACHE = PREFIX + VERSION;
const INDEX = new URL('index.html', SCOPE).href;
const PRECACHED = new Set(FILES.map((file) => new URL(file, SCOPE).href));

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // `reload`: straight from the server, never from the HTTP cache (a stale copy would be
    // cached under this build's name).
    await cache.addAll([...PRECACHED].map((url) => new Request(url, { cache: 'reload' })));
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'skip-waiting') self.skipWaiting();
  if (event.data?.type === 'version') event.ports[0]?.postMessage(VERSION);
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.href.startsWith(SCOPE)) return;
  url.search = '';
  url.hash = '';
  // The page: any navigation to the app's own address (with or without `index.html`).
  const isPage = request.mode === 'navigate' && (url.href === SCOPE || url.href === INDEX);
  const key = isPage ? INDEX : url.href;
  if (!PRECACHED.has(key)) return;
  event.respondWith((async () => {
    const cached = await caches.match(key, { cacheName: CACHE });
    return cached ?? fetch(request);
  })());
});
