// What the specs compare: the totals the page shows and the ones `gpucost estimate` prints for
// the same link (the command line runs the same engine, so they must agree to the cent).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The `gpucost` binary the specs run (`cargo build -p gpucost-cli`). */
export const GPUCOST = process.env.GPUCOST_BIN ?? path.resolve(here, '../../../target/debug/gpucost');

/** What `gpucost estimate` prints as JSON for a link (a query string or a whole URL). */
export function cli(link) {
  const out = execFileSync(GPUCOST, ['estimate', link, '--format', 'json'], { encoding: 'utf8' });
  return JSON.parse(out);
}

/** Page totals by seller id, as plain decimal strings. */
export async function pageTotals(page) {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('table.comparison tr[data-seller]')].map((tr) => [
        tr.dataset.seller,
        tr.querySelector('[data-testid=row-total]').textContent.replace(/[^0-9.-]/g, ''),
      ]),
    ),
  );
}
