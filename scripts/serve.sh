#!/usr/bin/env bash
# Installs what is missing, then serves the app on http://127.0.0.1:8080 with
# live rebuilds. Stop with Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export PATH="$PWD/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
exec trunk serve --address 127.0.0.1 --port 8080
