//! Prices and quotes the user enters, per GPU: for a catalog provider or a seller they name.

use gpucost_core::edit::{Edit, PriceEdit};
use gpucost_core::format::Lang;
use gpucost_core::l10n::labels;
use gpucost_core::l10n::ui::Text;
use gpucost_core::limits;
use gpucost_core::money::Currency;
use gpucost_core::names::NEW_QUOTE;
use gpucost_core::print::menus::{self, Choice};
use gpucost_core::scenario::{CustomMode, CustomPrice, PriceOwner};
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::components::fields::{NumberField, Range};
use crate::components::menu_field::MenuField;
use crate::components::text_field::TextField;
use crate::state::{catalog, AppState};

use super::rows::RowsEditor;

/// The seller menu's value for "a seller I name".
const NAMED_SELLER: &str = "~";

/// The custom prices, with a button to add one.
#[component]
pub(crate) fn CustomPricesEditor() -> impl IntoView {
    let app = expect_context::<AppState>();
    view! {
        <RowsEditor class="prices" legend=Text::PricesHeading
            count=Memo::new(move |_| app.page.with_settings(|p| p.scenario.custom_prices.len()))
            row=|i| view! { <CustomPriceRow i=i /> }
            add=(Text::AddPrice, "add-price")
            add_edit=Edit::AddPrice
        />
    }
}

/// The seller menu's value for `owner`.
fn seller_value(owner: &PriceOwner) -> String {
    match owner {
        PriceOwner::Provider(id) => id.clone(),
        PriceOwner::Named(_) => NAMED_SELLER.to_string(),
    }
}

/// The owner a pick of the seller menu means (a new named seller starts as a quote).
fn picked_seller(value: String) -> PriceOwner {
    if value == NAMED_SELLER {
        PriceOwner::Named(NEW_QUOTE.into())
    } else {
        PriceOwner::Provider(value)
    }
}

/// The menu of sellers: every catalog provider, then "a seller I name".
fn seller_choices(lang: Lang) -> Vec<Choice> {
    let mut choices = menus::providers(catalog(), lang);
    choices.push(Choice {
        value: NAMED_SELLER.to_string(),
        label: Text::NewSeller.get(lang).to_string(),
    });
    choices
}

/// One price row's place in the scenario, shared by its fields.
#[derive(Clone, Copy)]
struct PriceRow {
    app: AppState,
    /// Index in the scenario's custom prices.
    i: usize,
    price: Memo<Option<CustomPrice>>,
}

impl PriceRow {
    /// A field's text, read from the price.
    fn field(self, read: fn(&CustomPrice) -> String) -> Signal<String> {
        Signal::derive(move || {
            self.price
                .with(|p| p.as_ref().map(read).unwrap_or_default())
        })
    }

    /// A field's handler: the edit its text means, if any, applied to this price.
    fn edit(self, to: fn(String) -> Option<PriceEdit>) -> Callback<String> {
        Callback::new(move |value: String| {
            if let Some(change) = to(value) {
                self.app.apply(Edit::Price(self.i, change));
            }
        })
    }

    fn testid(self, what: &str) -> String {
        format!("price-{}-{what}", self.i)
    }
}

/// One custom price.
#[component]
fn CustomPriceRow(
    /// Index in the scenario's custom prices.
    i: usize,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let price = Memo::new(move |_| {
        app.page
            .with_settings(|p| p.scenario.custom_prices.get(i).cloned())
    });
    let row = PriceRow { app, i, price };
    let unpriced = move || price.with(|p| p.as_ref().is_some_and(|p| p.amount.is_none()));
    view! {
        <div class="row price-row" data-testid=row.testid("row")>
            <SellerFields row=row />
            <MenuField lang=app.lang label=Text::GpuModel testid=row.testid("gpu")
                choices=Signal::derive(|| menus::gpus(catalog()))
                selected=row.field(|p| p.gpu.clone())
                on_pick=row.edit(|v| Some(PriceEdit::Gpu(v)))
            />
            <MenuField lang=app.lang label=Text::Mode testid=row.testid("mode")
                choices=Signal::derive(move || menus::custom_modes(app.lang.get()))
                selected=row.field(|p| p.mode.as_str().to_string())
                on_pick=row.edit(|v| CustomMode::from_slug(&v).map(PriceEdit::Mode))
            />
            <NumberField lang=app.lang
                label=Text::Amount
                testid=row.testid("amount")
                value=Signal::derive(move || price.with(|p| p.as_ref().and_then(|p| p.amount).unwrap_or_default()))
                range=Range::of(limits::CUSTOM_PRICE_AMOUNT)
                unset=Text::PriceToType
                on_valid=Callback::new(move |v: Decimal| app.apply(Edit::Price(i, PriceEdit::Amount(v))))
            />
            <MenuField lang=app.lang label=Text::Currency testid=row.testid("currency")
                choices=Signal::derive(menus::currencies)
                selected=row.field(|p| p.currency.as_str().to_string())
                on_pick=row.edit(|v| v.parse::<Currency>().ok().map(PriceEdit::Currency))
            />
            <Show when=unpriced>
                <p class="hint" data-testid=row.testid("unpriced")>{move || app.t(Text::PriceNotCounted)}</p>
            </Show>
            <button type="button" class="remove" data-testid=row.testid("remove")
                on:click=move |_| app.apply(Edit::RemovePrice(i))
            >
                {move || app.t(Text::Remove)}
            </button>
        </div>
    }
}

/// Whose price it is: a catalog provider, or a seller the user names (then the name field).
#[component]
fn SellerFields(
    /// The price row.
    row: PriceRow,
) -> impl IntoView {
    let app = row.app;
    let named = move || row.price.with(|p| p.as_ref().map(|p| p.owner.clone()));
    let name = Signal::derive(move || match named() {
        Some(PriceOwner::Named(n)) => labels::seller(&n, app.lang.get()).to_string(),
        _ => String::new(),
    });
    view! {
        <MenuField lang=app.lang label=Text::Seller testid=row.testid("owner")
            choices=Signal::derive(move || seller_choices(app.lang.get()))
            selected=row.field(|p| seller_value(&p.owner))
            on_pick=row.edit(|v| Some(PriceEdit::Seller(picked_seller(v))))
        />
        <Show when=move || matches!(named(), Some(PriceOwner::Named(_)))>
            <TextField lang=app.lang label=Text::SellerName testid=row.testid("name")
                value=name
                max_chars=limits::MAX_NAME_CHARS
                on_change=row.edit(|v| Some(PriceEdit::Seller(PriceOwner::Named(v))))
            />
        </Show>
    }
}
