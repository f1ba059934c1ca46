// Loads the app. Its own file (not an inline script), so the page runs under
// `script-src 'self' 'wasm-unsafe-eval'`; a classic script (not a module), so
// it also runs when index.html is opened from file:// and can say what to do.
//
// Every file name below is rewritten at build time by scripts/stamp-build.mjs
// to carry the build id (e.g. ./retry-lab-1a2b3c4d5e.js): a browser that
// cached an older deploy never pairs its JavaScript with a newer .wasm.
(function () {
  "use strict";
  var FILES = {
    app: "./retry-lab.js",
    wasm: "./retry-lab_bg.wasm",
    herdWorker: "./herd-worker.js",
    labWorker: "./lab-worker.js",
    english: "./i18n-en.json",
  };
  var base = (document.currentScript && document.currentScript.src) || location.href;
  function url(name) {
    return new URL(FILES[name], base).href;
  }
  // The workers' URLs for the app (src/ui/dom.rs `build_file`).
  globalThis.retryLabFiles = {
    "herd-worker": url("herdWorker"),
    "lab-worker": url("labWorker"),
  };

  // The English texts (the page's wasm holds the Chinese ones): fetched at
  // once, beside the wasm, when the page is likely to open in English (the
  // URL or the stored choice says so), else when the app asks
  // (src/ui/english.rs). A failed fetch is never kept: the next call fetches
  // again.
  var english = null;
  globalThis.retryLabEnglish = function () {
    if (!english) {
      english = fetch(url("english")).then(function (r) {
        if (!r.ok) throw new Error("HTTP " + r.status);
        return r.text();
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
    sandbox: [
      "本页嵌在一个带 sandbox 属性、却没有 allow-same-origin 的 iframe 里：浏览器把它当成没有来源的匿名页面，不让它加载自己的程序文件和样式，也不让它保存答案。重新加载解决不了这个问题。",
      "请课程页面的作者把 iframe 的属性写成 sandbox=\"allow-scripts allow-same-origin allow-forms\"（要让链接在新窗口打开，再加 allow-popups），或者去掉 sandbox 属性。",
      "This page is embedded in an iframe with a sandbox attribute but without allow-same-origin: the browser treats it as an anonymous page with no origin, which may not load its own program files and styles, nor save answers. Reloading cannot fix this.",
      "Ask the course page's author to give the iframe sandbox=\"allow-scripts allow-same-origin allow-forms\" (add allow-popups if links should open in a new window), or to remove the sandbox attribute.",
    ],
  };

  function show(kind, detail) {
    // The font warm-up line is hidden by the stylesheet, which a sandboxed
    // or broken load may not have: it must never show as text.
    var warm = document.querySelector(".font-warm");
    if (warm) warm.remove();
    var main = document.getElementById("app");
    if (!main) return;
    var box = document.createElement("div");
    box.className = "boot-message";
    box.setAttribute("role", "alert");
    box.setAttribute("data-testid", "boot-" + kind);
    TEXT[kind].forEach(function (line, i) {
      var p = document.createElement("p");
      p.textContent = line;
      p.lang = i < TEXT[kind].length / 2 ? "zh-CN" : "en";
      box.appendChild(p);
    });
    if (kind === "load") {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = "重新加载 / Reload";
      button.setAttribute("data-testid", "boot-reload");
      button.addEventListener("click", function () {
        location.reload();
      });
      box.appendChild(button);
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
  // A lab view opened directly: its engine's worker starts now, so the
  // engine's wasm downloads and compiles while the page's own wasm does,
  // instead of after the app has started (src/ui/lab/engine.rs takes it
  // over). Until then its messages and errors are kept here.
  if (/^#\/*lab(\/+(matrix|build))?\/*(\?|$)/.test(location.hash) && typeof Worker === "function") {
    try {
      var early = { worker: new Worker(url("labWorker"), { type: "module" }), messages: [], errors: [] };
      early.worker.onmessage = function (e) {
        early.messages.push(e.data);
      };
      early.worker.onerror = early.worker.onmessageerror = function (e) {
        e.preventDefault();
        early.errors.push(e.message || "the lab worker failed to load (" + e.type + ")");
      };
      globalThis.retryLabEarlyWorker = early;
    } catch (err) {
      // The app creates its worker itself, and reports what fails then.
    }
  }
  // Kept where the app reads it before its first frame (src/ui/english.rs):
  // the app starts once the texts are there (they are smaller than the wasm,
  // which index.html preloads, so this rarely waits), or failed, or after 3 s
  // (then the app shows its loading line until they arrive).
  var englishFirst = null;
  if (wantsEnglish()) {
    englishFirst = Promise.race([
      globalThis.retryLabEnglish().then(function (text) {
        globalThis.retryLabEnglishText = text;
      }),
      new Promise(function (resolve) {
        setTimeout(resolve, 3000);
      }),
    ]).catch(function () {});
  }
  import(url("app"))
    .then(function (app) {
      return Promise.resolve(englishFirst).then(function () {
        return app;
      });
    })
    .then(function (app) {
      // The static «still loading» text goes; the app mounts into #app.
      var main = document.getElementById("app");
      if (main) main.replaceChildren();
      return app.default({ module_or_path: url("wasm") });
    })
    .catch(function (err) {
      console.error(err);
      show("load", err);
    });
})();
