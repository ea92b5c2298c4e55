//! The pages that the calculator's first result does not need, each behind one function.
//!
//! In a release build of the page each function here and in `calc::later` is a split point
//! (`build.rs` sets `gpucost_split`): `scripts/split.mjs` moves the code only it reaches into a
//! wasm file of its own, which the page fetches from its own origin the first time the
//! function is called, so the first result waits for less code (issue 16). In debug and native
//! builds they are plain async functions in the one module. Each returns a type-erased view
//! and takes only concrete types, as split points must.

use leptos::prelude::*;

/// The catalog browser (`?view=catalog`).
#[cfg_attr(gpucost_split, leptos::lazy)]
pub async fn catalog_page() -> AnyView {
    view! { <super::catalog::CatalogPage /> }.into_any()
}

/// The spend review page (`?view=review`).
#[cfg_attr(gpucost_split, leptos::lazy)]
pub async fn review_page() -> AnyView {
    view! { <super::review::ReviewPage /> }.into_any()
}
