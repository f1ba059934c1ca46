#!/usr/bin/env bash
# Installs what is missing, then runs every test tier:
#   0. formatting and lints (native and wasm32)
#   1. native tests of the core (cargo test: unit, golden, property, CLI)
#   2. browser tests of components (wasm-bindgen-test in headless Chromium)
#   3. end-to-end tests: the Trunk-built app served on 127.0.0.1 with the CSP
#      header, driven in headless Chromium (node:test + playwright-core)
# Exits non-zero on the first failing tier.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export PATH="$PWD/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CHROMEDRIVER=/usr/bin/chromedriver
# Give the browser tier room on a busy 2-core machine.
export WASM_BINDGEN_TEST_TIMEOUT=${WASM_BINDGEN_TEST_TIMEOUT:-180}

step() { printf '\n\033[1;34m==> %s\033[0m\n' "$*"; }
start=$(date +%s)

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy (native, all targets)"
cargo clippy --all-targets --quiet -- -D warnings

step "cargo clippy (wasm32: the UI and the browser tests)"
cargo clippy --target wasm32-unknown-unknown --all-targets --quiet -- -D warnings

step "cargo clippy (wasm32: the page's own bundle, built without the lab engine)"
cargo clippy --target wasm32-unknown-unknown --no-default-features --lib --bins --quiet -- -D warnings

step "tier 1: native tests"
cargo test --quiet
cargo test --quiet --features toy_mechanism --test lab_toy_mechanism

step "tier 1b: the lab's truth property (2,000 random fault schedules on every design of the service's own database, 6 clients; 2,000 more with 4 random harness designs each) and the judgement of every design (release)"
cargo test --profile props --quiet --test lab_props -- --ignored --nocapture
cargo test --profile props --quiet --test lab_harness_props -- --ignored --nocapture
cargo test --profile props --quiet --test lab_judgement
cargo test --profile props --quiet --test lab_suite

step "tier 2: browser tests (wasm-bindgen-test, headless Chromium)"
wasm_tests=()
for f in tests/wasm_*.rs; do
  wasm_tests+=(--test "$(basename "$f" .rs)")
done
cargo test --target wasm32-unknown-unknown "${wasm_tests[@]}"

step "build the app (trunk build --release)"
trunk build --release

step "tier 3: end-to-end tests (headless Chromium)"
node --test --test-concurrency=1 tests/e2e/

printf '\n\033[1;32mall test tiers passed in %ss\033[0m\n' "$(( $(date +%s) - start ))"
