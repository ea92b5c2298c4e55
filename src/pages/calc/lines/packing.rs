//! How a line's GPUs may be spread over machines, and the per-machine count "at least" asks.

use gpucost_core::edit::Edit;
use gpucost_core::l10n::ui::Text;
use gpucost_core::limits;
use gpucost_core::placement::{Packing, PackingKind};
use gpucost_core::print::menus;
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::components::fields::{NumberField, Range};
use crate::components::menu_field::MenuField;
use crate::state::AppState;

use super::LineSignal;

/// The packing menu and, for "at least N per machine", the N.
#[component]
pub(super) fn PackingFields(
    /// Index of the line.
    i: usize,
    /// The line.
    line: LineSignal,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let packing = Memo::new(move |_| line.with(|l| l.as_ref().map(|l| l.packing)));
    let on_pick = Callback::new(move |slug: String| {
        if let Some(kind) = PackingKind::from_slug(&slug) {
            app.apply(Edit::LinePackingKind(i, kind));
        }
    });
    let per_machine = move || match packing.get() {
        Some(Packing::AtLeast(n)) => Decimal::from(n),
        _ => Decimal::ONE,
    };
    // The field is rebuilt when "at least" is chosen or left, never while typing in it.
    let at_least = Memo::new(move |_| matches!(packing.get(), Some(Packing::AtLeast(_))));
    view! {
        <MenuField lang=app.lang label=Text::Machines testid=format!("line-{i}-packing")
            choices=Signal::derive(move || menus::packing_kinds(app.lang.get()))
            selected=Signal::derive(move || packing.get().map(|p| p.kind().as_str().to_string()).unwrap_or_default())
            on_pick=on_pick
        />
        {move || at_least.get().then(|| view! {
            <NumberField lang=app.lang
                label=Text::GpusPerMachine
                testid=format!("line-{i}-per-machine")
                value=Signal::derive(per_machine)
                range=Range::whole_of(limits::GPUS_PER_MACHINE)
                on_valid=Callback::new(move |n: Decimal| app.apply(Edit::LinePerMachine(i, n)))
            />
        })}
    }
}
