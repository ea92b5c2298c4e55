#!/usr/bin/env bash
# Installs what the serve and test commands need — and nothing that is already present, so a
# second run takes seconds. Usage: scripts/setup.sh [serve|test]
#
# Nothing here downloads a tool binary at run time: Trunk, wasm-bindgen-cli come from crates.io
# (built with cargo), wasm-opt from the npm package `binaryen`, Chromium and chromedriver from
# Debian. Trunk runs offline (Trunk.toml) and finds them on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
purpose="${1:-test}"

log() { printf '\033[1m[setup]\033[0m %s\n' "$*" >&2; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

export PATH="$HOME/.cargo/bin:$PWD/tests/e2e/node_modules/.bin:$PATH"

# 1. The WebAssembly target.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# 2. Trunk 0.21 (0.22 needs a newer rustc than this machine's stable).
if ! trunk --version 2>/dev/null | grep -q '^trunk 0\.21\.'; then
  log "installing Trunk 0.21 with cargo (takes several minutes on 2 cores, once)"
  cargo install trunk --version '^0.21' --locked
fi

# 3. wasm-bindgen-cli at exactly the version in Cargo.lock (--locked fails for this crate).
wbg_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$wbg_version" ]; then
  echo "setup: cannot find wasm-bindgen in Cargo.lock" >&2
  exit 1
fi
if ! grep -q "^wasm_bindgen = \"$wbg_version\"" Trunk.toml; then
  echo "setup: Trunk.toml [tools] wasm_bindgen must be \"$wbg_version\" (the version in Cargo.lock)" >&2
  exit 1
fi
if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $wbg_version"; then
  log "installing wasm-bindgen-cli $wbg_version with cargo (a few minutes, once)"
  cargo install wasm-bindgen-cli --version "$wbg_version" --force
fi

# 3b. wasm-split-cli, which splits the release page's wasm (scripts/split.mjs), from the crate
# that pairs with the wasm_split_helpers Leptos links in (same repository, same version).
split_version=$(awk '/^name = "wasm_split_helpers"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$split_version" ]; then
  echo "setup: cannot find wasm_split_helpers in Cargo.lock" >&2
  exit 1
fi
if ! cargo install --list | grep -qx "wasm_split_cli_support v$split_version:"; then
  log "installing wasm-split-cli $split_version with cargo (a minute or two, once)"
  cargo install wasm_split_cli_support --version "$split_version" --locked --features build-binary --force
fi

# 4. npm packages: binaryen's wasm-opt (Debian's 108 breaks the module), Playwright, axe-core.
# npm's own record (node_modules/.package-lock.json) never equals package-lock.json byte for
# byte, so a copy of the lock file installed last is kept as the stamp of what is there.
stamp=tests/e2e/node_modules/.installed-from-package-lock.json
if [ ! -x tests/e2e/node_modules/.bin/wasm-opt ] || ! cmp -s tests/e2e/package-lock.json "$stamp"; then
  log "installing npm packages for tests/e2e"
  (cd tests/e2e && npm ci --no-audit --no-fund --loglevel=error)
  cp tests/e2e/package-lock.json "$stamp"
fi

# 5. Chromium and chromedriver from Debian, for the browser tests.
if [ "$purpose" = test ]; then
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    log "installing Chromium and chromedriver from Debian"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null
  fi
fi

# 5b. DuckDB (Python's package, pinned), which runs the review's warehouse queries in
# crates/gpucost-review/tests/sql.rs.
if [ "$purpose" = test ] && ! python3 -c 'import duckdb' 2>/dev/null; then
  log "installing DuckDB for Python"
  python3 -m pip install --quiet --disable-pip-version-check duckdb==2.0.1
fi

# 6. Crates, so Trunk's offline cargo build finds them.
cargo fetch --locked --quiet

log "ready"
