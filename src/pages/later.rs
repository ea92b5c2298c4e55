//! The pages that the calculator's first result does not need, each a part (see
//! [`crate::parts`]): in a release build its code is fetched when the page is first opened.

use leptos::prelude::*;

use crate::parts::part;

part! {
    in ondemand_catalog_page;
    /// The catalog browser (`?view=catalog`).
    pub fn catalog_page() {
        view! { <super::catalog::CatalogPage /> }
    }
}

part! {
    in ondemand_review_page;
    /// The spend review page (`?view=review`).
    pub fn review_page() {
        view! { <super::review::ReviewPage /> }
    }
}
