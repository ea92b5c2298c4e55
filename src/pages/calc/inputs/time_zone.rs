//! The time zone the weekly schedules and the off-peak window are read in (UTC+08:00 unless
//! the user or the link says otherwise): shown, so a schedule is never read in a zone the
//! user did not know about.

use gpucost_core::edit::Edit;
use gpucost_core::l10n::ui::Text;
use gpucost_core::print::menus;
use leptos::prelude::*;

use crate::components::menu_field::MenuField;
use crate::state::AppState;

/// The schedules' time zone menu.
#[component]
pub(crate) fn TimeZoneField() -> impl IntoView {
    let app = expect_context::<AppState>();
    let zone = Memo::new(move |_| app.page.with_settings(|p| p.scenario.tz_offset_minutes));
    // The menu's values are the offsets in minutes (`menus::time_zones`).
    let on_pick = Callback::new(move |v: String| {
        if let Ok(minutes) = v.parse() {
            app.apply(Edit::TimeZone(minutes));
        }
    });
    view! {
        <div class="row">
            <MenuField lang=app.lang label=Text::TimeZone testid="tz".to_string()
                choices=Signal::derive(move || menus::time_zones(zone.get(), app.lang.get()))
                selected=Signal::derive(move || zone.get().to_string())
                on_pick=on_pick
            />
        </div>
    }
}
