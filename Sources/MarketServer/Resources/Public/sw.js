// The web app with no network: pages a student opened are answered from here, with a banner
// saying since when; styles, scripts and photos (their URLs never change content) are kept too.
// Progressive enhancement: every page works without this worker. Nothing private outlives a
// sign-out: the caches are emptied then (here, by app.js and by the server's Clear-Site-Data).
const PAGES = "pages-v1", ASSETS = "assets-v1", PHOTOS = "photos-v1";
const KEEP = { [PAGES]: 40, [PHOTOS]: 150 };
const OFFLINE = "/offline.html";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(ASSETS).then((cache) => cache.addAll([OFFLINE, "/css/app.css"])).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => ![PAGES, ASSETS, PHOTOS].includes(name)).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

async function clearAll() {
  for (const name of await caches.keys()) await caches.delete(name);
}

self.addEventListener("message", (event) => {
  if (event.data === "clear") event.waitUntil(clearAll());
});

// Keeps a cache to its newest `limit` entries (a cache lists entries in the order they were put).
async function trim(name) {
  const cache = await caches.open(name);
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - KEEP[name]))) await cache.delete(key);
}

// A page from the network, kept with the time it was seen (after it is answered: the page
// streams to the screen while its copy is written); without a network, the kept copy with a
// banner, or the offline page.
async function page(event) {
  const request = event.request;
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic" && (response.headers.get("content-type") || "").startsWith("text/html")) {
      event.waitUntil(keep(request.url, response.clone()));
    }
    return response;
  } catch (error) {
    const kept = await caches.match(request.url, { cacheName: PAGES });
    if (!kept) return (await caches.match(OFFLINE)) || Response.error();
    const seen = new Date(kept.headers.get("x-seen-at"));
    const time = seen.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });
    const banner = `<p class="offline-banner" role="status">You're offline — showing what you saw at ${time}.</p>`;
    const html = (await kept.text()).replace(/<main([^>]*)>/, (open) => open + banner);
    return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
  }
}

async function keep(url, response) {
  const headers = new Headers(response.headers);
  headers.set("x-seen-at", new Date().toISOString());
  const copy = new Response(await response.blob(), { status: response.status, headers });
  const cache = await caches.open(PAGES);
  await cache.delete(url);  // put anew: last in the cache's order is the most recently seen
  await cache.put(url, copy);
  await trim(PAGES);
}

// Kept once fetched: these URLs are named by their content (photos by digest, styles and scripts
// by a hash in `?v=`), so a kept copy is never stale.
async function kept(request, name) {
  const found = await caches.match(request, { cacheName: name });
  if (found) return found;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(name);
    await cache.put(request, response.clone());
    if (KEEP[name]) trim(name);
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && url.pathname === "/signout") {
    event.respondWith(clearAll().then(() => fetch(request)));
    return;
  }
  if (request.method !== "GET") return;
  if (request.mode === "navigate") event.respondWith(page(event));
  else if (url.pathname.startsWith("/photos/")) event.respondWith(kept(request, PHOTOS));
  else if (url.pathname.startsWith("/css/") || url.pathname.startsWith("/js/") || url.pathname.startsWith("/icons/")) {
    event.respondWith(kept(request, ASSETS));
  }
});
