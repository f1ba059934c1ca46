// A sweep worker: runs the herd page's wasm (without mounting the UI:
// there is no window here) and computes one point per message, see
// src/ui/herd/pool.rs, src/ui/herd/worker.rs and src/herd/wire.rs. A module
// worker file of its own (no blob: URL), so it runs under `script-src 'self'`.
//
// Every message gets exactly one answer: a failure (the bundle does not
// load, the computation throws or traps) is answered with
// `{"error": "…"}`, never left unanswered; the page then computes the
// point itself. A page watchdog covers a worker that hangs.
import init, { herd_worker_point } from "./page-herd.js";

let ready = null;

function errorReply(what, err) {
  return JSON.stringify({ error: what + ": " + (err && err.message ? err.message : String(err)) });
}

self.onmessage = async (event) => {
  if (ready === null) {
    // The first message is the page's compiled WebAssembly.Module: reusing
    // it saves fetching and compiling the bundle again in every worker.
    // Anything else: load the file.
    const source =
      event.data instanceof WebAssembly.Module
        ? event.data
        : new URL("./page-herd_bg.wasm", import.meta.url);
    ready = init({ module_or_path: source });
    ready.then(
      () => self.postMessage("ready"),
      (err) => self.postMessage(errorReply("worker init failed", err)),
    );
    return;
  }
  try {
    await ready;
    self.postMessage(herd_worker_point(String(event.data)));
  } catch (err) {
    self.postMessage(errorReply("worker failed", err));
  }
};
