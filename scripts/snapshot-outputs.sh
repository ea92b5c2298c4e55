#!/usr/bin/env bash
# Writes what the CLI prints for every preset and a set of links (tests/snapshot-links.txt), in
# every format and both languages, into DIR: one file per link × format × language. Run it on
# two commits and `diff -r` the folders to show that a refactor changes no number or word
# (issue 15's before/after comparison).
#
#   scripts/snapshot-outputs.sh DIR [--today YYYY-MM-DD]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/snapshot-outputs.sh DIR}
today=${3:-2026-12-01}
mkdir -p "$out"
cargo build -q --release -p gpucost-cli
bin=target/release/gpucost
n=0
while IFS= read -r link; do
  [[ -z "$link" || "$link" == \#* ]] && continue
  n=$((n + 1))
  id=$(printf '%03d' "$n")
  printf '%s\n' "$link" >"$out/$id.link"
  for lang in en zh; do
    for fmt in json csv md table; do
      # --lenient: links with rejected values still estimate; stderr holds the notices.
      "$bin" estimate --lenient --today "$today" --lang "$lang" --format "$fmt" "$link" \
        >"$out/$id.$lang.$fmt" 2>"$out/$id.$lang.$fmt.stderr" || echo "exit $?" >>"$out/$id.$lang.$fmt.stderr"
    done
  done
done <tests/snapshot-links.txt
for lang in en zh; do "$bin" presets --lang "$lang" >"$out/presets.$lang"; done
echo "wrote $n links to $out"
