// Loads the app. Its own file (not an inline script), so the page runs under
// `script-src 'self' 'wasm-unsafe-eval'`; a classic script (not a module), so
// it also runs when index.html is opened from file:// and can say what to do.
//
// The app is one wasm per family of pages (src/ui/families.rs): the home
// page, the herd, the amplification demo, the lab (run, matrix, workbench)
// and the exercises, each with the shell. This script opens the family of
// the route, and another family's when a navigation leads there (the
// families already loaded are mounted again, never fetched twice). It
// prefetches a family only on intent: a pointer, a touch or the keyboard
// focus on a link to it, and not at all where the browser asks to save data.
//
// Every file name below is rewritten at build time by scripts/stamp-build.mjs
// to carry the build id (e.g. ./page-herd-1a2b3c4d5e.js): a browser that
// cached an older deploy never pairs its JavaScript with a newer .wasm.
(function () {
  "use strict";
  // Per family: its module, its wasm, its Chinese texts (the wasm holds
  // only a digest of their keys; scripts/i18n-files.mjs writes the file), then its own
  // stylesheets (the shell's are in index.html).
  var FILES = {
    "page-home": ["./page-home.js", "./page-home_bg.wasm", "./i18n-zh-home.json"],
    "page-herd": ["./page-herd.js", "./page-herd_bg.wasm", "./i18n-zh-herd.json", "./herd.css"],
    "page-amplify": ["./page-amplify.js", "./page-amplify_bg.wasm", "./i18n-zh-amplify.json", "./amplify.css"],
    "page-lab": ["./page-lab.js", "./page-lab_bg.wasm", "./i18n-zh-lab.json", "./lab.css"],
    "page-lab-matrix": ["./page-lab-matrix.js", "./page-lab-matrix_bg.wasm", "./i18n-zh-lab.json", "./lab.css"],
    "page-lab-build": ["./page-lab-build.js", "./page-lab-build_bg.wasm", "./i18n-zh-lab.json", "./lab.css"],
    "page-exercises": ["./page-exercises.js", "./page-exercises_bg.wasm", "./i18n-zh-exercises.json", "./exercises.css", "./lab.css", "./herd.css", "./amplify.css"],
    "page-exercises-builder": ["./page-exercises-builder.js", "./page-exercises-builder_bg.wasm", "./i18n-zh-exercises.json", "./exercises.css"],
    herdWorker: "./herd-worker.js",
    labWorker: "./lab-worker.js",
    english: "./i18n-en.json",
  };
  // Each route's family: the path between `#` and `?` without its outer
  // slashes, as src/pages/route.rs reads it (tests/boot_routes.rs holds the
  // two equal). Any other path is the home page's (it says «no such page»).
  var ROUTES = {
    "": "home",
    herd: "herd",
    amplify: "amplify",
    lab: "lab",
    "lab/matrix": "lab-matrix",
    "lab/build": "lab-build",
    exercises: "exercises",
    "exercises/builder": "exercises-builder",
  };
  // The lab's views compute with the lab engine from their first render.
  function usesEngine(family) {
    return family === "lab" || family.indexOf("lab-") === 0;
  }
  // The exercises run it too, for their lab questions: a family that may
  // hold an engine passes it on, so a link's intent starts none beside it.
  function mayHoldEngine(family) {
    return usesEngine(family) || family === "exercises";
  }
  var base = (document.currentScript && document.currentScript.src) || location.href;
  function url(file) {
    return new URL(file, base).href;
  }
  function pathOf(hash) {
    return String(hash).replace(/^[^#]*#?/, "").split("?")[0].replace(/^\/+|\/+$/g, "");
  }
  function familyOf(hash) {
    var path = pathOf(hash);
    return Object.prototype.hasOwnProperty.call(ROUTES, path) ? ROUTES[path] : "home";
  }
  // The workers' URLs for the app (src/ui/dom.rs `build_file`).
  globalThis.retryLabFiles = {
    "herd-worker": url(FILES.herdWorker),
    "lab-worker": url(FILES.labWorker),
  };

  // A text file of this build (a failed response is an error, not a text).
  function fetchText(file) {
    return fetch(url(file)).then(function (r) {
      if (!r.ok) throw new Error("HTTP " + r.status + " for " + file);
      return r.text();
    });
  }

  // The English texts (the family's file holds the Chinese ones): fetched at
  // once, beside the wasm, when the page is likely to open in English (the
  // URL or the stored choice says so), else when the app asks
  // (src/ui/english.rs). A failed fetch is never kept: the next call fetches
  // again.
  var english = null;
  globalThis.retryLabEnglish = function () {
    if (!english) {
      english = fetchText(FILES.english).then(function (text) {
        // Where a family opened later finds them (src/ui/english.rs).
        globalThis.retryLabEnglishText = text;
        return text;
      });
      english.catch(function () {
        english = null;
      });
    }
    return english;
  };
  function wantsEnglish() {
    var lang = /[?&]lang=([^&]*)/.exec(location.hash);
    if (lang) return /^en/i.test(lang[1]);
    try {
      return /^en/i.test(localStorage.getItem("retry-lab.lang") || "");
    } catch (e) {
      return false;
    }
  }

  // Rust is not loaded yet, so these texts live here, in both languages.
  var TEXT = {
    file: [
      "这个页面要通过 Web 服务器打开，不能直接打开 index.html 文件：浏览器不允许 file:// 页面加载 WebAssembly 模块和 Web Worker。",
      "在项目目录运行 scripts/serve.sh，或在构建好的 dist/ 目录里运行 python3 -m http.server 8080，然后打开 http://127.0.0.1:8080/ 。",
      "This page must be served by a web server; opening index.html as a file does not work: browsers do not let file:// pages load WebAssembly modules and Web Workers.",
      "Run scripts/serve.sh in the project, or python3 -m http.server 8080 in the built dist/ folder, then open http://127.0.0.1:8080/ .",
    ],
    load: [
      "应用没能加载。如果网站刚刚更新，重新加载本页即可。",
      "The app failed to load. If the site was just updated, reloading the page fixes it.",
    ],
    gone: [
      "网站已经更新：这个视图的文件属于旧版本，服务器上已经没有了。重新加载本页即可。",
      "The site was updated: this view's files belong to the previous version and are gone from the server. Reloading the page fixes it.",
    ],
    offline: [
      "离线时这个视图不可用：它的程序文件还没有下载过，现在连不上网站。联网后点「重试」；已经打开过的视图仍然可以用（浏览器的「后退」）。",
      "This view is not available offline: its program file was never downloaded, and the site cannot be reached now. Press «Retry» once online; the views already opened still work (the browser's Back).",
    ],
    loading: ["正在加载这个视图… / Loading this view…"],
    update: ["新版本可用，刷新 / A new version is available — reload"],
    sandbox: [
      "本页嵌在一个带 sandbox 属性、却没有 allow-same-origin 的 iframe 里：浏览器把它当成没有来源的匿名页面，不让它加载自己的程序文件和样式，也不让它保存答案。重新加载解决不了这个问题。",
      "请课程页面的作者把 iframe 的属性写成 sandbox=\"allow-scripts allow-same-origin allow-forms\"（要让链接在新窗口打开，再加 allow-popups），或者去掉 sandbox 属性。",
      "This page is embedded in an iframe with a sandbox attribute but without allow-same-origin: the browser treats it as an anonymous page with no origin, which may not load its own program files and styles, nor save answers. Reloading cannot fix this.",
      "Ask the course page's author to give the iframe sandbox=\"allow-scripts allow-same-origin allow-forms\" (add allow-popups if links should open in a new window), or to remove the sandbox attribute.",
    ],
  };

  function button(text, testid, onclick) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.setAttribute("data-testid", testid);
    b.addEventListener("click", onclick);
    return b;
  }

  function show(kind, detail) {
    var main = document.getElementById("app");
    if (!main) return;
    var box = document.createElement("div");
    box.className = "boot-message";
    box.setAttribute("role", "alert");
    box.setAttribute("data-testid", "boot-" + kind);
    TEXT[kind].forEach(function (line, i) {
      var p = document.createElement("p");
      p.textContent = line;
      if (TEXT[kind].length > 1) p.lang = i < TEXT[kind].length / 2 ? "zh-CN" : "en";
      box.appendChild(p);
    });
    if (kind === "loading") {
      box.className = "boot-wait";
      box.setAttribute("role", "status");
    }
    if (kind === "offline") {
      box.appendChild(button("重试 / Retry", "boot-retry", function () {
        current = null;
        openRoute();
      }));
    }
    if (kind === "load" || kind === "gone") {
      box.appendChild(button("重新加载 / Reload", "boot-reload", function () {
        location.reload();
      }));
      if (detail) {
        var code = document.createElement("pre");
        code.className = "muted";
        code.textContent = String(detail);
        box.appendChild(code);
      }
    }
    main.replaceChildren(box);
  }

  if (location.protocol === "file:") {
    show("file");
    return;
  }
  // An <iframe sandbox> without allow-same-origin gives the page an opaque
  // origin ("null"): its module script and wasm are cross-origin requests
  // that a plain static host refuses, its stylesheets fail their integrity
  // check, and it has no storage. Only the course host can fix that, so
  // say which flags to add instead of «reload».
  if (self.origin === "null") {
    show("sandbox");
    return;
  }
  // The lab engine's worker, started before the lab's wasm runs (a lab
  // route opened, or a pointer on a link to one), so the engine downloads
  // and compiles meanwhile; src/ui/lab/engine_worker.rs takes it over with
  // the messages and errors kept until then. Opened on the matrix (`route`),
  // the worker is also asked for that route's table at once: it computes the
  // request the page will send (one function of the engine's and the page's),
  // and the page adopts the reply instead of asking after its first render.
  // Once per page: after the app took it, the app keeps its engine, and
  // gives it back when its family leaves the screen (retryLabKeepEngine):
  // the next lab view or the exercises take it over, loaded.
  var labEngineStarted = false;
  function startLabEngine(route) {
    var kept = globalThis.retryLabEarlyWorker;
    if (kept) {
      if (route && kept.route === undefined) askRoute(kept, route);
      return;
    }
    if (labEngineStarted || typeof Worker !== "function") return;
    labEngineStarted = true;
    try {
      keepLabEngine(new Worker(url(FILES.labWorker), { type: "module" }), false, 0);
      if (route) askRoute(globalThis.retryLabEarlyWorker, route);
    } catch (err) {
      // The app creates its worker itself, and reports what fails then.
    }
  }
  // Keeps the engine's worker and what it says until an app takes it
  // (src/ui/lab/engine_worker.rs): `ready` when it said so already,
  // `lastId` its previous owner's last request id.
  function keepLabEngine(worker, ready, lastId) {
    // One engine at a time: a worker kept before (started on intent) goes.
    var old = globalThis.retryLabEarlyWorker;
    if (old && old.worker !== worker) old.worker.terminate();
    var early = { worker: worker, messages: ready ? ["ready"] : [], errors: [], lastId: lastId };
    worker.onmessage = function (e) {
      early.messages.push(e.data);
    };
    worker.onerror = worker.onmessageerror = function (e) {
      e.preventDefault();
      early.errors.push(e.message || "the lab worker failed to load (" + e.type + ")");
    };
    globalThis.retryLabEarlyWorker = early;
  }
  globalThis.retryLabKeepEngine = keepLabEngine;
  function askRoute(early, route) {
    early.route = route;
    early.worker.postMessage({ route: route });
  }

  // A family's files: its module, its wasm (compiled) and its texts, fetched together;
  // on intent they are only started, and the load that follows takes them.
  var fetched = {};
  // Failed tries per family: the browser keeps a module that failed to
  // load as failed for the page's lifetime, so a new try asks for it under
  // another URL (the same file).
  var failures = {};
  function fetchFamily(family) {
    if (!fetched[family]) {
      var files = FILES["page-" + family];
      var again = failures[family] ? "?try=" + failures[family] : "";
      var started = {
        js: import(url(files[0]) + again),
        wasm: compileWasm(url(files[1])),
        zh: chineseTexts(files[2]),
        css: Promise.all(files.slice(3).map(stylesheet)),
      };
      // Kept until a load takes them; a failure is never kept.
      started.js.catch(function () {
        if (fetched[family] === started) delete fetched[family];
        failures[family] = (failures[family] || 0) + 1;
      });
      [started.wasm, started.zh].forEach(function (file) {
        file.catch(function () {
          if (fetched[family] === started) delete fetched[family];
        });
      });
      fetched[family] = started;
    }
    return fetched[family];
  }

  // A Chinese texts file, fetched once for the families that share it (the
  // lab's views); a failure is not kept.
  var texts = {};
  function chineseTexts(file) {
    if (!texts[file]) {
      var started = fetchText(file);
      started.catch(function () {
        if (texts[file] === started) delete texts[file];
      });
      texts[file] = started;
    }
    return texts[file];
  }

  // A stylesheet of this build, added once; resolves when it is there (or
  // failed: the view then works unstyled rather than not at all).
  var sheets = {};
  function stylesheet(file) {
    if (!sheets[file]) {
      sheets[file] = new Promise(function (resolve) {
        var link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = url(file);
        link.onload = link.onerror = function () {
          resolve();
        };
        document.head.appendChild(link);
      });
    }
    return sheets[file];
  }

  // A family's wasm, compiled while it downloads (off the main thread, and
  // before its JavaScript module is even evaluated), so instantiating it
  // later is short. Where that fails (no compileStreaming, a server that
  // sends another MIME type) the response goes to wasm-bindgen's own loader,
  // which falls back or reports.
  function compileWasm(href) {
    if (typeof WebAssembly !== "object" || typeof WebAssembly.compileStreaming !== "function") {
      return fetch(href);
    }
    return WebAssembly.compileStreaming(fetch(href)).catch(function () {
      return fetch(href);
    });
  }

  // Loaded families: the promise of their module, instantiated, and their
  // Chinese texts (handed to every mount).
  var loaded = {};
  function loadFamily(family) {
    if (!loaded[family]) {
      var files = fetchFamily(family);
      delete fetched[family];
      var ready = Promise.all([files.js, files.zh, Promise.resolve(englishFirst), files.css]).then(function (all) {
        var mod = all[0];
        return mod.default({ module_or_path: files.wasm }).then(function () {
          return { mod: mod, zh: all[1] };
        });
      });
      ready.catch(function () {
        delete loaded[family];
      });
      loaded[family] = ready;
    }
    return loaded[family];
  }

  // Why a family's files did not load: gone from the server (a newer
  // deploy), unreachable (offline, or no answer within 2 s: a network that
  // does not answer at all must not leave the page waiting), or broken
  // (another build's pair).
  function whyFailed(family) {
    var init = { method: "HEAD", cache: "no-store" };
    if (typeof AbortController === "function") {
      var abort = new AbortController();
      init.signal = abort.signal;
      setTimeout(function () {
        abort.abort();
      }, 2000);
    }
    // Its module and its texts: either may be the one that failed.
    var files = FILES["page-" + family];
    return Promise.all([files[0], files[2]].map(function (file) {
      return fetch(url(file), init).then(
        function (r) {
          return r.status === 404 || r.status === 410 ? "gone" : "load";
        },
        function () {
          return "offline";
        },
      );
    })).then(function (kinds) {
      return ["offline", "gone", "load"].find(function (kind) {
        return kinds.indexOf(kind) >= 0;
      });
    });
  }

  // The family on screen, and its module.
  var current = null;
  var currentModule = null;
  function openRoute() {
    var family = familyOf(location.hash);
    if (family === current) return;
    checkForUpdate();
    if (currentModule) currentModule.retry_lab_unmount();
    current = family;
    currentModule = null;
    if (usesEngine(family)) startLabEngine(family === "lab-matrix" ? location.hash : null);
    var main = document.getElementById("app");
    var slow = setTimeout(function () {
      if (current === family && !currentModule) show("loading");
    }, 150);
    var loading = loadFamily(family);
    warmFonts(family);
    loading
      .then(function (app) {
        clearTimeout(slow);
        if (current !== family) return;
        // The app refuses texts it cannot read (it throws, and draws nothing).
        app.mod.retry_lab_mount(app.zh);
        currentModule = app.mod;
        // The static «still loading» text goes; the app mounts into #app.
        if (main) main.replaceChildren();
        whenSettled();
      })
      .catch(function (err) {
        clearTimeout(slow);
        console.error(err);
        return whyFailed(family).then(function (kind) {
          if (current === family) show(kind, err);
          whenSettled();
        });
      });
  }

  // Prefetch on intent: a link to another family's route, under the
  // pointer, a finger or the keyboard focus, starts its files (and the lab
  // engine for a lab link), unless the browser asks to save data.
  function onIntent(e) {
    var a = e.target && e.target.closest ? e.target.closest("a[href]") : null;
    var href = a && a.getAttribute("href");
    if (!href || href.indexOf("#") < 0) return;
    var conn = navigator.connection;
    if (conn && conn.saveData) return;
    var family = familyOf(href.slice(href.indexOf("#")));
    // A family loaded runs its engine itself (a pointer left on a link
    // while the view redraws under it must not start another), and a view
    // that may hold one hands it to the next (so none starts beside it).
    if (loaded[family]) return;
    if (usesEngine(family) && !mayHoldEngine(current)) startLabEngine();
    fetchFamily(family);
  }
  ["pointerover", "focusin", "touchstart"].forEach(function (kind) {
    document.addEventListener(kind, onIntent, { passive: true, capture: true });
  });

  // Kept where the app reads it before its first frame (src/ui/english.rs):
  // the app starts once the texts are there (they are smaller than the wasm,
  // so this rarely waits), or failed, or after 3 s (then the app shows its
  // loading line until they arrive).
  var englishFirst = null;
  if (wantsEnglish()) {
    englishFirst = Promise.race([
      globalThis.retryLabEnglish(),
      new Promise(function (resolve) {
        setTimeout(resolve, 3000);
      }),
    ]).catch(function () {});
  }

  // Offline (static/sw.js): where the browser allows a service worker
  // (https or localhost; not file:, not a sandboxed frame, both handled
  // above), it keeps this build's files, every family's included, and
  // answers from them. A new deploy installs beside it and waits; this tab
  // keeps its build's files and says «新版本可用，刷新»: the button lets the
  // new worker take over, and the page reloads under it (as does every other
  // tab of the old build). Without a service worker (plain http), nothing
  // changes: what the page fetched it has, the rest says it is offline.
  // Its name, ./sw.js beside this file, is the one not stamped: a new deploy
  // is a changed sw.js.
  var registration = null;
  // Asks the server whether sw.js changed: on each family switch
  // (openRoute) and when the tab is shown again, so an open tab learns of a
  // deploy (not offline, where there is nothing to learn).
  function checkForUpdate() {
    if (registration && navigator.onLine !== false) registration.update().catch(function () {});
  }
  function showUpdate() {
    if (document.querySelector('[data-testid="update-notice"]')) return;
    // Outside #app, which the app owns.
    var box = document.createElement("div");
    box.className = "update-notice";
    box.setAttribute("role", "status");
    box.setAttribute("data-testid", "update-notice");
    var p = document.createElement("p");
    p.textContent = TEXT.update[0];
    box.appendChild(p);
    box.appendChild(button("刷新 / Reload", "update-reload", function () {
      reloadAsked = true;
      var waiting = registration && registration.waiting;
      if (waiting) waiting.postMessage({ type: "retry-lab:skip-waiting" });
      else location.reload();
    }));
    document.body.insertBefore(box, document.body.firstChild);
  }
  var reloadAsked = false;
  // Registered a while after the first view is on screen (or said why not),
  // when the page is idle: the precache's download of every other family
  // then competes neither with the view's first render nor with its first
  // computation (the lab engine's matrix, the herd's sweep) on a phone's
  // few cores.
  var OFFLINE_AFTER_MS = 3000;
  var OFFLINE_IDLE_MS = 2000;
  // The other families' font strikes (warmFonts) wait for the same moment.
  function whenSettled() {
    var settled = function () {
      warmFonts(null);
      startOffline();
    };
    setTimeout(function () {
      if (globalThis.requestIdleCallback) requestIdleCallback(settled, { timeout: OFFLINE_IDLE_MS });
      else settled();
    }, OFFLINE_AFTER_MS);
  }
  var offlineStarted = false;
  function startOffline() {
    if (offlineStarted) return;
    offlineStarted = true;
    if (!("serviceWorker" in navigator) || !globalThis.isSecureContext || location.protocol === "file:") return;
    // Precaching fetches every family once; where the browser asks to save
    // data, nothing beyond what the student opens is fetched.
    var conn = navigator.connection;
    if (conn && conn.saveData) return;
    var workers = navigator.serviceWorker;
    // Whether a build's worker served this page: a new one taking over
    // then means a reload (once). The first worker of a first visit takes
    // over the page it was installed from, which is its own build.
    var controlled = !!workers.controller;
    var reloading = false;
    workers.addEventListener("controllerchange", function () {
      if ((controlled || reloadAsked) && !reloading) {
        reloading = true;
        location.reload();
      }
      controlled = true;
    });
    workers.register(url("./sw.js")).then(
      function (reg) {
        // (A browser told to block service workers resolves with nothing.)
        if (!reg) return;
        registration = reg;
        var watch = function (worker) {
          worker.addEventListener("statechange", function () {
            if (worker.state === "installed" && workers.controller) showUpdate();
          });
        };
        if (reg.waiting && workers.controller) showUpdate();
        if (reg.installing) watch(reg.installing);
        reg.addEventListener("updatefound", function () {
          if (reg.installing) watch(reg.installing);
        });
      },
      function (err) {
        // The app works without it, as on plain http.
        console.warn("retry-lab: no service worker:", err);
      },
    );
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") checkForUpdate();
    });
  }

  // The font strikes (weight, size in px, family) the views draw their text
  // in, the most used first, and a text with the glyphs a strike takes from
  // a fallback font (⟦⟧, ✕, superscripts: one more strike each). Chromium
  // asks its browser process, in a blocking call, how to draw each new
  // strike; asked inside a view's first layout while the lab engine computes
  // (both cores busy), a call took 8–70 ms, and a layout with several of
  // them 40–190 ms. Each entry ends with the families whose views draw it
  // (ROUTES' names; "*": all): the route's own are asked for first, the
  // rest once its view is on screen and the page idle; a strike no view of
  // the route draws, asked for while the engine computed, was a task of its
  // own of up to 173 ms. tests/e2e/fonts.test.mjs holds every view's text
  // to its family's strikes; tests/font_warm.rs holds the stacks to
  // static/style.css.
  var SANS = '"Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", system-ui, sans-serif';
  var MONO = "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace";
  var WARM_TEXT = "字a";
  var WARM_FALLBACK = "字a⟦✕⁵ₙ";
  // A strike the views draw only Latin text in (the ids in monospace):
  // asked for 字 too, it loaded a CJK face no view uses, in one call of
  // 160–280 ms while the lab engine computed.
  var WARM_LATIN = "a";
  var WARM_FONTS = [
    ["400 16px", SANS, WARM_FALLBACK, "*"],
    ["700 16px", SANS, WARM_FALLBACK, "*"],
    ["400 14px", SANS, WARM_FALLBACK, "herd amplify lab lab-matrix lab-build exercises"],
    ["700 14px", SANS, WARM_TEXT, "herd amplify lab lab-matrix lab-build exercises"],
    ["400 12px", SANS, WARM_FALLBACK, "herd lab lab-matrix exercises"],
    ["700 12px", SANS, WARM_TEXT, "lab lab-matrix"],
    ["700 32px", SANS, WARM_TEXT, "*"],
    ["700 24px", SANS, WARM_TEXT, "home herd amplify lab-build"],
    ["700 18.4px", SANS, WARM_TEXT, "herd lab lab-matrix lab-build exercises"],
    ["700 18.72px", SANS, WARM_TEXT, "lab-matrix exercises-builder"],
    ["400 10.5px", SANS, WARM_TEXT, "lab-build"],
    ["700 10.5px", SANS, WARM_TEXT, "lab-matrix"],
    ["700 7.875px", SANS, WARM_TEXT, "lab-matrix"],
    ["400 12.8px", SANS, WARM_TEXT, "lab lab-build"],
    ["400 15.2px", SANS, WARM_TEXT, "lab-build"],
    ["700 15.2px", SANS, WARM_TEXT, "lab-build"],
    ["700 17.6px", SANS, WARM_TEXT, "lab-build"],
    ["700 19.2px", SANS, WARM_TEXT, "lab-build"],
    ["400 9.6px", SANS, WARM_TEXT, "lab-build"],
    ["700 21.6px", SANS, WARM_TEXT, "herd"],
    ["700 40px", SANS, WARM_TEXT, "lab"],
    ["700 56px", SANS, WARM_TEXT, "lab"],
    ["700 41.6px", SANS, WARM_TEXT, "lab"],
    ["700 11px", SANS, WARM_TEXT, "lab"],
    ["700 12.8px", SANS, WARM_TEXT, "exercises"],
    ["400 14px", MONO, WARM_TEXT, "amplify lab-build exercises-builder"],
    ["700 14px", MONO, WARM_LATIN, "amplify"],
    ["400 10.5px", MONO, WARM_LATIN, "exercises"],
  ];
  // What one warm-up task may spend before it yields: one call for a new
  // strike takes 4–27 ms of its own (the first, with the CJK face, the
  // most), so a slice stays far inside a long task's 50 ms even when its
  // last call starts at the end of this budget.
  var WARM_SLICE_MS = 6;

  // Asks for strikes of WARM_FONTS while the wasm downloads, a few per task,
  // by measuring a text on a canvas: that fills the same font cache as a
  // layout without laying out the document. (Spans laid out one per task
  // forced a layout of the whole page once the app had drawn it: tasks of
  // 40–130 ms.) `warmFonts(family)` queues the strikes that family draws,
  // `warmFonts(null)` every other one; each is asked for once.
  var warmCtx = null;
  var warmQueue = [];
  var warmAsked = [];
  function warmFonts(family) {
    if (!warmCtx) {
      var canvas = document.createElement("canvas");
      warmCtx = (canvas.getContext && canvas.getContext("2d")) || false;
    }
    if (!warmCtx) return;
    var idle = warmQueue.length === 0;
    WARM_FONTS.forEach(function (strike, i) {
      var drawn = strike[3] === "*" || (" " + strike[3] + " ").indexOf(" " + family + " ") >= 0;
      if (warmAsked[i] || (family !== null && !drawn)) return;
      warmAsked[i] = true;
      warmQueue.push(i);
    });
    // The first slice in the next task, right after the route's files are
    // asked for: a call made later, while the lab engine compiles and
    // computes on the other core, took up to 130 ms. Not in this script's
    // own task: asking for the route (6–22 ms) and a first slice (12–28 ms)
    // together made a task of 52–73 ms.
    if (idle && warmQueue.length) setTimeout(warmSlice, 0);
  }
  function warmSlice() {
    var start = performance.now();
    while (warmQueue.length && performance.now() - start < WARM_SLICE_MS) {
      var i = warmQueue.shift();
      warmCtx.font = WARM_FONTS[i][0] + " " + WARM_FONTS[i][1];
      warmCtx.measureText(WARM_FONTS[i][2]);
    }
    if (warmQueue.length) setTimeout(warmSlice, 0);
  }

  window.addEventListener("hashchange", openRoute);
  openRoute();
})();
