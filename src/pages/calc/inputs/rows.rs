//! A fieldset of rows the user adds and removes (custom prices, discounts).

use gpucost_core::edit::Edit;
use gpucost_core::l10n::ui::Text;
use leptos::prelude::*;

use crate::state::AppState;

/// A fieldset of `count` rows drawn by `row`, with a button that applies `add`; the engine
/// refuses an add beyond the link's caps.
#[component]
pub(super) fn RowsEditor<R, V>(
    /// The fieldset's class.
    class: &'static str,
    /// Its legend.
    legend: Text,
    /// How many rows there are.
    count: Memo<usize>,
    /// Draws row `i`.
    row: R,
    /// The add button's words and `data-testid`.
    add: (Text, &'static str),
    /// The edit the add button applies.
    add_edit: Edit,
) -> impl IntoView
where
    R: Fn(usize) -> V + Clone + Send + Sync + 'static,
    V: IntoView + 'static,
{
    let app = expect_context::<AppState>();
    let (add_text, add_testid) = add;
    view! {
        <fieldset class=class>
            <legend>{move || app.t(legend)}</legend>
            <For each=move || 0..count.get() key=|i| *i children=row />
            <button type="button" data-testid=add_testid on:click=move |_| app.apply(add_edit.clone())>
                {move || app.t(add_text)}
            </button>
        </fieldset>
    }
}
