//! Negotiated percentage discounts, one per catalog provider.

use gpucost_core::edit::Edit;
use gpucost_core::l10n::ui::Text;
use gpucost_core::limits;
use gpucost_core::print::menus;
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::components::fields::{NumberField, Range};
use crate::components::menu_field::MenuField;
use crate::state::{catalog, AppState};

use super::rows::RowsEditor;

/// The discounts, with a button to add one.
#[component]
pub(crate) fn DiscountsEditor() -> impl IntoView {
    let app = expect_context::<AppState>();
    view! {
        <RowsEditor class="discounts" legend=Text::DiscountsHeading
            count=Memo::new(move |_| app.page.with_settings(|p| p.scenario.discounts.len()))
            row=|i| view! { <DiscountRow i=i /> }
            add=(Text::AddDiscount, "add-discount")
            add_edit=Edit::AddDiscount
        />
    }
}

/// One discount.
#[component]
fn DiscountRow(
    /// Index in the scenario's discounts.
    i: usize,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let d = Memo::new(move |_| {
        app.page
            .with_settings(|p| p.scenario.discounts.get(i).cloned())
    });
    view! {
        <div class="row">
            <MenuField lang=app.lang label=Text::Seller testid=format!("discount-{i}-provider")
                choices=Signal::derive(move || menus::providers(catalog(), app.lang.get()))
                selected=Signal::derive(move || d.with(|d| d.as_ref().map(|d| d.provider.clone()).unwrap_or_default()))
                on_pick=Callback::new(move |id: String| app.apply(Edit::DiscountProvider(i, id)))
            />
            <NumberField lang=app.lang
                label=Text::Percent
                testid=format!("discount-{i}-percent")
                value=Signal::derive(move || d.with(|d| d.as_ref().map(|d| d.percent).unwrap_or_default()))
                range=Range::of(limits::DISCOUNT_PCT)
                on_valid=Callback::new(move |v: Decimal| app.apply(Edit::DiscountPercent(i, v)))
                unit="%"
            />
            <button type="button" class="remove" on:click=move |_| app.apply(Edit::RemoveDiscount(i))>
                {move || app.t(Text::Remove)}
            </button>
        </div>
    }
}
