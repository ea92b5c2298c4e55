//! GPU Cost Lab in the browser: prints the link's result without the framework, then mounts
//! the Leptos app (see [`gpu_cost_lab::start`]). The engine lives in `gpucost-core`; this
//! crate only reads its results and renders them.

fn main() {
    gpu_cost_lab::crash::install();
    // In a release build the page's first module has printed it already (then this does nothing).
    first_paint::paint();
    gpu_cost_lab::start::start_app();
}
