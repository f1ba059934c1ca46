// The service worker: keeps one build of the app (the page, its loader,
// every family's module and wasm, the workers and their wasm, the English
// texts, the stylesheets) in a cache of its own, so the app opens and every
// view computes offline. Registered by static/boot.js where the browser
// allows it (https or localhost).
//
// Its name is not stamped: a new deploy is a changed sw.js, which the
// browser notices at the next visit (or registration.update()). The build
// id and the list of files below are written by scripts/stamp-build.mjs
// after it stamped the other files; the new worker then installs beside the
// old one and waits: a tab of the old deploy keeps its old files until the
// student presses «新版本可用，刷新» (the page asks this worker to take
// over and reloads) or no tab uses the old one any more.
"use strict";

// Written by scripts/stamp-build.mjs (this file's placeholders as built by
// Trunk, before the hook, register nothing useful: the install fails).
// BUILD is the id in the stamped names; CONTENT a hash over every file
// listed (index.html and the stylesheets are not stamped, and a change to
// them alone is a new deploy too).
const BUILD = "__RETRY_LAB_BUILD__";
const CONTENT = "__RETRY_LAB_CONTENT__";
const FILES = ["__RETRY_LAB_FILES__"];

// One cache per build, named after the worker's scope as well: two copies
// of the app under two sub-paths of one origin share the origin's caches,
// and each deletes only its own old builds.
const SCOPE = self.registration.scope;
const PREFIX = "retry-lab " + SCOPE + " ";
const CACHE = PREFIX + BUILD + "-" + CONTENT;
const PAGE = new URL("./index.html", SCOPE).href;

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

// Every file of this build, fresh from the server (not the HTTP cache,
// which may hold another deploy's index.html); any failure fails the
// install, and the previous worker (if any) stays. (What a failed install
// stored is this build's own files; the next activation deletes them.)
async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    FILES.map(async (file) => {
      const url = new URL(file, SCOPE).href;
      const response = await fetch(new Request(url, { cache: "reload" }));
      if (!response.ok) throw new Error(file + ": HTTP " + response.status);
      // index.html names the loader of its own build: one of another
      // deploy (the server changed while installing) is refused.
      if (url === PAGE && !(await response.clone().text()).includes("boot-" + BUILD + ".js")) {
        throw new Error("index.html belongs to another build than " + BUILD);
      }
      await cache.put(url, await plain(response));
    }),
  );
}

// A response without its redirect mark (a browser refuses a redirected
// response for a navigation).
async function plain(response) {
  if (!response.redirected) return response;
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

// Activation happens when no tab uses the previous build any more, or when
// a tab asked for it (the update notice's button): only then are the
// previous builds' files deleted.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "retry-lab:skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // The page itself (the scope's directory or its index.html): this
    // build's, so it always names files this cache holds.
    if (!url.href.startsWith(SCOPE)) return;
    const rest = url.pathname.slice(new URL(SCOPE).pathname.length);
    if (rest !== "" && rest !== "index.html") return;
    event.respondWith(fromCache(PAGE, request));
    return;
  }
  // Every other file: this build's copy, else the network. The search
  // (boot.js's `?try=N` after a failed module load) does not name another
  // file.
  event.respondWith(fromCache(url.href, request));
});

async function fromCache(key, request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key, { ignoreSearch: true });
  return hit || fetch(request);
}
