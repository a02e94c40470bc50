// The table-side judge offline: every file of this site, for this event, in one cache named by
// the event's fingerprint and the files' digest. Served from that cache only, so a page never
// mixes two events' files; a site built for a new event is a new service worker (this file
// changes), which caches the new files whole before it takes over, and then removes the old.
"use strict";
// Named by this site's scope too: another site on the same host (the last event's, at another
// path) has caches of its own, which this worker never removes.
const SCOPE = self.registration.scope;
const CACHE = `wordjudge-${SCOPE}-__VERSION__`;
const FILES = __FILES__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(
        FILES.map((file) =>
          // Asked of the server, which answers "not modified" for what the page itself just
          // fetched (index.html, app.js …): each file's bytes cross the network once.
          // (The page is asked for by its folder's address, as the browser first asked for it.)
          fetch(file === "index.html" ? "./" : file, { cache: "no-cache" }).then((response) => {
            if (!response.ok) throw new Error(`${file}: ${response.status}`);
            return cache.put(file, response);
          }),
        ),
      ),
    ).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) =>
        Promise.all(
          names
            // This scope's older caches, and those of builds that named none (no "://" in them).
            .filter((n) => n !== CACHE && (n.startsWith(`wordjudge-${SCOPE}-`) || (n.startsWith("wordjudge-") && !n.includes("://"))))
            .map((n) => caches.delete(n)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  // The page asking the server itself whether a newer event is there: past the cache.
  if (event.request.cache === "no-store") return;
  const scope = new URL(self.registration.scope);
  let path = url.pathname.startsWith(scope.pathname) ? url.pathname.slice(scope.pathname.length) : null;
  if (path === "") path = "index.html";
  if (path === null || !FILES.includes(path)) return;
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(path).then((hit) => hit ?? fetch(event.request)),
    ),
  );
});
