//! The first module a release page loads (issue 29): prints a calculator link's result before
//! the app's framework arrives. The page's loader starts the app once this has run, whether it
//! printed anything or failed (`scripts/first-paint.mjs`).

fn main() {
    first_paint::paint();
}
