// What the release build's post-build hooks (scripts/split.mjs, scripts/first-paint.mjs) share:
// running a tool, finding Trunk's one file of a kind, and a file's gzip size as the reports
// print it.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Runs `tool`; throws with its standard error when it fails. */
export function run(tool, args, options = {}) {
  try {
    execFileSync(tool, args, { stdio: ['ignore', 'ignore', 'pipe'], ...options });
  } catch (e) {
    throw new Error(`${tool} failed: ${e.stderr?.toString().trim() || e.message}`);
  }
}

/** The one entry of `list`; throws naming `what` when there is none or more than one. */
export function only(list, what) {
  if (list.length !== 1) throw new Error(`expected one ${what}, found ${list.length}: ${list.join(', ')}`);
  return list[0];
}

/** The gzip -9 size of `file` in `dir`, in bytes. */
export function gzipSize(dir, file) {
  return execFileSync('gzip', ['-9c', path.join(dir, file)], { maxBuffer: 64 << 20 }).length;
}

/** `bytes` as the hooks print it: "12.3 KB" (KB = 1024 bytes). */
export function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
