#!/usr/bin/env bash
# Benchmarks (not pass/fail): builds the release dist/, a blank Leptos page and the floor (the
# engine and catalog with no UI framework) with the same toolchain, then reports first-load
# size, what a phone user waits for under the mobile lab profile of issue 16 (time to first
# result, bytes on the wire, second visit, offline), time to first result per preset over
# loopback (and the ratios to the blank page), recompute time per input change at full speed
# and on a 4× slower CPU, and native estimate times — including how they grow with a 10x
# catalog and a 10x schedule. The report opens with a table of the budgets; a missed budget
# is reported, not an error, but a page that does not load fails the script.
# Numbers go to BENCHMARKS.md by hand.
#
# Environment: BENCH_RUNS, BENCH_EDITS, BENCH_MOBILE_RUNS, BENCH_SLOW_EDITS, BENCH_REVIEW_ROWS (sample counts,
# see bench/measure.mjs), BENCH_OUT (also write the report there), BENCH_PREBUILT_DIST=1
# (measure the dist/ already there instead of building it, e.g. one copied from another
# checkout).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
export PATH="$HOME/.cargo/bin:$PWD/tests/e2e/node_modules/.bin:$PATH"

echo "== building the release dist/, the blank page and the floor" >&2
if [ "${BENCH_PREBUILT_DIST:-0}" = 1 ]; then
  [ -f dist/index.html ] || { echo "bench: BENCH_PREBUILT_DIST=1 but there is no dist/index.html" >&2; exit 1; }
  echo "   (measuring the existing dist/, built $(date -u -r dist/index.html '+%F %T UTC'))" >&2
else
  trunk build --release --locked >/dev/null
fi
(cd bench/blank && cargo fetch --quiet && trunk build --release >/dev/null)
(cd bench/floor && cargo fetch --quiet && trunk build --release >/dev/null)

# The native bench runs first, so its compile does not share the CPU with the browser
# measurements; measure.mjs prints its table and judges its budget.
echo "== native bench" >&2
native=$(mktemp)
trap 'rm -f "$native"' EXIT
cargo bench --quiet --profile native -p gpucost-core --bench estimate 2>/dev/null >"$native"

echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(date -u +%F)"
echo
BENCH_NATIVE="$native" node bench/measure.mjs

# The spend review (issue 18): a generated million-row CUR, natively and in the page's worker.
echo
node bench/review.mjs "${BENCH_REVIEW_ROWS:-1000000}"
