#!/usr/bin/env bash
# Runs every check: formatting, clippy, native tests, wasm-bindgen tests in headless Chromium,
# a release build of dist/, and end-to-end tests of dist/ in Chromium over loopback HTTP.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
export PATH="$HOME/.cargo/bin:$PWD/tests/e2e/node_modules/.bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-$(command -v chromedriver)}"
# Keep the build small on disk: CI runs on a shared disk that has run out of space mid-build.
# Full debug info and incremental caches were 4.6 of the 7 GB a fresh run left behind; line
# tables still give panics their file and line.
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"
export CARGO_PROFILE_DEV_DEBUG="${CARGO_PROFILE_DEV_DEBUG:-line-tables-only}"

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
start=$(date +%s)
echo "disk free where the build runs: $(df -h . | awk 'NR==2 {print $4}')"

step "format"
cargo fmt --all -- --check

step "clippy (native crates)"
cargo clippy --workspace --exclude gpu-cost-lab --all-targets --locked -- -D warnings
step "clippy (web app, wasm32)"
cargo clippy -p gpu-cost-lab -p review-worker -p first-paint --target wasm32-unknown-unknown --all-targets --locked -- -D warnings

step "native tests (engine, CLI, import, app logic)"
cargo test --workspace --locked

step "generated-input tests: 1,000,000 links (20,000 estimated and exported) and 1,000,000 prices files (optimized build)"
cargo test --profile fuzz -p gpucost-core --test fuzz --locked

step "generated-input tests: 100,000 hostile bills and side files (optimized build)"
FUZZ_CASES=100000 cargo test --profile fuzz -p gpucost-review --test fuzz --locked

step "wasm-bindgen tests in headless Chromium"
cargo test -p gpu-cost-lab --target wasm32-unknown-unknown --locked

step "release build of dist/ (and the gpucost CLI the e2e tests compare against)"
trunk build --release --locked
cargo build -p gpucost-cli --locked
step "release build for a sub-path (Trunk's --public-url, as a documentation site deploys it)"
trunk build --release --locked --public-url /tools/gpu-cost/ --dist "$PWD/target/dist-sub-path"

step "end-to-end tests in Chromium"
(cd tests/e2e && npm test)

printf '\n\033[1mall checks passed in %ss\033[0m\n' "$(( $(date +%s) - start ))"
