#!/usr/bin/env bash
# Installs whatever this project needs and is missing; quick the second time.
#   - Debian: chromium, chromium-driver (browser tests), clang (SQLite for wasm)
#   - rustup target wasm32-unknown-unknown, rustfmt, clippy
#   - trunk 0.21.14 (newer Trunk needs a newer rustc than 1.95)
#   - wasm-bindgen-cli at exactly the wasm-bindgen version in Cargo.lock
#   - npm: playwright-core for the end-to-end tests (uses Debian's chromium;
#     never downloads a browser), and binaryen's wasm-opt (tools/) for release
#     builds; scripts put tools/node_modules/.bin on PATH
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '\033[1;34m[setup]\033[0m %s\n' "$*" >&2; }
export PATH="$HOME/.cargo/bin:$PATH"

# --- Debian packages -------------------------------------------------------
need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need_apt+=(chromium-driver)
command -v clang >/dev/null 2>&1 || need_apt+=(clang)
if [ ${#need_apt[@]} -gt 0 ]; then
  log "apt-get install ${need_apt[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

# --- Rust toolchain pieces ---------------------------------------------------
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi
for comp in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$comp"; then
    log "rustup component add $comp"
    rustup component add "$comp"
  fi
done

# --- trunk -------------------------------------------------------------------
TRUNK_VERSION=0.21.14
if ! trunk --version 2>/dev/null | grep -q "$TRUNK_VERSION"; then
  log "cargo install trunk $TRUNK_VERSION (about 10 minutes on 2 cores, once)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

# --- wasm-bindgen-cli at the locked version ------------------------------------
WB_VERSION=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/version = |"/,""); print; exit}' Cargo.lock)
if [ -z "$WB_VERSION" ]; then
  echo "setup: could not read the wasm-bindgen version from Cargo.lock" >&2
  exit 1
fi
if ! wasm-bindgen --version 2>/dev/null | grep -q " $WB_VERSION\$\| $WB_VERSION "; then
  log "cargo install wasm-bindgen-cli $WB_VERSION"
  # --locked can fail here (the registry lacks one pinned transitive version).
  cargo install wasm-bindgen-cli --version "$WB_VERSION" --locked \
    || cargo install wasm-bindgen-cli --version "$WB_VERSION"
fi

# --- npm: playwright-core for end-to-end tests ----------------------------------
if [ ! -d tests/e2e/node_modules/playwright-core ] \
   || [ tests/e2e/package-lock.json -nt tests/e2e/node_modules/.package-lock.json ]; then
  log "npm ci (tests/e2e)"
  (cd tests/e2e && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
fi

# --- npm: binaryen (wasm-opt) for release builds --------------------------------
if [ ! -x tools/node_modules/.bin/wasm-opt ] \
   || [ tools/package-lock.json -nt tools/node_modules/.package-lock.json ]; then
  log "npm ci (tools: binaryen's wasm-opt)"
  (cd tools && npm ci --no-audit --no-fund --loglevel=error)
fi

log "ready"
