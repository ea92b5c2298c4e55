#!/usr/bin/env bash
# Builds the page and serves it at http://127.0.0.1:8080 (rebuilding on change).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh serve
export PATH="$HOME/.cargo/bin:$PWD/tests/e2e/node_modules/.bin:$PATH"
exec trunk serve "$@"
