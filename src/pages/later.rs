//! The pages that the calculator's first result does not need, each a part (see
//! [`crate::parts`]): in a release build its code is fetched when the page is first opened.

use leptos::prelude::*;

use crate::parts::part;

part! {
    /// The catalog browser (`?view=catalog`).
    pub fn catalog_page() {
        view! { <super::catalog::CatalogPage /> }
    }
}

part! {
    /// The spend review page (`?view=review`).
    pub fn review_page() {
        view! { <super::review::ReviewPage /> }
    }
}
