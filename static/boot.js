// Loads the app. Shipped as its own file (not an inline script) so that the
// page runs under `script-src 'self' 'wasm-unsafe-eval'`.
import init from "./retry-lab.js";

init({ module_or_path: new URL("./retry-lab_bg.wasm", import.meta.url) }).catch((err) => {
  const main = document.getElementById("app");
  if (main) {
    main.textContent = "加载失败 / Failed to load: " + err;
  }
  console.error(err);
});
