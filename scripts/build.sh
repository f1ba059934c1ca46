#!/usr/bin/env bash
# Installs what is missing, then builds the static site into dist/ (release,
# wasm-opt -O3): copy dist/ to any static host, under any sub-path.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export PATH="$PWD/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
exec trunk build --release
