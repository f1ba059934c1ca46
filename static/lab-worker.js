// The lab engine's worker: loads the second wasm file (the lab engine with
// SQLite, src/bin/lab_engine.rs) and answers the page's requests, see
// src/ui/lab/engine.rs and src/lab/wire.rs. A module worker file of its own
// (no blob: URL), so it runs under `script-src 'self'`.
//
// Requests and replies are binary (Uint8Array, src/lab/wire.rs; a reply's
// buffer is transferred, not copied). Requests run one after another; each
// is answered in one reply (a whole matrix or suite too). Between replies the
// worker yields, so a cancel ({cancel: id}) or a newer request is read, and a
// request cancelled before its turn is never computed. What the worker says
// itself is an object: {failed} (the engine did not load) or {id, error} (the
// engine trapped on that request).
//
// The boot script may post {route: location.hash} first, before the page
// runs: the worker then computes the request that page will send for that
// route (the engine's `LabTask.forRoute`, one function with the page's, under
// id 0), and the page adopts the reply instead of asking again.
//
// The engine's wasm is asked for on the first line, beside its JavaScript:
// imported statically, lab-engine.js was fetched and run before any line
// here, and only then was the wasm asked for, one round trip later.
const wasm = fetch(new URL("./lab-engine_bg.wasm", import.meta.url));
wasm.catch(() => {}); // reported by `ready`, once
const ready = import("./lab-engine.js").then(async (engine) => {
  await engine.default({ module_or_path: wasm });
  return engine.LabTask;
});
ready.then(
  () => self.postMessage("ready"),
  (err) => self.postMessage({ failed: "lab engine failed to load: " + err }),
);

const queue = [];
const cancelled = new Set();
let busy = false;

self.onmessage = (event) => {
  const data = event.data;
  if (data !== null && typeof data === "object" && "cancel" in data) {
    cancelled.add(data.cancel);
    return;
  }
  if (data !== null && typeof data === "object" && "route" in data) {
    queue.push({ route: String(data.route) });
  } else {
    queue.push(data instanceof Uint8Array ? data : new Uint8Array(data));
  }
  pump();
};

// One turn of the event loop (a message channel: timers are clamped).
function pause() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });
}

// A request's id: its first eight bytes, little-endian (0 if too short).
function requestId(request) {
  if (!(request instanceof Uint8Array)) return 0; // a route's request
  try {
    return Number(new DataView(request.buffer, request.byteOffset, 8).getBigUint64(0, true));
  } catch {
    return 0;
  }
}

async function pump() {
  if (busy) return;
  busy = true;
  let LabTask;
  try {
    LabTask = await ready;
  } catch {
    busy = false;
    return; // already reported
  }
  while (queue.length > 0) {
    const request = queue.shift();
    let task = null;
    try {
      task = request instanceof Uint8Array ? new LabTask(request) : LabTask.forRoute(request.route);
      if (!task) continue;
      const id = task.id();
      for (;;) {
        if (cancelled.has(id)) break;
        const reply = task.next();
        if (reply === undefined) break;
        self.postMessage(reply, [reply.buffer]);
        await pause();
      }
      cancelled.delete(id);
    } catch (err) {
      // A trap inside the engine: answer this request with an error.
      self.postMessage({ id: requestId(request), error: "lab engine: " + err });
    } finally {
      if (task) task.free();
    }
  }
  busy = false;
}
