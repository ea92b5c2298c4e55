//! GPU Cost Lab in the browser: mounts the Leptos app. The engine lives in `gpucost-core`;
//! this crate only reads its results and renders them.

use gpu_cost_lab::app::App;

fn main() {
    gpu_cost_lab::crash::install();
    if let Some(boot) = leptos::prelude::document().get_element_by_id("boot") {
        boot.remove();
    }
    leptos::mount::mount_to_body(App);
}
