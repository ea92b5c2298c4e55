#!/usr/bin/env bash
# Benchmarks (not pass/fail): builds the release dist/, a blank Leptos page and the floor (the
# engine and catalog with no UI framework) with the same toolchain, then reports first-load
# size, time to first result per preset (and the ratios to the blank page), recompute time
# per input change, and native estimate times — including how they grow with a 10x catalog
# and a 10x schedule. Numbers go to BENCHMARKS.md by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
export PATH="$HOME/.cargo/bin:$PWD/tests/e2e/node_modules/.bin:$PATH"

echo "== building the release dist/, the blank page and the floor" >&2
trunk build --release --locked >/dev/null
(cd bench/blank && cargo fetch --quiet && trunk build --release >/dev/null)
(cd bench/floor && cargo fetch --quiet && trunk build --release >/dev/null)

echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(date -u +%F)"
echo
node bench/measure.mjs
echo
echo "### Native estimate (cargo bench --profile native -p gpucost-core --bench estimate)"
echo
cargo bench --quiet --profile native -p gpucost-core --bench estimate 2>/dev/null
