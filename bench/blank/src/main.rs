//! The smallest useful Leptos page: one counter. Its time to first paint is the baseline the
//! calculator's time to first result is compared with.
use leptos::prelude::*;

fn main() {
    leptos::mount::mount_to_body(|| {
        let count = RwSignal::new(0);
        view! {
            <button data-testid="ready" on:click=move |_| count.update(|n| *n += 1)>
                "Count: " {count}
            </button>
        }
    });
}
